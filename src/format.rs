//! Puzzle text formats: reading the files other programs and sites write, and writing them
//! back.
//!
//! Every format is a [`Format`]; [`parse`] reads one puzzle, [`parse_all`] reads files that
//! hold many (tournament sets, `GRID` collections, `name:digits` lists), [`write()`] turns a
//! [`Puzzle`] into text. With no format given, [`detect`] tries the formats in a fixed order
//! (those with the most distinctive look first) and keeps the first that reads the whole text.
//! Only the formats the text looks like are read: each takes a cheap look first, on lines
//! split once for all of them, so that detecting costs a few reads of the text, not one per
//! format.
//!
//! | genre | formats |
//! |---|---|
//! | nonogram | [`Format::Non`], [`Format::Nin`], [`Format::WebpbnXml`], [`Format::Tatham`], [`Format::Tournament`], [`Format::NonogridToml`], [`Format::PicrossSolver`] |
//! | kakuro | [`Format::Janko`], [`Format::Puzzlink`], [`Format::Prop`], [`Format::MarcelGarus`] |
//! | str8ts | [`Format::Janko`], [`Format::Str8tsCom`], [`Format::CharGrid`], [`Format::Ringler`], [`Format::Buchmann`], [`Format::Osmith`], [`Format::JamesAustin`] |
//! | sudoku | [`Format::SudokuLine`], [`Format::SudokuGrid`], [`Format::Puzzlink`] |
//! | all | [`Format::Canonical`] |
//!
//! ## The canonical text
//!
//! One short, URL-safe line per puzzle (only letters, digits and `: / , . - _`), written the
//! same way every time, so that `write(parse(text)) == text` for every canonical text:
//!
//! * nonogram: `nonogram:` + Simon Tatham's Pattern game ID, e.g. `nonogram:2x2:2/1/2/1`
//!   (`WxH:`, then the column clues left to right, then the row clues top to bottom, `/`
//!   between lines, `.` between numbers, nothing for an empty line);
//! * kakuro: `kakuro:` + the rows separated by `/`, the cells of a row by `,`: `_` an empty
//!   white cell, `1`..`9` a given digit, and a block as `down-across` with either number left
//!   out when absent (`-`, `16-`, `-7`, `16-7`), e.g. `kakuro:-,4-,3-/-3,_,_/-4,_,_`;
//! * str8ts: `str8ts:` + the rows separated by `/`, one character per cell: `.` empty white,
//!   `1`..`9` a white given, `J`..`P` a white given 10..16 (the letter's place in the
//!   alphabet), `-` an empty black cell, `a`..`p` a black cell with digit 1..16, e.g.
//!   `str8ts:..1-/a.../...-/-2..`;
//! * sudoku: `sudoku:` + `RxC:` when the box is not the size's default, the rows separated by
//!   `/` with one character per cell (`.` empty, `1`..`9`, `J`..`P` for 10..16), and for a
//!   Killer `:` and the cages separated by `/`, each its sum and its cells as row and column
//!   digits from 1, joined by `.`, e.g. `sudoku:1.../..../..../...4:3.11.12`.
//!
//! Parsers never panic: every malformed input (truncated files, wrong counts, stray
//! characters, numbers too large, sizes beyond the genre's limits, checked before anything
//! is allocated) is an [`Error`] at [`Place::Text`], the 1-based line and column of the
//! offending token. Byte-order marks and CRLF line ends are accepted everywhere. What the
//! genre constructors reject (a clue longer than its line, a digit out of range) comes back
//! with their own place, e.g. `rows[3]`.

use crate::genres;
use crate::text::{at, check_length, lines, or_list, Line};
use crate::{Error, Place, Puzzle, GENRES};

pub use crate::format_names::{Format, ALL};

/// Read the one puzzle in `text`, in `format` or, when `None`, in the format [`detect`] finds.
/// A text holding several puzzles is an error (use [`parse_all`]).
pub fn parse(text: &str, format: Option<Format>) -> Result<Puzzle, Error> {
    let mut puzzles = parse_all(text, format)?;
    if puzzles.len() != 1 {
        return Err(at(1, 1, format!("the text holds {} puzzles, expected one", puzzles.len())));
    }
    Ok(puzzles.remove(0))
}

pub use crate::text::MAX_TEXT_BYTES;

/// Read every puzzle in `text` (at least one), in `format` or, when `None`, in the format
/// [`detect`] finds; texts longer than [`MAX_TEXT_BYTES`] are refused.
pub fn parse_all(text: &str, format: Option<Format>) -> Result<Vec<Puzzle>, Error> {
    check_length(text)?;
    match format {
        Some(format) => parse_as(text, format),
        None => detect_and_parse(text).map(|(_, puzzles)| puzzles),
    }
}

/// The format of `text`: the first of [`ALL`] that reads it completely. The error for text
/// no format reads comes from the format that read furthest into it, or lists the formats
/// tried when the text looks like none of them.
pub fn detect(text: &str) -> Result<Format, Error> {
    check_length(text)?;
    detect_and_parse(text).map(|(format, _)| format)
}

/// `puzzle` as text in `format`; an error when the format cannot hold the puzzle's genre or
/// this puzzle (too large, givens the format has no way to write, …).
pub fn write(puzzle: &Puzzle, format: Format) -> Result<String, Error> {
    let written = match format {
        Format::Canonical => Some(genres::write_canonical(puzzle)),
        format => genres::write(puzzle, format),
    };
    written.unwrap_or_else(|| {
        Err(Error::new(
            Place::Puzzle,
            format!(
                "the {} format holds {} puzzles, not {}",
                format.name(),
                format.genres().join(" or "),
                puzzle.genre()
            ),
        ))
    })
}

fn parse_as(text: &str, format: Format) -> Result<Vec<Puzzle>, Error> {
    let puzzles = match format {
        Format::Canonical => parse_canonical(text)?,
        format => genres::parse(text, format).unwrap_or(Ok(Vec::new()))?,
    };
    if puzzles.is_empty() {
        return Err(at(1, 1, format!("no puzzle found in the text (read as {})", format.name())));
    }
    Ok(puzzles)
}

/// Canonical texts, one per non-blank line; the prefix before the first `:` names the genre.
fn parse_canonical(text: &str) -> Result<Vec<Puzzle>, Error> {
    let mut puzzles = Vec::new();
    for line in lines(text).iter().filter(|l| !l.text.trim().is_empty()) {
        let body = line.text.trim();
        let start = line.text.len() - line.text.trim_start().len();
        let (genre, rest) = body.split_once(':').unwrap_or((body, ""));
        let rest_token = line.token((start + genre.len() + 1).min(start + body.len()), rest);
        let Some(puzzle) = genres::parse_canonical(genre, &rest_token) else {
            let prefixes: Vec<String> = GENRES.iter().map(|name| format!("{name}:")).collect();
            return Err(line
                .token(start, genre)
                .error(format!("a canonical text starts with {}, not {genre:?}", or_list(&prefixes))));
        };
        puzzles.push(puzzle?);
    }
    Ok(puzzles)
}

/// What detection looks at in a text, worked out once for all the formats: its lines and its
/// first two content lines (trimmed, neither blank nor `#` comments). Each format's look at
/// it is then at most one pass over the lines, without allocating.
struct Look<'a> {
    /// The text's lines.
    lines: Vec<Line<'a>>,
    /// The first content line, `""` when there is none.
    first: &'a str,
    /// The second content line, if any.
    second: Option<&'a str>,
}

impl<'a> Look<'a> {
    fn new(text: &'a str) -> Look<'a> {
        let lines = lines(text);
        let (first, second) = {
            let mut content = content_of(&lines);
            (content.next().unwrap_or(""), content.next())
        };
        Look { lines, first, second }
    }
}

/// The trimmed content lines (neither blank nor `#` comments) of `lines`.
fn content_of<'a, 'b>(lines: &'b [Line<'a>]) -> impl Iterator<Item = &'a str> + 'b {
    lines.iter().map(|l| l.text.trim()).filter(|t| !t.is_empty() && !t.starts_with('#'))
}

/// Whether the text `look` describes looks enough like `format` to be worth reading as it,
/// and to report that format's error when nothing reads it.
fn looks_like(look: &Look<'_>, format: Format) -> bool {
    let (lines, first) = (&look.lines, look.first);
    let all_lines = || lines.iter().map(|l| l.text.trim());
    let is_number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match format {
        Format::Canonical => {
            GENRES.iter().any(|name| first.strip_prefix(name).is_some_and(|rest| rest.starts_with(':')))
        }
        Format::Puzzlink => first.contains("kakuro/") || first.contains("sudoku/"),
        Format::SudokuLine => crate::sudoku::format::looks_like_line(first),
        Format::SudokuGrid => crate::sudoku::format::looks_like_grid(lines),
        Format::WebpbnXml => first.starts_with('<'),
        Format::NonogridToml => all_lines().any(|l| l == "[clues]"),
        Format::Non => all_lines().any(|l| l.starts_with("width")) && all_lines().any(|l| l.starts_with("rows")),
        Format::PicrossSolver => all_lines().any(|l| l.starts_with("GRID")),
        Format::OlsakG => lines.iter().filter(|l| l.text.starts_with(':')).nth(1).is_some(),
        Format::Tournament => first.starts_with('$'),
        Format::Tatham => first.split_once(':').is_some_and(|(size, _)| size.split_once('x').is_some()),
        Format::JamesAustin => first.split_once(':').is_some_and(|(_, digits)| is_number(digits)),
        Format::Str8tsCom => {
            let board = first.rsplit("bd=").next().unwrap_or("").split('&').next().unwrap_or("");
            is_number(board) && board.len() >= 162
        }
        Format::Ringler => is_number(first) && look.second.is_some_and(|l| l.contains(',')),
        Format::Prop => first.split_once(',').is_some_and(|(r, c)| is_number(r) && is_number(c.trim())),
        Format::MarcelGarus => first.contains('\\'),
        Format::Janko | Format::Nin => first.split_whitespace().count() == 2 && first.split_whitespace().all(is_number),
        Format::Buchmann => {
            content_of(lines).all(|l| l.split_whitespace().all(|t| is_number(t.trim_start_matches('-'))))
        }
        Format::Osmith => first.chars().all(|c| c == 'x' || c == '.'),
        Format::CharGrid => {
            first.chars().all(|c| c == '.' || c == '#' || c.is_ascii_digit() || ('a'..='i').contains(&c))
        }
    }
}

/// The first format of [`ALL`] that [`looks_like`] the text and reads it. When none reads it,
/// the error of the format that got furthest: a puzzle the genre rejects was read to its end,
/// and otherwise the error placed latest in the text wins (the earlier format on a tie).
fn detect_and_parse(text: &str) -> Result<(Format, Vec<Puzzle>), Error> {
    let look = Look::new(text);
    if look.lines.iter().all(|l| l.text.trim().is_empty()) {
        return Err(at(1, 1, "the text is empty"));
    }
    let progress = |e: &Error| match e.place {
        Place::Text { line, column } => (0, line, column),
        _ => (1, 0, 0),
    };
    let mut best: Option<Error> = None;
    for format in ALL.into_iter().filter(|&f| looks_like(&look, f)) {
        match parse_as(text, format) {
            Ok(puzzles) => return Ok((format, puzzles)),
            Err(e) if best.as_ref().map_or(true, |b| progress(&e) > progress(b)) => {
                best = Some(Error::new(e.place, format!("{} (read as {})", e.message, format.name())));
            }
            Err(_) => {}
        }
    }
    Err(best.unwrap_or_else(|| {
        let names: Vec<&str> = ALL.iter().map(|f| f.name()).collect();
        at(1, 1, format!("unrecognised puzzle text (tried: {})", names.join(", ")))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for f in ALL {
            assert_eq!(Format::from_name(f.name()), Some(f));
        }
        assert_eq!(Format::from_name("nope"), None);
    }

    #[test]
    fn unrecognised_text_lists_the_formats() {
        let e = parse("hello", None).unwrap_err();
        assert!(e.message.contains("tried: canonical, puzzlink"), "{e}");
        assert_eq!(e.place, Place::Text { line: 1, column: 1 });
    }

    #[test]
    fn detection_reports_the_format_that_read_furthest() {
        // Two numbers first: Janko is tried before .nin, but .nin reads further.
        let e = parse("2 1\n1\n1\n1 x\n", None).unwrap_err();
        assert_eq!(
            (&e.place, e.message.ends_with("(read as nin)")),
            (&Place::Text { line: 4, column: 3 }, true),
            "{e}"
        );
        assert_eq!(parse(" \n\n", None).unwrap_err().message, "the text is empty");
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))] // serde_json is a native dev-dependency
    fn a_format_is_written_as_its_name() {
        // serde's names (what the derived TypeScript union `PuzzleFormat` lists) against the
        // names the readers accept.
        for f in ALL {
            assert_eq!(serde_json::to_value(f).unwrap(), f.name(), "{f:?}");
        }
    }

    #[test]
    fn a_format_holds_the_genres_whose_formats_it_is() {
        for f in ALL {
            let expected = if f == Format::Canonical { GENRES.to_vec() } else { genres::holding(f) };
            assert_eq!(f.genres(), expected, "{f:?}");
        }
    }

    #[test]
    fn writing_checks_the_genre() {
        let p = parse("nonogram:1x1:1/1", None).unwrap();
        assert!(write(&p, Format::Prop).unwrap_err().message.contains("kakuro puzzles, not nonogram"));
    }
}
