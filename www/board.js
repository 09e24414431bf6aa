// The player's state of one puzzle, kept apart from everything the UI shows about it.
//
// Three layers, after Simon Tatham's game_state / game_ui / drawstate split:
//   * Board (this file): what the player has written — the value of every cell, the pencil
//     marks, and the undo/redo history of moves. It knows nothing about selections,
//     colours or canvases, so it can be saved, restored and compared with a solution.
//   * UI state (main.js): the selected cell, the pencil mode, the cells a check found wrong.
//   * Render caches (render/*.js): sizes and positions computed for one canvas size.
//
// Cell values: nonogram 0 = unknown, 1 = filled, 2 = marked empty; Kakuro and Str8ts
// 0 = empty, 1..9 = digit. Pencil marks are bit masks (bit d = digit d). Cells that are not
// the player's to change (givens, blocks, clue cells) are `fixed`.

export const UNKNOWN = 0;
export const FILLED = 1;
export const CROSSED = 2;

/** How many moves of undo (and redo) history survive a reload. */
const SAVED_MOVES = 200;

/** One cell change of a move: index, value and marks before and after. */
function change(index, before, after, marksBefore, marksAfter) {
  return { index, before, after, marksBefore, marksAfter };
}

export class Board {
  /**
   * @param {number} height rows of the grid
   * @param {number} width columns of the grid
   * @param {number[]} initial the starting value of every cell (givens included)
   * @param {boolean[]} fixed cells the player cannot change
   */
  constructor(height, width, initial, fixed) {
    this.height = height;
    this.width = width;
    this.initial = initial.slice();
    this.fixed = fixed.slice();
    this.cells = initial.slice();
    this.marks = new Array(initial.length).fill(0);
    this.undoStack = [];
    this.redoStack = [];
  }

  /**
   * Apply one move: a list of {index, value?, marks?}. Fixed cells and no-op changes are
   * skipped; a move that changes nothing is not recorded. With `replacing` (a move returned
   * by an earlier call), that move is taken back first and this one takes its place: a drag
   * grows as one move. Returns the recorded move, or null when nothing changed.
   */
  play(edits, replacing = null) {
    if (replacing && this.undoStack[this.undoStack.length - 1] === replacing) {
      this.revert(this.undoStack.pop());
    }
    const changes = [];
    for (const edit of edits) {
      const i = edit.index;
      if (this.fixed[i]) continue;
      const after = edit.value ?? this.cells[i];
      const marksAfter = edit.marks ?? this.marks[i];
      if (after === this.cells[i] && marksAfter === this.marks[i]) continue;
      changes.push(change(i, this.cells[i], after, this.marks[i], marksAfter));
      this.cells[i] = after;
      this.marks[i] = marksAfter;
    }
    if (changes.length === 0) return null;
    this.undoStack.push(changes);
    this.redoStack.length = 0;
    return changes;
  }

  /** Put back what `move` changed. */
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

  /** The row-major cells as rows. */
  rows() {
    const rows = [];
    for (let r = 0; r < this.height; r++) rows.push(this.cells.slice(r * this.width, (r + 1) * this.width));
    return rows;
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

  /** Restore a saved state when it fits this board; returns false (and changes nothing) otherwise. */
  restore(saved) {
    const n = this.cells.length;
    const okArray = (a, max) =>
      Array.isArray(a) && a.length === n && a.every((v) => Number.isInteger(v) && v >= 0 && v <= max);
    if (!saved || !okArray(saved.cells, 9) || !okArray(saved.marks, 0x3fe)) return false;
    for (let i = 0; i < n; i++) {
      if (this.fixed[i] && (saved.cells[i] !== this.initial[i] || saved.marks[i] !== 0)) return false;
    }
    this.cells = saved.cells.slice();
    this.marks = saved.marks.slice();
    const okHistory = (h) =>
      Array.isArray(h) &&
      h.every((m) => Array.isArray(m) && m.every((c) => c && Number.isInteger(c.index) && c.index >= 0 && c.index < n));
    this.undoStack = okHistory(saved.undo) ? saved.undo : [];
    this.redoStack = okHistory(saved.redo) ? saved.redo : [];
    return true;
  }
}
