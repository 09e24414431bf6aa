// The play page's DOM helpers: `$` for the page's fixed markup, and the ones it shares with
// the board (js/board/dom.js).

export { button, duration } from "./js/board/dom.js";

/** The element with this id (the page's markup is fixed: every id looked up exists). */
export const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
