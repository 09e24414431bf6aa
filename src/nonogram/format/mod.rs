//! Nonogram text formats: Simpson's `.non`, Wilk's `.nin`, webpbn XML, Tatham's Pattern game
//! IDs, the TAAI/TCGA tournament sets, nonogrid's TOML and picross-solver's `GRID` text
//! (see [`crate::format`] for the shared entry points).
//!
//! The colour forms of webpbn XML, `.non` and nonogrid TOML are read too (`palette.rs`): a
//! puzzle whose clues use two or more colours is a [`ColorNonogram`], one whose clues share
//! one colour is black and white. Olšák's `.g` (`g.rs`) holds either kind;
//! the canonical text has a colour form (`color_canonical.rs`).

mod color_canonical;
mod g;
mod nin;
mod non;
mod palette;
mod picross;
mod tatham;
mod toml;
mod tournament;
mod xml;

use crate::format_names::Format;
use crate::genre::Genre;
use crate::nonogram::color::ColorNonogram;
use crate::nonogram::puzzle::Nonogram;
use crate::text::Token;
use crate::{Error, Place};

pub(crate) use color_canonical::{parse_id as parse_color_id, write_id as write_color_id};
pub(crate) use tatham::parse_id as parse_tatham_id;

/// The nonogram text formats; each is described at its [`Format`] namesake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NonogramFormat {
    Non,
    Nin,
    WebpbnXml,
    Tatham,
    Tournament,
    NonogridToml,
    PicrossSolver,
    OlsakG,
}

impl NonogramFormat {
    /// The nonogram format that `format` is, `None` when it holds no nonograms.
    pub(crate) fn of(format: Format) -> Option<NonogramFormat> {
        match format {
            Format::Non => Some(NonogramFormat::Non),
            Format::Nin => Some(NonogramFormat::Nin),
            Format::WebpbnXml => Some(NonogramFormat::WebpbnXml),
            Format::Tatham => Some(NonogramFormat::Tatham),
            Format::Tournament => Some(NonogramFormat::Tournament),
            Format::NonogridToml => Some(NonogramFormat::NonogridToml),
            Format::PicrossSolver => Some(NonogramFormat::PicrossSolver),
            Format::OlsakG => Some(NonogramFormat::OlsakG),
            Format::Canonical
            | Format::Janko
            | Format::Puzzlink
            | Format::Prop
            | Format::MarcelGarus
            | Format::Str8tsCom
            | Format::CharGrid
            | Format::Ringler
            | Format::Buchmann
            | Format::Osmith
            | Format::JamesAustin
            | Format::SudokuLine
            | Format::SudokuGrid => None,
        }
    }

    /// The colour format that this one is, `None` when it has no colour form.
    pub(crate) fn color(self) -> Option<NonogramFormat> {
        match self {
            NonogramFormat::Non | NonogramFormat::WebpbnXml | NonogramFormat::NonogridToml | NonogramFormat::OlsakG => {
                Some(self)
            }
            NonogramFormat::Nin
            | NonogramFormat::Tatham
            | NonogramFormat::Tournament
            | NonogramFormat::PicrossSolver => None,
        }
    }
}

/// A nonogram read from a text: black and white, or colour (clues in two or more colours).
pub(crate) enum AnyNonogram {
    Nonogram(Nonogram),
    ColorNonogram(ColorNonogram),
}

impl AnyNonogram {
    /// The genre's name ([`Genre::NAME`]).
    fn genre(&self) -> &'static str {
        match self {
            AnyNonogram::Nonogram(_) => Nonogram::NAME,
            AnyNonogram::ColorNonogram(_) => ColorNonogram::NAME,
        }
    }
}

/// The nonograms of one text, all of one kind.
pub(crate) enum Nonograms {
    BlackAndWhite(Vec<Nonogram>),
    Color(Vec<ColorNonogram>),
}

/// The nonograms in `text`, read as `format`.
fn parse_any(text: &str, format: NonogramFormat) -> Result<Vec<AnyNonogram>, Error> {
    let black_and_white = |list: Vec<Nonogram>| list.into_iter().map(AnyNonogram::Nonogram).collect();
    Ok(match format {
        NonogramFormat::Non => non::parse(text)?,
        NonogramFormat::Nin => vec![AnyNonogram::Nonogram(nin::parse(text)?)],
        NonogramFormat::WebpbnXml => xml::parse(text)?,
        NonogramFormat::Tatham => black_and_white(tatham::parse(text)?),
        NonogramFormat::Tournament => black_and_white(tournament::parse(text)?),
        NonogramFormat::NonogridToml => vec![toml::parse(text)?],
        NonogramFormat::OlsakG => vec![g::parse(text)?],
        NonogramFormat::PicrossSolver => black_and_white(picross::parse(text)?),
    })
}

/// The nonograms in `text`, read as `format` once, all of one kind: black-and-white ones or
/// colour ones (clues in two or more colours; only the formats with a colour form hold them).
/// A text that mixes them is an error.
pub(crate) fn read(text: &str, format: NonogramFormat) -> Result<Nonograms, Error> {
    let mut black_and_white = Vec::new();
    let mut color = Vec::new();
    for puzzle in parse_any(text, format)? {
        match puzzle {
            AnyNonogram::Nonogram(p) if color.is_empty() => black_and_white.push(p),
            AnyNonogram::ColorNonogram(p) if black_and_white.is_empty() => color.push(p),
            other => return Err(mixed(other.genre())),
        }
    }
    Ok(if color.is_empty() { Nonograms::BlackAndWhite(black_and_white) } else { Nonograms::Color(color) })
}

/// The error of a bundle whose puzzles are not all of the first one's kind.
fn mixed(genre: &str) -> Error {
    Error::new(
        Place::Puzzle,
        format!("the text mixes black-and-white and colour nonograms (a later puzzle is a {genre})"),
    )
}

/// `puzzle` as text in `format`.
pub(crate) fn write(puzzle: &Nonogram, format: NonogramFormat) -> Result<String, Error> {
    let rows: Vec<Vec<u32>> = puzzle.rows().iter().map(|c| clue_list(c.clone())).collect();
    let cols: Vec<Vec<u32>> = puzzle.cols().iter().map(|c| clue_list(c.clone())).collect();
    match format {
        NonogramFormat::Non => Ok(non::write(&rows, &cols)),
        NonogramFormat::Nin => Ok(nin::write(&rows, &cols)),
        NonogramFormat::WebpbnXml => Ok(xml::write(&rows, &cols)),
        NonogramFormat::Tatham => Ok(tatham::write(&rows, &cols)),
        NonogramFormat::Tournament => tournament::write(&rows, &cols),
        NonogramFormat::NonogridToml => Ok(toml::write(&rows, &cols)),
        NonogramFormat::PicrossSolver => Ok(picross::write(&rows, &cols)),
        NonogramFormat::OlsakG => Ok(g::write(&rows, &cols)),
    }
}

/// `puzzle` as text in `format`: the colour forms of webpbn XML, `.non`, nonogrid TOML and
/// `.g`; the other formats cannot hold colours.
pub(crate) fn write_color(puzzle: &ColorNonogram, format: NonogramFormat) -> Result<String, Error> {
    let unfit = |format: NonogramFormat| {
        Err(Error::new(
            Place::Puzzle,
            format!("the {format:?} format cannot hold this colour nonogram ({} colours)", puzzle.colors().len()),
        ))
    };
    match format {
        NonogramFormat::WebpbnXml => Ok(xml::write_color(puzzle)),
        NonogramFormat::Non if puzzle.colors().len() <= 26 => Ok(non::write_color(puzzle)),
        NonogramFormat::NonogridToml => Ok(toml::write_color(puzzle)),
        NonogramFormat::OlsakG => g::write_color(puzzle),
        NonogramFormat::Non
        | NonogramFormat::Nin
        | NonogramFormat::Tatham
        | NonogramFormat::Tournament
        | NonogramFormat::PicrossSolver => unfit(format),
    }
}

/// A nonogram clue list from its numbers: a list of zeros (`0`) is an empty line, `[]`.
pub(crate) fn clue_list(numbers: Vec<u32>) -> Vec<u32> {
    if numbers.iter().all(|&n| n == 0) {
        Vec::new()
    } else {
        numbers
    }
}

/// `clue`'s numbers joined by `separator`, or `empty` for an empty line.
fn join(clue: &[u32], separator: &str, empty: &str) -> String {
    if clue.is_empty() {
        return empty.to_string();
    }
    clue.iter().map(u32::to_string).collect::<Vec<_>>().join(separator)
}

/// A clue number that may carry a colour after it (`3`, `3b`, `12r`): the number, and the
/// colour name (empty for the default colour).
fn coloured_number<'a>(token: &Token<'a>) -> Result<(u32, &'a str), Error> {
    let digits = token.text.bytes().take_while(u8::is_ascii_digit).count();
    let number = token.part(0, &token.text[..digits]).number("a clue")?;
    Ok((number, token.text[digits..].trim()))
}
