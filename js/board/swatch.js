// The colours of a colour nonogram as the page shows them: any CSS colour the puzzle names
// (hex, a name, rgb(), hsl(), lab() …) is turned into RGB by the browser itself (painted on a
// 1×1 canvas over the background and read back, so a translucent colour is what it looks
// like), and the text on a swatch is black or white, whichever contrasts more (WCAG 2
// relative luminance: the better of the two is always at least 4.58:1).

/** @typedef {[number, number, number]} Rgb */

/** The text colours a swatch may carry: near-black and white. */
export const DARK_INK = "#000000";
export const LIGHT_INK = "#ffffff";

/** "#rrggbb" (or "#rgb") as RGB; null for anything else. */
export function hexToRgb(/** @type {string} */ hex) {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((d) => d + d).join("") : m[1];
  return /** @type {Rgb} */ ([0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)));
}

/** WCAG 2 relative luminance of an sRGB colour (0 black … 1 white). */
export function luminance(/** @type {Rgb} */ rgb) {
  const [r, g, b] = rgb.map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1 … 21). */
export function contrast(/** @type {Rgb} */ a, /** @type {Rgb} */ b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The ink (DARK_INK or LIGHT_INK) that reads best on a swatch of colour `rgb`. */
export function inkOn(/** @type {Rgb} */ rgb) {
  const dark = /** @type {Rgb} */ (hexToRgb(DARK_INK));
  const light = /** @type {Rgb} */ (hexToRgb(LIGHT_INK));
  return contrast(rgb, dark) >= contrast(rgb, light) ? DARK_INK : LIGHT_INK;
}

/** @type {CanvasRenderingContext2D | null} a 1×1 canvas to read colours back from */
let probe = null;
/** @type {Map<string, Rgb>} colours read back, by "css|under" */
const seen = new Map();

/**
 * The colour a CSS colour string looks like over `under` (a CSS colour), as RGB, through the
 * browser's own parser. Browser only.
 * @param {string} css
 * @param {string} [under]
 * @returns {Rgb}
 */
export function rgbOf(css, under = "#ffffff") {
  const key = `${css}|${under}`;
  const known = seen.get(key);
  if (known) return known;
  if (!probe) {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    probe = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d", { willReadFrequently: true }));
  }
  probe.fillStyle = under;
  probe.fillRect(0, 0, 1, 1);
  probe.fillStyle = css;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
  /** @type {Rgb} */
  const rgb = [r, g, b];
  seen.set(key, rgb);
  return rgb;
}
