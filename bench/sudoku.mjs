// Sudoku side by side: the wasm solver (uniqueness mode, maxSolutions 2, one thread) and the
// CP-SAT model of ../shared/peers/cpsat.py on the same puzzles, made here by the project's own
// generator: 9×9 classics with 17–25 givens (the "extreme" level removes givens while one
// solution remains), 16×16 classics, and 9×9 Killers without givens (cages of 2 to 4 cells
// grown at random over a generated solution). Prints a markdown table.
//   node bench/sudoku.mjs [--count 40] [--seed 1]      (CP-SAT skipped when ortools is absent)
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { initSync } from "../js/init-sync.js";
import { solve } from "../pkg/gridlogic.js";
import { generate } from "../pkg/gridlogic_explain.js";

initSync({
  module: readFileSync(new URL("../pkg/gridlogic_bg.wasm", import.meta.url)),
  explain_module: readFileSync(new URL("../pkg/gridlogic_explain_bg.wasm", import.meta.url)),
});
const flag = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const count = flag("count", 40);
const seed0 = flag("seed", 1);

/** A seeded xorshift32 for the cages. */
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

const sets = { "9×9 classic, 17–25 givens": [], "16×16 classic": [], "9×9 Killer, no givens": [] };
for (let seed = seed0; sets["9×9 classic, 17–25 givens"].length < count; seed++) {
  const { puzzle } = generate({ genre: "sudoku", size: 9, difficulty: "extreme", seed });
  const givens = puzzle.grid.flat().filter((d) => d).length;
  if (givens <= 25) sets["9×9 classic, 17–25 givens"].push(puzzle);
}
for (let seed = seed0; sets["16×16 classic"].length < Math.min(count, 10); seed++) {
  sets["16×16 classic"].push(generate({ genre: "sudoku", size: 16, difficulty: "easy", seed }).puzzle);
}
for (let seed = seed0; sets["9×9 Killer, no givens"].length < count; seed++) {
  const { solution } = generate({ genre: "sudoku", size: 9, difficulty: "easy", seed });
  const killer = { genre: "sudoku", grid: solution.map((row) => row.map(() => 0)), cages: cages(solution, seed) };
  sets["9×9 Killer, no givens"].push(killer);
}

const probe = spawnSync("python3", ["-c", "import ortools"]);
const peer = new URL("../../shared/peers/cpsat.py", import.meta.url).pathname;
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const rows = [];
for (const [name, puzzles] of Object.entries(sets)) {
  for (let pass = 0; pass < 2; pass++) for (const p of puzzles) solve(p, {}); // warm the tiers
  const ms = [];
  const statuses = {};
  const ours = [];
  const start = performance.now();
  for (const p of puzzles) {
    const t = performance.now();
    const { status } = solve(p, {});
    ms.push(performance.now() - t);
    statuses[status] = (statuses[status] ?? 0) + 1;
    ours.push(status);
  }
  const total = performance.now() - start;
  let cpsat = "skipped (python3 cannot import ortools)";
  if (probe.status === 0) {
    const input = puzzles.map((puzzle, id) => JSON.stringify({ id, puzzle })).join("\n");
    const out = spawnSync("python3", [peer], { input, encoding: "utf8", maxBuffer: 1 << 26 });
    const answers = out.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const peerMs = answers.map((a) => a.ms);
    const disagree = answers.filter((a, i) => a.status !== ours[i]).length;
    cpsat =
      `median ${quantile(peerMs, 0.5).toFixed(2)} ms, max ${Math.max(...peerMs).toFixed(1)} ms, ` +
      `${(peerMs.reduce((s, x) => s + x, 0) / total).toFixed(0)}× our total, ${disagree} verdicts differ`;
  }
  rows.push(
    `| ${name} | ${puzzles.length} | ${JSON.stringify(statuses).replace(/"/g, "")} | ` +
      `${(puzzles.length / (total / 1000)).toFixed(0)} | ${quantile(ms, 0.5).toFixed(3)} | ${Math.max(...ms).toFixed(2)} | ${cpsat} |`,
  );
}
console.log("| set | puzzles | verdicts | solved per second | median ms | max ms | CP-SAT (1 worker) |");
console.log("|---|---|---|---|---|---|---|");
for (const row of rows) console.log(row);
