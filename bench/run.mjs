// npm run bench: corpus sets from ../shared/corpus solved in uniqueness mode (up to 2
// solutions) through the built wasm in Node — the path users take — and natively (the
// release build of examples/bench.rs), each puzzle under a time limit.
// Prints a table and writes bench/results.json; then the generation table (bench/generation.mjs,
// its own process: new puzzles of each genre, size and level through the wasm).
//   node bench/run.mjs [--limit MS] [--stride N] [--peer cpsat|none] [--write] [SET-NAME-SUBSTRING...]
//   --limit MS   each puzzle's time limit (default 10000)
//   --stride N   solve every Nth puzzle of the 1000-puzzle tournament sets (default 4, which
//                keeps `npm run bench` under 15 minutes); --stride 1 solves them all. Other
//                sets are always solved whole.
//   --peer P     the peer solved beside the wasm on the sets' samples (PEER_SAMPLES, below) and,
//                with no set named or "tail" named, on the random nonograms of bench/random.mjs
//                (default cpsat: ../shared/peers/cpsat.py; skipped, saying why, when ortools
//                is missing); `none` leaves it out
//   --write      also write the tables into bench/RESULTS.md (its "corpus" block, and the
//                generation table's block, the random nonograms' "tail" block), with the
//                date, machine and commit
// A set solved in under 2 s through wasm is solved again until it is warm (WARM, below).
// Then, unless set names were given (or one of them is "explain"), bench/explain.mjs: the
// explained logic's speed, coverage and ratings; (or "sudoku") bench/sudoku.mjs: Sudoku and
// Killer Sudoku beside CP-SAT.
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { execFileSync } from "node:child_process";
import { buildNative, runNative, wholeFlag } from "./native.mjs";
import { workload } from "./generate.mjs";
import { commandLine, corpusBlock, writeBlock } from "./markdown.mjs";
import { PEERS, disagreements, peerMissing, runPeer } from "./peer.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const corpus = join(root, "../shared/corpus");

const { values: flags, positionals: wanted } = parseArgs({
  allowPositionals: true,
  options: {
    limit: { type: "string", default: "10000" },
    stride: { type: "string", default: "4" },
    write: { type: "boolean", default: false },
    peer: { type: "string", default: "cpsat" },
  },
});
if (flags.peer !== "none" && !PEERS[flags.peer]) {
  console.error(
    `bench: --peer expects one of ${[...Object.keys(PEERS), "none"].join(", ")}, got ${JSON.stringify(flags.peer)}`,
  );
  process.exit(2);
}
const limit = wholeFlag(flags, "limit", 1);
const stride = wholeFlag(flags, "stride", 1);

/** The sets: a name, a genre folder, the files (relative to it, folders walked), whether
 *  `--stride` samples it, and for the colour set `{ colour: true, workload }`: the colour
 *  nonograms of its files and a workload of bench/generate.mjs (seed 1). The other sets leave
 *  colour nonograms out. */
const SETS = [
  ["nonogram TAAI 2011", "nonogram", ["tournament/taai2011-question.txt"], true],
  ["nonogram ICGA 2017", "nonogram", ["tournament/icga2017-question.txt"], true],
  ["nonogram survey", "nonogram", ["survey/non", "survey/nin", "survey/xml"], false],
  ["nonogram mikix-nonogram-db", "nonogram", ["mikix-nonogram-db/db"], false],
  ["nonogram picross-solver", "nonogram", ["picross-solver"], false],
  [
    "nonogram colour (corpus + 40 random 20-50)",
    "nonogram",
    ["survey/xml/webpbn-color-00047.xml", "number-loom", "nonogrid-toml/UK.toml"],
    false,
    { colour: true, workload: "colour nonogram random 20-50" },
  ],
  ["kakuro Janko 999", "kakuro", ["janko-via-puzzlekit-dataset/Kakuro_dataset.json"], false],
  ["kakuro generated (to 150x150)", "kakuro", ["marcizhu-KakuroApp/generated"], false],
  ["kakuro MarcelGarus", "kakuro", ["MarcelGarus-kakuro"], false],
  ["str8ts Janko 560", "str8ts", ["janko-via-puzzlekit-dataset/Str8t_dataset.json"], false],
  ["str8ts 505 extreme", "str8ts", ["jamesaustin-str8ts/str8ts.txt"], false],
  ["str8ts m-ringler 5x5..13x13", "str8ts", ["m-ringler-straights"], false],
];

/** The sets the peer solves too, and which of their puzzles: every Nth (of the whole set, so
 *  that the sample is the same at any `--stride` that divides N). TAAI 2011's every 20th is the
 *  search tail's ratio; the survey holds Knotty and Faase, which no published solver settles. */
const PEER_SAMPLES = { "nonogram TAAI 2011": 20, "nonogram survey": 1 };

function walk(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => walk(join(path, name)));
}

/** Sets whose first wasm pass takes less than `underMs` in all are solved again and again in
 *  the same instance (for `forMs`, at most `maxPasses` passes in all), and natively as many
 *  times in one process; the last pass of each is the set's "warm" figure. A fresh instance's
 *  first pass runs in V8's baseline tier until hot functions are tiered up; the warm pass
 *  shows the optimised code against native code. */
const WARM = { underMs: 2000, forMs: 1000, maxPasses: 20 };

/** The wasm half runs each set in a fresh worker, so that its memory figure is its own. */
function runInWasm(lines, limit) {
  const worker = new Worker(new URL("./wasm-worker.mjs", import.meta.url), {
    workerData: { lines, limit, warm: WARM },
  });
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

function summary(results) {
  const times = results.map((r) => r.millis).sort((a, b) => a - b);
  const pick = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  const statuses = { unique: 0, multiple: 0, none: 0, unknown: 0 };
  for (const r of results) statuses[r.status]++;
  return {
    solved: results.length - statuses.unknown,
    total: results.length,
    statuses,
    totalMs: times.reduce((a, b) => a + b, 0),
    medianMs: pick(0.5),
    p95Ms: pick(0.95),
    maxMs: times.at(-1) ?? 0,
    // The tournament target: none over 2 s.
    over2s: times.filter((t) => t > 2000).length,
    nodes: results.reduce((a, r) => a + r.nodes, 0),
  };
}

// The solver's wasm is what the sets are timed with; the text formats' reads the corpus files.
const { parsePuzzles, formatPuzzle, initSync } = await import("../pkg/gridlogic_formats.js");
const wasmFile = readFileSync(join(root, "pkg/gridlogic_bg.wasm"));
const formatsWasmFile = readFileSync(join(root, "pkg/gridlogic_formats_bg.wasm"));
initSync({ module: formatsWasmFile });
buildNative();
const peer = flags.peer === "none" ? null : flags.peer;
const peerWhyNot = peer && peerMissing(peer);
if (peerWhyNot) console.log(`${peer}: skipped (${peerWhyNot})`);
let disagreed = 0;

const report = {
  date: new Date().toISOString(),
  limitMs: limit,
  stride,
  wasmBytes: wasmFile.length,
  wasmGzipBytes: gzipSync(wasmFile, { level: 9 }).length,
  formatsWasmBytes: formatsWasmFile.length,
  formatsWasmGzipBytes: gzipSync(formatsWasmFile, { level: 9 }).length,
  sets: [],
};
for (const [setName, genre, paths, sampled, colourSet] of SETS) {
  if (wanted.length && !wanted.some((w) => setName.includes(w))) continue;
  const files = paths.flatMap((p) => walk(join(corpus, genre, p)));
  if (files.length === 0) {
    console.log(`${setName}: skipped (not in ../shared/corpus)`);
    continue;
  }
  const all = [];
  for (const file of files) {
    try {
      const text = readFileSync(file, "utf8");
      // The puzzlekit datasets are JSON objects of Janko-format problems (with solutions).
      const texts = file.endsWith(".json")
        ? Object.values(JSON.parse(text).data).map((entry) => [entry.problem, "janko"])
        : [[text]];
      for (const [puzzleText, format] of texts) {
        for (const puzzle of parsePuzzles(puzzleText, format)) {
          if (Boolean(puzzle.colors) === Boolean(colourSet))
            all.push({ puzzle, canonical: formatPuzzle(puzzle, "canonical") });
        }
      }
    } catch {
      // READMEs and solution files are not puzzles.
    }
  }
  if (colourSet) all.push(...workload(colourSet.workload, 1));
  if (all.length === 0) {
    console.log(`${setName}: skipped (no puzzle read)`);
    continue;
  }
  const setStride = sampled ? stride : 1;
  const picked = all.map((p, i) => ({ ...p, id: `${setName}#${i}` })).filter((_, i) => i % setStride === 0);
  const lines = picked.map((p) => p.canonical);
  const name = setStride === 1 ? setName : `${setName} (1 in ${setStride}: ${lines.length} of ${all.length})`;
  const wasm = await runInWasm(lines, limit);
  // Natively the lines go in once a pass; the first pass and the last are the figures.
  const passes = wasm.warm?.passes ?? 1;
  const nativeAll = runNative(Array.from({ length: passes }, () => lines).flat(), limit);
  const native = nativeAll.slice(0, lines.length);
  const ratio = (w, n) => (n.totalMs > 0 ? w.totalMs / n.totalMs : null);
  const row = {
    name,
    limitMs: limit,
    stride: setStride,
    puzzlesInSet: all.length,
    wasm: summary(wasm.results),
    native: summary(native),
    peakWasmMemoryBytes: wasm.memoryBytes,
  };
  row.wasmNativeRatio = ratio(row.wasm, row.native);
  if (wasm.warm) {
    const warm = { passes, wasm: summary(wasm.warm.results), native: summary(nativeAll.slice(-lines.length)) };
    row.warm = { ...warm, wasmNativeRatio: ratio(warm.wasm, warm.native) };
  }
  const peerStride = PEER_SAMPLES[setName];
  if (peer && !peerWhyNot && peerStride) {
    if (peerStride % setStride === 0) {
      // The sample's puzzles are among those the wasm solved: its results are reused.
      const inSample = (_, j) => (j * setStride) % peerStride === 0;
      const sample = picked.filter(inSample);
      const peerResults = await runPeer(peer, sample, limit);
      const wasmResults = wasm.results.filter(inSample);
      row.peer = { name: peer, stride: peerStride, puzzles: sample.length };
      row.peer.wasm = summary(wasmResults);
      row.peer.peer = summary(peerResults);
      row.peer.ratio = row.peer.peer.totalMs / row.peer.wasm.totalMs;
      disagreed += disagreements(
        sample.map((p) => p.id),
        { wasm: wasmResults, [peer]: peerResults },
      );
    } else {
      console.log(
        `${setName}: ${peer} skipped (its sample, 1 in ${peerStride}, needs a --stride that divides ${peerStride})`,
      );
    }
  }
  row.slowest = wasm.results
    .map((r, i) => ({ ...r, i }))
    .sort((a, b) => b.millis - a.millis)
    .slice(0, 3);
  report.sets.push(row);
  const f = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
  console.log(
    `${name}: ${row.wasm.solved}/${row.wasm.total} ${JSON.stringify(row.wasm.statuses)} | wasm total ${f(row.wasm.totalMs)}, ` +
      `median ${f(row.wasm.medianMs)}, p95 ${f(row.wasm.p95Ms)}, max ${f(row.wasm.maxMs)} (${row.wasm.over2s} over 2 s), nodes ${row.wasm.nodes}, ` +
      `memory ${(wasm.memoryBytes / 2 ** 20).toFixed(1)} MiB | native total ${f(row.native.totalMs)}, max ${f(row.native.maxMs)} | ` +
      `wasm/native ${row.wasmNativeRatio?.toFixed(2)}` +
      (row.warm
        ? ` | warm (pass ${row.warm.passes}): wasm ${f(row.warm.wasm.totalMs)}, native ${f(row.warm.native.totalMs)}, ` +
          `wasm/native ${row.warm.wasmNativeRatio?.toFixed(2)}`
        : "") +
      (row.peer
        ? ` | 1 in ${row.peer.stride} (${row.peer.puzzles}): wasm ${f(row.peer.wasm.totalMs)} (max ${f(row.peer.wasm.maxMs)}), ` +
          `${peer} ${f(row.peer.peer.totalMs)} (max ${f(row.peer.peer.maxMs)}), ${peer}/wasm ${row.peer.ratio.toFixed(1)}`
        : ""),
  );
}
writeFileSync(join(root, "bench/results.json"), `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `each puzzle limited to ${limit} ms; tournament sets sampled 1 in ${stride}; ` +
    `wasm size ${report.wasmBytes} bytes, ${report.wasmGzipBytes} gzipped (the text formats' wasm ` +
    `${report.formatsWasmBytes} bytes, ${report.formatsWasmGzipBytes} gzipped); results in bench/results.json`,
);
// A run of no set ("tail" alone) leaves the corpus block as it is.
if (flags.write && report.sets.length > 0) writeBlock("corpus", corpusBlock(report, commandLine("bench/run.mjs")));
// The search tail's random nonograms beside the peer (bench/random.mjs, its own process, its
// own "tail" block): with no set named, or "tail".
if (wanted.length === 0 || wanted.includes("tail")) {
  console.log("\nrandom nonograms 20-60 (bench/random.mjs):");
  const args = ["--limit", String(limit), "--block", "tail", ...(peer ? ["--peer", peer] : [])];
  if (flags.write) args.push("--write");
  execFileSync(process.execPath, [join(root, "bench/random.mjs"), ...args, "nonogram random 20-60"], {
    stdio: "inherit",
  });
}
/** `--write` passed on to the scripts run below, each writing its own block. */
const write = flags.write ? ["--write"] : [];
if (wanted.length === 0 || wanted.includes("explain")) {
  console.log("\nexplained logic (bench/explain.mjs):");
  execFileSync(process.execPath, [join(root, "bench/explain.mjs"), "--limit", String(limit), ...write], {
    stdio: "inherit",
  });
}
// Sudoku beside CP-SAT (bench/sudoku.mjs, its own process): the corpus has no Sudoku, so it
// solves puzzles of the project's own generator; it runs with no set named, or with "sudoku".
if (wanted.length === 0 || wanted.includes("sudoku")) {
  console.log("\nSudoku beside CP-SAT (bench/sudoku.mjs):");
  execFileSync(process.execPath, [join(root, "bench/sudoku.mjs"), ...write], { stdio: "inherit" });
}
if (disagreed) process.exitCode = 1;
// Generation has its own table and flags (bench/generation.mjs); it runs only with no set named.
if (wanted.length === 0) {
  execFileSync(process.execPath, [join(root, "bench/generation.mjs"), ...write], { stdio: "inherit" });
}
