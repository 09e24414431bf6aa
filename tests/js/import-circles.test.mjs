// The import graph of src/'s top-level modules (src/<name>.rs or src/<name>/): module A depends
// on B when code under A names `crate::B` (in a `use` or a path; comments, doc links and the
// `#[cfg(test)]` modules at the end of a file left out), or an item the crate root re-exports
// from B (`crate::Puzzle` is src/genres.rs's) or defines itself (`crate::solve_with`: the
// modules src/lib.rs's own code names). A circle in that graph is a set of modules each
// reachable from the others; src/ has none: the genre folders import their traits from the
// leaf src/genre/, which names no genre and not the registry, and the registry
// (src/genres.rs) imports the genre folders. Inside a genre folder the same holds one level
// down: its mod.rs declares (and re-exports) the folder's modules, so a module of the folder
// that names an item of mod.rs (`crate::<genre>::Item` or `super::Item`, a re-export included)
// closes a circle with it; the folder's modules import each other's files by their own paths
// instead (`crate::nonogram::puzzle::Nonogram`). Needs no build.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const SRC = fileURLToPath(new URL("../../src", import.meta.url));

/** The genre folders the registry lists: the modules its `genres! { … }` invocation names. */
const REGISTRY = readFileSync(join(SRC, "genres.rs"), "utf8");
const INVOCATION = REGISTRY.slice(REGISTRY.lastIndexOf("genres! {"));
const LISTED = [...INVOCATION.slice(0, INVOCATION.indexOf("\n}")).matchAll(/crate::(\w+)::/g)].map((m) => m[1]);

/** The top-level module a file under src/ belongs to (`null` for the crate root). */
function topOf(file) {
  const first = relative(SRC, file).split("/")[0].replace(/\.rs$/, "");
  return first === "lib" ? null : first;
}

/** The code of a Rust file that counts: comments and the trailing test modules removed. */
function code(text) {
  const tests = text.search(/^#\[cfg\([^\n]*\btest\b[^\n]*\)\][^\n]*\n\s*mod \w+ \{/m);
  return (tests >= 0 ? text.slice(0, tests) : text).replace(/\/\/[^\n]*/g, "");
}

/** The names the crate root (src/lib.rs) offers, each with the top-level modules it stands
 *  for: a re-export (`pub use genres::{Puzzle, GENRES}`) its module, a function of its own the
 *  modules src/lib.rs's code names (`genres::solve`). */
function rootItems(tops) {
  const lib = code(readFileSync(join(SRC, "lib.rs"), "utf8"));
  const items = new Map();
  for (const [, from, names] of lib.matchAll(/^pub use (\w+)::([^;]*);/gm)) {
    for (const [, name] of names.matchAll(/(\w+)\s*(?=[,}]|$)/g)) items.set(name, new Set([from]));
  }
  const body = lib.replace(/^(pub )?(use|mod) [^;]*;/gm, "");
  const named = new Set([...body.matchAll(/\b(\w+)::/g)].map((m) => m[1]).filter((name) => tops.has(name)));
  for (const [, name] of body.matchAll(/^pub fn (\w+)/gm)) items.set(name, named);
  return items;
}

/** The edges module → modules it names. */
function graph() {
  const files = readdirSync(SRC, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".rs"))
    .map((entry) => join(entry.parentPath, entry.name));
  const tops = new Set(files.map(topOf).filter((top) => top !== null));
  const root = rootItems(tops);
  const edges = new Map([...tops].map((top) => [top, new Set()]));
  for (const file of files) {
    const from = topOf(file);
    if (from === null) continue;
    for (const [, path] of code(readFileSync(file, "utf8")).matchAll(/crate::(\{[^}]*\}|\w+)/g)) {
      const names = path.startsWith("{") ? [...path.matchAll(/(?:^|[{,\s])(\w+)/g)].map((m) => m[1]) : [path];
      for (const name of names) {
        const targets = tops.has(name) ? [name] : [...(root.get(name) ?? [])];
        for (const target of targets) if (target !== from) edges.get(from).add(target);
      }
    }
  }
  return edges;
}

/** The Rust files of the genre folder src/<genre>/, as a map of path inside the folder
 *  (`mod.rs`, `format/mod.rs`, …) → code. */
function folderFiles(genre) {
  const root = join(SRC, genre);
  return new Map(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".rs"))
      .map((entry) => join(entry.parentPath, entry.name))
      .map((file) => [relative(root, file), code(readFileSync(file, "utf8"))]),
  );
}

/** The module path inside the folder of the file at `path`: `[]` for mod.rs, `["format"]`
 *  for format/mod.rs, `["techniques", "killer"]` for techniques/killer.rs. */
function modulePath(path) {
  const parts = path.replace(/\.rs$/, "").split("/");
  return parts.at(-1) === "mod" ? parts.slice(0, -1) : parts;
}

/** The edges among a genre folder's mod.rs (`mod`) and its modules (the files and folders
 *  directly inside it), from `files` (see `folderFiles`): mod.rs names every module it
 *  declares or names by path; a module names mod.rs when it reaches an item of mod.rs (not a
 *  module of the folder) through `crate::<genre>::` or through as many `super::` as lead
 *  from its file up to the folder, and names another module by its path. */
function folderGraph(genre, files) {
  const children = new Set(
    [...files.keys()]
      .map(modulePath)
      .filter((path) => path.length > 0)
      .map((path) => path[0]),
  );
  const edges = new Map([...children, "mod"].map((m) => [m, new Set()]));
  const target = (name) => (children.has(name) ? name : "mod");
  const names = (path) => (path.startsWith("{") ? [...path.matchAll(/(?:^|[{,\s])(\w+)/g)].map((m) => m[1]) : [path]);
  for (const [path, text] of files) {
    const module = modulePath(path);
    const from = module.length === 0 ? "mod" : module[0];
    const reached = [...text.matchAll(new RegExp(`crate::${genre}::(\\{[^}]*\\}|\\w+)`, "g"))].flatMap((m) =>
      names(m[1]),
    );
    if (module.length > 0) {
      const up = `(?:super::){${module.length}}`;
      const toFolder = new RegExp(`(?<![:\\w])${up}(?!super::)(\\{[^}]*\\}|\\w+)`, "g");
      reached.push(...[...text.matchAll(toFolder)].flatMap((m) => names(m[1])));
    } else {
      for (const [, name] of text.matchAll(/(?<![:\w])(\w+)::/g)) if (children.has(name)) reached.push(name);
      for (const [, name] of text.matchAll(/\bmod (\w+);/g)) reached.push(name);
    }
    for (const name of reached) if (target(name) !== from) edges.get(from).add(target(name));
  }
  return edges;
}

/** The circles of `edges`: its strongly connected components of more than one module
 *  (Tarjan's algorithm), each sorted. */
function circles(edges) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    for (const w of edges.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

test("the circle finder finds a circle and none in a line", () => {
  const edges = (pairs) => {
    const map = new Map();
    for (const [a, b] of pairs) {
      for (const v of [a, b]) if (!map.has(v)) map.set(v, new Set());
      map.get(a).add(b);
    }
    return map;
  };
  assert.deepEqual(
    circles(
      edges([
        ["a", "b"],
        ["b", "c"],
      ]),
    ),
    [],
  );
  assert.deepEqual(
    circles(
      edges([
        ["a", "b"],
        ["b", "c"],
        ["c", "a"],
        ["c", "d"],
      ]),
    ),
    [["a", "b", "c"]],
  );
});

test("the registry lists the genre folders", () => {
  assert.ok(new Set(LISTED).size >= 4, `${LISTED}`);
  for (const folder of LISTED) assert.ok(statSync(join(SRC, folder)).isDirectory(), `src/${folder}/`);
});

test("the crate root's items stand for their modules", () => {
  const edges = graph();
  // `crate::Puzzle` is the registry's; `crate::solve_with` is src/lib.rs's, which calls it.
  const tops = new Set(edges.keys());
  const root = rootItems(tops);
  assert.deepEqual([...root.get("Puzzle")], ["genres"]);
  assert.ok(root.get("solve_with").has("genres"), `${[...root.get("solve_with")]}`);
  assert.deepEqual([...root.get("Place")], ["engine"]);
});

test("the leaves import no module that imports them back", () => {
  const edges = graph();
  // The text helpers, the engine and the genre traits are leaves of the genre code.
  for (const leaf of ["text", "engine", "genre"]) {
    for (const genre of [...LISTED, "genres", "format"]) {
      assert.ok(!edges.get(leaf).has(genre), `src/${leaf} names crate::${genre}`);
    }
  }
});

test("src/ has no import circle", () => {
  assert.deepEqual(circles(graph()), [], "an import circle in src/ (see the file's comment)");
});

test("the folder graph finds a module that imports its folder's mod.rs, from any depth", () => {
  const fixture = (entries) => new Map(Object.entries(entries));
  const folder = (b) =>
    fixture({ "mod.rs": "mod a;\nmod b;\npub use a::Thing;\n", "a.rs": "pub struct Thing;\n", ...b });
  // Through mod.rs's re-export, one level down, two levels down, and by the crate path.
  for (const b of [
    { "b.rs": "use super::Thing;\n" },
    { "b/mod.rs": "mod deep;\n", "b/deep.rs": "use super::super::Thing;\n" },
    { "b.rs": "use crate::genre::{a, Thing};\n" },
  ]) {
    assert.deepEqual(circles(folderGraph("genre", folder(b))), [["b", "mod"]], JSON.stringify(b));
  }
  // By the item's own file: no circle; a deeper `super::` stays inside the module.
  for (const b of [
    { "b.rs": "use super::a::Thing;\n" },
    { "b/mod.rs": "mod deep;\npub struct Inner;\n", "b/deep.rs": "use super::Inner;\nuse crate::genre::a::Thing;\n" },
  ]) {
    assert.deepEqual(circles(folderGraph("genre", folder(b))), [], JSON.stringify(b));
  }
});

test("a module of a genre folder imports nothing of its mod.rs", () => {
  const found = [...new Set(LISTED)].flatMap((genre) =>
    circles(folderGraph(genre, folderFiles(genre))).map((circle) => `src/${genre}/: ${circle.join(", ")}`),
  );
  assert.deepEqual(found, [], "import circles (name the item by the path of its own file)");
});
