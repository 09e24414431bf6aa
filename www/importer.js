// The sidebar's import panel: a puzzle as JSON or in any text format the package reads (.non,
// .nin, Tatham IDs, Janko grids, puzz.link, ...), or nonogram clues typed line by line. A
// puzzle is checked by the page (its shape) and then by the solver (which names bad places)
// before it opens; errors show beside the box they came from.

import { $ } from "./dom.js";
import { normalise } from "./genres/index.js";
import { parsePuzzle } from "./js/browser.js";

/** The text of the error last shown (for the page's test hook). */
export let importError = "";

/**
 * Show (or, with "", hide) an error of the import panel and open the panel.
 * @param {"import-json-error" | "clue-error"} id the error's element
 * @param {string} text
 */
export function showImportError(id, text) {
  const el = $(id);
  el.textContent = text;
  el.hidden = !text;
  importError = text;
  if (text) /** @type {HTMLDetailsElement} */ ($("import")).open = true;
}

/**
 * Parse the clue editor's text: one line per row/column, numbers separated by spaces.
 * @param {string} text
 * @param {string} name "Rows" or "Columns", for the errors
 */
function parseClueText(text, name) {
  const lines = text.replace(/\s+$/, "").split("\n");
  if (lines.length === 1 && lines[0].trim() === "") {
    throw new Error(`${name}: write one line of clues per line of the grid`);
  }
  return lines.map((line, i) =>
    line
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((p) => {
        if (!/^\d+$/.test(p)) throw new Error(`${name} line ${i + 1}: "${p}" is not a number`);
        return Number(p);
      })
      .filter((n) => n > 0),
  );
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
 * @param {(puzzle: any, name: string, verdict: import("../js/browser.js").SolveResult) => void} open
 */
export function setupImport(check, open) {
  const load = async (
    /** @type {unknown} */ raw,
    /** @type {"import-json-error" | "clue-error"} */ errorId,
    /** @type {string} */ name,
  ) => {
    showImportError(errorId, "");
    let puzzle;
    let verdict;
    try {
      puzzle = normalise(raw);
      verdict = await check(puzzle);
    } catch (e) {
      showImportError(errorId, e.name === "AbortError" ? "" : e.message);
      return;
    }
    open(puzzle, name, verdict);
  };

  $("import-json-load").addEventListener("click", () => {
    const text = /** @type {HTMLTextAreaElement} */ ($("import-json")).value.trim();
    let raw;
    try {
      raw = text.startsWith("{") ? parseJson(text) : parsePuzzle(text);
    } catch (e) {
      showImportError("import-json-error", e.message);
      return;
    }
    load(raw, "import-json-error", "Imported puzzle");
  });

  $("clue-load").addEventListener("click", () => {
    const value = (/** @type {string} */ id) => /** @type {HTMLTextAreaElement} */ ($(id)).value;
    let rows;
    let cols;
    try {
      rows = parseClueText(value("clue-rows"), "Rows");
      cols = parseClueText(value("clue-cols"), "Columns");
    } catch (e) {
      showImportError("clue-error", e.message);
      return;
    }
    load({ genre: "nonogram", rows, cols }, "clue-error", "My nonogram");
  });
}
