// End-to-end tests of what the play page offers players, in headless Chromium:
//   node --test tests/e2e/player.test.mjs
// clue feedback, progress (timer, best time, list), dark mode, the phone layout and touch,
// keyboard play and the live region, offline reload and first paint. They need the wasm
// build in www/pkg/ (`npm run build`).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  loadBuild,
  servePage,
  startServer,
  launchBrowser,
  freshPage,
  state,
  clickCell,
  screenshot,
  frames,
  settle,
} from "./helpers.mjs";

const { solve, PUZZLES } = await loadBuild();
const site = servePage();
const { fresh } = site;
const entryOf = (id) => PUZZLES.find((p) => p.id === id);
const solutionOf = (puzzle) => solve(puzzle, { maxSolutions: 1 }).solutions[0].flat();

/** Select cell i (a click) and type digit d. */
async function writeDigit(page, i, d) {
  await clickCell(page, i);
  await page.keyboard.press(`Digit${d}`);
}

describe("clue feedback", () => {
  test("nonogram: a row's clue is done when placed, flagged when it can no longer match, unflagged when the option is off", async () => {
    const entry = entryOf("nonogram-heart");
    const { page, errors } = await fresh(`#id=${entry.id}`);
    const solution = solutionOf(entry.puzzle);
    const { width } = await state(page);
    const row = Array.from({ length: width }, (_, c) => c);
    for (const i of row.filter((i) => solution[i] === 1)) await clickCell(page, i);
    let s = await state(page);
    assert.equal(s.feedback.lines[0], "done", "row 0 filled as its clue says");
    const gap = row.find((i) => solution[i] === 0);
    assert.ok(gap !== undefined);
    await clickCell(page, gap);
    s = await state(page);
    assert.equal(s.feedback.lines[0], "conflict", "one more filled cell: row 0 can no longer match");
    await page.uncheck("#flag-conflicts");
    s = await state(page);
    assert.equal(s.feedback.lines[0], "", "flagging off");
    await page.reload();
    await page.waitForFunction(() => window.gridlogic?.state() != null);
    assert.equal(await page.isChecked("#flag-conflicts"), false, "the option is kept");
    await page.check("#flag-conflicts");
    s = await state(page);
    assert.equal(s.feedback.lines[0], "conflict");
    await page.click("#undo");
    s = await state(page);
    assert.equal(s.feedback.lines[0], "done", "undo takes the conflict back");
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const genre of ["kakuro", "str8ts"]) {
    test(`${genre}: a digit written twice in a run is red, with its clue; the right digits make it done`, async () => {
      const entry = PUZZLES.find((p) => p.genre === genre);
      const { page, errors } = await fresh(`#id=${entry.id}`);
      const solution = solutionOf(entry.puzzle);
      let s = await state(page);
      const w = s.width;
      const start = s.cells;
      const free = (k) => start[k] === 0 && solution[k] > 0 && !(genre === "str8ts" && entry.puzzle.black.flat()[k]);
      const i = s.cells.findIndex((_, k) => k % w < w - 1 && free(k) && free(k + 1));
      assert.ok(i >= 0);
      await writeDigit(page, i, 1);
      await writeDigit(page, i + 1, 1);
      s = await state(page);
      assert.ok(s.feedback.conflicts.includes(i) && s.feedback.conflicts.includes(i + 1), `${s.feedback.conflicts}`);
      assert.ok(s.feedback.conflicts.every((k) => s.cells[k] === 1));
      assert.ok(s.feedback.lines.includes("conflict"));
      await page.keyboard.press("Control+z");
      s = await state(page);
      assert.ok(!s.feedback.conflicts.includes(i + 1), "undo takes the repeat back");
      // The whole solution typed in: every clue done.
      await page.keyboard.press("Control+z");
      for (let k = 0; k < solution.length; k++) if (free(k)) await writeDigit(page, k, solution[k]);
      s = await state(page);
      assert.equal(s.solved, true);
      assert.deepEqual(new Set(s.feedback.lines), new Set(["done"]));
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});

/** Pretend the tab is hidden (or visible again): what a browser tells the page on a tab switch. */
const setHidden = (page, hidden) =>
  page.evaluate((h) => {
    Object.defineProperty(document, "visibilityState", { value: h ? "hidden" : "visible", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);

async function reload(page) {
  await page.reload();
  await page.waitForFunction(() => window.gridlogic?.state() != null);
  return state(page);
}

describe("progress", () => {
  test("the timer runs, pauses while the tab is hidden, and the best time and the list's marks survive a reload", async () => {
    const { page, errors } = await fresh("");
    await page.click("#import summary");
    await page.fill("#import-json", JSON.stringify({ genre: "nonogram", rows: [[2], [1]], cols: [[2], [1]] }));
    await page.click("#import-json-load");
    await page.waitForFunction(() => window.gridlogic.state().width === 2);
    await page.waitForFunction(() => window.gridlogic.state().elapsed > 1200);
    let s = await state(page);
    assert.equal(s.running, true);
    await setHidden(page, true);
    const paused = (await state(page)).elapsed;
    // Time passes while hidden (two frames: some milliseconds the clock would count if it ran).
    await frames(page);
    s = await state(page);
    assert.equal(s.running, false);
    assert.equal(s.elapsed, paused, "no time counted while hidden");
    await setHidden(page, false);
    assert.equal((await state(page)).running, true);
    for (const i of [0, 1, 2]) await clickCell(page, i);
    s = await state(page);
    assert.equal(s.solved, true);
    assert.equal(s.running, false);
    assert.ok(s.best >= paused, `best ${s.best} ≥ ${paused}`);
    const best = s.best;
    const mark = () => page.textContent("#puzzle-list [aria-current=true] .progress");
    assert.match(await mark(), /^✓ 0:0\d$/);
    assert.match(await page.textContent("#best-time"), /^best 0:0\d$/);
    s = await reload(page);
    assert.equal(s.solved, true);
    assert.equal(s.best, best, "the best time survives a reload");
    assert.match(await mark(), /^✓ 0:0\d$/);
    // A solve by the solver is no best time; Restart starts the clock again, the best stays.
    await page.click("#reset");
    s = await state(page);
    assert.equal(s.solved, false);
    assert.ok(s.elapsed < 1000);
    assert.equal(s.best, best);
    await page.click("#solve");
    await page.waitForFunction(() => window.gridlogic.state().solved);
    assert.equal((await state(page)).best, best);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("an unsolved board keeps its time and shows its percentage in the list; v1 storage is migrated, not dropped", async () => {
    const { page, errors } = await fresh("#id=nonogram-heart");
    await clickCell(page, 0);
    await page.waitForFunction(() => window.gridlogic.state().elapsed > 1200);
    let s = await reload(page);
    assert.ok(s.elapsed > 1200, `the time survives a reload (${s.elapsed})`);
    assert.equal(s.cells[0], 1);
    assert.equal(await page.textContent("#puzzle-list [aria-current=true] .progress"), "1%");
    // The v1 format (no time) in a fresh profile: migrated on the next load.
    const cells = new Array(100).fill(0);
    cells[5] = 1;
    cells[6] = 2;
    await page.goto(`${site.server.url}style.css`); // off the page (which saves when left), same origin
    await page.evaluate((v1cells) => {
      localStorage.clear();
      const v1 = { cells: v1cells, marks: new Array(100).fill(0), undo: [], redo: [], solved: false };
      localStorage.setItem("gridlogic.v1.progress.nonogram-heart", JSON.stringify(v1));
      localStorage.setItem("gridlogic.v1.last", JSON.stringify("nonogram-heart"));
    }, cells);
    await page.goto(site.server.url);
    await page.waitForFunction(() => window.gridlogic?.state() != null);
    errors.length = 0; // the stylesheet's page asked for a favicon (404)
    s = await state(page);
    assert.equal(s.puzzleId, "nonogram-heart", "the last puzzle opened, from v1");
    assert.deepEqual(s.cells, cells, "the v1 board");
    assert.ok(s.elapsed < 60000);
    const kept = await page.evaluate(() => localStorage.getItem("gridlogic.v1.progress.nonogram-heart"));
    assert.ok(kept, "the v1 data is left in place");
    assert.equal(await page.textContent("#puzzle-list [aria-current=true] .progress"), "2%");
    assert.deepEqual(errors, []);
    await page.close();
  });
});

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a, b) {
  const lum = (hex) => {
    const [r, g, b2] = [1, 3, 5].map((k) => {
      const c = Number.parseInt(hex.slice(k, k + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

describe("dark mode", () => {
  test("follows prefers-color-scheme, the toggle overrides it, the canvas palette follows; clue text ≥ 4.5:1 in both", async () => {
    const { page, errors } = await fresh("#id=nonogram-heart");
    const corner = () =>
      page.evaluate(() => {
        const ctx = document.getElementById("player").shadowRoot.querySelector("canvas").getContext("2d");
        const [r, g, b] = ctx.getImageData(2, 2, 1, 1).data;
        return (r + g + b) / 3;
      });
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const frame = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const palettes = {};
    for (const scheme of ["light", "dark"]) {
      await page.emulateMedia({ colorScheme: scheme });
      await frame();
      assert.equal(await theme(), scheme);
      const paper = await corner();
      assert.ok(scheme === "dark" ? paper < 80 : paper > 200, `${scheme}: the canvas paper (${paper})`);
      palettes[scheme] = await page.evaluate(() => window.gridlogic.palette());
      const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      assert.ok(scheme === "dark" ? /rgb\(2\d,/.test(bg) : /rgb\(2[0-9]{2},/.test(bg), `${scheme}: page ${bg}`);
    }
    for (const [scheme, p] of Object.entries(palettes)) {
      // Text ≥ 4.5:1 (WCAG AA); non-text ≥ 3:1 (WCAG 1.4.11): digit cells against blocks, a hint's outline against a cell.
      const text = [
        ["ink", "clueBand"],
        ["ink", "clueBandAlt"],
        ["ink", "paper"],
        ["ink", "digitCell"],
        ["player", "digitCell"],
        ["player", "digitSelected"],
        ["wrong", "wrongBg"],
        ["blockText", "block"],
        ["blockText", "black"],
        ["blockConflict", "block"],
      ].map((pair) => [...pair, 4.5]);
      const marks = [
        ["digitCell", "block"],
        ["digitRelated", "block"],
        ["digitSelected", "block"],
        ["hintReasonEdge", "digitCell"],
        ["hintChangeEdge", "digitCell"],
      ].map((pair) => [...pair, 3]);
      for (const [fg, bg, least] of [...text, ...marks]) {
        const ratio = contrast(p[fg], p[bg]);
        assert.ok(ratio >= least, `${scheme}: ${fg} against ${bg} is ${ratio.toFixed(2)}:1`);
      }
    }
    // The toggle: dark under a light system, kept over a reload; then light again.
    await page.emulateMedia({ colorScheme: "light" });
    await page.click("#theme");
    await frame();
    assert.equal(await theme(), "dark");
    assert.ok((await corner()) < 80);
    await reload(page);
    assert.equal(await theme(), "dark");
    assert.equal(await page.getAttribute("#theme", "aria-pressed"), "true");
    await page.click("#theme");
    await frame();
    assert.equal(await theme(), "light");
    assert.ok((await corner()) > 200);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

/** A finger on the board through the DevTools protocol (pointer events of type "touch"). */
async function finger(page) {
  const cdp = await page.context().newCDPSession(page);
  const at = (i) => page.evaluate((k) => window.gridlogic.cellCenter(k), i);
  const send = async (type, i) => {
    const touchPoints = i === null ? [] : [await at(i)];
    await cdp.send("Input.dispatchTouchEvent", { type, touchPoints });
  };
  return {
    down: (i) => send("touchStart", i),
    move: (i) => send("touchMove", i),
    up: () => send("touchEnd", null),
  };
}

describe("phone layout and touch (390×844)", () => {
  const PHONE_PUZZLES = ["nonogram-sailboat", "kakuro-lattice", "str8ts-warm-up"];
  test("the board first, then the main controls, without scrolling and without an empty band; the list is a drawer", async () => {
    const { page, errors } = await fresh(`#id=${PHONE_PUZZLES[0]}`);
    await page.setViewportSize({ width: 390, height: 844 });
    const box = (selector) => page.$eval(selector, (el) => el.getBoundingClientRect().toJSON());
    for (const id of PHONE_PUZZLES) {
      await page.evaluate((h) => {
        location.hash = h;
      }, `id=${id}`);
      await page.waitForFunction((p) => window.gridlogic.state().puzzleId === p, id);
      await frames(page);
      const board = await box("#board");
      for (const selector of ["#board", "#undo", "#check", "#solve", "#timer"]) {
        const r = await box(selector);
        assert.ok(r.width > 0 && r.top >= 0 && r.left >= 0, `${id}: ${selector} shown`);
        assert.ok(r.bottom <= 844 && r.right <= 390, `${id}: ${selector} in view (${JSON.stringify(r)})`);
      }
      const head = await box(".puzzle-head");
      assert.ok(
        board.top - head.bottom < 48,
        `${id}: no band between the head and the board (${board.top - head.bottom})`,
      );
      assert.ok(board.width >= 330, `${id}: the board takes the screen's width (${board.width})`);
      const controls = await box("#controls");
      assert.ok(controls.top >= board.bottom, `${id}: the controls below the board`);
      const scroll = await page.evaluate(() => [document.scrollingElement.scrollHeight, innerHeight]);
      assert.ok(scroll[0] <= scroll[1], `${id}: the page does not scroll (${scroll})`);
    }
    // Every genre's tab and the theme button on the screen, the page not wider than it.
    for (const selector of ["#genre-tabs button", ".theme"]) {
      const boxes = await page.$$eval(selector, (els) => els.map((el) => el.getBoundingClientRect().toJSON()));
      for (const r of boxes) assert.ok(r.left >= 0 && r.right <= 390, `${selector} in view (${JSON.stringify(r)})`);
    }
    assert.equal(await page.evaluate(() => document.scrollingElement.scrollWidth), 390, "no sideways scroll");
    // Narrower still (320): the tabs scroll in their bar and the page does not; the open genre's
    // tab is brought into view when a puzzle opens (here with the bar scrolled to its other end).
    await page.setViewportSize({ width: 320, height: 640 });
    const openWithTabsScrolled = async (id) => {
      await page.evaluate((h) => {
        const bar = document.getElementById("genre-tabs");
        bar.scrollLeft = bar.scrollWidth;
        location.hash = h;
      }, `id=${id}`);
      await page.waitForFunction((p) => window.gridlogic.state().puzzleId === p, id);
      const shown = await page.evaluate(() => {
        const tab = document.querySelector('#genre-tabs button[aria-selected="true"]');
        const bar = document.getElementById("genre-tabs");
        const [t, b] = [tab.getBoundingClientRect(), bar.getBoundingClientRect()];
        return {
          hidden: bar.scrollWidth > bar.clientWidth,
          inView: t.left >= b.left - 0.5 && t.right <= b.right + 0.5,
        };
      });
      assert.deepEqual(shown, { hidden: true, inView: true }, `${id}: its genre's tab in view`);
    };
    await openWithTabsScrolled(PHONE_PUZZLES[0]);
    assert.equal(await page.evaluate(() => document.scrollingElement.scrollWidth), 320, "no sideways scroll at 320");
    await openWithTabsScrolled(PHONE_PUZZLES[2]);
    await page.setViewportSize({ width: 390, height: 844 });
    // The puzzle list: off screen until ☰, closed again by a choice.
    assert.ok((await box("#sidebar")).right <= 0, "the drawer is closed");
    await page.click("#drawer-toggle");
    await page.waitForFunction(() => document.getElementById("sidebar").getBoundingClientRect().left >= 0);
    await page.click('#puzzle-list button[data-id="str8ts-little"]');
    await page.waitForFunction(() => window.gridlogic.state().puzzleId === "str8ts-little");
    await page.waitForFunction(() => document.getElementById("sidebar").getBoundingClientRect().right <= 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a tap fills, a drag paints along the direction first moved, a long press marks empty", async () => {
    const { page, errors } = await fresh("#id=nonogram-sailboat");
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    const w = (await state(page)).width;
    const touch = await finger(page);
    await touch.down(0);
    await touch.up();
    let s = await state(page);
    assert.equal(s.cells[0], 1, "a tap fills");
    // From (1, 1) right three cells, then down: the drag stays on row 1.
    const start = w + 1;
    await touch.down(start);
    for (const i of [start + 1, start + 2, start + 3, start + 3 + w, start + 3 + 2 * w]) await touch.move(i);
    await touch.up();
    s = await state(page);
    const changed = s.cells.flatMap((v, i) => (v ? [i] : []));
    assert.deepEqual(changed, [0, start, start + 1, start + 2, start + 3], "row 1 painted, nothing below");
    await page.click("#undo");
    assert.deepEqual(
      (await state(page)).cells.flatMap((v, i) => (v ? [i] : [])),
      [0],
      "the drag is one move",
    );
    const held = 5 * w + 5;
    await touch.down(held);
    await page.waitForFunction((i) => window.gridlogic.state().cells[i] === 2, held, { timeout: 10000 });
    await touch.up();
    s = await state(page);
    assert.equal(s.cells[held], 2, "a long press marks empty");
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("offline and first paint", () => {
  test("after one visit the page reloads offline (server gone, context offline), draws and solves", async () => {
    const own = await startServer();
    const withWorkers = await launchBrowser({ serviceWorkers: "allow" });
    const { context } = withWorkers;
    const { page, errors } = await freshPage(context, own.url, "#id=kakuro-first-steps");
    // The service worker installed (its cache filled) and controlling the page.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
    own.close();
    await context.setOffline(true);
    try {
      await page.reload();
      await page.waitForFunction(() => window.gridlogic?.state() != null, null, { timeout: 30000 });
      const s = await state(page);
      assert.equal(s.puzzleId, "kakuro-first-steps");
      const inked = await page.evaluate(() => {
        const c = document.getElementById("player").shadowRoot.querySelector("canvas");
        const data = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
        let dark = 0;
        for (let k = 0; k < data.length; k += 4) if (data[k] + data[k + 1] + data[k + 2] < 200) dark++;
        return dark;
      });
      assert.ok(inked > 1000, `the board is drawn (${inked} dark pixels)`);
      await page.click("#solve");
      await page.waitForFunction(() => window.gridlogic.state().status === "done", null, { timeout: 30000 });
      const solved = await state(page);
      assert.equal(solved.result.status, "unique");
      assert.equal(solved.solved, true);
    } finally {
      await withWorkers.close();
    }
    assert.deepEqual(errors, []);
  });

  test("the board is drawn before the text formats' wasm is ready; first paint measured at 390×844", async (t) => {
    const { page, errors } = await fresh("#id=nonogram-sailboat");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.waitForFunction(() => performance.getEntriesByName("gridlogic:formats-ready").length > 0);
    const times = await page.evaluate(() => {
      const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
      return {
        firstContentfulPaint: at("first-contentful-paint"),
        boardDrawn: at("gridlogic:board-drawn"),
        formatsReady: at("gridlogic:formats-ready"),
      };
    });
    // The browser does not promise a first-contentful-paint entry by the time the page's own
    // marks exist, nor its order against them: it is reported, and only the page's own marks
    // are asserted.
    t.diagnostic(`390×844: ${JSON.stringify(times)}`);
    assert.equal(typeof times.boardDrawn, "number", "the board-drawn mark");
    assert.equal(typeof times.formatsReady, "number", "the formats-ready mark");
    assert.ok(times.boardDrawn < times.formatsReady, "the board before the wasm");
    assert.deepEqual(errors, []);
    await page.close();
  });
});

/** Press Tab until `selector` has the focus (at most 60 times); false when it never does. */
async function tabTo(page, selector) {
  for (let k = 0; k < 60; k++) {
    if (
      await page.evaluate(
        (s) => (document.activeElement?.shadowRoot?.activeElement ?? document.activeElement)?.matches(s),
        selector,
      )
    )
      return true;
    await page.keyboard.press("Tab");
  }
  return false;
}

describe("keyboard and screen readers", () => {
  test("nonogram: a whole puzzle played with the keyboard alone, the solve announced in the live region", async () => {
    const entry = entryOf("nonogram-heart");
    const { page, errors } = await fresh(`#id=${entry.id}`);
    const solution = solutionOf(entry.puzzle);
    assert.equal(await tabTo(page, "#board"), true, "Tab reaches the board");
    const outline = await page.$eval("#board", (el) => getComputedStyle(el).outlineStyle);
    assert.notEqual(outline, "none", "the focused board shows its focus");
    const { width, height } = await state(page);
    for (let r = 0; r < height; r++) {
      for (let k = 0; k < width; k++) {
        const c = r % 2 ? width - 1 - k : k; // a snake: right along even rows, left along odd ones
        assert.equal((await state(page)).cursor, r * width + c);
        await page.keyboard.press(solution[r * width + c] ? "Space" : "x");
        if (k < width - 1) await page.keyboard.press(r % 2 ? "ArrowLeft" : "ArrowRight");
      }
      if (r < height - 1) await page.keyboard.press("ArrowDown");
    }
    const s = await state(page);
    assert.equal(s.solved, true);
    assert.equal(await page.getAttribute("#status", "role"), "status");
    assert.match(await page.textContent("#status"), /Solved!/);
    assert.match(
      await page.getAttribute("#board", "aria-label"),
      /Heart, Nonogram 10×10; row 10, column 1: .*; solved/,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const genre of ["kakuro", "str8ts"]) {
    test(`${genre}: keyboard only: a digit typed at the cursor, Check and Solve reached by Tab, results announced`, async () => {
      const entry = PUZZLES.find((p) => p.genre === genre);
      const { page, errors } = await fresh(`#id=${entry.id}`);
      const solution = solutionOf(entry.puzzle);
      assert.equal(await tabTo(page, "#board"), true);
      let s = await state(page);
      const i = s.cursor;
      assert.ok(i >= 0 && solution[i] > 0, "the cursor starts on a white cell");
      await page.keyboard.press(`Digit${solution[i]}`);
      s = await state(page);
      assert.equal(s.cells[i], solution[i]);
      assert.match(await page.getAttribute("#board", "aria-label"), new RegExp(`: digit ${solution[i]}$`));
      assert.equal(await tabTo(page, "#check"), true);
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => window.gridlogic.state().status === "done");
      assert.match(await page.textContent("#status"), /No mistakes so far/);
      assert.equal(await tabTo(page, "#solve"), true);
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => window.gridlogic.state().solved);
      assert.match(await page.textContent("#status"), /unique|solution/i);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});

describe("screenshots", () => {
  test("every genre at 1280×860 and 390×844, light and dark (test-results/player-*.png)", async () => {
    const { page, errors } = await fresh("#id=nonogram-sailboat");
    for (const scheme of ["light", "dark"]) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [width, height] of [
        [1280, 860],
        [390, 844],
      ]) {
        await page.setViewportSize({ width, height });
        for (const id of ["nonogram-sailboat", "kakuro-lattice", "str8ts-warm-up"]) {
          await page.evaluate((h) => {
            location.hash = h;
          }, `id=${id}`);
          await page.waitForFunction((p) => window.gridlogic.state().puzzleId === p, id);
          // A few moves, one of them a conflict, so that the feedback shows.
          const s = await state(page);
          const free = s.cells
            .map((_, k) => k)
            .filter((k) => s.cells[k] === 0 && solutionOf(entryOf(id).puzzle)[k] > 0);
          if (id.startsWith("nonogram")) {
            for (const k of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) await clickCell(page, k);
          } else {
            await writeDigit(page, free[0], 1);
            await writeDigit(page, free[1], 1);
          }
          await frames(page);
          const r = await page.$eval("#board", (el) => el.getBoundingClientRect().toJSON());
          assert.ok(r.bottom <= height && r.right <= width, `${id} ${width}×${height} ${scheme}: the board in view`);
          await screenshot(page, `player-${id.split("-")[0]}-${width}x${height}-${scheme}`);
          await page.click("#reset");
        }
      }
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});
