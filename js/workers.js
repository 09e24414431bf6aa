// The solver in module Web Workers for browsers and bundlers (`createSolver`, exported by
// browser.js), apart from the wasm modules' glue: a page that only solves in workers, and the
// board (board/element.js), load none of the glue on the main thread.
import { createClient, poolSize } from "./client.js";

/**
 * A solver in module Web Workers: `await solver.solve(puzzle, options)`, and `explain`,
 * `hint`, `rate` (a worker loads the explain wasm on their first call). `workers` (default 1;
 * "auto": the cores less one, at least 1) runs that many requests at once, one per worker.
 * @param {{ wasmUrl?: string | URL, explainWasmUrl?: string | URL, workerUrl?: string | URL, workers?: number | "auto" }} [config]
 */
export function createSolver(config = {}) {
  const spawn = () => {
    const worker = config.workerUrl
      ? new Worker(config.workerUrl, { type: "module" })
      : new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    return {
      post: (message) => worker.postMessage(message),
      onMessage: (handler) => worker.addEventListener("message", (event) => handler(event.data)),
      onError: (handler) =>
        worker.addEventListener("error", (event) => {
          event.preventDefault();
          handler(event.error ?? (event.message || "the worker could not start"));
        }),
      terminate: () => worker.terminate(),
      busy: () => {},
    };
  };
  const cores = globalThis.navigator?.hardwareConcurrency ?? 1;
  return createClient(
    spawn,
    config.wasmUrl?.toString(),
    poolSize(config.workers, cores),
    config.explainWasmUrl?.toString(),
  );
}

/** @type {ReturnType<typeof createSolver> | null} */
let shared = null;

/**
 * The page's one solver worker, started by the first request of whoever asks (every
 * `<gridlogic-board>` on a page, and the play page itself, share it).
 */
export const sharedSolver = () => (shared ??= createSolver());
