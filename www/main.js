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
import { celebrate, renderChrome as showChrome, setMessage as say } from "./chrome.js";
import { $ } from "./dom.js";
import { closeDrawer, setupDrawer } from "./drawer.js";
import { GENRES, normalise } from "./js/board/genres/index.js";
import { exposeState } from "./hook.js";
import { importName, setupImport, showImportError } from "./importer.js";
import "./js/board/element.js";
import { formats, later, lazyDialog, loadFormats } from "./later.js";
import { puzzleHash, readHash, share } from "./links.js";
import { makeTabs, percentOf, renderList, showProgress } from "./list.js";
import { settings, setupOptions } from "./options.js";
import { keepProgress } from "./progress.js";
import { PUZZLES } from "./puzzles.js";
import { ui } from "./session.js";
import * as solving from "./solving.js";
import { customEntry, entries, store } from "./store.js";
import { verdicts } from "./verdicts.js";

/** The board: `<gridlogic-board>` (js/board/element.js), with the page's side panel as its chrome. */
const boardEl = /** @type {import("./js/board/element.js").GridlogicBoard} */ ($("player"));
const canvas = boardEl.canvas;
canvas.id = "board";
// The help beside the board describes it (across the shadow root: element reflection).
Object.assign(canvas, { ariaDescribedByElements: [$("help")] });
/** @type {import("./session.js").Session} undefined until the first puzzle opens (hook.js checks for it) */
let session;
const progress = keepProgress(() => session, ui, boardEl.clock);
const setMessage = (/** @type {string} */ text, /** @type {string} */ tone, echo = false) => say(ui, text, tone, echo);
const renderChrome = () => session && showChrome(boardEl, session, ui);
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
const assist = setupAssist({
  session: () => session,
  play: (edits, reveal) => boardEl.play(edits, null, reveal),
  show: (overlay) => {
    ui.overlay = overlay;
    boardEl.draw();
  },
  say: setMessage,
});
boardEl.flagConflicts = settings.flagConflicts;
boardEl.attachChrome({
  look: ui,
  tools: $("genre-tools"),
  under: $("under-board"),
  zoom: {
    bar: $("zoom"),
    in: /** @type {HTMLButtonElement} */ ($("zoom-in")),
    out: /** @type {HTMLButtonElement} */ ($("zoom-out")),
    fit: /** @type {HTMLButtonElement} */ ($("zoom-fit")),
  },
  room: boardRoom,
  keys: document,
  preview: () => assist.previewBoard(),
  changed: (change) => afterChange(change),
});
// The room follows the board's area and its column (the side panel's height on phones).
const resized = new ResizeObserver(() => boardEl.layout());
resized.observe($("board-wrap"));
resized.observe(/** @type {HTMLElement} */ ($("board-wrap").parentElement));
const solver = verdicts({
  current: () => session,
  ui,
  say: setMessage,
  refresh: renderChrome,
  redraw: () => boardEl.draw(),
  play: (edits, replacing, quiet) => boardEl.play(edits, replacing, quiet),
});

/** @param {import("./store.js").Entry} entry */
function openPuzzle(entry) {
  solving.cancel();
  const puzzle = normalise(entry.puzzle);
  progress.save();
  if (session) assist.boardChanged();
  session = {
    entry,
    ...boardEl.open(puzzle, { name: entry.name, restore: (board) => progress.restore(entry, board) }),
  };
  Object.assign(ui, { task: "idle", result: null });
  const { solved } = ui;
  progress.run();
  ui.shownSolution = 0;
  setMessage(solved ? "Solved. Well done!" : "", solved ? "ok" : "");
  store.set("last", entry.id);
  store.set(`last.${puzzle.genre}`, entry.id);
  link();
  $("share-url").hidden = true;
  $("celebrate").hidden = true;
  renderList(puzzle.genre, entry.id, openPuzzle);
  renderChrome();
  boardEl.layout(); // the side panel's new help and tools changed the room (phones)
}

/**
 * The open puzzle in the URL's hash: `#id=…`, or a custom puzzle's text, which needs the text
 * formats' wasm (loaded now if it is not yet; the hash follows once it is).
 */
function link() {
  const { entry, puzzle } = session;
  const custom = entry.difficulty === "custom";
  history.replaceState(null, "", `#${custom ? puzzleHash(puzzle) : `id=${entry.id}`}`);
  if (custom && !formats) loadedFormats().then(() => formats && session.entry === entry && link());
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
 * The page's part of a change of the board (the element has played it, updated the clues'
 * status and `ui.solved`): a solve by hand is celebrated and timed; a revealed one (the solver's
 * edits, until Restart) is neither; the progress is saved and shown.
 * @param {{ reveal: boolean, was: boolean, restarted: boolean }} change
 */
function afterChange({ reveal, was, restarted }) {
  const { board, entry } = session;
  if (restarted) ui.revealed = false; // a new attempt: a revealed puzzle may be solved by hand again
  assist.boardChanged();
  const solved = ui.solved;
  if (solved && reveal) ui.revealed = true;
  if (solved && !was) {
    if (ui.revealed) setMessage("Revealed: the solution is on the board, so no time is recorded.", "");
    else celebrate(ui, progress.clock.elapsed());
  }
  if (!solved && was) setMessage("", "");
  if (solved && !ui.revealed) progress.solvedByHand();
  progress.run();
  progress.save();
  const { best, clock } = progress;
  showProgress(entry.id, { solved, revealed: ui.revealed, best, elapsed: clock.elapsed(), percent: percentOf(board) });
  renderChrome();
}

const undo = () => boardEl.undo();
const redo = () => boardEl.redo();

makeTabs((id) => {
  if (session?.genre.id === id) return;
  const list = entries(id);
  openPuzzle(list.find((e) => e.id === store.get(`last.${id}`)) ?? list[0]);
});
/** @type {Record<string, () => void>} */
const clicks = {
  undo,
  redo,
  // A restart is a new attempt: the clock starts again from 0 (the best time stays).
  reset: () => boardEl.reset(),
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
  () => boardEl.draw(),
  () => {
    boardEl.flagConflicts = settings.flagConflicts;
    boardEl.updateFeedback();
    boardEl.draw();
  },
);
// The dialogs' modules load on first use or once the page is idle (later.js), with the text
// formats' wasm: the puzzles they make are linked by their text.
lazyDialog("create-open", () =>
  import("./create.js").then((m) => {
    m.setupCreate({ open: openPuzzle, genre: () => session?.genre.id });
    loadedFormats();
  }),
);
/** @type {typeof import("./picture.js") | null} */
let pictureModule = null;
lazyDialog("picture-open", () =>
  import("./picture.js").then((m) => {
    pictureModule = m;
    m.setupPicture({ open: openPuzzle });
    loadedFormats();
  }),
);
exposeState(
  canvas,
  () => session,
  ui,
  progress.timing,
  () => /** @type {any} */ (boardEl.painter).camera,
  () => pictureModule?.pictureState() ?? null,
);

// The board is drawn before any wasm is compiled: the puzzle opens at once, unless the link
// holds a puzzle text (#p=…), which needs the text formats' wasm to read. The main thread only
// reads and writes puzzle texts (links, imports): it loads the text formats' wasm alone, once
// the page is idle (later.js) unless the link needs it now; the solver's is loaded by the
// worker. Should it fail to load, the page still opens and plays.
const loadedFormats = () =>
  loadFormats().catch((e) => console.warn(`gridlogic: puzzle texts unavailable (${e.message})`));
const openFirst = () => {
  openLink();
  performance.mark("gridlogic:board-drawn"); // the board's layout drew it synchronously
};
if (new URLSearchParams(location.hash.slice(1)).has("p")) {
  await loadedFormats();
  performance.mark("gridlogic:formats-ready");
  openFirst();
} else {
  openFirst();
  later(() => loadedFormats().then(() => performance.mark("gridlogic:formats-ready")));
}
// Offline after one visit (sw.js), set up once the page is idle; a page opened from a file or
// an insecure origin plays without it.
if ("serviceWorker" in navigator && isSecureContext) {
  later(() =>
    navigator.serviceWorker.register("sw.js").catch((e) => console.warn(`gridlogic: no offline copy (${e.message})`)),
  );
}
