//! Str8ts text formats: str8ts.com's board string, jamesaustin's `name:digits` lists, janko.at's
//! grid (as in the puzzlekit dataset), the character grid, m-ringler's comma format,
//! MartinBuchmann's integers, osmith93's two blocks and this crate's canonical text (see
//! [`crate::format`] for the shared entry points).
//!
//! Every parser turns its text into rows of squares (colour and digit), which go to
//! [`Str8ts::new`]; every writer reads the puzzle back as such rows.

mod buchmann;
mod chargrid;
mod digits;
mod janko;
mod osmith;
mod ringler;

use super::puzzle::{Str8ts, MAX_SIZE, MIN_SIZE};
use crate::format_names::Format;
use crate::text::Token;
use crate::{Error, Place};

/// The Str8ts sizes the parsers read (checked before anything is allocated).
const SIDES: std::ops::RangeInclusive<usize> = MIN_SIZE..=MAX_SIZE;

/// One cell as the formats see it: its colour and its digit (0 for none).
#[derive(Clone, Copy)]
struct Square {
    black: bool,
    digit: u32,
}

/// The Str8ts text formats other than the canonical one; each is described at its [`Format`]
/// namesake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Str8tsFormat {
    Janko,
    Str8tsCom,
    CharGrid,
    Ringler,
    Buchmann,
    Osmith,
    JamesAustin,
}

impl Str8tsFormat {
    /// The Str8ts format that `format` is, `None` when it holds no Str8ts.
    pub(crate) fn of(format: Format) -> Option<Str8tsFormat> {
        match format {
            Format::Janko => Some(Str8tsFormat::Janko),
            Format::Str8tsCom => Some(Str8tsFormat::Str8tsCom),
            Format::CharGrid => Some(Str8tsFormat::CharGrid),
            Format::Ringler => Some(Str8tsFormat::Ringler),
            Format::Buchmann => Some(Str8tsFormat::Buchmann),
            Format::Osmith => Some(Str8tsFormat::Osmith),
            Format::JamesAustin => Some(Str8tsFormat::JamesAustin),
            Format::Canonical
            | Format::Non
            | Format::Nin
            | Format::WebpbnXml
            | Format::Tatham
            | Format::Tournament
            | Format::NonogridToml
            | Format::PicrossSolver
            | Format::OlsakG
            | Format::Puzzlink
            | Format::Prop
            | Format::MarcelGarus
            | Format::SudokuLine
            | Format::SudokuGrid => None,
        }
    }

    /// Whether `text`, in this format, holds Str8ts rather than another genre's puzzles: a
    /// janko.at Str8ts never has a comma, a janko.at Kakuro always has clue cells `D,A`.
    pub(crate) fn is_own(self, text: &str) -> bool {
        match self {
            Str8tsFormat::Janko => !text.contains(','),
            Str8tsFormat::Str8tsCom
            | Str8tsFormat::CharGrid
            | Str8tsFormat::Ringler
            | Str8tsFormat::Buchmann
            | Str8tsFormat::Osmith
            | Str8tsFormat::JamesAustin => true,
        }
    }
}

/// The Str8ts puzzles in `text`, read as `format`.
pub(crate) fn parse(text: &str, format: Str8tsFormat) -> Result<Vec<Str8ts>, Error> {
    match format {
        Str8tsFormat::Str8tsCom => digits::parse_boards(text),
        Str8tsFormat::JamesAustin => digits::parse_named(text),
        Str8tsFormat::Janko => Ok(vec![build(janko::parse(text)?)?]),
        Str8tsFormat::CharGrid => Ok(vec![build(chargrid::parse(text)?)?]),
        Str8tsFormat::Ringler => Ok(vec![build(ringler::parse(text)?)?]),
        Str8tsFormat::Buchmann => Ok(vec![build(buchmann::parse(text)?)?]),
        Str8tsFormat::Osmith => Ok(vec![build(osmith::parse(text)?)?]),
    }
}

/// `puzzle` as text in `format`.
pub(crate) fn write(puzzle: &Str8ts, format: Str8tsFormat) -> Result<String, Error> {
    let rows = squares(puzzle);
    match format {
        Str8tsFormat::Str8tsCom => digits::write_board(&rows),
        Str8tsFormat::JamesAustin => digits::write_board(&rows).map(|board| format!("puzzle:{board}\n")),
        Str8tsFormat::Janko => Ok(janko::write(&rows)),
        Str8tsFormat::CharGrid => chargrid::write(&rows),
        Str8tsFormat::Ringler => Ok(ringler::write(&rows)),
        Str8tsFormat::Buchmann => buchmann::write(&rows),
        Str8tsFormat::Osmith => osmith::write(&rows),
    }
}

/// The puzzle of rows of squares.
fn build(rows: Vec<Vec<Square>>) -> Result<Str8ts, Error> {
    let grid = rows.iter().map(|r| r.iter().map(|s| s.digit).collect()).collect();
    let black = rows.iter().map(|r| r.iter().map(|s| s.black).collect()).collect();
    Str8ts::new(grid, black)
}

/// The rows of squares of a puzzle.
fn squares(puzzle: &Str8ts) -> Vec<Vec<Square>> {
    let n = puzzle.size();
    (0..n)
        .map(|r| (0..n).map(|c| Square { black: puzzle.is_black(r, c), digit: puzzle.given(r, c) }).collect())
        .collect()
}

/// Ok when a grid of `n` rows (counted at `place`) has a Str8ts size.
fn check_side(n: usize, place: &Token<'_>) -> Result<(), Error> {
    if SIDES.contains(&n) {
        return Ok(());
    }
    Err(place.error(format!(
        "a Str8ts is {}x{} to {}x{}, this grid has {n} rows",
        SIDES.start(),
        SIDES.start(),
        SIDES.end(),
        SIDES.end()
    )))
}

/// The error for a puzzle `format` cannot write because of the cell at `row`, `col` (or
/// the whole puzzle when `None`).
fn cannot_write(format: &str, cell: Option<(usize, usize)>, why: &str) -> Error {
    let place = cell.map_or(Place::Puzzle, |(row, col)| Place::Cell { row, col });
    Error::new(place, format!("the {format} format cannot hold this puzzle: {why}"))
}

/// Ok when every digit of `rows` is at most `max` (the largest digit `format` can write).
fn check_digits(rows: &[Vec<Square>], max: u32, format: &str) -> Result<(), Error> {
    for (r, row) in rows.iter().enumerate() {
        if let Some(c) = row.iter().position(|s| s.digit > max) {
            return Err(cannot_write(format, Some((r, c)), &format!("digits above {max}")));
        }
    }
    Ok(())
}

/// The puzzle of a canonical text's body (after `str8ts:`): rows separated by `/`, one
/// character per cell (`.` `1`-`9` `J`-`P` white, `-` `a`-`p` black).
pub(crate) fn parse_canonical(body: &Token<'_>) -> Result<Str8ts, Error> {
    let rows = body.split('/');
    check_side(rows.len(), body)?;
    let mut grid = Vec::with_capacity(rows.len());
    for row in &rows {
        let cells: Vec<Square> = row
            .text
            .char_indices()
            .map(|(i, c)| match c {
                '.' => Ok(Square { black: false, digit: 0 }),
                '-' => Ok(Square { black: true, digit: 0 }),
                '1'..='9' => Ok(Square { black: false, digit: c as u32 - '0' as u32 }),
                'J'..='P' => Ok(Square { black: false, digit: c as u32 - 'A' as u32 + 1 }),
                'a'..='p' => Ok(Square { black: true, digit: c as u32 - 'a' as u32 + 1 }),
                _ => Err(row.part(i, "").error(format!("unexpected character {c:?} in a Str8ts row"))),
            })
            .collect::<Result<_, _>>()?;
        if cells.len() != rows.len() {
            return Err(row.error(format!(
                "this row has {} cells, expected {} (as many as rows)",
                cells.len(),
                rows.len()
            )));
        }
        grid.push(cells);
    }
    build(grid)
}

/// The body of the canonical text of `puzzle` (after `str8ts:`).
pub(crate) fn write_canonical(puzzle: &Str8ts) -> Result<String, Error> {
    let rows = squares(puzzle);
    check_digits(&rows, 16, "canonical")?;
    let text: Vec<String> = rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|s| match (s.black, s.digit) {
                    (false, 0) => '.',
                    (true, 0) => '-',
                    (false, d @ 1..=9) => char::from(b'0' + d as u8),
                    (false, d) => char::from(b'A' + d as u8 - 1),
                    (true, d) => char::from(b'a' + d as u8 - 1),
                })
                .collect()
        })
        .collect();
    Ok(text.join("/"))
}
