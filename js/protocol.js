// The message protocol between a solver (client.js) and its worker (worker.js, node-worker.js).
//
// client → worker: { id, puzzle, options, wasmUrl }   (options without signal/onProgress)
// worker → client: { id, progress: stats } ... then { id, result } or { id, error: message, fatal }
//   (`fatal`: the wasm instance trapped and is unusable; the client replaces the worker)

/**
 * Serve solve requests in a worker.
 * @param {(handler: (message: object) => void) => void} listen  subscribes to messages
 * @param {(message: object) => void} post  sends a message back
 * @param {(wasmUrl: string | undefined) => Promise<unknown>} load  loads the wasm module once
 * @param {(puzzle: object, options: object) => object} solve  the wasm solve function
 */
export function serve(listen, post, load, solve) {
  let loaded = null;
  listen(async ({ id, puzzle, options, wasmUrl }) => {
    try {
      loaded ??= load(wasmUrl);
      await loaded;
    } catch (error) {
      // Without its wasm the worker is useless: the client replaces it on `fatal`.
      post({ id, error: `the solver could not load its wasm (${error?.message ?? error})`, fatal: true });
      return;
    }
    try {
      const onProgress = options.progress ? (stats) => post({ id, progress: stats }) : undefined;
      const result = solve(puzzle, { ...options, progress: undefined, onProgress });
      post({ id, result });
    } catch (error) {
      const fatal = error instanceof WebAssembly.RuntimeError || !(error instanceof Error);
      const message = error instanceof Error ? error.message : String(error);
      post({ id, error: fatal ? `the solver crashed (${message})` : message, fatal });
    }
  });
}
