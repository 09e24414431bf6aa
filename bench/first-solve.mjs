// The first solves of a fresh wasm instance, the whole call timed (reading the JS values,
// solving, writing the result): Cauldron (512×512, picross-solver) and the 999 Kakuro of
// Janko's set, each in a fresh Node process, alternating between builds.
//   node bench/first-solve.mjs [--runs N] PKG_DIR...   (default: pkg)
// Prints, per build, the medians of N runs: Cauldron's whole `solveNonogram` call, in CPU time
// of the process (`process.cpuUsage`, which a loaded machine disturbs less than the clock) and
// in wall-clock time, and the solver's own clock (`stats.millis`); the same for the Janko set's
// first pass (sums over its 999 calls).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const script = fileURLToPath(import.meta.url);
const corpus = join(script, "../../../shared/corpus");
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: "string", default: "7" }, child: { type: "string" } },
});

/** Milliseconds of CPU time (user and system) since `start`, a `process.cpuUsage()`. */
function cpuMs(start) {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

/** One measurement in this (fresh) process: `what` is "cauldron" or "janko". */
async function child(pkg, what) {
  const solver = await import(pathToFileURL(join(pkg, "gridlogic.js")));
  const formats = await import(pathToFileURL(join(pkg, "gridlogic_formats.js")));
  formats.initSync({ module: readFileSync(join(pkg, "gridlogic_formats_bg.wasm")) });
  solver.initSync({ module: readFileSync(join(pkg, "gridlogic_bg.wasm")) });
  if (what === "cauldron") {
    const { rows, cols } = formats.parsePuzzle(
      readFileSync(join(corpus, "nonogram/picross-solver/cauldron.non"), "utf8"),
    );
    const cpu = process.cpuUsage();
    const start = performance.now();
    const result = solver.solveNonogram(rows, cols);
    const call = performance.now() - start;
    return { cpu: cpuMs(cpu), call, millis: result.stats.millis, status: result.status, nodes: result.stats.nodes };
  }
  const data = JSON.parse(
    readFileSync(join(corpus, "kakuro/janko-via-puzzlekit-dataset/Kakuro_dataset.json"), "utf8"),
  ).data;
  const grids = Object.values(data).map((entry) => formats.parsePuzzle(entry.problem, "janko").grid);
  let call = 0;
  let millis = 0;
  let nodes = 0;
  const cpu = process.cpuUsage();
  for (const grid of grids) {
    const start = performance.now();
    const result = solver.solveKakuro(grid);
    call += performance.now() - start;
    millis += result.stats.millis;
    nodes += result.stats.nodes;
  }
  return { cpu: cpuMs(cpu), call, millis, puzzles: grids.length, nodes };
}

if (values.child) {
  const [pkg, what] = values.child.split("\n");
  process.stdout.write(JSON.stringify(await child(pkg, what)));
} else {
  const pkgs = (positionals.length ? positionals : ["pkg"]).map((p) => resolve(p));
  const runs = Number(values.runs);
  const results = new Map(pkgs.map((p) => [p, { cauldron: [], janko: [] }]));
  for (let run = 0; run < runs; run++) {
    for (const pkg of pkgs) {
      for (const what of ["cauldron", "janko"]) {
        const out = execFileSync(process.execPath, [script, "--child", `${pkg}\n${what}`], { encoding: "utf8" });
        results.get(pkg)[what].push(JSON.parse(out));
      }
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [pkg, { cauldron, janko }] of results) {
    const c = (key) => median(cauldron.map((r) => r[key])).toFixed(1);
    const j = (key) => median(janko.map((r) => r[key])).toFixed(1);
    console.log(
      `${pkg}: Cauldron whole call ${c("cpu")} ms CPU, ${c("call")} ms wall (solver's clock ${c("millis")} ms, ${cauldron[0].status}, ${cauldron[0].nodes} nodes); ` +
        `Janko Kakuro ${janko[0].puzzles} first pass ${j("cpu")} ms CPU, ${j("call")} ms wall (solver's clock ${j("millis")} ms, ${janko[0].nodes} nodes); medians of ${runs}`,
    );
  }
}
