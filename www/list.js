// The genre tabs and the puzzle list of the sidebar.

import { $ } from "./dom.js";
import { timeText } from "./js/board/clock.js";
import { GENRES, genreOf, normalise, sizeText } from "./js/board/genres/index.js";
import { showRating } from "./ratings.js";
import { entries, store } from "./store.js";

/** @typedef {import("./store.js").Entry} Entry */
/** @typedef {{ solved: boolean, revealed: boolean, best: number | null, elapsed: number, percent: number }} Shown */

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

/** The share of a board's free cells the player has written, in whole percent. */
export function percentOf(/** @type {import("./js/board/board.js").Board} */ board) {
  const free = board.cells.filter((_, i) => !board.fixed[i]);
  return Math.floor((100 * free.filter((v) => v !== 0).length) / Math.max(1, free.length));
}

/**
 * How far a puzzle is, as the list shows it: "✓ <best time>" once solved by hand, "revealed"
 * when the solution was shown, else the share of the cells written ("" when none), with a
 * longer title.
 * @param {Shown} progress
 */
function markOf({ solved, revealed, best, elapsed, percent }) {
  if (solved && revealed) return { mark: "revealed", title: "the solution was revealed: no time recorded" };
  if (solved) {
    const time = best ?? elapsed;
    return time
      ? { mark: `✓ ${timeText(time)}`, title: `solved, best time ${timeText(time)}` }
      : { mark: "✓", title: "solved" };
  }
  return percent ? { mark: `${percent}%`, title: `${percent}% of the cells written` } : { mark: "", title: "" };
}

/**
 * The progress of a puzzle not open, from its saved board (the board is rebuilt to know which
 * cells are the player's).
 * @param {Entry} entry
 */
function savedProgress(entry) {
  /** @type {import("./store.js").Progress | null} */
  const saved = store.get(`progress.${entry.id}`);
  if (!saved) return { solved: false, revealed: false, best: null, elapsed: 0, percent: 0 };
  const puzzle = normalise(entry.puzzle);
  const board = genreOf(puzzle).newBoard(puzzle);
  const percent = board.restore(saved) ? percentOf(board) : 0;
  const [solved, revealed] = [Boolean(saved.solved), Boolean(saved.revealed)];
  return { solved, revealed, best: saved.best ?? null, elapsed: saved.elapsed ?? 0, percent };
}

/**
 * Show the open puzzle's progress in its row of the list (after every move: no storage read).
 * @param {string} id
 * @param {Shown} progress
 */
export function showProgress(id, progress) {
  const span = $("puzzle-list").querySelector(`button[data-id="${CSS.escape(id)}"] .progress`);
  if (!span) return;
  const { mark, title } = markOf(progress);
  span.textContent = mark;
  span.setAttribute("title", title);
  span.classList.toggle("solved", progress.solved);
}

/**
 * Show the tabs' selection and the list of a genre's puzzles, with their progress (a
 * percentage, or ✓ and the best time); rebuilt when a puzzle opens.
 * @param {string} genre
 * @param {string} current the open puzzle's id
 * @param {(entry: Entry) => void} open
 */
export function renderList(genre, current, open) {
  for (const tab of $("genre-tabs").querySelectorAll("button")) {
    const selected = tab.dataset.genre === genre;
    tab.setAttribute("aria-selected", String(selected));
    // On a phone too narrow for every tab the bar scrolls sideways: the open genre's tab in view.
    if (selected) tab.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
  $("puzzle-list").replaceChildren(
    ...entries(genre).map((entry) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.id = entry.id;
      if (entry.id === current) b.setAttribute("aria-current", "true");
      b.innerHTML = `<span class="name"></span><span class="progress"></span><span class="size"></span>`;
      const part = (/** @type {string} */ name) => /** @type {HTMLElement} */ (b.querySelector(`.${name}`));
      part("name").textContent = entry.name;
      const size = entry.size ?? sizeText(normalise(entry.puzzle));
      part("size").innerHTML = `${size}<span class="difficulty"></span>`;
      showRating(entry, /** @type {HTMLElement} */ (b.querySelector(".difficulty")));
      b.addEventListener("click", () => open(entry));
      li.append(b);
      return li;
    }),
  );
  for (const entry of entries(genre)) showProgress(entry.id, savedProgress(entry));
}
