//! A memo of line solves for lines of at most 64 cells: a line is keyed by its index and the
//! two bit masks of what its cells can be, and the answer is stored the same way. Probing
//! solves the same line states again and again (in every pass, in every search node), so
//! most solves become one hash lookup. The memo is bounded: when full it is emptied.

use super::line::{EMPTY, FILLED};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The most entries kept (about 40 bytes each) before the memo starts afresh.
const CAPACITY: usize = 1 << 20;

/// A line state as bit masks: bit `i` of `fillable` / `emptiable` says cell `i` can be
/// filled / empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct LineBits {
    /// Cells that can be filled.
    pub(crate) fillable: u64,
    /// Cells that can be empty.
    pub(crate) emptiable: u64,
}

impl LineBits {
    /// The masks of `cells`, or `None` when the line is longer than 64 cells.
    pub(crate) fn of(cells: &[u8]) -> Option<LineBits> {
        if cells.len() > 64 {
            return None;
        }
        let mut bits = LineBits { fillable: 0, emptiable: 0 };
        for (i, &cell) in cells.iter().enumerate() {
            bits.fillable |= u64::from(cell & FILLED != 0) << i;
            bits.emptiable |= u64::from(cell & EMPTY != 0) << i;
        }
        Some(bits)
    }

    /// Write the cells of a line of `len` cells into `out`.
    pub(crate) fn unpack(self, len: usize, out: &mut Vec<u8>) {
        out.clear();
        out.extend((0..len).map(|i| {
            let filled = if self.fillable >> i & 1 != 0 { FILLED } else { 0 };
            let empty = if self.emptiable >> i & 1 != 0 { EMPTY } else { 0 };
            filled | empty
        }));
    }
}

/// A multiply-and-rotate hasher (the keys are not chosen by an adversary who could profit
/// from collisions: the worst they get is a slower solve).
#[derive(Default)]
pub(crate) struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Solved line states: `(line index, state)` → the narrowed state, `None` for a contradiction.
#[derive(Debug, Default)]
pub(crate) struct LineCache {
    map: HashMap<(u32, LineBits), Option<LineBits>, BuildHasherDefault<MixHasher>>,
}

impl LineCache {
    /// The remembered answer for line `line` in state `bits`.
    pub(crate) fn get(&self, line: u32, bits: LineBits) -> Option<Option<LineBits>> {
        self.map.get(&(line, bits)).copied()
    }

    /// Remember an answer.
    pub(crate) fn insert(&mut self, line: u32, bits: LineBits, answer: Option<LineBits>) {
        if self.map.len() >= CAPACITY {
            self.map.clear();
        }
        self.map.insert((line, bits), answer);
    }
}
