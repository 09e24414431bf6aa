// Whole corpus sets solved through the wasm API in Node, every answer checked.
// The corpus (../shared/corpus) is read in place and never copied; absent, the tests skip
// (and under CI fail: tests/js/load.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import gridlogic, { corpus, satisfiesNonogram } from "./load.mjs";

const { solveKakuro, solveStr8ts, solveNonogram } = gridlogic;
const read = (path) => readFileSync(new URL(path, corpus), "utf8");
const skip = corpus ? false : "../shared/corpus is absent";

/** The puzzlekit JSON datasets: [id, problem rows of tokens, solution rows of tokens]. */
function puzzlekit(path) {
  const grid = (text) =>
    text
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/));
  return Object.entries(JSON.parse(read(path)).data).map(([id, p]) => [id, grid(p.problem), grid(p.solution)]);
}

test("Janko Kakuro: all 999 solved, answers and statuses right", { skip }, () => {
  const puzzles = puzzlekit("kakuro/janko-via-puzzlekit-dataset/Kakuro_dataset.json");
  assert.equal(puzzles.length, 999);
  const multiple = new Set(["257_24x28"]); // documented second solution (corpus README)
  let slowest = 0;
  for (const [id, problem, solution] of puzzles) {
    const grid = problem.map((row) =>
      row.map((token) => {
        if (token === "-") return null;
        if (token === "0") return 0;
        const [down, across] = token.split(",");
        return { ...(down && { down: +down }), ...(across && { across: +across }) };
      }),
    );
    const result = solveKakuro(grid, { timeLimitMs: 10000 });
    slowest = Math.max(slowest, result.stats.millis);
    const expected = solution.map((row) => row.map((t) => (t === "-" ? 0 : +t)));
    if (multiple.has(id)) {
      assert.equal(result.status, "multiple", id);
      assert.notDeepEqual(result.solutions[0], result.solutions[1], id);
    } else {
      assert.equal(result.status, "unique", id);
      assert.deepEqual(result.solutions[0], expected, id);
    }
  }
  console.log(`Janko Kakuro: slowest ${slowest.toFixed(1)} ms`);
});

test("Janko Str8ts: all 560 solved, answers and statuses right", { skip }, () => {
  const puzzles = puzzlekit("str8ts/janko-via-puzzlekit-dataset/Str8t_dataset.json");
  assert.equal(puzzles.length, 560);
  let slowest = 0;
  for (const [id, problem, solution] of puzzles) {
    const black = problem.map((row) => row.map((t) => t.endsWith("x")));
    const grid = problem.map((row) => row.map((t) => (t === "-" || t === "x" ? 0 : parseInt(t, 10))));
    const result = solveStr8ts(grid, black, { timeLimitMs: 10000 });
    slowest = Math.max(slowest, result.stats.millis);
    assert.equal(result.status, "unique", id);
    const expected = solution.map((row, r) => row.map((t, c) => (black[r][c] ? 0 : +t)));
    assert.deepEqual(result.solutions[0], expected, id);
  }
  console.log(`Janko Str8ts: slowest ${slowest.toFixed(1)} ms`);
});

/** TAAI/ICGA tournament files: `$N` then 50 clue lines (25 columns, then 25 rows). */
function tournament(questions, solutions) {
  const blocks = (text) =>
    text
      .replace(/\r/g, "")
      .split(/^\$\d+\n/m)
      .slice(1)
      .map((b) => b.split("\n"));
  const numbers = (line) =>
    line
      .split("\t")
      .filter((t) => t.trim() !== "")
      .map(Number);
  const answers = blocks(solutions).map((b) => b.filter((l) => l.trim()).map(numbers));
  return blocks(questions).map((b, i) => {
    const lines = b.slice(0, 50).map(numbers);
    return { cols: lines.slice(0, 25), rows: lines.slice(25, 50), answer: answers[i] };
  });
}

// Every 10th puzzle by default (the whole set is `npm run bench`'s); GRIDLOGIC_TAAI_STRIDE=1 for all.
const stride = Number(process.env.GRIDLOGIC_TAAI_STRIDE ?? 10);

test(`TAAI 2011 nonograms (every ${stride}th): no wrong answer, at least 90% decided within 10 s each`, {
  skip,
}, () => {
  const puzzles = tournament(
    read("nonogram/tournament/taai2011-question.txt"),
    read("nonogram/tournament/taai2011-solution.txt"),
  );
  assert.equal(puzzles.length, 1000);
  const counts = { unique: 0, multiple: 0, none: 0, unknown: 0 };
  let total = 0;
  let slowest = 0;
  let tried = 0;
  puzzles.forEach(({ rows, cols, answer }, i) => {
    if (i % stride !== 0) return;
    tried++;
    const result = solveNonogram(rows, cols, { timeLimitMs: 10000 });
    counts[result.status]++;
    total += result.stats.millis;
    slowest = Math.max(slowest, result.stats.millis);
    assert.notEqual(result.status, "none", `#${i + 1} has a recorded solution`);
    for (const grid of result.solutions) assert.ok(satisfiesNonogram(grid, rows, cols), `#${i + 1}`);
    if (result.status === "unique") assert.deepEqual(result.solutions[0], answer, `#${i + 1}`);
    if (result.status === "multiple") assert.notDeepEqual(result.solutions[0], result.solutions[1], `#${i + 1}`);
  });
  console.log(
    `TAAI 2011 (${tried} puzzles): ${JSON.stringify(counts)}, ${(total / 1000).toFixed(1)} s in all, slowest ${slowest.toFixed(0)} ms`,
  );
  assert.ok(counts.unknown <= tried / 10, `${counts.unknown} of ${tried} undecided in 10 s`);
});
