// The colour nonogram's swatches on the page (js/board/swatch.js) in Node: WCAG relative luminance
// and contrast from their definition, and the ink chosen for a swatch is the more readable of
// black and white, at least 4.5:1 (WCAG AA) on every colour of a 16-level RGB cube.
import assert from "node:assert/strict";
import { test } from "node:test";
import { contrast, DARK_INK, hexToRgb, inkOn, LIGHT_INK, luminance } from "../../js/board/swatch.js";

test("luminance and contrast: the WCAG 2 fixed points", () => {
  assert.equal(luminance([0, 0, 0]), 0);
  assert.ok(Math.abs(luminance([255, 255, 255]) - 1) < 1e-12);
  assert.ok(Math.abs(contrast([0, 0, 0], [255, 255, 255]) - 21) < 1e-9);
  assert.equal(contrast([12, 200, 40], [12, 200, 40]), 1);
  // #777 on white is the well-known 4.48:1.
  assert.equal(contrast([0x77, 0x77, 0x77], [255, 255, 255]).toFixed(2), "4.48");
  assert.deepEqual(hexToRgb("#d03030"), [208, 48, 48]);
  assert.deepEqual(hexToRgb("#0af"), [0, 170, 255]);
  assert.equal(hexToRgb("red"), null);
});

test("the ink on a swatch is the better of black and white, and at least 4.5:1, for 4,096 colours", () => {
  const black = hexToRgb(DARK_INK);
  const white = hexToRgb(LIGHT_INK);
  let worst = 21;
  for (let r = 0; r < 256; r += 17) {
    for (let g = 0; g < 256; g += 17) {
      for (let b = 0; b < 256; b += 17) {
        const rgb = [r, g, b];
        const ink = inkOn(rgb);
        const [mine, other] = ink === DARK_INK ? [black, white] : [white, black];
        assert.ok(contrast(rgb, mine) >= contrast(rgb, other), `${rgb}: ${ink}`);
        worst = Math.min(worst, contrast(rgb, mine));
      }
    }
  }
  assert.ok(worst >= 4.5, `worst ${worst.toFixed(2)}:1`);
  assert.equal(inkOn([255, 255, 0]), DARK_INK);
  assert.equal(inkOn([0, 0, 128]), LIGHT_INK);
});
