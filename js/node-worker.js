// The Node worker thread: loads the wasm from disk (or wasmUrl) on the first request and solves.
import { parentPort } from "node:worker_threads";
import { readFile } from "node:fs/promises";
import { initSync, solve } from "../pkg/gridlogic.js";
import { serve } from "./protocol.js";

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
);
