// Every genre of the registry (the wasm's `genres()`), through every capability of the JS API:
// generate, solve, the check of a solution (hint on it says "solved"), explain, hint from the
// puzzle's own grid, rate, the canonical text's round trip, and the page's genre module. A genre
// that lacks one fails a test named after the genre and the capability.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { genreOf, normalise } from "../../js/board/genres/index.js";
import api from "./load.mjs";

/** The wasm-bindgen module `name` of pkg/, initialised. */
async function module(name) {
  const loaded = await import(`../../pkg/${name}.js`);
  loaded.initSync({ module: readFileSync(new URL(`../../pkg/${name}_bg.wasm`, import.meta.url)) });
  return loaded;
}
const solver = await module("gridlogic");
const explained = await module("gridlogic_explain");
const formats = await module("gridlogic_formats");

/** Small generate options per registry genre: a genre added to the registry without an entry
 *  here fails its first test, which says what to add. */
const SMALL = {
  nonogram: { genre: "nonogram", width: 5, height: 5 },
  colornonogram: { genre: "nonogram", width: 5, height: 5, colors: ["#d03030", "#3050d0"] },
  kakuro: { genre: "kakuro", width: 5, height: 5 },
  str8ts: { genre: "str8ts", size: 4 },
  sudoku: { genre: "sudoku", size: 4 },
};

/** The puzzle's own grid as a player's board: what a page starts from. A nonogram has no grid:
 *  its board starts unknown. */
function ownGrid(puzzle) {
  if (puzzle.grid) return puzzle.grid;
  return puzzle.rows.map(() => puzzle.cols.map(() => null));
}

const genres = solver.genres();

test("every module names the same genres, the registry's", () => {
  assert.ok(genres.length >= 4, `${genres}`);
  assert.deepEqual(explained.genres(), genres);
  assert.deepEqual(formats.genres(), genres);
});

for (const name of genres) {
  const made = {};
  test(`${name}: generate`, () => {
    assert.ok(SMALL[name], `tests/js/genres-walk.test.mjs: add small generate options for "${name}" to SMALL`);
    Object.assign(made, explained.generate({ ...SMALL[name], difficulty: "easy", seed: 7 }));
    assert.equal(made.rating.label, "easy");
    assert.equal(
      formats.formatPuzzle(made.puzzle, "canonical").split(":")[0],
      name,
      "the canonical text names the genre",
    );
  });

  test(`${name}: solve and check`, () => {
    const outcome = api.solve(made.puzzle);
    assert.equal(outcome.status, "unique");
    assert.deepEqual(outcome.solutions[0], made.solution);
    assert.deepEqual(explained.hint(made.puzzle, outcome.solutions[0]), { kind: "solved" });
  });

  test(`${name}: explain, hint from the puzzle's own grid, rate`, () => {
    const explanation = explained.explain(made.puzzle);
    assert.equal(explanation.status, "solved");
    assert.ok(explanation.steps.length > 0);
    const start = explained.explain(made.puzzle, { board: ownGrid(made.puzzle) });
    assert.equal(start.status, "solved");
    const next = explained.hint(made.puzzle, ownGrid(made.puzzle));
    assert.equal(next.kind, "step", JSON.stringify(next));
    assert.deepEqual(explained.rate(made.puzzle), explanation.rating);
  });

  test(`${name}: the canonical text and back`, () => {
    const text = formats.formatPuzzle(made.puzzle, "canonical");
    assert.deepEqual(formats.parsePuzzle(text), made.puzzle);
    assert.deepEqual(api.parsePuzzle(text), made.puzzle);
  });

  test(`${name}: the page's genre module`, () => {
    const puzzle = normalise(made.puzzle);
    const genre = genreOf(puzzle);
    assert.ok(genre, `js/board/genres/ has no module for a puzzle of genre "${made.puzzle.genre}"`);
    const board = genre.newBoard(puzzle);
    assert.equal(genre.isSolved(puzzle, board), false, "the new board is not solved");
    board.play(board.solutionEdits(made.solution, genre.solutionToCell));
    assert.equal(genre.isSolved(puzzle, board), true, "the solution played on the board solves it");
    assert.deepEqual(explained.hint(made.puzzle, genre.playerBoard(puzzle, board)), { kind: "solved" });
  });
}
