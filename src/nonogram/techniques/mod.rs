//! The explained logic of nonograms: techniques a person can follow, each step with its
//! reason, for the explain / hint / rate features (the search in `../search/` answers
//! verdicts; these answer *why*).
//!
//! One technique layer serves both kinds, the way the search does: a black-and-white board
//! is the two-value case of a colour board. A cell's candidates are bits, bit 0 the
//! background ("empty"), bit `c` colour `c` (black-and-white has colour 1, "filled"); a clue
//! is a list of blocks with a length and a colour ([`ClueBlock`]). What truly differs sits
//! behind [`Kind`], with two impls: the clues, how a value and a block are named, the exact
//! line solver, and the few places where the kinds have always said (or touched) different
//! things. Monomorphised generics, so neither kind pays for the other.
//!
//! - `line.rs`: one line as the techniques see it ([`line::LineView`]), its relaxed ranges,
//!   the names of cells and positions in messages, and the scan over the lines with its memo;
//! - `shared.rs`: the techniques both kinds have, written once: `overlap`, `simple-spaces`,
//!   `punctuation`, `line-logic`;
//! - `mono.rs`: black-and-white's impl, its `line-complete`, and the techniques only it has
//!   (`glue`, `mercury`, `joining-splitting`);
//! - `color.rs`: colour's impl, its `line-complete` (colour by colour) and `colour-spaces`.
//!
//! The two `line-complete`s stay apart: black-and-white counts filled cells, colour counts
//! every colour and the background in turn, so on one board they can find different first
//! steps and say them differently.

pub(crate) mod color;
mod line;
pub(crate) mod mono;
mod refute;
mod shared;

use crate::engine::explain::{Axis, Explain};

/// A clue's block as the techniques see it: a black-and-white clue number is a block of
/// colour 1, a colour clue a [`crate::nonogram::Block`]. Blocks of one colour need a gap
/// between them, blocks of different colours may touch.
pub(super) trait ClueBlock: Copy + PartialEq {
    /// Its length in cells.
    fn length(self) -> usize;
    /// Its colour (1 for black-and-white).
    fn colour(self) -> u8;
}

/// What the techniques need of a nonogram kind: its clues, its words, its line solver.
/// Implemented by [`crate::nonogram::Nonogram`] (`mono.rs`) and
/// [`crate::nonogram::ColorNonogram`] (`color.rs`).
pub(super) trait Kind: Explain + Sized {
    /// A clue's block.
    type Block: ClueBlock;
    /// The exact line solver, kept from line to line.
    type Solver: Default;

    /// Why a line's blocks do not fit at all (`overlap`'s contradiction).
    const NO_ROOM: &'static str;
    /// Whether `simple-spaces` also empties a cell decided to a colour that no block reaches
    /// (colour: the cell is left with no value, a contradiction the engine's loop sees), or
    /// only open cells (black-and-white: such a line fails in a later technique).
    const EMPTIES_DECIDED_CELLS: bool;
    /// Whether `line-logic` names its filled cells before its empty ones and lists its
    /// changes along the line (black-and-white), or names each set of colours where it
    /// first occurs and lists the changes set by set (colour).
    const FILLED_FIRST: bool;

    /// The clues of the rows and those of the columns.
    fn row_and_column_clues(&self) -> [&[Vec<Self::Block>]; 2];
    /// The clues of the rows (`Axis::Row`) or of the columns.
    fn clues(&self, axis: Axis) -> &[Vec<Self::Block>] {
        self.row_and_column_clues()[usize::from(axis == Axis::Col)]
    }
    /// The candidates of a cell no deduction has touched: the background and every colour.
    fn all_values(&self) -> u32;
    /// A value in messages: "empty" for 0, "filled" or the colour's CSS string for the others.
    fn value_text(&self, value: u8) -> String;
    /// A clue in a line's header: "5 2", "2 #d03030, 1 #3050d0".
    fn clue_text(&self, clue: &[Self::Block]) -> String;
    /// A block of `length` cells of `colour` in messages: "5", "#d03030 5".
    fn block_text(&self, length: usize, colour: u8) -> String;
    /// What `count` cells that cannot be `colour` are, after "so columns 4 and 8":
    /// "are empty", "cannot be #d03030".
    fn not_colour_text(&self, colour: u8, count: usize) -> String;
    /// What the line solver leaves of `cells` (candidate bits) under `clue`: the values each
    /// cell takes in some placement; `None` when no placement fits.
    fn solve_line(solver: &mut Self::Solver, clue: &[Self::Block], cells: &[u32]) -> Option<Vec<u32>>;
}
