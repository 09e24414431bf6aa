//! The one-line form of Sudoku collections: N² characters per puzzle, row by row (`.` or `0`
//! empty, `1`-`9`, `A`-`G` for 10..16), one puzzle per line; `#` starts a comment line, and
//! what follows the puzzle on its line after a blank (a rating, a name) is left alone.
//!
//! ```text
//! 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//! ```

use super::{build, cells_of, digit_char, side_of};
use crate::sudoku::puzzle::Sudoku;
use crate::text::{content_lines, lines};
use crate::Error;

/// Every puzzle of a one-line text.
pub(super) fn parse(text: &str) -> Result<Vec<Sudoku>, Error> {
    content_lines(&lines(text), Some('#'))
        .iter()
        .map(|line| {
            let words = line.words(char::is_whitespace);
            let puzzle = words[0];
            let cells = cells_of(&puzzle)?;
            let Some(n) = side_of(cells.len()) else {
                return Err(puzzle.error(format!(
                    "a one-line Sudoku has 16, 36, 64, 81, 144 or 256 cells (a square of 4..16), this one {}",
                    cells.len()
                )));
            };
            build(cells.chunks(n).map(<[u32]>::to_vec).collect(), &puzzle)
        })
        .collect()
}

/// Whether `text` looks like the one-line form: its first content line starts with a
/// square number of cell characters.
pub(crate) fn looks_like(first: &str) -> bool {
    let word = first.split_whitespace().next().unwrap_or("");
    side_of(word.len()).is_some() && word.chars().all(|c| super::cell_digit(c).is_some())
}

/// The puzzle on one line.
pub(super) fn write(puzzle: &Sudoku) -> String {
    let mut line: String = puzzle.grid().iter().flatten().map(|&d| digit_char(d)).collect();
    line.push('\n');
    line
}
