//! The line solver: for one partially known line and its clues, which cells can be filled and
//! which can be empty in *some* placement of the blocks that agrees with what is known.
//!
//! The line is padded with one empty cell and read as a sequence of *units*: every block is
//! `c` filled cells followed by one empty separator (`c + 1` cells), and the units are
//! separated by any number of free empty cells. A dynamic programme then walks the line
//! from both ends:
//!
//! * `fwd[j][i]`: the first `i` cells can hold exactly the first `j` units (and free empties);
//! * `bwd[j][i]`: the cells from `i` to the end can hold exactly the units `j..`.
//!
//! Unit `j` can start at cell `s` when `fwd[j][s]`, its cells agree with the line, and
//! `bwd[j + 1][s + c_j + 1]`; a free empty can sit at `p` when `fwd[j][p]` and
//! `bwd[j][p + 1]` for some `j`. Unit `j` can only start within the line's *slack* (its
//! length minus what all units need) of its leftmost position `start_j`, so each table row
//! has `slack + 1` entries that matter.
//!
//! The programme runs bit-parallel: a table row is a bit vector over the positions, the
//! empties a unit may be followed by are crossed with one addition (its carry runs along a
//! stretch of emptiable cells; backwards, an occluded fill of log(slack) shifts does it), and
//! which cells a block fits at, and which it covers, come from log(block) shifts. Three widths:
//!
//! * a line of up to 62 cells is one `u64`, up to 126 one `u128` ([`solve_in_word`]): a row is
//!   one integer over the whole line, and unit `j + 1`'s row is unit `j`'s shifted by
//!   `c_j + 1` — O(clues × log length) integer operations;
//! * longer lines (up to 4096 cells) go to [`solve_words`], whose rows are `u64` words in
//!   *unit coordinates*: bit `o` of unit `j`'s row is cell `start_j + o`, so a row is
//!   ⌈(slack + 2) / 64⌉ words whatever the length, and going from unit `j` to `j + 1` takes
//!   no shift at all. That is O((clues × (slack / 64 + 1) + length / 64) × log length) word
//!   operations, where a table of bytes took O(clues × slack) steps.
//!
//! Measured against that byte table (native, random lines with 0–70% of cells known), the
//! word solver was 2.4–5× faster at 63 cells, 2.6–6× at 100, 3.7–11× at 512 and 5–20× at
//! 4096, the more clues the larger the gain. One integer beats words where it fits: `u128`
//! by 1.2–1.9× at 63–126 cells (natively; in Node's wasm Faase, 80×95, searched 15–20% more
//! nodes in 10 s), `u64` by 1.5–5× up to 62.

use super::memo::{LineMemo, MemoWord, Solved};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// A cell that can be empty (bit of a cell's possibilities).
pub(crate) const EMPTY: u8 = 1;
/// A cell that can be filled.
pub(crate) const FILLED: u8 = 2;
/// A cell that is not decided yet.
pub(crate) const UNKNOWN: u8 = EMPTY | FILLED;

/// An unsigned integer that holds a whole line as bits, positions `0..=len + 1` (the cells,
/// the padding empty cell, and one more for a carry): `u64` for lines of up to 62 cells,
/// `u128` for up to 126.
pub(crate) trait LineWord:
    MemoWord
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Not<Output = Self>
{
    /// No bit.
    const ZERO: Self;
    /// Bit 0.
    const ONE: Self;
    /// The longest line this word holds.
    const MAX_LINE: usize;
    /// `self + other`, dropping the carry out of the top bit.
    fn wrapping_add(self, other: Self) -> Self;
    /// The word of a bit vector of at most [`LineWord::MAX_LINE`] bits (missing words are 0).
    fn from_words(words: &[u64]) -> Self;
    /// `self` written over the words of a bit vector, low first, as far as `out` reaches.
    fn write_words(self, out: &mut [u64]);
    /// The scratch space of `solver` for lines held in this word.
    fn scratch(solver: &mut LineSolver) -> &mut WordScratch<Self>;
}

impl LineWord for u64 {
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    const MAX_LINE: usize = 62;
    fn wrapping_add(self, other: u64) -> u64 {
        u64::wrapping_add(self, other)
    }
    fn from_words(words: &[u64]) -> u64 {
        words[0]
    }
    fn write_words(self, out: &mut [u64]) {
        out[0] = self;
    }
    fn scratch(solver: &mut LineSolver) -> &mut WordScratch<u64> {
        &mut solver.short
    }
}

impl LineWord for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    const MAX_LINE: usize = 126;
    fn wrapping_add(self, other: u128) -> u128 {
        u128::wrapping_add(self, other)
    }
    fn from_words(words: &[u64]) -> u128 {
        u128::from(words[0]) | u128::from(words.get(1).copied().unwrap_or(0)) << 64
    }
    fn write_words(self, out: &mut [u64]) {
        out[0] = self as u64;
        if let Some(high) = out.get_mut(1) {
            *high = (self >> 64) as u64;
        }
    }
    fn scratch(solver: &mut LineSolver) -> &mut WordScratch<u128> {
        &mut solver.medium
    }
}

/// Positions reachable from `seeds` moving up one step from `p` to `p + 1` wherever `pass`
/// has bit `p`: adding the passable seeds to `pass` makes a carry run along each stretch of
/// ones and stop just past it. `pass` must have no top bit.
pub(super) fn reach_up<W: LineWord>(seeds: W, pass: W) -> W {
    seeds | (pass.wrapping_add(seeds & pass) ^ pass)
}

/// Positions reachable from `seeds` moving down from `p + 1` to `p` wherever `pass` has bit
/// `p`, for moves of at most `reach` steps (an occluded fill: after step `s`, `pass` says
/// whether `2s` consecutive moves are possible).
pub(super) fn reach_down<W: LineWord>(seeds: W, pass: W, reach: u32) -> W {
    let (mut reached, mut pass) = (seeds, pass);
    let mut step = 1;
    while step <= reach {
        reached |= pass & reached >> step;
        pass &= pass >> step;
        step *= 2;
    }
    reached
}

/// Bits `s` of `mask` such that bits `s..s + len` are all set (`len` ≥ 1).
pub(super) fn runs_from<W: LineWord>(mask: W, len: u32) -> W {
    let mut runs = mask;
    let mut covered = 1;
    while covered * 2 <= len {
        runs &= runs >> covered;
        covered *= 2;
    }
    runs & runs >> (len - covered)
}

/// Every bit `s` of `starts` smeared over `s..s + len` (`len` ≥ 1).
pub(super) fn smear<W: LineWord>(starts: W, len: u32) -> W {
    let mut smeared = starts;
    let mut covered = 1;
    while covered * 2 <= len {
        smeared |= smeared << covered;
        covered *= 2;
    }
    smeared | smeared << (len - covered)
}

/// The most clues a line of [`solve_in_word`] has: a line of at most 126 cells holds at
/// most 63 blocks.
const MOST_WORD_CLUES: usize = 64;

/// Scratch space of [`solve_in_word`]: one integer per clue.
pub(crate) struct WordScratch<W> {
    /// `fwd[j]`: the positions `i` such that the first `i` cells can hold the first `j` units.
    fwd: [W; MOST_WORD_CLUES],
    /// `fits[j]` bit `s`: unit `j` (block then separator) agrees with the line at `s`.
    fits: [W; MOST_WORD_CLUES],
}

impl<W: LineWord> Default for WordScratch<W> {
    fn default() -> Self {
        WordScratch { fwd: [W::ZERO; MOST_WORD_CLUES], fits: [W::ZERO; MOST_WORD_CLUES] }
    }
}

/// The planes of a line of `len` cells as the word solvers read them: `1 << len` minus one
/// (the line's cells), then the cells that can be filled and those that can be empty, the
/// padding cell `len` empty.
fn padded_planes<W: LineWord>(fillable: W, emptiable: W, len: usize) -> (W, W, W) {
    let all = (W::ONE << len as u32).wrapping_add(!W::ZERO);
    (all, fillable & all, (emptiable & all) | W::ONE << len as u32)
}

/// Bit `s`: a unit of a block of `c` cells (then its separator) agrees with the line at `s`.
fn unit_fits<W: LineWord>(fillable: W, emptiable: W, c: u32) -> W {
    runs_from(fillable, c) & emptiable >> c
}

/// The positions `i` such that the first `i` cells can hold one unit more than `reached`
/// says (a block of `c` cells that `fits` places, then free empties).
fn next_units<W: LineWord>(reached: W, fits: W, c: u32, emptiable: W) -> W {
    reach_up((reached & fits) << (c + 1), emptiable)
}

/// Whether some placement of `clues` agrees with a line of `len` ≤ 62 cells (bit `i` of
/// `fillable` / `emptiable`: cell `i` can be filled / empty): the forward half of
/// [`solve_in_word`], one word a step and nothing stored, for callers that only ask whether
/// a line is consistent.
pub(crate) fn has_placement(clues: &[u32], fillable: u64, emptiable: u64, len: usize) -> bool {
    let needed: usize = clues.iter().map(|&c| c as usize + 1).sum();
    if needed > len + 1 {
        return false;
    }
    let (_, fillable, emptiable) = padded_planes(fillable, emptiable, len);
    let mut reached = reach_up(1, emptiable);
    for &c in clues {
        reached = next_units(reached, unit_fits(fillable, emptiable, c), c, emptiable);
        if reached == 0 {
            return false;
        }
    }
    reached >> (len + 1) & 1 != 0
}

/// The line solver for a line of `len` ≤ [`LineWord::MAX_LINE`] cells held in one word:
/// bit `i` of `fillable` / `emptiable` says cell `i` can be filled / empty. Returns what each
/// cell can be in some placement that agrees with the line (fillable, emptiable), `None` if
/// there is none.
fn solve_in_word<W: LineWord>(
    clues: &[u32],
    fillable: W,
    emptiable: W,
    len: usize,
    scratch: &mut WordScratch<W>,
) -> Option<(W, W)> {
    let k = clues.len();
    let padded = len + 1;
    let needed: usize = clues.iter().map(|&c| c as usize + 1).sum();
    if needed > padded {
        return None;
    }
    // Every position that matters for unit `j` lies within `slack` of its leftmost one, so
    // backward moves longer than `slack` need not be followed.
    let slack = (padded - needed) as u32;
    let (all, fillable, emptiable) = padded_planes(fillable, emptiable, len);
    let padded = padded as u32;
    let WordScratch { fwd, fits } = scratch;
    // At most 63 clues: a line of 126 cells holds no more blocks.
    let (fwd, fits) = (&mut fwd[..k], &mut fits[..k]);
    let mut reached = reach_up(W::ONE, emptiable);
    for ((&c, fwd), fits) in clues.iter().zip(fwd.iter_mut()).zip(fits.iter_mut()) {
        *fwd = reached;
        *fits = unit_fits(fillable, emptiable, c);
        reached = next_units(reached, *fits, c, emptiable);
    }
    if reached >> padded & W::ONE == W::ZERO {
        return None;
    }
    let mut bwd = reach_down(W::ONE << padded, emptiable, slack);
    let mut can_fill = W::ZERO;
    let mut can_empty = reached & bwd >> 1 & emptiable;
    for ((&c, &fwd), &fits) in clues.iter().zip(fwd.iter()).zip(fits.iter()).rev() {
        let seeds = fits & bwd >> (c + 1);
        let starts = fwd & seeds;
        can_fill |= smear(starts, c);
        can_empty |= starts << c;
        bwd = reach_down(seeds, emptiable, slack);
        can_empty |= fwd & bwd >> 1 & emptiable;
    }
    Some((can_fill & all, can_empty & all))
}

/// Word `w` of the bit vector `v >> s` (bits past `v`'s end read as 0).
fn word_down(v: &[u64], w: usize, s: usize) -> u64 {
    let (i, bits) = (w + s / 64, s % 64);
    let low = v.get(i).copied().unwrap_or(0);
    if bits == 0 {
        low
    } else {
        low >> bits | v.get(i + 1).copied().unwrap_or(0) << (64 - bits)
    }
}

/// Word `w` of the bit vector `v << s` (bits past `v`'s end read as 0).
fn word_up(v: &[u64], w: usize, s: usize) -> u64 {
    let Some(i) = w.checked_sub(s / 64) else {
        return 0;
    };
    let bits = s % 64;
    let high = v.get(i).copied().unwrap_or(0);
    if bits == 0 {
        high
    } else if i == 0 {
        high << bits
    } else {
        high << bits | v[i - 1] >> (64 - bits)
    }
}

/// `dst |= src << at`, dropping the bits past `dst`'s end.
#[allow(clippy::needless_range_loop)] // `w` indexes `dst` and, shifted, `src`: the hot loop as measured
fn or_shifted_up(dst: &mut [u64], src: &[u64], at: usize) {
    let first = at / 64;
    let last = dst.len().min(first + src.len() + 1);
    for w in first..last {
        dst[w] |= word_up(src, w - first, at % 64);
    }
}

/// Keep bits `0..bits` of `v`: the word holding bit `bits` masked, the words above cleared.
fn keep_low(v: &mut [u64], bits: usize) {
    if let Some((word, above)) = v.get_mut(bits / 64..).and_then(<[u64]>::split_first_mut) {
        *word &= (1u64 << (bits % 64)) - 1;
        above.fill(0);
    }
}

/// [`reach_up`] on multi-word vectors: `reached` holds the seeds and receives the positions
/// reached (the addition's carry runs from word to word). `pass` must be shorter than
/// `reached` by at least one bit.
fn reach_up_words(reached: &mut [u64], pass: &[u64]) {
    let mut carry = false;
    for (r, &p) in reached.iter_mut().zip(pass) {
        let (sum, over) = p.overflowing_add(*r & p);
        let (sum, over_carry) = sum.overflowing_add(u64::from(carry));
        carry = over | over_carry;
        *r |= sum ^ p;
    }
}

/// The bit vector `v` of one or two words read as one integer, changed by `op` and written
/// back: the multi-word operations below take this shortcut on short vectors.
fn as_integer<W: LineWord>(v: &mut [u64], op: impl FnOnce(W) -> W) {
    op(W::from_words(v)).write_words(v);
}

/// [`reach_down`] on multi-word vectors; `pass` is spent.
fn reach_down_words(reached: &mut [u64], pass: &mut [u64], reach: usize) {
    match reached.len() {
        1 => return as_integer(reached, |r| reach_down(r, u64::from_words(pass), reach as u32)),
        2 => return as_integer(reached, |r| reach_down(r, u128::from_words(pass), reach as u32)),
        _ => {}
    }
    let mut step = 1;
    while step <= reach {
        // Ascending words read only words not yet rewritten (or the current one before).
        for w in 0..reached.len() {
            reached[w] |= pass[w] & word_down(reached, w, step);
            pass[w] &= word_down(pass, w, step);
        }
        step *= 2;
    }
}

/// [`runs_from`] on a multi-word vector, in place.
fn runs_from_words(runs: &mut [u64], len: usize) {
    match runs.len() {
        1 if len < 64 => return as_integer(runs, |r: u64| runs_from(r, len as u32)),
        2 if len < 128 => return as_integer(runs, |r: u128| runs_from(r, len as u32)),
        _ => {}
    }
    let mut covered = 1;
    while covered * 2 <= len {
        for w in 0..runs.len() {
            runs[w] &= word_down(runs, w, covered);
        }
        covered *= 2;
    }
    if len > covered {
        for w in 0..runs.len() {
            runs[w] &= word_down(runs, w, len - covered);
        }
    }
}

/// [`smear`] on a multi-word vector, in place (bits smeared past its end are dropped).
fn smear_words(smeared: &mut [u64], len: usize) {
    match smeared.len() {
        1 if len < 64 => return as_integer(smeared, |r: u64| smear(r, len as u32)),
        2 if len < 128 => return as_integer(smeared, |r: u128| smear(r, len as u32)),
        _ => {}
    }
    let mut covered = 1;
    while covered * 2 <= len {
        // Descending words read only words not yet rewritten.
        for w in (0..smeared.len()).rev() {
            smeared[w] |= word_up(smeared, w, covered);
        }
        covered *= 2;
    }
    if len > covered {
        for w in (0..smeared.len()).rev() {
            smeared[w] |= word_up(smeared, w, len - covered);
        }
    }
}

/// Scratch space of [`solve_words`]. Its tables are kept in *unit coordinates*: bit `o` of
/// a row for unit `j` stands for cell `start_j + o`, `start_j` being the leftmost cell unit
/// `j` can start at, and `o` runs over `0..=slack`. The step from unit `j` to unit `j + 1`
/// is then no shift at all, and every row is ⌈(slack + 2) / 64⌉ words (room for an
/// addition's carry) whatever the line's length.
#[derive(Default)]
struct WordsScratch {
    /// The line's fillable cells.
    fillable: Vec<u64>,
    /// The line's emptiable cells, with the padding empty cell.
    emptiable: Vec<u64>,
    /// Row `j`: the emptiable cells from `start_j` on.
    empties: Vec<u64>,
    /// Row `j`: `fwd[j]` of the module documentation.
    fwd: Vec<u64>,
    /// Row `j`: where unit `j` (block then separator) agrees with the line.
    fits: Vec<u64>,
    /// One row of `bwd`, unit after unit from the last.
    bwd: Vec<u64>,
    /// A row to spend in [`reach_down_words`].
    pass: Vec<u64>,
    /// Room for a block's cells (its fillable runs, or its possible starts smeared), or for
    /// a row.
    wide: Vec<u64>,
    /// The result: cells that can be filled.
    can_fill: Vec<u64>,
    /// The result: cells that can be empty.
    can_empty: Vec<u64>,
}

/// The line solver on multi-word bit vectors, for a line of any `len`: `fillable` and
/// `emptiable` hold bit `i` for cell `i` (`len.div_ceil(64)` words each). Returns `false`
/// when no placement agrees with the line; otherwise `scratch.can_fill` and
/// `scratch.can_empty` hold what each cell can be in some placement.
// Not inlined into the propagation loop: a browser compiles wasm first with a quick baseline
// compiler and optimises a function once it has been called often, and the propagation loop
// may be entered only once for a whole solve (Cauldron, 512×512, in Node: 25% faster).
#[inline(never)]
#[allow(clippy::needless_range_loop)] // `j` indexes the clues and, one further, the tables of starts
fn solve_words(clues: &[u32], fillable: &[u64], emptiable: &[u64], len: usize, scratch: &mut WordsScratch) -> bool {
    let k = clues.len();
    let padded = len + 1;
    let needed: usize = clues.iter().map(|&c| c as usize + 1).sum();
    if needed > padded {
        return false;
    }
    let slack = padded - needed;
    // Bits `0..=slack` of a row, plus one for the carry of an addition.
    let row = (slack + 2).div_ceil(64);
    let line_words = len.div_ceil(64);
    let s = scratch;
    s.fillable.clear();
    s.fillable.extend_from_slice(&fillable[..line_words]);
    keep_low(&mut s.fillable, len);
    s.emptiable.clear();
    s.emptiable.extend_from_slice(&emptiable[..line_words]);
    keep_low(&mut s.emptiable, len);
    s.emptiable.resize(padded.div_ceil(64), 0);
    s.emptiable[len / 64] |= 1 << (len % 64);

    // Room for the cells a block can cover, from its leftmost start on.
    let widest = clues.iter().map(|&c| slack + 1 + c as usize).max().unwrap_or(0);
    s.wide.resize(widest.div_ceil(64).max(row), 0);
    s.pass.resize(row, 0);
    s.empties.clear();
    s.empties.resize((k + 1) * row, 0);
    s.fits.clear();
    s.fits.resize(k * row, 0);
    let mut start = 0;
    for j in 0..=k {
        let empties = &mut s.empties[j * row..(j + 1) * row];
        for (w, word) in empties.iter_mut().enumerate() {
            *word = word_down(&s.emptiable, w, start);
        }
        keep_low(empties, slack + 1);
        if j == k {
            break;
        }
        let c = clues[j] as usize;
        let runs = &mut s.wide[..(slack + c).div_ceil(64).max(row)];
        for (w, word) in runs.iter_mut().enumerate() {
            *word = word_down(&s.fillable, w, start);
        }
        runs_from_words(runs, c);
        let fits = &mut s.fits[j * row..(j + 1) * row];
        for (w, word) in fits.iter_mut().enumerate() {
            *word = runs[w] & word_down(&s.emptiable, w, start + c);
        }
        keep_low(fits, slack + 1);
        start += c + 1;
    }

    s.fwd.clear();
    s.fwd.resize((k + 1) * row, 0);
    s.fwd[0] = 1;
    for j in 0..=k {
        let (before, this) = s.fwd.split_at_mut(j * row);
        let this = &mut this[..row];
        if j > 0 {
            let previous = &before[(j - 1) * row..];
            for w in 0..row {
                this[w] = previous[w] & s.fits[(j - 1) * row + w];
            }
        }
        reach_up_words(this, &s.empties[j * row..(j + 1) * row]);
        keep_low(this, slack + 1);
    }
    if s.fwd[k * row + slack / 64] >> (slack % 64) & 1 == 0 {
        return false;
    }

    s.can_fill.clear();
    s.can_fill.resize(line_words, 0);
    s.can_empty.clear();
    s.can_empty.resize(line_words, 0);
    s.bwd.clear();
    s.bwd.resize(row, 0);
    s.bwd[slack / 64] = 1 << (slack % 64);
    let mut start = needed;
    for j in (0..=k).rev() {
        let fwd = &s.fwd[j * row..(j + 1) * row];
        let empties = &s.empties[j * row..(j + 1) * row];
        if j < k {
            // `bwd` holds row `j + 1`: unit `j` can start where it fits and that row allows.
            let c = clues[j] as usize;
            start -= c + 1;
            let covered = &mut s.wide[..(slack + 1 + c).div_ceil(64)];
            covered.fill(0);
            for w in 0..row {
                s.bwd[w] &= s.fits[j * row + w];
                covered[w] = s.bwd[w] & fwd[w];
            }
            or_shifted_up(&mut s.can_empty, &covered[..row], start + c);
            smear_words(covered, c);
            or_shifted_up(&mut s.can_fill, covered, start);
        }
        s.pass.copy_from_slice(empties);
        reach_down_words(&mut s.bwd, &mut s.pass, slack);
        // A free empty cell at `start + o`: reached from the left, leaving the rest to `bwd`.
        let free = &mut s.wide[..row];
        for (w, word) in free.iter_mut().enumerate() {
            *word = fwd[w] & empties[w] & word_down(&s.bwd, w, 1);
        }
        or_shifted_up(&mut s.can_empty, free, start);
    }
    keep_low(&mut s.can_fill, len);
    keep_low(&mut s.can_empty, len);
    true
}

/// The longest line held in one `u64` per plane: the lines clause learning takes, and the
/// default memo's.
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

/// The line solver: [`solve_in_word`] for lines of up to 126 cells (on `u64` up to 62),
/// [`solve_words`] for longer ones, with their scratch space reused from line to line so that
/// solving allocates nothing once the buffers have grown to the longest line.
#[derive(Default)]
pub(crate) struct LineSolver {
    /// The scratch of lines of up to 62 cells.
    short: WordScratch<u64>,
    /// The scratch of lines of 63 to 126 cells.
    medium: WordScratch<u128>,
    /// The scratch of longer lines; it holds every result.
    words: WordsScratch,
}

/// [`solve_in_word`] on the words of a line, its result left in `out`.
fn solve_in_word_of<W: LineWord>(
    clues: &[u32],
    fillable: &[u64],
    emptiable: &[u64],
    len: usize,
    scratch: &mut WordScratch<W>,
    out: &mut WordsScratch,
) -> bool {
    let line = (W::from_words(fillable), W::from_words(emptiable));
    let Some((can_fill, can_empty)) = solve_in_word(clues, line.0, line.1, len, scratch) else {
        return false;
    };
    let words = len.div_ceil(64);
    out.can_fill.resize(words, 0);
    can_fill.write_words(&mut out.can_fill);
    out.can_empty.resize(words, 0);
    can_empty.write_words(&mut out.can_empty);
    true
}

impl LineSolver {
    /// Narrow a line of `len` cells given as bit planes (`fillable`, `emptiable`: bit `i` of
    /// the words for cell `i`) under `clues`. Returns `false` when no placement agrees with
    /// the line (a contradiction); otherwise [`LineSolver::narrowed`] holds, for every cell,
    /// the values it takes in at least one placement.
    pub(crate) fn solve(&mut self, clues: &[u32], fillable: &[u64], emptiable: &[u64], len: usize) -> bool {
        let out = &mut self.words;
        if len <= u64::MAX_LINE {
            solve_in_word_of(clues, fillable, emptiable, len, &mut self.short, out)
        } else if len <= u128::MAX_LINE {
            solve_in_word_of(clues, fillable, emptiable, len, &mut self.medium, out)
        } else {
            solve_words(clues, fillable, emptiable, len, out)
        }
    }

    /// [`LineSolver::solve`] for a line of `len` ≤ [`LineWord::MAX_LINE`] cells in one word
    /// per plane, returning the narrowed planes (fillable, emptiable) directly; `None`: no
    /// placement.
    pub(crate) fn solve_word<W: LineWord>(
        &mut self,
        clues: &[u32],
        fillable: W,
        emptiable: W,
        len: usize,
    ) -> Option<(W, W)> {
        solve_in_word(clues, fillable, emptiable, len, W::scratch(self))
    }

    /// [`LineSolver::solve_word`] of line `line` (`clues`, `len` cells) in state `before`,
    /// through `memo` (whose states are the two planes): `None` when no placement agrees.
    pub(crate) fn solve_memo<W: LineWord>(
        &mut self,
        memo: &mut LineMemo<W>,
        clues: &[u32],
        line: usize,
        len: usize,
        before: LineBits<W>,
    ) -> Option<LineBits<W>> {
        let mut planes = [before.fillable, before.emptiable];
        let solved = memo.solve(line, &mut planes, |planes| match self.solve_word(clues, planes[0], planes[1], len) {
            None => Solved::NoPlacement,
            Some(after) if after == (planes[0], planes[1]) => Solved::Unchanged,
            Some((fillable, emptiable)) => {
                planes.copy_from_slice(&[fillable, emptiable]);
                Solved::Narrowed
            }
        });
        (solved != Solved::NoPlacement).then_some(LineBits { fillable: planes[0], emptiable: planes[1] })
    }

    /// The result of the last successful [`LineSolver::solve`]: the cells that can be filled
    /// and the cells that can be empty, as words.
    pub(crate) fn narrowed(&self) -> (&[u64], &[u64]) {
        (&self.words.can_fill, &self.words.can_empty)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A line's cells from text: `.` empty, `#` filled, `?` unknown (also the techniques' tests).
    pub(crate) fn line(text: &str) -> Vec<u8> {
        text.chars()
            .map(|ch| match ch {
                '.' => EMPTY,
                '#' => FILLED,
                _ => UNKNOWN,
            })
            .collect()
    }

    fn show(cells: &[u8]) -> String {
        cells
            .iter()
            .map(|&c| match c {
                EMPTY => '.',
                FILLED => '#',
                UNKNOWN => '?',
                _ => '!',
            })
            .collect()
    }

    /// The bit planes (fillable, emptiable) of `cells`.
    fn planes(cells: &[u8]) -> (Vec<u64>, Vec<u64>) {
        let mut fillable = vec![0; cells.len().div_ceil(64)];
        let mut emptiable = fillable.clone();
        for (i, &cell) in cells.iter().enumerate() {
            fillable[i / 64] |= u64::from(cell & FILLED != 0) << (i % 64);
            emptiable[i / 64] |= u64::from(cell & EMPTY != 0) << (i % 64);
        }
        (fillable, emptiable)
    }

    /// The cells of bit planes.
    fn cells(fillable: &[u64], emptiable: &[u64], len: usize) -> Vec<u8> {
        (0..len)
            .map(|i| {
                let bit = |plane: &[u64]| plane[i / 64] >> (i % 64) & 1 != 0;
                (if bit(fillable) { FILLED } else { 0 }) | (if bit(emptiable) { EMPTY } else { 0 })
            })
            .collect()
    }

    /// The line solver's answer (through whichever solver the length picks).
    fn solve(solver: &mut LineSolver, clues: &[u32], partial: &[u8]) -> Option<Vec<u8>> {
        let (fillable, emptiable) = planes(partial);
        solver.solve(clues, &fillable, &emptiable, partial.len()).then(|| {
            let (fillable, emptiable) = solver.narrowed();
            cells(fillable, emptiable, partial.len())
        })
    }

    /// [`solve_words`]'s answer, whatever the length.
    fn solve_by_words(scratch: &mut WordsScratch, clues: &[u32], partial: &[u8]) -> Option<Vec<u8>> {
        let (fillable, emptiable) = planes(partial);
        solve_words(clues, &fillable, &emptiable, partial.len(), scratch)
            .then(|| cells(&scratch.can_fill, &scratch.can_empty, partial.len()))
    }

    fn solved(clues: &[u32], text: &str) -> Option<String> {
        solve(&mut LineSolver::default(), clues, &line(text)).map(|cells| show(&cells))
    }

    /// The runs of filled cells of a full line.
    fn clues_of(cells: &[u8]) -> Vec<u32> {
        crate::nonogram::puzzle::runs(cells.iter().map(|&c| u8::from(c == FILLED)))
    }

    /// Whether some placement of `clues` agrees with `cells`: a plain recursion over (cell,
    /// clue), memoised — independent of the solvers under test.
    fn placeable(clues: &[u32], cells: &[u8]) -> bool {
        let (n, k) = (cells.len(), clues.len());
        // unfillable[i]: how many of the first i cells cannot be filled.
        let unfillable: Vec<usize> = std::iter::once(0)
            .chain(cells.iter().scan(0, |count, &c| {
                *count += usize::from(c & FILLED == 0);
                Some(*count)
            }))
            .collect();
        // fits[i][j]: cells i.. can hold clues j..
        let mut fits = vec![vec![false; k + 1]; n + 1];
        fits[n][k] = true;
        for i in (0..n).rev() {
            for j in 0..=k {
                let by_empty = cells[i] & EMPTY != 0 && fits[i + 1][j];
                let by_block = j < k && {
                    let end = i + clues[j] as usize;
                    end <= n
                        && unfillable[end] == unfillable[i]
                        && (end == n || (cells[end] & EMPTY != 0 && fits[end + 1][j + 1]))
                        && (end < n || j + 1 == k)
                };
                fits[i][j] = by_empty || by_block;
            }
        }
        fits[0][0]
    }

    /// The narrowed line by definition: each value of each cell is kept when some placement
    /// agrees with the line with that cell set to that value.
    fn narrowed_by_definition(clues: &[u32], partial: &[u8]) -> Option<Vec<u8>> {
        if !placeable(clues, partial) {
            return None;
        }
        let mut trial = partial.to_vec();
        Some(
            (0..partial.len())
                .map(|i| {
                    let mut values = 0;
                    for value in [EMPTY, FILLED] {
                        if partial[i] & value != 0 {
                            trial[i] = value;
                            if placeable(clues, &trial) {
                                values |= value;
                            }
                        }
                    }
                    trial[i] = partial[i];
                    values
                })
                .collect(),
        )
    }

    #[test]
    fn overlap_of_a_long_block() {
        assert_eq!(solved(&[8], "??????????").as_deref(), Some("??######??"));
    }

    #[test]
    fn exact_fit_is_forced() {
        assert_eq!(solved(&[3, 1, 2], "????????").as_deref(), Some("###.#.##"));
    }

    #[test]
    fn no_clues_means_all_empty() {
        assert_eq!(solved(&[], "????").as_deref(), Some("...."));
        assert_eq!(solved(&[], "??#?"), None);
    }

    #[test]
    fn known_cells_push_blocks() {
        // The 3 must cover the filled cell at index 1 (the 1 cannot: the 3 comes first),
        // so it lies at 0-2 or 1-3.
        assert_eq!(solved(&[3, 1], "?#????????").as_deref(), Some("?##???????"));
        // An empty cell splits the line: the 2 cannot sit left of it.
        assert_eq!(solved(&[2], "?.????").as_deref(), Some("..????"));
        // Filled cell at the end anchors the last block.
        assert_eq!(solved(&[1, 2], "?????#").as_deref(), Some("???.##"));
        assert_eq!(solved(&[1, 2], "????.#"), None);
    }

    #[test]
    fn complete_lines_are_checked() {
        assert_eq!(solved(&[2, 1], "##.#.").as_deref(), Some("##.#."));
        assert_eq!(solved(&[2, 1], "##..."), None);
        assert_eq!(solved(&[2, 1], "###.#"), None);
        assert_eq!(solved(&[1], "#").as_deref(), Some("#"));
    }

    #[test]
    fn filled_cells_between_blocks_are_attributed() {
        // 1 1 in five cells with cells 0 and 4 filled: the middle must be empty.
        assert_eq!(solved(&[1, 1], "#???#").as_deref(), Some("#...#"));
        // Placements 0-1/3-4, 0-1/4-5 and 1-2/4-5: only cells 1 and 4 agree.
        assert_eq!(solved(&[2, 2], "?#??#?").as_deref(), Some("?#??#?"));
        // With both ends empty the blocks would have to be 1-2 and 3-4: no separator.
        assert_eq!(solved(&[2, 2], ".#??#."), None);
    }

    #[test]
    fn long_lines_across_words() {
        // A 100 of 130 cells: cells 30..100 are filled whatever the placement.
        let mut expected = "?".repeat(30) + &"#".repeat(70) + &"?".repeat(30);
        assert_eq!(solved(&[100], &"?".repeat(130)), Some(expected.clone()));
        // A filled cell at 129 pins it to 30..130.
        expected = ".".repeat(30) + &"#".repeat(100);
        assert_eq!(solved(&[100], &("?".repeat(129) + "#")), Some(expected));
        // Blocks of one in every other cell of 4095: exactly one placement.
        let clues = vec![1; 2048];
        let alternating: String = (0..4095).map(|i| if i % 2 == 0 { '#' } else { '.' }).collect();
        assert_eq!(solved(&clues, &"?".repeat(4095)), Some(alternating));
        assert_eq!(solved(&clues, &"?".repeat(4094)), None);
    }

    #[test]
    fn agrees_with_brute_force_on_all_short_lines() {
        // Every clue list and every partial line of length up to 7: each solver's answer
        // equals the union of all placements that agree with the line.
        let mut solver = LineSolver::default();
        let mut scratch = WordsScratch::default();
        for n in 1..=7usize {
            let fulls: Vec<Vec<u8>> = (0..1u32 << n)
                .map(|bits| (0..n).map(|i| if bits >> i & 1 == 1 { FILLED } else { EMPTY }).collect())
                .collect();
            let mut all_clues: Vec<Vec<u32>> = fulls.iter().map(|f| clues_of(f)).collect();
            all_clues.sort();
            all_clues.dedup();
            for clues in &all_clues {
                for partial_code in 0..3u32.pow(n as u32) {
                    let partial: Vec<u8> = (0..n)
                        .map(|i| [EMPTY, FILLED, UNKNOWN][(partial_code / 3u32.pow(i as u32) % 3) as usize])
                        .collect();
                    let mut union = vec![0u8; n];
                    for full in fulls.iter().filter(|f| clues_of(f) == *clues) {
                        if full.iter().zip(&partial).all(|(f, p)| f & p != 0) {
                            for (u, f) in union.iter_mut().zip(full) {
                                *u |= f;
                            }
                        }
                    }
                    let expected = union.iter().all(|&u| u != 0).then_some(union);
                    let shown = show(&partial);
                    assert_eq!(solve(&mut solver, clues, &partial), expected, "{clues:?} {shown}");
                    assert_eq!(solve_by_words(&mut scratch, clues, &partial), expected, "words {clues:?} {shown}");
                }
            }
        }
    }

    /// Random lines: a random full line gives the clues, then cells are hidden, and in one
    /// round of three a known cell is flipped (often a contradiction). Each is passed to
    /// `check` with whether the full line agrees with it.
    fn random_lines(rounds: usize, lengths: impl Fn(usize) -> usize, mut check: impl FnMut(&[u32], &[u8], bool)) {
        let mut rng = crate::engine::generate::Rng::new(0x9e37_79b9);
        let mut next = move || u64::from(rng.next_u32());
        for round in 0..rounds {
            let n = lengths(round);
            let density = next() % 100;
            let full: Vec<u8> = (0..n).map(|_| if next() % 100 < density { FILLED } else { EMPTY }).collect();
            let clues = clues_of(&full);
            let hidden = next() % 100;
            let mut partial: Vec<u8> = full.iter().map(|&c| if next() % 100 < hidden { UNKNOWN } else { c }).collect();
            let flip = round % 3 == 0;
            if flip {
                let i = (next() % n as u64) as usize;
                if partial[i] != UNKNOWN {
                    partial[i] ^= UNKNOWN; // filled ↔ empty
                }
            }
            check(&clues, &partial, !flip);
        }
    }

    #[test]
    fn has_placement_agrees_with_the_definition_on_random_lines() {
        random_lines(
            3000,
            |round| 1 + round % 62,
            |clues, partial, agrees| {
                let expected = placeable(clues, partial);
                assert!(expected || !agrees);
                let (fillable, emptiable) = planes(partial);
                let shown = show(partial);
                assert_eq!(
                    has_placement(clues, fillable[0], emptiable[0], partial.len()),
                    expected,
                    "{clues:?} {shown}"
                );
            },
        );
    }

    #[test]
    fn words_agree_with_the_definition_on_random_lines() {
        // Lengths 1..=200 in turn, then the word boundaries again and again.
        const BOUNDARIES: [usize; 9] = [62, 63, 64, 65, 66, 127, 128, 129, 192];
        let mut solver = LineSolver::default();
        let mut scratch = WordsScratch::default();
        let lengths = |round: usize| {
            if round < 1200 {
                1 + round % 200
            } else {
                BOUNDARIES[round % BOUNDARIES.len()]
            }
        };
        random_lines(2100, lengths, |clues, partial, agrees| {
            let expected = narrowed_by_definition(clues, partial);
            let shown = show(partial);
            assert!(expected.is_some() || !agrees, "{clues:?} {shown}");
            assert_eq!(solve(&mut solver, clues, partial), expected, "{clues:?} {shown}");
            assert_eq!(solve_by_words(&mut scratch, clues, partial), expected, "words {clues:?} {shown}");
        });
    }
}
