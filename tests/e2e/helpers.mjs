// Shared set-up of the end-to-end tests: a static server of www/ on a free port and a
// headless Chromium with a fresh profile.
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
  if (!existsSync(WASM)) throw new Error(`${WASM} is missing: run \`npm run build\` first`);
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
 * them: `site.server.url`, `site.browser.context`, and `site.fresh(hash)`, a fresh page on `hash`
 * with empty storage.
 */
export function servePage() {
  const site = {
    server: undefined,
    browser: undefined,
    fresh: (hash) => freshPage(site.browser.context, site.server.url, hash),
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

/** Serve `dir` (default www/) with sirv on a free port; resolves when it answers. */
export async function startServer(dir = "www") {
  const port = await freePort();
  const bin = join(ROOT, "node_modules/.bin/sirv");
  const child = spawn(bin, [dir, "--port", String(port), "--host", "127.0.0.1", "--quiet"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 15000;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`sirv exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`sirv did not answer on ${url}`);
    }
    await new Promise((r) => setTimeout(r, 100));
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

/** Open the page at `hash` and wait until a puzzle is on the board. */
export async function openPage(context, url, hash = "") {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url + hash);
  await page.waitForFunction(() => window.gridlogic?.state() != null);
  return { page, errors };
}

/**
 * A page on `hash` with empty storage (cleared, then loaded again; cleared once more as the page
 * is left, after the page saved the board it had restored on leaving).
 */
export async function freshPage(context, url, hash = "") {
  const { page, errors } = await openPage(context, url, hash);
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

/** Click (or press another button on) cell i of the board. */
export async function clickCell(page, i, button = "left") {
  const { x, y } = await page.evaluate((k) => window.gridlogic.cellCenter(k), i);
  await page.mouse.click(x, y, { button });
}

export async function screenshot(page, name) {
  mkdirSync(RESULTS, { recursive: true });
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
}
