//! The one memo of line solves, for black-and-white and colour lines alike. Probing supposes
//! a value, propagates and undoes it, hundreds of times per search node, and clause learning
//! solves every line again after each backjump, so the same line in the same state is solved
//! again and again; a lookup here costs a hash and one compare instead of a solve.
//!
//! A line's state is a short slice of words: a black-and-white line of up to 126 cells is
//! two words (its *fillable* and *emptiable* planes, `u64` or `u128`), a colour line one
//! colour mask per cell. The memo maps (line, state) to what the solver made of it: the
//! narrowed state, or no placement.
//!
//! The memo is direct-mapped: an entry lives at the slot its key hashes to, and a newer key
//! that hashes there replaces it. Keys are complete (the line and every word of its state),
//! so a hit is always right; a miss just solves the line. A slot is one run of words (a tag
//! holding the line and the outcome, the key, the result), so a lookup touches one place.
//!
//! It starts small (a puzzle that logic finishes quickly should not pay for clearing
//! megabytes) and grows fourfold, forgetting what it holds, each time it has stored twice as
//! many solves as it has slots, up to [`SLOTS_PER_LINE`] slots per line of the puzzle, at
//! most [`MOST_SLOTS`] and [`MOST_BYTES`] in all: on random 25×25 black-and-white puzzles,
//! 512 slots a line saved 60% of the line solver's work, 64 a line 35%.

/// Memo slots per line of the puzzle.
const SLOTS_PER_LINE: usize = 512;
/// The most slots a memo grows to.
const MOST_SLOTS: usize = 1 << 16;
/// The most bytes a memo grows to (2.6 MB for `u64` black-and-white lines, 5.2 MB for
/// `u128` ones, at most 6 MB for colour lines, whose slots are a mask per cell).
const MOST_BYTES: usize = 6 << 20;
/// The fewest slots the memo starts with.
const FIRST_SLOTS: usize = 1 << 10;

/// A word of a line's state: what the memo stores and hashes.
pub(crate) trait MemoWord: Copy + Eq + From<u32> {
    /// The word folded into 64 bits (for hashing).
    fn fold(self) -> u64;
}

impl MemoWord for u64 {
    fn fold(self) -> u64 {
        self
    }
}

impl MemoWord for u128 {
    fn fold(self) -> u64 {
        self as u64 ^ (self >> 64) as u64
    }
}

/// What a line solve found, as the memo keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Solved {
    /// No placement agrees with the state.
    NoPlacement,
    /// The state is the line's fixpoint already.
    Unchanged,
    /// The solve narrowed the state.
    Narrowed,
}

impl Solved {
    /// The outcome's code in a slot's tag (below 4).
    fn code(self) -> u32 {
        match self {
            Solved::NoPlacement => 1,
            Solved::Unchanged => 2,
            Solved::Narrowed => 3,
        }
    }

    /// The outcome of a tag's code.
    fn of_code(code: u32) -> Solved {
        match code {
            1 => Solved::NoPlacement,
            2 => Solved::Unchanged,
            _ => Solved::Narrowed,
        }
    }
}

/// The memo: a power-of-two number of slots of `1 + 2 × width` words each (the tag, the key,
/// the result), `width` being the longest state it takes.
pub(crate) struct LineMemo<W> {
    words: Vec<W>,
    width: usize,
    slots: usize,
    most_slots: usize,
    stored: usize,
}

impl<W: MemoWord> LineMemo<W> {
    /// A memo for a puzzle of `lines` lines whose states are at most `width` words.
    pub(crate) fn new(lines: usize, width: usize) -> LineMemo<W> {
        let slot_bytes = (1 + 2 * width) * std::mem::size_of::<W>();
        let by_bytes = (MOST_BYTES / slot_bytes).max(1);
        let by_bytes = 1 << (usize::BITS - 1 - by_bytes.leading_zeros());
        LineMemo {
            words: Vec::new(),
            width,
            slots: 0,
            most_slots: (lines * SLOTS_PER_LINE).next_power_of_two().min(MOST_SLOTS).min(by_bytes),
            stored: 0,
        }
    }

    /// Solve line `line` in state `state` (at most `width` words), in place: from the memo
    /// when it holds the same line in the same state, else by `solve` (which narrows `state`
    /// and says what it found; `state` is left as it was on [`Solved::NoPlacement`]).
    pub(crate) fn solve(&mut self, line: usize, state: &mut [W], solve: impl FnOnce(&mut [W]) -> Solved) -> Solved {
        let len = state.len();
        let tag_of = |code: u32| W::from((line as u32 + 1) << 2 | code);
        if self.slots > 0 {
            let at = self.slot(line, state);
            let slot = &self.words[at..at + 1 + 2 * self.width];
            let code = slot[0].fold() as u32;
            if code >> 2 == line as u32 + 1 && slot[1..=len] == *state {
                let solved = Solved::of_code(code & 3);
                if solved == Solved::Narrowed {
                    state.copy_from_slice(&slot[1 + self.width..1 + self.width + len]);
                }
                return solved;
            }
        }
        self.stored += 1;
        if self.stored > 2 * self.slots && self.slots < self.most_slots {
            self.slots = (4 * self.slots).clamp(FIRST_SLOTS.min(self.most_slots), self.most_slots);
            self.words = vec![W::from(0); self.slots * (1 + 2 * self.width)];
            self.stored = 1;
        }
        let at = self.slot(line, state);
        self.words[at + 1..at + 1 + len].copy_from_slice(state);
        let solved = solve(state);
        if solved == Solved::Narrowed {
            let result = at + 1 + self.width;
            self.words[result..result + len].copy_from_slice(state);
        }
        self.words[at] = tag_of(solved.code());
        solved
    }

    /// Where the slot of line `line` in state `state` starts in `words`.
    fn slot(&self, line: usize, state: &[W]) -> usize {
        let mut hash = line as u64;
        for &word in state {
            hash = (hash.rotate_left(5) ^ word.fold()).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
        ((hash >> 32) as usize & (self.slots - 1)) * (1 + 2 * self.width)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_gives_what_the_solve_gave_and_a_miss_solves() {
        let mut memo = LineMemo::<u64>::new(2, 3);
        let solves = std::cell::Cell::new(0);
        let narrow = |state: &mut [u64]| {
            solves.set(solves.get() + 1);
            if state[0] == 0 {
                return Solved::NoPlacement;
            }
            state[0] &= 0b101;
            Solved::Narrowed
        };
        for _ in 0..2 {
            let mut state = [0b111, 9];
            assert_eq!(memo.solve(1, &mut state, narrow), Solved::Narrowed);
            assert_eq!(state, [0b101, 9]);
            let mut state = [0, 9, 4];
            assert_eq!(memo.solve(0, &mut state, narrow), Solved::NoPlacement);
            assert_eq!(state, [0, 9, 4]);
        }
        assert_eq!(solves.get(), 2, "the second round came from the memo");
        // The same state on another line is another key.
        assert_eq!(memo.solve(0, &mut [0b111, 9], narrow), Solved::Narrowed);
        assert_eq!(solves.get(), 3);
    }

    #[test]
    fn the_memo_grows_within_its_bounds() {
        let memo = LineMemo::<u64>::new(1000, 2);
        assert_eq!(memo.most_slots, MOST_SLOTS);
        let memo = LineMemo::<u64>::new(4, 2);
        assert_eq!(memo.most_slots, 2048);
        let wide = LineMemo::<u64>::new(200, 100);
        assert!(wide.most_slots * 201 * 8 <= MOST_BYTES);
    }
}
