//! The colour line solver: for one line of a colour nonogram, what is known of its cells and
//! its blocks, which colours every cell takes in *some* placement of the blocks.
//!
//! A cell is a bit mask of the colours it can still take ([`Mask`]: bit 0 the background, bit
//! `c` colour `c`), as in pbnsolve. A dynamic programme over (blocks × cells) walks the line
//! from both ends, with two flags per entry because of the gap rule (blocks of the same colour
//! need a background cell between them, blocks of different colours may touch):
//!
//! * `fwd[j][i]`: the first `i` cells can hold exactly the first `j` blocks, with cell `i - 1`
//!   background ([`AFTER_GAP`]) or with block `j - 1` ending there ([`AFTER_BLOCK`]);
//! * `bwd[j][i]`: the cells from `i` on can hold exactly the blocks `j..`, with cell `i`
//!   background (or `i` the end) ([`AFTER_GAP`]) or with block `j` starting there
//!   ([`AFTER_BLOCK`]).
//!
//! Block `j` of colour `c` fits at `s..e` when every cell there can be `c`, the prefix before
//! `s` holds blocks `..j` — ending in a gap, or in a block of another colour — and the suffix
//! from `e` holds blocks `j + 1..` under the same rule. A cell `k` can be background when some
//! `j` has `fwd[j][k]`, `bwd[j][k + 1]` and cell `k` can be background. Which cells fitting
//! blocks cover comes from a difference array per colour.
//!
//! Only a band of each table row is filled: a prefix of `j` blocks needs at least `lo[j]` cells
//! (their lengths and a gap between neighbours of one colour) and leaves room for the rest
//! only up to `hi[j]`; outside `lo[j]..=hi[j]` an entry is empty or on no complete placement,
//! so it is left 0 without changing any result. Every band is `length - lo[blocks] + 1` wide
//! (the line's slack). Whether cells `s..e` can all take a colour is one subtraction of prefix
//! counts of the cells that cannot. This table solve is O(blocks × slack + length × colours);
//! it keeps its tables between solves, and serves lines of more than 126 cells.
//!
//! **Whether a line has a placement at all** ([`has_placement_in_planes`]) is the forward half
//! of that programme done bit-parallel, for lines of at most 126 cells: the cells as one bit
//! plane per value (bit `k` of plane `v`: cell `k` can take `v`), and per block two words over
//! the positions `0..=length` — the prefixes that can end with the block (`AFTER_BLOCK`) and
//! those that end in background after it (`AFTER_GAP`). A block of length `l` and colour `c`
//! can end at `i` when a run of `l` cells that can be `c` starts at `i - l` (`runs_from`) and
//! the prefix before it ends in a gap, or in a block of another colour; the gaps after it are
//! the carry of one addition (`reach_up`) along the background plane. O(blocks × log length)
//! word operations, nothing allocated or stored. [`TrialLine`] holds a line as such planes for
//! callers that widen and narrow it a value at a time and only ask whether it still fits
//! (clause learning's explanations); beyond 126 cells it falls back to the full solver.
//!
//! **Lines of up to 126 cells are solved by bit planes** (one `u64` or `u128` per value): that
//! forward pass, recorded per block, then the same rules mirrored from the end (`reach_down`
//! along the background), a block's possible starts being those both passes allow, smeared
//! over its length for the cells its colour covers. O(blocks × log length) word operations,
//! plus O(length × colours) to turn masks into planes and back; the same result as the table
//! (a test compares both on thousands of lines).

use super::mono::{reach_down, reach_up, runs_from, smear, LineWord};
use crate::nonogram::color::{Block, MAX_COLORS};

/// The colours a cell can still take ([`Mask`]: bit 0 the background, bit `c` colour `c`), and
/// a line without placement ([`NoPlacement`]): the clause learning's cell values and failed
/// line, which the colour line solver works on directly.
pub(crate) use crate::engine::cdcl::{Mask, NoPlacement};

/// The background's bit in a [`Mask`].
pub(crate) const BACKGROUND: Mask = 1;

/// A table entry's flag: the prefix (suffix) ends (starts) with a background cell, or is empty.
const AFTER_GAP: u8 = 1;
/// A table entry's flag: the prefix (suffix) ends (starts) with a block.
const AFTER_BLOCK: u8 = 2;

/// A colour line solver with its tables, reused from line to line.
#[derive(Default)]
pub(crate) struct ColorLineSolver {
    fwd: Vec<u8>,
    bwd: Vec<u8>,
    /// `lo[j]`, `hi[j]`: the band of cells where a prefix of `j` blocks can end (and a suffix
    /// of blocks `j..` start) in some placement.
    lo: Vec<usize>,
    hi: Vec<usize>,
    /// The slot of every colour of the line's blocks (`u8::MAX`: none), its index into `bad`
    /// and `cover`.
    slot: Vec<u8>,
    /// Per slot, `n + 1` entries: how many of the first `i` cells cannot take the colour.
    bad: Vec<u32>,
    /// Per slot, the difference array of the cells the colour's block placements cover.
    cover: Vec<i32>,
    /// The narrowed masks being built.
    result: Vec<Mask>,
    /// The bit-plane solves' scratch, for lines of up to 62 and up to 126 cells.
    short: PlaneScratch<u64>,
    medium: PlaneScratch<u128>,
}

/// Scratch space of a bit-plane solve ([`solve_in_planes`]).
struct PlaneScratch<W> {
    /// The cells as planes, then the values they keep.
    planes: Planes<W>,
    /// Per block: where it may start after the blocks before it, and where those may end.
    forward: Vec<[W; 2]>,
}

impl<W: LineWord> Default for PlaneScratch<W> {
    fn default() -> Self {
        PlaneScratch { planes: [W::ZERO; MAX_COLORS + 1], forward: Vec::new() }
    }
}

/// The words of the bit-plane solves, each with its scratch space in a [`ColorLineSolver`].
trait PlaneWord: LineWord {
    fn plane_scratch(solver: &mut ColorLineSolver) -> &mut PlaneScratch<Self>;
}

impl PlaneWord for u64 {
    fn plane_scratch(solver: &mut ColorLineSolver) -> &mut PlaneScratch<u64> {
        &mut solver.short
    }
}

impl PlaneWord for u128 {
    fn plane_scratch(solver: &mut ColorLineSolver) -> &mut PlaneScratch<u128> {
        &mut solver.medium
    }
}

impl ColorLineSolver {
    /// Narrow `cells` to the colours some placement of `blocks` gives them. Returns whether
    /// any cell changed; [`NoPlacement`] (cells untouched) when no placement agrees.
    pub(crate) fn solve(&mut self, blocks: &[Block], cells: &mut [Mask]) -> Result<bool, NoPlacement> {
        if cells.len() <= u64::MAX_LINE {
            self.solve_by_planes::<u64>(blocks, cells)
        } else if cells.len() <= u128::MAX_LINE {
            self.solve_by_planes::<u128>(blocks, cells)
        } else {
            self.solve_by_table(blocks, cells)
        }
    }

    /// [`ColorLineSolver::solve`] for a line of at most `W::MAX_LINE` cells, by bit planes.
    fn solve_by_planes<W: PlaneWord>(&mut self, blocks: &[Block], cells: &mut [Mask]) -> Result<bool, NoPlacement> {
        let mut used: Mask = BACKGROUND;
        for block in blocks {
            used |= 1 << block.color;
        }
        let PlaneScratch { planes, forward } = W::plane_scratch(self);
        let mut each = used;
        while each != 0 {
            let v = each.trailing_zeros() as usize;
            each &= each - 1;
            planes[v] = W::ZERO;
            for (k, &cell) in cells.iter().enumerate() {
                if cell >> v & 1 == 1 {
                    planes[v] |= W::ONE << k as u32;
                }
            }
        }
        if !solve_in_planes(blocks, planes, cells.len(), forward) {
            return Err(NoPlacement);
        }
        let mut changed = false;
        for (k, cell) in cells.iter_mut().enumerate() {
            let mut kept = 0;
            let mut each = used;
            while each != 0 {
                let v = each.trailing_zeros();
                each &= each - 1;
                if planes[v as usize] >> k as u32 & W::ONE != W::ZERO {
                    kept |= 1 << v;
                }
            }
            changed |= kept != *cell;
            *cell = kept;
        }
        Ok(changed)
    }

    /// [`ColorLineSolver::solve`] by the tables of the module doc, for lines of any length.
    fn solve_by_table(&mut self, blocks: &[Block], cells: &mut [Mask]) -> Result<bool, NoPlacement> {
        let (n, m) = (cells.len(), blocks.len());
        let width = n + 1;
        // The bands: a prefix of j blocks needs at least lo[j] cells, the blocks j.. at least
        // n - hi[j] (a gap between blocks of the same colour).
        let same = |k: usize| k + 1 < m && blocks[k].color == blocks[k + 1].color;
        self.lo.clear();
        self.lo.push(0);
        for (j, block) in blocks.iter().enumerate() {
            let gap = usize::from(j >= 1 && same(j - 1));
            let end = self.lo[j] + gap + block.len as usize;
            self.lo.push(end);
        }
        if self.lo[m] > n {
            return Err(NoPlacement);
        }
        self.hi.clear();
        self.hi.resize(m + 1, n);
        for j in (0..m).rev() {
            self.hi[j] = self.hi[j + 1] - blocks[j].len as usize - usize::from(same(j));
        }
        let (lo, hi) = (&self.lo, &self.hi);
        // Each colour's count of the cells that cannot take it.
        self.slot.clear();
        self.slot.resize(Mask::BITS as usize, u8::MAX);
        let mut slots = 0;
        for block in blocks {
            if self.slot[block.color as usize] == u8::MAX {
                self.slot[block.color as usize] = slots;
                slots += 1;
            }
        }
        self.bad.clear();
        self.bad.resize(usize::from(slots) * width, 0);
        for (color, &slot) in self.slot.iter().enumerate() {
            if slot != u8::MAX {
                let bad = &mut self.bad[usize::from(slot) * width..][..width];
                for (k, &cell) in cells.iter().enumerate() {
                    bad[k + 1] = bad[k] + u32::from(cell >> color & 1 == 0);
                }
            }
        }
        let (slot, bad) = (&self.slot, &self.bad);
        // Whether cells s..e can all take `color`.
        let fits = |color: u8, s: usize, e: usize| {
            let bad = &bad[usize::from(slot[color as usize]) * width..];
            bad[e] == bad[s]
        };
        let blank = |k: usize| cells[k] & BACKGROUND != 0;
        // Whether a block of colour `color` may follow (precede) an entry with flags `flags`
        // whose last (first) block has colour `neighbour` (None: there is none).
        let joins = |flags: u8, neighbour: Option<u8>, color: u8| {
            flags & AFTER_GAP != 0 || (flags & AFTER_BLOCK != 0 && neighbour.is_some_and(|n| n != color))
        };

        // Forward, row j over its band (entries outside it stay 0: none, or on no placement).
        self.fwd.clear();
        self.fwd.resize((m + 1) * width, 0);
        let fwd = &mut self.fwd;
        fwd[0] = AFTER_GAP;
        for i in 1..=hi[0] {
            if fwd[i - 1] != 0 && blank(i - 1) {
                fwd[i] = AFTER_GAP;
            }
        }
        for j in 1..=m {
            let Block { len, color } = blocks[j - 1];
            let len = len as usize;
            let before = (j >= 2).then(|| blocks[j - 2].color);
            let (done, row) = fwd.split_at_mut(j * width);
            let previous = &done[(j - 1) * width..];
            let row = &mut row[..width];
            for i in lo[j]..=hi[j] {
                let mut flags = 0;
                if row[i - 1] != 0 && blank(i - 1) {
                    flags |= AFTER_GAP;
                }
                if fits(color, i - len, i) && joins(previous[i - len], before, color) {
                    flags |= AFTER_BLOCK;
                }
                row[i] = flags;
            }
        }
        if self.fwd[m * width + n] == 0 {
            return Err(NoPlacement);
        }

        // Backward, over the same bands.
        self.bwd.clear();
        self.bwd.resize((m + 1) * width, 0);
        let bwd = &mut self.bwd;
        bwd[m * width + n] = AFTER_GAP;
        for i in (lo[m]..n).rev() {
            if bwd[m * width + i + 1] != 0 && blank(i) {
                bwd[m * width + i] = AFTER_GAP;
            }
        }
        for j in (0..m).rev() {
            let Block { len, color } = blocks[j];
            let len = len as usize;
            let after = blocks.get(j + 1).map(|b| b.color);
            let (row, done) = bwd.split_at_mut((j + 1) * width);
            let row = &mut row[j * width..];
            let next = &done[..width];
            for i in (lo[j]..=hi[j]).rev() {
                let mut flags = 0;
                if i < n && row[i + 1] != 0 && blank(i) {
                    flags |= AFTER_GAP;
                }
                if i + len <= n && fits(color, i, i + len) && joins(next[i + len], after, color) {
                    flags |= AFTER_BLOCK;
                }
                row[i] = flags;
            }
        }

        // Which colours each cell takes in some placement.
        self.result.clear();
        self.result.resize(n, 0);
        for j in 0..=m {
            let (previous, next) = (&self.fwd[j * width..][..width], &self.bwd[j * width..][..width]);
            for k in lo[j]..hi[j].min(n) {
                if previous[k] != 0 && next[k + 1] != 0 && blank(k) {
                    self.result[k] = BACKGROUND;
                }
            }
        }
        self.cover.clear();
        self.cover.resize(usize::from(slots) * width, 0);
        for (j, &Block { len, color }) in blocks.iter().enumerate() {
            let len = len as usize;
            let before = (j >= 1).then(|| blocks[j - 1].color);
            let after = blocks.get(j + 1).map(|b| b.color);
            let (previous, next) = (&self.fwd[j * width..][..width], &self.bwd[(j + 1) * width..][..width]);
            let cover = &mut self.cover[usize::from(slot[color as usize]) * width..][..width];
            for s in lo[j].max(lo[j + 1] - len)..=hi[j].min(hi[j + 1] - len) {
                if fits(color, s, s + len) && joins(previous[s], before, color) && joins(next[s + len], after, color) {
                    cover[s] += 1;
                    cover[s + len] -= 1;
                }
            }
        }
        for (color, &slot) in self.slot.iter().enumerate() {
            if slot != u8::MAX {
                let mut covering = 0;
                for (k, &delta) in self.cover[usize::from(slot) * width..][..n].iter().enumerate() {
                    covering += delta;
                    if covering > 0 {
                        self.result[k] |= 1 << color;
                    }
                }
            }
        }
        let changed = cells.iter().zip(&self.result).any(|(old, new)| old != new);
        cells.copy_from_slice(&self.result);
        Ok(changed)
    }
}

/// Whether some placement of `blocks` agrees with a line of `len` ≤ `W::MAX_LINE` cells held
/// as bit planes: bit `k` of `planes[v]` says cell `k` can take value `v` (0 the background),
/// with no bit from `len` on; `planes` has a plane for every colour of `blocks`. One forward
/// pass, a few words a block (see the module doc).
pub(crate) fn has_placement_in_planes<W: LineWord>(blocks: &[Block], planes: &[W], len: usize) -> bool {
    forward_in_planes(blocks, planes, |_, _| {}) >> len as u32 & W::ONE != W::ZERO
}

/// The forward pass over the planes of a line: calls `record(starts, ends)` for every block
/// in order, with the positions where it may start (the blocks before it placed) and where
/// those blocks may end, and returns the positions where all of the blocks may end (none when
/// some block has nowhere to go).
fn forward_in_planes<W: LineWord>(blocks: &[Block], planes: &[W], mut record: impl FnMut(W, W)) -> W {
    let background = planes[0];
    // The prefixes that end in background (or are empty), and those that end with a block.
    let mut after_gap = reach_up(W::ONE, background);
    let mut after_block = W::ZERO;
    let mut previous: Option<u8> = None;
    for &Block { len: block_len, color } in blocks {
        let starts = if previous.is_some_and(|p| p != color) { after_gap | after_block } else { after_gap };
        record(starts, after_gap | after_block);
        after_block = (starts & runs_from(planes[usize::from(color)], block_len)) << block_len;
        if after_block == W::ZERO {
            return W::ZERO;
        }
        after_gap = reach_up((after_block & background) << 1, background);
        previous = Some(color);
    }
    after_gap | after_block
}

/// The line solve over bit planes (`len` ≤ `W::MAX_LINE`; the planes of the background and
/// the blocks' colours are read, and narrowed to the values some placement gives each cell):
/// the forward pass recorded, then the backward pass with the same rules mirrored, a block's
/// possible starts being those both passes allow. Returns false (planes unspecified) when no
/// placement agrees.
fn solve_in_planes<W: LineWord>(
    blocks: &[Block],
    planes: &mut Planes<W>,
    len: usize,
    forward: &mut Vec<[W; 2]>,
) -> bool {
    forward.clear();
    let ends = forward_in_planes(blocks, &planes[..], |starts, ends| forward.push([starts, ends]));
    let top = W::ONE << len as u32;
    if ends & top == W::ZERO {
        return false;
    }
    let background = planes[0];
    let reach = len as u32;
    // The suffixes from `i` on that hold the blocks after the current one and start with
    // background (or are empty), and those that start with a block.
    let mut before_gap = reach_down(top, background, reach);
    let mut before_block = W::ZERO;
    let mut can_be_background = ends & before_gap >> 1;
    let mut covered = [W::ZERO; MAX_COLORS + 1];
    let mut next: Option<u8> = None;
    for (&Block { len: block_len, color }, &[starts, ends]) in blocks.iter().zip(forward.iter()).rev() {
        let after = if next.is_some_and(|n| n != color) { before_gap | before_block } else { before_gap };
        before_block = runs_from(planes[usize::from(color)], block_len) & after >> block_len;
        covered[usize::from(color)] |= smear(starts & before_block, block_len);
        before_gap = reach_down(before_block >> 1 & background, background, reach);
        can_be_background |= ends & (before_gap | before_block) >> 1;
        next = Some(color);
    }
    planes[0] = can_be_background & background;
    for block in blocks {
        planes[usize::from(block.color)] = covered[usize::from(block.color)];
    }
    true
}

/// The values a line's cells can take, one plane per value.
type Planes<W> = [W; MAX_COLORS + 1];

/// A colour line under trial: its cells narrowed and widened one value at a time, asked only
/// whether its blocks still fit; kept from line to line. Lines of up to 126 cells are bit
/// planes tested by [`has_placement_in_planes`]; longer ones masks tested by the full solver.
pub(crate) struct TrialLine {
    len: usize,
    short: Planes<u64>,
    medium: Planes<u128>,
    /// A line too long for the planes, and the full solver's copy of it.
    long: Vec<Mask>,
    solved: Vec<Mask>,
    solver: ColorLineSolver,
}

impl Default for TrialLine {
    fn default() -> TrialLine {
        TrialLine {
            len: 0,
            short: [0; MAX_COLORS + 1],
            medium: [0; MAX_COLORS + 1],
            long: Vec::new(),
            solved: Vec::new(),
            solver: ColorLineSolver::default(),
        }
    }
}

impl TrialLine {
    /// Load the line with cells `cells`, whose masks have only values below `values`.
    pub(crate) fn load(&mut self, cells: &[Mask], values: u32) {
        fn planes<W: LineWord>(planes: &mut Planes<W>, cells: &[Mask], values: u32) {
            planes.fill(W::ZERO);
            for (k, &cell) in cells.iter().enumerate() {
                for (v, plane) in planes.iter_mut().enumerate().take(values as usize) {
                    if cell >> v & 1 == 1 {
                        *plane |= W::ONE << k as u32;
                    }
                }
            }
        }
        self.len = cells.len();
        if self.len <= u64::MAX_LINE {
            planes(&mut self.short, cells, values);
        } else if self.len <= u128::MAX_LINE {
            planes(&mut self.medium, cells, values);
        } else {
            self.long.clear();
            self.long.extend_from_slice(cells);
        }
    }

    /// Let cell `k` take value `value` (`on`) or not.
    pub(crate) fn set(&mut self, k: usize, value: u32, on: bool) {
        fn flip<W: LineWord>(plane: &mut W, k: usize, on: bool) {
            let bit = W::ONE << k as u32;
            *plane = if on { *plane | bit } else { *plane & !bit };
        }
        if self.len <= u64::MAX_LINE {
            flip(&mut self.short[value as usize], k, on);
        } else if self.len <= u128::MAX_LINE {
            flip(&mut self.medium[value as usize], k, on);
        } else {
            let bit: Mask = 1 << value;
            self.long[k] = if on { self.long[k] | bit } else { self.long[k] & !bit };
        }
    }

    /// Whether some placement of `blocks` agrees with the line.
    pub(crate) fn fits(&mut self, blocks: &[Block]) -> bool {
        if self.len <= u64::MAX_LINE {
            has_placement_in_planes(blocks, &self.short, self.len)
        } else if self.len <= u128::MAX_LINE {
            has_placement_in_planes(blocks, &self.medium, self.len)
        } else {
            self.solved.clear();
            self.solved.extend_from_slice(&self.long);
            self.solver.solve(blocks, &mut self.solved).is_ok()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generate::Rng;

    /// A line as text: `.` background, `?` anything (background or colours 1..=3),
    /// `a`/`b`/`c` colours 1..3, `[ab.]` a set.
    fn line(text: &str) -> Vec<Mask> {
        let mut cells = Vec::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            cells.push(match c {
                '[' => chars.by_ref().take_while(|&c| c != ']').map(bit).fold(0, |a, b| a | b),
                '?' => 0b1111,
                c => bit(c),
            });
        }
        cells
    }

    fn bit(c: char) -> Mask {
        match c {
            '.' => 1,
            c => 1 << (c as u8 - b'a' + 1),
        }
    }

    /// The masks as text: a single colour as its letter, a set as `[…]` (background `.`).
    fn show(cells: &[Mask]) -> String {
        cells
            .iter()
            .map(|&m| {
                let names: String = (0..4)
                    .filter(|b| m >> b & 1 == 1)
                    .map(|b| if b == 0 { '.' } else { (b'a' + b - 1) as char })
                    .collect();
                if names.len() == 1 {
                    names
                } else {
                    format!("[{names}]")
                }
            })
            .collect()
    }

    fn clues(text: &str) -> Vec<Block> {
        text.split_whitespace()
            .map(|w| Block { len: w[..w.len() - 1].parse().unwrap(), color: w.as_bytes()[w.len() - 1] - b'a' + 1 })
            .collect()
    }

    fn solve(blocks: &str, cells: &str) -> Result<String, NoPlacement> {
        let mut cells = line(cells);
        ColorLineSolver::default().solve(&clues(blocks), &mut cells)?;
        Ok(show(&cells))
    }

    #[test]
    fn same_colours_need_a_gap() {
        // 2a 1a in 4 cells: exactly one placement.
        assert_eq!(solve("2a 1a", "[.a][.a][.a][.a]").unwrap(), "aa.a");
        // In 3 cells they do not fit.
        assert_eq!(solve("2a 1a", "[.a][.a][.a]"), Err(NoPlacement));
    }

    #[test]
    fn different_colours_may_touch() {
        // 2a 1b in 3 cells: they touch.
        assert_eq!(solve("2a 1b", "???").unwrap(), "aab");
        // In 4 cells: the a block overlaps at cell 1; the gap may be anywhere.
        assert_eq!(solve("2a 1b", "????").unwrap(), "[.a]a[.ab][.b]");
    }

    #[test]
    fn empty_lines_are_background() {
        assert_eq!(solve("", "????").unwrap(), "....");
        assert_eq!(solve("", "..a."), Err(NoPlacement));
    }

    #[test]
    fn known_cells_constrain() {
        // A known b at the end pins 1b; 3a must then fit in cells 0..=3 with cell 4 free.
        assert_eq!(solve("3a 1b", "?????b").unwrap(), "[.a][.a]a[.a][.a]b");
        // A colour absent from the clues is removed everywhere.
        assert_eq!(solve("1a", "[ac][.c]").unwrap(), "a.");
        assert_eq!(solve("1a", "[bc][.c]"), Err(NoPlacement));
    }

    #[test]
    fn agrees_with_enumerating_every_colouring() {
        let mut rng = Rng::new(0x9e37_79b9);
        let mut below = |n: u64| rng.below(n as usize) as u64;
        let mut solver = ColorLineSolver::default();
        let (mut solved, mut impossible) = (0, 0);
        for _ in 0..2000 {
            let len = 1 + below(7) as usize;
            // Clues from a random colouring (so most lines have placements), then cells
            // that keep random subsets of the four values, each with some chance.
            let picture: Vec<u8> = (0..len).map(|_| below(4) as u8).collect();
            let blocks = crate::nonogram::color::blocks_of(&picture);
            let mut cells: Vec<Mask> = (0..len).map(|_| if below(3) == 0 { 1 + below(15) } else { 0b1111 }).collect();
            let mut expected = vec![0 as Mask; len];
            let mut any = false;
            for code in 0..4u32.pow(len as u32) {
                let line: Vec<u8> = (0..len).map(|i| (code >> (2 * i) & 3) as u8).collect();
                let fits = line.iter().zip(&cells).all(|(&v, &m)| m >> v & 1 == 1);
                if fits && crate::nonogram::color::blocks_of(&line) == blocks {
                    any = true;
                    expected.iter_mut().zip(&line).for_each(|(e, &v)| *e |= 1 << v);
                }
            }
            let mut trial = TrialLine::default();
            trial.load(&cells, 4);
            assert_eq!(trial.fits(&blocks), any, "{blocks:?} {cells:?}");
            let result = solver.solve(&blocks, &mut cells);
            if any {
                assert!(result.is_ok(), "{blocks:?} {cells:?}");
                assert_eq!(cells, expected, "{blocks:?}");
                solved += 1;
            } else {
                assert_eq!(result, Err(NoPlacement), "{blocks:?}");
                impossible += 1;
            }
        }
        assert!(solved > 500 && impossible > 100, "{solved} solved, {impossible} impossible");
    }

    #[test]
    fn planes_agree_with_the_table_on_long_lines() {
        let mut rng = Rng::new(0x2545_f491);
        let mut below = |n: u64| rng.below(n as usize) as u64;
        let mut solver = ColorLineSolver::default();
        let mut trial = TrialLine::default();
        let (mut fit, mut unfit) = ([0; 3], [0; 3]);
        for round in 0..6000 {
            // Lengths of all three kinds of trial line (planes of u64, of u128, masks).
            let len = [1 + below(62), 63 + below(64), 127 + below(30)][round % 3] as usize;
            let colours = 1 + below(5);
            let background = 20 + below(60);
            let picture: Vec<u8> =
                (0..len).map(|_| if below(100) < background { 0 } else { 1 + below(colours) as u8 }).collect();
            let blocks = crate::nonogram::color::blocks_of(&picture);
            let values = colours as u32 + 1;
            let all: Mask = (1 << values) - 1;
            // Some values removed (a few cells often, so that most lines still fit), then
            // changed one at a time through `set`, checked after each.
            let rate = 1 + below(8);
            let mut cells: Vec<Mask> = (0..len).map(|_| if below(16) < rate { 1 + below(all) } else { all }).collect();
            trial.load(&cells, values);
            for _ in 0..4 {
                // The solve by planes (by the table beyond 126 cells) against the table's.
                let (mut by_table, mut copy) = (cells.clone(), cells.clone());
                let result = solver.solve(&blocks, &mut copy);
                assert_eq!(result, solver.solve_by_table(&blocks, &mut by_table), "{blocks:?} {cells:?}");
                if result.is_ok() {
                    assert_eq!(copy, by_table, "{blocks:?} {cells:?}");
                }
                let expected = result.is_ok();
                assert_eq!(trial.fits(&blocks), expected, "{blocks:?} {cells:?}");
                if expected {
                    fit[round % 3] += 1;
                } else {
                    unfit[round % 3] += 1;
                }
                let (k, v, on) = (below(len as u64) as usize, below(u64::from(values)) as u32, below(3) == 0);
                trial.set(k, v, on);
                cells[k] = if on { cells[k] | 1 << v } else { cells[k] & !(1 << v) };
            }
        }
        assert!(fit.iter().chain(&unfit).all(|&n| n > 500), "fit {fit:?}, unfit {unfit:?}");
    }

    #[test]
    fn unchanged_lines_report_no_change() {
        let mut cells = line("aab");
        assert_eq!(ColorLineSolver::default().solve(&clues("2a 1b"), &mut cells), Ok(false));
        let mut cells = line("???");
        assert_eq!(ColorLineSolver::default().solve(&clues("2a 1b"), &mut cells), Ok(true));
    }
}
