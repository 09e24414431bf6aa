// Generation timing through the built wasm in Node (the package's `generate`, as the page's
// worker calls it): for each genre, size and level, SEEDS seeds (1..SEEDS), the successes,
// and the median and 95th percentile of the milliseconds of the successful calls; failed
// calls (a level out of reach for the size, or the time limit) counted apart, with the
// median time to their error. Rows: the New puzzle dialog's sizes (www/create.js) and the
// larger grids with speed targets (nonogram 30×30, Kakuro 20×20, Str8ts 12×12 for easy–hard),
// Sudoku 4×4 to 16×16 and Killer Sudoku 9×9 (`killer: true`, medium and up).
// Needs no ortools and no corpus. `npm run bench` runs it after the solving sets.
//   node bench/generation.mjs [--seeds N] [--limit MS] [--write] [ROW-SUBSTRING...]
//   --seeds N    seeds per row (default 20)
//   --limit MS   each call's timeLimitMs (default 20000): a call over it counts as failed
//   --write      also write the table into bench/RESULTS.md (its "generation" block), with
//                the date, machine and commit
//   ROW-SUBSTRING  only rows whose "genre size level" contains one of them ("kakuro 10x10")
// Prints a markdown table and writes bench/generation-results.json.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { wholeFlag } from "./native.mjs";
import { commandLine, heading, writeBlock } from "./markdown.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const { values: flags, positionals: wanted } = parseArgs({
  allowPositionals: true,
  options: {
    seeds: { type: "string", default: "20" },
    limit: { type: "string", default: "20000" },
    write: { type: "boolean", default: false },
  },
});
const seeds = wholeFlag(flags, "seeds", 1);
const limit = wholeFlag(flags, "limit", 1);

const wasm = await import(join(root, "pkg/gridlogic_explain.js"));
wasm.initSync({ module: readFileSync(join(root, "pkg/gridlogic_explain_bg.wasm")) });

const ALL = ["easy", "medium", "hard", "expert", "extreme"];
const UP_TO_HARD = ALL.slice(0, 3);
/** [genre, side, levels]: the page's sizes with every level, the larger grids up to hard. */
const ROWS = [
  ...[5, 10, 15, 20, 25].map((n) => ["nonogram", n, ALL]),
  ["nonogram", 30, UP_TO_HARD],
  ...[6, 8, 10, 12, 15].map((n) => ["kakuro", n, ALL]),
  ["kakuro", 20, UP_TO_HARD],
  ...[6, 7, 8, 9].map((n) => ["str8ts", n, ALL]),
  ["str8ts", 12, UP_TO_HARD],
  ...[4, 6, 9].map((n) => ["sudoku", n, ALL]),
  ...[12, 16].map((n) => ["sudoku", n, UP_TO_HARD]),
  ["killer", 9, ALL.slice(1)],
];

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.round((sorted.length - 1) * q))];
const ms = (v) => (v === undefined ? "–" : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`);

const report = { date: new Date().toISOString(), seeds, limitMs: limit, rows: [] };
/** The table as printed, kept for --write. */
const printed = [];
const print = (line) => {
  printed.push(line);
  console.log(line);
};
console.log(`generation in wasm (Node): ${seeds} seeds per row, each call limited to ${limit} ms`);
print("| genre | size | level | found | median | p95 | max | failed: median ms to the error | first error |");
print("|---|---|---|---|---|---|---|---|---|");
for (const [genre, side, levels] of ROWS) {
  for (const difficulty of levels) {
    const name = `${genre} ${side}x${side} ${difficulty}`;
    if (wanted.length && !wanted.some((w) => name.includes(w))) continue;
    const shape =
      genre === "killer"
        ? { genre: "sudoku", size: side, killer: true }
        : genre === "str8ts" || genre === "sudoku"
          ? { genre, size: side }
          : { genre, width: side, height: side };
    const found = [];
    const failed = [];
    let firstError = "";
    for (let seed = 1; seed <= seeds; seed++) {
      const start = performance.now();
      try {
        wasm.generate({ ...shape, difficulty, seed, timeLimitMs: limit });
        found.push(performance.now() - start);
      } catch (error) {
        failed.push(performance.now() - start);
        firstError ||= error.message.replace(/\s+/g, " ").slice(0, 90);
      }
    }
    found.sort((a, b) => a - b);
    failed.sort((a, b) => a - b);
    const row = {
      genre,
      side,
      difficulty,
      found: found.length,
      seeds,
      medianMs: quantile(found, 0.5),
      p95Ms: quantile(found, 0.95),
      maxMs: found.at(-1),
      failedMedianMs: quantile(failed, 0.5),
      firstError,
    };
    report.rows.push(row);
    print(
      `| ${genre} | ${side}×${side} | ${difficulty} | ${found.length}/${seeds} | ${ms(row.medianMs)} | ${ms(row.p95Ms)} | ` +
        `${ms(row.maxMs)} | ${failed.length ? `${failed.length}: ${ms(row.failedMedianMs)}` : "–"} | ${firstError} |`,
    );
  }
}
writeFileSync(join(root, "bench/generation-results.json"), `${JSON.stringify(report, null, 2)}\n`);
if (flags.write) {
  const command = commandLine("bench/generation.mjs");
  const note = `${seeds} seeds a row (1..${seeds}), each call limited to ${limit} ms; median, p95 and max of the successes.`;
  writeBlock("generation", ["### Generation speed", "", heading(command), note, "", ...printed].join("\n"));
}
