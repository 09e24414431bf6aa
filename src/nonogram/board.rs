//! The search state: what every cell can still be, stored twice as bit planes — once along
//! its row and once along its column — so that a line solve reads and writes whole words
//! (a line of `n` cells is ⌈n / 64⌉ words per plane) and a decided cell costs two bit writes.
//! The board is the state alone: what the search notes about it (the lines to solve, where
//! to branch, what probing found) is kept by the search, in its `Node` (`search/depth_first.rs`).

use super::line::mono::{EMPTY, FILLED};

/// A state of a nonogram: the possibilities of every cell.
#[derive(Clone, Debug)]
pub struct Board {
    width: usize,
    height: usize,
    /// Words per bit plane of a row (`width` bits) and of a column (`height` bits).
    row_words: usize,
    col_words: usize,
    /// Line after line, rows first: the *fillable* plane's words, then the *emptiable* one's.
    bits: Vec<u64>,
}

impl Board {
    /// A board with every cell undecided.
    pub(crate) fn new(width: usize, height: usize) -> Board {
        let row_words = width.div_ceil(64);
        let col_words = height.div_ceil(64);
        let mut board =
            Board { width, height, row_words, col_words, bits: vec![0; 2 * (height * row_words + width * col_words)] };
        for line in 0..width + height {
            let (start, words) = board.planes(line);
            let len = board.line_len(line);
            for plane in [start, start + words] {
                for (w, word) in board.bits[plane..plane + words].iter_mut().enumerate() {
                    let bits_here = len.saturating_sub(64 * w).min(64);
                    *word = if bits_here == 64 { u64::MAX } else { (1u64 << bits_here) - 1 };
                }
            }
        }
        board
    }

    /// The number of cells.
    pub(crate) fn cell_count(&self) -> usize {
        self.width * self.height
    }

    /// The number of cells of line `line` (rows first, then columns).
    pub(crate) fn line_len(&self, line: usize) -> usize {
        if line < self.height {
            self.width
        } else {
            self.height
        }
    }

    /// Where line `line`'s fillable plane starts in `bits`, and its words per plane.
    fn planes(&self, line: usize) -> (usize, usize) {
        if line < self.height {
            (2 * line * self.row_words, self.row_words)
        } else {
            (2 * (self.height * self.row_words + (line - self.height) * self.col_words), self.col_words)
        }
    }

    /// The `i`-th cell of line `line`.
    pub(crate) fn spot_of(&self, line: usize, i: usize) -> Spot {
        if line < self.height {
            Spot::new(line, i)
        } else {
            Spot::new(i, line - self.height)
        }
    }

    /// The cell of row-major index `cell`.
    pub(crate) fn spot(&self, cell: usize) -> Spot {
        Spot::new(cell / self.width, cell % self.width)
    }

    /// The row-major index of `spot`.
    pub(crate) fn index(&self, spot: Spot) -> usize {
        spot.row() * self.width + spot.col()
    }

    /// The row and the column of `spot`.
    pub(crate) fn lines_at(&self, spot: Spot) -> [usize; 2] {
        [spot.row(), self.height + spot.col()]
    }

    /// What the cell at `spot` can be: [`EMPTY`], [`FILLED`] or both (`UNKNOWN`).
    pub(crate) fn value(&self, spot: Spot) -> u8 {
        let (start, words) = self.planes(spot.row());
        let (word, bit) = (spot.col() / 64, spot.col() % 64);
        let fillable = self.bits[start + word] >> bit & 1 != 0;
        let emptiable = self.bits[start + words + word] >> bit & 1 != 0;
        (if fillable { FILLED } else { 0 }) | (if emptiable { EMPTY } else { 0 })
    }

    /// Whether every cell is decided: no row has a cell both fillable and emptiable (word by
    /// word).
    pub(crate) fn is_solved(&self) -> bool {
        (0..self.height).all(|row| {
            let (fillable, emptiable) = self.line_planes(row);
            fillable.iter().zip(emptiable).all(|(f, e)| f & e == 0)
        })
    }

    /// What `cell` (a row-major index) can be: [`EMPTY`], [`FILLED`] or both (`UNKNOWN`).
    pub(crate) fn cell(&self, cell: usize) -> u8 {
        self.value(self.spot(cell))
    }

    /// Decide the undecided cell at `spot`: [`FILLED`] or [`EMPTY`] (in its row and its
    /// column).
    pub(crate) fn decide(&mut self, spot: Spot, value: u8) {
        let (row, col) = (spot.row(), spot.col());
        self.narrow_bit(row, col, value);
        self.narrow_bit(self.height + col, row, value);
    }

    /// Make the cell at `spot` undecided again (in its row and its column).
    pub(crate) fn undecide(&mut self, spot: Spot) {
        let (row, col) = (spot.row(), spot.col());
        for (line, i) in [(row, col), (self.height + col, row)] {
            let (start, words) = self.planes(line);
            let (word, mask) = (start + i / 64, 1u64 << (i % 64));
            self.bits[word] |= mask;
            self.bits[word + words] |= mask;
        }
    }

    /// Cell `i` of line `line` was decided `value` along that line: decide it in its
    /// crossing line too, and return that line.
    pub(crate) fn decide_crossing(&mut self, line: usize, i: usize, value: u8) -> usize {
        let (crossing, position) = if line < self.height { (self.height + i, line) } else { (i, line - self.height) };
        self.narrow_bit(crossing, position, value);
        crossing
    }

    /// Clear the bit of cell `i` of line `line` in the plane `value` excludes.
    fn narrow_bit(&mut self, line: usize, i: usize, value: u8) {
        let (start, words) = self.planes(line);
        let plane = if value == FILLED { start + words } else { start };
        self.bits[plane + i / 64] &= !(1u64 << (i % 64));
    }

    /// Word `w` of line `line`'s planes (fillable, emptiable).
    pub(crate) fn line_word(&self, line: usize, w: usize) -> (u64, u64) {
        let (start, words) = self.planes(line);
        (self.bits[start + w], self.bits[start + words + w])
    }

    /// Overwrite word `w` of line `line`'s planes (its crossing lines are left as they are).
    pub(crate) fn set_line_word(&mut self, line: usize, w: usize, fillable: u64, emptiable: u64) {
        let (start, words) = self.planes(line);
        self.bits[start + w] = fillable;
        self.bits[start + words + w] = emptiable;
    }

    /// Line `line`'s bit planes: bit `i` of the words says whether its `i`-th cell can be
    /// filled, and whether it can be empty (bits past the line's length are 0).
    pub(crate) fn line_planes(&self, line: usize) -> (&[u64], &[u64]) {
        let (start, words) = self.planes(line);
        let (fillable, emptiable) = self.bits[start..start + 2 * words].split_at(words);
        (fillable, emptiable)
    }
}

/// A cell by its row and its column, packed in one word (both below 2^16): what propagation
/// records of the cells it decides, so that undoing them needs no division.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Spot(u32);

impl Spot {
    /// The cell in row `row`, column `col`.
    pub(crate) fn new(row: usize, col: usize) -> Spot {
        Spot((row as u32) << 16 | col as u32)
    }

    /// Its row.
    pub(crate) fn row(self) -> usize {
        (self.0 >> 16) as usize
    }

    /// Its column.
    pub(crate) fn col(self) -> usize {
        (self.0 & 0xFFFF) as usize
    }
}
