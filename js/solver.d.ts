import type { Puzzle, SolveOptions, SolveResult, SolveStats } from "../pkg/gridlogic.js";
import type {
  ExplainOptions,
  Explanation,
  FromPicture,
  GenerateOptions,
  GenerateProgress,
  Generated,
  HintResult,
  PlayerBoard,
  Rating,
} from "../pkg/gridlogic_explain.js";

/** Options of a solve in a worker: the wasm options plus cancellation. */
export interface WorkerSolveOptions extends Omit<SolveOptions, "onProgress"> {
  /** Aborting it stops this solve at once (its worker is replaced; other solves go on) and rejects with an AbortError. */
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

/** A solver running in its own workers, so that a long solve never blocks the caller. */
export interface Solver {
  /** Solve a puzzle (in the first idle worker, else when one is free, in order); rejects with an Error naming the problem for invalid input. A crashed worker fails only its own solve and is replaced. */
  solve(puzzle: Puzzle, options?: WorkerSolveOptions): Promise<SolveResult>;
  /** Explain a puzzle step by step (in the worker, through the explain wasm). */
  explain(puzzle: Puzzle, options?: WorkerExplainOptions): Promise<Explanation>;
  /** The next step from a player's board, or its mistakes, or solved / stuck. */
  hint(puzzle: Puzzle, board: PlayerBoard, options?: WorkerExplainOptions): Promise<HintResult>;
  /** The difficulty rating of a puzzle. */
  rate(puzzle: Puzzle, options?: WorkerExplainOptions): Promise<Rating>;
  /** A new unique puzzle of the genre, size and difficulty asked for (in the worker; `signal` cancels it and frees the worker; `onProgress` hears after every candidate). */
  generate(
    options: GenerateOptions & { signal?: AbortSignal; onProgress?: (progress: GenerateProgress) => void },
  ): Promise<Generated>;
  /** The nonogram of a picture (rows of 0/1, or with `colors` rows of colour indices, 0 the background), whether it is unique, the ambiguous cells. */
  nonogramFromPicture(
    picture: number[][],
    colors?: string[],
    options?: { signal?: AbortSignal; timeLimitMs?: number },
  ): Promise<FromPicture>;
  /** A black-and-white picture's nonogram, with cancellation (the form before colours). */
  nonogramFromPicture(
    picture: (0 | 1)[][],
    options: { signal?: AbortSignal; timeLimitMs?: number },
  ): Promise<FromPicture>;
  /** Stop the workers; pending and later solves reject. */
  dispose(): void;
}

/** Where the solver finds its files (defaults: beside this module). */
export interface SolverConfig {
  /** The URL (or, in Node, path) of gridlogic_bg.wasm, e.g. on a CDN. */
  wasmUrl?: string | URL;
  /** The URL (or, in Node, path) of gridlogic_explain_bg.wasm. */
  explainWasmUrl?: string | URL;
  /** The URL of the worker module (browsers: for strict CSPs or self-hosting; Node: a path or file URL, e.g. of a module wrapping js/node-worker.js). */
  workerUrl?: string | URL;
  /** How many solves run at once, one per worker (default 1); "auto": the cores less one, at least 1. Workers start when a solve needs them. */
  workers?: number | "auto";
}

/** Start a solver in Web Workers (browsers) or worker threads (Node); throws a RangeError for a `workers` that is not a whole number ≥ 1 or "auto". */
export function createSolver(config?: SolverConfig): Solver;
