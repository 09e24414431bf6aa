//! The search state: what every cell can still be, stored twice as bit planes — once along
//! its row and once along its column — so that a line solve reads and writes whole words
//! (a line of `n` cells is ⌈n / 64⌉ words per plane) and a decided cell costs two bit writes.

use super::line::{EMPTY, FILLED, UNKNOWN};
use super::probe::BranchCell;

/// A search state of a nonogram: the possibilities of every cell, and what the search needs
/// next.
#[derive(Clone, Debug)]
pub struct Board {
    width: usize,
    height: usize,
    /// Words per bit plane of a row (`width` bits) and of a column (`height` bits).
    row_words: usize,
    col_words: usize,
    /// Line after line, rows first: the *fillable* plane's words, then the *emptiable* one's.
    bits: Vec<u64>,
    /// Lines to solve before anything else (rows first, then columns).
    pub(crate) dirty: Vec<u32>,
    /// Where probing suggests to branch, set by the last propagation.
    pub(crate) branch: Option<BranchCell>,
}

impl Board {
    /// A board with every cell undecided and every line dirty.
    pub(crate) fn new(width: usize, height: usize) -> Board {
        let row_words = width.div_ceil(64);
        let col_words = height.div_ceil(64);
        let mut board = Board {
            width,
            height,
            row_words,
            col_words,
            bits: vec![0; 2 * (height * row_words + width * col_words)],
            dirty: (0..(width + height) as u32).collect(),
            branch: None,
        };
        for line in 0..width + height {
            let (start, words) = board.planes(line);
            let len = board.line_len(line);
            for plane in [start, start + words] {
                for (w, word) in board.bits[plane..plane + words].iter_mut().enumerate() {
                    let bits_here = len.saturating_sub(64 * w).min(64);
                    *word = if bits_here == 64 {
                        u64::MAX
                    } else {
                        (1u64 << bits_here) - 1
                    };
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
            (
                2 * (self.height * self.row_words + (line - self.height) * self.col_words),
                self.col_words,
            )
        }
    }

    /// The row-major index of the `i`-th cell of line `line`.
    pub(crate) fn cell_of(&self, line: usize, i: usize) -> usize {
        if line < self.height {
            line * self.width + i
        } else {
            i * self.width + (line - self.height)
        }
    }

    /// The line crossing line `line` at its `i`-th cell.
    pub(crate) fn crossing(&self, line: usize, i: usize) -> usize {
        if line < self.height {
            self.height + i
        } else {
            i
        }
    }

    /// The row and the column of `cell`.
    pub(crate) fn lines_of(&self, cell: usize) -> [usize; 2] {
        [cell / self.width, self.height + cell % self.width]
    }

    /// What `cell` can be: [`EMPTY`], [`FILLED`] or [`UNKNOWN`].
    pub(crate) fn cell(&self, cell: usize) -> u8 {
        let (row, col) = (cell / self.width, cell % self.width);
        let (start, words) = self.planes(row);
        let (word, bit) = (col / 64, col % 64);
        let fillable = self.bits[start + word] >> bit & 1 != 0;
        let emptiable = self.bits[start + words + word] >> bit & 1 != 0;
        (if fillable { FILLED } else { 0 }) | (if emptiable { EMPTY } else { 0 })
    }

    /// Set what `cell` can be (in both its row and its column).
    pub(crate) fn set_cell(&mut self, cell: usize, value: u8) {
        let (row, col) = (cell / self.width, cell % self.width);
        self.set_in_line(row, col, value);
        self.set_in_line(self.height + col, row, value);
    }

    fn set_in_line(&mut self, line: usize, i: usize, value: u8) {
        let (start, words) = self.planes(line);
        let (word, mask) = (i / 64, 1u64 << (i % 64));
        for (plane, allowed) in [
            (start, value & FILLED != 0),
            (start + words, value & EMPTY != 0),
        ] {
            if allowed {
                self.bits[plane + word] |= mask;
            } else {
                self.bits[plane + word] &= !mask;
            }
        }
    }

    /// Line `line`'s bit planes: bit `i` of the words says whether its `i`-th cell can be
    /// filled, and whether it can be empty (bits past the line's length are 0).
    pub(crate) fn line_planes(&self, line: usize) -> (&[u64], &[u64]) {
        let (start, words) = self.planes(line);
        let (fillable, emptiable) = self.bits[start..start + 2 * words].split_at(words);
        (fillable, emptiable)
    }

    /// The first undecided cell in row-major order.
    pub(crate) fn first_undecided(&self) -> Option<usize> {
        (0..self.height).find_map(|row| {
            let (start, words) = self.planes(row);
            (0..words).find_map(|w| {
                let undecided = self.bits[start + w] & self.bits[start + words + w];
                (undecided != 0)
                    .then(|| row * self.width + 64 * w + undecided.trailing_zeros() as usize)
            })
        })
    }

    /// The board as rows of 0/1 (1 = filled).
    pub(crate) fn rows(&self) -> Vec<Vec<u8>> {
        (0..self.height)
            .map(|row| {
                (0..self.width)
                    .map(|col| u8::from(self.cell(row * self.width + col) == FILLED))
                    .collect()
            })
            .collect()
    }

    /// Whether `cell` is undecided.
    pub(crate) fn is_undecided(&self, cell: usize) -> bool {
        self.cell(cell) == UNKNOWN
    }
}
