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
//! `bwd[j][p + 1]` for some `j`. Marking the filled ranges of the possible units with a
//! difference array keeps the whole solve in O(line length × number of clues); in fact unit
//! `j` can only start within the line's *slack* (its length minus what all units need) of its
//! leftmost position, so the tables are `(clues + 1) × (slack + 1)`.
//!
//! Lines of at most [`MAX_BITS_LINE`] cells take a bit-parallel form of the same programme
//! ([`solve_bits`]): each table row `fwd[j]` is one 64-bit word over the positions, the
//! empties a unit may be followed by are crossed with one addition (its carry runs along a
//! stretch of emptiable cells; backwards, an occluded fill of log(length) shifts does it), and
//! the cells a block covers are smeared with shifts. That is O(clues × log(line length))
//! word operations per line.

/// A cell that can be empty (bit of a cell's possibilities).
pub(crate) const EMPTY: u8 = 1;
/// A cell that can be filled.
pub(crate) const FILLED: u8 = 2;
/// A cell that is not decided yet.
pub(crate) const UNKNOWN: u8 = EMPTY | FILLED;

/// The longest line [`solve_bits`] handles: positions `0..=length + 1` must fit a `u64`.
pub(crate) const MAX_BITS_LINE: usize = 62;

/// A line as bit masks: bit `i` of `fillable` / `emptiable` says cell `i` can be filled /
/// empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct LineBits {
    /// Cells that can be filled.
    pub(crate) fillable: u64,
    /// Cells that can be empty.
    pub(crate) emptiable: u64,
}

impl LineBits {
    /// The masks of `cells`, or `None` when the line is longer than [`MAX_BITS_LINE`].
    pub(crate) fn of(cells: &[u8]) -> Option<LineBits> {
        if cells.len() > MAX_BITS_LINE {
            return None;
        }
        let mut bits = LineBits {
            fillable: 0,
            emptiable: 0,
        };
        for (i, &cell) in cells.iter().enumerate() {
            bits.fillable |= u64::from(cell & FILLED != 0) << i;
            bits.emptiable |= u64::from(cell & EMPTY != 0) << i;
        }
        Some(bits)
    }

    /// The value of cell `i` ([`EMPTY`], [`FILLED`], [`UNKNOWN`], or 0 if neither).
    pub(crate) fn cell(self, i: usize) -> u8 {
        let filled = if self.fillable >> i & 1 != 0 {
            FILLED
        } else {
            0
        };
        let empty = if self.emptiable >> i & 1 != 0 {
            EMPTY
        } else {
            0
        };
        filled | empty
    }
}

/// Positions reachable from `seeds` moving up one step from `p` to `p + 1` wherever `pass`
/// has bit `p`: adding the passable seeds to `pass` makes a carry run along each stretch of
/// ones and stop just past it. `pass` must have no bit 63.
fn reach_up(seeds: u64, pass: u64) -> u64 {
    seeds | (pass.wrapping_add(seeds & pass) ^ pass)
}

/// Positions reachable from `seeds` moving down from `p + 1` to `p` wherever `pass` has bit
/// `p`, for moves of at most `reach` steps (an occluded fill: after step `s`, `pass` says
/// whether `2s` consecutive moves are possible).
fn reach_down(seeds: u64, pass: u64, reach: usize) -> u64 {
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
fn runs_from(mask: u64, len: u32) -> u64 {
    let mut runs = mask;
    let mut covered = 1;
    while covered * 2 <= len {
        runs &= runs >> covered;
        covered *= 2;
    }
    runs & runs >> (len - covered)
}

/// Every bit `s` of `starts` smeared over `s..s + len` (`len` ≥ 1).
fn smear(starts: u64, len: u32) -> u64 {
    let mut smeared = starts;
    let mut covered = 1;
    while covered * 2 <= len {
        smeared |= smeared << covered;
        covered *= 2;
    }
    smeared | smeared << (len - covered)
}

/// Scratch space of [`solve_bits`]: one word per clue (and one more).
#[derive(Default)]
pub(crate) struct BitsScratch {
    /// `fwd[j]`: the positions `i` such that the first `i` cells can hold the first `j` units.
    fwd: Vec<u64>,
    /// `fits[j]` bit `s`: unit `j` (block then separator) agrees with the line at `s`.
    fits: Vec<u64>,
}

/// The line solver on bit masks for a line of `len` ≤ [`MAX_BITS_LINE`] cells: what each
/// cell can be in some placement that agrees with `line`, `None` if there is none.
pub(crate) fn solve_bits(
    clues: &[u32],
    line: LineBits,
    len: usize,
    scratch: &mut BitsScratch,
) -> Option<LineBits> {
    let k = clues.len();
    let padded = len + 1;
    let needed: usize = clues.iter().map(|&c| c as usize + 1).sum();
    if needed > padded {
        return None;
    }
    // Every position that matters for unit `j` lies within `slack` of its leftmost one, so
    // backward moves longer than `slack` need not be followed.
    let slack = padded - needed;
    let all = (1u64 << len) - 1;
    let fillable = line.fillable & all;
    // The padding cell `len` is empty.
    let emptiable = (line.emptiable & all) | 1 << len;
    let BitsScratch { fwd, fits } = scratch;
    fits.clear();
    fits.extend(
        clues
            .iter()
            .map(|&c| runs_from(fillable, c) & emptiable >> c),
    );
    fwd.clear();
    fwd.push(reach_up(1, emptiable));
    for j in 0..k {
        let seeds = (fwd[j] & fits[j]) << (clues[j] + 1);
        fwd.push(reach_up(seeds, emptiable));
    }
    if fwd[k] >> padded & 1 == 0 {
        return None;
    }
    let mut bwd = reach_down(1 << padded, emptiable, slack);
    let mut can_fill = 0;
    let mut can_empty = fwd[k] & bwd >> 1 & emptiable;
    for j in (0..k).rev() {
        let c = clues[j];
        let seeds = fits[j] & bwd >> (c + 1);
        let starts = fwd[j] & seeds;
        can_fill |= smear(starts, c);
        can_empty |= starts << c;
        bwd = reach_down(seeds, emptiable, slack);
        can_empty |= fwd[j] & bwd >> 1 & emptiable;
    }
    Some(LineBits {
        fillable: can_fill & all,
        emptiable: can_empty & all,
    })
}

/// Scratch space of the line solver, reused from line to line so that solving allocates
/// nothing once the buffers have grown to the longest line.
#[derive(Default)]
pub(crate) struct LineSolver {
    /// The line with its padding empty cell.
    cells: Vec<u8>,
    /// `no_fill[i]`: how many of the first `i` cells cannot be filled.
    no_fill: Vec<u32>,
    /// `start[j]`: the leftmost start of unit `j` (the cells the units before it need).
    start: Vec<usize>,
    /// `fwd[j * (slack + 1) + o]`: see the module documentation, for cell `start[j] + o`.
    fwd: Vec<bool>,
    /// `bwd[j * (slack + 1) + o]`, same indexing.
    bwd: Vec<bool>,
    /// Difference array of the number of possible units covering each cell.
    fill_cover: Vec<i32>,
    /// Whether each cell can be empty in some placement.
    can_be_empty: Vec<bool>,
    /// The scratch of [`solve_bits`].
    bits: BitsScratch,
}

impl LineSolver {
    /// Narrow `line` (cells of [`EMPTY`], [`FILLED`] or [`UNKNOWN`]) under `clues`: `out`
    /// receives, for every cell, the values it takes in at least one placement. Returns
    /// `false` when no placement agrees with the line (a contradiction). Short lines go
    /// through [`solve_bits`], long ones through the tables.
    pub(crate) fn solve(&mut self, clues: &[u32], line: &[u8], out: &mut Vec<u8>) -> bool {
        let Some(bits) = LineBits::of(line) else {
            return self.solve_by_tables(clues, line, out);
        };
        match solve_bits(clues, bits, line.len(), &mut self.bits) {
            Some(narrowed) => {
                out.clear();
                out.extend((0..line.len()).map(|i| narrowed.cell(i)));
                true
            }
            None => false,
        }
    }

    /// [`LineSolver::solve`] by the `(clues + 1) × (slack + 1)` tables, for lines of any length.
    fn solve_by_tables(&mut self, clues: &[u32], line: &[u8], out: &mut Vec<u8>) -> bool {
        let n = line.len();
        let k = clues.len();
        let padded = n + 1;
        let needed: usize = clues.iter().map(|&c| c as usize + 1).sum();
        if needed > padded {
            return false;
        }
        let slack = padded - needed;
        let stride = slack + 1;

        self.cells.clear();
        self.cells.extend_from_slice(line);
        self.cells.push(EMPTY);
        self.no_fill.clear();
        self.no_fill.push(0);
        let mut count = 0;
        for &cell in &self.cells {
            count += u32::from(cell & FILLED == 0);
            self.no_fill.push(count);
        }
        self.start.clear();
        let mut at = 0;
        for &c in clues {
            self.start.push(at);
            at += c as usize + 1;
        }
        self.start.push(at);

        let cells = &self.cells;
        let no_fill = &self.no_fill;
        // Whether a unit of a block of `c` can start at `s`: `c` fillable cells, then an
        // emptiable separator.
        let unit_fits = |s: usize, c: usize| {
            s + c < padded && no_fill[s + c] == no_fill[s] && cells[s + c] & EMPTY != 0
        };
        let can_be_empty = |i: usize| cells[i] & EMPTY != 0;

        self.fwd.clear();
        self.fwd.resize((k + 1) * stride, false);
        for j in 0..=k {
            let base = self.start[j];
            for o in 0..stride {
                let by_empty = if o == 0 {
                    j == 0
                } else {
                    self.fwd[j * stride + o - 1] && can_be_empty(base + o - 1)
                };
                let by_unit = j > 0
                    && self.fwd[(j - 1) * stride + o]
                    && unit_fits(self.start[j - 1] + o, clues[j - 1] as usize);
                self.fwd[j * stride + o] = by_empty || by_unit;
            }
        }
        if !self.fwd[k * stride + slack] {
            return false;
        }

        self.bwd.clear();
        self.bwd.resize((k + 1) * stride, false);
        for j in (0..=k).rev() {
            let base = self.start[j];
            for o in (0..stride).rev() {
                let by_empty = if o == slack {
                    j == k
                } else {
                    self.bwd[j * stride + o + 1] && can_be_empty(base + o)
                };
                let by_unit = j < k
                    && self.bwd[(j + 1) * stride + o]
                    && unit_fits(base + o, clues[j] as usize);
                self.bwd[j * stride + o] = by_empty || by_unit;
            }
        }

        self.fill_cover.clear();
        self.fill_cover.resize(padded + 1, 0);
        self.can_be_empty.clear();
        self.can_be_empty.resize(padded, false);
        for (j, &base) in self.start.iter().enumerate() {
            for o in 0..stride {
                if !self.fwd[j * stride + o] {
                    continue;
                }
                let i = base + o;
                if o < slack && self.bwd[j * stride + o + 1] && can_be_empty(i) {
                    self.can_be_empty[i] = true;
                }
                if j < k && self.bwd[(j + 1) * stride + o] {
                    let c = clues[j] as usize;
                    if unit_fits(i, c) {
                        self.fill_cover[i] += 1;
                        self.fill_cover[i + c] -= 1;
                        self.can_be_empty[i + c] = true;
                    }
                }
            }
        }

        out.clear();
        let mut cover = 0;
        for i in 0..n {
            cover += self.fill_cover[i];
            let filled = if cover > 0 { FILLED } else { 0 };
            let empty = if self.can_be_empty[i] { EMPTY } else { 0 };
            out.push(filled | empty);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parse `.` empty, `#` filled, `?` unknown.
    fn line(text: &str) -> Vec<u8> {
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

    fn solved(clues: &[u32], text: &str) -> Option<String> {
        let mut out = Vec::new();
        LineSolver::default()
            .solve(clues, &line(text), &mut out)
            .then(|| show(&out))
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
    fn agrees_with_brute_force_on_all_short_lines() {
        // Every clue list and every partial line of length up to 7: the solver's answer
        // equals the union of all placements that agree with the line.
        let mut solver = LineSolver::default();
        let mut out = Vec::new();
        for n in 1..=7usize {
            let fulls: Vec<Vec<u8>> = (0..1u32 << n)
                .map(|bits| {
                    (0..n)
                        .map(|i| if bits >> i & 1 == 1 { FILLED } else { EMPTY })
                        .collect()
                })
                .collect();
            let clues_of = |cells: &[u8]| -> Vec<u32> {
                let mut clues = Vec::new();
                let mut run = 0;
                for &c in cells.iter().chain([EMPTY].iter()) {
                    if c == FILLED {
                        run += 1;
                    } else if run > 0 {
                        clues.push(run);
                        run = 0;
                    }
                }
                clues
            };
            let mut all_clues: Vec<Vec<u32>> = fulls.iter().map(|f| clues_of(f)).collect();
            all_clues.sort();
            all_clues.dedup();
            for clues in &all_clues {
                for partial_code in 0..3u32.pow(n as u32) {
                    let partial: Vec<u8> = (0..n)
                        .map(|i| {
                            [EMPTY, FILLED, UNKNOWN]
                                [(partial_code / 3u32.pow(i as u32) % 3) as usize]
                        })
                        .collect();
                    let mut union = vec![0u8; n];
                    for full in fulls.iter().filter(|f| clues_of(f) == *clues) {
                        if full.iter().zip(&partial).all(|(f, p)| f & p != 0) {
                            for (u, f) in union.iter_mut().zip(full) {
                                *u |= f;
                            }
                        }
                    }
                    let by_bits = solver.solve(clues, &partial, &mut out).then(|| out.clone());
                    let by_tables = solver
                        .solve_by_tables(clues, &partial, &mut out)
                        .then(|| out.clone());
                    let expected = union.iter().all(|&u| u != 0).then_some(union);
                    assert_eq!(by_bits, expected, "bits {clues:?} {}", show(&partial));
                    assert_eq!(by_tables, expected, "tables {clues:?} {}", show(&partial));
                }
            }
        }
    }

    #[test]
    fn bits_and_tables_agree_on_long_lines() {
        // Random lines of every length up to the bit limit: a random full line gives the
        // clues, then cells are hidden, and some are flipped (often contradictory).
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut solver = LineSolver::default();
        let (mut by_bits, mut by_tables) = (Vec::new(), Vec::new());
        for round in 0..20_000 {
            let n = 1 + round % MAX_BITS_LINE;
            let density = next() % 100;
            let full: Vec<u8> = (0..n)
                .map(|_| {
                    if next() % 100 < density {
                        FILLED
                    } else {
                        EMPTY
                    }
                })
                .collect();
            let clues: Vec<u32> = full
                .split(|&c| c == EMPTY)
                .filter(|run| !run.is_empty())
                .map(|run| run.len() as u32)
                .collect();
            let hidden = next() % 100;
            let mut partial: Vec<u8> = full
                .iter()
                .map(|&c| if next() % 100 < hidden { UNKNOWN } else { c })
                .collect();
            if round % 3 == 0 {
                let i = (next() % n as u64) as usize;
                if partial[i] != UNKNOWN {
                    partial[i] ^= UNKNOWN; // filled ↔ empty
                }
            }
            let bits_ok = solver.solve(&clues, &partial, &mut by_bits);
            let tables_ok = solver.solve_by_tables(&clues, &partial, &mut by_tables);
            assert_eq!(bits_ok, tables_ok, "{clues:?} {}", show(&partial));
            if bits_ok {
                assert_eq!(
                    show(&by_bits),
                    show(&by_tables),
                    "{clues:?} {}",
                    show(&partial)
                );
            }
            if round % 3 != 0 {
                assert!(
                    bits_ok,
                    "the full line is a placement: {clues:?} {}",
                    show(&partial)
                );
            }
        }
    }
}
