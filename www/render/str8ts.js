// Str8ts on a canvas: black cells (with their clue digit in white), white cells with digits
// or pencil marks; the selected cell's row, column and compartment are tinted.

import { COLORS, centredText, drawDigitCell, squareCells } from "./common.js";
import { str8tsCompartments } from "../genres.js";

export function str8tsView(puzzle) {
  const n = puzzle.grid.length;
  const compartments = str8tsCompartments(puzzle);
  const { geo, layout, hit, cellBox, background, overlay } = squareCells(n, n, { cell: 44, min: 24, max: 68 });

  return {
    layout,
    hit,
    cellBox,

    draw(ctx, board, ui) {
      const s = geo.cell;
      const p = geo.pad;
      background(ctx);
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
            if (puzzle.grid[r][c])
              centredText(ctx, puzzle.grid[r][c], x + s / 2, y + s / 2, Math.round(s * 0.55), "#ffffff", "700");
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
      overlay(ctx, ui);
    },
  };
}
