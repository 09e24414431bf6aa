// Sudoku and Killer Sudoku on the page: digits and pencil marks as in Str8ts, the boxes drawn
// with thick rules, a Killer's cages as dashed outlines with their sums in the top-left
// corner; the selected cell's row, column, box and cage are tinted. Solved when every cell
// holds a digit, no digit repeats in a row, column, box or cage, and every cage adds up.

import { COLORS, squareGridView } from "../draw.js";
import { digitGenre } from "./digits.js";
import { fail, isDigit, rectangular } from "./shape.js";

/** @typedef {{ sum: number, cells: [number, number][] }} Cage */
/** @typedef {{ genre: "sudoku", grid: number[][], box: [number, number], cages: Cage[] }} Sudoku */

/** The most square box that tiles an n×n grid, as the solver's default. */
function defaultBox(n) {
  for (let rows = Math.floor(Math.sqrt(n)); rows >= 2; rows--) if (n % rows === 0) return [rows, n / rows];
  return null;
}

/** The rows, columns and boxes of a Sudoku, each its row-major cells. */
function unitsOf(/** @type {Sudoku} */ puzzle) {
  const n = puzzle.grid.length;
  const [bh, bw] = puzzle.box;
  const units = [];
  for (let a = 0; a < n; a++) {
    units.push([...Array(n).keys()].map((b) => a * n + b));
    units.push([...Array(n).keys()].map((b) => b * n + a));
    const [top, left] = [Math.floor(a / (n / bw)) * bh, (a % (n / bw)) * bw];
    units.push([...Array(n).keys()].map((k) => (top + Math.floor(k / bw)) * n + left + (k % bw)));
  }
  return units;
}

/** The row-major cells of every cage. */
const cagesOf = (/** @type {Sudoku} */ puzzle) =>
  puzzle.cages.map((cage) => cage.cells.map(([r, c]) => r * puzzle.grid.length + c));

/**
 * @param {any} raw an object with genre "sudoku"
 * @returns {Sudoku}
 */
function normalise(raw) {
  const width = rectangular(raw.grid);
  const size = raw.grid.length;
  if (width !== size) fail("grid", `a Sudoku grid is square, this one is ${size}×${width}`);
  const box = raw.box ?? defaultBox(size);
  if (!Array.isArray(box) || box.length !== 2 || box[0] * box[1] !== size)
    fail("box", `must be [rows, cols] of a box that tiles a ${size}×${size} grid`);
  const cages = (raw.cages ?? []).map((/** @type {any} */ cage, /** @type {number} */ k) => {
    if (!Number.isInteger(cage?.sum)) fail(`cages[${k}].sum`, "must be a whole number");
    if (!Array.isArray(cage.cells)) fail(`cages[${k}].cells`, "must be an array of [row, col]");
    return {
      sum: cage.sum,
      cells: cage.cells.map((/** @type {any} */ cell, /** @type {number} */ j) => {
        if (!Array.isArray(cell) || cell.length !== 2 || !cell.every((x) => Number.isInteger(x) && x >= 0 && x < size))
          fail(`cages[${k}].cells[${j}]`, `must be [row, col] inside the ${size}×${size} grid`);
        return [cell[0], cell[1]];
      }),
    };
  });
  return {
    genre: "sudoku",
    grid: raw.grid.map((/** @type {unknown[]} */ row, /** @type {number} */ r) =>
      row.map((v, c) => {
        if (!isDigit(v, size))
          fail(`grid[${r}][${c}]`, `must be 0 (empty) or a digit 1-${size}, not ${JSON.stringify(v)}`);
        return Number(v);
      }),
    ),
    box: [box[0], box[1]],
    cages,
  };
}

/** Whether the written digits of `cells` repeat. */
const repeats = (/** @type {number[]} */ digits) => new Set(digits).size !== digits.length;

export const sudoku = digitGenre({
  id: "sudoku",
  name: "Sudoku",
  example: {
    genre: "sudoku",
    grid: [
      [1, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ],
  },
  generated: {
    // 9×9 reaches every level (medians 0.1–1.4 s in wasm on a loaded machine); 6×6 misses
    // medium and hard, 16×16 takes seconds even at easy.
    sizes: [[`9×9`, { size: 9 }]],
    note: "Classic 9×9 Sudoku; Killer Sudoku is not generated yet.",
  },
  normalise,
  isWhite: () => true,
  given: (puzzle, i) => puzzle.grid[Math.floor(i / puzzle.grid.length)][i % puzzle.grid.length],
  maxDigit: (puzzle) => puzzle.grid.length,

  isSolved(puzzle, board) {
    const cells = board.cells;
    if (cells.some((d) => d === 0)) return false;
    if (unitsOf(puzzle).some((unit) => repeats(unit.map((i) => cells[i])))) return false;
    return cagesOf(puzzle).every((cage, k) => {
      const digits = cage.map((i) => cells[i]);
      return !repeats(digits) && digits.reduce((s, d) => s + d, 0) === puzzle.cages[k].sum;
    });
  },

  feedback(puzzle, board) {
    const cells = board.cells;
    const conflicts = new Set();
    for (const group of [...unitsOf(puzzle), ...cagesOf(puzzle)]) {
      for (const i of group) {
        if (cells[i] && group.some((j) => j !== i && cells[j] === cells[i])) conflicts.add(i);
      }
    }
    const lines = cagesOf(puzzle).map((cage, k) => {
      const digits = cage.map((i) => cells[i]).filter((d) => d > 0);
      const sum = digits.reduce((s, d) => s + d, 0);
      if (repeats(digits) || sum > puzzle.cages[k].sum) return "conflict";
      if (digits.length < cage.length) return "";
      return sum === puzzle.cages[k].sum ? "done" : "conflict";
    });
    return { lines, conflicts: [...conflicts] };
  },

  view(puzzle) {
    const n = puzzle.grid.length;
    const [bh, bw] = puzzle.box;
    const units = unitsOf(puzzle);
    const cages = cagesOf(puzzle);
    return squareGridView({
      width: n,
      height: n,
      cellSize: { cell: 44, min: 22, max: 68 },
      isWhite: () => true,
      related(cursor) {
        const groups = [...units, ...cages].filter((group) => group.includes(cursor));
        return new Set(groups.flat());
      },
      drawBlock() {},
      // The boxes as thick rules; every cage as a dashed outline inside its cells (red in
      // conflict, green once done) with its sum in its first cell's corner.
      decorate(ctx, look, cellBox) {
        const first = cellBox(0);
        const last = cellBox(n * n - 1);
        ctx.strokeStyle = COLORS.black;
        ctx.lineWidth = 2.5;
        for (let k = bh; k < n; k += bh) {
          const y = cellBox(k * n).y;
          ctx.beginPath();
          ctx.moveTo(first.x, y);
          ctx.lineTo(last.x + last.w, y);
          ctx.stroke();
        }
        for (let k = bw; k < n; k += bw) {
          const x = cellBox(k).x;
          ctx.beginPath();
          ctx.moveTo(x, first.y);
          ctx.lineTo(x, last.y + last.h);
          ctx.stroke();
        }
        cages.forEach((cage, k) => {
          const status = look.feedback.lines[k];
          const inCage = new Set(cage);
          ctx.strokeStyle = status === "conflict" ? COLORS.wrong : status === "done" ? COLORS.solved : COLORS.black;
          ctx.lineWidth = 1;
          ctx.setLineDash([3, 3]);
          for (const i of cage) {
            const box = cellBox(i);
            const inset = 4;
            const [r, c] = [Math.floor(i / n), i % n];
            /** @type {[boolean, number, number, number, number][]} */
            const edges = [
              [r > 0 && inCage.has(i - n), box.x + inset, box.y + inset, box.x + box.w - inset, box.y + inset],
              [
                r < n - 1 && inCage.has(i + n),
                box.x + inset,
                box.y + box.h - inset,
                box.x + box.w - inset,
                box.y + box.h - inset,
              ],
              [c > 0 && inCage.has(i - 1), box.x + inset, box.y + inset, box.x + inset, box.y + box.h - inset],
              [
                c < n - 1 && inCage.has(i + 1),
                box.x + box.w - inset,
                box.y + inset,
                box.x + box.w - inset,
                box.y + box.h - inset,
              ],
            ];
            for (const [shared, x1, y1, x2, y2] of edges) {
              if (shared) continue;
              ctx.beginPath();
              ctx.moveTo(x1, y1);
              ctx.lineTo(x2, y2);
              ctx.stroke();
            }
          }
          const top = cellBox(Math.min(...cage));
          ctx.setLineDash([]);
          ctx.fillStyle = COLORS.black;
          ctx.font = `${Math.round(top.h * 0.24)}px sans-serif`;
          ctx.textAlign = "left";
          ctx.textBaseline = "top";
          ctx.fillText(String(puzzle.cages[k].sum), top.x + 2, top.y + 1);
        });
        ctx.setLineDash([]);
      },
    });
  },
});
