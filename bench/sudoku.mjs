// Sudoku side by side (part of `npm run bench`): the wasm solver (uniqueness mode, maxSolutions
// 2, one thread) and the CP-SAT model of ../shared/peers/cpsat.py on the same puzzles — the
// corpus has no Sudoku, so the project's own generator makes them, seeded: 9×9 classics with
// 17–25 givens at "extreme" (givens removed while one solution remains: minimal puzzles),
// 16×16 classics, 9×9 Killers without givens made by the generator (`killer: true`, medium and
// hard: unique), and 9×9 Killers with cages of 2 to 4 cells grown at random over a generated
// solution (most have several solutions: the `multiple` path). Prints a markdown table; each
// row names its target and CP-SAT's total over ours, both timed in the same run.
//   node bench/sudoku.mjs [--count 200] [--seed 1] [--write]
//   --count N   9×9 classics (default 200); the other sets take N / 5 (at least 10)
//   --write     write the tables into bench/RESULTS.md (its "sudoku" block)
// The npm peers `sudoku` and `sudoku-core` (devDependencies) solve the 9×9 classics too, and
// `sudoku-gen` generates 9×9 classics beside our generator at each level it offers (each
// peer is skipped, with a line in the table, when it is not installed).
// CP-SAT is skipped when python3 cannot import ortools or the peer is not found.
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { initSync } from "../js/init-sync.js";
import { solve } from "../pkg/gridlogic.js";
import { generate, rate } from "../pkg/gridlogic_explain.js";
import { commandLine, heading, table, writeBlock } from "./markdown.mjs";
import { wholeFlag } from "./native.mjs";

initSync({
  module: readFileSync(new URL("../pkg/gridlogic_bg.wasm", import.meta.url)),
  explain_module: readFileSync(new URL("../pkg/gridlogic_explain_bg.wasm", import.meta.url)),
});
const { values: flags } = parseArgs({
  options: {
    count: { type: "string", default: "200" },
    seed: { type: "string", default: "1" },
    write: { type: "boolean", default: false },
  },
});
const count = wholeFlag(flags, "count", 1);
const seed0 = wholeFlag(flags, "seed", 1);
const smallCount = Math.max(10, Math.floor(count / 5));
const loadAtStart = loadavg()[0];

/** A seeded xorshift32 for the random cages. */
function random(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

/** Cages of 2 to 4 cells with different digits, grown at random over `solution`. */
function cages(solution, seed) {
  const rand = random(seed);
  const owner = solution.map((row) => row.map(() => -1));
  const list = [];
  const order = [...Array(81).keys()].sort(() => rand(3) - 1);
  for (const start of order) {
    const [r0, c0] = [Math.floor(start / 9), start % 9];
    if (owner[r0][c0] >= 0) continue;
    const cells = [[r0, c0]];
    owner[r0][c0] = list.length;
    const want = 2 + rand(3);
    while (cells.length < want) {
      const options = [];
      for (const [r, c] of cells)
        for (const [dr, dc] of [
          [0, 1],
          [1, 0],
          [0, -1],
          [-1, 0],
        ]) {
          const [rr, cc] = [r + dr, c + dc];
          if (rr < 0 || rr > 8 || cc < 0 || cc > 8 || owner[rr][cc] >= 0) continue;
          if (cells.some(([a, b]) => solution[a][b] === solution[rr][cc])) continue;
          options.push([rr, cc]);
        }
      if (options.length === 0) break;
      const [rr, cc] = options[rand(options.length)];
      owner[rr][cc] = list.length;
      cells.push([rr, cc]);
    }
    list.push({ sum: cells.reduce((s, [r, c]) => s + solution[r][c], 0), cells });
  }
  return list;
}

/** `n` puzzles from seeds seed0, seed0 + 1, …: `make(seed)` gives a puzzle, or null to pass
 *  the seed over (a classic with too many givens). Generation errors pass the seed over too. */
function made(n, make) {
  const puzzles = [];
  for (let seed = seed0; puzzles.length < n && seed < seed0 + 50 * n; seed++) {
    try {
      const puzzle = make(seed);
      if (puzzle) puzzles.push(puzzle);
    } catch {
      // A seed the generator found nothing for within its limits.
    }
  }
  return puzzles;
}

/** The sets: name, puzzles, and the target as text with its check on the figures. */
const SETS = [
  {
    name: "9×9 classic, 17–25 givens (minimal)",
    puzzles: made(count, (seed) => {
      const { puzzle } = generate({ genre: "sudoku", size: 9, difficulty: "extreme", seed });
      return puzzle.grid.flat().filter((d) => d).length <= 25 ? puzzle : null;
    }),
    target: "≥ 5,000 a second",
    met: (f) => f.perSecond >= 5000,
  },
  {
    name: "16×16 classic (easy, medium)",
    puzzles: made(smallCount, (seed) => {
      const difficulty = seed % 2 ? "easy" : "medium";
      return generate({ genre: "sudoku", size: 16, difficulty, seed }).puzzle;
    }),
    target: "≤ 50 ms each",
    met: (f) => f.maxMs <= 50,
  },
  {
    name: "9×9 Killer, no givens (generated: medium, 1 in 4 hard)",
    puzzles: made(smallCount, (seed) => {
      const difficulty = seed % 4 ? "medium" : "hard";
      return generate({ genre: "sudoku", size: 9, killer: true, difficulty, seed }).puzzle;
    }),
    target: "median ≤ 5 ms, none over 100 ms",
    met: (f) => f.medianMs <= 5 && f.maxMs <= 100,
  },
  {
    name: "9×9 Killer, no givens (random cages of 2–4 cells)",
    puzzles: made(smallCount, (seed) => {
      const { solution } = generate({ genre: "sudoku", size: 9, difficulty: "easy", seed });
      return { genre: "sudoku", grid: solution.map((row) => row.map(() => 0)), cages: cages(solution, seed) };
    }),
    target: "median ≤ 5 ms, none over 100 ms",
    met: (f) => f.medianMs <= 5 && f.maxMs <= 100,
  },
];

// The peer is ../shared/peers/cpsat.py beside the checkout, or in $GRIDLOGIC_SHARED/peers (a
// git worktree's folder is not beside the shared one).
const shared = process.env.GRIDLOGIC_SHARED ?? fileURLToPath(new URL("../../shared", import.meta.url));
const peer = join(shared, "peers/cpsat.py");
const probe = spawnSync("python3", ["-c", "import ortools"]);
const peerMissing = !existsSync(peer)
  ? `skipped (no ${peer}: set GRIDLOGIC_SHARED to the folder that holds peers/)`
  : probe.status !== 0
    ? "skipped (python3 cannot import ortools)"
    : null;
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const verdicts = (statuses) =>
  Object.entries(statuses)
    .map(([status, n]) => `${status} ${n}`)
    .join(", ");
/** Timed passes over each set, each puzzle's best taken, for ours and for CP-SAT alike. */
const PASSES = 3;
const rows = [];
let classicTotalMs = 0;
let classicSolutions = [];
for (const { name, puzzles, target, met } of SETS) {
  for (let pass = 0; pass < 2; pass++) for (const p of puzzles) solve(p, {}); // warm the tiers
  // Each puzzle's time is its best of PASSES passes (the machine is shared: a pass can be
  // stalled by other work); CP-SAT gets the same.
  const ms = puzzles.map(() => Number.POSITIVE_INFINITY);
  const ours = [];
  for (let pass = 0; pass < PASSES; pass++) {
    for (const [k, p] of puzzles.entries()) {
      const t = performance.now();
      const { status } = solve(p, {});
      ms[k] = Math.min(ms[k], performance.now() - t);
      ours[k] = status;
    }
  }
  const statuses = {};
  for (const status of ours) statuses[status] = (statuses[status] ?? 0) + 1;
  const totalMs = ms.reduce((s, x) => s + x, 0);
  if (puzzles === SETS[0].puzzles) {
    classicTotalMs = totalMs;
    classicSolutions = puzzles.map((p) => solve(p, { maxSolutions: 1 }).solutions[0].flat());
  }
  const figures = { perSecond: puzzles.length / (totalMs / 1000), medianMs: quantile(ms, 0.5), maxMs: Math.max(...ms) };
  let cpsat = [peerMissing, "–", "–"];
  if (!peerMissing) {
    const once = puzzles.map((puzzle, id) => JSON.stringify({ id, puzzle })).join("\n");
    const input = Array.from({ length: PASSES }, () => once).join("\n");
    const out = spawnSync("python3", [peer], { input, encoding: "utf8", maxBuffer: 1 << 26 });
    const lines = out.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const answers = lines.slice(0, puzzles.length);
    const peerMs = puzzles.map(() => Number.POSITIVE_INFINITY);
    for (const { id, ms: took } of lines) peerMs[id] = Math.min(peerMs[id], took);
    const ratio = peerMs.reduce((s, x) => s + x, 0) / totalMs;
    const differ = answers.filter((a, i) => a.status !== ours[i]).length;
    cpsat = [
      `${quantile(peerMs, 0.5).toFixed(2)} / ${Math.max(...peerMs).toFixed(1)} ms`,
      `${ratio.toFixed(1)}×${ratio >= 10 ? "" : " (target ≥ 10×: missed)"}`,
      String(differ),
    ];
  }
  const row = [
    name,
    String(puzzles.length),
    verdicts(statuses),
    figures.perSecond.toFixed(0),
    figures.medianMs.toFixed(3),
    figures.maxMs.toFixed(2),
    `${target}: ${met(figures) ? "met" : "missed"}`,
    ...cpsat,
  ];
  console.log(row.join(" | "));
  rows.push(row);
}
/** The npm peers (devDependencies) on the 9×9 classics: each finds one solution, with no
 *  uniqueness check, so their figures flatter them beside ours. `sudoku` (dachev) takes digits
 *  0-8 and null for empty, `sudoku-core` digits 1-9 and null; an answer counts as solved when it
 *  is the puzzle's solution. */
const NPM_PEERS = [
  [
    "sudoku",
    "solvepuzzle: search for one solution",
    (m) => (g) => m.default.solvepuzzle(g.map((d) => (d ? d - 1 : null)))?.map((d) => d + 1),
  ],
  ["sudoku-core", "solve: human strategies step by step", (m) => (g) => m.solve(g.map((d) => d || null)).board],
];
const classics = SETS[0].puzzles;
const peerRows = [];
for (const [name, what, solverOf] of NPM_PEERS) {
  let module;
  try {
    module = await import(name);
  } catch {
    peerRows.push([name, what, "skipped (not installed: npm install -D)", "–", "–"]);
    continue;
  }
  const solveFlat = solverOf(module);
  const grids = classics.map((p) => p.grid.flat());
  for (const g of grids) solveFlat(g); // warm
  let solved = 0;
  const start = performance.now();
  const answers = grids.map((g) => solveFlat(g));
  const totalMs = performance.now() - start;
  for (const [k, answer] of answers.entries()) if (answer?.join() === classicSolutions[k].join()) solved++;
  peerRows.push([
    name,
    what,
    `${solved}/${grids.length}`,
    (grids.length / (totalMs / 1000)).toFixed(0),
    `${(totalMs / classicTotalMs).toFixed(1)}×`,
  ]);
}
const peerTable = table(["npm peer", "what it does", "solved", "solved a second", "its total / ours"], peerRows);

/** Generation beside the npm peer `sudoku-gen` (a devDependency), 9×9 at each level it offers:
 *  each side's median milliseconds a puzzle, how many of its puzzles our solver finds unique
 *  (ours are unique by construction: checked the same way), and the levels our rater gives
 *  its puzzles. `sudoku-gen` is unseeded (Math.random) and transforms a stock of seed puzzles
 *  (digits relabelled, rows, columns, bands and stacks shuffled, the grid turned). */
const GEN_LEVELS = ["easy", "medium", "hard", "expert"];
const genCount = Math.max(10, Math.floor(count / 10));
let getSudoku;
try {
  getSudoku = (await import("sudoku-gen")).getSudoku;
} catch {
  getSudoku = undefined;
}
/** `make()` `genCount` times, each timed: the median milliseconds, the puzzles made. */
function timed(make) {
  const ms = [];
  const puzzles = [];
  for (let k = 0; k < genCount; k++) {
    const t = performance.now();
    puzzles.push(make(k));
    ms.push(performance.now() - t);
  }
  return { medianMs: quantile(ms, 0.5), puzzles };
}
const uniqueOf = (puzzles) => `${puzzles.filter((p) => solve(p, {}).status === "unique").length}/${puzzles.length}`;
const genRows = [];
for (const level of GEN_LEVELS) {
  const ours = timed((k) => generate({ genre: "sudoku", size: 9, difficulty: level, seed: seed0 + k }).puzzle);
  const row = [level, ours.medianMs.toFixed(2), uniqueOf(ours.puzzles)];
  if (getSudoku) {
    const theirs = timed(() => {
      const { puzzle } = getSudoku(level);
      return {
        genre: "sudoku",
        grid: [...Array(9).keys()].map((r) =>
          [...puzzle.slice(9 * r, 9 * r + 9)].map((ch) => (ch === "-" ? 0 : Number(ch))),
        ),
      };
    });
    const labels = {};
    for (const p of theirs.puzzles) {
      const { label } = rate(p);
      labels[label] = (labels[label] ?? 0) + 1;
    }
    row.push(theirs.medianMs.toFixed(3), uniqueOf(theirs.puzzles), verdicts(labels));
  } else {
    row.push("skipped (not installed: npm install -D sudoku-gen)", "–", "–");
  }
  genRows.push(row);
}
const genTable = table(
  [
    "level",
    "ours: median ms",
    "ours: unique",
    "sudoku-gen: median ms",
    "sudoku-gen: unique",
    "sudoku-gen rated by ours",
  ],
  genRows,
);
const header = ["set", "puzzles", "verdicts", "solved a second", "median ms", "max ms", "target"];
header.push("CP-SAT median / max", "CP-SAT total / ours", "verdicts differing");
const load = `load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end`;
const block = [
  "### Sudoku beside CP-SAT",
  "",
  heading(commandLine("bench/sudoku.mjs")),
  `Seeds from ${seed0}; each puzzle's time is its best of ${PASSES} passes, for ours (after two ` +
    `passes that warm the tiers) and for CP-SAT (one worker, its solve calls only, model building ` +
    `left out) alike; ${load}.`,
  "",
  table(header, rows),
  "",
  `The npm peers on the same ${classics.length} 9×9 classics, in the same run (one solution each, ` +
    "no uniqueness check; ours is timed in uniqueness mode):",
  "",
  peerTable,
  "",
  `Generation of 9×9 classics beside the npm peer sudoku-gen, ${genCount} puzzles a level each (ours ` +
    `seeded from ${seed0}, through wasm; uniqueness and levels by our solver and rater):`,
  "",
  genTable,
].join("\n");
console.log(`\n${block}`);
if (flags.write) writeBlock("sudoku", block);
