// The explained logic's words as the player reads them: a technique's name in words
// ("naked-single" → "Naked single"), its level as the puzzle list labels it ("easy" …
// "extreme"), and a colour nonogram's colours as its palette shows them — the solver's messages
// name a colour by the CSS text of the puzzle ("#e53935"), the page by its palette number and a
// name ("colour 2 (red)": the puzzle's own name when it gives one, else the nearest common
// colour name when one is close), with a swatch where the text is shown in the panel.

/** @typedef {import("../js/browser.js").Step} Step */

/** The rating labels of the levels 1–5 (the solver's `LABELS`, as the list shows them). */
export const LEVELS = ["easy", "medium", "hard", "expert", "extreme"];

/** Technique ids whose words are not just the id's, its hyphens as spaces. */
const NAMES = /** @type {Record<string, string>} */ ({
  "x-wing": "X-wing",
  "y-wing": "Y-wing",
  "xy-chain": "XY-chain",
  "min-max": "Min–max",
  "joining-splitting": "Joining and splitting",
});

/** A technique's name in words: "line-complete" → "Line complete". */
export function techniqueName(/** @type {string} */ id) {
  const words = id.replaceAll("-", " ");
  return NAMES[id] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

/** A step's heading: its technique and level as the list says it ("Overlap · easy"). */
export const stepTitle = (/** @type {Step} */ step) =>
  `${techniqueName(step.technique)} · ${LEVELS[step.level - 1] ?? `level ${step.level}`}`;

/** Common colour names and their sRGB, for the nearest name of a colour given as a code. */
const NAMED = /** @type {[string, number[]][]} */ ([
  ["black", [0, 0, 0]],
  ["dark grey", [64, 64, 64]],
  ["grey", [128, 128, 128]],
  ["light grey", [200, 200, 200]],
  ["white", [255, 255, 255]],
  ["red", [220, 40, 40]],
  ["dark red", [139, 0, 0]],
  ["orange", [245, 140, 30]],
  ["brown", [140, 80, 30]],
  ["beige", [225, 205, 160]],
  ["yellow", [250, 220, 40]],
  ["olive", [128, 128, 0]],
  ["green", [40, 160, 60]],
  ["light green", [140, 220, 120]],
  ["dark green", [0, 90, 30]],
  ["teal", [0, 128, 128]],
  ["cyan", [40, 200, 220]],
  ["light blue", [130, 180, 240]],
  ["blue", [40, 80, 220]],
  ["navy", [20, 30, 110]],
  ["purple", [120, 40, 160]],
  ["violet", [170, 120, 220]],
  ["pink", [245, 150, 190]],
  ["magenta", [210, 30, 150]],
]);
/** How far (CIE76 ΔE in Lab) a colour may be from a name's to take it. */
const CLOSE = 22;

/** sRGB (0–255) as CIE Lab (D65). */
function lab(/** @type {number[]} */ rgb) {
  const [r, g, b] = rgb.map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const xyz = [
    (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
    0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
  ].map((t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116));
  return [116 * xyz[1] - 16, 500 * (xyz[0] - xyz[1]), 200 * (xyz[1] - xyz[2])];
}
const NAMED_LAB = NAMED.map(([name, rgb]) => /** @type {[string, number[]]} */ ([name, lab(rgb)]));

/** The common name close to a "#rgb"/"#rrggbb" colour, or "" (none close, or not a code). */
export function colourName(/** @type {string} */ css) {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(css.trim());
  if (!m) return "";
  const hex = m[1].length === 3 ? [...m[1]].map((d) => d + d).join("") : m[1];
  const here = lab([0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)));
  let best = ["", CLOSE];
  for (const [name, there] of NAMED_LAB) {
    const d = Math.hypot(...here.map((v, i) => v - there[i]));
    if (d < Number(best[1])) best = [name, d];
  }
  return String(best[0]);
}

/**
 * A piece of a message: text, or a palette colour (its number from 1 and its CSS colour, for a swatch).
 * @typedef {string | { colour: number, css: string, words: string }} Piece
 */

/**
 * A message in pieces, each colour of the puzzle (as the solver names it: the puzzle's CSS text)
 * turned into the palette's words for it.
 * @param {string} message
 * @param {string[]} [colors] the puzzle's colours (none for a black-and-white puzzle)
 * @returns {Piece[]}
 */
export function messagePieces(message, colors = []) {
  if (!colors.length) return [message];
  const literal = (/** @type {string} */ s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // Longest first, so that "#aabbcc" is not read as a shorter colour's text.
  const texts = colors.map((css, k) => ({ css, k })).sort((a, b) => b.css.length - a.css.length);
  const pattern = new RegExp(`(?<![\\w#])(${texts.map((t) => literal(t.css)).join("|")})(?![\\w-])`, "gi");
  /** @type {Piece[]} */
  const pieces = [];
  let at = 0;
  for (const match of message.matchAll(pattern)) {
    const k = colors.findIndex((css) => css.toLowerCase() === match[0].toLowerCase());
    const css = colors[k];
    const given = /^#/.test(css) ? colourName(css) : css;
    pieces.push(message.slice(at, match.index), {
      colour: k + 1,
      css,
      words: given ? `colour ${k + 1} (${given})` : `colour ${k + 1}`,
    });
    at = /** @type {number} */ (match.index) + match[0].length;
  }
  pieces.push(message.slice(at));
  return pieces.filter((p) => p !== "");
}

/** A message in the palette's words, as plain text (the status line, a screen reader). */
export const messageText = (/** @type {string} */ message, /** @type {string[]} */ colors = []) =>
  messagePieces(message, colors)
    .map((p) => (typeof p === "string" ? p : p.words))
    .join("");
