// What the first board does not need, loaded later: the text formats' wasm (links and imports
// of puzzle texts), the New puzzle and From a picture dialogs, and the offline copy (the
// service worker, which caches every file of the page). A visit waits only for the board and
// the solver; these start once the page is idle: after the first request of the page's worker
// has been answered (the first Solve), or after QUIET_MS without one, on the main thread's next
// idle callback. A player who reaches for one of them earlier loads it then (`loadFormats`,
// `lazyDialog`).

import { $, duration } from "./dom.js";
import { loadFormats as loadBoardFormats } from "./js/board/element.js";
import { activity, quietFor } from "./solving.js";

/** How long after the page loaded, with no request of its worker, the later parts start (ms;
 *  window.gridlogicConfig's `laterQuietMs` replaces it: dom.js `duration`). */
const QUIET_MS = duration("laterQuietMs", 3000);

/** Run `f` when the main thread is idle (at once where the browser cannot tell). */
export const whenIdle = (/** @type {() => void} */ f) =>
  "requestIdleCallback" in window ? requestIdleCallback(f, { timeout: 1000 }) : setTimeout(f, 0);

/** The tasks waiting for the page to be idle (null once it was). */
let waiting = /** @type {(() => void)[] | null} */ ([]);

/** Run `task` once the page has been idle (see above); at once on an idle callback if it was. */
export function later(/** @type {() => void} */ task) {
  if (waiting) waiting.push(task);
  else whenIdle(task);
}

function start() {
  if (!waiting) return;
  for (const task of waiting) whenIdle(task);
  waiting = null;
}
activity.addEventListener("end", start, { once: true });
setTimeout(() => quietFor() > 0 && start(), QUIET_MS);

/** The text formats' module once loaded (`parsePuzzle`, `formatPuzzle`), else null. */
export let formats = /** @type {typeof import("./pkg/gridlogic_formats.js") | null} */ (null);

/** Load the text formats' wasm (once: the board's loader, js/board/element.js); resolves to its module. */
export const loadFormats = () =>
  loadBoardFormats().then((module) => {
    formats = module;
    return module;
  });

/**
 * A dialog whose module is imported on its button's first press (the press is then replayed on
 * the button the module wired) or once the page is idle. `setup` imports the module and wires
 * it; should the import fail (offline before the page was cached), the next press tries again.
 * @param {string} buttonId
 * @param {() => Promise<unknown>} setup
 */
export function lazyDialog(buttonId, setup) {
  const opener = $(buttonId);
  /** Whether the module is wired (false: it could not load; the next press tries again). */
  let ready = /** @type {Promise<boolean> | null} */ (null);
  const load = () =>
    (ready ??= setup().then(
      () => true,
      (e) => {
        console.warn(`gridlogic: #${buttonId}'s dialog unavailable (${e.message})`);
        ready = null;
        opener.addEventListener("click", firstPress, { once: true });
        return false;
      },
    ));
  const firstPress = () => void load().then((wired) => wired && opener.click());
  opener.addEventListener("click", firstPress, { once: true });
  later(() => void load().then((wired) => wired && opener.removeEventListener("click", firstPress)));
}
