//! The TAAI/TCGA/ICGA computer-tournament sets: many 25x25 puzzles per file, each a line
//! `$N` followed by 50 lines of tab-separated numbers, the 25 columns (left to right, each
//! top to bottom) then the 25 rows; an empty line or `0` is an empty clue.

use super::clue_list;
use super::join;
use crate::nonogram::puzzle::Nonogram;
use crate::text::{end_of, lines};
use crate::{Error, Place};

/// The side of every tournament puzzle.
const SIDE: usize = 25;

/// Every puzzle of a tournament file.
pub(super) fn parse(text: &str) -> Result<Vec<Nonogram>, Error> {
    let all = lines(text);
    let mut puzzles = Vec::new();
    let mut i = 0;
    while i < all.len() {
        let header = all[i].trimmed();
        i += 1;
        if header.text.is_empty() {
            continue;
        }
        if !header.text.starts_with('$') {
            return Err(header.error(format!("expected a puzzle header `$N`, found {:?}", header.text)));
        }
        header.part(1, &header.text[1..]).number("a puzzle number")?;
        let block = all.get(i..i + 2 * SIDE).ok_or_else(|| {
            end_of(&all).error(format!("the text ends inside puzzle {}: expected {} clue lines", header.text, 2 * SIDE))
        })?;
        i += 2 * SIDE;
        let mut clues = Vec::with_capacity(2 * SIDE);
        for line in block {
            let numbers = line
                .words(|c| c == '\t' || c == ' ')
                .iter()
                .map(|t| t.number("a clue"))
                .collect::<Result<Vec<_>, _>>()?;
            clues.push(clue_list(numbers));
        }
        let rows = clues.split_off(SIDE);
        puzzles.push(Nonogram::new(rows, clues)?);
    }
    Ok(puzzles)
}

/// The tournament text of one 25x25 puzzle (numbered `$1`).
pub(super) fn write(rows: &[Vec<u32>], cols: &[Vec<u32>]) -> Result<String, Error> {
    if rows.len() != SIDE || cols.len() != SIDE {
        return Err(Error::new(
            Place::Puzzle,
            format!("tournament puzzles are 25x25, this one is {}x{}", cols.len(), rows.len()),
        ));
    }
    let mut out = String::from("$1\n");
    for clue in cols.iter().chain(rows) {
        out += &join(clue, "\t", "0");
        out.push('\n');
    }
    Ok(out)
}
