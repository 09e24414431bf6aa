// `<gridlogic-board>`: the play page's board as a custom element, for any site. One element
// is one puzzle: its canvas in an open shadow root, drawn by the genre's view through a camera
// (painter.js, zoom.js: big boards zoom and pan as on the page), played by mouse, touch and
// keyboard (input.js, the genre's handlers: pencil marks, drags, the digit pad), with undo.
//
// Puzzle in: the `puzzle` attribute (text in any format the package reads: a JSON puzzle is
// read at once, any other text through the text formats' wasm, loaded on first need), the
// `puzzle` property (the API's puzzle object) or the `src` attribute (a URL of such a text).
// State out: `board` (the API's PlayerBoard, also settable), `solved`, and the events
// `change` (detail: the board), `solved` (detail: { time, revealed }: the milliseconds the
// puzzle was open and visible, and whether the solver's solution solved it) and `error`
// (detail: the message, which the element shows in place of the board). `ready` fires once a
// puzzle is drawn. check(), hint(), explain() and solve() ask the page's one solver worker
// (workers.js `sharedSolver`), which loads the explained logic's wasm only on the first hint
// or explanation.
//
// Attributes: `readonly` (shown, not played), `controls` (built-in buttons, none by default:
// "undo redo reset check hint explain solve tools zoom", or "all"), `theme` (light, dark, or
// auto: the system's), `save-key` (progress kept in localStorage under that key). Looks:
// the CSS custom properties --gridlogic-ink, -paper, -grid, -accent and -marks (the canvas),
// --gridlogic-background (the element's box: none when light, dark paper when dark), and the
// parts `canvas`, `controls`, `button` (every built-in button, also named by its action),
// `tools`, `message` and `error`.
//
// The play page (www/main.js) is its first user: it hands the element its own side panel for
// the genre's tools, the pad and the zoom buttons, and its key scope, with `attachChrome`.

import { sharedSolver } from "../workers.js";
import { Clock } from "./clock.js";
import { button } from "./dom.js";
import { COLORS, setPalette, stepOverlay } from "./draw.js";
import { genreOf, normalise, sizeText } from "./genres/index.js";
import { listen } from "./input.js";
import { boardPainter } from "./painter.js";
import { setupZoom } from "./zoom.js";

/** @typedef {import("./board.js").Board} Board */
/** @typedef {import("./board.js").Edit} Edit */
/** @typedef {import("./board.js").Move} Move */
/** @typedef {import("./genres/index.js").Genre} Genre */
/** @typedef {import("./draw.js").View} View */
/** @typedef {import("./draw.js").Look} Look */
/** @typedef {import("../api.js").PlayerBoard} PlayerBoard */
/** @typedef {import("../api.js").HintResult} HintResult */
/**
 * Where a host page puts the board's surroundings (the play page: its side panel), set by
 * `attachChrome` before the first puzzle opens. Every member is optional.
 * @typedef {object} Chrome
 * @property {HTMLElement} [tools] where the genre's tools go (default: the element's tool bar)
 * @property {HTMLElement} [under] where the digit pad or palette goes (default: under the canvas)
 * @property {{ bar: HTMLElement, in: HTMLButtonElement, out: HTMLButtonElement, fit: HTMLButtonElement }} [zoom]
 *   the zoom buttons (default: the element's own, with `controls` "zoom")
 * @property {() => { width: number, height: number }} [room] the room the board may take
 * @property {EventTarget} [keys] where keys are heard (default: the element, while it has focus)
 * @property {() => Board | null} [preview] a board to draw in place of the player's (an explanation's)
 * @property {(change: { reveal: boolean, was: boolean, restarted: boolean }) => void} [changed] told after
 *   every change of the board: whether the solver's edits made it (`reveal`), whether it was solved
 *   before (`was`: `look.solved` is the new state), whether it was a restart
 * @property {Look} [look] the look to draw (the page's UI state, which holds a look's members and more)
 */

/** The built-in buttons, in their order: [action, label, title]. */
const BUTTONS = [
  ["undo", "↶ Undo", "Undo (Ctrl+Z)"],
  ["redo", "↷ Redo", "Redo (Ctrl+Y)"],
  ["reset", "Restart", "Clear the grid"],
  ["check", "Check", "Highlight wrong cells"],
  ["hint", "Hint", "The next logical step"],
  ["explain", "Explain", "The solution path from your board, a step at a time"],
  ["solve", "Solve", "Show the solution"],
];
const SOLVE_OPTIONS = { maxSolutions: 2, timeLimitMs: 60000 };
const EXPLAIN_LIMITS = { timeLimitMs: 20000 };
/** The palette entries a page may set by CSS custom property (--gridlogic-<name>). */
const CUSTOM = {
  ink: ["ink"],
  paper: ["paper", "cell", "digitCell"],
  grid: ["grid"],
  accent: ["cursor", "player"],
  marks: ["inkSoft", "cross"],
};

const STYLE = `
:host { display: block; position: relative; min-width: 8rem; color: var(--gridlogic-ink, #1d2330);
  background: var(--gridlogic-background, transparent);
  font: 500 0.95rem "Inter", "Segoe UI", system-ui, sans-serif;
  --line: #d8d3c6; --surface: #fff; --accent: var(--gridlogic-accent, #2f6fde); --pressed: #e3ecfc; }
:host([data-dark]) { color: var(--gridlogic-ink, #e7eaf0); background: var(--gridlogic-background, #1b1f27); --line: #343a46; --surface: #222731;
  --accent: var(--gridlogic-accent, #6f9dff); --pressed: #22324f; }
[hidden] { display: none !important; }
.frame { display: flex; flex-direction: column; align-items: center; gap: 0.5rem; }
.stack, .under { display: flex; flex-direction: column; align-items: center; gap: 0.5rem; max-width: 100%; }
canvas { display: block; touch-action: none; background: var(--gridlogic-paper, transparent); border-radius: 6px;
  user-select: none; -webkit-user-select: none; }
canvas:focus-visible, button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.bar, .numpad, .palette { display: flex; flex-wrap: wrap; gap: 0.3rem; justify-content: center; }
.bar:empty, .under:empty { display: none; }
button { font: inherit; color: inherit; background: var(--surface); border: 1px solid var(--line); border-radius: 8px;
  padding: 0.35rem 0.75rem; min-height: 2.4rem; cursor: pointer; touch-action: manipulation; }
button:disabled { opacity: 0.45; cursor: default; }
button[aria-pressed="true"] { border-color: var(--accent); background: var(--pressed); }
.numpad button, .palette button { min-width: 2.6rem; height: 2.6rem; font-weight: 600; }
.palette button[aria-pressed="true"] { outline: 3px solid var(--accent); outline-offset: 2px; }
.frame > .message { margin: -0.5rem 0 0; font-size: 0.9rem; text-align: center; max-width: 40rem; }
.frame > .message:not(:empty) { margin: 0; }
.error { margin: 0; padding: 0.6rem 0.8rem; border: 1px solid #e0a29c; border-radius: 8px; color: #9b2c23;
  background: #fdeceb; white-space: pre-wrap; }
:host([data-dark]) .error { color: #ffb4ab; background: #3a1f1f; border-color: #6b2f2f; }
`;

const systemDark = globalThis.matchMedia?.("(prefers-color-scheme: dark)");
/** @type {Promise<typeof import("../../pkg/gridlogic_formats.js")> | null} */
let formats = null;
/**
 * The text formats' module (`parsePuzzle`, `formatPuzzle`), its wasm loaded on the first call
 * (the board calls it on the first puzzle text that is not JSON; a page may call it earlier).
 */
export const loadFormats = () =>
  (formats ??= import("../../pkg/gridlogic_formats.js").then(async (module) => {
    await module.default();
    return module;
  }));
const parseText = async (/** @type {string} */ text) =>
  /^\s*\{/.test(text) ? JSON.parse(text) : (await loadFormats()).parsePuzzle(text);

/** The base class where custom elements do not exist (a server): the module still loads. */
const Base = /** @type {typeof HTMLElement} */ (globalThis.HTMLElement ?? class {});

export class GridlogicBoard extends Base {
  static observedAttributes = ["puzzle", "src", "readonly", "controls", "theme"];

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = `<style>${STYLE}</style><div class="frame"><div class="bar" part="controls"></div>
<div class="bar" part="tools"></div><div class="stack"><canvas part="canvas" tabindex="0" role="application"
aria-roledescription="puzzle grid" aria-label="Puzzle grid"></canvas><div class="under"></div></div>
<p class="message" part="message" role="status" aria-live="polite"></p><p class="error" part="error" role="alert" hidden></p></div>`;
    const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (root.querySelector(selector));
    this.canvas = /** @type {HTMLCanvasElement} */ ($("canvas"));
    this.parts = {
      frame: $(".frame"),
      controls: $("[part=controls]"),
      tools: $("[part=tools]"),
      under: $(".under"),
      message: $(".message"),
      error: $(".error"),
    };
    /** The look the views draw (the play page hands its own `ui`, which holds these and more). @type {Look} */
    this.look = {
      cursor: -1,
      showCursor: false,
      wrong: new Set(),
      solved: false,
      feedback: { lines: [], conflicts: [] },
      overlay: null,
    };
    /** Whether a conflict (a digit repeated, a line that cannot fit) is shown red. */
    this.flagConflicts = true;
    /** The puzzle's name, for its label to screen readers. */
    this.name = "";
    /** The solver's solution solved it (no solve by hand until reset). */
    this.revealed = false;
    this.clock = new Clock();
    /** @type {Chrome} */
    this.chrome = {};
    /** @type {{ puzzle: any, genre: Genre, board: Board, view: View, controls: { update: () => void } } | null} */
    this.session = null;
    /** @type {any} the solver's answer for this puzzle (Check and Solve share it) */
    this.result = null;
    this.loading = 0;
    /** @type {ReturnType<typeof boardPainter> | null} */
    this.painter = null;
    const element = this;
    /** What the genres see (genres/index.js `Game`). */
    this.game = {
      get puzzle() {
        return element.session?.puzzle;
      },
      get board() {
        return /** @type {Board} */ (element.session?.board);
      },
      get ui() {
        return element.look;
      },
      play: (/** @type {Edit[]} */ edits, /** @type {Move | null} */ replacing = null) => this.play(edits, replacing),
      redraw: () => {
        this.draw();
        this.describe();
      },
      refresh: () => this.session?.controls.update(),
    };
    this.buttons = /** @type {Record<string, HTMLButtonElement>} */ ({});
    for (const [action, label, title] of BUTTONS) {
      const b = button(label, () => void (/** @type {any} */ (this)[action]()), { title });
      b.setAttribute("part", `button ${action}`);
      this.buttons[action] = b;
    }
    this.zoomBar = document.createElement("span");
    this.zoomBar.className = "bar";
    const zoomButton = (/** @type {string} */ label, /** @type {string} */ title) => {
      const b = button(label, () => {}, { title });
      b.setAttribute("part", "button zoom");
      b.setAttribute("aria-label", title);
      this.zoomBar.append(b);
      return b;
    };
    this.ownZoom = {
      bar: this.zoomBar,
      out: zoomButton("−", "Zoom out"),
      in: zoomButton("+", "Zoom in"),
      fit: zoomButton("⤢", "Show the whole board"),
    };
    systemDark?.addEventListener("change", () => this.applyTheme());
    document.addEventListener("visibilitychange", () => this.runClock());
  }

  /**
   * Hand the board's surroundings to a host page (before the first puzzle opens): see `Chrome`.
   * @param {Chrome} chrome
   */
  attachChrome(chrome) {
    this.chrome = chrome;
    if (chrome.look) this.look = chrome.look;
  }

  connectedCallback() {
    this.applyTheme();
    this.renderControls();
  }

  /** @param {string} name @param {string | null} _old @param {string | null} value */
  attributeChangedCallback(name, _old, value) {
    if (name === "puzzle" && value !== null) this.load(() => parseText(value));
    else if (name === "src" && value !== null) {
      this.load(async () => {
        const response = await fetch(value);
        if (!response.ok) throw new Error(`${value} answered ${response.status} ${response.statusText}`);
        return parseText(await response.text());
      });
    } else if (name === "theme") this.applyTheme();
    else this.renderControls();
  }

  /** The canvas's painter, input and zoom, made when the first puzzle opens (the host's chrome known by then). */
  start() {
    const { chrome } = this;
    const under = chrome.under ?? this.parts.under;
    const drawn = () => {
      if (!this.session) return undefined;
      this.usePalette();
      return { view: this.session.view, board: chrome.preview?.() ?? this.session.board };
    };
    const painter = boardPainter(this.canvas, this, under, drawn, this.look, chrome.room ?? (() => this.room()));
    this.painter = painter;
    const zoom = setupZoom(this.canvas, painter, chrome.zoom ?? this.ownZoom);
    listen(
      this.canvas,
      () => (this.readOnly ? undefined : (this.session ?? undefined)),
      this.game,
      { undo: () => this.undo(), redo: () => this.redo() },
      { camera: painter.camera, zoom },
      chrome.keys ?? this,
    );
  }

  /** The room the board may take: the element's width, and its height unless that is the board's (auto). */
  room() {
    const bars = [this.parts.controls, this.parts.tools, this.parts.message, this.parts.error]
      .filter((e) => e.offsetHeight)
      .reduce((sum, e) => sum + e.offsetHeight + 8, 0);
    const auto = !this.computedStyleMap || String(this.computedStyleMap().get("height")) === "auto";
    const height = auto ? Math.max(240, window.innerHeight * 0.85) : this.clientHeight;
    return { width: this.clientWidth, height: height - bars };
  }

  get readOnly() {
    return this.hasAttribute("readonly");
  }

  /** Light or dark, by the `theme` attribute (auto: the system's). */
  get dark() {
    const theme = this.getAttribute("theme");
    return theme === "dark" || (theme !== "light" && Boolean(systemDark?.matches));
  }

  applyTheme() {
    this.toggleAttribute("data-dark", this.dark);
    this.draw();
  }

  /** Put this board's palette in place for its paint: the theme's, with the page's custom properties over it. */
  usePalette() {
    setPalette(this.dark);
    const style = getComputedStyle(this);
    for (const [name, entries] of Object.entries(CUSTOM)) {
      const value = style.getPropertyValue(`--gridlogic-${name}`).trim();
      if (value) for (const entry of entries) /** @type {any} */ (COLORS)[entry] = value;
    }
  }

  /** The built-in buttons the `controls` attribute asks for. */
  renderControls() {
    const asked = (this.getAttribute("controls") ?? "").split(/[\s,]+/);
    const all = asked.includes("all");
    const wanted = (/** @type {string} */ name) => all || asked.includes(name);
    const playing = !this.readOnly;
    this.parts.controls.replaceChildren(
      ...BUTTONS.filter(([action]) => playing && wanted(action)).map(([action]) => this.buttons[action]),
      ...(wanted("zoom") && !this.chrome.zoom ? [this.zoomBar] : []),
    );
    this.parts.tools.hidden = !(playing && wanted("tools"));
    this.parts.under.hidden = !playing;
    this.updateButtons();
  }

  updateButtons() {
    const board = this.session?.board;
    this.buttons.undo.disabled = !board?.canUndo();
    this.buttons.redo.disabled = !board?.canRedo();
    for (const action of ["reset", "check", "hint", "explain", "solve"]) this.buttons[action].disabled = !board;
  }

  /**
   * Load a puzzle from what `read` gives (later loads win); a failure is shown and sent as `error`.
   * @param {() => Promise<any>} read
   */
  async load(read) {
    const mine = ++this.loading;
    try {
      const raw = await read();
      if (mine === this.loading) this.open(raw);
    } catch (e) {
      if (mine === this.loading) this.fail(String(e?.message ?? e));
    }
  }

  /** Show `message` in place of the board and send it as `error`. */
  fail(/** @type {string} */ message) {
    this.session = null;
    this.parts.error.textContent = `This puzzle could not be shown: ${message}`;
    this.parts.error.hidden = false;
    this.canvas.hidden = true;
    this.dispatchEvent(new CustomEvent("error", { detail: message }));
  }

  /** The puzzle open (the API's shape, normalised), or null. */
  get puzzle() {
    return this.session?.puzzle ?? null;
  }

  set puzzle(raw) {
    this.loading++;
    try {
      this.open(raw);
    } catch (e) {
      this.fail(String(e?.message ?? e));
    }
  }

  /**
   * Open a puzzle (any API-shaped object: it is checked, errors name the place). `restore` may
   * put saved progress on the new board (the page's storage); else `save-key`'s is restored.
   * @param {any} raw
   * @param {{ name?: string, restore?: (board: Board) => void }} [options]
   */
  open(raw, { name, restore } = {}) {
    const puzzle = normalise(raw);
    const genre = genreOf(puzzle);
    const board = genre.newBoard(puzzle);
    this.clock.set(0);
    this.revealed = false;
    if (restore) restore(board);
    else this.restoreSaved(puzzle, board);
    if (name !== undefined) this.name = name;
    this.result = null;
    this.parts.error.hidden = true;
    this.canvas.hidden = false;
    this.say("");
    const slots = { tools: this.chrome.tools ?? this.parts.tools, under: this.chrome.under ?? this.parts.under };
    slots.tools.replaceChildren();
    slots.under.replaceChildren();
    const session = { puzzle, genre, board, view: genre.view(puzzle), controls: { update() {} } };
    this.session = session;
    session.controls = genre.controls(this.game, slots);
    const look = this.look;
    Object.assign(look, {
      cursor: board.cells.findIndex((_, i) => genre.playable(puzzle, i)),
      showCursor: false,
      wrong: new Set(),
      solved: genre.isSolved(puzzle, board),
      overlay: null,
    });
    this.updateFeedback();
    this.runClock();
    if (!this.painter) this.start();
    this.renderControls();
    session.controls.update();
    /** @type {ReturnType<typeof boardPainter>} */ (this.painter).layout();
    this.describe();
    this.dispatchEvent(new CustomEvent("ready"));
    return session;
  }

  /** The clues' status as drawn (conflicts left out unless flagged). */
  updateFeedback() {
    const session = this.session;
    if (!session) return;
    const { lines, conflicts } = session.genre.feedback(session.puzzle, session.board);
    this.look.feedback = this.flagConflicts
      ? { lines, conflicts }
      : { lines: lines.map((status) => (status === "conflict" ? "" : status)), conflicts: [] };
  }

  /** The clock runs while a puzzle is open, unsolved and the page visible. */
  runClock() {
    if (this.session && !this.look.solved && document.visibilityState === "visible") this.clock.start();
    else this.clock.stop();
  }

  /** Draw again at the next frame. */
  draw() {
    this.painter?.draw();
  }

  /** Lay the board out again for its room (the host's layout changed), and draw it. */
  layout() {
    this.painter?.layout();
  }

  /** The canvas's label for screen readers: the puzzle, and the selected cell with its content. */
  describe() {
    const session = this.session;
    if (!session) return;
    const { genre, board, puzzle } = session;
    const i = this.look.cursor;
    const where =
      i >= 0
        ? `; row ${Math.floor(i / board.width) + 1}, column ${(i % board.width) + 1}: ${genre.cellText(board.cells[i], puzzle)}`
        : "";
    const name = this.name ? `${this.name}, ` : "";
    const solved = this.look.solved ? "; solved" : "";
    this.canvas.setAttribute("aria-label", `${name}${genre.name} ${sizeText(puzzle)}${where}${solved}`);
  }

  /** Say `text` in the element's live region (its message line). */
  say(/** @type {string} */ text) {
    this.parts.message.textContent = text;
  }

  /**
   * Play edits as one undoable move (with `replacing`, in place of an earlier one: a drag).
   * `reveal`: the edits are the solver's, so a board they solve is revealed, not solved by hand.
   * @param {Edit[]} edits
   * @param {Move | null} [replacing]
   */
  play(edits, replacing = null, reveal = false) {
    if (!this.session) return null;
    const move = this.session.board.play(edits, replacing);
    this.changed(reveal);
    return move;
  }

  /** After a change of the board: feedback, the solved state, the events, the saved progress. */
  changed(reveal = false, restarted = false) {
    const session = this.session;
    if (!session) return;
    const { puzzle, genre, board } = session;
    const look = this.look;
    look.wrong = new Set();
    look.overlay = null;
    this.updateFeedback();
    const solved = genre.isSolved(puzzle, board);
    if (solved && reveal) this.revealed = true;
    const was = look.solved;
    const justSolved = solved && !was;
    look.solved = solved;
    this.chrome.changed?.({ reveal, was, restarted });
    this.runClock();
    this.save();
    this.updateButtons();
    session.controls.update();
    this.draw();
    this.describe();
    this.dispatchEvent(new CustomEvent("change", { detail: this.board }));
    if (justSolved) {
      const time = Math.round(this.clock.elapsed());
      if (!this.chrome.changed) this.say(this.revealed ? "Solved by the solver." : "Solved! Every clue is satisfied.");
      this.dispatchEvent(new CustomEvent("solved", { detail: { time, revealed: this.revealed } }));
    } else if (!solved && !this.chrome.changed && /^Solved/.test(this.parts.message.textContent ?? "")) this.say("");
  }

  /** The player's board in the API's PlayerBoard shape (null before a puzzle opens). */
  get board() {
    const session = this.session;
    return session ? session.genre.playerBoard(session.puzzle, session.board) : null;
  }

  /**
   * Put a board in the API's PlayerBoard shape on the board, as one undoable move.
   * @param {PlayerBoard | null} rows
   */
  set board(rows) {
    const session = this.session;
    if (!session) throw new Error("gridlogic-board: no puzzle is open yet");
    const { board, genre } = session;
    const values = Array.isArray(rows) ? rows : rows?.values;
    const candidates = Array.isArray(rows) ? undefined : rows?.candidates;
    if (!Array.isArray(values) || values.length !== board.height) {
      throw new Error(`board: expected ${board.height} rows of ${board.width} cells`);
    }
    /** @type {Edit[]} */
    const edits = [];
    values.forEach((row, r) => {
      if (!Array.isArray(row) || row.length !== board.width) {
        throw new Error(`board[${r}]: expected ${board.width} cells`);
      }
      row.forEach((v, c) => {
        const index = r * board.width + c;
        if (board.fixed[index]) return;
        if (v !== null && !Number.isInteger(v))
          throw new Error(`board[${r}][${c}]: not a cell value: ${JSON.stringify(v)}`);
        const marks = (candidates?.[r]?.[c] ?? []).reduce((m, d) => m | (1 << d), 0);
        edits.push({ index, value: v === null ? 0 : genre.solutionToCell(v), marks });
      });
    });
    this.play(edits);
  }

  /** Whether the board obeys every rule. */
  get solved() {
    return this.look.solved;
  }

  undo() {
    if (this.session?.board.undo()) this.changed();
  }

  redo() {
    if (this.session?.board.redo()) this.changed();
  }

  /** Clear every cell the player changed (one undoable move); the clock starts again. */
  reset() {
    if (!this.session) return;
    const restarted = Boolean(this.session.board.reset());
    if (restarted) {
      this.clock.set(0);
      this.revealed = false;
    }
    this.changed(false, restarted);
  }

  /** The open session, or an error saying none is. */
  current() {
    if (!this.session) throw new Error("gridlogic-board: no puzzle is open");
    return this.session;
  }

  /** The solver's answer for the open puzzle (asked once). */
  async solution() {
    const session = this.current();
    this.result ??= await sharedSolver().solve(session.puzzle, SOLVE_OPTIONS);
    return this.result;
  }

  /**
   * Mark the cells that differ from the solution; resolves to the solver's status, whether the
   * board is solved and the wrong cells as [row, column].
   */
  async check() {
    const session = this.current();
    const result = await this.solution();
    if (this.session !== session) return null;
    const solution = result.solutions[0];
    const wrong = solution ? session.board.wrongCells(solution, session.genre.solutionToCell) : [];
    this.look.wrong = new Set(wrong);
    const { width } = session.board;
    const cells = wrong.map((i) => [Math.floor(i / width), i % width]);
    if (!solution) this.say(`The solver found no solution (${result.status}).`);
    else if (wrong.length) this.say(`${wrong.length} cell${wrong.length === 1 ? " is" : "s are"} wrong (marked).`);
    else this.say(this.look.solved ? "Solved: every cell is right." : "No mistakes so far.");
    this.draw();
    return { status: result.status, solved: this.look.solved, wrong: cells };
  }

  /**
   * The next step from the player's board (or its mistakes), shown over the board; resolves to
   * the API's HintResult.
   * @returns {Promise<HintResult>}
   */
  async hint() {
    const { puzzle, genre, board } = this.current();
    const result = await sharedSolver().hint(puzzle, genre.playerBoard(puzzle, board), EXPLAIN_LIMITS);
    if (this.session?.board !== board) return result;
    if (result.kind === "step") {
      this.look.overlay = stepOverlay(result.step, board.width, board.height);
      this.say(`Hint: ${result.step.message}`);
    } else if (result.kind === "mistake") {
      const mistakes = result.cells.map(([r, c]) => r * board.width + c);
      this.look.overlay = { lines: [], reasons: [], changes: [], mistakes };
      this.say(result.message);
    } else this.say(result.kind === "solved" ? "The puzzle is solved." : result.message);
    this.draw();
    return result;
  }

  /** The solution path from the player's board (the API's Explanation), its first step shown. */
  async explain() {
    const { puzzle, genre, board } = this.current();
    const explanation = await sharedSolver().explain(puzzle, {
      ...EXPLAIN_LIMITS,
      board: genre.playerBoard(puzzle, board),
    });
    if (this.session?.board !== board) return explanation;
    const [first] = explanation.steps;
    this.look.overlay = first ? stepOverlay(first, board.width, board.height) : null;
    const count = explanation.steps.length;
    this.say(first ? `${count} step${count === 1 ? "" : "s"} (${explanation.status}); first: ${first.message}` : "");
    this.draw();
    return explanation;
  }

  /** Show the solution (one undoable move; the puzzle counts as revealed); resolves to the solver's result. */
  async solve() {
    const session = this.current();
    const result = await this.solution();
    if (this.session !== session) return result;
    const solution = result.solutions[0];
    if (solution) this.play(session.board.solutionEdits(solution, session.genre.solutionToCell), null, true);
    else this.say(`The solver found no solution (${result.status}).`);
    return result;
  }

  /** Keep the board under `save-key` (with the time), when asked to. */
  save() {
    const key = this.getAttribute("save-key");
    if (!key || !this.session) return;
    const progress = {
      ...this.session.board.toJSON(),
      elapsed: Math.round(this.clock.elapsed()),
      revealed: this.revealed,
    };
    try {
      localStorage.setItem(key, JSON.stringify(progress));
    } catch {
      // Storage full or disabled: play goes on without saving.
    }
  }

  /** Put what `save-key` holds on a new board, when it fits it. */
  restoreSaved(/** @type {any} */ _puzzle, /** @type {Board} */ board) {
    const key = this.getAttribute("save-key");
    if (!key) return;
    try {
      const saved = JSON.parse(localStorage.getItem(key) ?? "null");
      if (!board.restore(saved)) return;
      if (typeof saved.elapsed === "number") this.clock.set(saved.elapsed);
      this.revealed = Boolean(saved.revealed);
    } catch {
      // Unreadable or disabled storage: a fresh board.
    }
  }
}

if (globalThis.customElements && !customElements.get("gridlogic-board")) {
  customElements.define("gridlogic-board", GridlogicBoard);
}
