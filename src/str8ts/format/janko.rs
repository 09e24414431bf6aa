//! janko.at's Str8ts grid, as in the puzzlekit dataset: a line `N N`, then `N` lines of `N`
//! tokens separated by blanks: `-` an empty white cell, `d` a white given, `x` a black cell,
//! `dx` a black cell with digit d.

use super::{check_side, Square};
use crate::text::{end_of, lines, read_grid, Token};
use crate::Error;

/// The squares of a Janko Str8ts text.
pub(super) fn parse(text: &str) -> Result<Vec<Vec<Square>>, Error> {
    let all = lines(text);
    let Some(start) = all.iter().position(|l| !l.text.trim().is_empty()) else {
        return Err(end_of(&all).error("expected a line `rows cols`"));
    };
    let size = all[start].words(char::is_whitespace);
    if size.len() != 2 || size[0].text != size[1].text {
        return Err(all[start].trimmed().error("expected a line `N N` (a Str8ts is square)"));
    }
    let n = size[0].number("the size")? as usize;
    check_side(n, &size[0])?;
    let rest = &all[start + 1..];
    let (grid, used) = read_grid(rest, n, n, |l| l.words(char::is_whitespace))?;
    if let Some(extra) = rest[used..].iter().find(|l| !l.text.trim().is_empty()) {
        return Err(extra.trimmed().error(format!("unexpected text after the {n} rows")));
    }
    grid.iter().map(|row| row.iter().map(square).collect()).collect()
}

fn square(token: &Token<'_>) -> Result<Square, Error> {
    match token.text {
        "-" => Ok(Square { black: false, digit: 0 }),
        "x" => Ok(Square { black: true, digit: 0 }),
        t => match t.strip_suffix('x') {
            Some(d) => Ok(Square { black: true, digit: token.part(0, d).number("a digit")? }),
            None => Ok(Square { black: false, digit: token.number("a cell (`-`, `x`, a digit or `dx`)")? }),
        },
    }
}

/// The Janko text of a grid.
pub(super) fn write(rows: &[Vec<Square>]) -> String {
    crate::text::grid_text(format!("{} {}\n", rows.len(), rows.len()), rows, " ", |s| match (s.black, s.digit) {
        (false, 0) => "-".to_string(),
        (true, 0) => "x".to_string(),
        (false, d) => d.to_string(),
        (true, d) => format!("{d}x"),
    })
}
