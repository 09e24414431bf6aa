//! osmith93/str8ts: two blocks of `N` lines of `N` characters separated by blank lines; the
//! first gives the colours (`x` black, `.` white), the second the digits (`.` none, `1`-`9`).
//! Blank lines after the second block are ignored.

use super::{cannot_write, check_digits, check_side, Square};
use crate::text::{end_of, lines, Line};
use crate::Error;

/// The squares of an osmith93 text.
pub(super) fn parse(text: &str) -> Result<Vec<Vec<Square>>, Error> {
    let all = lines(text);
    let mut blocks: Vec<Vec<&Line<'_>>> = Vec::new();
    let mut previous_blank = true;
    for line in &all {
        let blank = line.text.trim().is_empty();
        if !blank {
            if previous_blank {
                blocks.push(Vec::new());
            }
            if let Some(block) = blocks.last_mut() {
                block.push(line);
            }
        }
        previous_blank = blank;
    }
    let [colours, digits] = &blocks[..] else {
        let place = blocks.get(2).map_or_else(|| end_of(&all), |b| b[0].trimmed());
        return Err(place.error(format!("expected two blocks of lines (colours, then digits), found {}", blocks.len())));
    };
    let n = colours.len();
    check_side(n, &colours[0].trimmed())?;
    if digits.len() != n {
        return Err(digits[0]
            .trimmed()
            .error(format!("the digit block has {} lines, the colour block {n}", digits.len())));
    }
    colours
        .iter()
        .zip(digits)
        .map(|(colour_line, digit_line)| {
            let colour = cells(colour_line, n, |c| match c {
                'x' => Some(true),
                '.' => Some(false),
                _ => None,
            })?;
            let digit = cells(digit_line, n, |c| match c {
                '.' => Some(0),
                _ => c.to_digit(10).filter(|&d| d > 0),
            })?;
            Ok(colour.into_iter().zip(digit).map(|(black, digit)| Square { black, digit }).collect())
        })
        .collect()
}

/// The `n` cells of `line`, each read by `cell` (`None` for a character it does not accept).
fn cells<T>(line: &Line<'_>, n: usize, cell: impl Fn(char) -> Option<T>) -> Result<Vec<T>, Error> {
    let text = line.text.trim_end();
    let mut out = Vec::with_capacity(n);
    for (i, c) in text.char_indices() {
        out.push(cell(c).ok_or_else(|| line.token(i, "").error(format!("unexpected character {c:?}")))?);
    }
    if out.len() != n {
        return Err(line.token(0, text).error(format!("this row has {} cells, expected {n}", out.len())));
    }
    Ok(out)
}

/// The osmith93 text of a puzzle of side at most 9.
pub(super) fn write(rows: &[Vec<Square>]) -> Result<String, Error> {
    if rows.len() > 9 {
        return Err(cannot_write("osmith", None, "it has digits 1-9 only"));
    }
    check_digits(rows, 9, "osmith")?;
    let colours: String =
        rows.iter().map(|r| r.iter().map(|s| if s.black { 'x' } else { '.' }).collect::<String>() + "\n").collect();
    let digits: String = rows
        .iter()
        .map(|r| {
            r.iter().map(|s| if s.digit == 0 { '.' } else { char::from(b'0' + s.digit as u8) }).collect::<String>()
                + "\n"
        })
        .collect();
    Ok(format!("{colours}\n{digits}"))
}
