//! The puzz.link (pzprjs) Sudoku URL, `https://puzz.link/p?sudoku/N/N/body`.
//!
//! pzprjs draws boxes of ⌊√N⌋ rows and columns, 2×3 for a 6×6, so its Sudoku sizes are 4,
//! 6, 9 and 16 (those whose box is also this crate's default). The body lists the cells row
//! by row in pzprjs's "number16" code: `0`-`9` and `a`-`f` a given of that hexadecimal value,
//! `-` and two hexadecimal digits a given from 16, `g`..`z` a run of 1..20 empty cells.
//!
//! ```text
//! sudoku/4/4/1j2j3j4     1 . . .      `1`, then `j` = four empty cells, `2`, `j`, `3`,
//!                    ->  . 2 . .      `j`, `4`
//!                        . . 3 .
//!                        . . . 4
//! ```

use super::{build, cannot_write};
use crate::sudoku::puzzle::Sudoku;
use crate::text::{content_lines, end_of, lines};
use crate::Error;

/// The sizes pzprjs's Sudoku boxes tile as this crate's default boxes do.
const SIZES: [usize; 4] = [4, 6, 9, 16];

/// Whether the text's first content line names the Sudoku genre of puzz.link.
pub(super) fn names_sudoku(text: &str) -> bool {
    content_lines(&lines(text), None).first().is_some_and(|l| l.text.contains("sudoku/"))
}

/// The puzzle of a puzz.link Sudoku URL.
pub(super) fn parse(text: &str) -> Result<Sudoku, Error> {
    let all = lines(text);
    let content = content_lines(&all, None);
    let expected = "expected a puzz.link URL `…sudoku/N/N/body`";
    let Some(url) = content.first().map(|l| l.trimmed()) else {
        return Err(end_of(&all).error(expected));
    };
    if let Some(extra) = content.get(1) {
        return Err(extra.trimmed().error("unexpected text after the URL"));
    }
    let Some(start) = url.text.find("sudoku/") else {
        return Err(url.error(expected));
    };
    let parts = url.part(start + 7, &url.text[start + 7..]).split('/');
    if parts.len() != 3 {
        return Err(url.error("expected `sudoku/N/N/body`"));
    }
    let cols = parts[0].size("width", 4, 16)?;
    let rows = parts[1].size("height", 4, 16)?;
    if cols != rows || !SIZES.contains(&cols) {
        return Err(parts[0].error(format!("a puzz.link Sudoku is 4×4, 6×6, 9×9 or 16×16, this one {cols}×{rows}")));
    }
    let n = cols;
    let body = parts[2];
    let mut cells = vec![0u32; n * n];
    let mut cell = 0;
    let mut chars = body.text.char_indices();
    while let Some((i, c)) = chars.next() {
        if cell >= n * n {
            return Err(body.part(i, "").error("unexpected text after the last cell"));
        }
        let digit = match c {
            '0'..='9' | 'a'..='f' => c.to_digit(16),
            '-' => match (chars.next(), chars.next()) {
                (Some((_, h)), Some((_, l))) => h.to_digit(16).zip(l.to_digit(16)).map(|(h, l)| h * 16 + l),
                _ => None,
            },
            'g'..='z' => {
                cell += c as usize - 'g' as usize + 1;
                continue;
            }
            _ => None,
        };
        let Some(digit) = digit else {
            return Err(body.part(i, "").error(format!("unexpected character {c:?} in a puzz.link Sudoku")));
        };
        cells[cell] = digit;
        cell += 1;
    }
    if cell > n * n {
        return Err(body.error("the runs of empty cells go past the last cell"));
    }
    build(cells.chunks(n).map(<[u32]>::to_vec).collect(), &body)
}

/// The puzzle as a puzz.link URL.
pub(super) fn write(puzzle: &Sudoku) -> Result<String, Error> {
    let n = puzzle.size();
    if !SIZES.contains(&n) {
        return Err(cannot_write(
            "puzz.link",
            &format!("its boxes are drawn for 4×4, 6×6, 9×9 and 16×16 only, not {n}×{n}"),
        ));
    }
    let mut body = String::new();
    let mut empty = 0;
    let flush = |body: &mut String, empty: &mut usize| {
        if *empty > 0 {
            body.push(char::from(b'g' + *empty as u8 - 1));
            *empty = 0;
        }
    };
    for digit in puzzle.grid().into_iter().flatten() {
        if digit == 0 {
            empty += 1;
            if empty == 20 {
                flush(&mut body, &mut empty);
            }
            continue;
        }
        flush(&mut body, &mut empty);
        body += &if digit < 16 { format!("{digit:x}") } else { format!("-{digit:02x}") };
    }
    flush(&mut body, &mut empty);
    Ok(format!("https://puzz.link/p?sudoku/{n}/{n}/{body}\n"))
}
