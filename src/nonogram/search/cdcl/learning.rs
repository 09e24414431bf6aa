//! The clause-learning search loop of nonograms (`search/cdcl/`, one core for black-and-white and
//! colour): propagate; on a conflict learn a clause and jump back; when the restart schedule
//! says so go back to level 0; else decide an open cell, or record and block a solution when
//! none is left. The steps are [`ClauseLearning`]'s, implemented by `Cdcl` (`mod.rs`) over each
//! kind's line theory and monomorphised for each, so neither pays for the other. Restarts
//! follow Luby's sequence in units of conflicts ([`Restarts`]). Every [`ClauseLearning`]
//! search is the engine portfolio's `Learner` (one blanket impl), and the decision heuristic,
//! the open cell of highest activity, is [`most_active`].

use super::RESTART_UNIT;
use crate::engine::portfolio::{Learner, TurnEnd};
use crate::engine::search::{luby, Budget, Grid, KnownGrid, Stop};

/// Luby's restart schedule: `unit × luby(count)` conflicts between two restarts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Restarts {
    /// Conflicts per unit of the sequence.
    pub(crate) unit: u64,
    /// The restarts so far, plus where the sequence starts.
    pub(crate) count: u64,
    /// Conflicts until the next restart.
    pub(crate) left: u64,
}

impl Restarts {
    /// A schedule of `unit` conflicts per unit whose first restart comes after `unit`
    /// conflicts and whose next ones follow `luby(count + 1)`, `luby(count + 2)`, ...
    pub(crate) fn new(unit: u64, count: u64) -> Restarts {
        Restarts { unit, count, left: unit }
    }

    /// The schedule both kinds search with: [`RESTART_UNIT`] conflicts a unit, from the
    /// sequence's second term.
    pub(crate) fn standard() -> Restarts {
        Restarts::new(RESTART_UNIT, 1)
    }

    /// Count a conflict.
    fn conflict(&mut self) {
        self.left = self.left.saturating_sub(1);
    }

    /// Whether a restart is due now; if so, the next one is scheduled.
    fn due(&mut self) -> bool {
        if self.left > 0 {
            return false;
        }
        self.count += 1;
        self.left = self.unit * luby(self.count);
        true
    }
}

/// What one kind of nonogram gives the clause-learning loop ([`search`]).
pub(crate) trait ClauseLearning {
    /// What made propagation fail: a clause all of whose literals are false, or a line
    /// without a placement.
    type Conflict;

    /// Back to level 0 with every line to be solved again (a turn may have been cut off
    /// anywhere).
    fn resume(&mut self);

    /// Propagate clauses and lines to a fixpoint or a conflict.
    fn propagate(&mut self, budget: &mut Budget) -> Result<Option<Self::Conflict>, Stop>;

    /// Learn from `conflict` and jump back, asserting the learned clause; `Ok(false)` when
    /// the conflict holds at level 0 (no solution is left).
    fn resolve(&mut self, conflict: Self::Conflict, budget: &mut Budget) -> Result<bool, Stop>;

    /// The restart schedule.
    fn restarts(&mut self) -> &mut Restarts;

    /// Restart: back to level 0, forgetting learned clauses as the kind's policy says.
    fn restart(&mut self);

    /// The open cell to decide, `None` when every cell is decided.
    fn pick(&self) -> Option<usize>;

    /// Record the complete assignment and block it; `Some(end)` when the search ends.
    fn record_solution(&mut self) -> Option<TurnEnd>;

    /// The number of decisions on the trail.
    fn decision_level(&self) -> u32;

    /// Open a decision level and decide the open `cell`.
    fn decide(&mut self, cell: usize);

    /// The solutions found so far, each once, in the order found.
    fn solutions(&self) -> &[Grid];

    /// What the search knows the puzzle decides for every solution.
    fn known(&self) -> KnownGrid;
}

/// Every clause-learning search is the engine portfolio's learner: a turn is [`search`].
impl<S: ClauseLearning> Learner for S {
    fn run(&mut self, budget: &mut Budget) -> TurnEnd {
        search(self, budget)
    }

    fn solutions(&self) -> &[Grid] {
        ClauseLearning::solutions(self)
    }

    fn known(&self) -> KnownGrid {
        ClauseLearning::known(self)
    }
}

/// The open cell of highest activity (the first of equals), `None` when no cell is open: the
/// decision heuristic of both kinds.
pub(crate) fn most_active(activity: &[f64], open: impl Fn(usize) -> bool) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (cell, &score) in activity.iter().enumerate() {
        if open(cell) && best.map_or(true, |b| score > activity[b]) {
            best = Some(cell);
        }
    }
    best
}

/// Search (again) from level 0 until the search ends or `budget` runs out: a turn of the
/// engine's portfolio.
pub(crate) fn search<S: ClauseLearning>(solver: &mut S, budget: &mut Budget) -> TurnEnd {
    solver.resume();
    loop {
        let conflict = match solver.propagate(budget) {
            Ok(conflict) => conflict,
            Err(_) => return TurnEnd::OutOfBudget,
        };
        if let Some(conflict) = conflict {
            budget.stats.contradictions += 1;
            solver.restarts().conflict();
            match solver.resolve(conflict, budget) {
                Ok(true) => {}
                Ok(false) => return TurnEnd::Exhausted,
                Err(_) => return TurnEnd::OutOfBudget,
            }
            continue;
        }
        if solver.restarts().due() {
            solver.restart();
            continue;
        }
        let Some(cell) = solver.pick() else {
            match solver.record_solution() {
                Some(end) => return end,
                None => continue,
            }
        };
        if budget.enter_node(solver.decision_level() + 1).is_err() {
            return TurnEnd::OutOfBudget;
        }
        solver.decide(cell);
    }
}
