//! The Str8ts puzzle: [`Str8ts`], its grid of black and white cells and printed digits
//! validated on construction (a side from [`MIN_SIZE`] to [`MAX_SIZE`]), with the
//! compartments of every line, built from a solution or checked against one; and
//! [`Candidates`], the search state over it. It sits in a file of its own so that the
//! solver's modules (propagation, the techniques, the generator, the formats) import it from
//! here and not from `mod.rs`, which declares them.

use super::alldiff;
use crate::engine::bits::DigitSet;
use crate::engine::error::{Error, Place};

/// The smallest grid size accepted.
pub const MIN_SIZE: usize = 4;
/// The largest grid size accepted (digits up to 16 fit a [`DigitSet`] and a `u8` grid).
pub const MAX_SIZE: usize = alldiff::MAX_CELLS;

/// A Str8ts puzzle: its colours and printed digits, with the compartments of every line.
#[derive(Clone, Debug)]
pub struct Str8ts {
    pub(super) size: usize,
    /// The printed digit of every cell, row-major (0: none).
    pub(super) digits: Vec<u32>,
    /// Whether every cell is black, row-major.
    pub(super) black: Vec<bool>,
    /// The compartments of every line (rows `0..size`, then columns), each a list of
    /// row-major cells in line order.
    pub(super) lines: Vec<Vec<Vec<usize>>>,
}

/// A maximal run of white cells in a line: its cells (row-major indices, in order) and
/// the line it lies in (rows `0..size`, columns `size..2*size`).
struct Compartment {
    cells: Vec<usize>,
    line: usize,
}

/// The candidates of every cell, the digits known to be in every line, and the cells
/// that changed since the last propagation.
#[derive(Clone, Debug)]
pub struct Candidates {
    /// Row-major; empty on black cells.
    pub(super) cells: Vec<DigitSet>,
    /// Per line (rows, then columns): digits it surely holds.
    pub(super) required: Vec<DigitSet>,
    /// Cells narrowed since the last propagation, with the digits they lost.
    pub(super) changed: Vec<(usize, DigitSet)>,
    /// Whether this is the puzzle before any guess: its propagation also shaves windows
    /// (see `propagate`).
    pub(super) root: bool,
}

impl Str8ts {
    /// A Str8ts from its digits (0 = empty; on a black cell, that cell's clue) and its colours.
    ///
    /// Rejects, naming the place: an empty, ragged or non-square `grid`; a size outside
    /// 4..16; a `black` of another shape; a digit outside 1..N; a digit printed twice in a
    /// row or column.
    pub fn new(grid: Vec<Vec<u32>>, black: Vec<Vec<bool>>) -> Result<Str8ts, Error> {
        let size = grid.len();
        let field = |name: String| Place::Field(name);
        if size == 0 {
            return Err(Error::new(field("grid".into()), "is empty"));
        }
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(Error::new(
                field("grid".into()),
                format!("has {size} rows; a Str8ts is {MIN_SIZE}×{MIN_SIZE} to {MAX_SIZE}×{MAX_SIZE}"),
            ));
        }
        for (r, row) in grid.iter().enumerate() {
            if row.len() != size {
                return Err(Error::new(
                    field(format!("grid[{r}]")),
                    format!("has {} cells, expected {size} (the grid must be square)", row.len()),
                ));
            }
        }
        if black.len() != size {
            return Err(Error::new(
                field("black".into()),
                format!("has {} rows, expected {size} like grid", black.len()),
            ));
        }
        for (r, row) in black.iter().enumerate() {
            if row.len() != size {
                return Err(Error::new(
                    field(format!("black[{r}]")),
                    format!("has {} cells, expected {size} like grid", row.len()),
                ));
            }
        }
        for (r, row) in grid.iter().enumerate() {
            for (c, &d) in row.iter().enumerate() {
                if d as usize > size {
                    return Err(Error::new(Place::Cell { row: r, col: c }, format!("digit {d} is not in 1..{size}")));
                }
            }
        }
        // Row by row into one vector (a loop: `concat` is a 450-byte instance per type).
        let (mut digits, mut blacks) = (Vec::with_capacity(size * size), Vec::with_capacity(size * size));
        for (digit_row, black_row) in grid.iter().zip(&black) {
            digits.extend_from_slice(digit_row);
            blacks.extend_from_slice(black_row);
        }
        let black = blacks;
        for line in 0..2 * size {
            let mut seen = [None; MAX_SIZE + 1];
            for cell in line_cells(size, line) {
                let d = digits[cell] as usize;
                if d == 0 {
                    continue;
                }
                if let Some(first) = seen[d] {
                    let what = if line < size { format!("row {line}") } else { format!("column {}", line - size) };
                    return Err(Error::new(
                        cell_place(size, cell),
                        format!("digit {d} repeats {} in {what}", cell_place(size, first)),
                    ));
                }
                seen[d] = Some(cell);
            }
        }
        Ok(Str8ts::with_lines(size, digits, black))
    }

    /// Build the lines of a validated puzzle.
    fn with_lines(size: usize, digits: Vec<u32>, black: Vec<bool>) -> Str8ts {
        let mut lines = vec![Vec::new(); 2 * size];
        for compartment in compartments(size, &black) {
            lines[compartment.line].push(compartment.cells);
        }
        Str8ts { size, digits, black, lines }
    }

    /// The grid is `size() × size()`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The printed digits as rows (0 = empty; on a black cell, its clue), as [`Str8ts::new`] takes them.
    pub fn grid(&self) -> Vec<Vec<u32>> {
        self.digits.chunks(self.size).map(<[u32]>::to_vec).collect()
    }

    /// The cell colours as rows (`true` = black), as [`Str8ts::new`] takes them.
    pub fn black(&self) -> Vec<Vec<bool>> {
        self.black.chunks(self.size).map(<[bool]>::to_vec).collect()
    }

    /// Whether the cell at (`row`, `col`) is black (`false` outside the grid).
    pub fn is_black(&self, row: usize, col: usize) -> bool {
        row < self.size && col < self.size && self.black[row * self.size + col]
    }

    /// The digit printed in the cell at (`row`, `col`): a given on a white cell, a clue on
    /// a black one; 0 for none (and outside the grid).
    pub fn given(&self, row: usize, col: usize) -> u32 {
        if row < self.size && col < self.size {
            self.digits[row * self.size + col]
        } else {
            0
        }
    }

    /// Check a filled grid against the rules and this puzzle: `Ok` when `grid` is a
    /// solution (every white cell a digit 1..N, givens kept, 0 on black cells, no repeats,
    /// straights), otherwise the first broken rule, naming its cell.
    pub fn check(&self, grid: &[Vec<u8>]) -> Result<(), Error> {
        let n = self.size;
        if grid.len() != n || grid.iter().any(|row| row.len() != n) {
            return Err(Error::new(Place::Field("solution".into()), format!("is not {n}×{n}")));
        }
        let value =
            |cell: usize| if self.black[cell] { self.digits[cell] } else { u32::from(grid[cell / n][cell % n]) };
        for cell in 0..n * n {
            let written = u32::from(grid[cell / n][cell % n]);
            let wrong = if self.black[cell] {
                (written != 0).then(|| format!("black cell holds {written}, expected 0"))
            } else if !(1..=n as u32).contains(&written) {
                Some(format!("digit {written} is not in 1..{n}"))
            } else if self.digits[cell] != 0 && written != self.digits[cell] {
                Some(format!("holds {written}, the given is {}", self.digits[cell]))
            } else {
                None
            };
            if let Some(message) = wrong {
                return Err(Error::new(cell_place(n, cell), message));
            }
        }
        for line in 0..2 * n {
            let mut seen = [None; MAX_SIZE + 1];
            for cell in line_cells(n, line) {
                let d = value(cell) as usize;
                if d == 0 {
                    continue;
                }
                if let Some(first) = seen[d] {
                    return Err(Error::new(cell_place(n, cell), format!("digit {d} repeats {}", cell_place(n, first))));
                }
                seen[d] = Some(cell);
            }
        }
        for compartment in compartments(n, &self.black) {
            let held = compartment.cells.iter().fold(DigitSet::EMPTY, |s, &c| s | DigitSet::single(value(c)));
            if held != DigitSet::range(held.min().unwrap_or(1), held.max().unwrap_or(0)) {
                let digits: Vec<String> = held.iter().map(|d| d.to_string()).collect();
                return Err(Error::new(
                    cell_place(n, compartment.cells[0]),
                    format!(
                        "compartment of {} cells holds {}, not a straight",
                        compartment.cells.len(),
                        digits.join(",")
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The digit known to be in some line that has the fewest open cells to go to there
    /// (at least two), with those cells.
    pub(super) fn fewest_places(&self, state: &Candidates) -> Option<(u32, Vec<usize>)> {
        let mut best: Option<(u32, Vec<usize>)> = None;
        for (line, compartments) in self.lines.iter().enumerate() {
            for d in state.required[line].iter() {
                let places = compartments.iter().flatten().copied().filter(|&c| state.cells[c].contains(d));
                let count = places.clone().count();
                if count >= 2 && best.as_ref().map_or(true, |(_, b)| count < b.len()) {
                    best = Some((d, places.collect()));
                }
            }
        }
        best
    }
}

/// The cells of line `line` (rows `0..size`, then columns), row-major indices in order.
fn line_cells(size: usize, line: usize) -> impl Iterator<Item = usize> {
    let (first, step) = if line < size { (line * size, 1) } else { (line - size, size) };
    (0..size).map(move |i| first + i * step)
}

/// Every compartment of the grid, rows first.
fn compartments(size: usize, black: &[bool]) -> Vec<Compartment> {
    let mut all = Vec::new();
    for line in 0..2 * size {
        let mut run = Vec::new();
        for cell in line_cells(size, line) {
            if black[cell] {
                if !run.is_empty() {
                    all.push(Compartment { cells: std::mem::take(&mut run), line });
                }
            } else {
                run.push(cell);
            }
        }
        if !run.is_empty() {
            all.push(Compartment { cells: run, line });
        }
    }
    all
}

/// The `grid[row][col]` place of a row-major cell index.
fn cell_place(size: usize, cell: usize) -> Place {
    Place::Cell { row: cell / size, col: cell % size }
}
