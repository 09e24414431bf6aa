import type { Puzzle, SolveOptions, SolveResult, SolveStats } from "../pkg/gridlogic.js";

/** Options of a solve in a worker: the wasm options plus cancellation. */
export interface WorkerSolveOptions extends Omit<SolveOptions, "onProgress"> {
  /** Aborting it stops the solve at once (the worker is replaced) and rejects with an AbortError. */
  signal?: AbortSignal;
  /** Called about every 100 ms of a long solve with the statistics so far. */
  onProgress?: (stats: SolveStats) => void;
}

/** A solver running in its own worker, so that a long solve never blocks the caller. */
export interface Solver {
  /** Solve a puzzle; rejects with an Error naming the problem for invalid input. */
  solve(puzzle: Puzzle, options?: WorkerSolveOptions): Promise<SolveResult>;
  /** Stop the worker; pending and later solves reject. */
  dispose(): void;
}

/** Where the solver finds its files (defaults: beside this module). */
export interface SolverConfig {
  /** The URL (or, in Node, path) of gridlogic_bg.wasm, e.g. on a CDN. */
  wasmUrl?: string | URL;
  /** Browsers only: the URL of the worker module (for strict CSPs or self-hosting). */
  workerUrl?: string | URL;
}

/** Start a solver in a Web Worker (browsers) or a worker thread (Node). */
export function createSolver(config?: SolverConfig): Solver;
