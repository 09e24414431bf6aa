// The fenced code blocks of a markdown page, for the tests that run the documentation's code:
// tests/js/docs.test.mjs (the `js` blocks, in Node) and tests/package/board.test.mjs (the
// `html`, `javascript` and `jsx` blocks of the board's page, in Chromium).

/**
 * The blocks of a markdown text fenced with exactly the language `lang`.
 * @param {string} markdown
 * @param {string} lang
 * @returns {{ line: number, code: string }[]} line: 1-based, of the opening fence
 */
export function fencedBlocks(markdown, lang) {
  const blocks = [];
  let block = null;
  markdown.split("\n").forEach((line, i) => {
    if (block === null && line.trimEnd() === `\`\`\`${lang}`) block = { line: i + 1, lines: [] };
    else if (block !== null && line.trimEnd() === "```") {
      blocks.push({ line: block.line, code: block.lines.join("\n") });
      block = null;
    } else if (block !== null) block.lines.push(line);
  });
  return blocks;
}
