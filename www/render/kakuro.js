// Kakuro on a canvas: dark blocks, clue cells split by a diagonal with the across sum in
// the upper-right triangle and the down sum in the lower-left one, white cells with digits
// or pencil marks.

import { COLORS, centredText, drawDigitCell, squareCells } from "./common.js";
import { kakuroRuns, kakuroWhite } from "../genres.js";

export function kakuroView(puzzle) {
  const height = puzzle.grid.length;
  const width = puzzle.grid[0].length;
  const runs = kakuroRuns(puzzle);
  const { geo, layout, hit, cellBox, background, overlay } = squareCells(width, height, { cell: 40, min: 22, max: 64 });

  return {
    layout,
    hit,
    cellBox,

    draw(ctx, board, ui) {
      const s = geo.cell;
      const p = geo.pad;
      background(ctx);
      const related = new Set();
      if (ui.cursor >= 0)
        for (const run of runs) if (run.cells.includes(ui.cursor)) run.cells.forEach((i) => related.add(i));
      for (let r = 0; r < height; r++) {
        for (let c = 0; c < width; c++) {
          const i = r * width + c;
          const x = p + c * s;
          const y = p + r * s;
          const cell = puzzle.grid[r][c];
          if (kakuroWhite(cell)) {
            drawDigitCell(ctx, x, y, s, {
              value: board.cells[i],
              marks: board.marks[i],
              given: cell > 0,
              selected: ui.showCursor && ui.cursor === i,
              related: ui.showCursor && related.has(i),
              wrong: ui.wrong.has(i),
            });
            continue;
          }
          ctx.fillStyle = COLORS.block;
          ctx.fillRect(x, y, s, s);
          if (cell === null) continue;
          ctx.strokeStyle = COLORS.blockLine;
          ctx.lineWidth = 1;
          ctx.beginPath();
          ctx.moveTo(x, y);
          ctx.lineTo(x + s, y + s);
          ctx.stroke();
          const size = Math.round(s * 0.3);
          if (cell.across !== undefined)
            centredText(ctx, cell.across, x + s * 0.7, y + s * 0.3, size, "#ffffff", "600");
          if (cell.down !== undefined) centredText(ctx, cell.down, x + s * 0.3, y + s * 0.72, size, "#ffffff", "600");
        }
      }
      overlay(ctx, ui);
    },
  };
}
