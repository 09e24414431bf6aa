//! The genre registry: one line per genre in [`genres!`], from which follow the [`Puzzle`]
//! enum, its genre names, the solve dispatch, the text format dispatch and the list of genre
//! names ([`GENRES`]). Every genre module provides the same items through [`Genre`], so a new
//! genre is a new `src/<genre>/` folder that implements [`Genre`] plus one registry line
//! (see CONTRIBUTING.md).

use crate::engine::error::Error;
use crate::engine::search::{Clock, Outcome, Progress, SolveOptions};
use crate::format::Format;
use crate::text::Token;

/// What a genre module provides to the registry.
pub(crate) trait Genre: Sized + Into<Puzzle> {
    /// The genre's name: the JS API's `genre` and the canonical text's prefix.
    const NAME: &'static str;

    /// The genre's text formats other than the canonical one.
    type Format: Copy;

    /// The genre's format that `format` is, `None` when `format` holds no puzzle of this genre.
    fn format_of(format: Format) -> Option<Self::Format>;

    /// The puzzles in `text`, read as `format` once; `None` when the text is another genre's
    /// (a format shared by several genres, such as janko.at's grid, tells them apart by look;
    /// one that holds a genre and its variant, such as `.non` with or without colours, is read
    /// once and its puzzles say which they are).
    fn read(text: &str, format: Self::Format) -> Option<Result<Vec<Puzzle>, Error>>;

    /// The puzzle as text in `format`.
    fn write(&self, format: Self::Format) -> Result<String, Error>;

    /// The puzzle of a canonical text's body (after `name:`).
    fn parse_canonical(body: &Token<'_>) -> Result<Self, Error>;

    /// The body of the puzzle's canonical text (after `name:`).
    fn write_canonical(&self) -> Result<String, Error>;

    /// Solve the puzzle (the options are valid).
    fn solve(&self, options: &SolveOptions, clock: &dyn Clock, progress: &mut dyn Progress) -> Outcome;

    /// `Ok` when `grid` is a solution, otherwise the first rule it breaks, naming the place
    /// (the genre's public `check`).
    fn check(&self, grid: &[Vec<u8>]) -> Result<(), Error>;
}

/// A genre's puzzles read from a text, as [`Puzzle`]s.
pub(crate) fn puzzles<G: Genre>(read: Result<Vec<G>, Error>) -> Result<Vec<Puzzle>, Error> {
    read.map(|list| list.into_iter().map(Into::into).collect())
}

/// The registry: `Variant(type)` per genre, with the variant's docs.
macro_rules! genres {
    ($($(#[$doc:meta])* $variant:ident($genre:ty);)*) => {
        /// A puzzle of any genre. With serde, in the JS API's shape: the genre's fields and
        /// `genre` (`{"genre": "nonogram", "rows": …, "cols": …}`).
        #[derive(Clone, Debug)]
        #[cfg_attr(
            any(feature = "serde", target_arch = "wasm32"),
            derive(serde::Serialize, serde::Deserialize),
            serde(tag = "genre", rename_all = "lowercase")
        )]
        pub enum Puzzle {
            $($(#[$doc])* $variant($genre),)*
        }

        $(impl From<$genre> for Puzzle {
            fn from(puzzle: $genre) -> Puzzle {
                Puzzle::$variant(puzzle)
            }
        })*

        /// Every genre's name (`"nonogram"`, …), in the registry's order.
        pub const GENRES: [&str; [$(stringify!($variant)),*].len()] = [$(<$genre as Genre>::NAME),*];

        impl Puzzle {
            /// The genre's name as used by the JS API and the canonical text (one of [`GENRES`]).
            pub fn genre(&self) -> &'static str {
                match self {
                    $(Puzzle::$variant(_) => <$genre as Genre>::NAME,)*
                }
            }

            /// `Ok` when `grid` (in the shape of [`Outcome::solutions`]) is a solution of this
            /// puzzle, otherwise the first rule it breaks, naming the place.
            pub fn check(&self, grid: &[Vec<u8>]) -> Result<(), Error> {
                match self {
                    $(Puzzle::$variant(p) => <$genre as Genre>::check(p, grid),)*
                }
            }
        }

        /// Solve `puzzle` (the options are valid).
        pub(crate) fn solve(
            puzzle: &Puzzle,
            options: &SolveOptions,
            clock: &dyn Clock,
            progress: &mut dyn Progress,
        ) -> Outcome {
            match puzzle {
                $(Puzzle::$variant(p) => p.solve(options, clock, progress),)*
            }
        }

        /// The names of the genres whose puzzles `format` (not the canonical text) holds.
        #[cfg(test)]
        pub(crate) fn holding(format: Format) -> Vec<&'static str> {
            let mut names = Vec::new();
            $(if <$genre as Genre>::format_of(format).is_some() {
                names.push(<$genre as Genre>::NAME);
            })*
            names
        }

        /// The puzzles in `text` read as `format` (not the canonical text), by the first genre
        /// that holds the format and [`Genre::read`]s the text; `None` when no genre does.
        pub(crate) fn parse(text: &str, format: Format) -> Option<Result<Vec<Puzzle>, Error>> {
            $(if let Some(read) = <$genre as Genre>::format_of(format).and_then(|f| <$genre as Genre>::read(text, f)) {
                return Some(read);
            })*
            None
        }

        /// `puzzle` as text in `format` (not the canonical text); `None` when the format does
        /// not hold the puzzle's genre.
        pub(crate) fn write(puzzle: &Puzzle, format: Format) -> Option<Result<String, Error>> {
            match puzzle {
                $(Puzzle::$variant(p) => <$genre as Genre>::format_of(format).map(|f| p.write(f)),)*
            }
        }

        /// The puzzle of the genre called `name` from a canonical text's body; `None` for a name
        /// that is no genre's.
        pub(crate) fn parse_canonical(name: &str, body: &Token<'_>) -> Option<Result<Puzzle, Error>> {
            $(if name == <$genre as Genre>::NAME {
                return Some(<$genre as Genre>::parse_canonical(body).map(Puzzle::$variant));
            })*
            None
        }

        /// `puzzle`'s canonical text, `name:body`.
        pub(crate) fn write_canonical(puzzle: &Puzzle) -> Result<String, Error> {
            let body = match puzzle {
                $(Puzzle::$variant(p) => p.write_canonical()?,)*
            };
            Ok(format!("{}:{body}", puzzle.genre()))
        }
    };
}

genres! {
    /// A black-and-white nonogram.
    Nonogram(crate::nonogram::Nonogram);
    /// A colour nonogram.
    ColorNonogram(crate::nonogram::ColorNonogram);
    /// A Kakuro.
    Kakuro(crate::kakuro::Kakuro);
    /// A Str8ts.
    Str8ts(crate::str8ts::Str8ts);
}
