// generate and nonogramFromPicture through the explain wasm, directly and through createSolver's
// worker: determinism by seed, uniqueness checked by the solver wasm (an independent module),
// the level matches rate, bad options name the option.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import api from "./load.mjs"; // fails early with a clear message when pkg/ is not built
import { createSolver } from "../../js/node.js";
import { smoothedNoise } from "../../bench/generate.mjs";

const wasm = await import("../../pkg/gridlogic_explain.js");
wasm.initSync({ module: readFileSync(new URL("../../pkg/gridlogic_explain_bg.wasm", import.meta.url)) });
const { generate, nonogramFromPicture, rate } = wasm;

const requests = [
  { genre: "nonogram", width: 8, height: 8, difficulty: "easy", seed: 1 },
  { genre: "kakuro", width: 6, height: 6, difficulty: "easy", seed: 2 },
  { genre: "str8ts", size: 5, difficulty: "easy", seed: 3 },
  { genre: "nonogram", width: 8, height: 8, difficulty: "medium", seed: 4, colors: ["#d03030", "#3050d0"] },
  { genre: "sudoku", size: 9, difficulty: "medium", seed: 5, killer: true },
];

for (const options of requests) {
  test(`generate ${options.colors ? "colour " : ""}${options.genre}: the same seed gives the same puzzle; unique by solve; level by rate`, () => {
    const first = generate(options);
    assert.deepEqual(Object.keys(first).sort(), ["millis", "puzzle", "rating", "seed", "solution"]);
    assert.equal(first.puzzle.genre, options.genre);
    assert.deepEqual(first.puzzle.colors, options.colors);
    assert.equal(first.seed, options.seed);
    assert.deepEqual(generate(options).puzzle, first.puzzle);
    const solved = api.solve(first.puzzle, { maxSolutions: 2 });
    assert.equal(solved.status, "unique");
    assert.deepEqual(solved.solutions[0], first.solution);
    assert.equal(first.rating.label, options.difficulty);
    assert.equal(rate(first.puzzle).label, options.difficulty);
  });
}

test("a generated Killer Sudoku has no givens and cages over every cell; killer must be a boolean", () => {
  const { puzzle } = generate({ genre: "sudoku", size: 9, difficulty: "medium", seed: 6, killer: true });
  assert.ok(puzzle.grid.flat().every((d) => d === 0));
  assert.equal(
    puzzle.cages.reduce((cells, cage) => cells + cage.cells.length, 0),
    81,
  );
  assert.throws(
    () => generate({ genre: "sudoku", size: 9, difficulty: "medium", seed: 6, killer: "yes" }),
    /options\.killer: expected true or false/,
  );
});

test("a generated Kakuro uses its size: no row or column past the clue row and column is all blocks", () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    for (const difficulty of ["easy", "medium"]) {
      const { puzzle } = generate({ genre: "kakuro", width: 8, height: 8, difficulty, seed });
      const white = (cell) => cell !== null && typeof cell !== "object";
      const grid = puzzle.grid;
      for (let r = 1; r < grid.length; r++)
        assert.ok(grid[r].some(white), `seed ${seed} ${difficulty}: row ${r + 1} is all blocks`);
      for (let c = 1; c < grid[0].length; c++) {
        assert.ok(
          grid.some((row) => white(row[c])),
          `seed ${seed} ${difficulty}: column ${c + 1} is all blocks`,
        );
      }
    }
  }
});

test("generate kakuro with givens: the digits shown are the solution's; unique by solve; level by rate", () => {
  const options = { genre: "kakuro", width: 7, height: 7, difficulty: "easy", seed: 1, givens: true };
  const first = generate(options);
  assert.deepEqual(generate(options).puzzle, first.puzzle);
  const shown = first.puzzle.grid.flatMap((row, r) =>
    row.flatMap((cell, c) => (typeof cell === "number" && cell > 0 ? [[r, c, cell]] : [])),
  );
  for (const [r, c, digit] of shown) assert.equal(first.solution[r][c], digit, `r${r}c${c}`);
  const solved = api.solve(first.puzzle, { maxSolutions: 2 });
  assert.equal(solved.status, "unique");
  assert.deepEqual(solved.solutions[0], first.solution);
  assert.equal(rate(first.puzzle).label, "easy");
  assert.throws(() => generate({ ...options, givens: "yes" }), /options\.givens: expected true or false/);
  assert.throws(
    () => generate({ genre: "str8ts", size: 5, difficulty: "easy", seed: 1, givens: true }),
    /options\.givens/,
  );
});

test("an option of another genre is refused, naming the option and both genres", () => {
  const kakuro = { genre: "kakuro", width: 6, height: 6, difficulty: "easy", seed: 1 };
  assert.throws(() => generate({ ...kakuro, killer: true }), /^Error: options\.killer: is for a sudoku, not a kakuro$/);
  assert.throws(
    () => generate({ ...kakuro, colors: ["red"] }),
    /^Error: options\.colors: is for a nonogram, not a kakuro$/,
  );
  const sudoku = { genre: "sudoku", size: 4, difficulty: "easy", seed: 1 };
  assert.throws(
    () => generate({ ...sudoku, density: 0.5 }),
    /^Error: options\.density: is for a nonogram, not a sudoku$/,
  );
  assert.throws(
    () => generate({ genre: "nonogram", width: 5, height: 5, difficulty: "easy", seed: 1, killer: false }),
    /options\.killer: is for a sudoku, not a nonogram/,
  );
  // A side the genre does not take is ignored (the CLI's --size gives every side).
  assert.deepEqual(generate({ ...sudoku, width: 4, height: 4 }).puzzle, generate(sudoku).puzzle);
});

test("expert nonograms of both kinds are rated expert: a short trial, no trial", () => {
  for (const colors of [undefined, ["#d03030", "#3050d0"]]) {
    const options = { genre: "nonogram", width: 12, height: 12, difficulty: "expert", seed: 1 };
    const made = generate(colors ? { ...options, colors } : options);
    assert.equal(made.rating.label, "expert");
    assert.equal(made.rating.needsTrial, false);
    assert.ok(made.rating.techniques["short-trial"] >= 1);
  }
});

test("different seeds give different nonograms", () => {
  const a = generate({ genre: "nonogram", width: 8, height: 8, difficulty: "easy", seed: 10 });
  const b = generate({ genre: "nonogram", width: 8, height: 8, difficulty: "easy", seed: 11 });
  assert.notDeepEqual(a.puzzle, b.puzzle);
});

test("bad options throw an Error naming the option", () => {
  const base = { genre: "nonogram", width: 8, height: 8, difficulty: "easy", seed: 1 };
  assert.throws(() => generate({ ...base, genre: "hitori" }), /options\.genre/);
  assert.throws(() => generate({ ...base, width: 1000 }), /options\.width/);
  assert.throws(() => generate({ ...base, width: "8" }), /options\.width: expected a number/);
  assert.throws(() => generate({ ...base, seed: 1.5 }), /options\.seed/);
  assert.throws(() => generate({ ...base, difficulty: "trivial" }), /options\.difficulty/);
  assert.throws(() => generate({ genre: "str8ts", difficulty: "easy", seed: 1 }), /options\.size/);
  assert.throws(() => generate(null), /options/);
  assert.throws(() => generate({ ...base, colors: "#d03030" }), /options\.colors: expected an array/);
  assert.throws(
    () => generate({ ...base, colors: ["#d03030", 7] }),
    /options\.colors\[1\]: expected a CSS colour string/,
  );
  assert.throws(
    () => generate({ ...base, colors: ["#d03030", "nope"] }),
    /options\.colors\[1\]: "nope" is not a CSS colour/,
  );
});

test("nonogramFromPicture: unique picture rated, ambiguous picture names the differing cells", () => {
  const plus = nonogramFromPicture([
    [0, 1, 0],
    [1, 1, 1],
    [0, 1, 0],
  ]);
  assert.equal(plus.status, "unique");
  assert.deepEqual(plus.puzzle, { genre: "nonogram", rows: [[1], [3], [1]], cols: [[1], [3], [1]] });
  assert.deepEqual(plus.ambiguous, []);
  assert.equal(typeof plus.rating.label, "string");
  const diagonal = nonogramFromPicture([
    [1, 0],
    [0, 1],
  ]);
  assert.equal(diagonal.status, "multiple");
  assert.equal(api.solve(diagonal.puzzle, { maxSolutions: 2 }).status, "multiple");
  assert.deepEqual([...diagonal.ambiguous].sort(), [
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
  ]);
  assert.throws(() => nonogramFromPicture([]), /picture/);
  assert.throws(() => nonogramFromPicture([[0, 2]]), /picture\[0\]\[1\]/);
});

/** The colour blocks of a line of colour indices, as {n, color}: runs of one colour but 0. */
function colourRuns(line) {
  const runs = [];
  line.forEach((v, i) => {
    if (v === 0) return;
    if (i > 0 && line[i - 1] === v) runs[runs.length - 1].n++;
    else runs.push({ n: 1, color: v });
  });
  return runs;
}

/** A clue as {n, color} blocks (a plain number is colour 1). */
const blocksOf = (clue) => clue.map((b) => (typeof b === "number" ? { n: b, color: 1 } : b));

/** Every solution of a tiny colour nonogram, by trying every grid of colour indices (independent of the solver). */
function colourSolutions(puzzle) {
  const [h, w, values] = [puzzle.rows.length, puzzle.cols.length, puzzle.colors.length + 1];
  const rows = puzzle.rows.map(blocksOf).map((c) => JSON.stringify(c));
  const cols = puzzle.cols.map(blocksOf).map((c) => JSON.stringify(c));
  const found = [];
  for (let code = 0; code < values ** (w * h); code++) {
    const grid = Array.from({ length: h }, (_, r) =>
      Array.from({ length: w }, (_, c) => Math.floor(code / values ** (r * w + c)) % values),
    );
    if (
      grid.every((row, r) => JSON.stringify(colourRuns(row)) === rows[r]) &&
      cols.every((clue, c) => JSON.stringify(colourRuns(grid.map((row) => row[c]))) === clue)
    )
      found.push(grid);
  }
  return found;
}

const differing = (a, b) => a.flatMap((row, r) => row.flatMap((v, c) => (v === b[r][c] ? [] : [[r, c]])));

test("nonogramFromPicture in colour: clues of the picture, verdict and ambiguous cells as a brute force finds them", () => {
  const colors = ["#d03030", "#3050d0"];
  const twice = nonogramFromPicture(
    [
      [1, 0],
      [0, 1],
    ],
    colors,
  );
  assert.equal(twice.status, "multiple");
  assert.deepEqual(twice.puzzle.colors, colors);
  assert.equal(twice.puzzle.genre, "nonogram");
  assert.deepEqual(twice.ambiguous, [
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
  ]);
  const touching = nonogramFromPicture(
    [
      [1, 2],
      [2, 1],
    ],
    colors,
  );
  assert.equal(touching.status, "unique");
  assert.deepEqual(blocksOf(touching.puzzle.rows[0]), [
    { n: 1, color: 1 },
    { n: 1, color: 2 },
  ]);
  assert.equal(touching.rating.label, rate(touching.puzzle).label);
  // Random 3×3 pictures in two colours (a fixed LCG): every verdict against the brute force,
  // and against the solver module (api.solve) as well.
  let seed = 12345;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed >>> 16;
  };
  const seen = { unique: 0, multiple: 0 };
  for (let k = 0; k < 40; k++) {
    const picture = Array.from({ length: 3 }, () => Array.from({ length: 3 }, () => next() % 3));
    const made = nonogramFromPicture(picture, colors);
    const all = colourSolutions(made.puzzle);
    assert.ok(
      all.some((s) => JSON.stringify(s) === JSON.stringify(picture)),
      "the picture solves its clues",
    );
    assert.equal(made.status, all.length > 1 ? "multiple" : "unique", JSON.stringify(picture));
    assert.equal(api.solve(made.puzzle, { maxSolutions: 2 }).status, made.status);
    seen[made.status]++;
    if (all.length === 1) {
      assert.deepEqual(made.ambiguous, []);
      assert.equal(made.rating.label, rate(made.puzzle).label);
    } else {
      const pairs = all.flatMap((a, i) => all.slice(i + 1).map((b) => JSON.stringify(differing(a, b))));
      assert.ok(pairs.includes(JSON.stringify(made.ambiguous)), `${JSON.stringify(made.ambiguous)} for ${picture}`);
      assert.equal(made.rating, undefined);
    }
  }
  assert.ok(seen.unique > 0 && seen.multiple > 0, JSON.stringify(seen));
});

test("nonogramFromPicture in colour: bad input names its place", () => {
  const colors = ["#d03030", "#3050d0"];
  assert.throws(
    () => nonogramFromPicture([[0, 3]], colors),
    /picture\[0\]\[1\]: 3 is out of range \(expected 0 to 2\)/,
  );
  assert.throws(() => nonogramFromPicture([[1]], ["#d03030", "nope"]), /colors\[1\]: "nope" is not a CSS colour/);
  assert.throws(() => nonogramFromPicture([[1]], ["#d03030", 7]), /colors\[1\]: expected a CSS colour string, got 7/);
  assert.throws(() => nonogramFromPicture([[1]], []), /colors: a colour picture has 1 to 31 colours, not 0/);
  assert.throws(
    () => nonogramFromPicture([[1]], Array(32).fill("red")),
    /colors: a colour picture has 1 to 31 colours, not 32/,
  );
  assert.throws(() => nonogramFromPicture([[1]], "red"), /colors/);
  // Without colours: black and white exactly as before.
  assert.deepEqual(nonogramFromPicture([[1, 0]], undefined).puzzle, {
    genre: "nonogram",
    rows: [[1]],
    cols: [[1], []],
  });
  assert.throws(() => nonogramFromPicture([[0, 2]], null), /picture\[0\]\[1\]/);
});

test("nonogramFromPicture: options.timeLimitMs bounds the check (status unknown when it runs out)", () => {
  // A 50×50 smoothed random picture whose second solution takes the search more than 30 s
  // (measured on this build); with 300 ms the answer comes at once.
  let state = 2030;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state >>> 8;
  };
  const side = 50;
  const values = smoothedNoise(next, side);
  const middle = [...values].sort((a, b) => a - b)[Math.floor((side * side - 1) / 2)];
  const picture = Array.from({ length: side }, (_, r) =>
    values.slice(r * side, (r + 1) * side).map((v) => (v < middle ? 0 : 1)),
  );
  const started = performance.now();
  const made = nonogramFromPicture(picture, undefined, { timeLimitMs: 300 });
  assert.ok(performance.now() - started < 5000, `${performance.now() - started} ms`);
  if (made.status !== "unknown") assert.equal(made.status, api.solve(made.puzzle, { maxSolutions: 2 }).status);
  assert.deepEqual(made.status === "unknown" ? made.ambiguous : [], []);
  assert.throws(() => nonogramFromPicture([[1]], undefined, { timeLimitMs: -1 }), /options\.timeLimitMs/);
  assert.throws(() => nonogramFromPicture([[1]], ["red"], "fast"), /options/);
});

test("createSolver generates in its worker", async () => {
  const solver = createSolver();
  try {
    const options = requests[0];
    const generated = await solver.generate(options);
    assert.deepEqual(generated.puzzle, generate(options).puzzle);
    const picture = await solver.nonogramFromPicture([[1]]);
    assert.equal(picture.status, "unique");
    // The colours travel to the worker; the options-only form of before colours still works.
    const coloured = await solver.nonogramFromPicture([[1, 2]], ["#d03030", "#3050d0"]);
    assert.deepEqual(coloured, nonogramFromPicture([[1, 2]], ["#d03030", "#3050d0"]));
    const signal = new AbortController().signal;
    assert.equal((await solver.nonogramFromPicture([[1, 0]], { signal })).puzzle.cols.length, 2);
    await assert.rejects(solver.nonogramFromPicture([[3]], ["red"], { signal }), /picture\[0\]\[0\]/);
    await assert.rejects(solver.generate({ ...options, genre: "hitori" }), /options\.genre/);
  } finally {
    solver.dispose();
  }
});

test("generate reports progress after every candidate, directly and in the worker", async () => {
  // Out of reach by construction, whatever the machine's speed: every 2×2 nonogram with one
  // solution is solved by line logic alone (a unique one has a [0] or [2] line, and every
  // other line follows from it), so no candidate is ever "extreme" and all of them are tried.
  const options = { genre: "nonogram", width: 2, height: 2, difficulty: "extreme", seed: 1 };
  const direct = [];
  assert.throws(() => generate(options, { onProgress: (p) => direct.push(p) }), /found in \d+ candidates/);
  assert.ok(direct.length >= 2, `progress reported ${direct.length} times`);
  assert.deepEqual(
    direct.map((p) => p.candidates),
    direct.map((_, i) => i + 1),
    "one report per candidate, counted",
  );
  assert.ok(direct.every((p) => p.millis >= 0 && p.nodes >= 0));
  assert.throws(() => generate(options, { onProgress: 5 }), /run\.onProgress: expected a function/);
  // The time limit is checked at every candidate: with 0 ms the generation stops at the
  // first one, whatever the machine's speed.
  const timed = [];
  assert.throws(
    () => generate({ ...options, timeLimitMs: 0 }, { onProgress: (p) => timed.push(p) }),
    /options\.timeLimitMs: generation ran out of time/,
  );
  assert.ok(timed.length <= 1, `${timed.length} candidates reported under a 0 ms limit`);
  const solver = createSolver();
  try {
    const seen = [];
    await assert.rejects(
      solver.generate({ ...options, onProgress: (p) => seen.push(p.candidates) }),
      /found in \d+ candidates/,
    );
    assert.deepEqual(
      seen,
      direct.map((p) => p.candidates),
      "the worker reports the same candidates",
    );
  } finally {
    solver.dispose();
  }
});
