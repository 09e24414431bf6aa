// The Solve and Check buttons: the solver (solving.js, in the worker) runs on the open puzzle
// once, its result kept in `ui.result` until the puzzle changes; Solve draws a solution (and
// offers another when there are several), Check marks the cells that differ from it. The
// player's grid is untouched when a solve fails or is cancelled.

import { $ } from "./dom.js";
import * as solving from "./solving.js";

/** @typedef {import("./session.js").Session} Session */
/** @typedef {import("../js/browser.js").SolveResult} SolveResult */

const SOLVE_OPTIONS = { maxSolutions: 2, timeLimitMs: 60000 };

/**
 * @param {object} page
 * @param {() => Session} page.current the open puzzle
 * @param {import("./session.js").UI} page.ui
 * @param {(text: string, tone: string) => void} page.say show a message in the status line
 * @param {() => void} page.refresh show the side panel again
 * @param {() => void} page.redraw
 * @param {(edits: any[], replacing: any, reveal: boolean) => unknown} page.play play edits as one move
 *   (reveal: the puzzle is revealed, no celebration, no best time)
 */
export function verdicts({ current, ui, say, refresh, redraw, play }) {
  /** Run the solver on the open puzzle; resolves to the result, or null (cancelled, failed, left). */
  async function runSolver(/** @type {string} */ task, /** @type {string} */ label) {
    const session = current();
    ui.task = task;
    refresh();
    try {
      const result = await solving.solveShowingProgress(session.puzzle, SOLVE_OPTIONS, label, (t) => say(t, "busy"));
      // The first visit's weight is measured up to the first of these (tests/e2e/weight.test.mjs).
      performance.mark("gridlogic:solver-answered");
      if (current() !== session) return null;
      ui.result = result;
      ui.task = "done";
      return result;
    } catch (e) {
      if (current() !== session) return null;
      ui.task = solving.isCancelled(e) ? "cancelled" : "error";
      if (solving.isCancelled(e)) say("Cancelled. Your grid is untouched.", "");
      else say(`The solver failed: ${e.message}. Your grid is untouched.`, "bad");
      return null;
    } finally {
      if (current() === session) refresh();
    }
  }

  /** Draw solution k of the solver's result on the board (one undoable move; the puzzle is revealed). */
  function showSolution(/** @type {number} */ k) {
    ui.shownSolution = k;
    const solution = /** @type {SolveResult} */ (ui.result).solutions[k];
    const { board, genre } = current();
    play(board.solutionEdits(solution, genre.solutionToCell), null, true);
    $("celebrate").hidden = true;
  }

  async function solve() {
    const result = ui.result ?? (await runSolver("solving", "Solving"));
    if (!result) return;
    ui.task = "done";
    if (result.solutions.length) showSolution(0);
    say(...solving.verdictMessage(result));
    refresh();
  }

  async function check() {
    const result = ui.result ?? (await runSolver("checking", "Checking"));
    if (!result) return;
    ui.task = "done";
    refresh();
    const solution = result.solutions[ui.shownSolution] ?? result.solutions[0];
    const { board, genre } = current();
    const wrong = solution ? board.wrongCells(solution, genre.solutionToCell) : [];
    ui.wrong = new Set(wrong);
    say(...solving.checkMessage(result, wrong.length, ui.solved));
    redraw();
  }

  return { solve, check, showSolution };
}
