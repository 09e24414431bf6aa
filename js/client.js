// The promise API over a pool of workers, shared by the browser and Node entry points.

/** The error a solve rejects with when its signal is aborted. */
function abortError(signal) {
  const reason = signal.reason;
  if (reason instanceof Error && reason.name === "AbortError") return reason;
  return new DOMException("The solve was aborted", "AbortError");
}

/**
 * The number of workers `config.workers` asks for: a whole number ≥ 1 (default 1), or "auto"
 * for `cores` less one, at least 1.
 * @param {number | "auto" | undefined} workers
 * @param {number} cores
 */
export function poolSize(workers, cores) {
  if (workers === undefined) return 1;
  if (workers === "auto") return Math.max(1, cores - 1);
  if (!Number.isInteger(workers) || workers < 1) {
    throw new RangeError(`workers: expected a whole number ≥ 1 or "auto", got ${JSON.stringify(workers)}`);
  }
  return workers;
}

/**
 * A solver running in up to `size` workers, one request per worker at a time (`solve`, and
 * `explain`, `hint`, `rate` through the explain wasm, which a worker loads on their first
 * call); later requests wait in a queue, in order. `spawn()` starts a worker and returns
 * `{ post(message), onMessage(handler), onError(handler), terminate(), busy(isBusy) }`
 * (`busy` tells whether it is solving, so that an idle Node worker does not keep the process
 * alive). A worker is started when a solve needs it; one that crashes, or runs a solve that is
 * aborted, is stopped and replaced by the next solve that needs it, and only its own solve is
 * rejected.
 * @param {() => any} spawn
 * @param {string | undefined} wasmUrl
 * @param {number} [size]
 * @param {string | undefined} [explainWasmUrl]
 */
export function createClient(spawn, wasmUrl, size = 1, explainWasmUrl = undefined) {
  /** Each slot: its worker (null until needed) and the request it runs (null when idle). */
  const slots = Array.from({ length: size }, () => ({ worker: null, request: null }));
  const queue = [];
  let nextId = 1;
  let disposed = false;

  /** Starts a worker for `slot` and returns it. */
  function start(slot) {
    const worker = spawn();
    slot.worker = worker;
    worker.onMessage(({ id, result, error, progress, fatal }) => {
      const request = slot.request;
      if (slot.worker !== worker || request?.id !== id) return;
      if (progress) return request.onProgress?.(progress);
      if (fatal) stop(slot, new Error(`the solver worker was restarted after: ${error}`));
      else finish(slot, () => (error !== undefined ? request.reject(new Error(error)) : request.resolve(result)));
    });
    worker.onError((error) => {
      if (slot.worker === worker) stop(slot, new Error(`the solver worker failed: ${error?.message ?? error}`));
    });
    return worker;
  }

  /** Settles the solve `slot` ran with `settle` and hands the slot the next solve. */
  function finish(slot, settle) {
    slot.request = null;
    slot.worker?.busy(false);
    settle();
    dispatch();
  }

  /** Stops the slot's worker at once (a running solve cannot be interrupted otherwise) and
   *  rejects its solve, if any, with `reason`. */
  function stop(slot, reason) {
    slot.worker?.terminate();
    slot.worker = null;
    const request = slot.request;
    if (request) finish(slot, () => request.reject(reason));
  }

  /** Gives queued solves to idle slots. */
  function dispatch() {
    for (const slot of slots) {
      if (disposed || queue.length === 0) return;
      if (slot.request) continue;
      const request = queue.shift();
      const worker = slot.worker ?? start(slot);
      slot.request = request;
      worker.busy(true);
      const message = { id: request.id, puzzle: request.puzzle, options: request.options, wasmUrl };
      const { method, argument } = request;
      worker.post(method === "solve" ? message : { ...message, method, argument, explainWasmUrl });
    }
  }

  /**
   * Queue one request (`method` "solve", "explain", "hint", "rate", "generate" or "nonogramFromPicture") and await
   * its answer; `argument` is the method's second one (hint's board, nonogramFromPicture's colours).
   */
  function request(method, puzzle, argument, options) {
    const { signal, onProgress, ...limits } = options;
    if (disposed) return Promise.reject(new Error("this solver was disposed"));
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise((resolve, reject) => {
      const request = {
        id: nextId++,
        method,
        puzzle,
        argument,
        options: { ...limits, progress: typeof onProgress === "function" },
        resolve,
        reject,
        onProgress,
      };
      if (signal) {
        const abort = () => {
          const slot = slots.find((s) => s.request === request);
          if (slot) return stop(slot, abortError(signal));
          const queued = queue.indexOf(request);
          if (queued >= 0) {
            queue.splice(queued, 1);
            reject(abortError(signal));
          }
        };
        signal.addEventListener("abort", abort, { once: true });
        const settle = (f) => (value) => {
          signal.removeEventListener("abort", abort);
          f(value);
        };
        request.resolve = settle(resolve);
        request.reject = settle(reject);
      }
      queue.push(request);
      dispatch();
    });
  }

  return {
    solve: (puzzle, options = {}) => request("solve", puzzle, undefined, options),
    explain: (puzzle, options = {}) => request("explain", puzzle, undefined, options),
    hint: (puzzle, board, options = {}) => request("hint", puzzle, board, options),
    rate: (puzzle, options = {}) => request("rate", puzzle, undefined, options),
    generate: (
      /** @type {{ signal?: AbortSignal, onProgress?: Function }} */ { signal, onProgress, ...options } = {},
    ) => request("generate", options, undefined, { signal, onProgress }),
    // (picture, colors?, options?); (picture, options) as before colours, when the second is no list.
    nonogramFromPicture: (picture, colors, options = {}) =>
      Array.isArray(colors) || colors == null
        ? request("nonogramFromPicture", picture, colors ?? undefined, options)
        : request("nonogramFromPicture", picture, undefined, colors),
    dispose() {
      disposed = true;
      const reason = new Error("this solver was disposed");
      for (const request of queue.splice(0)) request.reject(reason);
      for (const slot of slots) stop(slot, reason);
    },
  };
}
