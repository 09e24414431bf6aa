// Drawing helpers every renderer shares: a canvas sized for the device's pixel ratio, the
// palette, and the way a digit cell (Kakuro and Str8ts white cells) is drawn.

export const COLORS = {
  paper: "#fbfaf6",
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
  cursor: "#2f6fde",
  player: "#2350b8",
  wrong: "#d23c3c",
  wrongBg: "#fbe0de",
  solved: "#2e9d5b",
  block: "#39404d",
  blockLine: "#6c7484",
  black: "#15181e",
};

export const FONT = '"Inter", "Segoe UI", system-ui, -apple-system, sans-serif';

/**
 * Size `canvas` to `width` × `height` CSS pixels with a backing store of the device's pixel
 * ratio, and return its 2D context scaled so that drawing uses CSS pixels: crisp on HiDPI.
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
  const ctx = canvas.getContext("2d");
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}

/** Draw text centred at (x, y). */
export function centredText(ctx, text, x, y, size, color, weight = "600") {
  ctx.fillStyle = color;
  ctx.font = `${weight} ${size}px ${FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(text), x, y + size * 0.04);
}

/**
 * Draw a white digit cell at (x, y) of side `s`: background (selection, wrong), then the
 * given or written digit, or else the pencil marks in a 3×3 layout.
 * `look` = {value, marks, given, selected, related, wrong}.
 */
export function drawDigitCell(ctx, x, y, s, look) {
  let bg = COLORS.paper;
  if (look.related) bg = COLORS.lineHighlight;
  if (look.selected) bg = COLORS.highlight;
  if (look.wrong) bg = COLORS.wrongBg; // the cursor's outline still shows the selection
  ctx.fillStyle = bg;
  ctx.fillRect(x, y, s, s);
  if (look.value) {
    const color = look.wrong ? COLORS.wrong : look.given ? COLORS.ink : COLORS.player;
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

/** A thick outline of the selected cell (keyboard focus). */
export function drawCursor(ctx, x, y, w, h) {
  ctx.strokeStyle = COLORS.cursor;
  ctx.lineWidth = 2.5;
  ctx.strokeRect(x + 1.25, y + 1.25, w - 2.5, h - 2.5);
}

/** Clamp a cell size between bounds. */
export const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

/**
 * The geometry of a board that is a plain grid of square cells (Kakuro, Str8ts): `geo` holds
 * the cell size and padding; `layout`, `hit`, `cellBox`, `background` and `overlay` are the
 * view's pieces built on it.
 */
export function squareCells(width, height, { cell, min, max, pad = 6 }) {
  const geo = { cell, pad };
  return {
    geo,
    layout(availWidth, availHeight) {
      geo.cell = Math.floor(
        clamp(Math.min((availWidth - 2 * pad) / width, (availHeight - 2 * pad) / height), min, max),
      );
      return { width: width * geo.cell + 2 * pad, height: height * geo.cell + 2 * pad };
    },
    hit(x, y) {
      const c = Math.floor((x - pad) / geo.cell);
      const r = Math.floor((y - pad) / geo.cell);
      return r >= 0 && r < height && c >= 0 && c < width ? r * width + c : -1;
    },
    cellBox(i) {
      return { x: pad + (i % width) * geo.cell, y: pad + Math.floor(i / width) * geo.cell, w: geo.cell, h: geo.cell };
    },
    /** Paint the paper under the whole board. */
    background(ctx) {
      ctx.fillStyle = COLORS.paper;
      ctx.fillRect(0, 0, width * geo.cell + 2 * pad, height * geo.cell + 2 * pad);
    },
    /** Over the drawn cells: the grid lines, the frame (green once solved) and the cursor. */
    overlay(ctx, ui) {
      const s = geo.cell;
      ctx.strokeStyle = COLORS.grid;
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let c = 1; c < width; c++) {
        ctx.moveTo(pad + c * s + 0.5, pad);
        ctx.lineTo(pad + c * s + 0.5, pad + height * s);
      }
      for (let r = 1; r < height; r++) {
        ctx.moveTo(pad, pad + r * s + 0.5);
        ctx.lineTo(pad + width * s, pad + r * s + 0.5);
      }
      ctx.stroke();
      ctx.strokeStyle = ui.solved ? COLORS.solved : COLORS.gridBold;
      ctx.lineWidth = ui.solved ? 3 : 2;
      ctx.strokeRect(pad, pad, width * s, height * s);
      if (ui.showCursor && ui.cursor >= 0)
        drawCursor(ctx, pad + (ui.cursor % width) * s, pad + Math.floor(ui.cursor / width) * s, s, s);
    },
  };
}
