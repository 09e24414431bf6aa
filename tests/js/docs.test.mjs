// The documentation's JS runs: every ```js block of README.md and docs/*.md is written to a
// module of its own and run by Node against the built package (pkg/ and js/), so that the
// examples stay true. `from "gridlogic"` is the package's Node entry point, `./pkg/…` the
// project's pkg/, and `import.meta.url` the project's root. A `console.log(…); // "text"`
// line also says what the run prints: the output must contain `text`. Blocks that only show
// a signature are fenced as ```ts and not run.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import "./load.mjs"; // fails early with a clear message when pkg/ is not built
import { fencedBlocks } from "./markdown.mjs";

const root = new URL("../../", import.meta.url);
const pages = [
  "README.md",
  ...readdirSync(new URL("docs/", root))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`),
];

/** The block as a module that runs from anywhere: its imports point into the project. */
function runnable(code) {
  return code
    .replaceAll(/from "gridlogic"/g, `from ${JSON.stringify(new URL("js/node.js", root).href)}`)
    .replaceAll(/from "\.\/pkg\/([^"]+)"/g, (_, file) => `from ${JSON.stringify(new URL(`pkg/${file}`, root).href)}`)
    .replaceAll("import.meta.url", JSON.stringify(root.href));
}

/** What the block says it prints: the JSON string after `//` on a console.log line. */
function expectedOutput(code) {
  return [...code.matchAll(/^\s*console\.log\(.*\);\s*\/\/\s*("(?:[^"\\]|\\.)*")/gm)].map((m) => JSON.parse(m[1]));
}

test("the block extraction finds blocks, their imports and what they print", () => {
  const markdown =
    'text\n```js\nimport { solve } from "gridlogic";\nconsole.log(solve(p).status); // "unique"\n```\n```ts\nx\n```\n';
  const blocks = fencedBlocks(markdown, "js");
  assert.equal(blocks.length, 1);
  assert.equal(blocks[0].line, 2);
  assert.match(runnable(blocks[0].code), /from "file:.*\/js\/node\.js"/);
  assert.deepEqual(expectedOutput(blocks[0].code), ["unique"]);
});

const dir = mkdtempSync(join(tmpdir(), "gridlogic-docs-"));
after(() => rmSync(dir, { recursive: true, force: true }));
let count = 0;
for (const page of pages) {
  for (const { line, code } of fencedBlocks(readFileSync(new URL(page, root), "utf8"), "js")) {
    const file = join(dir, `block-${++count}.mjs`);
    test(`${page}:${line} runs`, () => {
      writeFileSync(file, runnable(code));
      const run = spawnSync("node", [file], { encoding: "utf8", timeout: 120_000, cwd: fileURLToPath(root) });
      assert.equal(run.status, 0, `${page}:${line} failed:\n${run.stderr}`);
      for (const text of expectedOutput(code)) {
        assert.ok(
          run.stdout.includes(text),
          `${page}:${line} should print ${JSON.stringify(text)}; it printed:\n${run.stdout}`,
        );
      }
    });
  }
}

test("the documentation has JS examples to run", () => {
  assert.ok(count >= 8, `only ${count} js blocks found in ${pages.join(", ")}`);
});
