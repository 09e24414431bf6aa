//! Colour propagation, the colour [`Probing`] and [`Kind`] of the one depth-first search
//! (`depth_first.rs`): a queue of dirty lines ([`LineQueue`], as black and white's), each
//! solved, the cells it narrows written back and their crossing lines made dirty, until no
//! line is dirty; a line without a placement is a contradiction. Each line is solved once at
//! the start and then only when one of its cells lost a colour; a solve is the bit-plane pass
//! of `line/color.rs` (O(blocks × log length) words for lines up to 126 cells), through the
//! line memo (`line/memo.rs`): probing supposes a colour, propagates and undoes it thousands
//! of times per node, and most of the lines it solves are in a state it has solved before.

use super::depth_first::Kind;
use super::probe::{LineQueue, Probing};
use crate::engine::search::{Budget, Stop};
use crate::nonogram::color::{Block, ColorNonogram};
use crate::nonogram::line::color::{ColorLineSolver, Mask, NoPlacement};
use crate::nonogram::line::memo::{LineMemo, Solved};

/// A state of a colour nonogram: the colours every cell can still take.
#[derive(Clone, Debug)]
pub struct ColorBoard {
    width: usize,
    /// Row after row.
    cells: Vec<Mask>,
}

/// The line propagation of colour nonograms, kept from node to node of a solve.
pub struct ColorPropagator {
    /// The blocks of every line: rows first, then columns.
    clues: Vec<Vec<Block>>,
    solver: ColorLineSolver,
    /// The memo of line solves.
    memo: LineMemo<Mask>,
    queue: LineQueue,
    /// The cells of the line being solved.
    line: Vec<Mask>,
    /// Every cell [`ColorPropagator::run`] changed, with its mask before, oldest first.
    trail: Vec<(u32, Mask)>,
}

impl ColorPropagator {
    /// Solve dirty lines until none is left, narrowing `board`; every change goes on the
    /// trail, every line solved into the queue's footprint.
    fn run(&mut self, board: &mut ColorBoard, budget: &mut Budget) -> Result<(), Stop> {
        let (width, height) = (board.width, board.cells.len() / board.width);
        while let Some(line) = self.queue.pop() {
            if let Err(stop) = budget.tick() {
                self.queue.clear();
                return Err(stop);
            }
            let (start, step, len) =
                if line < height { (line * width, 1, width) } else { (line - height, width, height) };
            self.line.clear();
            self.line.extend((0..len).map(|i| board.cells[start + i * step]));
            let (solver, blocks) = (&mut self.solver, &self.clues[line]);
            let solve = |cells: &mut [Mask]| match solver.solve(blocks, cells) {
                Err(NoPlacement) => Solved::NoPlacement,
                Ok(false) => Solved::Unchanged,
                Ok(true) => Solved::Narrowed,
            };
            match self.memo.solve(line, &mut self.line, solve) {
                Solved::NoPlacement => {
                    self.queue.clear();
                    return Err(Stop::Contradiction);
                }
                Solved::Unchanged => {}
                Solved::Narrowed => {
                    for (i, &mask) in self.line.iter().enumerate() {
                        let at = start + i * step;
                        let cell = &mut board.cells[at];
                        if *cell != mask {
                            self.trail.push((at as u32, *cell));
                            *cell = mask;
                            // The crossing line of cell i: a column for a row, a row for a column.
                            self.queue.push(if line < height { height + i } else { i });
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

impl Probing for ColorPropagator {
    type Board = ColorBoard;

    fn queue(&mut self) -> &mut LineQueue {
        &mut self.queue
    }

    fn cell_count(board: &ColorBoard) -> usize {
        board.cells.len()
    }

    fn mask(board: &ColorBoard, cell: usize) -> Mask {
        board.cells[cell]
    }

    fn lines_of(board: &ColorBoard, cell: usize) -> [usize; 2] {
        let height = board.cells.len() / board.width;
        [cell / board.width, height + cell % board.width]
    }

    fn set(board: &mut ColorBoard, cell: usize, mask: Mask) {
        board.cells[cell] = mask;
    }

    fn narrow(&mut self, board: &mut ColorBoard, cell: usize, mask: Mask) {
        self.trail.push((cell as u32, board.cells[cell]));
        board.cells[cell] = mask;
        for line in Self::lines_of(board, cell) {
            self.queue.push(line);
        }
    }

    fn run(&mut self, board: &mut ColorBoard, budget: &mut Budget) -> Result<(), Stop> {
        ColorPropagator::run(self, board, budget)
    }

    fn trail_len(&self) -> usize {
        self.trail.len()
    }

    fn trail_cell(&self, _: &ColorBoard, i: usize) -> usize {
        self.trail[i].0 as usize
    }

    fn undo(&mut self, board: &mut ColorBoard) {
        for &(cell, old) in self.trail.iter().rev() {
            board.cells[cell as usize] = old;
        }
        self.trail.clear();
    }

    fn forget(&mut self) {
        self.trail.clear();
    }
}

impl Kind for ColorNonogram {
    type Lines = ColorPropagator;

    fn lines(&self) -> ColorPropagator {
        ColorPropagator {
            clues: self.rows().iter().chain(self.cols()).cloned().collect(),
            solver: ColorLineSolver::default(),
            memo: LineMemo::new(self.height() + self.width(), self.width().max(self.height())),
            queue: LineQueue::new(self.height() + self.width()),
            line: Vec::new(),
            trail: Vec::new(),
        }
    }

    fn board(&self) -> ColorBoard {
        // At most 32 colours: the background and every colour fit the mask.
        let all: Mask = (1 << (self.colors().len() + 1)) - 1;
        ColorBoard { width: self.width(), cells: vec![all; self.width() * self.height()] }
    }

    fn width(&self) -> usize {
        self.width()
    }

    fn totals_agree(&self) -> bool {
        self.totals_agree()
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))] // native only: the system clock
mod tests {
    use crate::engine::search::{solve, NoProgress, SystemClock};
    use crate::nonogram::color::{every_solution, tiny_cases};
    use crate::{SolveOptions, Status};

    /// The probing search alone (the engine's, no clause learning) against enumeration.
    #[test]
    fn the_probing_search_finds_exactly_the_solutions_of_brute_force() {
        let mut counts = [0usize; 3];
        let mut branched = 0;
        for (case, (puzzle, colours)) in tiny_cases(0x0bad_5eed, 150).into_iter().enumerate() {
            let (w, h) = (puzzle.width(), puzzle.height());
            let mut expected = every_solution(&puzzle, colours);
            let options = SolveOptions { max_solutions: 1000, ..SolveOptions::default() };
            let outcome = solve(&puzzle, &options, &SystemClock::default(), &mut NoProgress);
            let mut got = outcome.solutions.clone();
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "case {case}: {w}x{h}, {colours} colours");
            let status = [Status::None, Status::Unique, Status::Multiple][expected.len().min(2)];
            assert_eq!(outcome.status, status, "case {case}");
            counts[expected.len().min(2)] += 1;
            branched += usize::from(outcome.stats.nodes > 1);
        }
        assert!(counts.iter().all(|&k| k > 10), "none / unique / multiple all met: {counts:?}");
        assert!(branched > 10, "some searches branched after probing: {branched}");
    }
}
