// What the page keeps in localStorage (under "gridlogic.v1."): the player's board of every
// puzzle ("progress.<id>"), the last puzzle opened (overall and per genre), and the puzzles
// imported or opened from a link ("custom.<id>", their ids in "customs", the latest 30).

import { sizeText } from "./genres/index.js";
import { PUZZLES } from "./puzzles.js";

const PREFIX = "gridlogic.v1.";

/**
 * One puzzle of the list: built in (www/puzzles.js) or custom.
 * @typedef {{ id: string, genre: string, name: string, difficulty: string, puzzle: any, note?: string,
 *   size?: string }} Entry
 */

export const store = {
  /** The value saved under `key`, or null (none, unreadable, or storage disabled). */
  get(/** @type {string} */ key) {
    try {
      const raw = localStorage.getItem(PREFIX + key);
      return raw === null ? null : JSON.parse(raw);
    } catch {
      return null;
    }
  },
  set(/** @type {string} */ key, /** @type {unknown} */ value) {
    try {
      localStorage.setItem(PREFIX + key, JSON.stringify(value));
    } catch {
      // Storage full or disabled: play goes on without saving.
    }
  },
};

/** A stable id for an imported puzzle: an FNV-1a hash of its JSON. */
function customId(/** @type {unknown} */ puzzle) {
  const text = JSON.stringify(puzzle);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `custom-${(h >>> 0).toString(16).padStart(8, "0")}`;
}

/**
 * The list entry of an imported (normalised) puzzle, remembered among the customs.
 * @param {any} puzzle
 * @param {string} name
 * @returns {Entry}
 */
export function customEntry(puzzle, name) {
  const id = customId(puzzle);
  const entry = { id, genre: puzzle.genre, name, difficulty: "custom", puzzle, size: sizeText(puzzle) };
  store.set(`custom.${id}`, entry);
  const ids = store.get("customs") ?? [];
  if (!ids.includes(id)) store.set("customs", [...ids, id].slice(-30));
  return entry;
}

/**
 * The puzzles of a genre: the built-in ones, then the customs.
 * @param {string} genre
 * @returns {Entry[]}
 */
export function entries(genre) {
  const customs = (store.get("customs") ?? []).map((/** @type {string} */ id) => store.get(`custom.${id}`));
  return [
    ...PUZZLES.filter((p) => p.genre === genre),
    ...customs.filter((/** @type {Entry?} */ e) => e?.genre === genre),
  ];
}
