// What the digit genres (Kakuro, Str8ts) share on the page: a grid of white cells and blocks;
// a click selects a white cell, a digit key or the number pad writes a digit there (or, with
// Shift or the ✎ Pencil toggle, a pencil mark); the solver's solution grid holds the digits
// as the board does. Each genre adds its rules, its blocks and its view.

import { Board } from "../board.js";
import { button } from "../dom.js";
import { rowsOf } from "./shape.js";

/** @typedef {import("./index.js").Game} Game */
/** @typedef {import("./index.js").Genre} Genre */

/**
 * Whether digits go in as pencil marks (Shift swaps it for one key), per board (several
 * `<gridlogic-board>`s may share a page); off in a puzzle just opened.
 * @type {WeakMap<Game, boolean>}
 */
const pencils = new WeakMap();
const pencilOf = (/** @type {Game} */ game) => pencils.get(game) ?? false;

/**
 * A digit genre from its own parts.
 * @param {object} spec
 * @param {string} spec.id
 * @param {string} spec.name
 * @param {Genre["example"]} spec.example
 * @param {Genre["generated"]} spec.generated
 * @param {(raw: any) => any} spec.normalise
 * @param {(puzzle: any, i: number) => boolean} spec.isWhite is cell i (row-major) a white cell?
 * @param {(puzzle: any, i: number) => number} spec.given the digit white cell i starts with (0: none)
 * @param {(puzzle: any) => number} spec.maxDigit the largest digit a player may write
 * @param {(puzzle: any, board: Board) => boolean} spec.isSolved
 * @param {(puzzle: any) => import("../draw.js").View} spec.view
 * @param {Genre["feedback"]} spec.feedback
 * @returns {Genre}
 */
export function digitGenre({
  id,
  name,
  example,
  generated,
  normalise,
  isWhite,
  given,
  maxDigit,
  isSolved,
  view,
  feedback,
}) {
  /** Write digit d (or toggle its pencil mark) in the selected cell. */
  const write = (/** @type {Game} */ game, /** @type {number} */ d, /** @type {boolean} */ asMark) => {
    const i = game.ui.cursor;
    const { board } = game;
    if (i < 0 || board.fixed[i] || !isWhite(game.puzzle, i)) return;
    if (!asMark) game.play([{ index: i, value: board.cells[i] === d ? 0 : d }]);
    else if (!board.cells[i]) game.play([{ index: i, marks: board.marks[i] ^ (1 << d) }]);
  };

  /** @type {Genre} */
  const genre = {
    id,
    name,
    example,
    generated,
    importEditor: null, // a digit grid is entered as JSON or text
    normalise,
    size: (puzzle) => ({ height: puzzle.grid.length, width: puzzle.grid[0].length }),

    newBoard(puzzle) {
      const height = puzzle.grid.length;
      const width = puzzle.grid[0].length;
      const cells = Array.from({ length: height * width }, (_, i) => i);
      const initial = cells.map((i) => (isWhite(puzzle, i) ? given(puzzle, i) : 0));
      const fixed = cells.map((i) => !isWhite(puzzle, i) || given(puzzle, i) > 0);
      return new Board(height, width, initial, fixed);
    },

    playable: isWhite,
    isSolved,
    solutionToCell: (v) => v,
    cellToSolution: (v) => v,
    playerBoard: (_puzzle, board) => ({
      values: rowsOf(board, (v) => v),
      candidates: rowsOf(board, (_, i) => (board.cells[i] ? [] : digitsOf(board.marks[i]))),
    }),
    changeEdit(puzzle, board, change) {
      const index = change.row * board.width + change.col;
      if ("value" in change) return { index, value: change.value };
      // No pencil marks = every digit still open: a removal starts from all of them.
      const open = board.marks[index] || (1 << (maxDigit(puzzle) + 1)) - 2;
      return { index, marks: change.remove.reduce((m, d) => m & ~(1 << d), open) };
    },
    view,
    feedback,

    controls(game, slots) {
      pencils.set(game, false);
      const toggle = button("✎ Pencil", () => setPencil(game, !pencilOf(game)), {
        id: "pencil",
        className: "toggle",
        title: "Pencil marks (or hold Shift while typing)",
      });
      slots.tools.append(toggle);
      const pad = document.createElement("div");
      pad.id = "numpad";
      pad.className = "numpad";
      pad.setAttribute("role", "group");
      pad.setAttribute("aria-label", "Digits");
      for (let d = 1; d <= maxDigit(game.puzzle); d++) {
        pad.append(
          button(String(d), () => {
            game.ui.showCursor = true;
            write(game, d, pencilOf(game));
          }),
        );
      }
      pad.append(button("⌫", () => genre.clear(game), { title: "Clear the cell" }));
      slots.under.append(pad);
      return { update: () => toggle.setAttribute("aria-pressed", String(pencilOf(game))) };
    },

    pointerDown(game, i) {
      if (isWhite(game.puzzle, i)) {
        game.ui.cursor = i;
        game.ui.showCursor = true;
        game.redraw();
      }
      return false;
    },
    pointerMove() {},
    pointerUp() {},

    key(game, event) {
      const digit = /^(Digit|Numpad)([0-9])$/.exec(event.code);
      if (digit) {
        game.ui.showCursor = true;
        const d = Number(digit[2]);
        if (d === 0) genre.clear(game);
        else if (d <= maxDigit(game.puzzle)) write(game, d, event.shiftKey !== pencilOf(game));
        return true;
      }
      if (event.key !== "p" && event.key !== "P") return false;
      setPencil(game, !pencilOf(game));
      return true;
    },

    clear(game) {
      const i = game.ui.cursor;
      if (i < 0) return;
      if (game.board.cells[i]) game.play([{ index: i, value: 0 }]);
      else game.play([{ index: i, marks: 0 }]);
    },

    cellText: (value) => (value ? `digit ${value}` : "empty"),

    help:
      "Click a cell and type a digit · <kbd>Shift</kbd>+digit or ✎ for pencil marks · arrows move · " +
      "<kbd>Backspace</kbd> clears · <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo",
  };
  return genre;
}

/** The digits of a pencil-mark mask (bit d = digit d), smallest first. */
const digitsOf = (/** @type {number} */ mask) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & (1 << d));

function setPencil(/** @type {Game} */ game, /** @type {boolean} */ on) {
  pencils.set(game, on);
  game.refresh();
}
