import type { InitOutput, SyncInitInput } from "../pkg/gridlogic.js";

/** The package's three wasm modules as bytes or compiled modules; each is optional. */
export interface SyncInitModules {
  /** The solver's wasm (gridlogic_bg.wasm). */
  module?: SyncInitInput;
  /** The text formats' wasm (gridlogic_formats_bg.wasm). */
  formats_module?: SyncInitInput;
  /** The explained logic's wasm (gridlogic_explain_bg.wasm): explain, hint, rate. */
  explain_module?: SyncInitInput;
}

/** Load the given wasm modules synchronously; returns the solver's exports when it was given. */
export function initSync(modules: SyncInitModules): InitOutput | undefined;
