// Nonogram on a canvas: clue numbers left of the rows and above the columns (greyed when
// the player has placed them), the grid with a bold line every five cells, filled cells
// and crosses. The view caches its geometry for one canvas size (the "drawstate").

import { COLORS, FONT, clamp, centredText, drawCursor } from "./common.js";
import { FILLED, CROSSED } from "../board.js";
import { satisfiedClues } from "../genres.js";

export function nonogramView(puzzle) {
  const height = puzzle.rows.length;
  const width = puzzle.cols.length;
  const rowClueSlots = Math.max(1, ...puzzle.rows.map((c) => c.length));
  const colClueSlots = Math.max(1, ...puzzle.cols.map((c) => c.length));
  const wide = [...puzzle.rows, ...puzzle.cols].some((clue) => clue.some((n) => n > 9));
  const geo = { cell: 20, left: 0, top: 0, pad: 6 };

  return {
    /** Choose the cell size for the space available; returns the canvas size. */
    layout(availWidth, availHeight) {
      // Clue slots are a little narrower than cells: numbers need less room than squares
      // (unless some have two digits). Below 13 px numbers become unreadable: the board
      // then scrolls instead.
      const slot = wide ? 0.85 : 0.72;
      const unitsW = width + rowClueSlots * slot;
      const unitsH = height + colClueSlots * slot;
      const cell = Math.floor(
        clamp(Math.min((availWidth - 2 * geo.pad) / unitsW, (availHeight - 2 * geo.pad) / unitsH), 13, 40),
      );
      geo.cell = cell;
      geo.slot = Math.round(cell * slot);
      geo.left = geo.pad + rowClueSlots * geo.slot;
      geo.top = geo.pad + colClueSlots * geo.slot;
      return { width: geo.left + width * cell + geo.pad, height: geo.top + height * cell + geo.pad };
    },

    /** The cell index under (x, y) in CSS pixels, or -1. */
    hit(x, y) {
      const c = Math.floor((x - geo.left) / geo.cell);
      const r = Math.floor((y - geo.top) / geo.cell);
      return r >= 0 && r < height && c >= 0 && c < width ? r * width + c : -1;
    },

    cellBox(i) {
      const r = Math.floor(i / width);
      const c = i % width;
      return { x: geo.left + c * geo.cell, y: geo.top + r * geo.cell, w: geo.cell, h: geo.cell };
    },

    /** Draw `board` with the UI state `ui` = {cursor, showCursor, wrong: Set, solved}. */
    draw(ctx, board, ui) {
      const { cell, slot, left, top } = geo;
      const cells = board.cells;
      const gridW = width * cell;
      const gridH = height * cell;
      ctx.fillStyle = COLORS.paper;
      ctx.fillRect(0, 0, left + gridW + geo.pad, top + gridH + geo.pad);
      const curR = ui.cursor >= 0 ? Math.floor(ui.cursor / width) : -1;
      const curC = ui.cursor >= 0 ? ui.cursor % width : -1;

      // Clue bands, alternating by groups of five, the cursor's lines highlighted.
      for (let r = 0; r < height; r++) {
        ctx.fillStyle =
          r === curR && ui.showCursor ? COLORS.highlight : Math.floor(r / 5) % 2 ? COLORS.clueBandAlt : COLORS.clueBand;
        ctx.fillRect(geo.pad, top + r * cell, left - geo.pad, cell);
      }
      for (let c = 0; c < width; c++) {
        ctx.fillStyle =
          c === curC && ui.showCursor ? COLORS.highlight : Math.floor(c / 5) % 2 ? COLORS.clueBandAlt : COLORS.clueBand;
        ctx.fillRect(left + c * cell, geo.pad, cell, top - geo.pad);
      }
      const fontSize = Math.round(Math.min(cell, slot) * (wide ? 0.7 : 0.62));
      const clueColor = (done) => (done ? COLORS.clueDone : COLORS.ink);
      for (let r = 0; r < height; r++) {
        const clue = puzzle.rows[r];
        const done = satisfiedClues(clue, cells.slice(r * width, (r + 1) * width));
        const y = top + (r + 0.5) * cell;
        if (clue.length === 0) centredText(ctx, 0, left - slot / 2, y, fontSize, COLORS.clueDone, "600");
        clue.forEach((n, k) =>
          centredText(
            ctx,
            n,
            left - (clue.length - k - 0.5) * slot,
            y,
            n > 9 ? fontSize * 0.88 : fontSize,
            clueColor(done[k]),
            "600",
          ),
        );
      }
      for (let c = 0; c < width; c++) {
        const clue = puzzle.cols[c];
        const line = Array.from({ length: height }, (_, r) => cells[r * width + c]);
        const done = satisfiedClues(clue, line);
        const x = left + (c + 0.5) * cell;
        if (clue.length === 0) centredText(ctx, 0, x, top - slot / 2, fontSize, COLORS.clueDone, "600");
        clue.forEach((n, k) =>
          centredText(
            ctx,
            n,
            x,
            top - (clue.length - k - 0.5) * slot,
            n > 9 ? fontSize * 0.88 : fontSize,
            clueColor(done[k]),
            "600",
          ),
        );
      }

      // Cells.
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(left, top, gridW, gridH);
      if (ui.showCursor && curR >= 0) {
        ctx.fillStyle = COLORS.lineHighlight;
        ctx.fillRect(left, top + curR * cell, gridW, cell);
        ctx.fillRect(left + curC * cell, top, cell, gridH);
      }
      for (let i = 0; i < cells.length; i++) {
        const x = left + (i % width) * cell;
        const y = top + Math.floor(i / width) * cell;
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

      // Grid lines: thin, bold every five, the frame boldest.
      const line = (x1, y1, x2, y2) => {
        ctx.beginPath();
        ctx.moveTo(x1, y1);
        ctx.lineTo(x2, y2);
        ctx.stroke();
      };
      for (const bold of [false, true]) {
        ctx.strokeStyle = bold ? COLORS.gridBold : COLORS.grid;
        ctx.lineWidth = bold ? 1.5 : 1;
        for (let c = 1; c < width; c++)
          if ((c % 5 === 0) === bold) line(left + c * cell + 0.5, geo.pad, left + c * cell + 0.5, top + gridH);
        for (let r = 1; r < height; r++)
          if ((r % 5 === 0) === bold) line(geo.pad, top + r * cell + 0.5, left + gridW, top + r * cell + 0.5);
      }
      ctx.strokeStyle = ui.solved ? COLORS.solved : COLORS.gridBold;
      ctx.lineWidth = ui.solved ? 3 : 2;
      ctx.strokeRect(left, top, gridW, gridH);
      if (ui.showCursor && ui.cursor >= 0) drawCursor(ctx, left + curC * cell, top + curR * cell, cell, cell);
    },
  };
}
