//! Str8ts: digits in white cells, no repeats in a line, straights in every compartment.
//!
//! ## Rules
//!
//! An N×N grid (N from 4 to 16) of white and black cells. Every white cell gets a digit
//! 1..N. No digit repeats in a row or a column — a digit printed on a black cell counts as
//! present in its row and column too. Every *compartment* (a maximal run of white cells in
//! a row or a column, cut by black cells or the border) holds a *straight*: a set of
//! consecutive digits, in any order. A line need not hold every digit.
//!
//! ## Technique
//!
//! Every white cell keeps its candidates as a [`DigitSet`]; every line keeps the set of
//! digits it is known to hold. Propagation runs a work list of *units* — the 2N lines and
//! the N digits — until none changes anything; a unit goes back on the list when one of its
//! cells narrows (a digit unit when a cell loses that digit).
//!
//! * **Line** (see `line`): exact consistency for everything one row or column says. A
//!   compartment of length L holds one *window* `s..=s+L-1`; a window fits when the cells,
//!   restricted to it, can take all its digits, each a different one (all-different
//!   pruning, see `alldiff`). The windows of the line's compartments must be pairwise
//!   disjoint (no repeats) and cover the digits the line is known to hold; a short search
//!   finds which windows take part in such a choice, and each cell keeps what it can take
//!   in those. This subsumes naked singles and subsets, *stranded* digits (too far from
//!   the other cells' candidates to share a straight), and *required* digits (in every
//!   remaining window of a compartment: they leave the rest of the line, and if one cell
//!   alone can take one, it is placed). The required digits are recorded for the line.
//!   (There is no "hidden single" for a line as in Sudoku: a line may lack any digit;
//!   only required digits must be placed.)
//! * **Digit** (see `propagate`): the lines known to hold digit d each need a cell for it,
//!   in pairwise different cross lines — all-different again, which is every X-wing,
//!   swordfish and jellyfish on required digits; the cross lines every such placement uses
//!   hold d too. And d appears in as many rows as columns (*Setti's rule*): when the rows
//!   sure to hold d are as many as the columns that can, those columns all hold d.
//!
//! ```text
//!   row:  ■  .   .   .   ■  .      compartment of 3 cells, candidates {2,3} {1..9} {3,4}:
//!           2,3  ?  3,4            windows 1-3, 2-4, 3-5 fit (4-6 has no digit for the
//!                                  first cell), so 3 is required: it leaves the last cell
//!                                  of the row; the middle cell keeps 1..5.
//! ```
//!
//! * **Window shaving** (see `propagate`), on the puzzle before any guess: each
//!   compartment's straights are tried from either end by propagating the puzzle with the
//!   compartment held to one of them; those that contradict are dropped. It finds what no
//!   single line or digit shows, mostly that a random pattern without digits has no
//!   solution at all (the search alone could not prove that in minutes); at every node it
//!   would cost more than it saves, so the search's nodes skip it.
//!
//! When logic stalls, the search branches where the alternatives are fewest: on the white
//! cell with the fewest candidates (one child per candidate), or, when fewer, on the cells
//! where a digit known to be in a line can go (one child per cell; the digit is in the
//! line exactly once). Either way the children cover all solutions, so counts are exact.
//! (Branching on cells alone can thrash on open grids with few givens: a 10×10 with two
//! givens took over 200 000 nodes to find one solution; with places it takes 56.)
//!
//! ## Cost
//!
//! An all-different pruning is a matching over ≤ 16 cells plus a transitive closure over
//! ≤ 16 digits in bit masks: a few hundred word operations. A line revision does one per
//! window (≤ N per compartment) plus the window search (capped, see `line`); a digit
//! revision two. Most corpus puzzles are solved without branching (measured times in
//! bench/RESULTS.md).

mod alldiff;
pub mod format;
pub mod generate;
#[cfg(all(target_arch = "wasm32", any(feature = "solver", feature = "explain")))]
mod js;
mod line;
mod play;
mod propagate;
mod puzzle;
pub mod techniques;

use crate::engine::bits::DigitSet;
use crate::engine::error::Error;
use crate::engine::search::{Budget, Grid, KnownGrid, Problem, Stop};
use crate::format_names::Format;
use crate::genre::Genre;
use crate::text::Token;
use format::Str8tsFormat;
pub use puzzle::{Candidates, Str8ts, MAX_SIZE, MIN_SIZE};

impl Problem for Str8ts {
    type State = Candidates;
    type Child = Candidates;
    type Workspace = ();

    fn workspace(&self) {}

    fn initial(&self) -> Candidates {
        let n = self.size;
        let mut cells = vec![DigitSet::EMPTY; n * n];
        for cell in (0..n * n).filter(|&c| !self.black[c]) {
            let given = self.digits[cell];
            cells[cell] = if given != 0 { DigitSet::single(given) } else { DigitSet::range(1, n as u32) };
        }
        // Black clues leave their row and column.
        for cell in (0..n * n).filter(|&c| self.black[c] && self.digits[c] != 0) {
            let clue = !DigitSet::single(self.digits[cell]);
            for line in [cell / n, n + cell % n] {
                for &other in self.lines[line].iter().flatten() {
                    cells[other] &= clue;
                }
            }
        }
        let changed = (0..n * n).filter(|&c| !self.black[c]).map(|c| (c, DigitSet::range(1, n as u32))).collect();
        Candidates { cells, required: vec![DigitSet::EMPTY; 2 * n], changed, root: true }
    }

    fn build(&self, child: Candidates) -> Candidates {
        child
    }

    fn propagate(&self, state: &mut Candidates, _: &mut (), budget: &mut Budget) -> Result<(), Stop> {
        self.run_units(state, budget)?;
        if state.root {
            self.shave_windows(state, budget)?;
        }
        Ok(())
    }

    fn branch(&self, state: &Candidates) -> Option<Vec<Candidates>> {
        let cell =
            (0..state.cells.len()).filter(|&c| state.cells[c].len() > 1).min_by_key(|&c| state.cells[c].len())?;
        let placed = |cell: usize, d: u32| {
            let mut child = state.clone();
            child.root = false;
            child.cells[cell] = DigitSet::single(d);
            child.changed = vec![(cell, state.cells[cell] & !DigitSet::single(d))];
            child
        };
        match self.fewest_places(state) {
            Some((d, places)) if places.len() < state.cells[cell].len() as usize => {
                Some(places.into_iter().map(|c| placed(c, d)).collect())
            }
            _ => Some(state.cells[cell].iter().map(|d| placed(cell, d)).collect()),
        }
    }

    fn solution(&self, state: &Candidates) -> Grid {
        state.cells.chunks(self.size).map(|row| row.iter().map(|d| d.only().unwrap_or(0) as u8).collect()).collect()
    }

    fn known(&self, state: &Candidates) -> KnownGrid {
        let value = |(i, d): (usize, &DigitSet)| if self.black[i] { Some(0) } else { d.only().map(|d| d as u8) };
        state.cells.iter().enumerate().map(value).collect::<Vec<_>>().chunks(self.size).map(<[_]>::to_vec).collect()
    }
}

impl Genre for Str8ts {
    const NAME: &'static str = "str8ts";
    type Format = Str8tsFormat;

    fn format_of(format: Format) -> Option<Str8tsFormat> {
        Str8tsFormat::of(format)
    }

    fn read(text: &str, format: Str8tsFormat) -> Option<Result<Vec<Self>, Error>> {
        format.is_own(text).then(|| format::parse(text, format))
    }

    fn write(&self, format: Str8tsFormat) -> Result<String, Error> {
        format::write(self, format)
    }

    fn parse_canonical(body: &Token<'_>) -> Result<Str8ts, Error> {
        format::parse_canonical(body)
    }

    fn write_canonical(&self) -> Result<String, Error> {
        format::write_canonical(self)
    }

    fn check(&self, grid: &[Vec<u8>]) -> Result<(), Error> {
        self.check(grid)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))] // native only: the system clock
mod tests {
    use super::*;
    use crate::engine::search::{solve, NoProgress, Outcome, SolveOptions, Status, SystemClock};

    /// A puzzle from rows of tokens: `.` empty white, `d` white given, `#` black, `#d` black clue.
    fn parse(rows: &[&str]) -> Result<Str8ts, Error> {
        let mut grid = Vec::new();
        let mut black = Vec::new();
        for row in rows {
            let tokens: Vec<&str> = row.split_whitespace().collect();
            black.push(tokens.iter().map(|t| t.starts_with('#')).collect());
            grid.push(tokens.iter().map(|t| t.trim_start_matches(['#', '.']).parse().unwrap_or(0)).collect());
        }
        Str8ts::new(grid, black)
    }

    fn run(p: &Str8ts, max_solutions: usize) -> Outcome {
        solve(p, &SolveOptions { max_solutions, ..Default::default() }, &SystemClock::default(), &mut NoProgress)
    }

    fn assert_solves_alone(p: &Str8ts, outcome: &Outcome) {
        for grid in &outcome.solutions {
            assert_eq!(p.check(grid), Ok(()), "{grid:?}");
        }
    }

    #[test]
    fn invalid_puzzles_are_named() {
        let message = |grid: Vec<Vec<u32>>, black: Vec<Vec<bool>>| Str8ts::new(grid, black).unwrap_err().to_string();
        let white = |n: usize| vec![vec![false; n]; n];
        assert_eq!(message(vec![], vec![]), "grid: is empty");
        assert_eq!(message(vec![vec![0; 3]; 3], white(3)), "grid: has 3 rows; a Str8ts is 4×4 to 16×16");
        assert_eq!(message(vec![vec![0; 17]; 17], white(17)), "grid: has 17 rows; a Str8ts is 4×4 to 16×16");
        assert_eq!(
            message(vec![vec![0; 4], vec![0; 4], vec![0; 3], vec![0; 4]], white(4)),
            "grid[2]: has 3 cells, expected 4 (the grid must be square)"
        );
        assert_eq!(message(vec![vec![0; 4]; 4], white(5)), "black: has 5 rows, expected 4 like grid");
        let mut ragged = white(4);
        ragged[3].push(true);
        assert_eq!(message(vec![vec![0; 4]; 4], ragged), "black[3]: has 5 cells, expected 4 like grid");
        assert_eq!(
            parse(&[". . . .", ". 5 . .", ". . . .", ". . . ."]).unwrap_err().to_string(),
            "grid[1][1]: digit 5 is not in 1..4"
        );
        assert_eq!(
            parse(&["3 . #3 .", ". . . .", ". . . .", ". . . ."]).unwrap_err().to_string(),
            "grid[0][2]: digit 3 repeats grid[0][0] in row 0"
        );
        assert_eq!(
            parse(&[". . . .", ". #4 . .", ". . . .", ". 4 . ."]).unwrap_err().to_string(),
            "grid[3][1]: digit 4 repeats grid[1][1] in column 1"
        );
        // Sizes 4 and 16 are fine, and a grid of black cells only has one (empty) solution.
        assert!(Str8ts::new(vec![vec![0; 16]; 16], white(16)).is_ok());
        let all_black = Str8ts::new(vec![vec![0; 4]; 4], vec![vec![true; 4]; 4]).unwrap();
        assert_eq!(run(&all_black, 2).solutions, vec![vec![vec![0; 4]; 4]]);
        assert_eq!(run(&all_black, 2).status, Status::Unique);
    }

    #[test]
    fn accessors_show_the_puzzle() {
        let p = parse(&[". . . #", ". #2 . .", ". . . 3", "# # . ."]).unwrap();
        assert_eq!(p.size(), 4);
        assert!(p.is_black(1, 1) && p.is_black(3, 0) && !p.is_black(2, 3) && !p.is_black(4, 0));
        assert_eq!((p.given(1, 1), p.given(2, 3), p.given(0, 0), p.given(9, 9)), (2, 3, 0, 0));
    }

    #[test]
    fn check_names_the_broken_rule() {
        let p = parse(&["1 . . #", ". . . .", ". . . .", "#4 . . ."]).unwrap();
        let good = vec![vec![1, 2, 3, 0], vec![2, 3, 4, 1], vec![3, 4, 1, 2], vec![0, 1, 2, 3]];
        assert_eq!(p.check(&good), Ok(()));
        let with = |r: usize, c: usize, d: u8| {
            let mut g = good.clone();
            g[r][c] = d;
            p.check(&g).unwrap_err().to_string()
        };
        assert_eq!(with(0, 3, 4), "grid[0][3]: black cell holds 4, expected 0");
        assert_eq!(with(0, 0, 2), "grid[0][0]: holds 2, the given is 1");
        assert_eq!(with(1, 1, 0), "grid[1][1]: digit 0 is not in 1..4");
        assert_eq!(with(1, 1, 1), "grid[1][3]: digit 1 repeats grid[1][1]");
        assert_eq!(with(3, 3, 4), "grid[3][3]: digit 4 repeats grid[3][0]"); // the black clue counts
        assert_eq!(p.check(&good[..3]).unwrap_err().to_string(), "solution: is not 4×4");
        // A Latin square with one black corner: lines fine, the first row's straight is not.
        let corner = parse(&["# . . .", ". . . .", ". . . .", ". . . ."]).unwrap();
        let latin = vec![vec![0, 1, 3, 4], vec![1, 2, 4, 3], vec![3, 4, 1, 2], vec![4, 3, 2, 1]];
        assert_eq!(
            corner.check(&latin).unwrap_err().to_string(),
            "grid[0][1]: compartment of 3 cells holds 1,3,4, not a straight"
        );
    }

    #[test]
    fn an_open_grid_with_two_givens_does_not_thrash() {
        let p = parse(&[
            ". . . . . . . . . .",
            "# . . . . . # . . .",
            ". . . . . . # . . .",
            ". . . . . . . # . .",
            "# . . . . . 5 . . .",
            ". . . . . . 7 . . .",
            ". . . . . . . . . .",
            "# # . . . . . . . .",
            ". . . . . # # . . .",
            ". . . . . . . . . .",
        ])
        .unwrap();
        // Branching on cells alone needed over 200 000 nodes for the first solution here.
        let outcome = solve(
            &p,
            &SolveOptions { node_limit: Some(1_000), ..Default::default() },
            &SystemClock::default(),
            &mut NoProgress,
        );
        assert_eq!(outcome.status, Status::Multiple);
        assert_solves_alone(&p, &outcome);
    }
    #[test]
    fn shaving_proves_a_digitless_pattern_has_no_solution_before_any_guess() {
        // A random 16×16 pattern without digits (bench/generate.mjs, seed 1, #21): the
        // search without shaving visited 200,000 nodes without an answer; OR-Tools CP-SAT
        // needed 219 s to prove it infeasible.
        let pattern = [
            "-.....-.........",
            ".........--.....",
            "...-........--.-",
            "....-........--.",
            "-.---....--.....",
            ".-....-.......--",
            "...-...-.-......",
            "-......-.......-",
            ".-......-.-.-...",
            "......-...-.....",
            ".-.......--....-",
            "........-..-....",
            ".......-........",
            "..-......--.....",
            "-.....-.........",
            "......-.........",
        ];
        let black: Vec<Vec<bool>> = pattern.iter().map(|row| row.chars().map(|c| c == '-').collect()).collect();
        let p = Str8ts::new(vec![vec![0; 16]; 16], black).unwrap();
        let outcome = run(&p, 2);
        assert_eq!((outcome.status, outcome.stats.nodes), (Status::None, 1));
    }
}
