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
//! the engine's *conflict-driven clause learning* (`engine/cdcl/`), where the line solver
//! explains each deduction by a minimised clause over its line's cells and every dead end
//! teaches a clause that prunes it everywhere; blocking clauses count solutions exactly.
//!
//! **What black and white shares with colour.** Both kinds solve lines through the one line
//! memo (`line/memo.rs`, keyed by a line's state as a slice of words), and both learn clauses
//! by the engine's one core (`engine/cdcl/`) over the trait `LineTheory`, which each kind
//! implements with its line solver and its explanations (`search/cdcl/mono.rs`,
//! `search/cdcl/color.rs`); the core is monomorphised, so black and white pays nothing for it. Both search depth-first by the one `search/depth_first.rs` (over the
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
mod puzzle;
mod search;
mod techniques;

use crate::engine::error::Error;
use crate::engine::search::{Clock, Outcome, Progress, SolveOptions};
use crate::format_names::Format;
use crate::genre::Genre;
use crate::text::Token;
pub use board::Board;
pub use color::{blocks_of, is_css_color, Block, ColorNonogram, MAX_COLORS};
use format::{NonogramFormat, Nonograms};
pub use puzzle::{Nonogram, MAX_SIDE};
pub use search::color::{ColorBoard, ColorPropagator};
pub use search::depth_first::{Node, Workspace};
pub use search::mono::Propagator;
pub use techniques::color::{COLOR_TOP_TECHNIQUE_LEVEL, MAX_EXPLAINED_COLORS};

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
        search::solve(self, options, clock, progress)
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
