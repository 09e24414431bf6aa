// The weight of a first visit: every file the page, its workers and its service worker fetch
// from an empty profile, weighed as a compressing static host sends it (zlib level 9, as
// gzip -9), in two parts: until the board is drawn and Solve answers (what a player waits
// for), and everything, the offline cache included (the service worker's install, once the
// page is idle). Both against their budgets in bench/budget.json (a part may grow 2 % past
// its budget, no more); the later parts (the text formats' and explained logic's wasm, the
// dialogs) must not be fetched before Solve answers; every fetched file must be in the service
// worker's list (sw-files.js). The page weighed is the deployed one, pkg/www/ (www/ minified). The requests are counted by the server, so nothing the
// browser fetches (a worker's import, the service worker's install) escapes them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { gzipSync } from "node:zlib";
import sirv from "sirv";
import { launchBrowser, ROOT, requireBuild } from "./helpers.mjs";

const WWW = join(ROOT, "pkg/www");
const BUDGET = JSON.parse(readFileSync(join(ROOT, "bench/budget.json"), "utf8"));

/** @type {{ path: string, at: number }[]} every request the server got: its path and when (ms since the epoch) */
const requests = [];
let server;
let url;
before(async () => {
  requireBuild();
  const serve = sirv(WWW, { dev: true });
  server = createServer((req, res) => {
    requests.push({ path: new URL(req.url, "http://x").pathname, at: Date.now() });
    serve(req, res);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${server.address().port}/`;
});
after(() => server?.close());

/** A fetched path as a file of the page ("/" is index.html). */
const fileOf = (path) => (path.endsWith("/") ? `${path}index.html` : path).slice(1);
/** The distinct files among these requests, each with its size and zlib-9 size. */
function weigh(list) {
  const files = [...new Set(list.map((r) => fileOf(r.path)))].sort();
  return files.map((file) => {
    const bytes = readFileSync(join(WWW, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}
const total = (weighed) => weighed.reduce((sum, f) => sum + f.gzip, 0);
const within = (figure, budget) => figure <= budget * (1 + BUDGET.tolerance);

test("a first visit stays within its budget: until Solve answers, and with the offline cache", async (t) => {
  const browser = await launchBrowser({ serviceWorkers: "allow" });
  try {
    const page = await browser.context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName("gridlogic:board-drawn").length > 0);
    await page.click("#solve");
    await page.waitForFunction(() => window.gridlogic.state().status === "done");
    // When Solve answered, on the epoch's clock (the server's).
    const answered = await page.evaluate(
      () => performance.timeOrigin + performance.getEntriesByName("gridlogic:solver-answered")[0].startTime,
    );
    // Then the page goes idle: the service worker installs, every listed file in its cache.
    const listed = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active.scriptURL;
    });
    assert.match(listed, /sw\.js$/);
    const { version, files } = JSON.parse(
      readFileSync(join(WWW, "sw-files.js"), "utf8")
        .replace(/^[^=]*= /s, "")
        .replace(/;\s*$/, ""),
    );
    await page.waitForFunction(
      async ({ name, count }) => (await caches.has(name)) && (await (await caches.open(name)).keys()).length >= count,
      { name: `gridlogic-${version}`, count: files.length },
      { polling: 100, timeout: 60000 },
    );
    await page.waitForFunction(() => performance.getEntriesByName("gridlogic:formats-ready").length > 0);

    const first = weigh(requests.filter((r) => r.at <= answered));
    const all = weigh(requests);
    t.diagnostic(`until Solve answers (*): ${first.length} files, ${total(first)} B gzip`);
    t.diagnostic(`everything: ${all.length} files, ${total(all)} B gzip`);
    for (const f of all)
      t.diagnostic(`${first.some((g) => g.file === f.file) ? "*" : " "} ${f.file}: ${f.raw} B, ${f.gzip} B gzip`);

    const early = first.map((f) => f.file);
    // The bundles' lazy chunks carry a hash in their names (create-<hash>.js).
    const lazyParts = [
      /^pkg\/gridlogic_formats(_bg\.wasm|\.js)$/,
      /^pkg\/gridlogic_explain_bg\.wasm$/, // its glue comes with the worker (docs/performance.md)
      /^create-\w+\.js$/,
      /^picture-\w+\.js$/,
    ];
    for (const lazy of lazyParts) {
      assert.ok(
        all.some((f) => lazy.test(f.file)),
        `${lazy} is fetched once the page is idle`,
      );
      assert.ok(!early.some((file) => lazy.test(file)), `${lazy} is not fetched before Solve answers`);
    }
    assert.ok(early.includes("pkg/gridlogic_bg.wasm"), "the solver's wasm is fetched for Solve");
    const unlisted = all.map((f) => f.file).filter((f) => !files.includes(f) && f !== "sw.js" && f !== "sw-files.js");
    assert.deepEqual(unlisted, [], "fetched files missing from the service worker's list");
    const { untilSolved, everything } = BUDGET.firstVisit;
    assert.ok(within(total(first), untilSolved), `until Solve answers: ${total(first)} B gzip, budget ${untilSolved}`);
    assert.ok(within(total(all), everything), `everything: ${total(all)} B gzip, budget ${everything}`);
  } finally {
    await browser.close();
  }
});
