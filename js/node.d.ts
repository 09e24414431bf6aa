export {
  initSync, solve, solveNonogram, solveKakuro, solveStr8ts, version, parsePuzzle, parsePuzzles, formatPuzzle,
} from "../pkg/gridlogic.js";
export type * from "../pkg/gridlogic.js";
export type { Solver, SolverConfig, WorkerSolveOptions } from "./solver.js";
export { createSolver } from "./solver.js";
/** Load the wasm module from disk (default: the package's own gridlogic_bg.wasm). */
export function init(wasmUrl?: string | URL): Promise<unknown>;
export default init;
