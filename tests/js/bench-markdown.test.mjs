// The bench's writer of bench/RESULTS.md (bench/markdown.mjs): `--write` replaces only its own
// block, headed by the date, machine and commit, and refuses a file whose markers are wrong.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  commandLine,
  corpusBlock,
  heading,
  provenance,
  RESULTS_MD,
  randomBlock,
  replaceBlock,
  table,
  writeBlock,
} from "../../bench/markdown.mjs";

const file = [
  "# Results",
  "",
  "<!-- bench:corpus:begin -->",
  "old table",
  "<!-- bench:corpus:end -->",
  "",
  "## Findings",
  "",
];

test("replaceBlock replaces the text between the markers and nothing else", () => {
  const text = file.join("\n");
  const written = replaceBlock(text, "corpus", "| new | table |\n");
  assert.equal(written, text.replace("old table", "| new | table |"));
  assert.equal(replaceBlock(written, "corpus", "old table"), text, "writing twice gives the same file");
});

test("replaceBlock refuses a missing, repeated or misordered block", () => {
  const text = file.join("\n");
  assert.throws(() => replaceBlock(text, "random", "x"), /no block random/);
  assert.throws(() => replaceBlock(`${text}\n<!-- bench:corpus:begin -->`, "corpus", "x"), /more than once/);
  const swapped = text
    .replace("corpus:begin", "corpus:tmp")
    .replace("corpus:end", "corpus:begin")
    .replace("corpus:tmp", "corpus:end");
  assert.throws(() => replaceBlock(swapped, "corpus", "x"), /no block corpus/);
});

test("a block's heading names the date, the machine, the commit and the command", () => {
  const info = provenance(new Date("2026-12-03T14:05:09Z"));
  assert.equal(info.date, "2026-12-03 14:05 UTC");
  assert.match(info.machine, /, \d+ cores, /);
  assert.match(info.commit, /^([0-9a-f]{7,}|unknown)( \+ changes)?$/);
  const line = heading("node bench/run.mjs mikix", info);
  assert.ok(line.startsWith("Measured 2026-12-03 14:05 UTC on "), line);
  assert.ok(line.endsWith("`node bench/run.mjs mikix`."), line);
});

test("the command line is written so that a shell takes it back", () => {
  assert.equal(commandLine("bench/run.mjs", ["--limit", "5000", "str8ts"]), "node bench/run.mjs --limit 5000 str8ts");
  assert.equal(
    commandLine("bench/generation.mjs", ["--write", "kakuro 6x6 easy", "it's"]),
    "node bench/generation.mjs --write 'kakuro 6x6 easy' 'it'\\''s'",
  );
});

test("table writes a header, its rule and the rows", () => {
  assert.equal(table(["a", "b"], [["1", "2"]]), "| a | b |\n| --- | --- |\n| 1 | 2 |");
});

test("writeBlock rewrites the file in place", () => {
  const path = join(mkdtempSync(join(tmpdir(), "gridlogic-results-")), "RESULTS.md");
  writeFileSync(path, file.join("\n"));
  writeBlock("corpus", "fresh", path);
  assert.match(readFileSync(path, "utf8"), /begin -->\nfresh\n<!-- bench:corpus:end/);
});

test("bench/RESULTS.md has each block the bench writes, once", () => {
  const results = readFileSync(RESULTS_MD, "utf8");
  for (const name of ["corpus", "generation", "random", "sudoku", "explain"]) {
    assert.doesNotThrow(() => replaceBlock(results, name, "x"), `block ${name}`);
  }
});

const info = {
  date: "2026-12-03 14:00 UTC",
  machine: "Test CPU, 2 cores, linux 6",
  node: "v20.20.2",
  commit: "19fa142",
};
const stats = (totalMs, statuses, more = {}) => ({
  statuses: { unique: 0, multiple: 0, none: 0, unknown: 0, ...statuses },
  totalMs,
  medianMs: totalMs / 10,
  maxMs: totalMs / 2,
  ...more,
});

test("the corpus block has a row a set, wasm beside native, and the run's sizes", () => {
  const wasm = stats(2500, { unique: 9, multiple: 1 }, { solved: 10, total: 10, p95Ms: 400, over2s: 0, nodes: 12345 });
  const native = stats(2000, { unique: 9, multiple: 1 });
  const warm = { passes: 7, wasm: stats(110, {}), native: stats(100, {}), wasmNativeRatio: 1.1 };
  const report = {
    limitMs: 10000,
    stride: 4,
    wasmBytes: 251317,
    wasmGzipBytes: 106936,
    formatsWasmBytes: 331291,
    formatsWasmGzipBytes: 122206,
    sets: [{ name: "kakuro Janko 999", wasm, native, warm, wasmNativeRatio: 1.25, peakWasmMemoryBytes: 2 ** 21 }],
  };
  const block = corpusBlock(report, "node bench/run.mjs kakuro", info);
  assert.ok(block.includes("commit `19fa142`: `node bench/run.mjs kakuro`."), block);
  assert.ok(block.includes("Solver wasm 251,317 bytes, 106,936 gzipped"), block);
  const row = block.split("\n").find((line) => line.startsWith("| kakuro Janko 999"));
  assert.equal(
    row,
    "| kakuro Janko 999 | 10/10 | 9 / 1 / 0 / 0 | 2.50 s | 250.0 ms | 400.0 ms | 1.25 s | 0 | 12,345 | 2.0 MiB | 2.00 s | 1.25 | 1.10 (110.0 ms / 100.0 ms, pass 7) |",
  );
});

test("the corpus block puts a set's sample beside the peer, with the peer's total against gridlogic's", () => {
  const wasm = stats(2500, { multiple: 10 }, { solved: 10, total: 10, p95Ms: 400, over2s: 0, nodes: 12345 });
  const peer = {
    name: "cpsat",
    stride: 20,
    puzzles: 2,
    wasm: stats(100, { multiple: 2 }),
    peer: stats(2650, { multiple: 2 }),
  };
  peer.ratio = 26.5;
  const set = {
    name: "nonogram TAAI 2011",
    wasm,
    native: wasm,
    wasmNativeRatio: 1,
    peakWasmMemoryBytes: 2 ** 21,
    peer,
  };
  const report = {
    limitMs: 10000,
    stride: 4,
    wasmBytes: 1,
    wasmGzipBytes: 1,
    formatsWasmBytes: 1,
    formatsWasmGzipBytes: 1,
  };
  const block = corpusBlock({ ...report, sets: [set] }, "node bench/run.mjs TAAI", info);
  const row = block.split("\n").find((line) => line.startsWith("| nonogram TAAI 2011: 1 in 20"));
  assert.equal(
    row,
    "| nonogram TAAI 2011: 1 in 20 (2) | 0 / 2 / 0 / 0 | 100.0 ms | 50.0 ms | CP-SAT | 0 / 2 / 0 / 0 | 2.65 s | 1.32 s | 26.5 |",
  );
  const { peer: _, ...alone } = set;
  assert.ok(!corpusBlock({ ...report, sets: [alone] }, "x", info).includes("beside the peer"));
});

test("the random block gives the peer's total against gridlogic's, measured in the same run", () => {
  const report = {
    seed: 1,
    limitMs: 10000,
    workloads: [
      {
        name: "kakuro random 8-16",
        puzzles: 100,
        solvers: {
          wasm: stats(900, { multiple: 100 }, { over100ms: 0, over1s: 0 }),
          cpsat: stats(10800, { multiple: 100 }, { over100ms: 38, over1s: 0 }),
        },
      },
    ],
  };
  const block = randomBlock(report, "node bench/random.mjs --peer cpsat", null, info);
  const rows = block.split("\n").filter((line) => line.startsWith("| kakuro"));
  assert.deepEqual(rows, [
    "| kakuro random 8-16 (100) | gridlogic (wasm) | 0 / 100 / 0 / 0 | 900.0 ms | 90.0 ms | 450.0 ms | 0 | 0 | 1 |",
    "| kakuro random 8-16 (100) | CP-SAT | 0 / 100 / 0 / 0 | 10.80 s | 1.08 s | 5.40 s | 38 | 0 | 12.00 |",
  ]);
  assert.match(
    randomBlock(report, "x", "cpsat skipped: python3 not found", info),
    /\(cpsat skipped: python3 not found\)\./,
  );
});
