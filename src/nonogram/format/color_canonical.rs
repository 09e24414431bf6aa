//! The canonical text of a colour nonogram: `colornonogram:` + `WxH:PALETTE:CLUES`, one URL-safe
//! line that round-trips exactly, e.g. `colornonogram:3x2:-d03030,blue.white:1a/1a.1b/1b/2a.1b/1b`.
//!
//! * `PALETTE`: the colours, colour 1 first, separated by `,`, then optionally `.` and the
//!   background. Each colour string is written with its letters and digits as they are, `#`
//!   as `-`, and every other byte as `_` + two hex digits (`rgb(1,2,3)` is
//!   `rgb_281_2c2_2c3_29`), so any CSS string comes back exactly;
//! * `CLUES`: as in the black-and-white canonical text (Tatham's game ID): the columns left to
//!   right, then the rows top to bottom, `/` between lines, `.` between blocks, nothing for an
//!   empty line; each block is its length and its colour's letter (`a`..`z` for colours 1..26,
//!   `A`..`F` for 27..32).
//!
//! A black-and-white canonical text has one `:` after the genre, a colour one two.

use super::palette::letter;
use super::tatham::{clue_groups, size_of};
use crate::nonogram::color::Block;
use crate::nonogram::color::ColorNonogram;
use crate::text::Token;
use crate::Error;

/// The colour id of `puzzle`, without the `colornonogram:` prefix.
pub(crate) fn write_id(puzzle: &ColorNonogram) -> String {
    let colors: Vec<String> = puzzle.colors().iter().map(|c| escape(c)).collect();
    let mut out = format!("{}x{}:{}", puzzle.width(), puzzle.height(), colors.join(","));
    if let Some(background) = puzzle.background() {
        out += ".";
        out += &escape(background);
    }
    out.push(':');
    let lines: Vec<String> = puzzle
        .cols()
        .iter()
        .chain(puzzle.rows())
        .map(|line| line.iter().map(|b| format!("{}{}", b.len, letter(b.color))).collect::<Vec<_>>().join("."))
        .collect();
    out + &lines.join("/")
}

/// The puzzle of a colour id (the text after `colornonogram:`).
pub(crate) fn parse_id(id: &Token<'_>) -> Result<ColorNonogram, Error> {
    let parts = id.split(':');
    let [size, palette, body] = parts[..] else {
        return Err(id.error("expected a colour nonogram `WxH:COLOURS:CLUES`"));
    };
    let (width, height) = size_of(&size)?;
    let (colors, background) = match palette.text.split_once('.') {
        Some((colors, background)) => (palette.part(0, colors), Some(palette.part(colors.len() + 1, background))),
        None => (palette, None),
    };
    let colors = colors.split(',').iter().map(unescape).collect::<Result<Vec<_>, _>>()?;
    let background = background.as_ref().map(unescape).transpose()?;
    let [rows, cols] = clue_groups(&body, (width, height), block)?;
    ColorNonogram::new(colors, background, rows, cols)
}

/// One block: a length and a colour letter.
fn block(token: &Token<'_>) -> Result<Block, Error> {
    let digits = token.text.bytes().take_while(u8::is_ascii_digit).count();
    let len = token.part(0, &token.text[..digits]).number("a block length")?;
    let color = match token.text.as_bytes()[digits..] {
        [c @ b'a'..=b'z'] => c - b'a' + 1,
        [c @ b'A'..=b'F'] => c - b'A' + 27,
        _ => return Err(token.error(format!("expected a length and one colour letter, found {:?}", token.text))),
    };
    Ok(Block { len, color })
}

/// `text` with `#` as `-` and every byte but ASCII letters and digits as `_XX`.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'#' => out.push('-'),
            b if b.is_ascii_alphanumeric() => out.push(char::from(b)),
            b => out += &format!("_{b:02x}"),
        }
    }
    out
}

/// The colour string an escaped `token` stands for.
fn unescape(token: &Token<'_>) -> Result<String, Error> {
    let mut bytes = Vec::with_capacity(token.text.len());
    let mut rest = token.text.as_bytes();
    while let Some((&first, tail)) = rest.split_first() {
        rest = tail;
        match first {
            b'-' => bytes.push(b'#'),
            b'_' => {
                let hex = rest.get(..2).and_then(|h| std::str::from_utf8(h).ok());
                let byte = hex.and_then(|h| u8::from_str_radix(h, 16).ok());
                bytes.push(byte.ok_or_else(|| token.error("expected two hex digits after `_`"))?);
                rest = &rest[2..];
            }
            b if b.is_ascii_alphanumeric() => bytes.push(b),
            b => return Err(token.error(format!("unexpected {:?} in a colour", char::from(b)))),
        }
    }
    String::from_utf8(bytes).map_err(|_| token.error("the colour is not UTF-8"))
}
