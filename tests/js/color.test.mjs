// Colour nonograms through the built package (the JS API's colour shape): every answer checked
// against the clues by a checker written here, every verdict of tiny puzzles against a
// brute-force count of all their colourings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import gridlogic, { corpus } from "./load.mjs";
import { createSolver } from "../../js/node.js";

const { solve, solveNonogram, parsePuzzle, parsePuzzles, formatPuzzle } = gridlogic;

/** A clue as `{n, color}` (a plain number is a block of colour 1). */
const block = (clue) => (typeof clue === "number" ? { n: clue, color: 1 } : clue);

/** The blocks of a line of colour indices: maximal runs of one colour other than 0. */
function blocksOf(line) {
  const blocks = [];
  let previous = 0;
  for (const color of line) {
    if (color !== 0) {
      if (color === previous) blocks[blocks.length - 1].n += 1;
      else blocks.push({ n: 1, color });
    }
    previous = color;
  }
  return blocks;
}

/** The clues of a line as `{n, color}`, a lone 0 as the empty line. */
const normal = (clues) => clues.map(block).filter((b) => b.n > 0);

/** Whether a line (colour indices) has these clues. */
const matches = (line, clues) => JSON.stringify(blocksOf(line)) === JSON.stringify(normal(clues));

/** Whether `grid` (rows of colour indices) satisfies every row and column clue. */
function satisfies(grid, rows, cols) {
  if (grid.length !== rows.length || grid.some((row) => row.length !== cols.length)) return false;
  return (
    rows.every((clues, r) => matches(grid[r], clues)) &&
    cols.every((clues, c) =>
      matches(
        grid.map((row) => row[c]),
        clues,
      ),
    )
  );
}

/** Every solution of a tiny puzzle: each row tried in all (colours + 1)^width fills, the fills
 *  that match its clues combined in every way, and each grid checked whole. */
function bruteForce(rows, cols, colours) {
  const width = cols.length;
  const fills = [];
  for (let code = 0; code < (colours + 1) ** width; code++) {
    let rest = code;
    fills.push(
      Array.from({ length: width }, () => {
        const value = rest % (colours + 1);
        rest = Math.floor(rest / (colours + 1));
        return value;
      }),
    );
  }
  const rowFills = rows.map((clues) => fills.filter((line) => matches(line, clues)));
  const found = [];
  const extend = (grid) => {
    if (grid.length === rows.length) {
      if (satisfies(grid, rows, cols)) found.push(grid);
      return;
    }
    for (const line of rowFills[grid.length]) extend([...grid, line]);
  };
  extend([]);
  return found;
}

/** The clues of a picture (rows of colour indices). */
function cluesOf(grid) {
  const rows = grid.map(blocksOf);
  const cols = grid[0].map((_, c) => blocksOf(grid.map((row) => row[c])));
  return { rows, cols };
}

/** A seeded xorshift generator of whole numbers below `n`. */
function random(seed) {
  let state = seed;
  return (n) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

const palette = ["#d03030", "#3050d0", "rgb(32, 128, 64)"];

test("a colour nonogram: blocks of different colours touch, the answer is unique and right", () => {
  // r r b      rows: [2r 1b] [1b 1r] [1r 1b 1r]      (r = 1, b = 2)
  // b . r
  // r b r
  const picture = [
    [1, 1, 2],
    [2, 0, 1],
    [1, 2, 1],
  ];
  const { rows, cols } = cluesOf(picture);
  assert.deepEqual(rows[0], [
    { n: 2, color: 1 },
    { n: 1, color: 2 },
  ]);
  const puzzle = { genre: "nonogram", colors: palette.slice(0, 2), rows, cols };
  const result = solve(puzzle);
  const all = bruteForce(rows, cols, 2);
  assert.equal(all.length, 1, "the oracle agrees that it is unique");
  assert.equal(result.status, "unique");
  assert.deepEqual(result.solutions, all);
  assert.ok(satisfies(result.solutions[0], rows, cols));
  // solveNonogram with the palette as its fourth argument answers the same.
  const direct = solveNonogram(rows, cols, undefined, palette.slice(0, 2));
  assert.deepEqual({ ...direct, stats: undefined }, { ...result, stats: undefined });
});

test("plain numbers are blocks of colour 1; a background colour is accepted", () => {
  const rows = [[1, { n: 1, color: 2 }], [2]];
  const cols = [[2], [{ n: 1, color: 2 }, 1]];
  const result = solve({ genre: "nonogram", colors: ["black", "red"], background: "white", rows, cols });
  assert.equal(result.status, "unique");
  assert.deepEqual(result.solutions[0], [
    [1, 2],
    [1, 1],
  ]);
  assert.deepEqual(bruteForce(rows, cols, 2), result.solutions);
});

test("random tiny colour puzzles: the status and every solution agree with brute force", () => {
  const next = random(0x2545f491);
  const seen = { unique: 0, multiple: 0, none: 0 };
  for (let round = 0; round < 45; round++) {
    const colours = 2 + (round % 2); // 2 or 3 colours
    const [height, width] = colours === 2 ? [3, 2 + next(3)] : [2 + next(2), 3];
    const picture = Array.from({ length: height }, () => Array.from({ length: width }, () => next(colours + 1)));
    const { rows, cols } = cluesOf(picture);
    // One round in three changes the colour of a line's only block: such clues have no
    // solution, or others.
    if (round % 3 === 2) {
      const line = rows.find((r) => r.length === 1);
      if (line) line[0] = { ...line[0], color: (line[0].color % colours) + 1 };
    }
    const oracle = bruteForce(rows, cols, colours);
    const result = solve({ genre: "nonogram", colors: palette.slice(0, colours), rows, cols }, { maxSolutions: 10000 });
    const expected = oracle.length === 0 ? "none" : oracle.length === 1 ? "unique" : "multiple";
    assert.equal(result.status, expected, JSON.stringify({ rows, cols }));
    seen[expected] += 1;
    // All solutions found (maxSolutions is far above the count), each a solution, none twice.
    const key = (grids) => grids.map((g) => JSON.stringify(g)).sort();
    assert.deepEqual(key(result.solutions), key(oracle), JSON.stringify({ rows, cols }));
    for (const grid of result.solutions) assert.ok(satisfies(grid, rows, cols));
  }
  assert.ok(seen.unique > 5 && seen.multiple >= 3 && seen.none > 0, JSON.stringify(seen));
});

test("a larger random colour picture is solved, the answer satisfying its clues", () => {
  const next = random(77);
  const [height, width] = [15, 12];
  // Blobs rather than noise: every cell repeats its left or upper neighbour half the time.
  const picture = [];
  for (let r = 0; r < height; r++) {
    picture.push([]);
    for (let c = 0; c < width; c++) {
      const copy = next(2) === 0 ? (next(2) === 0 && r > 0 ? picture[r - 1][c] : picture[r][c - 1]) : undefined;
      picture[r].push(copy ?? next(4));
    }
  }
  const { rows, cols } = cluesOf(picture);
  const result = solve({ genre: "nonogram", colors: palette, rows, cols }, { timeLimitMs: 20000 });
  assert.ok(["unique", "multiple"].includes(result.status), result.status);
  for (const grid of result.solutions) assert.ok(satisfies(grid, rows, cols));
  if (result.status === "unique") assert.deepEqual(result.solutions[0], picture);
});

/** `call` throws an Error whose message is exactly `message`. */
function throwsExactly(call, message) {
  assert.throws(call, (e) => {
    assert.ok(e instanceof Error, `not an Error: ${e}`);
    assert.equal(e.message, message);
    return true;
  });
}

test("bad colour input is an Error naming its place; the instance stays usable", () => {
  const colors = ["red", "blue"];
  const ok = { genre: "nonogram", colors, rows: [[{ n: 1, color: 2 }]], cols: [[{ n: 1, color: 2 }]] };
  const cases = [
    [
      { ...ok, rows: [[], [], [1, { n: 1, color: 3 }]], cols: [[], [], []] },
      "rows[2][1].color: colour 3 is not in colors (2 colours)",
    ],
    [{ ...ok, cols: [[{ n: 1, color: 0 }]] }, "cols[0][0].color: colour 0 is not in colors (2 colours)"],
    [{ ...ok, colors: ["red", "#12"] }, 'colors[1]: "#12" is not a CSS colour'],
    [{ ...ok, colors: ["red", 5] }, "colors[1]: expected a CSS colour string, got 5"],
    [{ ...ok, colors: Array(33).fill("red") }, "colors: a colour nonogram has 1 to 32 colours, not 33"],
    [{ ...ok, colors: [] }, "colors: a colour nonogram has 1 to 32 colours, not 0"],
    [{ ...ok, colors: "red" }, 'colors: expected an array, got the string "red"'],
    [{ ...ok, background: "nope" }, 'background: "nope" is not a CSS colour'],
    [{ ...ok, rows: [[{ n: 1, color: 40 }]] }, "rows[0][0].color: 40 is out of range (expected 0 to 32)"],
    [{ ...ok, rows: [[{ color: 1 }]] }, "rows[0][0].n: expected a whole number ≥ 0, got nothing (undefined)"],
    [{ ...ok, rows: [["x"]] }, 'rows[0][0]: expected a number or {n, color}, got the string "x"'],
    [{ ...ok, rows: [[1, 1]] }, "rows[0]: clues need 3 cells but the row has 1"],
  ];
  for (const [puzzle, message] of cases) {
    throwsExactly(() => solve(puzzle), message);
    // The same puzzle still solves right after the error: the instance is fine.
    assert.equal(solve(ok).status, "unique");
  }
  throwsExactly(
    () => solveNonogram([[{ n: 2, color: 1 }]], [[1], [1]], undefined, ["red", "nope"]),
    'colors[1]: "nope" is not a CSS colour',
  );
  // Two blocks of one colour need a gap, of two colours not.
  assert.equal(
    solveNonogram(
      [
        [
          { n: 1, color: 1 },
          { n: 1, color: 2 },
        ],
      ],
      [[1], [{ n: 1, color: 2 }]],
      {},
      colors,
    ).status,
    "unique",
  );
});

test("without colors a nonogram is black-and-white exactly as before", () => {
  const rows = [[1, 1], [5], [5], [3], [1]];
  const cols = [[2], [4], [4], [4], [2]];
  const plain = solve({ genre: "nonogram", rows, cols });
  for (const other of [
    solve({ genre: "nonogram", rows, cols, colors: undefined }),
    solve({ genre: "nonogram", rows, cols, colors: null, background: "pink" }),
    solveNonogram(rows, cols),
    solveNonogram(rows, cols, undefined, undefined),
  ]) {
    assert.deepEqual(
      { ...other, stats: { ...other.stats, millis: 0 } },
      { ...plain, stats: { ...plain.stats, millis: 0 } },
    );
  }
  // {n, color} is not a black-and-white clue.
  assert.throws(() => solveNonogram([[{ n: 1, color: 1 }]], [[1]]), /rows\[0\]\[0\]: expected a whole number/);
});

test("parsePuzzle reads colour files in the colour shape; formatPuzzle writes them back", () => {
  // webpbn XML with two colours (and the background); 3 columns, 2 rows.
  const xml = `<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="white">
<color name="white" char=".">fff</color><color name="red" char="r">e02020</color><color name="blue" char="b">2020e0</color>
<clues type="columns"><line><count color="red">1</count><count color="blue">1</count></line><line><count color="red">1</count></line><line><count color="blue">1</count></line></clues>
<clues type="rows"><line><count color="red">2</count><count color="blue">1</count></line><line><count color="blue">1</count></line></clues>
</puzzle></puzzleset>`;
  const puzzle = parsePuzzle(xml);
  assert.equal(puzzle.genre, "nonogram");
  assert.equal(puzzle.colors.length, 2);
  assert.deepEqual(puzzle.rows, [
    [
      { n: 2, color: 1 },
      { n: 1, color: 2 },
    ],
    [{ n: 1, color: 2 }],
  ]);
  const result = solve(puzzle);
  assert.equal(result.status, "unique");
  assert.ok(satisfies(result.solutions[0], puzzle.rows, puzzle.cols));
  assert.deepEqual(result.solutions[0], [
    [1, 1, 2],
    [2, 0, 0],
  ]);
  // Canonical text round-trips, and reads back as the same JS puzzle.
  const text = formatPuzzle(puzzle, "canonical");
  assert.match(text, /^colornonogram:/);
  assert.deepEqual(parsePuzzle(text), puzzle);
  assert.deepEqual(parsePuzzles(`${text}\n${text}\n`), [puzzle, puzzle]);
  // A black-and-white file still reads as before.
  assert.deepEqual(parsePuzzle("nonogram:1x1:1/1"), { genre: "nonogram", rows: [[1]], cols: [[1]] });
  throwsExactly(
    () => formatPuzzle({ ...puzzle, colors: ["red", "#zz"] }, "canonical"),
    'colors[1]: "#zz" is not a CSS colour',
  );
});

test("every colour file of the corpus parses and solves through the JS API", { skip: !corpus && "no corpus" }, () => {
  const files = [
    "nonogram/survey/xml/webpbn-color-00047.xml",
    ...[
      "listen_left_and_right",
      "little_hauler",
      "look_sharp",
      "missing",
      "not_invented_yet_1",
      "take_two",
      "what_is_it",
    ].map((name) => `nonogram/number-loom/${name}.xml`),
  ];
  let colour = 0;
  for (const file of files) {
    const puzzle = parsePuzzle(readFileSync(new URL(file, corpus), "utf8"));
    if (!puzzle.colors) continue;
    colour += 1;
    const result = solve(puzzle, { timeLimitMs: 20000 });
    assert.ok(["unique", "multiple"].includes(result.status), `${file}: ${result.status}`);
    for (const grid of result.solutions) assert.ok(satisfies(grid, puzzle.rows, puzzle.cols), file);
  }
  assert.ok(colour >= 2, `${colour} colour files`);
});

test("the worker API solves colour puzzles and rejects bad ones with the message", async () => {
  const solver = createSolver();
  try {
    const { rows, cols } = cluesOf([
      [1, 2],
      [2, 2],
    ]);
    const puzzle = { genre: "nonogram", colors: ["red", "blue"], rows, cols };
    const result = await solver.solve(puzzle);
    assert.equal(result.status, "unique");
    assert.deepEqual(result.solutions, bruteForce(rows, cols, 2));
    await assert.rejects(solver.solve({ ...puzzle, colors: ["red"] }), {
      message: "rows[0][1].color: colour 2 is not in colors (1 colours)",
    });
    assert.equal((await solver.solve(puzzle)).status, "unique");
  } finally {
    solver.dispose();
  }
});

test("the CLI solves a colour file and prints the colour indices", () => {
  const dir = mkdtempSync(join(tmpdir(), "gridlogic-colour-"));
  const file = join(dir, "two.txt");
  writeFileSync(file, "colornonogram:2x2:-d03030,blue:1a.1b/1b.1a/1a.1b/1b.1a\n");
  const run = spawnSync("node", [new URL("../../bin/gridlogic.js", import.meta.url).pathname, "solve", file], {
    encoding: "utf8",
  });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /: unique .*\n12\n21\n$/);
});
