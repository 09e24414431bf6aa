// The play page's genre modules (www/genres/) in Node, against the solver: the page's own
// rules checks (isSolved, after every move) must accept every solver solution of the
// built-in puzzles and reject it with any one cell changed. The two are independent: the
// page's checks are JavaScript written from the rules, the solver's answers come from the wasm.
import assert from "node:assert/strict";
import { test } from "node:test";
import { GENRES, genreOf, normalise } from "../../www/genres/index.js";
import { PUZZLES } from "../../www/puzzles.js";
import gridlogic from "./load.mjs";

/** The board of `puzzle` with `solution` (the solver's shape) played on it. */
function solvedBoard(genre, puzzle, solution) {
  const board = genre.newBoard(puzzle);
  board.play(board.solutionEdits(solution, genre.solutionToCell));
  return board;
}

for (const { id, puzzle: raw } of PUZZLES) {
  test(`${id}: the page's rules accept the solver's solution and reject every one-cell change of it`, () => {
    const puzzle = normalise(raw);
    const genre = genreOf(puzzle);
    const [solution] = gridlogic.solve(raw, { maxSolutions: 1 }).solutions;
    const board = solvedBoard(genre, puzzle, solution);
    assert.equal(genre.isSolved(puzzle, board), true);
    assert.deepEqual(board.toSolution(genre.cellToSolution), solution);
    assert.deepEqual(board.wrongCells(solution, genre.solutionToCell), []);
    assert.equal(genre.isSolved(puzzle, genre.newBoard(puzzle)), false, "the empty board is not solved");
    // Every free cell changed to another value: a nonogram cell filled <-> crossed, a digit
    // to its neighbour (a Str8ts's digits stay within its size).
    const max = genre.id === "str8ts" ? puzzle.grid.length : 9;
    for (let i = 0; i < board.cells.length; i++) {
      if (board.fixed[i]) continue;
      const was = board.cells[i];
      const other = genre.id === "nonogram" ? 3 - was : (was % max) + 1;
      const move = board.play([{ index: i, value: other }]);
      assert.equal(genre.isSolved(puzzle, board), false, `cell ${i}: ${was} -> ${other}`);
      assert.deepEqual(board.wrongCells(solution, genre.solutionToCell), [i]);
      board.revert(move);
    }
  });
}

test("the genre table: one module per genre of the solver, each with the whole interface", () => {
  assert.deepEqual(GENRES.map((g) => g.id).sort(), ["kakuro", "nonogram", "str8ts"]);
  const members = Object.keys(GENRES[0]).sort();
  for (const genre of GENRES) assert.deepEqual(Object.keys(genre).sort(), members, genre.id);
});

test("imported shapes the page cannot draw are named by place", () => {
  const cases = [
    [{ genre: "sudoku" }, /^genre: must be one of "nonogram", "kakuro", "str8ts"/],
    [{ genre: "nonogram", rows: [[1]], cols: [[1, "2"]] }, /^cols\[0\]\[1\]: must be a whole number/],
    [
      { genre: "nonogram", colors: ["#d03030"], rows: [[{ n: 1, color: 1 }]], cols: [[1]] },
      /^colors: this page plays black-and-white nonograms only/,
    ],
    [{ genre: "kakuro", grid: [[null, { down: 3, up: 1 }]] }, /^grid\[0\]\[1\]: a clue cell has only/],
    [{ genre: "kakuro", grid: [[null], [null, 0]] }, /^grid\[1\]: has 2 cells but grid\[0\] has 1/],
    [
      {
        genre: "str8ts",
        grid: [
          [0, 3],
          [0, 0],
        ],
        black: [
          [false, false],
          [false, false],
        ],
      },
      /^grid\[0\]\[1\]: must be 0/,
    ],
    [{ genre: "str8ts", grid: [[0]], black: [[0]] }, /^black\[0\]\[0\]: must be true or false/],
  ];
  for (const [raw, message] of cases) assert.throws(() => normalise(raw), { message }, JSON.stringify(raw));
});
