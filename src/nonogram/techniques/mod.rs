//! The explained logic of nonograms: techniques a person can follow, each step with its
//! reason, for the explain / hint / rate features (the search in `../search/` answers
//! verdicts; these answer *why*).
//!
//! One technique layer serves both kinds, the way the search does: a black-and-white board
//! is the two-value case of a colour board. A cell's candidates are bits, bit 0 the
//! background ("empty"), bit `c` colour `c` (black-and-white has colour 1, "filled"); a clue
//! is a list of [`Block`]s with a length and a colour (a black-and-white clue number is a
//! block of colour 1). What truly differs sits behind [`Kind`], with two impls: the clues, how
//! a value and a block are named, and the few places where the kinds have always said (or
//! touched) different things. The techniques read a kind as a `&dyn Kind`, so they are
//! compiled once for both (generic over the kind, they were compiled twice, 19.8 KB of the
//! explain module: bench/RESULTS.md, "Wasm sizes"); only `line-logic`'s line solve is generic,
//! through [`SolveLine`].
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

use crate::engine::explain::{Explain, Line};
use crate::nonogram::color::Block;

/// What the techniques read of a nonogram kind (object-safe: see the module docs).
/// Implemented by [`crate::nonogram::Nonogram`] (`mono.rs`) and
/// [`crate::nonogram::ColorNonogram`] (`color.rs`).
pub(super) trait Kind {
    /// Write the clue of `line` as blocks into `blocks` (emptied first).
    fn clue(&self, line: Line, blocks: &mut Vec<Block>);
    /// The candidates of a cell no deduction has touched: the background and every colour.
    fn all_values(&self) -> u32;
    /// A value in messages: "empty" for 0, "filled" or the colour's CSS string for the others.
    fn value_text(&self, value: u8) -> String;
    /// A clue in a line's header: "5 2", "2 #d03030, 1 #3050d0".
    fn clue_text(&self, clue: &[Block]) -> String;
    /// A block of `length` cells of `colour` in messages: "5", "#d03030 5".
    fn block_text(&self, length: usize, colour: u8) -> String;
    /// What `count` cells that cannot be `colour` are, after "so columns 4 and 8":
    /// "are empty", "cannot be #d03030".
    fn not_colour_text(&self, colour: u8, count: usize) -> String;
    /// The places where the kinds' techniques have always said (or touched) different things.
    fn rules(&self) -> &'static Rules;
}

/// The places where the kinds' techniques have always said (or touched) different things.
pub(super) struct Rules {
    /// Why a line's blocks do not fit at all (`overlap`'s contradiction).
    pub(super) no_room: &'static str,
    /// Whether `simple-spaces` also empties a cell decided to a colour that no block reaches
    /// (colour: the cell is left with no value, a contradiction the engine's loop sees), or
    /// only open cells (black-and-white: such a line fails in a later technique).
    pub(super) empties_decided_cells: bool,
    /// Whether `line-logic` names its filled cells before its empty ones and lists its
    /// changes along the line (black-and-white), or names each set of colours where it
    /// first occurs and lists the changes set by set (colour).
    pub(super) filled_first: bool,
}

/// A kind's exact line solver, for `line-logic`.
pub(super) trait SolveLine: Kind + Explain + 'static {
    /// The line solver, kept from line to line.
    type Solver: Default;

    /// What the line solver leaves of `cells` (candidate bits) of `line` under its clue: the
    /// values each cell takes in some placement; `None` when no placement fits.
    fn solve_line(&self, solver: &mut Self::Solver, line: Line, cells: &[u32]) -> Option<Vec<u32>>;
}
