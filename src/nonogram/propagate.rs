//! Line propagation to a fixpoint: a queue of *dirty* lines (lines with a cell that changed
//! since they were last solved); each is solved by [`LineSolver`], the cells it decides are
//! written back and the crossing lines of those cells become dirty. A line the solver
//! rejects is a contradiction. Changes can be recorded on a trail so that a probe can be
//! undone (see `probe.rs`).

use super::line::{LineSolver, UNKNOWN};
use super::Nonogram;
use crate::engine::search::{Budget, Stop};
use std::collections::VecDeque;

/// One recorded change: the cell's index and its value before the change.
pub(crate) type Change = (u32, u8);

/// The working memory of propagation for one puzzle.
pub(crate) struct Propagator<'a> {
    puzzle: &'a Nonogram,
    solver: LineSolver,
    line: Vec<u8>,
    narrowed: Vec<u8>,
    /// Dirty lines: `0..height` are rows, `height..height + width` columns.
    queue: VecDeque<u32>,
    queued: Vec<bool>,
}

impl<'a> Propagator<'a> {
    /// Fresh working memory for `puzzle`, with an empty queue.
    pub(crate) fn new(puzzle: &'a Nonogram) -> Self {
        Propagator {
            puzzle,
            solver: LineSolver::default(),
            line: Vec::new(),
            narrowed: Vec::new(),
            queue: VecDeque::new(),
            queued: vec![false; puzzle.height() + puzzle.width()],
        }
    }

    /// Mark line `line` (rows first, then columns) dirty.
    pub(crate) fn enqueue_line(&mut self, line: usize) {
        if !self.queued[line] {
            self.queued[line] = true;
            self.queue.push_back(line as u32);
        }
    }

    /// Mark the row and the column of `cell` dirty.
    pub(crate) fn enqueue_cell(&mut self, cell: usize) {
        let width = self.puzzle.width();
        self.enqueue_line(cell / width);
        self.enqueue_line(self.puzzle.height() + cell % width);
    }

    /// Forget all dirty lines (after a contradiction).
    fn clear_queue(&mut self) {
        for line in self.queue.drain(..) {
            self.queued[line as usize] = false;
        }
    }

    /// Solve dirty lines until none is left, narrowing `cells` (row-major); every change is
    /// pushed on `trail` when one is given. On a contradiction or an exhausted budget the
    /// queue is emptied and `cells` keeps the changes made so far.
    pub(crate) fn run(
        &mut self,
        cells: &mut [u8],
        budget: &mut Budget,
        mut trail: Option<&mut Vec<Change>>,
    ) -> Result<(), Stop> {
        let width = self.puzzle.width();
        let height = self.puzzle.height();
        while let Some(line) = self.queue.pop_front() {
            let line = line as usize;
            self.queued[line] = false;
            if let Err(stop) = budget.tick() {
                self.clear_queue();
                return Err(stop);
            }
            // The cells of the line: a row is contiguous, a column strided.
            let (first, step, len, clues) = if line < height {
                (line * width, 1, width, &self.puzzle.rows()[line])
            } else {
                let col = line - height;
                (col, width, height, &self.puzzle.cols()[col])
            };
            self.line.clear();
            self.line.extend((0..len).map(|i| cells[first + i * step]));
            if !self.solver.solve(clues, &self.line, &mut self.narrowed) {
                self.clear_queue();
                return Err(Stop::Contradiction);
            }
            for i in 0..len {
                let new = self.narrowed[i];
                if new == self.line[i] {
                    continue;
                }
                debug_assert_eq!(self.line[i], UNKNOWN);
                let cell = first + i * step;
                if let Some(trail) = trail.as_deref_mut() {
                    trail.push((cell as u32, self.line[i]));
                }
                cells[cell] = new;
                // The crossing line is dirty; this line itself is at its fixpoint.
                let crossing = if line < height { height + i } else { i };
                self.enqueue_line(crossing);
            }
        }
        Ok(())
    }
}
