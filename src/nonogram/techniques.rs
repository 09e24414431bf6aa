//! STAND-IN: replaced by branch explain-nono.
//!
//! A minimal explanation layer so that the generator's level check can be tested before the
//! real techniques land: the exact line logic (a dynamic programme over cells × clues) as one
//! technique per clue count — level 1 on lines of at most one clue, level 2 on lines of two,
//! level 3 on longer clue lists — and then the engine's trial. Sound (every step is implied
//! by one line), but its levels are not the real scale.

use super::Nonogram;
use crate::engine::bits::DigitSet;
use crate::engine::explain::{Axis, Board, Change, Explain, Found, Line, Step, Technique};
use crate::engine::search::Grid;

/// Both values of a nonogram cell (bit 0: empty, bit 1: filled).
const EITHER: DigitSet = DigitSet(0b11);

impl Explain for Nonogram {
    fn board(&self) -> Board {
        Board::new(self.width(), self.height(), |_, _| Some(EITHER))
    }

    fn techniques(&self) -> &'static [Technique<Self>] {
        const LIST: &[Technique<Nonogram>] = &[
            Technique { id: "line-logic", level: 1, summary: "stand-in: line logic, one clue", find: short_lines },
            Technique { id: "line-logic", level: 2, summary: "stand-in: line logic, two clues", find: middle_lines },
            Technique { id: "line-logic", level: 3, summary: "stand-in: line logic, more clues", find: long_lines },
        ];
        LIST
    }

    fn is_solution(&self, grid: &Grid) -> bool {
        let runs = |cells: &mut dyn Iterator<Item = u8>| {
            let mut runs = Vec::new();
            let mut length = 0;
            for v in cells.chain(std::iter::once(0)) {
                if v == 1 {
                    length += 1;
                } else if length > 0 {
                    runs.push(length);
                    length = 0;
                }
            }
            runs
        };
        grid.len() == self.height()
            && (0..self.height()).all(|r| runs(&mut grid[r].iter().copied()) == self.rows()[r])
            && (0..self.width()).all(|c| runs(&mut grid.iter().map(|row| row[c])) == self.cols()[c])
    }
}

fn short_lines(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    line_logic(puzzle, board, 1, |clues| clues <= 1)
}

fn middle_lines(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    line_logic(puzzle, board, 2, |clues| clues == 2)
}

fn long_lines(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    line_logic(puzzle, board, 3, |clues| clues >= 3)
}

/// The first line (rows, then columns) whose clue count `takes` where line logic decides a
/// cell.
fn line_logic(puzzle: &Nonogram, board: &Board, level: u8, takes: fn(usize) -> bool) -> Option<Found> {
    let lines = (0..puzzle.height())
        .map(|r| (Axis::Row, r, &puzzle.rows()[r]))
        .chain((0..puzzle.width()).map(|c| (Axis::Col, c, &puzzle.cols()[c])));
    for (axis, index, clues) in lines {
        if !takes(clues.len()) {
            continue;
        }
        let cells: Vec<(usize, usize)> = match axis {
            Axis::Row => (0..puzzle.width()).map(|c| (index, c)).collect(),
            Axis::Col => (0..puzzle.height()).map(|r| (r, index)).collect(),
        };
        let known: Vec<DigitSet> = cells.iter().map(|&cell| board.candidates(cell)).collect();
        let line = Line { axis, index };
        let Some(possible) = settle(clues, &known) else {
            return Some(Found::Contradiction { message: "a line has no placement".into(), reasons: cells });
        };
        let changes: Vec<Change> = cells
            .iter()
            .zip(known.iter().zip(&possible))
            .filter(|(_, (k, p))| k != p)
            .filter_map(|(&cell, (_, p))| p.only().map(|value| Change::Set { cell, value: value as u8 }))
            .collect();
        if !changes.is_empty() {
            return Some(Found::Step(Step {
                technique: "line-logic",
                level,
                message: format!("{} {}: line logic", if axis == Axis::Row { "row" } else { "column" }, index + 1),
                changes,
                reasons: cells,
                lines: vec![line],
            }));
        }
    }
    None
}

/// The values each cell takes in some placement of `clues` over cells with candidates
/// `known`, or `None` when there is no placement.
fn settle(clues: &[u32], known: &[DigitSet]) -> Option<Vec<DigitSet>> {
    // One empty cell appended, so that every block is followed by an empty cell.
    let n = known.len() + 1;
    let k = clues.len();
    let can_empty = |i: usize| i >= known.len() || known[i].contains(0);
    let can_fill = |i: usize| i < known.len() && known[i].contains(1);
    let fills = |s: usize, len: usize| s + len < n && (s..s + len).all(can_fill) && can_empty(s + len);
    // ready[i][j]: cells before i hold blocks 0..j, and cell i may start a block.
    let mut ready = vec![vec![false; k + 1]; n + 1];
    ready[0][0] = true;
    for i in 0..n {
        for j in 0..=k {
            if !ready[i][j] {
                continue;
            }
            if can_empty(i) {
                ready[i + 1][j] = true;
            }
            if j < k && fills(i, clues[j] as usize) {
                ready[i + clues[j] as usize + 1][j + 1] = true;
            }
        }
    }
    // done[i][j]: from cell i (ready), blocks j.. can fill the rest.
    let mut done = vec![vec![false; k + 1]; n + 1];
    done[n][k] = true;
    for i in (0..n).rev() {
        for j in 0..=k {
            done[i][j] = (can_empty(i) && done[i + 1][j])
                || (j < k && fills(i, clues[j] as usize) && done[i + clues[j] as usize + 1][j + 1]);
        }
    }
    if !ready[n][k] {
        return None;
    }
    let mut possible = vec![DigitSet::EMPTY; known.len()];
    for i in 0..known.len() {
        for j in 0..=k {
            if ready[i][j] && can_empty(i) && done[i + 1][j] {
                possible[i] |= DigitSet::single(0);
            }
            if j < k && ready[i][j] {
                let len = clues[j] as usize;
                if fills(i, len) && done[i + len + 1][j + 1] {
                    for cell in &mut possible[i..i + len] {
                        *cell |= DigitSet::single(1);
                    }
                    // The empty cell after the block (not the appended one).
                    if let Some(after) = possible.get_mut(i + len) {
                        *after |= DigitSet::single(0);
                    }
                }
            }
        }
    }
    Some(possible)
}
