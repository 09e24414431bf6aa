//! A memo of short-line solves. Probing sets one cell, propagates and undoes it, hundreds of
//! times per search node, so the same line in the same state is solved again and again; a
//! lookup here costs a hash and one compare instead of a solve.
//!
//! The memo is direct-mapped: an entry lives at the slot its key hashes to, and a newer key
//! that hashes there replaces it. Keys are complete (the line and both of its bit planes), so
//! a hit is always right; a miss just solves the line.

use super::line::LineWord;

/// The longest line the memo takes: one word per plane, solved by the one-word solver.
pub(crate) const CACHED_LINE: usize = <u64 as LineWord>::MAX_LINE;

/// A line's state in one word per plane: (fillable cells, emptiable cells).
type LineBits = (u64, u64);

/// One remembered solve: line `line` in state `before` narrows to `after`; `after` with
/// both planes empty records a contradiction (a line of at least one cell always has a
/// cell that can be something).
#[derive(Clone, Copy)]
struct Entry {
    /// The line's index plus one (0: the slot is empty).
    line: u32,
    before: LineBits,
    after: LineBits,
}

/// A contradiction, as stored.
const NO_PLACEMENT: LineBits = (0, 0);

/// The fewest slots the memo starts with.
const FIRST_SLOTS: usize = 1 << 10;

/// The memo: a power-of-two number of slots. It starts small (a puzzle that logic finishes
/// quickly should not pay for clearing megabytes) and grows fourfold, forgetting what it
/// holds, each time it has stored twice as many solves as it has slots, up to its limit.
pub(crate) struct LineCache {
    entries: Vec<Entry>,
    slots: usize,
    most_slots: usize,
    stored: usize,
}

const EMPTY_ENTRY: Entry = Entry {
    line: 0,
    before: NO_PLACEMENT,
    after: NO_PLACEMENT,
};

impl LineCache {
    /// A memo that grows to at most `most_slots` slots (rounded up to a power of two).
    pub(crate) fn new(most_slots: usize) -> LineCache {
        LineCache {
            entries: Vec::new(),
            slots: 0,
            most_slots: most_slots.next_power_of_two(),
            stored: 0,
        }
    }

    fn slot(&self, line: usize, before: LineBits) -> usize {
        let mixed = (before.0 ^ before.1.rotate_left(29) ^ (line as u64) << 40)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> 32) as usize & (self.slots - 1)
    }

    /// The remembered solve of `line` in state `before`: `Some(None)` for a contradiction,
    /// `None` when it is not remembered.
    pub(crate) fn get(&self, line: usize, before: LineBits) -> Option<Option<LineBits>> {
        if self.entries.is_empty() {
            return None;
        }
        let entry = &self.entries[self.slot(line, before)];
        (entry.line == line as u32 + 1 && entry.before == before)
            .then(|| (entry.after != NO_PLACEMENT).then_some(entry.after))
    }

    /// Remember that `line` in state `before` narrows to `after` (`None`: a contradiction).
    pub(crate) fn put(&mut self, line: usize, before: LineBits, after: Option<LineBits>) {
        self.stored += 1;
        if self.stored > 2 * self.slots && self.slots < self.most_slots {
            self.slots = (4 * self.slots).clamp(FIRST_SLOTS.min(self.most_slots), self.most_slots);
            self.entries = vec![EMPTY_ENTRY; self.slots];
            self.stored = 1;
        }
        let slot = self.slot(line, before);
        self.entries[slot] = Entry {
            line: line as u32 + 1,
            before,
            after: after.unwrap_or(NO_PLACEMENT),
        };
    }
}
