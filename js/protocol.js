// The message protocol between a solver (client.js) and its worker (worker.js, node-worker.js).
//
// client → worker: { id, puzzle, options, wasmUrl, method?, argument? }   (options without signal/onProgress;
//   method "solve" when absent, or "explain" / "hint" / "rate" / "generate" / "nonogramFromPicture"
//   (`puzzle` then carries the generate options or the picture), served by the explain wasm, and
//   `argument` the method's second argument: the player's board of a hint, the colours of a
//   picture (undefined: black and white); `explainWasmUrl` where the explain wasm is)
// worker → client: { id, progress: stats } ... then { id, result } or { id, error: message, fatal }
//   (`fatal`: the wasm instance trapped and is unusable; the client replaces the worker)

/**
 * Serve solve requests in a worker.
 * @param {(handler: (message: object) => void) => void} listen  subscribes to messages
 * @param {(message: object) => void} post  sends a message back
 * @param {(wasmUrl: string | undefined) => Promise<unknown>} load  loads the wasm module once
 * @param {(puzzle: object, options: object) => object} solve  the wasm solve function
 * @param {{ load: (explainWasmUrl: string | undefined) => Promise<unknown>, explain: Function, hint: Function,
 *   rate: Function, generate: Function, nonogramFromPicture: Function }} [explainer]
 *   the explain wasm's functions and its loader (loaded on the first explain, hint, rate or generation)
 */
export function serve(listen, post, load, solve, explainer) {
  let loaded = null;
  let explainLoaded = null;
  listen(async ({ id, puzzle, options, wasmUrl, method = "solve", argument, explainWasmUrl }) => {
    const explaining = method !== "solve";
    try {
      if (explaining) {
        if (!explainer?.[method]) throw new Error(`this worker has no method ${method}`);
        explainLoaded ??= explainer.load(explainWasmUrl);
        await explainLoaded;
      } else {
        loaded ??= load(wasmUrl);
        await loaded;
      }
    } catch (error) {
      // Without its wasm the worker is useless: the client replaces it on `fatal`.
      post({ id, error: `the solver could not load its wasm (${error?.message ?? error})`, fatal: true });
      return;
    }
    try {
      const onProgress = options.progress ? (stats) => post({ id, progress: stats }) : undefined;
      const run = { ...options, progress: undefined, onProgress };
      // `explainer` is there whenever `explaining`: checked before its wasm was loaded.
      const explain = /** @type {NonNullable<typeof explainer>} */ (explainer);
      const result = !explaining
        ? solve(puzzle, run)
        : method === "hint"
          ? explain.hint(puzzle, argument, run)
          : method === "nonogramFromPicture"
            ? explain.nonogramFromPicture(puzzle, argument, run)
            : explain[method](puzzle, run);
      post({ id, result });
    } catch (error) {
      const fatal = error instanceof WebAssembly.RuntimeError || !(error instanceof Error);
      const message = error instanceof Error ? error.message : String(error);
      post({ id, error: fatal ? `the solver crashed (${message})` : message, fatal });
    }
  });
}
