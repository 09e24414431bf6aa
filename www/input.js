// The pointer on the board and the keyboard. The page's own keys are Ctrl+Z / Ctrl+Y (and
// Ctrl+Shift+Z), the arrows (to the next cell the genre lets the cursor rest on) and
// Backspace / Delete (the genre clears the cell); presses on cells and every other key go to
// the open genre, which may follow a pressed pointer across cells (a nonogram drag).

/** @typedef {import("./genres/index.js").Genre} Genre */
/** @typedef {import("./genres/index.js").Game} Game */
/** @typedef {import("./draw.js").View} View */

/** @type {Record<string, [number, number]>} */
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * @param {HTMLCanvasElement} canvas the board
 * @param {() => { genre: Genre, view: View } | null} current the open puzzle's genre and view
 * @param {Game} game
 * @param {{ undo: () => void, redo: () => void }} history
 */
export function listen(canvas, current, game, { undo, redo }) {
  /** The pointer the genre follows (from a press on a cell until it is released), or null. */
  let following = /** @type {number | null} */ (null);
  const cellAt = (/** @type {View} */ view, /** @type {PointerEvent} */ event) => {
    const rect = canvas.getBoundingClientRect();
    return view.hit(event.clientX - rect.left, event.clientY - rect.top);
  };
  canvas.addEventListener("contextmenu", (e) => e.preventDefault());
  canvas.addEventListener("pointerdown", (event) => {
    const open = current();
    const i = open ? cellAt(open.view, event) : -1;
    if (!open || i < 0) return;
    event.preventDefault();
    canvas.focus({ preventScroll: true });
    if (!open.genre.pointerDown(game, i, event)) return;
    following = event.pointerId;
    canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener("pointermove", (event) => {
    const open = current();
    const i = open && following === event.pointerId ? cellAt(open.view, event) : -1;
    if (open && i >= 0) open.genre.pointerMove(game, i);
  });
  const release = (/** @type {PointerEvent} */ event) => {
    if (following !== event.pointerId) return;
    following = null;
    current()?.genre.pointerUp();
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);

  document.addEventListener("keydown", (event) => {
    const open = current();
    const { target, key } = event;
    if (!open || target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) return;
    if ((event.ctrlKey || event.metaKey) && /^[zy]$/i.test(key)) {
      event.preventDefault();
      if (event.shiftKey || key.toLowerCase() === "y") redo();
      else undo();
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
