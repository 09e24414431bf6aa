// What the page keeps in localStorage (under "gridlogic.v2."): the player's board of every
// puzzle with its time and best time ("progress.<id>", a `Progress`), the last puzzle opened
// (overall and per genre), the puzzles imported or opened from a link ("custom.<id>", their
// ids in "customs", the latest 30) and the player's options ("settings").
//
// Versioned: a version's keys have their own prefix. On the first load of a new version the
// older version's keys are migrated (copied, converted) and left in place, so that going
// back to an older page loses nothing either. v1 → v2: a board gained `elapsed` and `best`.

import { sizeText } from "./js/board/genres/index.js";
import { PUZZLES } from "./puzzles.js";

const VERSION = 2;
const PREFIX = `gridlogic.v${VERSION}.`;
const V1 = "gridlogic.v1.";

/**
 * A puzzle's saved state: the board (Board#toJSON), whether it is solved, whether its solution
 * was revealed (absent before the page marked it: not revealed), the time spent (ms, while the
 * page was visible) and the best time of a solve by hand (ms, or null).
 * @typedef {{ cells: number[], marks: number[], undo: any[], redo: any[], solved: boolean, revealed?: boolean,
 *   elapsed: number, best: number | null }} Progress
 */

/**
 * Copy the v1 keys to v2 (once: "migrated" is set after), a board gaining a time of 0 and no
 * best time (v1 did not count time). A v2 key already there is not overwritten.
 * @param {Storage} storage
 */
export function migrate(storage) {
  if (storage.getItem(`${PREFIX}migrated`) !== null) return;
  for (const key of Object.keys(storage)) {
    if (!key.startsWith(V1)) continue;
    const name = key.slice(V1.length);
    if (storage.getItem(PREFIX + name) !== null) continue;
    let value = storage.getItem(key);
    if (name.startsWith("progress.")) {
      try {
        const old = JSON.parse(/** @type {string} */ (value));
        value = JSON.stringify({ ...old, solved: Boolean(old?.solved), elapsed: 0, best: null });
      } catch {
        continue; // unreadable: left where it is, not copied
      }
    }
    storage.setItem(PREFIX + name, /** @type {string} */ (value));
  }
  storage.setItem(`${PREFIX}migrated`, JSON.stringify({ from: 1, at: new Date().toISOString() }));
}

try {
  migrate(localStorage);
} catch {
  // Storage disabled or full: the page plays without it.
}

/**
 * One puzzle of the list: built in (www/puzzles.js, with its rating) or custom.
 * @typedef {{ id: string, genre: string, name: string, difficulty: string, puzzle: any, note?: string,
 *   size?: string, rating?: { label: string, level: number, steps: number } }} Entry
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
 * @param {string | ((id: string) => string)} name its name, or its name made from its id
 * @returns {Entry}
 */
export function customEntry(puzzle, name) {
  const id = customId(puzzle);
  if (typeof name === "function") name = name(id);
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
