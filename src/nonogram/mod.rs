//! # Nonogram (paint by numbers), black and white
//!
//! **Rules.** A grid of `width × height` cells is to be painted, each cell filled or empty.
//! Every row has a clue list (read left to right) and every column one (read top to bottom):
//! the lengths of the runs of consecutive filled cells in that line, in order, with at least
//! one empty cell between two runs. `[]` (or `[0]`) is a line with no filled cell.
//!
//! ```text
//!            1  3  1          columns: [1] [3] [1]
//!          +--+--+--+
//!      1   |  |##|  |         rows: [1] [3] [1]  → the plus sign, unique
//!      3   |##|##|##|
//!      1   |  |##|  |
//!          +--+--+--+
//! ```
//!
//! **Technique.** Three layers, each complete in what it claims:
//!
//! 1. *Line solving* (`line.rs`): for one line and what is known of it, a dynamic programme
//!    over (cells × clues) finds which cells are filled in **every** placement of the runs
//!    and which are empty in every placement, without enumerating placements. For a line of
//!    10 with clue `8`, whatever the unknowns, the middle six are filled:
//!    `??????????` → `??######??`.
//! 2. *Propagation* (`propagate.rs`): a queue of dirty lines; solving a line that decides
//!    cells makes their crossing lines dirty, until no line is dirty. A line with no
//!    placement left is a contradiction. Solves of lines up to 126 cells are memoised
//!    (`cache.rs`): probing meets the same line in the same state again and again, and the
//!    memo halved the instructions per search node on random 25×25 puzzles (extended from 62
//!    to 126 cells, it let Faase, 80×95, search 2.3 times as many nodes in 10 s).
//! 3. *Probing* (`probe.rs`), after Wu et al. (2013): every undecided cell is supposed filled,
//!    then empty, each propagated. A contradiction decides the cell the other way; cells both
//!    suppositions decide alike are decided. This repeats until a whole round decides nothing;
//!    it solves many puzzles that single lines cannot, e.g. Tatham's 4×4
//!    `4x4:2/1/2/1/1.1/2/1/1`.
//!
//! When probing stalls, the search ([`crate::engine::search::solve`]) branches on the cell
//! whose two suppositions both decided the most (see `probe.rs`): one child with the
//! cell filled, one with it empty — together they hold every solution, so solution counts,
//! and thus `unique` / `none`, are exact. That search thrashes on tight puzzles (n-Dom,
//! Forever): the same dead ends are met again under other guesses. So puzzles that must
//! branch (lines up to 62 cells) go to a portfolio (`cdcl.rs`): that search takes turns with
//! *conflict-driven clause learning*, where the line solver explains each deduction by a
//! minimised clause over its line's cells and every dead end teaches a clause that prunes
//! it everywhere; blocking clauses count solutions exactly.
//!
//! **Inconsistent totals.** A grid filled by the row clues holds as many filled cells as one
//! filled by the column clues, so when the clue sums of rows and columns differ there is no
//! solution. [`Nonogram::new`] accepts such a puzzle (every line on its own is valid) and the
//! solver answers `none` at once, without searching.
//!
//! **Representation.** A search state ([`Board`]) keeps two bits per cell — *can be filled*,
//! *can be empty* — twice: along its row and along its column, as 64-bit words, so a line of
//! `n` cells is ⌈n / 64⌉ words per bit. Every line is solved on words: the table rows of the
//! dynamic programme become bit vectors, advanced by shifts, an addition whose carry runs
//! along emptiable stretches, and an occluded fill (see `line.rs`). A line of up to 62 cells
//! is solved in one `u64`, up to 126 in one `u128`; longer ones (up to 4096) on rows of words
//! that hold only the positions a clue can start at (its slack), not the whole line.
//!
//! **Cost.** A line solve is O(clues × log length) integer operations for lines of up to 126
//! cells, and O((clues × (slack / 64 + 1) + length / 64) × log length) word operations for
//! longer ones, slack being the line's free room. Propagation re-solves only lines whose cells
//! changed, so each line is solved at most once per cell decided in it (plus once at the
//! start). A probing pass costs two propagations per undecided cell, and passes repeat while
//! they decide something: polynomial per search node, and cheap next to the exponential
//! search it prunes. A state takes 4 bits per cell; the search is depth-first, so the stack
//! holds about two states per level.
//!
//! Measured (optimised build, a 2-core machine shared with other jobs): the 512×512
//! Cauldron is settled by line logic in 12–25 ms (70–140 ms as wasm in Node). A probing
//! search node on the hardest random 25×25 puzzles costs about 2.6 million instructions
//! (0.25–0.3 ms natively; 4.2 million before probes were remembered by footprint, see
//! `probe.rs`); on Faase (80×95) 3–4.5 ms. The search's figures are in `cdcl.rs` and
//! `bench/RESULTS.md`.

mod board;
mod cache;
mod cdcl;
mod color;
mod color_line;
mod color_search;
pub mod format;
mod line;
mod probe;
mod propagate;

use crate::engine::error::{Error, Place};
use crate::engine::search::{Budget, Clock, Grid, KnownGrid, Outcome, Problem, Progress, SolveOptions, Stop};
pub use board::Board;
pub use color::{blocks_of, is_css_color, Block, ColorNonogram, MAX_COLORS};
pub use color_search::{ColorBoard, ColorPropagator};
use line::{EMPTY, FILLED, UNKNOWN};
use probe::BranchCell;
pub use propagate::Propagator;
use std::rc::Rc;

/// The largest number of rows or columns accepted.
pub const MAX_SIDE: usize = 4096;

/// A black-and-white nonogram: its row and column clues, validated.
#[derive(Clone, Debug)]
pub struct Nonogram {
    rows: Vec<Vec<u32>>,
    cols: Vec<Vec<u32>>,
    /// Whether rows and columns ask for the same number of filled cells.
    totals_agree: bool,
}

impl Nonogram {
    /// A nonogram from its row clues (top to bottom) and column clues (left to right);
    /// `[]` or `[0]` is an empty line.
    ///
    /// Errors: a side of 0 or more than [`MAX_SIDE`] lines, a `0` among other clues, clues
    /// that need more cells than their line has. Row and column totals that differ are *not*
    /// an error: such a puzzle simply has no solution.
    pub fn new(mut rows: Vec<Vec<u32>>, mut cols: Vec<Vec<u32>>) -> Result<Nonogram, Error> {
        // Checked by reference, so that the clues are dropped in one place on every error.
        Self::check(&mut rows, &mut cols)?;
        let filled = |lines: &[Vec<u32>]| lines.iter().flatten().map(|&c| u64::from(c)).sum::<u64>();
        let totals_agree = filled(&rows) == filled(&cols);
        Ok(Nonogram { rows, cols, totals_agree })
    }

    /// The checks of [`Nonogram::new`], normalising `[0]` to `[]`.
    fn check(rows: &mut [Vec<u32>], cols: &mut [Vec<u32>]) -> Result<(), Error> {
        for (name, count) in [("rows", rows.len()), ("cols", cols.len())] {
            if count == 0 || count > MAX_SIDE {
                return Err(Error::new(
                    Place::Field(name.into()),
                    format!("a nonogram has 1 to {MAX_SIDE} {name}, not {count}"),
                ));
            }
        }
        validate_lines(rows, cols.len(), Place::Row, "row")?;
        validate_lines(cols, rows.len(), Place::Column, "column")
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.cols.len()
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The row clues, top to bottom (an empty line as `[]`).
    pub fn rows(&self) -> &[Vec<u32>] {
        &self.rows
    }

    /// The column clues, left to right (an empty line as `[]`).
    pub fn cols(&self) -> &[Vec<u32>] {
        &self.cols
    }

    /// The clues of every line, rows first (line `i < height` is row `i`), then columns:
    /// the line numbering of propagation and of CDCL.
    fn clues_by_line(&self) -> Vec<Vec<u32>> {
        self.rows.iter().chain(&self.cols).cloned().collect()
    }
}

/// Solve `puzzle`: by clause learning (`cdcl.rs`) when its lines are short enough, else by
/// the engine's search.
pub(crate) fn solve(
    puzzle: &Nonogram,
    options: &SolveOptions,
    clock: &dyn Clock,
    progress: &mut dyn Progress,
) -> Outcome {
    if cdcl::handles(puzzle) {
        cdcl::solve(puzzle, options, clock, progress)
    } else {
        crate::engine::search::solve(puzzle, options, clock, progress)
    }
}

/// Check the clue lists of one direction, each for a line of `length` cells, and normalise
/// `[0]` to `[]`. `place(i, j)` names line `i` (or its clue `j`); `kind` is "row" or "column".
fn validate_lines(
    lines: &mut [Vec<u32>],
    length: usize,
    place: impl Fn(usize, Option<usize>) -> Place,
    kind: &str,
) -> Result<(), Error> {
    // In place, by a plain loop: `collect` into a `Result` was 0.5 KB more wasm.
    for (i, clues) in lines.iter_mut().enumerate() {
        if clues.is_empty() || *clues == [0] {
            *clues = Vec::new();
            continue;
        }
        if let Some(j) = clues.iter().position(|&c| c == 0) {
            return Err(Error::new(place(i, Some(j)), "a 0 clue is only allowed alone, for an empty line"));
        }
        let needed = clues.iter().map(|&c| u64::from(c)).sum::<u64>() + clues.len() as u64 - 1;
        if needed > length as u64 {
            return Err(Error::new(place(i, None), format!("clues need {needed} cells but the {kind} has {length}")));
        }
    }
    Ok(())
}

impl Problem for Nonogram {
    type State = Board;
    type Workspace = Propagator;

    fn workspace(&self) -> Propagator {
        Propagator::new(self)
    }

    fn initial(&self) -> Board {
        Board::new(self.width(), self.height())
    }

    fn propagate(&self, board: &mut Board, propagator: &mut Propagator, budget: &mut Budget) -> Result<(), Stop> {
        if !self.totals_agree {
            return Err(Stop::Contradiction);
        }
        let mut changed: Vec<usize> = board.dirty.drain(..).map(|line| line as usize).collect();
        for &line in &changed {
            propagator.enqueue_line(line);
        }
        let memo = board.probes.take();
        // The cells decided, for the lines changed since the probes of `memo` were made: kept
        // only with a memo (the root has none, and there propagation may decide every cell).
        let mut decided = Vec::new();
        propagator.run(board, budget, memo.is_some().then_some(&mut decided))?;
        changed.extend(decided.iter().flat_map(|&(spot, _)| board.lines_at(spot)));
        let since = memo.as_deref().map(|memo| (memo, &changed[..]));
        let (branch, probes) = probe::probe(propagator, board, budget, since)?;
        board.branch = branch;
        board.probes = probes.map(Rc::new);
        Ok(())
    }

    fn branch(&self, board: &Board) -> Option<Vec<Board>> {
        let suggested = board.branch.filter(|b| board.is_undecided(b.cell as usize));
        let BranchCell { cell, first } = match suggested {
            Some(branch) => branch,
            None => BranchCell { cell: board.first_undecided()? as u32, first: FILLED },
        };
        let child = |value: u8| {
            let mut child = board.clone();
            let spot = board.spot(cell as usize);
            child.decide(spot, value);
            child.dirty = board.lines_at(spot).iter().map(|&line| line as u32).collect();
            child.branch = None;
            child.probes = board.probes.clone();
            child
        };
        Some(vec![child(first), child(first ^ UNKNOWN)])
    }

    fn solution(&self, board: &Board) -> Grid {
        board.rows()
    }

    fn known(&self, board: &Board) -> KnownGrid {
        let known = |value| match value {
            FILLED => Some(1),
            EMPTY => Some(0),
            _ => None,
        };
        (0..self.height()).map(|row| board.row_values(row).map(known).collect()).collect()
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))] // native only: proptest, the system clock
pub(crate) mod tests {
    use super::*;
    use crate::engine::search::{solve, NoProgress, SolveOptions, Status, SystemClock};
    use proptest::strategy::Strategy;

    /// The row and column clues of a grid of 0/1 cells.
    pub(crate) fn clues_of(grid: &[Vec<u8>]) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
        let runs = |line: Vec<u8>| -> Vec<u32> {
            line.split(|&c| c == 0).filter(|run| !run.is_empty()).map(|run| run.len() as u32).collect()
        };
        let rows = grid.iter().map(|row| runs(row.clone())).collect();
        let cols = (0..grid[0].len()).map(|c| runs(grid.iter().map(|row| row[c]).collect())).collect();
        (rows, cols)
    }

    fn run(rows: Vec<Vec<u32>>, cols: Vec<Vec<u32>>) -> crate::Outcome {
        let puzzle = Nonogram::new(rows, cols).unwrap();
        solve(&puzzle, &SolveOptions::default(), &SystemClock::default(), &mut NoProgress)
    }

    #[test]
    fn validation_names_the_place() {
        let e = Nonogram::new(vec![vec![1]; 3], vec![vec![1, 1, 1], vec![], vec![]]).unwrap_err();
        assert_eq!(e.to_string(), "cols[0]: clues need 5 cells but the column has 3");
        let e = Nonogram::new(vec![vec![2, 0]], vec![vec![1], vec![1]]).unwrap_err();
        assert_eq!(e.to_string(), "rows[0][1]: a 0 clue is only allowed alone, for an empty line");
        let e = Nonogram::new(vec![], vec![vec![]]).unwrap_err();
        assert_eq!(e.place, Place::Field("rows".into()));
        let e = Nonogram::new(vec![vec![]], vec![vec![]; MAX_SIDE + 1]).unwrap_err();
        assert_eq!(e.place, Place::Field("cols".into()));
        let e = Nonogram::new(vec![vec![u32::MAX, u32::MAX]], vec![vec![]]).unwrap_err();
        assert_eq!(e.place, Place::Row(0, None));
    }

    #[test]
    fn zero_is_an_empty_line() {
        let puzzle = Nonogram::new(vec![vec![0], vec![1]], vec![vec![1], vec![]]).unwrap();
        assert_eq!(puzzle.rows(), &[vec![], vec![1]]);
        assert_eq!((puzzle.width(), puzzle.height()), (2, 2));
        let outcome = run(vec![vec![0], vec![1]], vec![vec![1], vec![0]]);
        assert_eq!(outcome.status, Status::Unique);
        assert_eq!(outcome.solutions, vec![vec![vec![0, 0], vec![1, 0]]]);
    }

    #[test]
    fn the_plus_sign_is_unique_by_line_logic() {
        let outcome = run(vec![vec![1], vec![3], vec![1]], vec![vec![1], vec![3], vec![1]]);
        assert_eq!(outcome.status, Status::Unique);
        assert_eq!(outcome.solutions[0], vec![vec![0, 1, 0], vec![1, 1, 1], vec![0, 1, 0]]);
        assert_eq!(outcome.stats.max_depth, 0);
    }

    #[test]
    fn diagonals_are_two_solutions() {
        let outcome = run(vec![vec![1], vec![1]], vec![vec![1], vec![1]]);
        assert_eq!(outcome.status, Status::Multiple);
        let mut found = outcome.solutions.clone();
        found.sort();
        assert_eq!(found, vec![vec![vec![0, 1], vec![1, 0]], vec![vec![1, 0], vec![0, 1]]]);
    }

    #[test]
    fn unequal_totals_have_no_solution() {
        let outcome = run(vec![vec![1], vec![1]], vec![vec![2], vec![1]]);
        assert_eq!(outcome.status, Status::None);
        assert!(outcome.solutions.is_empty());
    }

    #[test]
    fn contradictory_lines_have_no_solution() {
        // Totals agree (3 = 3) but row 0 `3` fills column 1, whose clue is empty.
        let outcome = run(vec![vec![3], vec![], vec![]], vec![vec![1], vec![], vec![2]]);
        assert_eq!(outcome.status, Status::None);
    }

    #[test]
    fn tatham_4x4_is_unique() {
        // 4x4:2/1/2/1/1.1/2/1/1 — columns first.
        let cols = vec![vec![2], vec![1], vec![2], vec![1]];
        let rows = vec![vec![1, 1], vec![2], vec![1], vec![1]];
        let outcome = run(rows.clone(), cols.clone());
        assert_eq!(outcome.status, Status::Unique);
        assert_eq!(clues_of(&outcome.solutions[0]), (rows, cols));
    }

    #[test]
    fn the_largest_side_is_accepted_and_solved() {
        // One row of 4096 cells: a full block minus one cell at each end, and columns to
        // match (the row goes through the multi-word line solver).
        let rows = vec![vec![MAX_SIDE as u32 - 2]];
        let cols: Vec<Vec<u32>> =
            (0..MAX_SIDE).map(|c| if c == 0 || c == MAX_SIDE - 1 { vec![] } else { vec![1] }).collect();
        let outcome = run(rows, cols);
        assert_eq!(outcome.status, Status::Unique);
        let row = &outcome.solutions[0][0];
        assert_eq!(row.len(), MAX_SIDE);
        assert_eq!(row.iter().filter(|&&c| c == 1).count(), MAX_SIDE - 2);
        assert_eq!((row[0], row[1], row[MAX_SIDE - 1]), (0, 1, 0));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(60))]

        #[test]
        fn long_lines_find_every_solution(
            grid in (1usize..=3, 63usize..=130).prop_flat_map(|(h, w)| {
                proptest::collection::vec(proptest::collection::vec(0u8..=1, w), h)
            })
        ) {
            // Rows of 63 to 130 cells: the u128 memo, and past 126 the multi-word solver.
            let (rows, cols) = clues_of(&grid);
            let puzzle = Nonogram::new(rows.clone(), cols.clone()).unwrap();
            let options = SolveOptions { max_solutions: 4, ..SolveOptions::default() };
            let outcome = solve(&puzzle, &options, &SystemClock::default(), &mut NoProgress);
            for found in &outcome.solutions {
                proptest::prop_assert_eq!(clues_of(found), (rows.clone(), cols.clone()));
            }
            if outcome.solutions.len() < 4 {
                proptest::prop_assert!(outcome.solutions.contains(&grid), "the grid was lost");
            }
        }
    }
}
