//! m-ringler/straights' text: an optional byte-order mark, `#` comment lines, a line `N`, then
//! `N` lines of `N` comma-separated cells: `_` an empty white cell, `w<n>` a white given,
//! `b` a black cell, `b<n>` a black cell with digit n.

use super::{check_side, Square};
use crate::text::{content_lines, end_of, lines, read_grid, Token};
use crate::Error;

/// The squares of a m-ringler text.
pub(super) fn parse(text: &str) -> Result<Vec<Vec<Square>>, Error> {
    let all = lines(text);
    let content = content_lines(&all, Some('#'));
    let Some(header) = content.first() else { return Err(end_of(&all).error("expected a line with the size N")) };
    let size = header.trimmed();
    let n = size.number("the size")? as usize;
    check_side(n, &size)?;
    let (grid, used) = read_grid(&content[1..], n, n, |l| l.fields(','))?;
    if let Some(extra) = content.get(1 + used) {
        return Err(extra.trimmed().error(format!("unexpected text after the {n} rows")));
    }
    grid.iter().map(|row| row.iter().map(square).collect()).collect()
}

fn square(token: &Token<'_>) -> Result<Square, Error> {
    let (black, rest) = match token.text.chars().next() {
        Some('_') if token.text.len() == 1 => return Ok(Square { black: false, digit: 0 }),
        Some('b') => (true, &token.text[1..]),
        Some('w') if token.text.len() > 1 => (false, &token.text[1..]),
        _ => return Err(token.error(format!("expected `_`, `w<n>`, `b` or `b<n>`, found {:?}", token.text))),
    };
    let digit = if rest.is_empty() { 0 } else { token.part(1, rest).number("a digit")? };
    Ok(Square { black, digit })
}

/// The m-ringler text of a grid.
pub(super) fn write(rows: &[Vec<Square>]) -> String {
    crate::text::grid_text(format!("{}\n", rows.len()), rows, ",", |s| match (s.black, s.digit) {
        (false, 0) => "_".to_string(),
        (true, 0) => "b".to_string(),
        (false, d) => format!("w{d}"),
        (true, d) => format!("b{d}"),
    })
}
