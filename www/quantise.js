// The colours of a picture read from an image (picture.js): each cell's mean colour is put in
// one of `k` colours or the background, by k-means (Lloyd's rounds) on the cells' mean RGB
// with k + 1 centres. The centres start as far apart as the cells allow (the lightest cell
// first, then each time the cell farthest from every centre so far, ties to the first cell),
// so the same image always gives the same colours; at most 24 rounds, each O(cells × k). The
// lightest centre is the background (a transparent part of the image was blended over white
// before, so it counts as light); the others are colours 1..k, the one with most cells first.
// Plain JS, no library, no DOM: the Node tests import it as it is.

/** @typedef {[number, number, number]} Rgb */

/**
 * Colours for a new colour puzzle (a picture drawn by hand, a generated nonogram's first 2–4)
 * and for centres no cell ended in: distinct in hue and lightness, each readable under black
 * or white numbers.
 */
export const FRESH_COLOURS = ["#d03030", "#3050d0", "#208040", "#e0a020", "#8040b0", "#20a0b0"];

/** The most rounds of k-means. */
const ROUNDS = 24;

/** "#rrggbb" of an RGB triple (components rounded and clamped to 0..255). */
export const hexOf = (/** @type {Rgb} */ rgb) =>
  `#${rgb
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/** Relative brightness for choosing the background (Rec. 601 weights, as the threshold uses). */
const brightness = (/** @type {ArrayLike<number>} */ c, /** @type {number} */ i) =>
  0.299 * c[i] + 0.587 * c[i + 1] + 0.114 * c[i + 2];

/**
 * Put each cell in the background (0) or one of `k` colours (1..k).
 * @param {Float64Array | number[]} means the cells' mean colours, 3 numbers (R, G, B in 0..255) a cell
 * @param {number} k the number of colours besides the background, ≥ 1
 * @returns {{ cells: Uint8Array<ArrayBuffer>, palette: string[] }} the cells' colour indices and the
 *   palette (`palette[c - 1]` the colour of index c, "#rrggbb")
 */
export function quantise(means, k) {
  const n = means.length / 3;
  const distance = (/** @type {number} */ cell, /** @type {Float64Array} */ centres, /** @type {number} */ j) => {
    const dr = means[3 * cell] - centres[3 * j];
    const dg = means[3 * cell + 1] - centres[3 * j + 1];
    const db = means[3 * cell + 2] - centres[3 * j + 2];
    return dr * dr + dg * dg + db * db;
  };
  const centres = new Float64Array(3 * (k + 1));
  const place = (/** @type {number} */ j, /** @type {number} */ cell) => {
    for (let d = 0; d < 3; d++) centres[3 * j + d] = means[3 * cell + d];
  };
  // Farthest-point start, from the lightest cell.
  let lightest = 0;
  for (let i = 1; i < n; i++) if (brightness(means, 3 * i) > brightness(means, 3 * lightest)) lightest = i;
  place(0, lightest);
  const nearest = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  for (let j = 1; j <= k; j++) {
    let far = 0;
    for (let i = 0; i < n; i++) {
      nearest[i] = Math.min(nearest[i], distance(i, centres, j - 1));
      if (nearest[i] > nearest[far]) far = i;
    }
    place(j, far);
  }
  const cluster = new Uint8Array(n);
  const sizes = new Uint32Array(k + 1);
  for (let round = 0; round < ROUNDS; round++) {
    let moved = false;
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bestDistance = distance(i, centres, 0);
      for (let j = 1; j <= k; j++) {
        const d = distance(i, centres, j);
        if (d < bestDistance) {
          best = j;
          bestDistance = d;
        }
      }
      if (best !== cluster[i]) moved = true;
      cluster[i] = best;
    }
    if (!moved && round > 0) break;
    const sums = new Float64Array(3 * (k + 1));
    sizes.fill(0);
    for (let i = 0; i < n; i++) {
      sizes[cluster[i]]++;
      for (let d = 0; d < 3; d++) sums[3 * cluster[i] + d] += means[3 * i + d];
    }
    for (let j = 0; j <= k; j++) {
      if (sizes[j]) for (let d = 0; d < 3; d++) centres[3 * j + d] = sums[3 * j + d] / sizes[j];
    }
  }
  sizes.fill(0);
  for (let i = 0; i < n; i++) sizes[cluster[i]]++;
  // The lightest centre is the background; the others by size, largest first (ties by centre).
  const order = Array.from({ length: k + 1 }, (_, j) => j);
  let background = 0;
  for (const j of order) if (brightness(centres, 3 * j) > brightness(centres, 3 * background)) background = j;
  const coloured = order.filter((j) => j !== background).sort((a, b) => sizes[b] - sizes[a] || a - b);
  const index = new Uint8Array(k + 1);
  coloured.forEach((j, c) => {
    index[j] = c + 1;
  });
  const cells = Uint8Array.from(cluster, (j) => index[j]);
  const used = new Set();
  const palette = coloured.map((j, c) => {
    const rgb = /** @type {Rgb} */ ([0, 1, 2].map((d) => centres[3 * j + d]));
    // A centre no cell chose (the image has fewer colours) gets a distinct colour of its own.
    const hex = sizes[j] ? hexOf(rgb) : (FRESH_COLOURS.find((p) => !used.has(p)) ?? FRESH_COLOURS[c]);
    used.add(hex);
    return hex;
  });
  return { cells, palette };
}
