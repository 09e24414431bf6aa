// The play page's shell. It knows genres only through the genre table (genres/index.js): the
// open genre makes the board, draws it, reads presses on cells and the keys the page does not
// take (input.js), and puts its tools in the side panel. The shell keeps the rest: the
// session, moves and undo, the solver's verdicts (solving.js), the list (list.js), links
// (links.js), storage (store.js) and imports (importer.js).
//
// State lives in three places: `session.board` is what the player wrote (saved to
// localStorage after every move); `ui` is how the page shows it (selection, the cells a check
// found wrong, the solver's last result); the genre's view caches its own geometry.

import { setupAssist } from "./assist.js";
import { Clock, timeText } from "./clock.js";
import { $ } from "./dom.js";
import { boardPainter, setPalette } from "./draw.js";
import { GENRES, genreOf, normalise, sizeText } from "./genres/index.js";
import { exposeState } from "./hook.js";
import { setupImport, showImportError } from "./importer.js";
import { listen } from "./input.js";
import { initFormats } from "./js/browser.js";
import { puzzleHash, readHash, share } from "./links.js";
import { makeTabs, percentOf, ratingLabel, renderList, showProgress } from "./list.js";
import { PUZZLES } from "./puzzles.js";
import * as solving from "./solving.js";
import { customEntry, entries, store } from "./store.js";

/** @typedef {import("../js/browser.js").SolveResult} SolveResult */
/**
 * The open puzzle: its list entry, the puzzle, its genre, the board, the genre's view and controls.
 * @typedef {{ entry: import("./store.js").Entry, puzzle: any, genre: import("./genres/index.js").Genre,
 *   board: import("./board.js").Board, view: import("./draw.js").View, controls: { update: () => void } }} Session
 */

const SOLVE_OPTIONS = { maxSolutions: 2, timeLimitMs: 60000 };
const canvas = /** @type {HTMLCanvasElement} */ ($("board"));
/** @type {Session} undefined until the first puzzle opens (input.js and hook.js check for it) */
let session;
/** How the page shows the session. */
const ui = {
  cursor: -1,
  showCursor: false,
  wrong: /** @type {Set<number>} */ (new Set()),
  solved: false,
  task: "idle", // idle | solving | checking | done | cancelled | error
  result: /** @type {SolveResult | null} */ (null), // the solver's last result for this puzzle
  shownSolution: 0,
  message: "",
  /** @type {import("./genres/index.js").Feedback} the clues' status as drawn (conflicts when flagged) */
  feedback: { lines: [], conflicts: [] },
  /** @type {import("./draw.js").Overlay | null} a hint's cells over the board */
  overlay: null,
};
/** The open puzzle's clock, and its best time by hand (ms, or null). */
const clock = new Clock();
let best = /** @type {number | null} */ (null);
/** The player's options, kept in storage. */
const settings = {
  flagConflicts: true,
  theme: /** @type {"dark" | "light" | null} */ (null),
  ...store.get("settings"),
};

/** Dark or light: the player's choice (the toggle), else the system's (prefers-color-scheme). */
const systemDark = matchMedia("(prefers-color-scheme: dark)");
function applyTheme() {
  const dark = settings.theme ? settings.theme === "dark" : systemDark.matches;
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  setPalette(dark);
  $("theme").setAttribute("aria-pressed", String(dark));
}
applyTheme();
/**
 * The board's room: its area's size, except when the area is stacked over the controls
 * (phones): then the area is as tall as the board, and the room is the column less the controls.
 */
function boardRoom() {
  const area = $("board-wrap");
  const column = /** @type {HTMLElement} */ (area.parentElement);
  if (getComputedStyle(column).flexDirection !== "column")
    return { width: area.clientWidth, height: area.clientHeight };
  const gap = Number.parseFloat(getComputedStyle(column).rowGap) || 0;
  return { width: area.clientWidth, height: column.clientHeight - $("controls").offsetHeight - gap };
}
/** What is drawn: the open puzzle's view, and its board (or the explanation's preview of it). */
const drawn = () => session && { view: session.view, board: assist.previewBoard() ?? session.board };
const painter = boardPainter(canvas, $("board-wrap"), $("under-board"), drawn, ui, boardRoom);
const assist = setupAssist({
  session: () => session,
  play: (edits) => play(edits),
  show: (overlay) => {
    ui.overlay = overlay;
    painter.draw();
  },
  say: (text, tone) => setMessage(text, tone),
});
/** What the genres see of the page (`Game` in genres/index.js); its puzzle and board are the session's. */
const game = {
  puzzle: /** @type {any} */ (null),
  board: /** @type {any} */ (null),
  ui,
  play: (/** @type {any[]} */ edits, /** @type {any} */ replacing = null) => play(edits, replacing),
  redraw: () => {
    painter.draw();
    describeBoard();
  },
  refresh: () => renderChrome(),
};

/** @param {import("./store.js").Entry} entry */
function openPuzzle(entry) {
  solving.cancel();
  const puzzle = normalise(entry.puzzle);
  const genre = genreOf(puzzle);
  const board = genre.newBoard(puzzle);
  saveProgress();
  /** @type {Partial<import("./store.js").Progress> | null} */
  const saved = store.get(`progress.${entry.id}`);
  const restored = board.restore(saved);
  clock.set(restored && typeof saved?.elapsed === "number" ? saved.elapsed : 0);
  best = typeof saved?.best === "number" ? saved.best : null;
  Object.assign(game, { puzzle, board });
  if (session) assist.boardChanged();
  const slots = { tools: $("genre-tools"), under: $("under-board") };
  slots.tools.replaceChildren();
  slots.under.replaceChildren();
  session = { entry, puzzle, genre, board, view: genre.view(puzzle), controls: genre.controls(game, slots) };
  const solved = genre.isSolved(puzzle, board);
  const cursor = board.cells.findIndex((_, i) => genre.playable(puzzle, i));
  Object.assign(ui, { cursor, showCursor: false, wrong: new Set(), solved, task: "idle", result: null });
  updateFeedback();
  runClock();
  ui.shownSolution = 0;
  setMessage(solved ? "Solved. Well done!" : "", solved ? "ok" : "");
  store.set("last", entry.id);
  store.set(`last.${puzzle.genre}`, entry.id);
  history.replaceState(null, "", `#${entry.difficulty === "custom" ? puzzleHash(puzzle) : `id=${entry.id}`}`);
  $("share-url").hidden = true;
  $("celebrate").hidden = true;
  renderList(puzzle.genre, entry.id, openPuzzle);
  renderChrome();
  painter.layout();
}

/** Open what the URL's hash names; false when it names nothing that opens. */
function openFromHash() {
  const named = readHash();
  if (named && "error" in named) showImportError("import-json-error", named.error);
  if (named && "puzzle" in named) {
    try {
      openPuzzle(customEntry(normalise(named.puzzle), "Shared puzzle"));
      return true;
    } catch (e) {
      showImportError("import-json-error", `The shared link holds no readable puzzle: ${e.message}`);
    }
  }
  const entry = named && "id" in named && PUZZLES.find((p) => p.id === named.id);
  if (entry) openPuzzle(entry);
  return Boolean(entry);
}

/** Play edits on the board (one undoable move), save, and notice a solve. */
function play(/** @type {any[]} */ edits, /** @type {any} */ replacing = null, quiet = false) {
  const move = session.board.play(edits, replacing);
  afterChange(quiet);
  return move;
}

/** The clues' status after a change (conflicts left out when the player turned flagging off). */
function updateFeedback() {
  const { lines, conflicts } = session.genre.feedback(session.puzzle, session.board);
  ui.feedback = settings.flagConflicts
    ? { lines, conflicts }
    : { lines: lines.map((status) => (status === "conflict" ? "" : status)), conflicts: [] };
}

function afterChange(quiet = false) {
  const { puzzle, genre, board, entry } = session;
  assist.boardChanged();
  ui.wrong = new Set();
  updateFeedback();
  const solved = genre.isSolved(puzzle, board);
  if (solved && !ui.solved && !quiet) celebrate();
  if (!solved && ui.solved) setMessage("", "");
  ui.solved = solved;
  if (solved && clock.running && !quiet) best = Math.min(best ?? Number.POSITIVE_INFINITY, clock.elapsed());
  runClock();
  saveProgress();
  showProgress(entry.id, { solved, best, elapsed: clock.elapsed(), percent: percentOf(board) });
  renderChrome();
  painter.draw();
}

/** Save the open puzzle's board, its solved mark and times. */
function saveProgress() {
  if (!session) return;
  const { entry, board } = session;
  /** @type {import("./store.js").Progress} */
  const progress = { ...board.toJSON(), solved: ui.solved, elapsed: Math.round(clock.elapsed()), best };
  store.set(`progress.${entry.id}`, progress);
}

/** The clock runs while the puzzle is open, unsolved and the page visible. */
function runClock() {
  if (!ui.solved && document.visibilityState === "visible") clock.start();
  else clock.stop();
  showClock();
}

function showClock() {
  $("timer").textContent = timeText(clock.elapsed());
  $("best-time").textContent = best === null ? "" : `best ${timeText(best)}`;
}

let celebration = 0;
function celebrate() {
  setMessage(`Solved! Every clue is satisfied, in ${timeText(clock.elapsed())}.`, "ok");
  const banner = $("celebrate");
  banner.hidden = true;
  void banner.offsetWidth; // restart the animation
  banner.hidden = false;
  clearTimeout(celebration);
  celebration = window.setTimeout(() => (banner.hidden = true), 2700);
}

document.addEventListener("visibilitychange", () => {
  if (!session) return;
  runClock();
  saveProgress();
});
window.addEventListener("pagehide", saveProgress);
// The clock's text every second; the time saved every ten (a crash loses at most that).
let ticks = 0;
setInterval(() => {
  if (!clock.running) return;
  showClock();
  if (++ticks % 10 === 0) saveProgress();
}, 1000);

const undo = () => session.board.undo() && afterChange();
const redo = () => session.board.redo() && afterChange();

/** Run the solver on the open puzzle; resolves to the result, or null (cancelled, failed, left). */
async function runSolver(/** @type {string} */ task, /** @type {string} */ label) {
  const current = session;
  ui.task = task;
  renderChrome();
  try {
    const result = await solving.solveShowingProgress(session.puzzle, SOLVE_OPTIONS, label, (t) =>
      setMessage(t, "busy"),
    );
    if (session !== current) return null;
    ui.result = result;
    ui.task = "done";
    return result;
  } catch (e) {
    if (session !== current) return null;
    ui.task = solving.isCancelled(e) ? "cancelled" : "error";
    if (solving.isCancelled(e)) setMessage("Cancelled. Your grid is untouched.", "");
    else setMessage(`The solver failed: ${e.message}. Your grid is untouched.`, "bad");
    return null;
  } finally {
    if (session === current) renderChrome();
  }
}

async function solveClicked() {
  const result = ui.result ?? (await runSolver("solving", "Solving"));
  if (!result) return;
  ui.task = "done";
  if (result.solutions.length) showSolution(0);
  setMessage(...solving.verdictMessage(result));
  renderChrome();
}

function showSolution(/** @type {number} */ k) {
  ui.shownSolution = k;
  const solution = /** @type {SolveResult} */ (ui.result).solutions[k];
  play(session.board.solutionEdits(solution, session.genre.solutionToCell), null, true);
  $("celebrate").hidden = true;
}

async function checkClicked() {
  const result = ui.result ?? (await runSolver("checking", "Checking"));
  if (!result) return;
  ui.task = "done";
  renderChrome();
  const solution = result.solutions[ui.shownSolution] ?? result.solutions[0];
  const wrong = solution ? session.board.wrongCells(solution, session.genre.solutionToCell) : [];
  ui.wrong = new Set(wrong);
  setMessage(...solving.checkMessage(result, wrong.length, ui.solved));
  painter.draw();
}

function setMessage(/** @type {string} */ text, /** @type {string} */ tone) {
  ui.message = text;
  $("status-text").textContent = text;
  $("status").className = `status ${tone}`;
}

/**
 * The board's label for screen readers: the puzzle, and the selected cell with its content
 * (the canvas itself is a picture).
 */
function describeBoard() {
  if (!session) return;
  const { entry, genre, board } = session;
  const i = ui.cursor;
  let where = "";
  if (i >= 0) {
    const v = board.cells[i];
    const what = genre.id === "nonogram" ? ["unknown", "filled", "marked empty"][v] : v ? `digit ${v}` : "empty";
    where = `; row ${Math.floor(i / board.width) + 1}, column ${(i % board.width) + 1}: ${what}`;
  }
  canvas.setAttribute(
    "aria-label",
    `${entry.name}, ${genre.name} ${sizeText(session.puzzle)}${where}${ui.solved ? "; solved" : ""}`,
  );
}

/** The title, the side panel's buttons and the help of the open puzzle. */
function renderChrome() {
  if (!session) return;
  const { entry, puzzle, genre, board } = session;
  $("puzzle-title").textContent = entry.name;
  $("puzzle-meta").textContent = [genre.name, sizeText(puzzle), ratingLabel(entry), entry.note]
    .filter(Boolean)
    .join(" · ");
  const working = ui.task === "solving" || ui.task === "checking";
  const disabled = { undo: !board.canUndo(), redo: !board.canRedo(), solve: working, check: working };
  for (const [id, off] of Object.entries(disabled)) /** @type {HTMLButtonElement} */ ($(id)).disabled = off;
  $("cancel").hidden = !working;
  $("show-other").hidden = !(ui.result?.status === "multiple" && ui.task === "done" && ui.result.solutions.length > 1);
  $("show-other").textContent = ui.shownSolution === 0 ? "Show another solution" : "Show the first solution";
  session.controls.update();
  $("help").innerHTML = genre.help;
  describeBoard();
}

makeTabs((id) => {
  if (session?.genre.id === id) return;
  const list = entries(id);
  openPuzzle(list.find((e) => e.id === store.get(`last.${id}`)) ?? list[0]);
});
/** @type {Record<string, () => void>} */
const clicks = {
  undo,
  redo,
  reset: () => {
    // A restart is a new attempt: the clock starts again from 0 (the best time stays).
    if (session.board.reset()) clock.set(0);
    afterChange();
  },
  solve: solveClicked,
  check: checkClicked,
  cancel: solving.cancel,
  "show-other": () => {
    showSolution(ui.shownSolution === 0 ? 1 : 0);
    renderChrome();
  },
  share: () => share(session.puzzle),
};
for (const [id, click] of Object.entries(clicks)) $(id).addEventListener("click", click);
listen(canvas, () => session, game, { undo, redo });
setupImport(
  (puzzle) => solving.solve(puzzle, { maxSolutions: 2, timeLimitMs: 300 }),
  (puzzle, name, verdict) => {
    openPuzzle(customEntry(puzzle, name));
    if (verdict.status !== "unknown") ui.result = verdict;
    setMessage(...solving.loadedMessage(verdict));
  },
);
window.addEventListener("hashchange", () => openFromHash());
systemDark.addEventListener("change", () => {
  applyTheme();
  painter.draw();
});
$("theme").addEventListener("click", () => {
  settings.theme = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
  store.set("settings", settings);
  applyTheme();
  painter.draw();
});
/** The puzzle list as a drawer (phones): ☰ opens it, the backdrop, Escape or a choice closes it. */
function setDrawer(/** @type {boolean} */ open) {
  document.body.classList.toggle("drawer-open", open);
  $("drawer-toggle").setAttribute("aria-expanded", String(open));
  if (open) /** @type {HTMLElement | null} */ ($("puzzle-list").querySelector("button"))?.focus();
}
$("drawer-toggle").addEventListener("click", () => setDrawer(!document.body.classList.contains("drawer-open")));
$("drawer-backdrop").addEventListener("click", () => setDrawer(false));
$("puzzle-list").addEventListener("click", () => setDrawer(false));
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && document.body.classList.contains("drawer-open")) setDrawer(false);
});
const flagBox = /** @type {HTMLInputElement} */ ($("flag-conflicts"));
flagBox.checked = settings.flagConflicts;
flagBox.addEventListener("change", () => {
  settings.flagConflicts = flagBox.checked;
  store.set("settings", settings);
  if (!session) return;
  updateFeedback();
  painter.draw();
});
exposeState(
  canvas,
  () => session,
  ui,
  () => ({ elapsed: clock.elapsed(), running: clock.running, best }),
);

// The board is drawn before any wasm is compiled: the puzzle opens at once, unless the link
// holds a puzzle text (#p=…), which needs the text formats' wasm to read. The main thread only
// reads and writes puzzle texts (links, imports): it loads the text formats' wasm alone; the
// solver's is loaded by the worker. Should it fail to load, the page still opens and plays.
const formats = initFormats().catch((e) => console.warn(`gridlogic: puzzle texts unavailable (${e.message})`));
const openFirst = () => {
  if (!openFromHash()) {
    const all = GENRES.flatMap((g) => entries(g.id));
    openPuzzle(all.find((e) => e.id === store.get("last")) ?? all[0]);
  }
  performance.mark("gridlogic:board-drawn"); // painter.layout drew it synchronously
};
// A custom puzzle opened before the formats were there gets its link now.
const relink = () => {
  if (session.entry.difficulty === "custom") history.replaceState(null, "", `#${puzzleHash(session.puzzle)}`);
};
const needsFormats = new URLSearchParams(location.hash.slice(1)).has("p");
if (!needsFormats) openFirst();
await formats;
performance.mark("gridlogic:formats-ready");
if (needsFormats) openFirst();
else relink();
// Offline after one visit (sw.js); a page opened from a file or an insecure origin plays without it.
if ("serviceWorker" in navigator && isSecureContext) {
  navigator.serviceWorker.register("sw.js").catch((e) => console.warn(`gridlogic: no offline copy (${e.message})`));
}
