//! pierre-dejoue/picross-solver's text: `#` comments, `GRID name` starts a puzzle, `ROWS` and
//! `COLUMNS` start its clue lists, one `[ 1 2 ]` line per clue (`[ ]` is an empty line).
//! A file holds any number of puzzles.

use super::clue_list;
use super::join;
use crate::nonogram::puzzle::Nonogram;
use crate::text::{lines, Token};
use crate::Error;

/// The clues of one `GRID` being read.
#[derive(Default)]
struct Grid {
    rows: Vec<Vec<u32>>,
    cols: Vec<Vec<u32>>,
    /// Whether the `[ ]` lines go to `rows` (after `ROWS`) or `cols` (after `COLUMNS`).
    in_rows: Option<bool>,
}

/// Every puzzle of a picross-solver text.
pub(super) fn parse(text: &str) -> Result<Vec<Nonogram>, Error> {
    let mut puzzles = Vec::new();
    let mut grid: Option<Grid> = None;
    for line in lines(text) {
        let token = line.trimmed();
        let keyword = token.text.split_whitespace().next().unwrap_or("");
        match keyword {
            "" => {}
            _ if keyword.starts_with('#') => {}
            "GRID" => puzzles.extend(grid.replace(Grid::default()).map(finish).transpose()?),
            "ROWS" | "COLUMNS" => grid.get_or_insert_with(Grid::default).in_rows = Some(keyword == "ROWS"),
            _ if keyword.starts_with('[') => {
                let Some(current) = grid.as_mut().filter(|g| g.in_rows.is_some()) else {
                    return Err(token.error("a clue line before ROWS or COLUMNS"));
                };
                let clue = clue_line(&token)?;
                if current.in_rows == Some(true) { &mut current.rows } else { &mut current.cols }.push(clue);
            }
            _ => {
                return Err(
                    token.error(format!("unexpected {keyword:?} (expected GRID, ROWS, COLUMNS or a [ clue ] line)"))
                )
            }
        }
    }
    puzzles.extend(grid.map(finish).transpose()?);
    Ok(puzzles)
}

fn finish(grid: Grid) -> Result<Nonogram, Error> {
    Nonogram::new(grid.rows, grid.cols)
}

/// The numbers of a `[ 1 2 ]` line.
fn clue_line(token: &Token<'_>) -> Result<Vec<u32>, Error> {
    let Some(inner) = token.text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
        return Err(token.part(token.text.len(), "").error("expected ] at the end of the clue line"));
    };
    let numbers = token
        .part(1, inner)
        .words(char::is_whitespace)
        .iter()
        .map(|w| w.number("a clue"))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(clue_list(numbers))
}

/// The picross-solver text of a puzzle with these clues.
pub(super) fn write(rows: &[Vec<u32>], cols: &[Vec<u32>]) -> String {
    let mut out = String::from("GRID puzzle\nROWS\n");
    let line = |clue: &Vec<u32>| format!("[ {} ]\n", join(clue, " ", "")).replace("[  ]", "[ ]");
    rows.iter().for_each(|c| out += &line(c));
    out += "COLUMNS\n";
    cols.iter().for_each(|c| out += &line(c));
    out
}
