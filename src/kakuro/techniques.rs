//! STAND-IN: replaced by branch explain-ks.
//!
//! A minimal explanation layer so that the generator's level check can be tested before the
//! real techniques land: `naked-single` (level 1: a decided digit leaves the other cells of
//! its runs), `sum-combinations` (level 2: a cell keeps only digits of the run's combinations
//! that every cell of the run can meet), then the engine's trial. Sound, but not the real
//! scale.

use super::{Cell, Kakuro};
use crate::engine::bits::DigitSet;
use crate::engine::explain::{Board, Change, Explain, Found, Step, Technique};
use crate::engine::search::Grid;

impl Explain for Kakuro {
    fn board(&self) -> Board {
        Board::new(self.width(), self.height(), |r, c| match self.grid[r][c] {
            Cell::Block { .. } => None,
            Cell::White(Some(d)) => Some(DigitSet::single(d)),
            Cell::White(None) => Some(DigitSet::range(1, 9)),
        })
    }

    fn techniques(&self) -> &'static [Technique<Self>] {
        const LIST: &[Technique<Kakuro>] = &[
            Technique {
                id: "naked-single",
                level: 1,
                summary: "stand-in: a decided digit leaves its runs",
                find: single,
            },
            Technique {
                id: "sum-combinations",
                level: 2,
                summary: "stand-in: digits outside every feasible combination",
                find: combinations,
            },
        ];
        LIST
    }

    fn is_solution(&self, grid: &Grid) -> bool {
        self.check(grid).is_ok()
    }
}

/// The first run (as grid cells) where `narrow` removes digits, as a step.
fn first_step(
    puzzle: &Kakuro,
    board: &Board,
    technique: &'static str,
    level: u8,
    narrow: impl Fn(&[(usize, usize)], Option<u32>, &Board) -> Vec<((usize, usize), DigitSet)>,
) -> Option<Found> {
    for run in &puzzle.runs {
        let cells: Vec<(usize, usize)> = run.cells.iter().map(|&i| puzzle.whites[i]).collect();
        let changes: Vec<Change> = narrow(&cells, run.sum, board)
            .into_iter()
            .filter(|&(cell, keep)| board.candidates(cell) & !keep != DigitSet::EMPTY)
            .map(|(cell, keep)| {
                let left = board.candidates(cell) & keep;
                match left.only() {
                    Some(value) => Change::Set { cell, value: value as u8 },
                    None => Change::Remove { cell, values: board.candidates(cell) & !keep },
                }
            })
            .collect();
        if !changes.is_empty() {
            return Some(Found::Step(Step {
                technique,
                level,
                message: format!("{technique} in the {} run", run.direction.name()),
                changes,
                reasons: cells,
                lines: Vec::new(),
            }));
        }
    }
    None
}

fn single(puzzle: &Kakuro, board: &Board) -> Option<Found> {
    first_step(puzzle, board, "naked-single", 1, |cells, _, board| {
        let decided = cells.iter().filter_map(|&c| board.value(c)).fold(0u32, |m, d| m | 1 << d);
        cells.iter().filter(|&&c| board.value(c).is_none()).map(|&c| (c, DigitSet(!decided))).collect()
    })
}

fn combinations(puzzle: &Kakuro, board: &Board) -> Option<Found> {
    first_step(puzzle, board, "sum-combinations", 2, |cells, sum, board| {
        let mut keep = vec![DigitSet::EMPTY; cells.len()];
        for mask in (0u32..1 << 10).step_by(2) {
            let combo = DigitSet(mask);
            if combo.len() as usize != cells.len() || sum.is_some_and(|s| combo.sum() != s) {
                continue;
            }
            if cells.iter().all(|&c| !(board.candidates(c) & combo).is_empty()) {
                for (k, &c) in keep.iter_mut().zip(cells) {
                    *k |= board.candidates(c) & combo;
                }
            }
        }
        cells.iter().copied().zip(keep).collect()
    })
}
