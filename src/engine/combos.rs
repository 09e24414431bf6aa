//! The digit combinations a Kakuro run or a Killer Sudoku cage can use (shared by both
//! genres: a cage, like a run, holds different digits 1..=9 with a given sum).
//!
//! A run of `len` cells holds `len` different digits, so what it holds is a *set*: one of the
//! 511 non-empty subsets of 1..=9. [`CombinationTable`] lists them all once, ordered by
//! size, then by sum, so that the combinations of one clue — `len` digits summing to `sum` —
//! are a contiguous range of the table, and the combinations of a run without a clue (any
//! `len` different digits) are the wider range of all sums for that size. A run keeps the
//! range's start and a bit mask of the combinations still alive; the widest range (4 or 5
//! digits, any sum) has 126 entries, so a `u128` holds the mask.
//!
//! ```text
//!   len 2, sum 4 → {1,3}            len 3, sum 23 → {6,8,9}
//!   len 2, sum 10 → {1,9} {2,8} {3,7} {4,6}       union {1,2,3,4,6,7,8,9}, common {}
//!   len 3, sum 7 → {1,2,4}                        union = common = {1,2,4}
//! ```

use crate::engine::bits::DigitSet;
use std::ops::Range;
use std::sync::OnceLock;

/// The highest digit of a Kakuro cell, and so the longest run.
pub const MAX_DIGIT: u32 = 9;

/// Every set of different digits 1..=9, grouped by size and sum (see the module essay).
#[derive(Debug)]
pub struct CombinationTable {
    combos: Vec<DigitSet>,
}

/// Sort key of a combination: its size, then its sum, then its digits, packed into one
/// number whose low 10 bits are the set itself. (Sorting plain numbers shares the one
/// `usize` sort instance the crate has anyway: a sort by a tuple key would add 6 KB of wasm.)
fn order_key(set: DigitSet) -> usize {
    (set.len() << 16 | set.sum() << 10 | set.0) as usize
}

impl CombinationTable {
    /// The table, built once on first use (511 entries).
    pub fn get() -> &'static CombinationTable {
        static TABLE: OnceLock<CombinationTable> = OnceLock::new();
        TABLE.get_or_init(|| {
            let mut keys: Vec<usize> = (1u32..1 << MAX_DIGIT).map(|bits| order_key(DigitSet(bits << 1))).collect();
            keys.sort_unstable();
            CombinationTable { combos: keys.into_iter().map(|key| DigitSet(key as u32 & 0x3ff)).collect() }
        })
    }

    /// The smallest and largest sum of `len` different digits (`len` in 1..=9).
    pub fn sum_bounds(len: u32) -> (u32, u32) {
        (len * (len + 1) / 2, len * (2 * MAX_DIGIT + 1 - len) / 2)
    }

    /// The table indices of the sets of `len` digits summing to `sum` (empty when impossible).
    pub fn with_sum(&self, len: u32, sum: u32) -> Range<usize> {
        let start = self.combos.partition_point(|c| (c.len(), c.sum()) < (len, sum));
        let end = self.combos.partition_point(|c| (c.len(), c.sum()) <= (len, sum));
        start..end
    }

    /// The table indices of all sets of `len` digits, whatever their sum.
    pub fn with_length(&self, len: u32) -> Range<usize> {
        let start = self.combos.partition_point(|c| c.len() < len);
        let end = self.combos.partition_point(|c| c.len() <= len);
        start..end
    }

    /// The combination at table index `index` (an index from [`CombinationTable::with_sum`]
    /// or [`CombinationTable::with_length`]).
    pub fn combo(&self, index: usize) -> DigitSet {
        self.combos[index]
    }

    /// The combinations of a range of the table.
    pub fn combos(&self, range: Range<usize>) -> &[DigitSet] {
        &self.combos[range]
    }

    /// Every digit that some combination of `range` uses: what the run's cells may hold.
    pub fn union(&self, range: Range<usize>) -> DigitSet {
        self.combos(range).iter().fold(DigitSet::EMPTY, |acc, &c| acc | c)
    }

    /// The digits every combination of `range` uses: what the run must hold somewhere
    /// (empty for an empty range).
    pub fn common(&self, range: Range<usize>) -> DigitSet {
        let mut sets = self.combos(range).iter().copied();
        let first = sets.next().unwrap_or(DigitSet::EMPTY);
        sets.fold(first, |acc, c| acc & c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(set: DigitSet) -> Vec<u32> {
        set.iter().collect()
    }

    #[test]
    fn the_table_holds_every_subset_once() {
        let table = CombinationTable::get();
        assert_eq!(table.combos.len(), 511);
        let sizes: Vec<usize> = (1..=9).map(|len| table.with_length(len).len()).collect();
        assert_eq!(sizes, vec![9, 36, 84, 126, 126, 84, 36, 9, 1]);
        for len in 1..=9 {
            let (lo, hi) = CombinationTable::sum_bounds(len);
            let by_sum: usize = (lo..=hi).map(|sum| table.with_sum(len, sum).len()).sum();
            assert_eq!(by_sum, table.with_length(len).len(), "length {len}");
            assert!(table.with_sum(len, lo - 1).is_empty() && table.with_sum(len, hi + 1).is_empty());
            for &c in table.combos(table.with_length(len)) {
                assert_eq!(c.len(), len);
                assert!(c.min() >= Some(1) && c.max() <= Some(9));
            }
        }
    }

    #[test]
    fn known_combination_facts() {
        let table = CombinationTable::get();
        let only = |len, sum| table.combos(table.with_sum(len, sum)).iter().map(|&c| digits(c)).collect::<Vec<_>>();
        assert_eq!(only(2, 3), vec![vec![1, 2]]);
        assert_eq!(only(2, 17), vec![vec![8, 9]]);
        assert_eq!(only(3, 23), vec![vec![6, 8, 9]]);
        assert_eq!(only(4, 10), vec![vec![1, 2, 3, 4]]);
        assert_eq!(only(5, 34), vec![vec![4, 6, 7, 8, 9]]);
        assert_eq!(only(9, 45), vec![vec![1, 2, 3, 4, 5, 6, 7, 8, 9]]);
        assert_eq!(only(2, 10).len(), 4);
        assert!(only(2, 2).is_empty() && only(9, 46).is_empty());
        let range = table.with_sum(2, 10);
        assert_eq!(digits(table.union(range.clone())), vec![1, 2, 3, 4, 6, 7, 8, 9]);
        assert!(table.common(range).is_empty());
        assert_eq!(digits(table.common(table.with_sum(3, 7))), vec![1, 2, 4]);
        assert_eq!(digits(table.common(table.with_sum(4, 12))), vec![1, 2]); // {1,2,3,6} {1,2,4,5}
        assert_eq!(digits(table.union(table.with_sum(4, 12))), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(CombinationTable::sum_bounds(2), (3, 17));
        assert_eq!(CombinationTable::sum_bounds(9), (45, 45));
    }
}
