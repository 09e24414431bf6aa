// The open puzzle's progress: its clock (clock.js; it runs while the puzzle is open, unsolved
// and the page visible), its best time by hand, and the board saved with both in storage
// ("progress.<id>", a store.js `Progress`) after every move, when the page is hidden or left,
// and every ten seconds while the clock runs (a crash loses at most that).

import { timeText } from "./js/board/clock.js";

/** @typedef {import("./js/board/clock.js").Clock} Clock */
import { $ } from "./dom.js";
import { store } from "./store.js";

/**
 * @param {() => import("./session.js").Session | undefined} current the open puzzle, once one is open
 * @param {{ solved: boolean, revealed: boolean }} ui
 * @param {Clock} clock the board's clock (js/board/element.js)
 */
export function keepProgress(current, ui, clock) {
  let best = /** @type {number | null} */ (null);

  /** Save the open puzzle's board, its solved mark and times. */
  const save = () => {
    const session = current();
    if (!session) return;
    const { entry, board } = session;
    /** @type {import("./store.js").Progress} */
    const progress = {
      ...board.toJSON(),
      solved: ui.solved,
      revealed: ui.revealed,
      elapsed: Math.round(clock.elapsed()),
      best,
    };
    store.set(`progress.${entry.id}`, progress);
  };
  const show = () => {
    $("timer").textContent = timeText(clock.elapsed());
    $("best-time").textContent = best === null ? "" : `best ${timeText(best)}`;
  };
  /** The clock runs while the puzzle is open, unsolved and the page visible. */
  const run = () => {
    if (!ui.solved && document.visibilityState === "visible") clock.start();
    else clock.stop();
    show();
  };

  document.addEventListener("visibilitychange", () => {
    if (!current()) return;
    run();
    save();
  });
  window.addEventListener("pagehide", save);
  // The clock's text every second; the time saved every ten (a crash loses at most that).
  let ticks = 0;
  setInterval(() => {
    if (!clock.running) return;
    show();
    if (++ticks % 10 === 0) save();
  }, 1000);

  return {
    clock,
    save,
    run,
    get best() {
      return best;
    },
    /**
     * Put a puzzle's saved board onto a new `board`, and take its times and whether it was
     * revealed (0, none and no when nothing readable was saved).
     * @param {import("./store.js").Entry} entry
     * @param {import("./js/board/board.js").Board} board
     */
    restore(entry, board) {
      /** @type {Partial<import("./store.js").Progress> | null} */
      const saved = store.get(`progress.${entry.id}`);
      const restored = board.restore(saved);
      clock.set(restored && typeof saved?.elapsed === "number" ? saved.elapsed : 0);
      best = typeof saved?.best === "number" ? saved.best : null;
      ui.revealed = Boolean(restored && saved?.revealed);
    },
    /** The player solved it by hand: the time so far is a best time if it beats the last. */
    solvedByHand() {
      if (clock.running) best = Math.min(best ?? Number.POSITIVE_INFINITY, clock.elapsed());
    },
    /** The clock for the page's test view (hook.js). */
    timing: () => ({ elapsed: clock.elapsed(), running: clock.running, best }),
  };
}
