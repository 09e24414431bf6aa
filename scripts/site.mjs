// Writes pkg/www/, the play page as it is deployed, from www/ (after scripts/build.sh put the
// package's files in it): its JavaScript bundled and minified by esbuild, its CSS minified,
// everything else copied.
//
// Two entry points, the page (main.js) and its solver worker (js/worker.js, written as
// worker.js beside main.js), with code splitting: the modules both need and the ones the page
// imports later (`import("./create.js")`, the picture importer, the text formats' glue) become
// shared chunks, so a first visit fetches a few files instead of forty. One gzipped file
// compresses better than forty small ones: measured 2026-12-04, the page's JavaScript until
// Solve answers went from 53.6 KB gzip file by file to 41.9 KB bundled (docs/performance.md).
// Every output file sits in pkg/www/ itself, so a module's `new URL("./worker.js",
// import.meta.url)` (js/workers.js) finds the worker wherever esbuild put the module.
//
// The wasm-bindgen glue (pkg/gridlogic*.js) stays its own file in pkg/www/pkg/, minified: it
// finds its wasm by its own URL (`new URL("gridlogic_bg.wasm", import.meta.url)`), and the
// worker and the page load it apart (the page never loads the solver's glue). Imports of it
// are rewritten to "./pkg/…", right from every bundled file.
//
// www/ itself stays as written, served by `npm start` for development; the end-to-end tests
// serve pkg/www/, what players get. Run by scripts/build.sh, before scripts/sw-files.mjs lists
// pkg/www/.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build, transformSync } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCE = join(ROOT, "www");
const OUT = join(ROOT, "pkg/www");
/** The bundles' entry points, by output name (pkg/www/NAME.js). */
const ENTRIES = { main: join(SOURCE, "main.js"), worker: join(SOURCE, "js/worker.js") };
/** Files copied as they are (minified when CSS or a classic script): not part of a bundle. */
const COPIED_SCRIPTS = new Set(["sw.js"]);
/** esbuild options shared by every minified file. */
const MINIFY = /** @type {const} */ ({ minify: true, legalComments: "none", target: "es2022" });

/** @param {string} dir @returns {string[]} every file under `dir` */
const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/** A path of the wasm-bindgen glue (pkg/gridlogic.js, pkg/gridlogic_formats.js, pkg/gridlogic_explain.js). */
const GLUE = /(^|\/)pkg\/gridlogic(_formats|_explain)?\.js$/;

/** Resolves every import of the wasm-bindgen glue to its deployed place, outside the bundles. */
const glueOutside = {
  name: "wasm-bindgen glue outside the bundles",
  /** @param {import("esbuild").PluginBuild} build */
  setup(build) {
    build.onResolve({ filter: GLUE }, (args) => ({
      path: `./pkg/${basename(args.path)}`,
      external: true,
    }));
  },
};

rmSync(OUT, { recursive: true, force: true });
const { metafile } = await build({
  ...MINIFY,
  entryPoints: ENTRIES,
  bundle: true,
  splitting: true,
  format: "esm",
  outdir: OUT,
  chunkNames: "[name]-[hash]",
  plugins: [glueOutside],
  // Every module of the page is its own: its copy of the package (www/js/) is outside the
  // package.json whose "sideEffects" names the board element's definition.
  ignoreAnnotations: true,
  metafile: true,
});

for (const file of filesUnder(SOURCE)) {
  const name = relative(SOURCE, file);
  const ext = extname(file);
  const glue = GLUE.test(name);
  const script = ext === ".js" || ext === ".mjs";
  if (file.endsWith(".d.ts") || (script && !glue && !COPIED_SCRIPTS.has(name))) continue;
  const target = join(OUT, name);
  mkdirSync(dirname(target), { recursive: true });
  if (script || ext === ".css") {
    const { code } = transformSync(readFileSync(file, "utf8"), { ...MINIFY, loader: script ? "js" : "css" });
    writeFileSync(target, code);
  } else cpSync(file, target);
}
const sum = (/** @type {{ bytes: number }[]} */ parts) => parts.reduce((total, part) => total + part.bytes, 0);
console.log(
  `build: pkg/www/ is www/ bundled and minified (${sum(Object.values(metafile.inputs))} bytes of page ` +
    `JavaScript in ${Object.keys(metafile.inputs).length} modules, now ${sum(Object.values(metafile.outputs))} in ` +
    `${Object.keys(metafile.outputs).length} files)`,
);
