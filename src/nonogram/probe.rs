//! Probing: for every undecided cell, suppose it filled and propagate, then suppose it empty
//! and propagate (each on a trail, undone afterwards).
//!
//! * both suppositions contradict: the state has no solution;
//! * one contradicts: the cell takes the other value, and everything that supposition
//!   propagated holds too (it is kept as it is: already a fixpoint);
//! * both hold: the cells both suppositions decided the same way are decided.
//!
//! The cells are visited in a cycle until a whole round decides nothing (a round starts
//! after the last change, not at the first cell: on random 25×25 puzzles that saved 7% of
//! the work over restarting full passes). That round also rates every cell for branching by
//! how many cells each supposition decided: the best cell has the largest smaller count
//! (ties: the largest larger count), so that it settles much either way, and the supposition
//! that decided more is tried first (on a tie, empty): it is the likelier to contradict
//! soon or to lead straight to a solution. On the 20 hardest of TAAI 2011's puzzles this
//! found two solutions within 2000 nodes for 8, against 2 when trying the smaller side first.

use super::board::Board;
use super::line::{EMPTY, FILLED, UNKNOWN};
use super::propagate::Propagator;
use crate::engine::search::{Budget, Stop};

/// The cell to branch on and the value to try first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BranchCell {
    /// Row-major index of the cell.
    pub(crate) cell: u32,
    /// [`FILLED`] or [`EMPTY`]: the supposition that decided more cells.
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
    let cells = board.cell_count();
    let mut best: Option<((usize, usize), BranchCell)> = None;
    // Cells visited since the last change: at `cells`, every undecided cell has been probed
    // in the current state, and `best` rated them all.
    let mut quiet = 0;
    let mut cell = 0;
    while quiet < cells {
        quiet += 1;
        let probed = cell;
        cell = if cell + 1 == cells { 0 } else { cell + 1 };
        if !board.is_undecided(probed) {
            continue;
        }
        let filled_holds = suppose(
            propagator,
            board,
            budget,
            &mut trail,
            probed,
            FILLED,
            &mut filled,
        )?;
        let empty_holds = suppose(
            propagator, board, budget, &mut trail, probed, EMPTY, &mut empty,
        )?;
        let changed = match (filled_holds, empty_holds) {
            (false, false) => return Err(Stop::Contradiction),
            (true, false) | (false, true) => {
                let kept = if filled_holds { &filled } else { &empty };
                for &(c, value) in kept {
                    board.set_cell(c as usize, value);
                }
                true
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
                } else {
                    let (fewer, more) =
                        (filled.len().min(empty.len()), filled.len().max(empty.len()));
                    if best.map_or(true, |(s, _)| (fewer, more) > s) {
                        let first = if filled.len() > empty.len() {
                            FILLED
                        } else {
                            EMPTY
                        };
                        best = Some((
                            (fewer, more),
                            BranchCell {
                                cell: probed as u32,
                                first,
                            },
                        ));
                    }
                }
                any
            }
        };
        if changed {
            quiet = 0;
            best = None;
        }
    }
    Ok(best.map(|(_, branch)| branch))
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
