//! Black-and-white propagation, the black-and-white [`Probing`] and [`Kind`] of the one
//! depth-first search (`depth_first.rs`). Line propagation to a fixpoint: a queue of *dirty* lines (lines with a cell that changed
//! since they were last solved); each is solved by the line solver, the cells it decides are
//! written back and the crossing lines of those cells become dirty. A line the solver
//! rejects is a contradiction. Decided cells are recorded on a trail so that a probe can be
//! undone (see `probe.rs`, whose [`Probing`] this implements for black and white). Solves of lines up to 126 cells go through a memo
//! (`line/memo.rs`).

use super::depth_first::Kind;
use super::probe::{LineQueue, Probing};
use crate::engine::search::{Budget, Stop};
use crate::nonogram::board::{Board, Spot};
use crate::nonogram::line::color::Mask;
use crate::nonogram::line::memo::LineMemo;
use crate::nonogram::line::mono::{LineBits, LineSolver, LineWord, CACHED_LINE, EMPTY, FILLED};
use crate::nonogram::puzzle::Nonogram;

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
    queue: LineQueue,
    /// The cells decided since the trail was last cleared, oldest first.
    trail: Vec<Spot>,
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
            queue: LineQueue::new(lines),
            trail: Vec::new(),
        }
    }

    /// Solve dirty lines until none is left, narrowing `board`; every cell decided is pushed
    /// on the trail. On a contradiction or an exhausted budget the queue is emptied and
    /// `board` keeps the cells decided so far.
    pub(crate) fn run(&mut self, board: &mut Board, budget: &mut Budget) -> Result<(), Stop> {
        while let Some(line) = self.queue.pop() {
            let solved = budget.tick().and_then(|()| self.solve_line(board, line));
            if let Err(stop) = solved {
                self.queue.clear();
                return Err(stop);
            }
        }
        Ok(())
    }

    /// Solve one line of `board` and write back the cells it decides.
    fn solve_line(&mut self, board: &mut Board, line: usize) -> Result<(), Stop> {
        let len = board.line_len(line);
        if len <= CACHED_LINE {
            let (fillable, emptiable) = board.line_word(line, 0);
            let before = LineBits { fillable, emptiable };
            let after = self
                .solver
                .solve_memo(&mut self.cache, &self.clues[line], line, len, before)
                .ok_or(Stop::Contradiction)?;
            self.narrow_word(board, line, 0, before, after);
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
                self.narrow_word(board, line, w, word(before), word(after));
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
                self.narrow_word(board, line, w, before, after);
            }
        }
        Ok(())
    }

    /// Word `w` of line `line` goes from `before` to `after` (which decides cells, never
    /// reopens one): write it, decide its newly decided cells in their crossing lines too and
    /// mark those lines dirty (this line itself is at its fixpoint).
    fn narrow_word(&mut self, board: &mut Board, line: usize, w: usize, before: LineBits, after: LineBits) {
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
                self.queue.push(crossing);
                self.trail.push(board.spot_of(line, i));
            }
        }
    }
}

impl Probing for Propagator {
    type Board = Board;

    fn cell_count(board: &Board) -> usize {
        board.cell_count()
    }

    fn mask(board: &Board, cell: usize) -> Mask {
        Mask::from(board.cell(cell))
    }

    fn is_solved(board: &Board) -> bool {
        board.is_solved()
    }

    fn lines_of(board: &Board, cell: usize) -> [usize; 2] {
        board.lines_at(board.spot(cell))
    }

    fn set(board: &mut Board, cell: usize, mask: Mask) {
        // A black-and-white cell is set only to one value: [`EMPTY`] or [`FILLED`] (its mask).
        board.decide(board.spot(cell), mask as u8);
    }

    fn narrow(&mut self, board: &mut Board, cell: usize, mask: Mask) {
        let spot = board.spot(cell);
        board.decide(spot, mask as u8);
        self.trail.push(spot);
        for line in board.lines_at(spot) {
            self.queue.push(line);
        }
    }

    fn run(&mut self, board: &mut Board, budget: &mut Budget) -> Result<(), Stop> {
        Propagator::run(self, board, budget)
    }

    fn trail_len(&self) -> usize {
        self.trail.len()
    }

    fn trail_cell(&self, board: &Board, i: usize) -> usize {
        board.index(self.trail[i])
    }

    fn undo(&mut self, board: &mut Board) {
        // Every cell on the trail was undecided before.
        for &spot in &self.trail {
            board.undecide(spot);
        }
        self.trail.clear();
    }

    fn forget(&mut self) {
        self.trail.clear();
    }

    fn queue(&mut self) -> &mut LineQueue {
        &mut self.queue
    }
}

impl Kind for Nonogram {
    type Lines = Propagator;

    fn lines(&self) -> Propagator {
        Propagator::new(self)
    }

    fn board(&self) -> Board {
        Board::new(self.width(), self.height())
    }

    fn width(&self) -> usize {
        self.width()
    }

    fn totals_agree(&self) -> bool {
        self.totals_agree()
    }
}
