// The play page's shell. It knows genres only through the genre table (genres/index.js): the
// open genre makes the board, draws it, reads presses on cells and the keys the page does not
// take (input.js), and puts its tools in the side panel. The shell opens puzzles and plays
// moves (with undo); the rest is in its modules: the solver's verdicts (verdicts.js), the
// progress and clock (progress.js), the text around the board (chrome.js), the list (list.js,
// drawer.js, ratings.js), hints (assist.js), new puzzles (create.js, picture.js), links
// (links.js), options and theme (options.js), storage (store.js) and imports (importer.js).
//
// State lives in three places: `session.board` is what the player wrote (saved to
// localStorage after every move); `ui` (session.js) is how the page shows it; the genre's
// view caches its own geometry.

import { setupAssist } from "./assist.js";
import { setupCreate } from "./create.js";
import { celebrate, describeBoard, renderChrome as showChrome, setMessage as say } from "./chrome.js";
import { $ } from "./dom.js";
import { closeDrawer, setupDrawer } from "./drawer.js";
import { GENRES, genreOf, normalise } from "./genres/index.js";
import { exposeState } from "./hook.js";
import { importName, setupImport, showImportError } from "./importer.js";
import { listen } from "./input.js";
import { initFormats } from "./js/browser.js";
import { puzzleHash, readHash, share } from "./links.js";
import { setupPicture } from "./picture.js";
import { makeTabs, percentOf, renderList, showProgress } from "./list.js";
import { boardPainter } from "./painter.js";
import { settings, setupOptions } from "./options.js";
import { keepProgress } from "./progress.js";
import { PUZZLES } from "./puzzles.js";
import { ui } from "./session.js";
import * as solving from "./solving.js";
import { customEntry, entries, store } from "./store.js";
import { verdicts } from "./verdicts.js";
import { setupZoom } from "./zoom.js";

const canvas = /** @type {HTMLCanvasElement} */ ($("board"));
/** @type {import("./session.js").Session} undefined until the first puzzle opens (input.js and hook.js check for it) */
let session;
const progress = keepProgress(() => session, ui);
const setMessage = (/** @type {string} */ text, /** @type {string} */ tone, echo = false) => say(ui, text, tone, echo);
const renderChrome = () => session && showChrome(canvas, session, ui);
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
  play: (edits, reveal) => play(edits, null, reveal),
  show: (overlay) => {
    ui.overlay = overlay;
    painter.draw();
  },
  say: setMessage,
});
/** What the genres see of the page (`Game` in genres/index.js); its puzzle and board are the session's. */
const game = {
  puzzle: /** @type {any} */ (null),
  board: /** @type {any} */ (null),
  ui,
  play: (/** @type {any[]} */ edits, /** @type {any} */ replacing = null) => play(edits, replacing),
  redraw: () => {
    painter.draw();
    if (session) describeBoard(canvas, session, ui);
  },
  refresh: () => renderChrome(),
};
const solver = verdicts({
  current: () => session,
  ui,
  say: setMessage,
  refresh: renderChrome,
  redraw: () => painter.draw(),
  play: (edits, replacing, quiet) => play(edits, replacing, quiet),
});

/** @param {import("./store.js").Entry} entry */
function openPuzzle(entry) {
  solving.cancel();
  const puzzle = normalise(entry.puzzle);
  const genre = genreOf(puzzle);
  const board = genre.newBoard(puzzle);
  progress.save();
  progress.restore(entry, board);
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
  progress.run();
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

/**
 * Open what the URL's hash names: true when it opened, else why not ("" when it names nothing,
 * else an error for the status line, where the player looks: a broken link is not silent).
 */
function openFromHash() {
  const named = readHash();
  let error = "";
  if (named && "error" in named) error = named.error;
  if (named && "puzzle" in named) {
    try {
      const puzzle = normalise(named.puzzle);
      openPuzzle(customEntry(puzzle, (id) => importName(puzzle, "", id)));
      return true;
    } catch (e) {
      error = `The shared link holds no readable puzzle: ${e.message}`;
    }
  }
  const entry = named && "id" in named && PUZZLES.find((p) => p.id === named.id);
  if (entry) openPuzzle(entry);
  else if (named && "id" in named) error = `The link names no puzzle of this page (“${named.id}”).`;
  if (error) showImportError("import-json-error", error);
  return entry ? true : error;
}

/** Open what the URL's hash names (else, with none open yet, the last puzzle), and say why a link did not open. */
function openLink() {
  const opened = openFromHash();
  if (opened === true) return;
  if (!session) {
    const all = GENRES.flatMap((g) => entries(g.id));
    openPuzzle(all.find((e) => e.id === store.get("last")) ?? all[0]);
  }
  if (opened) setMessage(`${opened} Showing “${session.entry.name}” instead.`, "bad");
}

/**
 * Play edits on the board (one undoable move), save, and notice a solve. `reveal`: the edits are
 * the solver's or the explanation's, so a board they solve is revealed, not solved by hand.
 */
function play(/** @type {any[]} */ edits, /** @type {any} */ replacing = null, reveal = false) {
  const move = session.board.play(edits, replacing);
  afterChange(reveal);
  return move;
}

/** The clues' status after a change (conflicts left out when the player turned flagging off). */
function updateFeedback() {
  const { lines, conflicts } = session.genre.feedback(session.puzzle, session.board);
  ui.feedback = settings.flagConflicts
    ? { lines, conflicts }
    : { lines: lines.map((status) => (status === "conflict" ? "" : status)), conflicts: [] };
}

/** A solve by hand is celebrated and timed; a revealed one (until Restart) is neither. */
function afterChange(reveal = false) {
  const { puzzle, genre, board, entry } = session;
  assist.boardChanged();
  ui.wrong = new Set();
  updateFeedback();
  const solved = genre.isSolved(puzzle, board);
  if (solved && reveal) ui.revealed = true;
  if (solved && !ui.solved) {
    if (ui.revealed) setMessage("Revealed: the solution is on the board, so no time is recorded.", "");
    else celebrate(ui, progress.clock.elapsed());
  }
  if (!solved && ui.solved) setMessage("", "");
  ui.solved = solved;
  if (solved && !ui.revealed) progress.solvedByHand();
  progress.run();
  progress.save();
  const { best, clock } = progress;
  showProgress(entry.id, { solved, revealed: ui.revealed, best, elapsed: clock.elapsed(), percent: percentOf(board) });
  renderChrome();
  painter.draw();
}

const undo = () => session.board.undo() && afterChange();
const redo = () => session.board.redo() && afterChange();

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
    // A restart is a new attempt: the clock starts again from 0 (the best time stays), and a
    // revealed puzzle may be solved by hand again.
    if (session.board.reset()) {
      progress.clock.set(0);
      ui.revealed = false;
    }
    afterChange();
  },
  solve: solver.solve,
  check: solver.check,
  cancel: solving.cancel,
  "show-other": () => {
    solver.showSolution(ui.shownSolution === 0 ? 1 : 0);
    renderChrome();
  },
  share: async () => {
    const copied = await share(session.puzzle);
    setMessage(
      copied ? "Link copied: paste it to share this puzzle." : "Copy the link from the field below the button.",
      "ok",
    );
  },
};
for (const [id, click] of Object.entries(clicks)) $(id).addEventListener("click", click);
listen(canvas, () => session, game, { undo, redo }, { camera: painter.camera, zoom: setupZoom(canvas, painter) });
setupImport(
  (puzzle) => solving.solve(puzzle, { maxSolutions: 2, timeLimitMs: 300 }),
  (puzzle, title, verdict) => {
    openPuzzle(customEntry(puzzle, (id) => importName(puzzle, title, id)));
    closeDrawer();
    if (verdict.status !== "unknown") ui.result = verdict;
    setMessage(...solving.loadedMessage(verdict));
  },
  (text) => setMessage(`Not loaded: ${text}`, "bad"),
);
// A hash the page wrote itself (replaceState) fires no hashchange: only a link the player followed.
window.addEventListener("hashchange", openLink);
setupDrawer();
setupOptions(
  () => painter.draw(),
  () => {
    if (!session) return;
    updateFeedback();
    painter.draw();
  },
);
setupCreate({ open: openPuzzle, genre: () => session?.genre.id });
setupPicture({ open: openPuzzle });
exposeState(canvas, () => session, ui, progress.timing, painter.camera);

// The board is drawn before any wasm is compiled: the puzzle opens at once, unless the link
// holds a puzzle text (#p=…), which needs the text formats' wasm to read. The main thread only
// reads and writes puzzle texts (links, imports): it loads the text formats' wasm alone; the
// solver's is loaded by the worker. Should it fail to load, the page still opens and plays.
const formats = initFormats().catch((e) => console.warn(`gridlogic: puzzle texts unavailable (${e.message})`));
const openFirst = () => {
  openLink();
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
