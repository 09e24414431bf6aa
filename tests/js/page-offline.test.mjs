// The service worker's list of files to cache (sw-files.js, written by the build) against what
// the page can fetch, in www/ and in its bundled copy pkg/www/ (what is deployed): every file
// reachable from index.html, through the HTML's links and scripts, the manifest's icons, the
// modules' static and dynamic imports and the URLs they make beside themselves (a worker, a
// wasm module), found here by reading the files, not by the build's rule. A file missing from the list would fail to load offline (the
// offline e2e test finds that only for the files it happens to load); a listed file that is
// gone fails the install. Needs the build (`bash scripts/build.sh`).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The lazy parts both page folders hold: the three wasm modules and the icon. */
const SHARED_PARTS = [
  /^pkg\/gridlogic_bg\.wasm$/,
  /^pkg\/gridlogic_formats_bg\.wasm$/,
  /^pkg\/gridlogic_explain_bg\.wasm$/,
  /^icon\.svg$/,
];
/**
 * The page's folders, as written and as deployed (scripts/site.mjs bundles the modules: the
 * dialogs' chunks carry a hash in their names, the genres are in the bundle), each with the
 * parts the crawl must find in it, lazy ones included.
 */
const PAGES = [
  {
    dir: "www",
    parts: [/^main\.js$/, /^create\.js$/, /^picture\.js$/, /^js\/worker\.js$/, /^js\/board\/genres\/sudoku\.js$/],
  },
  { dir: "pkg/www", parts: [/^main\.js$/, /^create-\w+\.js$/, /^picture-\w+\.js$/, /^worker\.js$/] },
].map(({ dir, parts }) => ({ WWW: join(ROOT, dir), parts: [...parts, ...SHARED_PARTS] }));

/** The service worker's list in the page folder WWW, as sw-files.js sets it. */
function cachedFiles(WWW) {
  const path = join(WWW, "sw-files.js");
  assert.ok(existsSync(path), `${path} is missing: run \`bash scripts/build.sh\` first`);
  const source = readFileSync(path, "utf8");
  return JSON.parse(source.slice(source.indexOf("= {") + 2, source.lastIndexOf("}") + 1));
}

/** The files one file of the page folder WWW refers to, relative to WWW. */
function references(WWW, file) {
  // Comments out: their type annotations name modules (`import("./x.js").T`) that are never fetched.
  const text = readFileSync(join(WWW, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const patterns = file.endsWith(".html")
    ? [/\b(?:href|src)="([^"#:]+)"/g]
    : file.endsWith(".webmanifest")
      ? [/"src":\s*"([^"]+)"/g]
      : [
          /\bfrom\s*"(\.{1,2}\/[^"]+)"/g, // import … from, export … from
          /\bimport\s*"(\.{1,2}\/[^"]+)"/g, // import for its effects
          /\bimport\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g, // dynamic import
          /\bnew URL\(\s*"(\.{1,2}\/[^"]+)",\s*import\.meta\.url\)/g, // a worker or a wasm file beside the module
          /\bnew URL\(\s*["']([\w-]+\.wasm)["'],\s*import\.meta\.url\)/g, // wasm-bindgen's default wasm path
          /\bregister\(\s*"([^"]+)"/g, // the service worker
        ];
  const found = patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]));
  return found.map((ref) => normalize(relative(WWW, join(WWW, dirname(file), ref))));
}

/** Every file of the page folder WWW reachable from its index.html. */
function reachable(WWW) {
  const seen = new Set(["index.html"]);
  for (const file of seen) for (const ref of references(WWW, file)) if (!seen.has(ref)) seen.add(ref);
  return [...seen].sort();
}

for (const { WWW, parts } of PAGES)
  test(`${relative(ROOT, WWW)}/sw-files.js lists every file the page can fetch, and no file that is gone`, () => {
    const { version, files } = cachedFiles(WWW);
    assert.match(version, /^[0-9a-f]{12}$/);
    const page = reachable(WWW);
    // The crawl found the page's parts, lazy ones included: the dialogs, the worker, all three wasm modules.
    for (const part of parts)
      assert.ok(
        page.some((file) => part.test(file)),
        `${part} reachable from index.html (found ${page.join(" ")})`,
      );
    const missing = page.filter((f) => f !== "sw.js" && !files.includes(f));
    assert.deepEqual(missing, [], "files the page can fetch, missing from sw-files.js");
    assert.ok(files.includes("./"), "the page's own address");
    assert.deepEqual(
      files.filter((f) => f !== "./" && !existsSync(join(WWW, f))),
      [],
      `files in sw-files.js that are not in ${WWW}`,
    );
  });
