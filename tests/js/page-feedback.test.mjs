// The page's clue feedback (js/board/genres/*.js `feedback`) in Node: the nonogram's "can this
// line still match its clue" against brute force over every completion of short lines; on
// the solver's solution of every built-in puzzle every clue is done and nothing conflicts;
// a digit written twice where the rules forbid it is flagged, with its clue.
import assert from "node:assert/strict";
import { test } from "node:test";
import { lineClue } from "../../www/clues.js";
import { genreOf, normalise } from "../../js/board/genres/index.js";
import {
  blocksOf,
  cellOfColour,
  lineBlocks,
  lineFits,
  sameBlocks,
  satisfiedBlocks,
} from "../../js/board/genres/lines.js";
import { PUZZLES } from "../../www/puzzles.js";
import gridlogic from "./load.mjs";

/** Does some filling of the unknown cells (0) of `line` read back to `clue`? Every one tried. */
function fitsByBruteForce(clue, line) {
  const unknown = line.flatMap((v, i) => (v === 0 ? [i] : []));
  for (let mask = 0; mask < 1 << unknown.length; mask++) {
    const filled = line.map((v) => v === 1);
    unknown.forEach((i, b) => {
      filled[i] = Boolean(mask & (1 << b));
    });
    const runs = lineClue(filled);
    if (runs.length === clue.length && runs.every((n, k) => n === clue[k])) return true;
  }
  return false;
}

test("nonogram lineFits agrees with brute force on 20,000 random lines of up to 9 cells", () => {
  let seed = 12345;
  const random = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  let fitting = 0;
  for (let t = 0; t < 20000; t++) {
    const n = 1 + random(9);
    const line = Array.from({ length: n }, () => [0, 0, 1, 2][random(4)]);
    const clue = Array.from({ length: random(4) }, () => 1 + random(4));
    const expected = fitsByBruteForce(clue, line);
    fitting += expected ? 1 : 0;
    assert.equal(lineFits(blocksOf(clue), line), expected, `clue ${JSON.stringify(clue)}, line ${line.join("")}`);
  }
  assert.ok(fitting > 2000 && fitting < 18000, `both answers are exercised (${fitting} fit)`);
});

/**
 * Does some painting of the unknown cells (0) of a colour `line` (board cells: 2 crossed,
 * cellOfColour(c) colour c) read back to `clue` (blocks)? Every one of the (colours + 1)^unknown tried.
 */
function colourFitsByBruteForce(clue, line, colours) {
  const unknown = line.flatMap((v, i) => (v === 0 ? [i] : []));
  const choices = [2, ...Array.from({ length: colours }, (_, k) => cellOfColour(k + 1))];
  for (let m = 0; m < choices.length ** unknown.length; m++) {
    const cells = line.slice();
    let rest = m;
    for (const i of unknown) {
      cells[i] = choices[rest % choices.length];
      rest = Math.floor(rest / choices.length);
    }
    if (sameBlocks(lineBlocks(cells), clue)) return true;
  }
  return false;
}

test("colour lineFits agrees with brute force on 20,000 random lines of up to 8 cells in 1 to 3 colours", () => {
  let seed = 777;
  const random = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  let fitting = 0;
  for (let t = 0; t < 20000; t++) {
    const colours = 1 + random(3);
    const n = 1 + random(8);
    // Cells: unknown (often), crossed, or a colour.
    const line = Array.from({ length: n }, () => {
      const pick = random(2 + colours + 2);
      return pick < 3 ? 0 : pick === 3 ? 2 : cellOfColour(pick - 3);
    });
    const clue = Array.from({ length: random(4) }, () => ({ n: 1 + random(3), color: 1 + random(colours) }));
    const expected = colourFitsByBruteForce(clue, line, colours);
    fitting += expected ? 1 : 0;
    assert.equal(lineFits(clue, line), expected, `clue ${JSON.stringify(clue)}, line ${line.join("")}`);
  }
  assert.ok(fitting > 2000 && fitting < 18000, `both answers are exercised (${fitting} fit)`);
});

test("colour clues cross themselves off: a run closed by the border, a cross or another colour", () => {
  const [A, B] = [cellOfColour(1), cellOfColour(2)];
  const clue = [
    { n: 2, color: 1 },
    { n: 1, color: 2 },
    { n: 1, color: 2 },
  ];
  // A A B . ? ? : the 2 and the first 1 are placed (B is closed by a cross); nothing from the right.
  assert.deepEqual(satisfiedBlocks(clue, [A, A, B, 2, 0, 0]), [true, true, false]);
  // A A ? ? ✕ B: the run of A is open on its right (unknown); the B at the border is closed by the cross.
  assert.deepEqual(satisfiedBlocks(clue, [A, A, 0, 0, 2, B]), [false, false, true]);
  assert.deepEqual(satisfiedBlocks(clue, [A, A, 0, 0, 0, B]), [false, false, false], "B may grow to the left");
  // A run of the wrong colour stops the sweep.
  assert.deepEqual(satisfiedBlocks(clue, [B, 2, 0, 0, 0, 0]), [false, false, false]);
  assert.deepEqual(satisfiedBlocks(clue, [A, A, B, 2, B, 2]), [true, true, true]);
});

for (const { id, puzzle: raw } of PUZZLES) {
  test(`${id}: on the solver's solution every clue is done and nothing conflicts; the empty board has no conflict`, () => {
    const puzzle = normalise(raw);
    const genre = genreOf(puzzle);
    const [solution] = gridlogic.solve(raw, { maxSolutions: 1 }).solutions;
    const board = genre.newBoard(puzzle);
    const empty = genre.feedback(puzzle, board);
    // Every clue has a line of its own; a classic Sudoku has no clue (its rules are its units).
    const classicSudoku = genre.id === "sudoku" && !puzzle.cages?.length;
    assert.equal(empty.lines.length > 0, !classicSudoku);
    assert.ok(!empty.lines.includes("conflict"), "the empty board has no conflict");
    assert.deepEqual(empty.conflicts, []);
    board.play(board.solutionEdits(solution, genre.solutionToCell));
    const solved = genre.feedback(puzzle, board);
    assert.deepEqual(new Set(solved.lines), new Set(classicSudoku ? [] : ["done"]));
    assert.deepEqual(solved.conflicts, []);
  });
}

test("a repeated digit is flagged with its run (Kakuro) or row and column (Str8ts); a nonogram's overfull line conflicts", () => {
  for (const genreId of ["kakuro", "str8ts"]) {
    const entry = PUZZLES.find((p) => p.genre === genreId);
    const puzzle = normalise(entry.puzzle);
    const genre = genreOf(puzzle);
    const board = genre.newBoard(puzzle);
    const w = board.width;
    // Two free white cells side by side in a row (in one run or compartment).
    const i = board.cells.findIndex((_, k) => k % w < w - 1 && !board.fixed[k] && !board.fixed[k + 1]);
    assert.ok(i >= 0, genreId);
    board.play([
      { index: i, value: 1 },
      { index: i + 1, value: 1 },
    ]);
    const { lines, conflicts } = genre.feedback(puzzle, board);
    assert.ok(conflicts.includes(i) && conflicts.includes(i + 1), `${genreId}: ${conflicts}`);
    assert.ok(
      conflicts.every((k) => board.cells[k] === 1),
      `${genreId}: only 1s repeat (a given 1 in the same line too)`,
    );
    assert.ok(lines.includes("conflict"), `${genreId}: the run or compartment conflicts`);
  }
  const puzzle = normalise({ genre: "nonogram", rows: [[1], [1]], cols: [[1], [1]] });
  const genre = genreOf(puzzle);
  const board = genre.newBoard(puzzle);
  board.play([{ index: 0, value: 1 }]);
  assert.deepEqual(genre.feedback(puzzle, board).lines, ["done", "", "done", ""]);
  board.play([{ index: 1, value: 1 }]);
  assert.deepEqual(genre.feedback(puzzle, board).lines, ["conflict", "", "done", "done"]);
});
