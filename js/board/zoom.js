// Zoom and pan of a big board (the camera of camera.js, drawn by painter.js): with two fingers
// (pinch to zoom about their middle, move them to pan; input.js hands the touches over), a
// double tap (the whole board, or back to the home size where the tap was), Ctrl+wheel or a
// trackpad's pinch (about the pointer), the wheel (pans a board larger than its canvas), the
// keys + and − (Ctrl too while the board has focus) and Ctrl+0 (the whole board), and the zoom
// buttons (the page's side panel, or the board element's bar: beside the board, never over its cells). A drag that reaches an
// edge of the cells in view pans on. Only a board whose cells are small at the size that fits
// (`COMFORTABLE`) zooms: the others take every touch as a move, at once, as before.
// Zooms by button, key or double tap are animated, unless the player prefers reduced motion.

/** @typedef {import("./camera.js").Camera} Camera */

/** Below this cell side (CSS px, at the size that fits) a board is worth zooming: small for a finger. */
export const COMFORTABLE = 24;
/** A drag this close (CSS px) to an edge of the cells in view pans the board that way, ... */
const EDGE = 28;
/** ... by up to this much a frame. */
const EDGE_STEP = 9;
/** How long an animated zoom takes (ms). */
const GLIDE = 180;
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

/**
 * @param {HTMLCanvasElement} canvas
 * @param {{ camera: Camera, draw: () => void, paint: () => void, onPaint: (listener: () => void) => void }} painter
 * @param {{ bar: HTMLElement, in: HTMLButtonElement, out: HTMLButtonElement, fit: HTMLButtonElement } | null} buttons
 *   the zoom buttons and their group (hidden while the board does not zoom), or none
 */
export function setupZoom(canvas, painter, buttons) {
  const { camera } = painter;
  /** The wheel's zoom aim: the fractional cell side small wheel steps add up to (null: the camera's). */
  let aim = /** @type {number | null} */ (null);
  let glide = 0;
  /** Stop the animated zoom under way, if any. */
  const stopGlide = () => {
    cancelAnimationFrame(glide);
    camera.gliding = false;
  };

  /** Is this board worth zooming (input.js then waits a moment before a touch plays, and takes double taps)? */
  const zoomable = () => camera.zoomable && camera.fit < COMFORTABLE;

  /** The canvas point of a client point. */
  const local = (/** @type {number} */ clientX, /** @type {number} */ clientY) => {
    const rect = canvas.getBoundingClientRect();
    return { x: clientX - rect.left, y: clientY - rect.top };
  };
  const middle = () => ({ x: camera.viewport.width / 2, y: camera.viewport.height / 2 });

  /** Zoom to `cell` about canvas point (x, y), in steps over GLIDE ms (at once with reduced motion). */
  function glideTo(/** @type {number} */ cell, /** @type {{ x: number, y: number }} */ at) {
    stopGlide();
    aim = null;
    const from = camera.cell;
    if (reducedMotion.matches) {
      if (camera.zoomTo(cell, at.x, at.y)) painter.draw();
      return;
    }
    const start = performance.now();
    const step = () => {
      const t = Math.min(1, (performance.now() - start) / GLIDE);
      const eased = 1 - (1 - t) ** 3;
      if (camera.zoomTo(from + (cell - from) * eased, at.x, at.y)) painter.paint();
      if (t < 1) glide = requestAnimationFrame(step);
      else camera.gliding = false;
    };
    camera.gliding = true;
    glide = requestAnimationFrame(step);
  }

  /** The whole board; or, already there, the home size (or twice the cells) about `at`. */
  function toggle(/** @type {{ x: number, y: number }} */ at) {
    if (camera.cell > camera.fit) glideTo(camera.fit, at);
    else glideTo(camera.home > camera.fit ? camera.home : Math.min(camera.max, 2 * camera.fit), at);
  }

  const zoomIn = (at = middle()) => glideTo(Math.min(camera.max, Math.max(camera.cell + 1, camera.cell * 1.5)), at);
  const zoomOut = (at = middle()) => glideTo(Math.max(camera.fit, Math.min(camera.cell - 1, camera.cell / 1.5)), at);

  canvas.addEventListener(
    "wheel",
    (event) => {
      if (!zoomable()) return;
      const at = local(event.clientX, event.clientY);
      const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? camera.viewport.height : 1;
      if (event.ctrlKey || event.metaKey) {
        // Ctrl+wheel, and a trackpad's pinch (Chromium sends it as a wheel with ctrlKey).
        event.preventDefault();
        stopGlide();
        const factor = Math.exp((-event.deltaY * unit) / 300);
        aim = Math.max(camera.fit, Math.min(camera.max, (aim ?? camera.cell) * factor));
        if (camera.zoomTo(aim, at.x, at.y)) painter.draw();
        return;
      }
      // The wheel pans a board larger than its canvas (Shift: sideways); at an edge the page scrolls.
      const [dx, dy] = event.shiftKey && !event.deltaX ? [event.deltaY, 0] : [event.deltaX, event.deltaY];
      if (camera.panBy(-dx * unit, -dy * unit)) {
        event.preventDefault();
        painter.draw();
      }
    },
    { passive: false },
  );

  if (buttons) {
    buttons.in.addEventListener("click", () => zoomIn());
    buttons.out.addEventListener("click", () => zoomOut());
    buttons.fit.addEventListener("click", () => glideTo(camera.fit, middle()));
    painter.onPaint(() => {
      buttons.bar.hidden = !zoomable();
      buttons.in.disabled = camera.cell >= camera.max;
      buttons.out.disabled = camera.cell <= camera.fit;
      buttons.fit.disabled = camera.cell <= camera.fit;
    });
  }

  /** A two-finger gesture: where it started (distance, cell side) and where its middle was last. */
  let pinch = /** @type {{ distance: number, cell: number, x: number, y: number } | null} */ (null);
  const spread = (/** @type {{ x: number, y: number }[]} */ [a, b]) => ({
    distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
    ...local((a.x + b.x) / 2, (a.y + b.y) / 2),
  });

  return {
    zoomable,
    /** A double tap at client point (x, y). */
    doubleTap(/** @type {number} */ clientX, /** @type {number} */ clientY) {
      toggle(local(clientX, clientY));
    },
    /** Two fingers came down (client points). */
    pinchStart(/** @type {{ x: number, y: number }[]} */ fingers) {
      stopGlide();
      aim = null;
      const { distance, x, y } = spread(fingers);
      pinch = { distance, cell: camera.cell, x, y };
    },
    /** The two fingers moved: pan with their middle, zoom with their spread. */
    pinchMove(/** @type {{ x: number, y: number }[]} */ fingers) {
      if (!pinch) return;
      const { distance, x, y } = spread(fingers);
      const panned = camera.panBy(x - pinch.x, y - pinch.y);
      const zoomed = camera.zoomTo((pinch.cell * distance) / pinch.distance, x, y);
      Object.assign(pinch, { x, y });
      if (panned || zoomed) painter.draw();
    },
    pinchEnd() {
      pinch = null;
    },
    /**
     * A drag (finger or mouse) at client point (x, y): near an edge of the cells in view (or
     * past it), pan that way one step; true when it panned (input.js then extends the drag
     * and asks again at the next frame).
     */
    edgePan(/** @type {number} */ clientX, /** @type {number} */ clientY) {
      if (!zoomable()) return false;
      const { x, y } = local(clientX, clientY);
      const { left, top } = camera.layout;
      const { width, height } = camera.viewport;
      const push = (/** @type {number} */ at, /** @type {number} */ from, /** @type {number} */ to) => {
        if (at < from + EDGE) return Math.min(1, (from + EDGE - at) / EDGE) * EDGE_STEP;
        if (at > to - EDGE) return -Math.min(1, (at - to + EDGE) / EDGE) * EDGE_STEP;
        return 0;
      };
      if (!camera.panBy(push(x, left, width), push(y, top, height))) return false;
      painter.draw();
      return true;
    },
    /**
     * The zoom keys: + and − (= and _ too), with Ctrl or ⌘ only while the board has focus
     * (elsewhere they zoom the page, as always), and Ctrl+0 for the whole board. True when taken.
     */
    key(/** @type {KeyboardEvent} */ event) {
      if (!zoomable() || event.altKey) return false;
      const withCtrl = event.ctrlKey || event.metaKey;
      // The board's root: the document, or the shadow root of the element that holds it.
      const root = /** @type {Document | ShadowRoot} */ (canvas.getRootNode());
      if (withCtrl && root.activeElement !== canvas) return false;
      if (event.key === "+" || event.key === "=") zoomIn();
      else if (event.key === "-" || event.key === "_") zoomOut();
      else if (withCtrl && event.key === "0") glideTo(camera.fit, middle());
      else return false;
      return true;
    },
  };
}
