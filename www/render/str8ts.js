// Str8ts on a canvas: black cells (with their clue digit in white), white cells with digits
// or pencil marks; the selected cell's row, column and compartment are tinted.

import { COLORS, centredText, drawDigitCell, drawCursor, squareCells } from "./common.js";
import { str8tsCompartments } from "../genres.js";

export function str8tsView(puzzle) {
  const n = puzzle.grid.length;
  const compartments = str8tsCompartments(puzzle);
  const { geo, layout, hit, cellBox } = squareCells(n, n, { cell: 44, min: 24, max: 68 });

  return {
    layout,
    hit,
    cellBox,

    draw(ctx, board, ui) {
      const s = geo.cell;
      const p = geo.pad;
      ctx.fillStyle = COLORS.paper;
      ctx.fillRect(0, 0, n * s + 2 * p, n * s + 2 * p);
      const related = new Set();
      if (ui.cursor >= 0) {
        const cr = Math.floor(ui.cursor / n);
        const cc = ui.cursor % n;
        for (let k = 0; k < n; k++) {
          related.add(cr * n + k);
          related.add(k * n + cc);
        }
      }
      const inCompartment = new Set(compartments.filter((comp) => comp.includes(ui.cursor)).flat());
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
          const i = r * n + c;
          const x = p + c * s;
          const y = p + r * s;
          if (puzzle.black[r][c]) {
            ctx.fillStyle = COLORS.black;
            ctx.fillRect(x, y, s, s);
            if (puzzle.grid[r][c]) centredText(ctx, puzzle.grid[r][c], x + s / 2, y + s / 2, Math.round(s * 0.55), "#ffffff", "700");
            continue;
          }
          drawDigitCell(ctx, x, y, s, {
            value: board.cells[i],
            marks: board.marks[i],
            given: puzzle.grid[r][c] > 0,
            selected: ui.showCursor && ui.cursor === i,
            related: ui.showCursor && (related.has(i) || inCompartment.has(i)),
            wrong: ui.wrong.has(i),
          });
        }
      }
      ctx.strokeStyle = COLORS.grid;
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let k = 1; k < n; k++) {
        ctx.moveTo(p + k * s + 0.5, p);
        ctx.lineTo(p + k * s + 0.5, p + n * s);
        ctx.moveTo(p, p + k * s + 0.5);
        ctx.lineTo(p + n * s, p + k * s + 0.5);
      }
      ctx.stroke();
      ctx.strokeStyle = ui.solved ? COLORS.solved : COLORS.gridBold;
      ctx.lineWidth = ui.solved ? 3 : 2;
      ctx.strokeRect(p, p, n * s, n * s);
      if (ui.showCursor && ui.cursor >= 0) drawCursor(ctx, p + (ui.cursor % n) * s, p + Math.floor(ui.cursor / n) * s, s, s);
    },
  };
}
