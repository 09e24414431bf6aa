// End-to-end tests of the assistant (www/assist.js) in headless Chromium, in every genre: a
// hint's step is shown over the board and Apply plays it as one undoable move; a mistake is
// named first, without its value; Explain steps through the path and applies steps up to the
// one shown; the list shows the solver's ratings. Every step the page shows or applies is
// checked against the solution the solver proves unique (the oracle).
//   node --test tests/e2e/assist.test.mjs
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { requireBuild, servePage, state, clickCell, screenshot, ROOT } from "./helpers.mjs";

requireBuild();
const { initSync, solve } = await import(join(ROOT, "www/pkg/gridlogic.js"));
initSync({ module: readFileSync(join(ROOT, "www/pkg/gridlogic_bg.wasm")) });
const explainModule = await import(join(ROOT, "www/pkg/gridlogic_explain.js"));
explainModule.initSync({ module: readFileSync(join(ROOT, "www/pkg/gridlogic_explain_bg.wasm")) });
const { PUZZLES } = await import(join(ROOT, "www/puzzles.js"));

const site = servePage();

/** The first built-in puzzle of a genre and its unique solution, flat (board order). */
function firstOf(genre) {
  const entry = PUZZLES.find((p) => p.genre === genre);
  const result = solve(entry.puzzle, { maxSolutions: 2 });
  assert.equal(result.status, "unique");
  return { entry, solution: result.solutions[0].flat() };
}

const open = (entry) => site.fresh(`#id=${entry.id}`);
const panelShown = (page) => page.waitForSelector("#assist-panel:not([hidden])", { timeout: 30000 });
const text = (page, id) => page.textContent(`#${id}`);

/** A board cell as a value of the solution grid (nonogram 1 filled, 0 marked empty; digits as they are). */
const asSolution = (genre, cell) => (genre === "nonogram" ? (cell === 1 ? 1 : 0) : cell);

/**
 * Every written cell of the page's board agrees with the solution, and no pencil mark of an
 * empty digit cell has lost the solution's digit: the board is still on the solution's path.
 */
function assertOnPath(genre, s, solution) {
  s.cells.forEach((cell, i) => {
    if (genre === "nonogram") {
      if (cell !== 0) assert.equal(asSolution(genre, cell), solution[i], `cell ${i}`);
    } else if (cell !== 0) {
      assert.equal(cell, solution[i], `cell ${i}`);
    } else if (s.marks[i]) {
      assert.ok(s.marks[i] & (1 << solution[i]), `cell ${i}: the marks lost the solution's digit ${solution[i]}`);
    }
  });
}

/** Make a mistake in the first playable cell the page can change: a value the solution does not have there. */
async function makeMistake(page, genre, solution) {
  const s = await state(page);
  const i = s.cells.findIndex((v, k) => v === 0 && (genre === "nonogram" ? solution[k] === 0 : solution[k] > 0));
  await clickCell(page, i);
  if (genre !== "nonogram") await page.keyboard.press(`Digit${solution[i] === 1 ? 2 : 1}`);
  const after = await state(page);
  assert.notEqual(asSolution(genre, after.cells[i]), solution[i], "the mistake was written");
  return i;
}

for (const genre of ["nonogram", "kakuro", "str8ts"]) {
  describe(`assistant, ${genre}`, () => {
    const { entry, solution } = firstOf(genre);

    test("Hint shows a step over the board; Apply plays it as one undoable move", async () => {
      const { page, errors } = await open(entry);
      await page.click("#hint");
      await panelShown(page);
      const s = await state(page);
      assert.ok(s.overlay, "an overlay is drawn");
      assert.ok(s.overlay.changes.length > 0, "the step changes cells");
      assert.match(await text(page, "assist-title"), /^[A-Z][a-z]*( [a-zA-Z]+)* · (easy|medium|hard|expert|extreme)$/);
      const message = await text(page, "assist-text");
      assert.ok(message.length > 10, message);
      assert.match(await text(page, "status-text"), /^Hint: /, "the live region says the hint");
      await screenshot(page, `assist-${genre}-hint`);
      await page.click("#assist-apply");
      const applied = await state(page);
      assert.equal(applied.overlay, null, "the overlay goes with Apply");
      assert.ok(await page.isHidden("#assist-panel"));
      const changed = applied.cells.map((v, i) => v !== s.cells[i] || applied.marks[i] !== s.marks[i]);
      for (const i of s.overlay.changes) assert.ok(changed[i], `cell ${i} of the step changed`);
      for (const [i, c] of changed.entries())
        if (c) assert.ok(s.overlay.changes.includes(i), `only the step's cells: ${i}`);
      assertOnPath(genre, applied, solution);
      assert.match(await text(page, "status-text"), /^Applied: /);
      await page.click("#undo");
      assert.deepEqual((await state(page)).cells, s.cells, "one undo takes the step back");
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("a mistake is named first, outlined, without its value", async () => {
      const { page, errors } = await open(entry);
      const wrong = await makeMistake(page, genre, solution);
      await page.click("#hint");
      await panelShown(page);
      const s = await state(page);
      assert.equal(await text(page, "assist-title"), "A mistake first");
      assert.deepEqual(s.overlay.mistakes, [wrong]);
      assert.deepEqual(s.overlay.changes, [], "nothing to apply is shown");
      assert.ok(await page.isHidden("#assist-apply"), "no Apply for a mistake");
      const r = Math.floor(wrong / s.width) + 1;
      const c = (wrong % s.width) + 1;
      const message = await text(page, "assist-text");
      assert.match(message, new RegExp(`r${r}c${c}`), message);
      if (genre !== "nonogram") assert.doesNotMatch(message, new RegExp(`\\b${solution[wrong]}\\b(?!c)`), message);
      assert.match(await text(page, "status-text"), /^Mistake: /);
      await screenshot(page, `assist-${genre}-mistake`);
      // Any move closes the hint: it was about the board before it.
      await page.click("#undo");
      assert.ok(await page.isHidden("#assist-panel"));
      assert.equal((await state(page)).overlay, null);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("Explain checks the board for mistakes first, exactly as Hint does", async () => {
      const { page, errors } = await open(entry);
      const wrong = await makeMistake(page, genre, solution);
      await page.click("#hint");
      await panelShown(page);
      const hinted = await text(page, "assist-text");
      await page.click("#assist-close");
      await page.click("#explain");
      await panelShown(page);
      assert.equal(await text(page, "assist-title"), "A mistake first", "no path built on the mistake");
      assert.equal(await text(page, "assist-text"), hinted, "the same words as Hint's");
      assert.deepEqual((await state(page)).overlay.mistakes, [wrong]);
      assert.ok(await page.isHidden("#assist-count"), "no steps to walk");
      assert.ok(await page.isHidden("#assist-apply"), "nothing to apply");
      assert.deepEqual(errors, []);
      await page.close();
    });

    test("Explain steps through the path; Apply takes the steps up to the one shown", async () => {
      const { page, errors } = await open(entry);
      await page.click("#explain");
      await panelShown(page);
      const count = await text(page, "assist-count");
      const [, first, total] = /Step (\d+) \/ (\d+)/.exec(count) ?? [];
      assert.equal(first, "1", count);
      const steps = Number(total);
      assert.ok(steps >= 2, count);
      const start = await state(page);
      assert.ok(start.overlay.changes.length > 0);
      const messages = [await text(page, "assist-text")];
      await page.click("#assist-next");
      await page.click("#assist-next");
      assert.match(await text(page, "assist-count"), /Step 3 \//);
      messages.push(await text(page, "assist-text"));
      await page.click("#assist-prev");
      assert.match(await text(page, "assist-count"), /Step 2 \//);
      assert.notEqual(messages[0], "");
      assert.deepEqual((await state(page)).cells, start.cells, "the preview leaves the player's board alone");
      await screenshot(page, `assist-${genre}-explain`);
      await page.click("#assist-apply");
      const applied = await state(page);
      assert.ok(applied.canUndo);
      const changed = applied.cells.filter((v, i) => v !== start.cells[i] || applied.marks[i] !== start.marks[i]);
      assert.ok(changed.length > 0, "steps 1-2 changed the board");
      assertOnPath(genre, applied, solution);
      assert.match(await text(page, "status-text"), /^Applied 2 steps/);
      // Explaining to the end from there and applying everything solves the puzzle.
      await page.click("#explain");
      await panelShown(page);
      for (let k = 0; k < steps && !(await page.isDisabled("#assist-next")); k++) await page.click("#assist-next");
      assert.match(await text(page, "assist-text"), /solved/);
      await page.click("#assist-apply");
      const done = await state(page);
      assert.ok(done.solved, "all the steps solve the puzzle");
      assertOnPath(genre, done, solution);
      // Revealed, not solved by hand: no best time, no "Solved!", the list says so.
      assert.equal(done.revealed, true);
      assert.equal(done.best, null, "no best time");
      assert.ok(await page.isHidden("#celebrate"), "no celebration");
      assert.match(done.message, /^Revealed/);
      const mark = await page.textContent(`#puzzle-list button[data-id="${entry.id}"] .progress`);
      assert.equal(mark, "revealed");
      assert.deepEqual(errors, []);
      await page.close();
    });
  });
}

describe("the assistant's words", () => {
  test("no technique id, level number or colour code in any title or message of any built-in puzzle's explanation", async () => {
    // The page's own wording and genre modules (www/, as pkg/www/ bundles them) over the explain
    // wasm the page's worker runs, with the page's board of a fresh puzzle. Budgets in steps,
    // never in time, so that every machine checks the same steps: each puzzle's named
    // techniques up to the end or to where they are stuck, then one trial step where trial is
    // needed.
    const { messageText, stepTitle } = await import(join(ROOT, "www/wording.js"));
    const { genreOf, normalise } = await import(join(ROOT, "www/js/board/genres/index.js"));
    const found = [];
    for (const entry of PUZZLES) {
      const puzzle = normalise(entry.puzzle);
      const genre = genreOf(puzzle);
      const board = genre.playerBoard(puzzle, genre.newBoard(puzzle));
      const named = explainModule.explain(puzzle, { board, noTrial: true });
      const { steps } =
        named.status === "stuck" ? explainModule.explain(puzzle, { board, maxSteps: named.steps.length + 1 }) : named;
      for (const step of steps) {
        found.push({
          id: entry.id,
          technique: step.technique,
          text: `${stepTitle(step)}: ${messageText(step.message, puzzle.colors)}`,
        });
      }
    }
    assert.ok(found.length > 100, `${found.length} steps`);
    assert.ok(
      found.some((s) => s.technique === "trial"),
      "a trial step's words are checked too",
    );
    const ids = new Set(found.map((s) => s.technique).filter((t) => t.includes("-")));
    assert.ok(ids.size >= 3, [...ids].join(" "));
    for (const { id, text } of found) {
      assert.doesNotMatch(text, /#[0-9a-f]{3,8}\b/i, `${id}: a colour code in "${text}"`);
      assert.doesNotMatch(text, /\blevel \d/i, `${id}: a level number in "${text}"`);
      assert.doesNotMatch(text, /\ball 0 \w+ cells\b/, `${id}: "${text}"`);
      for (const technique of ids) assert.ok(!text.includes(technique), `${id}: the id ${technique} in "${text}"`);
    }
    const colours = found.filter((s) => /\bcolour \d+/.test(s.text));
    assert.ok(colours.length > 0, "colour puzzles' steps name colours by their palette number");
  });

  test("a colour step's panel draws the colour's swatch beside its number", async () => {
    const entry = PUZZLES.find((p) => p.genre === "nonogram" && p.puzzle.colors?.length);
    const { page, errors } = await open(entry);
    await page.click("#hint");
    await panelShown(page);
    const swatches = await page.$$eval("#assist-text .colour", (els) =>
      els.map((el) => ({
        text: el.textContent,
        css: /** @type {HTMLElement} */ (el.firstElementChild).style.background,
      })),
    );
    assert.ok(swatches.length > 0, await text(page, "assist-text"));
    for (const s of swatches) assert.match(s.text, /^colour \d+/, JSON.stringify(s));
    assert.doesNotMatch(await text(page, "assist-text"), /#[0-9a-f]{6}/i);
    await screenshot(page, "assist-colour-hint");
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("puzzle list ratings", () => {
  test("each built-in puzzle shows its rating at once: the label of the solver's rate, given at build time", async () => {
    const { page, errors } = await open(firstOf("kakuro").entry);
    const kakuros = PUZZLES.filter((p) => p.genre === "kakuro");
    const labels = await page.$$eval("#puzzle-list .difficulty", (spans) => spans.map((s) => s.textContent));
    assert.equal(labels.length, kakuros.length);
    for (const [k, p] of kakuros.entries()) assert.equal(labels[k], explainModule.rate(p.puzzle).label, p.id);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("assistant on a phone", () => {
  test("the hint panel fits under the board at 390×844", async () => {
    const { entry } = firstOf("str8ts");
    const { page, errors } = await open(entry);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click("#hint");
    await panelShown(page);
    const box = await page.locator("#assist-panel").boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
    await screenshot(page, "assist-phone-hint");
    await page.click("#assist-close");
    await page.click("#explain");
    await panelShown(page);
    await screenshot(page, "assist-phone-explain");
    assert.deepEqual(errors, []);
    await page.close();
  });
});
