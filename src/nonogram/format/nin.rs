//! Jakub Wilk's `.nin`: a line `W H`, then the `H` row clues, then the `W` column clues, one
//! line each, numbers separated by blanks; `0` is an empty line. Blank lines and `#`
//! comments are skipped.

use super::clue_list;
use super::join;
use crate::nonogram::puzzle::Nonogram;
use crate::nonogram::puzzle::MAX_SIDE;
use crate::text::{content_lines, end_of, lines};
use crate::Error;

/// The puzzle of a `.nin` text.
pub(super) fn parse(text: &str) -> Result<Nonogram, Error> {
    let all = lines(text);
    let content = content_lines(&all, Some('#'));
    let Some(header) = content.first() else {
        return Err(end_of(&all).error("expected a line `width height`"));
    };
    let size = header.words(char::is_whitespace);
    if size.len() != 2 {
        return Err(header.trimmed().error("expected a line `width height`"));
    }
    let width = size[0].size("width", 1, MAX_SIDE)?;
    let height = size[1].size("height", 1, MAX_SIDE)?;
    let body = &content[1..];
    if body.len() != width + height {
        let place = body.get(width + height).map_or_else(|| end_of(&all), |l| l.trimmed());
        return Err(place.error(format!(
            "expected {} clue lines ({height} rows, {width} columns), found {}",
            width + height,
            body.len()
        )));
    }
    let mut clues = Vec::with_capacity(body.len());
    for line in body {
        let numbers =
            line.words(char::is_whitespace).iter().map(|t| t.number("a clue")).collect::<Result<Vec<_>, _>>()?;
        clues.push(clue_list(numbers));
    }
    let cols = clues.split_off(height);
    Nonogram::new(clues, cols)
}

/// The `.nin` text of a puzzle with these clues.
pub(super) fn write(rows: &[Vec<u32>], cols: &[Vec<u32>]) -> String {
    let mut out = format!("{} {}\n", cols.len(), rows.len());
    for clue in rows.iter().chain(cols) {
        out += &join(clue, " ", "0");
        out.push('\n');
    }
    out
}
