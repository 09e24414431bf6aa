// Nonogram clues from a picture: the one place the JavaScript side computes them. The page
// uses it to tell a solved grid (its rows and columns read back to the puzzle's clues),
// scripts/make-puzzles.mjs to turn drawn pictures into puzzles, and the JS tests to check the
// solver's answers. It imports nothing, so Node loads it as well as the browser.

/**
 * The lengths of the runs of filled cells along a line, in order.
 * @template T
 * @param {Iterable<T>} line the cells
 * @param {(cell: T) => boolean} [filled] which cells count as filled (default: truthy ones)
 * @returns {number[]}
 */
export function lineClue(line, filled = Boolean) {
  const runs = [];
  let length = 0;
  for (const cell of line) {
    if (filled(cell)) length++;
    else if (length > 0) {
      runs.push(length);
      length = 0;
    }
  }
  if (length > 0) runs.push(length);
  return runs;
}

/**
 * The row and column clues of a rectangular picture (rows of cells, top to bottom).
 * @template T
 * @param {T[][]} picture
 * @param {(cell: T) => boolean} [filled] which cells count as filled (default: truthy ones)
 * @returns {{ rows: number[][], cols: number[][] }}
 */
export function cluesOf(picture, filled = Boolean) {
  const width = picture.length ? picture[0].length : 0;
  return {
    rows: picture.map((row) => lineClue(row, filled)),
    cols: Array.from({ length: width }, (_, c) =>
      lineClue(
        picture.map((row) => row[c]),
        filled,
      ),
    ),
  };
}

/**
 * Does a picture read back to these clues? Clue lists may spell an empty line `[]` or `[0]`.
 * @template T
 * @param {T[][]} picture
 * @param {{ rows: number[][], cols: number[][] }} clues
 * @param {(cell: T) => boolean} [filled]
 */
export function matchesClues(picture, { rows, cols }, filled = Boolean) {
  if (picture.length !== rows.length || picture.some((row) => row.length !== cols.length)) return false;
  const drawn = cluesOf(picture, filled);
  const same = (/** @type {number[]} */ a, /** @type {number[]} */ b) => {
    const wanted = b.filter((n) => n !== 0);
    return a.length === wanted.length && a.every((n, i) => n === wanted[i]);
  };
  return drawn.rows.every((clue, r) => same(clue, rows[r])) && drawn.cols.every((clue, c) => same(clue, cols[c]));
}
