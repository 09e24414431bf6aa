//! Conflict-driven clause learning over a grid whose rows and columns each carry one
//! constraint, in the style of lazy clause generation: a genre's *line theory* is the
//! propagator of its lines, and every deduction it makes can be explained, after the fact, by
//! a short clause over the cells of its line. Nonograms search with it (black-and-white and
//! colour: `nonogram/search/cdcl/`), as the learner of the engine's portfolio.
//!
//! **The core and a theory.** What is a genre's is behind [`LineTheory`]: how many values a
//! cell has, the line propagator that narrows a line, and the explanation of a line's
//! deduction. The trail, the clause store, conflict analysis, minimisation, clause deletion,
//! the decisions and the blocking of solutions are written once here ([`Cdcl`]), with the loop
//! in `learning.rs`, and monomorphised for each theory, so that no theory pays for another.
//! Why here and not in a genre: the core knows nothing of clues. A genre whose constraints
//! are rows and columns (a Latin square, Str8ts, Kakuro's runs taken a row at a time) can
//! learn clauses by writing a theory alone; the tests below count Latin squares with one.
//!
//! **How to give a genre clause learning.** Implement [`LineTheory`]: `solve` pushes the
//! literals its line rules out and fails when the line has no assignment left; `explain`
//! names removals on the line, made before a trail position, under which the line still rules
//! the literal out (or still fails). Any such set is sound; a smaller one prunes more. Then
//! hand [`solve`] the puzzle (the engine's [`Problem`]) and a maker of the theory.
//!
//! **Rules of use.** [`solve`] answers like [`crate::engine::search::solve`] on the same
//! puzzle (`unique` / `multiple` / `none` exact, `unknown` when the budget runs out). It is
//! the engine's portfolio (`engine::portfolio`) with this search as its learner: the engine's
//! search (root logic, probing, dives) and CDCL take turns, each turn four times longer than
//! the last, CDCL starting from what the engine's root logic decided. Probing finds solutions
//! of loose puzzles (many solutions) fast; clause learning proves tight ones (unique, or
//! hiding their second solution) where the engine thrashes.
//!
//! **Technique.** A literal is "cell `c` is value `v`"; it becomes false when `v` is removed
//! from the cell's mask, true when `v` is all that is left. The trail holds the removals in
//! order, each with its decision level and its *reason*: a decision, a fact of the root, a
//! clause (all its other literals false), or a *line event* — the line whose solve removed
//! the value and the trail length when that solve ran. Every clause, learned or blocking, is
//! a disjunction of such literals ("not all of these removals"); a clause left with one literal
//! not false keeps that literal's value alone in its cell. Propagation alternates between the
//! clauses (two watched literals, each watch with a blocking literal; the search for a new
//! second watch starts where that clause's last search stopped and wraps around) and the lines
//! whose cells changed, first in first out, breadth first like a SAT solver's trail, which
//! keeps implication chains short to explain.
//!
//! A line event is explained only when conflict analysis needs it, by the theory (nonograms:
//! a minimal subset of the removals on the line, by greedy deletion, the latest removal
//! first). Short reasons make short learned clauses, which prune much more. An explanation is
//! kept while its removal stands (the trail below it cannot change meanwhile).
//!
//! Conflicts are analysed to the first unique implication point; a literal of the learned
//! clause whose reason lies within the clause (and the facts) is dropped (self-subsumption,
//! one step); the clause is added, the search jumps back to the second-highest level in it and
//! asserts its literal. Decisions take the open cell of highest activity (bumped for every
//! literal met in an analysis, decaying geometrically; kept in a binary heap) and remove its highest value other than
//! the one it prefers: its *target phase* if it has one, else the value it last had alone
//! (phase saving; value 0 at first). The target phases are the values of the longest
//! conflict-free trail since the last restart (at each conflict, the trail below the
//! conflict's level; as in CaDiCaL and Kissat). Restarts follow Luby's sequence (the loop,
//! `learning.rs`) in units of [`RESTART_UNIT`] conflicts; at a restart, when the
//! learned clauses of more than [`GLUE`] decision levels outnumber a growing limit, the worse
//! half of them (by decision levels, then length) is forgotten.
//!
//! Solutions are counted by *blocking*: on a complete assignment the solution is recorded
//! and the clause "not all of the current decisions" is added for good (the decisions, with
//! propagation, determine the assignment, so it excludes exactly that solution); the search
//! then jumps back one level and goes on. A conflict at level 0 means every solution not yet
//! recorded is excluded: the count is exact.
//!
//! **Cost.** Per conflict: the line solves of propagation, plus the theory's explanations of
//! the line events analysed (the clause minimisation reuses the stored explanations), plus a
//! copy of the conflict-free trail when it is the longest since the restart, plus a heap
//! operation per bump, per decision and per cell a backjump opens. Memory: the learned clauses
//! (bounded by the deletion), a few numbers per literal (two per two-value cell) and the
//! stored explanation of each line-implied removal. A CDCL turn resumes from level 0 (every
//! line solved again). The portfolio at most doubles the time of whichever side would have
//! answered alone.
//!
//! The constants were tuned on the nonogram bench sets; the measurements behind them and the
//! variants tried and not kept are in bench/RESULTS.md ("Search: nonograms", its section
//! "CDCL").

mod learning;

use crate::engine::portfolio::{self, Learner, TurnEnd, Turns};
use crate::engine::queue::WorkQueue;
use crate::engine::search::{Budget, Clock, Grid, KnownGrid, Outcome, Problem, Progress, SolveOptions, Stop};
use crate::engine::sort::sort_by_small_key;
use learning::{Activities, Restarts};

/// The values a cell can still take, one bit per value (bit `v` for value `v`).
pub(crate) type Mask = u64;

/// A line with no assignment of its cells that meets its constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NoPlacement;

/// Conflicts per unit of the Luby restart schedule: rare restarts, as in the stable mode of
/// CaDiCaL and Kissat, so that the target phases of black-and-white nonograms have time to
/// lead somewhere (64 restarted too often to reach a first solution; 256 costs 5 % more nodes
/// on TAAI and ICGA, and colour's nodes are the same at 256 and 1,024: bench/RESULTS.md,
/// "Search: nonograms", "CDCL").
const RESTART_UNIT: u64 = 1024;
/// Learned clauses kept before the first deletion; the limit grows by a tenth each time.
const FIRST_LEARNED_LIMIT: usize = 4000;
/// Learned clauses of at most this many decision levels are never forgotten.
const GLUE: u32 = 2;
/// Activity decay: every conflict makes later bumps this much larger.
const ACTIVITY_DECAY: f64 = 0.95;

/// A literal, "the cell is the value": `cell << shift | value`, where `1 << shift` is the
/// smallest power of two not below the cell's number of values (two values: `2 × cell + 1` and
/// `2 × cell`).
pub(crate) type Lit = u32;

/// No trail position: the literal's value has not been removed.
const UNSET: u32 = u32::MAX;

/// The lines of a grid: rows first (`0..height`), then columns.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    pub(crate) width: usize,
    pub(crate) height: usize,
}

impl Shape {
    /// The number of lines.
    pub(crate) fn lines(self) -> usize {
        self.width + self.height
    }

    /// The number of cells of `line`.
    pub(crate) fn len(self, line: usize) -> usize {
        if line < self.height {
            self.width
        } else {
            self.height
        }
    }

    /// The `i`-th cell of `line`.
    pub(crate) fn cell_at(self, line: usize, i: usize) -> usize {
        if line < self.height {
            line * self.width + i
        } else {
            i * self.width + (line - self.height)
        }
    }

    /// The index of `cell` in `line` (one of its two lines).
    pub(crate) fn index_in(self, line: usize, cell: usize) -> usize {
        if line < self.height {
            cell % self.width
        } else {
            cell / self.width
        }
    }

    /// The row and the column of `cell`.
    fn lines_of(self, cell: usize) -> [usize; 2] {
        [cell / self.width, self.height + cell % self.width]
    }
}

/// What a genre gives the clause-learning core ([`Cdcl`]): the cells' values, the propagator
/// of its lines and its explanations.
pub(crate) trait LineTheory {
    /// The grid's shape.
    fn shape(&self) -> Shape;

    /// The number of values a cell can take (at most 64: a cell's [`Mask`] is one word).
    fn values(&self) -> u32;

    /// `value` was removed from `cell` (the theory's own copy of the lines follows).
    fn removed(&mut self, cell: usize, value: u32);

    /// `value` is again possible in `cell` (a backjump).
    fn restored(&mut self, cell: usize, value: u32);

    /// Solve `line`, whose cells' masks are in `cells`: push onto `removals` the literals
    /// whose values no placement gives their cells. `Err` when the line has no placement.
    fn solve(&mut self, line: usize, cells: &[Mask], removals: &mut Vec<Lit>) -> Result<(), NoPlacement>;

    /// Write into `reason` a minimal set of the removals on `line` made before trail position
    /// `before` (above level 0) under which the line has no placement giving the cell of
    /// `target` its value (with `None`: no placement at all).
    fn explain(&mut self, line: usize, at: &Assignment, before: u32, target: Option<Lit>, reason: &mut Vec<Lit>);
}

/// Why a literal is false.
#[derive(Clone, Copy, Debug)]
enum Reason {
    /// Chosen by the search.
    Decision,
    /// Fixed at level 0 (root logic, or a clause there): never explained.
    Fact,
    /// Implied by clause number `clause`, whose literal `kept` was asserted.
    Clause { clause: u32, kept: Lit },
    /// Removed by solving `line` when the trail held `trail_len` literals.
    Line { line: u32, trail_len: u32 },
}

/// What the search keeps of a literal besides the cell masks: one record, read and written
/// together.
#[derive(Clone, Copy)]
struct LitState {
    /// The decision level of its removal (meaningful while removed).
    level: u32,
    /// Its index on the trail, or [`UNSET`].
    position: u32,
    reason: Reason,
    /// Whether its entry of [`Cdcl::explanations`] holds its current explanation.
    explained: bool,
    /// Scratch of conflict analysis: met.
    seen: bool,
}

/// The cell masks and the removals: what a [`LineTheory`] reads to explain a line event.
pub(crate) struct Assignment {
    /// `log2` of the literals per cell.
    shift: u32,
    /// Per cell: the values it can still take.
    cells: Vec<Mask>,
    /// Per literal.
    lits: Vec<LitState>,
}

impl Assignment {
    /// The literal "`cell` is `value`".
    pub(crate) fn lit(&self, cell: usize, value: u32) -> Lit {
        (cell as u32) << self.shift | value
    }

    /// The cell of a literal.
    pub(crate) fn cell_of(&self, lit: Lit) -> usize {
        (lit >> self.shift) as usize
    }

    /// The value of a literal.
    pub(crate) fn value_of(&self, lit: Lit) -> u32 {
        lit & ((1 << self.shift) - 1)
    }

    /// The values `cell` can still take.
    pub(crate) fn mask(&self, cell: usize) -> Mask {
        self.cells[cell]
    }

    /// The trail position of `lit`'s removal ([`u32::MAX`] when its value is not removed).
    pub(crate) fn removed_at(&self, lit: Lit) -> u32 {
        self.lits[lit as usize].position
    }

    /// The decision level of `lit`'s removal (meaningful while removed).
    pub(crate) fn level(&self, lit: Lit) -> u32 {
        self.lits[lit as usize].level
    }
}

/// A clause: at least two literals, the first two watched.
struct Clause {
    lits: Vec<Lit>,
    /// Learned (may be forgotten) or blocking a solution (kept for good).
    learned: bool,
    /// The number of decision levels among its literals when it was learned.
    levels: u32,
    /// Where the last search for a literal to watch instead of the second stopped (from 2):
    /// the next search starts there and wraps around, so that the false literals just
    /// passed over are not read again at once.
    search_from: u32,
}

/// What made propagation fail.
pub(crate) enum Conflict {
    /// Every literal of clause `.0` is false.
    Clause(u32),
    /// `line` has no placement with what the trail's first `trail_len` literals say.
    Line { line: u32, trail_len: u32 },
}

/// The state of one CDCL search over the line theory `T`.
pub(crate) struct Cdcl<T: LineTheory> {
    shape: Shape,
    theory: T,
    at: Assignment,
    /// Per cell: the value it had last alone (phase saving).
    phase: Vec<u8>,
    /// Per cell: 1 + its value on the longest conflict-free trail since the last restart (0:
    /// never on one), which decisions prefer to `phase`.
    target: Vec<u8>,
    /// The length of that trail (0 after a restart).
    target_len: usize,
    /// Per literal implied by a line: its explanation, once computed while the removal stands
    /// (`explained`).
    explanations: Vec<Vec<Lit>>,
    /// The cells' activities, and the open cell of highest activity.
    activities: Activities,
    /// The removed literals, in order.
    trail: Vec<Lit>,
    /// Trail length where each decision level starts.
    level_starts: Vec<u32>,
    /// Trail literals whose clauses and lines have been propagated.
    propagated: usize,
    /// Lines to solve again (first in first out: see the module essay).
    dirty: WorkQueue,
    /// The removals of the last line solve (scratch).
    removals: Vec<Lit>,
    clauses: Vec<Clause>,
    /// Per literal: (clause, a literal of it that satisfies it when true) for the clauses
    /// watching that literal.
    watches: Vec<Vec<(u32, Lit)>>,
    learned_limit: usize,
    /// Learned clauses of at most this many decision levels are never forgotten ([`GLUE`]).
    glue: u32,
    /// Learned clauses forgotten so far.
    forgotten: usize,
    /// The restart schedule.
    restarts: Restarts,
    solutions: Vec<Grid>,
    max_solutions: usize,
    /// What level 0 held when the first solution was blocked: later level-0 values may
    /// follow from blocking clauses, which the puzzle does not imply.
    known_before_blocking: Option<KnownGrid>,
}

impl<T: LineTheory> Cdcl<T> {
    /// A search over `theory` with the cells `root` decided as facts (none when `None`).
    pub(crate) fn new(theory: T, root: Option<&KnownGrid>, max_solutions: usize) -> Self {
        let shape = theory.shape();
        let values = theory.values();
        let cells = shape.width * shape.height;
        let shift = values.next_power_of_two().trailing_zeros();
        let lits = cells << shift;
        let unset = LitState { level: 0, position: UNSET, reason: Reason::Fact, explained: false, seen: false };
        let mut solver = Cdcl {
            shape,
            theory,
            at: Assignment { shift, cells: vec![(1 << values) - 1; cells], lits: vec![unset; lits] },
            phase: vec![0; cells],
            target: vec![0; cells],
            target_len: 0,
            explanations: vec![Vec::new(); lits],
            activities: Activities::new(cells),
            trail: Vec::with_capacity(cells),
            level_starts: Vec::new(),
            propagated: 0,
            dirty: WorkQueue::new(shape.lines()),
            removals: Vec::new(),
            clauses: Vec::new(),
            watches: vec![Vec::new(); lits],
            learned_limit: FIRST_LEARNED_LIMIT,
            glue: GLUE,
            forgotten: 0,
            restarts: Restarts::standard(),
            solutions: Vec::new(),
            max_solutions,
            known_before_blocking: None,
        };
        for (r, row) in root.into_iter().flatten().enumerate() {
            for (c, known) in row.iter().enumerate() {
                if let Some(value) = known {
                    solver.keep_only(r * shape.width + c, u32::from(*value), Reason::Fact);
                }
            }
        }
        solver
    }

    /// This search restarting every 4 conflicts and forgetting half of its learned clauses
    /// each time (every clause may go), so that tests exercise deletion on small puzzles.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn forgetful(mut self) -> Self {
        (self.restarts, self.learned_limit, self.glue) = (Restarts::new(4, 0), 0, 0);
        self
    }

    /// The learned clauses forgotten so far.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn forgotten(&self) -> usize {
        self.forgotten
    }

    /// Remove the value of `lit` from its cell, which must still have it.
    fn remove(&mut self, lit: Lit, reason: Reason) {
        let (cell, value) = (self.at.cell_of(lit), self.at.value_of(lit));
        self.at.cells[cell] &= !(1 << value);
        let (level, position) = (self.decision_level(), self.trail.len() as u32);
        let state = &mut self.at.lits[lit as usize];
        state.level = level;
        state.position = position;
        state.reason = reason;
        state.explained = false;
        self.trail.push(lit);
        self.theory.removed(cell, value);
    }

    /// Remove every value of `cell` but `value` (which it must have).
    fn keep_only(&mut self, cell: usize, value: u32, reason: Reason) {
        let mut others = self.at.cells[cell] & !(1 << value);
        while others != 0 {
            let other = others.trailing_zeros();
            others &= others - 1;
            self.remove(self.at.lit(cell, other), reason);
        }
    }

    /// Undo every level above `level`, saving the phase of every cell that had one value.
    fn backtrack(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let start = self.level_starts[level as usize] as usize;
        for k in start..self.trail.len() {
            let lit = self.trail[k];
            let (cell, value) = (self.at.cell_of(lit), self.at.value_of(lit));
            let mask = self.at.cells[cell];
            if mask.is_power_of_two() {
                self.phase[cell] = mask.trailing_zeros() as u8;
            }
            self.at.cells[cell] = mask | 1 << value;
            self.activities.reopen(cell);
            self.at.lits[lit as usize].position = UNSET;
            self.theory.restored(cell, value);
        }
        self.trail.truncate(start);
        self.level_starts.truncate(level as usize);
        self.propagated = self.propagated.min(start);
        self.dirty.clear();
    }

    /// Visit the clauses watching the literal `lit`, now false; the number of a clause left
    /// with every literal false, if any.
    fn propagate_clauses(&mut self, lit: Lit) -> Option<u32> {
        let mut watchers = std::mem::take(&mut self.watches[lit as usize]);
        let (mut read, mut kept) = (0, 0);
        let mut conflict = None;
        let (shift, low) = (self.at.shift, (1 << self.at.shift) - 1);
        while read < watchers.len() {
            let (clause, blocker) = watchers[read];
            read += 1;
            let cells = &self.at.cells;
            if cells[(blocker >> shift) as usize] == 1 << (blocker & low) {
                watchers[kept] = (clause, blocker);
                kept += 1;
                continue;
            }
            let Clause { lits, search_from, .. } = &mut self.clauses[clause as usize];
            if lits[0] == lit {
                lits.swap(0, 1);
            }
            let first = lits[0];
            let first_mask = cells[(first >> shift) as usize];
            if first_mask == 1 << (first & low) {
                watchers[kept] = (clause, first);
                kept += 1;
                continue;
            }
            let start = *search_from as usize;
            let replacement = (start..lits.len())
                .chain(2..start)
                .find(|&k| cells[(lits[k] >> shift) as usize] >> (lits[k] & low) & 1 == 1);
            if let Some(k) = replacement {
                *search_from = k as u32;
                lits.swap(1, k);
                let watched = lits[1];
                self.watches[watched as usize].push((clause, first));
                continue;
            }
            watchers[kept] = (clause, first);
            kept += 1;
            if first_mask >> (first & low) & 1 == 0 {
                conflict = Some(clause);
                break;
            }
            self.keep_only((first >> shift) as usize, first & low, Reason::Clause { clause, kept: first });
        }
        while read < watchers.len() {
            watchers[kept] = watchers[read];
            kept += 1;
            read += 1;
        }
        watchers.truncate(kept);
        self.watches[lit as usize] = watchers;
        conflict
    }

    /// Write into `reason` the explanation of a line event (see [`LineTheory::explain`]).
    fn explain_line(
        &mut self,
        line: usize,
        trail_len: u32,
        target: Option<Lit>,
        reason: &mut Vec<Lit>,
        budget: &mut Budget,
    ) -> Result<(), Stop> {
        budget.tick()?;
        reason.clear();
        self.theory.explain(line, &self.at, trail_len, target, reason);
        Ok(())
    }

    /// Write into `reason` the false literals that imply the removal `lit` (none for a
    /// decision or a fact).
    fn explain(&mut self, lit: Lit, reason: &mut Vec<Lit>, budget: &mut Budget) -> Result<(), Stop> {
        match self.at.lits[lit as usize].reason {
            Reason::Clause { clause, kept } => {
                reason.clear();
                let lits = &self.clauses[clause as usize].lits;
                reason.extend(lits.iter().copied().filter(|&other| other != kept));
            }
            Reason::Line { line, trail_len } => {
                // Explained once while it stands: the trail below it, and with it the
                // explanation, cannot change until then.
                if !self.at.lits[lit as usize].explained {
                    let mut fresh = std::mem::take(&mut self.explanations[lit as usize]);
                    self.explain_line(line as usize, trail_len, Some(lit), &mut fresh, budget)?;
                    self.explanations[lit as usize] = fresh;
                    self.at.lits[lit as usize].explained = true;
                }
                reason.clear();
                reason.extend_from_slice(&self.explanations[lit as usize]);
            }
            Reason::Decision | Reason::Fact => reason.clear(),
        }
        Ok(())
    }

    /// The false literals of a conflict.
    fn conflict_literals(&mut self, conflict: Conflict, budget: &mut Budget) -> Result<Vec<Lit>, Stop> {
        match conflict {
            Conflict::Clause(clause) => Ok(self.clauses[clause as usize].lits.clone()),
            Conflict::Line { line, trail_len } => {
                let mut lits = Vec::new();
                self.explain_line(line as usize, trail_len, None, &mut lits, budget)?;
                Ok(lits)
            }
        }
    }

    /// First-UIP analysis of a conflict whose false literals `lits` include one of the
    /// current level: the learned clause (asserting literal first, then the literal of the
    /// highest other level).
    fn analyse(&mut self, mut lits: Vec<Lit>, budget: &mut Budget) -> Result<Vec<Lit>, Stop> {
        let current = self.decision_level();
        let mut learned = vec![0];
        let mut open = 0;
        let mut index = self.trail.len();
        let uip = loop {
            for &lit in &lits {
                let state = &mut self.at.lits[lit as usize];
                if state.seen || state.level == 0 {
                    continue;
                }
                state.seen = true;
                let level = state.level;
                self.activities.bump(self.at.cell_of(lit));
                if level == current {
                    open += 1;
                } else {
                    learned.push(lit);
                }
            }
            let lit = loop {
                index -= 1;
                let lit = self.trail[index];
                if self.at.lits[lit as usize].seen {
                    break lit;
                }
            };
            self.at.lits[lit as usize].seen = false;
            open -= 1;
            if open == 0 {
                break lit;
            }
            self.explain(lit, &mut lits, budget)?;
        };
        learned[0] = uip;
        // Drop the literals whose reasons lie within the clause (self-subsumption).
        let mut k = 1;
        while k < learned.len() {
            let lit = learned[k];
            if self.redundant(lit, &mut lits, budget)? {
                learned.swap_remove(k);
                self.at.lits[lit as usize].seen = false;
            } else {
                k += 1;
            }
        }
        for &lit in &learned[1..] {
            self.at.lits[lit as usize].seen = false;
        }
        self.activities.decay(ACTIVITY_DECAY);
        if learned.len() > 1 {
            let highest = (1..learned.len()).max_by_key(|&k| self.at.level(learned[k])).unwrap_or(1);
            learned.swap(1, highest);
        }
        Ok(learned)
    }

    /// Whether the removal `lit` (marked `seen`) is implied by the other removals marked
    /// `seen` and the facts: its reason holds nothing else. `reason` is scratch.
    fn redundant(&mut self, lit: Lit, reason: &mut Vec<Lit>, budget: &mut Budget) -> Result<bool, Stop> {
        if matches!(self.at.lits[lit as usize].reason, Reason::Decision) {
            return Ok(false);
        }
        self.explain(lit, reason, budget)?;
        Ok(reason.iter().all(|&other| {
            let state = &self.at.lits[other as usize];
            state.seen || state.level == 0
        }))
    }

    /// Add `lits` (asserting literal first, all false but it after the backjump already
    /// made) and assert its first literal.
    fn learn(&mut self, lits: Vec<Lit>, learned: bool) {
        let first = lits[0];
        let (cell, value) = (self.at.cell_of(first), self.at.value_of(first));
        if lits.len() == 1 {
            self.keep_only(cell, value, Reason::Fact);
            return;
        }
        // As u64, the key type of the explanations' sorts: one sort in the wasm.
        let mut levels: Vec<u64> = lits.iter().map(|&l| u64::from(self.at.level(l))).collect();
        levels.sort_unstable();
        levels.dedup();
        let number = self.clauses.len() as u32;
        self.watches[lits[0] as usize].push((number, lits[1]));
        self.watches[lits[1] as usize].push((number, lits[0]));
        self.clauses.push(Clause { lits, learned, levels: levels.len() as u32, search_from: 2 });
        self.keep_only(cell, value, Reason::Clause { clause: number, kept: first });
    }

    /// Forget the worse half of the learned clauses of more than [`Cdcl::glue`] levels (at
    /// level 0, where no reason refers to a clause that matters).
    fn reduce(&mut self) {
        let mut learned: Vec<usize> = (0..self.clauses.len())
            .filter(|&c| self.clauses[c].learned && self.clauses[c].levels > self.glue)
            .collect();
        // By (levels, length), ties in clause order: two stable passes, the first key last
        // (keys as trait objects: one copy of the sort for both).
        let by_length: &dyn Fn(&usize) -> usize = &|&c| self.clauses[c].lits.len();
        let by_levels: &dyn Fn(&usize) -> usize = &|&c| self.clauses[c].levels as usize;
        sort_by_small_key(&mut learned, by_length);
        sort_by_small_key(&mut learned, by_levels);
        let mut forget = vec![false; self.clauses.len()];
        for &c in &learned[learned.len() / 2..] {
            forget[c] = true;
        }
        self.forgotten += learned.len() - learned.len() / 2;
        let mut number = 0;
        self.clauses.retain(|_| {
            number += 1;
            !forget[number - 1]
        });
        for list in &mut self.watches {
            list.clear();
        }
        for (number, clause) in self.clauses.iter().enumerate() {
            let (a, b) = (clause.lits[0], clause.lits[1]);
            self.watches[a as usize].push((number as u32, b));
            self.watches[b as usize].push((number as u32, a));
        }
        for &lit in &self.trail {
            self.at.lits[lit as usize].reason = Reason::Fact;
        }
        self.learned_limit += self.learned_limit / 10;
    }

    /// Every cell's value (every cell has one).
    fn grid(&self) -> Grid {
        self.at
            .cells
            .chunks(self.shape.width)
            .map(|row| row.iter().map(|m| m.trailing_zeros() as u8).collect())
            .collect()
    }

    /// The removal that decides the open `cell`: its highest value other than the one it
    /// prefers (its target phase if it has one, else its saved phase, if still possible;
    /// else its lowest value).
    fn decision(&self, cell: usize) -> Lit {
        let mask = self.at.cells[cell];
        let preferred = match self.target[cell] {
            0 => self.phase[cell],
            target => target - 1,
        };
        let keep = if mask >> preferred & 1 == 1 { 1 << preferred } else { mask & mask.wrapping_neg() };
        let others = mask & !keep;
        self.at.lit(cell, Mask::BITS - 1 - others.leading_zeros())
    }

    /// On a conflict, before backjumping: the trail below the conflict's level holds no
    /// conflict; when it is the longest since the last restart, the values of the cells it
    /// decides become the target phases.
    fn remember_target(&mut self) {
        let clean = self.level_starts.last().map_or(0, |&start| start as usize);
        if clean <= self.target_len {
            return;
        }
        for &lit in &self.trail[..clean] {
            let cell = self.at.cell_of(lit);
            if let Some(value) = self.single_value(cell, |state| state.position < clean as u32) {
                self.target[cell] = value as u8 + 1;
            }
        }
        self.target_len = clean;
    }

    /// The one value left in `cell`, if every removal of its other values passes `test`.
    fn single_value(&self, cell: usize, test: impl Fn(&LitState) -> bool) -> Option<u32> {
        let mask = self.at.cells[cell];
        let mut removed = ((1 << self.theory.values()) - 1) & !mask;
        if !mask.is_power_of_two() {
            return None;
        }
        while removed != 0 {
            let value = removed.trailing_zeros();
            removed &= removed - 1;
            if !test(&self.at.lits[self.at.lit(cell, value) as usize]) {
                return None;
            }
        }
        Some(mask.trailing_zeros())
    }

    /// The cells with one value at level 0, and that value.
    fn level_zero(&self) -> KnownGrid {
        let known = |cell: usize| self.single_value(cell, |state| state.level == 0).map(|value| value as u8);
        (0..self.shape.height)
            .map(|r| (0..self.shape.width).map(|c| known(r * self.shape.width + c)).collect())
            .collect()
    }
}

/// Solve `puzzle` by the engine's portfolio: the engine's search (root logic, probing, dives)
/// and CDCL over the line theory `lines` makes, from what root logic decided, take `turns`.
pub(crate) fn solve<P: Problem, T: LineTheory>(
    puzzle: &P,
    lines: impl FnOnce() -> T,
    turns: Turns,
    options: &SolveOptions,
    clock: &dyn Clock,
    progress: &mut dyn Progress,
) -> Outcome {
    let start = |root: Option<&KnownGrid>| Cdcl::new(lines(), root, options.max_solutions.max(1));
    portfolio::solve(puzzle, start, turns, options, clock, progress)
}

/// The steps of the loop (`learning.rs`).
impl<T: LineTheory> Cdcl<T> {
    /// Make the state sound to search again after a run was cut off anywhere: back to level
    /// 0, nothing marked by an analysis, every line to be solved again.
    fn resume(&mut self) {
        self.backtrack(0);
        for state in &mut self.at.lits {
            state.seen = false;
        }
        for line in 0..self.shape.lines() {
            self.dirty.push(line);
        }
    }

    /// Propagate clauses and lines to a fixpoint; `Ok(Some(_))` on a conflict.
    fn propagate(&mut self, budget: &mut Budget) -> Result<Option<Conflict>, Stop> {
        loop {
            while self.propagated < self.trail.len() {
                let lit = self.trail[self.propagated];
                self.propagated += 1;
                for line in self.shape.lines_of(self.at.cell_of(lit)) {
                    self.dirty.push(line);
                }
                if let Some(clause) = self.propagate_clauses(lit) {
                    return Ok(Some(Conflict::Clause(clause)));
                }
            }
            // Counted before the line leaves the queue: a cut-off run loses no line.
            if !self.dirty.is_empty() {
                budget.tick()?;
            }
            let Some(line) = self.dirty.pop() else {
                return Ok(None);
            };
            let trail_len = self.trail.len() as u32;
            let mut removals = std::mem::take(&mut self.removals);
            removals.clear();
            let solved = self.theory.solve(line, &self.at.cells, &mut removals);
            let reason = Reason::Line { line: line as u32, trail_len };
            for &lit in &removals {
                self.remove(lit, reason);
            }
            self.removals = removals;
            if solved.is_err() {
                return Ok(Some(Conflict::Line { line: line as u32, trail_len }));
            }
        }
    }

    /// Learn from a conflict and backjump; `Ok(false)` when it holds at level 0. First, the
    /// trail below the conflict's level may become the target phases.
    fn resolve(&mut self, conflict: Conflict, budget: &mut Budget) -> Result<bool, Stop> {
        self.remember_target();
        let lits = self.conflict_literals(conflict, budget)?;
        let highest = lits.iter().map(|&l| self.at.level(l)).max().unwrap_or(0);
        if highest == 0 {
            return Ok(false);
        }
        self.backtrack(highest);
        let learned = self.analyse(lits, budget)?;
        let back = learned.get(1).map_or(0, |&l| self.at.level(l));
        self.backtrack(back);
        self.learn(learned, true);
        Ok(true)
    }

    /// Back to level 0 with no target phases; the worse half of the learned clauses is
    /// forgotten once they outnumber the limit.
    fn restart(&mut self) {
        self.backtrack(0);
        self.target_len = 0;
        let learned = self.clauses.iter().filter(|c| c.learned).count();
        if learned > self.learned_limit {
            self.reduce();
        }
    }

    /// The open cell of highest activity.
    fn pick(&mut self) -> Option<usize> {
        let cells = &self.at.cells;
        self.activities.most_active(|cell| !cells[cell].is_power_of_two())
    }

    /// Record the complete assignment and block it; `Some(end)` when the search ends.
    fn record_solution(&mut self) -> Option<TurnEnd> {
        self.solutions.push(self.grid());
        if self.solutions.len() >= self.max_solutions {
            return Some(TurnEnd::Enough);
        }
        let current = self.decision_level();
        if current == 0 {
            return Some(TurnEnd::Exhausted);
        }
        let blocking: Vec<Lit> =
            (0..current).rev().map(|level| self.trail[self.level_starts[level as usize] as usize]).collect();
        if self.known_before_blocking.is_none() {
            self.known_before_blocking = Some(self.level_zero());
        }
        self.backtrack(current - 1);
        self.learn(blocking, false);
        None
    }

    /// The number of decisions on the trail.
    fn decision_level(&self) -> u32 {
        self.level_starts.len() as u32
    }

    /// Open a decision level and decide the open `cell`.
    fn decide(&mut self, cell: usize) {
        self.level_starts.push(self.trail.len() as u32);
        self.remove(self.decision(cell), Reason::Decision);
    }
}

/// A clause-learning search is the engine portfolio's learner: a turn is [`Cdcl::search`].
impl<T: LineTheory> Learner for Cdcl<T> {
    fn run(&mut self, budget: &mut Budget) -> TurnEnd {
        self.search(budget)
    }

    fn solutions(&self) -> &[Grid] {
        &self.solutions
    }

    /// The cells the puzzle itself decides, as far as this search has found: its level-0
    /// values, as they were before any solution was blocked.
    fn known(&self) -> KnownGrid {
        self.known_before_blocking.clone().unwrap_or_else(|| self.level_zero())
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))] // native only: the system clock
mod tests {
    use super::*;
    use crate::engine::generate::Rng;
    use crate::engine::search::{NoProgress, SystemClock};

    /// Latin squares of order `n`: each of the values `0..n` once in every row and every
    /// column. A theory of the tests alone, to show that the core holds no genre: a line
    /// fails when two of its cells hold one value, or a value has no cell left; otherwise a
    /// value held by one cell is removed from the others. A line event is explained by every
    /// removal on its line before it (sound, as the line's state then decided the event; not
    /// minimal).
    struct LatinSquare {
        n: usize,
    }

    impl LineTheory for LatinSquare {
        fn shape(&self) -> Shape {
            Shape { width: self.n, height: self.n }
        }

        fn values(&self) -> u32 {
            self.n as u32
        }

        fn removed(&mut self, _: usize, _: u32) {}

        fn restored(&mut self, _: usize, _: u32) {}

        fn solve(&mut self, line: usize, cells: &[Mask], removals: &mut Vec<Lit>) -> Result<(), NoPlacement> {
            let shape = self.shape();
            let shift = self.values().next_power_of_two().trailing_zeros();
            let (mut held, mut anywhere) = (0, 0);
            for i in 0..self.n {
                let mask = cells[shape.cell_at(line, i)];
                if mask.is_power_of_two() {
                    if held & mask != 0 {
                        return Err(NoPlacement);
                    }
                    held |= mask;
                }
                anywhere |= mask;
            }
            if anywhere != (1 << self.n) - 1 {
                return Err(NoPlacement);
            }
            for i in 0..self.n {
                let cell = shape.cell_at(line, i);
                let mask = cells[cell];
                if mask.is_power_of_two() {
                    continue;
                }
                if mask & !held == 0 {
                    return Err(NoPlacement);
                }
                let mut gone = mask & held;
                while gone != 0 {
                    removals.push((cell as u32) << shift | gone.trailing_zeros());
                    gone &= gone - 1;
                }
            }
            Ok(())
        }

        fn explain(&mut self, line: usize, at: &Assignment, before: u32, _: Option<Lit>, reason: &mut Vec<Lit>) {
            for i in 0..self.n {
                let cell = self.shape().cell_at(line, i);
                for value in 0..self.values() {
                    let lit = at.lit(cell, value);
                    if at.removed_at(lit) < before {
                        reason.push(lit);
                    }
                }
            }
        }
    }

    /// Every Latin square of order `n` that agrees with `givens`, by plain backtracking over
    /// the cells in order (no propagation): the independent count.
    fn brute_force(n: usize, givens: &KnownGrid) -> Vec<Grid> {
        fn fill(n: usize, givens: &KnownGrid, grid: &mut Grid, cell: usize, found: &mut Vec<Grid>) {
            if cell == n * n {
                found.push(grid.clone());
                return;
            }
            let (r, c) = (cell / n, cell % n);
            for value in 0..n as u8 {
                let clash = (0..c).any(|k| grid[r][k] == value) || (0..r).any(|k| grid[k][c] == value);
                if clash || givens[r][c].is_some_and(|given| given != value) {
                    continue;
                }
                grid[r][c] = value;
                fill(n, givens, grid, cell + 1, found);
            }
        }
        let mut found = Vec::new();
        fill(n, givens, &mut vec![vec![0; n]; n], 0, &mut found);
        found
    }

    /// CDCL alone over the Latin squares of order `n` with `givens` as facts, in turns of
    /// `decisions` decisions, then twice as many, ... (each turn goes on where the last was
    /// cut off): how it ended and the solutions, sorted.
    fn count(
        n: usize,
        givens: &KnownGrid,
        max_solutions: usize,
        decisions: u64,
        forgetful: bool,
    ) -> (TurnEnd, Vec<Grid>, usize) {
        let mut solver = Cdcl::new(LatinSquare { n }, Some(givens), max_solutions);
        if forgetful {
            solver = solver.forgetful();
        }
        let (clock, mut progress) = (SystemClock::default(), NoProgress);
        let mut quota = decisions;
        loop {
            let turn = SolveOptions { node_limit: Some(quota), max_solutions, ..SolveOptions::default() };
            quota = quota.saturating_mul(2);
            let end = solver.search(&mut Budget::new(&turn, &clock, &mut progress));
            if end != TurnEnd::OutOfBudget {
                let mut solutions = solver.solutions.clone();
                solutions.sort();
                return (end, solutions, solver.forgotten);
            }
        }
    }

    #[test]
    fn blocking_counts_every_latin_square() {
        // 1, 2, 12 and 576 Latin squares of orders 1 to 4 (OEIS A002860), each once.
        for (n, squares) in [(1, 1), (2, 2), (3, 12), (4, 576)] {
            let open = vec![vec![None; n]; n];
            let expected = brute_force(n, &open);
            assert_eq!(expected.len(), squares);
            assert_eq!(count(n, &open, 1000, u64::MAX, false), (TurnEnd::Exhausted, expected, 0), "order {n}");
        }
    }

    #[test]
    fn partial_latin_squares_have_exactly_the_completions_of_brute_force() {
        // Givens on orders 4 and 5 (often no completion, often several), in turns of
        // a few decisions, a third of the runs forgetting learned clauses at every restart:
        // every completion, no other, or `max_solutions` of them.
        // The givens are cells of a random square, one of them changed in a quarter of the
        // cases.
        let squares = [4, 5].map(|n| brute_force(n, &vec![vec![None; n]; n]));
        let mut rng = Rng::new(5);
        let (mut none, mut unique, mut multiple, mut forgotten) = (0, 0, 0, 0);
        for case in 0..120 {
            let n = 4 + case % 2;
            let square = &squares[case % 2][rng.below(squares[case % 2].len())];
            let mut givens = vec![vec![None; n]; n];
            for _ in 0..4 + rng.below(2 * n) {
                let (r, c) = (rng.below(n), rng.below(n));
                givens[r][c] = Some(square[r][c]);
            }
            if case % 4 == 0 {
                let (r, c) = (rng.below(n), rng.below(n));
                givens[r][c] = Some((square[r][c] + 1) % n as u8);
            }
            let expected = brute_force(n, &givens);
            let (end, found, deleted) = count(n, &givens, 50, 1 + case as u64 % 4, case % 3 == 0);
            forgotten += deleted;
            if expected.len() < 50 {
                assert_eq!((end, &found), (TurnEnd::Exhausted, &expected), "case {case}: {givens:?}");
            } else {
                assert_eq!(end, TurnEnd::Enough, "case {case}");
                assert_eq!(found.len(), 50);
                assert!(found.iter().all(|grid| expected.contains(grid)), "case {case}");
            }
            match expected.len() {
                0 => none += 1,
                1 => unique += 1,
                _ => multiple += 1,
            }
        }
        assert!(none > 5 && unique > 5 && multiple > 5, "every verdict met: {none} / {unique} / {multiple}");
        assert!(forgotten > 0, "the forgetful runs forgot learned clauses");
    }

    /// The Latin squares of order 2 (the two diagonals' patterns), with no fact.
    fn order_two() -> Cdcl<LatinSquare> {
        Cdcl::new(LatinSquare { n: 2 }, None, 2)
    }

    #[test]
    fn decisions_follow_the_longest_conflict_free_trail_since_the_restart() {
        let mut solver = order_two();
        let removal = |cell: u32, value: u32| cell << 1 | value;
        assert_eq!(solver.decision(0), removal(0, 1), "the saved phase (value 0) at first");
        // Level 1 decides cell 0 to be 1; a conflict at level 2 leaves level 1 clean.
        for (level, lit) in [(1, removal(0, 0)), (2, removal(3, 0))] {
            solver.level_starts.push(solver.trail.len() as u32);
            solver.remove(lit, Reason::Decision);
            assert_eq!(solver.decision_level(), level);
        }
        solver.remember_target();
        assert_eq!(solver.target_len, 1);
        solver.backtrack(0);
        assert_eq!(solver.decision(0), removal(0, 0), "the target phase");
        assert_eq!(solver.decision(3), removal(3, 0), "the saved phase");
        // A shorter clean trail does not replace it.
        solver.level_starts.push(0);
        solver.remove(removal(1, 1), Reason::Decision);
        solver.remember_target();
        assert_eq!((solver.target_len, solver.target[1]), (1, 0));
    }

    #[test]
    fn restarts_wait_for_a_thousand_conflicts() {
        // Luby's sequence in units of 1,024 conflicts, not 64: on hard random nonograms the
        // search keeps its target phases long enough to reach a first solution (figures in
        // the module essay).
        assert_eq!(order_two().restarts.left, 1024);
    }

    #[test]
    fn blocked_solutions_decide_no_cell_of_what_is_known() {
        // Order 2: no cell is decided by the puzzle. Blocking the first square (one decision)
        // leaves a unit clause that decides the second at level 0.
        let mut solver = order_two();
        let (clock, mut progress) = (SystemClock::default(), NoProgress);
        let options = SolveOptions { max_solutions: 2, ..SolveOptions::default() };
        let mut budget = Budget::new(&options, &clock, &mut progress);
        assert!(matches!(solver.search(&mut budget), TurnEnd::Enough));
        assert_eq!(solver.solutions.len(), 2);
        assert!(solver.level_zero().iter().flatten().all(Option::is_some), "the second square is at level 0");
        assert_eq!(solver.known(), vec![vec![None; 2]; 2]);
    }
}
