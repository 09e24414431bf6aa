// The published package as a consumer gets it: `npm pack`, install the tarball into a fresh
// project, then (a) Node solves one puzzle per genre through the wasm functions and through
// the worker API, (b) a Vite build of a tiny page succeeds and the built page solves puzzles
// in headless Chromium.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser, startServer } from "../e2e/helpers.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const consumer = mkdtempSync(join(tmpdir(), "gridlogic-consumer-"));
const run = (cmd, args, cwd = consumer) =>
  execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

// One small puzzle per genre, with its unique answer.
const PUZZLES = `[
  [{ "genre": "nonogram", "rows": [[1], [3], [1]], "cols": [[1], [3], [1]] }, [[0,1,0],[1,1,1],[0,1,0]]],
  [{ "genre": "kakuro", "grid": [[null, {"down": 4}, {"down": 3}], [{"across": 3}, 0, 0], [{"across": 4}, 0, 0]] }, [[0,0,0],[0,1,2],[0,3,1]]],
  [{ "genre": "str8ts", "grid": [[4,1,2,3],[1,2,3,0],[2,3,0,1],[3,0,1,2]],
     "black": [[true,false,false,false],[false,false,false,false],[false,false,false,false],[false,false,false,false]] },
   [[0,1,2,3],[1,2,3,4],[2,3,4,1],[3,4,1,2]]]
]`;

before(() => {
  const tarball = run("npm", ["pack", "--silent", "--pack-destination", consumer], root).trim().split("\n").pop();
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", join(consumer, tarball), "vite@7"]);
});

after(() => rmSync(consumer, { recursive: true, force: true }));

test("the tarball holds only what users need", () => {
  const files = run("npm", ["pack", "--dry-run", "--json"], root);
  const names = JSON.parse(files)[0]
    .files.map((f) => f.path)
    .sort();
  for (const required of [
    "pkg/gridlogic.js",
    "pkg/gridlogic_bg.wasm",
    "pkg/gridlogic.d.ts",
    "pkg/gridlogic_formats.js",
    "pkg/gridlogic_formats_bg.wasm",
    "pkg/gridlogic_formats.d.ts",
    "js/init-sync.js",
    "js/browser.js",
    "js/node.js",
    "js/worker.js",
    "package.json",
    "README.md",
    "LICENSE",
  ]) {
    assert.ok(names.includes(required), `${required} is packed`);
  }
  assert.ok(
    !names.some((n) => n.startsWith("src/") || n.startsWith("tests/") || n.startsWith("www/")),
    names.join(", "),
  );
});

test("Node: both APIs solve one puzzle of each genre", () => {
  writeFileSync(
    join(consumer, "node-check.mjs"),
    `import init, { solve, createSolver, version, parsePuzzle, formatPuzzle } from "gridlogic";
     const puzzles = ${PUZZLES};
     await init();
     const solver = createSolver();
     const out = [version()];
     for (const [puzzle] of puzzles) {
       const direct = solve(parsePuzzle(formatPuzzle(puzzle, "canonical")));
       const viaWorker = await solver.solve(puzzle);
       out.push([direct.status, direct.solutions[0], viaWorker.status, viaWorker.solutions[0]]);
     }
     const aborted = new AbortController();
     aborted.abort();
     out.push(await solver.solve(puzzles[0][0], { signal: aborted.signal }).catch((e) => e.name));
     solver.dispose();
     console.log(JSON.stringify(out));`,
  );
  const [version, ...results] = JSON.parse(run("node", ["node-check.mjs"]));
  assert.match(version, /^\d+\.\d+\.\d+/);
  const puzzles = JSON.parse(PUZZLES);
  puzzles.forEach(([, answer], i) => {
    assert.deepEqual(results[i], ["unique", answer, "unique", answer]);
  });
  assert.equal(results[3], "AbortError");
});

test("Vite: a page built against the package solves in Chromium", async () => {
  mkdirSync(join(consumer, "site"));
  writeFileSync(
    join(consumer, "site", "index.html"),
    `<!doctype html><title>consumer</title><script type="module" src="./main.js"></script>`,
  );
  writeFileSync(
    join(consumer, "site", "main.js"),
    `import init, { solve, createSolver, parsePuzzle, formatPuzzle } from "gridlogic";
     const puzzles = ${PUZZLES};
     await init();
     const solver = createSolver();
     const results = [];
     for (const [puzzle] of puzzles) {
       const direct = solve(parsePuzzle(formatPuzzle(puzzle, "canonical"))).solutions[0];
       results.push([direct, (await solver.solve(puzzle)).solutions[0]]);
     }
     window.results = results;`,
  );
  run("node", [
    "node_modules/vite/bin/vite.js",
    "build",
    "site",
    "--outDir",
    "../dist",
    "--emptyOutDir",
    "--logLevel",
    "warn",
  ]);
  const server = await startServer(join(consumer, "dist"));
  let browser;
  try {
    browser = await launchBrowser();
    const page = await browser.context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => window.results, null, { timeout: 20000 }).catch(() => {});
    assert.deepEqual(errors, []);
    const results = await page.evaluate(() => window.results);
    JSON.parse(PUZZLES).forEach(([, answer], i) => {
      assert.deepEqual(results[i], [answer, answer]);
    });
  } finally {
    await browser?.close();
    server.close();
  }
});
