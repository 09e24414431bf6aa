//! The puzz.link (pzprjs) Kakuro URL, `https://puzz.link/p?kakuro/W/H/body`.
//!
//! `W` and `H` count the cells inside the clue border (which the URL leaves implied). The
//! body lists the inner cells row by row: `k`..`z` a run of 1..16 empty white cells, `.` a
//! block without sums, otherwise a block as two characters, its down then across sum, each
//! `0`-`9`, `a`-`j` (10-19) or `A`-`Z` (20-45), `0` or `-` for no sum. After the cells come
//! the border's sums, one character each: the down sum above every column whose first inner
//! cell is white, then the across sum left of every row whose first inner cell is white.
//!
//! ```text
//! kakuro/2/2/n4334     .   4\  3\      `n`: the 4 inner cells are white; then the down sums
//!                  ->  \3  _   _        4 and 3 above the two columns, then the across sums
//!                      \4  _   _        3 and 4 left of the two rows
//! ```

use super::cannot_write;
use crate::kakuro::puzzle::{Cell, MAX_SIDE};
use crate::text::{content_lines, end_of, lines, Token};
use crate::Error;

/// The grid of a puzz.link Kakuro URL, border included.
pub(super) fn parse(text: &str) -> Result<Vec<Vec<Cell>>, Error> {
    let all = lines(text);
    let content = content_lines(&all, None);
    let Some(url) = content.first().map(|l| l.trimmed()) else {
        return Err(end_of(&all).error("expected a puzz.link URL `…kakuro/W/H/body`"));
    };
    if let Some(extra) = content.get(1) {
        return Err(extra.trimmed().error("unexpected text after the URL"));
    }
    let Some(start) = url.text.find("kakuro/") else {
        return Err(url.error("expected a puzz.link URL `…kakuro/W/H/body`"));
    };
    let parts = url.part(start + 7, &url.text[start + 7..]).split('/');
    if parts.len() != 3 {
        return Err(url.error("expected `kakuro/W/H/body`"));
    }
    let width = parts[0].size("width", 1, MAX_SIDE - 1)?;
    let height = parts[1].size("height", 1, MAX_SIDE - 1)?;
    let body = parts[2];
    let block = Cell::Block { down: None, across: None };
    let mut grid = vec![vec![block; width + 1]; height + 1];
    let mut chars = body.text.char_indices().peekable();
    let mut cell = 0;
    while cell < width * height {
        let Some((i, c)) = chars.next() else {
            return Err(body
                .part(body.text.len(), "")
                .error(format!("the URL ends after {cell} of {} cells", width * height)));
        };
        if ('k'..='z').contains(&c) {
            let run = c as usize - 'k' as usize + 1;
            if cell + run > width * height {
                return Err(body.part(i, "").error("this run of white cells goes past the last cell"));
            }
            for k in cell..cell + run {
                grid[k / width + 1][k % width + 1] = Cell::White(None);
            }
            cell += run;
            continue;
        }
        let (down, across) = if c == '.' {
            (None, None)
        } else {
            let down = sum(&body, i, c)?;
            let Some((j, a)) = chars.next() else {
                return Err(body.part(body.text.len(), "").error("the URL ends inside a clue cell"));
            };
            (down, sum(&body, j, a)?)
        };
        grid[cell / width + 1][cell % width + 1] = Cell::Block { down, across };
        cell += 1;
    }
    let (top, inner) = grid.split_at_mut(1);
    for (border, first) in top[0].iter_mut().zip(&inner[0]).skip(1) {
        if matches!(first, Cell::White(_)) {
            *border = Cell::Block { down: border_sum(&mut chars, &body)?, across: None };
        }
    }
    for row in inner {
        if matches!(row[1], Cell::White(_)) {
            row[0] = Cell::Block { down: None, across: border_sum(&mut chars, &body)? };
        }
    }
    if let Some((i, _)) = chars.next() {
        return Err(body.part(i, "").error("unexpected characters after the last sum"));
    }
    Ok(grid)
}

/// The next border sum of the body.
fn border_sum(chars: &mut impl Iterator<Item = (usize, char)>, body: &Token<'_>) -> Result<Option<u32>, Error> {
    match chars.next() {
        Some((i, c)) => sum(body, i, c),
        None => Err(body.part(body.text.len(), "").error("the URL ends before the border sums")),
    }
}

/// The sum the character `c` at byte `i` of `body` stands for (`None` for `0` and `-`).
fn sum(body: &Token<'_>, i: usize, c: char) -> Result<Option<u32>, Error> {
    let n = match c {
        '-' => 0,
        '0'..='9' => c as u32 - '0' as u32,
        'a'..='j' => c as u32 - 'a' as u32 + 10,
        'A'..='Z' => c as u32 - 'A' as u32 + 20,
        _ => {
            let place = body.part(i, "");
            return Err(place.error(format!("unexpected character {c:?} (expected a sum 0-9, a-j, A-Z or -)")));
        }
    };
    Ok((n > 0).then_some(n))
}

/// The character of a sum (`0` for none); `None` beyond 45.
fn sum_char(n: Option<u32>) -> Option<char> {
    match n.unwrap_or(0) {
        n @ 0..=9 => char::from_digit(n, 10),
        n @ 10..=19 => char::from_u32('a' as u32 + n - 10),
        n @ 20..=45 => char::from_u32('A' as u32 + n - 20),
        _ => None,
    }
}

/// The puzz.link URL of a grid whose first row and column are the clue border.
pub(super) fn write(grid: &[Vec<Cell>]) -> Result<String, Error> {
    let height = grid.len().saturating_sub(1);
    let width = grid.first().map_or(0, |r| r.len().saturating_sub(1));
    let fail = |r, c, why: &str| cannot_write("puzz.link", r, c, why);
    if height == 0 || width == 0 || grid.iter().any(|row| row.len() != width + 1) {
        return Err(fail(0, 0, "it needs a rectangle of cells inside the clue border"));
    }
    let encode = |r: usize, c: usize, n: Option<u32>| sum_char(n).ok_or_else(|| fail(r, c, "a sum above 45"));
    let mut body = String::new();
    let mut run = 0;
    for (r, row) in grid.iter().enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            let border = r == 0 || c == 0;
            match cell {
                Cell::White(Some(_)) => return Err(fail(r, c, "it has no given digits")),
                Cell::White(None) if border => return Err(fail(r, c, "the first row and column must be blocks")),
                Cell::White(None) => {
                    run += 1;
                    if run == 16 {
                        body.push('z');
                        run = 0;
                    }
                    continue;
                }
                Cell::Block { down, across } if border => {
                    let below_white = matches!(grid.get(r + 1).and_then(|row| row.get(c)), Some(Cell::White(_)));
                    let right_white = matches!(row.get(c + 1), Some(Cell::White(_)));
                    let lost =
                        (down.is_some() && (c == 0 || !below_white)) || (across.is_some() && (r == 0 || !right_white));
                    if lost {
                        return Err(fail(r, c, "a border sum that is not above or left of white cells"));
                    }
                    continue;
                }
                Cell::Block { down, across } => {
                    if run > 0 {
                        body.push(char::from(b'j' + run as u8));
                        run = 0;
                    }
                    if down.is_none() && across.is_none() {
                        body.push('.');
                    } else {
                        body.push(encode(r, c, down)?);
                        body.push(encode(r, c, across)?);
                    }
                }
            }
        }
    }
    if run > 0 {
        body.push(char::from(b'j' + run as u8));
    }
    for (c, pair) in grid[0].iter().zip(&grid[1]).enumerate().skip(1) {
        if let (Cell::Block { down, .. }, Cell::White(_)) = pair {
            body.push(encode(0, c, *down)?);
        }
    }
    for (r, row) in grid.iter().enumerate().skip(1) {
        if let [Cell::Block { across, .. }, Cell::White(_), ..] = row[..] {
            body.push(encode(r, 0, across)?);
        }
    }
    Ok(format!("https://puzz.link/p?kakuro/{width}/{height}/{body}"))
}
