// The random workloads (bench/generate.mjs) solved in uniqueness mode through the built wasm
// in Node, optionally natively (examples/bench.rs) and by a peer, side by side in one run:
//   node bench/random.mjs [--seed N] [--limit MS] [--count N] [--native] [--peer cpsat] [--write] [--block NAME] [WORKLOAD...]
//   --seed N      the generators' seed (default 1); the same seed gives the same puzzles
//   --limit MS    each puzzle's time limit, for gridlogic and the peer (default 30000)
//   --count N     puzzles per workload (default: each workload's own count)
//   --native      also solve natively (the release build of examples/bench.rs)
//   --peer cpsat  also solve with Google OR-Tools CP-SAT (one worker, asked for two solutions:
//                 ../shared/peers/cpsat.py, and for colour nonograms bench/cpsat_colour.py);
//                 skipped, saying why, when python3 or ortools is missing
//   --write       also write the table into bench/RESULTS.md (its "random" block), with the
//                 date, machine and commit, and the peer's total against gridlogic's
//   --block NAME  the block --write replaces instead of "random" (bench/run.mjs writes the
//                 random nonograms of the search tail into its "tail" block)
//   WORKLOAD      substrings of the workload names to run (default: all)
// Prints a line per workload and solver, and every puzzle on which two solvers gave different
// definite verdicts (exit code 1 then); writes bench/random-results.json.
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { buildNative, runNative, wholeFlag } from "./native.mjs";
import { WORKLOADS, workload } from "./generate.mjs";
import { commandLine, randomBlock, writeBlock } from "./markdown.mjs";
import { PEERS, disagreements, peerMissing, runPeer } from "./peer.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const { values: flags, positionals: wanted } = parseArgs({
  allowPositionals: true,
  options: {
    seed: { type: "string", default: "1" },
    limit: { type: "string", default: "30000" },
    count: { type: "string" },
    native: { type: "boolean", default: false },
    peer: { type: "string" },
    write: { type: "boolean", default: false },
    block: { type: "string", default: "random" },
  },
});
const seed = wholeFlag(flags, "seed", 0);
const limit = wholeFlag(flags, "limit", 1);
const count = flags.count === undefined ? undefined : wholeFlag(flags, "count", 1);
if (flags.peer !== undefined && !PEERS[flags.peer]) {
  console.error(`bench: --peer expects one of ${Object.keys(PEERS).join(", ")}, got ${JSON.stringify(flags.peer)}`);
  process.exit(2);
}
if (!existsSync(join(root, "pkg/gridlogic_bg.wasm"))) {
  console.error("bench: pkg/ is not built (npm run build)");
  process.exit(2);
}

/** gridlogic through wasm, in a fresh worker (bench/wasm-worker.mjs, no warm passes). */
function runInWasm(lines) {
  const warm = { underMs: 0, forMs: 0, maxPasses: 1 };
  const worker = new Worker(new URL("./wasm-worker.mjs", import.meta.url), { workerData: { lines, limit, warm } });
  return new Promise((resolve, reject) => {
    worker.once("message", ({ results }) => resolve(results.map(({ millis, status }) => ({ millis, status }))));
    worker.once("error", reject);
  });
}

function summary(results) {
  const times = results.map((r) => r.millis).sort((a, b) => a - b);
  const statuses = { unique: 0, multiple: 0, none: 0, unknown: 0 };
  for (const r of results) statuses[r.status]++;
  return {
    statuses,
    totalMs: times.reduce((a, b) => a + b, 0),
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
    maxMs: times.at(-1) ?? 0,
    over100ms: times.filter((t) => t > 100).length,
    over1s: times.filter((t) => t > 1000).length,
  };
}

const f = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
const peerWhyNot = flags.peer === undefined ? null : peerMissing(flags.peer);
if (peerWhyNot) console.log(`${flags.peer}: skipped (${peerWhyNot})`);
if (flags.native) buildNative();

const report = { date: new Date().toISOString(), seed, limitMs: limit, workloads: [] };
// A block of its own is titled by what it holds.
if (flags.block !== "random") report.title = `Random workloads: ${wanted.join(", ") || "all"}`;
let disagreed = 0;
for (const name of Object.keys(WORKLOADS)) {
  if (wanted.length && !wanted.some((w) => name.includes(w))) continue;
  const puzzles = workload(name, seed, count);
  const lines = puzzles.map((p) => p.canonical);
  const solvers = { wasm: await runInWasm(lines) };
  if (flags.native) solvers.native = runNative(lines, limit);
  if (flags.peer && !peerWhyNot) solvers[flags.peer] = await runPeer(flags.peer, puzzles, limit);
  const row = { name, puzzles: puzzles.length, solvers: {} };
  for (const [solver, results] of Object.entries(solvers)) {
    const s = summary(results);
    row.solvers[solver] = s;
    const slowest = results.map((r, i) => ({ ...r, i })).sort((a, b) => b.millis - a.millis)[0];
    console.log(
      `${name} (${puzzles.length}) ${solver}: ${JSON.stringify(s.statuses)} total ${f(s.totalMs)}, median ${f(s.medianMs)}, ` +
        `max ${f(s.maxMs)} (#${slowest.i}), ${s.over100ms} over 100 ms, ${s.over1s} over 1 s`,
    );
  }
  if (solvers[flags.peer]) {
    row.peerOverWasm = row.solvers[flags.peer].totalMs / row.solvers.wasm.totalMs;
    console.log(`${name}: ${flags.peer} total / wasm total = ${row.peerOverWasm.toFixed(2)}`);
  }
  // Definite verdicts must agree: a disagreement is a wrong answer by someone.
  disagreed += disagreements(
    puzzles.map((p) => `${p.id} ${p.canonical}`),
    solvers,
  );
  report.workloads.push(row);
}
writeFileSync(join(root, "bench/random-results.json"), `${JSON.stringify(report, null, 2)}\n`);
console.log(`seed ${seed}, each puzzle limited to ${limit} ms; results in bench/random-results.json`);
if (flags.write) {
  const skipped = peerWhyNot && `${flags.peer} skipped: ${peerWhyNot}`;
  writeBlock(flags.block, randomBlock(report, commandLine("bench/random.mjs"), skipped));
}
if (disagreed) process.exitCode = 1;
