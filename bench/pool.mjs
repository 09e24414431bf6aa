// Throughput of createSolver({ workers }): the same 200 seeded random Kakuro 8-16
// (bench/generate.mjs, tens of milliseconds each) solved with one worker and with N, wall
// clock from the first solve to the last result, and the memory each worker adds to the
// process (resident set, while the pool is alive).
//   node bench/pool.mjs [--workers N] [--seed S]   (default N = 2, S = 1)
import { parseArgs } from "node:util";
import { createSolver } from "../js/node.js";
import { workload } from "./generate.mjs";

const { values } = parseArgs({
  options: { workers: { type: "string", default: "2" }, seed: { type: "string", default: "1" } },
});
const workers = Number(values.workers);
const seed = Number(values.seed);
const puzzles = workload("kakuro random 8-16", seed, 200).map((p) => p.puzzle);

const MiB = 2 ** 20;
/** Solves the set with `n` workers: the wall clock and the verdicts. */
async function run(n) {
  const solver = createSolver({ workers: n });
  try {
    // Start every worker (and its wasm) before the clock, so that only solving is timed.
    await Promise.all(Array.from({ length: n }, () => solver.solve({ genre: "nonogram", rows: [[1]], cols: [[1]] })));
    const start = performance.now();
    const results = await Promise.all(puzzles.map((p) => solver.solve(p, { timeLimitMs: 30000 })));
    const wallMs = performance.now() - start;
    return { wallMs, rss: process.memoryUsage().rss, verdicts: results.map((r) => `${r.status}:${r.stats.nodes}`) };
  } finally {
    solver.dispose();
  }
}

const base = process.memoryUsage().rss;
const one = await run(1);
const many = await run(workers);
const same = one.verdicts.every((v, i) => v === many.verdicts[i]);
console.log(
  `${puzzles.length} puzzles: 1 worker ${(one.wallMs / 1000).toFixed(2)} s, ${workers} workers ${(many.wallMs / 1000).toFixed(2)} s: ` +
    `${(one.wallMs / many.wallMs).toFixed(2)}x the throughput; same verdicts and nodes: ${same}`,
);
console.log(
  `resident set: ${(base / MiB).toFixed(1)} MiB before, ${(one.rss / MiB).toFixed(1)} MiB with 1 worker, ` +
    `${(many.rss / MiB).toFixed(1)} MiB with ${workers}: about ${((many.rss - base) / workers / MiB).toFixed(1)} MiB a worker`,
);
if (!same) process.exitCode = 1;
