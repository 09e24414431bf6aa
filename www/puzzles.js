// Built-in puzzles, made by scripts/make-puzzles.mjs with the project's solver (every one
// has a unique solution). Do not edit by hand: change the script and run it again.
export const PUZZLES = [
  {
    id: "nonogram-heart", genre: "nonogram", name: "Heart", difficulty: "easy",
    puzzle: {"genre":"nonogram","rows":[[],[3,3],[2,5],[8],[8],[6],[4],[2],[2],[]],"cols":[[],[4],[5],[1,4],[7],[7],[6],[5],[4],[]]},
  },
  {
    id: "nonogram-grid", genre: "nonogram", name: "Grid", difficulty: "easy",
    puzzle: {"genre":"nonogram","rows":[[],[3,4,3,4],[1,1,1,1,1,1,1],[1,1,1,1,1,1],[1,3,4,1,1,1],[1,1,1,1,1,1,1],[1,1,1,1,1,1,1],[3,1,2,3,4],[]],"cols":[[],[5],[1,1],[1,1,1],[1,1,1],[1,3],[],[7],[1,1],[1,2],[1,1,2],[2,1],[],[1,1],[7],[1,1],[],[7],[1,1],[1,1],[1,1],[5],[],[],[]]},
  },
  {
    id: "nonogram-sailboat", genre: "nonogram", name: "Sailboat", difficulty: "medium",
    puzzle: {"genre":"nonogram","rows":[[1],[1],[1],[1,1],[2,1],[2,2],[3,2],[3,3],[4,4],[5,4],[1],[12],[10],[],[2,2,2,2]],"cols":[[1],[1,1],[1,2],[2,2],[4,2,1],[6,2,1],[7,2],[2],[13,1],[5,2,1],[3,2],[2,2],[1,1],[1],[]]},
  },
  {
    id: "nonogram-teacup", genre: "nonogram", name: "Teacup", difficulty: "medium",
    puzzle: {"genre":"nonogram","rows":[[],[1,1,1],[1,1,1],[1,1,1],[1,1,1],[1,1,1],[],[17],[17],[1,1,1,1,1,1,2],[14,2],[14,2],[16],[10,3],[8],[6],[],[16],[12],[]],"cols":[[],[],[5,1],[2,3,1],[7,2],[2,5,2],[1,1,2,6,2],[1,1,1,9,2],[2,6,2],[1,1,1,2,6,2],[1,1,9,2],[2,6,2],[1,1,2,5,2],[1,1,1,7,2],[2,3,2],[7,2],[2,2,1],[2,2,1],[6],[3]]},
  },
  {
    id: "nonogram-lighthouse", genre: "nonogram", name: "Lighthouse", difficulty: "hard",
    puzzle: {"genre":"nonogram","rows":[[64],[64],[64],[57,6],[9,19,14,17],[8,34,16],[7,9,23,15],[6,9,19,14],[5,9,10,3,11],[5,9,9,7],[5,9,6,4],[5,8,2,8,1],[5,7,2,2],[5,6,2,2],[6,2,2],[7,1,2,8,1],[8,2,7,4],[9,3,9,5],[18,13,8],[18,22,14],[42,14],[42,14],[5,36,14],[42,14],[30,11,6,14],[42,6,14],[42,6,14],[17,24,6,14],[42,6,14],[41,13],[41,13],[9,31,13],[41,13],[12,28,13],[11,28,8,13],[11,1,26,8,13],[10,1,7,18,8,13],[10,1,25,8,13],[9,1,25,8,13],[8,1,24,13],[8,1,22,12],[7,1,22,12],[7,1,21,12],[6,1,21,12],[5,1,20,10,12],[40,10,12],[19,10],[17,16],[18,5,19],[28],[30],[3,4,1,4,4,31],[32],[9,23],[5,4,3,3,11,22],[13,21],[13,9,11],[4,1,1,2,2,1,1,17,7,12],[16,6,12],[22,13],[6,1,3,4,23,13],[22,14],[37],[4,4,4,1,4,38]],"cols":[[46,1],[46,1],[46,1,1],[47,1,1,1],[49,1,1],[8,8,21,4,1,1,1],[7,28,4,1,1,1],[6,25,4,1,1,1,1],[5,22,4,1,1,1,1],[4,5,13,6,4,1,1],[4,7,18,4,1,1,1,1],[13,16,4,1,1,1],[14,15,4,1,1,1],[14,31,1,1,1],[14,17,4,1,1,1],[14,20,4,1,1,1,1],[14,23,4,1,1],[14,12,12,4,1,1,1],[6,22,4,1,1],[6,24,4,1,1,1,1],[7,29,1,1,1,1],[7,28,1,1],[7,17,9,1,1,1],[8,27,1,1,1],[8,27,1,1,1,1],[8,28,1,1,1],[8,28,1,1,1,1,1],[9,28,1,1,1,1,4],[9,28,7],[9,29,9],[4,4,7,21,10],[10,29,11],[10,29,12],[10,30,13],[11,30,14],[11,30,15],[11,30,15],[8,2,30,15],[12,2,27,15],[12,2,27,15],[9,21,4,10],[8,10,10,9],[7,5,5,11,7],[6,5,5,5,13,6],[5,1,1,5,5,14,5],[4,1,1,5,5,20],[4,1,1,5,5,20],[5,1,1,5,5,20],[6,5,5,5,20],[7,5,5,17,2],[8,10,15,3],[9,21,10,5],[12,2,27,9,7],[11,1,27,17],[11,30,17],[11,30,17],[10,29,17],[3,6,29,16],[10,29,16],[9,28,16],[9,28,15],[9,28,15],[8,27,15],[8,27,14]]},
  },
  {
    id: "nonogram-static", genre: "nonogram", name: "Static", difficulty: "expert", note: "needs search",
    puzzle: {"genre":"nonogram","rows":[[3,1,1,1,4,3],[2,2,1,2,3,1,1,1,2],[2,1,2,4,1,1,1,1],[3,2,2,1,3,2],[2,2,1,2,2,2,2,1],[1,1,1,1,2,2,1,2,1],[1,1,3,1,10,1,3],[5,1,4,1,3,5],[1,1,2,2,3,2,1,1],[1,1,1,2,1,1,2,1],[2,2,2,1,1,2,1,1,1],[2,1,1,2,2,2,2],[4,2,2,1,2,2,1,5],[1,1,1,3,3,1,1],[3,1,2,1,1,3],[1,1,1,1,1,2,1,1,3,1],[1,1,1,1,2,2,1,1,3,1],[1,2,2,1,5,1,1,3,1],[2,2,1,2,2,1,1,1],[1,2,2,1,3,2,1,1,2,1],[1,2,1,2,1,1,2,2,1],[1,2,3,2,1,1,1,1],[2,1,2,1,1,1,1,1,2],[3,3,1,2,9],[2,1,2,3,1,1,1,1],[2,1,1,3,4,1,1,1],[1,1,1,1,1,2,4,2],[1,2,1,1,1,2,1,1,1],[5,2,3,4,1,1],[4,1,1,1,1,3,2,3]],"cols":[[1,1,2,1,1,1,1,4,1],[3,1,3,1,1,4,3],[2,2,1,2,3,4,2],[2,1,2,2,1,1,1,3],[1,2,1,1,3,5],[1,3,1,1,2,1],[2,1,2,2,1,3,1,1],[2,1,1,2,4,2,4],[1,6,2,2,1],[2,1,3,1,1,1,2,1,1,2],[5,1,1,3,1,1],[2,1,7,3,1,1,1,1],[1,3,2,1,1,1,2,1],[2,2,1,1,1,3,2],[3,2,4,5,2,1],[4,2,1,2,1,1],[3,3,2,1,4,4],[1,1,3,2,3,1,3,3],[1,5,2,1,2,6,1],[1,1,1,1,1,3,1],[1,2,1,1,1,2,2,1,1],[2,2,1,2,2,4,3],[4,1,1,1,6],[1,1,1,1,1,3,2,2,2],[1,1,2,1,1,2,1,3],[2,4,1,1,4,1,2],[1,1,2,1,1,2,1,1,1,3,3],[1,1,2,1,1,1,1,1],[2,5,3,1,3,1,4],[2,3,2,1,1,1,1,1]]},
  },
  {
    id: "kakuro-first-steps", genre: "kakuro", name: "First steps", difficulty: "easy",
    puzzle: {"genre":"kakuro","grid":[[null,null,null,null,{"down":21},{"down":17}],[null,null,{"down":21},{"down":6,"across":10},0,0],[null,{"across":14},0,0,0,0],[null,{"down":9,"across":12},0,0,0,null],[{"across":21},0,0,0,0,null],[{"across":17},0,0,null,null,null]]},
  },
  {
    id: "kakuro-crossroads", genre: "kakuro", name: "Crossroads", difficulty: "easy",
    puzzle: {"genre":"kakuro","grid":[[null,{"down":4},{"down":11},null,null,null,{"down":17},{"down":5}],[{"across":3},0,0,{"down":25},null,{"across":11},0,0],[{"across":19},0,0,0,{"down":9},{"down":26,"across":4},0,0],[null,null,{"across":18},0,0,0,0,null],[null,null,{"down":8,"across":17},0,0,0,null,null],[null,{"down":11,"across":28},0,0,0,0,{"down":17},{"down":9}],[{"across":11},0,0,null,{"across":19},0,0,0],[{"across":3},0,0,null,null,{"across":9},0,0]]},
  },
  {
    id: "kakuro-pinwheel", genre: "kakuro", name: "Pinwheel", difficulty: "medium",
    puzzle: {"genre":"kakuro","grid":[[null,null,null,null,{"down":33},{"down":15},null,null,null],[null,null,null,{"across":12},0,0,{"down":17},{"down":24},{"down":10}],[null,null,null,{"down":9,"across":31},0,0,0,0,0],[null,null,{"across":17},0,0,{"down":30,"across":17},0,0,0],[null,{"down":15},{"down":19,"across":9},0,0,0,{"down":3,"across":16},0,0],[{"across":17},0,0,{"down":16,"across":14},0,0,0,null,null],[{"across":12},0,0,0,{"down":3,"across":9},0,0,null,null],[{"across":32},0,0,0,0,0,null,null,null],[null,null,null,{"across":8},0,0,null,null,null]]},
  },
  {
    id: "kakuro-lattice", genre: "kakuro", name: "Lattice", difficulty: "medium",
    puzzle: {"genre":"kakuro","grid":[[null,null,null,null,{"down":3},{"down":17},{"down":25},null,null,null],[null,null,null,{"down":30,"across":16},0,0,0,null,null,null],[null,null,{"down":17,"across":17},0,0,0,0,{"down":36},{"down":17},null],[null,{"across":12},0,0,{"down":28,"across":21},0,0,0,0,null],[null,{"across":11},0,0,0,{"across":16},0,0,0,null],[null,null,{"down":4,"across":16},0,0,{"across":15},0,0,{"down":17},null],[null,{"across":20},0,0,0,{"down":19,"across":12},0,0,0,null],[null,{"across":13},0,0,0,0,{"down":16,"across":12},0,0,null],[null,null,null,{"across":26},0,0,0,0,null,null],[null,null,null,{"across":22},0,0,0,null,null,null]]},
  },
  {
    id: "kakuro-big-sums", genre: "kakuro", name: "Big sums", difficulty: "hard",
    puzzle: {"genre":"kakuro","grid":[[null,null,{"down":19},{"down":8},{"down":16},{"down":39},null,null,null,null,null],[null,{"across":28},0,0,0,0,null,null,null,null,null],[null,{"down":16,"across":20},0,0,0,0,{"down":38},{"down":17},{"down":15},{"down":6},null],[{"across":10},0,0,0,{"down":17,"across":24},0,0,0,0,0,null],[{"across":16},0,0,{"across":30},0,0,0,0,0,0,null],[null,null,null,{"across":19},0,0,0,{"down":16},null,null,null],[null,null,{"down":16},{"down":3},{"down":17,"across":21},0,0,0,null,{"down":27},{"down":8}],[null,{"across":37},0,0,0,0,0,0,{"down":13,"across":10},0,0],[null,{"across":25},0,0,0,0,0,{"down":17,"across":24},0,0,0],[null,null,null,null,null,{"across":21},0,0,0,0,null],[null,null,null,null,null,{"across":23},0,0,0,0,null]]},
  },
  {
    id: "kakuro-open-sea", genre: "kakuro", name: "Open sea", difficulty: "expert", note: "needs search",
    puzzle: {"genre":"kakuro","grid":[[null,null,null,null,{"down":45},{"down":45},{"down":45},{"down":39},{"down":15},{"down":18}],[null,null,{"down":18},{"down":39,"across":36},9,0,0,0,8,0],[null,{"down":17,"across":43},1,0,0,0,0,0,0,0],[{"across":45},0,0,0,0,5,0,0,2,4],[{"across":38},0,0,0,0,0,0,9,{"down":22},{"down":21}],[{"across":45},0,9,0,2,0,0,8,6,0],[null,{"down":22},{"down":16,"across":35},8,0,2,0,0,0,0],[{"across":45},5,0,0,0,0,8,0,3,9],[{"across":42},0,0,0,0,0,0,1,0,null],[{"across":33},0,0,0,0,6,0,null,null,null]]},
  },
  {
    id: "str8ts-little", genre: "str8ts", name: "Little steps", difficulty: "easy",
    puzzle: {"genre":"str8ts","grid":[[3,0,2,5,0,0],[0,3,0,0,4,6],[4,6,1,0,0,0],[0,0,0,4,1,2],[0,0,6,3,2,0],[0,0,4,0,3,0]],"black":[[false,false,false,false,true,false],[false,false,false,false,false,true],[false,true,false,false,true,false],[false,true,false,false,true,false],[true,false,false,false,false,false],[false,true,false,false,false,false]]},
  },
  {
    id: "str8ts-warm-up", genre: "str8ts", name: "Warm-up", difficulty: "easy",
    puzzle: {"genre":"str8ts","grid":[[0,4,3,0,9,8,0,2,0],[3,0,2,4,0,0,7,0,6],[0,0,0,0,0,0,8,7,0],[0,6,0,5,3,4,9,0,7],[0,0,9,3,4,0,0,6,0],[0,7,0,0,2,0,1,0,0],[0,9,5,0,7,0,0,0,0],[6,0,7,0,5,1,4,0,0],[0,1,6,0,0,0,5,4,3]],"black":[[false,false,false,false,false,false,false,false,true],[false,false,false,false,false,true,false,true,false],[false,true,true,false,false,false,false,false,true],[false,false,false,false,false,false,true,false,false],[true,false,true,false,false,false,true,false,true],[false,false,true,false,false,false,false,false,false],[true,false,false,false,false,false,true,true,false],[false,true,false,true,false,false,false,false,false],[true,false,false,false,false,false,false,false,false]]},
  },
  {
    id: "str8ts-ladders", genre: "str8ts", name: "Ladders", difficulty: "medium",
    puzzle: {"genre":"str8ts","grid":[[0,5,1,8,7,0,6,2,9],[0,6,0,0,0,2,4,0,1],[0,8,0,0,4,0,0,0,3],[0,7,5,0,0,8,0,0,2],[0,0,0,5,0,7,0,0,0],[8,0,7,0,9,0,0,0,5],[0,0,0,0,1,0,0,0,0],[9,2,3,0,0,0,0,5,7],[0,1,0,2,3,5,0,0,4]],"black":[[false,false,false,false,false,false,false,false,true],[false,false,false,false,true,false,false,false,true],[false,false,false,true,false,true,false,false,true],[false,false,false,true,true,false,false,true,true],[false,false,false,false,false,false,false,false,false],[true,true,false,false,true,true,false,false,false],[true,false,false,true,false,true,false,false,false],[true,false,false,false,true,false,false,false,false],[true,false,false,false,false,false,false,false,false]]},
  },
  {
    id: "str8ts-tight", genre: "str8ts", name: "Tight fit", difficulty: "hard",
    puzzle: {"genre":"str8ts","grid":[[0,0,9,7,0,0,0,1,6],[0,0,6,0,0,8,0,0,1],[0,5,0,3,7,0,0,0,0],[6,0,7,0,0,0,5,0,3],[1,0,2,4,0,0,0,3,9],[7,0,5,0,0,1,0,0,0],[0,9,0,2,0,0,0,6,0],[9,0,3,6,0,0,4,0,0],[4,0,0,0,0,0,0,0,7]],"black":[[false,true,false,false,false,true,true,true,true],[false,false,false,false,false,false,false,true,false],[true,false,false,false,false,false,false,true,false],[false,false,false,false,true,false,false,false,false],[true,false,true,false,false,false,true,false,true],[false,false,false,false,true,false,false,false,false],[false,true,false,false,false,false,false,false,true],[false,true,false,false,false,false,false,false,false],[true,true,true,true,false,false,false,true,false]]},
  },
  {
    id: "str8ts-deep", genre: "str8ts", name: "Deep end", difficulty: "expert", note: "needs search",
    puzzle: {"genre":"str8ts","grid":[[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,9,0,0,0],[0,0,0,0,0,0,0,0,0],[0,0,0,7,0,0,1,6,5],[0,0,0,0,0,0,0,3,0],[0,9,0,0,0,0,0,0,0],[0,0,0,0,4,0,0,9,0],[0,0,1,0,0,0,0,0,8],[0,0,3,9,0,0,0,0,0]],"black":[[false,false,false,false,false,false,false,false,false],[false,false,false,false,false,true,false,true,false],[true,true,true,false,false,false,false,true,false],[false,false,true,false,false,false,true,true,false],[false,true,false,false,true,false,false,true,false],[false,true,true,false,false,false,true,false,false],[false,true,false,false,false,false,true,true,true],[false,true,false,true,false,false,false,false,false],[false,false,false,false,false,false,false,false,false]]},
  },
];
