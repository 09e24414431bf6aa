// Which part of a board's picture the canvas shows, and how big: the zoom is the side of a
// cell in CSS pixels (whole pixels, so that grid lines stay crisp), the pan is how far the
// picture is moved. A view may have sticky bands (a nonogram's clue bands, `left` wide on the
// left and `top` high at the top): they stay at the canvas's edge while the cells move
// under them, each following the cells along its own axis (the row clues up and down with
// their rows, the column clues sideways with their columns).
//
// Three sizes matter: `fit`, at which the whole board fits its room; `home`, the view's own
// choice (`fit` kept within the view's readable range, e.g. 13 to 40 px for a nonogram): the
// puzzle opens there, and on a big board it is larger than `fit` (the board is then panned);
// and `max`, the largest the player may zoom to. Pure geometry: no DOM, so it is tested in Node.

/** @typedef {{ width: number, height: number }} Size */
/**
 * A view's layout at one cell side: the whole picture's size and its sticky bands' (0: none).
 * @typedef {{ width: number, height: number, left: number, top: number }} Layout
 */
/**
 * What a camera needs of a view (draw.js `View`).
 * @typedef {object} Framed
 * @property {(availWidth: number, availHeight: number) => number} fit the cell side (fractional)
 *   at which the whole picture fits
 * @property {{ min: number, max: number }} cells the view's readable range of cell sides
 * @property {(cell: number, room: Size) => Layout} layoutAt lay the picture out with cells of this side
 *   for a room (a view may keep its sticky bands to a share of it)
 */

/** The largest cell side the player may zoom to (or the home size when larger). */
export const ZOOM_MAX_CELL = 56;
/** The smallest cell side at all (a very big board on a small screen). */
const SMALLEST_CELL = 2;

export class Camera {
  constructor() {
    /** The cell side in use. */
    this.cell = 0;
    this.fit = 0;
    this.home = 0;
    this.max = 0;
    /** The pan: how far the picture is moved left and up (its cells; the bands follow one axis each). */
    this.x = 0;
    this.y = 0;
    /** @type {Size} the room the canvas may take */
    this.room = { width: 0, height: 0 };
    /** @type {Layout} the view's layout at `cell` */
    this.layout = { width: 0, height: 0, left: 0, top: 0 };
    /** @type {Framed | null} */
    this.view = null;
    /** An animated zoom (zoom.js) is under way: the cell side is not yet the one aimed at. */
    this.gliding = false;
  }

  /** Frame a view afresh (a puzzle opened): at its home size, not panned. */
  reset(/** @type {Framed} */ view, /** @type {Size} */ room) {
    this.view = view;
    this.measure(room);
    this.apply(this.home);
    this.x = 0;
    this.y = 0;
  }

  /**
   * The room changed (a resize, a rotation): at home the camera stays at home; zoomed, it
   * keeps its cell side (within the new range). The first cell in view stays the first.
   */
  resize(/** @type {Size} */ room) {
    if (!this.view) return;
    const atHome = this.cell === this.home;
    const first = this.pictureAt(this.layout.left, this.layout.top);
    this.measure(room);
    this.apply(atHome ? this.home : Math.max(this.fit, Math.min(this.max, this.cell)));
    this.keep(first, this.layout.left, this.layout.top);
  }

  /** The canvas's size: the picture, but no larger than the room. */
  get viewport() {
    return {
      width: Math.min(this.layout.width, Math.floor(this.room.width)),
      height: Math.min(this.layout.height, Math.floor(this.room.height)),
    };
  }

  /** Is the picture larger than the canvas (so it can be panned)? */
  get panned() {
    return this.x > 0 || this.y > 0;
  }

  /** Can the player zoom at all (a range of more than one size)? */
  get zoomable() {
    return this.max > this.fit;
  }

  /**
   * The point of the picture (view coordinates) under a point of the canvas (CSS pixels):
   * on a sticky band only the band's own axis is panned.
   */
  toView(/** @type {number} */ sx, /** @type {number} */ sy) {
    const { left, top } = this.layout;
    return { x: sx < left ? sx : sx + this.x, y: sy < top ? sy : sy + this.y };
  }

  /** Where a box of the cells (view coordinates) is on the canvas. */
  toCanvas(/** @type {{ x: number, y: number, w: number, h: number }} */ box) {
    return { x: box.x - this.x, y: box.y - this.y, w: box.w, h: box.h };
  }

  /**
   * Zoom to cells of side `cell` (kept between fit and max), keeping the picture's point under
   * canvas point (ax, ay) where it is. True when the size changed.
   */
  zoomTo(/** @type {number} */ cell, /** @type {number} */ ax, /** @type {number} */ ay) {
    const side = Math.round(Math.max(this.fit, Math.min(this.max, cell)));
    if (side === this.cell) return false;
    const anchor = this.pictureAt(ax, ay);
    this.apply(side);
    this.keep(anchor, ax, ay);
    return true;
  }

  /** Zoom by a factor (at least one pixel of cell side, in its direction). */
  zoomBy(/** @type {number} */ factor, /** @type {number} */ ax, /** @type {number} */ ay) {
    const target = this.cell * factor;
    const side = factor > 1 ? Math.max(this.cell + 1, target) : Math.min(this.cell - 1, target);
    return this.zoomTo(side, ax, ay);
  }

  /** Move the picture by (dx, dy) canvas pixels (a finger's or the wheel's move). */
  panBy(/** @type {number} */ dx, /** @type {number} */ dy) {
    const [x, y] = [this.x, this.y];
    this.x -= dx;
    this.y -= dy;
    this.clamp();
    return x !== this.x || y !== this.y;
  }

  /** Pan so that a box of the cells (the cursor) is in view, not under a band. */
  reveal(/** @type {{ x: number, y: number, w: number, h: number }} */ box) {
    const { left, top } = this.layout;
    const { width, height } = this.viewport;
    const [x, y] = [this.x, this.y];
    if (box.x - this.x < left) this.x = box.x - left;
    else if (box.x + box.w - this.x > width) this.x = box.x + box.w - width;
    if (box.y - this.y < top) this.y = box.y - top;
    else if (box.y + box.h - this.y > height) this.y = box.y + box.h - height;
    this.clamp();
    return x !== this.x || y !== this.y;
  }

  /** @private the three sizes for a room */
  measure(/** @type {Size} */ room) {
    const view = /** @type {Framed} */ (this.view);
    this.room = { width: Math.max(0, room.width), height: Math.max(0, room.height) };
    const fit = view.fit(this.room.width, this.room.height);
    this.home = Math.floor(Math.max(view.cells.min, Math.min(view.cells.max, fit)));
    this.fit = Math.max(SMALLEST_CELL, Math.min(this.home, Math.floor(fit)));
    this.max = Math.max(this.home, ZOOM_MAX_CELL);
  }

  /** @private use cells of this side */
  apply(/** @type {number} */ cell) {
    this.cell = cell;
    this.layout = /** @type {Framed} */ (this.view).layoutAt(cell, this.room);
    this.clamp();
  }

  /** @private keep the pan within the picture */
  clamp() {
    const { width, height } = this.viewport;
    this.x = Math.round(Math.max(0, Math.min(this.layout.width - width, this.x)));
    this.y = Math.round(Math.max(0, Math.min(this.layout.height - height, this.y)));
  }

  /**
   * @private the point of the cells under a canvas point, in cells from their corner (a point
   * on a band counts as the band's edge: the first cell in view)
   */
  pictureAt(/** @type {number} */ sx, /** @type {number} */ sy) {
    const { left, top } = this.layout;
    return { u: (Math.max(sx, left) + this.x - left) / this.cell, v: (Math.max(sy, top) + this.y - top) / this.cell };
  }

  /** @private pan so that the point (u, v) of the cells is under canvas point (sx, sy), or at a band's edge */
  keep(/** @type {{ u: number, v: number }} */ { u, v }, /** @type {number} */ sx, /** @type {number} */ sy) {
    const { left, top } = this.layout;
    this.x = u * this.cell + left - Math.max(sx, left);
    this.y = v * this.cell + top - Math.max(sy, top);
    this.clamp();
  }
}
