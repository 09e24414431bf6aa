//! A portfolio of two searches that take turns on one puzzle: the engine's [`Search`] (root
//! logic, the genre's propagation at every node, dives) and a second search of the genre's
//! own, a [`Learner`] (clause learning, `engine/cdcl/`, over a genre's line theory: nonograms').
//!
//! The engine goes first, [`Turns::engine_first`] nodes, then the learner
//! [`Turns::learner_first`] of its own nodes, then each side again with four times more,
//! each going on where it stopped. A puzzle that logic or a little search settles is
//! answered by the engine's first turn; the learner starts from what the engine's root logic
//! decided. The two sides are good at different things: the engine's probing finds
//! solutions of loose puzzles fast, a learner proves tight ones (one solution, or a hidden
//! second one) where depth-first search thrashes. Solutions from either side are pooled
//! (each once); only an exhausted search, either side's, ends `unique` or `none`. The caller's
//! node and time limits hold for the whole solve: each turn gets what is left of them.
//!
//! **Cost.** At most about twice the time of whichever side would have answered alone (the
//! turns grow geometrically), plus both sides' memory.

use super::search::{Budget, Clock, Grid, KnownGrid, Outcome, Problem, Progress, Search, SolveOptions, Stats, Status};

/// How a turn of a [`Learner`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TurnEnd {
    /// Every solution has been found: the learner's solutions are all there are.
    Exhausted,
    /// `max_solutions` solutions are found.
    Enough,
    /// The turn's budget ran out.
    OutOfBudget,
}

/// The second search of a portfolio: one that can be run in turns, each going on where the
/// last stopped.
pub(crate) trait Learner {
    /// Search on within `budget`, whose node limit counts the learner's own nodes (its
    /// decisions, say); [`Budget::enter_node`] counts them.
    fn run(&mut self, budget: &mut Budget) -> TurnEnd;

    /// The solutions found so far, each once, in the order found.
    fn solutions(&self) -> &[Grid];

    /// What the learner knows the puzzle decides for every solution.
    fn known(&self) -> KnownGrid;
}

/// The length of the first turns; each later turn of a side is four times the last.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Turns {
    /// Nodes of the engine's first turn.
    pub(crate) engine_first: u64,
    /// Nodes of the learner's first turn.
    pub(crate) learner_first: u64,
}

/// Solve `problem` by the engine's search and a learner taking turns (see the module doc).
/// `start` makes the learner, once the engine's first turn has not answered, from what the
/// engine's root logic decided (`None` when the puzzle did not branch in that turn).
pub(crate) fn solve<P: Problem, L: Learner>(
    problem: &P,
    start: impl FnOnce(Option<&KnownGrid>) -> L,
    turns: Turns,
    options: &SolveOptions,
    clock: &dyn Clock,
    progress: &mut dyn Progress,
) -> Outcome {
    let max_solutions = options.max_solutions.max(1);
    let start_ms = clock.now_ms();
    let mut stats = Stats::default();
    let mut found: Vec<Grid> = Vec::new();
    let mut start = Some(start);
    let mut learner: Option<L> = None;
    let mut partial: Option<KnownGrid> = None;
    let mut turn = 0;
    let mut engine = Search::new(problem, max_solutions);
    // The options of a turn of at most `nodes` nodes, `None` once the caller's budget is spent.
    let turn_options = |stats: &Stats, nodes: u64| {
        let elapsed = clock.now_ms() - start_ms;
        let time_left = options.time_limit_ms.map(|t| t - elapsed);
        let nodes_left = options.node_limit.map(|n| n.saturating_sub(stats.nodes));
        if time_left.is_some_and(|t| t <= 0.0) || nodes_left == Some(0) {
            return None;
        }
        Some(SolveOptions {
            max_solutions,
            time_limit_ms: time_left,
            node_limit: Some(nodes_left.map_or(nodes, |n| n.min(nodes))),
        })
    };
    let status = loop {
        let Some(engine_options) = turn_options(&stats, turns.engine_first << (2 * turn)) else {
            break Status::Unknown;
        };
        let mut budget = Budget::new(&engine_options, clock, progress);
        let engine_status = engine.run(&mut budget);
        stats.add_turn(&budget.stats);
        // Unknown, or `multiple` with fewer than `max_solutions`: the turn was cut off.
        if matches!(engine_status, Status::Unique | Status::None) || engine.solutions().len() >= max_solutions {
            found = engine.solutions().to_vec();
            break engine_status;
        }
        merge(&mut found, engine.solutions());
        if found.len() >= max_solutions {
            break Status::Unknown;
        }
        if let Some(start) = start.take() {
            partial = engine.root_known().cloned();
            learner = Some(start(partial.as_ref()));
        }
        let Some(learner) = learner.as_mut() else {
            break Status::Unknown;
        };
        let Some(learner_options) = turn_options(&stats, turns.learner_first << (2 * turn)) else {
            break Status::Unknown;
        };
        let mut budget = Budget::new(&learner_options, clock, progress);
        let end = learner.run(&mut budget);
        stats.add_turn(&budget.stats);
        partial = Some(learner.known());
        match end {
            TurnEnd::Exhausted => {
                found = learner.solutions().to_vec();
                break match found.len() {
                    0 => Status::None,
                    1 => Status::Unique,
                    _ => Status::Multiple,
                };
            }
            TurnEnd::Enough | TurnEnd::OutOfBudget => merge(&mut found, learner.solutions()),
        }
        if found.len() >= max_solutions {
            break Status::Unknown;
        }
        turn += 1;
    };
    let status = if status == Status::Unknown && found.len() >= 2 { Status::Multiple } else { status };
    found.truncate(max_solutions);
    stats.millis = clock.now_ms() - start_ms;
    Outcome { status, solutions: found, stats, partial: if status == Status::Unknown { partial } else { None } }
}

/// Add the solutions of `more` that `found` lacks.
fn merge(found: &mut Vec<Grid>, more: &[Grid]) {
    for grid in more {
        if !found.contains(grid) {
            found.push(grid.clone());
        }
    }
}
