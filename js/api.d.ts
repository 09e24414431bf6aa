// What the browser and Node entry points (browser.d.ts, node.d.ts) both export; each adds its
// own `init`, `initFormats` and `initExplain`.
export { solve, solveNonogram, solveKakuro, solveStr8ts, version } from "../pkg/gridlogic.js";
export { parsePuzzle, parsePuzzles, formatPuzzle } from "../pkg/gridlogic_formats.js";
export { explain, generate, hint, nonogramFromPicture, rate } from "../pkg/gridlogic_explain.js";
export type {
  Axis,
  Cell,
  Difficulty,
  ExplainLimits,
  ExplainOptions,
  ExplainStatus,
  Explanation,
  FromPicture,
  GenerateOptions,
  GenerateProgress,
  GenerateRun,
  Generated,
  HintResult,
  PlayerBoard,
  Rating,
  Step,
  StepChange,
  StepLine,
} from "../pkg/gridlogic_explain.js";
export type * from "../pkg/gridlogic.js";
export type { PuzzleFormat } from "../pkg/gridlogic_formats.js";
export type { Solver, SolverConfig, WorkerExplainOptions, WorkerSolveOptions } from "./solver.js";
export { createSolver } from "./solver.js";
export { initSync } from "./init-sync.js";
