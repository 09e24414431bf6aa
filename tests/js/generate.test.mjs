// generate and nonogramFromPicture through the explain wasm, directly and through createSolver's
// worker: determinism by seed, uniqueness checked by the solver wasm (an independent module),
// the level matches rate, bad options name the option.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import api from "./load.mjs"; // fails early with a clear message when pkg/ is not built
import { createSolver } from "../../js/node.js";

const wasm = await import("../../pkg/gridlogic_explain.js");
wasm.initSync({ module: readFileSync(new URL("../../pkg/gridlogic_explain_bg.wasm", import.meta.url)) });
const { generate, nonogramFromPicture, rate } = wasm;

const requests = [
  { genre: "nonogram", width: 8, height: 8, difficulty: "easy", seed: 1 },
  { genre: "kakuro", width: 6, height: 6, difficulty: "easy", seed: 2 },
  { genre: "str8ts", size: 5, difficulty: "easy", seed: 3 },
  { genre: "nonogram", width: 8, height: 8, difficulty: "medium", seed: 4, colors: ["#d03030", "#3050d0"] },
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

test("different seeds give different nonograms", () => {
  const a = generate({ genre: "nonogram", width: 8, height: 8, difficulty: "easy", seed: 10 });
  const b = generate({ genre: "nonogram", width: 8, height: 8, difficulty: "easy", seed: 11 });
  assert.notDeepEqual(a.puzzle, b.puzzle);
});

test("bad options throw an Error naming the option", () => {
  const base = { genre: "nonogram", width: 8, height: 8, difficulty: "easy", seed: 1 };
  assert.throws(() => generate({ ...base, genre: "sudoku" }), /options\.genre/);
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
  assert.throws(
    () => generate({ ...base, colors: ["red"], difficulty: "expert" }),
    /out of reach for every colour nonogram/,
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

test("createSolver generates in its worker", async () => {
  const solver = createSolver();
  try {
    const options = requests[0];
    const generated = await solver.generate(options);
    assert.deepEqual(generated.puzzle, generate(options).puzzle);
    const picture = await solver.nonogramFromPicture([[1]]);
    assert.equal(picture.status, "unique");
    await assert.rejects(solver.generate({ ...options, genre: "sudoku" }), /options\.genre/);
  } finally {
    solver.dispose();
  }
});

test("generate reports progress after every candidate, directly and in the worker", async () => {
  // A 6×6 extreme Kakuro is never found: the candidates count up until the time limit.
  const options = { genre: "kakuro", width: 6, height: 6, difficulty: "extreme", seed: 1, timeLimitMs: 300 };
  const direct = [];
  assert.throws(() => generate(options, { onProgress: (p) => direct.push(p) }), /timeLimitMs/);
  assert.ok(direct.length >= 1, "no progress reported");
  direct.forEach((p, i) => assert.equal(p.candidates, i + 1, "one report per candidate, counted"));
  assert.ok(direct.every((p) => p.millis >= 0 && p.nodes >= 0));
  assert.throws(() => generate(options, { onProgress: 5 }), /run\.onProgress: expected a function/);
  const solver = createSolver();
  try {
    const seen = [];
    await assert.rejects(solver.generate({ ...options, onProgress: (p) => seen.push(p.candidates) }), /timeLimitMs/);
    assert.ok(seen.length >= 1 && seen[0] === 1, `worker progress: ${seen}`);
  } finally {
    solver.dispose();
  }
});
