// Writes pkg/www/, the play page as it is deployed: a copy of www/ (after scripts/build.sh put
// the package's files in it) with every JavaScript and CSS file minified by esbuild, file by
// file. Each module keeps its path and its exports, so the page's dynamic imports, its
// worker and its service worker load the same files as in www/, only smaller: a first visit
// fetches about half the gzipped bytes of JavaScript (docs/performance.md). www/ itself
// stays as written, served by `npm start` for development; the end-to-end tests serve
// pkg/www/, what players get. Type declarations (.d.ts) are left out: the page never
// fetches them. Run by scripts/build.sh, before scripts/sw-files.mjs lists pkg/www/.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, extname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { transformSync } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCE = join(ROOT, "www");
const OUT = join(ROOT, "pkg/www");

/** esbuild's loader for a file it minifies, by extension. */
const LOADERS = { ".js": "js", ".mjs": "js", ".css": "css" };

/** @param {string} dir @returns {string[]} every file under `dir` */
const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

rmSync(OUT, { recursive: true, force: true });
let before = 0;
let after = 0;
for (const file of filesUnder(SOURCE)) {
  if (file.endsWith(".d.ts")) continue;
  const target = join(OUT, relative(SOURCE, file));
  mkdirSync(dirname(target), { recursive: true });
  const loader = LOADERS[/** @type {keyof typeof LOADERS} */ (extname(file))];
  if (!loader) {
    cpSync(file, target);
    continue;
  }
  const source = readFileSync(file, "utf8");
  const { code } = transformSync(source, { loader, minify: true, legalComments: "none", target: "es2022" });
  writeFileSync(target, code);
  before += Buffer.byteLength(source);
  after += Buffer.byteLength(code);
}
console.log(`build: pkg/www/ is www/ with its JS and CSS minified (${before} bytes of them, now ${after})`);
