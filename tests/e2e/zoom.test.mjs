// End-to-end tests of zoom and pan (www/camera.js, painter.js, zoom.js, input.js) and of the
// layouts on their side and on tablets, in headless Chromium:
//   node --test tests/e2e/zoom.test.mjs
// Fingers go through the DevTools protocol (Input.dispatchTouchEvent: pointer events of type
// "touch", several at once). What is checked is what the player sees: the canvas's pixels (a
// tapped cell is drawn filled right under the finger; the clue bands' colours stay at the
// canvas's edges while the cells are panned), the zoom (the cell side) and the board. Where a
// test works out which cell is under a point, it does so from the geometry the page reports
// (window.gridlogic.camera()), with its own arithmetic. They need the wasm build (`npm run build`).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { frames, requireBuild, servePage, settle, state } from "./helpers.mjs";

requireBuild();

const site = servePage();

const BIG = "nonogram-lighthouse"; // 64×64
const SIZES = { phone: [390, 844], landscape: [844, 390], tablet: [820, 1180], desktop: [1280, 860] };
const SHOTS = process.env.ZOOM_SHOTS; // a folder for screenshots, when set

/**
 * A fresh page on puzzle `id` at a size of SIZES. The two taps of a double tap follow each other
 * at once here, but a loaded machine may hold the second back: a double tap's window of 5 s
 * (instead of 320 ms) keeps them one gesture whatever the machine's speed.
 */
async function open(id, size) {
  const { page, errors } = await site.fresh(`#id=${id}`, { config: { doubleTapMs: 5000 } });
  const [width, height] = SIZES[size];
  await page.setViewportSize({ width, height });
  await settle(page);
  return { page, errors };
}

const camera = (page) => page.evaluate(() => window.gridlogic.camera());
const canvasBox = (page) => page.$eval("#board", (el) => el.getBoundingClientRect().toJSON());
const box = (page, selector) => page.$eval(selector, (el) => el.getBoundingClientRect().toJSON());

/** The canvas's colour at CSS point (x, y) of the canvas, as "#rrggbb". */
const pixel = (page, x, y) =>
  page.evaluate(
    ([px, py]) => {
      const canvas = document.getElementById("player").shadowRoot.querySelector("canvas");
      const ratio = canvas.width / canvas.getBoundingClientRect().width;
      const [r, g, b] = canvas.getContext("2d").getImageData(Math.round(px * ratio), Math.round(py * ratio), 1, 1).data;
      return `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
    },
    [x, y],
  );

/** The cell under canvas point (x, y), from the camera's report (row-major index, or -1). */
function cellUnder(cam, width, height, x, y) {
  const vx = x < cam.left ? x : x + cam.x;
  const vy = y < cam.top ? y : y + cam.y;
  const c = Math.floor((vx - cam.left) / cam.cell);
  const r = Math.floor((vy - cam.top) / cam.cell);
  return r >= 0 && r < height && c >= 0 && c < width ? r * width + c : -1;
}

/** Fingers on the screen (client points), each with its own id. */
async function fingers(page) {
  const cdp = await page.context().newCDPSession(page);
  const send = (type, points) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: points.map(([x, y], id) => ({ x, y, id, radiusX: 1, radiusY: 1, force: 1 })),
    });
  return {
    down: (...points) => send("touchStart", points),
    move: (...points) => send("touchMove", points),
    up: () => send("touchEnd", []),
    /** A tap at one point. */
    async tap(x, y) {
      await send("touchStart", [[x, y]]);
      await send("touchEnd", []);
    },
    /** Two fingers from `from` to `to` (pairs of points) in `steps` moves. */
    async pinch(from, to, steps = 8) {
      await send("touchStart", [from[0]]);
      await send("touchStart", from);
      for (let k = 1; k <= steps; k++) {
        const at = from.map(([x, y], f) => [x + ((to[f][0] - x) * k) / steps, y + ((to[f][1] - y) * k) / steps]);
        await send("touchMove", at);
      }
      await send("touchEnd", []);
    },
  };
}

const written = (s) => s.cells.flatMap((v, i) => (v ? [i] : []));

async function shot(page, name) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe("zoom and pan with fingers (390×844)", () => {
  test("pinch zooms about the fingers, two fingers pan, the clue bands stay at the edges, taps land on the cell drawn under them", async () => {
    const { page, errors } = await open(BIG, "phone");
    const { width, height } = await state(page);
    const palette = await page.evaluate(() => window.gridlogic.palette());
    const bands = [palette.clueBand, palette.clueBandAlt];
    let cam = await camera(page);
    assert.ok(cam.fit < cam.home, `a 64×64 board fits only below the readable size (${cam.fit} < ${cam.home})`);
    assert.equal(cam.cell, cam.home, "it opens at the home size");
    assert.deepEqual([cam.x, cam.y], [0, 0]);
    assert.equal(await page.isVisible("#zoom"), true, "the zoom buttons are shown");
    const rect = await canvasBox(page);
    const at = (x, y) => [rect.left + x, rect.top + y]; // a canvas point as a client point

    // Pinch out about a point in the cells: bigger cells, the point under the fingers stays.
    const mid = [cam.left + 150, cam.top + 220];
    const before = cellUnder(cam, width, height, ...mid);
    const f = await fingers(page);
    await f.pinch(
      [at(mid[0] - 30, mid[1]), at(mid[0] + 30, mid[1])],
      [at(mid[0] - 75, mid[1]), at(mid[0] + 75, mid[1])],
    );
    await settle(page);
    cam = await camera(page);
    assert.ok(cam.cell >= 30, `pinched out 2.5×: cells of ${cam.cell} px`);
    assert.equal(cellUnder(cam, width, height, ...mid), before, "the cell under the fingers stays under them");
    assert.deepEqual(written(await state(page)), [], "a pinch writes nothing");
    assert.equal((await state(page)).canUndo, false, "and leaves no move");

    // Two fingers moving together pan; the bands stay at the canvas's top and left edges.
    const panStart = { x: cam.x, y: cam.y };
    await f.pinch([at(250, 400), at(300, 400)], [at(150, 250), at(200, 250)]);
    await settle(page);
    cam = await camera(page);
    assert.ok(cam.x > panStart.x + 60 && cam.y > panStart.y + 100, `panned: ${JSON.stringify([panStart, cam])}`);
    for (const [x, y, where] of [
      [cam.left + 40, cam.top / 2, "the column clues, above the cells"],
      [cam.viewport.width - 20, cam.top / 2, "the column clues, at the right"],
      [cam.left / 2, cam.top + 40, "the row clues, left of the cells"],
      [cam.left / 2, cam.viewport.height - 20, "the row clues, at the bottom"],
    ]) {
      assert.ok(bands.includes(await pixel(page, x, y)), `${where}: ${await pixel(page, x, y)} is a band's colour`);
    }
    assert.notEqual(await pixel(page, cam.left + 40, cam.top + 40), palette.clueBand, "the cells under the bands");

    // A tap on a cell of the panned, zoomed board fills the cell drawn under the finger.
    const spot = [cam.left + 2.5 * cam.cell, cam.top + 3.5 * cam.cell];
    const target = cellUnder(cam, width, height, ...spot);
    assert.ok(target > 64 * 10, `a cell well inside the board (${target})`);
    await f.tap(...at(...spot));
    await settle(page);
    assert.deepEqual(written(await state(page)), [target], "the cell under the tap is filled");
    assert.equal(await pixel(page, ...spot), palette.filled, "and drawn filled right under the finger");
    await shot(page, "phone-zoomed-light");

    // A double tap shows the whole board (the first tap's fill taken back); another, home again.
    const elsewhere = [cam.left + 6.5 * cam.cell, cam.top + 6.5 * cam.cell];
    await f.tap(...at(...elsewhere));
    await f.tap(...at(...elsewhere));
    await settle(page);
    cam = await camera(page);
    assert.equal(cam.cell, cam.fit, "a double tap fits the board");
    assert.deepEqual([cam.x, cam.y], [0, 0]);
    const whole = await canvasBox(page);
    const screen = await page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
    assert.ok(whole.right <= screen.width && whole.bottom <= screen.height, "the whole board is on the screen");
    assert.deepEqual(written(await state(page)), [target], "the double tap wrote nothing");
    await shot(page, "phone-fit-light");
    const r2 = await canvasBox(page);
    await f.tap(r2.left + cam.left + 100, r2.top + cam.top + 100);
    await f.tap(r2.left + cam.left + 100, r2.top + cam.top + 100);
    await settle(page);
    cam = await camera(page);
    assert.equal(cam.cell, cam.home, "a double tap at the fit goes home");
    assert.ok(cam.x > 0 || cam.y > 0, "about the tapped point");
    assert.deepEqual(written(await state(page)), [target]);

    // The player's work survives all this, and a reload.
    await page.reload();
    await page.waitForFunction(() => window.gridlogic?.state() != null);
    assert.deepEqual(written(await state(page)), [target], "the board after a reload");
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a second finger after the first one played takes that move back; a small board plays touches at once", async () => {
    const { page, errors } = await open(BIG, "phone");
    const cam = await camera(page);
    const rect = await canvasBox(page);
    const a = [rect.left + cam.left + 30, rect.top + cam.top + 30];
    const f = await fingers(page);
    await f.down(a);
    await page.waitForFunction(() => window.gridlogic.state().cells.some((v) => v), null, { timeout: 2000 });
    assert.equal(written(await state(page)).length, 1, "a finger held still plays");
    await f.down(a, [a[0] + 80, a[1] + 80]);
    await f.move([a[0] - 20, a[1] - 20], [a[0] + 120, a[1] + 120]);
    await f.up();
    await settle(page);
    const s = await state(page);
    assert.deepEqual(written(s), [], "the pinch took the stray fill back");
    assert.ok((await camera(page)).cell > cam.cell, "and zoomed");

    // The 10×10 heart's cells are big enough: no zoom, a touch plays as it lands.
    await page.evaluate(() => {
      location.hash = "id=nonogram-heart";
    });
    await page.waitForFunction(() => window.gridlogic.state().puzzleId === "nonogram-heart");
    await settle(page);
    assert.equal(await page.isVisible("#zoom"), false, "no zoom buttons on a small board");
    const centre = await page.evaluate(() => window.gridlogic.cellCenter(0));
    await f.down([centre.x, centre.y]);
    assert.deepEqual(written(await state(page)), [0], "filled on touch down");
    await f.up();
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("the zoom buttons cover no cell (390×844)", () => {
  test("on Fish and Lighthouse the buttons sit beside the board, not over it; a tap on Fish's r11c10 plays", async () => {
    for (const id of ["nonogram-fish", BIG]) {
      const { page, errors } = await site.fresh(`#id=${id}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForFunction(() => !document.getElementById("zoom").hidden);
      const [bar, board] = [await box(page, "#zoom"), await canvasBox(page)];
      const overlap =
        bar.left < board.right && board.left < bar.right && bar.top < board.bottom && board.top < bar.bottom;
      assert.equal(
        overlap,
        false,
        `${id}: the bar ${JSON.stringify(bar)} is clear of the board ${JSON.stringify(board)}`,
      );
      assert.ok(bar.bottom <= 844, `${id}: the bar is on screen`);
      if (id === "nonogram-fish") {
        const { width } = await state(page);
        const i = 10 * width + 9;
        const { x, y } = await page.evaluate((k) => window.gridlogic.cellCenter(k), i);
        const f = await fingers(page);
        await f.tap(x, y);
        await page.waitForFunction((k) => window.gridlogic.state().cells[k] !== 0, i);
      }
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});

describe("a drag at the edge (390×844)", () => {
  test("a drag held at an edge of the cells in view pans the board and paints on along with it", async () => {
    const { page, errors } = await open(BIG, "phone");
    const { width } = await state(page);
    const cam = await camera(page);
    const rect = await canvasBox(page);
    const y = rect.top + cam.top + 2.5 * cam.cell;
    const x0 = rect.left + cam.left + 0.5 * cam.cell;
    const x1 = rect.left + cam.viewport.width - 6; // within the edge band at the right
    const seen = Math.floor((cam.viewport.width - cam.left) / cam.cell);
    const f = await fingers(page);
    await f.down([x0, y]);
    for (let k = 1; k <= 10; k++) await f.move([x0 + ((x1 - x0) * k) / 10, y]);
    // Held there, the board pans on a step each frame: until the run is past the columns first in view.
    await page.waitForFunction(
      (n) => window.gridlogic.camera().x > 50 && window.gridlogic.state().cells.filter((v) => v).length > n,
      seen + 2,
      { timeout: 10000 },
    );
    await f.up();
    const after = await camera(page);
    const cells = written(await state(page));
    assert.ok(after.x > 50, `the board panned right (${after.x})`);
    assert.ok(cells.length > seen + 2, `the run goes past the ${seen} columns first in view (${cells.length})`);
    assert.deepEqual(
      cells,
      cells.map((_, k) => 2 * width + k),
      "one run along row 2 from column 0",
    );
    // A press held still near the edge (a long press) does not pan.
    const x = after.x;
    await f.down([x1, y + 3 * cam.cell]);
    // Until the long press took effect (it marks the cell empty: 2), then two frames, in which a
    // pan at the edge would have moved the board.
    await page.waitForFunction(() => window.gridlogic.state().cells.includes(2), null, { timeout: 10000 });
    await frames(page);
    await f.up();
    assert.equal((await camera(page)).x, x, "a long press at the edge leaves the pan");
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("layouts", () => {
  test("on its side (844×390): the board left, as tall as the screen allows, the controls right; nothing scrolls", async () => {
    for (const id of [BIG, "nonogram-sailboat", "kakuro-lattice", "str8ts-warm-up"]) {
      const { page, errors } = await open(id, "landscape");
      const board = await canvasBox(page);
      const controls = await box(page, "#controls");
      for (const selector of ["#board", "#undo", "#check", "#solve", "#timer", "#drawer-toggle"]) {
        const r = await box(page, selector);
        assert.ok(r.width > 0 && r.top >= 0 && r.left >= 0, `${id}: ${selector} shown`);
        assert.ok(r.bottom <= 390 && r.right <= 844, `${id}: ${selector} in view (${JSON.stringify(r)})`);
      }
      assert.ok(controls.left >= board.right, `${id}: the controls right of the board`);
      const topbar = await box(page, ".topbar");
      assert.ok(
        board.top - topbar.bottom < 30,
        `${id}: the board right under the top bar (${board.top - topbar.bottom})`,
      );
      assert.ok((await box(page, "#sidebar")).right <= 0, `${id}: the list is a drawer`);
      const scroll = await page.evaluate(() => [document.scrollingElement.scrollHeight, innerHeight]);
      assert.ok(scroll[0] <= scroll[1], `${id}: the page does not scroll (${scroll})`);
      if (!id.startsWith("nonogram")) {
        const pad = await box(page, "#numpad");
        assert.ok(pad.left >= board.right && pad.right <= controls.left, `${id}: the digit pad beside the board`);
        assert.ok(pad.bottom <= 390 && board.height >= 300, `${id}: both in view, the board ${board.height} px tall`);
      }
      if (id === BIG) {
        assert.ok(board.height >= 300, `the big board takes the height (${board.height})`);
        await shot(page, "landscape-big-light");
      }
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  test("a tablet upright (820×1180): the board the screen's width, the controls under it, the list a drawer", async () => {
    for (const id of ["nonogram-sailboat", BIG, "str8ts-warm-up"]) {
      const { page, errors } = await open(id, "tablet");
      const board = await canvasBox(page);
      const controls = await box(page, "#controls");
      assert.ok(board.width >= 600, `${id}: a wide board (${board.width})`);
      assert.ok(
        controls.top >= board.bottom && controls.bottom <= 1180,
        `${id}: the controls under the board, in view`,
      );
      assert.ok((await box(page, "#sidebar")).right <= 0, `${id}: the list is a drawer`);
      const scroll = await page.evaluate(() => [document.scrollingElement.scrollHeight, innerHeight]);
      assert.ok(scroll[0] <= scroll[1], `${id}: the page does not scroll (${scroll})`);
      if (id === BIG) {
        const cam = await camera(page);
        const f = await fingers(page);
        const mid = [board.left + board.width / 2, board.top + board.height / 2];
        await f.pinch(
          [
            [mid[0] - 40, mid[1]],
            [mid[0] + 40, mid[1]],
          ],
          [
            [mid[0] - 100, mid[1]],
            [mid[0] + 100, mid[1]],
          ],
        );
        await settle(page);
        assert.ok((await camera(page)).cell > cam.cell, "a pinch zooms on the tablet too");
        await shot(page, "tablet-big-zoomed-light");
      }
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});

describe("zoom on the desktop (1280×860)", () => {
  test("Ctrl+wheel zooms about the pointer, the wheel pans, + − and Ctrl+0 zoom, the buttons too; the cursor stays in view", async () => {
    const { page, errors } = await open(BIG, "desktop");
    const { width, height } = await state(page);
    let cam = await camera(page);
    const rect = await canvasBox(page);
    const point = [cam.left + 200, cam.top + 220];
    const under = cellUnder(cam, width, height, ...point);
    await page.mouse.move(rect.left + point[0], rect.top + point[1]);
    await page.keyboard.down("Control");
    for (let k = 0; k < 4; k++) await page.mouse.wheel(0, -120);
    await page.keyboard.up("Control");
    await settle(page);
    cam = await camera(page);
    assert.ok(cam.cell > 20, `Ctrl+wheel zoomed in (${cam.cell} px)`);
    assert.equal(cellUnder(cam, width, height, ...point), under, "about the pointer");
    assert.equal(await page.evaluate(() => devicePixelRatio), 2, "the page itself is not zoomed");

    const y0 = cam.y;
    await page.mouse.wheel(0, 200);
    await settle(page);
    const y1 = (await camera(page)).y;
    assert.ok(y1 > y0 && y1 <= y0 + 200, `the wheel pans (${y0} → ${y1})`);

    await page.focus("#board");
    const zoomKey = async (key) => {
      const was = (await camera(page)).cell;
      await page.keyboard.press(key);
      await settle(page);
      return [was, (await camera(page)).cell];
    };
    let [was, now] = await zoomKey("+");
    assert.ok(now > was, `+ zooms in (${was} → ${now})`);
    [was, now] = await zoomKey("-");
    assert.ok(now < was, `− zooms out (${was} → ${now})`);
    [, now] = await zoomKey("Control+0");
    cam = await camera(page);
    assert.equal(now, cam.fit, "Ctrl+0 fits the board");
    assert.equal(await page.isDisabled("#zoom-fit"), true);
    assert.equal(await page.isDisabled("#zoom-out"), true);
    await page.click("#zoom-in");
    await settle(page);
    assert.ok((await camera(page)).cell > cam.fit, "the + button zooms in");
    await page.click("#zoom-in");
    await page.click("#zoom-in");
    await settle(page);

    // The keyboard cursor, moved far right and down, pans the board to stay in view.
    await page.focus("#board");
    for (let k = 0; k < 50; k++) await page.keyboard.press("ArrowRight");
    for (let k = 0; k < 40; k++) await page.keyboard.press("ArrowDown");
    await settle(page);
    cam = await camera(page);
    const cursor = (await state(page)).cursor;
    const [r, c] = [Math.floor(cursor / width), cursor % width];
    const x = cam.left + c * cam.cell - cam.x;
    const y = cam.top + r * cam.cell - cam.y;
    assert.ok(x >= cam.left && x + cam.cell <= cam.viewport.width, `the cursor's column in view (${x})`);
    assert.ok(y >= cam.top && y + cam.cell <= cam.viewport.height, `the cursor's row in view (${y})`);
    await page.keyboard.press("Space");
    await settle(page);
    const after = await state(page);
    assert.deepEqual(written(after), [cursor], `Space fills the cursor's cell (${cursor}, now ${after.cursor})`);
    assert.equal(
      await pixel(page, x + cam.cell / 2, y + cam.cell / 2),
      (await page.evaluate(() => window.gridlogic.palette())).filled,
    );
    await shot(page, "desktop-zoomed-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await settle(page);
    await shot(page, "desktop-zoomed-dark");
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("an animated zoom, unless the player prefers reduced motion", async () => {
    const { page } = await open(BIG, "desktop");
    const clickIn = () =>
      page.evaluate(() => {
        const was = window.gridlogic.camera().cell;
        document.getElementById("zoom-in").click();
        return [was, window.gridlogic.camera().cell];
      });
    let [was, now] = await clickIn();
    assert.equal(now, was, "animated: not there at once");
    await settle(page);
    assert.ok((await camera(page)).cell > was, "there after the animation");
    await page.emulateMedia({ reducedMotion: "reduce" });
    [was, now] = await clickIn();
    assert.ok(now > was, "reduced motion: there at once");
    await page.close();
  });
});

describe("screenshots", () => {
  test("the zoomed board on a phone and a desktop, light and dark", { skip: !SHOTS }, async () => {
    for (const scheme of ["light", "dark"]) {
      const { page } = await open(BIG, "phone");
      await page.emulateMedia({ colorScheme: scheme });
      const f = await fingers(page);
      const rect = await canvasBox(page);
      await f.pinch(
        [
          [rect.left + 200, rect.top + 300],
          [rect.left + 240, rect.top + 300],
        ],
        [
          [rect.left + 120, rect.top + 200],
          [rect.left + 200, rect.top + 200],
        ],
      );
      await settle(page);
      await shot(page, `phone-pinched-${scheme}`);
      await page.setViewportSize({ width: 844, height: 390 });
      await settle(page);
      await shot(page, `landscape-pinched-${scheme}`);
      await page.close();
    }
  });
});
