//! The Str8ts character grid (malkuh/Str8ts, jgke/str8ts-solver): `N` lines of `N`
//! characters, `.` an empty white cell, `#` a black cell, `1`-`9` a white given, `a`-`i` a
//! black cell with digit 1-9. The grid is the first block of non-blank lines; what follows a
//! blank line (a note, a source) is ignored.

use super::{cannot_write, check_digits, check_side, Square};
use crate::text::{end_of, lines, Line};
use crate::Error;

/// The squares of a character grid.
pub(super) fn parse(text: &str) -> Result<Vec<Vec<Square>>, Error> {
    let all = lines(text);
    let block: Vec<&Line<'_>> =
        all.iter().skip_while(|l| l.text.trim().is_empty()).take_while(|l| !l.text.trim().is_empty()).collect();
    let Some(first) = block.first() else { return Err(end_of(&all).error("expected a grid of characters")) };
    check_side(block.len(), &first.trimmed())?;
    block.iter().map(|line| row(line, block.len())).collect()
}

/// One row of `n` squares.
fn row(line: &Line<'_>, n: usize) -> Result<Vec<Square>, Error> {
    let text = line.text.trim_end();
    let mut squares = Vec::with_capacity(n);
    for (i, c) in text.char_indices() {
        let square = match c {
            '.' => Square { black: false, digit: 0 },
            '#' => Square { black: true, digit: 0 },
            '1'..='9' => Square { black: false, digit: c as u32 - '0' as u32 },
            'a'..='i' => Square { black: true, digit: c as u32 - 'a' as u32 + 1 },
            _ => return Err(line.token(i, "").error(format!("unexpected character {c:?} (expected . # 1-9 a-i)"))),
        };
        squares.push(square);
    }
    if squares.len() != n {
        let place = line.token(text.char_indices().nth(n).map_or(text.len(), |(i, _)| i), "");
        return Err(place.error(format!("this row has {} cells, expected {n} (as many as rows)", squares.len())));
    }
    Ok(squares)
}

/// The character grid of a puzzle of side at most 9.
pub(super) fn write(rows: &[Vec<Square>]) -> Result<String, Error> {
    if rows.len() > 9 {
        return Err(cannot_write("chargrid", None, "it has digits 1-9 only"));
    }
    check_digits(rows, 9, "chargrid")?;
    let mut out = String::new();
    for row in rows {
        for s in row {
            out.push(match (s.black, s.digit as u8) {
                (false, 0) => '.',
                (true, 0) => '#',
                (false, d) => char::from(b'0' + d),
                (true, d) => char::from(b'a' + d - 1),
            });
        }
        out.push('\n');
    }
    Ok(out)
}
