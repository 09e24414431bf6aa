// The page's camera (js/board/camera.js) in Node: the zoom and pan of a board's picture with sticky
// bands, against a stand-in view whose geometry the test writes out itself (a nonogram-like
// picture: bands of 3 and 2 slots of 0.75 cells, a pad of 6 px).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Camera, ZOOM_MAX_CELL } from "../../js/board/camera.js";

const COLUMNS = 40;
const ROWS = 50;
const PAD = 6;
/** The stand-in view: `layoutAt` is the test's own arithmetic. */
const view = {
  fit: (w, h) => Math.min((w - 2 * PAD) / (COLUMNS + 3 * 0.75), (h - 2 * PAD) / (ROWS + 2 * 0.75)),
  cells: { min: 13, max: 40 },
  layoutAt(cell) {
    const slot = Math.round(cell * 0.75);
    const left = PAD + 3 * slot;
    const top = PAD + 2 * slot;
    return { width: left + COLUMNS * cell + PAD, height: top + ROWS * cell + PAD, left, top };
  },
};
/** The cell (column, row, fractional) under canvas point (x, y), from the camera's state. */
const cellAt = (cam, x, y) => ({
  c: ((x < cam.layout.left ? x : x + cam.x) - cam.layout.left) / cam.cell,
  r: ((y < cam.layout.top ? y : y + cam.y) - cam.layout.top) / cam.cell,
});

test("a big board opens at the readable size, unpanned; fit shows all of it; max bounds the zoom", () => {
  const cam = new Camera();
  cam.reset(view, { width: 360, height: 560 });
  assert.equal(cam.home, 13, "fit (about 8 px) is below the readable 13 px");
  assert.equal(cam.cell, 13);
  assert.equal(cam.fit, 8);
  assert.equal(cam.max, ZOOM_MAX_CELL);
  assert.deepEqual([cam.x, cam.y, cam.panned], [0, 0, false]);
  assert.deepEqual(cam.viewport, { width: 360, height: 560 }, "the canvas is the room (the picture is larger)");
  assert.equal(cam.zoomTo(1, 0, 0), true);
  assert.equal(cam.cell, cam.fit, "no smaller than fit");
  assert.ok(cam.layout.width <= 360 && cam.layout.height <= 560, "at fit the whole picture is in the room");
  assert.equal(cam.zoomTo(500, 0, 0), true);
  assert.equal(cam.cell, ZOOM_MAX_CELL, "no larger than max");
  // A board that fits at a readable size: fit = home, the canvas is the picture.
  cam.reset(view, { width: 1400, height: 1700 });
  assert.deepEqual([cam.fit, cam.home, cam.cell], [32, 32, 32]);
  assert.deepEqual(cam.viewport, { width: cam.layout.width, height: cam.layout.height });
});

test("zooming keeps the cell under the anchor where it was; the pan stays within the picture", () => {
  const cam = new Camera();
  cam.reset(view, { width: 360, height: 560 });
  for (const [cell, x, y] of [
    [30, 200, 300],
    [45, 180, 400],
    [20, 300, 150],
    [56, 250, 500],
  ]) {
    const before = cellAt(cam, x, y);
    cam.zoomTo(cell, x, y);
    const after = cellAt(cam, x, y);
    const free = cam.x > 0 && cam.y > 0 && cam.x < cam.layout.width - 360 && cam.y < cam.layout.height - 560;
    if (free) {
      assert.ok(
        Math.abs(after.c - before.c) < 0.05 && Math.abs(after.r - before.r) < 0.05,
        `${cell}: ${JSON.stringify([before, after])}`,
      );
    }
    assert.ok(cam.x >= 0 && cam.x <= cam.layout.width - cam.viewport.width, `x ${cam.x}`);
    assert.ok(cam.y >= 0 && cam.y <= cam.layout.height - cam.viewport.height, `y ${cam.y}`);
  }
  cam.panBy(-1e6, -1e6);
  assert.deepEqual([cam.x, cam.y], [cam.layout.width - 360, cam.layout.height - 560], "panned to the far corner");
  assert.equal(cam.panBy(-10, -10), false, "and no further");
  cam.panBy(1e6, 1e6);
  assert.deepEqual([cam.x, cam.y], [0, 0]);
});

test("on a band, only the band's own axis is panned; cells map both ways", () => {
  const cam = new Camera();
  cam.reset(view, { width: 360, height: 560 });
  cam.zoomTo(30, 200, 300);
  cam.panBy(-100, -80);
  const { left, top } = cam.layout;
  assert.deepEqual(cam.toView(left - 5, top - 5), { x: left - 5, y: top - 5 }, "the corner does not move");
  assert.deepEqual(cam.toView(left + 10, top - 5), { x: left + 10 + cam.x, y: top - 5 }, "column clues: sideways");
  assert.deepEqual(cam.toView(left - 5, top + 10), { x: left - 5, y: top + 10 + cam.y }, "row clues: up and down");
  assert.deepEqual(cam.toView(left + 10, top + 10), { x: left + 10 + cam.x, y: top + 10 + cam.y });
  const box = { x: left + cam.x + 50, y: top + cam.y + 70, w: 30, h: 30 };
  const onCanvas = cam.toCanvas(box);
  assert.deepEqual(cam.toView(onCanvas.x, onCanvas.y), { x: box.x, y: box.y }, "toCanvas inverts toView on the cells");
});

test("reveal pans a cell out from under the bands and into the canvas; resize keeps the first cell in view", () => {
  const cam = new Camera();
  cam.reset(view, { width: 360, height: 560 });
  cam.zoomTo(40, 0, 0);
  const { left, top } = cam.layout;
  const far = { x: left + 35 * 40, y: top + 25 * 40, w: 40, h: 40 };
  assert.equal(cam.reveal(far), true);
  const seen = cam.toCanvas(far);
  assert.ok(seen.x >= left && seen.x + 40 <= 360 && seen.y >= top && seen.y + 40 <= 560, JSON.stringify(seen));
  const near = { x: left + 40, y: top + 40, w: 40, h: 40 };
  cam.reveal(near);
  const back = cam.toCanvas(near);
  assert.ok(back.x >= left && back.y >= top, `not under the bands: ${JSON.stringify(back)}`);
  assert.equal(cam.reveal(near), false, "already in view: no pan");

  cam.panBy(-200, -300);
  const first = cellAt(cam, left, top);
  cam.resize({ width: 560, height: 360 });
  const again = cellAt(cam, cam.layout.left, cam.layout.top);
  assert.equal(cam.cell, 40, "zoomed, the size is kept");
  assert.ok(Math.abs(again.c - first.c) < 0.05 && Math.abs(again.r - first.r) < 0.05, JSON.stringify([first, again]));
  cam.zoomTo(cam.home, 0, 0);
  cam.resize({ width: 1000, height: 900 });
  assert.equal(cam.cell, cam.home, "at home, it stays at home when the room changes");
});
