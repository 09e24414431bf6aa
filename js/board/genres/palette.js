// The nonogram's tools on the page: what a press paints (a colour, or marking empty) and the
// colour the keyboard paints with, kept across puzzles; and a colour puzzle's palette under
// the board (in reach of a thumb on a phone): a swatch per colour, numbered 1–9 for the keys,
// its number in black or white by contrast (swatch.js), and ✕ for marking empty. Colours 10
// and up (a puzzle may have 32) have no key of their own: [ and ] step to the previous and
// next colour (round the palette), from any colour, so every colour is in reach of the keys.

import { CROSSED, FILLED } from "../board.js";
import { button } from "../dom.js";
import { inkOn, rgbOf } from "../swatch.js";
import { cellOfColour, colourOfCell } from "./lines.js";

/** @typedef {import("./index.js").Game} Game */
/** @typedef {import("./nonogram.js").Nonogram} Nonogram */

/**
 * `tool`: what a primary click or touch does, a colour's cell (FILLED in black and white) or
 * CROSSED; `paint`: the colour the keyboard paints with (Space, Enter, F), the last chosen.
 */
/** Kept per board (several `<gridlogic-board>`s may share a page), from one puzzle to the next. */
const toolsByGame = /** @type {WeakMap<Game, { tool: number, paint: number }>} */ (new WeakMap());

/** The tools of the board `game` plays. */
export function toolsOf(/** @type {Game} */ game) {
  let tools = toolsByGame.get(game);
  if (!tools) {
    tools = { tool: FILLED, paint: FILLED };
    toolsByGame.set(game, tools);
  }
  return tools;
}

/** The tools of a puzzle's palette are its colours' cells and CROSSED; others fall back to colour 1. */
export function keepTools(/** @type {Game} */ game) {
  const tools = toolsOf(game);
  const puzzle = /** @type {Nonogram} */ (game.puzzle);
  const last = cellOfColour(puzzle.colors?.length ?? 1);
  const fits = (/** @type {number} */ v) => v === FILLED || (v > CROSSED && v <= last);
  if (!fits(tools.paint)) tools.paint = FILLED;
  if (tools.tool !== CROSSED && !fits(tools.tool)) tools.tool = FILLED;
}

/** Choose a palette tool: a colour's cell (it becomes the keyboard's colour too) or CROSSED. */
export function choose(/** @type {Game} */ game, /** @type {number} */ value) {
  const tools = toolsOf(game);
  tools.tool = value;
  if (value !== CROSSED) tools.paint = value;
  game.refresh();
}

/**
 * The colour `step` (−1 or +1) from the keyboard's colour, round a palette of `colours`: [ and ].
 * @param {Game} game
 * @param {number} colours
 * @param {number} step
 */
export function stepColour(game, colours, step) {
  const at = colourOfCell(toolsOf(game).paint) - 1;
  choose(game, cellOfColour(((((at + step) % colours) + colours) % colours) + 1));
}

/** The keys that choose colour `k` (1-based) of a palette of `colours`, as a button's title says them. */
export const keysOf = (/** @type {number} */ k, /** @type {number} */ colours) =>
  k <= 9 ? `key ${k}` : `keys [ and ] step to it (${colours} colours)`;

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
      title: `Paint colour ${k + 1} (${css}), ${keysOf(k + 1, colors.length)}`,
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
      const tools = toolsOf(game);
      swatches.forEach((b, k) => {
        b.setAttribute("aria-pressed", String(tools.tool === cellOfColour(k + 1)));
      });
      cross.setAttribute("aria-pressed", String(tools.tool === CROSSED));
    },
  };
}
