//! Nonogram text formats: Simpson's `.non`, Wilk's `.nin`, webpbn XML, Tatham's Pattern game
//! IDs, the TAAI/TCGA tournament sets, nonogrid's TOML and picross-solver's `GRID` text
//! (see [`crate::format`] for the shared entry points).
//!
//! Only black-and-white nonograms are read. A colour puzzle is an error that says how many
//! colours it uses, unless all its clues share one colour, which is then just "filled".

mod nin;
mod non;
mod picross;
mod tatham;
mod toml;
mod tournament;
mod xml;

use super::Nonogram;
use crate::format::Format;
use crate::text::Token;
use crate::Error;

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
            | Format::JamesAustin => None,
        }
    }

    /// Whether `text`, in this format, holds nonograms rather than another genre's puzzles
    /// (no nonogram format is shared with another genre).
    pub(crate) fn is_own(self, _text: &str) -> bool {
        true
    }
}

/// The nonograms in `text`, read as `format`.
pub(crate) fn parse(text: &str, format: NonogramFormat) -> Result<Vec<Nonogram>, Error> {
    match format {
        NonogramFormat::Non => non::parse(text),
        NonogramFormat::Nin => nin::parse(text).map(|p| vec![p]),
        NonogramFormat::WebpbnXml => xml::parse(text),
        NonogramFormat::Tatham => tatham::parse(text),
        NonogramFormat::Tournament => tournament::parse(text),
        NonogramFormat::NonogridToml => toml::parse(text).map(|p| vec![p]),
        NonogramFormat::PicrossSolver => picross::parse(text),
    }
}

/// `puzzle` as text in `format` ([`NonogramFormat::Tatham`] is also the canonical text's body).
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

/// The colours a puzzle's clues use, each with the first clue of that colour; more than one
/// colour is an error naming them (the error's place is the first clue of the second colour).
#[derive(Default)]
struct Colours<'a> {
    seen: Vec<(String, Token<'a>)>,
}

impl<'a> Colours<'a> {
    /// Note that `token`'s clue has colour `name`.
    fn note(&mut self, name: &str, token: Token<'a>) {
        if !self.seen.iter().any(|(n, _)| n == name) {
            self.seen.push((name.to_string(), token));
        }
    }

    /// Ok when at most one colour was seen.
    fn check(&self) -> Result<(), Error> {
        if self.seen.len() <= 1 {
            return Ok(());
        }
        // Sorted by inserting in place: a few names, and no sort instance in the wasm for them.
        let mut list: Vec<&str> = Vec::new();
        for name in self.seen.iter().map(|(n, _)| if n.is_empty() { "default" } else { n.as_str() }) {
            let at = list.partition_point(|&listed| listed < name);
            if list.get(at) != Some(&name) {
                list.insert(at, name);
            }
        }
        Err(self.seen[1].1.error(format!(
            "colour nonograms are not supported: this puzzle uses {} colours ({})",
            self.seen.len(),
            list.join(", ")
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::lines;

    #[test]
    fn one_colour_is_fine_two_are_not() {
        let ls = lines("3b 2b 1r");
        let words = ls[0].words(char::is_whitespace);
        let mut colours = Colours::default();
        for w in &words[..2] {
            let (n, c) = coloured_number(w).unwrap();
            assert!(n > 1);
            colours.note(c, *w);
        }
        assert!(colours.check().is_ok());
        colours.note("r", words[2]);
        let e = colours.check().unwrap_err();
        assert_eq!(e.message, "colour nonograms are not supported: this puzzle uses 2 colours (b, r)");
        assert_eq!(e.place, crate::Place::Text { line: 1, column: 7 });
    }

    #[test]
    fn every_format_round_trips_a_small_puzzle() {
        let p = Nonogram::new(vec![vec![1, 1], vec![], vec![3]], vec![vec![1, 1], vec![1], vec![2]]).unwrap();
        for f in [
            NonogramFormat::Non,
            NonogramFormat::Nin,
            NonogramFormat::WebpbnXml,
            NonogramFormat::Tatham,
            NonogramFormat::NonogridToml,
            NonogramFormat::PicrossSolver,
        ] {
            let text = write(&p, f).unwrap();
            let back = parse(&text, f).unwrap();
            assert_eq!(back.len(), 1, "{f:?}");
            assert_eq!((back[0].rows(), back[0].cols()), (p.rows(), p.cols()), "{f:?}: {text}");
        }
        assert!(write(&p, NonogramFormat::Tournament).unwrap_err().message.contains("25x25"));
    }
}
