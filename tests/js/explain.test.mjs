// explain, hint and rate through the explain wasm (pkg/gridlogic_explain_bg.wasm), directly
// and through createSolver's worker: the JS shapes of the API, mistakes, errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import api from "./load.mjs"; // fails early with a clear message when pkg/ is not built
import { createSolver } from "../../js/node.js";

const wasm = await import("../../pkg/gridlogic_explain.js");
wasm.initSync({ module: readFileSync(new URL("../../pkg/gridlogic_explain_bg.wasm", import.meta.url)) });
const { explain, hint, rate } = wasm;

const plus = { genre: "nonogram", rows: [[1], [3], [1]], cols: [[1], [3], [1]] };
const diagonals = { genre: "nonogram", rows: [[1], [1]], cols: [[1], [1]] };
const unknown = (rows, cols) => Array.from({ length: rows }, () => Array(cols).fill(null));

/** Apply a step's changes to a nonogram board (a copy). */
function applied(board, step) {
  const next = board.map((row) => row.slice());
  for (const change of step.changes) next[change.row][change.col] = change.value;
  return next;
}

test("explain gives every step in the API's shape and a rating", () => {
  const { status, steps, rating } = explain(plus);
  assert.equal(status, "solved");
  const [first] = steps;
  assert.deepEqual(Object.keys(first).sort(), ["changes", "level", "lines", "message", "reasons", "technique"]);
  assert.equal(first.technique, "line-complete");
  assert.equal(first.message, "row 2 (clue 3): 3 filled cells need every open cell (columns 1–3)");
  assert.deepEqual(
    first.changes,
    [0, 1, 2].map((col) => ({ row: 1, col, value: 1 })),
  );
  assert.deepEqual(first.lines, [{ axis: "row", index: 1 }]);
  let board = unknown(3, 3);
  for (const step of steps) board = applied(board, step);
  const solution = api.solve(plus).solutions[0];
  assert.deepEqual(board, solution);
  assert.deepEqual(rating, {
    level: 1,
    label: "easy",
    score: steps.length,
    steps: steps.length,
    techniques: rating.techniques,
    needsTrial: false,
  });
  assert.equal(
    Object.values(rating.techniques).reduce((a, b) => a + b, 0),
    steps.length,
  );
  assert.deepEqual(rate(plus), rating);
  // maxSteps stops early; a board option starts from the player's state.
  assert.equal(explain(plus, { maxSteps: 1 }).status, "unknown");
  const fromBoard = explain(plus, { board: applied(unknown(3, 3), first) });
  assert.equal(fromBoard.status, "solved");
  assert.equal(fromBoard.steps.length, steps.length - 1);
});

test("hint: a step, a mistake before any step, solved, stuck", () => {
  const step = hint(plus, unknown(3, 3));
  assert.equal(step.kind, "step");
  assert.equal(step.step.technique, "line-complete");
  const wrong = unknown(3, 3);
  wrong[0][0] = 1;
  assert.deepEqual(hint(plus, wrong), { kind: "mistake", cells: [[0, 0]], message: "r1c1 is not right" });
  assert.deepEqual(hint(plus, api.solve(plus).solutions[0]), { kind: "solved" });
  const stuck = hint(diagonals, unknown(2, 2));
  assert.equal(stuck.kind, "stuck");
  assert.match(stuck.message, /more than one solution/);
});

test("trial steps are rated above line logic", () => {
  // Tatham's 4×4 game ID: unique, but not by single lines.
  const tatham = { genre: "nonogram", cols: [[2], [1], [2], [1]], rows: [[1, 1], [2], [1], [1]] };
  const { status, rating } = explain(tatham);
  assert.equal(status, "solved");
  assert.ok(rating.level >= 4, JSON.stringify(rating));
});

test("bad boards and options throw Errors naming the place; the instance stays usable", () => {
  assert.throws(() => hint(plus, unknown(2, 3)), /^Error: board: expected 3 rows, got 2$/);
  assert.throws(
    () =>
      hint(plus, [
        [null, null, null],
        [null, null],
        [null, null, null],
      ]),
    /board\[1\]: expected 3 cells, got 2/,
  );
  assert.throws(
    () =>
      hint(plus, [
        [null, 2, null],
        [null, null, null],
        [null, null, null],
      ]),
    /board\[0\]\[1\]: expected 1 \(filled\), 0 \(empty\) or null, got 2/,
  );
  assert.throws(() => hint(plus, "no"), /board: expected an array/);
  assert.throws(() => explain(plus, { maxSteps: -1 }), /options\.maxSteps/);
  assert.throws(() => explain(plus, { noTrial: "yes" }), /options\.noTrial: expected true or false/);
  assert.throws(() => rate({ genre: "chess" }), /genre: unknown genre "chess"/);
  assert.equal(explain(plus).status, "solved");
});

test("Kakuro and Str8ts boards: digits, or values with pencil marks", () => {
  const kakuro = {
    genre: "kakuro",
    grid: [
      [null, { down: 3 }, { down: 4 }],
      [{ across: 7 }, 0, 0],
    ],
  };
  assert.equal(explain(kakuro).status, "solved");
  assert.equal(
    hint(kakuro, [
      [0, 0, 0],
      [0, 4, 0],
    ]).kind,
    "mistake",
  );
  const marks = hint(kakuro, {
    values: [
      [0, 0, 0],
      [0, 0, 0],
    ],
    candidates: [
      [[], [], []],
      [[], [1, 2], []],
    ],
  });
  assert.deepEqual(marks.cells, [[1, 1]]);
  assert.throws(
    () =>
      hint(kakuro, {
        values: [
          [0, 0, 0],
          [0, 0, 0],
        ],
        candidates: [
          [[], [], []],
          [[], [10], []],
        ],
      }),
    /board\.candidates\[1\]\[1\]\[0\]|candidates\[1\]\[1\]/,
  );
  assert.throws(() => hint(kakuro, [[0, 0, 0]]), /board: expected 2 rows, got 1/);
});

test("createSolver runs explain, hint and rate in its worker", async () => {
  const solver = createSolver();
  try {
    const [explanation, answer, rating] = await Promise.all([
      solver.explain(plus),
      solver.hint(plus, unknown(3, 3)),
      solver.rate(plus),
    ]);
    assert.equal(explanation.status, "solved");
    assert.equal(answer.kind, "step");
    assert.equal(rating.label, "easy");
    await assert.rejects(solver.hint(plus, unknown(1, 3)), /board: expected 3 rows, got 1/);
    assert.equal((await solver.solve(plus)).status, "unique");
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(solver.explain(plus, { signal: controller.signal }), { name: "AbortError" });
  } finally {
    solver.dispose();
  }
});

test("colour nonograms: explain, hint and rate in the colour shape, colours named, mistakes shown", async () => {
  // A 4×4 two-colour picture; its clues come from the picture, the answer is checked
  // against the solver's unique solution.
  const picture = [
    [1, 1, 2, 0],
    [0, 2, 2, 1],
    [1, 0, 2, 1],
    [2, 2, 0, 1],
  ];
  const blocks = (line) => {
    const out = [];
    line.forEach((color, i) => {
      if (color === 0) return;
      if (i > 0 && line[i - 1] === color) out[out.length - 1].n += 1;
      else out.push({ n: 1, color });
    });
    return out;
  };
  const colors = ["#d03030", "#3050d0"];
  const rows = picture.map(blocks);
  const cols = picture[0].map((_, c) => blocks(picture.map((row) => row[c])));
  const puzzle = { genre: "nonogram", colors, rows, cols };
  const { status, solutions } = api.solve(puzzle, { maxSolutions: 2 });
  assert.equal(status, "unique");
  const [solution] = solutions;

  const explanation = explain(puzzle);
  assert.equal(explanation.status, "solved");
  assert.ok(explanation.steps.length > 0);
  for (const step of explanation.steps) {
    assert.ok(step.level >= 1 && step.level <= 5, step.technique);
    for (const change of step.changes) {
      const right = solution[change.row][change.col];
      if ("value" in change) assert.equal(change.value, right, step.message);
      else assert.ok(!change.remove.includes(right), step.message);
    }
  }
  assert.ok(
    explanation.steps.some((s) => s.message.includes("#d03030")),
    "steps name colours by the palette",
  );
  assert.deepEqual(rate(puzzle), explanation.rating);
  assert.ok(["easy", "medium", "hard", "expert", "extreme"].includes(explanation.rating.label));

  const unknownBoard = unknown(4, 4);
  const first = hint(puzzle, unknownBoard);
  assert.equal(first.kind, "step");
  assert.deepEqual(first.step, explanation.steps[0]);
  const wrong = unknown(4, 4);
  wrong[1][1] = 1; // the solution has colour 2 there
  assert.deepEqual(hint(puzzle, wrong), { kind: "mistake", cells: [[1, 1]], message: "r2c2 is not right" });
  assert.deepEqual(hint(puzzle, solution), { kind: "solved" });
  assert.throws(
    () => hint(puzzle, [[3, null, null, null], ...unknown(3, 4)]),
    /^Error: board\[0\]\[0\]: expected a colour 1\.\.2, 0 \(empty\) or null, got 3$/,
  );

  const solver = createSolver();
  try {
    assert.deepEqual(await solver.explain(puzzle), explanation);
    assert.deepEqual(await solver.hint(puzzle, wrong), hint(puzzle, wrong));
    assert.deepEqual(await solver.rate(puzzle), explanation.rating);
  } finally {
    solver.dispose();
  }
});
