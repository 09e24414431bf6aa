// Colour nonograms too large for brute force, checked against an independent solver: the
// CP-SAT model of bench/cpsat_colour.py (OR-Tools; the test skips itself when python3 cannot
// import ortools). Random pictures of 6×6 to 12×12 in 2–4 colours, some with two columns'
// clues swapped so that many have no solution: gridlogic's verdict must be CP-SAT's, and a
// unique solution the same grid.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import gridlogic from "./load.mjs";
import { random, randomColorNonogram } from "../../bench/generate.mjs";

const MODEL = join(dirname(fileURLToPath(import.meta.url)), "../../bench/cpsat_colour.py");
const probe = spawnSync("python3", ["-c", "import ortools"], { encoding: "utf8" });
const skip = probe.status === 0 ? false : "python3 cannot import ortools (pip install ortools)";

/** 60 puzzles: every fourth with its first and last columns' clues swapped. */
function puzzles() {
  const rand = random(18);
  return Array.from({ length: 60 }, (_, i) => {
    const side = 6 + (i % 7);
    const { puzzle } = randomColorNonogram(rand, side, side + (i % 2) * 2, 2 + (i % 3), 0.35 + 0.05 * (i % 5));
    if (i % 4 === 3) {
      const cols = [...puzzle.cols];
      [cols[0], cols[cols.length - 1]] = [cols[cols.length - 1], cols[0]];
      return { ...puzzle, cols };
    }
    return puzzle;
  });
}

test("colour verdicts agree with CP-SAT's on 60 random puzzles of 6×6–12×14 in 2–4 colours", { skip }, () => {
  const cases = puzzles();
  const input = cases.map((puzzle, id) => JSON.stringify({ id, puzzle })).join("\n");
  const run = spawnSync("python3", [MODEL, "--max", "2", "--time-limit-s", "20"], { input, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const peer = run.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  assert.equal(peer.length, cases.length);
  const seen = { none: 0, unique: 0, multiple: 0 };
  cases.forEach((puzzle, i) => {
    const ours = gridlogic.solve(puzzle, { maxSolutions: 2 });
    assert.notEqual(peer[i].status, "unknown", `#${i}: CP-SAT ran out of time`);
    assert.equal(ours.status, peer[i].status, `#${i}: gridlogic ${ours.status}, CP-SAT ${peer[i].status}`);
    if (ours.status === "unique") assert.deepEqual(ours.solutions, peer[i].solutions, `#${i}`);
    seen[ours.status]++;
  });
  for (const [status, n] of Object.entries(seen))
    assert.ok(n >= 5, `${status} met ${n} times: ${JSON.stringify(seen)}`);
});
