//! The genre registry: one line per genre in [`genres!`], from which follow the [`Puzzle`]
//! enum, its genre names, the solve dispatch, the text format dispatch, the list of genre
//! names ([`GENRES`]), and the dispatch of the player's capabilities: explained logic, the
//! player's board, the forced solves of a hint's mistake check, generation. Every genre module
//! provides the same items through [`Genre`] and [`Play`] (src/genre/, which names no genre
//! and not [`Puzzle`]), so a new genre is a new `src/<genre>/` folder that implements both plus
//! one registry line (see CONTRIBUTING.md).
//! Nothing outside this file and the genre folders matches on [`Puzzle`]'s variants.

use crate::engine::error::Error;
use crate::engine::explain::{Board, Cell, Explained, PlayerBoard, Rating};
use crate::engine::generate::{GenerateOptions, Run};
use crate::engine::search::{Clock, Grid, Outcome, Progress, SolveOptions};
use crate::format_names::Format;
#[cfg(all(target_arch = "wasm32", any(feature = "solver", feature = "explain")))]
use crate::genre::js::FromJs;
use crate::genre::{Genre, Play};
use crate::text::Token;

/// The binding's reader of one JS value as a genre's puzzle, through the genre's serde impl
/// (src/shapes.rs): what [`Puzzle::from_shape`] calls with the type of the genre it chose.
#[cfg(any(all(test, not(target_arch = "wasm32")), all(target_arch = "wasm32", feature = "formats")))]
pub(crate) trait ShapeReader {
    /// The error of a value the genre's impl does not take.
    type Error;
    /// The value read as a `T`.
    fn read<T: serde::de::DeserializeOwned>(self) -> Result<T, Self::Error>;
}

/// The `genre`s of the JS API's shapes, each once and in double quotes, as an error message
/// lists them: `"nonogram", "kakuro", "str8ts" or "sudoku"` (written by the compiler).
#[cfg(any(test, target_arch = "wasm32"))]
pub(crate) const SHAPE_GENRE_LIST: &str = match core::str::from_utf8(&SHAPE_GENRE_BYTES) {
    Ok(list) => list,
    Err(_) => panic!("a genre's name is not UTF-8"),
};

/// The bytes of [`SHAPE_GENRE_LIST`].
#[cfg(any(test, target_arch = "wasm32"))]
const SHAPE_GENRE_BYTES: [u8; quoted_list(&SHAPE_GENRES, &mut [])] = {
    let mut bytes = [0; quoted_list(&SHAPE_GENRES, &mut [])];
    quoted_list(&SHAPE_GENRES, &mut bytes);
    bytes
};

/// Writes `names` (`""` skipped) into `out` as the words of a message, each in double quotes
/// (`"a", "b" or "c"`), and returns their length; with an empty `out`, only the length.
#[cfg(any(test, target_arch = "wasm32"))]
const fn quoted_list(names: &[&str], out: &mut [u8]) -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < names.len() {
        count += !names[i].is_empty() as usize;
        i += 1;
    }
    let (mut at, mut written, mut i) = (0, 0, 0);
    while i < names.len() {
        if !names[i].is_empty() {
            if written > 0 {
                at = put(out, at, if written + 1 == count { b" or " } else { b", " });
            }
            at = put(out, at, b"\"");
            at = put(out, at, names[i].as_bytes());
            at = put(out, at, b"\"");
            written += 1;
        }
        i += 1;
    }
    at
}

/// Copies `bytes` into `out` at `at` (unless `out` is empty: counting only); the end.
#[cfg(any(test, target_arch = "wasm32"))]
const fn put(out: &mut [u8], at: usize, bytes: &[u8]) -> usize {
    let mut k = 0;
    while k < bytes.len() && !out.is_empty() {
        out[at + k] = bytes[k];
        k += 1;
    }
    at + bytes.len()
}

/// A genre's puzzles read from a text, each made a [`Puzzle`] by `wrap` (a plain loop: the
/// iterator's `collect` cost the formats module 0.5 KB of wasm per genre).
fn puzzles<G>(list: Vec<G>, wrap: fn(G) -> Puzzle) -> Vec<Puzzle> {
    let mut puzzles = Vec::with_capacity(list.len());
    for puzzle in list {
        puzzles.push(wrap(puzzle));
    }
    puzzles
}

/// `names` with every name that an earlier one repeats replaced by `""`, worked out by the
/// compiler (the wasm then reads the genres' shape names without a loop that compares them).
const fn first_of_each<const N: usize>(names: [&'static str; N]) -> [&'static str; N] {
    let mut once = names;
    let mut i = 0;
    while i < N {
        let mut j = 0;
        while j < i {
            if names[i].len() == names[j].len() && same_bytes(names[i].as_bytes(), names[j].as_bytes()) {
                once[i] = "";
            }
            j += 1;
        }
        i += 1;
    }
    once
}

/// Whether `a` and `b` (of one length) hold the same bytes, in a `const fn`.
const fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let mut k = 0;
    while k < a.len() {
        if a[k] != b[k] {
            return false;
        }
        k += 1;
    }
    true
}

/// The registry: `Variant(type)` per genre, with the variant's docs.
macro_rules! genres {
    ($($(#[$doc:meta])* $variant:ident($genre:ty);)*) => {
        /// A puzzle of any genre. With serde, in the JS API's shape: the genre's fields and
        /// `genre` (`{"genre": "nonogram", "rows": …, "cols": …}`), written by the genre's own
        /// impl (src/shapes.rs; a colour nonogram is a `"nonogram"` with `colors`) and read by
        /// the registry's name (`"colornonogram"` for a colour nonogram).
        #[derive(Clone, Debug)]
        #[cfg_attr(
            any(feature = "serde", target_arch = "wasm32"),
            derive(serde::Deserialize),
            serde(tag = "genre", rename_all = "lowercase")
        )]
        pub enum Puzzle {
            $($(#[$doc])* $variant($genre),)*
        }

        #[cfg(any(feature = "serde", target_arch = "wasm32"))]
        impl serde::Serialize for Puzzle {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match self {
                    $(Puzzle::$variant(p) => p.serialize(serializer),)*
                }
            }
        }

        /// The TypeScript union of the genres' shapes: a genre `V`'s is `VPuzzle`, declared
        /// by its shape's derive in src/shapes.rs.
        #[cfg(target_arch = "wasm32")]
        #[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
        const PUZZLE_TYPE: &'static str =
            concat!("/** A puzzle of any genre. */\nexport type Puzzle =", $(" | ", stringify!($variant), "Puzzle",)* ";");

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

        impl Puzzle {
            /// The puzzle's `genre` in the JS API's shape: [`Puzzle::genre`], except that a
            /// colour nonogram is a `"nonogram"` (with `colors`).
            pub fn shape_genre(&self) -> &'static str {
                match self {
                    $(Puzzle::$variant(_) => <$genre as Play>::SHAPE_GENRE,)*
                }
            }

            /// The puzzle's explained logic; an error when explained logic takes no puzzle
            /// like this one.
            pub(crate) fn explained(&self) -> Result<&dyn Explained, Error> {
                match self {
                    $(Puzzle::$variant(p) => <$genre as Play>::explained(p),)*
                }
            }

            /// The explained-logic board of a player's `board` for this puzzle.
            pub(crate) fn player_board(&self, board: &PlayerBoard) -> Result<Board, Error> {
                match self {
                    $(Puzzle::$variant(p) => <$genre as Play>::player_board(p, board),)*
                }
            }

            /// For a puzzle whose player's board is cells (nonograms): the largest value of
            /// a cell and what a cell may be, in words; `None` for a board of digits.
            pub fn board_cells(&self) -> Option<(u8, String)> {
                match self {
                    $(Puzzle::$variant(p) => <$genre as Play>::board_cells(p),)*
                }
            }

            /// The puzzle solved with `cell` forced to `value` (valid options); an error when
            /// the puzzle rejects the entry.
            pub(crate) fn solve_forced(
                &self,
                cell: Cell,
                value: u8,
                options: &SolveOptions,
                clock: &dyn Clock,
            ) -> Result<Outcome, Error> {
                match self {
                    $(Puzzle::$variant(p) => <$genre as Play>::solve_forced(p, cell, value, options, clock),)*
                }
            }
        }

        /// A genre, as the JS API's shape names it (a variant per genre).
        #[derive(Clone, Copy)]
        enum ShapeOf {
            $($variant,)*
        }

        /// The genre of the JS API's shape (a puzzle, or the options of `generate`) whose
        /// `genre` is `genre`: the first whose [`Play::SHAPE_GENRE`] that is and whose
        /// [`Play::claims_shape`] takes the shape's fields (`has`: whether the shape has a
        /// field, neither undefined nor null); `None` when no genre's shape is called `genre`.
        fn shape_of(genre: &str, has: &dyn Fn(&str) -> bool) -> Option<ShapeOf> {
            $(if genre == <$genre as Play>::SHAPE_GENRE && <$genre as Play>::claims_shape(has) {
                return Some(ShapeOf::$variant);
            })*
            None
        }

        #[cfg(any(all(test, not(target_arch = "wasm32")), all(target_arch = "wasm32", feature = "formats")))]
        impl Puzzle {
            /// The puzzle in the JS API's shape whose `genre` is `genre` (with the fields
            /// `has` says it has), read by `reader` as the type of the genre [`shape_of`]
            /// chooses; `None` when no genre's shape is called `genre`.
            pub(crate) fn from_shape<R: ShapeReader>(
                genre: &str,
                has: &dyn Fn(&str) -> bool,
                reader: R,
            ) -> Option<Result<Puzzle, R::Error>> {
                Some(match shape_of(genre, has)? {
                    $(ShapeOf::$variant => reader.read::<$genre>().map(Puzzle::$variant),)*
                })
            }
        }

        #[cfg(all(target_arch = "wasm32", any(feature = "solver", feature = "explain")))]
        impl Puzzle {
            /// The puzzle in the JS API's shape `value`, whose `genre` is `genre` (with the
            /// fields `has` says it has), read by the genre's [`FromJs`] reader (the solver
            /// and explain modules'); `None` when no genre's shape is called `genre`.
            pub(crate) fn from_js(
                genre: &str,
                has: &dyn Fn(&str) -> bool,
                value: &wasm_bindgen::JsValue,
            ) -> Option<Result<Puzzle, Error>> {
                Some(match shape_of(genre, has)? {
                    $(ShapeOf::$variant => <$genre as FromJs>::from_js(value).map(Puzzle::$variant),)*
                })
            }
        }

        /// Each genre's `genre` in the JS API's shape, in the registry's order, `""` where an
        /// earlier genre's is the same (a colour nonogram's is `"nonogram"`).
        const SHAPE_GENRES: [&str; GENRES.len()] = first_of_each([$(<$genre as Play>::SHAPE_GENRE),*]);

        /// The `genre`s of the JS API's shapes, each once, in the registry's order
        /// (`"nonogram"`, `"kakuro"`, …).
        pub(crate) fn shape_genres() -> impl Iterator<Item = &'static str> {
            SHAPE_GENRES.into_iter().filter(|name| !name.is_empty())
        }

        /// A validated request to generate a puzzle, of the genre that took the options.
        pub(crate) enum Request {
            $($variant(<$genre as Play>::Request),)*
        }

        /// The request `options` make, of the first genre whose shape they name (`genre`, and
        /// [`Play::claims_shape`] of their fields); `None` when no genre's does.
        pub(crate) fn request(options: &GenerateOptions) -> Option<Result<Request, Error>> {
            Some(match shape_of(&options.genre, &|field| options.has(field))? {
                $(ShapeOf::$variant => <$genre as Play>::request(options).map(Request::$variant),)*
            })
        }

        /// Each genre's `genre` in the JS API's shape with its [`Play::OPTIONS`], in the
        /// registry's order.
        pub(crate) const GENERATE_OPTIONS: [(&str, &[&str]); GENRES.len()] =
            [$((<$genre as Play>::SHAPE_GENRE, <$genre as Play>::OPTIONS)),*];

        /// The TypeScript union of the genres' generate options: a genre `V`'s is
        /// `VGenerateOptions`, declared by its [`generate_options!`] list.
        ///
        /// [`generate_options!`]: crate::engine::generate::generate_options
        #[cfg(all(target_arch = "wasm32", feature = "explain"))]
        #[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
        const GENERATE_OPTIONS_TYPE: &'static str = concat!(
            "/** What `generate` makes: a genre, its sides and options, the difficulty and the seed. */\nexport type GenerateOptions =",
            $(" | ", stringify!($variant), "GenerateOptions",)* ";"
        );

        impl Request {
            /// The genre's [`Play::OPTIONS`].
            pub(crate) fn options(&self) -> &'static [&'static str] {
                match self {
                    $(Request::$variant(_) => <$genre as Play>::OPTIONS,)*
                }
            }

            /// The genre's [`Play::TOP_TECHNIQUE`].
            pub(crate) fn top_technique(&self) -> Option<(&'static str, u8)> {
                match self {
                    $(Request::$variant(_) => <$genre as Play>::TOP_TECHNIQUE,)*
                }
            }

            /// The genre's [`Play::CANDIDATES`].
            pub(crate) fn candidates(&self) -> (usize, usize) {
                match self {
                    $(Request::$variant(_) => <$genre as Play>::CANDIDATES,)*
                }
            }

            /// The puzzle generated at `level`, its solution and its rating.
            pub(crate) fn generate(self, level: u8, run: &mut Run) -> Result<(Puzzle, Grid, Rating), Error> {
                match self {
                    $(Request::$variant(request) => {
                        let found = <$genre as Play>::generate(request, level, run)?;
                        Ok((found.puzzle.into(), found.solution, found.rating))
                    })*
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
                return Some(read.map(|list| puzzles(list, Puzzle::$variant)));
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
    /// A Sudoku or Killer Sudoku.
    Sudoku(crate::sudoku::Sudoku);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shape_genre_list_is_the_shape_genres_in_words() {
        // The oracle: the list built at run time by `or_list`, each name quoted by `format!`.
        let quoted: Vec<String> = shape_genres().map(|name| format!("\"{name}\"")).collect();
        assert_eq!(SHAPE_GENRE_LIST, crate::text::or_list(&quoted));
        assert_eq!(SHAPE_GENRE_LIST, r#""nonogram", "kakuro", "str8ts" or "sudoku""#);
    }

    #[test]
    fn a_quoted_list_of_one_or_none() {
        assert_eq!(quoted_list(&["", ""], &mut []), 0);
        let mut one = [0; 3];
        assert_eq!(quoted_list(&["", "a"], &mut one), 3);
        assert_eq!(&one, b"\"a\"");
    }
}
