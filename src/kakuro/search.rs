//! How a Kakuro is solved: run revisions to a fixpoint, components (their sums checked, the
//! small ones counted on their own), probing, the search for one solution by components,
//! and the branch children built around that solution (see the essay of the parent module).

use super::puzzle::{Candidates, Cell, Kakuro, NO_RUN};
use crate::engine::bits::DigitSet;
use crate::engine::combos::{CombinationTable, MAX_DIGIT};
use crate::engine::queue::WorkQueue;
use crate::engine::search::{luby, Budget, Grid, KnownGrid, Problem, Stop};
use crate::engine::sort::sort_by_small_key;
use std::rc::Rc;

/// The node budget of searching one component on its own; past it the component is left to
/// the main search.
const COMPONENT_NODES: usize = 300;
/// The width, in lines, of the bands in which the search for a solution branches (see
/// [`Kakuro::sweep_cell`]).
const SWEEP_BAND: usize = 2;
/// The least unit of the node limits of the attempts of the search for a solution (see
/// [`Kakuro::solve_with_restarts`]).
const RESTART_UNIT: u64 = 64;
/// The number of sweep orders the attempts cycle through (see [`Kakuro::sweep_cell`]).
const SWEEPS: u32 = 4;
/// Nested component searches deeper than this branch in place instead of splitting again.
const MAX_NESTING: u32 = 64;
/// The most 16-byte words of refuted components a search remembers (16 MiB).
const MAX_REFUTED_WORDS: usize = 1 << 20;
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

/// What propagation works with, kept between revisions to avoid reallocating it: the queue of
/// runs to revise, the cells a revision narrowed, and the trail of changes while a probe
/// records them.
struct Work {
    queue: WorkQueue,
    narrowed: Vec<(usize, DigitSet)>,
    /// The changes a probe makes, to undo them (empty outside a probe, whose first entry is
    /// the probed cell; kept from probe to probe to reuse its room).
    trail: Vec<Undo>,
}

impl Work {
    fn new(runs: usize) -> Self {
        Work { queue: WorkQueue::new(runs), narrowed: Vec::new(), trail: Vec::new() }
    }

    fn clear(&mut self) {
        self.queue.clear();
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

/// What a search for one solution carries through its nested searches (see
/// [`Kakuro::find_solution`]).
struct ComponentSearch {
    /// The digits to try first, if any.
    hint: Option<Rc<[u8]>>,
    /// The keys ([`Kakuro::component_key`]) of components proven to have no solution.
    refuted: KeySet,
    /// How deeply searches are nested.
    depth: u32,
    /// The total length of the keys in `refuted`.
    remembered_words: usize,
    /// Which sweep order [`Kakuro::sweep_cell`] follows in this attempt (below [`SWEEPS`]).
    sweep: u32,
    /// The nodes this attempt may still visit before it is cut off (see
    /// [`Kakuro::solve_with_restarts`]).
    nodes_left: u64,
}

/// A node of [`Kakuro::find_solution`] being branched on.
struct Frame {
    /// The node, propagated.
    node: Candidates,
    /// The cell branched on.
    cell: usize,
    /// The digit of `cell` to try first (the hint's), until it is taken.
    first: Option<u32>,
    /// The other digits of `cell` left to try, lowest first.
    others: DigitSet,
    /// The key of the component branched in, when nothing else of the node can fail: if
    /// every digit fails, that component has no solution.
    refuted_if_all_fail: Option<Vec<u128>>,
}

/// A set of keys (the refuted components of a [`ComponentSearch`]): a hash table of
/// indices into the keys, with open addressing and linear probing, at most half full.
/// (A `BTreeSet` here was 3.0 KB more wasm, 1.2 KB gzipped.)
#[derive(Default)]
struct KeySet {
    keys: Vec<Vec<u128>>,
    /// A power-of-two number of slots (none while `keys` is empty), each 0 when free and
    /// otherwise the index in `keys` plus one of the key found there.
    slots: Vec<u32>,
}

impl KeySet {
    /// The slot holding `key`, or the free slot where it would go (`slots` must not be empty).
    fn slot(&self, key: &[u128]) -> usize {
        let mixed = key.iter().fold(key.len() as u64, |hash, &word| {
            (hash ^ word as u64 ^ (word >> 64) as u64).rotate_left(26).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        });
        let mask = self.slots.len() - 1;
        let mut slot = (mixed >> 32) as usize & mask;
        while self.slots[slot] != 0 && self.keys[self.slots[slot] as usize - 1] != key {
            slot = (slot + 1) & mask;
        }
        slot
    }

    fn contains(&self, key: &[u128]) -> bool {
        !self.slots.is_empty() && self.slots[self.slot(key)] != 0
    }

    fn insert(&mut self, key: Vec<u128>) {
        if 2 * (self.keys.len() + 1) > self.slots.len() {
            self.slots = vec![0; (4 * self.slots.len()).max(64)];
            for index in 0..self.keys.len() {
                let slot = self.slot(&self.keys[index]);
                self.slots[slot] = index as u32 + 1;
            }
        }
        let slot = self.slot(&key);
        if self.slots[slot] == 0 {
            self.keys.push(key);
            self.slots[slot] = self.keys.len() as u32;
        }
    }
}

impl ComponentSearch {
    /// Records a component proven to have no solution, while the record is not too large.
    fn remember(&mut self, key: Vec<u128>) {
        if self.remembered_words + key.len() <= MAX_REFUTED_WORDS {
            self.remembered_words += key.len();
            self.refuted.insert(key);
        }
    }
}

/// A branch child of a Kakuro state (see [`Problem::branch`] for [`Kakuro`]), built into its
/// state by [`Problem::build`] when the search reaches it.
#[derive(Clone, Debug)]
pub struct Child(Lazy);

#[derive(Clone, Debug)]
enum Lazy {
    /// A state built already: the puzzle itself, or the solution a state's search found.
    Built(Candidates),
    /// Any other child, not built yet.
    Deferred(Deferred),
}

impl From<Candidates> for Child {
    fn from(state: Candidates) -> Child {
        Child(Lazy::Built(state))
    }
}

/// A branch child not built yet: the state branched on, with the first `fixed` cells of
/// `order` given the digits of its solution and the next one barred from its digit there. A
/// state has one such child per undecided cell, so they share the state and the order
/// instead of copying them.
#[derive(Clone, Debug)]
struct Deferred {
    base: Rc<Candidates>,
    solution: Rc<[u8]>,
    order: Rc<[usize]>,
    fixed: usize,
}

impl Kakuro {
    /// Revises the pending runs, and the runs of every cell they narrow, until none is left.
    fn fixpoint(&self, state: &mut Candidates, work: &mut Work, budget: &mut Budget) -> Result<(), Stop> {
        for run in state.pending.drain(..) {
            work.queue.push(run);
        }
        let result = self.revise_queued(state, work, budget);
        work.clear();
        result
    }

    fn revise_queued(&self, state: &mut Candidates, work: &mut Work, budget: &mut Budget) -> Result<(), Stop> {
        while let Some(run) = work.queue.pop() {
            budget.tick()?;
            let live_before = state.live_combos[run];
            self.revise(run, state, &mut work.narrowed)?;
            if !work.trail.is_empty() {
                if state.live_combos[run] != live_before {
                    work.trail.push(Undo::Run(run, live_before));
                }
                work.trail
                    .extend(work.narrowed.iter().map(|&(cell, before)| Undo::Cell(cell, before, state.examined[cell])));
            }
            // A revision is idempotent: only the narrowed cells' other runs need another look.
            while let Some((cell, _)) = work.narrowed.pop() {
                state.examined[cell] = 0;
                for other in self.runs_of_cell[cell] {
                    if other != run && other != NO_RUN {
                        work.queue.push(other);
                    }
                }
            }
        }
        Ok(())
    }

    /// The undecided cells of `scope` grouped into components: two cells are connected when
    /// they share a run. Decided cells are fixed, so the components are independent puzzles.
    /// `scope` is the whole grid or a union of components.
    fn components(&self, state: &Candidates, scope: &[usize]) -> Vec<Vec<usize>> {
        let mut seen = vec![false; state.cells.len()];
        let mut components = Vec::new();
        for &start in scope {
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

    /// Searches every small component of `scope` that changed on its own: one without a solution makes
    /// the state contradictory, one with exactly one solution is filled in, one with several
    /// is stamped so that the main search branches there last.
    fn examine_components(
        &self,
        state: &mut Candidates,
        scope: &[usize],
        work: &mut Work,
        budget: &mut Budget,
    ) -> Result<(), Stop> {
        let mut components = self.components(state, scope);
        if !components.iter().all(|component| self.sums_agree(state, component)) {
            return Err(Stop::Contradiction);
        }
        sort_by_small_key(&mut components, Vec::len);
        let mut solved = Vec::new();
        for component in components.iter().take_while(|c| c.len() <= self.small_component) {
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

    /// Whether the digits of `component` can add up to the same total counted by across
    /// runs and by down runs. Each of its cells lies in at most one run each way, and the
    /// runs' other undecided cells lie in it too, so its total is, counted across, what its
    /// across runs still need (the sum of a live combination less the run's decided digits)
    /// plus the digits of its cells outside any across run, and the same counted down. The
    /// two ranges must meet: run logic alone cannot see a region whose across clues and down
    /// clues disagree, a search would try all its fillings.
    fn sums_agree(&self, state: &Candidates, component: &[usize]) -> bool {
        let table = CombinationTable::get();
        let mut ranges = [(0u32, 0u32); 2];
        for &cell in component {
            for (slot, range) in ranges.iter_mut().enumerate() {
                let run = self.runs_of_cell[cell][slot];
                let (low, high) = if run == NO_RUN {
                    (state.cells[cell].min().unwrap_or(0), state.cells[cell].max().unwrap_or(0))
                } else if self.runs[run].cells.iter().find(|&&other| state.cells[other].len() > 1) != Some(&cell) {
                    continue; // the run is counted at its first undecided cell
                } else {
                    let decided: u32 = self.runs[run].cells.iter().filter_map(|&c| state.cells[c].only()).sum();
                    let first = self.runs[run].first_combo;
                    let mut live = state.live_combos[run];
                    let (mut low, mut high) = (u32::MAX, 0);
                    while live != 0 {
                        let sum = table.combo(first + live.trailing_zeros() as usize).sum();
                        live &= live - 1;
                        (low, high) = (low.min(sum), high.max(sum));
                    }
                    (low.saturating_sub(decided), high.saturating_sub(decided))
                };
                range.0 += low;
                range.1 += high;
            }
        }
        let [(across_low, across_high), (down_low, down_high)] = ranges;
        across_low <= down_high && down_low <= across_high
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
    fn solve_component(
        &self,
        state: &mut Candidates,
        component: &[usize],
        work: &mut Work,
        budget: &mut Budget,
    ) -> Result<ComponentSolutions, Stop> {
        let mut runs: Vec<usize> =
            component.iter().flat_map(|&cell| self.runs_of_cell[cell]).filter(|&run| run != NO_RUN).collect();
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
                    // Highest digit first, so that the lowest is searched first.
                    let mut left = state.cells[cell];
                    while let Some(digit) = left.max() {
                        left &= !DigitSet::single(digit);
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

    /// Deduces all that logic can in the cells of `scope` (the whole grid or a union of
    /// components): run revisions, small components searched on their own, and with
    /// `probing`, probes.
    fn logic(
        &self,
        state: &mut Candidates,
        scope: &[usize],
        probing: bool,
        work: &mut Work,
        budget: &mut Budget,
    ) -> Result<(), Stop> {
        self.fixpoint(state, work, budget)?;
        loop {
            self.examine_components(state, scope, work, budget)?;
            if !probing || !self.probe(state, scope, work, budget)? {
                return Ok(());
            }
        }
    }

    /// Finds one solution of the cells of `scope` in `start` (propagated by [`Kakuro::logic`]),
    /// or proves there is none: a depth-first search that treats independent components as
    /// independent puzzles. A node whose open components (those not known to have several
    /// solutions, see [`Kakuro::examine_components`]) are two or more solves each by a search
    /// of its own, smallest first: one without a solution refutes the node at once. A node
    /// with one open component branches in it (on [`Kakuro::sweep_cell`], trying the digit
    /// of the hint first); components with several solutions are branched on last. The
    /// nodes below `start` are propagated without probes: a probe pass costs hundreds of
    /// propagations, more than the nodes it saves here. A component whose search failed,
    /// or whose every branch failed, is remembered: met again after a choice elsewhere
    /// (same candidates, same runs), it fails at once instead of being searched again.
    fn find_solution(
        &self,
        start: Candidates,
        scope: &[usize],
        search: &mut ComponentSearch,
        work: &mut Work,
        budget: &mut Budget,
    ) -> Result<Option<Candidates>, Stop> {
        let mut frames: Vec<Frame> = Vec::new();
        let mut next = Some(start);
        loop {
            let mut state = match next.take() {
                Some(state) => state,
                None => {
                    let Some(frame) = frames.last_mut() else { return Ok(None) };
                    let untried = frame.first.take().or_else(|| {
                        let digit = frame.others.min()?;
                        frame.others &= !DigitSet::single(digit);
                        Some(digit)
                    });
                    match untried {
                        Some(digit) => {
                            if search.nodes_left == 0 {
                                return Err(Stop::OutOfBudget); // the attempt is cut off
                            }
                            search.nodes_left -= 1;
                            budget.count_node()?;
                            let mut child = frame.node.clone();
                            self.decide(&mut child, frame.cell, DigitSet::single(digit));
                            match self.logic(&mut child, scope, false, work, budget) {
                                Ok(()) => child,
                                Err(Stop::Contradiction) => continue,
                                Err(out_of_budget) => return Err(out_of_budget),
                            }
                        }
                        None => {
                            if let Some(Frame { refuted_if_all_fail: Some(key), .. }) = frames.pop() {
                                search.remember(key);
                            }
                            continue;
                        }
                    }
                }
            };
            let components = self.components(&state, scope);
            let (mut open, several): (Vec<Vec<usize>>, Vec<Vec<usize>>) =
                components.into_iter().partition(|component| state.examined[component[0]] & STAMP_SEVERAL == 0);
            // Nested searches stop splitting past a depth, to bound the recursion.
            let alone = open.len() <= 1;
            let target = if open.len() == 1 || (open.len() > 1 && search.depth >= MAX_NESTING) {
                open.into_iter().max_by_key(Vec::len)
            } else {
                sort_by_small_key(&mut open, Vec::len);
                if !self.solve_each(&mut state, &open, search, work, budget)? {
                    continue;
                }
                None
            };
            let Some(target) = target.or_else(|| several.into_iter().next()) else {
                return Ok(Some(state));
            };
            let key = self.component_key(&state, &target);
            if search.refuted.contains(&key) {
                continue;
            }
            let cell = self.sweep_cell(&state, &target, search.sweep);
            let first = search
                .hint
                .as_ref()
                .map(|digits| u32::from(digits[cell]))
                .filter(|&digit| state.cells[cell].contains(digit));
            let others = first.map_or(state.cells[cell], |digit| state.cells[cell] & !DigitSet::single(digit));
            frames.push(Frame { node: state, cell, first, others, refuted_if_all_fail: alone.then_some(key) });
        }
    }

    /// Finds one solution of `state` (propagated by [`Kakuro::logic`]), or proves there is
    /// none, by [`Kakuro::find_solution`] in attempts: attempt `i` (from 1) sweeps in order
    /// `(i - 1) mod` [`SWEEPS`] and is cut off after `unit × luby(i)` nodes, `unit` being the
    /// number of undecided cells but at least [`RESTART_UNIT`] (so that a first attempt can
    /// decide every cell, as a large grid with few choices needs), and the next starts afresh. The time a depth-first search takes to find a solution is heavy-tailed: an
    /// early choice that leaves no solution holds it in a large subtree, while another
    /// sweep meets no such choice (a random 14 × 14 Kakuro with several solutions: 10 s
    /// without a solution in the first sweep, 81 ms in the fourth). The components refuted
    /// are kept from attempt to attempt (a refuted component has no solution whatever the
    /// order); Luby's sequence grows without bound, so some attempt is never cut off and
    /// `None` is still a proof.
    fn solve_with_restarts(
        &self,
        state: &Candidates,
        scope: &[usize],
        work: &mut Work,
        budget: &mut Budget,
    ) -> Result<Option<Candidates>, Stop> {
        let mut search = ComponentSearch {
            hint: state.hint.clone(),
            refuted: KeySet::default(),
            depth: 0,
            remembered_words: 0,
            sweep: 0,
            nodes_left: 0,
        };
        let undecided = scope.iter().filter(|&&cell| state.cells[cell].len() > 1).count() as u64;
        let unit = RESTART_UNIT.max(undecided);
        let mut attempt = 0;
        loop {
            attempt += 1;
            search.sweep = (attempt - 1) as u32 % SWEEPS;
            search.nodes_left = unit * luby(attempt);
            match self.find_solution(state.clone(), scope, &mut search, work, budget) {
                Err(Stop::OutOfBudget) if search.nodes_left == 0 && !budget.is_exhausted() => {}
                found => return found,
            }
        }
    }

    /// The cell of `component` to branch on: the search sweeps the grid in bands
    /// [`SWEEP_BAND`] lines wide, and takes in the first band a cell with the fewest
    /// candidates. Deciding cells next to those already decided keeps the undecided region
    /// in one piece behind a short front, where a wrong choice shows soon and near the
    /// choice; cells with the fewest candidates anywhere would scatter the choices over the
    /// grid, and a region made unsolvable by an early one would only be found out, and
    /// refuted, after many unrelated choices. `sweep` (below [`SWEEPS`]) picks one of four
    /// sweeps: 0 along the longer side from its start, then bit 0 swaps the sides and bit 1
    /// starts from the other end.
    fn sweep_cell(&self, state: &Candidates, component: &[usize], sweep: u32) -> usize {
        let along_columns = (self.width() >= self.height()) != (sweep & 1 == 1);
        let (lines, from_end) = (if along_columns { self.width() } else { self.height() }, sweep & 2 == 2);
        let key = |cell: usize| {
            let (row, col) = self.whites[cell];
            let (along, across) = if along_columns { (col, row) } else { (row, col) };
            let along = if from_end { lines - 1 - along } else { along };
            (along / SWEEP_BAND, state.cells[cell].len(), across)
        };
        component.iter().copied().min_by_key(|&cell| key(cell)).unwrap_or(component[0])
    }

    /// Solves each of `components` of `state` by a search of its own and fills the solutions
    /// in; false when one has no solution.
    fn solve_each(
        &self,
        state: &mut Candidates,
        components: &[Vec<usize>],
        search: &mut ComponentSearch,
        work: &mut Work,
        budget: &mut Budget,
    ) -> Result<bool, Stop> {
        for component in components {
            let key = self.component_key(state, component);
            if search.refuted.contains(&key) {
                return Ok(false);
            }
            search.depth += 1;
            let solved = self.find_solution(state.clone(), component, search, work, budget);
            search.depth -= 1;
            let Some(solved) = solved? else {
                search.remember(key);
                return Ok(false);
            };
            for &cell in component {
                state.cells[cell] = solved.cells[cell];
                state.examined[cell] = solved.examined[cell];
                for run in self.runs_of_cell[cell].into_iter().filter(|&run| run != NO_RUN) {
                    state.live_combos[run] = solved.live_combos[run];
                }
            }
        }
        Ok(true)
    }

    /// What decides whether a component has a solution: its cells' candidates and its runs'
    /// live combinations (which carry the digits of their decided cells).
    fn component_key(&self, state: &Candidates, component: &[usize]) -> Vec<u128> {
        let mut cells = component.to_vec();
        cells.sort_unstable();
        let mut runs: Vec<usize> =
            cells.iter().flat_map(|&cell| self.runs_of_cell[cell]).filter(|&run| run != NO_RUN).collect();
        runs.sort_unstable();
        runs.dedup();
        let candidates = cells.iter().map(|&cell| (cell as u128) << 32 | u128::from(state.cells[cell].0));
        candidates.chain(runs.iter().map(|&run| state.live_combos[run])).collect()
    }

    /// Narrows `cell` to `digits` and queues its runs for revision.
    fn decide(&self, state: &mut Candidates, cell: usize, digits: DigitSet) {
        state.cells[cell] = digits;
        state.examined[cell] = 0;
        state.pending.extend(self.runs_of_cell[cell].iter().filter(|&&run| run != NO_RUN));
    }

    /// Tries every candidate of every undecided cell of `scope` outside examined components
    /// (those of the large components): a digit whose placement propagates to a contradiction is
    /// removed. Returns whether any was.
    fn probe(
        &self,
        state: &mut Candidates,
        scope: &[usize],
        work: &mut Work,
        budget: &mut Budget,
    ) -> Result<bool, Stop> {
        let mut changed = false;
        for &cell in scope {
            if state.examined[cell] != 0 {
                continue;
            }
            for digit in state.cells[cell].iter() {
                if state.cells[cell].len() < 2 {
                    break;
                }
                if self.placement_fails(state, cell, digit, work, budget)? {
                    let others = state.cells[cell] & !DigitSet::single(digit);
                    self.decide(state, cell, others);
                    self.fixpoint(state, work, budget)?;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// The branch child that `deferred` describes.
    fn build_deferred(&self, deferred: &Deferred) -> Candidates {
        let mut state = (*deferred.base).clone();
        let digit = |cell: usize| DigitSet::single(u32::from(deferred.solution[cell]));
        for &cell in &deferred.order[..deferred.fixed] {
            self.decide(&mut state, cell, digit(cell));
        }
        if let Some(&cell) = deferred.order.get(deferred.fixed) {
            let others = state.cells[cell] & !digit(cell);
            self.decide(&mut state, cell, others);
        }
        state.hint = Some(Rc::clone(&deferred.solution));
        state
    }

    /// Whether placing `digit` in `cell` propagates to a contradiction; `state` is left as it was.
    fn placement_fails(
        &self,
        state: &mut Candidates,
        cell: usize,
        digit: u32,
        work: &mut Work,
        budget: &mut Budget,
    ) -> Result<bool, Stop> {
        work.trail.push(Undo::Cell(cell, state.cells[cell], state.examined[cell]));
        state.cells[cell] = DigitSet::single(digit);
        state.pending.extend(self.runs_of_cell[cell].iter().filter(|&&run| run != NO_RUN));
        let result = self.fixpoint(state, work, budget);
        while let Some(change) = work.trail.pop() {
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
    type Child = Child;
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
            hint: None,
            found: None,
        }
    }

    fn build(&self, child: Child) -> Candidates {
        match child.0 {
            Lazy::Built(state) => state,
            Lazy::Deferred(deferred) => self.build_deferred(&deferred),
        }
    }

    fn propagate(&self, state: &mut Candidates, _: &mut (), budget: &mut Budget) -> Result<(), Stop> {
        let mut work = Work::new(self.runs.len());
        let all: Vec<usize> = (0..state.cells.len()).collect();
        self.logic(state, &all, true, &mut work, budget)?;
        if state.cells.iter().all(|digits| digits.len() == 1) {
            return Ok(());
        }
        let solved = self.solve_with_restarts(state, &all, &mut work, budget)?.ok_or(Stop::Contradiction)?;
        state.found = Some(solved.cells.iter().map(|digits| digits.min().map_or(0, |d| d as u8)).collect());
        Ok(())
    }

    /// A state with undecided cells has a solution found by propagation; its children are
    /// that solution, then one child per undecided cell `u_i` (in an order that puts cells
    /// likely to differ in other solutions first): `u_1 .. u_(i-1)` as in the solution and
    /// `u_i` anything else. They cover every solution once, and are built only when the
    /// search reaches them; each carries the solution as its hint, so that its own search
    /// changes little else.
    fn branch(&self, state: &Candidates) -> Option<Vec<Child>> {
        let solution = state.found.clone()?;
        let mut base = state.clone();
        base.found = None;
        let mut solved = base.clone();
        for (cell, &digit) in solution.iter().enumerate() {
            if base.cells[cell].len() > 1 {
                self.decide(&mut solved, cell, DigitSet::single(u32::from(digit)));
            }
        }
        // Cells of small components with several solutions surely differ in some other
        // solution; then cells with more candidates first.
        let several = |cell: usize| base.cells[cell].len() > 1 && base.examined[cell] & STAMP_SEVERAL != 0;
        let mut order: Vec<usize> = (0..base.cells.len()).filter(|&cell| several(cell)).collect();
        for len in (2..=MAX_DIGIT).rev() {
            order.extend((0..base.cells.len()).filter(|&cell| !several(cell) && base.cells[cell].len() == len));
        }
        let (base, order) = (Rc::new(base), Rc::<[usize]>::from(order));
        let deferred = (0..order.len()).map(|fixed| {
            Child(Lazy::Deferred(Deferred {
                base: Rc::clone(&base),
                solution: Rc::clone(&solution),
                order: Rc::clone(&order),
                fixed,
            }))
        });
        Some(std::iter::once(Child::from(solved)).chain(deferred).collect())
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

#[cfg(test)]
mod tests {
    use super::KeySet;

    #[test]
    fn key_set_holds_what_was_inserted_across_growth() {
        let mut set = KeySet::default();
        // Keys that differ only in high bits, in a later word or in length, so that a weak
        // hash or a compare of the first word only would confuse them.
        let key = |n: u128| -> Vec<u128> { (0..1 + n % 3).map(|i| (n << 90) | (i * n)).collect() };
        assert!(!set.contains(&key(1)), "an empty set holds nothing");
        for n in (0..2000).step_by(2) {
            set.insert(key(n));
            set.insert(key(n));
        }
        assert_eq!(set.keys.len(), 1000, "a key inserted twice is kept once");
        for n in 0..2000 {
            assert_eq!(set.contains(&key(n)), n % 2 == 0, "key {n}");
        }
        assert!(!set.contains(&key(0)[..0]), "the empty key was never inserted");
    }
}
