//! Simon Tatham's Pattern game ID: `WxH:` then the clues of the `W` columns (left to right)
//! and of the `H` rows (top to bottom), `/` between lines, `.` between the numbers of a line,
//! nothing (or `0`) for an empty line: `4x4:2/1/2/1/1.1/2/1/1`. A file holds one ID per line
//! (blank lines and `#` comments skipped). The optional `,squares` suffix of pre-filled
//! squares is not supported.

use super::clue_list;
use super::join;
use crate::nonogram::puzzle::Nonogram;
use crate::nonogram::puzzle::MAX_SIDE;
use crate::text::{content_lines, lines, Token};
use crate::Error;

/// The puzzles of a text of game IDs, one per line.
pub(super) fn parse(text: &str) -> Result<Vec<Nonogram>, Error> {
    content_lines(&lines(text), Some('#')).iter().map(|l| parse_id(&l.trimmed())).collect()
}

/// The puzzle of one game ID.
pub(crate) fn parse_id(id: &Token<'_>) -> Result<Nonogram, Error> {
    let Some((size, body)) = id.text.split_once(':') else {
        return Err(id.error("expected a game ID `WxH:clues`"));
    };
    let size = id.part(0, size);
    let (width, height) = size_of(&size)?;
    let body = id.part(size.text.len() + 1, body);
    if let Some(comma) = body.text.find(',') {
        return Err(body.part(comma, ",").error("pre-filled squares (the `,` part of a game ID) are not supported"));
    }
    let [rows, cols] = clue_groups(&body, (width, height), |t| t.number("a clue"))?;
    Nonogram::new(rows.into_iter().map(clue_list).collect(), cols.into_iter().map(clue_list).collect())
}

/// The size `WxH` of a game ID: its width and its height, each 1 to [`MAX_SIDE`].
pub(super) fn size_of(size: &Token<'_>) -> Result<(usize, usize), Error> {
    let Some((w, h)) = size.text.split_once('x') else {
        return Err(size.error(format!("expected a size `WxH`, found {:?}", size.text)));
    };
    Ok((size.part(0, w).size("width", 1, MAX_SIDE)?, size.part(w.len() + 1, h).size("height", 1, MAX_SIDE)?))
}

/// The clues of a game ID's `body` for `width` columns then `height` rows, `/` between lines
/// and `.` between the blocks of a line, each block read by `block`: [rows, columns].
pub(super) fn clue_groups<T>(
    body: &Token<'_>,
    (width, height): (usize, usize),
    block: impl Fn(&Token<'_>) -> Result<T, Error>,
) -> Result<[Vec<Vec<T>>; 2], Error> {
    let groups = body.split('/');
    if groups.len() != width + height {
        let place = groups.get(width + height).copied().unwrap_or(body.part(body.text.len(), ""));
        return Err(place.error(format!(
            "expected {} clue groups ({width} columns, {height} rows), found {}",
            width + height,
            groups.len()
        )));
    }
    let mut cols = Vec::with_capacity(groups.len());
    for group in groups {
        let blocks = if group.text.is_empty() { Vec::new() } else { group.split('.') };
        cols.push(blocks.iter().map(&block).collect::<Result<Vec<_>, _>>()?);
    }
    let rows = cols.split_off(width);
    Ok([rows, cols])
}

/// The game ID of a puzzle with these clues.
pub(super) fn write(rows: &[Vec<u32>], cols: &[Vec<u32>]) -> String {
    let groups: Vec<String> = cols.iter().chain(rows).map(|c| join(c, ".", "")).collect();
    format!("{}x{}:{}", cols.len(), rows.len(), groups.join("/"))
}
