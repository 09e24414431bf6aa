// Explained logic through the built wasm in Node (pkg/gridlogic_explain_bg.wasm), the figures
// the explained logic is held to: explain and hint medians for 30×35 / 30×30 nonograms (mikix's
// qnonograms collection, jwilk's bubble-cat), 9×9 Str8ts and 15×15–16×16 Kakuro (Janko's), and
// `rate` of all 560 Janko Str8ts; then coverage and ratings per nonogram set, and the modules'
// sizes. `npm run bench` runs it after the solving sets (bench/run.mjs).
//   node bench/explain.mjs [--limit MS] [--write]
//   --limit MS   each explanation's time limit (default 10000)
//   --write      also write the tables into bench/RESULTS.md (its "explain" block), with the
//                date, machine and commit
// A hint is timed from boards along the solution path (after 0, 25, 50 and 75 % of the steps).
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { commandLine, heading, table, writeBlock } from "./markdown.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const shared = join(root, "../shared/corpus");
const corpus = join(shared, "nonogram");
const { values: flags } = parseArgs({
  options: { limit: { type: "string", default: "10000" }, write: { type: "boolean", default: false } },
});
const timeLimitMs = Number(flags.limit);

const load = async (name) => {
  const module = await import(join(root, `pkg/${name}.js`));
  module.initSync({ module: readFileSync(join(root, `pkg/${name}_bg.wasm`)) });
  return module;
};
const { explain, hint, rate } = await load("gridlogic_explain");
const { parsePuzzle, parsePuzzles } = await load("gridlogic_formats");

const walk = (path) =>
  !existsSync(path)
    ? []
    : statSync(path).isDirectory()
      ? readdirSync(path)
          .sort()
          .flatMap((n) => walk(join(path, n)))
      : [path];
const puzzlesOf = (files) =>
  files.flatMap((file) => parsePuzzles(readFileSync(file, "utf8")).map((puzzle) => ({ file, puzzle })));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Time `f` in milliseconds. */
function timed(f) {
  const start = performance.now();
  const result = f();
  return [performance.now() - start, result];
}

/** An empty board of `puzzle` in the shape `hint` takes: a nonogram's cells null (unknown), a
 *  Kakuro's or Str8ts's digits 0 (no pencil marks: the hint derives the candidates itself). */
const emptyBoard = (puzzle) =>
  puzzle.genre === "nonogram"
    ? puzzle.rows.map(() => puzzle.cols.map(() => null))
    : puzzle.grid.map((row) => row.map(() => 0));

/** The rows of the speed table. */
const speed = [];

/** Explain each puzzle and time it, then time hints from boards along its steps; prints and
 *  returns the medians. `label` names the set in the output. */
function explainAndHint(label, entries) {
  const explainMs = [];
  const hintMs = [];
  for (const { name, puzzle } of entries) {
    const [ms, { steps, status }] = timed(() => explain(puzzle, { timeLimitMs }));
    explainMs.push(ms);
    const board = emptyBoard(puzzle);
    let done = 0;
    for (const share of [0, 0.25, 0.5, 0.75]) {
      for (; done < Math.floor(steps.length * share); done++) {
        for (const change of steps[done].changes) {
          if ("value" in change) board[change.row][change.col] = change.value;
        }
      }
      hintMs.push(timed(() => hint(puzzle, board, { timeLimitMs }))[0]);
    }
    if (name) console.log(`${name}: ${status}, ${steps.length} steps, explain ${ms.toFixed(1)} ms`);
  }
  const row = { label, puzzles: explainMs.length, explainMs: median(explainMs), hintMs: median(hintMs) };
  speed.push(row);
  return row;
}

// ---- speed: explain and hint, per genre at the sizes its targets name ----
const speedFiles = [
  ...walk(join(corpus, "mikix-nonogram-db/db/qnonograms/collection1")),
  join(corpus, "picross-solver/jwilk/jwilk-120-bubble-cat.non"),
].filter((f) => f.endsWith(".non"));
explainAndHint(
  "nonogram 30×35 (mikix qnonograms) and 30×30 (bubble-cat)",
  puzzlesOf(speedFiles).map(({ file, puzzle }) => ({ name: file.slice(corpus.length + 1), puzzle })),
);
/** The puzzles of a puzzlekit Janko dataset (JSON of Janko-format problems). */
const janko = (path) =>
  existsSync(path)
    ? Object.values(JSON.parse(readFileSync(path, "utf8")).data).map((e) => parsePuzzle(e.problem, "janko"))
    : [];
const jankoStr8ts = janko(join(shared, "str8ts/janko-via-puzzlekit-dataset/Str8t_dataset.json"));
const jankoKakuro = janko(join(shared, "kakuro/janko-via-puzzlekit-dataset/Kakuro_dataset.json"));
const sideOf = (puzzle) => Math.max(puzzle.grid.length, puzzle.grid[0].length);
explainAndHint(
  "Str8ts 9×9 (Janko)",
  jankoStr8ts.filter((p) => sideOf(p) === 9).map((puzzle) => ({ puzzle })),
);
explainAndHint(
  "Kakuro 15×15 and 16×16 (Janko, border included)",
  jankoKakuro
    .filter((p) => p.grid.length === p.grid[0].length && [15, 16].includes(sideOf(p)))
    .map((puzzle) => ({ puzzle })),
);
const [rateMs] = timed(() => {
  for (const puzzle of jankoStr8ts) rate(puzzle, { timeLimitMs });
});
const speedTable = table(
  ["puzzles", "count", "explain median ms", "hint median ms"],
  speed.map((row) => [row.label, row.puzzles, row.explainMs.toFixed(1), row.hintMs.toFixed(1)]),
);
const rateLine = `\`rate\` of all ${jankoStr8ts.length} Janko Str8ts: ${(rateMs / 1000).toFixed(2)} s in all.`;
console.log(`\n${speedTable}\n${rateLine}`);

// ---- coverage and ratings per set ----
const sets = [
  ["mikix-nonogram-db", walk(join(corpus, "mikix-nonogram-db/db")).filter((f) => f.endsWith(".non"))],
  ["survey", walk(join(corpus, "survey")).filter((f) => /\.(non|nin)$/.test(f))],
  ["picross-solver jwilk", walk(join(corpus, "picross-solver/jwilk")).filter((f) => f.endsWith(".non"))],
];
const coverage = [];
for (const [name, files] of sets) {
  const counts = { plain: 0, trial: 0, stuck: 0, unknown: 0, none: 0 };
  const levels = [0, 0, 0, 0, 0];
  const times = [];
  for (const { puzzle } of puzzlesOf(files)) {
    const [ms, { status, rating }] = timed(() => explain(puzzle, { timeLimitMs }));
    times.push(ms);
    counts[status === "solved" ? (rating.needsTrial ? "trial" : "plain") : status]++;
    if (status !== "unknown") levels[rating.level - 1]++;
  }
  const total = times.length;
  coverage.push([
    name,
    total,
    counts.plain,
    counts.trial,
    counts.stuck,
    counts.unknown,
    levels.join("/"),
    median(times).toFixed(0),
  ]);
}
const coverageTable = table(
  ["set", "puzzles", "solved without trial", "with trial", "stuck", "out of time", "levels 1/2/3/4/5", "median ms"],
  coverage,
);
console.log(`\n${coverageTable}`);

// ---- sizes ----
const sizes = ["gridlogic", "gridlogic_formats", "gridlogic_explain"].map((name) => {
  const bytes = readFileSync(join(root, `pkg/${name}_bg.wasm`));
  return [
    `\`pkg/${name}_bg.wasm\``,
    bytes.length.toLocaleString("en"),
    gzipSync(bytes, { level: 9 }).length.toLocaleString("en"),
  ];
});
const sizesTable = table(["module", "bytes", "gzipped (zlib 9)"], sizes);
console.log(`\n${sizesTable}`);

const block = [
  "### Explained logic through wasm",
  "",
  heading(commandLine("bench/explain.mjs")),
  `The built modules in Node; each explanation limited to ${timeLimitMs} ms; a hint is timed on ` +
    "boards along the explanation's path (after 0, 25, 50 and 75 % of its steps).",
  "",
  speedTable,
  "",
  rateLine,
  "",
  "Coverage and ratings per nonogram set (from an empty board):",
  "",
  coverageTable,
  "",
  "The three modules as the bench loaded them:",
  "",
  sizesTable,
].join("\n");
if (flags.write) writeBlock("explain", block);
