// Explained logic through the built wasm in Node (pkg/gridlogic_explain_bg.wasm): explain and
// hint times for 30×35 / 30×30 nonograms (mikix's qnonograms collection, jwilk's bubble-cat),
// coverage and ratings per nonogram set, and the three modules' sizes.
//   node bench/explain.mjs [--limit MS]
//   --limit MS   each explanation's time limit (default 10000)
// A hint is timed from boards along the solution path (after 0, 25, 50 and 75 % of the steps).
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const corpus = join(root, "../shared/corpus/nonogram");
const { values: flags } = parseArgs({ options: { limit: { type: "string", default: "10000" } } });
const timeLimitMs = Number(flags.limit);

const load = async (name) => {
  const module = await import(join(root, `pkg/${name}.js`));
  module.initSync({ module: readFileSync(join(root, `pkg/${name}_bg.wasm`)) });
  return module;
};
const { explain, hint } = await load("gridlogic_explain");
const { parsePuzzles } = await load("gridlogic_formats");

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

// ---- speed: explain and hint on 30-wide nonograms ----
const speedFiles = [
  ...walk(join(corpus, "mikix-nonogram-db/db/qnonograms/collection1")),
  join(corpus, "picross-solver/jwilk/jwilk-120-bubble-cat.non"),
].filter((f) => f.endsWith(".non"));
const explainMs = [];
const hintMs = [];
for (const { file, puzzle } of puzzlesOf(speedFiles)) {
  const [ms, { steps, status }] = timed(() => explain(puzzle, { timeLimitMs }));
  explainMs.push(ms);
  const board = puzzle.rows.map(() => puzzle.cols.map(() => null));
  let done = 0;
  for (const share of [0, 0.25, 0.5, 0.75]) {
    for (; done < Math.floor(steps.length * share); done++) {
      for (const { row, col, value } of steps[done].changes) board[row][col] = value;
    }
    hintMs.push(timed(() => hint(puzzle, board, { timeLimitMs }))[0]);
  }
  console.log(`${file.slice(corpus.length + 1)}: ${status}, ${steps.length} steps, explain ${ms.toFixed(1)} ms`);
}
console.log(
  `\nexplain median ${median(explainMs).toFixed(1)} ms over ${explainMs.length} puzzles (30×35, bubble-cat 30×30)`,
);
console.log(`hint median ${median(hintMs).toFixed(1)} ms over ${hintMs.length} boards`);

// ---- coverage and ratings per set ----
const sets = [
  ["mikix-nonogram-db", walk(join(corpus, "mikix-nonogram-db/db")).filter((f) => f.endsWith(".non"))],
  ["survey", walk(join(corpus, "survey")).filter((f) => /\.(non|nin)$/.test(f))],
  ["picross-solver jwilk", walk(join(corpus, "picross-solver/jwilk")).filter((f) => f.endsWith(".non"))],
];
console.log(
  "\n| set | puzzles | solved without trial | with trial | stuck | out of time | levels 1/2/3/4/5 | median ms |",
);
console.log("|---|---|---|---|---|---|---|---|");
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
  console.log(
    `| ${name} | ${total} | ${counts.plain} | ${counts.trial} | ${counts.stuck} | ${counts.unknown} | ${levels.join("/")} | ${median(times).toFixed(0)} |`,
  );
}

// ---- sizes ----
console.log();
for (const name of ["gridlogic", "gridlogic_formats", "gridlogic_explain"]) {
  const bytes = readFileSync(join(root, `pkg/${name}_bg.wasm`));
  console.log(`pkg/${name}_bg.wasm: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzipped`);
}
