// Nonogram on the page: clue numbers left of the rows and above the columns (greyed when the
// player has placed them), the grid with a bold line every five cells, filled cells and
// crosses; a click, tap or drag along a line fills (or, with the right button, a long press
// or the ✕ tool, marks empty), the keyboard fills and marks at the cursor. A line whose
// cells can no longer match its clue has its clue in red (Genre#feedback).

import { Board, CROSSED, FILLED, UNKNOWN } from "../board.js";
import { lineClue, matchesClues } from "../clues.js";
import { button } from "../dom.js";
import { COLORS, centredText, drawGrid, inSight } from "../draw.js";
import { fail, rowsOf } from "./shape.js";

/** @typedef {import("./index.js").Game} Game */
/** @typedef {{ genre: "nonogram", rows: number[][], cols: number[][] }} Nonogram */

const isFilled = (/** @type {number} */ v) => v === FILLED;

/** What a primary click or touch does: FILLED or CROSSED (the right button always marks empty). */
let tool = FILLED;
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

/**
 * Which clue numbers of a line the player has certainly placed: all of them when the filled
 * runs equal the clue; otherwise the runs closed off from either end (by the border or a
 * crossed cell, with no unknown cell before them) that match the clue in order.
 * @param {number[]} clue
 * @param {number[]} line the line's cells
 */
function satisfiedClues(clue, line) {
  const done = new Array(clue.length).fill(false);
  const runs = lineClue(line, isFilled);
  if (runs.length === clue.length && runs.every((n, i) => n === clue[i])) return done.fill(true);
  const sweep = (/** @type {number[]} */ cells, /** @type {number[]} */ clueOrder) => {
    let k = 0;
    let n = 0;
    for (const v of cells) {
      if (v === FILLED) n++;
      else if (v === CROSSED) {
        if (n) {
          if (k >= clueOrder.length || clue[clueOrder[k]] !== n) return;
          done[clueOrder[k++]] = true;
          n = 0;
        }
      } else return;
    }
  };
  const order = clue.map((_, i) => i);
  sweep(line, order);
  sweep(line.slice().reverse(), order.slice().reverse());
  return done;
}

/**
 * Can the line still be completed to match its clue? A dynamic programme over (cell, clue
 * number): from cell i with blocks j.. left, either cell i stays empty (unless filled) or
 * block j starts there (no crossed cell under it, no filled cell right after it). O(n·k).
 * @param {number[]} clue
 * @param {number[]} line the line's cells (UNKNOWN, FILLED, CROSSED)
 */
export function lineFits(clue, line) {
  const n = line.length;
  const k = clue.length;
  // crossedBefore[i]: crossed cells among the first i, to test a block's span in O(1).
  const crossedBefore = [0];
  for (const v of line) crossedBefore.push(crossedBefore[crossedBefore.length - 1] + (v === CROSSED ? 1 : 0));
  // fits[j][i]: cells i.. can hold blocks j.. (i up to n + 1: past a block's closing gap).
  const fits = Array.from({ length: k + 1 }, () => new Array(n + 2).fill(false));
  for (let i = n + 1; i >= 0; i--) {
    for (let j = k; j >= 0; j--) {
      if (i >= n) {
        fits[j][i] = j === k;
        continue;
      }
      let ok = line[i] !== FILLED && fits[j][i + 1];
      const len = clue[j];
      if (!ok && j < k && i + len <= n && crossedBefore[i + len] === crossedBefore[i]) {
        ok = (i + len === n || line[i + len] !== FILLED) && fits[j + 1][i + len + 1];
      }
      fits[j][i] = ok;
    }
  }
  return fits[0][0];
}

/**
 * The status of one line: "done" when its filled runs are its clue, "conflict" when it can
 * no longer be completed to match it, "" otherwise.
 * @param {number[]} clue
 * @param {number[]} line
 * @returns {"done" | "conflict" | ""}
 */
function lineStatus(clue, line) {
  const runs = lineClue(line, isFilled);
  if (runs.length === clue.length && runs.every((n, i) => n === clue[i])) return "done";
  return lineFits(clue, line) ? "" : "conflict";
}

/**
 * The view: clue bands and numbers, cells, grid lines.
 * @param {Nonogram} puzzle
 * @returns {import("../draw.js").View}
 */
function view(puzzle) {
  const height = puzzle.rows.length;
  const width = puzzle.cols.length;
  const rowClueSlots = Math.max(1, ...puzzle.rows.map((c) => c.length));
  const colClueSlots = Math.max(1, ...puzzle.cols.map((c) => c.length));
  const wide = [...puzzle.rows, ...puzzle.cols].some((clue) => clue.some((n) => n > 9));
  const slotRatio = wide ? 0.85 : 0.72;
  const geo = { cell: 20, slot: 14, left: 0, top: 0, pad: 6 };
  /** @type {(i: number) => import("../draw.js").Box} */
  const cellBox = (i) => ({
    x: geo.left + (i % width) * geo.cell,
    y: geo.top + Math.floor(i / width) * geo.cell,
    w: geo.cell,
    h: geo.cell,
  });

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
      // Clue numbers: the k-th of a line's n numbers sits n - k - 0.5 slots before the grid.
      const fontSize = Math.round(Math.min(cell, slot) * (wide ? 0.7 : 0.62));
      const clueNumbers = (
        /** @type {number[]} */ clue,
        /** @type {number[]} */ line,
        /** @type {(before: number) => [number, number]} */ at,
        /** @type {string} */ status,
      ) => {
        const done = satisfiedClues(clue, line);
        if (clue.length === 0) centredText(ctx, 0, ...at(slot / 2), fontSize, COLORS.clueDone, "600");
        clue.forEach((n, k) => {
          const color = status === "conflict" ? COLORS.wrong : done[k] ? COLORS.clueDone : COLORS.ink;
          centredText(ctx, n, ...at((clue.length - k - 0.5) * slot), n > 9 ? fontSize * 0.88 : fontSize, color, "600");
        });
      };
      for (let r = r0; r <= r1; r++) {
        const y = top + (r + 0.5) * cell;
        clueNumbers(puzzle.rows[r], cells.slice(r * width, (r + 1) * width), (before) => [left - before, y], lines[r]);
      }
      for (let c = c0; c <= c1; c++) {
        const x = left + (c + 0.5) * cell;
        const line = Array.from({ length: height }, (_, r) => cells[r * width + c]);
        clueNumbers(puzzle.cols[c], line, (before) => [x, top - before], lines[height + c]);
      }

      // Cells.
      ctx.fillStyle = COLORS.cell;
      ctx.fillRect(left, top, gridW, gridH);
      if (ui.showCursor && curR >= 0) {
        ctx.fillStyle = COLORS.lineHighlight;
        ctx.fillRect(left, top + curR * cell, gridW, cell);
        ctx.fillRect(left + curC * cell, top, cell, gridH);
      }
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
        if (cells[i] === FILLED) {
          ctx.fillStyle = wrong ? COLORS.wrong : ui.solved ? COLORS.ink : COLORS.filled;
          const inset = cell > 14 ? 1 : 0.5;
          ctx.fillRect(x + inset, y + inset, cell - 2 * inset, cell - 2 * inset);
        } else if (cells[i] === CROSSED && !ui.solved) {
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

/** @type {import("./index.js").Genre} */
export const nonogram = {
  id: "nonogram",
  name: "Nonogram",
  cellText: (value) => ["unknown", "filled", "marked empty"][value],

  normalise(raw) {
    if (raw.colors !== undefined) {
      fail("colors", "this page plays black-and-white nonograms only (the library solves colour ones)");
    }
    const lines = (/** @type {"rows" | "cols"} */ name) => {
      const v = raw[name];
      if (!Array.isArray(v) || v.length === 0) {
        fail(name, "must be a non-empty array of clue lists, e.g. [[3], [1, 1], []]");
      }
      return v.map((clue, i) => {
        if (!Array.isArray(clue)) fail(`${name}[${i}]`, `must be an array of numbers, not ${JSON.stringify(clue)}`);
        clue.forEach((n, j) => {
          if (!Number.isInteger(n) || n < 0) {
            fail(`${name}[${i}][${j}]`, `must be a whole number ≥ 0, not ${JSON.stringify(n)}`);
          }
        });
        return clue.filter((n) => n > 0);
      });
    };
    return { genre: "nonogram", rows: lines("rows"), cols: lines("cols") };
  },

  size: (puzzle) => ({ height: puzzle.rows.length, width: puzzle.cols.length }),

  newBoard(puzzle) {
    const n = puzzle.rows.length * puzzle.cols.length;
    return new Board(puzzle.rows.length, puzzle.cols.length, new Array(n).fill(UNKNOWN), new Array(n).fill(false));
  },

  playable: () => true,

  isSolved: (puzzle, board) =>
    matchesClues(
      board.toSolution((v) => v),
      puzzle,
      isFilled,
    ),

  solutionToCell: (v) => (v === 1 ? FILLED : CROSSED),
  cellToSolution: (v) => (v === FILLED ? 1 : 0),
  playerBoard: (_puzzle, board) => rowsOf(board, (v) => (v === UNKNOWN ? null : v === FILLED ? 1 : 0)),
  changeEdit: (_puzzle, board, change) => ({
    index: change.row * board.width + change.col,
    value: "value" in change && change.value === 1 ? FILLED : CROSSED,
  }),

  view,

  controls(game, slots) {
    const pick = (/** @type {number} */ kind) => () => {
      tool = kind;
      game.refresh();
    };
    const fill = button("■ Fill", pick(FILLED), { id: "tool-fill", className: "toggle", title: "Left click fills" });
    const cross = button("✕ Mark empty", pick(CROSSED), {
      id: "tool-cross",
      className: "toggle",
      title: "Right click marks empty",
    });
    slots.tools.append(fill, cross);
    return {
      update() {
        fill.setAttribute("aria-pressed", String(tool === FILLED));
        cross.setAttribute("aria-pressed", String(tool === CROSSED));
      },
    };
  },

  pointerDown(game, i, event) {
    // The left button (or touch, pen) uses the tool, the right button marks empty.
    const kind = event.button === 2 ? CROSSED : event.button === 0 ? tool : null;
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
    if (event.pointerType !== "mouse" && kind === FILLED) {
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
    const fills = key === " " || key === "Enter" || key === "f" || key === "F";
    const kind = fills ? FILLED : key === "x" || key === "X" || key === "." ? CROSSED : null;
    if (kind === null || game.ui.cursor < 0) return false;
    game.ui.showCursor = true;
    toggle(game, game.ui.cursor, kind);
    return true;
  },

  clear(game) {
    game.play([{ index: game.ui.cursor, value: UNKNOWN }]);
  },

  feedback(puzzle, board) {
    const { width, cells } = board;
    const rows = puzzle.rows.map((/** @type {number[]} */ clue, /** @type {number} */ r) =>
      lineStatus(clue, cells.slice(r * width, (r + 1) * width)),
    );
    const cols = puzzle.cols.map((/** @type {number[]} */ clue, /** @type {number} */ c) =>
      lineStatus(
        clue,
        puzzle.rows.map((/** @type {unknown} */ _, /** @type {number} */ r) => cells[r * width + c]),
      ),
    );
    return { lines: [...rows, ...cols], conflicts: [] };
  },

  help:
    "Left click, tap or drag fills · right click, long press or the ✕ tool marks empty · arrows + <kbd>Space</kbd>/<kbd>X</kbd> · " +
    "<kbd>Ctrl</kbd>+<kbd>Z</kbd> undo",
};
