//! Line propagation to a fixpoint: a queue of *dirty* lines (lines with a cell that changed
//! since they were last solved); each is solved by the line solver, the cells it decides are
//! written back and the crossing lines of those cells become dirty. A line the solver
//! rejects is a contradiction. Decided cells can be recorded on a trail so that a probe can
//! be undone (see `probe.rs`). Short-line solves go through a memo (`cache.rs`).

use super::board::Board;
use super::cache::{LineBits, LineCache, CACHED_LINE};
use super::line::{LineSolver, EMPTY, FILLED};
use super::Nonogram;
use crate::engine::search::{Budget, Stop};
use std::collections::VecDeque;

/// The working memory of propagation for one solve of a puzzle, kept from node to node.
pub struct Propagator {
    /// The clues of every line: rows first, then columns.
    clues: Vec<Vec<u32>>,
    cache: LineCache,
    solver: LineSolver,
    /// Dirty lines: `0..height` are rows, `height..height + width` columns.
    queue: VecDeque<u32>,
    queued: Vec<bool>,
}

impl Propagator {
    /// Fresh working memory for `puzzle`, with an empty queue.
    pub(crate) fn new(puzzle: &Nonogram) -> Self {
        let lines = puzzle.height() + puzzle.width();
        Propagator {
            clues: puzzle.clues_by_line(),
            cache: LineCache::new(lines),
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
        let mut decide = |board: &mut Board, queue: &mut Self, i: usize, value: u8| {
            let cell = board.cell_of(line, i);
            board.set_cell(cell, value);
            if let Some(trail) = trail.as_deref_mut() {
                trail.push(cell as u32);
            }
            // The crossing line is dirty; this line itself is at its fixpoint.
            queue.enqueue_line(board.crossing(line, i));
        };
        // Word `w` of the line went from `before` to `after`.
        let mut decide_word =
            |board: &mut Board, queue: &mut Self, w: usize, before: LineBits, after: LineBits| {
                let mut decided = (before.fillable & !after.fillable)
                    | (before.emptiable & !after.emptiable);
                while decided != 0 {
                    let bit = decided.trailing_zeros() as usize;
                    decided &= decided - 1;
                    let value = if after.fillable >> bit & 1 != 0 { FILLED } else { EMPTY };
                    decide(board, queue, 64 * w + bit, value);
                }
            };
        let len = board.line_len(line);
        if len <= CACHED_LINE {
            let (fillable, emptiable) = board.line_planes(line);
            let before = LineBits {
                fillable: fillable[0],
                emptiable: emptiable[0],
            };
            let after = self
                .cache
                .solve(&mut self.solver, &self.clues[line], line, len, before)
                .ok_or(Stop::Contradiction)?;
            decide_word(board, self, 0, before, after);
        } else {
            let (fillable, emptiable) = board.line_planes(line);
            if !self.solver.solve(&self.clues[line], fillable, emptiable, len) {
                return Err(Stop::Contradiction);
            }
            for w in 0..len.div_ceil(64) {
                let (before_fillable, before_emptiable) = board.line_planes(line);
                let before = LineBits {
                    fillable: before_fillable[w],
                    emptiable: before_emptiable[w],
                };
                let (after_fillable, after_emptiable) = self.solver.narrowed();
                let after = LineBits {
                    fillable: after_fillable[w],
                    emptiable: after_emptiable[w],
                };
                decide_word(board, self, w, before, after);
            }
        }
        Ok(())
    }
}
