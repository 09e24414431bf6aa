// Loads the built package (pkg/, from `npm run build`) into Node the way the README shows:
// the solver's module and the text formats' module, each from its own wasm.
import { existsSync, readFileSync } from "node:fs";
import { matchesClues } from "../../www/clues.js";

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

/** The corpus folder beside the project (../shared/corpus), or null when it is absent: the
 *  corpus tests then skip, visibly, except under CI (`CI` set, as `.ci/run` runs), where a
 *  missing corpus is an error, since a gate that skips them proves nothing of them. */
export const corpus = (() => {
  const url = new URL("../../../shared/corpus/", import.meta.url);
  if (existsSync(url)) return url;
  if (process.env.CI) throw new Error(`${url.pathname} is absent, and CI is set: the corpus tests must run`);
  return null;
})();

/** Whether a 0/1 grid satisfies the row and column clues ([] or [0] for an empty line). */
export const satisfiesNonogram = (grid, rows, cols) => matchesClues(grid, { rows, cols }, (cell) => cell === 1);
