//! All-different with full pruning: which digits each of a few cells can still take when no
//! two of them may share a digit.
//!
//! The classic method (Régin 1994): find one matching of cells to distinct digits; a digit
//! `d` of cell `v` is kept exactly when some complete matching gives `v` the digit `d`. That
//! is the case when `d` is `v`'s own digit in the matching, or when the cell holding `d`
//! can move on along a chain of digit swaps that ends at a free digit or at `v`'s own digit
//! (which `v` gives up). The chains are a reachability question on at most 16 digits,
//! answered with bit masks: the whole check is a few hundred word operations.

use crate::engine::bits::DigitSet;

/// The most cells (and digits) one call handles: a Str8ts line of a 16×16 grid.
pub const MAX_CELLS: usize = 16;

/// Marks a digit no cell holds in the matching.
const UNMATCHED: u8 = u8::MAX;

/// Narrow `domains` (at most [`MAX_CELLS`] cells, digits up to 31) to the digits that some
/// assignment of pairwise different digits uses, and return the digits that every such
/// assignment uses; `None` when there is no such assignment (then `domains` is left as it
/// was).
pub fn prune(domains: &mut [DigitSet]) -> Option<DigitSet> {
    let cells = domains.len();
    debug_assert!(cells <= MAX_CELLS);
    let mut digit_of_cell = [0u32; MAX_CELLS];
    let mut cell_of_digit = [UNMATCHED; 32];
    for cell in 0..cells {
        let mut visited = 0u32;
        if !augment(cell, domains, &mut digit_of_cell, &mut cell_of_digit, &mut visited) {
            return None;
        }
    }
    let used = domains.iter().fold(DigitSet::EMPTY, |all, &d| all | d);
    let matched = digit_of_cell[..cells].iter().fold(0u32, |all, &d| all | 1 << d);
    // reach[d]: the digits the holder of `d` can be pushed to, transitively (d included).
    let mut reach = [0u32; 32];
    for d in used.iter() {
        let holder = cell_of_digit[d as usize];
        reach[d as usize] = 1 << d | if holder == UNMATCHED { 0 } else { domains[holder as usize].0 };
    }
    for k in used.iter() {
        let through_k = reach[k as usize];
        for d in used.iter() {
            if reach[d as usize] >> k & 1 == 1 {
                reach[d as usize] |= through_k;
            }
        }
    }
    let free = used.0 & !matched;
    // A matched digit can be given up only along a chain of moves ending at a free digit.
    let essential = DigitSet(matched).iter().filter(|&d| reach[d as usize] & free == 0).fold(0u32, |e, d| e | 1 << d);
    for (cell, domain) in domains.iter_mut().enumerate() {
        let own = digit_of_cell[cell];
        let ends = free | 1 << own;
        let kept = domain.iter().filter(|&d| reach[d as usize] & ends != 0).fold(0u32, |k, d| k | 1 << d);
        *domain = DigitSet(kept);
    }
    Some(DigitSet(essential))
}

/// Find a digit for `cell`, moving already matched cells to other digits if need be
/// (an augmenting path; `visited` holds the digits tried on this path search).
fn augment(
    cell: usize,
    domains: &[DigitSet],
    digit_of_cell: &mut [u32; MAX_CELLS],
    cell_of_digit: &mut [u8; 32],
    visited: &mut u32,
) -> bool {
    let options = domains[cell].0 & !*visited;
    let free = DigitSet(options).iter().find(|&d| cell_of_digit[d as usize] == UNMATCHED);
    if let Some(d) = free {
        digit_of_cell[cell] = d;
        cell_of_digit[d as usize] = cell as u8;
        return true;
    }
    *visited |= options;
    for d in DigitSet(options).iter() {
        let holder = cell_of_digit[d as usize] as usize;
        if augment(holder, domains, digit_of_cell, cell_of_digit, visited) {
            digit_of_cell[cell] = d;
            cell_of_digit[d as usize] = cell as u8;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(digits: &[u32]) -> DigitSet {
        digits.iter().fold(DigitSet::EMPTY, |s, &d| s | DigitSet::single(d))
    }

    /// Brute force: the digits of each cell used by some all-different assignment, and the
    /// digits all of them use.
    fn supported(domains: &[DigitSet]) -> Option<(Vec<DigitSet>, DigitSet)> {
        fn walk(i: usize, domains: &[DigitSet], used: u32, pick: &mut Vec<u32>, out: &mut (Vec<DigitSet>, DigitSet)) {
            if i == domains.len() {
                for (o, &d) in out.0.iter_mut().zip(pick.iter()) {
                    *o |= DigitSet::single(d);
                }
                out.1 &= DigitSet(used);
                return;
            }
            for d in domains[i].iter().filter(|d| used >> d & 1 == 0) {
                pick.push(d);
                walk(i + 1, domains, used | 1 << d, pick, out);
                pick.pop();
            }
        }
        let mut out = (vec![DigitSet::EMPTY; domains.len()], DigitSet(u32::MAX));
        walk(0, domains, 0, &mut Vec::new(), &mut out);
        (out.1 != DigitSet(u32::MAX) || domains.is_empty()).then_some(out)
    }

    #[test]
    fn hall_sets_and_chains_prune() {
        // {1,2} {1,2} take 1 and 2 away from the third cell.
        let mut d = vec![set(&[1, 2]), set(&[1, 2]), set(&[1, 2, 3, 4])];
        assert_eq!(prune(&mut d), Some(set(&[1, 2])));
        assert_eq!(d, vec![set(&[1, 2]), set(&[1, 2]), set(&[3, 4])]);
        // Three cells sharing two digits: impossible.
        let mut d = vec![set(&[1, 2]), set(&[1, 2]), set(&[2, 1])];
        assert_eq!(prune(&mut d), None);
        assert_eq!(prune(&mut []), Some(DigitSet::EMPTY));
    }

    #[test]
    fn agrees_with_brute_force() {
        // A small deterministic pseudo-random sweep over 4-6 cells with digits 1..7.
        let mut rng = crate::engine::generate::Rng::new(0x2545_f491);
        let mut next = move || rng.next_u32();
        for _ in 0..3000 {
            let cells = 4 + (next() % 3) as usize;
            let domains: Vec<DigitSet> = (0..cells).map(|_| DigitSet(next() & 0xfe)).collect();
            let mut pruned = domains.clone();
            match supported(&domains) {
                Some((expected, always_used)) => {
                    assert_eq!(prune(&mut pruned), Some(always_used), "{domains:?}");
                    assert_eq!(pruned, expected, "{domains:?}");
                }
                None => assert_eq!(prune(&mut pruned), None, "{domains:?}"),
            }
        }
    }
}
