//! The clause-learning search loop (`engine/cdcl/`, [`Cdcl::search`]): propagate; on a
//! conflict learn a clause and jump back; when the restart schedule says so go back to level
//! 0; else decide an open cell, or record and block a solution when none is left. The steps
//! are `Cdcl`'s (`mod.rs`), over a genre's line theory and monomorphised for each, so no
//! theory pays for another. Restarts follow Luby's sequence in units of conflicts
//! ([`Restarts`]), and the decision heuristic, the open cell of highest activity, is
//! [`Activities::most_active`].

use super::{Cdcl, LineTheory, RESTART_UNIT};
use crate::engine::portfolio::TurnEnd;
use crate::engine::search::{luby, Budget};

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

    /// The schedule every search starts with: [`RESTART_UNIT`] conflicts a unit, from the
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

/// The decision heuristic: every cell's activity (bumped by conflicts, decaying
/// geometrically), and the open cell of highest activity, the first of equals, by a binary
/// heap. Every open cell is in the heap; a cell that is no longer open leaves it when it comes
/// to the top ([`Activities::most_active`]) and is put back when a backjump opens it again
/// ([`Activities::reopen`]). The heap took 8 % off the instructions of a random 27×48 picture
/// against a scan of every cell for each decision (bench/RESULTS.md, "The search tail: a
/// decision heap, explanations without a sort").
pub(crate) struct Activities {
    activity: Vec<f64>,
    /// What a bump adds: grows by the decay at every conflict.
    bump: f64,
    /// The cells in the heap, the most active first.
    heap: Vec<u32>,
    /// Per cell: its index in `heap`, or [`NOT_IN_HEAP`].
    place: Vec<u32>,
}

/// [`Activities::place`] of a cell not in the heap.
const NOT_IN_HEAP: u32 = u32::MAX;

impl Activities {
    /// `cells` cells, all of activity 0, all in the heap.
    pub(crate) fn new(cells: usize) -> Activities {
        Activities {
            activity: vec![0.0; cells],
            bump: 1.0,
            heap: (0..cells as u32).collect(),
            place: (0..cells as u32).collect(),
        }
    }

    /// Whether cell `a` is decided before cell `b`.
    fn before(&self, a: u32, b: u32) -> bool {
        let (x, y) = (self.activity[a as usize], self.activity[b as usize]);
        x > y || (x == y && a < b)
    }

    /// Add the current bump to `cell`'s activity.
    pub(crate) fn bump(&mut self, cell: usize) {
        self.activity[cell] += self.bump;
        if self.activity[cell] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.bump *= 1e-100;
            // Scaling can make two activities equal: the order of equals is the cells'.
            for k in (0..self.heap.len() / 2).rev() {
                self.sift_down(k);
            }
        }
        if self.place[cell] != NOT_IN_HEAP {
            self.sift_up(self.place[cell] as usize);
        }
    }

    /// Make later bumps larger by the decay: a conflict has passed.
    pub(crate) fn decay(&mut self, decay: f64) {
        self.bump /= decay;
    }

    /// `cell` may be open again (a backjump): back into the heap if it left it.
    pub(crate) fn reopen(&mut self, cell: usize) {
        if self.place[cell] == NOT_IN_HEAP {
            self.place[cell] = self.heap.len() as u32;
            self.heap.push(cell as u32);
            self.sift_up(self.heap.len() - 1);
        }
    }

    /// The open cell of highest activity (the first of equals), `None` when no cell is open;
    /// the cells found not `open` on the way leave the heap.
    pub(crate) fn most_active(&mut self, open: impl Fn(usize) -> bool) -> Option<usize> {
        while let Some(&top) = self.heap.first() {
            if open(top as usize) {
                return Some(top as usize);
            }
            let last = self.heap.pop().expect("the heap has a top");
            self.place[top as usize] = NOT_IN_HEAP;
            if !self.heap.is_empty() {
                self.put(0, last);
                self.sift_down(0);
            }
        }
        None
    }

    fn sift_up(&mut self, mut k: usize) {
        let cell = self.heap[k];
        while k > 0 {
            let parent = (k - 1) / 2;
            if !self.before(cell, self.heap[parent]) {
                break;
            }
            self.put(k, self.heap[parent]);
            k = parent;
        }
        self.put(k, cell);
    }

    fn sift_down(&mut self, mut k: usize) {
        let cell = self.heap[k];
        loop {
            let mut child = 2 * k + 1;
            if child >= self.heap.len() {
                break;
            }
            if child + 1 < self.heap.len() && self.before(self.heap[child + 1], self.heap[child]) {
                child += 1;
            }
            if !self.before(self.heap[child], cell) {
                break;
            }
            self.put(k, self.heap[child]);
            k = child;
        }
        self.put(k, cell);
    }

    /// Put `cell` at heap position `k`.
    fn put(&mut self, k: usize, cell: u32) {
        self.heap[k] = cell;
        self.place[cell as usize] = k as u32;
    }
}

impl<T: LineTheory> Cdcl<T> {
    /// Search (again) from level 0 until the search ends or `budget` runs out: a turn of the
    /// engine's portfolio.
    pub(crate) fn search(&mut self, budget: &mut Budget) -> TurnEnd {
        self.resume();
        loop {
            let conflict = match self.propagate(budget) {
                Ok(conflict) => conflict,
                Err(_) => return TurnEnd::OutOfBudget,
            };
            if let Some(conflict) = conflict {
                budget.stats.contradictions += 1;
                self.restarts.conflict();
                match self.resolve(conflict, budget) {
                    Ok(true) => {}
                    Ok(false) => return TurnEnd::Exhausted,
                    Err(_) => return TurnEnd::OutOfBudget,
                }
                continue;
            }
            if self.restarts.due() {
                self.restart();
                continue;
            }
            let Some(cell) = self.pick() else {
                match self.record_solution() {
                    Some(end) => return end,
                    None => continue,
                }
            };
            if budget.enter_node(self.decision_level() + 1).is_err() {
                return TurnEnd::OutOfBudget;
            }
            self.decide(cell);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Activities;
    use crate::engine::generate::Rng;

    #[test]
    fn the_heap_picks_as_a_scan_of_every_cell_would() {
        // Seeded random bumps, decays, cells closed and reopened: the heap's pick is always the
        // open cell of highest activity, the first of equals (ties are frequent at first, all
        // zero, and bumps big enough to rescale every activity are met).
        let mut rng = Rng::new(36);
        let cells = 50;
        let mut activities = Activities::new(cells);
        let mut open = vec![true; cells];
        let (mut picks, mut rescaled) = (0, false);
        for step in 0..20_000 {
            let bump = activities.bump;
            match rng.below(4) {
                0 => activities.bump(rng.below(cells)),
                1 => activities.decay(if step % 1000 == 0 { 1e-30 } else { 0.95 }),
                2 => open[rng.below(cells)] = false,
                _ => {
                    let cell = rng.below(cells);
                    open[cell] = true;
                    activities.reopen(cell);
                }
            }
            rescaled |= activities.bump < bump;
            let scan = (0..cells).filter(|&c| open[c]).fold(None, |best: Option<usize>, c| match best {
                Some(b) if activities.activity[b] >= activities.activity[c] => Some(b),
                _ => Some(c),
            });
            assert_eq!(activities.most_active(|c| open[c]), scan, "step {step}");
            picks += usize::from(scan.is_some());
        }
        assert!(picks > 10_000 && rescaled, "{picks} picks, rescaled: {rescaled}");
    }
}
