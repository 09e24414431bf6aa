// The page's service worker: after one visit the page loads, draws and solves with the
// network off. On install it caches the page, its scripts and both wasm modules (the list
// below); every request afterwards goes to the network first and refreshes the cache, and
// falls back to the cache when the network fails. So a new build replaces the cached files on
// the first visit online after it, and a stale cache never hides a newer page. The cache's
// name has a version: a change of this file's list or strategy bumps it, and activation
// deletes the caches of other versions.

/** The worker's global scope (tsc checks the page's files against the DOM's types, not a worker's). */
const worker = /** @type {any} */ (self);
const CACHE = "gridlogic-v5";
const FILES = [
  "./",
  "index.html",
  "style.css",
  "manifest.webmanifest",
  "icon.svg",
  "main.js",
  "assist.js",
  "board.js",
  "camera.js",
  "chrome.js",
  "clock.js",
  "clues.js",
  "create.js",
  "dom.js",
  "draw.js",
  "drawer.js",
  "hook.js",
  "importer.js",
  "input.js",
  "links.js",
  "list.js",
  "ratings.js",
  "options.js",
  "painter.js",
  "picture.js",
  "progress.js",
  "puzzles.js",
  "quantise.js",
  "session.js",
  "solving.js",
  "store.js",
  "swatch.js",
  "verdicts.js",
  "wording.js",
  "zoom.js",
  "genres/index.js",
  "genres/digits.js",
  "genres/kakuro.js",
  "genres/lines.js",
  "genres/palette.js",
  "genres/nonogram.js",
  "genres/shape.js",
  "genres/str8ts.js",
  "js/browser.js",
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
