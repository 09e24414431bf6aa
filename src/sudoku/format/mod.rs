//! Sudoku text formats: the one-line form of Sudoku collections, a grid of digits, the
//! puzz.link (pzprjs) URL and this crate's canonical text (see [`crate::format`] for the
//! shared entry points).
//!
//! Cells are written one character each in the one-line form, the canonical text and the
//! grid without spaces: `.` or `0` empty, `1`-`9`, and for digits 10..16 a letter — `A`-`G`
//! in the one-line form and the grid (as 16×16 collections write them), `J`-`P` in the
//! canonical text (the letter's place in the alphabet, as in a Str8ts canonical text).
//! Cages only the canonical text holds.

mod grid;
mod line;
mod puzzlink;

use super::puzzle::{Cage, Sudoku, MAX_KILLER_SIZE, MAX_SIZE, MIN_SIZE};
use crate::format_names::Format;
use crate::text::{Line, Token};
use crate::{Error, Place};

/// The Sudoku text formats other than the canonical one; each is described at its [`Format`]
/// namesake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SudokuFormat {
    Line,
    Grid,
    Puzzlink,
}

impl SudokuFormat {
    /// The Sudoku format that `format` is, `None` when it holds no Sudoku.
    pub(crate) fn of(format: Format) -> Option<SudokuFormat> {
        match format {
            Format::SudokuLine => Some(SudokuFormat::Line),
            Format::SudokuGrid => Some(SudokuFormat::Grid),
            Format::Puzzlink => Some(SudokuFormat::Puzzlink),
            Format::Canonical
            | Format::Non
            | Format::Nin
            | Format::WebpbnXml
            | Format::Tatham
            | Format::Tournament
            | Format::NonogridToml
            | Format::PicrossSolver
            | Format::OlsakG
            | Format::Janko
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

    /// Whether `text`, in this format, holds a Sudoku rather than another genre's puzzle: a
    /// puzz.link URL names its genre (`…sudoku/9/9/…`).
    pub(crate) fn is_own(self, text: &str) -> bool {
        match self {
            SudokuFormat::Puzzlink => puzzlink::names_sudoku(text),
            SudokuFormat::Line | SudokuFormat::Grid => true,
        }
    }
}

/// The Sudoku puzzles in `text`, read as `format`.
pub(crate) fn parse(text: &str, format: SudokuFormat) -> Result<Vec<Sudoku>, Error> {
    match format {
        SudokuFormat::Line => line::parse(text),
        SudokuFormat::Grid => Ok(vec![grid::parse(text)?]),
        SudokuFormat::Puzzlink => Ok(vec![puzzlink::parse(text)?]),
    }
}

/// `puzzle` as text in `format`.
pub(crate) fn write(puzzle: &Sudoku, format: SudokuFormat) -> Result<String, Error> {
    let name = match format {
        SudokuFormat::Line => "one-line",
        SudokuFormat::Grid => "grid",
        SudokuFormat::Puzzlink => "puzz.link",
    };
    if puzzle.is_killer() {
        return Err(cannot_write(name, "it has cages, which only the canonical text holds"));
    }
    if !puzzle.has_default_box() {
        let (rows, cols) = puzzle.box_shape();
        return Err(cannot_write(name, &format!("its {rows}×{cols} boxes are not the size's default")));
    }
    match format {
        SudokuFormat::Line => Ok(line::write(puzzle)),
        SudokuFormat::Grid => Ok(grid::write(puzzle)),
        SudokuFormat::Puzzlink => puzzlink::write(puzzle),
    }
}

/// Whether the first content line of a text looks like the one-line form.
pub(crate) fn looks_like_line(first: &str) -> bool {
    line::looks_like(first)
}

/// Whether a text, split into `lines`, looks like a grid of digits.
pub(crate) fn looks_like_grid(lines: &[Line<'_>]) -> bool {
    grid::looks_like(lines)
}

/// The error for a puzzle `format` cannot write.
fn cannot_write(format: &str, why: &str) -> Error {
    Error::new(Place::Puzzle, format!("the {format} format cannot hold this puzzle: {why}"))
}

/// Whether `n` cells make a square grid of a Sudoku size; its side.
fn side_of(cells: usize) -> Option<usize> {
    (MIN_SIZE..=MAX_SIZE).find(|&n| n * n == cells)
}

/// The digit of a one-character cell of the one-line form and the grid (`.` and `0` empty,
/// `A`-`G` or `a`-`g` for 10..16); `None` for any other character.
fn cell_digit(c: char) -> Option<u32> {
    match c {
        '.' | '0' => Some(0),
        '1'..='9' => Some(c as u32 - '0' as u32),
        'A'..='G' => Some(c as u32 - 'A' as u32 + 10),
        'a'..='g' => Some(c as u32 - 'a' as u32 + 10),
        _ => None,
    }
}

/// The one-character cell of `digit` in the one-line form and the grid.
fn digit_char(digit: u32) -> char {
    match digit {
        0 => '.',
        1..=9 => char::from(b'0' + digit as u8),
        _ => char::from(b'A' + (digit - 10) as u8),
    }
}

/// The digits of one-character cells, `token`'s characters (errors at the character).
fn cells_of(token: &Token<'_>) -> Result<Vec<u32>, Error> {
    token
        .text
        .char_indices()
        .map(|(i, c)| {
            cell_digit(c).ok_or_else(|| token.part(i, "").error(format!("unexpected character {c:?} in a Sudoku")))
        })
        .collect()
}

/// The puzzle of square `rows` of digits with the default box, its errors placed at `place`
/// when they are the grid's.
fn build(rows: Vec<Vec<u32>>, place: &Token<'_>) -> Result<Sudoku, Error> {
    Sudoku::new(rows, None, Vec::new()).map_err(|e| match e.place {
        Place::Field(_) => place.error(e.message),
        _ => e,
    })
}

/// The puzzle of a canonical text's body (after `sudoku:`): `[RxC:]rows[:cages]` — the box
/// when it is not the size's default, the rows separated by `/` with one character per cell
/// (`.` empty, `1`-`9`, `J`-`P` for 10..16), and the cages separated by `/`, each its sum and
/// its cells as 1-based row and column digits, joined by `.` (`15.11.12.21`: 15 in r1c1, r1c2
/// and r2c1).
pub(crate) fn parse_canonical(body: &Token<'_>) -> Result<Sudoku, Error> {
    let mut parts = body.split(':');
    let box_shape = match parts.first() {
        Some(first) if parts.len() > 1 && first.text.contains('x') => {
            let (rows, cols) = first.text.split_once('x').unwrap_or_default();
            let rows_token = first.part(0, rows);
            let cols_token = first.part(rows.len() + 1, cols);
            let shape = (rows_token.size("box rows", 1, MAX_SIZE)?, cols_token.size("box columns", 1, MAX_SIZE)?);
            parts.remove(0);
            Some(shape)
        }
        _ => None,
    };
    if parts.len() > 2 {
        return Err(parts[2].error("expected at most the box, the rows and the cages, separated by `:`"));
    }
    let rows_token = parts[0];
    let rows = rows_token.split('/');
    if !(MIN_SIZE..=MAX_SIZE).contains(&rows.len()) {
        return Err(rows_token.error(format!(
            "a Sudoku is {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}, this grid has {} rows",
            rows.len()
        )));
    }
    let mut grid = Vec::with_capacity(rows.len());
    for row in &rows {
        let cells: Vec<u32> = row
            .text
            .char_indices()
            .map(|(i, c)| match c {
                '.' => Ok(0),
                '1'..='9' => Ok(c as u32 - '0' as u32),
                'J'..='P' => Ok(c as u32 - 'A' as u32 + 1),
                _ => Err(row.part(i, "").error(format!("unexpected character {c:?} in a Sudoku row"))),
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
    let cages = match parts.get(1) {
        Some(cages) => parse_cages(cages)?,
        None => Vec::new(),
    };
    Sudoku::new(grid, box_shape, cages)
}

/// The cages of a canonical text (see [`parse_canonical`]).
fn parse_cages(text: &Token<'_>) -> Result<Vec<Cage>, Error> {
    text.split('/')
        .iter()
        .map(|cage| {
            let fields = cage.split('.');
            let sum = fields[0].number("a cage sum")?;
            let cells = fields[1..]
                .iter()
                .map(|cell| {
                    let bytes = cell.text.as_bytes();
                    let digit = |b: u8| (b'1'..=b'9').contains(&b).then(|| usize::from(b - b'1'));
                    match (bytes.len(), bytes.first().and_then(|&b| digit(b)), bytes.get(1).and_then(|&b| digit(b))) {
                        (2, Some(row), Some(col)) => Ok((row, col)),
                        _ => Err(cell.error(format!(
                            "expected a cage cell as its row and column digits (11 for r1c1), found {:?}",
                            cell.text
                        ))),
                    }
                })
                .collect::<Result<Vec<_>, _>>()?;
            if cells.is_empty() {
                return Err(cage.error("expected a cage as its sum and cells, `15.11.12`"));
            }
            Ok(Cage { sum, cells })
        })
        .collect()
}

/// The body of the canonical text of `puzzle` (after `sudoku:`).
pub(crate) fn write_canonical(puzzle: &Sudoku) -> Result<String, Error> {
    let mut out = String::new();
    if !puzzle.has_default_box() {
        let (rows, cols) = puzzle.box_shape();
        out += &format!("{rows}x{cols}:");
    }
    let rows: Vec<String> = puzzle
        .grid()
        .iter()
        .map(|row| {
            row.iter()
                .map(|&d| match d {
                    0 => '.',
                    1..=9 => char::from(b'0' + d as u8),
                    _ => char::from(b'A' + d as u8 - 1),
                })
                .collect()
        })
        .collect();
    out += &rows.join("/");
    if puzzle.is_killer() {
        debug_assert!(puzzle.size() <= MAX_KILLER_SIZE, "cages only on grids up to 9×9");
        let cages: Vec<String> = puzzle
            .cages()
            .iter()
            .map(|cage| {
                let cells = cage.cells.iter().map(|&(r, c)| format!(".{}{}", r + 1, c + 1));
                format!("{}{}", cage.sum, cells.collect::<String>())
            })
            .collect();
        out += ":";
        out += &cages.join("/");
    }
    Ok(out)
}
