//! The colour line theory of clause learning: a cell's values are the background (0) and the
//! colours, a line the colour masks of its cells, gathered for each solve and narrowed by the
//! colour line solver (`line/color.rs`: bit planes per value up to 126 cells).
//!
//! **Explanations.** The removals on the line before the event (the root's are facts and
//! stay) are thinned to a minimal subset under which the line still has no placement giving
//! the cell the removed value (or none at all), by greedy deletion, the latest removal first;
//! each test is one bit-parallel forward pass over the line's value planes
//! (`color_line::TrialLine`, nothing allocated). Removals of colours that none of the line's
//! blocks has never matter and are left out, as are the other removals of the target's cell
//! (the test gives that cell the removed value alone). Debug and test builds check every
//! explanation with the full line solver.

use crate::engine::cdcl::{Assignment, LineTheory, Lit, Shape};
use crate::nonogram::color::{Block, ColorNonogram};
use crate::nonogram::line::color::{ColorLineSolver, Mask, NoPlacement, TrialLine};

/// The lines of a colour nonogram.
pub(crate) struct ColorLines {
    shape: Shape,
    /// Values a cell can take: the background and the colours.
    values: u32,
    clues: Vec<Vec<Block>>,
    solver: ColorLineSolver,
    /// The cells of a line, rebuilt for each solve.
    line: Vec<Mask>,
    /// The line of an explanation under trial, and the removals it may drop (trail position
    /// × 2^32 + literal).
    trial: TrialLine,
    candidates: Vec<u64>,
}

impl ColorLines {
    /// The lines of `puzzle`, every cell open.
    pub(crate) fn new(puzzle: &ColorNonogram) -> ColorLines {
        ColorLines {
            shape: Shape { width: puzzle.width(), height: puzzle.height() },
            values: puzzle.colors().len() as u32 + 1,
            clues: puzzle.rows().iter().chain(puzzle.cols()).cloned().collect(),
            solver: ColorLineSolver::default(),
            line: Vec::new(),
            trial: TrialLine::default(),
            candidates: Vec::new(),
        }
    }

    /// Whether the line solver, on `line` with the root's removals before `before` and the
    /// removals `reason`, finds no placement, or (with a target) none giving its cell its
    /// value.
    fn implies(&mut self, line: usize, at: &Assignment, before: u32, reason: &[Lit], target: Option<Lit>) -> bool {
        let len = self.shape.len(line);
        self.line.clear();
        self.line.resize(len, (1 << self.values) - 1);
        for i in 0..len {
            for v in 0..self.values {
                let lit = at.lit(self.shape.cell_at(line, i), v);
                if at.removed_at(lit) < before && at.level(lit) == 0 {
                    self.line[i] &= !(1 << v);
                }
            }
        }
        for &lit in reason {
            self.line[self.shape.index_in(line, at.cell_of(lit))] &= !(1 << at.value_of(lit));
        }
        match (self.solver.solve(&self.clues[line], &mut self.line), target) {
            (Err(_), _) => true,
            (Ok(_), None) => false,
            (Ok(_), Some(lit)) => self.line[self.shape.index_in(line, at.cell_of(lit))] >> at.value_of(lit) & 1 == 0,
        }
    }
}

impl LineTheory for ColorLines {
    fn shape(&self) -> Shape {
        self.shape
    }

    fn values(&self) -> u32 {
        self.values
    }

    fn removed(&mut self, _: usize, _: u32) {}

    fn restored(&mut self, _: usize, _: u32) {}

    fn solve(&mut self, line: usize, cells: &[Mask], removals: &mut Vec<Lit>) -> Result<(), NoPlacement> {
        let len = self.shape.len(line);
        self.line.clear();
        self.line.extend((0..len).map(|i| cells[self.shape.cell_at(line, i)]));
        if self.solver.solve(&self.clues[line], &mut self.line)? {
            let shift = self.values.next_power_of_two().trailing_zeros();
            for i in 0..len {
                let cell = self.shape.cell_at(line, i);
                let mut gone = cells[cell] & !self.line[i];
                while gone != 0 {
                    removals.push((cell as u32) << shift | gone.trailing_zeros());
                    gone &= gone - 1;
                }
            }
        }
        Ok(())
    }

    fn explain(&mut self, line: usize, at: &Assignment, before: u32, target: Option<Lit>, reason: &mut Vec<Lit>) {
        let len = self.shape.len(line);
        let all: Mask = (1 << self.values) - 1;
        let mut used: Mask = 1;
        for block in &self.clues[line] {
            used |= 1 << block.color;
        }
        let target_at = target.map(|lit| (self.shape.index_in(line, at.cell_of(lit)), at.value_of(lit)));
        self.line.clear();
        self.candidates.clear();
        for i in 0..len {
            let cell = self.shape.cell_at(line, i);
            let mut mask = all;
            for v in 0..self.values {
                let lit = at.lit(cell, v);
                let position = at.removed_at(lit);
                if position < before {
                    mask &= !(1 << v);
                    let matters = at.level(lit) > 0 && used >> v & 1 == 1;
                    if matters && target_at.map_or(true, |(k, _)| k != i) {
                        self.candidates.push(u64::from(position) << 32 | u64::from(lit));
                    }
                }
            }
            if let Some((_, value)) = target_at.filter(|&(k, _)| k == i) {
                mask = 1 << value;
            }
            self.line.push(mask);
        }
        self.trial.load(&self.line, self.values);
        self.candidates.sort_unstable();
        for &key in self.candidates.iter().rev() {
            let lit = key as Lit;
            let (i, value) = (self.shape.index_in(line, at.cell_of(lit)), at.value_of(lit));
            self.trial.set(i, value, true);
            if self.trial.fits(&self.clues[line]) {
                self.trial.set(i, value, false);
                reason.push(lit);
            }
        }
        debug_assert!(
            self.implies(line, at, before, reason, target),
            "line {line}: {reason:?} does not imply {target:?}"
        );
    }
}
