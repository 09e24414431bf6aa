// What the page knows of the open puzzle. `Session` is the puzzle itself (main.js opens it):
// its list entry, the puzzle, its genre, what the player wrote (`board`, saved after every
// move) and the genre's view and controls. `ui` is how the page shows it: the selection, the
// cells a check found wrong, the solver's last result, the message, the clues' status.

/** @typedef {import("../js/browser.js").SolveResult} SolveResult */
/**
 * The open puzzle: its list entry, the puzzle, its genre, the board, the genre's view and controls.
 * @typedef {{ entry: import("./store.js").Entry, puzzle: any, genre: import("./js/board/genres/index.js").Genre,
 *   board: import("./js/board/board.js").Board, view: import("./js/board/draw.js").View, controls: { update: () => void } }} Session
 */

/** How the page shows the session. */
export const ui = {
  cursor: -1,
  showCursor: false,
  wrong: /** @type {Set<number>} */ (new Set()),
  solved: false,
  /** the solution was shown (Solve, or an explanation applied to the end): no solve by hand until Restart */
  revealed: false,
  task: "idle", // idle | solving | checking | done | cancelled | error
  result: /** @type {SolveResult | null} */ (null), // the solver's last result for this puzzle
  shownSolution: 0,
  message: "",
  /** @type {import("./js/board/genres/index.js").Feedback} the clues' status as drawn (conflicts when flagged) */
  feedback: { lines: [], conflicts: [] },
  /** @type {import("./js/board/draw.js").Overlay | null} a hint's or an explained step's cells over the board */
  overlay: null,
};
/** @typedef {typeof ui} UI */
