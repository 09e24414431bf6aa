//! STAND-IN: replaced by branch explain-ks
//!
//! The least Str8ts explained logic that lets the genre-neutral glue (`src/explained.rs`)
//! compile and be tested: one technique, `naked-single` (a cell left with one digit once the
//! digits decided in its row and column are taken out), and the player-board constructor.

use super::{line_cells, Str8ts};
use crate::engine::bits::DigitSet;
use crate::engine::error::{Error, Place};
use crate::engine::explain::{cell_name, Board, Change, Explain, Found, Step, Technique};
use crate::engine::search::Grid;

const TECHNIQUES: &[Technique<Str8ts>] = &[Technique {
    id: "naked-single",
    level: 1,
    summary: "a cell with one digit left once the digits decided in its row and column are taken out",
    find: naked_single,
}];

fn naked_single(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    let n = puzzle.size;
    let digit = |cell: usize| {
        let at = (cell / n, cell % n);
        if puzzle.black[cell] {
            puzzle.digits[cell]
        } else {
            board.value(at).map_or(0, u32::from)
        }
    };
    for cell in (0..n * n).filter(|&c| !puzzle.black[c] && board.value((c / n, c % n)).is_none()) {
        let at = (cell / n, cell % n);
        let mut left = board.candidates(at);
        for line in [at.0, n + at.1] {
            for other in line_cells(n, line).filter(|&o| o != cell) {
                left &= !DigitSet::single(digit(other));
            }
        }
        if left.is_empty() {
            return Some(Found::Contradiction {
                message: format!("{} has no digit left", cell_name(at)),
                reasons: vec![at],
            });
        }
        if let Some(d) = left.only() {
            return Some(Found::Step(Step {
                technique: "naked-single",
                level: 1,
                message: format!("{} can only be {d}", cell_name(at)),
                changes: vec![Change::Set { cell: at, value: d as u8 }],
                reasons: Vec::new(),
                lines: Vec::new(),
            }));
        }
    }
    None
}

impl Explain for Str8ts {
    fn board(&self) -> Board {
        let n = self.size;
        Board::new(n, n, |r, c| {
            let cell = r * n + c;
            match (self.black[cell], self.digits[cell]) {
                (true, _) => None,
                (false, 0) => Some(DigitSet::range(1, n as u32)),
                (false, d) => Some(DigitSet::single(d)),
            }
        })
    }
    fn techniques(&self) -> &'static [Technique<Self>] {
        TECHNIQUES
    }
    fn is_solution(&self, grid: &Grid) -> bool {
        self.check(grid).is_ok()
    }
}

impl Str8ts {
    /// The explained-logic board of a player's grid: `values` a digit or 0 (empty) per cell,
    /// `candidates` optional pencil marks per cell (an empty list: no marks).
    pub fn player_board(&self, values: &[Vec<u8>], candidates: Option<&[Vec<Vec<u8>>]>) -> Result<Board, Error> {
        let n = self.size;
        let field = |name: String| Place::Field(name);
        let shape = |name: &str, rows: usize, row_len: &dyn Fn(usize) -> usize| -> Result<(), Error> {
            if rows != n {
                return Err(Error::new(field(name.into()), format!("expected {n} rows, got {rows}")));
            }
            match (0..rows).find(|&r| row_len(r) != n) {
                Some(r) => {
                    Err(Error::new(field(format!("{name}[{r}]")), format!("expected {n} cells, got {}", row_len(r))))
                }
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
                if usize::from(v) > n || (v != 0 && !in_play) || (!in_play && !marks.is_empty()) {
                    return Err(Error::new(
                        field(format!("board[{r}][{c}]")),
                        format!("{v} is not a digit of this cell"),
                    ));
                }
                if let Some(&bad) = marks.iter().find(|&&d| d == 0 || usize::from(d) > n) {
                    return Err(Error::new(field(format!("candidates[{r}][{c}]")), format!("{bad} is not in 1..{n}")));
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
