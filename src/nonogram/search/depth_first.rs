//! The depth-first search of both kinds of nonogram, written once over the trait [`Kind`] (a
//! kind's propagation, which is probing's [`Probing`], and its first state) and monomorphised
//! for each, so that black and white pays nothing for colour: the engine's search
//! ([`crate::engine::search`]) over [`Node`]s, so that solution counts, budgets and verdicts
//! are those of every genre. Puzzles that must branch get clause learning in turns with it
//! (`cdcl/`, through the engine's portfolio).
//!
//! **Propagation and probing.** A node's dirty lines (every line at the root; the branch
//! cell's two lines in a child) are solved to a fixpoint by the kind's propagation, then
//! every open cell is probed (`probe.rs`), starting at the cell the parent branched on (whose
//! lines changed) and from what the parent's probing found. Both kinds probe every node from
//! the root on: colour once waited for 1,000 nodes and charged a node of the budget per 50
//! probed cells, but one set for both kinds (bench/RESULTS.md, "One depth-first search and one
//! set of constants") keeps every verdict, makes the slow colour puzzles faster, and costs the
//! fast ones about 2 ms.
//!
//! **Branching.** The branch is the cell whose weakest supposition narrowed the most cells
//! (ties: the strongest), so that it settles much either way: one child gives it the value
//! whose supposition narrowed the most, the other keeps its other values. The two children
//! split the cell's values, so together they hold every solution exactly once and the counts
//! behind `unique` and `none` are exact.

use super::probe::{line_class, BranchCell, Footprint, ProbeMemo, Prober, Probing};
use crate::engine::search::{self, Budget, Clock, Grid, KnownGrid, Outcome, Problem, Progress, SolveOptions, Stop};
use crate::nonogram::line::color::Mask;

/// What the depth-first search needs of a kind of nonogram (implemented by the puzzle types).
pub trait Kind {
    /// The kind's line propagation, with its board.
    type Lines: Probing<Board: Clone + 'static> + 'static;

    /// Fresh propagation for a solve of this puzzle.
    fn lines(&self) -> Self::Lines;

    /// The first state: every cell can take every value.
    fn board(&self) -> <Self::Lines as Probing>::Board;

    /// The number of columns.
    fn width(&self) -> usize;

    /// Whether the row clues and the column clues ask for the same cells (else there is no
    /// solution).
    fn totals_agree(&self) -> bool;
}

/// A node of the search: the board (the state) and what the search notes about it.
#[derive(Clone, Debug)]
pub struct Node<B> {
    /// What every cell can still be.
    pub(crate) board: B,
    /// Lines to solve before anything else (rows first, then columns).
    dirty: Vec<u32>,
    /// Where probing suggests to branch, set by the last propagation.
    branch: Option<BranchCell>,
    /// What probing found in the state this one branched from (shared by its branches).
    probes: Option<ProbeMemo>,
    /// The cell probing visits first: the one the parent branched on.
    start: u32,
}

/// A kind's search workspace, kept from node to node of a solve.
pub struct Workspace<L> {
    /// The kind's line propagation.
    pub(crate) lines: L,
    /// Probing's working memory.
    prober: Prober,
}

/// The board of a kind.
type BoardOf<K> = <<K as Kind>::Lines as Probing>::Board;

impl<K: Kind> Problem for K {
    type State = Node<BoardOf<K>>;
    type Child = Self::State;
    type Workspace = Workspace<K::Lines>;

    fn workspace(&self) -> Self::Workspace {
        Workspace { lines: self.lines(), prober: Prober::default() }
    }

    fn initial(&self) -> Self::State {
        let board = self.board();
        let lines = (K::Lines::cell_count(&board) / self.width() + self.width()) as u32;
        Node { board, dirty: (0..lines).collect(), branch: None, probes: None, start: 0 }
    }

    fn build(&self, child: Self::State) -> Self::State {
        child
    }

    fn propagate(&self, node: &mut Self::State, work: &mut Self::Workspace, budget: &mut Budget) -> Result<(), Stop> {
        if !self.totals_agree() {
            return Err(Stop::Contradiction);
        }
        let lines = &mut work.lines;
        let memo = node.probes.take();
        let mut changed: Footprint = 0;
        for line in node.dirty.drain(..) {
            changed |= line_class(line as usize);
            lines.queue().push(line as usize);
        }
        lines.forget();
        let board = &mut node.board;
        lines.run(board, budget)?;
        // The lines changed since the probes of `memo` were made (the root has no memo).
        if memo.is_some() {
            for i in 0..lines.trail_len() {
                for line in K::Lines::lines_of(board, lines.trail_cell(board, i)) {
                    changed |= line_class(line);
                }
            }
        }
        let since = memo.as_deref().map(|memo| (memo, changed));
        let start = node.start as usize;
        (node.branch, node.probes) = work.prober.probe(lines, board, budget, since, start)?;
        Ok(())
    }

    fn branch(&self, node: &Self::State) -> Option<Vec<Self::State>> {
        // Probing rated every open cell: no branch is left when none is.
        let BranchCell { cell, first } = node.branch?;
        let mask = K::Lines::mask(&node.board, cell as usize);
        let child = |value: Mask| {
            let mut child = node.clone();
            K::Lines::set(&mut child.board, cell as usize, value);
            child.dirty = K::Lines::lines_of(&child.board, cell as usize).map(|line| line as u32).to_vec();
            child.start = cell;
            child
        };
        Some(vec![child(1 << first), child(mask & !(1 << first))])
    }

    fn solution(&self, node: &Self::State) -> Grid {
        let value = |cell| K::Lines::mask(&node.board, cell).trailing_zeros() as u8;
        rows_of(self.width(), K::Lines::cell_count(&node.board), value)
    }

    fn known(&self, node: &Self::State) -> KnownGrid {
        let known = |cell| {
            let mask = K::Lines::mask(&node.board, cell);
            (mask.count_ones() == 1).then(|| mask.trailing_zeros() as u8)
        };
        rows_of(self.width(), K::Lines::cell_count(&node.board), known)
    }
}

/// What `value` says of every cell (row-major) of a board of `cells` cells, `width` a row.
fn rows_of<T>(width: usize, cells: usize, value: impl Fn(usize) -> T) -> Vec<Vec<T>> {
    (0..cells / width).map(|row| (row * width..(row + 1) * width).map(&value).collect()).collect()
}

/// Solve `puzzle` with some cells decided beforehand (a value: `1` filled and `0` empty, or
/// a colour index), by the engine's search: whether any solution has those cells, for the
/// mistakes of a player's board on a puzzle with several solutions.
pub(crate) fn solve_forced<K: Kind>(
    puzzle: &K,
    cells: &[((usize, usize), u8)],
    options: &SolveOptions,
    clock: &dyn Clock,
    progress: &mut dyn Progress,
) -> Outcome {
    search::solve(&Forced { puzzle, cells }, options, clock, progress)
}

/// A puzzle whose first state has some cells decided ([`solve_forced`]).
struct Forced<'a, K> {
    puzzle: &'a K,
    cells: &'a [((usize, usize), u8)],
}

impl<K: Kind> Problem for Forced<'_, K> {
    type State = Node<BoardOf<K>>;
    type Child = Self::State;
    type Workspace = Workspace<K::Lines>;

    fn workspace(&self) -> Self::Workspace {
        self.puzzle.workspace()
    }

    fn initial(&self) -> Self::State {
        // A fresh state has every line dirty, so the decided cells are propagated.
        let mut state = self.puzzle.initial();
        for &((row, col), value) in self.cells {
            K::Lines::set(&mut state.board, row * self.puzzle.width() + col, 1 << value);
        }
        state
    }

    fn build(&self, child: Self::State) -> Self::State {
        self.puzzle.build(child)
    }

    fn propagate(&self, state: &mut Self::State, work: &mut Self::Workspace, budget: &mut Budget) -> Result<(), Stop> {
        self.puzzle.propagate(state, work, budget)
    }

    fn branch(&self, state: &Self::State) -> Option<Vec<Self::State>> {
        self.puzzle.branch(state)
    }

    fn solution(&self, state: &Self::State) -> Grid {
        self.puzzle.solution(state)
    }

    fn known(&self, state: &Self::State) -> KnownGrid {
        self.puzzle.known(state)
    }
}
