//! Kakuro (cross sums): fill the white cells with digits 1–9 so that every run adds up to its
//! clue.
//!
//! # Rules
//!
//! The grid has black *block* cells and white cells. A *run* is a maximal line of white
//! cells, across (to the right of a block) or down (below a block). A block may carry a clue
//! for the run to its right (`across`) and one for the run below it (`down`): the digits of
//! that run add up to the clue. Every run — with or without a clue — holds no digit twice, so
//! no run is longer than 9. A run that starts at the grid's edge (no block before it) has no
//! clue. White cells may hold given digits.
//!
//! ```text
//!      ┌────┬────┬────┐        clue 16 down, 3 down; 10 across, 9 across:
//!      │    │16 ↓│ 3 ↓│          a+c = 16, b+d = 3, a+b = 10, c+d = 9
//!      ├────┼────┼────┤
//!      │→10 │ a  │ b  │        {b,d} = {1,2}, {a,c} = {7,9}  (the only pairs)
//!      ├────┼────┼────┤        a+b = 10 → a = 9, b = 1; then c = 7, d = 2
//!      │→ 9 │ c  │ d  │
//!      └────┴────┴────┘
//! ```
//!
//! # Technique
//!
//! Every white cell keeps its candidate digits as a [`DigitSet`]. What a run holds is a *set*
//! of different digits, so each run keeps the *combinations* (digit sets of its length and
//! sum, from the precomputed [`combos::CombinationTable`]) that its cells still allow, as a
//! bit mask. Revising a run looks at every live combination `C` and settles the cells inside
//! it: each cell may only hold `C ∩ candidates`; a digit of `C` that fits one cell only must
//! go there (hidden single); a cell left with one digit takes it from the others (naked
//! single); an empty cell, or a digit of `C` that fits no cell, kills `C`. Each cell is then
//! narrowed to the union, over the surviving combinations, of what it may hold in them. This
//! contains the usual run rules — cells restricted to the union of the combinations, a digit
//! every combination needs and only one cell can take is placed, a placed digit leaves the
//! run's other cells — and adds their combination-by-combination version (in `a+b = 10` with
//! `a ∈ {1,2}`, `b` keeps only 8 and 9).
//!
//! Runs whose cells changed wait in a queue; propagation revises them until the queue is
//! empty (a fixpoint).
//!
//! Then the undecided cells are split into *components* — cells linked by runs that still
//! have undecided cells; decided cells are fixed, so components are independent puzzles.
//! Each component counts its digits' total twice, once by its across runs and once by its
//! down runs (what each run still needs, over its live combinations): the two ranges must
//! meet, or the state is refuted — run logic alone never sees a region whose across and
//! down clues disagree. A small component (up to 32 cells) is searched on its own, within
//! a node budget: without a solution the whole state is refuted at once; with exactly one
//! it is filled in; with several it is marked and branched on last, since any choice there
//! leads to a solution. This keeps the search from thrashing — retrying the fillings of
//! unrelated ambiguous corners while a far part of the grid has no solution:
//!
//! ```text
//!   ┌──────────────┬──────┬──────┬─────      left: no solution, but run logic alone
//!   │ 3×3 block,   │ 2×2  │ 2×2  │ ...       cannot see it; right: twelve blocks with
//!   │ sums clash   │ a+b=3│ a+b=3│           two fillings each. Branching on the cells
//!   └──────────────┴──────┴──────┴─────      with fewest candidates would try 2¹² fillings.
//! ```
//!
//! The cells of larger components are *probed*: each candidate digit is placed in turn and
//! propagated (the changes are recorded and undone); a digit that leads to a contradiction
//! is removed, and the whole repeats until no probe fails.
//!
//! # Search
//!
//! When logic stalls, propagation looks for one solution itself, by a depth-first search
//! that treats components as independent puzzles. A node with several open components
//! (not known to have several solutions) solves each by a search of its own: one without a
//! solution refutes the node at once, and one solved is not searched again when a choice
//! elsewhere fails. A component proven unsolvable — by its own search, or because every
//! branch of a node where it was the only open one failed — is remembered by its
//! candidates and runs, and fails at once when a choice elsewhere recreates it. The branch
//! cell *sweeps* the grid along its longer side, in bands two lines wide, taking the cell
//! with the fewest candidates in the first band: the undecided region stays in one piece
//! behind a short front, so a wrong choice shows soon and near where it was made. (Taking
//! the fewest candidates anywhere scatters the choices: in MarcelGarus' `huge`, 101 × 31
//! with 2100 white cells and very many solutions, a region made unsolvable by an early
//! choice was refuted only after many unrelated ones, and 10 s brought no solution.) The
//! time such a search takes to find a solution is heavy-tailed: one early choice that
//! leaves no solution can hold it for seconds where another sweep finds one at once. So it
//! runs in *restarts*: attempts cut off after a node limit that follows Luby's sequence
//! (1, 1, 2, 1, 1, 2, 4, … times the number of undecided cells), each sweeping from another
//! side of the grid, all sharing the record of refuted components; the limits grow without
//! bound, so the last attempt is complete and a proof of no solution stays one. Nodes
//! below the root are not probed: a pass costs hundreds of propagations, more than the
//! nodes it saves there.
//!
//! The solution found, `S`, is the first branch child for the shared search (the private
//! `search` module implements [`Problem`]); the other children cover the rest of the state
//! without copying it: for the undecided cells `u₁ … uₙ`, child `i` keeps `u₁ … uᵢ₋₁` as in
//! `S` and bars `S`'s digit from `uᵢ`. A child is built only when the search reaches it,
//! and carries `S` as a hint whose digits its own search tries first, so that it looks for
//! a second solution close to the first. Cells of small components with several solutions
//! come first (a second solution surely differs there), then cells with more candidates.
//! The children hold every solution of the state once each, so counts are exact and
//! `unique` and `none` stay honest.
//!
//! # Cost
//!
//! A revision costs O(live combinations × run length × a few passes), at most 126 × 9 for a
//! run without a clue and usually a handful of combinations for a clued one; each revision
//! calls [`Budget::tick`]. A node of the search for a solution finds the components and
//! checks their sums (linear in the grid), re-examines the small ones that changed, each
//! within 300 nodes of its own that copy only the component's cells and runs, and keeps a
//! copy of the state while its digits are tried: the candidates (one word per white cell),
//! the combination masks (16 bytes per run) and a stamp per cell. The record of refuted
//! components is capped at 16 MiB. A probing pass, once per state the shared search takes
//! up, costs one propagation per candidate of the large components' cells; building child
//! `i` costs a copy of the state and `i` cells. Grids are limited to 300 × 300 cells. Square
//! random grids of 60 × 60 and up have a front as long as their side, which the sweep does
//! not keep short (measured times in bench/RESULTS.md). The nodes of the search for a
//! solution count as search nodes, so a node limit holds inside propagation too.

pub use crate::engine::combos;
pub mod format;
pub mod generate;
#[cfg(all(target_arch = "wasm32", any(feature = "solver", feature = "explain")))]
mod js;
mod play;
mod puzzle;
mod search;
pub mod techniques;

use crate::engine::error::Error;
use crate::format_names::Format;
use crate::genre::Genre;
use crate::text::Token;
use format::KakuroFormat;
pub use puzzle::{Candidates, Cell, Kakuro, MAX_SIDE};

impl Genre for Kakuro {
    const NAME: &'static str = "kakuro";
    type Format = KakuroFormat;

    fn format_of(format: Format) -> Option<KakuroFormat> {
        KakuroFormat::of(format)
    }

    fn read(text: &str, format: KakuroFormat) -> Option<Result<Vec<Self>, Error>> {
        format.is_own(text).then(|| format::parse(text, format))
    }

    fn write(&self, format: KakuroFormat) -> Result<String, Error> {
        format::write(self, format)
    }

    fn parse_canonical(body: &Token<'_>) -> Result<Kakuro, Error> {
        format::parse_canonical(body)
    }

    fn write_canonical(&self) -> Result<String, Error> {
        format::write_canonical(self)
    }

    fn check(&self, grid: &[Vec<u8>]) -> Result<(), Error> {
        self.check(grid)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))] // native only: proptest, the system clock
mod tests {
    use super::puzzle::NO_RUN;
    use super::*;
    use crate::engine::bits::DigitSet;
    use crate::engine::combos::MAX_DIGIT;
    use crate::engine::search::{
        solve, Budget, Grid, KnownGrid, NoProgress, Problem, SolveOptions, Status, Stop, SystemClock,
    };

    #[test]
    fn clues_come_from_a_solution() {
        let grid = vec![vec![0, 0, 0], vec![0, 9, 1], vec![0, 7, 2]];
        let kakuro = Kakuro::from_solution(&grid).unwrap();
        let block = |down, across| Cell::Block { down, across };
        assert_eq!(kakuro.cells()[0], [block(None, None), block(Some(16), None), block(Some(3), None)]);
        assert_eq!((kakuro.cells()[1][0], kakuro.cells()[2][0]), (block(None, Some(10)), block(None, Some(9))));
        assert_eq!(kakuro.check(&grid), Ok(()));
        let e = Kakuro::from_solution(&[vec![0, 10]]).unwrap_err();
        assert_eq!(e.to_string(), "grid[0][1]: digit 10 is not in 1..9");
    }

    /// A grid from text: `.` empty white cell, `1`-`9` given, `\` block, `16\` down 16,
    /// `\10` across 10, `16\10` both; rows are lines, cells separated by spaces.
    fn cells(text: &str) -> Vec<Vec<Cell>> {
        let number = |s: &str| (!s.is_empty()).then(|| s.parse().unwrap());
        text.lines()
            .map(|line| {
                line.split_whitespace()
                    .map(|token| match token.split_once('\\') {
                        Some((down, across)) => Cell::Block { down: number(down), across: number(across) },
                        None if token == "." => Cell::White(None),
                        None => Cell::White(Some(token.parse().unwrap())),
                    })
                    .collect()
            })
            .collect()
    }

    fn run(text: &str) -> (Status, Vec<Grid>) {
        let kakuro = Kakuro::new(cells(text)).unwrap();
        let outcome = solve(&kakuro, &SolveOptions::default(), &SystemClock::default(), &mut NoProgress);
        (outcome.status, outcome.solutions)
    }

    fn error(text: &str) -> String {
        Kakuro::new(cells(text)).unwrap_err().to_string()
    }

    /// Independent oracle: it shares only the puzzle's list of runs with the solver, none of
    /// its combination tables, propagation or search. Counts the solutions of a tiny puzzle (up
    /// to `limit`) by trying every digit in every white cell in reading order, abandoning a
    /// digit as soon as a run it is in repeats a digit, goes over its clue, or is full and
    /// misses it.
    fn brute_force_count(kakuro: &Kakuro, limit: usize) -> usize {
        fn fill(kakuro: &Kakuro, next: usize, digits: &mut Vec<u32>, limit: usize) -> usize {
            if next == kakuro.whites.len() {
                return 1;
            }
            let (row, col) = kakuro.whites[next];
            let given = match kakuro.grid[row][col] {
                Cell::White(Some(digit)) => digit..=digit,
                _ => 1..=MAX_DIGIT,
            };
            let mut found = 0;
            for digit in given {
                digits[next] = digit;
                let broken = kakuro.runs_of_cell[next].iter().filter(|&&run| run != NO_RUN).any(|&run| {
                    let run = &kakuro.runs[run];
                    let filled: Vec<u32> = run.cells.iter().map(|&cell| digits[cell]).filter(|&d| d > 0).collect();
                    let repeats = filled.iter().fold(0u32, |m, d| m | 1 << d).count_ones() as usize != filled.len();
                    let total: u32 = filled.iter().sum();
                    repeats
                        || run.sum.is_some_and(|sum| total > sum || (filled.len() == run.cells.len() && total != sum))
                });
                if !broken {
                    found += fill(kakuro, next + 1, digits, limit - found);
                    if found >= limit {
                        break;
                    }
                }
            }
            digits[next] = 0;
            found
        }
        fill(kakuro, 0, &mut vec![0; kakuro.whites.len()], limit)
    }

    /// Solves `text`, checks the status against a brute-force count and every answer with
    /// [`Kakuro::check`], and returns the status. Counting all solutions (up to a limit)
    /// checks that the search's branches cover every solution once. Each check runs with
    /// the default small components and with none (every component searched as a large one).
    fn agrees_with_brute_force(text: &str) -> Status {
        const COUNT_LIMIT: usize = 40;
        let mut kakuro = Kakuro::new(cells(text)).unwrap();
        let count = brute_force_count(&kakuro, COUNT_LIMIT);
        let expected = match count {
            0 => Status::None,
            1 => Status::Unique,
            _ => Status::Multiple,
        };
        for small_component in [puzzle::SMALL_COMPONENT, 0] {
            kakuro.small_component = small_component;
            let outcome = solve(&kakuro, &SolveOptions::default(), &SystemClock::default(), &mut NoProgress);
            assert_eq!(outcome.status, expected, "{text}");
            assert!(
                outcome.solutions.iter().all(|answer| kakuro.check(answer).is_ok()),
                "{text}: {:?}",
                outcome.solutions
            );
            if let [first, second] = &outcome.solutions[..] {
                assert_ne!(first, second);
            }
            let options = SolveOptions { max_solutions: COUNT_LIMIT, ..Default::default() };
            let mut all = solve(&kakuro, &options, &SystemClock::default(), &mut NoProgress).solutions;
            assert!(all.iter().all(|answer| kakuro.check(answer).is_ok()), "{text}");
            all.sort();
            all.dedup();
            assert_eq!(all.len(), count, "{text}: every solution, once");
        }
        expected
    }

    #[test]
    fn the_essay_example_is_solved_by_logic() {
        let kakuro = Kakuro::new(cells("\\ 16\\ 3\\\n\\10 . .\n\\9 . .")).unwrap();
        assert_eq!((kakuro.width(), kakuro.height()), (3, 3));
        assert_eq!(kakuro.cells()[0][1], Cell::Block { down: Some(16), across: None });
        let outcome = solve(&kakuro, &SolveOptions::default(), &SystemClock::default(), &mut NoProgress);
        assert_eq!(outcome.status, Status::Unique);
        assert_eq!(outcome.solutions, vec![vec![vec![0, 0, 0], vec![0, 9, 1], vec![0, 7, 2]]]);
        assert_eq!(outcome.stats.max_depth, 0, "no branching needed");
    }

    #[test]
    fn combination_by_combination_reasoning() {
        // a+b = 10 with a+c = 3 (so a ∈ {1,2}), c alone across: b may only be 8 or 9.
        let kakuro = Kakuro::new(cells("\\ 3\\ \\\n\\10 . .\n\\ . \\")).unwrap();
        let mut state = kakuro.initial();
        let mut narrowed = Vec::new();
        let (across, down) = (kakuro.runs_of_cell[0][0], kakuro.runs_of_cell[0][1]);
        kakuro.revise(down, &mut state, &mut narrowed).unwrap();
        kakuro.revise(across, &mut state, &mut narrowed).unwrap();
        assert_eq!(state.cells[0].iter().collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(state.cells[1].iter().collect::<Vec<_>>(), vec![8, 9]);
        assert_eq!(narrowed.iter().map(|&(cell, _)| cell).collect::<Vec<_>>(), vec![0, 2, 1]);
    }

    #[test]
    fn hand_puzzles_agree_with_brute_force() {
        // a 3×3 block of white cells
        agrees_with_brute_force("\\ 23\\ 8\\ 14\\\n\\6 . . .\n\\24 . . .\n\\15 . . .");
        // an L shape with one-cell runs
        assert_eq!(agrees_with_brute_force("\\ 4\\ \\\n\\3 . \\\n\\9 . .\n\\ \\ \\"), Status::Unique);
        // clueless runs at the edge only forbid repeats
        assert_eq!(agrees_with_brute_force("9 . \\\n. . 3\\\n\\ \\3 ."), Status::Multiple);
        assert_eq!(agrees_with_brute_force("9 . \\\n. . 3\\\n\\ \\4 ."), Status::None);
        assert_eq!(agrees_with_brute_force("\\ 17\\ \\ \\\n\\ . 9 .\n\\ . \\ \\"), Status::Multiple);
        assert_eq!(agrees_with_brute_force("\\ 4\\\n\\4 3"), Status::None);
        assert_eq!(agrees_with_brute_force("\\ 2\\ 9\\\n\\11 . 9"), Status::Unique);
    }

    #[test]
    fn two_solutions_are_both_returned() {
        assert_eq!(agrees_with_brute_force("\\ 3\\ 3\\\n\\3 . .\n\\3 . ."), Status::Multiple);
        // a lone white cell with no clue either way may hold any digit
        assert_eq!(agrees_with_brute_force("\\ \\\n\\ ."), Status::Multiple);
        // no white cell at all: one (empty) solution
        assert_eq!(run("\\ \\\n\\ \\"), (Status::Unique, vec![vec![vec![0, 0], vec![0, 0]]]));
    }

    #[test]
    fn an_unsolvable_puzzle_is_proven_so() {
        // a+b = 3, c+d = 3, a+c = 3 force {1,2} everywhere, but b+d = 4 needs a 3.
        assert_eq!(agrees_with_brute_force("\\ 3\\ 4\\\n\\3 . .\n\\3 . ."), Status::None);
    }

    /// Side by side: `left` then `copies` copies of `block`, all given as rows of tokens.
    fn side_by_side(left: &[&str], block: &[&str], copies: usize) -> String {
        let rows = left.iter().zip(block).map(|(l, b)| format!("{l} {}", vec![*b; copies].join(" ")));
        rows.collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn independent_components_are_decided_on_their_own() {
        // A 3×3 block whose sums disagree (down 36, across 37): run logic alone does not see
        // it, a search does. Next to it, twelve 2×2 blocks with two solutions each.
        let unsolvable = ["\\ 13\\ 8\\ 15\\", "\\10 . . .", "\\13 . . .", "\\14 . . ."];
        let ambiguous = ["\\ 3\\ 3\\", "\\3 . .", "\\3 . .", "\\ \\ \\"];
        assert_eq!(agrees_with_brute_force(&unsolvable.join("\n")), Status::None);
        let kakuro = Kakuro::new(cells(&side_by_side(&unsolvable, &ambiguous, 12))).unwrap();
        let outcome = solve(&kakuro, &SolveOptions::default(), &SystemClock::default(), &mut NoProgress);
        // Without components the search would try the 2^12 fillings of the small blocks.
        assert_eq!((outcome.status, outcome.stats.nodes), (Status::None, 1));
        // The same blocks next to a solvable one: two solutions after a handful of nodes.
        let solvable = ["\\ 16\\ 3\\ \\", "\\10 . . \\", "\\9 . . \\", "\\ \\ \\ \\"];
        let kakuro = Kakuro::new(cells(&side_by_side(&solvable, &ambiguous, 12))).unwrap();
        let outcome = solve(&kakuro, &SolveOptions::default(), &SystemClock::default(), &mut NoProgress);
        assert_eq!(outcome.status, Status::Multiple);
        assert!(outcome.stats.nodes < 40, "{} nodes", outcome.stats.nodes);
        let differing = |row: usize| {
            (0..outcome.solutions[0][row].len())
                .filter(|&c| outcome.solutions[0][row][c] != outcome.solutions[1][row][c])
                .count()
        };
        assert_eq!(differing(1) + differing(2), 4, "the two solutions differ in one small block");
    }

    /// A pseudo-random puzzle on a `size`×`size` grid (`size` ≥ 4): random blocks, givens
    /// and digits, clues summing those digits (some wrong, and some left out if `leave_out`);
    /// `next(n)` draws below `n`.
    fn random_puzzle(size: usize, leave_out: bool, next: &mut impl FnMut(u64) -> u64) -> String {
        // 0 = block, otherwise a digit; the top row and left column are blocks
        let mut digits = vec![vec![0u32; size]; size];
        for r in 1..size {
            for c in 1..size {
                if next(5) > 0 {
                    let left = (1..c).rev().map_while(|k| (digits[r][k] > 0).then_some(digits[r][k]));
                    let up = (1..r).rev().map_while(|k| (digits[k][c] > 0).then_some(digits[k][c]));
                    let used: Vec<u32> = left.chain(up).collect();
                    digits[r][c] = (1..=9).filter(|d| !used.contains(d)).nth(next(5) as usize).unwrap_or(0);
                }
            }
        }
        let grid: Grid = digits.iter().map(|row| row.iter().map(|&d| d as u8).collect()).collect();
        let sums = Kakuro::from_solution(&grid).unwrap();
        let mut text = String::new();
        for (r, row) in sums.cells().iter().enumerate() {
            for (c, &cell) in row.iter().enumerate() {
                // a sixth of the clues left out if `leave_out`; about one wrong clue per
                // puzzle, whatever its size
                let scale = (size * size / 16) as u64;
                let mut clue = |run_sum: u32| match next(6 * scale) {
                    _ if run_sum == 0 => String::new(),
                    draw if draw < scale && leave_out => String::new(),
                    draw if draw == scale => (1 + next(20)).to_string(),
                    _ => run_sum.to_string(),
                };
                let token = match (digits[r][c], cell) {
                    (0, Cell::Block { down, across }) => {
                        let down = clue(down.unwrap_or(0));
                        format!("{down}\\{}", clue(across.unwrap_or(0)))
                    }
                    (d, _) if next(6) == 0 => d.to_string(),
                    _ => ".".into(),
                };
                text += &token;
                text.push(if c == size - 1 { '\n' } else { ' ' });
            }
        }
        text
    }

    /// A fixed pseudo-random sequence, the generators' PCG32: `next(n)` draws below `n`.
    fn draws(seed: u32) -> impl FnMut(u64) -> u64 {
        let mut rng = crate::engine::generate::Rng::new(seed);
        move |n| rng.below(n as usize) as u64
    }

    #[test]
    fn random_small_puzzles_agree_with_brute_force() {
        let mut next = draws(0x2545_f491);
        let mut counts = [0usize; 3];
        for _ in 0..300 {
            let text = random_puzzle(4, true, &mut next);
            if Kakuro::new(cells(&text)).is_ok() {
                let status = agrees_with_brute_force(&text);
                counts[[Status::None, Status::Unique, Status::Multiple].iter().position(|&s| s == status).unwrap()] +=
                    1;
            }
        }
        println!("none, unique, multiple: {counts:?}");
        assert!(counts.iter().all(|&n| n > 10), "every status occurs often: {counts:?}");
    }

    /// A reference for the search by components, not for the run logic (it revises runs with
    /// the solver's own `revise`, which the brute-force count checks): the plainest complete
    /// search, for grids too large to brute-force, with no components, no record of refuted
    /// ones, no late children: revise every run until nothing changes, then branch on a cell
    /// with fewest candidates.
    struct Plain<'a>(&'a Kakuro);

    impl Problem for Plain<'_> {
        type State = Candidates;
        type Child = Candidates;
        type Workspace = ();
        fn workspace(&self) {}
        fn initial(&self) -> Candidates {
            self.0.initial()
        }
        fn build(&self, child: Candidates) -> Candidates {
            child
        }
        fn propagate(&self, state: &mut Candidates, _: &mut (), budget: &mut Budget) -> Result<(), Stop> {
            let mut narrowed = Vec::new();
            loop {
                for run in 0..self.0.runs.len() {
                    budget.tick()?;
                    self.0.revise(run, state, &mut narrowed)?;
                }
                if narrowed.is_empty() {
                    return Ok(());
                }
                narrowed.clear();
            }
        }
        fn branch(&self, state: &Candidates) -> Option<Vec<Candidates>> {
            let cell = (0..state.cells.len())
                .filter(|&cell| state.cells[cell].len() > 1)
                .min_by_key(|&cell| state.cells[cell].len())?;
            let child = |digit| {
                let mut child = state.clone();
                child.cells[cell] = DigitSet::single(digit);
                child
            };
            Some(state.cells[cell].iter().map(child).collect())
        }
        fn solution(&self, state: &Candidates) -> Grid {
            self.0.solution(state)
        }
        fn known(&self, state: &Candidates) -> KnownGrid {
            self.0.known(state)
        }
    }

    #[test]
    fn random_larger_puzzles_agree_with_a_plain_search() {
        // 9×9 and 12×12 grids, searched with small components of at most 0, 4 or 64 cells
        // (the default), so that the search by components, its record of refuted ones and
        // the children built late all take part.
        let mut next = draws(0x9e37_79b9);
        let mut counts = [0usize; 3];
        for round in 0..200 {
            let text = random_puzzle(if round % 2 == 0 { 9 } else { 12 }, round % 3 == 0, &mut next);
            let Ok(mut kakuro) = Kakuro::new(cells(&text)) else { continue };
            kakuro.small_component = [0, 4, 64][round % 3];
            let options = SolveOptions { node_limit: Some(100_000), ..Default::default() };
            let reference = solve(&Plain(&kakuro), &options, &SystemClock::default(), &mut NoProgress);
            if reference.status == Status::Unknown {
                continue;
            }
            let outcome = solve(&kakuro, &SolveOptions::default(), &SystemClock::default(), &mut NoProgress);
            assert_eq!(outcome.status, reference.status, "{text}");
            assert!(outcome.solutions.iter().all(|answer| kakuro.check(answer).is_ok()), "{text}");
            counts[[Status::None, Status::Unique, Status::Multiple]
                .iter()
                .position(|&s| s == outcome.status)
                .unwrap()] += 1;
        }
        println!("none, unique, multiple: {counts:?}");
        // (unique puzzles are rare on random layouts: the brute-force test covers them)
        assert!(counts[0] >= 20 && counts[2] >= 20, "both none and multiple occur often: {counts:?}");
    }

    #[test]
    fn the_node_limit_holds_inside_propagation() {
        // 8×8 white cells, every run missing one digit: the totals agree, but one row and
        // no column misses the 1, so eight 1s cannot fit in seven rows. Only an exhausting
        // search, inside propagation, finds that out.
        let columns: Vec<String> = [2, 3, 5, 5, 5, 5, 5, 5].iter().map(|d| format!("{}\\", 45 - d)).collect();
        let mut text = format!("\\ {}", columns.join(" "));
        for missing in [1, 4, 5, 5, 5, 5, 5, 5] {
            text += &format!("\n\\{} . . . . . . . .", 45 - missing);
        }
        let kakuro = Kakuro::new(cells(&text)).unwrap();
        let options = SolveOptions { node_limit: Some(200), ..Default::default() };
        let outcome = solve(&kakuro, &options, &SystemClock::default(), &mut NoProgress);
        assert_eq!((outcome.status, outcome.stats.nodes), (Status::Unknown, 200));
    }

    #[test]
    fn check_names_the_broken_rule() {
        let kakuro = Kakuro::new(cells("\\ 16\\ 3\\\n\\10 . .\n\\9 . 2")).unwrap();
        let good = vec![vec![0, 0, 0], vec![0, 9, 1], vec![0, 7, 2]];
        assert_eq!(kakuro.check(&good), Ok(()));
        let broken = |row: usize, col: usize, digit: u8| {
            let mut grid = good.clone();
            grid[row][col] = digit;
            kakuro.check(&grid).unwrap_err().to_string()
        };
        assert_eq!(broken(0, 0, 5), "grid[0][0]: block holds 5, expected 0");
        assert_eq!(broken(1, 1, 0), "grid[1][1]: digit 0 is not in 1..9");
        assert_eq!(broken(2, 2, 3), "grid[2][2]: holds 3, the given is 2");
        assert_eq!(broken(1, 2, 9), "grid[1][2]: digit 9 repeats grid[1][1] in the same across run");
        assert_eq!(broken(1, 2, 2), "grid[1][0]: across sum 10, but the run adds up to 11");
        assert_eq!(broken(2, 1, 8), "grid[2][0]: across sum 9, but the run adds up to 10");
        assert_eq!(kakuro.check(&good[..2]).unwrap_err().to_string(), "solution: is not 3×3");
        // runs without a clue only forbid repeats; a lone white cell without one is free
        let edge = Kakuro::new(cells(". .\n\\ .")).unwrap();
        assert_eq!(edge.check(&[vec![4, 5], vec![0, 9]]), Ok(()));
        assert_eq!(
            edge.check(&[vec![5, 5], vec![0, 9]]).unwrap_err().to_string(),
            "grid[0][1]: digit 5 repeats grid[0][0] in the same across run"
        );
    }

    #[test]
    fn invalid_grids_are_named() {
        assert_eq!(Kakuro::new(vec![]).unwrap_err().to_string(), "grid: is empty");
        assert_eq!(Kakuro::new(vec![vec![]]).unwrap_err().to_string(), "grid[0]: is empty");
        assert_eq!(error(". .\n."), "grid[1]: has 1 cells but grid[0] has 2");
        let tall = vec![vec![Cell::White(None)]; 301];
        assert_eq!(Kakuro::new(tall).unwrap_err().to_string(), "grid: has 301 rows, more than the limit of 300");
        let wide = vec![vec![Cell::Block { down: None, across: None }; 301]];
        assert_eq!(Kakuro::new(wide).unwrap_err().to_string(), "grid[0]: has 301 cells, more than the limit of 300");
        assert_eq!(error("\\ .\n. 10"), "grid[1][1]: digit 10 is not in 1..9");
        assert_eq!(error("\\ .\n. 0"), "grid[1][1]: digit 0 is not in 1..9");
        assert_eq!(error("\\ 5\\\n. \\"), "grid[0][1]: down sum 5 has no white cell below it");
        assert_eq!(error(". \\7"), "grid[0][1]: across sum 7 has no white cell to the right of it");
        assert_eq!(error("\\3 \\ ."), "grid[0][0]: across sum 3 has no white cell to the right of it");
        assert_eq!(
            error("\\ . . . . . . . . . ."),
            "grid[0][1]: the across run starting here has 10 cells, more than 9"
        );
        assert_eq!(error("\\2 . ."), "grid[0][0]: across sum 2 is impossible for a run of 2 cells (feasible: 3..17)");
        assert_eq!(
            error("\\46 . . . . . . . . ."),
            "grid[0][0]: across sum 46 is impossible for a run of 9 cells (feasible: 45..45)"
        );
        assert_eq!(error("0\\\n.\n."), "grid[0][0]: down sum 0 is impossible for a run of 2 cells (feasible: 3..17)");
        assert_eq!(error("\\ 4 . 4"), "grid[0][3]: digit 4 repeats grid[0][1] in the same across run");
        assert_eq!(error("5 \\\n. \\\n5 \\"), "grid[2][0]: digit 5 repeats grid[0][0] in the same down run");
        // a largest grid is accepted
        assert!(Kakuro::new(vec![vec![Cell::Block { down: None, across: None }; 300]; 300]).is_ok());
    }
}
