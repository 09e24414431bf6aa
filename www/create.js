// The New puzzle dialog: a genre, a size, a difficulty and an optional seed go to the generator
// (the package's `generate`, in the page's worker); while it runs the dialog shows a progress
// bar with the time so far and the candidates tried, and Cancel stops it at once (the worker is
// replaced, so it is free for the next request). The new puzzle joins the list as a custom
// puzzle (kept in localStorage; its link carries its canonical text, as every custom puzzle's
// does) with the rating the generator proved. The dialog offers only the levels the genre and
// size can reach (`levels`: no expert Kakuro); should the generator still find a level out of reach, the dialog says so in the
// player's words, and any other error of the generator as it words it.
//
// For nonograms a Colours choice: black and white, or the first 2 to 4 of FRESH_COLOURS
// (quantise.js: distinct, readable under black or white numbers) passed as `colors`; colour
// nonograms reach every level, as black-and-white ones do, and the sizes offered for them are
// fewer.
//
// What the dialog offers of a genre (sizes, levels, a note; with colours for nonograms) is the
// genre module's `generated` (js/board/genres/): the sizes are those the generator makes within
// a few seconds in a browser; the generator itself takes more.

import { $ } from "./dom.js";
import { GENRES, normalise, sizeText } from "./js/board/genres/index.js";
import { FRESH_COLOURS } from "./quantise.js";
import { keepRating } from "./ratings.js";
import * as solving from "./solving.js";
import { customEntry } from "./store.js";

/** @typedef {import("./store.js").Entry} Entry */
/** @typedef {import("../pkg/gridlogic_explain.js").GenerateOptions} GenerateOptions */

const DIFFICULTIES = ["easy", "medium", "hard", "expert", "extreme"];
/** The numbers of colours offered (0: black and white). */
const COLOUR_CHOICES = [0, 2, 3, 4];

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
  const [genreSelect, sizeSelect, difficultySelect, colourSelect] = [
    "create-genre",
    "create-size",
    "create-difficulty",
    "create-colours",
  ].map(select);
  const seedInput = /** @type {HTMLInputElement} */ ($("create-seed"));
  const goButton = /** @type {HTMLButtonElement} */ ($("create-go"));
  const options = (/** @type {HTMLSelectElement} */ s, /** @type {string[]} */ texts) =>
    s.replaceChildren(...texts.map((text, i) => new Option(text, String(i))));

  const genres = GENRES.filter((g) => g.generated);
  /** The genre chosen, and what the dialog offers of it (every genre of `genres` has an offer). */
  const chosen = () => genres[genreSelect.selectedIndex];
  const offered = () => /** @type {import("./js/board/genres/index.js").Offer} */ (chosen().generated);
  options(
    genreSelect,
    genres.map((g) => g.name),
  );
  options(
    colourSelect,
    COLOUR_CHOICES.map((n) => (n ? `${n} colours` : "Black and white")),
  );
  /** The colours chosen (0: black and white, or a genre without colours). */
  const colours = () => (offered().colours ? COLOUR_CHOICES[colourSelect.selectedIndex] : 0);
  /** What the dialog offers for the genre and colours chosen. */
  const offer = () => (colours() && offered().colours) || offered();
  /** Offer the levels the genre and colours chosen can reach, keeping the level chosen when it is one of them. */
  const showLevels = () => {
    const { levels = DIFFICULTIES } = offer();
    const chosen = difficultySelect.value;
    difficultySelect.replaceChildren(...levels.map((d) => new Option(d, d)));
    difficultySelect.selectedIndex = Math.max(0, levels.indexOf(chosen));
  };
  /** Offer the sizes of the genre and colours chosen, keeping the size chosen when it is one of them. */
  const showSizes = () => {
    $("create-colours-label").hidden = !offered().colours;
    const { sizes, note, initial = 2 } = offer();
    const chosen = sizeSelect.selectedOptions[0]?.text;
    const kept = sizes.findIndex(([text]) => text === chosen);
    options(
      sizeSelect,
      sizes.map(([text]) => text),
    );
    sizeSelect.selectedIndex = kept >= 0 ? kept : Math.min(initial, sizes.length - 1);
    $("create-note").textContent = note;
    showLevels();
  };
  genreSelect.addEventListener("change", () => {
    sizeSelect.replaceChildren(); // another genre: its own first size
    showSizes();
  });
  colourSelect.addEventListener("change", showSizes);

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
    for (const input of [genreSelect, sizeSelect, difficultySelect, colourSelect, seedInput]) input.disabled = busy;
    clearInterval(ticker);
  };

  $("create-open").addEventListener("click", () => {
    const open = genres.findIndex((g) => g.id === page.genre());
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
    const { id: genre, name: genreName } = chosen();
    const [sizeName, size] = offer().sizes[sizeSelect.selectedIndex];
    const colors = colours() ? { colors: FRESH_COLOURS.slice(0, colours()) } : {};
    const difficulty = difficultySelect.value;
    const typed = seedInput.value.trim();
    if (typed && !/^-?\d+$/.test(typed)) return showError(`The seed must be a whole number, not “${typed}”.`);
    const seed = typed ? Number(typed) : randomSeed();
    const request = /** @type {GenerateOptions} */ ({ genre, ...size, ...colors, difficulty, seed });
    showError("");
    const controller = new AbortController();
    running = controller;
    setBusy(true);
    const started = performance.now();
    let candidates = 0;
    const tick = () => {
      const tried = candidates ? ` · ${candidates} candidate${candidates === 1 ? "" : "s"} tried` : "";
      $("create-elapsed").textContent = `Generating… ${((performance.now() - started) / 1000).toFixed(1)} s${tried}`;
    };
    tick();
    ticker = window.setInterval(tick, 100);
    try {
      const made = await solving.generate(request, controller.signal, (progress) => {
        candidates = progress.candidates;
      });
      const puzzle = normalise(made.puzzle);
      const inColour = colors.colors ? ` in ${colors.colors.length} colours` : "";
      const name = `${genreName} ${sizeText(puzzle)}${inColour} · seed ${made.seed}`;
      const entry = customEntry(puzzle, name);
      keepRating(entry.id, made.rating);
      dialog.close();
      page.open(entry);
    } catch (error) {
      const kind = `${difficulty} ${sizeName} ${genreName.toLowerCase()}`;
      showError(
        solving.isCancelled(error)
          ? "Cancelled: no puzzle was made."
          : /out of reach/.test(error.message)
            ? `No ${kind} can be made: this size does not reach ${difficulty}. Choose a lower level or another size.`
            : `No ${kind}: ${error.message}`,
      );
    } finally {
      running = null;
      setBusy(false);
    }
  });
}
