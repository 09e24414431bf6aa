// Loads the built package (pkg/, from `npm run build`) into Node the way the README shows:
// the solver's module and the text formats' module, each from its own wasm.
import { existsSync, readFileSync } from "node:fs";

/** The wasm-bindgen module `name` (pkg/NAME.js), loaded synchronously from pkg/NAME_bg.wasm. */
async function load(name) {
  const wasmUrl = new URL(`../../pkg/${name}_bg.wasm`, import.meta.url);
  if (!existsSync(wasmUrl)) {
    throw new Error(`pkg/${name}_bg.wasm is missing: run \`npm run build\` first`);
  }
  const module = await import(`../../pkg/${name}.js`);
  module.initSync({ module: readFileSync(wasmUrl) });
  return module;
}
const { solve, solveNonogram, solveKakuro, solveStr8ts, version } = await load("gridlogic");
const { parsePuzzle, parsePuzzles, formatPuzzle } = await load("gridlogic_formats");
export default { solve, solveNonogram, solveKakuro, solveStr8ts, version, parsePuzzle, parsePuzzles, formatPuzzle };

/** The corpus folder beside the project (../shared/corpus), or null when it is absent. */
export const corpus = (() => {
  const url = new URL("../../../shared/corpus/", import.meta.url);
  return existsSync(url) ? url : null;
})();

/** The lengths of the filled runs of a line of 0/1 cells. */
export function runsOf(line) {
  const runs = [];
  let length = 0;
  for (const cell of [...line, 0]) {
    if (cell === 1) length++;
    else if (length > 0) {
      runs.push(length);
      length = 0;
    }
  }
  return runs;
}

/** Whether a 0/1 grid satisfies the row and column clues ([] or [0] for an empty line). */
export function satisfiesNonogram(grid, rows, cols) {
  const clean = (clues) => clues.filter((c) => c !== 0);
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  return (
    grid.length === rows.length &&
    rows.every((clues, r) => grid[r].length === cols.length && same(runsOf(grid[r]), clean(clues))) &&
    cols.every((clues, c) => same(runsOf(grid.map((row) => row[c])), clean(clues)))
  );
}
