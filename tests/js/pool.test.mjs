// createSolver({ workers }) and the CLI's --jobs: a pool of worker threads gives the results of
// one worker, aborts one solve at a time, and replaces a crashed worker.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "./load.mjs"; // fails early with a clear message when pkg/ is not built
import { createSolver } from "../../js/node.js";
import { workload } from "../../bench/generate.mjs";

/** Seeded random puzzles of every genre, small enough to solve in milliseconds. */
const puzzles = [
  ...workload("kakuro random 8-16", 7, 8),
  ...workload("str8ts random pattern, a few digits", 7, 4).filter((p) => p.puzzle.grid.length <= 10),
  ...workload("nonogram random 20-60", 7, 4),
].map((p) => p.puzzle);

/** What must not depend on the pool: everything but the times. */
const verdict = ({ status, solutions, stats }) => ({ status, solutions, nodes: stats.nodes });

/** A Str8ts with no black cell and no digit, asked for 10,000 solutions: runs for a long time
 *  (until its time limit, or until aborted). */
const endless = {
  genre: "str8ts",
  grid: Array.from({ length: 16 }, () => Array(16).fill(0)),
  black: Array.from({ length: 16 }, () => Array(16).fill(false)),
};
const tiny = { genre: "nonogram", rows: [[1]], cols: [[1]] };

test("two workers give the results of one, in the order asked", async () => {
  const one = createSolver();
  const two = createSolver({ workers: 2 });
  try {
    const alone = await Promise.all(puzzles.map((p) => one.solve(p)));
    const pooled = await Promise.all(puzzles.map((p) => two.solve(p)));
    assert.ok(
      alone.some((r) => r.status === "multiple"),
      "the set has puzzles with several solutions",
    );
    assert.deepEqual(pooled.map(verdict), alone.map(verdict));
  } finally {
    one.dispose();
    two.dispose();
  }
});

test('workers: a whole number ≥ 1 or "auto"', () => {
  for (const workers of [0, -1, 1.5, "2", "all"]) {
    assert.throws(() => createSolver({ workers }), /workers: expected a whole number ≥ 1 or "auto"/, String(workers));
  }
  createSolver({ workers: "auto" }).dispose();
});

test("aborting one solve stops it alone, running or queued", async () => {
  const solver = createSolver({ workers: 2 });
  try {
    const running = new AbortController();
    const queued = new AbortController();
    const long = solver.solve(endless, { maxSolutions: 10000, signal: running.signal });
    const other = solver.solve(endless, { maxSolutions: 10000, timeLimitMs: 300 });
    // Both workers are busy: this one waits in the queue until it is aborted.
    const waiting = solver.solve(tiny, { signal: queued.signal });
    queued.abort();
    await assert.rejects(waiting, (e) => e.name === "AbortError");
    running.abort();
    await assert.rejects(long, (e) => e.name === "AbortError");
    assert.ok(["multiple", "unknown"].includes((await other).status), "the other worker's solve ran to its end");
    assert.equal((await solver.solve(tiny)).status, "unique", "the aborted worker was replaced");
  } finally {
    solver.dispose();
  }
});

test("a crashed worker fails its own solve only and is replaced", async () => {
  const workerUrl = new URL("./crashing-worker.mjs", import.meta.url);
  const solver = createSolver({ workers: 2, workerUrl });
  try {
    for (const crash of ["exit", "throw"]) {
      const slow = solver.solve(endless, { maxSolutions: 10000, timeLimitMs: 300 });
      await assert.rejects(solver.solve({ crash }), /the solver worker failed/, crash);
      assert.ok(["multiple", "unknown"].includes((await slow).status), `the other worker went on (${crash})`);
      const again = await Promise.all(puzzles.slice(0, 4).map((p) => solver.solve(p)));
      assert.ok(
        again.every((r) => r.status !== "unknown"),
        `both workers solve again (${crash})`,
      );
    }
  } finally {
    solver.dispose();
  }
});

test("the CLI's --jobs gives the results of one thread", () => {
  const dir = mkdtempSync(join(tmpdir(), "gridlogic-jobs-"));
  const file = join(dir, "random.txt");
  writeFileSync(
    file,
    `${workload("kakuro random 8-16", 3, 6)
      .map((p) => p.canonical)
      .join("\n")}\n`,
  );
  const cli = (...args) =>
    spawnSync("node", [new URL("../../bin/gridlogic.js", import.meta.url).pathname, ...args], { encoding: "utf8" });
  const plain = cli("solve", file, "--json");
  const jobs = cli("solve", file, "--json", "--jobs", "2");
  assert.equal(jobs.status, plain.status, jobs.stderr);
  const strip = (run) =>
    JSON.parse(run.stdout).map(({ file, index, ...result }) => ({ file, index, ...verdict(result) }));
  assert.deepEqual(strip(jobs), strip(plain));
  const bench = cli("bench", file, "--jobs", "2", "--json");
  assert.equal(bench.status, 0, bench.stderr);
  assert.equal(JSON.parse(bench.stdout)[0].puzzles, 6);
  const bad = cli("solve", file, "--jobs", "0");
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--jobs: expected a whole number ≥ 1 or "auto", got "0"/);
});
