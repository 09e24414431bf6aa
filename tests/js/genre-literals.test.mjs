// The page, the package and the CLI take their genres from one place: the page's genre table
// (GENRES in js/board/genres/index.js, one module per genre beside it), which the walk of the
// registry (genres-walk.test.mjs) holds against the wasm's `genres()`. So no genre's name may
// stand as a literal ("kakuro", 'str8ts', `sudoku`, or an object key `nonogram:`) in www/, js/
// or bin/ outside the genre modules and the built-in puzzle list (www/puzzles.js): a literal
// elsewhere is a place a new genre would have to be added by hand. Needs the build (the genre
// names are the wasm module's).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { GENRES } from "../../js/board/genres/index.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const solver = await import("../../pkg/gridlogic.js");
solver.initSync({ module: readFileSync(join(ROOT, "pkg/gridlogic_bg.wasm")) });
const names = solver.genres();

/** The files of `dir` (recursively) whose names end in one of `extensions`. */
function files(dir, extensions) {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && extensions.some((ext) => entry.name.endsWith(ext)))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** Where genres may be named: the genre modules and the built-in puzzles. (www/pkg and www/js
 *  are the build's copies of pkg/ and js/.) */
const allowed = new Set([...names.map((name) => `js/board/genres/${name}.js`), "www/puzzles.js"]);
const scanned = [
  ...files("www", [".js", ".html"]).filter((f) => !/^www\/(pkg|js)\//.test(f)),
  ...files("js", [".js", ".d.ts"]),
  ...files("bin", [".js"]),
].filter((f) => !allowed.has(f));

test("the genre names are the registry's, and the page's genre table is among them", () => {
  assert.ok(names.length >= 4, `${names}`);
  for (const genre of GENRES) assert.ok(names.includes(genre.id), `${genre.id} is no genre of the registry`);
  assert.ok(scanned.includes("www/create.js") && scanned.includes("bin/gridlogic.js"), `${scanned}`);
});

test("the page's title and description name every genre of the page's table", () => {
  const html = readFileSync(join(ROOT, "www/index.html"), "utf8");
  for (const tag of [/<title>(.*?)<\/title>/s, /<meta name="description" content="(.*?)"/s]) {
    const text = html.match(tag)?.[1] ?? "";
    for (const genre of GENRES) assert.ok(text.includes(genre.name), `${tag}: "${text}" lacks ${genre.name}`);
  }
});

for (const file of scanned) {
  test(`${file} names no genre`, () => {
    const text = readFileSync(join(ROOT, file), "utf8");
    const found = [];
    for (const name of names) {
      const literal = new RegExp(String.raw`(["'\x60])${name}\1|^\s*${name}\s*:`, "gm");
      for (const match of text.matchAll(literal)) {
        found.push(`line ${text.slice(0, match.index).split("\n").length}: ${match[0].trim()}`);
      }
    }
    assert.deepEqual(found, [], `${file}: take the genre from js/board/genres/ (GENRES, a genre module's id)`);
  });
}
