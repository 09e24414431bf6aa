// gridlogic for browsers and bundlers: the wasm functions and a solver in a module worker.
// Two wasm modules: the solver (pkg/gridlogic_bg.wasm) and the text formats
// (pkg/gridlogic_formats_bg.wasm); a worker loads only the solver.
import initSolverModule from "../pkg/gridlogic.js";
import initFormatsModule from "../pkg/gridlogic_formats.js";
import initExplainModule from "../pkg/gridlogic_explain.js";
import { initSync } from "./init-sync.js";

export { solve, solveNonogram, solveKakuro, solveStr8ts, version } from "../pkg/gridlogic.js";
export { parsePuzzle, parsePuzzles, formatPuzzle } from "../pkg/gridlogic_formats.js";
export { explain, generate, hint, nonogramFromPicture, rate } from "../pkg/gridlogic_explain.js";
export { initSync };
export { createSolver } from "./workers.js";

/**
 * Load the three wasm modules (in parallel): afterwards every function works. Each is found
 * beside the package's files unless `module_or_path` (the solver), `formats_module_or_path` or
 * `explain_module_or_path` say otherwise. Resolves to the solver module's exports.
 * @param {{ module_or_path?: unknown, formats_module_or_path?: unknown, explain_module_or_path?: unknown }} [options]
 */
export default async function init(options) {
  // wasm-bindgen's older form, init(url), still names the solver's file.
  const plain = options === undefined || Object.getPrototypeOf(options) === Object.prototype;
  const { module_or_path, formats_module_or_path, explain_module_or_path } = plain
    ? (options ?? {})
    : { module_or_path: options };
  const [solver] = await Promise.all([
    initSolverModule(module_or_path === undefined ? undefined : { module_or_path }),
    initFormats(formats_module_or_path),
    initExplain(explain_module_or_path),
  ]);
  return solver;
}
export { init };

/**
 * Load only the text formats' wasm (for `parsePuzzle`, `parsePuzzles`, `formatPuzzle`), e.g. on
 * a page that solves through `createSolver` alone.
 * @param {unknown} [moduleOrPath]
 */
export async function initFormats(moduleOrPath) {
  await initFormatsModule(moduleOrPath === undefined ? undefined : { module_or_path: moduleOrPath });
}

/**
 * Load only the explained logic's wasm (for `explain`, `hint`, `rate`).
 * @param {unknown} [moduleOrPath]
 */
export async function initExplain(moduleOrPath) {
  await initExplainModule(moduleOrPath === undefined ? undefined : { module_or_path: moduleOrPath });
}
