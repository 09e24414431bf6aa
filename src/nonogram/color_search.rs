//! The colour nonogram solver's depth-first half: line propagation with the colour line
//! solver (`color_line.rs`) and the engine's search ([`crate::engine::search`]), so that
//! solution counts, budgets and verdicts are those of every genre. A puzzle that this search
//! does not answer in its first turn gets clause learning in turns with it (`cdcl/` over its colour line theory,
//! through the engine's portfolio).
//!
//! **Propagation.** A queue of dirty lines ([`WorkQueue`], as the black-and-white solver's): each is
//! solved, the cells it narrows are written back and their crossing lines become dirty, until
//! no line is dirty; a line without a placement is a contradiction. Each line is solved once
//! at the start and then only when one of its cells lost a colour; a solve is the bit-plane
//! pass of `color_line.rs` (O(blocks × log length) words for lines up to 126 cells). Once
//! probing has started, line solves go through the line memo (`memo.rs`): probing supposes a
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
//! **Probing.** Line logic alone leaves random colour puzzles (many small blocks, several
//! solutions) to a search that goes 50–100 levels deep and rarely meets a solution or a
//! contradiction soon after a wrong guess. So at a probed node, once propagation stalls, every
//! open cell is probed: each of its colours is supposed in turn and propagated on a trail,
//! then undone. A colour whose supposition fails is removed from the cell; every cell that
//! all surviving suppositions narrowed is narrowed to the union of what they left it (every
//! solution agrees with one of them). Both are implied by the state, so they lose no
//! solution. Cells are visited in a cycle, starting at the cell the parent branched on
//! (whose lines changed), until a whole round narrows nothing: the state is then a probing
//! fixpoint. Cost: per round, one propagation per colour of every open cell.
//!
//! **Probes that need not run again**, as in the black-and-white probe (`probe.rs`): a probe
//! that narrowed nothing is remembered with its *footprint*, the lines its suppositions
//! solved (as classes `line % 128`: a larger puzzle sometimes probes a cell again that did not
//! need it, never the reverse). Until a cell of one of those lines changes, probing the cell
//! again would solve the same lines in the same states, so it is skipped and rated as before.
//! A branch starts from its parent's records and the lines its decision and propagation
//! changed.
//!
//! **Search.** At a probed node the branch is the cell whose weakest supposition narrowed the
//! most cells (ties: the strongest), so that it settles much either way: one child paints it
//! the colour whose supposition narrowed the most, the other keeps its other colours. At a
//! node not probed it is the most constrained cell, its lowest colour other than the
//! background first. The two children split the cell's colours, so together they hold every
//! solution exactly once and the counts behind `unique` and `none` are exact.

use super::color::{Block, ColorNonogram};
use super::color_line::{ColorLineSolver, Mask, NoPlacement, BACKGROUND};
use super::memo::{LineMemo, Solved};
use super::probe::unchanged_since;
use crate::engine::queue::WorkQueue;
use crate::engine::search::{Budget, Grid, KnownGrid, Problem, Stop};
use std::rc::Rc;

impl super::ForcedCells for ColorNonogram {
    fn force(&self, board: &mut ColorBoard, (row, col): (usize, usize), value: u8) {
        board.cells[row * board.width + col] = 1 << value;
    }
}

/// A set of line classes, bit `line % FOOTPRINT_CLASSES`: which lines a probe read, or which
/// changed.
type Footprint = u128;

/// The number of line classes of a [`Footprint`]: a puzzle of up to 128 lines has a class per line.
const FOOTPRINT_CLASSES: usize = Footprint::BITS as usize;

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
    probes: Option<Rc<[Probed]>>,
    /// The cell to branch on and the colour to try first, as probing rated them.
    branch: Option<(u32, u8)>,
    /// The cell probing visits first: the one the parent branched on.
    start: u32,
}

/// What probing one cell found when every colour it supposed held and they agreed on nothing:
/// how many cells the weakest and the strongest supposition narrowed (for branching), the
/// colour of the strongest, and the lines the suppositions solved (its *footprint*). While no cell of those lines changes, probing the cell again would solve the
/// same lines in the same states and find the same.
#[derive(Clone, Copy, Debug, Default)]
struct Probed {
    /// The epoch of the probe (see [`ColorPropagator::probe`]); 0: never, or not recorded.
    epoch: u32,
    footprint: Footprint,
    fewer: u32,
    more: u32,
    first: u8,
}

/// The working memory of colour propagation, kept from node to node of a solve.
pub struct ColorPropagator {
    /// The blocks of every line: rows first, then columns.
    clues: Vec<Vec<Block>>,
    solver: ColorLineSolver,
    /// The memo of line solves, made when probing starts (the fast puzzles never need it).
    memo: Option<LineMemo<Mask>>,
    /// The nodes propagated so far: probing starts after [`PROBE_AFTER_NODES`] (none in
    /// the library's unit tests, so that they probe from the root).
    nodes: u64,
    probe_after: u64,
    /// The cells probed so far: every [`PROBED_CELLS_PER_NODE`] count as a node.
    probed_cells: u64,
    queue: WorkQueue,
    /// The cells of the line being solved.
    line: Vec<Mask>,
    /// Every cell [`ColorPropagator::run`] changed, with its mask before, oldest first.
    trail: Vec<(u32, Mask)>,
    /// The lines [`ColorPropagator::run`] solved since it was last cleared.
    solved: Footprint,
    /// Probing's memo of the state being probed, one record per cell.
    probed: Vec<Probed>,
    /// Per cell: the union of the masks the surviving suppositions of one probe left it
    /// (valid where `seen` holds the probe's stamp) and how many of them changed it.
    union: Vec<Mask>,
    changed_by: Vec<u32>,
    seen: Vec<u32>,
    /// Per cell: the stamp of the last supposition that counted it.
    counted: Vec<u32>,
    stamp: u32,
    /// The cells one probe's suppositions changed, each once.
    touched: Vec<u32>,
}

impl ColorPropagator {
    /// Solve dirty lines until none is left, narrowing `board`; every change goes on the
    /// trail, every line solved into `solved`.
    fn run(&mut self, board: &mut ColorBoard, budget: &mut Budget) -> Result<(), Stop> {
        let (width, height) = (board.width, board.cells.len() / board.width);
        while let Some(line) = self.queue.pop() {
            if let Err(stop) = budget.tick() {
                self.queue.clear();
                return Err(stop);
            }
            self.solved |= 1 << (line % FOOTPRINT_CLASSES);
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

    /// Narrow `cell` to `mask` (on the trail) and queue its two lines.
    fn narrow(&mut self, board: &mut ColorBoard, cell: usize, mask: Mask) {
        let height = board.cells.len() / board.width;
        self.trail.push((cell as u32, board.cells[cell]));
        board.cells[cell] = mask;
        self.queue.push(cell / board.width);
        self.queue.push(height + cell % board.width);
    }

    /// Undo every change on the trail.
    fn undo(&mut self, board: &mut ColorBoard) {
        for &(cell, old) in self.trail.iter().rev() {
            board.cells[cell as usize] = old;
        }
        self.trail.clear();
    }

    /// A fresh stamp for `seen` and `counted` (clearing them when the counter wraps).
    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.stamp = 0;
            self.seen.fill(0);
            self.counted.fill(0);
        }
        self.stamp += 1;
        self.stamp
    }

    /// Probe every open cell of `board` (a propagation fixpoint) until nothing more follows,
    /// then choose the branch. `changed_classes` holds the line classes changed since the probes of
    /// `memo` (the parent's) were made. Each colour of a cell is supposed in turn and
    /// propagated (then undone): a colour that fails is removed from the cell, and every
    /// cell is narrowed to the union of what the surviving suppositions left it.
    fn probe(
        &mut self,
        board: &mut ColorBoard,
        budget: &mut Budget,
        memo: Option<&[Probed]>,
        changed_classes: Footprint,
    ) -> Result<(), Stop> {
        let cells = board.cells.len();
        if cells == 0 {
            return Ok(());
        }
        let height = cells / board.width;
        // The epoch counts the changes of the board (from 1: the memo's records hold in the
        // parent); `changed[class]` is the epoch of the last change to a line of the class.
        let mut epoch = 1u32;
        let mut changed = [0u32; FOOTPRINT_CLASSES];
        self.probed.clear();
        match memo {
            Some(memo) => {
                epoch = 2;
                for (class, stamp) in changed.iter_mut().enumerate() {
                    if changed_classes >> class & 1 == 1 {
                        *stamp = epoch;
                    }
                }
                self.probed.extend_from_slice(memo);
            }
            None => self.probed.resize(cells, Probed::default()),
        }
        for scratch in [&mut self.seen, &mut self.counted] {
            scratch.resize(cells, 0);
        }
        self.union.resize(cells, 0);
        self.changed_by.resize(cells, 0);
        let mut best: Option<((u32, u32), (u32, u8))> = None;
        let mut quiet = 0;
        let mut cell = board.start as usize % cells;
        while quiet < cells {
            quiet += 1;
            let probed = cell;
            cell = if cell + 1 == cells { 0 } else { cell + 1 };
            let mask = board.cells[probed];
            if mask.count_ones() < 2 {
                continue;
            }
            let known = self.probed[probed];
            let still_true = known.epoch != 0 && unchanged_since(known.footprint, known.epoch, &changed);
            let rating = if still_true {
                known
            } else {
                self.probed_cells += 1;
                if self.probed_cells % PROBED_CELLS_PER_NODE == 0 {
                    budget.count_node()?;
                }
                let probe_stamp = self.next_stamp();
                self.touched.clear();
                self.solved = 0;
                let (mut survivors, mut fewer, mut more, mut first) = (0u32, u32::MAX, 0u32, 0u8);
                let mut colours = mask;
                while colours != 0 {
                    let colour = colours.trailing_zeros() as u8;
                    colours &= colours - 1;
                    self.trail.clear();
                    self.narrow(board, probed, 1 << colour);
                    let held = match self.run(board, budget) {
                        Ok(()) => true,
                        Err(Stop::Contradiction) => false,
                        Err(Stop::OutOfBudget) => return Err(Stop::OutOfBudget),
                    };
                    if held {
                        survivors += 1;
                        let supposition = self.next_stamp();
                        let mut narrowed = 0;
                        for &(at, _) in &self.trail {
                            let at = at as usize;
                            if self.counted[at] == supposition {
                                continue;
                            }
                            self.counted[at] = supposition;
                            narrowed += 1;
                            if self.seen[at] != probe_stamp {
                                self.seen[at] = probe_stamp;
                                self.union[at] = 0;
                                self.changed_by[at] = 0;
                                self.touched.push(at as u32);
                            }
                            self.union[at] |= board.cells[at];
                            self.changed_by[at] += 1;
                        }
                        fewer = fewer.min(narrowed);
                        if narrowed > more {
                            (more, first) = (narrowed, colour);
                        }
                    }
                    self.undo(board);
                }
                if survivors == 0 {
                    return Err(Stop::Contradiction);
                }
                // A cell every surviving supposition narrowed takes the union of what they left it
                // (the others keep their mask: some supposition left it whole).
                self.trail.clear();
                for i in 0..self.touched.len() {
                    let at = self.touched[i] as usize;
                    if self.changed_by[at] == survivors && self.union[at] != board.cells[at] {
                        self.narrow(board, at, self.union[at]);
                    }
                }
                if !self.trail.is_empty() {
                    self.run(board, budget)?;
                    epoch += 1;
                    for &(at, _) in &self.trail {
                        let at = at as usize;
                        changed[at / board.width % FOOTPRINT_CLASSES] = epoch;
                        changed[(height + at % board.width) % FOOTPRINT_CLASSES] = epoch;
                    }
                    quiet = 0;
                    best = None;
                    continue;
                }
                let record = Probed { epoch, footprint: self.solved, fewer, more, first };
                self.probed[probed] = record;
                record
            };
            let score = (rating.fewer, rating.more);
            if best.map_or(true, |(s, _)| score > s) {
                best = Some((score, (probed as u32, rating.first)));
            }
        }
        board.branch = best.map(|(_, branch)| branch);
        // Every open cell was probed or skipped since the last change: its record holds.
        for (record, &mask) in self.probed.iter_mut().zip(&board.cells) {
            record.epoch = u32::from(mask.count_ones() > 1);
        }
        board.probes = board.branch.is_some().then(|| Rc::from(&self.probed[..]));
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
            memo: None,
            nodes: 0,
            probe_after: if cfg!(test) { 0 } else { PROBE_AFTER_NODES },
            probed_cells: 0,
            queue: WorkQueue::new(lines),
            line: Vec::new(),
            trail: Vec::new(),
            solved: 0,
            probed: Vec::new(),
            union: Vec::new(),
            changed_by: Vec::new(),
            seen: Vec::new(),
            counted: Vec::new(),
            stamp: 0,
            touched: Vec::new(),
        }
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
        propagator: &mut ColorPropagator,
        budget: &mut Budget,
    ) -> Result<(), Stop> {
        if !self.totals_agree() {
            return Err(Stop::Contradiction);
        }
        propagator.nodes += 1;
        if propagator.nodes <= propagator.probe_after {
            board.probes = None;
            board.branch = None;
            for line in board.dirty.drain(..) {
                propagator.queue.push(line as usize);
            }
            propagator.trail.clear();
            return propagator.run(board, budget);
        }
        if propagator.memo.is_none() {
            propagator.memo = Some(LineMemo::new(self.height() + self.width(), self.width().max(self.height())));
        }
        let height = board.cells.len() / board.width;
        let mut changed: Footprint = 0;
        for line in board.dirty.drain(..) {
            changed |= 1 << (line as usize % FOOTPRINT_CLASSES);
            propagator.queue.push(line as usize);
        }
        propagator.trail.clear();
        propagator.run(board, budget)?;
        for &(at, _) in &propagator.trail {
            let at = at as usize;
            changed |=
                1 << (at / board.width % FOOTPRINT_CLASSES) | 1 << ((height + at % board.width) % FOOTPRINT_CLASSES);
        }
        let memo = board.probes.take();
        board.branch = None;
        propagator.probe(board, budget, memo.as_deref(), changed)
    }

    fn branch(&self, board: &ColorBoard) -> Option<Vec<ColorBoard>> {
        let (cell, first) = board.branch.or_else(|| most_constrained(board))?;
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
fn most_constrained(board: &ColorBoard) -> Option<(u32, u8)> {
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
    Some((cell as u32, colours.trailing_zeros() as u8))
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
