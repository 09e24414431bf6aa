// DEV PLACEHOLDER — replaced by scripts/make-puzzles.mjs
export const PUZZLES = [
  { id: "nonogram-dev", genre: "nonogram", name: "Dev plus", difficulty: "easy", puzzle: { genre: "nonogram", rows: [[1],[3],[1]], cols: [[1],[3],[1]] } },
  { id: "kakuro-dev", genre: "kakuro", name: "Dev kakuro", difficulty: "easy", puzzle: { genre: "kakuro", grid: [[null, {down: 4}, {down: 3}], [{across: 3}, 0, 0], [{across: 4}, 0, 0]] } },
  { id: "str8ts-dev", genre: "str8ts", name: "Dev str8ts", difficulty: "easy", puzzle: { genre: "str8ts", grid: [[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,1]], black: [[false,false,false,false],[false,false,false,false],[false,false,false,false],[false,false,false,true]] } },
];
