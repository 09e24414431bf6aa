import type { Puzzle, SolveOptions, SolveResult, SolveStats } from "../pkg/gridlogic.js";
import type { ExplainOptions, Explanation, HintResult, PlayerBoard, Rating } from "../pkg/gridlogic_explain.js";

/** Options of a solve in a worker: the wasm options plus cancellation. */
export interface WorkerSolveOptions extends Omit<SolveOptions, "onProgress"> {
  /** Aborting it stops the solve at once (the worker is replaced) and rejects with an AbortError. */
  signal?: AbortSignal;
  /** Called about every 100 ms of a long solve with the statistics so far. */
  onProgress?: (stats: SolveStats) => void;
}

/** Options of explain, hint and rate in a worker: the wasm options plus cancellation. */
export interface WorkerExplainOptions extends ExplainOptions {
  /** Aborting it stops the request at once (the worker is replaced) and rejects with an AbortError. */
  signal?: AbortSignal;
  /** Accepted like solve's; explained logic reports no progress. */
  onProgress?: (stats: SolveStats) => void;
}

/** A solver running in its own worker, so that a long solve never blocks the caller. */
export interface Solver {
  /** Solve a puzzle; rejects with an Error naming the problem for invalid input. */
  solve(puzzle: Puzzle, options?: WorkerSolveOptions): Promise<SolveResult>;
  /** Explain a puzzle step by step (in the worker, through the explain wasm). */
  explain(puzzle: Puzzle, options?: WorkerExplainOptions): Promise<Explanation>;
  /** The next step from a player's board, or its mistakes, or solved / stuck. */
  hint(puzzle: Puzzle, board: PlayerBoard, options?: WorkerExplainOptions): Promise<HintResult>;
  /** The difficulty rating of a puzzle. */
  rate(puzzle: Puzzle, options?: WorkerExplainOptions): Promise<Rating>;
  /** Stop the worker; pending and later solves reject. */
  dispose(): void;
}

/** Where the solver finds its files (defaults: beside this module). */
export interface SolverConfig {
  /** The URL (or, in Node, path) of gridlogic_bg.wasm, e.g. on a CDN. */
  wasmUrl?: string | URL;
  /** The URL (or, in Node, path) of gridlogic_explain_bg.wasm. */
  explainWasmUrl?: string | URL;
  /** Browsers only: the URL of the worker module (for strict CSPs or self-hosting). */
  workerUrl?: string | URL;
}

/** Start a solver in a Web Worker (browsers) or a worker thread (Node). */
export function createSolver(config?: SolverConfig): Solver;
