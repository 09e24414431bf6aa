// The browser's module worker: loads the wasm on the first request and solves.
import init, { solve } from "../pkg/gridlogic.js";
import { serve } from "./protocol.js";

serve(
  (handler) => self.addEventListener("message", (event) => handler(event.data)),
  (message) => self.postMessage(message),
  (wasmUrl) => init(wasmUrl ? { module_or_path: wasmUrl } : undefined),
  solve,
);
