#!/usr/bin/env node
// gridlogic's command line: solve, explain, rate, convert, generate, check and time puzzle files.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import init, { createSolver, explain, formatPuzzle, generate, parsePuzzles, rate, solve } from "../js/node.js";

const USAGE = `usage:
  gridlogic solve FILE... [--format F] [--max-solutions N] [--time-limit MS] [--jobs N] [--json]
  gridlogic explain FILE [--format F] [--time-limit MS] [--json]
  gridlogic rate FILE... [--format F] [--time-limit MS] [--json]
  gridlogic convert FILE --to F [--format F]
  gridlogic generate --genre G --size WxH|N --difficulty D [--seed S] [--count N] [--colors C,C...] [--givens] [--to F]
  gridlogic check FILE... [--format F] [--time-limit MS] [--json]
  gridlogic bench DIR|FILE... [--format F] [--time-limit MS] [--jobs N] [--json]

Formats are detected from the text unless --format names one. --jobs N solves N puzzles at
once, each in a worker thread of its own ("auto": the cores less one); results come in the
same order.
Exit codes: 0 solved (and unique, when uniqueness was asked: --max-solutions ≥ 2, the
default), 1 no solution, several, or gave up, 2 bad input or usage. generate prints puzzles
(canonical text unless --to names a format; seeds S, S+1, ... for --count N; default seed 1;
--colors makes a colour nonogram in those CSS colours, e.g. --colors "#d03030,#3050d0";
--givens lets a kakuro show some digits).
check exits 1 when any puzzle is not unique. explain exits 0 when the
steps reach the solution, 1 otherwise (stuck, contradictory or out of time).`;

/** An error in the user's input: printed as FILE: message, exit code 2. */
class InputError extends Error {}

function parseCommandLine(argv) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        format: { type: "string" },
        to: { type: "string" },
        "max-solutions": { type: "string", default: "2" },
        "time-limit": { type: "string" },
        jobs: { type: "string" },
        genre: { type: "string" },
        size: { type: "string" },
        difficulty: { type: "string" },
        seed: { type: "string", default: "1" },
        count: { type: "string", default: "1" },
        colors: { type: "string" },
        json: { type: "boolean", default: false },
        givens: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    throw new InputError(error.message);
  }
}

function nonNegativeNumber(text, name) {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || (name === "--max-solutions" && (!Number.isInteger(n) || n < 1))) {
    throw new InputError(
      `${name}: expected a ${name === "--max-solutions" ? "whole number ≥ 1" : "number ≥ 0"}, got ${JSON.stringify(text)}`,
    );
  }
  return n;
}

/** The --jobs value: undefined (solve in this thread), a whole number ≥ 1, or "auto". */
function jobsOf(values) {
  const text = values.jobs;
  if (text === undefined || text === "auto") return text;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new InputError(`--jobs: expected a whole number ≥ 1 or "auto", got ${JSON.stringify(text)}`);
  return n;
}

/** Solves every puzzle with `options`: in this thread, or with `jobs` at once in a pool of
 *  worker threads; the results in the puzzles' order. */
async function solveAll(puzzles, options, jobs) {
  if (jobs === undefined) return puzzles.map((puzzle) => solve(puzzle, options));
  const solver = createSolver({ workers: jobs });
  try {
    return await Promise.all(puzzles.map((puzzle) => solver.solve(puzzle, options)));
  } finally {
    solver.dispose();
  }
}

function readPuzzles(file, format) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new InputError(`${file}: cannot read (${error.code ?? error.message})`);
  }
  try {
    return parsePuzzles(text, format);
  } catch (error) {
    throw new InputError(`${file}: ${error.message}`);
  }
}

/** A solved grid as text: a puzzle of clue lines (nonogram) # and . (a colour nonogram: its colour
 *  indices in base 36, . the background), digits elsewhere (black cells as #). */
function gridText(puzzle, grid) {
  const nonogram = Array.isArray(puzzle.rows);
  const cell = (v) => {
    if (!nonogram) return v === 0 ? "#" : String(v);
    if (v === 0) return ".";
    return puzzle.colors ? v.toString(36) : "#";
  };
  return grid.map((row) => row.map(cell).join(nonogram ? "" : " ")).join("\n");
}

function files(paths) {
  return paths.flatMap((path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      throw new InputError(`${path}: no such file or folder`);
    }
    if (!stat.isDirectory()) return [path];
    return files(
      readdirSync(path)
        .filter((name) => !name.startsWith("."))
        .sort()
        .map((name) => join(path, name)),
    );
  });
}

async function solveCommand(values, positionals) {
  if (positionals.length === 0) throw new InputError("solve: name at least one file");
  const maxSolutions = nonNegativeNumber(values["max-solutions"], "--max-solutions");
  const timeLimitMs =
    values["time-limit"] === undefined ? undefined : nonNegativeNumber(values["time-limit"], "--time-limit");
  const jobs = jobsOf(values);
  const read = positionals.flatMap((file) =>
    readPuzzles(file, values.format).map((puzzle, index) => ({ file, index, puzzle })),
  );
  const results = await solveAll(
    read.map(({ puzzle }) => puzzle),
    { maxSolutions, timeLimitMs },
    jobs,
  );
  let failed = false;
  const report = [];
  read.forEach(({ file, index, puzzle }, i) => {
    const result = results[i];
    const solved = maxSolutions >= 2 ? result.status === "unique" : result.solutions.length > 0;
    failed ||= !solved;
    if (values.json) {
      report.push({ file, index, genre: puzzle.genre, ...result });
    } else {
      const name = positionals.length > 1 || index > 0 ? `${file}#${index + 1}` : file;
      console.log(`${name}: ${result.status} (${result.stats.millis.toFixed(1)} ms, ${result.stats.nodes} nodes)`);
      result.solutions.forEach((grid, i) => {
        console.log((i > 0 ? "\nanother solution:\n" : "") + gridText(puzzle, grid));
      });
    }
  });
  if (values.json) console.log(JSON.stringify(report, null, 2));
  return failed ? 1 : 0;
}

/** The --time-limit option in milliseconds, or undefined. */
const timeLimit = (values) =>
  values["time-limit"] === undefined ? undefined : nonNegativeNumber(values["time-limit"], "--time-limit");

function explainCommand(values, positionals) {
  if (positionals.length !== 1) throw new InputError("explain: name one file");
  const [file] = positionals;
  const puzzles = readPuzzles(file, values.format);
  const explanations = puzzles.map((puzzle) => explain(puzzle, { timeLimitMs: timeLimit(values) }));
  if (values.json) {
    console.log(JSON.stringify(explanations.length === 1 ? explanations[0] : explanations, null, 2));
  } else {
    explanations.forEach(({ status, steps, rating }, index) => {
      if (puzzles.length > 1) console.log(`${file}#${index + 1}:`);
      for (const [i, step] of steps.entries()) {
        console.log(`${i + 1}. [${step.level}] ${step.technique}: ${step.message}`);
      }
      console.log(`${status}: ${rating.label} (level ${rating.level}, score ${rating.score}, ${rating.steps} steps)`);
    });
  }
  return explanations.every((e) => e.status === "solved") ? 0 : 1;
}

function rateCommand(values, positionals) {
  if (positionals.length === 0) throw new InputError("rate: name at least one file");
  const report = [];
  for (const file of positionals) {
    readPuzzles(file, values.format).forEach((puzzle, index) => {
      const rating = rate(puzzle, { timeLimitMs: timeLimit(values) });
      const name = positionals.length > 1 || index > 0 ? `${file}#${index + 1}` : file;
      if (values.json) report.push({ file, index, genre: puzzle.genre, ...rating });
      else {
        const used = Object.entries(rating.techniques)
          .map(([id, n]) => `${id} ${n}`)
          .join(", ");
        console.log(
          `${name}: ${rating.label} (level ${rating.level}, score ${rating.score}, ${rating.steps} steps${rating.needsTrial ? ", needs trial" : ""}; ${used})`,
        );
      }
    });
  }
  if (values.json) console.log(JSON.stringify(report, null, 2));
  return 0;
}

function convertCommand(values, positionals) {
  if (positionals.length !== 1 || !values.to) throw new InputError("convert: name one file and --to FORMAT");
  for (const puzzle of readPuzzles(positionals[0], values.format)) {
    try {
      process.stdout.write(formatPuzzle(puzzle, values.to).replace(/\n?$/, "\n"));
    } catch (error) {
      throw new InputError(`${positionals[0]}: ${error.message}`);
    }
  }
  return 0;
}

function generateCommand(values, positionals) {
  if (positionals.length > 0) throw new InputError("generate: takes no files");
  const { genre, size, difficulty } = values;
  if (!genre || !size || !difficulty) throw new InputError("generate: --genre, --size and --difficulty are required");
  const sides = /^(\d+)(?:x(\d+))?$/.exec(size);
  if (!sides) throw new InputError(`generate: --size ${JSON.stringify(size)} is not WxH or N`);
  const [width, height] = [Number(sides[1]), Number(sides[2] ?? sides[1])];
  // Every side the size gives; each genre takes those it has (`size` only for a square: Str8ts
  // says what it needs when the sides differ).
  const shape = { width, height, ...(width === height ? { size: width } : {}) };
  if (values.givens) shape.givens = true;
  const seed = Number(values.seed);
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new InputError("generate: --count must be a whole number ≥ 1");
  const to = values.to ?? "canonical";
  const colors = values.colors === undefined ? {} : { colors: values.colors.split(",").map((c) => c.trim()) };
  for (let i = 0; i < count; i++) {
    let text;
    try {
      const { puzzle } = generate({ genre, ...shape, difficulty, seed: seed + i, ...colors });
      text = formatPuzzle(puzzle, to);
    } catch (error) {
      throw new InputError(`generate: ${error.message}`);
    }
    process.stdout.write(text.replace(/\n?$/, "\n"));
  }
  return 0;
}

function checkCommand(values, positionals) {
  if (positionals.length === 0) throw new InputError("check: name at least one file");
  const report = [];
  let allUnique = true;
  for (const file of positionals) {
    const puzzles = readPuzzles(file, values.format);
    puzzles.forEach((puzzle, index) => {
      const { status } = solve(puzzle, { maxSolutions: 2, timeLimitMs: timeLimit(values) });
      const rating = status === "unique" ? rate(puzzle, { timeLimitMs: timeLimit(values) }) : undefined;
      allUnique &&= status === "unique";
      const name = positionals.length > 1 || puzzles.length > 1 ? `${file}#${index + 1}` : file;
      if (values.json) report.push({ file, index, genre: puzzle.genre, status, rating });
      else
        console.log(
          `${name}: ${status}${rating ? ` ${rating.label} (level ${rating.level}, score ${rating.score})` : ""}`,
        );
    });
  }
  if (values.json) console.log(JSON.stringify(report, null, 2));
  return allUnique ? 0 : 1;
}

async function benchCommand(values, positionals) {
  if (positionals.length === 0) throw new InputError("bench: name a folder or files");
  const timeLimitMs =
    values["time-limit"] === undefined ? 10000 : nonNegativeNumber(values["time-limit"], "--time-limit");
  const jobs = jobsOf(values);
  const rows = [];
  const started = performance.now();
  for (const file of files(positionals)) {
    let puzzles;
    try {
      puzzles = readPuzzles(file, values.format);
    } catch (error) {
      console.error(`skipped ${error.message}`);
      continue;
    }
    const statuses = { unique: 0, multiple: 0, none: 0, unknown: 0 };
    const times = (await solveAll(puzzles, { timeLimitMs }, jobs)).map((result) => {
      statuses[result.status]++;
      return result.stats.millis;
    });
    const total = times.reduce((a, b) => a + b, 0);
    rows.push({
      file,
      puzzles: puzzles.length,
      ...statuses,
      totalMs: +total.toFixed(1),
      maxMs: +Math.max(...times).toFixed(1),
    });
  }
  if (values.json) console.log(JSON.stringify(rows, null, 2));
  else {
    console.table(rows);
    console.log(
      `wall clock ${((performance.now() - started) / 1000).toFixed(2)} s${jobs === undefined ? "" : ` with --jobs ${jobs}`}`,
    );
  }
  return 0;
}

async function main(argv) {
  const { values, positionals } = parseCommandLine(argv);
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  await init();
  const commands = {
    solve: solveCommand,
    explain: explainCommand,
    rate: rateCommand,
    convert: convertCommand,
    generate: generateCommand,
    check: checkCommand,
    bench: benchCommand,
  };
  if (!commands[command]) throw new InputError(`unknown command ${JSON.stringify(command)}\n${USAGE}`);
  return commands[command](values, rest);
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error) => {
    if (!(error instanceof InputError)) throw error;
    console.error(`gridlogic: ${error.message}`);
    process.exitCode = 2;
  },
);
