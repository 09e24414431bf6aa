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
  solveKakuro([[null, { down: 3 }], [{ across: 3 }, 0]]);
  solveNonogram([[1]], [[1]]);
  solveStr8ts([[0]], [[false]], { onProgress: (s) => s.nodes });
  const v: string = version();
  // @ts-expect-error an unknown genre is not a Puzzle
  solve({ genre: "sudoku", grid: [] });
  // @ts-expect-error a nonogram needs cols
  solve({ genre: "nonogram", rows: [] });
  // @ts-expect-error maxSolutions is a number
  solve(puzzle, { maxSolutions: "2" });
  // @ts-expect-error the status is a string union, not a number
  const wrong: number = result.status;
  // @ts-expect-error Kakuro cells are null, numbers or clue objects
  solveKakuro([["x"]]);
  void [first, nodes, v, wrong];
  return result.status;
}
