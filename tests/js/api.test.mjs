// The JS API of the built package, called from Node as an integrator would.
import { test } from "node:test";
import assert from "node:assert/strict";
import gridlogic, { satisfiesNonogram } from "./load.mjs";

const { solve, solveNonogram, solveKakuro, solveStr8ts, version } = gridlogic;

test("version matches Cargo.toml", async () => {
  const { readFile } = await import("node:fs/promises");
  const cargo = await readFile(new URL("../../Cargo.toml", import.meta.url), "utf8");
  assert.equal(version(), cargo.match(/^version = "(.+)"$/m)[1]);
});

test("nonogram: unique, multiple and none", () => {
  const heart = {
    genre: "nonogram",
    rows: [[1, 1], [5], [5], [3], [1]],
    cols: [[2], [4], [4], [4], [2]],
  };
  const unique = solve(heart);
  assert.equal(unique.status, "unique");
  assert.deepEqual(unique.solutions, [
    [
      [0, 1, 0, 1, 0],
      [1, 1, 1, 1, 1],
      [1, 1, 1, 1, 1],
      [0, 1, 1, 1, 0],
      [0, 0, 1, 0, 0],
    ],
  ]);
  assert.equal(unique.stats.maxDepth, 0);
  assert.ok(unique.stats.nodes >= 1 && unique.stats.millis >= 0);

  const multiple = solveNonogram([[1], [1]], [[1], [1]]);
  assert.equal(multiple.status, "multiple");
  assert.equal(multiple.solutions.length, 2);
  assert.notDeepEqual(multiple.solutions[0], multiple.solutions[1]);
  for (const grid of multiple.solutions) assert.ok(satisfiesNonogram(grid, [[1], [1]], [[1], [1]]));

  assert.equal(solveNonogram([[1, 1], [], [1]], [[2], [0], [1]]).status, "none");
});

test("kakuro and str8ts through both entry points", () => {
  const grid = [
    [null, { down: 4 }, { down: 3 }],
    [{ across: 3 }, 0, 0],
    [{ across: 4 }, 0, 0],
  ];
  const viaGenre = solveKakuro(grid);
  assert.deepEqual(viaGenre, { ...solve({ genre: "kakuro", grid }), stats: viaGenre.stats });
  assert.equal(viaGenre.status, "unique");
  assert.deepEqual(viaGenre.solutions[0], [
    [0, 0, 0],
    [0, 1, 2],
    [0, 3, 1],
  ]);

  // A black cell with clue 4 in the corner; the rest is forced by givens.
  const s = solveStr8ts(
    [
      [4, 1, 2, 3],
      [1, 2, 3, 0],
      [2, 3, 0, 1],
      [3, 0, 1, 2],
    ],
    [
      [true, false, false, false],
      [false, false, false, false],
      [false, false, false, false],
      [false, false, false, false],
    ],
  );
  assert.equal(s.status, "unique");
  assert.deepEqual(s.solutions[0], [
    [0, 1, 2, 3],
    [1, 2, 3, 4],
    [2, 3, 4, 1],
    [3, 4, 1, 2],
  ]);
});

test("options: maxSolutions, nodeLimit, timeLimitMs and onProgress", () => {
  const rows = [[1], [1], [1]];
  const all = solveNonogram(rows, rows, { maxSolutions: 100 });
  assert.equal(all.solutions.length, 6);
  const one = solveNonogram(rows, rows, { maxSolutions: 1 });
  assert.equal(one.solutions.length, 1);
  assert.equal(one.status, "unknown", "one solution found, uniqueness not decided");

  const empty = (n, v) => Array.from({ length: n }, () => Array(n).fill(v));
  const reports = [];
  const limited = solveStr8ts(empty(16, 0), empty(16, false), {
    maxSolutions: 10000,
    timeLimitMs: 300,
    onProgress: (stats) => reports.push(stats),
  });
  assert.ok(["unknown", "multiple"].includes(limited.status));
  assert.ok(limited.stats.millis < 3000, `stopped after ${limited.stats.millis} ms`);
  assert.ok(reports.length >= 1, "progress was reported");
  assert.equal(typeof reports[0].nodes, "number");
});

test("bad input throws an Error naming the place, and the instance survives", () => {
  const cases = [
    [() => solve(undefined), /puzzle: expected an object/],
    [() => solve({ genre: "hitori" }), /unknown genre "hitori"/],
    [() => solve({ genre: "nonogram", rows: [[1]], cols: [[NaN]] }), /cols\[0\]\[0\]: expected a whole number/],
    [() => solveNonogram([[1], [2 ** 40]], [[1]]), /rows\[1\]\[0\]/],
    [() => solveKakuro([[null, { down: "x" }]]), /grid\[0\]\[1\]\.down/],
    [() => solveStr8ts([[0]], "no"), /black: expected an array/],
    [() => solveNonogram([[1]], [[1]], { maxSolutions: -1 }), /options\.maxSolutions/],
    [() => solveNonogram([[1]], [[1]], { onProgress: 3 }), /options\.onProgress/],
  ];
  for (const [call, message] of cases) assert.throws(call, (e) => e instanceof Error && message.test(e.message));
  assert.equal(solveNonogram([[1]], [[1]]).status, "unique");
});

test("a budget that runs out returns what logic decided for every solution", () => {
  // A 4×4 Str8ts without black cells (so a Latin square of straights) with two solutions:
  // logic fixes rows 0 and 2 and two cells of row 3; four cells stay open.
  const grid = [
    [1, 2, 0, 0],
    [2, 0, 4, 0],
    [0, 4, 0, 2],
    [0, 0, 2, 0],
  ];
  const black = grid.map((row) => row.map(() => false));
  const both = solveStr8ts(grid, black);
  assert.equal(both.status, "multiple");
  const cut = solveStr8ts(grid, black, { nodeLimit: 1 });
  assert.equal(cut.status, "unknown");
  assert.equal(cut.solutions.length, 0);
  const open = cut.partial.flat().filter((v) => v === null).length;
  assert.ok(open > 0 && open < 16, `${open} open cells`);
  cut.partial.forEach((row, r) => {
    row.forEach((v, c) => {
      if (v !== null) for (const s of both.solutions) assert.equal(v, s[r][c], `cell ${r},${c}`);
    });
  });
  assert.equal(both.partial, undefined, "no partial grid once the count is known");
});

test("the worker API rejects bad input with the same Error and stays usable", async () => {
  const { createSolver } = await import("../../js/node.js");
  const solver = createSolver();
  try {
    await assert.rejects(
      solver.solve({ genre: "nonogram", rows: [[1, "x"]], cols: [[1]] }),
      /rows\[0\]\[1\]: expected a whole number/,
    );
    await assert.rejects(solver.solve({ genre: "kakuro", grid: [[null, { across: 2 }, 0, 0]] }), /grid\[0\]\[1\]/);
    const aborted = new AbortController();
    const running = solver.solve(
      {
        genre: "str8ts",
        grid: Array.from({ length: 16 }, () => Array(16).fill(0)),
        black: Array.from({ length: 16 }, () => Array(16).fill(false)),
      },
      { maxSolutions: 10000, signal: aborted.signal },
    );
    aborted.abort();
    await assert.rejects(running, (e) => e.name === "AbortError");
    assert.equal((await solver.solve({ genre: "nonogram", rows: [[1]], cols: [[1]] })).status, "unique");
  } finally {
    solver.dispose();
  }
});

test("two wasm modules: the solver's carries no text format, the formats' no solver", async () => {
  const { readFile } = await import("node:fs/promises");
  const exportsOf = async (file) =>
    WebAssembly.Module.exports(
      new WebAssembly.Module(await readFile(new URL(`../../pkg/${file}`, import.meta.url))),
    ).map((e) => e.name);
  const solver = await exportsOf("gridlogic_bg.wasm");
  const formats = await exportsOf("gridlogic_formats_bg.wasm");
  for (const name of ["solve", "solveNonogram", "solveKakuro", "solveStr8ts", "version"]) {
    assert.ok(solver.includes(name) && !formats.includes(name), name);
  }
  for (const name of ["parsePuzzle", "parsePuzzles", "formatPuzzle"]) {
    assert.ok(formats.includes(name) && !solver.includes(name), name);
  }
});

test("the Node entry point: init() loads both modules, initFormats() the text formats alone", async () => {
  const { spawnSync } = await import("node:child_process");
  // Each check in a fresh process: a module once loaded stays loaded.
  const run = (code) => {
    const out = spawnSync("node", ["--input-type=module", "-e", code], {
      cwd: new URL("../../", import.meta.url),
      encoding: "utf8",
    });
    assert.equal(out.status, 0, out.stderr);
    return JSON.parse(out.stdout);
  };
  assert.deepEqual(
    run(`import init, { parsePuzzle, formatPuzzle, solve } from "./js/node.js";
         await init();
         const puzzle = parsePuzzle("nonogram:1x1:1/1");
         console.log(JSON.stringify([formatPuzzle(puzzle, "canonical"), solve(puzzle).status]));`),
    ["nonogram:1x1:1/1", "unique"],
  );
  assert.deepEqual(
    run(`import { initFormats, parsePuzzle, solve } from "./js/node.js";
         await initFormats();
         let solved;
         try { solve(parsePuzzle("nonogram:1x1:1/1")); solved = "solved"; } catch { solved = "no solver loaded"; }
         console.log(JSON.stringify([parsePuzzle("nonogram:1x1:1/1").rows, solved]));`),
    [[[1]], "no solver loaded"],
  );
});
