// One benchmark set in its own wasm instance: solves the canonical lines it is given and
// answers with the per-puzzle results and the instance's memory size at the end (wasm memory
// only grows, so that is its peak). A set whose first pass took under `warm.underMs` in all is
// then solved again in the same instance, pass after pass, until `warm.forMs` have gone by or
// `warm.maxPasses` passes are done, and the last pass is returned too (`warm`, else `null`):
// V8 runs a fresh instance's first calls in its baseline tier and tiers hot functions up as
// they run, which dominates sets of a few milliseconds.
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { initSync } from "../js/init-sync.js";
import { solve } from "../pkg/gridlogic.js";
import { parsePuzzle } from "../pkg/gridlogic_formats.js";

const exports = initSync({
  module: readFileSync(new URL("../pkg/gridlogic_bg.wasm", import.meta.url)),
  formats_module: readFileSync(new URL("../pkg/gridlogic_formats_bg.wasm", import.meta.url)),
});
const solveAll = () =>
  workerData.lines.map((line) => {
    const { status, stats } = solve(parsePuzzle(line, "canonical"), { timeLimitMs: workerData.limit });
    return { millis: stats.millis, status, nodes: stats.nodes };
  });
const totalMs = (results) => results.reduce((sum, r) => sum + r.millis, 0);
const results = solveAll();
let warm = null;
if (totalMs(results) < workerData.warm.underMs) {
  const start = performance.now();
  warm = { passes: 1, results };
  while (warm.passes < workerData.warm.maxPasses && performance.now() - start < workerData.warm.forMs) {
    warm = { passes: warm.passes + 1, results: solveAll() };
  }
}
parentPort.postMessage({ results, warm, memoryBytes: exports.memory.buffer.byteLength });
