//! The colour nonogram solver's depth-first half: line propagation with the colour line
//! solver (`color_line.rs`) and the engine's search ([`crate::engine::search`]), so that
//! solution counts, budgets and verdicts are those of every genre. A puzzle that this search
//! does not answer in its first turn gets clause learning in turns with it (`color_cdcl.rs`,
//! through the engine's portfolio).
//!
//! **Propagation.** A queue of dirty lines ([`WorkQueue`], as the black-and-white solver's): each is
//! solved, the cells it narrows are written back and their crossing lines become dirty, until
//! no line is dirty; a line without a placement is a contradiction. Each line is solved once
//! at the start and then only when one of its cells lost a colour: at most `colours + 1`
//! times per cell, O(length × blocks) each.
//!
//! **Search.** When propagation stalls, the search branches on the most constrained open
//! cell (the fewest colours left; the first such in reading order): one child paints it its
//! lowest colour other than the background, the other keeps every other colour. The two
//! children split the cell's colours, so together they hold every solution exactly once and
//! the counts behind `unique` and `none` are exact.

use super::color::{Block, ColorNonogram};
use super::color_line::{ColorLineSolver, Mask, BACKGROUND};
use crate::engine::queue::WorkQueue;
use crate::engine::search::{Budget, Grid, KnownGrid, Problem, Stop};

impl super::ForcedCells for ColorNonogram {
    fn force(&self, board: &mut ColorBoard, (row, col): (usize, usize), value: u8) {
        board.cells[row * board.width + col] = 1 << value;
    }
}

/// A search state of a colour nonogram: the colours every cell can still take.
#[derive(Clone, Debug)]
pub struct ColorBoard {
    width: usize,
    /// Row after row.
    cells: Vec<Mask>,
    /// Lines to solve first: rows `0..height`, then columns.
    dirty: Vec<u32>,
}

/// The working memory of colour propagation, kept from node to node of a solve.
pub struct ColorPropagator {
    /// The blocks of every line: rows first, then columns.
    clues: Vec<Vec<Block>>,
    solver: ColorLineSolver,
    queue: WorkQueue,
    /// The cells of the line being solved.
    line: Vec<Mask>,
}

impl ColorPropagator {
    /// Solve dirty lines until none is left, narrowing `board`.
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
            match self.solver.solve(&self.clues[line], &mut self.line) {
                Err(_) => {
                    self.queue.clear();
                    return Err(Stop::Contradiction);
                }
                Ok(false) => {}
                Ok(true) => {
                    for (i, &mask) in self.line.iter().enumerate() {
                        let cell = &mut board.cells[start + i * step];
                        if *cell != mask {
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

impl Problem for ColorNonogram {
    type State = ColorBoard;
    type Child = ColorBoard;
    type Workspace = ColorPropagator;

    fn workspace(&self) -> ColorPropagator {
        let lines = self.height() + self.width();
        ColorPropagator {
            clues: self.rows().iter().chain(self.cols()).cloned().collect(),
            solver: ColorLineSolver::default(),
            queue: WorkQueue::new(lines),
            line: Vec::new(),
        }
    }

    fn initial(&self) -> ColorBoard {
        // At most 32 colours: the background and every colour fit the mask.
        let all: Mask = (1 << (self.colors().len() + 1)) - 1;
        ColorBoard {
            width: self.width(),
            cells: vec![all; self.width() * self.height()],
            dirty: (0..(self.width() + self.height()) as u32).collect(),
        }
    }

    fn build(&self, child: ColorBoard) -> ColorBoard {
        child
    }

    fn propagate(
        &self,
        board: &mut ColorBoard,
        propagator: &mut ColorPropagator,
        budget: &mut Budget,
    ) -> Result<(), Stop> {
        if !self.totals_agree() {
            return Err(Stop::Contradiction);
        }
        for line in board.dirty.drain(..) {
            propagator.queue.push(line as usize);
        }
        propagator.run(board, budget)
    }

    fn branch(&self, board: &ColorBoard) -> Option<Vec<ColorBoard>> {
        let (width, height) = (board.width, board.cells.len() / board.width);
        let mut open = vec![0u32; width + height];
        for (i, m) in board.cells.iter().enumerate() {
            if m.count_ones() > 1 {
                open[i / width] += 1;
                open[height + i % width] += 1;
            }
        }
        let (cell, mask) = board
            .cells
            .iter()
            .enumerate()
            .filter(|(_, m)| m.count_ones() > 1)
            .min_by_key(|&(i, m)| (m.count_ones(), open[i / width] + open[height + i % width]))
            .map(|(i, &m)| (i, m))?;
        let colours = mask & !BACKGROUND;
        let first = colours & colours.wrapping_neg();
        let (row, col) = (cell / board.width, cell % board.width);
        let height = board.cells.len() / board.width;
        let child = |value: Mask| {
            let mut child = board.clone();
            child.cells[cell] = value;
            child.dirty = vec![row as u32, (height + col) as u32];
            child
        };
        Some(vec![child(first), child(mask & !first)])
    }

    fn solution(&self, board: &ColorBoard) -> Grid {
        board.cells.chunks(board.width).map(|row| row.iter().map(|m| m.trailing_zeros() as u8).collect()).collect()
    }

    fn known(&self, board: &ColorBoard) -> KnownGrid {
        let known = |m: &Mask| (m.count_ones() == 1).then(|| m.trailing_zeros() as u8);
        board.cells.chunks(board.width).map(|row| row.iter().map(known).collect()).collect()
    }
}
