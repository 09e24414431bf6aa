#!/usr/bin/env node
// Make the page's built-in puzzles (www/puzzles.js) with the project's own solver.
//
//   node scripts/make-puzzles.mjs        (needs the wasm build in pkg/, `npm run build`)
//   node scripts/make-puzzles.mjs rate   (rates the puzzles of www/puzzles.js again, unchanged)
//
// Every puzzle is written with its rating by the explained logic (`rate`: its label, level and
// steps), and its difficulty is that label: the list shows the rating at once, with no rating
// in the browser, and the difficulty cannot contradict it.
//
// Nothing here comes from a puzzle collection: nonograms are pictures drawn below in code
// (shapes, letters, a 64×64 scene, small pictures in two to four colours) and random pictures; Kakuro and Str8ts grids are random
// layouts filled with random digits; Sudoku and Killer Sudoku come from the project's own
// generator (`generate`, seeded, at the level asked for). Every candidate is solved and kept only when its
// solution is unique (status "unique"); a candidate that is not is nudged (a pixel flipped,
// a given added) or thrown away. The random generator is seeded, so a run is reproducible.
// One puzzle per genre must need search: the solver's stats.maxDepth > 0 shows it (such
// puzzles get the note "needs search").

import { readFileSync, writeFileSync } from "node:fs";
import * as explained from "../pkg/gridlogic_explain.js";
import { initSync, solve } from "../pkg/gridlogic.js";
import { cluesOf } from "../www/clues.js";

initSync({ module: readFileSync(new URL("../pkg/gridlogic_bg.wasm", import.meta.url)) });
explained.initSync({ module: readFileSync(new URL("../pkg/gridlogic_explain_bg.wasm", import.meta.url)) });

const OPTIONS = { maxSolutions: 2, timeLimitMs: 20000 };

// ---------------------------------------------------------------- random numbers

/** mulberry32: a small seeded generator, so every run makes the same puzzles. */
function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.shuffle = (items) => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = next.int(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  };
  return next;
}

const log = (...args) => console.error(...args);

// ---------------------------------------------------------------- nonograms

/** A raster to draw pictures on: `on[r][c]` is a filled cell. */
class Picture {
  constructor(height, width) {
    this.height = height;
    this.width = width;
    this.on = Array.from({ length: height }, () => new Array(width).fill(false));
  }
  set(r, c, value = true) {
    r = Math.round(r);
    c = Math.round(c);
    if (r >= 0 && r < this.height && c >= 0 && c < this.width) this.on[r][c] = value;
  }
  /** Fill every cell whose centre (x = column, y = row) satisfies `inside`. */
  fill(inside, value = true) {
    for (let r = 0; r < this.height; r++)
      for (let c = 0; c < this.width; c++) if (inside(c + 0.5, r + 0.5)) this.on[r][c] = value;
  }
  rect(r0, c0, r1, c1, value = true) {
    this.fill((x, y) => y >= r0 && y < r1 && x >= c0 && x < c1, value);
  }
  circle(cy, cx, radius, value = true) {
    this.fill((x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius, value);
  }
  /** Fill a polygon given as [row, col] corners (even-odd rule at cell centres). */
  polygon(points, value = true) {
    this.fill((x, y) => {
      let inside = false;
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const [yi, xi] = points[i];
        const [yj, xj] = points[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    }, value);
  }
  line(r0, c0, r1, c1, value = true) {
    const steps = Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0), 1);
    for (let k = 0; k <= steps; k++) this.set(r0 + ((r1 - r0) * k) / steps, c0 + ((c1 - c0) * k) / steps, value);
  }
  /** Write text in the 5×7 font below, top-left corner at (r, c), one blank column between letters. */
  text(r, c, text) {
    for (const ch of text) {
      const glyph = FONT[ch];
      glyph.forEach((row, dr) => {
        [...row].forEach((bit, dc) => {
          if (bit === "#") this.set(r + dr, c + dc);
        });
      });
      c += glyph[0].length + 1;
    }
  }
  clues() {
    return { genre: "nonogram", ...cluesOf(this.on) };
  }
}

const FONT = {
  G: [" ### ", "#   #", "#    ", "# ###", "#   #", "#   #", " ### "],
  R: ["#### ", "#   #", "#   #", "#### ", "# #  ", "#  # ", "#   #"],
  I: ["###", " # ", " # ", " # ", " # ", " # ", "###"],
  D: ["#### ", "#   #", "#   #", "#   #", "#   #", "#   #", "#### "],
};

/**
 * Make a picture's clues unique: solve, and while two solutions exist flip a pixel where
 * they differ (which changes the clues of its row and column), up to a limit.
 */
function uniqueNonogram(picture, label, rng, quiet = false) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const puzzle = picture.clues();
    const result = solve(puzzle, OPTIONS);
    if (result.status === "unique") {
      if (!quiet)
        log(
          `${label}: unique after ${attempt} nudges, depth ${result.stats.maxDepth}, ${result.stats.millis.toFixed(0)} ms`,
        );
      return { puzzle, result };
    }
    if (result.status !== "multiple") {
      if (quiet) return { puzzle, result };
      throw new Error(`${label}: solver said ${result.status}`);
    }
    const [a, b] = result.solutions;
    const diffs = [];
    a.forEach((row, r) => {
      row.forEach((v, c) => {
        if (v !== b[r][c]) diffs.push([r, c]);
      });
    });
    const [r, c] = diffs[rng.int(diffs.length)];
    picture.on[r][c] = !picture.on[r][c];
  }
  throw new Error(`${label}: no unique version found`);
}

function heart() {
  const p = new Picture(10, 10);
  p.circle(3, 2.8, 2.1);
  p.circle(3, 7.2, 2.1);
  p.polygon([
    [3.2, 0.8],
    [3.2, 9.2],
    [9.4, 5],
  ]);
  p.set(2, 3, false); // a highlight
  return p;
}

function word() {
  const p = new Picture(9, 25);
  p.text(1, 1, "GRID");
  return p;
}

function sailboat() {
  const p = new Picture(15, 15);
  p.polygon([
    [1, 7.5],
    [10, 7.5],
    [10, 2],
  ]); // main sail
  p.polygon([
    [3, 8.5],
    [10, 8.5],
    [10, 12.5],
  ]); // jib
  p.line(0, 8, 11, 8); // mast
  p.polygon([
    [11, 1],
    [11, 14],
    [13, 12],
    [13, 3],
  ]); // hull
  for (let c = 0; c < 15; c += 4) p.rect(14, c, 15, c + 2); // waves
  return p;
}

function teacup() {
  const p = new Picture(20, 20);
  p.fill((x, y) => y >= 7 && y < 16 && Math.abs(x - 9) <= 7 - Math.max(0, y - 12) * 1.2); // cup
  p.fill((x, y) => Math.abs(Math.hypot(x - 16.5, y - 10.5) - 2.6) < 0.9); // handle ring
  p.rect(9, 3, 10, 15, false); // a band of pattern
  for (let c = 4; c < 15; c += 3) p.set(9, c);
  p.rect(17, 2, 18, 18); // saucer
  p.rect(18, 4, 19, 16);
  for (const [c, phase] of [
    [6, 0],
    [9, 1],
    [12, 0],
  ])
    for (let r = 1; r < 6; r++) p.set(r, c + ((r + phase) % 2)); // steam
  return p;
}

/** Random noise: a picture without structure, which logic alone often cannot finish. */
function noise(rng, size, density) {
  const p = new Picture(size, size);
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) p.on[r][c] = rng() < density;
  return p;
}

/**
 * A 64×64 scene: a lighthouse on a cliff under a night sky, with the moon, stars, the
 * lamp's beams, and a boat on the waves. Large solid areas with openings in them keep it
 * a picture a line solver can work through (thin diagonal lines in empty space would not).
 */
function lighthouse() {
  const p = new Picture(64, 64);
  p.rect(0, 0, 46, 64); // the night sky
  p.circle(11, 12, 7, false); // the moon...
  p.circle(8.5, 15, 6); // ... a crescent
  for (const [r, c] of [
    [4, 30],
    [13, 25],
    [3, 57],
    [22, 5],
    [27, 17],
    [8, 37],
    [31, 9],
    [24, 30],
    [36, 22],
  ])
    p.set(r, c, false); // stars
  // The lamp's beams: open wedges to both sides of the lantern.
  p.polygon(
    [
      [12, 40],
      [6, 18],
      [20, 18],
      [15, 40],
    ],
    false,
  );
  p.polygon(
    [
      [12, 52],
      [8, 64],
      [19, 64],
      [15, 52],
    ],
    false,
  );
  // The tower: a tapering column of open and solid bands, on the cliff.
  const top = 19;
  const foot = 50;
  const halfWidth = (y) => 3.5 + ((y - top) / (foot - top)) * 3;
  p.fill((x, y) => y >= top && y < foot && Math.abs(x - 46) <= halfWidth(y), false);
  p.fill((x, y) => y >= top && y < foot && Math.abs(x - 46) <= halfWidth(y) - 1 && Math.floor((y - top) / 5) % 2 === 1);
  p.rect(44, 44, 50, 48, true); // door
  p.rect(17, 38, 19, 54, false); // gallery
  p.rect(10, 40, 17, 52, false); // lantern room...
  p.rect(11, 42, 16, 50); // ... dark glass
  p.rect(12, 44, 15, 48, false); // and the lamp
  p.polygon(
    [
      [10, 39],
      [4, 46],
      [10, 53],
    ],
    false,
  ); // roof
  // The cliff: solid rock with a few open cracks.
  p.polygon([
    [64, 26],
    [54, 30],
    [49, 36],
    [47, 56],
    [50, 64],
    [64, 64],
  ]);
  p.line(53, 40, 58, 44, false);
  p.line(56, 52, 61, 49, false);
  // The sea: open water with solid wave crests, and a sailing boat.
  for (let r = 48; r < 64; r += 3) for (let c = (r * 5) % 7; c < 28; c += 7) p.rect(r, c, r + 1, c + 4);
  p.polygon(
    [
      [31, 13.5],
      [45, 13.5],
      [45, 5],
    ],
    false,
  ); // an open sail against the sky
  p.polygon(
    [
      [35, 14.5],
      [45, 14.5],
      [45, 20],
    ],
    false,
  ); // jib
  p.polygon([
    [46, 3],
    [46, 23],
    [49, 20],
    [49, 6],
  ]); // solid hull on the open water
  return p;
}

function makeNonograms(rng) {
  const out = [];
  const add = (id, name, difficulty, picture) => {
    const { puzzle, result } = uniqueNonogram(picture, id, rng);
    out.push({ id, genre: "nonogram", name, difficulty, puzzle, depth: result.stats.maxDepth });
  };
  add("nonogram-heart", "Heart", "easy", heart());
  add("nonogram-grid", "Grid", "easy", word());
  add("nonogram-sailboat", "Sailboat", "medium", sailboat());
  add("nonogram-teacup", "Teacup", "medium", teacup());
  add("nonogram-lighthouse", "Lighthouse", "hard", lighthouse());
  // Random noise made unique by nudging, until the solver can only finish it by search
  // (a few levels deep, so that a stronger solver later still needs to search).
  for (let attempt = 0; ; attempt++) {
    const { puzzle, result } = uniqueNonogram(noise(rng, 30, 0.45), `noise #${attempt}`, rng, true);
    if (result.status === "unique" && result.stats.maxDepth >= 3) {
      log(`nonogram-static: noise #${attempt}, depth ${result.stats.maxDepth}, ${result.stats.millis.toFixed(0)} ms`);
      out.push({
        id: "nonogram-static",
        genre: "nonogram",
        name: "Static",
        difficulty: "expert",
        puzzle,
        depth: result.stats.maxDepth,
      });
      break;
    }
    if (attempt > 200) throw new Error("no nonogram needing search found");
  }
  return out;
}

// ---------------------------------------------------------------- colour nonograms

/** A raster of colour indices (0 the background, 1.. the palette's colours) to draw on. */
class ColourPicture {
  constructor(height, width, colors) {
    this.height = height;
    this.width = width;
    this.colors = colors;
    this.on = Array.from({ length: height }, () => new Array(width).fill(0));
  }
  /** Paint `color` on every cell whose centre (x = column, y = row) satisfies `inside`. */
  fill(inside, color) {
    for (let r = 0; r < this.height; r++)
      for (let c = 0; c < this.width; c++) if (inside(c + 0.5, r + 0.5)) this.on[r][c] = color;
  }
  rect(r0, c0, r1, c1, color) {
    this.fill((x, y) => y >= r0 && y < r1 && x >= c0 && x < c1, color);
  }
  circle(cy, cx, radius, color) {
    this.fill((x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius, color);
  }
  set(r, c, color) {
    if (r >= 0 && r < this.height && c >= 0 && c < this.width) this.on[r][c] = color;
  }
  /** The clues: runs of one colour, a plain number for colour 1 (the API's short form). */
  clues() {
    const line = (cells) => {
      const blocks = [];
      let last = 0;
      for (const v of cells) {
        if (v && v === last) blocks[blocks.length - 1].n++;
        else if (v) blocks.push({ n: 1, color: v });
        last = v;
      }
      return blocks;
    };
    return {
      genre: "nonogram",
      colors: this.colors,
      rows: this.on.map(line),
      cols: Array.from({ length: this.width }, (_, c) => line(this.on.map((row) => row[c]))),
    };
  }
}

/**
 * Make a colour picture's clues unique, as uniqueNonogram does: while two solutions exist, a
 * cell where they differ takes the second solution's colour or the background.
 */
function uniqueColourNonogram(picture, label, rng) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const puzzle = picture.clues();
    const result = solve(puzzle, OPTIONS);
    if (result.status === "unique") {
      log(
        `${label}: unique after ${attempt} nudges, depth ${result.stats.maxDepth}, ${result.stats.millis.toFixed(0)} ms`,
      );
      return { puzzle, result };
    }
    if (result.status !== "multiple") throw new Error(`${label}: solver said ${result.status}`);
    const [a, b] = result.solutions;
    const diffs = [];
    a.forEach((row, r) => {
      row.forEach((v, c) => {
        if (v !== b[r][c]) diffs.push([r, c]);
      });
    });
    const [r, c] = diffs[rng.int(diffs.length)];
    picture.on[r][c] = rng() < 0.5 ? b[r][c] : 0;
  }
  throw new Error(`${label}: no unique version found`);
}

function ladybird() {
  const p = new ColourPicture(12, 12, ["#d62828", "#1d1d1d"]);
  p.circle(7.2, 6, 4.6, 1); // the shell
  p.circle(3.4, 6, 1.9, 2); // the head
  p.rect(3, 5.5, 12, 6.5, 2); // the line between the wings
  for (const [r, c] of [
    [5, 3],
    [5, 8],
    [8, 2],
    [8, 9],
    [10, 4],
    [10, 7],
  ])
    p.set(r, c, 2); // spots
  for (const [r, c] of [
    [0, 3],
    [1, 4],
    [0, 8],
    [1, 7],
  ])
    p.set(r, c, 2); // antennae
  return p;
}

function flower() {
  const p = new ColourPicture(15, 12, ["#e0457b", "#f2c230", "#2f8f3a"]);
  for (const [cy, cx] of [
    [2.5, 6],
    [7.5, 6],
    [5, 3.3],
    [5, 8.7],
  ])
    p.circle(cy, cx, 2, 1); // petals
  p.circle(5, 6, 1.6, 2); // the heart
  p.rect(8, 5.5, 15, 6.5, 3); // stem
  p.fill((x, y) => (x - 3.5) ** 2 / 6 + (y - 11) ** 2 / 1.5 <= 1, 3); // leaves
  p.fill((x, y) => (x - 8.5) ** 2 / 6 + (y - 12.5) ** 2 / 1.5 <= 1, 3);
  return p;
}

function fish() {
  const p = new ColourPicture(12, 16, ["#2d6cdf", "#f28c28", "#ffffff"]);
  p.rect(0, 0, 12, 16, 1); // the sea
  p.fill((x, y) => (x - 7) ** 2 / 20 + (y - 6) ** 2 / 6.5 <= 1, 2); // body
  p.fill((x, y) => x >= 11 && x < 15 && Math.abs(y - 6) <= (x - 10.5) * 0.9, 2); // tail
  p.set(5, 4, 3); // eye
  for (const [r, c] of [
    [1, 2],
    [2, 11],
    [9, 13],
  ])
    p.set(r, c, 3); // bubbles
  return p;
}

function trafficLight() {
  const p = new ColourPicture(17, 9, ["#3b3f46", "#e53935", "#fbc02d", "#43a047"]);
  p.rect(0, 1, 15, 8, 1); // the housing
  p.rect(15, 4, 17, 5, 1); // the post
  p.circle(2.5, 4.5, 1.8, 2);
  p.circle(7.5, 4.5, 1.8, 3);
  p.circle(12.5, 4.5, 1.8, 4);
  return p;
}

function makeColourNonograms(rng) {
  const specs = [
    ["nonogram-ladybird", "Ladybird", "easy", ladybird()],
    ["nonogram-flower", "Flower", "easy", flower()],
    ["nonogram-fish", "Fish", "medium", fish()],
    ["nonogram-traffic-light", "Traffic light", "easy", trafficLight()],
  ];
  return specs.map(([id, name, difficulty, picture]) => {
    const { puzzle, result } = uniqueColourNonogram(picture, id, rng);
    return { id, genre: "nonogram", name, difficulty, puzzle, depth: result.stats.maxDepth };
  });
}

// ---------------------------------------------------------------- Kakuro

/** A random symmetric Kakuro layout: `white[r][c]`, runs of 2..maxRun cells, all white cells connected. */
function kakuroLayout(rng, height, width, density, maxRun) {
  for (;;) {
    const white = Array.from({ length: height }, (_, r) => Array.from({ length: width }, (_, c) => r > 0 && c > 0));
    const block = (r, c) => {
      white[r][c] = false;
      white[height - r][width - c] = false; // 180° symmetry of the interior
    };
    for (let r = 1; r < height; r++) for (let c = 1; c < width; c++) if (rng() < density / 2) block(r, c);
    // Repair: every run 2..maxRun long.
    for (let changed = true; changed; ) {
      changed = false;
      for (let r = 1; r < height; r++) {
        for (let c = 1; c < width; c++) {
          if (!white[r][c]) continue;
          const len = (dr, dc) => {
            let n = 1;
            for (let k = 1; white[r + dr * k]?.[c + dc * k]; k++) n++;
            for (let k = 1; white[r - dr * k]?.[c - dc * k]; k++) n++;
            return n;
          };
          if (len(0, 1) === 1 || len(1, 0) === 1 || len(0, 1) > maxRun || len(1, 0) > maxRun) {
            block(r, c);
            changed = true;
          }
        }
      }
    }
    const cells = [];
    white.forEach((row, r) => {
      row.forEach((w, c) => {
        if (w) cells.push([r, c]);
      });
    });
    if (cells.length < (height - 1) * (width - 1) * 0.5) continue;
    const seen = new Set([cells[0].join()]);
    const stack = [cells[0]];
    while (stack.length) {
      const [r, c] = stack.pop();
      for (const [dr, dc] of [
        [0, 1],
        [1, 0],
        [0, -1],
        [-1, 0],
      ]) {
        const key = `${r + dr},${c + dc}`;
        if (white[r + dr]?.[c + dc] && !seen.has(key)) {
          seen.add(key);
          stack.push([r + dr, c + dc]);
        }
      }
    }
    if (seen.size === cells.length) return white;
  }
}

/**
 * Fill a layout with random digits, distinct along every run (backtracking). With `base`,
 * only the cells in `free` ("r,c" keys) get new digits; the others keep theirs.
 */
function kakuroFill(rng, white, base = null, free = null, spread = 0) {
  const height = white.length;
  const width = white[0].length;
  const digits = base ? base.map((row) => row.slice()) : Array.from({ length: height }, () => new Array(width).fill(0));
  const cells = [];
  white.forEach((row, r) => {
    row.forEach((w, c) => {
      if (w && (!free || free.has(`${r},${c}`))) cells.push([r, c]);
    });
  });
  for (const [r, c] of cells) digits[r][c] = 0;
  const clash = (r, c, d) => {
    for (const [dr, dc] of [
      [0, 1],
      [1, 0],
      [0, -1],
      [-1, 0],
    ])
      for (let k = 1; white[r + dr * k]?.[c + dc * k]; k++) if (digits[r + dr * k][c + dc * k] === d) return true;
    return false;
  };
  let steps = 0;
  const place = (k) => {
    if (k === cells.length) return true;
    if (++steps > 200000) return false;
    const [r, c] = cells[k];
    // With a `spread`, digits far from 5 come first: sums of extreme digits have fewer
    // combinations, which makes a unique solution likelier.
    const order = [1, 2, 3, 4, 5, 6, 7, 8, 9]
      .map((d) => [d, rng() * 4 - spread * Math.abs(d - 5)])
      .sort((x, y) => x[1] - y[1]);
    for (const [d] of order) {
      if (clash(r, c, d)) continue;
      digits[r][c] = d;
      if (place(k + 1)) return true;
    }
    digits[r][c] = 0;
    return false;
  };
  return place(0) ? digits : null;
}

function kakuroPuzzle(white, digits, givens = new Set()) {
  const height = white.length;
  const width = white[0].length;
  return {
    genre: "kakuro",
    grid: white.map((row, r) =>
      row.map((w, c) => {
        if (w) return givens.has(`${r},${c}`) ? digits[r][c] : 0;
        const clue = {};
        if (white[r + 1]?.[c]) {
          let s = 0;
          for (let k = r + 1; k < height && white[k][c]; k++) s += digits[k][c];
          clue.down = s;
        }
        if (white[r][c + 1]) {
          let s = 0;
          for (let k = c + 1; k < width && white[r][k]; k++) s += digits[r][k];
          clue.across = s;
        }
        return clue.down || clue.across ? clue : null;
      }),
    ),
  };
}

/**
 * A unique Kakuro of the given size. A random fill rarely is: while the solver finds two
 * solutions, the cells where they differ first get new random digits (changing the sums
 * around them); if that does not settle it, one of them becomes a given.
 */
function makeKakuro(rng, label, height, width, density, maxRun, want = () => true) {
  for (let layoutTry = 0; layoutTry < 50; layoutTry++) {
    const white = kakuroLayout(rng, height, width, density, maxRun);
    let digits = kakuroFill(rng, white);
    const givens = new Set();
    const refills = layoutTry < 30 ? 200 : 60; // givens only when many layouts failed without
    for (let step = 0; digits && step < refills + 40; step++) {
      const puzzle = kakuroPuzzle(white, digits, givens);
      const result = solve(puzzle, OPTIONS);
      if (result.status === "unique") {
        if (!want(result)) break;
        log(
          `${label}: unique (layout ${layoutTry}, step ${step}, ${givens.size} givens), depth ${result.stats.maxDepth}, ${result.stats.millis.toFixed(0)} ms`,
        );
        return { puzzle, result };
      }
      if (result.status !== "multiple" || (step === refills && layoutTry < 30)) break;
      const [a, b] = result.solutions;
      const diffs = [];
      a.forEach((row, r) => {
        row.forEach((v, c) => {
          if (v !== b[r][c]) diffs.push(`${r},${c}`);
        });
      });
      if (step < refills)
        digits = kakuroFill(rng, white, digits, new Set(diffs.filter((k) => !givens.has(k))), 1) ?? digits;
      else givens.add(diffs[rng.int(diffs.length)]);
    }
  }
  throw new Error(`${label}: no unique Kakuro found`);
}

/**
 * A Kakuro that needs search: from a filled layout with every digit given, givens are
 * taken away in random order while the puzzle stays unique. What is left sits at the edge
 * of uniqueness, where logic most often runs out; kept when `want` says so.
 */
function makeKakuroByRemoval(rng, label, height, width, density, maxRun, want) {
  for (let layoutTry = 0; layoutTry < 200; layoutTry++) {
    const white = kakuroLayout(rng, height, width, density, maxRun);
    const digits = kakuroFill(rng, white);
    if (!digits) continue;
    const givens = new Set();
    white.forEach((row, r) => {
      row.forEach((w, c) => {
        if (w) givens.add(`${r},${c}`);
      });
    });
    let last = null;
    for (const key of rng.shuffle([...givens])) {
      givens.delete(key);
      const result = solve(kakuroPuzzle(white, digits, givens), OPTIONS);
      if (result.status === "unique") last = result;
      else givens.add(key);
    }
    if (last && want(last)) {
      log(
        `${label}: ${givens.size} givens left (layout ${layoutTry}), depth ${last.stats.maxDepth}, ${last.stats.millis.toFixed(0)} ms`,
      );
      return { puzzle: kakuroPuzzle(white, digits, givens), result: last };
    }
  }
  throw new Error(`${label}: no Kakuro found`);
}

function makeKakuros(rng) {
  const specs = [
    ["kakuro-first-steps", "First steps", "easy", 6, 6, 0.3, 4],
    ["kakuro-crossroads", "Crossroads", "easy", 8, 8, 0.3, 4],
    ["kakuro-pinwheel", "Pinwheel", "medium", 9, 9, 0.3, 5],
    ["kakuro-lattice", "Lattice", "medium", 10, 10, 0.28, 6],
    ["kakuro-big-sums", "Big sums", "hard", 11, 11, 0.25, 9],
  ];
  const out = specs.map(([id, name, difficulty, h, w, density, maxRun]) => {
    const { puzzle, result } = makeKakuro(rng, id, h, w, density, maxRun);
    return { id, genre: "kakuro", name, difficulty, puzzle, depth: result.stats.maxDepth };
  });
  // The last one must need search (the solver branches at least once).
  const { puzzle, result } = makeKakuroByRemoval(rng, "kakuro-open-sea", 10, 10, 0.15, 9, (r) => r.stats.maxDepth > 0);
  out.push({
    id: "kakuro-open-sea",
    genre: "kakuro",
    name: "Open sea",
    difficulty: "expert",
    puzzle,
    depth: result.stats.maxDepth,
  });
  return out;
}

// ---------------------------------------------------------------- Str8ts

/** A random symmetric black pattern for an n×n Str8ts. */
function str8tsPattern(rng, n, blacks) {
  const black = Array.from({ length: n }, () => new Array(n).fill(false));
  let count = 0;
  while (count < blacks) {
    const r = rng.int(n);
    const c = rng.int(n);
    if (black[r][c]) continue;
    black[r][c] = black[n - 1 - r][n - 1 - c] = true;
    count = black.flat().filter(Boolean).length;
  }
  return black;
}

/** A solved grid for a pattern: solve it with a few random givens until a solution appears. */
function str8tsSolution(rng, n, black) {
  for (let tries = 0; tries < 200; tries++) {
    const grid = Array.from({ length: n }, () => new Array(n).fill(0));
    for (let k = 0; k < 3; k++) {
      const r = rng.int(n);
      const c = rng.int(n);
      if (!black[r][c]) grid[r][c] = 1 + rng.int(n);
    }
    let result;
    try {
      result = solve({ genre: "str8ts", grid, black }, { maxSolutions: 1, timeLimitMs: 3000 });
    } catch {
      continue; // the random givens break a rule outright (a digit twice in a line)
    }
    if (result.solutions.length) return result.solutions[0];
  }
  return null;
}

/**
 * A unique Str8ts: a solved grid, clue digits on some black cells, then givens removed in
 * random order while the puzzle stays unique, down to `keep` givens (0: as few as possible).
 */
function makeStr8ts(rng, label, n, blacks, keep, want = () => true) {
  for (let attempt = 0; attempt < 80; attempt++) {
    const black = str8tsPattern(rng, n, blacks);
    const solution = str8tsSolution(rng, n, black);
    if (!solution) continue;
    const grid = solution.map((row) => row.slice());
    // Clues on black cells: a digit missing from the cell's row and column.
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        if (!black[r][c] || rng() < 0.5) continue;
        const used = new Set();
        for (let k = 0; k < n; k++) used.add(grid[r][k]).add(grid[k][c]);
        const free = [];
        for (let d = 1; d <= n; d++) if (!used.has(d)) free.push(d);
        if (free.length) grid[r][c] = free[rng.int(free.length)];
      }
    }
    const whites = [];
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (!black[r][c]) whites.push([r, c]);
    let givens = whites.length;
    let last = solve({ genre: "str8ts", grid, black }, OPTIONS);
    if (last.status !== "unique") continue;
    for (const [r, c] of rng.shuffle(whites)) {
      if (givens <= keep) break;
      const d = grid[r][c];
      grid[r][c] = 0;
      const result = solve({ genre: "str8ts", grid, black }, OPTIONS);
      if (result.status === "unique") {
        givens--;
        last = result;
      } else grid[r][c] = d;
    }
    if (!want(last)) continue;
    log(
      `${label}: ${givens} givens (attempt ${attempt}), depth ${last.stats.maxDepth}, ${last.stats.millis.toFixed(0)} ms`,
    );
    return { puzzle: { genre: "str8ts", grid, black }, result: last };
  }
  throw new Error(`${label}: no Str8ts found`);
}

function makeStr8tses(rng) {
  const out = [];
  const add = (id, name, difficulty, n, blacks, keep, want) => {
    const { puzzle, result } = makeStr8ts(rng, id, n, blacks, keep, want);
    out.push({ id, genre: "str8ts", name, difficulty, puzzle, depth: result.stats.maxDepth });
  };
  add("str8ts-little", "Little steps", "easy", 6, 8, 14);
  add("str8ts-warm-up", "Warm-up", "easy", 9, 18, 36);
  add("str8ts-ladders", "Ladders", "medium", 9, 20, 28);
  add("str8ts-tight", "Tight fit", "hard", 9, 22, 24);
  // "Deep end" was the first of these that needed search before the Str8ts solver's window
  // shaving (its entry in www/puzzles.js, kept so that players' boards of it stay valid); the
  // solver settles it and every other 9×9 and 12×12 tried here without a branch now, so a run
  // today makes another expert-labelled puzzle in its place.
  add("str8ts-deep", "Deep end", "expert", 9, 20, 0);
  return out;
}

// ---------------------------------------------------------------- Sudoku

/** The seed of the Sudoku built-ins: their generator is the project's own (`generate`), seeded. */
const SUDOKU_SEED = 20261204;

/** Sudoku and Killer Sudoku made by the project's generator at the level asked for. */
function makeSudokus() {
  const add = (id, name, difficulty, size, killer = false) => {
    const { puzzle } = explained.generate({ genre: "sudoku", size, killer, difficulty, seed: SUDOKU_SEED });
    const result = solve(puzzle, OPTIONS);
    if (result.status !== "unique") throw new Error(`${id}: the generator's puzzle is ${result.status}`);
    return { id, genre: "sudoku", name, difficulty, puzzle, depth: result.stats.maxDepth };
  };
  return [
    add("sudoku-six", "Six by six", "easy", 6),
    add("sudoku-first", "First steps", "easy", 9),
    add("sudoku-boxes", "Boxes and lines", "medium", 9),
    add("sudoku-pairs", "Pairs", "hard", 9),
    add("sudoku-killer", "Killer cages", "medium", 9, true),
  ];
}

// ---------------------------------------------------------------- output

// `node scripts/make-puzzles.mjs str8ts` tries one genre's generator without writing anything.
// `node scripts/make-puzzles.mjs pictures` prints the nonogram pictures as drawn.
// `node scripts/make-puzzles.mjs colour` makes the colour nonograms again, in place of those in
// www/puzzles.js, and keeps the other puzzles as they are.
// `node scripts/make-puzzles.mjs sudoku` makes the Sudoku puzzles again, in place of those in
// www/puzzles.js (or after the others), and keeps the other puzzles as they are.
const COLOUR_SEED = 20261201;
const only = process.argv[2];
if (only === "pictures") {
  const rng = random(1);
  for (const picture of [heart(), word(), sailboat(), teacup(), noise(rng, 30, 0.45), lighthouse()]) {
    log(`${picture.on.map((row) => row.map((v) => (v ? "██" : "··")).join("")).join("\n")}\n`);
  }
  for (const picture of [ladybird(), flower(), fish(), trafficLight()]) {
    log(`${picture.on.map((row) => row.map((v) => (v ? `${v}${v}` : "··")).join("")).join("\n")}\n`);
  }
  process.exit(0);
}

const json = (v) => JSON.stringify(v);
/**
 * Write www/puzzles.js: entries {id, genre, name, difficulty, rating, note?, puzzle}, each rated
 * here (its difficulty the rating's label), the genres in their order and each genre's puzzles
 * from the lowest level up (in their order within a level), as the list shows them.
 */
function writePuzzles(entries) {
  const genres = [...new Set(entries.map((e) => e.genre))];
  const body = entries
    .map((entry) => {
      const { label, level, steps } = explained.rate(entry.puzzle);
      log(`${entry.id}: ${label} (level ${level}, ${steps} steps)`);
      return { ...entry, rating: { label, level, steps } };
    })
    .sort((a, b) => genres.indexOf(a.genre) - genres.indexOf(b.genre) || a.rating.level - b.rating.level)
    .map(
      ({ id, genre, name, rating, note, puzzle }) =>
        `  {\n    id: ${json(id)}, genre: ${json(genre)}, name: ${json(name)}, difficulty: ${json(rating.label)}, rating: ${json(rating)},${note ? ` note: ${json(note)},` : ""}\n    puzzle: ${json(puzzle)},\n  },`,
    )
    .join("\n");
  writeFileSync(
    new URL("../www/puzzles.js", import.meta.url),
    `// Built-in puzzles, made by scripts/make-puzzles.mjs with the project's solver (every one
// has a unique solution). Do not edit by hand: change the script and run it again.
export const PUZZLES = [\n${body}\n];\n`,
  );
  log(`wrote ${entries.length} puzzles to www/puzzles.js`);
}
/** A made puzzle as an entry: "needs search" when the solver branched. */
const entryOf = ({ depth, ...rest }) => ({ ...rest, note: depth > 0 ? "needs search" : "" });

if (only === "rate") {
  const { PUZZLES } = await import("../www/puzzles.js");
  writePuzzles(PUZZLES);
  process.exit(0);
}
if (only === "colour") {
  const { PUZZLES } = await import("../www/puzzles.js");
  const colour = makeColourNonograms(random(COLOUR_SEED)).map(entryOf);
  const kept = PUZZLES.filter((p) => !p.puzzle.colors);
  const at = kept.findLastIndex((p) => p.genre === "nonogram") + 1;
  writePuzzles([...kept.slice(0, at), ...colour, ...kept.slice(at)]);
  process.exit(0);
}
if (only === "sudoku") {
  const { PUZZLES } = await import("../www/puzzles.js");
  writePuzzles([...PUZZLES.filter((p) => p.genre !== "sudoku"), ...makeSudokus().map(entryOf)]);
  process.exit(0);
}
const makers = { nonogram: makeNonograms, kakuro: makeKakuros, str8ts: makeStr8tses };
if (only) {
  const made = makers[only](random(20261130));
  for (const p of made) log(p.id, JSON.stringify(p.puzzle));
  process.exit(0);
}
const rng = random(20261130);
const puzzles = [...makeNonograms(rng), ...makeKakuros(rng), ...makeStr8tses(rng)];
for (const genre of ["nonogram", "kakuro"]) {
  if (!puzzles.some((p) => p.genre === genre && p.depth > 0))
    throw new Error(`${genre}: no built-in puzzle needs search`);
}
// The colour nonograms have a generator of their own, so that adding them changed no other puzzle.
const colour = makeColourNonograms(random(COLOUR_SEED));
const nonograms = puzzles.filter((p) => p.genre === "nonogram");
const others = puzzles.filter((p) => p.genre !== "nonogram");
writePuzzles([...nonograms, ...colour, ...others, ...makeSudokus()].map(entryOf));
