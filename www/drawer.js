// The puzzle list as a drawer (phones): ☰ opens it (and lets the ratings of its puzzles start
// at once, ratings.js), the backdrop, Escape or a choice (a puzzle of the list, a new puzzle's
// dialog, an imported puzzle that opened: closeDrawer) closes it.

import { $ } from "./dom.js";
import { rateSoon } from "./ratings.js";

function setDrawer(/** @type {boolean} */ open) {
  document.body.classList.toggle("drawer-open", open);
  $("drawer-toggle").setAttribute("aria-expanded", String(open));
  if (open) rateSoon();
  if (open) /** @type {HTMLElement | null} */ ($("puzzle-list").querySelector("button"))?.focus();
}

/** Close the drawer (an imported puzzle opened: the player wants to see it). */
export const closeDrawer = () => setDrawer(false);

export function setupDrawer() {
  $("drawer-toggle").addEventListener("click", () => setDrawer(!document.body.classList.contains("drawer-open")));
  $("drawer-backdrop").addEventListener("click", () => setDrawer(false));
  // A choice closes it: a puzzle, or a new puzzle's dialog.
  for (const id of ["puzzle-list", "new-puzzles"]) $(id).addEventListener("click", () => setDrawer(false));
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && document.body.classList.contains("drawer-open")) setDrawer(false);
  });
}
