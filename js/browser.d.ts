export { solve, solveNonogram, solveKakuro, solveStr8ts, version } from "../pkg/gridlogic.js";
export { parsePuzzle, parsePuzzles, formatPuzzle } from "../pkg/gridlogic_formats.js";
export type * from "../pkg/gridlogic.js";
export type { PuzzleFormat } from "../pkg/gridlogic_formats.js";
export type { Solver, SolverConfig, WorkerSolveOptions } from "./solver.js";
export { createSolver } from "./solver.js";
export { initSync } from "./init-sync.js";
import type { InitInput, InitOutput } from "../pkg/gridlogic.js";

/** Where `init` finds the two wasm modules (defaults: beside the package's files). */
export interface InitOptions {
  /** The solver's wasm (gridlogic_bg.wasm): a URL, a Response, bytes or a compiled module. */
  module_or_path?: InitInput | Promise<InitInput>;
  /** The text formats' wasm (gridlogic_formats_bg.wasm), in any of the same forms. */
  formats_module_or_path?: InitInput | Promise<InitInput>;
}

/** Load both wasm modules (the solver's and the text formats'); afterwards every function works. */
export default function init(options?: InitOptions | InitInput | Promise<InitInput>): Promise<InitOutput>;
export { init };
/** Load only the text formats' wasm (for `parsePuzzle`, `parsePuzzles`, `formatPuzzle`). */
export function initFormats(moduleOrPath?: InitInput | Promise<InitInput>): Promise<void>;
