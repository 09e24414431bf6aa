// Bad input through the built package: every mistake throws an Error whose message names the
// problem and its place (a JS array path, or a line and column of text), and the instance
// goes on solving afterwards. Also: huge texts answer quickly, and the limits are honoured.
import { test } from "node:test";
import assert from "node:assert/strict";
import gridlogic from "./load.mjs";

const { solve, solveNonogram, solveKakuro, solveStr8ts, parsePuzzle, parsePuzzles } = gridlogic;

const square = (n, value) => Array.from({ length: n }, () => Array(n).fill(value));
const white = (n) => square(n, false);
/** A small Kakuro whose only solution is [[1, 2], [3, 1]]. */
const smallKakuro = () => [
  [null, { down: 4 }, { down: 3 }],
  [{ across: 3 }, 0, 0],
  [{ across: 4 }, 0, 0],
];

/** The instance still works: a small puzzle of each genre is solved. */
function stillSolves() {
  assert.equal(solveNonogram([[1], [1]], [[2], [0]]).status, "unique");
  assert.equal(solveKakuro(smallKakuro()).status, "unique");
  assert.equal(
    solveStr8ts(
      [
        [1, 2, 3, 4],
        [2, 3, 4, 1],
        [3, 4, 1, 2],
        [4, 1, 2, 0],
      ],
      white(4),
    ).status,
    "unique",
  );
}

/** `call` throws an Error whose message starts with `place` and matches `problem`. */
function rejects(call, place, problem) {
  assert.throws(call, (e) => {
    assert.ok(e instanceof Error, `threw ${e}, not an Error`);
    assert.ok(e.message.startsWith(`${place}: `), `"${e.message}" does not start with "${place}: "`);
    assert.match(e.message, problem);
    return true;
  });
  stillSolves();
}

// ---- every genre: the shape of the input ----

test("missing genre", () =>
  rejects(
    () => solve({ rows: [[1]], cols: [[1]] }),
    "genre",
    /expected "nonogram", "kakuro", "str8ts" or "sudoku", got nothing/,
  ));
test("unknown genre", () => rejects(() => solve({ genre: "hitori", grid: [[0]] }), "genre", /unknown genre "hitori"/));
test("rows not an array", () =>
  rejects(() => solve({ genre: "nonogram", rows: 5, cols: [[1]] }), "rows", /expected an array, got 5/));
test("a row not an array", () =>
  rejects(() => solveNonogram([[1], "1"], [[1]]), "rows[1]", /expected an array, got the string "1"/));
test("negative clue", () => rejects(() => solveNonogram([[1], [-1]], [[1], [1]]), "rows[1][0]", /-1 is out of range/));
test("fractional clue", () => rejects(() => solveNonogram([[1]], [[0.5]]), "cols[0][0]", /whole number.*got 0\.5/));
test("NaN clue", () => rejects(() => solveNonogram([[1, NaN]], [[1]]), "rows[0][1]", /whole number.*got NaN/));
test("string clue", () =>
  rejects(
    () =>
      solveKakuro([
        [null, { down: "3" }],
        [{ across: 3 }, 0],
      ]),
    "grid[0][1].down",
    /whole number.*the string "3"/,
  ));
// A row of integers is read in one call; these are not, and are named one by one.
test("hole in a clue row", () =>
  // biome-ignore lint/suspicious/noSparseArray: the hole is what this test is about
  rejects(() => solveNonogram([[1, , 1]], [[1], [0], [1]]), "rows[0][1]", /whole number.*got nothing \(undefined\)/));
test("boxed number clue", () =>
  rejects(() => solveNonogram([[1]], [[new Number(1)]]), "cols[0][0]", /whole number.*got an object/));
test("Str8ts digit Infinity", () =>
  rejects(
    () =>
      solveStr8ts(
        [
          [1, Infinity],
          [0, 0],
        ],
        white(2),
      ),
    "grid[0][1]",
    /whole number.*got Infinity/,
  ));
test("clue 2**40", () =>
  rejects(() => solveNonogram([[2 ** 40]], [[1]]), "rows[0][0]", /1099511627776 is out of range/));
test("ragged kakuro grid", () =>
  rejects(
    () =>
      solveKakuro([
        [null, { down: 3 }],
        [{ across: 3 }, 0, 0],
      ]),
    "grid[1]",
    /has 3 cells but grid\[0\] has 2/,
  ));
test("ragged str8ts grid", () => {
  const grid = [
    [0, 0, 0, 0],
    [0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
  ];
  rejects(() => solveStr8ts(grid, white(4)), "grid[1]", /has 3 cells, expected 4/);
});
test("str8ts black of another size than grid", () => {
  rejects(() => solveStr8ts(square(4, 0), white(5)), "black", /has 5 rows, expected 4 like grid/);
  rejects(
    () =>
      solveStr8ts(square(4, 0), [
        [false, false, false, false],
        [false],
        [false, false, false, false],
        [false, false, false, false],
      ]),
    "black[1]",
    /has 1 cells, expected 4/,
  );
});
test("empty grids", () => {
  rejects(() => solveNonogram([], [[1]]), "rows", /1 to 4096 rows, not 0/);
  rejects(() => solveNonogram([[1]], []), "cols", /1 to 4096 cols, not 0/);
  rejects(() => solveKakuro([]), "grid", /is empty/);
  rejects(() => solveKakuro([[]]), "grid[0]", /is empty/);
  rejects(() => solveStr8ts([], []), "grid", /is empty/);
});

// ---- nonogram ----

test("nonogram: a clue longer than its line", () =>
  rejects(() => solveNonogram([[1], [4]], [[1], [1], [1]]), "rows[1]", /clues need 4 cells but the row has 3/));
test("nonogram: clue sum plus gaps beyond the line", () =>
  rejects(() => solveNonogram([[1]], [[1, 1]]), "cols[0]", /clues need 3 cells but the column has 1/));
test("nonogram: row total ≠ column total is answered none", () => {
  const result = solveNonogram([[2], [1]], [[1], [1]]);
  assert.equal(result.status, "none");
  assert.deepEqual(result.solutions, []);
  stillSolves();
});

// ---- kakuro ----

test("kakuro: sum 2 in a run of 2", () => {
  const grid = smallKakuro();
  grid[1][0] = { across: 2 };
  rejects(
    () => solveKakuro(grid),
    "grid[1][0]",
    /across sum 2 is impossible for a run of 2 cells \(feasible: 3\.\.17\)/,
  );
});
test("kakuro: sum 46 in a run of 9", () => {
  const grid = [
    [null, ...Array(9).fill({ down: 1 })],
    [{ across: 46 }, ...Array(9).fill(0)],
  ];
  rejects(() => solveKakuro(grid), "grid[1][0]", /across sum 46 is impossible for a run of 9 cells/);
});
test("kakuro: a run longer than 9", () => {
  const grid = [Array(11).fill(null), [{ across: 45 }, ...Array(10).fill(0)]];
  rejects(() => solveKakuro(grid), "grid[1][1]", /across run starting here has 10 cells, more than 9/);
});
test("kakuro: given digit 10", () => {
  const grid = smallKakuro();
  grid[2][1] = 10;
  rejects(() => solveKakuro(grid), "grid[2][1]", /digit 10 is not in 1\.\.9/);
});
test("kakuro: a clue cell pointing at nothing", () => {
  const grid = smallKakuro();
  grid[0][0] = { down: 7 }; // below it is a clue cell, not a white cell
  rejects(() => solveKakuro(grid), "grid[0][0]", /down sum 7 has no white cell below it/);
});

// ---- str8ts ----

test("str8ts: digits outside 1..N", () => {
  const grid = square(4, 0);
  grid[2][3] = 5;
  rejects(() => solveStr8ts(grid, white(4)), "grid[2][3]", /digit 5 is not in 1\.\.4/);
});
test("str8ts: a repeated given in a line", () => {
  const row = square(5, 0);
  row[1][0] = 3;
  row[1][4] = 3;
  rejects(() => solveStr8ts(row, white(5)), "grid[1][4]", /digit 3 repeats grid\[1\]\[0\] in row 1/);
  const column = square(5, 0);
  column[0][2] = 4;
  column[3][2] = 4;
  rejects(() => solveStr8ts(column, white(5)), "grid[3][2]", /digit 4 repeats grid\[0\]\[2\] in column 2/);
});
test("str8ts: non-square grid", () => {
  const grid = Array.from({ length: 4 }, () => Array(5).fill(0));
  rejects(
    () =>
      solveStr8ts(
        grid,
        grid.map((r) => r.map(() => false)),
      ),
    "grid[0]",
    /has 5 cells, expected 4 \(the grid must be square\)/,
  );
});
test("str8ts: N outside 4..16", () => {
  rejects(() => solveStr8ts(square(3, 0), white(3)), "grid", /has 3 rows; a Str8ts is 4×4 to 16×16/);
  rejects(() => solveStr8ts(square(17, 0), white(17)), "grid", /has 17 rows; a Str8ts is 4×4 to 16×16/);
});

// ---- text formats ----

test("text: truncated files", () => {
  rejects(() => parsePuzzle("nonogram:2x2:1/1/1"), "line 1, column 19", /expected 4 clue groups .* found 3/);
  rejects(() => parsePuzzle("2 2\n1\n1\n1\n", "nin"), "line 4, column 2", /expected 4 clue lines .* found 3/);
});
test("text: wrong counts", () => {
  rejects(() => parsePuzzle("str8ts:...-/..../..../....."), "line 1, column 23", /this row has 5 cells, expected 4/);
});
test("text: stray characters", () => {
  rejects(() => parsePuzzle("kakuro:-,4-,3-/-3,_,_/-4,_,?"), "line 1, column 28", /expected a cell .* found "\?"/);
  rejects(() => parsePuzzle("2 2\n1\n1 x\n1\n1\n", "nin"), "line 3, column 3", /expected a clue, found "x"/);
});
test("text: CRLF and a byte-order mark parse fine", () => {
  const expected = { genre: "nonogram", rows: [[1], [1]], cols: [[1], [1]] };
  assert.deepEqual(parsePuzzle("2 2\r\n1\r\n1\r\n1\r\n1\r\n", "nin"), expected);
  assert.deepEqual(parsePuzzle("\uFEFFnonogram:2x2:1/1/1/1"), expected);
  assert.deepEqual(
    parsePuzzle("\uFEFFwidth 2\r\nheight 2\r\n\r\nrows\r\n1\r\n1\r\n\r\ncolumns\r\n1\r\n1\r\n"),
    expected,
  );
  assert.deepEqual(parsePuzzle("\uFEFFkakuro:-,4-,3-/-3,_,_/-4,_,_\r\n"), { genre: "kakuro", grid: smallKakuro() });
});
test("text: a 100 MB input is refused with its place; reading is linear in the input's size", () => {
  const inputs = (kb) => ["x".repeat(kb << 10), "1 ".repeat(kb << 9), `2 2\n${"1\n".repeat(kb << 9)}`];
  const place = (e) => e instanceof Error && /line \d+, column \d+: /.test(e.message);
  // 100 MB (over the limit of 64 MB) reaches the wasm instance and comes back as an error.
  for (const text of inputs(100 << 10)) assert.throws(() => parsePuzzles(text), place);
  // Linear, not a wall-clock bound (the machine's load varies): each 2 MB input may take at
  // most 24 times its 256 KB version (linear is 8 times, quadratic 64), and never 30 s. (The
  // third, a .nin header over many lines, is read by each format it looks like when no format
  // is named: janko, nin and buchmann, after one split of its lines for all the formats' looks.)
  const [small, large] = [inputs(256), inputs(2048)];
  for (const [i, text] of large.entries()) {
    for (const read of [(t) => parsePuzzle(t), (t) => parsePuzzles(t), (t) => parsePuzzle(t, "nin")]) {
      const timed = (t) => {
        const start = performance.now();
        assert.throws(() => read(t), place);
        return performance.now() - start;
      };
      const [smallMs, largeMs] = [timed(small[i]), timed(text)];
      assert.ok(
        largeMs < 24 * smallMs + 200 && largeMs < 30000,
        `256 KB ${smallMs.toFixed(0)} ms, 2 MB ${largeMs.toFixed(0)} ms`,
      );
    }
  }
  stillSolves();
});
test("text: a header claiming 10^9 rows is an error before allocating", () => {
  rejects(() => parsePuzzle("1 1000000000\n1\n", "nin"), "line 1, column 3", /height 1000000000 is outside 1\.\.4096/);
  rejects(() => parsePuzzle("nonogram:1x1000000000:1/1"), "line 1, column 12", /height 1000000000 is outside/);
  rejects(
    () => parsePuzzle("width 1\nheight 1000000000\nrows\n1\ncolumns\n1\n"),
    "line 2, column 8",
    /height 1000000000 is outside/,
  );
});

// ---- limits ----

test("timeLimitMs stops the search once the limit has passed", () => {
  // How soon after the limit it stops is the bench's to measure: on a loaded machine the
  // process can be paused for a while between two looks at the clock, so the bound here is
  // loose (ten times the limit) and only catches a limit that is ignored.
  const result = solveStr8ts(square(16, 0), white(16), { maxSolutions: 10000, timeLimitMs: 300 });
  assert.ok(["unknown", "multiple"].includes(result.status), result.status);
  const { millis } = result.stats;
  assert.ok(millis >= 300 && millis < 3000, `stopped after ${millis} ms`);
  stillSolves();
});
test("nodeLimit is honoured exactly", () => {
  for (const nodeLimit of [0, 1, 7, 500, 1234]) {
    const result = solveStr8ts(square(16, 0), white(16), { maxSolutions: 10000, nodeLimit });
    // The first solution lies about 200 levels deep; then they come at nearly every node.
    assert.equal(result.status, nodeLimit < 100 ? "unknown" : "multiple");
    assert.equal(result.stats.nodes, nodeLimit, `nodeLimit ${nodeLimit}`);
  }
  stillSolves();
});
