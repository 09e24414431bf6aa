//! The UPC PROP course's Kakuro `.kak`: a line `R,C`, then `R` lines of `C` comma-separated
//! tokens: `*` a block, `C<n>` a block with down sum n, `F<n>` with across sum n (*fila*,
//! row), `C<x>F<y>` both, `?` an empty white cell, `1`..`9` a white cell holding that digit.
//! CRLF line ends, blanks around tokens, a comma ending a row and a missing final newline are
//! fine.

use crate::kakuro::puzzle::{Cell, MAX_SIDE};
use crate::text::{end_of, lines, read_grid, Token};
use crate::Error;

/// The grid of a PROP text.
pub(super) fn parse(text: &str) -> Result<Vec<Vec<Cell>>, Error> {
    let all = lines(text);
    let Some(start) = all.iter().position(|l| !l.text.trim().is_empty()) else {
        return Err(end_of(&all).error("expected a line `rows,cols`"));
    };
    let size = all[start].fields(',');
    if size.len() != 2 {
        return Err(all[start].trimmed().error("expected a line `rows,cols`"));
    }
    let rows = size[0].size("rows", 1, MAX_SIDE)?;
    let cols = size[1].size("cols", 1, MAX_SIDE)?;
    let rest = &all[start + 1..];
    let (grid, used) = read_grid(rest, rows, cols, |l| {
        let mut cells = l.fields(',');
        if cells.len() > 1 && cells.last().is_some_and(|c| c.text.is_empty()) {
            cells.pop();
        }
        cells
    })?;
    if let Some(extra) = rest[used..].iter().find(|l| !l.text.trim().is_empty()) {
        return Err(extra.trimmed().error(format!("unexpected text after the {rows} rows")));
    }
    grid.iter().map(|row| row.iter().map(cell).collect()).collect()
}

fn cell(token: &Token<'_>) -> Result<Cell, Error> {
    let text = token.text;
    match text {
        "*" => return Ok(Cell::Block { down: None, across: None }),
        "?" => return Ok(Cell::White(None)),
        _ => {}
    }
    if !text.starts_with(['C', 'F']) {
        return token.number("a cell (`*`, `?`, a digit, `C<n>`, `F<n>` or `C<x>F<y>`)").map(|d| Cell::White(Some(d)));
    }
    let f = text.find('F').unwrap_or(text.len());
    let down = text.strip_prefix('C').map(|_| token.part(1, &text[1..f]).number("a down sum")).transpose()?;
    let across = text
        .get(f..)
        .filter(|t| !t.is_empty())
        .map(|t| token.part(f + 1, &t[1..]).number("an across sum"))
        .transpose()?;
    Ok(Cell::Block { down, across })
}

/// The PROP text of a grid.
pub(super) fn write(grid: &[Vec<Cell>]) -> String {
    crate::text::grid_text(format!("{},{}\n", grid.len(), grid.first().map_or(0, Vec::len)), grid, ",", |c| match *c {
        Cell::Block { down: None, across: None } => "*".to_string(),
        Cell::Block { down, across } => {
            down.map(|d| format!("C{d}")).unwrap_or_default() + &across.map(|a| format!("F{a}")).unwrap_or_default()
        }
        Cell::White(None) => "?".to_string(),
        Cell::White(Some(d)) => d.to_string(),
    })
}
