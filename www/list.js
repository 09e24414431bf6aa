// The genre tabs and the puzzle list of the sidebar.

import { $ } from "./dom.js";
import { GENRES, normalise, sizeText } from "./genres/index.js";
import { entries, store } from "./store.js";

/** @typedef {import("./store.js").Entry} Entry */

/**
 * One tab per genre of the genre table; a click opens that genre's last puzzle (or its first).
 * @param {(genre: string) => void} choose
 */
export function makeTabs(choose) {
  $("genre-tabs").replaceChildren(
    ...GENRES.map((genre) => {
      const tab = document.createElement("button");
      tab.setAttribute("role", "tab");
      tab.dataset.genre = genre.id;
      tab.textContent = genre.name;
      tab.addEventListener("click", () => choose(genre.id));
      return tab;
    }),
  );
}

/**
 * Show the tabs' selection and the list of a genre's puzzles, with their solved (✓) or
 * in-progress (…) marks; rebuilt when the puzzle or its solved mark changes.
 * @param {string} genre
 * @param {string} current the open puzzle's id
 * @param {(entry: Entry) => void} open
 */
export function renderList(genre, current, open) {
  for (const tab of $("genre-tabs").querySelectorAll("button")) {
    tab.setAttribute("aria-selected", String(tab.dataset.genre === genre));
  }
  $("puzzle-list").replaceChildren(
    ...entries(genre).map((entry) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.id = entry.id;
      if (entry.id === current) b.setAttribute("aria-current", "true");
      const progress = store.get(`progress.${entry.id}`);
      const mark = progress?.solved ? "✓" : progress?.undo?.length ? "…" : "";
      b.innerHTML = `<span class="name"></span><span class="progress"></span><span class="size"></span>`;
      const part = (/** @type {string} */ name) => /** @type {HTMLElement} */ (b.querySelector(`.${name}`));
      part("name").textContent = entry.name;
      part("progress").textContent = mark;
      part("progress").title = mark === "✓" ? "solved" : mark ? "in progress" : "";
      const size = entry.size ?? sizeText(normalise(entry.puzzle));
      part("size").innerHTML = `${size}<span class="difficulty ${entry.difficulty}">${entry.difficulty}</span>`;
      b.addEventListener("click", () => open(entry));
      li.append(b);
      return li;
    }),
  );
}
