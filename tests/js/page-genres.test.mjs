// The play page's genre modules (js/board/genres/) in Node, against the solver: the page's own
// rules checks (isSolved, after every move) must accept every solver solution of the
// built-in puzzles and reject it with any one cell changed. The two are independent: the
// page's checks are JavaScript written from the rules, the solver's answers come from the wasm.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CROSSED } from "../../js/board/board.js";
import { GENRES, genreOf, normalise } from "../../js/board/genres/index.js";
import { cellOfColour } from "../../js/board/genres/lines.js";
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
    // Every free cell changed to another value: a nonogram cell to the next of crossed, colour 1,
    // colour 2 … (black and white: filled <-> crossed), a digit to its neighbour (a Str8ts's
    // and Sudoku's digits stay within its size, as the page's digit pad and keys do).
    const max = genre.id === "kakuro" ? 9 : puzzle.grid?.length;
    const paints = [CROSSED, ...Array.from({ length: puzzle.colors?.length ?? 1 }, (_, k) => cellOfColour(k + 1))];
    for (let i = 0; i < board.cells.length; i++) {
      if (board.fixed[i]) continue;
      const was = board.cells[i];
      const other = genre.id === "nonogram" ? paints[(paints.indexOf(was) + 1) % paints.length] : (was % max) + 1;
      const move = board.play([{ index: i, value: other }]);
      assert.equal(genre.isSolved(puzzle, board), false, `cell ${i}: ${was} -> ${other}`);
      assert.deepEqual(board.wrongCells(solution, genre.solutionToCell), [i]);
      board.revert(move);
    }
  });
}

test("the genre table: one module per genre of the solver, each with the whole interface", () => {
  assert.deepEqual(GENRES.map((g) => g.id).sort(), ["kakuro", "nonogram", "str8ts", "sudoku"]);
  const members = Object.keys(GENRES[0]).sort();
  for (const genre of GENRES) assert.deepEqual(Object.keys(genre).sort(), members, genre.id);
});

test("imported shapes the page cannot draw are named by place", () => {
  const cases = [
    [{ genre: "hitori" }, /^genre: must be one of "nonogram", "kakuro", "str8ts", "sudoku"/],
    [{ genre: "sudoku" }, /^grid: must be a non-empty array of rows/],
    [
      {
        genre: "sudoku",
        grid: [
          [0, 0, 0, 0],
          [0, 0, 0, 0],
          [0, 0, 0, 0],
          [0, 0, 0, 0],
        ],
        box: [1, 3],
      },
      /^box: must be/,
    ],
    [{ genre: "nonogram", rows: [[1]], cols: [[1, "2"]] }, /^cols\[0\]\[1\]: must be a whole number/],
    [{ genre: "nonogram", colors: [], rows: [[1]], cols: [[1]] }, /^colors: must be an array of 1 to 32 CSS colours/],
    [{ genre: "nonogram", colors: ["red", 7], rows: [[1]], cols: [[1]] }, /^colors\[1\]: must be a CSS colour, not 7/],
    [
      { genre: "nonogram", colors: ["red"], background: 0, rows: [[1]], cols: [[1]] },
      /^background: must be a CSS colour, not 0/,
    ],
    [
      { genre: "nonogram", colors: ["red", "blue"], rows: [[{ n: 1, color: 3 }]], cols: [[1]] },
      /^rows\[0\]\[0\]\.color: must be a colour of colors, 1 to 2, not 3/,
    ],
    [
      { genre: "nonogram", colors: ["red"], rows: [[1]], cols: [[{ n: -1, color: 1 }]] },
      /^cols\[0\]\[0\]: must be a whole number ≥ 0 or a block \{n, color\}/,
    ],
    [
      { genre: "nonogram", rows: [[{ n: 1, color: 1 }]], cols: [[1]] },
      /^rows\[0\]\[0\]: must be a whole number ≥ 0, not/,
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

test("a colour nonogram normalises to blocks (numbers are colour 1, zero blocks dropped) and stays so", () => {
  const raw = {
    genre: "nonogram",
    colors: ["#d03030", "navy"],
    background: "#fffff0",
    rows: [[2, { n: 1, color: 2 }], [{ n: 0, color: 2 }]],
    cols: [[1], [1], [{ n: 1, color: 2 }]],
  };
  const puzzle = normalise(raw);
  assert.deepEqual(puzzle, {
    genre: "nonogram",
    colors: ["#d03030", "navy"],
    background: "#fffff0",
    rows: [
      [
        { n: 2, color: 1 },
        { n: 1, color: 2 },
      ],
      [],
    ],
    cols: [[{ n: 1, color: 1 }], [{ n: 1, color: 1 }], [{ n: 1, color: 2 }]],
  });
  assert.deepEqual(normalise(puzzle), puzzle, "normalising twice changes nothing (saved puzzles open again)");
  const genre = genreOf(puzzle);
  const board = genre.newBoard(puzzle);
  // Colour 2 is cell 3: a save holding it restores; one holding colour 3 (cell 4) does not.
  const saved = { cells: [1, 1, 3, 0, 0, 2], marks: new Array(6).fill(0), undo: [], redo: [] };
  assert.equal(board.restore(saved), true);
  assert.equal(genre.isSolved(puzzle, board), true);
  assert.equal(board.restore({ ...saved, cells: [1, 1, 4, 0, 0, 2] }), false);
  assert.deepEqual(genre.playerBoard(puzzle, board), [
    [1, 1, 2],
    [null, null, 0],
  ]);
  assert.equal(genre.cellText(3, puzzle), "colour 2 (navy)");
  // A hint's changes: a colour, the background, or colours a cell cannot be (which leave it alone).
  assert.deepEqual(genre.changeEdit(puzzle, board, { row: 1, col: 0, value: 2 }), { index: 3, value: 3 });
  assert.deepEqual(genre.changeEdit(puzzle, board, { row: 1, col: 1, value: 0 }), { index: 4, value: 2 });
  assert.deepEqual(genre.changeEdit(puzzle, board, { row: 0, col: 2, remove: [1] }), { index: 2, value: 3 });
  assert.deepEqual(genre.changeEdit(puzzle, board, { row: 1, col: 1, remove: [0, 2] }), { index: 4, value: 0 });
  assert.equal(genre.cellText(1, normalise({ genre: "nonogram", rows: [[1]], cols: [[1]] })), "filled");
});

test("the built-in colour nonograms: 3 to 5, 10 to 20 cells a side, 2 to 4 colours, each with exactly one solution", () => {
  const colour = PUZZLES.filter((p) => p.puzzle.colors);
  assert.ok(colour.length >= 3 && colour.length <= 5, `${colour.length} colour puzzles`);
  for (const { id, puzzle } of colour) {
    const { height, width } = genreOf(puzzle).size(normalise(puzzle));
    assert.ok(Math.min(height, width) >= 9 && Math.max(height, width) <= 20, `${id}: ${width}×${height}`);
    assert.ok(puzzle.colors.length >= 2 && puzzle.colors.length <= 4, `${id}: ${puzzle.colors.length} colours`);
    // "unique": the search for a second solution finished without one.
    const result = gridlogic.solve(puzzle, { maxSolutions: 2 });
    assert.equal(result.status, "unique", id);
    assert.equal(result.solutions.length, 1, id);
  }
});
