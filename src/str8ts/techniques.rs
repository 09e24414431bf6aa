//! STAND-IN: replaced by branch explain-ks.
//!
//! A minimal explanation layer so that the generator's level check can be tested before the
//! real techniques land: `naked-single` (level 1: a digit decided or printed in a line
//! leaves the line's other cells), `compartment-range` (level 2: a cell keeps a digit only
//! when some straight of its compartment's length holds it and a candidate of every other
//! cell), then the engine's trial. Sound, but not the real scale.

use super::Str8ts;
use crate::engine::bits::DigitSet;
use crate::engine::explain::{Board, Change, Explain, Found, Step, Technique};
use crate::engine::search::Grid;

impl Explain for Str8ts {
    fn board(&self) -> Board {
        let n = self.size;
        Board::new(n, n, |r, c| match (self.is_black(r, c), self.given(r, c)) {
            (true, _) => None,
            (false, 0) => Some(DigitSet::range(1, n as u32)),
            (false, d) => Some(DigitSet::single(d)),
        })
    }

    fn techniques(&self) -> &'static [Technique<Self>] {
        const LIST: &[Technique<Str8ts>] = &[
            Technique {
                id: "naked-single",
                level: 1,
                summary: "stand-in: a decided digit leaves its lines",
                find: single,
            },
            Technique {
                id: "compartment-range",
                level: 2,
                summary: "stand-in: digits no straight of the compartment can hold",
                find: range,
            },
        ];
        LIST
    }

    fn is_solution(&self, grid: &Grid) -> bool {
        self.check(grid).is_ok()
    }
}

/// A step narrowing `cell` to `keep`, if that removes something.
fn narrowing(board: &Board, cell: (usize, usize), keep: DigitSet) -> Option<Change> {
    let has = board.candidates(cell);
    if has & !keep == DigitSet::EMPTY {
        return None;
    }
    Some(match (has & keep).only() {
        Some(value) => Change::Set { cell, value: value as u8 },
        None => Change::Remove { cell, values: has & !keep },
    })
}

fn step(technique: &'static str, level: u8, changes: Vec<Change>, reasons: Vec<(usize, usize)>) -> Option<Found> {
    (!changes.is_empty()).then(|| {
        Found::Step(Step {
            technique,
            level,
            message: format!("{technique} (stand-in)"),
            changes,
            reasons,
            lines: Vec::new(),
        })
    })
}

fn single(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    let n = puzzle.size;
    for line in 0..2 * n {
        let cells: Vec<(usize, usize)> = (0..n).map(|i| if line < n { (line, i) } else { (i, line - n) }).collect();
        let digit = |&(r, c): &(usize, usize)| match puzzle.is_black(r, c) {
            true => (puzzle.given(r, c) != 0).then(|| puzzle.given(r, c)),
            false => board.value((r, c)).map(u32::from),
        };
        let decided = cells.iter().filter_map(digit).fold(DigitSet::EMPTY, |s, d| s | DigitSet::single(d));
        let changes: Vec<Change> = cells
            .iter()
            .filter(|&&(r, c)| !puzzle.is_black(r, c) && board.value((r, c)).is_none())
            .filter_map(|&cell| narrowing(board, cell, !decided))
            .collect();
        if let Some(found) = step("naked-single", 1, changes, cells) {
            return Some(found);
        }
    }
    None
}

fn range(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    let n = puzzle.size as u32;
    for compartment in puzzle.lines.iter().flatten() {
        let cells: Vec<(usize, usize)> = compartment.iter().map(|&i| (i / puzzle.size, i % puzzle.size)).collect();
        let len = cells.len() as u32;
        let mut keep = vec![DigitSet::EMPTY; cells.len()];
        for start in 1..=n + 1 - len {
            let window = DigitSet::range(start, start + len - 1);
            if cells.iter().all(|&c| !(board.candidates(c) & window).is_empty()) {
                for (k, &c) in keep.iter_mut().zip(&cells) {
                    *k |= board.candidates(c) & window;
                }
            }
        }
        let changes: Vec<Change> = cells.iter().zip(keep).filter_map(|(&c, k)| narrowing(board, c, k)).collect();
        if let Some(found) = step("compartment-range", 2, changes, cells) {
            return Some(found);
        }
    }
    None
}
