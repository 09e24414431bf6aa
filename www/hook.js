// A read-only view of the page for tests and curious players: `window.gridlogic`.

import { COLORS } from "./js/board/draw.js";
import { importError } from "./importer.js";
import { PUZZLES } from "./puzzles.js";

/**
 * @param {HTMLCanvasElement} canvas
 * @param {() => any} current the session (entry, puzzle, genre, board, view), or null
 * @param {{ cursor: number, task: string, result: any, message: string, solved: boolean, revealed: boolean,
 *   wrong: Set<number>,
 *   feedback: import("./js/board/genres/index.js").Feedback, overlay?: import("./js/board/draw.js").Overlay | null }} ui
 * @param {() => { elapsed: number, running: boolean, best: number | null }} timing the clock
 * @param {() => import("./js/board/camera.js").Camera} camera the board's zoom and pan
 * @param {() => any} picture the picture editor's state (picture.js `pictureState`; null until
 *   its dialog's module is loaded)
 */
export function exposeState(canvas, current, ui, timing, camera, picture) {
  const gridlogic = {
    state() {
      const session = current();
      if (!session) return null;
      const { entry, puzzle, genre, board } = session;
      return {
        genre: puzzle.genre,
        puzzleId: entry.id,
        name: entry.name,
        height: board.height,
        width: board.width,
        cells: board.cells.slice(),
        marks: board.marks.slice(),
        grid: board.toSolution(genre.cellToSolution),
        cursor: ui.cursor,
        status: ui.task,
        result: ui.result && { status: ui.result.status, solutions: ui.result.solutions, stats: ui.result.stats },
        message: ui.message,
        solved: ui.solved,
        revealed: ui.revealed,
        wrong: [...ui.wrong],
        feedback: { lines: ui.feedback.lines.slice(), conflicts: ui.feedback.conflicts.slice().sort((a, b) => a - b) },
        overlay: ui.overlay ? structuredClone(ui.overlay) : null,
        canUndo: board.canUndo(),
        canRedo: board.canRedo(),
        importError,
        ...timing(),
      };
    },
    /** The centre of cell i in client (viewport) coordinates, as the board is zoomed and panned. */
    cellCenter(/** @type {number} */ i) {
      const box = camera().toCanvas(current().view.cellBox(i));
      const rect = canvas.getBoundingClientRect();
      return { x: rect.left + box.x + box.w / 2, y: rect.top + box.y + box.h / 2 };
    },
    /** The zoom (cell sides in CSS px: in use, fit, home, max), the pan, the sticky bands' size, and
     *  whether an animated zoom is under way (`gliding`: the cell side is still on its way). */
    camera: () => {
      const { cell, fit, home, max, x, y, layout, viewport, gliding } = camera();
      return { cell, fit, home, max, x, y, left: layout.left, top: layout.top, viewport: { ...viewport }, gliding };
    },
    /** The picture editor's cells, verdict and outlined cells (picture.js). */
    picture,
    /** The canvas palette in use. */
    palette: () => ({ ...COLORS }),
    puzzles: () => PUZZLES.map(({ id, genre, name, difficulty }) => ({ id, genre, name, difficulty })),
  };
  Object.assign(window, { gridlogic: Object.freeze(gridlogic) });
}
