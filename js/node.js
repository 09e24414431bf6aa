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
export { explain, generate, hint, nonogramFromPicture, rate } from "../pkg/gridlogic_explain.js";
export { initSync };

const SOLVER_WASM = new URL("../pkg/gridlogic_bg.wasm", import.meta.url);
const FORMATS_WASM = new URL("../pkg/gridlogic_formats_bg.wasm", import.meta.url);
const EXPLAIN_WASM = new URL("../pkg/gridlogic_explain_bg.wasm", import.meta.url);

/**
 * Load the three wasm modules from disk (or from `wasmUrl`, `formatsWasmUrl` and
 * `explainWasmUrl`, file URLs or paths): afterwards every function works. Resolves to the
 * solver module's exports.
 * @param {string | URL} [wasmUrl]
 * @param {string | URL} [formatsWasmUrl]
 * @param {string | URL} [explainWasmUrl]
 */
export async function init(wasmUrl = SOLVER_WASM, formatsWasmUrl = FORMATS_WASM, explainWasmUrl = EXPLAIN_WASM) {
  const files = [wasmUrl, formatsWasmUrl, explainWasmUrl].map((file) => readFile(file));
  const [module, formats_module, explain_module] = await Promise.all(files);
  return initSync({ module, formats_module, explain_module });
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
 * Load only the explained logic's wasm (for `explain`, `hint`, `rate`).
 * @param {string | URL} [explainWasmUrl]
 */
export async function initExplain(explainWasmUrl = EXPLAIN_WASM) {
  initSync({ explain_module: await readFile(explainWasmUrl) });
}

/**
 * A solver in worker threads: `await solver.solve(puzzle, options)`, and `explain`, `hint`,
 * `rate` (a worker loads the explain wasm on their first call). `workers` (default 1;
 * "auto": the cores less one, at least 1) runs that many requests at once, one per thread.
 * `workerUrl` replaces the worker thread's module (js/node-worker.js), e.g. to wrap it.
 * @param {{ wasmUrl?: string | URL, explainWasmUrl?: string | URL, workerUrl?: string | URL, workers?: number | "auto" }} [config]
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
  return createClient(
    spawn,
    config.wasmUrl?.toString(),
    poolSize(config.workers, availableParallelism()),
    config.explainWasmUrl?.toString(),
  );
}
