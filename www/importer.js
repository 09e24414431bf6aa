// The sidebar's import panel: a puzzle as JSON or in any text format the package reads (.non,
// .nin, Tatham IDs, Janko grids, puzz.link, ...), or in a genre's own editor below the box
// (a genre's `importEditor`: nonogram clues typed line by line). A
// puzzle is checked by the page (its shape) and then by the solver (which names bad places)
// before it opens; errors show beside the box they came from, and in the status line, in the
// page's words (rows and columns counted from 1, as the board counts them, where the package's
// API names array places from 0: `rows[0]` is row 1). An imported puzzle is named by its
// file's title, else by its genre and size, numbered when another of the list has that name.

import { $ } from "./dom.js";
import { GENRES, genreOf, normalise, sizeText } from "./js/board/genres/index.js";
import { loadFormats } from "./later.js";
import { entries } from "./store.js";

/** The text of the error last shown (for the page's test hook). */
export let importError = "";

/**
 * Show (or, with "", hide) an error of the import panel and open the panel.
 * @param {string} id the error's element
 * @param {string} text
 */
export function showImportError(id, text) {
  const el = $(id);
  el.textContent = text;
  el.hidden = !text;
  importError = text;
  if (text) /** @type {HTMLDetailsElement} */ ($("import")).open = true;
}

/** A puzzle in the API's shape, as the import box shows one (the first genre's example). */
const EXAMPLE = JSON.stringify(GENRES[0].example).replaceAll(/([:,])(?=["[{\d])/g, "$1 ");

/** What the import box takes, said when a text is none of it. */
const EXPECTED =
  "This text is not a puzzle the page can read. Paste a puzzle file's text (a .non or .g file, webpbn XML, " +
  `a puzz.link or Tatham URL …) or JSON such as ${EXAMPLE}.`;

/** The package's names of array places, as the page names them: `rows[2][0]` → "row 3, clue 1". */
const PLACES = /** @type {[RegExp, (...n: number[]) => string][]} */ ([
  [/\b(?:grid|board|candidates)\[(\d+)\]\[(\d+)\]/g, (r, c) => `row ${r + 1}, column ${c + 1}`],
  [/\brows\[(\d+)\]\[(\d+)\]/g, (r, k) => `row ${r + 1}, clue ${k + 1}`],
  [/\bcols\[(\d+)\]\[(\d+)\]/g, (c, k) => `column ${c + 1}, clue ${k + 1}`],
  [/\b(?:rows|grid|board)\[(\d+)\]/g, (r) => `row ${r + 1}`],
  [/\bcols\[(\d+)\]/g, (c) => `column ${c + 1}`],
]);

/** An error of the package in the page's words: places counted from 1, the unreadable text explained. */
export function importWording(/** @type {string} */ message) {
  if (/unrecognised puzzle text/.test(message)) return EXPECTED;
  let text = message.replace(/^\.: /, "").replace(/\.(color|n)\b/g, " ($1)");
  for (const [pattern, name] of PLACES) text = text.replace(pattern, (_, ...n) => name(...n.slice(0, 2).map(Number)));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A title the puzzle's text gives (.non's `title "…"`, XML's <title>, JSON's "title"), or "". */
function titleOf(/** @type {string} */ text) {
  const found =
    /^\s*title\s+"([^"\n]+)"/m.exec(text) ??
    /<title>([^<]+)<\/title>/.exec(text) ??
    /"title"\s*:\s*"([^"]+)"/.exec(text);
  return found ? found[1].trim() : "";
}

/**
 * The list name of an imported puzzle: its title, else its genre and size ("Nonogram 15×15"),
 * with " (2)", " (3)" … when another puzzle of the list (not this one) has that name.
 * @param {any} puzzle normalised
 * @param {string} title
 * @param {string} id its list id
 */
export function importName(puzzle, title, id) {
  const base = title || `${genreOf(puzzle).name} ${sizeText(puzzle)}`;
  const taken = new Set(entries(puzzle.genre).flatMap((e) => (e.id === id ? [] : [e.name])));
  let name = base;
  for (let k = 2; taken.has(name); k++) name = `${base} (${k})`;
  return name;
}

/** JSON.parse, its error saying what was expected. */
function parseJson(/** @type {string} */ text) {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`Not valid JSON: ${e.message}`);
  }
}

/**
 * Wire the panel's buttons.
 * @param {(puzzle: any) => Promise<import("../js/browser.js").SolveResult>} check the solver's quick verdict
 *   (it validates before it searches, so errors come at once); rejects with the solver's error
 * @param {(puzzle: any, title: string, verdict: import("../js/browser.js").SolveResult) => void} open open the
 *   puzzle (`title`: the one its text gives, or "")
 * @param {(text: string) => void} failed say in the status line that nothing was loaded, and why
 */
export function setupImport(check, open, failed) {
  /** @type {HTMLTextAreaElement} */ ($("import-json")).placeholder = EXAMPLE;
  const fail = (/** @type {string} */ errorId, /** @type {string} */ message) => {
    const text = importWording(message);
    showImportError(errorId, text);
    failed(text);
  };
  const load = async (/** @type {unknown} */ raw, /** @type {string} */ errorId, /** @type {string} */ title) => {
    showImportError(errorId, "");
    let puzzle;
    let verdict;
    try {
      puzzle = normalise(raw);
      verdict = await check(puzzle);
    } catch (e) {
      if (e.name !== "AbortError") fail(errorId, e.message);
      return;
    }
    open(puzzle, title, verdict);
  };

  $("import-json-load").addEventListener("click", async () => {
    const text = /** @type {HTMLTextAreaElement} */ ($("import-json")).value.trim();
    let raw;
    try {
      // A text other than JSON needs the formats' wasm: loaded now if the page has not yet.
      raw = text.startsWith("{") ? parseJson(text) : (await loadFormats()).parsePuzzle(text);
    } catch (e) {
      fail("import-json-error", e.message);
      return;
    }
    load(raw, "import-json-error", titleOf(text));
  });

  const panel = $("import");
  for (const genre of GENRES) {
    if (genre.importEditor) panel.append(genre.importEditor({ load: (raw, errorId) => load(raw, errorId, ""), fail }));
  }
}
