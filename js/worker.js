// The browser's module worker: loads the solver wasm on the first solve and answers. The
// explain wasm and its glue are imported on the first explain, hint, rate or generation: a
// worker that only solves fetches neither.
import init, { solve } from "../pkg/gridlogic.js";
import { serve } from "./protocol.js";

/** The explain module's glue once loaded. @type {typeof import("../pkg/gridlogic_explain.js")} */
let explained;
/** One of the explain module's functions, called once it is loaded (protocol.js loads it first). */
const explainer =
  (/** @type {"explain" | "hint" | "rate" | "generate" | "nonogramFromPicture"} */ name) =>
  (/** @type {any[]} */ ...args) =>
    /** @type {Function} */ (explained[name])(...args);

serve(
  (handler) => self.addEventListener("message", (event) => handler(event.data)),
  (message) => self.postMessage(message),
  (wasmUrl) => init(wasmUrl ? { module_or_path: wasmUrl } : undefined),
  solve,
  {
    load: async (explainWasmUrl) => {
      const glue = await import("../pkg/gridlogic_explain.js");
      await glue.default(explainWasmUrl ? { module_or_path: explainWasmUrl } : undefined);
      explained = glue;
    },
    explain: explainer("explain"),
    hint: explainer("hint"),
    rate: explainer("rate"),
    generate: explainer("generate"),
    nonogramFromPicture: explainer("nonogramFromPicture"),
  },
);
