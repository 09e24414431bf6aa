//! Kakuro text formats: janko.at's grid (as in the puzzlekit dataset), the puzz.link URL, the
//! UPC PROP course's `.kak`, MarcelGarus's `.kakuro` and this crate's canonical text (see
//! [`crate::format`] for the shared entry points).
//!
//! All of them describe the full grid, clue border included, except puzz.link, whose border
//! is implied: a puzzle whose first row or column is not all blocks has no puzz.link URL.

mod janko;
mod marcelgarus;
mod prop;
mod puzzlink;

use super::puzzle::{Cell, Kakuro, MAX_SIDE};
use crate::format_names::Format;
use crate::text::Token;
use crate::{Error, Place};

/// The Kakuro text formats other than the canonical one; each is described at its [`Format`]
/// namesake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KakuroFormat {
    Janko,
    Puzzlink,
    Prop,
    MarcelGarus,
}

impl KakuroFormat {
    /// The Kakuro format that `format` is, `None` when it holds no Kakuros.
    pub(crate) fn of(format: Format) -> Option<KakuroFormat> {
        match format {
            Format::Janko => Some(KakuroFormat::Janko),
            Format::Puzzlink => Some(KakuroFormat::Puzzlink),
            Format::Prop => Some(KakuroFormat::Prop),
            Format::MarcelGarus => Some(KakuroFormat::MarcelGarus),
            Format::Canonical
            | Format::Non
            | Format::Nin
            | Format::WebpbnXml
            | Format::Tatham
            | Format::Tournament
            | Format::NonogridToml
            | Format::PicrossSolver
            | Format::OlsakG
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

    /// Whether `text`, in this format, holds Kakuros rather than another genre's puzzles: a
    /// janko.at Kakuro always has clue cells `D,A`, a janko.at Str8ts never has a comma; a
    /// puzz.link URL names its genre.
    pub(crate) fn is_own(self, text: &str) -> bool {
        match self {
            KakuroFormat::Janko => text.contains(','),
            KakuroFormat::Puzzlink => text.contains("kakuro/"),
            KakuroFormat::Prop | KakuroFormat::MarcelGarus => true,
        }
    }
}

/// The Kakuros in `text`, read as `format`.
pub(crate) fn parse(text: &str, format: KakuroFormat) -> Result<Vec<Kakuro>, Error> {
    let grid = match format {
        KakuroFormat::Janko => janko::parse(text)?,
        KakuroFormat::Puzzlink => puzzlink::parse(text)?,
        KakuroFormat::Prop => prop::parse(text)?,
        KakuroFormat::MarcelGarus => marcelgarus::parse(text)?,
    };
    Ok(vec![Kakuro::new(grid)?])
}

/// `puzzle` as text in `format`.
pub(crate) fn write(puzzle: &Kakuro, format: KakuroFormat) -> Result<String, Error> {
    let grid = puzzle.cells();
    match format {
        KakuroFormat::Janko => Ok(janko::write(grid)),
        KakuroFormat::Puzzlink => puzzlink::write(grid),
        KakuroFormat::Prop => Ok(prop::write(grid)),
        KakuroFormat::MarcelGarus => marcelgarus::write(grid),
    }
}

/// The Kakuro of a canonical text's body (after `kakuro:`): rows separated by `/`, cells by
/// `,`; `_` empty white, `1`..`9` given, `down-across` block with either number optional.
pub(crate) fn parse_canonical(body: &Token<'_>) -> Result<Kakuro, Error> {
    let rows = body.split('/');
    if rows.len() > MAX_SIDE {
        return Err(rows[MAX_SIDE].error(format!("more than {MAX_SIDE} rows")));
    }
    let mut grid = Vec::with_capacity(rows.len());
    for row in &rows {
        let cells = row.split(',');
        check_width(&cells, grid.first().map(Vec::len), row)?;
        grid.push(cells.iter().map(canonical_cell).collect::<Result<Vec<_>, _>>()?);
    }
    Kakuro::new(grid)
}

fn canonical_cell(token: &Token<'_>) -> Result<Cell, Error> {
    match token.text {
        "_" => Ok(Cell::White(None)),
        _ => match token.text.split_once('-') {
            Some((down, across)) => block(&token.part(0, down), &token.part(down.len() + 1, across)),
            None => token.number("a cell (`_`, a digit or `down-across`)").map(|d| Cell::White(Some(d))),
        },
    }
}

/// The body of the canonical text of `puzzle` (after `kakuro:`).
pub(crate) fn write_canonical(puzzle: &Kakuro) -> Result<String, Error> {
    let row = |cells: &Vec<Cell>| {
        let tokens: Vec<String> = cells
            .iter()
            .map(|cell| match *cell {
                Cell::White(None) => "_".to_string(),
                Cell::White(Some(d)) => d.to_string(),
                Cell::Block { down, across } => format!("{}-{}", optional(down), optional(across)),
            })
            .collect();
        tokens.join(",")
    };
    Ok(puzzle.cells().iter().map(row).collect::<Vec<_>>().join("/"))
}

/// A block cell from its down and across sums, each empty when absent.
fn block(down: &Token<'_>, across: &Token<'_>) -> Result<Cell, Error> {
    let sum = |t: &Token<'_>, what: &str| if t.text.is_empty() { Ok(None) } else { t.number(what).map(Some) };
    Ok(Cell::Block { down: sum(down, "a down sum")?, across: sum(across, "an across sum")? })
}

/// `n` as text, or nothing for `None`.
fn optional(n: Option<u32>) -> String {
    n.map(|n| n.to_string()).unwrap_or_default()
}

/// Ok when a row of `cells` (read at `row`) has the width of the rows before it, and the grid
/// stays within the size limit.
fn check_width(cells: &[Token<'_>], width: Option<usize>, row: &Token<'_>) -> Result<(), Error> {
    if cells.len() > MAX_SIDE {
        return Err(cells[MAX_SIDE].error(format!("more than {MAX_SIDE} cells in a row")));
    }
    match width {
        Some(w) if w != cells.len() => {
            let place = cells.get(w).unwrap_or(row);
            Err(place.error(format!("this row has {} cells, the first row {w}", cells.len())))
        }
        _ => Ok(()),
    }
}

/// The error for a puzzle `format` cannot write because of the cell at `row`, `col`.
fn cannot_write(format: &str, row: usize, col: usize, why: &str) -> Error {
    Error::new(Place::Cell { row, col }, format!("the {format} format cannot hold this puzzle: {why}"))
}
