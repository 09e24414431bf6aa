//! The black-and-white puzzle: [`Nonogram`], its clues validated on construction
//! ([`MAX_SIDE`] bounds a side), built from a solution grid or checked against one. It sits
//! in a file of its own so that the solver's modules (the search, the line solvers, the
//! techniques, the formats) import it from here and not from `mod.rs`, which declares them.

use crate::engine::error::{Error, Place};

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
    /// empty, as in [`crate::Outcome::solutions`]) is a solution, otherwise the first broken rule,
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

    /// Whether rows and columns ask for the same number of filled cells (else there is no
    /// solution).
    pub(super) fn totals_agree(&self) -> bool {
        self.totals_agree
    }

    /// The clues of every line, rows first (line `i < height` is row `i`), then columns:
    /// the line numbering of propagation and of CDCL.
    pub(super) fn clues_by_line(&self) -> Vec<Vec<u32>> {
        self.rows.iter().chain(&self.cols).cloned().collect()
    }
}

/// The lengths of the runs of filled cells (1) of a line of 0/1 cells: its clue.
pub(super) fn runs(line: impl IntoIterator<Item = u8>) -> Vec<u32> {
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

/// Random solution grids for the solver's property tests: up to `max_side` × `max_side`
/// cells, each filled with one chance in 10 to 9 in 10.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) fn grids(max_side: usize) -> impl proptest::strategy::Strategy<Value = Vec<Vec<u8>>> {
    use proptest::prelude::*;
    (1..=max_side, 1..=max_side, 0.1f64..0.9).prop_flat_map(|(w, h, filled)| {
        proptest::collection::vec(proptest::bool::weighted(filled), w * h)
            .prop_map(move |cells| cells.chunks(w).map(|row| row.iter().map(|&c| u8::from(c)).collect()).collect())
    })
}
