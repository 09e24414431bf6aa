// A nonogram line on the page against its clue, for black-and-white and colour puzzles alike:
// a clue is a list of blocks {n, color} (a black-and-white clue number n is {n, color: 1}),
// and the board's cells are UNKNOWN, CROSSED (marked empty: the background) or a colour. The
// one rule both kinds share: blocks of the same colour need a background cell between them,
// blocks of different colours may touch (with one colour, that is the black-and-white rule).
//
// Board cells of a nonogram: UNKNOWN 0, FILLED 1 (colour 1, black in a black-and-white
// puzzle), CROSSED 2, and colour c ≥ 2 is c + 1 — so black-and-white boards and their saves
// are exactly what they were before colours. Everything here imports only board.js, so Node
// runs it (tests/js).

import { CROSSED, FILLED, UNKNOWN } from "../board.js";

/** @typedef {{ n: number, color: number }} Block */

/** The board cell of colour `color` (1-based). */
export const cellOfColour = (/** @type {number} */ color) => (color === 1 ? FILLED : color + 1);

/** The colour of a board cell: 1.. for a painted cell, 0 for unknown or marked empty. */
export const colourOfCell = (/** @type {number} */ cell) => (cell === FILLED ? 1 : cell > CROSSED ? cell - 1 : 0);

/** A solver's solution value (a colour index, 0 the background) as a board cell. */
export const solutionToCell = (/** @type {number} */ v) => (v === 0 ? CROSSED : cellOfColour(v));

/** A board cell as a solution value (unknown counts as background). */
export const cellToSolution = colourOfCell;

/** A clue as blocks: black-and-white numbers become blocks of colour 1. */
export const blocksOf = (/** @type {(number | Block)[]} */ clue) =>
  clue.map((b) => (typeof b === "number" ? { n: b, color: 1 } : b));

/**
 * The blocks a line's painted cells make, in order: maximal runs of one colour.
 * @param {number[]} cells board cells
 * @returns {Block[]}
 */
export function lineBlocks(cells) {
  /** @type {Block[]} */
  const runs = [];
  let last = 0;
  for (const cell of cells) {
    const color = colourOfCell(cell);
    if (color && color === last) runs[runs.length - 1].n++;
    else if (color) runs.push({ n: 1, color });
    last = color;
  }
  return runs;
}

/** Do two block lists say the same? */
export const sameBlocks = (/** @type {Block[]} */ a, /** @type {Block[]} */ b) =>
  a.length === b.length && a.every((x, i) => x.n === b[i].n && x.color === b[i].color);

/**
 * Which blocks of a clue the player has certainly placed: all of them when the line's
 * painted runs are the clue; otherwise the runs closed off from either end (by the border, a
 * crossed cell or a cell of another colour, with no unknown cell before them) that match the
 * clue in order.
 * @param {Block[]} clue
 * @param {number[]} cells the line's board cells
 */
export function satisfiedBlocks(clue, cells) {
  const done = new Array(clue.length).fill(false);
  if (sameBlocks(lineBlocks(cells), clue)) return done.fill(true);
  const sweep = (/** @type {number[]} */ line, /** @type {number[]} */ order) => {
    let k = 0;
    let run = { n: 0, color: 0 };
    /** Close the open run: false when it is not the next block of the clue. */
    const close = () => {
      if (!run.n) return true;
      const block = k < order.length ? clue[order[k]] : null;
      if (!block || block.n !== run.n || block.color !== run.color) return false;
      done[order[k++]] = true;
      return true;
    };
    for (const cell of line) {
      if (cell === UNKNOWN) return;
      const color = colourOfCell(cell);
      if (color && color === run.color) {
        run.n++;
        continue;
      }
      if (!close()) return;
      run = { n: color ? 1 : 0, color };
    }
  };
  const order = clue.map((_, i) => i);
  sweep(cells, order);
  sweep(cells.slice().reverse(), order.slice().reverse());
  return done;
}

/**
 * Can the line still be completed to match its clue? A dynamic programme over (cell, block):
 * from cell i with blocks j.. left, either cell i is background (unless painted) or block j
 * starts there (no cell under it crossed or of another colour; after it a background cell when
 * the next block has its colour, else the next block or the background may follow at once).
 * O(n·k), with a prefix count per colour for a block's span.
 * @param {Block[]} clue
 * @param {number[]} cells the line's board cells
 */
export function lineFits(clue, cells) {
  const n = cells.length;
  const k = clue.length;
  const colours = cells.map(colourOfCell);
  // against[c][i]: cells among the first i that block colour c cannot cover (crossed, another colour).
  /** @type {Map<number, number[]>} */
  const against = new Map();
  for (const { color } of clue) {
    if (against.has(color)) continue;
    const counts = [0];
    cells.forEach((cell, i) => {
      const bad = cell === CROSSED || (colours[i] !== 0 && colours[i] !== color);
      counts.push(counts[i] + (bad ? 1 : 0));
    });
    against.set(color, counts);
  }
  // fits[j][i]: cells i.. can hold blocks j.. (i up to n).
  const fits = Array.from({ length: k + 1 }, () => new Array(n + 1).fill(false));
  fits[k][n] = true;
  for (let i = n - 1; i >= 0; i--) fits[k][i] = colours[i] === 0 && fits[k][i + 1];
  for (let j = k - 1; j >= 0; j--) {
    const { n: len, color } = clue[j];
    const counts = /** @type {number[]} */ (against.get(color));
    const gap = j + 1 < k && clue[j + 1].color === color;
    for (let i = n - 1; i >= 0; i--) {
      let ok = colours[i] === 0 && fits[j][i + 1];
      const end = i + len;
      if (!ok && end <= n && counts[end] === counts[i]) {
        if (!gap) ok = fits[j + 1][end];
        else ok = end < n && colours[end] === 0 && fits[j + 1][end + 1];
      }
      fits[j][i] = ok;
    }
  }
  return fits[0][0];
}

/**
 * The status of one line: "done" when its painted runs are its clue, "conflict" when it can no
 * longer be completed to match it, "" otherwise.
 * @param {Block[]} clue
 * @param {number[]} cells
 * @returns {"done" | "conflict" | ""}
 */
export function lineStatus(clue, cells) {
  if (sameBlocks(lineBlocks(cells), clue)) return "done";
  return lineFits(clue, cells) ? "" : "conflict";
}
