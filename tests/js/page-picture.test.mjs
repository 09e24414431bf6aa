// The picture editor's colour quantiser (www/quantise.js) in Node: cells of a few known
// colours with noise come back as those colours, the lightest as the background, the colours
// ordered by how many cells have them; the same input gives the same answer; an image with
// fewer colours than asked for still gets a palette of distinct colours.
import assert from "node:assert/strict";
import { test } from "node:test";
import { hexOf, FRESH_COLOURS, quantise } from "../../www/quantise.js";

/** Cells of the given colours (one per cell), each component moved by up to ±`noise` (a fixed LCG). */
function cellsOf(colours, noise) {
  let seed = 7;
  const jitter = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return ((seed >>> 16) % (2 * noise + 1)) - noise;
  };
  return Float64Array.from(colours.flatMap((rgb) => rgb.map((v) => Math.max(0, Math.min(255, v + jitter())))));
}

const WHITE = [255, 255, 255];
const RED = [200, 40, 40];
const BLUE = [40, 60, 200];
const GREEN = [40, 160, 60];

test("three colours and white with noise: the clusters are the colours, white the background", () => {
  // 10 white, 6 red, 4 blue, 2 green cells, shuffled by a fixed order.
  const truth = [...Array(10).fill(0), ...Array(6).fill(1), ...Array(4).fill(2), ...Array(2).fill(3)];
  const order = truth.map((_, i) => (i * 7) % truth.length);
  const expected = order.map((i) => truth[i]);
  const colours = expected.map((v) => [WHITE, RED, BLUE, GREEN][v]);
  const { cells, palette } = quantise(cellsOf(colours, 12), 3);
  assert.deepEqual([...cells], expected);
  assert.equal(palette.length, 3);
  // Each palette colour is near its true colour (the mean of its noisy cells).
  [RED, BLUE, GREEN].forEach((rgb, k) => {
    const got = [1, 3, 5].map((i) => Number.parseInt(palette[k].slice(i, i + 2), 16));
    assert.ok(
      got.every((v, d) => Math.abs(v - rgb[d]) <= 12),
      `${palette[k]} for ${hexOf(rgb)}`,
    );
  });
  // The same cells, the same answer.
  assert.deepEqual(quantise(cellsOf(colours, 12), 3), { cells, palette });
});

test("the lightest cluster is the background even when it is not the largest", () => {
  const colours = [...Array(3).fill([250, 250, 240]), ...Array(9).fill([30, 30, 30]), ...Array(4).fill(RED)];
  const { cells, palette } = quantise(cellsOf(colours, 0), 2);
  assert.deepEqual([...cells], [...Array(3).fill(0), ...Array(9).fill(1), ...Array(4).fill(2)]);
  assert.deepEqual(palette, ["#1e1e1e", hexOf(RED)]);
});

test("fewer colours in the image than asked for: the palette is still distinct", () => {
  const colours = [...Array(5).fill(WHITE), ...Array(5).fill(RED)];
  const { cells, palette } = quantise(cellsOf(colours, 0), 4);
  assert.deepEqual([...cells], [...Array(5).fill(0), ...Array(5).fill(1)]);
  assert.equal(palette.length, 4);
  assert.equal(palette[0], hexOf(RED));
  assert.equal(new Set(palette).size, 4, palette.join(" "));
  for (const extra of palette.slice(1)) assert.ok(FRESH_COLOURS.includes(extra));
});
