//! The 9x9 digit strings of str8ts.com and of jamesaustin/str8ts.
//!
//! A board is 81 cell digits (row by row, `0` empty) followed by 81 colour flags (`1`
//! black, `0` white): 162 digits. str8ts.com's 243-digit variant puts the 81-digit solution
//! between them, which is skipped. A digit on a black cell is its clue, on a white cell a
//! given. str8ts.com texts hold one board per line, alone or as the `bd=` parameter of a
//! link (`https://…?bd=…&…`); jamesaustin's lists hold `name:board` lines and `#` comments.

use super::{build, cannot_write, check_digits, Square};
use crate::str8ts::puzzle::Str8ts;
use crate::text::{content_lines, lines, Token};
use crate::Error;

/// Every board of a str8ts.com text, one per line.
pub(super) fn parse_boards(text: &str) -> Result<Vec<Str8ts>, Error> {
    content_lines(&lines(text), None)
        .iter()
        .map(|line| {
            let token = line.trimmed();
            let board = match token.text.find("bd=") {
                Some(i) => {
                    let rest = &token.text[i + 3..];
                    token.part(i + 3, &rest[..rest.find('&').unwrap_or(rest.len())])
                }
                None => token,
            };
            build(board_squares(&board)?)
        })
        .collect()
}

/// Every board of a jamesaustin list: `name:board` lines, `#` comments.
pub(super) fn parse_named(text: &str) -> Result<Vec<Str8ts>, Error> {
    content_lines(&lines(text), Some('#'))
        .iter()
        .map(|line| {
            let token = line.trimmed();
            let Some((name, board)) = token.text.split_once(':') else {
                return Err(token.error("expected `name:` followed by 162 digits"));
            };
            build(board_squares(&token.part(name.len() + 1, board))?)
        })
        .collect()
}

/// The squares of a 162- or 243-digit board.
fn board_squares(board: &Token<'_>) -> Result<Vec<Vec<Square>>, Error> {
    if let Some((i, c)) = board.text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        return Err(board.part(i, "").error(format!("unexpected character {c:?} in a board of digits")));
    }
    let flags_at = match board.text.len() {
        162 => 81,
        243 => 162,
        n => return Err(board.error(format!("a board has 162 digits (or 243 with the solution), this one {n}"))),
    };
    let digits = board.text.as_bytes();
    let mut rows = Vec::with_capacity(9);
    for r in 0..9 {
        let mut row = Vec::with_capacity(9);
        for c in 0..9 {
            let flag = flags_at + 9 * r + c;
            let black = match digits[flag] {
                b'0' => false,
                b'1' => true,
                _ => return Err(board.part(flag, "").error("a colour flag is 0 (white) or 1 (black)")),
            };
            row.push(Square { black, digit: u32::from(digits[9 * r + c] - b'0') });
        }
        rows.push(row);
    }
    Ok(rows)
}

/// The 162-digit board of a 9x9 puzzle.
pub(super) fn write_board(rows: &[Vec<Square>]) -> Result<String, Error> {
    if rows.len() != 9 {
        return Err(cannot_write("162-digit", None, "it is 9x9 only"));
    }
    check_digits(rows, 9, "162-digit")?;
    let digits = rows.iter().flatten().map(|s| char::from(b'0' + s.digit as u8));
    let flags = rows.iter().flatten().map(|s| if s.black { '1' } else { '0' });
    Ok(digits.chain(flags).collect())
}
