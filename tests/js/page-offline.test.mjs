// The service worker's list of files to cache (www/sw.js, FILES) against the page's modules on
// disk: a module missing from the list would fail to load offline (the offline e2e test finds
// that only for the modules it happens to load), a listed file that is gone fails the install.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const WWW = fileURLToPath(new URL("../../www", import.meta.url));

/** The page's own files (not the build's copies in js/ and pkg/, not the worker itself). */
function pageModules(dir = WWW) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ["js", "pkg"].includes(entry.name) && dir === WWW ? [] : pageModules(path);
    return entry.name.endsWith(".js") && entry.name !== "sw.js" ? [relative(WWW, path)] : [];
  });
}

test("sw.js caches every module of the page, and lists no file of the page that is gone", () => {
  const source = readFileSync(join(WWW, "sw.js"), "utf8");
  const list = /const FILES = (\[[^\]]*\]);/.exec(source);
  assert.ok(list, "sw.js has a `const FILES = [...]` list");
  const files = JSON.parse(list[1].replace(/,\s*\]$/, "]"));
  const modules = pageModules();
  assert.ok(modules.includes("main.js") && modules.includes("assist.js"), modules.join(" "));
  assert.deepEqual(
    modules.filter((m) => !files.includes(m)),
    [],
    "modules missing from sw.js's FILES",
  );
  // The package's files the page loads (js/, the board among them) are cached too.
  const packageModules = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? packageModules(join(dir, entry.name))
        : entry.name.endsWith(".js") && entry.name !== "node-worker.js" && entry.name !== "node.js"
          ? [relative(join(WWW, ".."), join(dir, entry.name))]
          : [],
    );
  assert.deepEqual(
    packageModules(join(WWW, "../js/board")).filter((m) => !files.includes(m)),
    [],
    "board modules missing from sw.js's FILES",
  );
  const own = files.filter((f) => f !== "./" && !f.startsWith("js/") && !f.startsWith("pkg/"));
  assert.deepEqual(
    own.filter((f) => !existsSync(join(WWW, f))),
    [],
    "files in FILES that are not in www/",
  );
});
