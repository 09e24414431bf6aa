// Str8ts on the page: black cells (with their clue digit in white), white cells with digits or
// pencil marks; the selected cell's row, column and compartment are tinted. Solved when every
// white cell holds a digit, no digit repeats in a row or column (black clues included), and
// every compartment is a set of consecutive digits.

import { COLORS, centredText, squareGridView } from "../draw.js";
import { digitGenre } from "./digits.js";
import { fail, isDigit, rectangular } from "./shape.js";

/** @typedef {{ genre: "str8ts", grid: number[][], black: boolean[][] }} Str8ts */

const isBlack = (/** @type {Str8ts} */ puzzle, /** @type {number} */ i) =>
  puzzle.black[Math.floor(i / puzzle.grid.length)][i % puzzle.grid.length];

/**
 * The compartments of a Str8ts (maximal runs of white cells in a row or column).
 * @param {Str8ts} puzzle
 */
function compartmentsOf(puzzle) {
  const n = puzzle.grid.length;
  const out = [];
  for (const vertical of [false, true]) {
    for (let a = 0; a < n; a++) {
      let run = [];
      for (let b = 0; b <= n; b++) {
        const [r, c] = vertical ? [b, a] : [a, b];
        if (b < n && !puzzle.black[r][c]) run.push(r * n + c);
        else {
          if (run.length) out.push(run);
          run = [];
        }
      }
    }
  }
  return out;
}

/**
 * @param {any} raw an object with genre "str8ts"
 * @returns {Str8ts}
 */
function normalise(raw) {
  const width = rectangular(raw.grid);
  /** @type {unknown[][]} */
  const grid = raw.grid;
  const black = raw.black;
  if (!Array.isArray(black) || black.length !== grid.length) {
    fail("black", `must be an array of ${grid.length} rows like grid`);
  }
  const size = grid.length;
  if (width !== size) fail("grid", `a Str8ts grid is square, this one is ${size}×${width}`);
  return {
    genre: "str8ts",
    grid: grid.map((row, r) =>
      row.map((v, c) => {
        if (!isDigit(v, size))
          fail(`grid[${r}][${c}]`, `must be 0 (empty) or a digit 1-${size}, not ${JSON.stringify(v)}`);
        return Number(v);
      }),
    ),
    black: black.map((row, r) => {
      if (!Array.isArray(row) || row.length !== width) fail(`black[${r}]`, `must be an array of ${width} booleans`);
      return row.map((b, c) => {
        if (typeof b !== "boolean") fail(`black[${r}][${c}]`, `must be true or false, not ${JSON.stringify(b)}`);
        return b;
      });
    }),
  };
}

/**
 * How a compartment stands: "conflict" when a digit repeats in it or its written digits span
 * more than its length, "done" when it is full of consecutive digits, "" otherwise.
 * @param {number[]} compartment
 * @param {number[]} cells the board's cells
 * @returns {"done" | "conflict" | ""}
 */
function compartmentStatus(compartment, cells) {
  const digits = compartment.map((i) => cells[i]).filter((d) => d > 0);
  if (!digits.length) return "";
  const span = Math.max(...digits) - Math.min(...digits);
  if (new Set(digits).size !== digits.length || span > compartment.length - 1) return "conflict";
  return digits.length === compartment.length ? "done" : "";
}

export const str8ts = digitGenre({
  id: "str8ts",
  name: "Str8ts",
  example: {
    genre: "str8ts",
    grid: [
      [1, 0],
      [0, 0],
    ],
    black: [
      [false, false],
      [false, false],
    ],
  },
  generated: {
    sizes: [6, 7, 8, 9].map((n) => [`${n}×${n}`, { size: n }]),
    note: "Str8ts of 9×9 are the classic size.",
  },
  normalise,
  isWhite: (puzzle, i) => !isBlack(puzzle, i),
  given: (puzzle, i) => puzzle.grid[Math.floor(i / puzzle.grid.length)][i % puzzle.grid.length],
  maxDigit: (puzzle) => puzzle.grid.length,

  isSolved(puzzle, board) {
    const n = puzzle.grid.length;
    const cells = board.cells;
    const value = (/** @type {number} */ r, /** @type {number} */ c) =>
      puzzle.black[r][c] ? puzzle.grid[r][c] : cells[r * n + c];
    for (let i = 0; i < n * n; i++) if (!isBlack(puzzle, i) && cells[i] === 0) return false;
    for (let a = 0; a < n; a++) {
      const row = [];
      const col = [];
      for (let b = 0; b < n; b++) {
        if (value(a, b)) row.push(value(a, b));
        if (value(b, a)) col.push(value(b, a));
      }
      if (new Set(row).size !== row.length || new Set(col).size !== col.length) return false;
    }
    return compartmentsOf(puzzle).every((compartment) => {
      const digits = compartment.map((i) => cells[i]);
      return Math.max(...digits) - Math.min(...digits) === digits.length - 1;
    });
  },

  feedback(puzzle, board) {
    const n = puzzle.grid.length;
    const cells = board.cells;
    // A white cell's digit that appears again in its row or column (black clues included).
    const value = (/** @type {number} */ i) => (isBlack(puzzle, i) ? puzzle.grid[Math.floor(i / n)][i % n] : cells[i]);
    const conflicts = [];
    for (let i = 0; i < n * n; i++) {
      if (isBlack(puzzle, i) || !cells[i]) continue;
      const [r, c] = [Math.floor(i / n), i % n];
      for (let k = 0; k < n; k++) {
        if ((k !== c && value(r * n + k) === cells[i]) || (k !== r && value(k * n + c) === cells[i])) {
          conflicts.push(i);
          break;
        }
      }
    }
    return { lines: compartmentsOf(puzzle).map((compartment) => compartmentStatus(compartment, cells)), conflicts };
  },

  view(puzzle) {
    const n = puzzle.grid.length;
    const compartments = compartmentsOf(puzzle);
    return squareGridView({
      width: n,
      height: n,
      cellSize: { cell: 44, min: 24, max: 68 },
      isWhite: (i) => !isBlack(puzzle, i),
      related(cursor) {
        const tinted = new Set(compartments.filter((compartment) => compartment.includes(cursor)).flat());
        for (let k = 0; k < n; k++) {
          tinted.add(Math.floor(cursor / n) * n + k);
          tinted.add(k * n + (cursor % n));
        }
        return tinted;
      },
      drawBlock(ctx, x, y, s, i) {
        ctx.fillStyle = COLORS.black;
        ctx.fillRect(x, y, s, s);
        const clue = puzzle.grid[Math.floor(i / n)][i % n];
        if (clue) centredText(ctx, clue, x + s / 2, y + s / 2, Math.round(s * 0.55), COLORS.blockText, "700");
      },
      // A compartment's status as its outline: green once done (unless it is all givens), red in conflict.
      decorate(ctx, look, cellBox, board) {
        compartments.forEach((compartment, k) => {
          const status = look.feedback.lines[k];
          if (!status || (status === "done" && compartment.every((i) => board.fixed[i]))) return;
          const first = cellBox(compartment[0]);
          const last = cellBox(compartment[compartment.length - 1]);
          ctx.strokeStyle = status === "done" ? COLORS.solved : COLORS.wrong;
          ctx.lineWidth = 2;
          ctx.setLineDash(status === "done" ? [4, 3] : []);
          ctx.strokeRect(first.x + 3, first.y + 3, last.x + last.w - first.x - 6, last.y + last.h - first.y - 6);
        });
        ctx.setLineDash([]);
      },
    });
  },
});
