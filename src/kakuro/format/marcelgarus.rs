//! MarcelGarus/kakuro's `.kakuro`: one grid row per line (`#` comments and blank lines
//! skipped), cells separated by blanks: a token of underscores is an empty white cell, a
//! token with `\` a wall, with its down sum before the `\` and its across sum after, each
//! optional (`\`, `23\`, `\16`, `17\24`). Given digits cannot be written in it.

use super::{block, cannot_write, check_width, optional};
use crate::kakuro::puzzle::{Cell, MAX_SIDE};
use crate::text::{content_lines, lines, Token};
use crate::Error;

/// The grid of a `.kakuro` text.
pub(super) fn parse(text: &str) -> Result<Vec<Vec<Cell>>, Error> {
    let all = lines(text);
    let rows = content_lines(&all, Some('#'));
    if rows.len() > MAX_SIDE {
        return Err(rows[MAX_SIDE].trimmed().error(format!("more than {MAX_SIDE} rows")));
    }
    let mut grid = Vec::with_capacity(rows.len());
    for line in &rows {
        let cells = line.words(char::is_whitespace);
        check_width(&cells, grid.first().map(Vec::len), &line.trimmed())?;
        grid.push(cells.iter().map(cell).collect::<Result<Vec<_>, _>>()?);
    }
    Ok(grid)
}

fn cell(token: &Token<'_>) -> Result<Cell, Error> {
    if token.text.bytes().all(|b| b == b'_') {
        return Ok(Cell::White(None));
    }
    match token.text.split_once('\\') {
        Some((down, across)) => block(&token.part(0, down), &token.part(down.len() + 1, across)),
        None => Err(token.error(format!("expected `___` or a wall `down\\across`, found {:?}", token.text))),
    }
}

/// The `.kakuro` text of a grid, its columns aligned.
pub(super) fn write(grid: &[Vec<Cell>]) -> Result<String, Error> {
    let mut tokens = Vec::with_capacity(grid.len());
    for (r, row) in grid.iter().enumerate() {
        let mut line = Vec::with_capacity(row.len());
        for (c, cell) in row.iter().enumerate() {
            line.push(match *cell {
                Cell::Block { down, across } => format!("{}\\{}", optional(down), optional(across)),
                Cell::White(None) => String::new(),
                Cell::White(Some(_)) => return Err(cannot_write(".kakuro", r, c, "it has no given digits")),
            });
        }
        tokens.push(line);
    }
    let width = |c: usize| tokens.iter().filter_map(|row| row.get(c)).map(String::len).max().unwrap_or(0).max(3);
    let widths: Vec<usize> = (0..grid.first().map_or(0, Vec::len)).map(width).collect();
    let mut out = String::new();
    for row in &tokens {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(t, &w)| if t.is_empty() { "_".repeat(w) } else { format!("{t:<w$}") })
            .collect();
        out += cells.join(" ").trim_end();
        out.push('\n');
    }
    Ok(out)
}
