//! A memo of line solves for lines of up to 126 cells (one integer per plane: `u64` up to 62
//! cells, `u128` up to 126). Probing sets one cell, propagates and undoes it, hundreds of
//! times per search node, so the same line in the same state is solved again and again; a
//! lookup here costs a hash and one compare instead of a solve.
//!
//! The memo is direct-mapped: an entry lives at the slot its key hashes to, and a newer key
//! that hashes there replaces it. Keys are complete (the line and both of its bit planes), so
//! a hit is always right; a miss just solves the line.

use super::line::{LineSolver, LineWord, EMPTY, FILLED};

/// The longest line a `u64` memo takes (the default one).
pub(crate) const CACHED_LINE: usize = <u64 as LineWord>::MAX_LINE;

/// A line held in one integer `W` per plane (at most [`LineWord::MAX_LINE`] cells): bit `i`
/// says whether cell `i` can be filled / can be empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LineBits<W = u64> {
    /// Cells that can be filled.
    pub(crate) fillable: W,
    /// Cells that can be empty.
    pub(crate) emptiable: W,
}

impl LineBits {
    /// The value of cell `i`: [`FILLED`], [`EMPTY`], both (undecided), or 0 if neither.
    pub(crate) fn cell(self, i: usize) -> u8 {
        let filled = if self.fillable >> i & 1 != 0 { FILLED } else { 0 };
        let empty = if self.emptiable >> i & 1 != 0 { EMPTY } else { 0 };
        filled | empty
    }
}

/// Memo slots per line of the puzzle, and at most in all (2.6 MB for `u64` lines, 5.2 MB
/// for `u128`): enough to keep most of
/// the states probing revisits (on random 25×25 puzzles, 512 a line saved 60% of the line
/// solver's work, 64 a line 35%).
const SLOTS_PER_LINE: usize = 512;
const MOST_SLOTS: usize = 1 << 16;

/// One remembered solve: line `line` in state `before` narrows to `after`; `after` with
/// both planes empty records a contradiction (a line of at least one cell always has a
/// cell that can be something).
#[derive(Clone, Copy)]
struct Entry<W> {
    /// The line's index plus one (0: the slot is empty).
    line: u32,
    before: LineBits<W>,
    after: LineBits<W>,
}

impl<W: LineWord> Entry<W> {
    /// A contradiction, as stored.
    const NO_PLACEMENT: LineBits<W> = LineBits { fillable: W::ZERO, emptiable: W::ZERO };

    const EMPTY: Entry<W> = Entry { line: 0, before: Self::NO_PLACEMENT, after: Self::NO_PLACEMENT };
}

/// The fewest slots the memo starts with.
const FIRST_SLOTS: usize = 1 << 10;

/// The memo: a power-of-two number of slots. It starts small (a puzzle that logic finishes
/// quickly should not pay for clearing megabytes) and grows fourfold, forgetting what it
/// holds, each time it has stored twice as many solves as it has slots, up to its limit.
pub(crate) struct LineCache<W = u64> {
    entries: Vec<Entry<W>>,
    slots: usize,
    most_slots: usize,
    stored: usize,
}

impl<W: LineWord> LineCache<W> {
    /// A memo for a puzzle of `lines` lines (rows and columns).
    pub(crate) fn new(lines: usize) -> LineCache<W> {
        LineCache {
            entries: Vec::new(),
            slots: 0,
            most_slots: (lines * SLOTS_PER_LINE).min(MOST_SLOTS).next_power_of_two(),
            stored: 0,
        }
    }

    /// Line `line` (`clues`, `len` ≤ [`LineWord::MAX_LINE`] cells) in state `before`,
    /// narrowed by `solver` or remembered: `None` when no placement agrees with it.
    pub(crate) fn solve(
        &mut self,
        solver: &mut LineSolver,
        clues: &[u32],
        line: usize,
        len: usize,
        before: LineBits<W>,
    ) -> Option<LineBits<W>> {
        if let Some(after) = self.get(line, before) {
            return after;
        }
        let after = solver
            .solve_word(clues, before.fillable, before.emptiable, len)
            .map(|(fillable, emptiable)| LineBits { fillable, emptiable });
        self.put(line, before, after);
        after
    }

    fn slot(&self, line: usize, before: LineBits<W>) -> usize {
        let mixed = (before.fillable.fold() ^ before.emptiable.fold().rotate_left(29) ^ (line as u64) << 40)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> 32) as usize & (self.slots - 1)
    }

    /// The remembered solve of `line` in state `before`: `Some(None)` for a contradiction,
    /// `None` when it is not remembered.
    fn get(&self, line: usize, before: LineBits<W>) -> Option<Option<LineBits<W>>> {
        if self.entries.is_empty() {
            return None;
        }
        let entry = &self.entries[self.slot(line, before)];
        (entry.line == line as u32 + 1 && entry.before == before)
            .then(|| (entry.after != Entry::NO_PLACEMENT).then_some(entry.after))
    }

    /// Remember that `line` in state `before` narrows to `after` (`None`: a contradiction).
    fn put(&mut self, line: usize, before: LineBits<W>, after: Option<LineBits<W>>) {
        self.stored += 1;
        if self.stored > 2 * self.slots && self.slots < self.most_slots {
            self.slots = (4 * self.slots).clamp(FIRST_SLOTS.min(self.most_slots), self.most_slots);
            self.entries = vec![Entry::EMPTY; self.slots];
            self.stored = 1;
        }
        let slot = self.slot(line, before);
        self.entries[slot] = Entry { line: line as u32 + 1, before, after: after.unwrap_or(Entry::NO_PLACEMENT) };
    }
}
