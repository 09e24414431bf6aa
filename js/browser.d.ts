export * from "./api.js";
import type { InitInput, InitOutput } from "../pkg/gridlogic.js";

/** Where `init` finds the three wasm modules (defaults: beside the package's files). */
export interface InitOptions {
  /** The solver's wasm (gridlogic_bg.wasm): a URL, a Response, bytes or a compiled module. */
  module_or_path?: InitInput | Promise<InitInput>;
  /** The text formats' wasm (gridlogic_formats_bg.wasm), in any of the same forms. */
  formats_module_or_path?: InitInput | Promise<InitInput>;
  /** The explained logic's wasm (gridlogic_explain_bg.wasm), in any of the same forms. */
  explain_module_or_path?: InitInput | Promise<InitInput>;
}

/** Load the three wasm modules (the solver's, the text formats', the explained logic's); afterwards every function works. */
export default function init(options?: InitOptions | InitInput | Promise<InitInput>): Promise<InitOutput>;
export { init };
/** Load only the text formats' wasm (for `parsePuzzle`, `parsePuzzles`, `formatPuzzle`). */
export function initFormats(moduleOrPath?: InitInput | Promise<InitInput>): Promise<void>;
/** Load only the explained logic's wasm (for `explain`, `hint`, `rate`). */
export function initExplain(moduleOrPath?: InitInput | Promise<InitInput>): Promise<void>;
