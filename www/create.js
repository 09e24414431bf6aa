// The New puzzle dialog: a genre, a size, a difficulty and an optional seed go to the
// generator (the package's `generate`, in the page's worker); while it runs the dialog shows a
// progress bar with the time so far, and Cancel stops it at once (the worker is replaced, so it
// is free for the next request). The new puzzle joins the list as a custom puzzle (kept in
// localStorage; its link carries its canonical text, as every custom puzzle's does) with the
// rating the generator proved. A level the size cannot reach, or any other error of the
// generator, is said in the dialog as the generator words it.
//
// The sizes offered are those the generator makes within a few seconds in a browser
// (measured in wasm, bench/RESULTS.md, "The page's generator sizes"); the generator itself takes more.

import { $ } from "./dom.js";
import { GENRES, normalise, sizeText } from "./genres/index.js";
import { keepRating } from "./ratings.js";
import * as solving from "./solving.js";
import { customEntry } from "./store.js";

/** @typedef {import("./store.js").Entry} Entry */
/** @typedef {import("../pkg/gridlogic_explain.js").GenerateOptions} GenerateOptions */

const DIFFICULTIES = ["easy", "medium", "hard", "expert", "extreme"];

/**
 * What the dialog offers per genre: its sizes (the text shown, and the generator's size
 * options), the note under them and the size first selected (default the third).
 * @type {Record<string, { sizes: [string, Record<string, number>][], note: string, initial?: number }>}
 */
const GENERATED = {
  nonogram: {
    sizes: [5, 10, 15, 20, 25].map((n) => [`${n}×${n}`, { width: n, height: n }]),
    note: "Small nonograms reach only the lower levels.",
  },
  kakuro: {
    sizes: [6, 8, 10, 12, 15].map((n) => [`${n}×${n}`, { width: n, height: n }]),
    // 10×10 first (the default `initial`): easy, medium and hard all come within a second there.
    note: "Sizes count the clue row and column. Easy to hard Kakuro come within a second up to 12×12 (easy 15×15 in seconds); no Kakuro is expert.",
  },
  str8ts: {
    sizes: [6, 7, 8, 9].map((n) => [`${n}×${n}`, { size: n }]),
    note: "Str8ts of 9×9 are the classic size.",
  },
};

/** A seed the player did not give: a random 32-bit integer. */
const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

/**
 * Set up the New puzzle dialog.
 * @param {{ open: (entry: Entry) => void, genre: () => string | undefined }} page `open` shows a
 *   puzzle of the list; `genre` is the open puzzle's (the dialog starts on it)
 */
export function setupCreate(page) {
  const dialog = /** @type {HTMLDialogElement} */ ($("create"));
  const select = (/** @type {string} */ id) => /** @type {HTMLSelectElement} */ ($(id));
  const [genreSelect, sizeSelect, difficultySelect] = ["create-genre", "create-size", "create-difficulty"].map(select);
  const seedInput = /** @type {HTMLInputElement} */ ($("create-seed"));
  const goButton = /** @type {HTMLButtonElement} */ ($("create-go"));
  const options = (/** @type {HTMLSelectElement} */ s, /** @type {string[]} */ texts) =>
    s.replaceChildren(...texts.map((text, i) => new Option(text, String(i))));

  const genres = GENRES.filter((g) => g.id in GENERATED);
  const genreIds = genres.map((g) => g.id);
  options(
    genreSelect,
    genres.map((g) => g.name),
  );
  options(difficultySelect, DIFFICULTIES);
  const showSizes = () => {
    const { sizes, note, initial = 2 } = GENERATED[genreIds[genreSelect.selectedIndex]];
    options(
      sizeSelect,
      sizes.map(([text]) => text),
    );
    sizeSelect.selectedIndex = Math.min(initial, sizes.length - 1);
    $("create-note").textContent = note;
  };
  genreSelect.addEventListener("change", showSizes);

  /** The generation running (its abort cancels it), or null. */
  let running = /** @type {AbortController | null} */ (null);
  let ticker = 0;

  const showError = (/** @type {string} */ text) => {
    $("create-error").textContent = text;
    $("create-error").hidden = !text;
  };
  const setBusy = (/** @type {boolean} */ busy) => {
    $("create-progress").hidden = !busy;
    goButton.disabled = busy;
    $("create-cancel").textContent = busy ? "Cancel" : "Close";
    for (const input of [genreSelect, sizeSelect, difficultySelect, seedInput]) input.disabled = busy;
    clearInterval(ticker);
  };

  $("create-open").addEventListener("click", () => {
    const open = genreIds.indexOf(page.genre() ?? "");
    if (open >= 0) genreSelect.selectedIndex = open;
    showSizes();
    showError("");
    dialog.showModal();
  });
  $("create-cancel").addEventListener("click", () => (running ? running.abort() : dialog.close()));
  // Escape while generating cancels the generation first; the dialog stays open to say so.
  dialog.addEventListener("cancel", (e) => {
    if (!running) return;
    e.preventDefault();
    running.abort();
  });

  $("create-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    if (running) return;
    const genre = genreIds[genreSelect.selectedIndex];
    const [sizeName, size] = GENERATED[genre].sizes[sizeSelect.selectedIndex];
    const difficulty = DIFFICULTIES[difficultySelect.selectedIndex];
    const typed = seedInput.value.trim();
    if (typed && !/^-?\d+$/.test(typed)) return showError(`The seed must be a whole number, not “${typed}”.`);
    const seed = typed ? Number(typed) : randomSeed();
    const request = /** @type {GenerateOptions} */ ({ genre, ...size, difficulty, seed });
    showError("");
    const controller = new AbortController();
    running = controller;
    setBusy(true);
    const started = performance.now();
    const tick = () =>
      ($("create-elapsed").textContent = `Generating… ${((performance.now() - started) / 1000).toFixed(1)} s`);
    tick();
    ticker = window.setInterval(tick, 100);
    try {
      const made = await solving.generate(request, controller.signal);
      const puzzle = normalise(made.puzzle);
      const name = `${genres[genreIds.indexOf(genre)].name} ${sizeText(puzzle)} · seed ${made.seed}`;
      const entry = customEntry(puzzle, name);
      keepRating(entry.id, made.rating);
      dialog.close();
      page.open(entry);
    } catch (error) {
      showError(
        solving.isCancelled(error)
          ? "Cancelled: no puzzle was made."
          : `No ${difficulty} ${sizeName} puzzle: ${error.message}`,
      );
    } finally {
      running = null;
      setBusy(false);
    }
  });
}
