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
//! 1. *Line solving* (`line/mono.rs`): for one line and what is known of it, a dynamic programme
//!    over (cells × clues) finds which cells are filled in **every** placement of the runs
//!    and which are empty in every placement, without enumerating placements. For a line of
//!    10 with clue `8`, whatever the unknowns, the middle six are filled:
//!    `??????????` → `??######??`.
//! 2. *Propagation* (`search/mono.rs`): a queue of dirty lines; solving a line that decides
//!    cells makes their crossing lines dirty, until no line is dirty. A line with no
//!    placement left is a contradiction. Solves of lines up to 126 cells are memoised
//!    (`line/memo.rs`, the one memo of both kinds of line): probing meets the same line in the same state again and again.
//! 3. *Probing* (`search/probe.rs`), after Wu et al. (2013): every undecided cell is supposed filled,
//!    then empty, each propagated. A contradiction decides the cell the other way; cells both
//!    suppositions decide alike are decided. This repeats until a whole round decides nothing;
//!    it solves many puzzles that single lines cannot, e.g. Tatham's 4×4
//!    `4x4:2/1/2/1/1.1/2/1/1`.
//!
//! When probing stalls, the search ([`crate::engine::search::solve`]) branches on the cell
//! whose two suppositions both decided the most (see `search/probe.rs`): one child with the
//! cell filled, one with it empty — together they hold every solution, so solution counts,
//! and thus `unique` / `none`, are exact. That search thrashes on tight puzzles (n-Dom,
//! Forever): the same dead ends are met again under other guesses. So puzzles that must
//! branch (lines up to 62 cells) go to a portfolio (`search/cdcl/`): that search takes turns with
//! *conflict-driven clause learning*, where the line solver explains each deduction by a
//! minimised clause over its line's cells and every dead end teaches a clause that prunes
//! it everywhere; blocking clauses count solutions exactly.
//!
//! **What black and white shares with colour.** Both kinds solve lines through the one line
//! memo (`line/memo.rs`, keyed by a line's state as a slice of words), and both clause-learning
//! searches run the one loop of `search/cdcl/learning.rs` (propagate, learn and jump back, restart,
//! decide, block a solution) over the trait `ClauseLearning`, which each kind implements with
//! its literals, line solver and clause store; the loop is monomorphised, so black and white
//! pays nothing for it. Both search depth-first by the one `search/depth_first.rs` (over the
//! trait `Kind`: a kind's propagation and first state) and probe through the one
//! `search/probe.rs` (over the trait `Probing`: a cell as a colour mask, black and white being
//! the two-value case). The board
//! (`board.rs`) is the state alone; the search's notes about a node (lines to solve, branch
//! cell, probe memo) are [`Node`]'s.
//!
//! **Inconsistent totals.** A grid filled by the row clues holds as many filled cells as one
//! filled by the column clues, so when the clue sums of rows and columns differ there is no
//! solution. [`Nonogram::new`] accepts such a puzzle (every line on its own is valid) and the
//! solver answers `none` at once, without searching.
//!
//! **Representation.** A board ([`Board`], the state of a search [`Node`]) keeps two bits per cell — *can be filled*,
//! *can be empty* — twice: along its row and along its column, as 64-bit words, so a line of
//! `n` cells is ⌈n / 64⌉ words per bit. Every line is solved on words: the table rows of the
//! dynamic programme become bit vectors, advanced by shifts, an addition whose carry runs
//! along emptiable stretches, and an occluded fill (see `line/mono.rs`). A line of up to 62 cells
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
//! holds about two states per level. Measured costs are in `bench/RESULTS.md`.

mod board;
mod color;
pub mod format;
pub mod generate;
#[cfg(all(target_arch = "wasm32", any(feature = "solver", feature = "explain")))]
mod js;
mod line;
mod play;
mod search;
mod techniques;

use crate::engine::error::{Error, Place};
use crate::engine::search::{Clock, Outcome, Progress, SolveOptions};
use crate::format_names::Format;
use crate::genre::Genre;
use crate::text::Token;
pub use board::Board;
pub use color::{blocks_of, is_css_color, Block, ColorNonogram, MAX_COLORS};
use format::{NonogramFormat, Nonograms};
pub use search::color::{ColorBoard, ColorPropagator};
use search::depth_first::solve_forced;
pub use search::depth_first::{Node, Workspace};
pub use search::mono::Propagator;
pub use techniques::color::{COLOR_TOP_TECHNIQUE_LEVEL, MAX_EXPLAINED_COLORS};

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
        Self::validate(&mut rows, &mut cols)?;
        let filled = |lines: &[Vec<u32>]| lines.iter().flatten().map(|&c| u64::from(c)).sum::<u64>();
        let totals_agree = filled(&rows) == filled(&cols);
        Ok(Nonogram { rows, cols, totals_agree })
    }

    /// The checks of [`Nonogram::new`], normalising `[0]` to `[]`.
    fn validate(rows: &mut [Vec<u32>], cols: &mut [Vec<u32>]) -> Result<(), Error> {
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

    /// The nonogram whose solution is `grid` (rows of cells, 1 filled, 0 empty): every row's
    /// and column's clue is the lengths of its runs of filled cells. `grid` is always one of
    /// its solutions, not always the only one.
    ///
    /// Errors: an empty or ragged grid, a cell other than 0 or 1 (naming the cell), and what
    /// [`Nonogram::new`] rejects (a side over [`MAX_SIDE`]).
    pub fn from_solution(grid: &[Vec<u8>]) -> Result<Nonogram, Error> {
        let width = grid.first().map_or(0, Vec::len);
        for (row, cells) in grid.iter().enumerate() {
            if cells.len() != width {
                return Err(Error::new(
                    Place::Field(format!("grid[{row}]")),
                    format!("has {} cells but grid[0] has {width}", cells.len()),
                ));
            }
            if let Some(col) = cells.iter().position(|&c| c > 1) {
                return Err(Error::new(Place::Cell { row, col }, format!("holds {}, expected 0 or 1", cells[col])));
            }
        }
        let rows = grid.iter().map(|cells| runs(cells.iter().copied())).collect();
        let cols = (0..width).map(|col| runs(grid.iter().map(|cells| cells[col]))).collect();
        Nonogram::new(rows, cols)
    }

    /// Checks a filled grid against the clues: `Ok` when `grid` (rows of cells, 1 filled, 0
    /// empty, as in [`Outcome::solutions`]) is a solution, otherwise the first broken rule,
    /// naming its place: the grid's shape, a cell other than 0 or 1, or the first row, then
    /// column, whose runs differ from its clue.
    pub fn check(&self, grid: &[Vec<u8>]) -> Result<(), Error> {
        let (height, width) = (self.height(), self.width());
        if grid.len() != height || grid.iter().any(|row| row.len() != width) {
            return Err(Error::new(Place::Field("solution".into()), format!("is not {height}×{width}")));
        }
        for (row, cells) in grid.iter().enumerate() {
            if let Some(col) = cells.iter().position(|&c| c > 1) {
                return Err(Error::new(Place::Cell { row, col }, format!("holds {}, expected 0 or 1", cells[col])));
            }
        }
        let differs = |clue: &[u32], found: Vec<u32>, place: Place, kind: &str| {
            if found == clue {
                return Ok(());
            }
            let list = |runs: &[u32]| runs.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
            Err(Error::new(place, format!("the {kind} has runs [{}], its clue is [{}]", list(&found), list(clue))))
        };
        for (row, clue) in self.rows.iter().enumerate() {
            differs(clue, runs(grid[row].iter().copied()), Place::Row(row, None), "row")?;
        }
        for (col, clue) in self.cols.iter().enumerate() {
            differs(clue, runs(grid.iter().map(|cells| cells[col])), Place::Column(col, None), "column")?;
        }
        Ok(())
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

/// Solve `puzzle`: by clause learning (`search/cdcl/`) when its lines are short enough, else by
/// the engine's search.
fn solve(puzzle: &Nonogram, options: &SolveOptions, clock: &dyn Clock, progress: &mut dyn Progress) -> Outcome {
    if search::cdcl::mono::handles(puzzle) {
        search::cdcl::solve(puzzle, || search::cdcl::mono::MonoLines::new(puzzle), options, clock, progress)
    } else {
        crate::engine::search::solve(puzzle, options, clock, progress)
    }
}

/// The lengths of the runs of filled cells (1) of a line of 0/1 cells: its clue.
fn runs(line: impl IntoIterator<Item = u8>) -> Vec<u32> {
    let mut runs = Vec::new();
    let mut length = 0;
    for cell in line.into_iter().chain([0]) {
        if cell == 1 {
            length += 1;
        } else if length > 0 {
            runs.push(length);
            length = 0;
        }
    }
    runs
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

/// The nonograms of one kind in `text`, read as `format`: `kind` takes them from what the
/// text holds, `None` when they are of the other kind (the other genre's [`Genre::read`]
/// reads the text again: only a colour text in a format of both kinds is read twice).
fn read_kind<T>(
    text: &str,
    format: NonogramFormat,
    kind: fn(Nonograms) -> Option<Vec<T>>,
) -> Option<Result<Vec<T>, Error>> {
    match format::read(text, format) {
        Ok(read) => kind(read).map(Ok),
        Err(error) => Some(Err(error)),
    }
}

impl Genre for Nonogram {
    const NAME: &'static str = "nonogram";
    type Format = NonogramFormat;

    fn format_of(format: Format) -> Option<NonogramFormat> {
        NonogramFormat::of(format)
    }

    fn read(text: &str, format: NonogramFormat) -> Option<Result<Vec<Nonogram>, Error>> {
        read_kind(text, format, |read| match read {
            Nonograms::BlackAndWhite(list) => Some(list),
            Nonograms::Color(_) => None,
        })
    }

    fn write(&self, format: NonogramFormat) -> Result<String, Error> {
        format::write(self, format)
    }

    fn parse_canonical(body: &Token<'_>) -> Result<Nonogram, Error> {
        format::parse_tatham_id(body)
    }

    fn write_canonical(&self) -> Result<String, Error> {
        format::write(self, NonogramFormat::Tatham)
    }

    fn solve(&self, options: &SolveOptions, clock: &dyn Clock, progress: &mut dyn Progress) -> Outcome {
        solve(self, options, clock, progress)
    }

    fn check(&self, grid: &[Vec<u8>]) -> Result<(), Error> {
        self.check(grid)
    }
}

/// A colour nonogram is a genre of its own in the registry (`colornonogram`): its clues,
/// solver and canonical text differ from the black-and-white ones, and so every match on the
/// registry's `Puzzle` has to say what it does with one. It shares the nonogram text formats
/// that have a colour form (webpbn XML, `.non`, nonogrid TOML, `.g`); a text in one of them
/// is a colour nonogram when its clues use two or more colours.
impl Genre for ColorNonogram {
    const NAME: &'static str = "colornonogram";
    type Format = NonogramFormat;

    fn format_of(format: Format) -> Option<NonogramFormat> {
        NonogramFormat::of(format).and_then(NonogramFormat::color)
    }

    fn read(text: &str, format: NonogramFormat) -> Option<Result<Vec<ColorNonogram>, Error>> {
        read_kind(text, format, |read| match read {
            Nonograms::Color(list) => Some(list),
            Nonograms::BlackAndWhite(_) => None,
        })
    }

    fn write(&self, format: NonogramFormat) -> Result<String, Error> {
        format::write_color(self, format)
    }

    fn parse_canonical(body: &Token<'_>) -> Result<ColorNonogram, Error> {
        format::parse_color_id(body)
    }

    fn write_canonical(&self) -> Result<String, Error> {
        Ok(format::write_color_id(self))
    }

    fn solve(&self, options: &SolveOptions, clock: &dyn Clock, progress: &mut dyn Progress) -> Outcome {
        search::cdcl::solve(self, || search::cdcl::color::ColorLines::new(self), options, clock, progress)
    }

    fn check(&self, grid: &[Vec<u8>]) -> Result<(), Error> {
        self.check(grid)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))] // native only: the system clock
mod tests {
    use super::*;
    use crate::engine::search::{solve, NoProgress, SolveOptions, Status, SystemClock};

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
    fn clues_come_from_a_solution_and_check_names_the_broken_line() {
        let grid = vec![vec![1, 1, 0], vec![0, 0, 1]];
        let puzzle = Nonogram::from_solution(&grid).unwrap();
        assert_eq!((puzzle.rows(), puzzle.cols()), (&[vec![2], vec![1]][..], &[vec![1], vec![1], vec![1]][..]));
        assert_eq!(puzzle.check(&grid), Ok(()));
        let e = puzzle.check(&[vec![0, 1, 1], vec![0, 0, 1]]).unwrap_err();
        assert_eq!(e.to_string(), "cols[0]: the column has runs [], its clue is [1]");
        let e = puzzle.check(&[vec![1, 0, 1], vec![0, 0, 1]]).unwrap_err();
        assert_eq!(e.to_string(), "rows[0]: the row has runs [1 1], its clue is [2]");
        assert_eq!(puzzle.check(&[vec![1, 1, 0], vec![2, 0, 1]]).unwrap_err().place, Place::Cell { row: 1, col: 0 });
        assert_eq!(puzzle.check(&[vec![1, 1, 0]]).unwrap_err().to_string(), "solution: is not 2×3");
        let e = Nonogram::from_solution(&[vec![1, 1], vec![0]]).unwrap_err();
        assert_eq!(e.to_string(), "grid[1]: has 1 cells but grid[0] has 2");
        assert_eq!(Nonogram::from_solution(&[vec![3]]).unwrap_err().place, Place::Cell { row: 0, col: 0 });
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
        assert_eq!(Nonogram::new(rows, cols).unwrap().check(&outcome.solutions[0]), Ok(()));
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
}
