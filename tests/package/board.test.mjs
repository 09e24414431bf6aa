// `<gridlogic-board>` as a site gets it from the packed tarball: a plain static page (an import
// map, no build) with two boards, and a Vite build of a page with one, in headless Chromium.
// The hint's step and the solved board are checked against the solver run in Node. The
// documentation's own examples (docs/board.md's plain page, its Vite and React code, README's
// snippet) run as written, so that they stay true.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync, mkdirSync, rmSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { launchBrowser, startServer } from "../e2e/helpers.mjs";
import { fencedBlocks } from "../js/markdown.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const site = mkdtempSync(join(tmpdir(), "gridlogic-board-"));
const run = (cmd, args, cwd = site) =>
  execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

const NONOGRAM = { genre: "nonogram", rows: [[1], [3], [1]], cols: [[1], [3], [1]] };
const KAKURO = {
  genre: "kakuro",
  grid: [
    [null, { down: 4 }, { down: 3 }],
    [{ across: 3 }, 0, 0],
    [{ across: 4 }, 0, 0],
  ],
};
let solutions;
let nonogramText;
let nonogramNon;
let server;
let browser;

before(async () => {
  const tarball = run("npm", ["pack", "--silent", "--pack-destination", site], root).trim().split("\n").pop();
  writeFileSync(join(site, "package.json"), JSON.stringify({ name: "site", private: true, type: "module" }));
  run("npm", [
    "install",
    "--no-audit",
    "--no-fund",
    "--loglevel=error",
    join(site, tarball),
    "vite@7",
    "react@19",
    "react-dom@19",
  ]);
  // The oracle: the solver in Node, and the nonogram as text in the canonical format.
  writeFileSync(
    join(site, "oracle.mjs"),
    `import init, { solve, formatPuzzle } from "gridlogic";
     await init();
     const puzzles = ${JSON.stringify([NONOGRAM, KAKURO])};
     console.log(JSON.stringify({ text: formatPuzzle(puzzles[0], "canonical"), non: formatPuzzle(puzzles[0], "non"),
       solutions: puzzles.map((p) => solve(p).solutions[0]) }));`,
  );
  const oracle = JSON.parse(run("node", ["oracle.mjs"]));
  solutions = oracle.solutions;
  nonogramText = oracle.text;
  nonogramNon = oracle.non;
  const attr = (text) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  writeFileSync(
    join(site, "index.html"),
    `<!doctype html><meta charset="utf-8"><title>two boards</title>
<script type="importmap">{ "imports": { "gridlogic/board": "./node_modules/gridlogic/js/board/element.js" } }</script>
<script>
  window.seen = { ready: [], solved: [], errors: [], workers: 0 };
  const Native = Worker;
  window.Worker = class extends Native { constructor(...a) { super(...a); window.seen.workers++; } };
  for (const type of ["ready", "solved", "error"])
    addEventListener(type, (e) => e.target.id && window.seen[type === "error" ? "errors" : type].push({ id: e.target.id, detail: e.detail, at: performance.now() }), true);
</script>
<style>body { margin: 0; display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; } gridlogic-board { height: 360px; }</style>
<gridlogic-board id="one" puzzle="${attr(nonogramText)}" controls="undo redo hint solve"></gridlogic-board>
<gridlogic-board id="two" puzzle="${attr(JSON.stringify(KAKURO))}" theme="dark"></gridlogic-board>
<gridlogic-board id="bad" puzzle="this is no puzzle"></gridlogic-board>
<script type="module">import "gridlogic/board"; import "gridlogic/board";</script>`,
  );
  server = await startServer(site);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  server?.close();
  rmSync(site, { recursive: true, force: true });
});

/** A fresh page of the site at a viewport size. */
async function open(viewport = { width: 1280, height: 860 }) {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => window.seen.ready.length === 2 && window.seen.errors.length === 1);
  return { page, errors };
}

/** The centre of cell i of board `id`, in client coordinates. */
const cellCenter = (page, id, i) =>
  page.evaluate(
    ([id, i]) => {
      const el = document.getElementById(id);
      const box = el.painter.camera.toCanvas(el.session.view.cellBox(i));
      const rect = el.canvas.getBoundingClientRect();
      return { x: rect.left + box.x + box.w / 2, y: rect.top + box.y + box.h / 2 };
    },
    [id, i],
  );

test("two boards from the tarball draw, share one worker, hint, fire solved and error", async () => {
  const { page, errors } = await open();
  const drawn = await page.evaluate(() =>
    ["one", "two"].map((id) => {
      const canvas = document.getElementById(id).shadowRoot.querySelector("canvas");
      const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      let inked = 0;
      for (let k = 0; k < pixels.length; k += 4) if (pixels[k] < 100) inked++;
      return { width: canvas.width, inked };
    }),
  );
  for (const [k, d] of drawn.entries()) {
    assert.ok(d.width > 100 && d.inked > 100, `board ${k + 1} is drawn: ${JSON.stringify(d)}`);
  }
  const firstDraw = await page.evaluate(() => Math.max(...window.seen.ready.map((r) => r.at)));
  console.log(`first draw of the page with two boards: ${firstDraw.toFixed(0)} ms after navigation`);

  // The bad text: an error event with the message, shown instead of a blank box.
  const bad = await page.evaluate(() => {
    const el = document.getElementById("bad");
    const shown = el.shadowRoot.querySelector("[part=error]");
    return { detail: window.seen.errors[0].detail, shown: shown.hidden ? "" : shown.textContent };
  });
  assert.ok(bad.detail.length > 5, bad.detail);
  assert.ok(bad.shown.includes(bad.detail), JSON.stringify(bad));

  // hint() on each board answers a step the solution agrees with; both went to one worker.
  for (const [k, id] of ["one", "two"].entries()) {
    const result = await page.evaluate((id) => document.getElementById(id).hint(), id);
    assert.equal(result.kind, "step", JSON.stringify(result));
    for (const change of result.step.changes) {
      if ("value" in change) assert.equal(change.value, solutions[k][change.row][change.col], JSON.stringify(change));
    }
    const overlay = await page.evaluate((id) => document.getElementById(id).look.overlay, id);
    assert.ok(overlay.changes.length > 0, "the hint is shown on the board");
  }
  assert.equal(await page.evaluate(() => window.seen.workers), 1, "one solver worker for the page");

  // The solution set as `board` solves it: a `solved` event with the time taken.
  for (const [k, id] of ["one", "two"].entries()) {
    const playerBoard =
      k === 0 ? solutions[0] : { values: solutions[1].map((row, r) => row.map((v, c) => (r && c ? v : 0))) };
    await page.evaluate(([id, board]) => (document.getElementById(id).board = board), [id, playerBoard]);
  }
  const solved = await page.evaluate(() => window.seen.solved);
  assert.deepEqual(
    solved.map((s) => s.id),
    ["one", "two"],
  );
  for (const s of solved) assert.ok(typeof s.detail.time === "number" && !s.detail.revealed, JSON.stringify(s));
  assert.equal(await page.evaluate(() => document.getElementById("one").solved), true);
  mkdirSync(join(root, "test-results"), { recursive: true });
  await page.screenshot({ path: join(root, "test-results/board-two-1280.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

test("dark theme: the dark board's paper is dark, the light one's light", async () => {
  const { page } = await open();
  const paper = await page.evaluate(() =>
    ["one", "two"].map((id) => {
      const canvas = document.getElementById(id).shadowRoot.querySelector("canvas");
      const [r, g, b] = canvas.getContext("2d").getImageData(2, 2, 1, 1).data;
      return r + g + b;
    }),
  );
  assert.ok(paper[0] > 600 && paper[1] < 200, JSON.stringify(paper));
  await page.close();
});

test("keyboard: the nonogram solved with arrows, Space and x", async () => {
  const { page } = await open();
  await page.focus("#one >> canvas");
  const solution = solutions[0];
  for (let r = 0; r < 3; r++) {
    for (let k = 0; k < 3; k++) {
      const c = r % 2 ? 2 - k : k;
      await page.keyboard.press(solution[r][c] ? "Space" : "x");
      if (k < 2) await page.keyboard.press(r % 2 ? "ArrowLeft" : "ArrowRight");
    }
    if (r < 2) await page.keyboard.press("ArrowDown");
  }
  assert.deepEqual(await page.evaluate(() => document.getElementById("one").board), solution);
  assert.deepEqual(await page.evaluate(() => window.seen.solved.map((s) => s.id)), ["one"]);
  assert.match(await page.getAttribute("#one >> canvas", "aria-label"), /solved/);
  await page.close();
});

test("phone size with touch: taps fill the nonogram, the Kakuro's pad writes digits", async () => {
  const { page } = await open({ width: 390, height: 844 });
  const solution = solutions[0];
  for (let i = 0; i < 9; i++) {
    if (!solution[Math.floor(i / 3)][i % 3]) continue;
    const { x, y } = await cellCenter(page, "one", i);
    await page.touchscreen.tap(x, y);
  }
  const board = await page.evaluate(() => document.getElementById("one").board);
  assert.deepEqual(
    board.map((row) => row.map((v) => (v === 1 ? 1 : 0))),
    solution,
  );
  assert.equal(await page.evaluate(() => document.getElementById("one").solved), true);
  // Kakuro: tap a cell, then a digit of the pad under the board.
  const { x, y } = await cellCenter(page, "two", 4);
  await page.touchscreen.tap(x, y);
  await page.locator("#two >> .numpad button", { hasText: String(solutions[1][1][1]) }).tap();
  assert.equal(await page.evaluate(() => document.getElementById("two").board.values[1][1]), solutions[1][1][1]);
  await page.screenshot({ path: join(root, "test-results/board-two-390.png"), fullPage: true });
  await page.close();
});

test("Vite: a site built with the board draws it, and the board's own JS is measured", async () => {
  mkdirSync(join(site, "vite"));
  writeFileSync(
    join(site, "vite", "index.html"),
    `<!doctype html><title>vite board</title><gridlogic-board id="one"></gridlogic-board>
<script type="module" src="./main.js"></script>`,
  );
  writeFileSync(
    join(site, "vite", "main.js"),
    // The import the docs show: for its side effect alone, which a bundler keeps only when the
    // package declares it (package.json's "sideEffects").
    `import "gridlogic/board";
     window.defined = customElements.get("gridlogic-board") !== undefined;
     const el = document.getElementById("one");
     el.addEventListener("ready", () => (window.drawn = el.canvas.width > 0));
     el.puzzle = ${JSON.stringify(NONOGRAM)};`,
  );
  run("node", [
    "node_modules/vite/bin/vite.js",
    "build",
    "vite",
    "--outDir",
    "../dist",
    "--emptyOutDir",
    "--logLevel",
    "warn",
  ]);
  const assets = join(site, "dist", "assets");
  const entry = readdirSync(assets).find((f) => /^index-.*\.js$/.test(f));
  const bytes = readFileSync(join(assets, entry));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  console.log(`the board's JS as Vite ships it (minified, with the worker client): ${bytes.length} B, ${gzip} B gzip`);
  assert.ok(gzip <= 25 * 1024, `the board's JS is ${gzip} B gzip, over 25 KB`);
  const dist = await startServer(join(site, "dist"));
  const page = await browser.context.newPage();
  try {
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(dist.url);
    await page.waitForFunction(() => window.defined !== undefined);
    assert.equal(await page.evaluate(() => window.defined), true, "the bare import defines <gridlogic-board>");
    await page.waitForFunction(() => window.drawn === true);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
    dist.close();
  }
});

/** The one block fenced `lang` in a page of the project. */
function docBlock(page, lang) {
  const blocks = fencedBlocks(readFileSync(join(root, page), "utf8"), lang);
  assert.equal(blocks.length, 1, `${page}: one \`\`\`${lang} block`);
  return blocks[0].code;
}

/** Resolves when every `<gridlogic-board>` of the page shows its puzzle drawn, no error. */
const boardsDrawn = (page, count) =>
  page.waitForFunction((count) => {
    const boards = [...document.querySelectorAll("gridlogic-board")];
    return (
      boards.length === count &&
      boards.every((el) => el.puzzle && el.canvas?.width > 0 && el.shadowRoot.querySelector("[part=error]").hidden)
    );
  }, count);

test("the docs' examples run as written: board.md's plain page, its Vite and React code, README's snippet", async () => {
  // docs/board.md's plain page, served from the site's root, with the puzzle its second board fetches.
  mkdirSync(join(site, "puzzles"));
  writeFileSync(join(site, "puzzles", "today.non"), nonogramNon);
  writeFileSync(
    join(site, "docs-plain.html"),
    `<!doctype html><meta charset="utf-8">\n${docBlock("docs/board.md", "html")}`,
  );
  // The bundled examples, one Vite build of three pages: board.md's `main.js` beside a board,
  // its React wrapper rendered by React, and README's snippet as the page itself.
  const docs = join(site, "docs");
  mkdirSync(docs);
  writeFileSync(
    join(docs, "vite.html"),
    `<!doctype html><gridlogic-board style="height: 300px"></gridlogic-board><script type="module" src="./main.js"></script>`,
  );
  writeFileSync(join(docs, "main.js"), docBlock("docs/board.md", "javascript"));
  writeFileSync(join(docs, "Board.jsx"), docBlock("docs/board.md", "jsx"));
  writeFileSync(
    join(docs, "react.jsx"),
    `import { createRoot } from "react-dom/client";
     import { Board } from "./Board.jsx";
     const root = document.body.appendChild(document.createElement("div"));
     createRoot(root).render(
       <Board puzzle={${JSON.stringify(NONOGRAM)}} onSolved={(detail) => (window.solvedDetail = detail)}
         controls="undo redo hint solve" style={{ height: "300px" }} />,
     );`,
  );
  writeFileSync(join(docs, "react.html"), `<!doctype html><script type="module" src="./react.jsx"></script>`);
  // README's snippet is the site's index page (the server is up once its root answers).
  writeFileSync(join(docs, "index.html"), `<!doctype html>\n${docBlock("README.md", "html")}`);
  writeFileSync(
    join(docs, "vite.config.js"),
    `export default {
       esbuild: { jsx: "automatic" },
       build: { rollupOptions: { input: ["vite.html", "react.html", "index.html"] } },
     };`,
  );
  run("node", ["../node_modules/vite/bin/vite.js", "build", "--outDir", "../docs-dist", "--logLevel", "warn"], docs);
  // Servers of their own: sirv lists a folder's files when it starts.
  const plain = await startServer(site);
  const dist = await startServer(join(site, "docs-dist"));
  const page = await browser.context.newPage();
  try {
    const errors = [];
    const logs = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => logs.push(m.text()));

    await page.goto(`${plain.url}docs-plain.html`);
    await boardsDrawn(page, 2);
    assert.deepEqual(
      await page.evaluate(() => [...document.querySelectorAll("gridlogic-board")].map((el) => el.puzzle.genre)),
      ["nonogram", "nonogram"],
      "both boards of the plain page show their puzzle, the second fetched from its src",
    );

    // The Vite example's listener logs the time when the board is solved.
    await page.goto(`${dist.url}vite.html`);
    await boardsDrawn(page, 1);
    assert.equal(await page.evaluate(() => document.querySelector("gridlogic-board").puzzle.genre), "kakuro");
    const kakuroBoard = { values: solutions[1].map((row, r) => row.map((v, c) => (r && c ? v : 0))) };
    await page.evaluate((board) => (document.querySelector("gridlogic-board").board = board), kakuroBoard);
    await page.waitForFunction(() => document.querySelector("gridlogic-board").solved);
    assert.ok(
      logs.some((line) => /^solved in \d+ ms$/.test(line)),
      `the example's listener logged the solve: ${JSON.stringify(logs)}`,
    );

    // The React wrapper passes the puzzle, the attributes and the solved callback through.
    await page.goto(`${dist.url}react.html`);
    await boardsDrawn(page, 1);
    assert.equal(await page.getAttribute("gridlogic-board", "controls"), "undo redo hint solve");
    await page.evaluate((board) => (document.querySelector("gridlogic-board").board = board), solutions[0]);
    await page.waitForFunction(() => window.solvedDetail !== undefined);
    assert.equal(await page.evaluate(() => typeof window.solvedDetail.time), "number");

    // README's snippet, bundled as a page.
    await page.goto(dist.url);
    await boardsDrawn(page, 1);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
    plain.close();
    dist.close();
  }
});
