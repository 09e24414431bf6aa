// The size budget of each wasm module (bench/budget.json): a module may grow 2 % past its
// budget, raw or compressed (zlib level 9, as gzip -9, what a compressing static host sends),
// and no more. A change that makes a module larger on purpose raises its budget in the same
// commit, with the reason in its message; one that makes it smaller lowers it (the test says
// so), so that the bytes saved cannot creep back. Needs the build (`bash scripts/build.sh`).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const { tolerance, modules } = JSON.parse(readFileSync(join(ROOT, "bench/budget.json"), "utf8"));

test("the budget names the package's three wasm modules", () => {
  assert.deepEqual(Object.keys(modules).sort(), [
    "pkg/gridlogic_bg.wasm",
    "pkg/gridlogic_explain_bg.wasm",
    "pkg/gridlogic_formats_bg.wasm",
  ]);
  assert.ok(tolerance > 0 && tolerance <= 0.02, `tolerance ${tolerance}`);
});

for (const [file, budget] of Object.entries(modules)) {
  test(`${file} is within its budget (${budget.raw} B, ${budget.gzip} B gzip, +${tolerance * 100} %)`, (t) => {
    const path = join(ROOT, file);
    assert.ok(existsSync(path), `${path} is missing: run \`bash scripts/build.sh\` first`);
    const bytes = readFileSync(path);
    const size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    t.diagnostic(`${file}: ${size.raw} B, ${size.gzip} B gzip`);
    for (const kind of ["raw", "gzip"]) {
      assert.ok(
        size[kind] <= budget[kind] * (1 + tolerance),
        `${file} is ${size[kind]} B ${kind}, over its budget of ${budget[kind]} B by more than ${tolerance * 100} %`,
      );
      if (size[kind] < budget[kind] * (1 - tolerance))
        t.diagnostic(`${file} is ${size[kind]} B ${kind}, well under its budget: lower it in bench/budget.json`);
    }
  });
}
