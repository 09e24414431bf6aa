// Type-checked by `tsc --strict` in scripts/test.sh: the package's typings must describe the
// API precisely. Each @ts-expect-error line is a misuse the types must reject (were anything
// typed `any`, the directive would be unused and tsc would fail).
import init, { solve, solveKakuro, solveNonogram, solveStr8ts, version } from "../../pkg/gridlogic.js";
import type { Puzzle, SolveResult, SolveStatus, SolveStats } from "../../pkg/gridlogic.js";

export async function demo(): Promise<SolveStatus> {
  await init();
  const puzzle: Puzzle = { genre: "nonogram", rows: [[1], []], cols: [[1], [0]] };
  const result: SolveResult = solve(puzzle, { maxSolutions: 2, timeLimitMs: 1000 });
  const first: number[][] | undefined = result.solutions[0];
  const stats: SolveStats = result.stats;
  const nodes: number = stats.nodes + stats.maxDepth + stats.millis;
  solveKakuro([
    [null, { down: 3 }],
    [{ across: 3 }, 0],
  ]);
  solveNonogram([[1]], [[1]]);
  solveStr8ts([[0]], [[false]], { onProgress: (s) => s.nodes });
  const v: string = version();
  // @ts-expect-error an unknown genre is not a Puzzle
  solve({ genre: "hitori", grid: [] });
  // @ts-expect-error a nonogram needs cols
  solve({ genre: "nonogram", rows: [] });
  // @ts-expect-error maxSolutions is a number
  solve(puzzle, { maxSolutions: "2" });
  // @ts-expect-error the status is a string union, not a number
  const wrong: number = result.status;
  // @ts-expect-error Kakuro cells are null, numbers or clue objects
  solveKakuro([["x"]]);
  // Colour nonograms: `colors`, clues `{n, color}` or numbers (colour 1), solutions of indices.
  const colour: Puzzle = {
    genre: "nonogram",
    colors: ["red", "#3050d0"],
    background: "white",
    rows: [[{ n: 2, color: 1 }, 1], []],
    cols: [[1], [{ n: 1, color: 2 }]],
  };
  solve(colour);
  solveNonogram([[{ n: 1, color: 2 }]], [[{ n: 1, color: 2 }]], undefined, ["red", "blue"]);
  // @ts-expect-error a colour block has n and color
  solve({ genre: "nonogram", colors: ["red"], rows: [[{ n: 1 }]], cols: [[1]] });
  // @ts-expect-error colors are strings
  solveNonogram([[1]], [[1]], {}, [1]);
  // @ts-expect-error a black-and-white nonogram (no colors) has number clues
  solve({ genre: "nonogram", rows: [[{ n: 1, color: 1 }]], cols: [[1]] });
  void [first, nodes, v, wrong];
  return result.status;
}

// The package's entry points (js/): two wasm modules behind one API.
import initBoth, { formatPuzzle, initFormats, initSync, parsePuzzle, parsePuzzles } from "../../js/browser.js";
import type { InitOutput, PuzzleFormat } from "../../js/browser.js";
import initNode, { initFormats as initNodeFormats } from "../../js/node.js";

export async function wrapperDemo(bytes: Uint8Array, formatsBytes: Uint8Array): Promise<string> {
  const exports: InitOutput = await initBoth({
    module_or_path: "/gridlogic_bg.wasm",
    formats_module_or_path: "/gridlogic_formats_bg.wasm",
  });
  await initBoth();
  await initFormats();
  await initNode(new URL("file:///a.wasm"), "/b.wasm");
  await initNodeFormats();
  initSync({ module: bytes, formats_module: formatsBytes });
  const format: PuzzleFormat = "canonical";
  const puzzle: Puzzle = parsePuzzle("nonogram:1x1:1/1", format);
  const all: Puzzle[] = parsePuzzles("nonogram:1x1:1/1");
  // @ts-expect-error an unknown format name
  parsePuzzle("x", "sudoku");
  // @ts-expect-error in Node the wasm files are paths or URLs
  await initNode(new URL("file:///a.wasm"), 5);
  // @ts-expect-error initSync takes the modules by name
  initSync(bytes);
  void [exports, all];
  return formatPuzzle(puzzle, "non");
}

// A pool of workers: a count or "auto"; each solve keeps its own signal and progress.
import { createSolver } from "../../js/node.js";

export async function poolDemo(puzzles: Puzzle[]): Promise<SolveStatus[]> {
  const pool = createSolver({ workers: "auto", workerUrl: new URL("file:///wrapped-worker.js") });
  createSolver({ workers: 2 }).dispose();
  // @ts-expect-error workers is a number or "auto"
  createSolver({ workers: "all" });
  const signal = new AbortController().signal;
  const results = await Promise.all(puzzles.map((p) => pool.solve(p, { signal, onProgress: (s) => s.nodes })));
  pool.dispose();
  return results.map((r) => r.status);
}

// Explained logic: the third module's functions, and the worker's methods.
import { explain, hint, initExplain, rate } from "../../js/browser.js";
import type { Explanation, HintResult, Rating, Step } from "../../js/browser.js";

export async function explainDemo(): Promise<string> {
  await initExplain();
  const puzzle: Puzzle = { genre: "nonogram", rows: [[1]], cols: [[1]] };
  const explanation: Explanation = explain(puzzle, { maxSteps: 10, timeLimitMs: 100, noTrial: false });
  const step: Step | undefined = explanation.steps[0];
  const level: 1 | 2 | 3 | 4 | 5 = explanation.rating.level;
  const answer: HintResult = hint(puzzle, [[null]]);
  const message: string = answer.kind === "mistake" || answer.kind === "stuck" ? answer.message : "";
  hint({ genre: "str8ts", grid: [[0]], black: [[false]] }, { values: [[0]], candidates: [[[1, 2]]] });
  const rating: Rating = rate(puzzle);
  const viaWorker: Rating = await createSolver({ workers: 1 }).rate(puzzle, { signal: new AbortController().signal });
  // @ts-expect-error the status is a string union
  const wrongStatus: number = explanation.status;
  // @ts-expect-error maxSteps is a number
  explain(puzzle, { maxSteps: "3" });
  // @ts-expect-error a hint needs the board
  hint(puzzle);
  void [step, level, message, rating, viaWorker, wrongStatus];
  return explanation.rating.label;
}

// Generation: the options of each genre (types derived from the Rust declarations), the result
// and the progress reports.
import { generate, nonogramFromPicture } from "../../js/browser.js";
import type { FromPicture, GenerateOptions, GenerateProgress, Generated } from "../../js/browser.js";

export function generateDemo(): number {
  const options: GenerateOptions = { genre: "sudoku", size: 9, difficulty: "hard", seed: 1, killer: true };
  const made: Generated = generate(options, { onProgress: (p: GenerateProgress) => p.candidates + p.nodes });
  generate({ genre: "nonogram", width: 5, height: 5, difficulty: "easy", seed: 2, colors: ["red"], density: 0.4 });
  generate({ genre: "kakuro", width: 6, height: 6, difficulty: "easy", seed: 3, givens: true, timeLimitMs: 500 });
  generate({ genre: "str8ts", size: 6, difficulty: "easy", seed: 4 });
  // @ts-expect-error killer is a Sudoku's option, not a Kakuro's
  generate({ genre: "kakuro", width: 6, height: 6, difficulty: "easy", seed: 1, killer: true });
  // @ts-expect-error colors are a nonogram's
  generate({ genre: "kakuro", width: 6, height: 6, difficulty: "easy", seed: 1, colors: ["red"] });
  // @ts-expect-error a Sudoku needs its size
  generate({ genre: "sudoku", difficulty: "easy", seed: 1 });
  // @ts-expect-error difficulty is a rating label
  generate({ genre: "str8ts", size: 6, difficulty: "fiendish", seed: 1 });
  // @ts-expect-error an unknown genre
  generate({ genre: "hitori", size: 6, difficulty: "easy", seed: 1 });
  // @ts-expect-error onProgress is a function
  generate(options, { onProgress: 5 });
  // @ts-expect-error the seed is a number
  const wrongSeed: string = made.seed;
  const picture: FromPicture = nonogramFromPicture([[1, 0]], undefined, { timeLimitMs: 100 });
  const status: "unique" | "multiple" | "unknown" = picture.status;
  // @ts-expect-error the rating is there only when the picture's clues have one solution
  const pictureRating: Rating = picture.rating;
  // @ts-expect-error explain's board is a player's board
  explain(made.puzzle, { board: "start" });
  explain(made.puzzle, { board: made.solution, maxSteps: 5 });
  void [wrongSeed, status, pictureRating];
  return made.solution.length + made.millis + made.rating.level;
}
