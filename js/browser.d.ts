export {
  default as init, initSync, solve, solveNonogram, solveKakuro, solveStr8ts, version, parsePuzzle, parsePuzzles, formatPuzzle,
} from "../pkg/gridlogic.js";
export type * from "../pkg/gridlogic.js";
export type { Solver, SolverConfig, WorkerSolveOptions } from "./solver.js";
export { createSolver } from "./solver.js";
