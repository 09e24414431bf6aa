//! What a genre module provides: the traits [`Genre`] (solving, checking, the text formats)
//! and [`Play`] (the player's capabilities: explained logic, the player's board, generation),
//! which every genre folder (`src/<genre>/`) implements and the registry (src/genres.rs)
//! dispatches to. This module names no genre and not the registry's `Puzzle`: a trait's items
//! speak of `Self` (a text's puzzles are a `Vec<Self>`), and the registry wraps them into
//! `Puzzle`. So the genre folders import from here, the registry imports them, and no import
//! goes back (tests/js/import-circles.test.mjs holds src/ to no circle).

use crate::engine::error::Error;
use crate::engine::explain::{Board, Cell, Explain, Explained, PlayerBoard};
use crate::engine::generate::{Found, GenerateOptions, Run};
use crate::engine::search::{Clock, Outcome, Problem, Progress, SolveOptions};
use crate::format_names::Format;
use crate::text::Token;

#[cfg(all(target_arch = "wasm32", any(feature = "solver", feature = "explain")))]
pub(crate) mod js;

/// Numbers in puzzles are bounded well above any valid clue, so that no conversion wraps.
#[cfg(any(feature = "serde", target_arch = "wasm32"))]
pub const MAX_NUMBER: u32 = 1 << 20;

/// What a genre module provides to the registry.
pub(crate) trait Genre: Sized + Problem {
    /// The genre's name: the JS API's `genre` and the canonical text's prefix.
    const NAME: &'static str;

    /// The genre's text formats other than the canonical one.
    type Format: Copy;

    /// The genre's format that `format` is, `None` when `format` holds no puzzle of this genre.
    fn format_of(format: Format) -> Option<Self::Format>;

    /// The puzzles in `text`, read as `format`; `None` when the text is another genre's (a
    /// format shared by several genres, such as janko.at's grid, tells them apart by look; one
    /// that holds a genre and its variant, such as `.non` with or without colours, is read and
    /// its puzzles say which they are: the registry then asks the next genre).
    fn read(text: &str, format: Self::Format) -> Option<Result<Vec<Self>, Error>>;

    /// The puzzle as text in `format`.
    fn write(&self, format: Self::Format) -> Result<String, Error>;

    /// The puzzle of a canonical text's body (after `name:`).
    fn parse_canonical(body: &Token<'_>) -> Result<Self, Error>;

    /// The body of the puzzle's canonical text (after `name:`).
    fn write_canonical(&self) -> Result<String, Error>;

    /// Solve the puzzle (the options are valid): by default the engine's search over the
    /// genre's [`Problem`]; a genre with a search of its own (nonogram CDCL) says so here.
    fn solve(&self, options: &SolveOptions, clock: &dyn Clock, progress: &mut dyn Progress) -> Outcome {
        crate::engine::search::solve(self, options, clock, progress)
    }

    /// `Ok` when `grid` is a solution, otherwise the first rule it breaks, naming the place
    /// (the genre's public `check`).
    fn check(&self, grid: &[Vec<u8>]) -> Result<(), Error>;
}

/// What a genre offers the player beyond solving: explained logic on a player's board, the
/// solve with one entry forced that a hint's mistake check runs, and generation.
pub(crate) trait Play: Genre + Explain {
    /// A validated request to generate a puzzle of the genre.
    type Request;

    /// The `genre` of the genre's puzzles in the JS API's shape: its name, except where the
    /// shape tells two genres apart by their fields (a colour nonogram is a `"nonogram"` with
    /// `colors`).
    const SHAPE_GENRE: &'static str = Self::NAME;

    /// Whether a JS shape whose `genre` is [`Play::SHAPE_GENRE`] (a puzzle, or the options
    /// of `generate`) is of this genre, given whether it has a field (`has`: given, neither
    /// undefined nor null): always, unless two genres share a `genre` (a nonogram with
    /// `colors` is a colour nonogram).
    fn claims_shape(_has: &dyn Fn(&str) -> bool) -> bool {
        true
    }

    /// How many candidates generation tries before it declares a level out of reach, and how
    /// many repairs of one candidate with several solutions.
    const CANDIDATES: (usize, usize);

    /// The options of `generate` the genre takes besides those of every genre: their names
    /// in the JS API, declared with their types by [`generate_options!`], which also derives
    /// the genre's TypeScript options type from them. An option of another genre is refused
    /// (a side it does not take is ignored, [`GenerateOptions::SIDES`]).
    ///
    /// [`generate_options!`]: crate::engine::generate::generate_options
    const OPTIONS: &'static [&'static str];

    /// The genre's name in messages and the top level of its named techniques, for a genre
    /// whose generation cannot reach the levels between that and trial.
    const TOP_TECHNIQUE: Option<(&'static str, u8)> = None;

    /// The puzzle's explained logic; an error when explained logic takes no puzzle like this
    /// one (a colour nonogram with too many colours).
    fn explained(&self) -> Result<&dyn Explained, Error> {
        Ok(self)
    }

    /// The explained-logic board of a player's `board` (errors name the place, or say what a
    /// board of the genre is).
    fn player_board(&self, board: &PlayerBoard) -> Result<Board, Error>;

    /// For a genre whose player's board is cells ([`PlayerBoard::Cells`]): the largest value
    /// of a cell and what a cell may be, in words; `None` for a board of digits.
    fn board_cells(&self) -> Option<(u8, String)> {
        None
    }

    /// The puzzle solved with `cell` forced to `value` (valid options); an error when the
    /// puzzle rejects the entry (a repeated digit).
    fn solve_forced(&self, cell: Cell, value: u8, options: &SolveOptions, clock: &dyn Clock) -> Result<Outcome, Error>;

    /// The request `options` make of this genre (errors name the option); the registry asks
    /// only the genre whose shape the options name ([`Play::claims_shape`]).
    fn request(options: &GenerateOptions) -> Result<Self::Request, Error>;

    /// A puzzle generated for `request` at `level`.
    fn generate(request: Self::Request, level: u8, run: &mut Run) -> Result<Found<Self>, Error>;
}
