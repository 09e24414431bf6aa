// The browser's module worker: loads the solver wasm on the first solve (the explain wasm on
// the first explain, hint or rate) and answers.
import init, { solve } from "../pkg/gridlogic.js";
import initExplain, { explain, generate, hint, nonogramFromPicture, rate } from "../pkg/gridlogic_explain.js";
import { serve } from "./protocol.js";

serve(
  (handler) => self.addEventListener("message", (event) => handler(event.data)),
  (message) => self.postMessage(message),
  (wasmUrl) => init(wasmUrl ? { module_or_path: wasmUrl } : undefined),
  solve,
  {
    load: (explainWasmUrl) => initExplain(explainWasmUrl ? { module_or_path: explainWasmUrl } : undefined),
    explain,
    hint,
    rate,
    generate,
    nonogramFromPicture,
  },
);
