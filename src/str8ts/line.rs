//! The exact revision of one Str8ts line: keep a candidate exactly when some filling of the
//! whole line — different digits, a straight in every compartment — uses it.
//!
//! A filling of a line is a choice of one *window* (straight `s..=s+L-1`) per compartment,
//! the windows pairwise disjoint, and then a placement of each window's digits in its
//! compartment. Given the windows, compartments no longer interact (their digit sets are
//! disjoint), so the revision is in two steps:
//!
//! 1. For each compartment and window, the digits each cell can take when the compartment
//!    holds exactly that window (all-different pruning of the cells restricted to the
//!    window; a window no placement fits is dropped). A one-cell compartment's windows
//!    are simply its candidates.
//! 2. Which windows take part in some choice of disjoint windows, one per compartment: a
//!    small depth-first search over the compartments, fewest windows first. Every choice
//!    found marks all its windows as supported, so most windows need no search of their own.
//!
//! Each cell then keeps the union, over its compartment's supported windows, of what it
//! can take in them. This is full consistency for the line, so it covers naked singles and
//! subsets, required digits leaving the rest of the line, stranded digits and hidden
//! singles inside compartments. The search in step 2 has a step cap; when it is reached the
//! windows not yet decided are kept (sound, only weaker), and the revision says it was not
//! exact.

use super::alldiff;
use crate::engine::bits::DigitSet;
use crate::engine::search::Stop;

/// The most cells in a line.
const MAX_CELLS: usize = alldiff::MAX_CELLS;
/// The most compartments in a line (they are separated by black cells).
const MAX_COMPARTMENTS: usize = MAX_CELLS.div_ceil(2);
/// The most windows of a line: at most 16 per compartment.
const MAX_WINDOWS: usize = MAX_COMPARTMENTS * MAX_CELLS;
/// How many search steps one revision may take before it settles for a sound but weaker
/// answer (far above what real lines need; it only bounds made-up worst cases).
const STEP_CAP: u32 = 20_000;

/// One window of a compartment that some placement fits.
#[derive(Clone, Copy)]
pub(super) struct Window {
    /// The straight's digits.
    pub(super) digits: DigitSet,
    /// What each cell of the compartment can take when it holds this straight.
    domains: [DigitSet; MAX_CELLS],
}

impl Window {
    /// A placeholder to fill a buffer with.
    pub(super) const EMPTY: Window = Window { digits: DigitSet::EMPTY, domains: [DigitSet::EMPTY; MAX_CELLS] };
}

/// The feasible windows of every compartment of a line, and which are supported.
struct Windows {
    all: [Window; MAX_WINDOWS],
    /// `all[starts[k]..starts[k + 1]]` are compartment k's windows.
    starts: [usize; MAX_COMPARTMENTS + 1],
    /// Per compartment, a bit per window: part of some complete choice.
    supported: [u32; MAX_COMPARTMENTS],
    /// Compartments in search order: fewest windows first.
    order: [usize; MAX_COMPARTMENTS],
    /// The window chosen per compartment on the current search path.
    pick: [usize; MAX_COMPARTMENTS],
    compartments: usize,
    /// Digits the line is known to hold: a choice of windows must cover them.
    must: DigitSet,
    steps: u32,
}

/// What a line revision found out besides the narrowed candidates.
pub struct Revision {
    /// Whether a second revision would change nothing (false when the step cap was hit).
    pub exact: bool,
    /// Digits the line surely holds: the known ones plus those every feasible straight of
    /// some compartment contains.
    pub required: DigitSet,
}

/// Narrow the candidates of a line's compartments (each a list of row-major cells in line
/// order) to full line consistency, with `size` digits, knowing that the line holds the
/// digits `must`. Calls `narrowed(cell, removed)` for every cell whose candidates shrank.
pub fn revise(
    compartments: &[Vec<usize>],
    size: u32,
    must: DigitSet,
    cands: &mut [DigitSet],
    narrowed: &mut impl FnMut(usize, DigitSet),
) -> Result<Revision, Stop> {
    let mut windows = Windows {
        all: [Window::EMPTY; MAX_WINDOWS],
        starts: [0; MAX_COMPARTMENTS + 1],
        supported: [0; MAX_COMPARTMENTS],
        order: [0; MAX_COMPARTMENTS],
        pick: [0; MAX_COMPARTMENTS],
        compartments: compartments.len(),
        must,
        steps: 0,
    };
    let mut count = 0;
    for (k, cells) in compartments.iter().enumerate() {
        count = fitting_windows(cells, size, cands, &mut windows.all, count);
        windows.starts[k + 1] = count;
        if windows.starts[k] == count {
            return Err(Stop::Contradiction);
        }
    }
    let exact = windows.mark_supported();
    let mut required = must;
    for (k, cells) in compartments.iter().enumerate() {
        let mut keep = [DigitSet::EMPTY; MAX_CELLS];
        let mut in_every_window = DigitSet(u32::MAX);
        for (i, window) in windows.all[windows.starts[k]..windows.starts[k + 1]].iter().enumerate() {
            if windows.supported[k] >> i & 1 == 1 {
                for (kept, &domain) in keep.iter_mut().zip(&window.domains) {
                    *kept |= domain;
                }
                in_every_window &= window.digits;
            }
        }
        required |= in_every_window;
        for (&cell, &kept) in cells.iter().zip(&keep) {
            let before = cands[cell];
            let after = before & kept;
            if after.is_empty() {
                return Err(Stop::Contradiction);
            }
            if after != before {
                cands[cell] = after;
                narrowed(cell, before & !after);
            }
        }
    }
    Ok(Revision { exact, required })
}

/// Append to `out` (from index `count`) the windows some placement of `cells` fits, lowest
/// first; returns the new count. A compartment has at most `MAX_CELLS` windows.
pub(super) fn fitting_windows(
    cells: &[usize],
    size: u32,
    cands: &[DigitSet],
    out: &mut [Window],
    mut count: usize,
) -> usize {
    let len = cells.len() as u32;
    // Every cell needs a candidate in the window: min(cell) ≤ s+len-1 and s ≤ max(cell).
    let mut lowest_start = 1u32;
    let mut highest_start = size + 1 - len;
    for &cell in cells {
        let (Some(lo), Some(hi)) = (cands[cell].min(), cands[cell].max()) else { return count };
        lowest_start = lowest_start.max((lo + 1).saturating_sub(len));
        highest_start = highest_start.min(hi);
    }
    for start in lowest_start..=highest_start {
        let window = &mut out[count];
        window.digits = DigitSet::range(start, start + len - 1);
        let (mut covered, mut all_open) = (DigitSet::EMPTY, true);
        for (domain, &cell) in window.domains.iter_mut().zip(cells) {
            *domain = cands[cell] & window.digits;
            covered |= *domain;
            all_open &= *domain == window.digits;
        }
        // Cells that can all take every digit of the window fit it in any order: the
        // all-different pruning would keep everything (common on open grids, and the
        // costliest part of a revision there).
        if covered == window.digits && (all_open || alldiff::prune(&mut window.domains[..cells.len()]).is_some()) {
            count += 1;
        }
    }
    count
}

impl Windows {
    /// Mark every window that is part of a choice of pairwise disjoint windows, one per
    /// compartment, covering `must`; `false` when the step cap cut this short (then the undecided windows
    /// are marked too).
    fn mark_supported(&mut self) -> bool {
        let n = self.compartments;
        let starts = self.starts;
        // Fewest windows first, equal counts in compartment order: an insertion sort (a line
        // has a few compartments, and `sort_by_key` would bring the standard library's stable
        // sort, ~6 KB, into the wasm).
        let windows = |k: usize| starts[k + 1] - starts[k];
        for k in 0..n {
            let mut at = k;
            while at > 0 && windows(self.order[at - 1]) > windows(k) {
                self.order[at] = self.order[at - 1];
                at -= 1;
            }
            self.order[at] = k;
        }
        for position in 0..n {
            let k = self.order[position];
            for i in 0..starts[k + 1] - starts[k] {
                if self.supported[k] >> i & 1 == 1 {
                    continue;
                }
                self.pick[k] = starts[k] + i;
                match self.complete(0, k, self.all[starts[k] + i].digits) {
                    Some(true) => {
                        for (j, supported) in self.supported[..n].iter_mut().enumerate() {
                            *supported |= 1 << (self.pick[j] - starts[j]);
                        }
                    }
                    Some(false) => {}
                    None => {
                        self.supported = [u32::MAX; MAX_COMPARTMENTS];
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Choose windows for the compartments `order[position..]` (except `fixed`, already
    /// chosen) disjoint from `used` and each other, covering `must` with `used`, recording
    /// them in `pick`. `None` when
    /// the step cap is reached.
    fn complete(&mut self, position: usize, fixed: usize, used: DigitSet) -> Option<bool> {
        if position == self.compartments {
            return Some((self.must & !used).is_empty());
        }
        let k = self.order[position];
        if k == fixed {
            return self.complete(position + 1, fixed, used);
        }
        self.steps += 1;
        if self.steps > STEP_CAP {
            return None;
        }
        for w in self.starts[k]..self.starts[k + 1] {
            let digits = self.all[w].digits;
            if (digits & used).is_empty() {
                self.pick[k] = w;
                if self.complete(position + 1, fixed, used | digits)? {
                    return Some(true);
                }
            }
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(digits: &[u32]) -> DigitSet {
        digits.iter().fold(DigitSet::EMPTY, |s, &d| s | DigitSet::single(d))
    }

    #[test]
    fn required_digits_leave_the_line_and_stranded_ones_go() {
        // ■ a b c ■ e on a 9-digit line: a {2,3}, b anything, c {3,4}, e anything.
        let compartments = vec![vec![1, 2, 3], vec![5]];
        let mut cands = vec![DigitSet::EMPTY; 6];
        cands[1] = set(&[2, 3]);
        cands[2] = DigitSet::range(1, 9);
        cands[3] = set(&[3, 4]);
        cands[5] = DigitSet::range(1, 9);
        let mut narrowed = Vec::new();
        let revision =
            revise(&compartments, 9, DigitSet::EMPTY, &mut cands, &mut |c, removed| narrowed.push((c, removed)))
                .unwrap();
        assert!(revision.exact);
        assert_eq!(revision.required, set(&[3]));
        assert_eq!(cands[2], DigitSet::range(1, 5));
        assert_eq!(cands[5], DigitSet::range(1, 9) & !set(&[3]));
        assert_eq!(narrowed, vec![(2, DigitSet::range(6, 9)), (5, set(&[3]))]);
        // Knowing the line holds 9 leaves the single cell nothing else.
        let revision = revise(&compartments, 9, set(&[9]), &mut cands, &mut |_, _| {}).unwrap();
        assert_eq!((cands[5], revision.required), (set(&[9]), set(&[3, 9])));
        // Two compartments that must share a digit: no filling.
        cands[5] = set(&[3]);
        assert!(revise(&compartments, 9, DigitSet::EMPTY, &mut cands, &mut |_, _| {}).is_err());
    }

    #[test]
    fn the_step_cap_keeps_candidates_and_says_so() {
        // Eight single cells of a 16-digit line, none able to take the digit 16 the line
        // must hold: every choice fails, only after trying (almost) all of them.
        let compartments: Vec<Vec<usize>> = (0..8).map(|i| vec![2 * i]).collect();
        let mut cands = vec![DigitSet::range(1, 15); 16];
        let before = cands.clone();
        let revision =
            revise(&compartments, 16, set(&[16]), &mut cands, &mut |_, _| panic!("nothing may narrow")).unwrap();
        assert!(!revision.exact);
        assert_eq!(cands, before);
    }
}
