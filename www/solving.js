// The page's solver: the package's worker (the page's one, shared with its board: workers.js
// `sharedSolver`, copied to js/ by the build), one solve at a time; cancel() stops the running one at once (the worker is replaced), and its promise
// rejects with an AbortError.

import { createSolver, sharedSolver } from "./js/workers.js";

/** @typedef {import("../js/browser.js").SolveResult} SolveResult */
/** @typedef {import("../js/browser.js").WorkerSolveOptions} WorkerSolveOptions */
/** @typedef {import("../js/browser.js").HintResult} HintResult */
/** @typedef {import("../js/browser.js").Explanation} Explanation */
/** @typedef {import("../js/browser.js").Rating} Rating */

const worker = sharedSolver();
let running = /** @type {AbortController | null} */ (null);

/**
 * The page's worker at work: "start" and "end" events around each of its requests (the list's
 * ratings wait for it to be quiet, and stop for it, so that they never slow a solve down).
 */
export const activity = new EventTarget();
/** Requests of the page's worker running now, and when the last one ended (ms since load). */
let working = 0;
let lastWork = 0;

/** How long the page's worker has been idle (0 while it works; since the page loaded at first). */
export const quietFor = () => (working ? 0 : performance.now() - lastWork);

/**
 * Run a request of the page's worker, counted as its activity.
 * @template T
 * @param {() => Promise<T>} request
 * @returns {Promise<T>}
 */
async function tracked(request) {
  working++;
  activity.dispatchEvent(new Event("start"));
  try {
    return await request();
  } finally {
    working--;
    lastWork = performance.now();
    activity.dispatchEvent(new Event("end"));
  }
}

/** Was the error a cancelled solve's? */
export const isCancelled = (/** @type {any} */ error) => error?.name === "AbortError";

/** Stop the running solve, if any. */
export const cancel = () => running?.abort();

/**
 * Solve `puzzle` in the worker (cancelling the running solve first).
 * @param {any} puzzle
 * @param {WorkerSolveOptions} options
 * @returns {Promise<SolveResult>}
 */
export async function solve(puzzle, options) {
  cancel();
  const controller = new AbortController();
  running = controller;
  try {
    return await tracked(() => worker.solve(puzzle, { ...options, signal: controller.signal }));
  } finally {
    if (running === controller) running = null;
  }
}

/**
 * Solve while `show` is told, every 100 ms, how long it has been running and how many search
 * nodes it has visited ("Solving… 1.2 s · 3,400 search nodes").
 * @param {any} puzzle
 * @param {WorkerSolveOptions} options
 * @param {string} label
 * @param {(text: string) => void} show
 */
export async function solveShowingProgress(puzzle, options, label, show) {
  const started = performance.now();
  let nodes = 0;
  const tick = () => {
    const searched = nodes ? ` · ${nodes.toLocaleString("en")} search nodes` : "";
    show(`${label}… ${((performance.now() - started) / 1000).toFixed(1)} s${searched}`);
  };
  tick();
  const ticker = setInterval(tick, 100);
  try {
    return await solve(puzzle, { ...options, onProgress: (progress) => (nodes = progress.nodes) });
  } finally {
    clearInterval(ticker);
  }
}

/** Budget of a hint or an explanation, so that a hard board never keeps the page waiting. */
const EXPLAIN_LIMITS = { timeLimitMs: 20000 };
/** How long the picture editor's check may take (the worker is busy meanwhile). */
const PICTURE_LIMIT_MS = 8000;

/**
 * The next step from the player's board, or its mistakes, or solved / stuck (in the worker, on
 * the explain wasm, which it loads on first use).
 * @param {any} puzzle
 * @param {any} board a player's board (the genre's `playerBoard`)
 * @returns {Promise<HintResult>}
 */
export const hint = (puzzle, board) => tracked(() => worker.hint(puzzle, board, EXPLAIN_LIMITS));

/**
 * The path of steps from the player's board.
 * @param {any} puzzle
 * @param {any} board
 * @returns {Promise<Explanation>}
 */
export const explain = (puzzle, board) => tracked(() => worker.explain(puzzle, { ...EXPLAIN_LIMITS, board }));

/**
 * A new puzzle from the generator, in the page's worker (an abort stops it at once: the worker
 * is replaced, and free for the next request).
 * @param {import("../pkg/gridlogic_explain.js").GenerateOptions} options
 * @param {AbortSignal} signal
 * @param {(progress: import("../pkg/gridlogic_explain.js").GenerateProgress) => void} [onProgress] after every candidate
 * @returns {Promise<import("../pkg/gridlogic_explain.js").Generated>}
 */
export const generate = (options, signal, onProgress) =>
  tracked(() => worker.generate({ ...options, signal, onProgress }));

/**
 * The nonogram of a picture (0/1, or colour indices with `colors`), whether its clues have one
 * solution, and where two differ, within PICTURE_LIMIT_MS (status "unknown" after it: a large
 * random picture may need a long search for its second solution).
 * @param {number[][]} picture
 * @param {string[]} [colors]
 * @returns {Promise<import("../pkg/gridlogic_explain.js").FromPicture>}
 */
export const fromPicture = (picture, colors) =>
  tracked(() => worker.nonogramFromPicture(picture, colors, { timeLimitMs: PICTURE_LIMIT_MS }));

/** A worker of its own for the list's ratings (started on the first): never in front of a solve. */
let rater = /** @type {import("../js/browser.js").Solver | null} */ (null);

/**
 * The rating of a puzzle, computed in the background worker (an abort stops it at once).
 * @param {any} puzzle
 * @param {AbortSignal} signal
 * @returns {Promise<Rating>}
 */
export function rate(puzzle, signal) {
  rater ??= createSolver();
  return rater.rate(puzzle, { timeLimitMs: 30000, signal });
}

const seconds = (/** @type {number} */ ms) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/**
 * The solver's verdict as the page says it, of the puzzle (not of the solver: how fast it was
 * is no news to the player), with its tone ("ok", "" or "bad"). Several solutions are a fact
 * of the puzzle, not an error: said plainly, not in red.
 * @param {SolveResult} result
 * @returns {[string, string]}
 */
export function verdictMessage(result) {
  if (result.status === "unique") return ["Revealed: this is the puzzle's only solution (no time recorded).", "ok"];
  if (result.status === "multiple") {
    return ["This puzzle has more than one solution: showing one of them (no time recorded).", ""];
  }
  if (result.status === "none") return ["This puzzle has no solution: its clues contradict each other.", "bad"];
  if (result.solutions.length) {
    const time = seconds(result.stats?.millis ?? 0);
    return [`No proof within ${time}: showing a solution, but the puzzle may have others.`, "bad"];
  }
  return [`No solution found within ${seconds(result.stats?.millis ?? 0)}.`, "bad"];
}

/**
 * What a check found, with its tone: against the solver's result, `wrong` cells are wrong.
 * @param {SolveResult} result
 * @param {number} wrong
 * @param {boolean} solved
 * @returns {[string, string]}
 */
export function checkMessage(result, wrong, solved) {
  if (!result.solutions.length) {
    const none =
      result.status === "none" ? "This puzzle has no solution" : "The solver found no solution to check against";
    return [`${none}, so nothing can be checked.`, "bad"];
  }
  const note = result.status === "multiple" ? " (against one of its several solutions)" : "";
  if (wrong) return [`${wrong} cell${wrong > 1 ? "s are" : " is"} wrong${note}: marked in red.`, "bad"];
  return [solved ? "Solved! Every clue is satisfied." : `No mistakes so far${note}.`, "ok"];
}

/**
 * What the page says when an imported puzzle opens, after the solver's quick look at it.
 * @param {SolveResult} verdict
 * @returns {[string, string]}
 */
export function loadedMessage(verdict) {
  if (verdict.status === "none") return ["Loaded, but the solver proved this puzzle has no solution.", "bad"];
  if (verdict.status === "multiple") {
    return ["Loaded. This puzzle has more than one solution, so logic alone cannot finish it.", ""];
  }
  return ["Loaded.", "ok"];
}
