// End-to-end tests of the New puzzle dialog (www/create.js) and Make from a picture
// (www/picture.js) in headless Chromium, on a desktop window and a 390×844 phone. The oracles
// are independent of the page: a generated puzzle is solved by the solver module in Node
// (unique, its solution played by hand on the page solves it) and rated by `rate`; a
// picture's clues are counted by brute force over every grid of its size, which gives the
// verdict and the cells where solutions differ (in colour too: every grid of colour indices).
//   node --test tests/e2e/create.test.mjs
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { requireBuild, servePage, state, clickCell, screenshot, ROOT } from "./helpers.mjs";

requireBuild();
const { initSync, solve } = await import(join(ROOT, "www/pkg/gridlogic.js"));
initSync({ module: readFileSync(join(ROOT, "www/pkg/gridlogic_bg.wasm")) });
const explainModule = await import(join(ROOT, "www/pkg/gridlogic_explain.js"));
explainModule.initSync({ module: readFileSync(join(ROOT, "www/pkg/gridlogic_explain_bg.wasm")) });
const formats = await import(join(ROOT, "www/pkg/gridlogic_formats.js"));
formats.initSync({ module: readFileSync(join(ROOT, "www/pkg/gridlogic_formats_bg.wasm")) });

const site = servePage();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };

/** A fresh page (empty storage) at the viewport's size, in the colour scheme. */
async function open(viewport, scheme = "light", hash = "#id=nonogram-heart") {
  const { page, errors } = await site.fresh(hash);
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: scheme });
  return { page, errors };
}

/** Open the sidebar's button (on a phone the list is in the drawer). */
async function clickInSidebar(page, id, viewport) {
  if (viewport === PHONE) await page.click("#drawer-toggle");
  await page.click(`#${id}`);
}

/** The open puzzle's text in the page's link, once there (the text formats' wasm writes it, loaded with the dialog). */
async function linked(page) {
  const hash = await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get("p"));
  return hash.jsonValue();
}

/** Fill the New puzzle dialog (options by their visible text) and press Generate. */
async function askFor(page, { genre, size, difficulty, seed, colours }) {
  await page.selectOption("#create-genre", { label: genre });
  if (colours) await page.selectOption("#create-colours", { label: colours });
  await page.selectOption("#create-size", { label: size });
  await page.selectOption("#create-difficulty", { label: difficulty });
  await page.fill("#create-seed", seed === undefined ? "" : String(seed));
  await page.click("#create-go");
}

/** The clues of a 0/1 grid (rows of cells): runs of 1s per row and column ([] for none, as parsePuzzle reads them). */
function cluesOf(grid) {
  const runs = (line) => {
    const out = [];
    let n = 0;
    for (const v of [...line, 0]) {
      if (v) n++;
      else if (n) {
        out.push(n);
        n = 0;
      }
    }
    return out;
  };
  const cols = grid[0].map((_, c) => grid.map((row) => row[c]));
  return { rows: grid.map(runs), cols: cols.map(runs) };
}

/** Every grid of the picture's size whose clues are the picture's (brute force: ≤ 4×4). */
function solutionsOf(grid) {
  const h = grid.length;
  const w = grid[0].length;
  const want = JSON.stringify(cluesOf(grid));
  const found = [];
  for (let bits = 0; bits < 2 ** (w * h); bits++) {
    const g = Array.from({ length: h }, (_, r) => Array.from({ length: w }, (_, c) => (bits >> (r * w + c)) & 1));
    if (JSON.stringify(cluesOf(g)) === want) found.push(g);
  }
  return found;
}

/** The colour blocks of a line of colour indices: "n:colour" per run of one colour but 0. */
const colourRuns = (line) =>
  line
    .map((v, i) => (v && line[i - 1] !== v ? i : -1))
    .filter((i) => i >= 0)
    .map((i) => {
      let n = 0;
      while (line[i + n] === line[i]) n++;
      return `${n}:${line[i]}`;
    })
    .join(" ");

/** Every grid of colour indices (0..colours) whose colour clues are the picture's (brute force: ≤ 3×3 in 2 colours). */
function colourSolutionsOf(grid, colours) {
  const [h, w, values] = [grid.length, grid[0].length, colours + 1];
  const clues = (g) => JSON.stringify([g.map(colourRuns), g[0].map((_, c) => colourRuns(g.map((row) => row[c])))]);
  const want = clues(grid);
  const found = [];
  for (let code = 0; code < values ** (w * h); code++) {
    const g = Array.from({ length: h }, (_, r) =>
      Array.from({ length: w }, (_, c) => Math.floor(code / values ** (r * w + c)) % values),
    );
    if (clues(g) === want) found.push(g);
  }
  return found;
}

for (const [where, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  describe(`New puzzle, ${where}`, () => {
    test("a generated puzzle joins the list with its rating, is unique, plays to solved, and has a link", async () => {
      const { page, errors } = await open(viewport);
      await clickInSidebar(page, "create-open", viewport);
      await page.waitForSelector("#create[open]");
      await screenshot(page, `create-dialog-${where}`);
      const request = { genre: "Nonogram", size: "10×10", difficulty: "easy", seed: 7 };
      await askFor(page, request);
      await page.waitForFunction(() => window.gridlogic.state().name.includes("seed 7"), null, { timeout: 60000 });
      assert.equal(await page.isVisible("#create"), false, "the dialog closed");
      const s = await state(page);
      assert.equal(s.genre, "nonogram");
      assert.deepEqual([s.width, s.height], [10, 10]);
      // The oracle: the solver module proves it unique; the explain module rates it easy.
      const puzzle = await linked(page);
      assert.match(puzzle, /^nonogram:10x10:/, "the link carries the canonical text");
      const parsed = formats.parsePuzzle(puzzle, "canonical");
      const result = solve(parsed, { maxSolutions: 2 });
      assert.equal(result.status, "unique");
      assert.equal(explainModule.rate(parsed).label, "easy");
      // The list shows it with its rating (no rating request needed: the generator's).
      const row = page.locator(`#puzzle-list button[data-id="${s.puzzleId}"]`);
      assert.equal(await row.locator(".difficulty").textContent(), "easy");
      assert.match(await page.textContent("#puzzle-meta"), /easy/);
      // Playable: filling the solution's cells by hand solves it.
      const solution = result.solutions[0].flat();
      for (const [i, v] of solution.entries()) if (v === 1) await clickCell(page, i);
      await page.waitForFunction(() => window.gridlogic.state().solved);
      await screenshot(page, `create-solved-${where}`);
      // Kept: after a reload the list still has it; its link opens the same puzzle elsewhere.
      const link = page.url();
      await page.reload();
      await page.waitForFunction(() => window.gridlogic?.state() != null);
      assert.equal(await page.locator(`#puzzle-list button[data-id="${s.puzzleId}"]`).count(), 1);
      const other = await site.browser.context.newPage();
      await other.goto(link);
      await other.waitForFunction(() => window.gridlogic?.state()?.genre === "nonogram");
      assert.deepEqual((await state(other)).grid.length, 10);
      assert.equal((await state(other)).puzzleId, s.puzzleId, "the same puzzle (same id: the same clues)");
      await other.close();
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("a colour nonogram from the dialog: its colours, unique, rated as asked, played with the palette", async () => {
      const { page, errors } = await open(viewport);
      await clickInSidebar(page, "create-open", viewport);
      await page.waitForSelector("#create[open]");
      assert.equal(await page.isVisible("#create-colours"), true, "nonograms offer colours");
      await page.selectOption("#create-genre", { label: "Kakuro" });
      assert.equal(await page.isVisible("#create-colours"), false, "a Kakuro has none");
      await page.selectOption("#create-genre", { label: "Nonogram" });
      await page.selectOption("#create-colours", { label: "3 colours" });
      assert.match(await page.textContent("#create-note"), /short trial/);
      await screenshot(page, `create-colour-dialog-${where}`);
      await askFor(page, { genre: "Nonogram", colours: "3 colours", size: "10×10", difficulty: "medium", seed: 11 });
      await page.waitForFunction(() => window.gridlogic.state().name.includes("seed 11"), null, { timeout: 60000 });
      const s = await state(page);
      assert.match(s.name, /in 3 colours/);
      const puzzle = formats.parsePuzzle(await linked(page), "canonical");
      assert.deepEqual(puzzle.colors, ["#d03030", "#3050d0", "#208040"]);
      const result = solve(puzzle, { maxSolutions: 2 });
      assert.equal(result.status, "unique");
      assert.equal(explainModule.rate(puzzle).label, "medium");
      assert.equal(await page.$$eval("#palette .swatch", (bs) => bs.length), 3);
      // Played: each colour's cells painted after its key solve it.
      const solution = result.solutions[0].flat();
      for (const colour of [1, 2, 3]) {
        await page.keyboard.press(String(colour));
        for (const [i, v] of solution.entries()) if (v === colour) await clickCell(page, i);
      }
      await page.waitForFunction(() => window.gridlogic.state().solved);
      await screenshot(page, `create-colour-solved-${where}`);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("Cancel stops a generation at once and frees the worker; an unreachable level is said plainly", async () => {
      const { page, errors } = await open(viewport, "dark");
      const before = (await state(page)).puzzleId;
      await clickInSidebar(page, "create-open", viewport);
      // A long generation to cancel: the extreme 15×15 Kakuro of seed 2, the slowest of seeds
      // 2–18 (5.5 s through wasm in Node on the project's machine kind, against a median of about
      // 1 s; the work is the seed's, the same on every machine), cancelled after 1 s.
      await askFor(page, { genre: "Kakuro", size: "15×15", difficulty: "extreme", seed: 2 });
      await page.waitForSelector("#create-progress:not([hidden])");
      await page.waitForFunction(() => /Generating… [1-9]/.test(document.getElementById("create-elapsed").textContent));
      // The generator's progress: the candidates it has tried so far.
      await page.waitForFunction(() =>
        /· [1-9]\d* candidates? tried/.test(document.getElementById("create-elapsed").textContent),
      );
      await screenshot(page, `create-progress-${where}-dark`);
      // At once: the generation's end is said by the next animation frame after the click,
      // whatever the machine's speed (the worker is dropped, not asked to stop).
      const said = await page.evaluate(async () => {
        document.getElementById("create-cancel").click();
        await new Promise((r) => requestAnimationFrame(r));
        return !document.getElementById("create-error").hidden;
      });
      assert.equal(said, true, "the cancel took effect at once");
      assert.match(await page.textContent("#create-error"), /Cancelled/);
      assert.equal(await page.isVisible("#create-progress"), false);
      assert.equal((await state(page)).puzzleId, before, "no puzzle was opened");
      // The worker is free: a small generation right after succeeds.
      await askFor(page, { genre: "Str8ts", size: "6×6", difficulty: "easy", seed: 1 });
      await page.waitForFunction(() => window.gridlogic.state().genre === "str8ts", null, { timeout: 60000 });
      const s = await state(page);
      const parsed = formats.parsePuzzle(await linked(page), "canonical");
      assert.equal(solve(parsed, { maxSolutions: 2 }).status, "unique");
      assert.equal(explainModule.rate(parsed).label, "easy");
      assert.deepEqual([s.width, s.height], [6, 6]);
      // A level out of reach for the size: said in the dialog in the player's words.
      await clickInSidebar(page, "create-open", viewport);
      await askFor(page, { genre: "Nonogram", size: "5×5", difficulty: "hard", seed: 1 });
      await page.waitForSelector("#create-error:not([hidden])", { timeout: 60000 });
      const error = await page.textContent("#create-error");
      assert.match(
        error,
        /^No hard 5×5 nonogram can be made: this size does not reach hard\. Choose a lower level/,
        error,
      );
      await screenshot(page, `create-error-${where}-dark`);
      await page.keyboard.press("Escape");
      assert.equal(await page.isVisible("#create"), false);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("a 9×9 Sudoku is generated unique, at the level asked, and drawn", async () => {
      const { page, errors } = await open(viewport);
      await clickInSidebar(page, "create-open", viewport);
      await askFor(page, { genre: "Sudoku", size: "9×9", difficulty: "easy", seed: 3 });
      await page.waitForFunction(() => window.gridlogic.state().genre === "sudoku", null, { timeout: 60000 });
      const parsed = formats.parsePuzzle(await linked(page), "canonical");
      assert.equal(solve(parsed, { maxSolutions: 2 }).status, "unique");
      assert.equal(explainModule.rate(parsed).label, "easy");
      const s = await state(page);
      assert.deepEqual([s.width, s.height], [9, 9]);
      await screenshot(page, `create-sudoku-${where}`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  });

  describe(`Make from a picture, ${where}`, () => {
    test("a drawing's verdict at once: ambiguous cells outlined, then unique, then played", async () => {
      const { page, errors } = await open(viewport, where === "phone" ? "dark" : "light");
      await clickInSidebar(page, "picture-open", viewport);
      await page.fill("#picture-width", "4");
      await page.fill("#picture-height", "4");
      await page.press("#picture-height", "Tab");
      await page.click("#picture-blank");
      const picture = () => page.evaluate(() => window.gridlogic.picture());
      const settled = () =>
        page.waitForFunction(() => window.gridlogic.picture().status !== "checking", null, { timeout: 30000 });
      const press = async (i) => {
        const { x, y } = (await picture()).centres[i];
        await page.mouse.click(x, y);
      };
      // A diagonal pair in a 4×4: its clues fit the other diagonal too.
      await press(0);
      await press(5);
      await settled();
      let p = await picture();
      const grid = (cells) => Array.from({ length: 4 }, (_, r) => cells.slice(r * 4, r * 4 + 4));
      let solutions = solutionsOf(grid(p.cells));
      assert.ok(solutions.length > 1);
      assert.equal(p.status, "multiple");
      const differ = new Set();
      for (const s of solutions) {
        for (const [i, v] of s.flat().entries()) if (v !== p.cells[i]) differ.add(i);
      }
      const outlined = p.ambiguous.map(([r, c]) => r * 4 + c);
      assert.ok(outlined.length > 0);
      for (const i of outlined) assert.ok(differ.has(i), `cell ${i} is outlined but every solution agrees on it`);
      assert.match(await page.textContent("#picture-status"), /Not unique: \d+ cells are ambiguous/);
      // The outline is drawn: the danger colour at an outlined cell's edge, not at an other cell's.
      const edgePixel = (i) =>
        page.evaluate(
          ([i, w]) => {
            const canvas = document.getElementById("picture-grid");
            const ratio = canvas.width / canvas.getBoundingClientRect().width;
            const size = canvas.getBoundingClientRect().width / w;
            const x = Math.round(((i % w) * size + size / 2) * ratio);
            // The middle of the outline's top edge (drawn inset by its width, centred there).
            const y = Math.round((Math.floor(i / w) * size + Math.max(2, size / 8)) * ratio);
            return [...canvas.getContext("2d").getImageData(x, y, 1, 1).data];
          },
          [i, 4],
        );
      const reddish = ([r, g, b]) => r > 150 && g < 140 && b < 140;
      assert.ok(reddish(await edgePixel(outlined[0])), `outlined: ${await edgePixel(outlined[0])}`);
      const plain = [...Array(16).keys()].find((i) => !outlined.includes(i));
      assert.ok(!reddish(await edgePixel(plain)), `not outlined: ${await edgePixel(plain)}`);
      await screenshot(page, `picture-ambiguous-${where}`);
      // One more cell: now the oracle finds one solution, and so does the page.
      await press(1);
      await settled();
      p = await picture();
      solutions = solutionsOf(grid(p.cells));
      assert.equal(solutions.length, 1);
      assert.equal(p.status, "unique");
      assert.deepEqual(p.ambiguous, []);
      assert.match(await page.textContent("#picture-status"), /Unique/);
      // Export as .non: the text reads back as the clues of the drawing.
      await page.selectOption("#picture-format", "non");
      await page.click("#picture-export");
      const text = await page.inputValue("#picture-text");
      const read = formats.parsePuzzle(text, "non");
      assert.deepEqual({ rows: read.rows, cols: read.cols }, cluesOf(grid(p.cells)));
      await screenshot(page, `picture-unique-${where}`);
      await page.click("#picture-play");
      await page.waitForFunction(() => window.gridlogic.state().name === "Picture 4×4");
      const s = await state(page);
      assert.deepEqual([s.width, s.height], [4, 4]);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("an image file becomes cells by the threshold", async () => {
      const { page, errors } = await open(viewport);
      // A 200×200 PNG drawn in the page: white, a black bar over columns 2–7 of row 4–5 (at 10
      // cells a side, 20 px a cell) and a grey (luminance 100) bar over rows 1–8 of column 1.
      const png = await page.evaluate(() => {
        const c = document.createElement("canvas");
        c.width = c.height = 200;
        const ctx = c.getContext("2d");
        ctx.fillStyle = "#fff";
        ctx.fillRect(0, 0, 200, 200);
        ctx.fillStyle = "#000";
        ctx.fillRect(40, 80, 120, 40);
        ctx.fillStyle = "rgb(100,100,100)";
        ctx.fillRect(20, 20, 20, 160);
        return c.toDataURL("image/png").split(",")[1];
      });
      await clickInSidebar(page, "picture-open", viewport);
      await page.fill("#picture-width", "10");
      await page.press("#picture-width", "Tab");
      await page.setInputFiles("#picture-file", {
        name: "bars.png",
        mimeType: "image/png",
        buffer: Buffer.from(png, "base64"),
      });
      await page.waitForFunction(
        () => window.gridlogic.picture().width === 10 && window.gridlogic.picture().cells.some((v) => v),
      );
      const expected = (grey) =>
        Array.from({ length: 100 }, (_, i) => {
          const [r, c] = [Math.floor(i / 10), i % 10];
          return (r >= 4 && r <= 5 && c >= 2 && c <= 7) || (grey && c === 1 && r >= 1 && r <= 8) ? 1 : 0;
        });
      let p = await page.evaluate(() => window.gridlogic.picture());
      assert.equal(p.height, 10, "the height follows the image's shape");
      assert.deepEqual(p.cells, expected(true), "threshold 128: the grey bar is filled");
      await page.fill("#picture-threshold", "90");
      await page.dispatchEvent("#picture-threshold", "input");
      p = await page.evaluate(() => window.gridlogic.picture());
      assert.deepEqual(p.cells, expected(false), "threshold 90: the grey bar is not");
      await page.waitForFunction(() => window.gridlogic.picture().status !== "checking", null, { timeout: 30000 });
      await screenshot(page, `picture-image-${where}`);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("a colour drawing: the palette paints, the verdict and outlines agree with a brute force, exported and played", async () => {
      const { page, errors } = await open(viewport);
      await clickInSidebar(page, "picture-open", viewport);
      await page.fill("#picture-width", "3");
      await page.fill("#picture-height", "3");
      await page.press("#picture-height", "Tab");
      await page.selectOption("#picture-colours", { label: "2 colours" });
      await page.click("#picture-blank");
      assert.equal(await page.isVisible("#picture-threshold"), false, "no threshold in colour");
      assert.deepEqual(await page.$$eval("#picture-format option", (os) => os.map((o) => o.value)), [
        "canonical",
        "non",
        "webpbn-xml",
        "nonogrid-toml",
        "g",
      ]);
      const picture = () => page.evaluate(() => window.gridlogic.picture());
      const settled = () =>
        page.waitForFunction(() => window.gridlogic.picture().status !== "checking", null, { timeout: 30000 });
      const tap = async (i) => {
        const { x, y } = (await picture()).centres[i];
        await page.mouse.click(x, y);
        await settled();
      };
      const rows = (p) => Array.from({ length: p.height }, (_, r) => p.cells.slice(r * p.width, (r + 1) * p.width));
      /** The verdict and outlines against the brute force over every grid in 0..2. */
      const agrees = async () => {
        const p = await picture();
        const all = colourSolutionsOf(rows(p), 2);
        assert.equal(p.status, all.length > 1 ? "multiple" : "unique");
        const pairs = all.flatMap((a, i) =>
          all
            .slice(i + 1)
            .map((b) => JSON.stringify(a.flatMap((row, r) => row.flatMap((v, c) => (v === b[r][c] ? [] : [[r, c]]))))),
        );
        if (all.length > 1) assert.ok(pairs.includes(JSON.stringify(p.ambiguous)), JSON.stringify(p.ambiguous));
        else assert.deepEqual(p.ambiguous, []);
        return p;
      };
      await page.click("#picture-paint-1");
      await tap(0);
      await tap(4);
      let p = await agrees();
      assert.deepEqual(p.cells, [1, 0, 0, 0, 1, 0, 0, 0, 0]);
      assert.equal(p.status, "multiple", "two colour-1 cells on a diagonal: the other diagonal fits");
      assert.deepEqual(p.ambiguous, [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ]);
      await screenshot(page, `picture-colour-ambiguous-${where}`);
      // Key 2 chooses colour 2; the centre cell becomes colour 2: the colours tell it apart.
      await page.keyboard.press("2");
      assert.equal((await picture()).ink, 2);
      assert.equal(await page.getAttribute("#picture-paint-2", "aria-pressed"), "true");
      await tap(4);
      await tap(8);
      p = await agrees();
      assert.deepEqual(p.cells, [1, 0, 0, 0, 2, 0, 0, 0, 2]);
      // A press on a cell of the chosen colour clears it.
      await tap(8);
      p = await agrees();
      assert.deepEqual(p.cells, [1, 0, 0, 0, 2, 0, 0, 0, 0]);
      assert.equal(p.status, "unique");
      assert.match(await page.textContent("#picture-status"), /Unique/);
      await screenshot(page, `picture-colour-unique-${where}`);
      // Every format offered writes it, and reads back as the same puzzle.
      for (const format of ["canonical", "non", "webpbn-xml", "nonogrid-toml", "g"]) {
        await page.selectOption("#picture-format", format);
        await page.click("#picture-export");
        const text = await page.inputValue("#picture-text");
        const back = formats.parsePuzzle(text, format);
        assert.deepEqual(back.colors, p.palette, format);
        assert.equal(solve(back, { maxSolutions: 2 }).status, "unique", format);
      }
      assert.equal(await page.isVisible("#picture-error"), false);
      // The formats not offered cannot write a colour puzzle.
      for (const format of ["nin", "tatham", "picross-solver"]) {
        assert.throws(() => formats.formatPuzzle(p.puzzle, format), undefined, format);
      }
      await page.click("#picture-play");
      await page.waitForFunction(() => window.gridlogic.state().name.startsWith("Picture 3×3 in 2 colours"));
      assert.equal(await page.$$eval("#palette .swatch", (bs) => bs.length), 2);
      await clickCell(page, 0);
      await page.keyboard.press("2");
      await clickCell(page, 4);
      await page.waitForFunction(() => window.gridlogic.state().solved);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("a colour image becomes cells in that many colours, the lightest the background", async () => {
      const { page, errors } = await open(viewport);
      // 120×120 px, 6×6 cells of 20 px: white paper, a red bar (row 1, columns 1–4), a blue
      // block (rows 3–4, columns 0–1), a green column (column 5, rows 2–5), and a
      // half-transparent corner that blends to near white.
      const png = await page.evaluate(() => {
        const c = document.createElement("canvas");
        c.width = c.height = 120;
        const ctx = c.getContext("2d");
        ctx.fillStyle = "#ffffff";
        ctx.fillRect(0, 0, 120, 120);
        ctx.clearRect(0, 0, 20, 20);
        ctx.fillStyle = "rgba(250,250,250,0.5)";
        ctx.fillRect(0, 0, 20, 20);
        ctx.fillStyle = "#c82828";
        ctx.fillRect(20, 20, 80, 20);
        ctx.fillStyle = "#2840c8";
        ctx.fillRect(0, 60, 40, 40);
        ctx.fillStyle = "#28a040";
        ctx.fillRect(100, 40, 20, 80);
        return c.toDataURL("image/png").split(",")[1];
      });
      await clickInSidebar(page, "picture-open", viewport);
      await page.selectOption("#picture-colours", { label: "3 colours" });
      await page.fill("#picture-width", "6");
      await page.press("#picture-width", "Tab");
      await page.setInputFiles("#picture-file", {
        name: "blocks.png",
        mimeType: "image/png",
        buffer: Buffer.from(png, "base64"),
      });
      await page.waitForFunction(
        () => window.gridlogic.picture().width === 6 && window.gridlogic.picture().cells.some((v) => v),
      );
      await page.waitForFunction(() => window.gridlogic.picture().status !== "checking", null, { timeout: 30000 });
      const p = await page.evaluate(() => window.gridlogic.picture());
      assert.equal(p.colours, 3);
      const want = { red: [200, 40, 40], blue: [40, 64, 200], green: [40, 160, 64] };
      const index = (rgb) =>
        1 +
        p.palette.findIndex((hex) =>
          [1, 3, 5].every((k, d) => Math.abs(Number.parseInt(hex.slice(k, k + 2), 16) - rgb[d]) <= 8),
        );
      const [red, blue, green] = [want.red, want.blue, want.green].map(index);
      assert.ok(red > 0 && blue > 0 && green > 0, p.palette.join(" "));
      const expected = Array.from({ length: 36 }, (_, i) => {
        const [r, c] = [Math.floor(i / 6), i % 6];
        if (r === 1 && c >= 1 && c <= 4) return red;
        if (r >= 3 && r <= 4 && c <= 1) return blue;
        if (c === 5 && r >= 2) return green;
        return 0;
      });
      assert.deepEqual(p.cells, expected);
      // The verdict is the solver module's on the same clues.
      assert.equal(p.status, solve(p.puzzle, { maxSolutions: 2 }).status);
      assert.equal(await page.$$eval("#picture-palette .swatch", (bs) => bs.length), 4, "background and 3 colours");
      await screenshot(page, `picture-colour-image-${where}`);
      // Back to black and white: the threshold reads the image again, every colour is dark enough.
      await page.selectOption("#picture-colours", { label: "Black and white" });
      const bw = await page.evaluate(() => window.gridlogic.picture());
      assert.deepEqual(
        bw.cells,
        expected.map((v) => (v ? 1 : 0)),
      );
      assert.equal(await page.isVisible("#picture-palette"), false);
      assert.deepEqual(errors, []);
      await page.close();
    });
  });
}

describe("New puzzle choices", () => {
  test("choosing colours keeps the size chosen; only reachable levels are offered", async () => {
    const { page, errors } = await open(DESKTOP);
    await page.click("#create-open");
    const levels = () => page.$$eval("#create-difficulty option", (os) => os.map((o) => o.textContent));
    const size = () => page.$eval("#create-size", (s) => s.selectedOptions[0].textContent);
    await page.selectOption("#create-genre", { label: "Nonogram" });
    await page.selectOption("#create-size", { label: "15×15" });
    await page.selectOption("#create-difficulty", { label: "hard" });
    await page.selectOption("#create-colours", { label: "3 colours" });
    assert.equal(await size(), "15×15", "the size stays");
    assert.equal(await page.inputValue("#create-difficulty"), "hard", "the level stays");
    assert.deepEqual(await levels(), ["easy", "medium", "hard", "expert", "extreme"], "every level for colour");
    await page.selectOption("#create-genre", { label: "Kakuro" });
    assert.ok(!(await levels()).includes("expert"), "no expert Kakuro");
    await page.selectOption("#create-genre", { label: "Str8ts" });
    assert.ok((await levels()).includes("expert"));
    assert.deepEqual(errors, []);
    await page.close();
  });
});
