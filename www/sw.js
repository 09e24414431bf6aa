// The page's service worker: after one visit the page loads, draws and solves with the
// network off. On install it caches every file the page can fetch (its scripts, styles and all
// three wasm modules: the list in sw-files.js, which scripts/build.sh writes from www/); every
// request afterwards goes to the network first and refreshes the cache, and falls back to the
// cache when the network fails. So a new build replaces the cached files on the first visit
// online after it, and a stale cache never hides a newer page. The page registers this worker
// once it is idle (later.js), so its install never delays the first board. The cache's name
// carries the build's version (a hash of the listed files' contents, in sw-files.js): a new
// build changes sw-files.js, which makes the browser install this worker again, and
// activation deletes the caches of other versions.

/** The worker's global scope (tsc checks the page's files against the DOM's types, not a worker's). */
const worker = /** @type {any} */ (self);
worker.importScripts("sw-files.js");
/** @type {{ version: string, files: string[] }} set by sw-files.js */
const { version, files: FILES } = worker.gridlogicFiles;
const CACHE = `gridlogic-${version}`;

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
