// The current figures of bench/RESULTS.md, written by the bench itself: each bench script run
// with --write replaces its own block of the file, the text between
//   <!-- bench:NAME:begin -->  and  <!-- bench:NAME:end -->
// with the tables it measured, headed by the date, the machine, the commit and the command.
// Everything outside the blocks (the findings) is left as it is.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, platform, release } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
export const RESULTS_MD = join(root, "bench/RESULTS.md");

const begin = (name) => `<!-- bench:${name}:begin -->`;
const end = (name) => `<!-- bench:${name}:end -->`;

/** `markdown` with the text between block `name`'s markers replaced by `content`. The markers
 *  stay; a missing, repeated or misordered marker is an error (nothing is guessed). */
export function replaceBlock(markdown, name, content) {
  const [open, close] = [begin(name), end(name)];
  const at = markdown.indexOf(open);
  const to = markdown.indexOf(close);
  if (at < 0 || to < 0 || to < at) {
    throw new Error(`bench/RESULTS.md has no block ${name}: expected the lines ${open} and ${close}, in that order`);
  }
  if (markdown.indexOf(open, at + 1) >= 0 || markdown.indexOf(close, to + 1) >= 0) {
    throw new Error(`bench/RESULTS.md has block ${name} more than once`);
  }
  return `${markdown.slice(0, at + open.length)}\n${content.trim()}\n${markdown.slice(to)}`;
}

/** The machine and the code a run measured: date (UTC, to the minute), CPU model and cores,
 *  OS, Node, and the commit (with "+ changes" when the work tree differs from it, this file's
 *  blocks aside: a run that writes several blocks measures the same code for each). */
export function provenance(now = new Date()) {
  const git = (...args) => {
    try {
      return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    } catch {
      return null;
    }
  };
  const commit = git("rev-parse", "--short", "HEAD") ?? "unknown";
  const dirty = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench/RESULTS.md");
  const cores = cpus();
  return {
    date: `${now.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    machine: `${cores[0]?.model.trim() ?? "unknown CPU"}, ${cores.length} cores, ${platform()} ${release()}`,
    node: process.version,
    commit: dirty ? `${commit} + changes` : commit,
  };
}

/** The line that heads a block: when, where, which code, and the command that measured it. */
export function heading(command, info = provenance()) {
  return `Measured ${info.date} on ${info.machine}, Node ${info.node}, commit \`${info.commit}\`: \`${command}\`.`;
}

/** The command a run was started with, as a shell would take it back: `node SCRIPT ARGS…`,
 *  arguments with spaces or quotes single-quoted. */
export function commandLine(script, args = process.argv.slice(2)) {
  const quote = (arg) => (/^[\w./:=@%+,-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);
  return ["node", script, ...args.map(quote)].join(" ");
}

/** A markdown table: a header row and rows of cells. */
export function table(header, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** Replace block `name` of bench/RESULTS.md (or of `file`) with `content`. */
export function writeBlock(name, content, file = RESULTS_MD) {
  writeFileSync(file, replaceBlock(readFileSync(file, "utf8"), name, content));
  console.log(`wrote the ${name} block of ${file}`);
}

/** Milliseconds as the tables print them. */
export const ms = (v) => (v === undefined ? "–" : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`);

/** The corpus table of bench/RESULTS.md (bench/run.mjs's report): one row a set, wasm beside
 *  native in the same run. `command` is what ran; `info` the provenance (default: here, now). */
export function corpusBlock(report, command, info = provenance()) {
  const kb = (bytes, gzip) => `${bytes.toLocaleString("en")} bytes, ${gzip.toLocaleString("en")} gzipped`;
  const ratio = (r) => (r === null || r === undefined ? "–" : r.toFixed(2));
  const rows = report.sets.map((row) => {
    const { wasm, native, warm } = row;
    const { unique, multiple, none, unknown } = wasm.statuses;
    return [
      row.name,
      `${wasm.solved}/${wasm.total}`,
      `${unique} / ${multiple} / ${none} / ${unknown}`,
      ms(wasm.totalMs),
      ms(wasm.medianMs),
      ms(wasm.p95Ms),
      ms(wasm.maxMs),
      String(wasm.over2s),
      wasm.nodes.toLocaleString("en"),
      `${(row.peakWasmMemoryBytes / 2 ** 20).toFixed(1)} MiB`,
      ms(native.totalMs),
      ratio(row.wasmNativeRatio),
      warm
        ? `${ratio(warm.wasmNativeRatio)} (${ms(warm.wasm.totalMs)} / ${ms(warm.native.totalMs)}, pass ${warm.passes})`
        : "–",
    ];
  });
  const header = ["set", "solved", "unique / multiple / none / unknown", "wasm total", "median", "p95", "max"];
  header.push("over 2 s", "nodes", "wasm memory", "native total", "wasm/native", "warm wasm/native");
  return [
    "### The corpus sets",
    "",
    heading(command, info),
    `Each puzzle limited to ${report.limitMs} ms; the tournament sets sampled 1 in ${report.stride}.`,
    `Solver wasm ${kb(report.wasmBytes, report.wasmGzipBytes)}; text formats' wasm ` +
      `${kb(report.formatsWasmBytes, report.formatsWasmGzipBytes)}.`,
    "",
    table(header, rows),
    ...peerTable(report),
  ].join("\n");
}

/** The corpus sets' samples solved by the peer too (`peer` of a set's row in bench/run.mjs's
 *  report): gridlogic's wasm and the peer on the same puzzles, in the same run. Nothing when
 *  no set has one. */
function peerTable(report) {
  const sampled = report.sets.filter((row) => row.peer);
  if (sampled.length === 0) return [];
  const statuses = ({ unique, multiple, none, unknown }) => `${unique} / ${multiple} / ${none} / ${unknown}`;
  const rows = sampled.map(({ name, peer }) => [
    `${name}: 1 in ${peer.stride} (${peer.puzzles})`,
    statuses(peer.wasm.statuses),
    ms(peer.wasm.totalMs),
    ms(peer.wasm.maxMs),
    SOLVER_NAMES[peer.name] ?? peer.name,
    statuses(peer.peer.statuses),
    ms(peer.peer.totalMs),
    ms(peer.peer.maxMs),
    peer.ratio.toFixed(1),
  ]);
  const header = ["sample", "gridlogic (wasm): unique / multiple / none / unknown", "total", "max", "peer"];
  header.push("peer: unique / multiple / none / unknown", "total", "max", "peer total / wasm total");
  return [
    "",
    "The same puzzles beside the peer (one worker, asked for two solutions, the same limit):",
    "",
    table(header, rows),
  ];
}

/** How the random table names each solver of bench/random.mjs. */
const SOLVER_NAMES = { wasm: "gridlogic (wasm)", native: "gridlogic (native)", cpsat: "CP-SAT" };

/** The random workloads' table of bench/RESULTS.md (bench/random.mjs's report): a row per
 *  workload and solver, each total against gridlogic's wasm total in the same run. `skipped`
 *  says why a peer that was asked for did not run (or is null). */
export function randomBlock(report, command, skipped = null, info = provenance()) {
  const rows = report.workloads.flatMap((row) =>
    Object.entries(row.solvers).map(([solver, s]) => {
      const { unique, multiple, none, unknown } = s.statuses;
      const against = solver === "wasm" ? "1" : (s.totalMs / row.solvers.wasm.totalMs).toFixed(2);
      return [
        `${row.name} (${row.puzzles})`,
        SOLVER_NAMES[solver] ?? solver,
        `${unique} / ${multiple} / ${none} / ${unknown}`,
        ms(s.totalMs),
        ms(s.medianMs),
        ms(s.maxMs),
        String(s.over100ms),
        String(s.over1s),
        against,
      ];
    }),
  );
  const header = ["workload", "solver", "unique / multiple / none / unknown", "total", "median", "max"];
  header.push("over 100 ms", "over 1 s", "total / wasm total");
  const note =
    `Seed ${report.seed}, each puzzle limited to ${report.limitMs} ms; every solver on the same puzzles, one thread` +
    (skipped ? ` (${skipped})` : "") +
    ".";
  const title = report.title ?? "Random workloads";
  return [`### ${title}`, "", heading(command, info), note, "", table(header, rows)].join("\n");
}
