//! The search, one design for black-and-white and colour nonograms, written once over traits
//! that each kind implements and monomorphised for each: line propagation to a fixpoint,
//! probing, depth-first branching, and clause learning.
//!
//! - `depth_first.rs`: the depth-first search (the engine's `Problem` of both puzzle types)
//!   over the trait `Kind` (a kind's propagation and first state), with the one set of probing
//!   constants;
//! - `probe.rs`: the one probe, over the trait `Probing` (a kind's propagation: a cell as a
//!   colour mask, black and white being the two-value case, changed on a trail and undone);
//! - `mono.rs` and `color.rs`: each kind's propagation, its `Probing` and `Kind`;
//! - `cdcl/`: clause learning, the engine's core (`engine/cdcl/`) over the trait `LineTheory`,
//!   with the two theories `cdcl/mono.rs` and `cdcl/color.rs` and the portfolio's turns.
//!
//! Line solvers and their memo are in `../line/`; the board of black and white in
//! `../board.rs` (the state alone: the search keeps its notes in its `Node`).

pub(crate) mod cdcl;
pub(crate) mod color;
pub(crate) mod depth_first;
pub(crate) mod mono;
pub(crate) mod probe;

use crate::engine::search::{Clock, Outcome, Progress, SolveOptions};
use crate::nonogram::puzzle::Nonogram;

/// Solve `puzzle`: by clause learning (`search/cdcl/`) when its lines are short enough, else by
/// the engine's search.
pub(super) fn solve(
    puzzle: &Nonogram,
    options: &SolveOptions,
    clock: &dyn Clock,
    progress: &mut dyn Progress,
) -> Outcome {
    if cdcl::mono::handles(puzzle) {
        cdcl::solve(puzzle, || cdcl::mono::MonoLines::new(puzzle), options, clock, progress)
    } else {
        crate::engine::search::solve(puzzle, options, clock, progress)
    }
}
