// gridlogic for Node: the wasm functions (init() reads the .wasm files) and a solver in a
// worker thread. Two wasm modules: the solver (pkg/gridlogic_bg.wasm) and the text formats
// (pkg/gridlogic_formats_bg.wasm); the worker loads only the solver.
import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { createClient, poolSize } from "./client.js";
import { initSync } from "./init-sync.js";

export { solve, solveNonogram, solveKakuro, solveStr8ts, version } from "../pkg/gridlogic.js";
export { parsePuzzle, parsePuzzles, formatPuzzle } from "../pkg/gridlogic_formats.js";
export { initSync };

const SOLVER_WASM = new URL("../pkg/gridlogic_bg.wasm", import.meta.url);
const FORMATS_WASM = new URL("../pkg/gridlogic_formats_bg.wasm", import.meta.url);

/**
 * Load both wasm modules from disk (or from `wasmUrl` and `formatsWasmUrl`, file URLs or
 * paths): afterwards every function works. Resolves to the solver module's exports.
 * @param {string | URL} [wasmUrl]
 * @param {string | URL} [formatsWasmUrl]
 */
export async function init(wasmUrl = SOLVER_WASM, formatsWasmUrl = FORMATS_WASM) {
  const [module, formats_module] = await Promise.all([readFile(wasmUrl), readFile(formatsWasmUrl)]);
  return initSync({ module, formats_module });
}
export default init;

/**
 * Load only the text formats' wasm (for `parsePuzzle`, `parsePuzzles`, `formatPuzzle`).
 * @param {string | URL} [formatsWasmUrl]
 */
export async function initFormats(formatsWasmUrl = FORMATS_WASM) {
  initSync({ formats_module: await readFile(formatsWasmUrl) });
}

/**
 * A solver in worker threads: `await solver.solve(puzzle, options)`. `workers` (default 1;
 * "auto": the cores less one, at least 1) solves that many puzzles at once, one per thread.
 * `workerUrl` replaces the worker thread's module (js/node-worker.js), e.g. to wrap it.
 * @param {{ wasmUrl?: string | URL, workerUrl?: string | URL, workers?: number | "auto" }} [config]
 */
export function createSolver(config = {}) {
  const spawn = () => {
    const worker = new Worker(config.workerUrl ?? new URL("./node-worker.js", import.meta.url));
    return {
      post: (message) => worker.postMessage(message),
      onMessage: (handler) => worker.on("message", handler),
      // A thread that ends on its own (process.exit, out of memory) has crashed too.
      onError: (handler) => {
        worker.on("error", handler);
        worker.on("exit", (code) => handler(new Error(`the worker thread exited with code ${code}`)));
      },
      terminate: () => void worker.terminate(),
      busy: (isBusy) => (isBusy ? worker.ref() : worker.unref()),
    };
  };
  return createClient(spawn, config.wasmUrl?.toString(), poolSize(config.workers, availableParallelism()));
}
