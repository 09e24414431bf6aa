//! Line propagation to a fixpoint: a queue of *dirty* lines (lines with a cell that changed
//! since they were last solved); each is solved by the line solver, the cells it decides are
//! written back and the crossing lines of those cells become dirty. A line the solver
//! rejects is a contradiction. Decided cells can be recorded on a trail so that a probe can
//! be undone (see `probe.rs`).

use super::board::Board;
use super::line::{LineSolver, EMPTY, FILLED};
use super::Nonogram;
use crate::engine::search::{Budget, Stop};
use std::collections::VecDeque;

/// The working memory of propagation for one puzzle.
pub(crate) struct Propagator<'a> {
    puzzle: &'a Nonogram,
    solver: LineSolver,
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

    /// Forget all dirty lines (after a contradiction).
    fn clear_queue(&mut self) {
        for line in self.queue.drain(..) {
            self.queued[line as usize] = false;
        }
    }

    /// Solve dirty lines until none is left, narrowing `board`; every cell decided is pushed
    /// on `trail` when one is given. On a contradiction or an exhausted budget the queue is
    /// emptied and `board` keeps the cells decided so far.
    pub(crate) fn run(
        &mut self,
        board: &mut Board,
        budget: &mut Budget,
        mut trail: Option<&mut Vec<u32>>,
    ) -> Result<(), Stop> {
        while let Some(line) = self.queue.pop_front() {
            let line = line as usize;
            self.queued[line] = false;
            let solved = budget
                .tick()
                .and_then(|()| self.solve_line(board, line, trail.as_deref_mut()));
            if let Err(stop) = solved {
                self.clear_queue();
                return Err(stop);
            }
        }
        Ok(())
    }

    /// Solve one line of `board` and write back the cells it decides.
    fn solve_line(
        &mut self,
        board: &mut Board,
        line: usize,
        mut trail: Option<&mut Vec<u32>>,
    ) -> Result<(), Stop> {
        let clues = self.puzzle.line_clues(line);
        let mut decide = |board: &mut Board, queue: &mut Self, i: usize, value: u8| {
            let cell = board.cell_of(line, i);
            board.set_cell(cell, value);
            if let Some(trail) = trail.as_deref_mut() {
                trail.push(cell as u32);
            }
            // The crossing line is dirty; this line itself is at its fixpoint.
            queue.enqueue_line(board.crossing(line, i));
        };
        let len = board.line_len(line);
        let (fillable, emptiable) = board.line_planes(line);
        if !self.solver.solve(clues, fillable, emptiable, len) {
            return Err(Stop::Contradiction);
        }
        for w in 0..len.div_ceil(64) {
            let (before_fillable, before_emptiable) = board.line_planes(line);
            let (after_fillable, after_emptiable) = self.solver.narrowed();
            let (after_fillable, after_emptiable) = (after_fillable[w], after_emptiable[w]);
            let mut decided =
                (before_fillable[w] & !after_fillable) | (before_emptiable[w] & !after_emptiable);
            while decided != 0 {
                let bit = decided.trailing_zeros();
                decided &= decided - 1;
                let value = if after_fillable >> bit & 1 != 0 {
                    FILLED
                } else {
                    EMPTY
                };
                decide(board, self, 64 * w + bit as usize, value);
            }
        }
        Ok(())
    }
}
