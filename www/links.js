// Links to puzzles: `#id=<built-in id>`, or `#p=<canonical text>` for any other puzzle (the
// text formats' canonical form, which is URL-safe and round-trips).

import { $ } from "./dom.js";
import { formats, loadFormats } from "./later.js";

/**
 * A custom puzzle's place in a URL's hash (empty while the formats' wasm is not loaded, or
 * when it could not load: the page still plays, without links; main.js links it once loaded).
 * @param {any} puzzle
 */
export function puzzleHash(puzzle) {
  try {
    return formats ? `p=${formats.formatPuzzle(puzzle, "canonical")}` : "";
  } catch {
    return "";
  }
}

/**
 * What the URL's hash names: a puzzle, a built-in id, an unreadable puzzle, or nothing (a
 * puzzle's text is read by the formats' wasm: main.js loads it first when the hash holds one).
 * @returns {{ puzzle: any } | { id: string } | { error: string } | null}
 */
export function readHash() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const text = hash.get("p");
  const id = hash.get("id");
  if (text === null) return id === null ? null : { id };
  try {
    if (!formats) throw new Error("the puzzle texts' wasm could not load");
    return { puzzle: formats.parsePuzzle(text, "canonical") };
  } catch (e) {
    return { error: `The shared link holds no readable puzzle: ${e.message}` };
  }
}

/**
 * Show a link to `puzzle` in the share field, selected, and copy it to the clipboard; whether
 * it was copied (the page says so in the status line: the button keeps its text and size).
 * @param {any} puzzle
 * @returns {Promise<boolean>}
 */
export async function share(puzzle) {
  await loadFormats().catch(() => {}); // without it, the link is the page's (puzzleHash)
  const url = new URL(location.href);
  url.hash = puzzleHash(puzzle);
  const field = /** @type {HTMLInputElement} */ ($("share-url"));
  field.value = url.href;
  field.hidden = false;
  field.select();
  try {
    await navigator.clipboard.writeText(url.href);
    return true;
  } catch {
    return false; // no clipboard access: the link is selected in the field for copying by hand
  }
}
