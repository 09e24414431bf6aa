// The nonogram's tools on the page: what a press paints (a colour, or marking empty) and the
// colour the keyboard paints with, kept across puzzles; and a colour puzzle's palette under
// the board (in reach of a thumb on a phone): a swatch per colour, numbered 1–9 for the keys,
// its number in black or white by contrast (swatch.js), and ✕ for marking empty.

import { CROSSED, FILLED } from "../board.js";
import { button } from "../dom.js";
import { inkOn, rgbOf } from "../swatch.js";
import { cellOfColour } from "./lines.js";

/** @typedef {import("./index.js").Game} Game */
/** @typedef {import("./nonogram.js").Nonogram} Nonogram */

/**
 * `tool`: what a primary click or touch does, a colour's cell (FILLED in black and white) or
 * CROSSED; `paint`: the colour the keyboard paints with (Space, Enter, F), the last chosen.
 */
export const tools = { tool: FILLED, paint: FILLED };

/** The tools of a puzzle's palette are its colours' cells and CROSSED; others fall back to colour 1. */
export function keepTools(/** @type {Nonogram} */ puzzle) {
  const last = cellOfColour(puzzle.colors?.length ?? 1);
  const fits = (/** @type {number} */ v) => v === FILLED || (v > CROSSED && v <= last);
  if (!fits(tools.paint)) tools.paint = FILLED;
  if (tools.tool !== CROSSED && !fits(tools.tool)) tools.tool = FILLED;
}

/** Choose a palette tool: a colour's cell (it becomes the keyboard's colour too) or CROSSED. */
export function choose(/** @type {Game} */ game, /** @type {number} */ value) {
  tools.tool = value;
  if (value !== CROSSED) tools.paint = value;
  game.refresh();
}

/**
 * The palette of a colour puzzle (see the top); `update` shows the chosen tool.
 * @param {Game} game
 * @param {string[]} colors
 */
export function palette(game, colors) {
  const bar = document.createElement("div");
  bar.id = "palette";
  bar.className = "palette";
  bar.setAttribute("role", "toolbar");
  bar.setAttribute("aria-label", "Colours");
  const swatches = colors.map((css, k) => {
    const key = k < 9 ? String(k + 1) : "";
    const b = button(key, () => choose(game, cellOfColour(k + 1)), {
      id: `paint-${k + 1}`,
      className: "toggle swatch",
      title: `Paint colour ${k + 1} (${css})${key ? `, key ${key}` : ""}`,
    });
    b.style.background = css;
    b.style.color = inkOn(rgbOf(css, game.puzzle.background ?? "#ffffff"));
    b.setAttribute("aria-label", `Colour ${k + 1}`);
    return b;
  });
  const cross = button("✕", () => choose(game, CROSSED), {
    id: "paint-empty",
    className: "toggle",
    title: "Mark empty (key 0; right click or long press)",
  });
  cross.setAttribute("aria-label", "Mark empty");
  bar.append(...swatches, cross);
  return {
    bar,
    update() {
      swatches.forEach((b, k) => {
        b.setAttribute("aria-pressed", String(tools.tool === cellOfColour(k + 1)));
      });
      cross.setAttribute("aria-pressed", String(tools.tool === CROSSED));
    },
  };
}
