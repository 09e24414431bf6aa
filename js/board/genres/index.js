// The page's genre table, after Simon Tatham's `game` structs: every genre is one object
// (js/board/genres/<genre>.js) with the same members, and the board (element.js) and the page know genres only
// through them. Adding a genre to the page = a new module exporting a `Genre`, and one line in
// GENRES below (the genre tabs are made from it).
//
// The solver (in the worker) remains the judge of validity and uniqueness; a genre's checks
// are what the page needs instantly, on the main thread, after every move.

import { kakuro } from "./kakuro.js";
import { nonogram } from "./nonogram.js";
import { fail } from "./shape.js";
import { str8ts } from "./str8ts.js";
import { sudoku } from "./sudoku.js";

/** @typedef {import("../board.js").Board} Board */
/** @typedef {import("../board.js").Edit} Edit */
/** @typedef {import("../board.js").Move} Move */
/** @typedef {import("../draw.js").View} View */
/** @typedef {import("../draw.js").Look} Look */
/** @typedef {{ row: number, col: number, value: number } | { row: number, col: number, remove: number[] }} StepChange */
/**
 * What the page offers a genre's input handlers and controls: the open puzzle, its board, the
 * page's UI state, and the page's reactions.
 * @typedef {object} Game
 * @property {any} puzzle the normalised puzzle, in the solver's API shape
 * @property {Board} board
 * @property {Look} ui the page's UI state; a genre moves `cursor` and `showCursor`
 * @property {(edits: Edit[], replacing?: Move | null) => Move | null} play
 *   play edits as one undoable move (with `replacing`, in place of an earlier move: a drag)
 * @property {() => void} redraw draw the board again (after a cursor move)
 * @property {() => void} refresh show the controls again (after a tool changed)
 */
/**
 * Where a genre puts its controls: `tools` in the side panel, `under` below the board.
 * @typedef {{ tools: HTMLElement, under: HTMLElement }} Slots
 */
/**
 * How a board stands against its clues, for the player's eye (greyed clues, red conflicts):
 * `lines` the status of every clue in the genre's order (nonogram: the rows, then the
 * columns; Kakuro: the sums, across before down, clue cells in reading order; Str8ts: the
 * compartments, rows' before columns'), "done" (satisfied), "conflict" (can no longer be
 * satisfied) or "" (open); `conflicts` the cells whose digit repeats where it may not.
 * @typedef {{ lines: ("done" | "conflict" | "")[], conflicts: number[] }} Feedback
 */
/**
 * What the New puzzle dialog (www/create.js) offers of a genre: its sizes (the text shown, and
 * the generator's size options), the note under them, the size first selected (default the
 * third), the levels its sizes can reach (default all) and, for a genre with colours
 * (nonograms), what it offers with colours instead. The sizes are those the generator makes
 * within a few seconds in a browser (measured in wasm, bench/RESULTS.md, "Generation speed"
 * and "Colour on the page").
 * @typedef {{ sizes: [string, Record<string, number>][], note: string, initial?: number, levels?: string[], colours?: Offer }} Offer
 */
/**
 * One genre of the page.
 * @typedef {object} Genre
 * @property {string} id the API's `genre`
 * @property {string} name as shown
 * @property {any} example a small puzzle in the API shape, as the page's help shows one
 * @property {Offer | null} generated what the New puzzle dialog offers of the genre (null: none)
 * @property {(raw: any) => any} normalise check an imported puzzle's shape (errors name the place),
 *   return a clean copy
 * @property {(puzzle: any) => { height: number, width: number }} size
 * @property {(puzzle: any) => Board} newBoard the board a puzzle starts with (givens fixed)
 * @property {(puzzle: any, i: number) => boolean} playable can the cursor rest on cell i?
 * @property {(puzzle: any, board: Board) => boolean} isSolved does the board obey every rule?
 * @property {(value: number) => number} solutionToCell a value of the solver's solution grid as a board cell
 * @property {(cell: number) => number} cellToSolution a board cell as a value of a solution grid
 * @property {(puzzle: any, board: Board) => any} playerBoard the board as the solver's hint and
 *   explain take a player's board (nonogram rows of 1, 0, null; digits with their pencil marks)
 * @property {(puzzle: any, board: Board, change: StepChange) => Edit} changeEdit one change of a
 *   solver's step as an edit of the board (a removed candidate: the cell's pencil marks less it)
 * @property {(value: number, puzzle: any) => string} cellText a board cell's content in words ("filled", "digit 4",
 *   "colour 2 (#d03030)"),
 *   for the board's label to screen readers
 * @property {(puzzle: any) => View} view
 * @property {(game: Game, slots: Slots) => { update: () => void }} controls
 *   build the genre's controls into the slots; `update` shows their state
 * @property {(game: Game, i: number, event: PointerEvent) => boolean} pointerDown
 *   a press on cell i; true when the genre follows the pointer (pointerMove, pointerUp)
 * @property {(game: Game, i: number) => void} pointerMove the pressed pointer is over cell i
 * @property {() => void} pointerUp
 * @property {(game: Game, event: KeyboardEvent) => boolean} key a key the page did not handle;
 *   true when the genre did
 * @property {(game: Game) => void} clear clear the selected cell (Backspace, Delete, the erase button)
 * @property {(puzzle: any, board: Board) => Feedback} feedback how the board stands against each clue
 * @property {string} help how to play, as HTML
 * @property {((panel: ImportPanel) => HTMLElement) | null} importEditor the genre's own way to
 *   enter a puzzle, shown in the page's Import panel below the text box (nonogram: clues typed
 *   line by line); null for a genre that has none
 */
/**
 * What the page's Import panel offers a genre's editor: `load` checks and opens a puzzle in the
 * API shape, `fail` shows an error; both name the editor's error element by its id.
 * @typedef {{ load: (raw: any, errorId: string) => void, fail: (errorId: string, message: string) => void }} ImportPanel
 */

/** @type {Genre[]} */
export const GENRES = [nonogram, kakuro, str8ts, sudoku];

/**
 * The genre of a puzzle in the API shape (its `genre` member).
 * @param {{ genre: string }} puzzle
 */
export const genreOf = (puzzle) => /** @type {Genre} */ (GENRES.find((g) => g.id === puzzle.genre));

/**
 * Check that `raw` is a puzzle the page can draw (an object of a known genre, with arrays of
 * the right kinds); returns a normalised copy. Errors name the place.
 * @param {any} raw
 */
export function normalise(raw) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    fail("", `a puzzle is an object like ${JSON.stringify(GENRES[0].example)}`);
  }
  const genre = GENRES.find((g) => g.id === raw.genre);
  if (!genre) {
    fail("genre", `must be one of ${GENRES.map((g) => `"${g.id}"`).join(", ")}, not ${JSON.stringify(raw.genre)}`);
  }
  return genre.normalise(raw);
}

/**
 * The size of a puzzle as the page writes it, e.g. "10×15" (width × height).
 * @param {any} puzzle a normalised puzzle
 */
export function sizeText(puzzle) {
  const { width, height } = genreOf(puzzle).size(puzzle);
  return `${width}×${height}`;
}
