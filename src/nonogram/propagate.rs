//! Line propagation to a fixpoint: a queue of *dirty* lines (lines with a cell that changed
//! since they were last solved); each is solved by the line solver, the cells it decides are
//! written back and the crossing lines of those cells become dirty. A line the solver
//! rejects is a contradiction. Decided cells can be recorded on a trail so that a probe can
//! be undone (see `probe.rs`). Solves of lines up to 126 cells go through a memo
//! (`memo.rs`).

use super::board::{Board, Spot};
use super::line::{LineBits, LineSolver, LineWord, CACHED_LINE, EMPTY, FILLED};
use super::memo::LineMemo;
use super::Nonogram;
use crate::engine::queue::WorkQueue;
use crate::engine::search::{Budget, Stop};

/// The working memory of propagation for one solve of a puzzle, kept from node to node.
pub struct Propagator {
    /// The clues of every line: rows first, then columns.
    clues: Vec<Vec<u32>>,
    /// The memo of lines of up to 62 cells.
    cache: LineMemo<u64>,
    /// The memo of lines of 63 to 126 cells.
    wide_cache: LineMemo<u128>,
    solver: LineSolver,
    /// Dirty lines: `0..height` are rows, `height..height + width` columns.
    queue: WorkQueue,
    /// The lines solved since [`Propagator::take_touched`] last ran, as classes: bit
    /// `line % 64`.
    touched: u64,
}

impl Propagator {
    /// Fresh working memory for `puzzle`, with an empty queue.
    pub(crate) fn new(puzzle: &Nonogram) -> Self {
        let lines = puzzle.height() + puzzle.width();
        Propagator {
            clues: puzzle.clues_by_line(),
            cache: LineMemo::new(lines, 2),
            wide_cache: LineMemo::new(lines, 2),
            solver: LineSolver::default(),
            queue: WorkQueue::new(lines),
            touched: 0,
        }
    }

    /// Mark line `line` (rows first, then columns) dirty.
    pub(crate) fn enqueue_line(&mut self, line: usize) {
        self.queue.push(line);
    }

    /// Decide the cell at `spot` of `board` and mark its row and column dirty.
    pub(crate) fn decide(&mut self, board: &mut Board, spot: Spot, value: u8) {
        board.decide(spot, value);
        for line in board.lines_at(spot) {
            self.enqueue_line(line);
        }
    }

    /// The classes (bit `line % 64`) of the lines solved since the last call.
    pub(crate) fn take_touched(&mut self) -> u64 {
        std::mem::take(&mut self.touched)
    }

    /// Solve dirty lines until none is left, narrowing `board`; every cell decided is pushed
    /// on `trail` with its value when one is given. On a contradiction or an exhausted budget the queue is
    /// emptied and `board` keeps the cells decided so far.
    pub(crate) fn run(
        &mut self,
        board: &mut Board,
        budget: &mut Budget,
        mut trail: Option<&mut Vec<(Spot, u8)>>,
    ) -> Result<(), Stop> {
        while let Some(line) = self.queue.pop() {
            self.touched |= 1 << (line % 64);
            let solved = budget.tick().and_then(|()| self.solve_line(board, line, trail.as_deref_mut()));
            if let Err(stop) = solved {
                self.queue.clear();
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
        mut trail: Option<&mut Vec<(Spot, u8)>>,
    ) -> Result<(), Stop> {
        let len = board.line_len(line);
        if len <= CACHED_LINE {
            let (fillable, emptiable) = board.line_word(line, 0);
            let before = LineBits { fillable, emptiable };
            let after = self
                .solver
                .solve_memo(&mut self.cache, &self.clues[line], line, len, before)
                .ok_or(Stop::Contradiction)?;
            self.narrow_word(board, line, 0, before, after, trail);
        } else if len <= u128::MAX_LINE {
            let (fillable, emptiable) = board.line_planes(line);
            let before = LineBits { fillable: u128::from_words(fillable), emptiable: u128::from_words(emptiable) };
            let after = self
                .solver
                .solve_memo(&mut self.wide_cache, &self.clues[line], line, len, before)
                .ok_or(Stop::Contradiction)?;
            for w in 0..2 {
                let word = |bits: LineBits<u128>| LineBits {
                    fillable: (bits.fillable >> (64 * w)) as u64,
                    emptiable: (bits.emptiable >> (64 * w)) as u64,
                };
                self.narrow_word(board, line, w, word(before), word(after), trail.as_deref_mut());
            }
        } else {
            let (fillable, emptiable) = board.line_planes(line);
            if !self.solver.solve(&self.clues[line], fillable, emptiable, len) {
                return Err(Stop::Contradiction);
            }
            for w in 0..len.div_ceil(64) {
                let (fillable, emptiable) = board.line_word(line, w);
                let before = LineBits { fillable, emptiable };
                let (after_fillable, after_emptiable) = self.solver.narrowed();
                let after = LineBits { fillable: after_fillable[w], emptiable: after_emptiable[w] };
                self.narrow_word(board, line, w, before, after, trail.as_deref_mut());
            }
        }
        Ok(())
    }

    /// Word `w` of line `line` goes from `before` to `after` (which decides cells, never
    /// reopens one): write it, decide its newly decided cells in their crossing lines too and
    /// mark those lines dirty (this line itself is at its fixpoint).
    fn narrow_word(
        &mut self,
        board: &mut Board,
        line: usize,
        w: usize,
        before: LineBits,
        after: LineBits,
        mut trail: Option<&mut Vec<(Spot, u8)>>,
    ) {
        let now_empty = before.fillable & !after.fillable;
        let now_filled = before.emptiable & !after.emptiable;
        if now_empty | now_filled == 0 {
            return;
        }
        board.set_line_word(line, w, after.fillable, after.emptiable);
        for (mut decided, value) in [(now_empty, EMPTY), (now_filled, FILLED)] {
            while decided != 0 {
                let i = 64 * w + decided.trailing_zeros() as usize;
                decided &= decided - 1;
                let crossing = board.decide_crossing(line, i, value);
                self.enqueue_line(crossing);
                if let Some(trail) = trail.as_deref_mut() {
                    trail.push((board.spot_of(line, i), value));
                }
            }
        }
    }
}
