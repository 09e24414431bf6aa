// Checks of an imported puzzle's shape that the genres share. Each error names the place
// (`grid[2][1]: ...`), as the solver's do; deeper checks (clues that cannot fit, sums out of
// range) stay the solver's.

/** A readable error about the shape of an imported puzzle, naming the place. */
export class PuzzleShapeError extends Error {}

/**
 * Throw a PuzzleShapeError about `place`.
 * @param {string} place e.g. "grid[2][1]" (empty for the whole puzzle)
 * @param {string} message
 * @returns {never}
 */
export function fail(place, message) {
  throw new PuzzleShapeError(place ? `${place}: ${message}` : message);
}

/** Is v a whole number from 0 to max? */
export const isDigit = (/** @type {unknown} */ v, max = 9) => Number.isInteger(v) && Number(v) >= 0 && Number(v) <= max;

/**
 * Check that `grid` is a non-empty rectangular array of rows; returns its width.
 * @param {unknown} grid
 * @returns {number}
 */
export function rectangular(grid) {
  if (!Array.isArray(grid) || grid.length === 0) fail("grid", "must be a non-empty array of rows");
  const width = Array.isArray(grid[0]) ? grid[0].length : 0;
  grid.forEach((row, r) => {
    if (!Array.isArray(row)) fail(`grid[${r}]`, "must be an array of cells");
    if (row.length !== width || width === 0) fail(`grid[${r}]`, `has ${row.length} cells but grid[0] has ${width}`);
  });
  return width;
}

/**
 * A board's cells as rows, each cell as `cell(value, index)` says (the shape the solver's
 * hint and explain take a player's board in).
 * @template T
 * @param {import("../board.js").Board} board
 * @param {(value: number, i: number) => T} cell
 * @returns {T[][]}
 */
export function rowsOf(board, cell) {
  return Array.from({ length: board.height }, (_, r) =>
    Array.from({ length: board.width }, (_, c) => cell(board.cells[r * board.width + c], r * board.width + c)),
  );
}
