// Canvas drawing every genre shares: a canvas sized for the device's pixel ratio, the
// palette, text, the grid's lines, frame and cursor, and the whole view of a board that is a
// plain grid of square cells (Kakuro and Str8ts: blocks drawn by the genre, white digit cells
// drawn here).
// A view caches its geometry for one cell size (Tatham's "drawstate"); painter.js draws it
// through a camera (zoom and pan, camera.js).

/** @typedef {import("./board.js").Board} Board */
/** @typedef {{ x: number, y: number, w: number, h: number }} Box */
/**
 * What a view reads of the page's UI state.
 * @typedef {object} Look
 * @property {number} cursor the selected cell, or -1
 * @property {boolean} showCursor whether the selection is drawn (keyboard or digit entry)
 * @property {Set<number>} wrong cells a check found wrong
 * @property {boolean} solved
 * @property {import("./genres/index.js").Feedback} feedback the clues' status (conflicts only when flagged)
 * @property {Overlay | null} [overlay] a hint's or an explained step's cells, drawn over the board
 */
/**
 * The cells a hint marks, as board indices: `lines` the cells of the lines a step reasoned
 * on (tinted faintly), `reasons` the cells it used, `changes` the cells it changes, `mistakes`
 * cells that are not right (outlined).
 * @typedef {{ lines: number[], reasons: number[], changes: number[], mistakes: number[] }} Overlay
 */
/**
 * A genre's picture of one puzzle on a canvas.
 * @typedef {object} View
 * @property {(availWidth: number, availHeight: number) => number} fit the cell side (fractional, CSS
 *   pixels) at which the whole picture fits the space available
 * @property {{ min: number, max: number }} cells the range of cell sides the view reads well at (the
 *   page opens a puzzle at the size that fits, kept in this range; camera.js)
 * @property {(cell: number, room: { width: number, height: number }) => import("./camera.js").Layout} layoutAt
 *   lay the picture out with cells of this side, for a canvas of at most `room`; returns its size and its
 *   sticky bands' (the parts that stay at the edge when panned)
 * @property {(x: number, y: number) => number} hit the cell under (x, y) in CSS pixels, or -1
 * @property {(i: number) => Box} cellBox where cell i is drawn
 * @property {(ctx: CanvasRenderingContext2D, board: Board, look: Look, visible?: Box) => void} draw draw the
 *   picture; with `visible` (view coordinates: what will be seen), what lies outside it may be left out
 */

/** The light palette (on the page's light paper). */
const LIGHT = {
  paper: "#fbfaf6",
  cell: "#ffffff",
  ink: "#1d2330",
  inkSoft: "#5b6272",
  faint: "#b9bdc6",
  grid: "#c9ccd3",
  gridBold: "#4a5060",
  filled: "#1f2533",
  cross: "#8a91a1",
  clueBand: "#eeeae0",
  clueBandAlt: "#e6e1d4",
  clueDone: "#b4b7bf",
  highlight: "#fff1b8",
  lineHighlight: "#fdf6d8",
  hintLine: "rgba(47, 111, 222, 0.10)",
  hintReason: "rgba(47, 111, 222, 0.30)",
  hintChange: "rgba(46, 157, 91, 0.38)",
  hintChangeEdge: "#1f7a45",
  hintReasonEdge: "#2f6fde",
  cursor: "#2f6fde",
  player: "#2350b8",
  digitCell: "#fbfaf6",
  digitRelated: "#fdf6d8",
  digitSelected: "#fff1b8",
  wrong: "#b83030",
  wrongBg: "#fbe0de",
  solved: "#2e9d5b",
  block: "#39404d",
  blockLine: "#6c7484",
  blockText: "#ffffff",
  blockDone: "#8d95a5",
  blockConflict: "#ff9b93",
  black: "#15181e",
};

/** The dark palette: light ink on dark paper; filled nonogram cells are light. */
const DARK = {
  paper: "#252a34",
  cell: "#20252e",
  ink: "#e7eaf0",
  inkSoft: "#a3aab8",
  faint: "#5a6070",
  grid: "#3a404c",
  gridBold: "#8c95a8",
  filled: "#cfd6e4",
  cross: "#7d8596",
  clueBand: "#242a35",
  clueBandAlt: "#2c3341",
  clueDone: "#606879",
  highlight: "#4d4420",
  lineHighlight: "#2c2b24",
  hintLine: "rgba(111, 157, 255, 0.12)",
  hintReason: "rgba(111, 157, 255, 0.34)",
  hintChange: "rgba(76, 194, 126, 0.40)",
  hintChangeEdge: "#7ee0a6",
  hintReasonEdge: "#a8c4ff",
  cursor: "#6f9dff",
  player: "#d6e4ff",
  // Digit cells (Kakuro, Str8ts) lighter than the dark paper: ≥ 3:1 against the blocks.
  digitCell: "#5a6172",
  digitRelated: "#5d6558",
  digitSelected: "#6a6540",
  wrong: "#ff7070",
  wrongBg: "#4a2323",
  solved: "#4cc27e",
  block: "#08090c",
  blockLine: "#454b57",
  blockText: "#e7eaf0",
  blockDone: "#6a7282",
  blockConflict: "#ff8a80",
  black: "#050608",
};

/**
 * The canvas palette in use (the views read it at every draw): LIGHT or DARK, by setPalette.
 * Clue text (ink on the clue bands, block text on blocks, wrong on wrongBg) and digits on
 * digit cells have a contrast of at least 4.5:1 (WCAG AA) in both; digit cells against blocks,
 * and a hint's outlines against the cells, at least 3:1 (non-text contrast). The e2e tests check it.
 */
export const COLORS = { ...LIGHT };

/** Switch the canvas palette (the caller redraws). */
export function setPalette(/** @type {boolean} */ dark) {
  Object.assign(COLORS, dark ? DARK : LIGHT);
}

const FONT = '"Inter", "Segoe UI", system-ui, -apple-system, sans-serif';

/**
 * Size `canvas` to `width` × `height` CSS pixels with a backing store of the device's pixel
 * ratio, and return its 2D context scaled so that drawing uses CSS pixels: crisp on HiDPI.
 * @param {HTMLCanvasElement} canvas
 * @param {number} width
 * @param {number} height
 */
export function prepareCanvas(canvas, width, height) {
  const ratio = window.devicePixelRatio || 1;
  const w = Math.round(width * ratio);
  const h = Math.round(height * ratio);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}

/**
 * Draw text centred at (x, y).
 * @param {CanvasRenderingContext2D} ctx
 * @param {string | number} text
 * @param {number} x
 * @param {number} y
 * @param {number} size font size in CSS pixels
 * @param {string} color
 * @param {string} [weight]
 */
export function centredText(ctx, text, x, y, size, color, weight = "600") {
  ctx.fillStyle = color;
  ctx.font = `${weight} ${size}px ${FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(text), x, y + size * 0.04);
}

/**
 * The lines (rows or columns) of a grid starting at `origin` with cells of side `cell` that
 * meet the span [from, from + length): the first and the last, within 0..count - 1.
 */
export function inSight(
  /** @type {number} */ from,
  /** @type {number} */ length,
  /** @type {number} */ origin,
  /** @type {number} */ cell,
  /** @type {number} */ count,
) {
  return [
    Math.max(0, Math.floor((from - origin) / cell)),
    Math.min(count - 1, Math.floor((from + length - origin) / cell)),
  ];
}

/**
 * The lines over a grid's drawn cells: the inner lines, thin or, where `bold(k)` says (k the
 * line's index), bold, reaching back to `reach` (a nonogram's run through its clue bands);
 * the frame, green once solved; the selected cell's outline (keyboard focus).
 * @param {CanvasRenderingContext2D} ctx
 * @param {object} grid
 * @param {number} grid.x left edge
 * @param {number} grid.y top edge
 * @param {number} grid.columns
 * @param {number} grid.rows
 * @param {number} grid.cell the side of a cell
 * @param {{ x: number, y: number }} [grid.reach] where the inner lines start (default: the grid's corner)
 * @param {(k: number) => boolean} [grid.bold]
 * @param {Box | null} grid.cursor the selected cell's box, when it is shown
 * @param {boolean} grid.solved
 */
export function drawGrid(ctx, { x, y, columns, rows, cell, reach = { x, y }, bold = () => false, cursor, solved }) {
  for (const heavy of [false, true]) {
    ctx.strokeStyle = heavy ? COLORS.gridBold : COLORS.grid;
    ctx.lineWidth = heavy ? 1.5 : 1;
    ctx.beginPath();
    for (let c = 1; c < columns; c++) {
      if (bold(c) !== heavy) continue;
      ctx.moveTo(x + c * cell + 0.5, reach.y);
      ctx.lineTo(x + c * cell + 0.5, y + rows * cell);
    }
    for (let r = 1; r < rows; r++) {
      if (bold(r) !== heavy) continue;
      ctx.moveTo(reach.x, y + r * cell + 0.5);
      ctx.lineTo(x + columns * cell, y + r * cell + 0.5);
    }
    ctx.stroke();
  }
  ctx.strokeStyle = solved ? COLORS.solved : COLORS.gridBold;
  ctx.lineWidth = solved ? 3 : 2;
  ctx.strokeRect(x, y, columns * cell, rows * cell);
  if (!cursor) return;
  ctx.strokeStyle = COLORS.cursor;
  ctx.lineWidth = 2.5;
  ctx.strokeRect(cursor.x + 1.25, cursor.y + 1.25, cursor.w - 2.5, cursor.h - 2.5);
}

/**
 * Draw a white digit cell at (x, y) of side `s`: background (selection, wrong), then the
 * given or written digit, or else the pencil marks in a 3×3 layout.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} s
 * @param {{ value: number, marks: number, given: boolean, selected: boolean, related: boolean, wrong: boolean,
 *   conflict: boolean }} look
 */
function drawDigitCell(ctx, x, y, s, look) {
  let bg = COLORS.digitCell;
  if (look.related) bg = COLORS.digitRelated;
  if (look.selected) bg = COLORS.digitSelected;
  if (look.wrong) bg = COLORS.wrongBg; // the cursor's outline still shows the selection
  ctx.fillStyle = bg;
  ctx.fillRect(x, y, s, s);
  if (look.value) {
    const color = look.wrong || look.conflict ? COLORS.wrong : look.given ? COLORS.ink : COLORS.player;
    centredText(ctx, look.value, x + s / 2, y + s / 2, Math.round(s * 0.58), color, look.given ? "700" : "500");
  } else if (look.marks) {
    const m = s / 3;
    const size = Math.max(7, Math.round(s * 0.24));
    for (let d = 1; d <= 9; d++) {
      if (!(look.marks & (1 << d))) continue;
      const col = (d - 1) % 3;
      const row = Math.floor((d - 1) / 3);
      centredText(ctx, d, x + m * (col + 0.5), y + m * (row + 0.5), size, COLORS.inkSoft, "500");
    }
  }
}

/**
 * The view of a board of square cells, white digit cells and blocks (Kakuro, Str8ts): the
 * white cells (digit, pencil marks, selection and the cells related to it, wrong ones) and
 * the grid lines are drawn here, the blocks by the genre.
 * @param {object} spec
 * @param {number} spec.width columns
 * @param {number} spec.height rows
 * @param {{ cell: number, min: number, max: number }} spec.cellSize the first, smallest and largest cell side
 * @param {(i: number) => boolean} spec.isWhite is cell i a white (digit) cell?
 * @param {(ctx: CanvasRenderingContext2D, x: number, y: number, side: number, i: number, look: Look) => void} spec.drawBlock
 * @param {(cursor: number) => Set<number>} spec.related the cells tinted along with the selected one
 * @param {(ctx: CanvasRenderingContext2D, look: Look, cellBox: (i: number) => Box, board: Board) => void} [spec.decorate]
 *   drawn over the finished grid (Str8ts: the compartments' status)
 * @returns {View}
 */
export function squareGridView({ width, height, cellSize, isWhite, drawBlock, related, decorate }) {
  const pad = 6;
  let s = cellSize.cell;
  /** @type {(i: number) => Box} */
  const cellBox = (i) => ({ x: pad + (i % width) * s, y: pad + Math.floor(i / width) * s, w: s, h: s });
  return {
    fit: (availWidth, availHeight) => Math.min((availWidth - 2 * pad) / width, (availHeight - 2 * pad) / height),
    cells: { min: cellSize.min, max: cellSize.max },
    layoutAt(cell) {
      s = cell; // no sticky bands: the room does not matter
      return { width: width * s + 2 * pad, height: height * s + 2 * pad, left: 0, top: 0 };
    },
    hit(x, y) {
      const c = Math.floor((x - pad) / s);
      const r = Math.floor((y - pad) / s);
      return r >= 0 && r < height && c >= 0 && c < width ? r * width + c : -1;
    },
    cellBox,
    draw(ctx, board, look, visible) {
      const [r0, r1] = visible ? inSight(visible.y, visible.h, pad, s, height) : [0, height - 1];
      const [c0, c1] = visible ? inSight(visible.x, visible.w, pad, s, width) : [0, width - 1];
      ctx.fillStyle = COLORS.paper;
      ctx.fillRect(0, 0, width * s + 2 * pad, height * s + 2 * pad);
      const tinted = look.showCursor && look.cursor >= 0 ? related(look.cursor) : new Set();
      const conflicts = new Set(look.feedback.conflicts);
      for (let i = 0; i < width * height; i++) {
        const [r, c] = [Math.floor(i / width), i % width];
        if (r < r0 || r > r1 || c < c0 || c > c1) continue;
        const { x, y } = cellBox(i);
        if (!isWhite(i)) {
          drawBlock(ctx, x, y, s, i, look);
          continue;
        }
        drawDigitCell(ctx, x, y, s, {
          value: board.cells[i],
          marks: board.marks[i],
          given: board.fixed[i],
          selected: look.showCursor && look.cursor === i,
          related: tinted.has(i),
          wrong: look.wrong.has(i),
          conflict: conflicts.has(i),
        });
      }
      const cursor = look.showCursor && look.cursor >= 0 ? cellBox(look.cursor) : null;
      drawGrid(ctx, { x: pad, y: pad, columns: width, rows: height, cell: s, cursor, solved: look.solved });
      decorate?.(ctx, look, cellBox, board);
    },
  };
}

/**
 * Draw a hint's overlay over a finished board, through the view's own cell boxes (so it is the
 * same for every genre): line cells faintly, reason cells in blue, changed cells in green with
 * an edge, mistaken cells outlined in red.
 * @param {CanvasRenderingContext2D} ctx
 * @param {(i: number) => Box} cellBox
 * @param {Overlay} overlay
 */
export function drawOverlay(ctx, cellBox, overlay) {
  const fill = (/** @type {number[]} */ cells, /** @type {string} */ color) => {
    ctx.fillStyle = color;
    for (const i of cells) {
      const b = cellBox(i);
      ctx.fillRect(b.x, b.y, b.w, b.h);
    }
  };
  const outline = (/** @type {number[]} */ cells, /** @type {string} */ color, /** @type {number} */ width) => {
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    for (const i of cells) {
      const b = cellBox(i);
      ctx.strokeRect(b.x + width / 2, b.y + width / 2, b.w - width, b.h - width);
    }
  };
  fill(overlay.lines, COLORS.hintLine);
  fill(overlay.reasons, COLORS.hintReason);
  outline(overlay.reasons, COLORS.hintReasonEdge, 2);
  fill(overlay.changes, COLORS.hintChange);
  outline(overlay.changes, COLORS.hintChangeEdge, 2);
  outline(overlay.mistakes, COLORS.wrong, 3);
}

/**
 * The cells of a solver's step (a hint's, an explanation's) as an overlay of board indices.
 * @param {import("../api.js").Step} step
 * @param {number} width
 * @param {number} height
 * @returns {Overlay}
 */
export function stepOverlay(step, width, height) {
  const lines = (step.lines ?? []).flatMap(({ axis, index }) =>
    axis === "row"
      ? Array.from({ length: width }, (_, c) => index * width + c)
      : Array.from({ length: height }, (_, r) => r * width + index),
  );
  return {
    lines,
    reasons: step.reasons.map(([r, c]) => r * width + c),
    changes: step.changes.map(({ row, col }) => row * width + col),
    mistakes: [],
  };
}
