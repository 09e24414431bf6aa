// Writes DIR/sw-files.js, the service worker's list of files to cache (DIR/sw.js), from what
// the build put in DIR (www/ by default; scripts/build.sh runs it on www/ and on its minified
// copy pkg/www/): every file of the page, the package's copies in js/ and pkg/ included, less
// those the page never fetches (the worker itself, type declarations, the package's Node and
// bundler entry points). Its version, a hash of the files' contents, names the worker's
// cache: a build that changes any file changes sw-files.js, and the browser installs the
// worker again.
//   node scripts/sw-files.mjs [DIR]
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const WWW = process.argv[2] ?? fileURLToPath(new URL("../www", import.meta.url));
/** Files in www/ the page never fetches. */
const NOT_FETCHED = new Set([
  ".gitignore",
  "sw.js",
  "sw-files.js",
  "js/node.js",
  "js/node-worker.js",
  "js/browser.js",
  "js/init-sync.js",
]);

/** @param {string} dir @returns {string[]} the files under `dir`, relative to www/, sorted */
const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [relative(WWW, join(dir, entry.name))],
    )
    .sort();

const files = filesUnder(WWW).filter((file) => !NOT_FETCHED.has(file) && !file.endsWith(".d.ts"));
const hash = createHash("sha256");
for (const file of files)
  hash
    .update(file)
    .update("\0")
    .update(readFileSync(join(WWW, file)));
const list = { version: hash.digest("hex").slice(0, 12), files: ["./", ...files] };
writeFileSync(
  join(WWW, "sw-files.js"),
  `// Written by scripts/sw-files.mjs (scripts/build.sh): the files the service worker caches.\n` +
    `/** @type {any} */ (self).gridlogicFiles = ${JSON.stringify(list, null, 2)};\n`,
);
console.log(
  `build: ${relative(process.cwd(), join(WWW, "sw-files.js"))} lists ${list.files.length} files (version ${list.version})`,
);
