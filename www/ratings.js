// The puzzle list's difficulty labels: each puzzle's rating from the solver's `rate` ("easy" …
// "extreme", the explained logic's hardest technique). A built-in puzzle carries its rating
// (scripts/make-puzzles.mjs rates the project's own puzzles as it writes them), so the list
// labels it at once. Any other is rated in the page, kept in localStorage ("rating.v1.<id>")
// once known. Rating needs the explain wasm and some CPU, so it is lazy: nothing is rated
// while the page loads or the page's worker is busy (a solve, a hint, a generation). Ratings
// start once that worker has been quiet for QUIET_MS after a request (FIRST_QUIET_MS after
// the page loaded, when there was none), or at once when the player opens the list's drawer; one puzzle at a time in their own worker, each started when the main thread
// is idle; a solve that starts meanwhile stops the rating in progress, which is taken up
// again afterwards. A new puzzle made on the page (a generated one) stores its rating itself.

import { duration } from "./dom.js";
import { normalise } from "./js/board/genres/index.js";
import { whenIdle } from "./later.js";
import { activity, isCancelled, quietFor, rate } from "./solving.js";
import { store } from "./store.js";

/** @typedef {import("./store.js").Entry} Entry */
/** @typedef {{ label: string, level: number, steps: number }} StoredRating */

/** How long the page's worker must have been idle before ratings start (ms): after its last
 *  request, or after the page loaded when it has had none (window.gridlogicConfig's
 *  `ratingsQuietMs` and `ratingsFirstQuietMs` replace them: dom.js `duration`). */
const QUIET_MS = duration("ratingsQuietMs", 3000);
const FIRST_QUIET_MS = duration("ratingsFirstQuietMs", 10000);
/** Has the page's worker served a request yet? */
let served = false;
const quietNeeded = () => (eager ? 0 : served ? QUIET_MS : FIRST_QUIET_MS);
/** The store's key of a puzzle's rating (a new rating scale bumps its version). */
const ratingKey = (/** @type {string} */ id) => `rating.v1.${id}`;

/** The puzzles shown in the list without a rating yet, in the order they were shown. */
const pending = /** @type {Map<string, Entry>} */ (new Map());
/** The rating in progress (its abort stops it), or null. */
let running = /** @type {AbortController | null} */ (null);
let timer = 0;
/** The player opened the list: no waiting for the quiet spell. */
let eager = false;

/** A puzzle's stored rating, or null. */
export const storedRating = (/** @type {string} */ id) => /** @type {StoredRating | null} */ (store.get(ratingKey(id)));
/** A puzzle's rating as far as known: its own (a built-in's), else the stored one, else null. */
const knownRating = (/** @type {Entry} */ entry) => entry.rating ?? storedRating(entry.id);

/**
 * Keep a puzzle's rating (a generated puzzle's comes with it).
 * @param {string} id
 * @param {StoredRating} rating
 */
export function keepRating(id, { label, level, steps }) {
  store.set(ratingKey(id), { label, level, steps });
  pending.delete(id);
}

/** A puzzle's label as far as known: its rating, "custom" for an imported one, else "". */
export const ratingLabel = (/** @type {Entry} */ entry) =>
  knownRating(entry)?.label ?? (entry.difficulty === "custom" ? "custom" : "");

const titleOf = (/** @type {StoredRating} */ r) => `rated level ${r.level}, ${r.steps} steps`;

/** Show `text` in a list row's label span. */
function label(/** @type {Element} */ span, /** @type {string} */ kind, /** @type {string} */ text, title = "") {
  span.className = `difficulty ${kind}`;
  span.textContent = text;
  span.setAttribute("title", title);
}

/** The label spans of a puzzle's rows in the list (none when another genre is shown). */
const spansOf = (/** @type {string} */ id) =>
  document.querySelectorAll(`#puzzle-list button[data-id="${CSS.escape(id)}"] .difficulty`);

/**
 * Label a puzzle's row: its stored rating, "custom" for an imported puzzle, else "…" until
 * the lazy rating reaches it.
 * @param {Entry} entry
 * @param {Element} span
 */
export function showRating(entry, span) {
  const known = knownRating(entry);
  if (known) return label(span, known.label, known.label, titleOf(known));
  if (entry.difficulty === "custom") return label(span, "custom", "custom", "your own puzzle");
  label(span, "unrated", "…", "not rated yet");
  pending.set(entry.id, entry);
  schedule();
}

/** The player looks at the list: rate its puzzles now (still never during a solve). */
export function rateSoon() {
  eager = true;
  schedule();
}

/** Rate the next pending puzzle once the page's worker is quiet enough. */
function schedule() {
  if (timer || running || !pending.size || quietFor() === 0) return;
  const wait = Math.max(0, quietNeeded() - quietFor());
  timer = window.setTimeout(() => whenIdle(rateNext), wait);
}

async function rateNext() {
  timer = 0;
  if (running || !pending.size || quietFor() === 0) return;
  if (quietFor() < quietNeeded()) return schedule();
  const [id, entry] = /** @type {[string, Entry]} */ (pending.entries().next().value);
  const controller = new AbortController();
  running = controller;
  try {
    const rating = await rate(normalise(entry.puzzle), controller.signal);
    keepRating(id, rating);
    for (const span of spansOf(id)) label(span, rating.label, rating.label, titleOf(rating));
  } catch (e) {
    if (!isCancelled(e)) {
      pending.delete(id);
      for (const span of spansOf(id)) label(span, "unrated", "?", `no rating: ${e.message}`);
    }
  } finally {
    running = null;
    schedule();
  }
}

// A request of the page's worker stops the rating in progress; its end lets ratings go on.
activity.addEventListener("start", () => running?.abort());
activity.addEventListener("end", () => {
  served = true;
  schedule();
});
