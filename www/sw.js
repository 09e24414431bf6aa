// The page's service worker: after one visit the page loads, draws and solves with the
// network off. On install it caches the page, its scripts and both wasm modules (the list
// below); every request afterwards goes to the network first and refreshes the cache, and
// falls back to the cache when the network fails. So a new build replaces the cached files on
// the first visit online after it, and a stale cache never hides a newer page. The cache's
// name has a version: a change of this file's list or strategy bumps it, and activation
// deletes the caches of other versions.

/** The worker's global scope (tsc checks the page's files against the DOM's types, not a worker's). */
const worker = /** @type {any} */ (self);
const CACHE = "gridlogic-v7";
const FILES = [
  "./",
  "index.html",
  "style.css",
  "manifest.webmanifest",
  "icon.svg",
  "main.js",
  "assist.js",
  "chrome.js",
  "clues.js",
  "create.js",
  "dom.js",
  "drawer.js",
  "hook.js",
  "importer.js",
  "links.js",
  "list.js",
  "ratings.js",
  "options.js",
  "picture.js",
  "progress.js",
  "puzzles.js",
  "quantise.js",
  "session.js",
  "solving.js",
  "store.js",
  "verdicts.js",
  "wording.js",
  "js/board/genres/index.js",
  "js/board/genres/digits.js",
  "js/board/genres/kakuro.js",
  "js/board/genres/lines.js",
  "js/board/genres/palette.js",
  "js/board/genres/nonogram.js",
  "js/board/genres/shape.js",
  "js/board/genres/str8ts.js",
  "js/board/genres/sudoku.js",
  "js/board/board.js",
  "js/board/camera.js",
  "js/board/clock.js",
  "js/board/dom.js",
  "js/board/draw.js",
  "js/board/element.js",
  "js/board/input.js",
  "js/board/painter.js",
  "js/board/swatch.js",
  "js/board/zoom.js",
  "js/browser.js",
  "js/workers.js",
  "js/init-sync.js",
  "js/client.js",
  "js/protocol.js",
  "js/worker.js",
  "pkg/gridlogic.js",
  "pkg/gridlogic_bg.wasm",
  "pkg/gridlogic_formats.js",
  "pkg/gridlogic_formats_bg.wasm",
  "pkg/gridlogic_explain.js",
  "pkg/gridlogic_explain_bg.wasm",
];

worker.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith("gridlogic-") && n !== CACHE).map((n) => caches.delete(n))),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== worker.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      })
      .catch(() =>
        caches
          .match(request, { ignoreSearch: true })
          .then((hit) => hit ?? caches.match("index.html").then((page) => page ?? Response.error())),
      ),
  );
});
