// What the page knows about each genre's rules: how a puzzle (in the solver's JS API shape)
// becomes a board, when a board is solved, and which nonogram clues are already satisfied.
// The solver (in the worker) remains the judge of validity and uniqueness; these checks are
// what the page needs instantly, on the main thread, after every move.

import { Board, FILLED, CROSSED } from "./board.js";

export const GENRES = ["nonogram", "kakuro", "str8ts"];
export const GENRE_NAMES = { nonogram: "Nonogram", kakuro: "Kakuro", str8ts: "Str8ts" };

/** A readable error about the shape of an imported puzzle, naming the place. */
class PuzzleShapeError extends Error {}

const fail = (place, message) => {
  throw new PuzzleShapeError(place ? `${place}: ${message}` : message);
};

const isDigit = (v, max = 9) => Number.isInteger(v) && v >= 0 && v <= max;

/**
 * Check that `puzzle` has the shape the page can draw (arrays of the right kinds, a
 * rectangular grid). Deeper checks (clues that cannot fit, sums out of range) are the
 * solver's. Returns a normalised copy.
 */
export function normalise(puzzle) {
  if (puzzle === null || typeof puzzle !== "object" || Array.isArray(puzzle))
    fail("", 'a puzzle is an object like {"genre": "nonogram", ...}');
  const { genre } = puzzle;
  if (!GENRES.includes(genre))
    fail("genre", `must be one of ${GENRES.map((g) => `"${g}"`).join(", ")}, not ${JSON.stringify(genre)}`);
  if (genre === "nonogram") {
    const lines = (name) => {
      const v = puzzle[name];
      if (!Array.isArray(v) || v.length === 0)
        fail(name, "must be a non-empty array of clue lists, e.g. [[3], [1, 1], []]");
      return v.map((clue, i) => {
        if (!Array.isArray(clue)) fail(`${name}[${i}]`, `must be an array of numbers, not ${JSON.stringify(clue)}`);
        clue.forEach((n, j) => {
          if (!Number.isInteger(n) || n < 0)
            fail(`${name}[${i}][${j}]`, `must be a whole number ≥ 0, not ${JSON.stringify(n)}`);
        });
        return clue.filter((n) => n > 0);
      });
    };
    return { genre, rows: lines("rows"), cols: lines("cols") };
  }
  const grid = puzzle.grid;
  if (!Array.isArray(grid) || grid.length === 0) fail("grid", "must be a non-empty array of rows");
  const width = Array.isArray(grid[0]) ? grid[0].length : 0;
  grid.forEach((row, r) => {
    if (!Array.isArray(row)) fail(`grid[${r}]`, "must be an array of cells");
    if (row.length !== width || width === 0) fail(`grid[${r}]`, `has ${row.length} cells but grid[0] has ${width}`);
  });
  if (genre === "kakuro") {
    return {
      genre,
      grid: grid.map((row, r) =>
        row.map((cell, c) => {
          const place = `grid[${r}][${c}]`;
          if (cell === null) return null;
          if (typeof cell === "number") {
            if (!isDigit(cell)) fail(place, `a white cell holds 0 (empty) or a digit 1-9, not ${cell}`);
            return cell;
          }
          if (typeof cell === "object" && !Array.isArray(cell)) {
            const out = {};
            for (const key of Object.keys(cell)) {
              if (key !== "down" && key !== "across")
                fail(place, `a clue cell has only "down" and "across", not "${key}"`);
              if (!Number.isInteger(cell[key]) || cell[key] < 1)
                fail(`${place}.${key}`, `must be a sum ≥ 1, not ${JSON.stringify(cell[key])}`);
              out[key] = cell[key];
            }
            return out;
          }
          fail(
            place,
            `must be null (block), {"down": n, "across": n} (clue) or a digit 0-9, not ${JSON.stringify(cell)}`,
          );
        }),
      ),
    };
  }
  const black = puzzle.black;
  if (!Array.isArray(black) || black.length !== grid.length)
    fail("black", `must be an array of ${grid.length} rows like grid`);
  const size = grid.length;
  if (width !== size) fail("grid", `a Str8ts grid is square, this one is ${size}×${width}`);
  return {
    genre,
    grid: grid.map((row, r) =>
      row.map((v, c) => {
        if (!isDigit(v, size))
          fail(`grid[${r}][${c}]`, `must be 0 (empty) or a digit 1-${size}, not ${JSON.stringify(v)}`);
        return v;
      }),
    ),
    black: black.map((row, r) => {
      if (!Array.isArray(row) || row.length !== width) fail(`black[${r}]`, `must be an array of ${width} booleans`);
      return row.map((b, c) => {
        if (typeof b !== "boolean") fail(`black[${r}][${c}]`, `must be true or false, not ${JSON.stringify(b)}`);
        return b;
      });
    }),
  };
}

/** Height and width of a normalised puzzle. */
export function dimensions(puzzle) {
  if (puzzle.genre === "nonogram") return { height: puzzle.rows.length, width: puzzle.cols.length };
  return { height: puzzle.grid.length, width: puzzle.grid[0].length };
}

/** Is cell (r, c) of a Kakuro a white (playable) cell? */
export const kakuroWhite = (cell) => typeof cell === "number";

/** A fresh board for a normalised puzzle. */
export function makeBoard(puzzle) {
  const { height, width } = dimensions(puzzle);
  const initial = [];
  const fixed = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      if (puzzle.genre === "nonogram") {
        initial.push(0);
        fixed.push(false);
      } else if (puzzle.genre === "kakuro") {
        const cell = puzzle.grid[r][c];
        initial.push(kakuroWhite(cell) ? cell : 0);
        fixed.push(!kakuroWhite(cell) || cell > 0);
      } else {
        const black = puzzle.black[r][c];
        initial.push(black ? 0 : puzzle.grid[r][c]);
        fixed.push(black || puzzle.grid[r][c] > 0);
      }
    }
  }
  return new Board(height, width, initial, fixed);
}

/** The largest digit a player may write (9, or the size of a Str8ts grid). */
export function maxDigit(puzzle) {
  return puzzle.genre === "str8ts" ? puzzle.grid.length : 9;
}

/** Runs of filled cells of a line of nonogram cells. */
function runsOf(line) {
  const runs = [];
  let n = 0;
  for (const v of line) {
    if (v === FILLED) n++;
    else if (n) {
      runs.push(n);
      n = 0;
    }
  }
  if (n) runs.push(n);
  return runs;
}

/**
 * Which clue numbers of a nonogram line the player has certainly placed: all of them when
 * the filled runs equal the clue; otherwise the runs closed off from either end (by the
 * border or a crossed cell, with no unknown cell before them) that match the clue in order.
 */
export function satisfiedClues(clue, line) {
  const done = new Array(clue.length).fill(false);
  const runs = runsOf(line);
  if (runs.length === clue.length && runs.every((n, i) => n === clue[i])) return done.fill(true);
  const sweep = (cells, clueOrder) => {
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

/** The runs of a Kakuro: {sum, cells: [index...]} for every clue. */
export function kakuroRuns(puzzle) {
  const { height, width } = dimensions(puzzle);
  const runs = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const cell = puzzle.grid[r][c];
      if (cell === null || typeof cell !== "object") continue;
      for (const [key, dr, dc] of [
        ["across", 0, 1],
        ["down", 1, 0],
      ]) {
        if (cell[key] === undefined) continue;
        const cells = [];
        for (
          let rr = r + dr, cc = c + dc;
          rr < height && cc < width && kakuroWhite(puzzle.grid[rr][cc]);
          rr += dr, cc += dc
        )
          cells.push(rr * width + cc);
        runs.push({ sum: cell[key], cells });
      }
    }
  }
  return runs;
}

/** The compartments of a Str8ts (maximal runs of white cells in a row or column). */
export function str8tsCompartments(puzzle) {
  const n = puzzle.grid.length;
  const out = [];
  for (const vertical of [false, true]) {
    for (let a = 0; a < n; a++) {
      let run = [];
      for (let b = 0; b <= n; b++) {
        const [r, c] = vertical ? [b, a] : [a, b];
        if (b < n && !puzzle.black[r][c]) run.push(r * n + c);
        else {
          if (run.length) out.push(run);
          run = [];
        }
      }
    }
  }
  return out;
}

/** Does the board obey every rule of its puzzle with every cell decided? */
export function isSolved(puzzle, board) {
  const { height, width } = dimensions(puzzle);
  const cells = board.cells;
  if (puzzle.genre === "nonogram") {
    const rowOk = (r) => sameRuns(runsOf(cells.slice(r * width, (r + 1) * width)), puzzle.rows[r]);
    const colOk = (c) =>
      sameRuns(runsOf(Array.from({ length: height }, (_, r) => cells[r * width + c])), puzzle.cols[c]);
    for (let r = 0; r < height; r++) if (!rowOk(r)) return false;
    for (let c = 0; c < width; c++) if (!colOk(c)) return false;
    return true;
  }
  if (puzzle.genre === "kakuro") {
    for (let i = 0; i < cells.length; i++) if (!board.fixed[i] && cells[i] === 0) return false;
    return kakuroRuns(puzzle).every(({ sum, cells: run }) => {
      const digits = run.map((i) => cells[i]);
      return new Set(digits).size === digits.length && digits.reduce((a, b) => a + b, 0) === sum;
    });
  }
  const n = height;
  const value = (r, c) => (puzzle.black[r][c] ? puzzle.grid[r][c] : cells[r * n + c]);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) if (!puzzle.black[r][c] && cells[r * n + c] === 0) return false;
  for (let a = 0; a < n; a++) {
    const row = [];
    const col = [];
    for (let b = 0; b < n; b++) {
      if (value(a, b)) row.push(value(a, b));
      if (value(b, a)) col.push(value(b, a));
    }
    if (new Set(row).size !== row.length || new Set(col).size !== col.length) return false;
  }
  return str8tsCompartments(puzzle).every((comp) => {
    const digits = comp.map((i) => cells[i]);
    return Math.max(...digits) - Math.min(...digits) === digits.length - 1;
  });
}

const sameRuns = (a, b) => a.length === b.length && a.every((n, i) => n === b[i]);

/**
 * The cells of the board that contradict a solution grid (API shape): a nonogram cell
 * filled where the solution is empty or crossed where it is filled; a digit that differs.
 */
export function wrongCells(puzzle, board, solution) {
  const wrong = [];
  const { width } = dimensions(puzzle);
  board.cells.forEach((v, i) => {
    if (board.fixed[i] || v === 0) return;
    const want = solution[Math.floor(i / width)][i % width];
    if (puzzle.genre === "nonogram" ? (v === FILLED) !== (want === 1) : v !== want) wrong.push(i);
  });
  return wrong;
}

/** The board cells a solution grid (API shape) puts on the board, as a move. */
export function solutionEdits(puzzle, board, solution) {
  const { width } = dimensions(puzzle);
  const edits = [];
  board.cells.forEach((_, i) => {
    if (board.fixed[i]) return;
    const v = solution[Math.floor(i / width)][i % width];
    edits.push({ index: i, value: puzzle.genre === "nonogram" ? (v === 1 ? FILLED : CROSSED) : v, marks: 0 });
  });
  return edits;
}

/** The board as a grid in the solver's solution shape (nonogram 1/0, digits, 0 elsewhere). */
export function boardGrid(puzzle, board) {
  return board.rows().map((row, r) =>
    row.map((v, c) => {
      if (puzzle.genre === "nonogram") return v === FILLED ? 1 : 0;
      if (puzzle.genre === "str8ts" && puzzle.black[r][c]) return 0;
      if (puzzle.genre === "kakuro" && !kakuroWhite(puzzle.grid[r][c])) return 0;
      return v;
    }),
  );
}
