//! janko.at's Kakuro grid, as in the puzzlekit dataset: a line `R C`, then `R` lines of `C`
//! tokens separated by blanks: `-` a block, `0` an empty white cell, `D,A` a clue cell with
//! down sum `D` and across sum `A`, either left empty when absent (`16,`, `,23`); `1`..`9` a
//! white cell holding that digit (as in the dataset's solutions).

use super::{block, optional};
use crate::kakuro::puzzle::{Cell, MAX_SIDE};
use crate::text::{end_of, lines, read_grid, Token};
use crate::Error;

/// The grid of a Janko Kakuro text.
pub(super) fn parse(text: &str) -> Result<Vec<Vec<Cell>>, Error> {
    let all = lines(text);
    let Some(start) = all.iter().position(|l| !l.text.trim().is_empty()) else {
        return Err(end_of(&all).error("expected a line `rows cols`"));
    };
    let size = all[start].words(char::is_whitespace);
    if size.len() != 2 {
        return Err(all[start].trimmed().error("expected a line `rows cols`"));
    }
    let rows = size[0].size("rows", 1, MAX_SIDE)?;
    let cols = size[1].size("cols", 1, MAX_SIDE)?;
    let rest = &all[start + 1..];
    let (grid, used) = read_grid(rest, rows, cols, |l| l.words(char::is_whitespace))?;
    if let Some(extra) = rest[used..].iter().find(|l| !l.text.trim().is_empty()) {
        return Err(extra.trimmed().error(format!("unexpected text after the {rows} rows")));
    }
    grid.iter().map(|row| row.iter().map(cell).collect()).collect()
}

fn cell(token: &Token<'_>) -> Result<Cell, Error> {
    match token.text {
        "-" => Ok(Cell::Block { down: None, across: None }),
        "0" => Ok(Cell::White(None)),
        _ => match token.text.split_once(',') {
            Some((down, across)) => block(&token.part(0, down), &token.part(down.len() + 1, across)),
            None => token.number("a cell (`-`, `0`, a digit or `down,across`)").map(|d| Cell::White(Some(d))),
        },
    }
}

/// The Janko text of a grid.
pub(super) fn write(grid: &[Vec<Cell>]) -> String {
    crate::text::grid_text(format!("{} {}\n", grid.len(), grid.first().map_or(0, Vec::len)), grid, " ", |c| match *c {
        Cell::Block { down: None, across: None } => "-".to_string(),
        Cell::Block { down, across } => format!("{},{}", optional(down), optional(across)),
        Cell::White(None) => "0".to_string(),
        Cell::White(Some(d)) => d.to_string(),
    })
}
