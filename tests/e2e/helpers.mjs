// Shared set-up of the end-to-end tests: a static server of the page as it is deployed
// (pkg/www/, www/ minified by scripts/site.mjs) on a free port and a headless Chromium with a
// fresh profile.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import { chromium } from "playwright-core";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const RESULTS = join(ROOT, "test-results");
export const WASM = join(ROOT, "www/pkg/gridlogic_bg.wasm");

/** Fail (not skip) when the wasm build is missing: the page cannot be tested without it. */
export function requireBuild() {
  for (const built of [WASM, join(ROOT, "pkg/www/index.html")])
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
}

/** What a page test file needs from the build (failing without it): the solver, loaded here
 *  to work out the solutions the page is compared with, and the page's puzzle list. */
export async function loadBuild() {
  requireBuild();
  const { initSync, solve } = await import(join(ROOT, "www/pkg/gridlogic.js"));
  initSync({ module: readFileSync(WASM) });
  const { PUZZLES } = await import(join(ROOT, "www/puzzles.js"));
  return { solve, PUZZLES };
}

/**
 * The page served and a headless browser, started before a test file's tests and stopped after
 * them: `site.server.url`, `site.browser.context`, and `site.fresh(hash, options)`, a fresh page on
 * `hash` with empty storage (options: see freshPage).
 */
export function servePage() {
  const site = {
    server: undefined,
    browser: undefined,
    fresh: (hash, options) => freshPage(site.browser.context, site.server.url, hash, options),
  };
  before(async () => {
    site.server = await startServer();
    site.browser = await launchBrowser();
  });
  after(async () => {
    await site.browser?.close();
    site.server?.close();
  });
  return site;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Serve `dir` (default pkg/www/, the deployed page) with sirv on a free port; resolves when it answers. The port is the
 * one sirv says it bound: should another process (a test file running beside this one) take the
 * free port first, sirv binds another one and says so, instead of this file talking to a server
 * that is not its own; should the port be taken between sirv's look and its bind, sirv exits,
 * and another is tried.
 */
export async function startServer(dir = "pkg/www") {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSirv(dir);
    } catch (e) {
      if (!e.exited || attempt === 3) throw e;
    }
  }
}

async function startSirv(dir) {
  const port = await freePort();
  const bin = join(ROOT, "node_modules/.bin/sirv");
  const child = spawn(bin, [dir, "--port", String(port), "--host", "127.0.0.1", "--no-logs", "--no-clear"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let said = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (text) => {
    said += text;
  });
  let url;
  const deadline = Date.now() + 15000;
  for (;;) {
    // "- Local: http://127.0.0.1:<port>", once it listens (no colours: its stdout is no terminal).
    const bound = said.match(/Local:\s+(http:\/\/127\.0\.0\.1:\d+)/);
    if (bound) {
      url = `${bound[1]}/`;
      try {
        const res = await fetch(url);
        if (res.ok) break;
      } catch {
        // not up yet
      }
    }
    if (child.exitCode !== null) throw Object.assign(new Error(`sirv exited with ${child.exitCode}`), { exited: true });
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`sirv did not answer on ${url ?? `port ${port} or the one it chose`}`);
    }
    await new Promise((r) => setTimeout(r, 100)); // a poll until the deadline above, not a wait for a state
  }
  return { url, close: () => child.kill() };
}

/**
 * A headless Chromium with its own fresh user data directory. Service workers are blocked
 * unless asked for: the page's (www/sw.js) would answer requests that tests intercept with
 * page.route, out of their sight.
 * @param {{ serviceWorkers?: "allow" | "block" }} [options]
 */
export async function launchBrowser({ serviceWorkers = "block" } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "gridlogic-e2e-"));
  const context = await chromium.launchPersistentContext(dataDir, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1280, height: 860 },
    deviceScaleFactor: 2,
    hasTouch: true,
    serviceWorkers,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Open the page at `hash` and wait until a puzzle is on the board. `config` is given to the page
 * as `window.gridlogicConfig` before its scripts run: the durations it waits for (www/dom.js
 * `duration`: `ratingsQuietMs`, `ratingsFirstQuietMs`, `doubleTapMs`).
 * @param {{ config?: Record<string, number> }} [options]
 */
export async function openPage(context, url, hash = "", { config } = {}) {
  const page = await context.newPage();
  if (config) await page.addInitScript((c) => Object.assign(window, { gridlogicConfig: c }), config);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url + hash);
  await page.waitForFunction(() => window.gridlogic?.state() != null);
  return { page, errors };
}

/**
 * A page on `hash` with empty storage (cleared, then loaded again; cleared once more as the page
 * is left, after the page saved the board it had restored on leaving). Options: openPage's.
 */
export async function freshPage(context, url, hash = "", options = {}) {
  const { page, errors } = await openPage(context, url, hash, options);
  await page.evaluate(() => {
    localStorage.clear();
    window.addEventListener("pagehide", () => localStorage.clear());
    document.addEventListener("visibilitychange", () => localStorage.clear());
  });
  await page.goto("about:blank");
  await page.goto(url + hash);
  await page.waitForFunction(() => window.gridlogic?.state() != null);
  return { page, errors };
}

export const state = (page) => page.evaluate(() => window.gridlogic.state());

/** Two animation frames: whatever the page drew or laid out for a change made before is done
 *  (a draw waits for the next frame, a resize's layout for the frame's resize observers). */
export const frames = (page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** The page at rest: no animated zoom under way (www/zoom.js), no CSS transition running, then
 *  two frames for the last draw and layout. */
export async function settle(page) {
  await page.waitForFunction(
    () =>
      !window.gridlogic.camera().gliding &&
      // CSS transitions (the drawer sliding away after a resize, for one) run to their end.
      document.getAnimations().every((a) => !(a instanceof CSSTransition) || (a.playState !== "running" && !a.pending)),
  );
  await frames(page);
}

/** Click (or press another button on) cell i of the board. */
export async function clickCell(page, i, button = "left") {
  const { x, y } = await page.evaluate((k) => window.gridlogic.cellCenter(k), i);
  await page.mouse.click(x, y, { button });
}

export async function screenshot(page, name) {
  mkdirSync(RESULTS, { recursive: true });
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
}

/** Press Share and wait for the link it shows (written once the text formats' wasm is there). */
export async function shareLink(page) {
  await page.click("#share");
  const link = await page.waitForFunction(() => {
    const field = /** @type {HTMLInputElement} */ (document.getElementById("share-url"));
    return !field.hidden && field.value;
  });
  return link.jsonValue();
}
