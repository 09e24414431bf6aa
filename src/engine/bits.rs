//! Sets of small digits as bit masks: the candidate sets of Kakuro and Str8ts cells.
//!
//! Bit `d` stands for digit `d` (bit 0 is never used), so a set of digits 1..=16 fits a `u32`
//! and set operations are single instructions.

/// A set of digits in 1..=31, one bit per digit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DigitSet(pub u32);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// The digits `lo..=hi` (empty when `lo > hi`).
    pub fn range(lo: u32, hi: u32) -> DigitSet {
        if lo > hi || hi == 0 {
            return DigitSet::EMPTY;
        }
        let lo = lo.max(1);
        let upto_hi = if hi >= 31 { u32::MAX } else { (1u32 << (hi + 1)) - 1 };
        DigitSet(upto_hi & !((1u32 << lo) - 1))
    }

    /// The set holding only `d`.
    pub fn single(d: u32) -> DigitSet {
        DigitSet(1 << d)
    }

    /// Whether `d` is in the set.
    pub fn contains(self, d: u32) -> bool {
        self.0 >> d & 1 == 1
    }

    /// How many digits the set holds.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The only digit, when the set holds exactly one.
    pub fn only(self) -> Option<u32> {
        (self.len() == 1).then(|| self.0.trailing_zeros())
    }

    /// The smallest digit (None when empty).
    pub fn min(self) -> Option<u32> {
        (!self.is_empty()).then(|| self.0.trailing_zeros())
    }

    /// The largest digit (None when empty).
    pub fn max(self) -> Option<u32> {
        (!self.is_empty()).then(|| 31 - self.0.leading_zeros())
    }

    /// The sum of the digits.
    pub fn sum(self) -> u32 {
        self.iter().sum()
    }

    /// The digits, smallest first.
    pub fn iter(self) -> impl Iterator<Item = u32> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let d = bits.trailing_zeros();
                bits &= bits - 1;
                d
            })
        })
    }
}

impl std::ops::BitAnd for DigitSet {
    type Output = DigitSet;
    fn bitand(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & rhs.0)
    }
}

impl std::ops::BitOr for DigitSet {
    type Output = DigitSet;
    fn bitor(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 | rhs.0)
    }
}

impl std::ops::BitAndAssign for DigitSet {
    fn bitand_assign(&mut self, rhs: DigitSet) {
        self.0 &= rhs.0;
    }
}

impl std::ops::BitOrAssign for DigitSet {
    fn bitor_assign(&mut self, rhs: DigitSet) {
        self.0 |= rhs.0;
    }
}

impl std::ops::Not for DigitSet {
    type Output = DigitSet;
    /// The complement within 1..=31.
    fn not(self) -> DigitSet {
        DigitSet(!self.0 & !1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_queries() {
        let s = DigitSet::range(3, 6);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 4, 5, 6]);
        assert_eq!((s.min(), s.max(), s.len(), s.sum()), (Some(3), Some(6), 4, 18));
        assert!(DigitSet::range(5, 4).is_empty());
        assert_eq!(DigitSet::range(0, 2), DigitSet::range(1, 2));
        assert_eq!(DigitSet::single(7).only(), Some(7));
        assert_eq!(s.only(), None);
        assert_eq!((!s & DigitSet::range(1, 9)).iter().collect::<Vec<_>>(), vec![1, 2, 7, 8, 9]);
        assert_eq!(DigitSet::range(1, 31).len(), 31);
    }
}
