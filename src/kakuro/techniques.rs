//! STAND-IN: replaced by branch explain-ks
//!
//! The least Kakuro explained logic that lets the genre-neutral glue (`src/explained.rs`)
//! compile and be tested: one technique, `naked-single` (a cell left with one digit once the
//! digits decided in its runs, and for the last open cell of a clued run the remaining sum,
//! are taken out), and the player-board constructor.

use super::{Cell as KakuroCell, Kakuro, MAX_DIGIT, NO_RUN};
use crate::engine::bits::DigitSet;
use crate::engine::error::{Error, Place};
use crate::engine::explain::{cell_name, Board, Change, Explain, Found, Step, Technique};
use crate::engine::search::Grid;

const TECHNIQUES: &[Technique<Kakuro>] = &[Technique {
    id: "naked-single",
    level: 1,
    summary: "a cell with one digit left once its runs' decided digits (and remaining sum) are taken out",
    find: naked_single,
}];

fn naked_single(puzzle: &Kakuro, board: &Board) -> Option<Found> {
    for (i, &cell) in puzzle.whites.iter().enumerate() {
        if board.value(cell).is_some() {
            continue;
        }
        let mut left = board.candidates(cell);
        for &run in puzzle.runs_of_cell[i].iter().filter(|&&run| run != NO_RUN) {
            let run = &puzzle.runs[run];
            let others: Vec<_> = run.cells.iter().map(|&w| puzzle.whites[w]).filter(|&w| w != cell).collect();
            let decided: Vec<u32> = others.iter().filter_map(|&w| board.value(w)).map(u32::from).collect();
            for &d in &decided {
                left &= !DigitSet::single(d);
            }
            if let (Some(sum), true) = (run.sum, decided.len() == others.len()) {
                let rest = sum.checked_sub(decided.iter().sum()).filter(|&d| (1..=MAX_DIGIT).contains(&d));
                left &= rest.map_or(DigitSet::EMPTY, DigitSet::single);
            }
        }
        if left.is_empty() {
            return Some(Found::Contradiction {
                message: format!("{} has no digit left", cell_name(cell)),
                reasons: vec![cell],
            });
        }
        if let Some(d) = left.only() {
            return Some(Found::Step(Step {
                technique: "naked-single",
                level: 1,
                message: format!("{} can only be {d}", cell_name(cell)),
                changes: vec![Change::Set { cell, value: d as u8 }],
                reasons: Vec::new(),
                lines: Vec::new(),
            }));
        }
    }
    None
}

impl Explain for Kakuro {
    fn board(&self) -> Board {
        Board::new(self.width(), self.height(), |r, c| match self.grid[r][c] {
            KakuroCell::Block { .. } => None,
            KakuroCell::White(Some(d)) => Some(DigitSet::single(d)),
            KakuroCell::White(None) => Some(DigitSet::range(1, MAX_DIGIT)),
        })
    }
    fn techniques(&self) -> &'static [Technique<Self>] {
        TECHNIQUES
    }
    fn is_solution(&self, grid: &Grid) -> bool {
        self.check(grid).is_ok()
    }
}

impl Kakuro {
    /// The explained-logic board of a player's grid: `values` a digit or 0 (empty) per cell,
    /// `candidates` optional pencil marks per cell (an empty list: no marks).
    pub fn player_board(&self, values: &[Vec<u8>], candidates: Option<&[Vec<Vec<u8>>]>) -> Result<Board, Error> {
        let field = |name: String| Place::Field(name);
        let shape = |name: &str, rows: usize, row_len: &dyn Fn(usize) -> usize| -> Result<(), Error> {
            if rows != self.height() {
                return Err(Error::new(field(name.into()), format!("expected {} rows, got {rows}", self.height())));
            }
            match (0..rows).find(|&r| row_len(r) != self.width()) {
                Some(r) => Err(Error::new(
                    field(format!("{name}[{r}]")),
                    format!("expected {} cells, got {}", self.width(), row_len(r)),
                )),
                None => Ok(()),
            }
        };
        shape("board", values.len(), &|r| values[r].len())?;
        if let Some(marks) = candidates {
            shape("candidates", marks.len(), &|r| marks[r].len())?;
        }
        let mut board = self.board();
        for (r, row) in values.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                let in_play = board.in_play((r, c));
                let marks = candidates.map_or(&[][..], |m| &m[r][c][..]);
                if v > MAX_DIGIT as u8 || (v != 0 && !in_play) || (!in_play && !marks.is_empty()) {
                    return Err(Error::new(
                        field(format!("board[{r}][{c}]")),
                        format!("{v} is not a digit of this cell"),
                    ));
                }
                if let Some(&bad) = marks.iter().find(|&&d| d == 0 || d > MAX_DIGIT as u8) {
                    return Err(Error::new(field(format!("candidates[{r}][{c}]")), format!("{bad} is not in 1..9")));
                }
                if v != 0 {
                    board.restrict((r, c), DigitSet::single(u32::from(v)));
                } else if !marks.is_empty() {
                    board.restrict((r, c), DigitSet(marks.iter().fold(0, |set, &d| set | 1 << d)));
                }
            }
        }
        Ok(board)
    }
}
