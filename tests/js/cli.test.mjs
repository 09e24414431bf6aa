// The command line (bin/gridlogic.js) as a user runs it: output and exit codes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "./load.mjs"; // fails early with a clear message when pkg/ is not built

const dir = mkdtempSync(join(tmpdir(), "gridlogic-cli-"));
const file = (name, text) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const cli = (...args) =>
  spawnSync("node", [new URL("../../bin/gridlogic.js", import.meta.url).pathname, ...args], { encoding: "utf8" });

const plus = file("plus.txt", "nonogram:3x3:1/3/1/1/3/1\n");
const diagonal = file("diagonal.txt", "nonogram:2x2:1/1/1/1\n");

test("solve prints the grid and the status; exit 0 when unique", () => {
  const run = cli("solve", plus);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /: unique \(/);
  assert.ok(run.stdout.includes(".#.\n###\n.#."), run.stdout);
});

test("solve exits 1 when not unique, 0 when uniqueness was not asked", () => {
  const run = cli("solve", diagonal);
  assert.equal(run.status, 1);
  assert.match(run.stdout, /multiple/);
  assert.match(run.stdout, /another solution/);
  assert.equal(cli("solve", diagonal, "--max-solutions", "1").status, 0);
});

test("solve reads a Sudoku's one-line form and a Killer's canonical line", () => {
  const line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const run = cli("solve", file("sudoku.txt", `${line}\n`));
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /: unique \(/);
  assert.ok(run.stdout.includes("4 1 7 3 6 9 8 2 5\n6 3 2 1 5 8 9 4 7"), run.stdout);
  // Without its first given the puzzle has several solutions: exit 1.
  const fewer = cli("solve", file("sudoku-multiple.txt", `.${line.slice(1)}\n`));
  assert.equal(fewer.status, 1);
  assert.match(fewer.stdout, /multiple/);
  // A 4×4 Killer without givens, its cages two cells each over the solution 1234/3412/2143/4321:
  // two solutions (exit 1), both keeping every cage's sum.
  const sums = [3, 7, 7, 3, 6, 4, 6, 4];
  const cells = [
    [
      [0, 0],
      [0, 1],
    ],
    [
      [0, 2],
      [0, 3],
    ],
    [
      [1, 0],
      [1, 1],
    ],
    [
      [1, 2],
      [1, 3],
    ],
    [
      [2, 0],
      [3, 0],
    ],
    [
      [2, 1],
      [3, 1],
    ],
    [
      [2, 2],
      [3, 2],
    ],
    [
      [2, 3],
      [3, 3],
    ],
  ];
  const canonical = `sudoku:..../..../..../....:${sums.map((sum, k) => [sum, ...cells[k].map(([r, c]) => `${r + 1}${c + 1}`)].join(".")).join("/")}`;
  const killer = cli("solve", file("killer.txt", `${canonical}\n`), "--json");
  assert.equal(killer.status, 1, killer.stderr);
  const [entry] = JSON.parse(killer.stdout);
  assert.equal(entry.status, "multiple");
  assert.equal(entry.solutions.length, 2);
  for (const grid of entry.solutions) {
    assert.deepEqual(
      cells.map((cage) => cage.reduce((sum, [r, c]) => sum + grid[r][c], 0)),
      sums,
    );
  }
});

test("--json gives the API's result per puzzle", () => {
  const run = cli("solve", plus, "--json");
  const [entry] = JSON.parse(run.stdout);
  assert.equal(entry.status, "unique");
  assert.deepEqual(entry.solutions[0], [
    [0, 1, 0],
    [1, 1, 1],
    [0, 1, 0],
  ]);
  assert.equal(entry.genre, "nonogram");
});

test("convert writes another format", () => {
  const run = cli("convert", plus, "--to", "nin");
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, "3 3\n1\n3\n1\n1\n3\n1\n");
});

test("bad input and bad usage exit 2 with a message naming the place", () => {
  const bad = file("bad.txt", "nonogram:3x3:1/3/1/1/3\n");
  const run = cli("solve", bad);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /bad\.txt: line 1, column \d+/);
  assert.equal(cli("solve", join(dir, "missing.txt")).status, 2);
  assert.equal(cli("solve", plus, "--max-solutions", "0").status, 2);
  assert.equal(cli("frobnicate").status, 2);
});

test("explain prints one line per step and exits 0 when solved; --json gives the API's result", () => {
  const run = cli("explain", plus);
  assert.equal(run.status, 0, run.stderr);
  const lines = run.stdout.trim().split("\n");
  assert.match(lines[0], /^1\. \[1\] line-complete: row 2 \(clue 3\): /);
  assert.match(lines.at(-1), /^solved: easy \(level 1, score \d+, \d+ steps\)$/);
  const json = JSON.parse(cli("explain", plus, "--json").stdout);
  assert.equal(json.status, "solved");
  assert.equal(json.steps.length, json.rating.steps);
  // Two diagonals: no technique, not even trial, decides a cell.
  assert.equal(cli("explain", diagonal).status, 1);
});

test("rate prints each puzzle's rating", () => {
  const run = cli("rate", plus, diagonal);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /plus\.txt#1: easy \(level 1, /);
  assert.match(run.stdout, /diagonal\.txt#1: extreme \(level 5, .*needs trial/);
  assert.equal(cli("rate").status, 2);
});

test("generate prints canonical puzzles by seed that check finds unique (exit 0)", () => {
  const args = ["generate", "--genre", "nonogram", "--size", "6x5", "--difficulty", "easy", "--seed", "7"];
  const run = cli(...args, "--count", "2");
  assert.equal(run.status, 0, run.stderr);
  const lines = run.stdout.trim().split("\n");
  assert.equal(lines.length, 2);
  for (const line of lines) assert.match(line, /^nonogram:6x5:/);
  assert.notEqual(lines[0], lines[1]);
  assert.equal(cli(...args).stdout.trim(), lines[0]);
  const checked = cli("check", file("generated.txt", run.stdout));
  assert.equal(checked.status, 0, checked.stderr);
  assert.match(checked.stdout, /#1: unique easy/);
  assert.match(checked.stdout, /#2: unique easy/);
});

test("check exits 1 when a puzzle is not unique; generate's bad options exit 2", () => {
  const checked = cli("check", plus, diagonal);
  assert.equal(checked.status, 1);
  assert.match(checked.stdout, /plus\.txt#1: unique/);
  assert.match(checked.stdout, /diagonal\.txt#1: multiple/);
  const bad = cli("generate", "--genre", "nonogram", "--size", "1000", "--difficulty", "easy");
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /options\.width/);
  assert.equal(cli("generate", "--genre", "str8ts", "--size", "5x6", "--difficulty", "easy").status, 2);
});
