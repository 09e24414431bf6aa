// The bench's seeded random workloads (bench/generate.mjs): their canonical text lines (what
// the wasm and native benches solve) must be the same puzzles as their JS shapes (what the
// CP-SAT peer reads), and a seed must give the same puzzles every time.
import { test } from "node:test";
import assert from "node:assert/strict";
import gridlogic from "./load.mjs";
import { WORKLOADS, workload } from "../../bench/generate.mjs";

const { parsePuzzle, solve } = gridlogic;

test("every workload's canonical lines read back as its JS puzzles", () => {
  for (const name of Object.keys(WORKLOADS)) {
    for (const { id, puzzle, canonical } of workload(name, 7, 3)) {
      assert.deepEqual(parsePuzzle(canonical, "canonical"), puzzle, id);
    }
  }
});

test("a seed gives the same puzzles, another seed others", () => {
  for (const name of Object.keys(WORKLOADS)) {
    const lines = (seed) => workload(name, seed, 2).map((p) => p.canonical);
    assert.deepEqual(lines(3), lines(3), name);
    assert.notDeepEqual(lines(3), lines(4), name);
  }
});

test("random colour nonograms have their picture as a solution: never `none`", () => {
  const puzzles = workload("colour nonogram random 20-50", 1, 40).filter((p) => p.puzzle.rows.length <= 30);
  assert.ok(puzzles.length >= 3, "some small ones among the 40");
  for (const { id, puzzle } of puzzles) {
    const { status } = solve(puzzle, { timeLimitMs: 5000 });
    assert.notEqual(status, "none", id);
    assert.ok(puzzle.colors.length >= 2 && puzzle.colors.length <= 6, id);
  }
});
