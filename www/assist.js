// The assistant of the side panel (#assist and its panel): Hint asks the worker for the next
// step from the player's board (or the first mistakes on it) and shows it over the board, its
// reason cells in one colour and the cells it changes in another, with the step's message and
// Apply (the changes as one undoable move). A mistake comes first and names the cells without
// their value — for Explain too, which never builds on a wrong cell. Explain shows the whole
// path from the board, a step at a time: the board as it would stand before the step (a
// preview, the player's board is untouched), the step marked, and Apply takes the steps up to
// the one shown (a board solved that way is revealed, not solved by hand). Messages are in the
// player's words (wording.js: techniques by name, colours as the palette shows them). The overlay goes through the view's cell
// boxes, so the assistant is the same for every genre; a genre only turns a board into the
// solver's shape (`playerBoard`) and a step's change into an edit (`changeEdit`).

import { $, button } from "./dom.js";
import { stepOverlay } from "./js/board/draw.js";
import * as solving from "./solving.js";
import { messagePieces, messageText, stepTitle } from "./wording.js";

/** @typedef {import("./solving.js").HintResult} HintResult */
/** @typedef {import("../js/browser.js").Step} Step */
/** @typedef {import("./js/board/draw.js").Overlay} Overlay */
/** @typedef {import("./js/board/board.js").Board} Board */

/**
 * What the assistant needs of the page.
 * @typedef {object} Page
 * @property {() => import("./session.js").Session} session the open puzzle
 * @property {(edits: import("./js/board/board.js").Edit[], reveal?: boolean) => void} play play edits as one undoable
 *   move (`reveal`: the assistant's, so a solve by it is no solve by hand)
 * @property {(overlay: Overlay | null) => void} show draw the board with this overlay (null: none)
 * @property {(text: string, tone: string, echo?: boolean) => void} say the status line (a live region; with
 *   `echo`, the text is the panel's: said, not shown twice)
 */

/**
 * Set up the Hint and Explain buttons and their panel.
 * @param {Page} page
 */
export function setupAssist(page) {
  /**
   * What is shown: nothing; a hint's step or mistake; or an explanation at step `at`, with
   * `boards[k]` the board before step k.
   * @type {{ kind: "off" } | { kind: "busy" } | { kind: "step", step: Step } | { kind: "mistake" } | { kind: "declined" }
   *   | { kind: "explain", steps: Step[], at: number, boards: Board[], status: string, why: string }}
   */
  let shown = { kind: "off" };
  /** Bumped by every board change and every request: an answer for an older board is dropped. */
  let generation = 0;

  const hintButton = button("Hint", () => void askHint(), { id: "hint", title: "The next logical step" });
  const explainButton = button("Explain", () => void askExplain(), {
    id: "explain",
    title: "Step through the solution path from your board",
  });
  $("assist").append(hintButton, explainButton);
  const panel = $("assist-panel");
  for (const [id, click] of Object.entries({
    "assist-apply": apply,
    "assist-prev": () => goTo(-1),
    "assist-next": () => goTo(1),
    "assist-close": close,
  })) {
    $(id).addEventListener("click", click);
  }

  /** A step's changes as edits of `board`. */
  const editsOf = (/** @type {Step} */ step, /** @type {Board} */ board) => {
    const { puzzle, genre } = page.session();
    return step.changes.map((change) => genre.changeEdit(puzzle, board, change));
  };

  /** A message in the player's words (the open puzzle's colours as its palette names them). */
  const words = (/** @type {string} */ message) => messageText(message, page.session().puzzle.colors);

  /** Show the panel: a title, the text (with a swatch before each colour named), and which of its buttons. */
  function showPanel(/** @type {string} */ title, /** @type {string} */ text, options = { apply: "", steps: "" }) {
    panel.hidden = false;
    $("assist-title").textContent = title;
    $("assist-text").replaceChildren(
      ...messagePieces(text, page.session().puzzle.colors).map((piece) => {
        if (typeof piece === "string") return piece;
        const swatch = document.createElement("span");
        swatch.className = "swatch";
        swatch.style.background = piece.css;
        const named = document.createElement("span");
        named.className = "colour";
        named.append(swatch, piece.words);
        return named;
      }),
    );
    const applyButton = $("assist-apply");
    applyButton.hidden = !options.apply;
    applyButton.textContent = options.apply;
    const stepping = Boolean(options.steps);
    $("assist-key").hidden = title === MISTAKE;
    $("assist-prev").hidden = !stepping;
    $("assist-next").hidden = !stepping;
    $("assist-count").hidden = !stepping;
    $("assist-count").textContent = options.steps;
  }

  function render() {
    hintButton.disabled = shown.kind === "busy";
    explainButton.disabled = shown.kind === "busy";
    explainButton.setAttribute("aria-pressed", String(shown.kind === "explain"));
    if (shown.kind !== "explain") return;
    const { steps, at, status } = shown;
    const { board } = page.session();
    if (at === steps.length) {
      const end = status === "solved" ? "The path is complete: the puzzle is solved." : endText(status, shown.why);
      showPanel(`After ${steps.length} step${steps.length === 1 ? "" : "s"}`, end, {
        apply: steps.length ? `Apply all ${steps.length}` : "",
        steps: `${at} / ${steps.length}`,
      });
      page.show(null);
    } else {
      const step = steps[at];
      showPanel(stepTitle(step), step.message, {
        apply: at === 0 ? "Apply step 1" : `Apply 1–${at + 1}`,
        steps: `Step ${at + 1} / ${steps.length}`,
      });
      page.show(stepOverlay(step, board.width, board.height));
      page.say(`Step ${at + 1} of ${steps.length}: ${words(step.message)}`, "", true);
    }
    /** @type {HTMLButtonElement} */ ($("assist-prev")).disabled = at === 0;
    /** @type {HTMLButtonElement} */ ($("assist-next")).disabled = at === steps.length;
  }

  async function askHint() {
    const { puzzle, genre, board } = page.session();
    const mine = ++generation;
    close();
    shown = { kind: "busy" };
    render();
    page.say("Looking for a hint…", "busy");
    /** @type {HintResult} */
    let result;
    try {
      result = await solving.hint(puzzle, genre.playerBoard(puzzle, board));
    } catch (e) {
      if (mine !== generation) return;
      declined("No hint", e);
      return;
    }
    if (mine !== generation) return;
    if (result.kind === "step") {
      shown = { kind: "step", step: result.step };
      showPanel(stepTitle(result.step), result.step.message, { apply: "Apply", steps: "" });
      page.show(stepOverlay(result.step, board.width, board.height));
      page.say(`Hint: ${words(result.step.message)}`, "", true);
    } else if (result.kind === "mistake") {
      showMistake(result, board);
    } else {
      shown = { kind: "off" };
      const text = result.kind === "solved" ? "Nothing to hint: the puzzle is solved." : sentence(result.message);
      page.say(text, result.kind === "solved" ? "ok" : "bad");
    }
    render();
  }

  /** Show the mistakes a hint found: the cells marked, no colour key (nothing is used or changed). */
  function showMistake(/** @type {HintResult & { kind: "mistake" }} */ result, /** @type {Board} */ board) {
    shown = { kind: "mistake" };
    showPanel(MISTAKE, result.message, { apply: "", steps: "" });
    const mistakes = result.cells.map(([r, c]) => r * board.width + c);
    page.show({ lines: [], reasons: [], changes: [], mistakes });
    page.say(`Mistake: ${result.message}`, "bad", true);
  }

  async function askExplain() {
    if (shown.kind === "explain") return close();
    const { puzzle, genre, board } = page.session();
    const mine = ++generation;
    close();
    shown = { kind: "busy" };
    render();
    page.say("Explaining from your board…", "busy");
    try {
      // The board's mistakes first, exactly as Hint finds them: a path from a wrong cell would
      // only end, steps later, in a contradiction.
      const checked = await solving.hint(puzzle, genre.playerBoard(puzzle, board));
      if (mine !== generation) return;
      if (checked.kind === "mistake") {
        showMistake(checked, board);
        render();
        return;
      }
      const { steps, status } = await solving.explain(puzzle, genre.playerBoard(puzzle, board));
      if (mine !== generation) return;
      // The board before each step (boards[0] the player's), for the preview.
      const boards = [copyOf(board)];
      for (const step of steps) {
        const next = copyOf(boards[boards.length - 1]);
        next.play(editsOf(step, next));
        boards.push(next);
      }
      // Where the path stops short, the hint from its end says why (several solutions, or guessing).
      let why = "";
      if (status === "stuck") {
        const end = await solving.hint(puzzle, genre.playerBoard(puzzle, boards[boards.length - 1]));
        if (mine !== generation) return;
        if (end.kind === "stuck") why = end.message;
      }
      shown = { kind: "explain", steps, at: 0, boards, status, why };
      if (!steps.length) page.say(endText(status, why), "bad");
    } catch (e) {
      if (mine !== generation) return;
      declined("No explanation", e);
      return;
    }
    render();
  }

  /**
   * The worker could not hint or explain (e.g. a kind of puzzle the explained logic does not
   * handle yet): its reason in the panel, calmly; the board stays as it is.
   */
  function declined(/** @type {string} */ title, /** @type {any} */ error) {
    shown = { kind: "declined" };
    showPanel(title, String(error?.message ?? error), { apply: "", steps: "" });
    $("assist-key").hidden = true;
    page.say(`${title}: ${error?.message ?? error}`, "", true);
    render();
  }

  /** Move through the explanation by `delta` steps. */
  function goTo(/** @type {number} */ delta) {
    if (shown.kind !== "explain") return;
    shown.at = Math.max(0, Math.min(shown.steps.length, shown.at + delta));
    render();
  }

  /** Apply the hint's step, or the explanation's steps up to the one shown, as one move. */
  function apply() {
    const { board } = page.session();
    let edits;
    let said;
    if (shown.kind === "step") {
      edits = editsOf(shown.step, board);
      said = `Applied: ${words(shown.step.message)}`;
    } else if (shown.kind === "explain") {
      const upTo = Math.min(shown.at + 1, shown.steps.length);
      const target = shown.boards[upTo];
      edits = target.cells.map((value, index) => ({ index, value, marks: target.marks[index] }));
      said = `Applied ${upTo} step${upTo === 1 ? "" : "s"}.`;
    } else return;
    const explained = shown.kind === "explain";
    close();
    // Said before the move: a move that solves the puzzle says so instead (main.js).
    page.say(said, "ok");
    page.play(edits, explained);
  }

  function close() {
    if (shown.kind === "busy") generation++;
    shown = { kind: "off" };
    panel.hidden = true;
    page.show(null);
    render();
  }

  return {
    /** The board to draw instead of the player's: the explanation's preview, else null. */
    previewBoard: () => (shown.kind === "explain" ? shown.boards[shown.at] : null),
    /** The player's board changed (a move, undo, another puzzle): what was shown no longer holds. */
    boardChanged() {
      generation++;
      if (shown.kind !== "off") close();
    },
  };
}

/** The panel's heading for a mistake (no colour key then: nothing is used or changed). */
const MISTAKE = "A mistake first";

/** A message of the solver as a sentence: its first letter a capital, a full stop at its end. */
const sentence = (/** @type {string} */ text) =>
  `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;

/** Why an explanation ended before the solution (`why`: the hint's reason from its last board). */
function endText(/** @type {string} */ status, why = "") {
  if (status === "none") return "Your board contradicts the clues: no step can follow from it. Undo or Check.";
  if (status === "stuck") return why ? sentence(why) : "No technique applies from here: the rest needs guessing.";
  if (status === "unknown") return "The explanation stopped at its time limit here.";
  return "The puzzle is solved.";
}

/** A copy of a board's cells and marks (without its history). */
function copyOf(/** @type {Board} */ board) {
  const copy = Object.create(Object.getPrototypeOf(board));
  return Object.assign(copy, board, {
    cells: board.cells.slice(),
    marks: board.marks.slice(),
    undoStack: [],
    redoStack: [],
  });
}
