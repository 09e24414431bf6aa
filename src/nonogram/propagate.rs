//! Line propagation to a fixpoint: a queue of *dirty* lines (lines with a cell that changed
//! since they were last solved); each is solved by the line solver, the cells it decides are
//! written back and the crossing lines of those cells become dirty. A line the solver
//! rejects is a contradiction. Decided cells can be recorded on a trail so that a probe can
//! be undone (see `probe.rs`). Short-line solves go through a memo (`cache.rs`).

use super::board::Board;
use super::cache::LineCache;
use super::line::{solve_bits, BitsScratch, LineSolver, UNKNOWN};
use super::Nonogram;
use crate::engine::search::{Budget, Stop};
use std::collections::VecDeque;

/// The working memory of propagation for one solve of a puzzle, kept from node to node.
pub struct Propagator {
    /// The clues of every line: rows first, then columns.
    clues: Vec<Vec<u32>>,
    cache: LineCache,
    solver: LineSolver,
    bits: BitsScratch,
    line: Vec<u8>,
    narrowed: Vec<u8>,
    /// Dirty lines: `0..height` are rows, `height..height + width` columns.
    queue: VecDeque<u32>,
    queued: Vec<bool>,
}

/// Memo slots per line of the puzzle, and at most in all (2.6 MB): enough to keep most of
/// the states probing revisits (on random 25×25 puzzles, 512 a line saved 60% of the line
/// solver's work, 64 a line 35%).
const CACHE_SLOTS_PER_LINE: usize = 512;
const CACHE_MOST_SLOTS: usize = 1 << 16;

impl Propagator {
    /// Fresh working memory for `puzzle`, with an empty queue.
    pub(crate) fn new(puzzle: &Nonogram) -> Self {
        let lines = puzzle.height() + puzzle.width();
        Propagator {
            clues: puzzle.rows().iter().chain(puzzle.cols()).cloned().collect(),
            cache: LineCache::new((lines * CACHE_SLOTS_PER_LINE).min(CACHE_MOST_SLOTS)),
            solver: LineSolver::default(),
            bits: BitsScratch::default(),
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
        if let Some(before) = board.short_line(line) {
            let after = match self.cache.get(line, before) {
                Some(after) => after,
                None => {
                    let after =
                        solve_bits(&self.clues[line], before, board.line_len(line), &mut self.bits);
                    self.cache.put(line, before, after);
                    after
                }
            }
            .ok_or(Stop::Contradiction)?;
            let mut decided =
                (before.fillable & !after.fillable) | (before.emptiable & !after.emptiable);
            while decided != 0 {
                let i = decided.trailing_zeros() as usize;
                decided &= decided - 1;
                decide(board, self, i, after.cell(i));
            }
        } else {
            board.read_line(line, &mut self.line);
            if !self.solver.solve(&self.clues[line], &self.line, &mut self.narrowed) {
                return Err(Stop::Contradiction);
            }
            for i in 0..self.line.len() {
                let value = self.narrowed[i];
                if value != self.line[i] {
                    debug_assert_eq!(self.line[i], UNKNOWN);
                    decide(board, self, i, value);
                }
            }
        }
        Ok(())
    }
}
