// Colour on the page, timed through the built wasm in Node (pkg/gridlogic_explain.js, as the
// page's worker calls it): (1) `generate` of colour nonograms at the New puzzle dialog's
// colour sizes and colours (www/create.js), per level, seeds 1..SEEDS, each call limited to
// LIMIT ms; (2) `nonogramFromPicture` of colour pictures as the picture editor sends them
// (random smoothed pictures cut into k colours plus background, the generator's kind of
// picture: a fixed LCG, 5 pictures per row), with black and white beside them, each check
// limited to LIMIT ms as well (status "unknown" then).
//   node bench/colour-page.mjs [--seeds N] [--limit MS] [generate|picture]
// Prints markdown tables (recorded in bench/RESULTS.md, "Colour on the page").
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { smoothedNoise } from "./generate.mjs";
import { wholeFlag } from "./native.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const { values: flags, positionals: parts } = parseArgs({
  allowPositionals: true,
  options: { seeds: { type: "string", default: "3" }, limit: { type: "string", default: "20000" } },
});
const seeds = wholeFlag(flags, "seeds", 1);
const limit = wholeFlag(flags, "limit", 1);
const wasm = await import(join(root, "pkg/gridlogic_explain.js"));
wasm.initSync({ module: readFileSync(join(root, "pkg/gridlogic_explain_bg.wasm")) });
// The page's colours for new puzzles (the dialog passes the first 2–4).
const { FRESH_COLOURS } = await import(join(root, "www/quantise.js"));

const ms = (v) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)}`);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];

if (!parts.length || parts.includes("generate")) {
  console.log(`colour generate in wasm: seeds 1..${seeds}, each call limited to ${limit} ms; ms per call, E = error`);
  console.log("| size | colours | easy | medium | hard | extreme |");
  console.log("|---|---|---|---|---|---|");
  for (const side of [5, 10, 15, 20, 25]) {
    for (const colours of [2, 3, 4]) {
      const cells = [];
      for (const difficulty of ["easy", "medium", "hard", "extreme"]) {
        const calls = [];
        for (let seed = 1; seed <= seeds; seed++) {
          const options = { genre: "nonogram", width: side, height: side, difficulty, seed, timeLimitMs: limit };
          const start = performance.now();
          try {
            wasm.generate({ ...options, colors: FRESH_COLOURS.slice(0, colours) });
            calls.push(ms(performance.now() - start));
          } catch (e) {
            calls.push(`E ${ms(performance.now() - start)}${/time/.test(e.message) ? " (time)" : ""}`);
          }
        }
        cells.push(calls.join(", "));
      }
      console.log(`| ${side}×${side} | ${colours} | ${cells.join(" | ")} |`);
    }
  }
}

if (!parts.length || parts.includes("picture")) {
  let state = 2026;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state >>> 8;
  };
  /** A side×side picture: smoothed noise, its upper half coloured, cut into `colours` bands of value. */
  const pictureOf = (side, colours) => {
    const values = smoothedNoise(next, side);
    const sorted = [...values].sort((a, b) => a - b);
    const cut = (q) => sorted[Math.floor(q * (sorted.length - 1))];
    return Array.from({ length: side }, (_, r) =>
      Array.from({ length: side }, (_, c) => {
        const v = values[r * side + c];
        if (v < cut(0.5)) return 0;
        let k = 1;
        while (k < colours && v > cut(0.5 + (0.5 * k) / colours)) k++;
        return k;
      }),
    );
  };
  console.log(
    `\nnonogramFromPicture in wasm: 5 pictures per row, limit ${limit} ms; ms each (u unique, m multiple, ? unknown)`,
  );
  console.log("| side | black and white | 2 colours | 4 colours | 6 colours |");
  console.log("|---|---|---|---|---|");
  for (const side of [10, 20, 30, 50]) {
    const row = [];
    for (const colours of [0, 2, 4, 6]) {
      const calls = [];
      const times = [];
      for (let k = 0; k < 5; k++) {
        const picture = pictureOf(side, Math.max(colours, 1));
        const start = performance.now();
        const colors = colours ? FRESH_COLOURS.slice(0, colours) : undefined;
        const made = wasm.nonogramFromPicture(picture, colors, { timeLimitMs: limit });
        const t = performance.now() - start;
        times.push(t);
        calls.push(`${ms(t)}${{ unique: "u", multiple: "m" }[made.status] ?? "?"}`);
      }
      row.push(`${calls.join(", ")} (median ${ms(median(times))})`);
    }
    console.log(`| ${side}×${side} | ${row.join(" | ")} |`);
  }
}
