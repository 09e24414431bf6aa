//! Probing, written once for both kinds of nonogram over the trait [`Probing`] (each kind's
//! propagation: its cells as colour masks, black and white being the two-colour case with
//! bit 0 empty and bit 1 filled). Monomorphised: black and white pays nothing for it.
//!
//! For every open cell, each value it can still take is supposed in turn and propagated on
//! a trail, then undone:
//!
//! * every supposition contradicts: the state has no solution;
//! * some contradict: their values leave the cell; when one alone holds, everything it
//!   propagated holds too (kept as it is: already a fixpoint);
//! * every cell that all surviving suppositions narrowed is narrowed to the union of what
//!   they left it (every solution agrees with one of them).
//!
//! The cells are visited in a cycle, from a start cell the kind chooses, until a whole round
//! narrows nothing (a round starts after the last change, not at the first cell: on random
//! 25×25 puzzles that saved 7% of the work over restarting full passes). That round also
//! rates every cell for branching by how many cells each supposition narrowed: the best cell
//! has the largest smallest count (ties: the largest largest count), so that it settles much
//! either way, and the value whose supposition narrowed the most is tried first (on a tie,
//! the lowest: empty, the background): it is the likelier to contradict soon or to lead
//! straight to a solution. On the 20 hardest of TAAI 2011's puzzles this found two solutions
//! within 2000 nodes for 8, against 2 when trying the smaller side first.
//!
//! **Probes that need not run again.** A probe in which every supposition holds and they
//! agree on nothing is remembered with its *footprint*, the lines its propagations solved.
//! Until a cell of one of those lines changes, probing that cell again would find exactly the
//! same (see [`Probed`]), so it is skipped and rated as before. This holds across the search
//! too: a branch starts from what its parent's probing found ([`ProbeMemo`]) and probes again
//! only the cells whose footprints meet the lines the branch decision and its propagation
//! changed (about a quarter of the open cells keep their probe on random 25×25 puzzles). The
//! result is the same fixpoint and the same branching cell, with fewer probes: on 3 of the
//! hardest TAAI 2011 puzzles (300 nodes each, the engine's search alone) 9% fewer
//! instructions within a node, 12% more across nodes; Faase (80×95) searched 34% more nodes
//! in 10 s, Knotty (40×40) 59% more in 5 s. Footprints are kept as classes of lines
//! (`line % 128`): a puzzle of more than 128 lines sometimes probes a cell again that did not
//! need it, never the reverse.

use crate::engine::queue::WorkQueue;
use crate::engine::search::{Budget, Stop};
use crate::nonogram::line::color::Mask;
use std::rc::Rc;

/// A set of line classes, bit `line % FOOTPRINT_CLASSES`: which lines a probe read, or which
/// changed.
pub(crate) type Footprint = u128;

/// The number of line classes of a [`Footprint`]: a puzzle of up to 128 lines has a class per
/// line.
const FOOTPRINT_CLASSES: usize = Footprint::BITS as usize;

/// The class bit of line `line`.
pub(crate) fn line_class(line: usize) -> Footprint {
    1 << (line % FOOTPRINT_CLASSES)
}

/// What probing needs of a kind's line propagation over its board: cells read as colour
/// masks, narrowed on a trail, propagated, undone.
pub trait Probing {
    /// The state: what every cell can still be.
    type Board;

    /// The number of cells of `board`.
    fn cell_count(board: &Self::Board) -> usize;

    /// The values `cell` (row-major) can still take, bit `value`.
    fn mask(board: &Self::Board, cell: usize) -> Mask;

    /// Whether every cell of `board` is decided (a kind may answer faster than cell by cell).
    fn is_solved(board: &Self::Board) -> bool {
        (0..Self::cell_count(board)).all(|cell| Self::mask(board, cell).count_ones() == 1)
    }

    /// The row and the column of `cell` (rows first, then columns).
    fn lines_of(board: &Self::Board, cell: usize) -> [usize; 2];

    /// Set `cell` to `mask` (not on the trail, no line queued).
    fn set(board: &mut Self::Board, cell: usize, mask: Mask);

    /// Narrow `cell` to `mask` (on the trail) and queue its two lines.
    fn narrow(&mut self, board: &mut Self::Board, cell: usize, mask: Mask);

    /// Solve queued lines until none is left; every cell changed goes on the trail, every
    /// line solved into the footprint ([`LineQueue::take_solved`]).
    fn run(&mut self, board: &mut Self::Board, budget: &mut Budget) -> Result<(), Stop>;

    /// The number of changes on the trail.
    fn trail_len(&self) -> usize;

    /// The cell of the `i`-th change on the trail (a cell may be changed more than once).
    fn trail_cell(&self, board: &Self::Board, i: usize) -> usize;

    /// Undo every change on the trail, and clear it.
    fn undo(&mut self, board: &mut Self::Board);

    /// Clear the trail (its changes stay).
    fn forget(&mut self);

    /// The lines to solve, and those solved.
    fn queue(&mut self) -> &mut LineQueue;
}

/// The lines a kind's propagation is to solve (rows first, then columns), and the classes of
/// the lines it took to solve since [`LineQueue::take_solved`] (a probe's footprint).
pub struct LineQueue {
    lines: WorkQueue,
    solved: Footprint,
}

impl LineQueue {
    /// An empty queue for `lines` lines.
    pub(crate) fn new(lines: usize) -> LineQueue {
        LineQueue { lines: WorkQueue::new(lines), solved: 0 }
    }

    /// Queue `line` (once: a line already queued stays where it is).
    pub(crate) fn push(&mut self, line: usize) {
        self.lines.push(line);
    }

    /// The next line to solve, noted as solved.
    pub(crate) fn pop(&mut self) -> Option<usize> {
        let line = self.lines.pop()?;
        self.solved |= line_class(line);
        Some(line)
    }

    /// Empty the queue.
    pub(crate) fn clear(&mut self) {
        self.lines.clear();
    }

    /// The classes of the lines solved since the last call.
    pub(crate) fn take_solved(&mut self) -> Footprint {
        std::mem::take(&mut self.solved)
    }
}

/// The cell to branch on and the value to try first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BranchCell {
    /// Row-major index of the cell.
    pub(crate) cell: u32,
    /// The value (a colour; black and white: 0 empty, 1 filled) whose supposition narrowed
    /// the most cells.
    pub(crate) first: u8,
}

/// What probing one cell found when every value it supposed held and they agreed on nothing:
/// how many cells the weakest and the strongest supposition narrowed (for branching), the
/// value of the strongest, and the lines the suppositions solved (its *footprint*).
///
/// Such a result stays true while no cell of its footprint's lines changes: the propagations
/// read only those lines, so they would solve the same lines in the same states again; and
/// every line holding a cell they narrow is among them, so the other lines, at their fixpoint
/// before, stay there. Probing that cell again would find exactly this.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Probed {
    /// The epoch (see [`Prober::probe`]) when the cell was probed; 0: never, or not recorded.
    epoch: u32,
    footprint: Footprint,
    fewer: u32,
    more: u32,
    first: u8,
}

/// The probes that hold in a probed state, one per cell (the open ones recorded, at epoch 1):
/// what the states that follow from it (its branches) start probing from.
pub(crate) type ProbeMemo = Rc<[Probed]>;

/// Probing's working memory, kept from node to node of a solve.
#[derive(Debug, Default)]
pub struct Prober {
    /// The memo of the state being probed, one record per cell.
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

impl Prober {
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
    /// visiting from cell `start`. `since` is what probing found in an earlier state and the
    /// line classes changed after it: only the cells whose probes those lines touched are
    /// probed again at first. Returns the best cell to branch on (`None` when every cell is decided)
    /// and, when there is one, what probing found, for the branches.
    pub(crate) fn probe<P: Probing>(
        &mut self,
        lines: &mut P,
        board: &mut P::Board,
        budget: &mut Budget,
        since: Option<(&[Probed], Footprint)>,
        start: usize,
    ) -> Result<(Option<BranchCell>, Option<ProbeMemo>), Stop> {
        // A solved board has nothing to probe; returning first spares a large board that line
        // logic solved the clearing of the per-cell records below (bench/RESULTS.md, "One
        // solver for both kinds").
        if P::is_solved(board) {
            return Ok((None, None));
        }
        let cells = P::cell_count(board);
        // The epoch counts the changes of the board (from 1: the memo's records hold in the
        // earlier state); `changed[class]` is the epoch of the last change to a line of the class.
        let mut epoch = 1u32;
        let mut changed = [0u32; FOOTPRINT_CLASSES];
        self.probed.clear();
        match since {
            Some((memo, changed_classes)) => {
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
        let mut best: Option<((u32, u32), BranchCell)> = None;
        // Cells visited since the last change: at `cells`, every open cell has been probed in
        // the current state, and `best` rated them all.
        let mut quiet = 0;
        let mut cell = start % cells;
        while quiet < cells {
            quiet += 1;
            let probed = cell;
            cell = if cell + 1 == cells { 0 } else { cell + 1 };
            let mask = P::mask(board, probed);
            if mask.count_ones() < 2 {
                continue;
            }
            let known = self.probed[probed];
            let still_true = known.epoch != 0 && unchanged_since(known.footprint, known.epoch, &changed);
            let rating = if still_true {
                known
            } else {
                match self.probe_cell(lines, board, budget, probed, mask)? {
                    Ok(record) => {
                        let record = Probed { epoch, ..record };
                        self.probed[probed] = record;
                        record
                    }
                    Err(()) => {
                        epoch += 1;
                        for i in 0..lines.trail_len() {
                            for line in P::lines_of(board, lines.trail_cell(board, i)) {
                                changed[line % FOOTPRINT_CLASSES] = epoch;
                            }
                        }
                        quiet = 0;
                        best = None;
                        continue;
                    }
                }
            };
            let score = (rating.fewer, rating.more);
            if best.map_or(true, |(s, _)| score > s) {
                best = Some((score, BranchCell { cell: probed as u32, first: rating.first }));
            }
        }
        let Some((_, branch)) = best else {
            return Ok((None, None));
        };
        // Every open cell was probed or skipped since the last change: its record holds.
        for (c, record) in self.probed.iter_mut().enumerate() {
            record.epoch = u32::from(P::mask(board, c).count_ones() > 1);
        }
        Ok((Some(branch), Some(Rc::from(&self.probed[..]))))
    }

    /// Probe `cell` (which can still take the values of `mask`): `Ok(record)` (its epoch
    /// unset) when it narrowed nothing, `Err(())` when it narrowed cells (on the trail,
    /// propagated).
    fn probe_cell<P: Probing>(
        &mut self,
        lines: &mut P,
        board: &mut P::Board,
        budget: &mut Budget,
        cell: usize,
        mask: Mask,
    ) -> Result<Result<Probed, ()>, Stop> {
        let probe_stamp = self.next_stamp();
        self.touched.clear();
        lines.forget();
        lines.queue().take_solved();
        let (mut survivors, mut fewer, mut more, mut first) = (0u32, u32::MAX, 0u32, 0u8);
        let mut values = mask;
        while values != 0 {
            let value = values.trailing_zeros() as u8;
            values &= values - 1;
            lines.narrow(board, cell, 1 << value);
            let held = match lines.run(board, budget) {
                Ok(()) => true,
                Err(Stop::Contradiction) => false,
                Err(Stop::OutOfBudget) => return Err(Stop::OutOfBudget),
            };
            if held {
                survivors += 1;
                let supposition = self.next_stamp();
                let mut narrowed = 0;
                for i in 0..lines.trail_len() {
                    let at = lines.trail_cell(board, i);
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
                    self.union[at] |= P::mask(board, at);
                    self.changed_by[at] += 1;
                }
                fewer = fewer.min(narrowed);
                if narrowed > more {
                    (more, first) = (narrowed, value);
                }
            }
            lines.undo(board);
        }
        if survivors == 0 {
            return Err(Stop::Contradiction);
        }
        let footprint = lines.queue().take_solved();
        // A cell every surviving supposition narrowed takes the union of what they left it
        // (the others keep their mask: some supposition left it whole).
        for i in 0..self.touched.len() {
            let at = self.touched[i] as usize;
            if self.changed_by[at] == survivors && self.union[at] != P::mask(board, at) {
                lines.narrow(board, at, self.union[at]);
            }
        }
        if lines.trail_len() == 0 {
            return Ok(Ok(Probed { epoch: 0, footprint, fewer, more, first }));
        }
        if survivors == 1 {
            // The state the one surviving supposition reached: already a fixpoint.
            lines.queue().clear();
        } else {
            lines.run(board, budget)?;
        }
        Ok(Err(()))
    }
}

/// Whether no line class of `footprint` (bit `class`) changed after `epoch`, where
/// `changed[class]` is the epoch of the last change to a line of the class: then a probe
/// recorded at `epoch` would find the same again.
fn unchanged_since(footprint: Footprint, epoch: u32, changed: &[u32]) -> bool {
    let mut classes = footprint;
    let mut latest = 0;
    while classes != 0 {
        latest = latest.max(changed[classes.trailing_zeros() as usize]);
        classes &= classes - 1;
    }
    latest <= epoch
}

#[cfg(all(test, not(target_arch = "wasm32")))] // native only: proptest, the system clock
mod tests {
    use super::*;
    use crate::engine::search::{NoProgress, SolveOptions, SystemClock};
    use crate::nonogram::board::Board;
    use crate::nonogram::line::mono::{EMPTY, FILLED, UNKNOWN};
    use crate::nonogram::puzzle::{grids, Nonogram};
    use crate::nonogram::search::mono::Propagator;
    use proptest::prelude::*;

    /// Propagate `board` to its fixpoint with a fresh propagator, from the lines `dirty`.
    fn propagate(puzzle: &Nonogram, board: &mut Board, dirty: &[usize]) -> Result<(), Stop> {
        let clock = SystemClock::default();
        let mut progress = NoProgress;
        let mut budget = Budget::new(&SolveOptions::default(), &clock, &mut progress);
        let mut propagator = Propagator::new(puzzle);
        for &line in dirty {
            propagator.queue().push(line);
        }
        propagator.run(board, &mut budget)
    }

    /// Probing, checked against its definition on a puzzle made from `grid`, at every level
    /// of a descent to that solution (each branch cell set to its value in `grid`, probing
    /// starting from what its parent's probing found): it keeps the grid's solution, and
    /// afterwards no undecided cell fails either way or has two suppositions that agree on a
    /// cell (each checked from scratch, on a copy).
    fn probing_reaches_its_fixpoint(grid: &[Vec<u8>]) {
        let puzzle = Nonogram::from_solution(grid).unwrap();
        let width = puzzle.width();
        let solved = |cell: usize| if grid[cell / width][cell % width] == 1 { FILLED } else { EMPTY };
        let mut board = Board::new(puzzle.width(), puzzle.height());
        let mut changed: Vec<usize> = (0..puzzle.width() + puzzle.height()).collect();
        propagate(&puzzle, &mut board, &changed).expect("the grid is a solution");
        let clock = SystemClock::default();
        let mut progress = NoProgress;
        let mut budget = Budget::new(&SolveOptions::default(), &clock, &mut progress);
        let mut propagator = Propagator::new(&puzzle);
        let mut prober = Prober::default();
        let mut memo: Option<ProbeMemo> = None;
        loop {
            let classes = changed.iter().fold(0, |classes, &line| classes | line_class(line));
            let since = memo.as_deref().map(|memo| (memo, classes));
            let (branch, next) =
                prober.probe(&mut propagator, &mut board, &mut budget, since, 0).expect("the grid is a solution");
            for cell in 0..board.cell_count() {
                assert!(board.cell(cell) & solved(cell) != 0, "cell {cell} lost the solution");
            }
            assert_eq!(branch.is_none(), (0..board.cell_count()).all(|c| board.cell(c) != UNKNOWN));
            assert_eq!(branch.is_none(), next.is_none());
            for cell in (0..board.cell_count()).filter(|&c| board.cell(c) == UNKNOWN) {
                let spot = board.spot(cell);
                let supposed = [FILLED, EMPTY].map(|value| {
                    let mut copy = board.clone();
                    copy.decide(spot, value);
                    propagate(&puzzle, &mut copy, &board.lines_at(spot)).expect("probing left a failing supposition");
                    copy
                });
                for other in 0..board.cell_count() {
                    let values = supposed.each_ref().map(|copy| copy.cell(other));
                    assert!(
                        values[0] != values[1] || values[0] == board.cell(other),
                        "both suppositions of cell {cell} decide cell {other}"
                    );
                }
            }
            let Some(branch) = branch else { break };
            // Down the branch that keeps the grid: the lines of every cell it decides changed.
            let spot = board.spot(branch.cell as usize);
            board.decide(spot, solved(branch.cell as usize));
            assert!(branch.first < 2, "a black-and-white value");
            let before = board.clone();
            changed = board.lines_at(spot).to_vec();
            propagate(&puzzle, &mut board, &changed).expect("the grid is a solution");
            for cell in (0..board.cell_count()).filter(|&c| board.cell(c) != before.cell(c)) {
                changed.extend(board.lines_at(board.spot(cell)));
            }
            memo = next;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn probing_keeps_the_solution_and_leaves_nothing_to_probe(grid in grids(12)) {
            probing_reaches_its_fixpoint(&grid);
        }
    }
}
