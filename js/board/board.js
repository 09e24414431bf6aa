// The player's state of one puzzle, kept apart from everything the UI shows about it.
//
// Three layers, after Simon Tatham's game_state / game_ui / drawstate split:
//   * Board (this file): what the player has written — the value of every cell, the pencil
//     marks, and the undo/redo history of moves. It knows nothing about selections,
//     colours or canvases, so it can be saved, restored and compared with a solution.
//   * UI state (element.js `look`, the page's `ui`, and a genre's tool state in genres/*.js): the selected cell, the
//     pencil mode, the cells a check found wrong.
//   * Render caches (the views of draw.js and genres/*.js): sizes and positions computed for
//     one canvas size.
//
// Cell values: nonogram 0 = unknown, 1 = filled, 2 = marked empty (a colour nonogram's colour
// c ≥ 2 is c + 1, genres/lines.js); Kakuro and Str8ts 0 = empty, 1..9 = digit. Pencil marks are bit masks (bit d = digit d). Cells that are not
// the player's to change (givens, blocks, clue cells) are `fixed`.

export const UNKNOWN = 0;
export const FILLED = 1;
export const CROSSED = 2;

/** How many moves of undo (and redo) history survive a reload. */
const SAVED_MOVES = 200;

/**
 * One cell of a move as asked for: the new value and/or pencil marks of cell `index`.
 * @typedef {{ index: number, value?: number, marks?: number }} Edit
 */
/**
 * One cell change of a move: index, value and marks before and after.
 * @typedef {{ index: number, before: number, after: number, marksBefore: number, marksAfter: number }} Change
 */
/** A move as recorded (what undo takes back): its changes. @typedef {Change[]} Move */

export class Board {
  /**
   * @param {number} height rows of the grid
   * @param {number} width columns of the grid
   * @param {number[]} initial the starting value of every cell (givens included)
   * @param {boolean[]} fixed cells the player cannot change
   * @param {{ highest?: number }} [limits] the highest cell value a saved board may hold (default 9)
   */
  constructor(height, width, initial, fixed, { highest = 9 } = {}) {
    this.height = height;
    this.highest = highest;
    this.width = width;
    this.initial = initial.slice();
    this.fixed = fixed.slice();
    this.cells = initial.slice();
    this.marks = new Array(initial.length).fill(0);
    /** @type {Move[]} */
    this.undoStack = [];
    /** @type {Move[]} */
    this.redoStack = [];
  }

  /**
   * Apply one move: a list of {index, value?, marks?}. Fixed cells and no-op changes are
   * skipped; a move that changes nothing is not recorded. With `replacing` (a move returned
   * by an earlier call), that move is taken back first and this one takes its place: a drag
   * grows as one move. Returns the recorded move, or null when nothing changed.
   * @param {Edit[]} edits
   * @param {Move | null} [replacing]
   * @returns {Move | null}
   */
  play(edits, replacing = null) {
    if (replacing && this.undoStack[this.undoStack.length - 1] === replacing) {
      this.undoStack.pop();
      this.revert(replacing);
    }
    const changes = [];
    for (const edit of edits) {
      const i = edit.index;
      if (this.fixed[i]) continue;
      const after = edit.value ?? this.cells[i];
      const marksAfter = edit.marks ?? this.marks[i];
      if (after === this.cells[i] && marksAfter === this.marks[i]) continue;
      changes.push({ index: i, before: this.cells[i], after, marksBefore: this.marks[i], marksAfter });
      this.cells[i] = after;
      this.marks[i] = marksAfter;
    }
    if (changes.length === 0) return null;
    this.undoStack.push(changes);
    this.redoStack.length = 0;
    return changes;
  }

  /** Put back what `move` changed. @param {Move} move */
  revert(move) {
    for (const c of move.slice().reverse()) {
      this.cells[c.index] = c.before;
      this.marks[c.index] = c.marksBefore;
    }
  }

  /** Undo the last move; returns true when there was one. */
  undo() {
    const move = this.undoStack.pop();
    if (!move) return false;
    this.revert(move);
    this.redoStack.push(move);
    return true;
  }

  /** Redo the last undone move; returns true when there was one. */
  redo() {
    const move = this.redoStack.pop();
    if (!move) return false;
    for (const c of move) {
      this.cells[c.index] = c.after;
      this.marks[c.index] = c.marksAfter;
    }
    this.undoStack.push(move);
    return true;
  }

  canUndo() {
    return this.undoStack.length > 0;
  }

  canRedo() {
    return this.redoStack.length > 0;
  }

  /** Clear every cell the player changed, as one undoable move (null when already clear). */
  reset() {
    const edits = [];
    for (let i = 0; i < this.cells.length; i++) {
      edits.push({ index: i, value: this.initial[i], marks: 0 });
    }
    return this.play(edits);
  }

  /**
   * The board as a grid in the solver's solution shape (rows of values).
   * @param {(cell: number) => number} cellToSolution a cell's value in a solution grid (the genre's)
   */
  toSolution(cellToSolution) {
    const rows = [];
    for (let r = 0; r < this.height; r++) {
      rows.push(this.cells.slice(r * this.width, (r + 1) * this.width).map(cellToSolution));
    }
    return rows;
  }

  /**
   * The cells the player wrote that contradict a solution grid (the solver's shape): a value
   * other than the solution's (for a nonogram: filled where the solution is empty, marked
   * empty where it is filled).
   * @param {number[][]} solution
   * @param {(value: number) => number} solutionToCell a solution's value as a cell (the genre's)
   */
  wrongCells(solution, solutionToCell) {
    const wrong = [];
    for (let i = 0; i < this.cells.length; i++) {
      const v = this.cells[i];
      if (this.fixed[i] || v === 0) continue;
      if (v !== solutionToCell(solution[Math.floor(i / this.width)][i % this.width])) wrong.push(i);
    }
    return wrong;
  }

  /**
   * The edits that put a solution grid (the solver's shape) on the board, pencil marks cleared.
   * @param {number[][]} solution
   * @param {(value: number) => number} solutionToCell a solution's value as a cell (the genre's)
   * @returns {Edit[]}
   */
  solutionEdits(solution, solutionToCell) {
    const edits = [];
    for (let i = 0; i < this.cells.length; i++) {
      if (this.fixed[i]) continue;
      edits.push({ index: i, value: solutionToCell(solution[Math.floor(i / this.width)][i % this.width]), marks: 0 });
    }
    return edits;
  }

  /** What is saved: cells, marks and the recent history (a move lists only its changes). */
  toJSON() {
    return {
      cells: this.cells,
      marks: this.marks,
      undo: this.undoStack.slice(-SAVED_MOVES),
      redo: this.redoStack.slice(-SAVED_MOVES),
    };
  }

  /**
   * Restore a saved state when it fits this board; returns false (and changes nothing) otherwise.
   * @param {any} saved what toJSON gave, read back from storage (anything: it is checked)
   */
  restore(saved) {
    const n = this.cells.length;
    const okArray = (/** @type {unknown} */ a, /** @type {number} */ max) =>
      Array.isArray(a) && a.length === n && a.every((v) => Number.isInteger(v) && v >= 0 && v <= max);
    if (!saved || !okArray(saved.cells, this.highest) || !okArray(saved.marks, 0x3fe)) return false;
    for (let i = 0; i < n; i++) {
      if (this.fixed[i] && (saved.cells[i] !== this.initial[i] || saved.marks[i] !== 0)) return false;
    }
    this.cells = saved.cells.slice();
    this.marks = saved.marks.slice();
    const okHistory = (/** @type {unknown} */ h) =>
      Array.isArray(h) &&
      h.every((m) => Array.isArray(m) && m.every((c) => c && Number.isInteger(c.index) && c.index >= 0 && c.index < n));
    this.undoStack = okHistory(saved.undo) ? saved.undo : [];
    this.redoStack = okHistory(saved.redo) ? saved.redo : [];
    return true;
  }
}
