// The promise API over a worker, shared by the browser and Node entry points.

/** The error a solve rejects with when its signal is aborted. */
function abortError(signal) {
  const reason = signal.reason;
  if (reason instanceof Error && reason.name === "AbortError") return reason;
  return new DOMException("The solve was aborted", "AbortError");
}

/**
 * A solver running in its own worker (`solve`, and `explain`, `hint`, `rate` through the
 * explain wasm, which the worker loads on their first call); `spawn()` starts a worker and returns
 * `{ post(message), onMessage(handler), onError(handler), terminate(), busy(isBusy) }`
 * (`busy` tells whether requests are pending, so a Node worker does not keep an idle
 * process alive).
 */
export function createClient(spawn, wasmUrl, explainWasmUrl) {
  let worker = null;
  let nextId = 1;
  const pending = new Map();
  let disposed = false;

  function start() {
    worker = spawn();
    worker.onMessage(({ id, result, error, progress, fatal }) => {
      const request = pending.get(id);
      if (!request) return;
      if (progress) return request.onProgress?.(progress);
      pending.delete(id);
      if (fatal) restart(new Error(`the solver worker was restarted after: ${error}`));
      else worker.busy(pending.size > 0);
      if (error !== undefined) request.reject(new Error(error));
      else request.resolve(result);
    });
    // A crashed worker fails every request it held; the next solve starts a fresh one.
    worker.onError((error) => restart(new Error(`the solver worker failed: ${error?.message ?? error}`)));
  }

  /** Stop the worker at once (a running solve cannot be interrupted otherwise). */
  function restart(reason) {
    worker?.terminate();
    worker = null;
    for (const request of pending.values()) request.reject(reason);
    pending.clear();
  }

  /** Send one request (`method` "solve", "explain", "hint" or "rate") and await its answer. */
  function request(method, puzzle, board, options) {
    const { signal, onProgress, ...limits } = options;
    if (disposed) return Promise.reject(new Error("this solver was disposed"));
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (!worker) start();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const request = { resolve, reject, onProgress };
      pending.set(id, request);
      if (signal) {
        const abort = () => {
          if (!pending.has(id)) return;
          // Other queued solves share the worker: they are rejected too, with the same reason.
          restart(abortError(signal));
        };
        signal.addEventListener("abort", abort, { once: true });
        const settle = (f) => (value) => (signal.removeEventListener("abort", abort), f(value));
        request.resolve = settle(resolve);
        request.reject = settle(reject);
      }
      worker.busy(true);
      const message = { id, puzzle, options: { ...limits, progress: typeof onProgress === "function" }, wasmUrl };
      worker.post(method === "solve" ? message : { ...message, method, board, explainWasmUrl });
    });
  }

  return {
    solve: (puzzle, options = {}) => request("solve", puzzle, undefined, options),
    explain: (puzzle, options = {}) => request("explain", puzzle, undefined, options),
    hint: (puzzle, board, options = {}) => request("hint", puzzle, board, options),
    rate: (puzzle, options = {}) => request("rate", puzzle, undefined, options),
    dispose() {
      disposed = true;
      restart(new Error("this solver was disposed"));
    },
  };
}
