// The pointer on the board and the keyboard. The page's own keys are Ctrl+Z / Ctrl+Y (and
// Ctrl+Shift+Z), the arrows (to the next cell the genre lets the cursor rest on),
// Backspace / Delete (the genre clears the cell) and the zoom keys (zoom.js); presses on
// cells and every other key go to the open genre, which may follow a pressed pointer across
// cells (a nonogram drag). Presses are mapped through the camera (a zoomed, panned board).
//
// Touch on a board that zooms (zoom.js) waits a moment before it plays, to tell a move from a
// gesture: a touch plays once it moves (from where it came down), is lifted, or is held for
// HOLD ms; a second finger before that makes the pair a pinch and nothing is played. A second
// finger after the first one played ends its drag and takes its move back (one undo), so that
// a pinch never leaves a stray mark. Two taps on one cell in quick succession are a double
// tap: the first tap's move is taken back the same way and the board zooms (zoom.js). On a
// board that does not zoom, touches play at once, as the mouse does. A drag held at an edge of
// the cells in view pans the board on (zoom.js) and goes on along with it.

import { duration } from "./dom.js";

/** @typedef {import("./genres/index.js").Genre} Genre */
/** @typedef {import("./genres/index.js").Game} Game */
/** @typedef {import("./draw.js").View} View */

/** @type {Record<string, [number, number]>} */
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
/** How long a touch on a zooming board waits for a second finger before it plays (ms). */
const HOLD = 120;
/** How far a touch moves before it plays as a drag (CSS px). */
const SLOP = 8;
/** Two taps this close in time (ms; window.gridlogicConfig's `doubleTapMs` replaces it: dom.js
 *  `duration`) and space (CSS px), on one cell, are a double tap. */
const DOUBLE_TAP = { ms: duration("doubleTapMs", 320), px: 24 };

/**
 * @param {HTMLCanvasElement} canvas the board
 * @param {() => { genre: Genre, view: View } | undefined} current the open puzzle's genre and view
 * @param {Game} game
 * @param {{ undo: () => void, redo: () => void }} history
 * @param {{ camera: import("./camera.js").Camera, zoom: ReturnType<typeof import("./zoom.js").setupZoom> }} framing
 * @param {EventTarget} keys where the keys are heard: the board's element (keys while it has focus), or
 *   the document (a page with one board, which takes the keys pressed anywhere on it)
 */
export function listen(canvas, current, game, { undo, redo }, { camera, zoom }, keys) {
  /** The pointer the genre follows (from a press on a cell until it is released), or null, and where it pressed. */
  let following = /** @type {number | null} */ (null);
  let pressedAt = { x: 0, y: 0 };
  const cellAt = (/** @type {View} */ view, /** @type {{ clientX: number, clientY: number }} */ event) => {
    const rect = canvas.getBoundingClientRect();
    const { x, y } = camera.toView(event.clientX - rect.left, event.clientY - rect.top);
    return view.hit(x, y);
  };
  /** Hand a press to the genre; true when it follows the pointer. */
  const press = (/** @type {PointerEvent} */ event) => {
    const open = current();
    const i = open ? cellAt(open.view, event) : -1;
    if (!open || i < 0) return false;
    canvas.focus({ preventScroll: true });
    if (!open.genre.pointerDown(game, i, event)) return false;
    following = event.pointerId;
    pressedAt = { x: event.clientX, y: event.clientY };
    if (!canvas.hasPointerCapture(event.pointerId)) canvas.setPointerCapture(event.pointerId);
    return true;
  };
  const release = (/** @type {number} */ pointerId) => {
    if (following !== pointerId) return;
    following = null;
    cancelAnimationFrame(edgeFrame);
    edgeFrame = 0;
    current()?.genre.pointerUp();
  };
  /** The followed pointer's last move, and the frame that pans on while it rests at an edge. */
  let lastMove = /** @type {PointerEvent | null} */ (null);
  let edgeFrame = 0;
  const panAtEdge = () => {
    edgeFrame = 0;
    if (!lastMove || following !== lastMove.pointerId || !zoom.edgePan(lastMove.clientX, lastMove.clientY)) return;
    moved(lastMove, false);
    edgeFrame = requestAnimationFrame(panAtEdge);
  };
  const moved = (/** @type {PointerEvent} */ event, atEdge = true) => {
    const open = current();
    const i = open && following === event.pointerId ? cellAt(open.view, event) : -1;
    if (open && i >= 0) open.genre.pointerMove(game, i);
    // Only a drag pans at the edge (not a press held still there: a long press).
    const dragged = Math.hypot(event.clientX - pressedAt.x, event.clientY - pressedAt.y) >= SLOP;
    if (atEdge && dragged && following === event.pointerId) {
      lastMove = event;
      if (!edgeFrame) edgeFrame = requestAnimationFrame(panAtEdge);
    }
  };

  // Touches on a zooming board (see the top).
  /** @type {Map<number, { x: number, y: number }>} the fingers on the canvas, where they are */
  const fingers = new Map();
  /** The touch waiting to play, or null. */
  let waiting = /** @type {{ event: PointerEvent, timer: number } | null} */ (null);
  /**
   * The touch that played: its pointer, the board's history length before it, where and when it
   * came down, whether it moved away.
   * @type {{ pointerId: number, before: number, x: number, y: number, at: number, far: boolean } | null}
   */
  let played = null;
  /** The last tap: where, when, on which cell (-1: none), the history length before and after it. */
  let lastTap =
    /** @type {{ x: number, y: number, at: number, cell: number, before: number, after: number } | null} */ (null);
  /** Fingers that take no part any more (the one left of a pinch, a double tap's second). */
  const spent = new Set();
  const historyLength = () => game.board.undoStack.length;
  /** Take back the move a touch made, if it is still the last one. */
  const takeBack = (/** @type {number} */ before) => {
    if (historyLength() === before + 1) undo();
  };
  const play = () => {
    if (!waiting) return;
    const { event, timer } = waiting;
    clearTimeout(timer);
    waiting = null;
    const before = historyLength();
    press(event);
    played = {
      pointerId: event.pointerId,
      before,
      x: event.clientX,
      y: event.clientY,
      at: event.timeStamp,
      far: false,
    };
  };
  const touchDown = (/** @type {PointerEvent} */ event) => {
    event.preventDefault();
    fingers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (!canvas.hasPointerCapture(event.pointerId)) canvas.setPointerCapture(event.pointerId);
    if (fingers.size === 2) {
      // A pinch: the first finger's waiting touch is dropped, or its move taken back.
      if (waiting) {
        clearTimeout(waiting.timer);
        spent.add(waiting.event.pointerId);
        waiting = null;
      } else if (played) {
        const { pointerId, before } = played;
        release(pointerId);
        takeBack(before);
        played = null;
      }
      zoom.pinchStart([...fingers.values()]);
      return;
    }
    if (fingers.size > 2) return;
    const open = current();
    const cell = open ? cellAt(open.view, event) : -1;
    const tap = lastTap;
    lastTap = null;
    if (
      tap &&
      event.timeStamp - tap.at < DOUBLE_TAP.ms &&
      Math.hypot(event.clientX - tap.x, event.clientY - tap.y) < DOUBLE_TAP.px &&
      cell === tap.cell &&
      zoom.zoomable()
    ) {
      if (historyLength() === tap.after) takeBack(tap.before);
      spent.add(event.pointerId);
      zoom.doubleTap(event.clientX, event.clientY);
      return;
    }
    waiting = { event, timer: window.setTimeout(play, HOLD) };
  };
  const touchMove = (/** @type {PointerEvent} */ event) => {
    if (!fingers.has(event.pointerId)) return;
    fingers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (fingers.size >= 2) {
      zoom.pinchMove([...fingers.values()].slice(0, 2));
      return;
    }
    if (spent.has(event.pointerId)) return;
    if (waiting?.event.pointerId === event.pointerId) {
      const { clientX, clientY } = waiting.event;
      if (Math.hypot(event.clientX - clientX, event.clientY - clientY) < SLOP) return;
      play();
    }
    if (
      played?.pointerId === event.pointerId &&
      Math.hypot(event.clientX - played.x, event.clientY - played.y) >= SLOP
    ) {
      played.far = true;
    }
    moved(event);
  };
  const touchUp = (/** @type {PointerEvent} */ event) => {
    if (!fingers.delete(event.pointerId)) return;
    if (fingers.size === 1) zoom.pinchEnd();
    if (fingers.size >= 1 && !waiting && !played) {
      for (const id of fingers.keys()) spent.add(id); // the finger left of a pinch only lifts
    }
    if (spent.delete(event.pointerId)) return;
    if (waiting?.event.pointerId === event.pointerId) play();
    const tap = played?.pointerId === event.pointerId ? played : null;
    release(event.pointerId);
    if (!tap) return;
    played = null;
    const open = current();
    if (!tap.far && event.timeStamp - tap.at < DOUBLE_TAP.ms && event.type === "pointerup" && open) {
      const cell = cellAt(open.view, event);
      lastTap = { x: tap.x, y: tap.y, at: event.timeStamp, cell, before: tap.before, after: historyLength() };
    }
  };

  canvas.addEventListener("contextmenu", (e) => e.preventDefault());
  canvas.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "touch" && (zoom.zoomable() || fingers.size)) {
      touchDown(event);
      return;
    }
    const open = current();
    if (!open || cellAt(open.view, event) < 0) return;
    event.preventDefault();
    press(event);
  });
  canvas.addEventListener("pointermove", (event) => {
    if (fingers.has(event.pointerId)) touchMove(event);
    else moved(event);
  });
  const up = (/** @type {PointerEvent} */ event) => {
    if (fingers.has(event.pointerId)) touchUp(event);
    else release(event.pointerId);
  };
  canvas.addEventListener("pointerup", up);
  canvas.addEventListener("pointercancel", up);

  keys.addEventListener("keydown", (/** @type {Event} */ e) => {
    const event = /** @type {KeyboardEvent} */ (e);
    const open = current();
    const { target, key } = event;
    if (!open || target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) return;
    if ((event.ctrlKey || event.metaKey) && /^[zy]$/i.test(key)) {
      event.preventDefault();
      if (event.shiftKey || key.toLowerCase() === "y") redo();
      else undo();
    } else if (zoom.key(event)) {
      event.preventDefault();
    } else if (event.ctrlKey || event.metaKey || event.altKey) {
      // Left to the browser.
    } else if (target instanceof HTMLButtonElement && (key === "Enter" || key === " ")) {
      // Presses the button.
    } else if (ARROWS[key]) {
      event.preventDefault();
      moveCursor(open.genre, ...ARROWS[key]);
    } else if (key === "Backspace" || key === "Delete") {
      event.preventDefault();
      if (game.ui.cursor < 0) return;
      game.ui.showCursor = true;
      open.genre.clear(game);
    } else if (open.genre.key(game, event)) event.preventDefault();
  });

  /** Move the cursor to the next cell in direction (dr, dc) the genre lets it rest on. */
  const moveCursor = (/** @type {Genre} */ genre, /** @type {number} */ dr, /** @type {number} */ dc) => {
    const { width, height } = game.board;
    const { ui } = game;
    let [r, c] = ui.cursor < 0 ? [0, 0] : [Math.floor(ui.cursor / width), ui.cursor % width];
    for (r += dr, c += dc; r >= 0 && c >= 0 && r < height && c < width; r += dr, c += dc) {
      if (!genre.playable(game.puzzle, r * width + c)) continue;
      ui.cursor = r * width + c;
      ui.showCursor = true;
      game.redraw();
      return;
    }
  };
}
