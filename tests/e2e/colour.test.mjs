// End-to-end tests of colour nonograms on the page, in headless Chromium at 1280×860 (mouse)
// and 390×844 (touch):
//   node --test tests/e2e/colour.test.mjs
// The palette (a click, the keys), painting (a tap or click, a drag) checked in the canvas's
// pixels against the puzzle's colours, Check, Solve in the worker against the Node package's
// solution, undo, the saved board after a reload, share links, the text formats pasted in,
// hints (shown once, in the panel) and screenshots in light and dark. Needs the wasm build in
// www/pkg/ (`npm run build`).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { clickCell, frames, loadBuild, ROOT, screenshot, servePage, settle, shareLink, state } from "./helpers.mjs";

const { solve, PUZZLES } = await loadBuild();
const formats = await import(join(ROOT, "www/pkg/gridlogic_formats.js"));
formats.initSync({ module: readFileSync(join(ROOT, "www/pkg/gridlogic_formats_bg.wasm")) });
const explainModule = await import(join(ROOT, "www/pkg/gridlogic_explain.js"));
explainModule.initSync({ module: readFileSync(join(ROOT, "www/pkg/gridlogic_explain_bg.wasm")) });
const site = servePage();

const entryOf = (id) => PUZZLES.find((p) => p.id === id);
/** The board cell of colour c (js/board/genres/lines.js: colour 1 is 1, 2 marked empty, colour c ≥ 2 is c + 1). */
const cellOf = (c) => (c === 1 ? 1 : c + 1);
const rgbOf = (hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
/** The canvas's pixel (RGB) at the centre of cell i, as drawn. */
async function pixelAt(page, i) {
  await frames(page);
  return page.evaluate((k) => {
    const canvas = document.getElementById("player").shadowRoot.querySelector("canvas");
    const { x, y } = window.gridlogic.cellCenter(k);
    const rect = canvas.getBoundingClientRect();
    const scale = canvas.width / rect.width;
    const data = canvas
      .getContext("2d")
      .getImageData(Math.round((x - rect.left) * scale), Math.round((y - rect.top) * scale), 1, 1).data;
    return [data[0], data[1], data[2]];
  }, i);
}

const SIZES = [
  { name: "desktop", width: 1280, height: 860, touch: false },
  { name: "phone", width: 390, height: 844, touch: true },
];

for (const size of SIZES) {
  describe(`colour nonograms at ${size.width}×${size.height} (${size.name})`, () => {
    /** A fresh page on a puzzle at this size, without double taps (their window set to 0 ms):
     *  presses on one cell in a row are each a tap, however soon they follow each other. */
    const open = async (hash) => {
      const opened = await site.fresh(hash, { config: { doubleTapMs: 0 } });
      await opened.page.setViewportSize({ width: size.width, height: size.height });
      // The layout of the new size at rest (the drawer's slide included): a press lands where
      // the cell is drawn.
      await settle(opened.page);
      return opened;
    };
    /** Press on cell i: a click, or a tap (never a double tap: see `open`). */
    const press = async (page, i) => {
      if (!size.touch) return clickCell(page, i);
      const { x, y } = await page.evaluate((k) => window.gridlogic.cellCenter(k), i);
      await page.touchscreen.tap(x, y);
    };

    test("the palette chooses by click and by key what a press paints; cells are drawn in their colours; the work survives a reload", async () => {
      const entry = entryOf("nonogram-traffic-light");
      const { colors } = entry.puzzle;
      const { page, errors } = await open(`#id=${entry.id}`);
      const swatches = await page.$$eval("#palette button", (bs) => bs.map((b) => b.getAttribute("aria-label")));
      assert.deepEqual(swatches, [...colors.map((_, k) => `Colour ${k + 1}`), "Mark empty"]);
      const bar = await page.$eval("#palette", (el) => el.getBoundingClientRect().toJSON());
      const board = await page.$eval("#board", (el) => el.getBoundingClientRect().toJSON());
      assert.ok(bar.bottom <= size.height && bar.right <= size.width, "the palette is in view");
      assert.ok(bar.top >= board.bottom - 1, "under the board");
      if (size.touch) assert.ok(bar.top > size.height * 0.4, `in the lower part of the phone (${bar.top})`);

      // Colour 2 by a click on its swatch, then a press paints it.
      await page.click("#paint-2");
      assert.equal(await page.getAttribute("#paint-2", "aria-pressed"), "true");
      await press(page, 0);
      let s = await state(page);
      assert.equal(s.cells[0], cellOf(2));
      assert.deepEqual(await pixelAt(page, 0), rgbOf(colors[1]), "cell 0 drawn in colour 2");
      // Colour 4 by its key.
      await page.keyboard.press("4");
      assert.equal(await page.getAttribute("#paint-4", "aria-pressed"), "true");
      assert.equal(await page.getAttribute("#paint-2", "aria-pressed"), "false");
      await press(page, 1);
      s = await state(page);
      assert.equal(s.cells[1], cellOf(4));
      assert.deepEqual(await pixelAt(page, 1), rgbOf(colors[3]), "cell 1 drawn in colour 4");
      // 0: mark empty.
      await page.keyboard.press("0");
      assert.equal(await page.getAttribute("#paint-empty", "aria-pressed"), "true");
      await press(page, 2);
      s = await state(page);
      assert.equal(s.cells[2], 2, "marked empty");
      // A long press marks empty whatever colour is chosen (touch).
      if (size.touch) {
        await page.keyboard.press("3");
        const { x, y } = await page.evaluate(() => window.gridlogic.cellCenter(3));
        const cdp = await page.context().newCDPSession(page);
        const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });
        await touch("touchStart", [{ x, y, id: 0, radiusX: 1, radiusY: 1, force: 1 }]);
        // Held until the page takes it as a long press (js/board/genres/nonogram.js LONG_PRESS).
        await page.waitForFunction(() => window.gridlogic.state().cells[3] === 2, null, { timeout: 10000 });
        await touch("touchEnd", []);
        s = await state(page);
        assert.equal(s.cells[3], 2, "a long press marked the cell empty");
      }
      // A drag along a row paints every cell it crosses (mouse; touch drags are zoom.test's).
      if (!size.touch) {
        await page.keyboard.press("1");
        const from = await page.evaluate(() => window.gridlogic.cellCenter(9 * 3));
        const to = await page.evaluate(() => window.gridlogic.cellCenter(9 * 3 + 4));
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move(to.x, to.y, { steps: 6 });
        await page.mouse.up();
        s = await state(page);
        assert.deepEqual(s.cells.slice(27, 32), [1, 1, 1, 1, 1], "the drag painted colour 1");
        assert.deepEqual(await pixelAt(page, 29), rgbOf(colors[0]));
        await page.click("#undo");
        s = await state(page);
        assert.deepEqual(s.cells.slice(27, 32), [0, 0, 0, 0, 0], "one undo takes the whole drag back");
        await page.click("#redo");
      }
      const before = (await state(page)).cells;
      await page.reload();
      await page.waitForFunction(() => window.gridlogic?.state() != null);
      s = await state(page);
      assert.deepEqual(s.cells, before, "the board is restored after a reload");
      assert.equal(s.canUndo, true, "with its history");
      assert.deepEqual(await pixelAt(page, 1), rgbOf(colors[3]));
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("Check marks a wrong colour; Solve (in the worker) draws the Node package's solution; a black-and-white puzzle has no palette", async () => {
      const entry = entryOf("nonogram-flower");
      const [solution] = solve(entry.puzzle, { maxSolutions: 1 }).solutions;
      const { page, errors } = await open(`#id=${entry.id}`);
      const { width } = await state(page);
      const painted = solution.flat().findIndex((v) => v > 0);
      const right = solution.flat()[painted];
      const wrong = right === 1 ? 2 : 1;
      await page.keyboard.press(String(wrong));
      await press(page, painted);
      assert.equal((await state(page)).grid.flat()[painted], wrong, "the press painted the wrong colour");
      await page.click("#check");
      await page.waitForFunction(() => window.gridlogic.state().status === "done");
      let s = await state(page);
      assert.deepEqual(
        s.wrong,
        [painted],
        `r${Math.floor(painted / width) + 1}c${(painted % width) + 1} is the wrong colour`,
      );
      await page.click("#solve");
      await page.waitForFunction(() => window.gridlogic.state().solved);
      s = await state(page);
      assert.deepEqual(s.grid, solution, "every cell as the Node package solves it");
      assert.equal(s.result.status, "unique");
      for (const k of [painted, solution.flat().indexOf(3)]) {
        assert.deepEqual(await pixelAt(page, k), rgbOf(entry.puzzle.colors[solution.flat()[k] - 1]), `cell ${k}`);
      }
      assert.ok(
        s.feedback.lines.every((l) => l === "done"),
        "every clue crossed off",
      );
      await page.click("#undo");
      s = await state(page);
      assert.equal(s.solved, false, "undo takes the solution back");
      await page.evaluate(() => {
        location.hash = "id=nonogram-heart";
      });
      await page.waitForFunction(() => window.gridlogic.state().puzzleId === "nonogram-heart");
      assert.equal(await page.$("#palette"), null, "no palette in black and white");
      assert.ok(await page.isVisible("#tool-fill"));
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("solved by hand: painting the picture's cells (by colour, keys choosing) celebrates, stops the clock and keeps a best time", {
      skip: size.touch && "the same on a phone (taps are tested above)",
    }, async () => {
      const entry = entryOf("nonogram-flower");
      const [solution] = solve(entry.puzzle, { maxSolutions: 1 }).solutions;
      const { page, errors } = await open(`#id=${entry.id}`);
      const flat = solution.flat();
      for (const c of entry.puzzle.colors.map((_, k) => k + 1)) {
        await page.keyboard.press(String(c));
        for (const i of flat.flatMap((v, k) => (v === c ? [k] : []))) await press(page, i);
      }
      await page.waitForFunction(() => window.gridlogic.state().solved);
      const s = await state(page);
      assert.match(s.message, /^Solved! Every clue is satisfied, in /);
      assert.equal(s.running, false, "the clock stopped");
      assert.equal(typeof s.best, "number", "a best time");
      assert.ok(s.feedback.lines.every((l) => l === "done"));
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("Hint on a colour puzzle shows its answer once, in the panel; the list's rating does not break", async () => {
      const { page, errors } = await open("#id=nonogram-ladybird");
      await page.click("#hint");
      await page.waitForFunction(() => !document.getElementById("assist-panel").hidden);
      const text = await page.textContent("#assist-text");
      assert.ok(text.length > 5, text);
      // The status line (a live region) says it to screen readers but does not show it again.
      const status = await page.$eval("#status-text", (el) => el.getBoundingClientRect().toJSON());
      assert.ok(status.width <= 1 && status.height <= 1, "the status line does not show the text twice");
      assert.match(await page.textContent("#status-text"), new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
      await screenshot(page, `colour-hint-${size.name}`);
      await page.click("#assist-close");
      // The rating of every colour puzzle in the list ends in a label, not "…" for ever.
      await page.evaluate(async () => {
        document.getElementById("drawer-toggle").click();
      });
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll("#puzzle-list button")]
            .filter((b) => /ladybird|flower|fish|traffic/.test(b.dataset.id))
            .every((b) => b.querySelector(".difficulty").textContent !== "…"),
        null,
        { timeout: 60000 },
      );
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("share links and pasted colour texts (webpbn XML, .non, TOML, .g, canonical) open with their colours", async () => {
      const entry = entryOf("nonogram-fish");
      const { page, errors } = await open(`#id=${entry.id}`);
      const link = await shareLink(page);
      assert.match(link, /#p=colornonogram:16x12:/);
      const shared = await site.fresh(new URL(link).hash);
      await shared.page.setViewportSize({ width: size.width, height: size.height });
      assert.equal((await state(shared.page)).name, "Nonogram 16×12", "a shared link is named by its genre and size");
      assert.equal(await shared.page.$$eval("#palette .swatch", (bs) => bs.length), 3);
      await shared.page.close();
      const [solution] = solve(entry.puzzle, { maxSolutions: 1 }).solutions;
      for (const format of ["webpbn-xml", "non", "nonogrid-toml", "g", "canonical"]) {
        const text = formats.formatPuzzle(entry.puzzle, format);
        if (size.touch) await page.click("#drawer-toggle");
        await page.evaluate(() => {
          document.getElementById("import").open = true;
        });
        await page.fill("#import-json", text);
        await page.click("#import-json-load");
        // The import opens as a puzzle of its own (named by its title, or genre and size).
        await page.waitForFunction((id) => window.gridlogic.state().puzzleId !== id, entry.id);
        const s = await state(page);
        assert.equal(s.importError, "", format);
        assert.equal(await page.$$eval("#palette .swatch", (bs) => bs.length), 3, format);
        await page.click("#solve");
        await page.waitForFunction(() => window.gridlogic.state().solved);
        assert.deepEqual((await state(page)).grid, solution, `${format}: solved as the original`);
        await page.evaluate((id) => {
          location.hash = `id=${id}`;
        }, entry.id);
        await page.waitForFunction((id) => window.gridlogic.state().puzzleId === id, entry.id);
      }
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("colours 10 and up are reached from the keyboard by [ and ], round the palette", async () => {
      // Twelve colours in 4×3 cells, colour k + 1 in cell k (from the package's
      // nonogramFromPicture: unique, every block a colour of its own).
      const colors = Array.from({ length: 12 }, (_, k) => `hsl(${k * 30}, 70%, 45%)`);
      const picture = [0, 1, 2].map((r) => [1, 2, 3, 4].map((c) => 4 * r + c));
      const made = explainModule.nonogramFromPicture(picture, colors);
      assert.equal(made.status, "unique");
      const text = formats.formatPuzzle(made.puzzle, "canonical");
      const { page, errors } = await open(`#p=${encodeURIComponent(text)}`);
      assert.equal(await page.$$eval("#palette .swatch", (bs) => bs.length), 12);
      assert.match(await page.getAttribute("#paint-9", "title"), /key 9$/);
      assert.match(await page.getAttribute("#paint-11", "title"), /keys \[ and \] step to it/);
      const pressed = () => page.$eval("#palette [aria-pressed=true]", (b) => b.id);
      await page.keyboard.press("9");
      assert.equal(await pressed(), "paint-9");
      for (const want of ["paint-10", "paint-11", "paint-12", "paint-1"]) {
        await page.keyboard.press("]");
        assert.equal(await pressed(), want);
      }
      await page.keyboard.press("[");
      await page.keyboard.press("[");
      assert.equal(await pressed(), "paint-11");
      // A press paints colour 11 where the picture has it, and the puzzle is solved colour by colour.
      await press(page, 10);
      assert.equal((await state(page)).grid[2][2], 11);
      for (let k = 12; k >= 1; k--) {
        if (k === 11) continue;
        if (k <= 9) await page.keyboard.press(String(k));
        else while ((await pressed()) !== `paint-${k}`) await page.keyboard.press("]");
        await press(page, k - 1);
      }
      await page.waitForFunction(() => window.gridlogic.state().solved);
      if (!size.touch) assert.match(await page.innerHTML("#help"), /<kbd>\[<\/kbd>/);
      await screenshot(page, `colour-twelve-${size.name}`);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("screenshots in light and dark (test-results/colour-*.png)", async () => {
      const entry = entryOf("nonogram-traffic-light");
      const { page, errors } = await open(`#id=${entry.id}`);
      const [solution] = solve(entry.puzzle, { maxSolutions: 1 }).solutions;
      const flat = solution.flat();
      // Half the picture painted, a few cells marked empty, one wrong colour (a conflict).
      for (const k of [1, 2, 3, 4].flatMap((c) => flat.flatMap((v, i) => (v === c && i < 60 ? [i] : [])).slice(0, 5))) {
        await page.keyboard.press(String(flat[k]));
        await press(page, k);
      }
      await page.keyboard.press("0");
      await press(page, 0);
      await page.keyboard.press("2");
      await press(
        page,
        flat.findIndex((v, i) => v === 1 && i > 100),
      );
      for (const scheme of ["light", "dark"]) {
        await page.emulateMedia({ colorScheme: scheme });
        await frames(page);
        await screenshot(page, `colour-${size.name}-${scheme}`);
      }
      assert.deepEqual(errors, []);
      await page.close();
    });
  });
}
