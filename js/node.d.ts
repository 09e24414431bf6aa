export * from "./api.js";
import type { InitOutput } from "../pkg/gridlogic.js";

/** Load the three wasm modules from disk (defaults: the package's gridlogic_bg.wasm, gridlogic_formats_bg.wasm, gridlogic_explain_bg.wasm). */
export function init(
  wasmUrl?: string | URL,
  formatsWasmUrl?: string | URL,
  explainWasmUrl?: string | URL,
): Promise<InitOutput>;
export default init;
/** Load only the text formats' wasm (for `parsePuzzle`, `parsePuzzles`, `formatPuzzle`). */
export function initFormats(formatsWasmUrl?: string | URL): Promise<void>;
/** Load only the explained logic's wasm (for `explain`, `hint`, `rate`). */
export function initExplain(explainWasmUrl?: string | URL): Promise<void>;
