// Nonogram on the page, black-and-white or in colour: clue numbers left of the rows and above
// the columns (greyed when the player has placed them; in a colour puzzle each on a swatch of
// its colour, its text black or white by contrast), the grid with a bold line every five
// cells, painted cells and crosses; a click, tap or drag along a line paints (or, with the
// right button, a long press or the ✕ tool, marks empty), the keyboard paints and marks at
// the cursor. A colour puzzle gets a palette under the board (click, or keys 1–9 and [ ], 0 for
// "mark empty") choosing what a press paints; a black-and-white one has Fill and Mark empty.
// A line whose cells can no longer match its clue has its clue in red (Genre#feedback). The
// line rules and the board's cell values are in lines.js, the tools and the palette in palette.js.

import { Board, CROSSED, FILLED, UNKNOWN } from "../board.js";
import { button } from "../dom.js";
import { COLORS, centredText, drawGrid, inSight } from "../draw.js";
import { contrast, inkOn, rgbOf } from "../swatch.js";
import {
  blocksOf,
  cellOfColour,
  cellToSolution,
  colourOfCell,
  lineBlocks,
  lineStatus,
  sameBlocks,
  satisfiedBlocks,
  solutionToCell,
} from "./lines.js";
import { choose, keepTools, palette, stepColour, toolsOf } from "./palette.js";
import { fail, rowsOf } from "./shape.js";

/** @typedef {import("./index.js").Game} Game */
/** @typedef {import("./lines.js").Block} Block */
/**
 * A nonogram as the API has it: black-and-white (clue numbers) or, with `colors`, in colour
 * (clue blocks {n, color}; normalised, every clue is a block).
 * @typedef {{ genre: "nonogram", rows: any[][], cols: any[][], colors?: string[], background?: string }} Nonogram
 */

/** The most colours a colour nonogram has (the solver's limit). */
const MAX_COLOURS = 32;
/**
 * The drag in progress: every cell on the line from `start` to the pointer takes `target`.
 * @type {{ pointer: number, start: number, target: number, from: number, axis: "row" | "col" | null,
 *   move: import("../board.js").Move | null, before: number[], longPress: number } | null}
 */
let drag = null;
/** The largest share of the board's room a clue band takes (zoomed in, on a small screen). */
const BAND_SHARE = 0.4;
/** How long a touch rests on its first cell before it marks empty instead of filling (ms). */
const LONG_PRESS = 450;

/** The clues of every row, then every column, as blocks. */
const linesOf = (/** @type {Nonogram} */ puzzle) => [...puzzle.rows, ...puzzle.cols].map(blocksOf);

/** The cells of line k (rows first, then columns) of a board. */
function lineCells(/** @type {number[]} */ cells, /** @type {number} */ width, /** @type {number} */ height, k) {
  if (k < height) return cells.slice(k * width, (k + 1) * width);
  return Array.from({ length: height }, (_, r) => cells[r * width + k - height]);
}

/**
 * The view: clue bands and numbers, cells, grid lines.
 * @param {Nonogram} puzzle
 * @returns {import("../draw.js").View}
 */
function view(puzzle) {
  const height = puzzle.rows.length;
  const width = puzzle.cols.length;
  const clues = linesOf(puzzle);
  const colors = puzzle.colors;
  const rowClueSlots = Math.max(1, ...puzzle.rows.map((c) => c.length));
  const colClueSlots = Math.max(1, ...puzzle.cols.map((c) => c.length));
  const wide = clues.some((clue) => clue.some((b) => b.n > 9));
  const slotRatio = wide ? 0.85 : 0.72;
  const geo = { cell: 20, slot: 14, left: 0, top: 0, pad: 6 };
  /** @type {(i: number) => import("../draw.js").Box} */
  const cellBox = (i) => ({
    x: geo.left + (i % width) * geo.cell,
    y: geo.top + Math.floor(i / width) * geo.cell,
    w: geo.cell,
    h: geo.cell,
  });
  /**
   * A colour puzzle's colours as drawn, for the palette in use (read again when it changes):
   * each colour's ink, and whether it needs an edge to stand out from the empty cells.
   * @type {{ cell: string, inks: string[], edged: boolean[] } | null}
   */
  let swatches = null;
  const swatchesNow = () => {
    if (!colors) return null;
    if (swatches?.cell !== COLORS.cell) {
      const cell = rgbOf(COLORS.cell);
      const rgbs = colors.map((css) => rgbOf(css, puzzle.background ?? "#ffffff"));
      swatches = {
        cell: COLORS.cell,
        inks: rgbs.map(inkOn),
        edged: rgbs.map((rgb) => contrast(rgb, cell) < 1.6),
      };
    }
    return swatches;
  };

  return {
    // Clue slots are a little narrower than cells: numbers need less room than squares
    // (unless some have two digits).
    fit: (availWidth, availHeight) =>
      Math.min(
        (availWidth - 2 * geo.pad) / (width + rowClueSlots * slotRatio),
        (availHeight - 2 * geo.pad) / (height + colClueSlots * slotRatio),
      ),
    // Below 13 px numbers become unreadable: a bigger board opens at 13 px, panned (and zooms out).
    cells: { min: 13, max: 40 },
    layoutAt(cell, room) {
      geo.cell = cell;
      // Zoomed in, the clue bands grow with the cells, but each to at most BAND_SHARE of the
      // room: the cells keep most of it (the clue text is then smaller than the cells).
      const cap = (/** @type {number} */ extent, /** @type {number} */ slots) =>
        Math.floor((BAND_SHARE * extent) / slots);
      geo.slot = Math.max(
        1,
        Math.min(Math.round(cell * slotRatio), cap(room.width, rowClueSlots), cap(room.height, colClueSlots)),
      );
      geo.left = geo.pad + rowClueSlots * geo.slot;
      geo.top = geo.pad + colClueSlots * geo.slot;
      const size = { width: geo.left + width * cell + geo.pad, height: geo.top + height * cell + geo.pad };
      return { ...size, left: geo.left, top: geo.top };
    },

    hit(x, y) {
      const c = Math.floor((x - geo.left) / geo.cell);
      const r = Math.floor((y - geo.top) / geo.cell);
      return r >= 0 && r < height && c >= 0 && c < width ? r * width + c : -1;
    },

    cellBox,

    draw(ctx, board, ui, visible) {
      const { cell, slot, left, top } = geo;
      const tints = swatchesNow();
      // The rows and columns in sight (a zoomed board draws only those).
      const [r0, r1] = visible ? inSight(visible.y, visible.h, top, cell, height) : [0, height - 1];
      const [c0, c1] = visible ? inSight(visible.x, visible.w, left, cell, width) : [0, width - 1];
      const cells = board.cells;
      const gridW = width * cell;
      const gridH = height * cell;
      ctx.fillStyle = COLORS.paper;
      ctx.fillRect(0, 0, left + gridW + geo.pad, top + gridH + geo.pad);
      const curR = ui.cursor >= 0 ? Math.floor(ui.cursor / width) : -1;
      const curC = ui.cursor >= 0 ? ui.cursor % width : -1;

      // Clue bands, alternating by groups of five, the cursor's lines highlighted.
      const { lines } = ui.feedback;
      const band = (/** @type {number} */ k, /** @type {number} */ cursor, /** @type {string} */ status) => {
        if (status === "conflict") return COLORS.wrongBg;
        if (k === cursor && ui.showCursor) return COLORS.highlight;
        return Math.floor(k / 5) % 2 ? COLORS.clueBandAlt : COLORS.clueBand;
      };
      for (let r = r0; r <= r1; r++) {
        ctx.fillStyle = band(r, curR, lines[r]);
        ctx.fillRect(geo.pad, top + r * cell, left - geo.pad, cell);
      }
      for (let c = c0; c <= c1; c++) {
        ctx.fillStyle = band(c, curC, lines[height + c]);
        ctx.fillRect(left + c * cell, geo.pad, cell, top - geo.pad);
      }
      // Clue numbers: the k-th of a line's n numbers sits n - k - 0.5 slots before the grid;
      // a colour clue's number on a swatch of its colour (the slot, less a margin).
      const fontSize = Math.round(Math.min(cell, slot) * (wide ? 0.7 : 0.62));
      const clueNumbers = (
        /** @type {number} */ k,
        /** @type {(before: number) => [number, number]} */ at,
        /** @type {boolean} */ across,
      ) => {
        const clue = clues[k];
        const status = lines[k];
        const done = satisfiedBlocks(clue, lineCells(cells, width, height, k));
        if (clue.length === 0) centredText(ctx, 0, ...at(slot / 2), fontSize, COLORS.clueDone, "600");
        clue.forEach((block, j) => {
          const [x, y] = at((clue.length - j - 0.5) * slot);
          const size = block.n > 9 ? fontSize * 0.88 : fontSize;
          if (!tints) {
            const color = status === "conflict" ? COLORS.wrong : done[j] ? COLORS.clueDone : COLORS.ink;
            centredText(ctx, block.n, x, y, size, color, "600");
            return;
          }
          const [w, h] = across ? [slot, cell] : [cell, slot];
          const m = Math.max(1, Math.min(w, h) * 0.08);
          ctx.globalAlpha = done[j] ? 0.3 : 1;
          ctx.fillStyle = /** @type {string[]} */ (colors)[block.color - 1];
          ctx.fillRect(x - w / 2 + m, y - h / 2 + m, w - 2 * m, h - 2 * m);
          ctx.strokeStyle = status === "conflict" ? COLORS.wrong : COLORS.faint;
          ctx.lineWidth = status === "conflict" ? 2 : 1;
          ctx.strokeRect(x - w / 2 + m, y - h / 2 + m, w - 2 * m, h - 2 * m);
          centredText(ctx, block.n, x, y, size, tints.inks[block.color - 1], "700");
          ctx.globalAlpha = 1;
        });
      };
      for (let r = r0; r <= r1; r++) {
        const y = top + (r + 0.5) * cell;
        clueNumbers(r, (before) => [left - before, y], true);
      }
      for (let c = c0; c <= c1; c++) {
        const x = left + (c + 0.5) * cell;
        clueNumbers(height + c, (before) => [x, top - before], false);
      }

      // Cells.
      ctx.fillStyle = COLORS.cell;
      ctx.fillRect(left, top, gridW, gridH);
      if (ui.showCursor && curR >= 0) {
        ctx.fillStyle = COLORS.lineHighlight;
        ctx.fillRect(left, top + curR * cell, gridW, cell);
        ctx.fillRect(left + curC * cell, top, cell, gridH);
      }
      const inset = cell > 14 ? 1 : 0.5;
      for (let i = 0; i < cells.length; i++) {
        const [r, c] = [Math.floor(i / width), i % width];
        if (r < r0 || r > r1 || c < c0 || c > c1) continue;
        const x = left + c * cell;
        const y = top + r * cell;
        const wrong = ui.wrong.has(i);
        if (wrong) {
          ctx.fillStyle = COLORS.wrongBg;
          ctx.fillRect(x, y, cell, cell);
        }
        const color = colourOfCell(cells[i]);
        if (color && tints) {
          // A colour cell in its colour; wrong: outlined in red; edged where it would vanish.
          ctx.fillStyle = /** @type {string[]} */ (colors)[color - 1];
          ctx.fillRect(x + inset, y + inset, cell - 2 * inset, cell - 2 * inset);
          const edge = wrong ? COLORS.wrong : tints.edged[color - 1] ? COLORS.inkSoft : "";
          if (edge) {
            const lw = wrong ? Math.max(2, cell / 8) : Math.max(1.5, cell / 14);
            ctx.strokeStyle = edge;
            ctx.lineWidth = lw;
            ctx.strokeRect(x + inset + lw / 2, y + inset + lw / 2, cell - 2 * inset - lw, cell - 2 * inset - lw);
          }
        } else if (color) {
          ctx.fillStyle = wrong ? COLORS.wrong : ui.solved ? COLORS.ink : COLORS.filled;
          ctx.fillRect(x + inset, y + inset, cell - 2 * inset, cell - 2 * inset);
        } else if (cells[i] === CROSSED) {
          // Marked empty: the puzzle's background colour (a colour puzzle's), and a cross until solved.
          if (puzzle.background && !wrong) {
            ctx.fillStyle = puzzle.background;
            ctx.fillRect(x, y, cell, cell);
          }
          if (ui.solved) continue;
          ctx.strokeStyle = wrong ? COLORS.wrong : COLORS.cross;
          ctx.lineWidth = Math.max(1, cell / 14);
          const m = cell * 0.3;
          ctx.beginPath();
          ctx.moveTo(x + m, y + m);
          ctx.lineTo(x + cell - m, y + cell - m);
          ctx.moveTo(x + cell - m, y + m);
          ctx.lineTo(x + m, y + cell - m);
          ctx.stroke();
        }
      }

      // Grid lines through the clue bands, bold every five.
      drawGrid(ctx, {
        x: left,
        y: top,
        columns: width,
        rows: height,
        cell,
        reach: { x: geo.pad, y: geo.pad },
        bold: (k) => k % 5 === 0,
        cursor: ui.showCursor && ui.cursor >= 0 ? cellBox(ui.cursor) : null,
        solved: ui.solved,
      });
    },
  };
}

/**
 * Grow the drag to cell `i`: the cells on the straight line from the start (locked to the
 * start's row or column) take the drag's target. Filling or marking touches only unknown
 * cells; erasing touches only cells like the first one. The whole drag is one move.
 * @param {Game} game
 * @param {number} i
 */
function extendDrag(game, i) {
  if (!drag) return;
  const w = game.board.width;
  const [r0, c0] = [Math.floor(drag.start / w), drag.start % w];
  let [r, c] = [Math.floor(i / w), i % w];
  if (drag.axis === null && i !== drag.start) {
    drag.axis = r === r0 ? "row" : c === c0 ? "col" : Math.abs(c - c0) >= Math.abs(r - r0) ? "row" : "col";
  }
  if (drag.axis === "row") r = r0;
  if (drag.axis === "col") c = c0;
  const edits = [];
  const steps = Math.max(Math.abs(r - r0), Math.abs(c - c0));
  for (let k = 0; k <= steps; k++) {
    const j = (r0 + Math.sign(r - r0) * k) * w + (c0 + Math.sign(c - c0) * k);
    const v = drag.before[j];
    const fits = drag.target === UNKNOWN ? v === drag.from : v === UNKNOWN || j === drag.start;
    if (fits) edits.push({ index: j, value: drag.target });
  }
  drag.move = game.play(edits, drag.move);
  game.ui.cursor = r * w + c;
}

/** Fill (or mark) cell i, or clear it when it already is. */
function toggle(/** @type {Game} */ game, /** @type {number} */ i, /** @type {number} */ kind) {
  game.play([{ index: i, value: game.board.cells[i] === kind ? UNKNOWN : kind }]);
}

/**
 * A clue line of an imported puzzle, checked: numbers (black and white) or, in colour, numbers
 * (colour 1) and blocks {n, color} with a colour of the palette; blocks of length 0 dropped.
 * @param {unknown} clue
 * @param {string} place
 * @param {number} colours the palette's size, 0 for black and white
 */
function clueOf(clue, place, colours) {
  if (!Array.isArray(clue))
    fail(place, `must be an array of ${colours ? "blocks" : "numbers"}, not ${JSON.stringify(clue)}`);
  return clue
    .map((item, j) => {
      const block = colours && typeof item === "object" && item !== null ? item : { n: item, color: 1 };
      if (!Number.isInteger(block.n) || block.n < 0) {
        const what = colours ? "a whole number ≥ 0 or a block {n, color}" : "a whole number ≥ 0";
        fail(`${place}[${j}]`, `must be ${what}, not ${JSON.stringify(item)}`);
      }
      if (!Number.isInteger(block.color) || block.color < 1 || block.color > colours) {
        if (colours)
          fail(
            `${place}[${j}].color`,
            `must be a colour of colors, 1 to ${colours}, not ${JSON.stringify(block.color)}`,
          );
      }
      return colours ? { n: block.n, color: block.color } : block.n;
    })
    .filter((b) => (typeof b === "number" ? b : b.n) > 0);
}

/**
 * Parse the clue editor's text: one line per row/column, numbers separated by spaces.
 * @param {string} text
 * @param {string} name "row" or "column", for the errors
 */
function parseClueText(text, name) {
  const lines = text.replace(/\s+$/, "").split("\n");
  if (lines.length === 1 && lines[0].trim() === "") {
    throw new Error(`No ${name}s: write one line of clues per ${name} of the grid`);
  }
  return lines.map((line, i) =>
    line
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((p) => {
        if (!/^\d+$/.test(p)) throw new Error(`${name} ${i + 1}: "${p}" is not a number`);
        return Number(p);
      })
      .filter((n) => n > 0),
  );
}

/**
 * The Import panel's clue editor: rows and columns typed line by line, loaded as a nonogram.
 * @type {NonNullable<import("./index.js").Genre["importEditor"]>}
 */
function importEditor({ load, fail }) {
  const editor = document.createElement("fieldset");
  editor.className = "clue-editor";
  editor.innerHTML = `<legend>Nonogram clues</legend>
    <p class="hint">One line per row (top to bottom) or column (left to right), numbers separated by spaces; <code>0</code> for an empty line.</p>
    <div class="clue-columns">
      <label>Rows<textarea id="clue-rows" rows="6" spellcheck="false" placeholder="1&#10;3&#10;1"></textarea></label>
      <label>Columns<textarea id="clue-cols" rows="6" spellcheck="false" placeholder="1&#10;3&#10;1"></textarea></label>
    </div>
    <p id="clue-error" class="error" role="alert" hidden></p>`;
  const text = (/** @type {string} */ id) => /** @type {HTMLTextAreaElement} */ (editor.querySelector(`#${id}`)).value;
  const loadClues = () => {
    let rows;
    let cols;
    try {
      rows = parseClueText(text("clue-rows"), "row");
      cols = parseClueText(text("clue-cols"), "column");
    } catch (e) {
      fail("clue-error", e.message);
      return;
    }
    load({ genre: nonogram.id, rows, cols }, "clue-error");
  };
  editor.querySelector(".clue-columns")?.after(button("Load clues", loadClues, { id: "clue-load" }));
  return editor;
}

/** @type {import("./index.js").Genre} */
export const nonogram = {
  id: "nonogram",
  name: "Nonogram",
  example: { genre: "nonogram", rows: [[1], [3], [1]], cols: [[1], [3], [1]] },
  generated: {
    sizes: [5, 10, 15, 20, 25, 30].map((n) => [`${n}×${n}`, { width: n, height: n }]),
    // 30×30: easy to hard within half a second in wasm; extreme 0.1–5 s, or over 10 s (Cancel).
    note: "Small nonograms reach only the lower levels; an extreme 30×30 can take ten seconds or more.",
    colours: {
      // Measured in wasm (bench/RESULTS.md, "Colour on the page"): 10–20 answer within about 4 s at
      // every level offered; 25×25 ran out of 10 s at hard and extreme, 5×5 in 3–4 colours rarely
      // reaches a level above easy.
      sizes: [10, 15, 20].map((n) => [`${n}×${n}`, { width: n, height: n }]),
      initial: 0,
      note: "Expert colour nonograms need a short trial; extreme ones need trial.",
    },
  },
  cellText(value, puzzle) {
    const color = colourOfCell(value);
    if (!color || !puzzle?.colors) return ["unknown", "filled", "marked empty"][value];
    return `colour ${color} (${puzzle.colors[color - 1]})`;
  },

  normalise(raw) {
    let colours = 0;
    /** @type {{ colors?: string[], background?: string }} */
    const palette = {};
    if (raw.colors !== undefined) {
      const { colors, background } = raw;
      if (!Array.isArray(colors) || colors.length === 0 || colors.length > MAX_COLOURS) {
        fail("colors", `must be an array of 1 to ${MAX_COLOURS} CSS colours, not ${JSON.stringify(colors)}`);
      }
      colors.forEach((c, i) => {
        if (typeof c !== "string" || !c.trim()) fail(`colors[${i}]`, `must be a CSS colour, not ${JSON.stringify(c)}`);
      });
      if (background !== undefined && (typeof background !== "string" || !background.trim())) {
        fail("background", `must be a CSS colour, not ${JSON.stringify(background)}`);
      }
      colours = colors.length;
      palette.colors = colors.slice();
      if (background !== undefined) palette.background = background;
    }
    const lines = (/** @type {"rows" | "cols"} */ name) => {
      const v = raw[name];
      if (!Array.isArray(v) || v.length === 0) {
        fail(name, "must be a non-empty array of clue lists, e.g. [[3], [1, 1], []]");
      }
      return v.map((clue, i) => clueOf(clue, `${name}[${i}]`, colours));
    };
    return { genre: "nonogram", ...palette, rows: lines("rows"), cols: lines("cols") };
  },

  size: (puzzle) => ({ height: puzzle.rows.length, width: puzzle.cols.length }),

  newBoard(puzzle) {
    const n = puzzle.rows.length * puzzle.cols.length;
    const highest = Math.max(CROSSED, cellOfColour(puzzle.colors?.length ?? 1));
    return new Board(puzzle.rows.length, puzzle.cols.length, new Array(n).fill(UNKNOWN), new Array(n).fill(false), {
      highest: puzzle.colors ? highest : undefined,
    });
  },

  playable: () => true,

  isSolved(puzzle, board) {
    const { width, height, cells } = board;
    return linesOf(puzzle).every((clue, k) => sameBlocks(lineBlocks(lineCells(cells, width, height, k)), clue));
  },

  solutionToCell,
  cellToSolution,
  playerBoard: (_puzzle, board) => rowsOf(board, (v) => (v === UNKNOWN ? null : cellToSolution(v))),
  // A step's `value` is a colour (0 the background). A colour step may instead `remove`
  // colours a cell cannot be: the board has no cell for "not red", so that cell stays as it is
  // (the overlay still shows the step's cells).
  changeEdit(_puzzle, board, change) {
    const index = change.row * board.width + change.col;
    return { index, value: "value" in change ? solutionToCell(change.value) : board.cells[index] };
  },

  view,

  controls(game, slots) {
    const puzzle = /** @type {Nonogram} */ (game.puzzle);
    keepTools(game);
    if (puzzle.colors) {
      const { bar, update } = palette(game, puzzle.colors);
      slots.under.append(bar);
      return { update };
    }
    const fill = button("■ Fill", () => choose(game, FILLED), {
      id: "tool-fill",
      className: "toggle",
      title: "Left click fills",
    });
    const cross = button("✕ Mark empty", () => choose(game, CROSSED), {
      id: "tool-cross",
      className: "toggle",
      title: "Right click marks empty",
    });
    slots.tools.append(fill, cross);
    return {
      update() {
        fill.setAttribute("aria-pressed", String(toolsOf(game).tool === FILLED));
        cross.setAttribute("aria-pressed", String(toolsOf(game).tool === CROSSED));
      },
    };
  },

  pointerDown(game, i, event) {
    // The left button (or touch, pen) uses the tool, the right button marks empty.
    const kind = event.button === 2 ? CROSSED : event.button === 0 ? toolsOf(game).tool : null;
    if (kind === null) return false;
    const from = game.board.cells[i];
    game.ui.cursor = i;
    game.ui.showCursor = false;
    const target = from === kind ? UNKNOWN : kind;
    drag = {
      pointer: event.pointerId,
      start: i,
      target,
      from,
      axis: null,
      move: null,
      before: game.board.cells.slice(),
      longPress: 0,
    };
    extendDrag(game, i);
    // A touch held still on its first cell marks it (and the drag that follows) empty.
    if (event.pointerType !== "mouse" && kind !== CROSSED) {
      const held = drag;
      held.longPress = window.setTimeout(() => {
        if (drag !== held || held.axis !== null) return;
        held.target = from === CROSSED ? UNKNOWN : CROSSED;
        extendDrag(game, held.start);
        navigator.vibrate?.(12);
      }, LONG_PRESS);
    }
    return true;
  },

  pointerMove: extendDrag,

  pointerUp() {
    if (drag) clearTimeout(drag.longPress);
    drag = null;
  },

  key(game, event) {
    const key = event.key;
    const colors = /** @type {Nonogram} */ (game.puzzle).colors;
    // A colour puzzle's palette: 1–9 choose a colour, 0 marking empty, [ and ] the previous
    // and next colour (the only keys for colours 10 and up).
    if (colors && /^[0-9]$/.test(key)) {
      const k = Number(key);
      if (k > colors.length) return false;
      choose(game, k === 0 ? CROSSED : cellOfColour(k));
      return true;
    }
    if (colors && (key === "[" || key === "]")) {
      stepColour(game, colors.length, key === "]" ? 1 : -1);
      return true;
    }
    const fills = key === " " || key === "Enter" || key === "f" || key === "F";
    const kind = fills ? toolsOf(game).paint : key === "x" || key === "X" || key === "." ? CROSSED : null;
    if (kind === null || game.ui.cursor < 0) return false;
    game.ui.showCursor = true;
    toggle(game, game.ui.cursor, kind);
    return true;
  },

  clear(game) {
    game.play([{ index: game.ui.cursor, value: UNKNOWN }]);
  },

  feedback(puzzle, board) {
    const { width, height, cells } = board;
    return {
      lines: linesOf(puzzle).map((clue, k) => lineStatus(clue, lineCells(cells, width, height, k))),
      conflicts: [],
    };
  },

  importEditor,

  help:
    "Left click, tap or drag fills · right click, long press or the ✕ tool marks empty · arrows + <kbd>Space</kbd>/<kbd>X</kbd> · " +
    "<kbd>Ctrl</kbd>+<kbd>Z</kbd> undo · in colour, the palette or <kbd>1</kbd>–<kbd>9</kbd> choose what a click paints, " +
    "<kbd>[</kbd> <kbd>]</kbd> the previous or next colour (colours 10 and up), <kbd>0</kbd> marking empty",
};
