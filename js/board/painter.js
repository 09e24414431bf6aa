// Keeps the board's canvas drawn through a camera (camera.js): the canvas is the part of the
// picture in view, no larger than the room the page leaves it; when the picture is panned the
// view is drawn in four clipped passes — the cells moved both ways, the column clues sideways
// only, the row clues up and down only, the corner not at all — so that the clue bands stay at
// the canvas's edge. Unpanned, it is one plain pass (the picture as it always was).

import { Camera } from "./camera.js";
import { COLORS, drawOverlay, prepareCanvas } from "./draw.js";

/** @typedef {import("./board.js").Board} Board */
/** @typedef {import("./draw.js").View} View */
/** @typedef {import("./draw.js").Look} Look */

/**
 * Draw a view through a camera, with the look's hint overlay over its cells.
 * @param {CanvasRenderingContext2D} ctx a context the viewport's size
 * @param {View} view
 * @param {Board} board
 * @param {Look} look
 * @param {Camera} camera
 */
export function drawFramed(ctx, view, board, look, camera) {
  const { width, height } = camera.viewport;
  const overlay = () => {
    if (look.overlay) drawOverlay(ctx, view.cellBox, look.overlay);
  };
  if (!camera.panned) {
    view.draw(ctx, board, look, { x: 0, y: 0, w: width, h: height });
    overlay();
    return;
  }
  const { left, top } = camera.layout;
  const pass = (
    /** @type {number} */ x,
    /** @type {number} */ y,
    /** @type {number} */ w,
    /** @type {number} */ h,
    /** @type {number} */ dx,
    /** @type {number} */ dy,
    /** @type {boolean} */ cells = false,
  ) => {
    if (w <= 0 || h <= 0) return;
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, w, h);
    ctx.clip();
    ctx.translate(-dx, -dy);
    view.draw(ctx, board, look, { x: x + dx, y: y + dy, w, h });
    if (cells) overlay();
    ctx.restore();
  };
  pass(left, top, width - left, height - top, camera.x, camera.y, true);
  pass(left, 0, width - left, top, camera.x, 0);
  pass(0, top, left, height - top, 0, camera.y);
  pass(0, 0, left, top, 0, 0);
  // The bands' edges, where the cells slide under them.
  ctx.fillStyle = COLORS.gridBold;
  if (left && camera.x > 0) ctx.fillRect(left - 1, top, 2, height - top);
  if (top && camera.y > 0) ctx.fillRect(left, top - 1, width - left, 2);
}

/**
 * Keep the board's canvas drawn: `layout` frames the view in the board's room (less what sits
 * under the board) when a puzzle opens, or the room or the pixel ratio changes; `draw`
 * repaints at the next frame (after a move, a zoom or a pan).
 * @param {HTMLCanvasElement} canvas
 * @param {HTMLElement} area the board's area (the canvas and `under`)
 * @param {HTMLElement} under what the genre put under the board
 * @param {() => { view: View, board: Board } | undefined} current the open puzzle's view and board
 * @param {Look} look
 * @param {() => { width: number, height: number }} [room] the space for the board's area, when it
 *   is not the area's own size (phones: the area shrinks to the board, the room is what the
 *   controls leave)
 */
export function boardPainter(
  canvas,
  area,
  under,
  current,
  look,
  room = () => ({ width: area.clientWidth, height: area.clientHeight }),
) {
  const camera = new Camera();
  /** @type {View | null} the view the camera frames */
  let framed = null;
  let frame = 0;
  /** Told after every paint (the zoom buttons' state). */
  let painted = () => {};
  /** The cursor last brought into view (a keyboard move pans to it; a pan leaves it). */
  let revealed = -1;
  const paint = () => {
    const open = current();
    if (!open) return;
    if (look.showCursor && look.cursor >= 0 && look.cursor !== revealed) {
      camera.reveal(open.view.cellBox(look.cursor));
    }
    revealed = look.showCursor ? look.cursor : -1;
    const { width, height } = camera.viewport;
    drawFramed(prepareCanvas(canvas, width, height), open.view, open.board, look, camera);
    painted();
  };
  const layout = () => {
    const open = current();
    if (!open) return;
    // What the genre put under the board (the digit pad) takes its height, or its width when
    // the layout puts it beside the board (phones on their side).
    const beside = under.parentElement && getComputedStyle(under.parentElement).flexDirection === "row";
    const taken = under.childElementCount ? (beside ? under.offsetWidth : under.offsetHeight) + 13 : 0;
    const { width, height } = room();
    const space = beside
      ? { width: width - 12 - taken, height: height - 12 }
      : { width: width - 12, height: height - 12 - taken };
    if (open.view !== framed) camera.reset(open.view, space);
    else camera.resize(space);
    framed = open.view;
    paint();
  };
  const resized = new ResizeObserver(layout);
  resized.observe(area);
  if (area.parentElement) resized.observe(area.parentElement);
  // A change of devicePixelRatio (zoom, moving to another screen) needs a sharper backing store.
  const watchPixelRatio = () => {
    const again = () => {
      layout();
      watchPixelRatio();
    };
    matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener("change", again, { once: true });
  };
  watchPixelRatio();
  return {
    camera,
    layout,
    draw() {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        paint();
      });
    },
    /** Paint now (a gesture's frame is already an animation frame). */
    paint,
    onPaint(/** @type {() => void} */ listener) {
      painted = listener;
    },
  };
}
