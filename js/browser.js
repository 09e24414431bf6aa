// gridlogic for browsers and bundlers: the wasm functions and a solver in a module worker.
export {
  default as init, initSync, solve, solveNonogram, solveKakuro, solveStr8ts, version, parsePuzzle, parsePuzzles, formatPuzzle,
} from "../pkg/gridlogic.js";
import { createClient } from "./client.js";

/**
 * A solver in a module Web Worker: `await solver.solve(puzzle, options)`.
 * @param {{ wasmUrl?: string | URL, workerUrl?: string | URL }} [config]
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
  return createClient(spawn, config.wasmUrl?.toString());
}
