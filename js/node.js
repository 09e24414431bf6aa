// gridlogic for Node: the wasm functions (init() reads the .wasm file) and a solver in a
// worker thread.
import { readFile } from "node:fs/promises";
import { Worker } from "node:worker_threads";
import { initSync } from "../pkg/gridlogic.js";
import { createClient } from "./client.js";

export {
  initSync, solve, solveNonogram, solveKakuro, solveStr8ts, version, parsePuzzle, parsePuzzles, formatPuzzle,
} from "../pkg/gridlogic.js";

/**
 * Load the wasm module from disk (or from `wasmUrl`, a file URL or path).
 * @param {string | URL} [wasmUrl]
 */
export async function init(wasmUrl = new URL("../pkg/gridlogic_bg.wasm", import.meta.url)) {
  return initSync({ module: await readFile(wasmUrl) });
}
export default init;

/**
 * A solver in a worker thread: `await solver.solve(puzzle, options)`.
 * @param {{ wasmUrl?: string | URL }} [config]
 */
export function createSolver(config = {}) {
  const spawn = () => {
    const worker = new Worker(new URL("./node-worker.js", import.meta.url));
    return {
      post: (message) => worker.postMessage(message),
      onMessage: (handler) => worker.on("message", handler),
      onError: (handler) => worker.on("error", handler),
      terminate: () => void worker.terminate(),
      busy: (isBusy) => (isBusy ? worker.ref() : worker.unref()),
    };
  };
  return createClient(spawn, config.wasmUrl?.toString());
}
