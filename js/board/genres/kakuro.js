// Kakuro on the page: dark blocks, clue cells split by a diagonal with the across sum in the
// upper-right triangle and the down sum in the lower-left one, white cells with digits or
// pencil marks; the selected cell's runs are tinted. Solved when every white cell holds a
// digit and every run has its sum with no digit twice.

import { COLORS, centredText, squareGridView } from "../draw.js";
import { digitGenre } from "./digits.js";
import { fail, isDigit, rectangular } from "./shape.js";

/** @typedef {null | number | { down?: number, across?: number }} KakuroCell */
/** @typedef {{ genre: "kakuro", grid: KakuroCell[][] }} Kakuro */

/** A white (playable) cell holds a number: 0 (empty) or a given digit. */
const white = (/** @type {KakuroCell} */ cell) => typeof cell === "number";
const cellAt = (/** @type {Kakuro} */ puzzle, /** @type {number} */ i) =>
  puzzle.grid[Math.floor(i / puzzle.grid[0].length)][i % puzzle.grid[0].length];

/**
 * The runs of a Kakuro: {sum, cells: [index...], clue: the clue cell's index, across} for
 * every clue, clue cells in reading order, a cell's across sum before its down sum.
 * @param {Kakuro} puzzle
 */
function runsOf(puzzle) {
  const height = puzzle.grid.length;
  const width = puzzle.grid[0].length;
  const runs = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const cell = puzzle.grid[r][c];
      if (cell === null || typeof cell !== "object") continue;
      for (const [key, dr, dc] of /** @type {const} */ ([
        ["across", 0, 1],
        ["down", 1, 0],
      ])) {
        const sum = cell[key];
        if (sum === undefined) continue;
        const cells = [];
        for (
          let rr = r + dr, cc = c + dc;
          rr < height && cc < width && white(puzzle.grid[rr][cc]);
          rr += dr, cc += dc
        ) {
          cells.push(rr * width + cc);
        }
        runs.push({ sum, cells, clue: r * width + c, across: key === "across" });
      }
    }
  }
  return runs;
}

/**
 * @param {any} raw an object with genre "kakuro"
 * @returns {Kakuro}
 */
function normalise(raw) {
  rectangular(raw.grid);
  /** @type {(cell: unknown, place: string) => KakuroCell} */
  const cell = (v, place) => {
    if (v === null) return null;
    if (typeof v === "number") {
      if (!isDigit(v)) fail(place, `a white cell holds 0 (empty) or a digit 1-9, not ${v}`);
      return v;
    }
    if (typeof v === "object" && !Array.isArray(v)) {
      /** @type {{ down?: number, across?: number }} */
      const clue = {};
      for (const [key, sum] of Object.entries(v)) {
        if (key !== "down" && key !== "across") fail(place, `a clue cell has only "down" and "across", not "${key}"`);
        if (!Number.isInteger(sum) || sum < 1) fail(`${place}.${key}`, `must be a sum ≥ 1, not ${JSON.stringify(sum)}`);
        clue[key] = sum;
      }
      return clue;
    }
    return fail(
      place,
      `must be null (block), {"down": n, "across": n} (clue) or a digit 0-9, not ${JSON.stringify(v)}`,
    );
  };
  return {
    genre: "kakuro",
    grid: raw.grid.map((/** @type {unknown[]} */ row, /** @type {number} */ r) =>
      row.map((v, c) => cell(v, `grid[${r}][${c}]`)),
    ),
  };
}

/**
 * How a run stands: its cells whose digit repeats in it, and "done" (full, distinct, the sum),
 * "conflict" (a repeat, or no completion with distinct unused digits reaches the sum: the
 * written digits plus the smallest or largest unused ones overshoot or fall short) or "".
 * @param {{ sum: number, cells: number[] }} run
 * @param {number[]} cells the board's cells
 */
function runStatus({ sum, cells: run }, cells) {
  const digits = run.map((i) => cells[i]).filter((d) => d > 0);
  const repeated = run.filter((i) => cells[i] > 0 && digits.filter((d) => d === cells[i]).length > 1);
  const written = digits.reduce((a, b) => a + b, 0);
  const open = run.length - digits.length;
  const unused = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !digits.includes(d));
  const least = unused.slice(0, open).reduce((a, b) => a + b, 0);
  const most = unused.slice(unused.length - open).reduce((a, b) => a + b, 0);
  /** @type {"done" | "conflict" | ""} */
  let status = "";
  if (repeated.length || written + least > sum || written + (open ? most : 0) < sum) status = "conflict";
  else if (open === 0) status = "done";
  return { status, repeated };
}

export const kakuro = digitGenre({
  id: "kakuro",
  name: "Kakuro",
  example: {
    genre: "kakuro",
    grid: [
      [null, { down: 3 }],
      [{ across: 3 }, 0],
    ],
  },
  generated: {
    sizes: [6, 8, 10, 12, 15].map((n) => [`${n}×${n}`, { width: n, height: n }]),
    // 10×10 first (the default `initial`): easy, medium and hard all come within a second there.
    // Extreme: natively 0.1–2 s up to 12×12, 15×15 1.1 s median and 3.4 s p95 (bench/RESULTS.md,
    // "Kakuro extreme: open cells first, then the solver").
    note: "Sizes count the clue row and column. Easy to hard Kakuro come within a second; an extreme one within seconds (Cancel stops it).",
    levels: ["easy", "medium", "hard", "extreme"],
  },
  normalise,
  isWhite: (puzzle, i) => white(cellAt(puzzle, i)),
  given: (puzzle, i) => Number(cellAt(puzzle, i)),
  maxDigit: () => 9,

  isSolved(puzzle, board) {
    const cells = board.cells;
    for (let i = 0; i < cells.length; i++) if (!board.fixed[i] && cells[i] === 0) return false;
    return runsOf(puzzle).every(({ sum, cells: run }) => {
      const digits = run.map((i) => cells[i]);
      return new Set(digits).size === digits.length && digits.reduce((a, b) => a + b, 0) === sum;
    });
  },

  feedback(puzzle, board) {
    const statuses = runsOf(puzzle).map((run) => runStatus(run, board.cells));
    return {
      lines: statuses.map((s) => s.status),
      conflicts: [...new Set(statuses.flatMap((s) => s.repeated))],
    };
  },

  view(puzzle) {
    const runs = runsOf(puzzle);
    /** The run of each clue cell's across and down sum (its index in `runs`, the feedback's order). */
    const runAt = new Map(runs.map((run, k) => [`${run.clue}${run.across ? "a" : "d"}`, k]));
    /** @type {(status: string) => string} */
    const sumColor = (status) =>
      status === "done" ? COLORS.blockDone : status === "conflict" ? COLORS.blockConflict : COLORS.blockText;
    return squareGridView({
      width: puzzle.grid[0].length,
      height: puzzle.grid.length,
      cellSize: { cell: 40, min: 22, max: 64 },
      isWhite: (i) => white(cellAt(puzzle, i)),
      related: (cursor) => new Set(runs.filter((run) => run.cells.includes(cursor)).flatMap((run) => run.cells)),
      drawBlock(ctx, x, y, s, i, look) {
        const cell = cellAt(puzzle, i);
        ctx.fillStyle = COLORS.block;
        ctx.fillRect(x, y, s, s);
        if (cell === null || typeof cell !== "object") return;
        ctx.strokeStyle = COLORS.blockLine;
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.lineTo(x + s, y + s);
        ctx.stroke();
        const size = Math.round(s * 0.3);
        const color = (/** @type {string} */ key) => sumColor(look.feedback.lines[runAt.get(`${i}${key}`) ?? -1] ?? "");
        if (cell.across !== undefined) centredText(ctx, cell.across, x + s * 0.7, y + s * 0.3, size, color("a"), "600");
        if (cell.down !== undefined) centredText(ctx, cell.down, x + s * 0.3, y + s * 0.72, size, color("d"), "600");
      },
    });
  },
});
