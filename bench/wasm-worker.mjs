// One benchmark set in its own wasm instance: solves the canonical lines it is given and
// answers with the per-puzzle results and the instance's memory size at the end (wasm memory
// only grows, so that is its peak).
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { initSync } from "../js/init-sync.js";
import { solve } from "../pkg/gridlogic.js";
import { parsePuzzle } from "../pkg/gridlogic_formats.js";

const exports = initSync({
  module: readFileSync(new URL("../pkg/gridlogic_bg.wasm", import.meta.url)),
  formats_module: readFileSync(new URL("../pkg/gridlogic_formats_bg.wasm", import.meta.url)),
});
const results = workerData.lines.map((line) => {
  const { status, stats } = solve(parsePuzzle(line, "canonical"), { timeLimitMs: workerData.limit });
  return { millis: stats.millis, status, nodes: stats.nodes };
});
parentPort.postMessage({ results, memoryBytes: exports.memory.buffer.byteLength });
