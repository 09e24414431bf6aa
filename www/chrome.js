// What the page shows around the board: the title and meta line, the side panel's buttons
// (enabled or not), the genre's help, the status line (a live region), the "Solved!" banner,
// (the board's label for screen readers is the board element's: js/board/element.js `describe`).

import { timeText } from "./js/board/clock.js";
import { $ } from "./dom.js";
import { sizeText } from "./js/board/genres/index.js";
import { ratingLabel } from "./ratings.js";

/** @typedef {import("./session.js").Session} Session */
/** @typedef {import("./session.js").UI} UI */

/**
 * Show `text` in the status line, in a tone ("ok", "bad", "busy" or ""). With `echo` the text
 * is on screen already (the assistant's panel): the live region says it, but does not show it.
 */
export function setMessage(/** @type {UI} */ ui, /** @type {string} */ text, /** @type {string} */ tone, echo = false) {
  ui.message = text;
  $("status-text").textContent = text;
  $("status").className = `status ${tone}${echo ? " echo" : ""}`;
}

/** The title, the side panel's buttons and the help of the open puzzle. */
export function renderChrome(
  /** @type {{ describe: () => void }} */ element,
  /** @type {Session} */ session,
  /** @type {UI} */ ui,
) {
  const { entry, puzzle, genre, board } = session;
  $("puzzle-title").textContent = entry.name;
  $("puzzle-meta").textContent = [genre.name, sizeText(puzzle), ratingLabel(entry), entry.note]
    .filter(Boolean)
    .join(" · ");
  const working = ui.task === "solving" || ui.task === "checking";
  const disabled = { undo: !board.canUndo(), redo: !board.canRedo(), solve: working, check: working };
  for (const [id, off] of Object.entries(disabled)) /** @type {HTMLButtonElement} */ ($(id)).disabled = off;
  $("cancel").hidden = !working;
  $("show-other").hidden = !(ui.result?.status === "multiple" && ui.task === "done" && ui.result.solutions.length > 1);
  $("show-other").textContent = ui.shownSolution === 0 ? "Show another solution" : "Show the first solution";
  session.controls.update();
  $("help").innerHTML = genre.help;
  element.describe();
}

let celebration = 0;
/** The solve by hand: the message with the time it took, and the banner for a moment. */
export function celebrate(/** @type {UI} */ ui, /** @type {number} */ elapsed) {
  setMessage(ui, `Solved! Every clue is satisfied, in ${timeText(elapsed)}.`, "ok");
  const banner = $("celebrate");
  banner.hidden = true;
  void banner.offsetWidth; // restart the animation
  banner.hidden = false;
  clearTimeout(celebration);
  celebration = window.setTimeout(() => (banner.hidden = true), 2700);
}
