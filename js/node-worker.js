// The Node worker thread: loads the solver wasm from disk (or wasmUrl) on the first solve, the
// explain wasm on the first explain, hint or rate, and answers.
import { parentPort } from "node:worker_threads";
import { readFile } from "node:fs/promises";
import { initSync, solve } from "../pkg/gridlogic.js";
import {
  initSync as initExplainSync,
  explain,
  generate,
  hint,
  nonogramFromPicture,
  rate,
} from "../pkg/gridlogic_explain.js";
import { serve } from "./protocol.js";

/** A wasm file from a file URL or path (default: the package's). */
const wasmFile = (url, name) =>
  url === undefined ? new URL(`../pkg/${name}`, import.meta.url) : url.startsWith("file:") ? new URL(url) : url;

serve(
  (handler) => /** @type {import("node:worker_threads").MessagePort} */ (parentPort).on("message", handler),
  (message) => /** @type {import("node:worker_threads").MessagePort} */ (parentPort).postMessage(message),
  async (wasmUrl) => {
    const file =
      wasmUrl === undefined
        ? new URL("../pkg/gridlogic_bg.wasm", import.meta.url)
        : wasmUrl.startsWith("file:")
          ? new URL(wasmUrl)
          : wasmUrl;
    initSync({ module: await readFile(file) });
  },
  solve,
  {
    load: async (url) => initExplainSync({ module: await readFile(wasmFile(url, "gridlogic_explain_bg.wasm")) }),
    explain,
    hint,
    rate,
    generate,
    nonogramFromPicture,
  },
);
