//! A Sudoku as a grid of digits: one line per row, `.` or `0` for an empty cell. A row is
//! either N tokens separated by blanks (`10 . 3 …`, the only way for digits above 9 written
//! as numbers) or N characters (`53..7....`, blanks between boxes allowed, `A`-`G` for
//! 10..16); `|` counts as a blank, and lines of only `-`, `+`, `=` and `|` (box rules) are
//! skipped.
//!
//! ```text
//! 5 3 . | . 7 . | . . .
//! ------+-------+------
//! ```

use super::{build, cells_of, digit_char, side_of};
use crate::sudoku::puzzle::{Sudoku, MAX_SIZE};
use crate::text::{lines, Line, Token};
use crate::Error;

/// Whether `line` is a box rule (`------+------`).
fn is_rule(line: &Line<'_>) -> bool {
    line.text.trim().chars().all(|c| matches!(c, '-' | '+' | '=' | '|' | ' '))
}

/// Whether `line` is a row of the grid: a content line that is not a box rule.
fn is_row(line: &Line<'_>) -> bool {
    line.is_content(Some('#')) && !is_rule(line)
}

/// The cells of a row of a grid of `n` rows: tokens when there are `n`, else characters.
fn row_cells(line: &Line<'_>, n: usize) -> Result<Vec<u32>, Error> {
    let words: Vec<Token<'_>> = line.words(|c| c.is_whitespace() || c == '|');
    if words.len() == n && n > 1 {
        return words
            .iter()
            .map(|word| match word.text {
                "." | "_" => Ok(0),
                _ => word.number("a digit"),
            })
            .collect();
    }
    let mut cells = Vec::with_capacity(n);
    for word in &words {
        cells.extend(cells_of(word)?);
    }
    if cells.len() != n {
        return Err(line
            .trimmed()
            .error(format!("this row has {} cells, expected {n} (as many as rows)", cells.len())));
    }
    Ok(cells)
}

/// The puzzle of a grid text.
pub(super) fn parse(text: &str) -> Result<Sudoku, Error> {
    let rows: Vec<Line<'_>> = lines(text).into_iter().filter(is_row).collect();
    let Some(first) = rows.first() else {
        return Err(crate::text::at(1, 1, "expected rows of digits"));
    };
    if side_of(rows.len() * rows.len()).is_none() {
        return Err(first.trimmed().error(format!("a Sudoku has 4 to 16 rows, this grid {}", rows.len())));
    }
    let grid = rows.iter().map(|row| row_cells(row, rows.len())).collect::<Result<Vec<_>, _>>()?;
    build(grid, &first.trimmed())
}

/// Whether `text` looks like a grid: 4 to 16 rows of as many cells, some given (a grid of
/// zeros alone is no Sudoku anyone exchanges, and is a Str8ts of MartinBuchmann's integers).
pub(crate) fn looks_like(lines: &[Line<'_>]) -> bool {
    let rows = || lines.iter().filter(|l| is_row(l));
    // Counted no further than one row too many: a long text is no grid, and is told at once.
    let n = rows().take(MAX_SIZE + 1).count();
    side_of(n * n).is_some()
        && rows()
            .map(|row| row_cells(row, n))
            .try_fold(false, |given, cells| cells.ok().map(|cells| given || cells.iter().any(|&d| d != 0)))
            == Some(true)
}

/// The puzzle as rows of characters separated by blanks (numbers above 9).
pub(super) fn write(puzzle: &Sudoku) -> String {
    let big = puzzle.size() > 9;
    let token = |&d: &u32| if big && d > 0 { d.to_string() } else { digit_char(d).to_string() };
    crate::text::grid_text(String::new(), &puzzle.grid(), " ", token)
}
