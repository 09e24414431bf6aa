// What the browser suites share: launching the system Chromium and serving a folder.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Options for playwright-core's chromium.launch: Debian's Chromium, quiet on a closed network. */
export function launchOptions() {
  return {
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      `--user-data-dir=${mkdtempSync(join(tmpdir(), "gridlogic-chromium-"))}`,
    ],
  };
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/** Serve `dir` with sirv on a free port; resolves once it answers. */
export async function startServer(dir) {
  const port = await freePort();
  const sirv = fileURLToPath(new URL("../node_modules/.bin/sirv", import.meta.url));
  const child = spawn(sirv, [dir, "--port", String(port), "--host", "127.0.0.1", "--quiet"], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return { url, stop: () => child.kill() };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`the server for ${dir} did not start`);
}
