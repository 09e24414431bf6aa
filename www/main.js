// The play page: wires the puzzle list, the board (board.js), the canvas views
// (render/*.js), the input devices and the solver worker (the package's createSolver, copied
// to js/ by the build) together.
//
// State lives in three places: `session.board` is what the player wrote (saved to
// localStorage after every move); `ui` is how the page shows it (selection, tool, the cells
// a check found wrong, the solver's progress); each view caches its own geometry.

import { PUZZLES } from "./puzzles.js";
import { FILLED, CROSSED, UNKNOWN } from "./board.js";
import {
  GENRES,
  GENRE_NAMES,
  normalise,
  makeBoard,
  isSolved,
  wrongCells,
  solutionEdits,
  boardGrid,
  maxDigit,
  dimensions,
  kakuroWhite,
} from "./genres.js";
import { prepareCanvas } from "./render/common.js";
import { nonogramView } from "./render/nonogram.js";
import { kakuroView } from "./render/kakuro.js";
import { str8tsView } from "./render/str8ts.js";
import { createSolver, formatPuzzle, initFormats, parsePuzzle } from "./js/browser.js";

const VIEWS = { nonogram: nonogramView, kakuro: kakuroView, str8ts: str8tsView };
const SOLVE_OPTIONS = { maxSolutions: 2, timeLimitMs: 60000 };
const STORE = "gridlogic.v1.";

const $ = (id) => document.getElementById(id);
const canvas = $("board");
/** The page's solves, one at a time in the package's worker; cancel() stops the running one at once. */
const solver = {
  worker: createSolver(),
  running: null,
  get busy() {
    return this.running !== null;
  },
  async solve(puzzle, options, onProgress) {
    const controller = new AbortController();
    this.running = controller;
    try {
      return await this.worker.solve(puzzle, { ...options, signal: controller.signal, onProgress });
    } finally {
      if (this.running === controller) this.running = null;
    }
  },
  cancel() {
    this.running?.abort();
  },
};
const isCancelled = (error) => error?.name === "AbortError";

/** The loaded puzzle and the player's board. */
let session = null;
/** How the page shows the session. */
const ui = {
  genre: "nonogram",
  cursor: -1,
  showCursor: false,
  pencil: false,
  tool: FILLED, // what a primary click/touch does on a nonogram
  wrong: new Set(),
  solved: false,
  task: "idle", // idle | solving | checking | done | cancelled | error
  result: null, // the solver's last result for this puzzle
  shownSolution: 0,
  message: "",
  tone: "", // "", "ok", "bad", "busy"
  importError: "",
  drag: null,
  timer: 0,
  nodes: 0, // search nodes of the running solve, as last reported
};

// ---------------------------------------------------------------- storage

const storage = {
  get(key) {
    try {
      const raw = localStorage.getItem(STORE + key);
      return raw === null ? null : JSON.parse(raw);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(STORE + key, JSON.stringify(value));
    } catch {
      // Storage full or disabled: play goes on without saving.
    }
  },
};

/** A stable id for an imported puzzle: a hash of its JSON. */
function customId(puzzle) {
  const text = JSON.stringify(puzzle);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `custom-${(h >>> 0).toString(16).padStart(8, "0")}`;
}

// ---------------------------------------------------------------- sharing

/** A custom puzzle's place in a URL: its canonical text, which is URL-safe and round-trips
 *  (empty when the wasm could not load: the page still plays, without links). */
function puzzleHash(puzzle) {
  try {
    return `p=${formatPuzzle(puzzle, "canonical")}`;
  } catch {
    return "";
  }
}

function shareUrl(puzzle) {
  const url = new URL(location.href);
  url.hash = puzzleHash(puzzle);
  return url.href;
}

/** Open what the URL's hash names: `#p=<canonical text>` or `#id=<built-in id>`. */
function openFromHash() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has("p")) {
    let puzzle;
    try {
      puzzle = normalise(parsePuzzle(hash.get("p"), "canonical"));
    } catch (e) {
      showImportError("import-json-error", `The shared link holds no readable puzzle: ${e.message}`);
      return false;
    }
    openPuzzle(customEntry(puzzle, "Shared puzzle"));
    return true;
  }
  const entry = PUZZLES.find((p) => p.id === hash.get("id"));
  if (entry) {
    openPuzzle(entry);
    return true;
  }
  return false;
}

function customEntry(puzzle, name) {
  const { height, width } = dimensions(puzzle);
  const id = customId(puzzle);
  const entry = { id, genre: puzzle.genre, name, difficulty: "custom", puzzle, size: `${width}×${height}` };
  storage.set(`custom.${id}`, entry);
  const ids = storage.get("customs") ?? [];
  if (!ids.includes(id)) storage.set("customs", [...ids, id].slice(-30));
  return entry;
}

function entries(genre) {
  const customs = (storage.get("customs") ?? [])
    .map((id) => storage.get(`custom.${id}`))
    .filter((e) => e && e.genre === genre);
  return [...PUZZLES.filter((p) => p.genre === genre), ...customs];
}

// ---------------------------------------------------------------- loading

function openPuzzle(entry) {
  if (solver.busy) solver.cancel();
  stopTimer();
  const puzzle = normalise(entry.puzzle);
  const board = makeBoard(puzzle);
  board.restore(storage.get(`progress.${entry.id}`));
  session = { entry, puzzle, board, view: VIEWS[puzzle.genre](puzzle) };
  Object.assign(ui, {
    genre: puzzle.genre,
    cursor: firstPlayable(),
    showCursor: false,
    wrong: new Set(),
    solved: isSolved(puzzle, board),
    task: "idle",
    result: null,
    shownSolution: 0,
    drag: null,
  });
  setMessage(ui.solved ? "Solved. Well done!" : "", ui.solved ? "ok" : "");
  storage.set("last", entry.id);
  storage.set(`last.${puzzle.genre}`, entry.id);
  const hash = entry.difficulty === "custom" ? puzzleHash(puzzle) : `id=${entry.id}`;
  history.replaceState(null, "", `#${hash}`);
  $("share-url").hidden = true;
  $("celebrate").hidden = true;
  renderList();
  renderChrome();
  layout();
}

function firstPlayable() {
  if (!session) return -1;
  return session.board.fixed.findIndex((f, i) => !f || playable(i));
}

/** Can the cursor rest on cell i? (white cells, givens included) */
function playable(i) {
  const { puzzle, board } = session;
  if (puzzle.genre === "nonogram") return true;
  const r = Math.floor(i / board.width);
  const c = i % board.width;
  return puzzle.genre === "kakuro" ? kakuroWhite(puzzle.grid[r][c]) : !puzzle.black[r][c];
}

// ---------------------------------------------------------------- moves

/** Play edits on the board (one undoable move), save, and notice a solve. */
function play(edits, replacing = null, quiet = false) {
  const move = session.board.play(edits, replacing);
  afterChange({ quiet });
  return move;
}

function afterChange({ quiet = false } = {}) {
  const { puzzle, board, entry } = session;
  ui.wrong = new Set();
  const solved = isSolved(puzzle, board);
  if (solved && !ui.solved && !quiet) celebrate();
  if (!solved && ui.solved) setMessage("", "");
  const listChanged = solved !== ui.solved || board.undoStack.length <= 1;
  ui.solved = solved;
  storage.set(`progress.${entry.id}`, { ...board.toJSON(), solved });
  if (listChanged) renderList();
  renderChrome();
  draw();
}

function celebrate() {
  setMessage("Solved! Every clue is satisfied.", "ok");
  const banner = $("celebrate");
  banner.hidden = true;
  void banner.offsetWidth; // restart the animation
  banner.hidden = false;
  clearTimeout(celebrate.timer);
  celebrate.timer = setTimeout(() => (banner.hidden = true), 2700);
}

function undo() {
  if (session.board.undo()) afterChange();
}

function redo() {
  if (session.board.redo()) afterChange();
}

function writeDigit(d, pencil) {
  const i = ui.cursor;
  const { board } = session;
  if (i < 0 || board.fixed[i] || !playable(i)) return;
  if (pencil) {
    if (board.cells[i]) return;
    play([{ index: i, marks: board.marks[i] ^ (1 << d) }]);
  } else {
    play([{ index: i, value: board.cells[i] === d ? 0 : d }]);
  }
}

function clearCell() {
  const i = ui.cursor;
  const { board } = session;
  if (i < 0) return;
  if (session.puzzle.genre === "nonogram") play([{ index: i, value: UNKNOWN }]);
  else if (board.cells[i]) play([{ index: i, value: 0 }]);
  else play([{ index: i, marks: 0 }]);
}

function toggleNonogram(i, kind) {
  const v = session.board.cells[i];
  play([{ index: i, value: v === kind ? UNKNOWN : kind }]);
}

function moveCursor(dr, dc) {
  const { board } = session;
  let r = Math.floor(ui.cursor / board.width);
  let c = ui.cursor % board.width;
  if (ui.cursor < 0) [r, c] = [0, 0];
  for (;;) {
    r += dr;
    c += dc;
    if (r < 0 || c < 0 || r >= board.height || c >= board.width) return;
    const i = r * board.width + c;
    if (playable(i)) {
      ui.cursor = i;
      ui.showCursor = true;
      draw();
      return;
    }
  }
}

// ---------------------------------------------------------------- pointer input

function pointerCell(event) {
  const rect = canvas.getBoundingClientRect();
  return session.view.hit(event.clientX - rect.left, event.clientY - rect.top);
}

canvas.addEventListener("contextmenu", (e) => e.preventDefault());

canvas.addEventListener("pointerdown", (event) => {
  if (!session) return;
  const i = pointerCell(event);
  if (i < 0) return;
  event.preventDefault();
  canvas.focus({ preventScroll: true });
  if (session.puzzle.genre !== "nonogram") {
    if (playable(i)) {
      ui.cursor = i;
      ui.showCursor = true;
      draw();
    }
    return;
  }
  // Nonogram: left button (or touch/pen) uses the tool, right button marks empty.
  const kind = event.button === 2 ? CROSSED : event.button === 0 ? ui.tool : null;
  if (kind === null) return;
  const start = session.board.cells[i];
  ui.cursor = i;
  ui.showCursor = false;
  ui.drag = {
    pointer: event.pointerId,
    start: i,
    kind,
    target: start === kind ? UNKNOWN : kind,
    from: start,
    axis: null,
    move: null,
    before: session.board.cells.slice(),
  };
  canvas.setPointerCapture(event.pointerId);
  extendDrag(i);
});

canvas.addEventListener("pointermove", (event) => {
  const drag = ui.drag;
  if (!drag || drag.pointer !== event.pointerId) return;
  const i = pointerCell(event);
  if (i >= 0) extendDrag(i);
});

const endDrag = (event) => {
  if (ui.drag && ui.drag.pointer === event.pointerId) ui.drag = null;
};
canvas.addEventListener("pointerup", endDrag);
canvas.addEventListener("pointercancel", endDrag);

/**
 * Grow the drag to cell `i`: the cells on the straight line from the start (locked to the
 * start's row or column) take the drag's target. Filling or marking touches only unknown
 * cells; erasing touches only cells like the first one. The whole drag is one move.
 */
function extendDrag(i) {
  const drag = ui.drag;
  const { board } = session;
  const w = board.width;
  const [r0, c0] = [Math.floor(drag.start / w), drag.start % w];
  let [r, c] = [Math.floor(i / w), i % w];
  if (drag.axis === null && i !== drag.start)
    drag.axis = r === r0 ? "row" : c === c0 ? "col" : Math.abs(c - c0) >= Math.abs(r - r0) ? "row" : "col";
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
  drag.move = play(edits, drag.move);
  ui.cursor = r * w + c;
}

// ---------------------------------------------------------------- keyboard input

document.addEventListener("keydown", (event) => {
  if (!session) return;
  const target = event.target;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) return;
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key;
  if (ctrl && (key === "z" || key === "Z")) {
    event.preventDefault();
    if (event.shiftKey) redo();
    else undo();
    return;
  }
  if (ctrl && (key === "y" || key === "Y")) {
    event.preventDefault();
    redo();
    return;
  }
  if (ctrl || event.altKey) return;
  if (target instanceof HTMLButtonElement && (key === "Enter" || key === " ")) return;
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[key]) {
    event.preventDefault();
    moveCursor(...arrows[key]);
    return;
  }
  if (key === "Backspace" || key === "Delete") {
    event.preventDefault();
    ui.showCursor = true;
    clearCell();
    return;
  }
  if (session.puzzle.genre === "nonogram") {
    const kind =
      key === " " || key === "Enter" || key === "f" || key === "F"
        ? FILLED
        : key === "x" || key === "X" || key === "."
          ? CROSSED
          : null;
    if (kind !== null && ui.cursor >= 0) {
      event.preventDefault();
      ui.showCursor = true;
      toggleNonogram(ui.cursor, kind);
    }
    return;
  }
  const digit = /^(Digit|Numpad)([0-9])$/.exec(event.code);
  if (digit) {
    event.preventDefault();
    ui.showCursor = true;
    const d = Number(digit[2]);
    if (d === 0) clearCell();
    else if (d <= maxDigit(session.puzzle)) writeDigit(d, event.shiftKey !== ui.pencil);
  } else if (key === "p" || key === "P") {
    setPencil(!ui.pencil);
  }
});

function setPencil(on) {
  ui.pencil = on;
  renderChrome();
}

// ---------------------------------------------------------------- solver

function apiPuzzle() {
  return session.puzzle;
}

function startTimer(label) {
  const started = performance.now();
  stopTimer();
  ui.nodes = 0;
  const tick = () => {
    const nodes = ui.nodes ? ` · ${ui.nodes.toLocaleString("en")} search nodes` : "";
    setMessage(`${label}… ${((performance.now() - started) / 1000).toFixed(1)} s${nodes}`, "busy");
  };
  tick();
  ui.timer = setInterval(tick, 100);
}

function stopTimer() {
  clearInterval(ui.timer);
  ui.timer = 0;
}

/** Run the solver on the current puzzle; resolves to the result or null (cancelled/failed). */
async function runSolver(task, label) {
  const current = session;
  ui.task = task;
  renderChrome();
  startTimer(label);
  try {
    const result = await solver.solve(apiPuzzle(), SOLVE_OPTIONS, (progress) => (ui.nodes = progress.nodes));
    if (session !== current) return null;
    ui.result = result;
    ui.task = "done";
    return result;
  } catch (e) {
    if (session !== current) return null;
    if (isCancelled(e)) {
      ui.task = "cancelled";
      setMessage("Cancelled. Your grid is untouched.", "");
    } else {
      ui.task = "error";
      setMessage(`The solver failed: ${e.message}. Your grid is untouched.`, "bad");
    }
    return null;
  } finally {
    if (session === current) {
      stopTimer();
      renderChrome();
    }
  }
}

const seconds = (ms) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

async function solveClicked() {
  const result = ui.result ?? (await runSolver("solving", "Solving"));
  if (!result) return;
  ui.task = "done";
  const time = seconds(result.stats?.millis ?? 0);
  const messages = {
    unique: [`Solved in ${time}: this is the only solution.`, "ok"],
    multiple: [`This puzzle has more than one solution; showing one of them (${time}).`, "bad"],
    none: [`This puzzle has no solution: the solver proved it in ${time}.`, "bad"],
    unknown: [
      result.solutions.length
        ? `The solver stopped after ${time}; showing a solution it found, but others may exist.`
        : `The solver gave up after ${time}.`,
      "bad",
    ],
  };
  const [text, tone] = messages[result.status] ?? [`Unexpected answer: ${result.status}`, "bad"];
  if (result.solutions.length) showSolution(0);
  setMessage(text, tone);
  renderChrome();
}

function showSolution(k) {
  const { puzzle, board } = session;
  ui.shownSolution = k;
  play(solutionEdits(puzzle, board, ui.result.solutions[k]), null, true);
  $("celebrate").hidden = true;
}

async function checkClicked() {
  const result = ui.result ?? (await runSolver("checking", "Checking"));
  if (!result) return;
  ui.task = "done";
  renderChrome();
  if (!result.solutions.length) {
    setMessage(
      result.status === "none"
        ? "This puzzle has no solution, so nothing can be checked."
        : "The solver found no solution to check against.",
      "bad",
    );
    return;
  }
  const wrong = wrongCells(session.puzzle, session.board, result.solutions[ui.shownSolution] ?? result.solutions[0]);
  ui.wrong = new Set(wrong);
  const note = result.status === "multiple" ? " (against one of its several solutions)" : "";
  if (wrong.length)
    setMessage(`${wrong.length} cell${wrong.length > 1 ? "s are" : " is"} wrong${note}: marked in red.`, "bad");
  else setMessage(ui.solved ? "Solved! Every clue is satisfied." : `No mistakes so far${note}.`, "ok");
  draw();
}

// ---------------------------------------------------------------- import

function showImportError(id, text) {
  const el = $(id);
  el.textContent = text;
  el.hidden = !text;
  ui.importError = text;
  if (text) $("import").open = true;
}

/** Check an imported puzzle with the solver (which names bad places), then open it. */
async function importPuzzle(raw, errorId, name) {
  showImportError(errorId, "");
  let puzzle;
  try {
    puzzle = normalise(raw);
  } catch (e) {
    showImportError(errorId, e.message);
    return;
  }
  if (solver.busy) solver.cancel();
  let verdict;
  try {
    // A short time limit: the solver validates before it searches, so errors come at once.
    verdict = await solver.solve(puzzle, { maxSolutions: 2, timeLimitMs: 300 });
  } catch (e) {
    showImportError(errorId, isCancelled(e) ? "" : e.message);
    return;
  }
  openPuzzle(customEntry(puzzle, name));
  if (verdict.status !== "unknown") ui.result = verdict;
  if (verdict.status === "none") setMessage("Loaded, but the solver proved this puzzle has no solution.", "bad");
  else if (verdict.status === "multiple") setMessage("Loaded. Note: this puzzle has more than one solution.", "bad");
  else setMessage("Loaded.", "ok");
}

$("import-json-load").addEventListener("click", async () => {
  const text = $("import-json").value.trim();
  let raw;
  if (text.startsWith("{")) {
    try {
      raw = JSON.parse(text);
    } catch (e) {
      showImportError("import-json-error", `Not valid JSON: ${e.message}`);
      return;
    }
  } else {
    // Any text format the package reads (.non, .nin, Tatham IDs, Janko grids, puzz.link, ...).
    try {
      raw = parsePuzzle(text);
    } catch (e) {
      showImportError("import-json-error", e.message);
      return;
    }
  }
  importPuzzle(raw, "import-json-error", "Imported puzzle");
});

/** Parse the clue editor's text: one line per row/column, numbers separated by spaces. */
function parseClueText(text, name) {
  const lines = text.replace(/\s+$/, "").split("\n");
  if (lines.length === 1 && lines[0].trim() === "")
    throw new Error(`${name}: write one line of clues per line of the grid`);
  return lines.map((line, i) => {
    const parts = line
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean);
    return parts
      .map((p) => {
        if (!/^\d+$/.test(p)) throw new Error(`${name} line ${i + 1}: "${p}" is not a number`);
        return Number(p);
      })
      .filter((n) => n > 0);
  });
}

$("clue-load").addEventListener("click", () => {
  let rows;
  let cols;
  try {
    rows = parseClueText($("clue-rows").value, "Rows");
    cols = parseClueText($("clue-cols").value, "Columns");
  } catch (e) {
    showImportError("clue-error", e.message);
    return;
  }
  importPuzzle({ genre: "nonogram", rows, cols }, "clue-error", "My nonogram");
});

// ---------------------------------------------------------------- chrome

function setMessage(text, tone) {
  ui.message = text;
  ui.tone = tone;
  const el = $("status");
  $("status-text").textContent = text;
  el.className = `status ${tone}`;
}

/** The genre tabs and the puzzle list (rebuilt when the puzzle or its solved mark changes). */
function renderList() {
  document
    .querySelectorAll(".genres button")
    .forEach((b) => b.setAttribute("aria-selected", String(b.dataset.genre === ui.genre)));
  const list = $("puzzle-list");
  list.replaceChildren(
    ...entries(ui.genre).map((entry) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.id = entry.id;
      if (session && entry.id === session.entry.id) b.setAttribute("aria-current", "true");
      const progress = storage.get(`progress.${entry.id}`);
      const mark = progress?.solved ? "✓" : progress?.undo?.length ? "…" : "";
      b.innerHTML = `<span class="name"></span><span class="progress"></span><span class="size"></span>`;
      b.querySelector(".name").textContent = entry.name;
      b.querySelector(".progress").textContent = mark;
      b.querySelector(".progress").title = mark === "✓" ? "solved" : mark ? "in progress" : "";
      const size = entry.size ?? sizeOf(entry.puzzle);
      b.querySelector(".size").innerHTML =
        `${size}<span class="difficulty ${entry.difficulty}">${entry.difficulty}</span>`;
      b.addEventListener("click", () => openPuzzle(entry));
      li.append(b);
      return li;
    }),
  );
}

/** The title, buttons and help of the current puzzle. */
function renderChrome() {
  if (!session) return;
  const { entry, puzzle, board } = session;
  $("puzzle-title").textContent = entry.name;
  const { height, width } = dimensions(puzzle);
  $("puzzle-meta").textContent =
    `${GENRE_NAMES[puzzle.genre]} · ${width}×${height} · ${entry.difficulty}${entry.note ? ` · ${entry.note}` : ""}`;
  const working = ui.task === "solving" || ui.task === "checking";
  $("undo").disabled = !board.canUndo();
  $("redo").disabled = !board.canRedo();
  $("solve").disabled = working;
  $("check").disabled = working;
  $("cancel").hidden = !working;
  $("show-other").hidden = !(ui.result?.status === "multiple" && ui.task === "done" && ui.result.solutions.length > 1);
  $("show-other").textContent = ui.shownSolution === 0 ? "Show another solution" : "Show the first solution";
  const nonogram = puzzle.genre === "nonogram";
  $("nonogram-tools").hidden = !nonogram;
  $("digit-tools").hidden = nonogram;
  $("tool-fill").setAttribute("aria-pressed", String(ui.tool === FILLED));
  $("tool-cross").setAttribute("aria-pressed", String(ui.tool === CROSSED));
  $("pencil").setAttribute("aria-pressed", String(ui.pencil));
  renderNumpad();
  $("help").innerHTML = nonogram
    ? "Left click or drag fills · right click or the ✕ tool marks empty · arrows + <kbd>Space</kbd>/<kbd>X</kbd> · <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo"
    : "Click a cell and type a digit · <kbd>Shift</kbd>+digit or ✎ for pencil marks · arrows move · <kbd>Backspace</kbd> clears · <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo";
}

function sizeOf(puzzle) {
  const { height, width } = dimensions(normalise(puzzle));
  return `${width}×${height}`;
}

function renderNumpad() {
  const pad = $("numpad");
  const nonogram = session.puzzle.genre === "nonogram";
  pad.hidden = nonogram;
  const max = nonogram ? 0 : maxDigit(session.puzzle);
  if (pad.dataset.max === String(max)) return;
  pad.dataset.max = String(max);
  const buttons = [];
  for (let d = 1; d <= max; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = d;
    b.addEventListener("click", () => {
      ui.showCursor = true;
      writeDigit(d, ui.pencil);
    });
    buttons.push(b);
  }
  const erase = document.createElement("button");
  erase.type = "button";
  erase.textContent = "⌫";
  erase.title = "Clear the cell";
  erase.addEventListener("click", () => clearCell());
  pad.replaceChildren(...buttons, erase);
}

// ---------------------------------------------------------------- drawing

let frame = 0;
function draw() {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    paint();
  });
}

let canvasSize = { width: 0, height: 0 };
function layout() {
  if (!session) return;
  const wrap = $("board-wrap");
  const pad = $("numpad");
  const padHeight = pad.hidden ? 0 : pad.offsetHeight + 13;
  canvasSize = session.view.layout(wrap.clientWidth - 12, wrap.clientHeight - 12 - padHeight);
  paint();
}

function paint() {
  if (!session) return;
  const ctx = prepareCanvas(canvas, canvasSize.width, canvasSize.height);
  session.view.draw(ctx, session.board, ui);
}

new ResizeObserver(() => layout()).observe($("board-wrap"));
// A change of devicePixelRatio (zoom, moving to another screen) needs a sharper backing store.
(function watchPixelRatio() {
  matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener(
    "change",
    () => {
      layout();
      watchPixelRatio();
    },
    { once: true },
  );
})();

// ---------------------------------------------------------------- buttons

document.querySelectorAll(".genres button").forEach((b) =>
  b.addEventListener("click", () => {
    const genre = b.dataset.genre;
    if (session?.puzzle.genre === genre) return;
    const list = entries(genre);
    const last = storage.get(`last.${genre}`);
    openPuzzle(list.find((e) => e.id === last) ?? list[0]);
  }),
);
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("reset").addEventListener("click", () => {
  if (session.board.reset()) afterChange();
});
$("tool-fill").addEventListener("click", () => {
  ui.tool = FILLED;
  renderChrome();
});
$("tool-cross").addEventListener("click", () => {
  ui.tool = CROSSED;
  renderChrome();
});
$("pencil").addEventListener("click", () => setPencil(!ui.pencil));
$("solve").addEventListener("click", solveClicked);
$("check").addEventListener("click", checkClicked);
$("cancel").addEventListener("click", () => {
  solver.cancel();
});
$("show-other").addEventListener("click", () => {
  showSolution(ui.shownSolution === 0 ? 1 : 0);
  renderChrome();
});
$("share").addEventListener("click", async () => {
  const url = shareUrl(session.puzzle);
  const field = $("share-url");
  field.value = url;
  field.hidden = false;
  field.select();
  try {
    await navigator.clipboard.writeText(url);
    $("share").textContent = "Link copied ✓";
    setTimeout(() => ($("share").textContent = "Share link"), 1800);
  } catch {
    // No clipboard access: the link is selected in the field for copying by hand.
  }
});
window.addEventListener("hashchange", () => openFromHash());

// ---------------------------------------------------------------- test hook

/** A read-only view of the page for tests and curious players. */
window.gridlogic = Object.freeze({
  state() {
    if (!session) return null;
    const { entry, puzzle, board } = session;
    return {
      genre: puzzle.genre,
      puzzleId: entry.id,
      name: entry.name,
      height: board.height,
      width: board.width,
      cells: board.cells.slice(),
      marks: board.marks.slice(),
      grid: boardGrid(puzzle, board),
      cursor: ui.cursor,
      pencil: ui.pencil,
      status: ui.task,
      result: ui.result && { status: ui.result.status, solutions: ui.result.solutions, stats: ui.result.stats },
      message: ui.message,
      solved: ui.solved,
      wrong: [...ui.wrong],
      canUndo: board.canUndo(),
      canRedo: board.canRedo(),
      importError: ui.importError,
    };
  },
  /** The centre of cell i in client (viewport) coordinates. */
  cellCenter(i) {
    const box = session.view.cellBox(i);
    const rect = canvas.getBoundingClientRect();
    return { x: rect.left + box.x + box.w / 2, y: rect.top + box.y + box.h / 2 };
  },
  puzzles() {
    return PUZZLES.map(({ id, genre, name, difficulty }) => ({ id, genre, name, difficulty }));
  },
});

// ---------------------------------------------------------------- start

// The main thread only reads and writes puzzle texts (links, imports): it loads the text
// formats' wasm alone; the solver's is loaded by the worker. Should it fail to load, the page
// still opens and plays.
await initFormats().catch((e) => console.warn(`gridlogic: puzzle texts unavailable (${e.message})`));
if (!openFromHash()) {
  const last = storage.get("last");
  const all = [...GENRES.flatMap((g) => entries(g))];
  openPuzzle(all.find((e) => e.id === last) ?? all[0]);
}
