// Seeded random puzzles for the bench (bench/random.mjs): the kinds users send that the
// published sets do not hold — random Kakuro layouts with random fills and their sums (most
// with several solutions), Str8ts with random black patterns with and without a few digits,
// random nonograms, black-and-white and in colour. Every generator takes a seed and returns the same puzzles for it on any
// machine. Each puzzle comes as { id, puzzle, canonical }: the JS API's shape (what the CP-SAT
// peer reads) and the canonical text line (what the wasm and native solvers read).

/** A seeded generator of floats in [0, 1) (mulberry32). */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in lo..=hi drawn with `rand`. */
const between = (rand, lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

/** `items` in a random order (Fisher–Yates). */
function shuffled(rand, items) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * A random Kakuro of `height` × `width` cells: row 0 and column 0 are blocks, every other
 * cell a block with probability `blackRate`; runs longer than 9 are cut by a block, cells
 * that would be alone in both directions become blocks; the white cells are filled with
 * random digits (no digit twice in a run, by a randomised depth-first fill) and every run's
 * block gets the fill's sum as its clue. The fill is one solution; most such puzzles have
 * several. Null when the fill fails (rare; the caller draws again).
 */
export function randomKakuro(rand, height, width, blackRate = 0.25) {
  const white = Array.from({ length: height }, (_, r) =>
    Array.from({ length: width }, (_, c) => r > 0 && c > 0 && rand() >= blackRate),
  );
  const runLength = (r, c, dr, dc) => {
    let n = 0;
    for (; r < height && c < width && white[r][c]; r += dr, c += dc) n++;
    return n;
  };
  // Cut runs longer than 9 at a random place, until none is left.
  for (let changed = true; changed; ) {
    changed = false;
    for (let r = 1; r < height; r++) {
      for (let c = 1; c < width; c++) {
        for (const [dr, dc] of [
          [0, 1],
          [1, 0],
        ]) {
          if (!white[r][c] || white[r - dr][c - dc]) continue;
          const n = runLength(r, c, dr, dc);
          if (n > 9) {
            const k = between(rand, 2, Math.min(8, n - 3));
            white[r + dr * k][c + dc * k] = false;
            changed = true;
          }
        }
      }
    }
  }
  // A cell alone both ways is in no run: a block instead.
  for (let r = 1; r < height; r++) {
    for (let c = 1; c < width; c++) {
      const alone = !white[r][c - 1] && !white[r][c + 1] && !white[r - 1][c] && !white[r + 1]?.[c];
      if (white[r][c] && alone) white[r][c] = false;
    }
  }
  const cells = [];
  for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) if (white[r][c]) cells.push([r, c]);
  const digits = Array.from({ length: height }, () => new Array(width).fill(0));
  // The digits used so far by the run through (r, c) before it, across and down.
  const used = (r, c) => {
    let mask = 0;
    for (let k = c - 1; white[r][k]; k--) mask |= 1 << digits[r][k];
    for (let k = r - 1; white[k][c]; k--) mask |= 1 << digits[k][c];
    return mask;
  };
  let steps = 0;
  const fill = (i) => {
    if (i === cells.length) return true;
    if (++steps > 200000) return false;
    const [r, c] = cells[i];
    const mask = used(r, c);
    for (const d of shuffled(rand, [1, 2, 3, 4, 5, 6, 7, 8, 9])) {
      if (mask & (1 << d)) continue;
      digits[r][c] = d;
      if (fill(i + 1)) return true;
    }
    digits[r][c] = 0;
    return false;
  };
  if (!fill(0)) return null;
  const sumOf = (r, c, dr, dc) => {
    let s = 0;
    for (; r < height && c < width && white[r][c]; r += dr, c += dc) s += digits[r][c];
    return s;
  };
  const grid = white.map((row, r) =>
    row.map((isWhite, c) => {
      if (isWhite) return 0;
      const clue = {};
      if (c + 1 < width && white[r][c + 1]) clue.across = sumOf(r, c + 1, 0, 1);
      if (r + 1 < height && white[r + 1][c]) clue.down = sumOf(r + 1, c, 1, 0);
      return clue.across || clue.down ? clue : null;
    }),
  );
  const token = (x) => (x === 0 ? "_" : x === null ? "-" : `${x.down ?? ""}-${x.across ?? ""}`);
  return {
    puzzle: { genre: "kakuro", grid },
    canonical: `kakuro:${grid.map((row) => row.map(token).join(",")).join("/")}`,
  };
}

/**
 * A random Str8ts of `size` × `size`: each cell black with probability `blackRate`, then
 * `givens` digits placed on random cells (white or black) without repeating a digit in a row
 * or column. Any verdict may be right for it: `none` is as good an answer as `multiple`.
 */
export function randomStr8ts(rand, size, blackRate, givens) {
  const black = Array.from({ length: size }, () => Array.from({ length: size }, () => rand() < blackRate));
  const grid = Array.from({ length: size }, () => new Array(size).fill(0));
  for (let placed = 0, tries = 0; placed < givens && tries < 100 * givens; tries++) {
    const [r, c, d] = [between(rand, 0, size - 1), between(rand, 0, size - 1), between(rand, 1, size)];
    if (grid[r][c] || grid[r].includes(d) || grid.some((row) => row[c] === d)) continue;
    grid[r][c] = d;
    placed++;
  }
  const char = (d, isBlack) =>
    isBlack
      ? d
        ? String.fromCharCode(96 + d)
        : "-"
      : d === 0
        ? "."
        : d <= 9
          ? String(d)
          : String.fromCharCode(64 + d);
  const canonical = `str8ts:${grid.map((row, r) => row.map((d, c) => char(d, black[r][c])).join("")).join("/")}`;
  return { puzzle: { genre: "str8ts", grid, black }, canonical };
}

/** A random nonogram of `height` × `width` whose cells are filled with probability `density`,
 *  and its clues (the picture is one solution). */
export function randomNonogram(rand, height, width, density) {
  const picture = Array.from({ length: height }, () => Array.from({ length: width }, () => rand() < density));
  const clue = (line) => {
    const blocks = [];
    let n = 0;
    for (const filled of [...line, false]) {
      if (filled) n++;
      else if (n) {
        blocks.push(n);
        n = 0;
      }
    }
    return blocks;
  };
  const rows = picture.map(clue);
  const cols = Array.from({ length: width }, (_, c) => clue(picture.map((row) => row[c])));
  const text = (lines) => lines.map((blocks) => blocks.join(".")).join("/");
  return {
    puzzle: { genre: "nonogram", rows, cols },
    canonical: `nonogram:${width}x${height}:${text(cols)}/${text(rows)}`,
  };
}

/**
 * A smoothed random picture's values, row after row: `side` × `side` integers in 0..1024 from
 * `next` (any source of unsigned integers), each replaced `passes` times by the mean of its
 * 3 × 3 neighbourhood — the generator's kind of picture, for pictures cut at a threshold.
 */
export function smoothedNoise(next, side, passes = 2) {
  let values = Array.from({ length: side * side }, () => next() % 1024);
  for (let pass = 0; pass < passes; pass++) {
    values = values.map((_, i) => {
      const [r, c] = [Math.floor(i / side), i % side];
      let [sum, n] = [0, 0];
      for (let rr = Math.max(0, r - 1); rr <= Math.min(side - 1, r + 1); rr++)
        for (let cc = Math.max(0, c - 1); cc <= Math.min(side - 1, c + 1); cc++)
          [sum, n] = [sum + values[rr * side + cc], n + 1];
      return sum / n;
    });
  }
  return values;
}

/** The colours of the random colour nonograms, colour 1 first. */
const PALETTE = ["#000000", "#d03030", "#3050d0", "#208040", "#e09020", "#8040a0"];

/** A random colour nonogram of `height` × `width` in the first `colours` colours of PALETTE:
 *  each cell is background with probability `background`, else of a colour drawn evenly; its
 *  clues (blocks of one colour; blocks of the same colour are apart, of different colours may
 *  touch). The picture is one solution. */
export function randomColorNonogram(rand, height, width, colours, background) {
  const picture = Array.from({ length: height }, () =>
    Array.from({ length: width }, () => (rand() < background ? 0 : between(rand, 1, colours))),
  );
  const clue = (line) => {
    const blocks = [];
    for (let i = 0; i < line.length; ) {
      let j = i;
      while (j < line.length && line[j] === line[i]) j++;
      if (line[i]) blocks.push({ n: j - i, color: line[i] });
      i = j;
    }
    return blocks;
  };
  const rows = picture.map(clue);
  const cols = Array.from({ length: width }, (_, c) => clue(picture.map((row) => row[c])));
  const colors = PALETTE.slice(0, colours);
  // The canonical text (src/nonogram/format/color_canonical.rs): `#` written `-`, colour k's
  // blocks suffixed with the k-th letter.
  const text = (lines) =>
    lines.map((blocks) => blocks.map(({ n, color }) => `${n}${String.fromCharCode(96 + color)}`).join(".")).join("/");
  const palette = `${colors.map((c) => c.replace("#", "-")).join(",")}.-ffffff`;
  return {
    puzzle: { genre: "nonogram", colors, background: "#ffffff", rows, cols },
    canonical: `colornonogram:${width}x${height}:${palette}:${text(cols)}/${text(rows)}`,
  };
}

/**
 * The bench's workloads: name → { count, make(rand) }. `make` returns a puzzle (drawing
 * again while a generator fails).
 */
export const WORKLOADS = {
  "kakuro random 8-16": {
    count: 100,
    make: (rand) => randomKakuro(rand, between(rand, 8, 16), between(rand, 8, 16)),
  },
  "kakuro random 30-60": {
    count: 10,
    make: (rand) => randomKakuro(rand, between(rand, 30, 60), between(rand, 30, 60)),
  },
  "str8ts random pattern, no digits": {
    count: 30,
    make: (rand) => randomStr8ts(rand, between(rand, 9, 16), 0.15 + 0.15 * rand(), 0),
  },
  "str8ts random pattern, a few digits": {
    count: 30,
    make: (rand) => {
      const size = between(rand, 9, 16);
      return randomStr8ts(rand, size, 0.15 + 0.15 * rand(), between(rand, 2, Math.ceil(size / 2)));
    },
  },
  "nonogram random 20-60": {
    count: 40,
    make: (rand) => randomNonogram(rand, between(rand, 20, 60), between(rand, 20, 60), 0.3 + 0.4 * rand()),
  },
  "colour nonogram random 20-50": {
    count: 40,
    make: (rand) =>
      randomColorNonogram(rand, between(rand, 20, 50), between(rand, 20, 50), between(rand, 2, 6), 0.3 + 0.3 * rand()),
  },
};

/** The `count` puzzles of a workload for `seed`, each with an id `name#i`. */
export function workload(name, seed, count = WORKLOADS[name].count) {
  const rand = random(seed);
  const puzzles = [];
  while (puzzles.length < count) {
    const made = WORKLOADS[name].make(rand);
    if (made) puzzles.push({ id: `${name}#${puzzles.length}`, ...made });
  }
  return puzzles;
}
