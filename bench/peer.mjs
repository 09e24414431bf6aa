// The CP-SAT peer, shared by the bench scripts that measure beside it (bench/random.mjs,
// bench/run.mjs): Google OR-Tools CP-SAT, one worker, asked for two solutions, on the
// puzzles' JSON shapes (../shared/peers/cpsat.py; colour nonograms bench/cpsat_colour.py).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
/** Each peer's model scripts: one for black-and-white puzzles, one for colour nonograms. */
export const PEERS = {
  cpsat: { plain: join(root, "../shared/peers/cpsat.py"), colour: join(root, "bench/cpsat_colour.py") },
};

/** Why peer `name` cannot run here, or null when it can. */
export function peerMissing(name) {
  const missing = Object.values(PEERS[name]).find((script) => !existsSync(script));
  if (missing) return `${missing} not found`;
  const probe = spawnSync("python3", ["-c", "import ortools"], { encoding: "utf8" });
  if (probe.error) return `python3 not found (${probe.error.code})`;
  if (probe.status !== 0) return "python3 cannot import ortools (pip install ortools)";
  return null;
}

/** Peer `name` on `puzzles` ({ id, puzzle }: the JS API's shapes), each within `limit` ms, one
 *  puzzle a line on its stdin: one `{ millis, status }` a puzzle. */
export function runPeer(name, puzzles, limit) {
  const script = puzzles.some((p) => p.puzzle.colors) ? PEERS[name].colour : PEERS[name].plain;
  const child = spawn("python3", [script, "--max", "2", "--time-limit-s", String(limit / 1000), "--workers", "1"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => (out += chunk));
  for (const { id, puzzle } of puzzles) child.stdin.write(`${JSON.stringify({ id, puzzle })}\n`);
  child.stdin.end();
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => {
      if (code !== 0) return reject(new Error(`${name} exited with code ${code}`));
      resolve(
        out
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line))
          .map(({ ms, status }) => ({ millis: ms, status })),
      );
    });
  });
}

/** Puzzles on which two solvers gave different definite verdicts (a wrong answer by someone):
 *  `solvers` maps a solver's name to its results, in the order of `ids`. Each is printed. */
export function disagreements(ids, solvers) {
  let count = 0;
  ids.forEach((id, i) => {
    const verdicts = Object.entries(solvers)
      .map(([solver, results]) => [solver, results[i].status])
      .filter(([, status]) => status !== "unknown");
    if (new Set(verdicts.map(([, status]) => status)).size > 1) {
      count++;
      console.log(`DISAGREEMENT ${id}: ${JSON.stringify(Object.fromEntries(verdicts))}`);
    }
  });
  return count;
}
