//! Nonogram text formats: Simpson's `.non`, Wilk's `.nin`, webpbn XML, Tatham's Pattern game
//! IDs, the TAAI/TCGA tournament sets, nonogrid's TOML and picross-solver's `GRID` text
//! (see [`crate::format`] for the shared entry points).
//!
//! The colour forms of webpbn XML, `.non` and nonogrid TOML are read too (`palette.rs`): a
//! puzzle whose clues use two or more colours is a [`crate::Puzzle::ColorNonogram`], one
//! whose clues share one colour is black and white. Olšák's `.g` (`g.rs`) holds either kind;
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

use super::{ColorNonogram, Nonogram};
use crate::format::{clue_list, Format, Token};
use crate::{Error, Place, Puzzle};

pub(crate) use color_canonical::{is_color_id, parse_id as parse_color_id};
pub(crate) use tatham::parse_id as parse_tatham_id;

/// The nonograms in `text`, read as `format` (a nonogram format).
pub(crate) fn parse(text: &str, format: Format) -> Result<Vec<Puzzle>, Error> {
    let black_and_white = |list: Vec<Nonogram>| list.into_iter().map(Puzzle::Nonogram).collect();
    Ok(match format {
        Format::Non => non::parse(text)?,
        Format::Nin => vec![Puzzle::Nonogram(nin::parse(text)?)],
        Format::WebpbnXml => xml::parse(text)?,
        Format::Tatham => black_and_white(tatham::parse(text)?),
        Format::Tournament => black_and_white(tournament::parse(text)?),
        Format::NonogridToml => vec![toml::parse(text)?],
        Format::OlsakG => vec![g::parse(text)?],
        _ => black_and_white(picross::parse(text)?),
    })
}

/// `puzzle` as text in `format`: the colour forms of webpbn XML, `.non`, nonogrid TOML, `.g`
/// and the canonical text (for [`Format::Canonical`], without its `nonogram:` prefix).
pub(crate) fn write_color(puzzle: &ColorNonogram, format: Format) -> Result<String, Error> {
    match format {
        Format::Canonical => Ok(format!("nonogram:{}", color_canonical::write_id(puzzle))),
        Format::WebpbnXml => Ok(xml::write_color(puzzle)),
        Format::Non if puzzle.colors().len() <= 26 => Ok(non::write_color(puzzle)),
        Format::NonogridToml => Ok(toml::write_color(puzzle)),
        Format::OlsakG => g::write_color(puzzle),
        _ => Err(Error::new(
            Place::Puzzle,
            format!(
                "the {} format cannot hold this colour nonogram ({} colours)",
                format.name(),
                puzzle.colors().len()
            ),
        )),
    }
}

/// `puzzle` as text in `format` (a nonogram format, or [`Format::Tatham`] for the canonical text).
pub(crate) fn write(puzzle: &Nonogram, format: Format) -> Result<String, Error> {
    let rows: Vec<Vec<u32>> = puzzle.rows().iter().map(|c| clue_list(c.clone())).collect();
    let cols: Vec<Vec<u32>> = puzzle.cols().iter().map(|c| clue_list(c.clone())).collect();
    match format {
        Format::Non => Ok(non::write(&rows, &cols)),
        Format::Nin => Ok(nin::write(&rows, &cols)),
        Format::WebpbnXml => Ok(xml::write(&rows, &cols)),
        Format::Tournament => tournament::write(&rows, &cols),
        Format::NonogridToml => Ok(toml::write(&rows, &cols)),
        Format::PicrossSolver => Ok(picross::write(&rows, &cols)),
        Format::OlsakG => Ok(g::write(&rows, &cols)),
        _ => Ok(tatham::write(&rows, &cols)),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Format;

    #[test]
    fn every_format_round_trips_a_small_puzzle() {
        let p = Nonogram::new(vec![vec![1, 1], vec![], vec![3]], vec![vec![1, 1], vec![1], vec![2]]).unwrap();
        for f in [
            Format::Non,
            Format::Nin,
            Format::WebpbnXml,
            Format::Tatham,
            Format::NonogridToml,
            Format::PicrossSolver,
            Format::OlsakG,
        ] {
            let text = write(&p, f).unwrap();
            let back = parse(&text, f).unwrap();
            assert_eq!(back.len(), 1, "{f:?}");
            let Puzzle::Nonogram(back) = &back[0] else { panic!("{f:?} read a colour puzzle") };
            assert_eq!((back.rows(), back.cols()), (p.rows(), p.cols()), "{f:?}: {text}");
        }
        assert!(write(&p, Format::Tournament).unwrap_err().message.contains("25x25"));
    }
}
