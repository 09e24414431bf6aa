// End-to-end tests of the play page in headless Chromium:
//   node --test tests/e2e/
// They need the wasm build in www/pkg/ (`npm run build`) and fail without it.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { loadBuild, servePage, state, clickCell, screenshot, frames, shareLink } from "./helpers.mjs";

const { solve, PUZZLES } = await loadBuild();
const site = servePage();
const { fresh } = site;

/** Paste `puzzle` into the import box and wait until it is the puzzle on the board. */
async function importJson(page, puzzle) {
  const before = (await state(page)).puzzleId;
  await page.fill("#import-json", JSON.stringify(puzzle));
  await page.click("#import-json-load");
  await page.waitForFunction((id) => window.gridlogic.state().puzzleId !== id, before);
}

async function reload(page) {
  await page.reload();
  await page.waitForFunction(() => window.gridlogic?.state() != null);
  return state(page);
}

/** Click Solve and wait for the solver's answer; returns the page state. */
async function autoSolve(page, timeout = 30000) {
  await page.click("#solve");
  await page.waitForFunction(() => window.gridlogic.state().status === "done", null, { timeout });
  return state(page);
}

const solutionOf = (puzzle) => {
  const result = solve(puzzle, { maxSolutions: 2 });
  assert.equal(result.status, "unique");
  return result.solutions[0];
};
const firstEntry = (genre) => PUZZLES.find((p) => p.genre === genre);
const flat = (grid) => grid.flat();

describe("built-in puzzles", () => {
  test("every genre has at least 5, rated at build time from gentle to hard and listed so, unique, nonogram and Kakuro one needing search, one nonogram ≥ 60×60", () => {
    for (const genre of ["nonogram", "kakuro", "str8ts", "sudoku"]) {
      const list = PUZZLES.filter((p) => p.genre === genre);
      assert.ok(list.length >= 5, `${genre}: ${list.length} puzzles`);
      const levels = list.map((p) => p.rating.level);
      for (const p of list) assert.equal(p.difficulty, p.rating.label, `${p.id}: its difficulty is its rating`);
      assert.deepEqual(levels, levels.toSorted(), `${genre}: listed from the lowest level up`);
      assert.ok(levels[0] <= 2, `${genre}: a gentle one (level ${levels[0]})`);
      assert.ok(levels.at(-1) >= 3, `${genre}: a hard one (level ${levels.at(-1)})`);
      let searched = 0;
      for (const p of list) {
        const result = solve(p.puzzle, { maxSolutions: 2 });
        assert.equal(result.status, "unique", p.id);
        if (result.stats.maxDepth > 0) searched++;
      }
      // Str8ts: the window shaving of the root's propagation settles every built-in Str8ts
      // (and every 9×9 and 12×12 the maker tried) without a branch; the Sudoku built-ins are
      // the generator's, rated at levels the logic reaches.
      if (genre === "nonogram" || genre === "kakuro") assert.ok(searched > 0, `${genre}: one needs search`);
    }
    assert.ok(PUZZLES.some((p) => p.genre === "nonogram" && p.puzzle.rows.length >= 60 && p.puzzle.cols.length >= 60));
  });
});

describe("playing", () => {
  test("nonogram: mouse and keyboard moves, undo/redo, reload restores, auto-solve draws the solution", async () => {
    const entry = firstEntry("nonogram");
    const { page, errors } = await fresh(`#id=${entry.id}`);
    const s0 = await state(page);
    assert.equal(s0.genre, "nonogram");
    assert.equal(s0.puzzleId, entry.id);
    const w = s0.width;
    await clickCell(page, 0); // fill
    await clickCell(page, 1, "right"); // mark empty
    // Drag along row 2 from column 0 to column 3: one move filling four cells.
    const a = await page.evaluate((i) => window.gridlogic.cellCenter(i), 2 * w);
    const b = await page.evaluate((i) => window.gridlogic.cellCenter(i), 2 * w + 3);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y + 3, { steps: 6 });
    await page.mouse.up();
    // Keyboard: the cursor is on the drag's end; move down and mark, then fill to its right.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("x");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Space");
    let s = await state(page);
    const expected = new Array(s.cells.length).fill(0);
    expected[0] = 1;
    expected[1] = 2;
    for (let c = 0; c < 4; c++) expected[2 * w + c] = 1;
    expected[3 * w + 3] = 2;
    expected[3 * w + 4] = 1;
    assert.deepEqual(s.cells, expected);

    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    s = await state(page);
    assert.deepEqual(s.cells.slice(2 * w, 2 * w + 4), [0, 0, 0, 0], "undo takes back the whole drag");
    await page.click("#redo");
    s = await state(page);
    assert.deepEqual(s.cells.slice(2 * w, 2 * w + 4), [1, 1, 1, 1], "redo puts it back");
    const before = s.cells;
    await screenshot(page, "nonogram-playing");

    s = await reload(page);
    assert.deepEqual(s.cells, before, "reload restores the grid");
    assert.equal(s.canRedo, true, "and the history");

    s = await autoSolve(page);
    assert.equal(s.result.status, "unique");
    assert.deepEqual(s.grid, s.result.solutions[0]);
    assert.deepEqual(s.grid, solutionOf(entry.puzzle));
    assert.match(s.message, /only solution/);
    await screenshot(page, "nonogram-solved");
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const genre of ["kakuro", "str8ts"]) {
    test(`${genre}: digits and pencil marks, reload restores, auto-solve draws the solution`, async () => {
      const entry = firstEntry(genre);
      const { page, errors } = await fresh(`#id=${entry.id}`);
      let s = await state(page);
      assert.equal(s.genre, genre);
      const solution = flat(solutionOf(entry.puzzle));
      // Two editable cells: those the board starts empty and a white cell in the solution.
      const free = s.cells.map((_, i) => i).filter((i) => s.cells[i] === 0 && solution[i] > 0);
      assert.ok(free.length >= 2);
      const [i, j] = free;
      await clickCell(page, i);
      await page.keyboard.press("3");
      await clickCell(page, j);
      await page.keyboard.press("Shift+Digit1");
      await page.keyboard.press("Shift+Digit2");
      s = await state(page);
      assert.equal(s.cells[i], 3);
      assert.equal(s.marks[j], (1 << 1) | (1 << 2));
      // The pencil button swaps the roles: a plain digit now toggles a mark.
      await page.click("#pencil");
      await page.keyboard.press("2");
      s = await state(page);
      assert.equal(s.marks[j], 1 << 1);
      await page.click("#pencil");
      // Arrow keys move the selection; Backspace clears.
      await clickCell(page, i);
      await page.keyboard.press("Backspace");
      assert.equal((await state(page)).cells[i], 0);
      await page.click("#undo");
      s = await state(page);
      assert.equal(s.cells[i], 3);
      await screenshot(page, `${genre}-playing`);

      const reloaded = await reload(page);
      assert.deepEqual(reloaded.cells, s.cells);
      assert.deepEqual(reloaded.marks, s.marks);

      s = await autoSolve(page);
      assert.equal(s.result.status, "unique");
      assert.deepEqual(s.grid, s.result.solutions[0]);
      assert.deepEqual(flat(s.grid), solution);
      assert.equal(s.solved, true);
      await screenshot(page, `${genre}-solved`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test("touch: taps fill or mark with the chosen tool, the number pad writes digits", async () => {
    const { page } = await fresh(`#id=${firstEntry("nonogram").id}`);
    const tap = async (i) => {
      const { x, y } = await page.evaluate((k) => window.gridlogic.cellCenter(k), i);
      await page.touchscreen.tap(x, y);
    };
    await tap(0);
    await page.tap("#tool-cross");
    await tap(1);
    assert.deepEqual((await state(page)).cells.slice(0, 2), [1, 2]);

    const entry = firstEntry("kakuro");
    await page.goto(`${site.server.url}#id=${entry.id}`);
    await page.waitForFunction((id) => window.gridlogic?.state()?.puzzleId === id, entry.id);
    const s = await state(page);
    const free = s.cells.findIndex((v, i) => v === 0 && flat(solutionOf(entry.puzzle))[i] > 0);
    await tap(free);
    await page.tap("#numpad button:nth-child(7)");
    assert.equal((await state(page)).cells[free], 7);
    await page.tap("#pencil");
    await page.tap("#numpad button:nth-child(7)");
    await page.tap("#numpad button:nth-child(2)");
    assert.equal((await state(page)).cells[free], 7, "pencil marks never overwrite a digit");
    await page.tap("#numpad button:last-child");
    await page.tap("#numpad button:nth-child(2)");
    assert.equal((await state(page)).marks[free], 1 << 2);
    await page.close();
  });

  test("check marks wrong cells, and finishing the grid by hand celebrates", async () => {
    const entry = PUZZLES.filter((p) => p.genre === "str8ts").sort(
      (a, b) => b.puzzle.grid.flat().filter(Boolean).length - a.puzzle.grid.flat().filter(Boolean).length,
    )[0];
    const { page } = await fresh(`#id=${entry.id}`);
    const solution = flat(solutionOf(entry.puzzle));
    let s = await state(page);
    const free = s.cells.map((_, i) => i).filter((i) => s.cells[i] === 0 && solution[i] > 0);
    // A wrong digit, then Check.
    const wrongAt = free[0];
    const wrongDigit = (solution[wrongAt] % 9) + 1;
    await clickCell(page, wrongAt);
    await page.keyboard.press(String(wrongDigit));
    await page.click("#check");
    await page.waitForFunction(() => window.gridlogic.state().status === "done");
    s = await state(page);
    assert.deepEqual(s.wrong, [wrongAt]);
    assert.match(s.message, /1 cell is wrong/);
    await screenshot(page, "str8ts-check");
    // Put every digit right by keyboard.
    for (const i of free) {
      await clickCell(page, i);
      await page.keyboard.press(String(solution[i]));
    }
    s = await state(page);
    assert.equal(s.solved, true);
    assert.match(s.message, /Solved!/);
    assert.equal(await page.isVisible("#celebrate"), true);
    await page.close();
  });
});

/**
 * How a test plays each genre through the page, as a player would: `wrong` and `right` put a
 * value the solution rejects or wants into free cell i; `tools` are the genre's controls in
 * the side panel, `absent` the other genres'.
 */
const PLAYERS = {
  nonogram: {
    // A left click fills, a right click marks empty: the opposite of the solution is wrong.
    wrong: (page, i, want) => clickCell(page, i, want === 1 ? "right" : "left"),
    right: (page, i, want) => clickCell(page, i, want === 1 ? "left" : "right"),
    cell: (want) => (want === 1 ? 1 : 2),
    tools: ["#tool-fill", "#tool-cross"],
    absent: ["#pencil", "#numpad"],
  },
  ...Object.fromEntries(
    ["kakuro", "str8ts"].map((genre) => [
      genre,
      {
        wrong: async (page, i, want) => {
          await clickCell(page, i);
          await page.keyboard.press(String((want % 6) + 1));
        },
        right: async (page, i, want) => {
          await clickCell(page, i);
          await page.keyboard.press(String(want));
        },
        cell: (want) => want,
        tools: ["#pencil", "#numpad"],
        absent: ["#tool-fill", "#tool-cross"],
      },
    ]),
  ),
};

describe("each genre through its page module", () => {
  for (const [genre, player] of Object.entries(PLAYERS)) {
    test(`${genre}: its tools in the side panel, play, check, undo, solve, undo the solution`, async () => {
      const entry = firstEntry(genre);
      const { page, errors } = await fresh(`#id=${entry.id}`);
      for (const tool of player.tools) assert.equal(await page.isVisible(tool), true, `${tool} is shown`);
      for (const tool of player.absent) assert.equal(await page.$(tool), null, `${tool} is not on the page`);
      assert.equal((await page.textContent("#genre-tabs [aria-selected=true]")).toLowerCase(), genre);
      const solution = flat(solutionOf(entry.puzzle));
      let s = await state(page);
      const i = s.cells.findIndex((v, k) => v === 0 && solution[k] > 0);
      assert.ok(i >= 0);
      // A wrong move, found by Check; undone.
      await player.wrong(page, i, solution[i]);
      s = await state(page);
      assert.notEqual(s.cells[i], 0);
      assert.notEqual(s.cells[i], player.cell(solution[i]));
      await page.click("#check");
      await page.waitForFunction(() => window.gridlogic.state().status === "done");
      s = await state(page);
      assert.deepEqual(s.wrong, [i]);
      await page.keyboard.press("Control+z");
      s = await state(page);
      assert.equal(s.cells[i], 0, "undo takes the wrong move back");
      assert.deepEqual(s.wrong, []);
      // The right move passes Check.
      await player.right(page, i, solution[i]);
      await page.click("#check");
      s = await state(page);
      assert.equal(s.cells[i], player.cell(solution[i]));
      assert.deepEqual(s.wrong, []);
      assert.match(s.message, /No mistakes so far/);
      const played = s.cells;
      // Solve draws the solution as one move; undo takes it back whole, redo replays it.
      s = await autoSolve(page);
      assert.deepEqual(flat(s.grid), solution);
      assert.equal(s.solved, true);
      await page.click("#undo");
      s = await state(page);
      assert.deepEqual(s.cells, played);
      assert.equal(s.solved, false);
      await page.keyboard.press("Control+y");
      s = await state(page);
      assert.deepEqual(flat(s.grid), solution);
      assert.equal(s.solved, true);
      // The arrows move the cursor (on cell i) only to cells the genre lets it rest on.
      for (const key of ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "ArrowDown"]) {
        await page.keyboard.press(key);
        const { cursor } = await state(page);
        assert.ok(genre !== "kakuro" || solution[cursor] > 0, `${key}: the cursor is on a white cell (${cursor})`);
        assert.ok(genre !== "str8ts" || !entry.puzzle.black.flat()[cursor], `${key}: not on a black cell`);
      }
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test("the board and the side panel are in view at desktop and phone sizes, for every genre", async () => {
    const { page, errors } = await fresh(`#id=${firstEntry("nonogram").id}`);
    for (const [width, height] of [
      [1280, 860],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      for (const genre of ["nonogram", "kakuro", "str8ts"]) {
        await page.click(`#genre-tabs [data-genre=${genre}]`);
        await page.waitForFunction((g) => window.gridlogic.state().genre === g, genre);
        await frames(page);
        const inView = (selector) =>
          page.$eval(selector, (el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
          });
        assert.equal(await inView("#solve"), true, `${genre} at ${width}×${height}: Solve in view`);
        if (width > 760)
          assert.equal(await inView("#board"), true, `${genre} at ${width}×${height}: the board in view`);
        await screenshot(page, `${genre}-${width}x${height}`);
      }
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("sharing and importing", () => {
  test("a shared link opens the same puzzle", async () => {
    const entry = firstEntry("kakuro");
    const { page } = await fresh(`#id=${entry.id}`);
    const url = await shareLink(page);
    assert.match(url, /#p=(nonogram|kakuro|str8ts):[^#\s]+$/);
    const other = await site.browser.context.newPage();
    await other.goto(url);
    await other.waitForFunction(() => window.gridlogic?.state() != null);
    const s = await state(other);
    assert.equal(s.genre, "kakuro");
    assert.match(s.puzzleId, /^custom-/);
    assert.equal(s.height, entry.puzzle.grid.length);
    await other.close();
    await page.close();
  });

  test("malformed imports show readable errors next to the box", async () => {
    const { page } = await fresh(`#id=${firstEntry("nonogram").id}`);
    // The player's work before the bad imports...
    await clickCell(page, 0);
    const played = await state(page);
    assert.equal(played.cells[0] !== 0, true);
    await page.click("#import summary");
    await page.fill("#import-json", "{ not json");
    await page.click("#import-json-load");
    assert.match(await page.textContent("#import-json-error"), /Not valid JSON/);
    await page.fill("#import-json", JSON.stringify({ genre: "hitori", grid: [] }));
    await page.click("#import-json-load");
    assert.match(await page.textContent("#import-json-error"), /^Genre: must be one of/);
    // The solver's own validation, naming the place.
    await page.fill("#import-json", JSON.stringify({ genre: "nonogram", rows: [[1], [5]], cols: [[1], [1]] }));
    await page.click("#import-json-load");
    await page.waitForFunction(
      () =>
        !document.getElementById("import-json-error").hidden &&
        /^Row 2: /.test(document.getElementById("import-json-error").textContent),
    );
    assert.equal(await page.isVisible("#import-json-error"), true);
    // ...is still there after them, and after a reload.
    const kept = await state(page);
    assert.deepEqual([kept.puzzleId, kept.cells], [played.puzzleId, played.cells]);
    await page.reload();
    await page.waitForFunction(() => window.gridlogic?.state() != null);
    assert.deepEqual((await state(page)).cells, played.cells);
    await page.click("#import summary");
    // Text formats: a malformed one names its line and column; a good one loads.
    await page.fill("#import-json", "nonogram:3x3:1/3/1/1/3");
    await page.click("#import-json-load");
    await page.waitForFunction(() => /^Line 1, column/.test(document.getElementById("import-json-error").textContent));
    const beforeText = (await state(page)).puzzleId;
    await page.fill("#import-json", "3 3\n3\n1\n1\n1\n1\n3\n"); // Wilk .nin: a corner shape
    await page.click("#import-json-load");
    await page.waitForFunction((id) => window.gridlogic.state().puzzleId !== id, beforeText);
    assert.equal((await state(page)).width, 3);
    // The clue editor.
    await page.fill("#clue-rows", "1\nx 2");
    await page.fill("#clue-cols", "1");
    await page.click("#clue-load");
    assert.match(await page.textContent("#clue-error"), /^Row 2: "x" is not a number/);
    // A good one loads.
    const before = (await state(page)).puzzleId;
    await page.fill("#clue-rows", "1\n3\n1");
    await page.fill("#clue-cols", "1\n3\n1");
    await page.click("#clue-load");
    await page.waitForFunction((id) => window.gridlogic.state().puzzleId !== id, before);
    const s = await state(page);
    assert.equal(s.width, 3);
    assert.equal(await page.isVisible("#clue-error"), false);
    await page.close();
  });
});

describe("what the page says of links and imports", () => {
  const statusOf = (page) =>
    page.evaluate(() => ({
      text: document.getElementById("status-text").textContent,
      tone: document.getElementById("status").className,
    }));

  for (const [label, width, height] of [
    ["a phone", 390, 844],
    ["a desktop", 1280, 860],
  ]) {
    test(`a broken share link says so in the status line, in view, on ${label}`, async () => {
      const page = await site.browser.context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.setViewportSize({ width, height });
      await page.goto(`${site.server.url}#p=nonogram:3x3:zz`);
      await page.waitForFunction(() => window.gridlogic?.state() != null);
      await page.waitForFunction(() => /shared link/.test(document.getElementById("status-text").textContent));
      const status = await statusOf(page);
      assert.match(status.tone, /\bbad\b/, "in the error's tone");
      assert.doesNotMatch(status.text, /Loaded/);
      assert.match(status.text, /instead/, `it says which puzzle shows instead: ${status.text}`);
      const box = await page.locator("#status-text").boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= height && box.width > 0, `in view: ${JSON.stringify(box)}`);
      assert.equal(await page.evaluate(() => document.body.classList.contains("drawer-open")), false);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test("a failed import replaces the last Loaded.; errors count rows from 1, unknown text gets a sentence with an example", async () => {
    const { page, errors } = await fresh(`#id=${firstEntry("nonogram").id}`);
    await page.click("#import summary");
    await importJson(page, { genre: "nonogram", rows: [[1], [3], [1]], cols: [[1], [3], [1]] });
    assert.equal((await statusOf(page)).text, "Loaded.");
    await page.fill("#import-json", JSON.stringify({ genre: "nonogram", rows: [[1], [4]], cols: [[1], [1], [1]] }));
    await page.click("#import-json-load");
    await page.waitForFunction(() => !document.getElementById("import-json-error").hidden);
    const error = await page.textContent("#import-json-error");
    assert.match(error, /^Row 2: /, error);
    assert.doesNotMatch(error, /rows\[|\[\d+\]/, error);
    const status = await statusOf(page);
    assert.match(status.text, /^Not loaded: Row 2: /, "the status line no longer says Loaded.");
    assert.match(status.tone, /\bbad\b/);
    await page.fill("#import-json", "hello there");
    await page.click("#import-json-load");
    const unknown = await page.textContent("#import-json-error");
    assert.match(unknown, /^This text is not a puzzle the page can read\. .*such as \{"genre"/, unknown);
    assert.doesNotMatch(unknown, /tried|puzzlink|canonical/, unknown);
    assert.equal(await page.textContent("#import-json-load"), "Load puzzle");
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("an import is named by its title, else its genre and size, and an identical one is not listed twice", async () => {
    const { page, errors } = await fresh(`#id=${firstEntry("nonogram").id}`);
    const openImport = () => page.evaluate(() => (document.getElementById("import").open = true));
    await openImport();
    const names = () => page.$$eval("#puzzle-list .name", (els) => els.map((el) => el.textContent));
    const cross = { genre: "nonogram", rows: [[1], [3], [1]], cols: [[1], [3], [1]] };
    await importJson(page, cross);
    assert.equal((await state(page)).name, "Nonogram 3×3");
    await openImport();
    await page.fill("#import-json", JSON.stringify(cross));
    await page.click("#import-json-load");
    await page.waitForFunction(() => document.getElementById("status-text").textContent === "Loaded.");
    assert.equal((await names()).filter((n) => n.startsWith("Nonogram 3×3")).length, 1, "listed once");
    const before = (await state(page)).puzzleId;
    await openImport();
    await page.fill("#import-json", 'title "Little corner"\nwidth 3\nheight 3\nrows\n3\n1\n1\ncolumns\n3\n1\n1\n');
    await page.click("#import-json-load");
    await page.waitForFunction((id) => window.gridlogic.state().puzzleId !== id, before);
    assert.equal((await state(page)).name, "Little corner");
    const other = { genre: "nonogram", rows: [[3], [1], [1]], cols: [[1], [1], [3]] };
    await openImport();
    await importJson(page, other);
    assert.equal((await state(page)).name, "Nonogram 3×3 (2)", "another puzzle of that name is numbered");
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("revealed, not solved", () => {
  test("after Solve the list says revealed, not a time; no best time; Restart makes it playable again", async () => {
    const entry = firstEntry("nonogram");
    const { page, errors } = await fresh(`#id=${entry.id}`);
    const s = await autoSolve(page);
    assert.equal(s.solved, true);
    assert.equal(s.revealed, true);
    assert.equal(s.best, null);
    assert.match(s.message, /^Revealed: this is the puzzle's only solution/);
    assert.doesNotMatch(s.message, /\d ms|\d s\b|solver/, "of the puzzle, not the solver");
    const mark = () => page.textContent(`#puzzle-list button[data-id="${entry.id}"] .progress`);
    assert.equal(await mark(), "revealed");
    const again = await reload(page);
    assert.equal(again.revealed, true, "kept over a reload");
    assert.equal(await mark(), "revealed");
    await page.click("#reset");
    assert.equal((await state(page)).revealed, false);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a puzzle of several solutions is said plainly, not in red", async () => {
    const { page, errors } = await fresh("");
    await page.click("#import summary");
    await importJson(page, { genre: "nonogram", rows: [[1], [1]], cols: [[1], [1]] });
    const tone = () => page.getAttribute("#status", "class");
    assert.match((await state(page)).message, /more than one solution/);
    assert.doesNotMatch(await tone(), /\bbad\b/);
    await page.click("#hint");
    await page.waitForFunction(() => /more than one solution/.test(window.gridlogic.state().message));
    assert.doesNotMatch((await state(page)).message, /guessing/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("the pencil", () => {
  test("pencil mode does not carry over from one puzzle to the next", async () => {
    const { page, errors } = await fresh(`#id=${firstEntry("kakuro").id}`);
    await page.click("#pencil");
    assert.equal(await page.getAttribute("#pencil", "aria-pressed"), "true");
    await page.click('#genre-tabs button[data-genre="str8ts"]');
    await page.waitForFunction(() => window.gridlogic.state().genre === "str8ts");
    assert.equal(await page.getAttribute("#pencil", "aria-pressed"), "false", "Str8ts opens writing digits");
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("solver verdicts and drawing", () => {
  test("several solutions: one is drawn and the other offered; an impossible puzzle is reported", async () => {
    const { page } = await fresh("");
    await page.click("#import summary");
    await importJson(page, { genre: "nonogram", rows: [[1], [1]], cols: [[1], [1]] });
    let s = await autoSolve(page);
    assert.equal(s.result.status, "multiple");
    assert.deepEqual(s.grid, s.result.solutions[0]);
    assert.match(s.message, /more than one solution/);
    await page.click("#show-other");
    s = await state(page);
    assert.deepEqual(s.grid, s.result.solutions[1]);
    assert.notDeepEqual(s.result.solutions[0], s.result.solutions[1]);

    await importJson(page, { genre: "nonogram", rows: [[2], []], cols: [[1], []] });
    assert.match((await state(page)).message, /no solution/);
    s = await autoSolve(page);
    assert.equal(s.result.status, "none");
    assert.match(s.message, /no solution/);
    await page.close();
  });

  test("the canvas follows the window size and the device pixel ratio", async () => {
    const { page } = await fresh(`#id=${firstEntry("str8ts").id}`);
    const size = () =>
      page.evaluate(() => {
        const c = document.getElementById("player").shadowRoot.querySelector("canvas");
        return { css: c.getBoundingClientRect().width, backing: c.width, ratio: window.devicePixelRatio };
      });
    const big = await size();
    assert.equal(big.backing, Math.round(big.css * big.ratio));
    // The board is laid out again at the next frame's resize observers: wait for a canvas of
    // another width (or fail on the timeout), then compare.
    const resized = (from) =>
      page.waitForFunction(
        (w) => document.getElementById("player").shadowRoot.querySelector("canvas").getBoundingClientRect().width !== w,
        from,
        {
          timeout: 10000,
        },
      );
    await page.setViewportSize({ width: 700, height: 600 });
    await resized(big.css);
    await frames(page);
    const small = await size();
    assert.ok(small.css < big.css, `${small.css} < ${big.css}`);
    assert.equal(small.backing, Math.round(small.css * small.ratio));
    await page.setViewportSize({ width: 390, height: 844 });
    await resized(small.css);
    await frames(page);
    await screenshot(page, "str8ts-phone");
    await page.close();
  });
});

describe("solving in the worker", () => {
  for (const which of ["largest", "slowest"]) {
    test(`the ${which} built-in solve in the worker draws its solution (the page's long tasks reported)`, async (t) => {
      const area = (p) =>
        p.genre === "nonogram"
          ? p.puzzle.rows.length * p.puzzle.cols.length
          : p.puzzle.grid.length * p.puzzle.grid[0].length;
      const millis = (p) => solve(p.puzzle, { maxSolutions: 2 }).stats.millis;
      const score = which === "largest" ? area : millis;
      const largest = PUZZLES.map((p) => [score(p), p]).sort((a, b) => b[0] - a[0])[0][1];
      const { page } = await fresh(`#id=${largest.id}`);
      await page.evaluate(() => {
        window.__longTasks = [];
        window.__longTaskObserver = new PerformanceObserver((list) =>
          window.__longTasks.push(...list.getEntries().map((e) => e.duration)),
        );
        window.__longTaskObserver.observe({ type: "longtask" });
      });
      const s = await autoSolve(page, 60000);
      assert.equal(s.result.status, "unique");
      // The solution is drawn at the next frame: after two, that task is over and its long task
      // (if it was one) queued; takeRecords collects what the observer has not delivered yet.
      await frames(page);
      const long = await page.evaluate(() => [
        ...window.__longTasks,
        ...window.__longTaskObserver.takeRecords().map((e) => e.duration),
      ]);
      // Reported, not asserted: how long the page's own tasks (drawing the grid and the solution)
      // take is the machine's speed (50–160 ms on an idle 2-core machine, over a second while it
      // builds). That the main thread is free while the worker solves is asserted without a
      // clock: it runs frames during a solve of seconds (the cancel test), and never loads the
      // solver's wasm (the next test).
      t.diagnostic(`long tasks (ms): ${long.map(Math.round).join(", ") || "none"}`);
      await screenshot(page, `${which}-solved`);
      await page.close();
    });
  }

  test("the page loads the text formats' wasm, the worker alone the solver's", async () => {
    const entry = firstEntry("str8ts");
    const page = await site.browser.context.newPage();
    const wasm = [];
    page.on("request", (r) => r.url().endsWith(".wasm") && wasm.push(r.url().split("/").pop()));
    await page.goto(`${site.server.url}#id=${entry.id}`);
    await page.waitForFunction(() => window.gridlogic?.state() != null);
    // Share writes the puzzle as text: the formats' wasm is loaded.
    assert.match(await shareLink(page), /#p=str8ts:/);
    assert.deepEqual(wasm, ["gridlogic_formats_bg.wasm"]);
    assert.equal((await autoSolve(page)).result.status, "unique");
    assert.deepEqual(wasm, ["gridlogic_formats_bg.wasm", "gridlogic_bg.wasm"]);
    await page.close();
  });

  test("a broken solver keeps the player's grid and shows an error", async () => {
    const entry = firstEntry("nonogram");
    const page = await site.browser.context.newPage();
    // The worker's wasm cannot be fetched: its start fails, as a crash would.
    await page.route("**/gridlogic_bg.wasm", (route) => route.fulfill({ status: 404, body: "gone" }));
    await page.goto(`${site.server.url}#id=${entry.id}`);
    await page.waitForFunction(() => window.gridlogic?.state() != null);
    await clickCell(page, 0);
    const cells = (await state(page)).cells;
    await page.click("#solve");
    await page.waitForFunction(() => window.gridlogic.state().status === "error", null, { timeout: 10000 });
    const s = await state(page);
    assert.deepEqual(s.cells, cells);
    assert.match(s.message, /The solver failed: .+ Your grid is untouched/);
    assert.equal(await page.isVisible("#solve"), true);
    await page.close();
  });

  test("cancel stops a long solve at once and keeps the grid", async () => {
    const HARD = findHard();
    const { page } = await fresh("");
    await page.click("#import summary");
    await importJson(page, HARD.puzzle);
    await clickCell(page, HARD.playable);
    await page.keyboard.press("1");
    const cells = (await state(page)).cells;
    await page.click("#solve");
    // The worker is at work on it once it reports the search nodes it has visited.
    const searching = (label) =>
      page.waitForFunction(
        (l) =>
          new RegExp(`${l}… \\d+\\.\\d s · [\\d,]+ search nodes`).test(document.getElementById("status").textContent),
        label,
        { timeout: 20000 },
      );
    await searching("Solving");
    // The main thread is free meanwhile: two animation frames run, and the solve goes on.
    await frames(page);
    let s = await state(page);
    assert.equal(s.status, "solving", "the solve is still running");
    assert.match(await page.textContent("#status"), /Solving… \d+\.\d s/);
    // At once: cancelled by the next animation frame after the click, whatever the machine's speed
    // (the worker is dropped, not asked to stop).
    const status = await page.evaluate(async () => {
      document.getElementById("cancel").click();
      await new Promise((r) => requestAnimationFrame(r));
      return window.gridlogic.state().status;
    });
    assert.equal(status, "cancelled", "cancelled by the next frame");
    s = await state(page);
    assert.deepEqual(s.cells, cells, "the grid is kept");
    // The fresh worker answers: it reports the check's search, which Cancel stops again.
    await page.click("#check");
    await searching("Checking");
    await page.click("#cancel");
    assert.equal((await state(page)).status, "cancelled");
    await page.close();
  });
});

/**
 * A puzzle the solver needs more than a few seconds for, found with the solver itself in
 * Node: a 9×9 Kakuro with an 8×8 white field whose every run misses one digit (sum 45 − d).
 * The rows miss the digits of `rows`, the columns those of `cols`: the totals agree (so the
 * solver's across-equals-down check passes), but digit 1 is missed by one row and by no
 * column, so the 1s of eight columns do not fit in seven rows. No run logic sees this
 * counting argument; the search must exhaust fillings.
 */
function findHard() {
  const candidates = [
    [
      [1, 4, 5, 5, 5, 5, 5, 5],
      [2, 3, 5, 5, 5, 5, 5, 5],
    ],
    [
      [1, 9, 5, 5, 5, 5, 5, 5],
      [2, 8, 5, 5, 5, 5, 5, 5],
    ],
    [
      [1, 1, 4, 4, 5, 5, 5, 5],
      [2, 2, 3, 3, 5, 5, 5, 5],
    ],
  ];
  for (const [rows, cols] of candidates) {
    const grid = [[null, ...cols.map((d) => ({ down: 45 - d }))]];
    for (const d of rows) grid.push([{ across: 45 - d }, ...new Array(8).fill(0)]);
    const puzzle = { genre: "kakuro", grid };
    const result = solve(puzzle, { maxSolutions: 2, timeLimitMs: 2500 });
    if (result.status === "unknown") return { puzzle, playable: 10 };
  }
  throw new Error("no candidate takes the solver more than 2.5 s: the cancel test needs one");
}
