//! MartinBuchmann/cl-str8ts: N² integers separated by blanks and line ends (N ≤ 9, usually
//! 81 on one line or nine): `0` an empty white cell, `1`..`9` a white given, `10` a black
//! cell, `-1`..`-9` a black cell with that digit.

use super::{cannot_write, check_digits, Square};
use crate::text::{end_of, lines, Token};
use crate::Error;

/// The squares of a Buchmann text.
pub(super) fn parse(text: &str) -> Result<Vec<Vec<Square>>, Error> {
    let all = lines(text);
    // Counted before any token is made: a long text of numbers (which detection offers this
    // reader too) is refused after one pass, without a list of its tokens.
    let count: usize = all.iter().map(|l| l.text.split_whitespace().count()).sum();
    let n = (4..=9).find(|n| n * n == count).ok_or_else(|| {
        end_of(&all).error(format!("expected 16, 25, …, 81 integers (N² for a NxN grid), found {count}"))
    })?;
    let numbers: Vec<Token<'_>> = all.iter().flat_map(|l| l.words(char::is_whitespace)).collect();
    let squares = numbers.iter().map(square).collect::<Result<Vec<_>, _>>()?;
    Ok(squares.chunks(n).map(<[Square]>::to_vec).collect())
}

fn square(token: &Token<'_>) -> Result<Square, Error> {
    let (black, digit) = match token.text.strip_prefix('-') {
        Some(d) => (true, token.part(1, d).number("a digit")?),
        None => match token.number("a cell (0-9, 10 or -1..-9)")? {
            10 => (true, 0),
            d => (false, d),
        },
    };
    if digit > 9 || (black && digit == 0 && token.text.starts_with('-')) {
        return Err(token.error(format!("expected 0..10 or -1..-9, found {}", token.text)));
    }
    Ok(Square { black, digit })
}

/// The Buchmann text of a puzzle of side at most 9, one row per line.
pub(super) fn write(rows: &[Vec<Square>]) -> Result<String, Error> {
    if rows.len() > 9 {
        return Err(cannot_write("buchmann", None, "it has digits 1-9 only"));
    }
    check_digits(rows, 9, "buchmann")?;
    Ok(crate::text::grid_text(String::new(), rows, " ", |s| match (s.black, s.digit) {
        (true, 0) => "10".to_string(),
        (true, d) => format!("-{d}"),
        (false, d) => d.to_string(),
    }))
}
