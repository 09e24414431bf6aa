//! Probing: for every undecided cell, suppose it filled and propagate, then suppose it empty
//! and propagate (each on a trail, undone afterwards).
//!
//! * both suppositions contradict: the state has no solution;
//! * one contradicts: the cell takes the other value, and everything that supposition
//!   propagated holds too (it is kept as it is: already a fixpoint);
//! * both hold: the cells both suppositions decided the same way are decided.
//!
//! Passes over all undecided cells repeat until one pass decides nothing. That pass also
//! rates every cell for branching by how many cells each supposition decided: the best cell
//! has the largest smaller count (ties: the largest larger count), so that it settles much
//! either way, and the supposition that decided fewer is tried first (on a tie, empty). (On TAAI
//! 2011 samples, this took 15–20% fewer nodes than the product of the counts or trying the
//! larger side first.)

use super::board::Board;
use super::line::{EMPTY, FILLED, UNKNOWN};
use super::propagate::Propagator;
use crate::engine::search::{Budget, Stop};

/// The cell to branch on and the value to try first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BranchCell {
    /// Row-major index of the cell.
    pub(crate) cell: u32,
    /// [`FILLED`] or [`EMPTY`]: the supposition that decided fewer cells.
    pub(crate) first: u8,
}

/// Probe every undecided cell of `board` (which must be a propagation fixpoint) until nothing
/// more is decided. Returns the best cell to branch on, `None` when every cell is decided.
pub(crate) fn probe(
    propagator: &mut Propagator,
    board: &mut Board,
    budget: &mut Budget,
) -> Result<Option<BranchCell>, Stop> {
    let mut trail: Vec<u32> = Vec::new();
    // What each supposition of the current cell decided (cell, value).
    let mut filled: Vec<(u32, u8)> = Vec::new();
    let mut empty: Vec<(u32, u8)> = Vec::new();
    // `agreed[cell]`: the value the "filled" supposition gave `cell` (0: none).
    let mut agreed = vec![0u8; board.cell_count()];
    loop {
        let mut changed = false;
        let mut best: Option<((usize, usize), BranchCell)> = None;
        for cell in 0..board.cell_count() {
            if !board.is_undecided(cell) {
                continue;
            }
            let filled_holds = suppose(
                propagator,
                board,
                budget,
                &mut trail,
                cell,
                FILLED,
                &mut filled,
            )?;
            let empty_holds = suppose(
                propagator, board, budget, &mut trail, cell, EMPTY, &mut empty,
            )?;
            match (filled_holds, empty_holds) {
                (false, false) => return Err(Stop::Contradiction),
                (true, false) | (false, true) => {
                    let kept = if filled_holds { &filled } else { &empty };
                    for &(c, value) in kept {
                        board.set_cell(c as usize, value);
                    }
                    changed = true;
                }
                (true, true) => {
                    for &(c, value) in &filled {
                        agreed[c as usize] = value;
                    }
                    let mut any = false;
                    for &(c, value) in &empty {
                        if agreed[c as usize] == value {
                            board.set_cell(c as usize, value);
                            for line in board.lines_of(c as usize) {
                                propagator.enqueue_line(line);
                            }
                            any = true;
                        }
                    }
                    for &(c, _) in &filled {
                        agreed[c as usize] = 0;
                    }
                    if any {
                        propagator.run(board, budget, None)?;
                        changed = true;
                    } else if !changed {
                        let (fewer, more) =
                            (filled.len().min(empty.len()), filled.len().max(empty.len()));
                        if best.map_or(true, |(s, _)| (fewer, more) > s) {
                            let first = if filled.len() < empty.len() {
                                FILLED
                            } else {
                                EMPTY
                            };
                            best = Some((
                                (fewer, more),
                                BranchCell {
                                    cell: cell as u32,
                                    first,
                                },
                            ));
                        }
                    }
                }
            }
        }
        if !changed {
            return Ok(best.map(|(_, branch)| branch));
        }
    }
}

/// Set `cell` to `value`, propagate, record in `decided` what changed (cell, new value) and
/// undo it all. `Ok(false)`: the supposition led to a contradiction.
fn suppose(
    propagator: &mut Propagator,
    board: &mut Board,
    budget: &mut Budget,
    trail: &mut Vec<u32>,
    cell: usize,
    value: u8,
    decided: &mut Vec<(u32, u8)>,
) -> Result<bool, Stop> {
    trail.clear();
    trail.push(cell as u32);
    board.set_cell(cell, value);
    for line in board.lines_of(cell) {
        propagator.enqueue_line(line);
    }
    let result = propagator.run(board, budget, Some(trail));
    decided.clear();
    let holds = match result {
        Ok(()) => {
            decided.extend(trail.iter().map(|&c| (c, board.cell(c as usize))));
            true
        }
        Err(Stop::Contradiction) => false,
        Err(Stop::OutOfBudget) => return Err(Stop::OutOfBudget),
    };
    // Every cell on the trail was undecided before.
    for &c in trail.iter() {
        board.set_cell(c as usize, UNKNOWN);
    }
    Ok(holds)
}
