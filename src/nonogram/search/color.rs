//! The colour nonogram solver's depth-first half: line propagation with the colour line
//! solver (`line/color.rs`) and the engine's search ([`crate::engine::search`]), so that
//! solution counts, budgets and verdicts are those of every genre. A puzzle that this search
//! does not answer in its first turn gets clause learning in turns with it (`cdcl/` over its colour line theory,
//! through the engine's portfolio).
//!
//! **Propagation.** A queue of dirty lines ([`WorkQueue`], as the black-and-white solver's): each is
//! solved, the cells it narrows are written back and their crossing lines become dirty, until
//! no line is dirty; a line without a placement is a contradiction. Each line is solved once
//! at the start and then only when one of its cells lost a colour; a solve is the bit-plane
//! pass of `line/color.rs` (O(blocks × log length) words for lines up to 126 cells). Once
//! probing has started, line solves go through the line memo (`line/memo.rs`): probing supposes a
//! colour, propagates and undoes it thousands of times per node, and most of the lines it
//! solves are in a state it has solved before.
//!
//! **When to probe.** Most colour puzzles are answered by propagation and branching in a few
//! dozen nodes (at most 660 on the bench's colour set), where a probing round (every colour
//! of every open cell propagated: thousands of line solves) would cost more than the whole
//! search. So a search probes only after it has propagated [`PROBE_AFTER_NODES`] nodes; from
//! then on every node it propagates is probed. Below that, it branches on the most
//! constrained cell (the fewest colours left; ties: the fewest open cells on its lines). A
//! probed cell costs about as much as a node of the plain search's, many times over, so every
//! [`PROBED_CELLS_PER_NODE`] probed cells count as one node of the budget: the portfolio's
//! turns are counted in nodes, and clause learning keeps its share of the time.
//!
//! **Probing** is the probe of both kinds (`probe.rs`, over [`Probing`], which [`ColorLines`]
//! implements): line logic alone leaves random colour puzzles (many small blocks, several
//! solutions) to a search that goes 50–100 levels deep and rarely meets a solution or a
//! contradiction soon after a wrong guess. A branch starts probing at the cell its parent
//! branched on (whose lines changed).
//!
//! **Search.** At a probed node the branch is the cell whose weakest supposition narrowed the
//! most cells (ties: the strongest), so that it settles much either way: one child paints it
//! the colour whose supposition narrowed the most, the other keeps its other colours. At a
//! node not probed it is the most constrained cell, its lowest colour other than the
//! background first. The two children split the cell's colours, so together they hold every
//! solution exactly once and the counts behind `unique` and `none` are exact.

use super::probe::{line_class, BranchCell, Footprint, ProbeMemo, Prober, Probing, Workspace};
use crate::engine::queue::WorkQueue;
use crate::engine::search::{Budget, Grid, KnownGrid, Problem, Stop};
use crate::nonogram::color::{Block, ColorNonogram};
use crate::nonogram::line::color::{ColorLineSolver, Mask, NoPlacement, BACKGROUND};
use crate::nonogram::line::memo::{LineMemo, Solved};

impl crate::nonogram::ForcedCells for ColorNonogram {
    fn force(&self, board: &mut ColorBoard, (row, col): (usize, usize), value: u8) {
        board.cells[row * board.width + col] = 1 << value;
    }
}

/// The nodes a search propagates before it probes: the bench's colour puzzles that plain
/// propagation and branching answer take at most 660 (see bench/RESULTS.md).
const PROBE_AFTER_NODES: u64 = 1000;

/// The probed cells that count as one node of the budget, so that the portfolio's turns
/// (counted in nodes) keep clause learning its share of the time once the search probes.
const PROBED_CELLS_PER_NODE: u64 = 50;

/// A search state of a colour nonogram: the colours every cell can still take.
#[derive(Clone, Debug)]
pub struct ColorBoard {
    width: usize,
    /// Row after row.
    cells: Vec<Mask>,
    /// Lines to solve first: rows `0..height`, then columns.
    dirty: Vec<u32>,
    /// What probing found in the parent state (shared by its children), once it has probed.
    probes: Option<ProbeMemo>,
    /// The cell to branch on and the colour to try first, as probing rated them.
    branch: Option<BranchCell>,
    /// The cell probing visits first: the one the parent branched on.
    start: u32,
}

/// The line propagation of colour nonograms, kept from node to node of a solve.
pub struct ColorLines {
    /// The blocks of every line: rows first, then columns.
    clues: Vec<Vec<Block>>,
    solver: ColorLineSolver,
    /// The memo of line solves, made when probing starts (the fast puzzles never need it).
    memo: Option<LineMemo<Mask>>,
    /// The nodes propagated so far: probing starts after [`PROBE_AFTER_NODES`] (none in
    /// the library's unit tests, so that they probe from the root).
    nodes: u64,
    probe_after: u64,
    queue: WorkQueue,
    /// The cells of the line being solved.
    line: Vec<Mask>,
    /// Every cell [`ColorLines::run`] changed, with its mask before, oldest first.
    trail: Vec<(u32, Mask)>,
    /// The lines [`ColorLines::run`] solved since [`Probing::take_solved`] last ran.
    solved: Footprint,
}

impl ColorLines {
    /// Solve dirty lines until none is left, narrowing `board`; every change goes on the
    /// trail, every line solved into `solved`.
    fn run(&mut self, board: &mut ColorBoard, budget: &mut Budget) -> Result<(), Stop> {
        let (width, height) = (board.width, board.cells.len() / board.width);
        while let Some(line) = self.queue.pop() {
            if let Err(stop) = budget.tick() {
                self.queue.clear();
                return Err(stop);
            }
            self.solved |= line_class(line);
            let (start, step, len) =
                if line < height { (line * width, 1, width) } else { (line - height, width, height) };
            self.line.clear();
            self.line.extend((0..len).map(|i| board.cells[start + i * step]));
            let (solver, blocks) = (&mut self.solver, &self.clues[line]);
            let mut solve = |cells: &mut [Mask]| match solver.solve(blocks, cells) {
                Err(NoPlacement) => Solved::NoPlacement,
                Ok(false) => Solved::Unchanged,
                Ok(true) => Solved::Narrowed,
            };
            let outcome = match self.memo.as_mut() {
                Some(memo) => memo.solve(line, &mut self.line, solve),
                None => solve(&mut self.line),
            };
            match outcome {
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

impl Probing for ColorLines {
    type Board = ColorBoard;

    fn queue(&mut self) -> &mut WorkQueue {
        &mut self.queue
    }

    fn solved(&mut self) -> &mut Footprint {
        &mut self.solved
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

    fn narrow(&mut self, board: &mut ColorBoard, cell: usize, mask: Mask) {
        self.trail.push((cell as u32, board.cells[cell]));
        board.cells[cell] = mask;
        for line in Self::lines_of(board, cell) {
            self.queue.push(line);
        }
    }

    fn run(&mut self, board: &mut ColorBoard, budget: &mut Budget) -> Result<(), Stop> {
        ColorLines::run(self, board, budget)
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

impl Problem for ColorNonogram {
    type State = ColorBoard;
    type Child = ColorBoard;
    type Workspace = Workspace<ColorLines>;

    fn workspace(&self) -> Workspace<ColorLines> {
        let lines = ColorLines {
            clues: self.rows().iter().chain(self.cols()).cloned().collect(),
            solver: ColorLineSolver::default(),
            memo: None,
            nodes: 0,
            probe_after: if cfg!(test) { 0 } else { PROBE_AFTER_NODES },
            queue: WorkQueue::new(self.height() + self.width()),
            line: Vec::new(),
            trail: Vec::new(),
            solved: 0,
        };
        Workspace { lines, prober: Prober::default() }
    }

    fn initial(&self) -> ColorBoard {
        // At most 32 colours: the background and every colour fit the mask.
        let all: Mask = (1 << (self.colors().len() + 1)) - 1;
        ColorBoard {
            width: self.width(),
            cells: vec![all; self.width() * self.height()],
            dirty: (0..(self.width() + self.height()) as u32).collect(),
            probes: None,
            branch: None,
            start: 0,
        }
    }

    fn build(&self, child: ColorBoard) -> ColorBoard {
        child
    }

    fn propagate(
        &self,
        board: &mut ColorBoard,
        work: &mut Workspace<ColorLines>,
        budget: &mut Budget,
    ) -> Result<(), Stop> {
        if !self.totals_agree() {
            return Err(Stop::Contradiction);
        }
        let propagator = &mut work.lines;
        propagator.nodes += 1;
        let memo = board.probes.take();
        board.branch = None;
        let mut changed: Footprint = 0;
        for line in board.dirty.drain(..) {
            changed |= line_class(line as usize);
            propagator.queue.push(line as usize);
        }
        propagator.trail.clear();
        if propagator.nodes <= propagator.probe_after {
            return propagator.run(board, budget);
        }
        if propagator.memo.is_none() {
            propagator.memo = Some(LineMemo::new(self.height() + self.width(), self.width().max(self.height())));
        }
        propagator.run(board, budget)?;
        for &(at, _) in &propagator.trail {
            for line in ColorLines::lines_of(board, at as usize) {
                changed |= line_class(line);
            }
        }
        let since = memo.as_deref().map(|memo| (memo, changed));
        let start = board.start as usize;
        (board.branch, board.probes) =
            work.prober.probe(propagator, board, budget, since, start, PROBED_CELLS_PER_NODE)?;
        Ok(())
    }

    fn branch(&self, board: &ColorBoard) -> Option<Vec<ColorBoard>> {
        let BranchCell { cell, first } = board.branch.or_else(|| most_constrained(board))?;
        let cell = cell as usize;
        let mask = board.cells[cell];
        let (row, col) = (cell / board.width, cell % board.width);
        let height = board.cells.len() / board.width;
        let child = |value: Mask| {
            let mut child = board.clone();
            child.cells[cell] = value;
            child.dirty = vec![row as u32, (height + col) as u32];
            child.branch = None;
            child.start = cell as u32;
            child
        };
        Some(vec![child(1 << first), child(mask & !(1 << first))])
    }

    fn solution(&self, board: &ColorBoard) -> Grid {
        board.cells.chunks(board.width).map(|row| row.iter().map(|m| m.trailing_zeros() as u8).collect()).collect()
    }

    fn known(&self, board: &ColorBoard) -> KnownGrid {
        let known = |m: &Mask| (m.count_ones() == 1).then(|| m.trailing_zeros() as u8);
        board.cells.chunks(board.width).map(|row| row.iter().map(known).collect()).collect()
    }
}

/// The open cell with the fewest colours left (ties: the fewest open cells on its two lines,
/// then reading order) and its lowest colour other than the background: where the search
/// branches at a node it did not probe.
fn most_constrained(board: &ColorBoard) -> Option<BranchCell> {
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
    Some(BranchCell { cell: cell as u32, first: colours.trailing_zeros() as u8 })
}

#[cfg(all(test, not(target_arch = "wasm32")))] // native only: the system clock
mod tests {
    use crate::engine::search::{solve, NoProgress, SystemClock};
    use crate::nonogram::color::{every_solution, tiny_cases};
    use crate::{SolveOptions, Status};

    /// In unit tests the search probes from the root node on (`probe_after` is 0), so this is
    /// the probing search, alone (no clause learning), against enumeration.
    #[test]
    fn the_probing_search_finds_exactly_the_solutions_of_brute_force() {
        let mut counts = [0usize; 3];
        let mut branched = 0;
        for (case, (puzzle, colours)) in tiny_cases(0x0bad_5eed_2026_1202, 150).into_iter().enumerate() {
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
