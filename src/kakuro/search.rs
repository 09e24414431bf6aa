//! How a Kakuro is solved: run revisions to a fixpoint, independent components searched on
//! their own, probing, and the choice of the cell to branch on (see the essay of the parent
//! module).

use super::combos::MAX_DIGIT;
use super::{Candidates, Cell, Kakuro, NO_RUN};
use crate::engine::bits::DigitSet;
use crate::engine::search::{Budget, Grid, KnownGrid, Problem, Stop};
use std::collections::VecDeque;

/// Components of at most this many undecided cells are searched on their own; the cells of
/// larger ones are probed.
const SMALL_COMPONENT: usize = 64;
/// The node budget of searching one component on its own; past it the component is left to
/// the main search.
const COMPONENT_NODES: usize = 300;
/// Stamps keep the size of the component they were given to in their low bits...
const STAMP_SIZE_BITS: u32 = 20;
/// ...and above them whether it has several solutions (otherwise its search ran out of nodes).
const STAMP_SEVERAL: u64 = 1 << STAMP_SIZE_BITS;
/// The serial number of a stamp starts above those bits.
const STAMP_SERIAL_SHIFT: u32 = STAMP_SIZE_BITS + 1;

/// A change to a state, as recorded to undo it.
enum Undo {
    /// A cell's candidates and stamp before.
    Cell(usize, DigitSet, u64),
    /// A run's live combinations before.
    Run(usize, u128),
}

/// The queue of runs to revise, kept between revisions to avoid reallocating it, and the
/// trail of changes while a probe records them.
struct WorkQueue {
    queue: VecDeque<usize>,
    queued: Vec<bool>,
    narrowed: Vec<(usize, DigitSet)>,
    trail: Option<Vec<Undo>>,
}

impl WorkQueue {
    fn new(runs: usize) -> Self {
        WorkQueue { queue: VecDeque::new(), queued: vec![false; runs], narrowed: Vec::new(), trail: None }
    }

    fn push(&mut self, run: usize) {
        if run != NO_RUN && !self.queued[run] {
            self.queued[run] = true;
            self.queue.push_back(run);
        }
    }

    fn clear(&mut self) {
        for run in self.queue.drain(..) {
            self.queued[run] = false;
        }
        self.narrowed.clear();
    }
}

/// What searching one component on its own found.
enum ComponentSolutions {
    /// No solution: the whole state has none.
    None,
    /// Exactly one: the digits of the component's cells in it.
    One(Vec<DigitSet>),
    /// At least two.
    Several,
    /// The node budget ran out.
    Unknown,
}

/// The part of a state that a search inside one component changes: its cells and its runs.
struct Snapshot {
    cells: Vec<DigitSet>,
    live_combos: Vec<u128>,
}

impl Kakuro {
    /// Revises the pending runs, and the runs of every cell they narrow, until none is left.
    fn fixpoint(&self, state: &mut Candidates, work: &mut WorkQueue, budget: &mut Budget) -> Result<(), Stop> {
        for run in state.pending.drain(..) {
            work.push(run);
        }
        let result = self.revise_queued(state, work, budget);
        work.clear();
        result
    }

    fn revise_queued(&self, state: &mut Candidates, work: &mut WorkQueue, budget: &mut Budget) -> Result<(), Stop> {
        while let Some(run) = work.queue.pop_front() {
            work.queued[run] = false;
            budget.tick()?;
            let live_before = state.live_combos[run];
            self.revise(run, state, &mut work.narrowed)?;
            if let Some(trail) = &mut work.trail {
                if state.live_combos[run] != live_before {
                    trail.push(Undo::Run(run, live_before));
                }
                trail.extend(work.narrowed.iter().map(|&(cell, before)| Undo::Cell(cell, before, state.examined[cell])));
            }
            // A revision is idempotent: only the narrowed cells' other runs need another look.
            while let Some((cell, _)) = work.narrowed.pop() {
                state.examined[cell] = 0;
                for other in self.runs_of_cell[cell] {
                    if other != run {
                        work.push(other);
                    }
                }
            }
        }
        Ok(())
    }

    /// The undecided cells grouped into components: two cells are connected when they share
    /// a run. Decided cells are fixed, so the components are independent puzzles.
    fn components(&self, state: &Candidates) -> Vec<Vec<usize>> {
        let mut seen = vec![false; state.cells.len()];
        let mut components = Vec::new();
        for start in 0..state.cells.len() {
            if seen[start] || state.cells[start].len() < 2 {
                continue;
            }
            seen[start] = true;
            let mut component = vec![start];
            let mut next = 0;
            while let Some(&cell) = component.get(next) {
                next += 1;
                for run in self.runs_of_cell[cell].into_iter().filter(|&run| run != NO_RUN) {
                    for &other in &self.runs[run].cells {
                        if !seen[other] && state.cells[other].len() > 1 {
                            seen[other] = true;
                            component.push(other);
                        }
                    }
                }
            }
            components.push(component);
        }
        components
    }

    /// Searches every small component that changed on its own: one without a solution makes
    /// the state contradictory, one with exactly one solution is filled in, one with several
    /// is stamped so that the main search branches there last.
    fn examine_components(&self, state: &mut Candidates, work: &mut WorkQueue, budget: &mut Budget) -> Result<(), Stop> {
        let mut components = self.components(state);
        components.sort_by_key(Vec::len);
        let mut solved = Vec::new();
        for component in components.iter().take_while(|c| c.len() <= SMALL_COMPONENT) {
            let stamp = state.examined[component[0]];
            let unchanged = stamp & ((1 << STAMP_SIZE_BITS) - 1) == component.len() as u64
                && component.iter().all(|&cell| state.examined[cell] == stamp);
            if unchanged {
                continue;
            }
            match self.solve_component(state, component, work, budget)? {
                ComponentSolutions::None => return Err(Stop::Contradiction),
                ComponentSolutions::One(digits) => solved.push((component, digits)),
                ComponentSolutions::Several => self.stamp(state, component, STAMP_SEVERAL),
                ComponentSolutions::Unknown => self.stamp(state, component, 0),
            }
        }
        for (component, digits) in solved {
            for (&cell, digit) in component.iter().zip(digits) {
                state.cells[cell] = digit;
                state.pending.extend(self.runs_of_cell[cell].iter().filter(|&&run| run != NO_RUN));
            }
        }
        // Filling in solved components only settles their own runs.
        self.fixpoint(state, work, budget)
    }

    /// Marks the cells of `component` as examined, with `flags`, until one of them changes.
    fn stamp(&self, state: &mut Candidates, component: &[usize], flags: u64) {
        let stamp = state.next_stamp << STAMP_SERIAL_SHIFT | flags | component.len() as u64;
        state.next_stamp += 1;
        for &cell in component {
            state.examined[cell] = stamp;
        }
    }

    /// Counts the solutions of one component (up to two) by a depth-first search that
    /// branches on the component's cells only, working on `state` itself: only the
    /// component's cells and runs change, and they are restored before returning.
    fn solve_component(&self, state: &mut Candidates, component: &[usize], work: &mut WorkQueue, budget: &mut Budget) -> Result<ComponentSolutions, Stop> {
        let mut runs: Vec<usize> = component.iter().flat_map(|&cell| self.runs_of_cell[cell]).filter(|&run| run != NO_RUN).collect();
        runs.sort_unstable();
        runs.dedup();
        let snapshot = |state: &Candidates| Snapshot {
            cells: component.iter().map(|&cell| state.cells[cell]).collect(),
            live_combos: runs.iter().map(|&run| state.live_combos[run]).collect(),
        };
        let restore = |state: &mut Candidates, snapshot: &Snapshot| {
            for (&cell, &digits) in component.iter().zip(&snapshot.cells) {
                state.cells[cell] = digits;
            }
            for (&run, &live) in runs.iter().zip(&snapshot.live_combos) {
                state.live_combos[run] = live;
            }
        };
        let original = snapshot(state);
        let mut stack: Vec<(Snapshot, Option<usize>)> = vec![(snapshot(state), None)];
        let mut found: Option<Vec<DigitSet>> = None;
        let mut outcome = None;
        for _ in 0..COMPONENT_NODES {
            let Some((node, decided)) = stack.pop() else {
                outcome = Some(found.take().map_or(ComponentSolutions::None, ComponentSolutions::One));
                break;
            };
            restore(state, &node);
            if let Some(cell) = decided {
                state.pending.extend(self.runs_of_cell[cell].iter().filter(|&&run| run != NO_RUN));
            }
            match self.fixpoint(state, work, budget) {
                Ok(()) => {}
                Err(Stop::Contradiction) => continue,
                Err(out_of_budget) => {
                    restore(state, &original);
                    return Err(out_of_budget);
                }
            }
            let undecided = component.iter().copied().filter(|&cell| state.cells[cell].len() > 1);
            match undecided.min_by_key(|&cell| state.cells[cell].len()) {
                Some(cell) => {
                    let digits: Vec<u32> = state.cells[cell].iter().collect();
                    for &digit in digits.iter().rev() {
                        state.cells[cell] = DigitSet::single(digit);
                        stack.push((snapshot(state), Some(cell)));
                    }
                }
                None if found.is_some() => {
                    outcome = Some(ComponentSolutions::Several);
                    break;
                }
                None => found = Some(component.iter().map(|&cell| state.cells[cell]).collect()),
            }
        }
        restore(state, &original);
        Ok(outcome.unwrap_or(match (stack.is_empty(), found) {
            (true, found) => found.map_or(ComponentSolutions::None, ComponentSolutions::One),
            (false, _) => ComponentSolutions::Unknown,
        }))
    }

    /// The cell to branch on: the one with the fewest candidates, outside components known
    /// to have several solutions if possible — those go last: every choice there leads to a
    /// solution, so they cannot make the search backtrack.
    fn branch_cell(&self, state: &Candidates) -> Option<usize> {
        let undecided = (0..state.cells.len()).filter(|&cell| state.cells[cell].len() > 1);
        undecided.min_by_key(|&cell| (state.examined[cell] & STAMP_SEVERAL != 0, state.cells[cell].len()))
    }

    /// Tries every candidate of every undecided cell outside examined components (those of
    /// the large components): a digit whose placement propagates to a contradiction is
    /// removed. Returns whether any was.
    fn probe(&self, state: &mut Candidates, work: &mut WorkQueue, budget: &mut Budget) -> Result<bool, Stop> {
        let mut changed = false;
        for cell in 0..state.cells.len() {
            if state.examined[cell] != 0 {
                continue;
            }
            for digit in state.cells[cell].iter() {
                if state.cells[cell].len() < 2 {
                    break;
                }
                if self.placement_fails(state, cell, digit, work, budget)? {
                    state.cells[cell] &= !DigitSet::single(digit);
                    state.examined[cell] = 0;
                    state.pending.extend(self.runs_of_cell[cell].iter().filter(|&&run| run != NO_RUN));
                    self.fixpoint(state, work, budget)?;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// Whether placing `digit` in `cell` propagates to a contradiction; `state` is left as it was.
    fn placement_fails(&self, state: &mut Candidates, cell: usize, digit: u32, work: &mut WorkQueue, budget: &mut Budget) -> Result<bool, Stop> {
        work.trail = Some(vec![Undo::Cell(cell, state.cells[cell], state.examined[cell])]);
        state.cells[cell] = DigitSet::single(digit);
        state.pending.extend(self.runs_of_cell[cell].iter().filter(|&&run| run != NO_RUN));
        let result = self.fixpoint(state, work, budget);
        for change in work.trail.take().into_iter().flatten().rev() {
            match change {
                Undo::Cell(cell, digits, stamp) => {
                    state.cells[cell] = digits;
                    state.examined[cell] = stamp;
                }
                Undo::Run(run, live) => state.live_combos[run] = live,
            }
        }
        match result {
            Ok(()) => Ok(false),
            Err(Stop::Contradiction) => Ok(true),
            Err(out_of_budget) => Err(out_of_budget),
        }
    }
}

impl Problem for Kakuro {
    type State = Candidates;
    type Workspace = ();

    fn workspace(&self) {}

    fn initial(&self) -> Candidates {
        let cells: Vec<DigitSet> = self
            .whites
            .iter()
            .map(|&(row, col)| match self.grid[row][col] {
                Cell::White(Some(digit)) => DigitSet::single(digit),
                _ => DigitSet::range(1, MAX_DIGIT),
            })
            .collect();
        Candidates {
            examined: vec![0; cells.len()],
            cells,
            live_combos: self.runs.iter().map(|run| run.all_combos).collect(),
            pending: (0..self.runs.len()).collect(),
            next_stamp: 1,
        }
    }

    fn propagate(&self, state: &mut Candidates, _: &mut (), budget: &mut Budget) -> Result<(), Stop> {
        let mut work = WorkQueue::new(self.runs.len());
        self.fixpoint(state, &mut work, budget)?;
        loop {
            self.examine_components(state, &mut work, budget)?;
            if !self.probe(state, &mut work, budget)? {
                return Ok(());
            }
        }
    }

    fn branch(&self, state: &Candidates) -> Option<Vec<Candidates>> {
        let cell = self.branch_cell(state)?;
        let children = state.cells[cell]
            .iter()
            .map(|digit| {
                let mut child = state.clone();
                child.cells[cell] = DigitSet::single(digit);
                child.examined[cell] = 0;
                child.pending = self.runs_of_cell[cell].iter().copied().filter(|&run| run != NO_RUN).collect();
                child
            })
            .collect();
        Some(children)
    }

    fn solution(&self, state: &Candidates) -> Grid {
        let mut grid = vec![vec![0u8; self.width()]; self.height()];
        for (&(row, col), digits) in self.whites.iter().zip(&state.cells) {
            grid[row][col] = digits.min().map_or(0, |d| d as u8);
        }
        grid
    }

    fn known(&self, state: &Candidates) -> KnownGrid {
        let mut grid = vec![vec![Some(0u8); self.width()]; self.height()];
        for (&(row, col), digits) in self.whites.iter().zip(&state.cells) {
            grid[row][col] = digits.only().map(|d| d as u8);
        }
        grid
    }
}
