// What the bench scripts (run.mjs, random.mjs) share: their whole-number flags and the native
// half, the release build of examples/bench.rs.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

/** `flags[name]` (from parseArgs) as a whole number ≥ `min`, or exit naming the flag. */
export function wholeFlag(flags, name, min) {
  const n = Number(flags[name]);
  if (!Number.isInteger(n) || n < min) {
    console.error(`bench: --${name} expects a whole number ≥ ${min}, got ${JSON.stringify(flags[name])}`);
    process.exit(2);
  }
  return n;
}

/** Builds examples/bench.rs in release (once per run, before `runNative`). */
export function buildNative() {
  execFileSync("cargo", ["build", "--release", "--quiet", "--example", "bench"], { cwd: root, stdio: "inherit" });
}

/** Solves canonical `lines` natively, each within `limit` ms: one `{ millis, status, nodes }` a line. */
export function runNative(lines, limit) {
  const file = join(mkdtempSync(join(tmpdir(), "gridlogic-bench-")), "puzzles.txt");
  writeFileSync(file, `${lines.join("\n")}\n`);
  // cargo builds into $CARGO_TARGET_DIR when it is set, else into target/.
  const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, "target");
  const out = execFileSync(join(targetDir, "release/examples/bench"), [file, String(limit)], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  return out
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}
