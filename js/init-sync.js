// initSync of both entry points: the package's three wasm modules from their bytes.

import { initSync as initSolverSync } from "../pkg/gridlogic.js";
import { initSync as initFormatsSync } from "../pkg/gridlogic_formats.js";
import { initSync as initExplainSync } from "../pkg/gridlogic_explain.js";

/**
 * Load the wasm modules synchronously from their bytes or compiled modules: `module` the
 * solver's (gridlogic_bg.wasm), `formats_module` the text formats' (gridlogic_formats_bg.wasm),
 * `explain_module` the explained logic's (gridlogic_explain_bg.wasm); each is optional. Returns the solver module's exports when it was given.
 * @param {{ module?: BufferSource | WebAssembly.Module, formats_module?: BufferSource | WebAssembly.Module, explain_module?: BufferSource | WebAssembly.Module }} modules
 */
export function initSync({ module, formats_module, explain_module }) {
  if (formats_module !== undefined) initFormatsSync({ module: formats_module });
  if (explain_module !== undefined) initExplainSync({ module: explain_module });
  return module === undefined ? undefined : initSolverSync({ module });
}
