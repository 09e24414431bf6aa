//! The Sudoku puzzle: [`Sudoku`], its givens, box and [`Cage`]s validated on construction
//! (a side from [`MIN_SIZE`] to [`MAX_SIZE`], cages up to [`MAX_KILLER_SIZE`]) with its
//! houses and the 45 rule's house sums found once, built from a solution or checked against
//! one; [`Candidates`], the search state over it, and the deductions its propagation runs. It
//! sits in a file of its own so that the solver's modules (the techniques, the generator, the
//! formats) import it from here and not from `mod.rs`, which declares them.

use crate::engine::bits::DigitSet;
use crate::engine::combos::{CombinationTable, MAX_DIGIT};
use crate::engine::error::{Error, Place};
use crate::engine::explain::Board;
use crate::engine::search::Stop;
use std::sync::Arc;

/// The smallest grid size accepted.
pub const MIN_SIZE: usize = 4;
/// The largest grid size accepted (digits up to 16).
pub const MAX_SIZE: usize = 16;
/// The largest grid size that takes cages (the combination table's digits 1..=9).
pub const MAX_KILLER_SIZE: usize = MAX_DIGIT as usize;

/// A Killer cage: different digits in `cells` that add up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(any(feature = "serde", target_arch = "wasm32"), derive(serde::Serialize))]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Cage {
    /// What the cage's digits add up to.
    pub sum: u32,
    /// The cage's cells as (row, column), 0-based.
    pub cells: Vec<(usize, usize)>,
}

/// A Sudoku or Killer Sudoku: its givens, boxes and cages, with the units, peers and cage
/// combinations the solver and the techniques read.
#[derive(Clone, Debug)]
pub struct Sudoku {
    pub(super) size: usize,
    box_rows: usize,
    box_cols: usize,
    /// The given digit of every cell, row-major (0: none).
    pub(super) givens: Vec<u8>,
    /// The cages as given.
    pub(super) cages: Vec<Cage>,
    /// Rows `0..N`, columns `N..2N`, boxes `2N..3N`, each its row-major cells (shared by
    /// every puzzle of the size and box: [`Geometry`]).
    pub(super) units: Arc<Vec<Vec<usize>>>,
    /// Per cell, the other cells of its row, column, box and cage (a classic Sudoku's are
    /// its [`Geometry`]'s).
    pub(super) peers: Arc<Vec<Vec<usize>>>,
    /// Per cage, its row-major cells.
    pub(super) cage_cells: Vec<Vec<usize>>,
    /// Per cell, the cage it is in.
    pub(super) cage_of: Vec<Option<usize>>,
    /// Per cage, the sets of different digits 1..N with its size and sum.
    combos: Vec<Vec<DigitSet>>,
    /// Per cage, the units that hold all its cells.
    cage_units: Vec<Vec<usize>>,
    /// Where a box meets a row or column: the cells they share, the line's other cells and
    /// the box's other cells (shared: [`Geometry`]).
    segments: Arc<Vec<[Vec<usize>; 3]>>,
    /// The sums the 45 rule gives, unit by unit (innies before outies).
    pub(super) house_sums: Vec<HouseSum>,
}

/// A sum the 45 rule gives (Killer): a row, column or box adds up to 1 + … + N, so the
/// cages inside it fix the sum of its other cells (innies), and the cages across it, when
/// they cover it, the sum of their cells outside it (outies). Either way the cells lie in one
/// unit, so their digits differ: a cage the puzzle does not draw.
#[derive(Clone, Debug)]
pub(super) struct HouseSum {
    /// The row, column or box the rule reads.
    pub(super) unit: usize,
    /// Outies (the cells outside the unit) rather than innies.
    pub(super) outies: bool,
    /// The summed cells, row-major.
    pub(super) cells: Vec<usize>,
    /// What they add up to.
    pub(super) sum: u32,
    /// The sets of different digits 1..N with their count and sum.
    pub(super) combos: Vec<DigitSet>,
}

/// The most square box that tiles an N×N grid (rows ≤ columns), `None` when only 1×N does.
pub fn default_box(size: usize) -> Option<(usize, usize)> {
    (2..=size).rev().filter(|&rows| rows * rows <= size && size % rows == 0).map(|rows| (rows, size / rows)).next()
}

/// The candidates of every cell, and which decided cells have been taken from their peers.
#[derive(Clone, Debug)]
pub struct Candidates {
    /// Row-major masks, bit `d` for digit `d`.
    pub(super) cells: Vec<u32>,
    /// Bit `i` of word `i / 64`: cell `i` is decided and gone from its peers.
    pub(super) cleared: [u64; 4],
}

/// Propagation's scratch: the decided cells still to take from their peers.
pub struct Workspace {
    pub(super) stack: Vec<usize>,
}

impl Sudoku {
    /// A Sudoku from its givens (rows of digits, 0 = empty), its box (`None`: the default)
    /// and its cages (empty: a classic Sudoku).
    ///
    /// Rejects, naming the place: an empty, ragged or non-square `grid`; a size outside
    /// 4..16; a box that does not tile the grid; a digit outside 1..N; a given repeated in a
    /// row, column or box; cages on a grid above 9×9; an empty cage, a cage cell outside the
    /// grid or in two cages, a cage larger than N cells.
    pub fn new(grid: Vec<Vec<u32>>, box_shape: Option<(usize, usize)>, cages: Vec<Cage>) -> Result<Sudoku, Error> {
        let size = grid.len();
        let field = |name: &str| Place::Field(name.into());
        if size == 0 {
            return Err(Error::new(field("grid"), "is empty"));
        }
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(Error::new(
                field("grid"),
                format!("has {size} rows; a Sudoku is {MIN_SIZE}×{MIN_SIZE} to {MAX_SIZE}×{MAX_SIZE}"),
            ));
        }
        for (r, row) in grid.iter().enumerate() {
            if row.len() != size {
                return Err(Error::new(
                    Place::Field(format!("grid[{r}]")),
                    format!("has {} cells, expected {size} (the grid must be square)", row.len()),
                ));
            }
        }
        let (box_rows, box_cols) = match box_shape {
            Some((rows, cols)) if rows * cols == size => (rows, cols),
            Some((rows, cols)) => {
                return Err(Error::new(
                    field("box"),
                    format!("{rows}×{cols} boxes do not tile a {size}×{size} grid (rows × columns must be {size})"),
                ))
            }
            None => default_box(size).ok_or_else(|| {
                Error::new(field("box"), format!("a {size}×{size} grid has no box of 2 rows or more; give one"))
            })?,
        };
        for (r, row) in grid.iter().enumerate() {
            for (c, &d) in row.iter().enumerate() {
                if d as usize > size {
                    return Err(Error::new(Place::Cell { row: r, col: c }, format!("digit {d} is not in 1..{size}")));
                }
            }
        }
        let mut givens = Vec::with_capacity(size * size);
        for row in &grid {
            givens.extend(row.iter().map(|&d| d as u8));
        }
        let geometry = geometry(size, (box_rows, box_cols));
        for (u, unit) in geometry.units.iter().enumerate() {
            let mut seen = [None; MAX_SIZE + 1];
            for &cell in unit {
                let d = usize::from(givens[cell]);
                if d == 0 {
                    continue;
                }
                if let Some(first) = seen[d] {
                    return Err(Error::new(
                        cell_place(size, cell),
                        format!("digit {d} repeats {} in {}", cell_place(size, first), unit_name(size, u)),
                    ));
                }
                seen[d] = Some(cell);
            }
        }
        let cage_cells = cage_cells(size, &cages)?;
        Ok(Sudoku::with_units(size, (box_rows, box_cols), givens, cages, geometry, cage_cells))
    }

    /// The derived structures of a validated puzzle.
    fn with_units(
        size: usize,
        (box_rows, box_cols): (usize, usize),
        givens: Vec<u8>,
        cages: Vec<Cage>,
        geometry: Arc<Geometry>,
        cage_cells: Vec<Vec<usize>>,
    ) -> Sudoku {
        let cells = size * size;
        let mut cage_of = vec![None; cells];
        for (k, members) in cage_cells.iter().enumerate() {
            for &cell in members {
                cage_of[cell] = Some(k);
            }
        }
        let units = &geometry.units;
        let peers = if cages.is_empty() {
            Arc::clone(&geometry.peers)
        } else {
            Arc::new(peers(size, (box_rows, box_cols), units, &cage_of, &cage_cells))
        };
        let combos =
            cages.iter().zip(&cage_cells).map(|(cage, members)| combinations(size, members.len(), cage.sum)).collect();
        let cage_units: Vec<Vec<usize>> = cage_cells
            .iter()
            .map(|members| (0..units.len()).filter(|&u| members.iter().all(|cell| units[u].contains(cell))).collect())
            .collect();
        let house_sums = house_sums(size, units, &cages, &cage_cells, &cage_of, &cage_units);
        Sudoku {
            size,
            box_rows,
            box_cols,
            givens,
            cages,
            units: Arc::clone(units),
            peers,
            cage_cells,
            cage_of,
            combos,
            cage_units,
            segments: Arc::clone(&geometry.segments),
            house_sums,
        }
    }

    /// The grid is `size() × size()`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The box as (rows, columns).
    pub fn box_shape(&self) -> (usize, usize) {
        (self.box_rows, self.box_cols)
    }

    /// Whether the box is the default one for the size (the formats leave it out then).
    pub fn has_default_box(&self) -> bool {
        default_box(self.size) == Some(self.box_shape())
    }

    /// The givens as rows (0 = empty), as [`Sudoku::new`] takes them.
    pub fn grid(&self) -> Vec<Vec<u32>> {
        self.givens.chunks(self.size).map(|row| row.iter().map(|&d| u32::from(d)).collect()).collect()
    }

    /// The given digit at (`row`, `col`), 0 for none (and outside the grid).
    pub fn given(&self, row: usize, col: usize) -> u32 {
        if row < self.size && col < self.size {
            u32::from(self.givens[row * self.size + col])
        } else {
            0
        }
    }

    /// The cages (empty for a classic Sudoku).
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// Whether the puzzle has cages.
    pub fn is_killer(&self) -> bool {
        !self.cages.is_empty()
    }

    /// The same puzzle with the cell at (`row`, `col`) given `digit` (0: emptied); errors as
    /// [`Sudoku::new`] (a digit that repeats a given).
    pub fn with_given(&self, row: usize, col: usize, digit: u32) -> Result<Sudoku, Error> {
        let mut grid = self.grid();
        grid[row][col] = digit;
        Sudoku::new(grid, Some(self.box_shape()), self.cages.clone())
    }

    /// All digits of the grid, as a mask.
    pub(super) fn all_digits(&self) -> u32 {
        DigitSet::range(1, self.size as u32).0
    }

    /// Check a filled grid against the rules and this puzzle: `Ok` when `grid` is a solution
    /// (every cell a digit 1..N, givens kept, no repeats in a row, column, box or cage, every
    /// cage's sum), otherwise the first broken rule, naming its place.
    pub fn check(&self, grid: &[Vec<u8>]) -> Result<(), Error> {
        let n = self.size;
        if grid.len() != n || grid.iter().any(|row| row.len() != n) {
            return Err(Error::new(Place::Field("solution".into()), format!("is not {n}×{n}")));
        }
        for cell in 0..n * n {
            let written = grid[cell / n][cell % n];
            let given = self.givens[cell];
            if !(1..=n as u8).contains(&written) {
                return Err(Error::new(cell_place(n, cell), format!("digit {written} is not in 1..{n}")));
            }
            if given != 0 && written != given {
                return Err(Error::new(cell_place(n, cell), format!("holds {written}, the given is {given}")));
            }
        }
        for (u, unit) in self.units.iter().enumerate() {
            let mut seen = [None; MAX_SIZE + 1];
            for &cell in unit {
                let d = usize::from(grid[cell / n][cell % n]);
                if let Some(first) = seen[d] {
                    return Err(Error::new(
                        cell_place(n, cell),
                        format!("digit {d} repeats {} in {}", cell_place(n, first), unit_name(n, u)),
                    ));
                }
                seen[d] = Some(cell);
            }
        }
        for (k, (cage, members)) in self.cages.iter().zip(&self.cage_cells).enumerate() {
            let mut held = DigitSet::EMPTY;
            let mut sum = 0;
            for &cell in members {
                let d = u32::from(grid[cell / n][cell % n]);
                if held.contains(d) {
                    return Err(Error::new(cell_place(n, cell), format!("digit {d} repeats in cages[{k}]")));
                }
                held |= DigitSet::single(d);
                sum += d;
            }
            if sum != cage.sum {
                return Err(Error::new(
                    Place::Field(format!("cages[{k}]")),
                    format!("its digits add up to {sum}, the cage's sum is {}", cage.sum),
                ));
            }
        }
        Ok(())
    }

    /// Take the decided cells on the stack from their peers, and the cells that become
    /// decided in turn.
    fn clear_decided(&self, state: &mut Candidates, stack: &mut Vec<usize>) -> Result<(), Stop> {
        while let Some(cell) = stack.pop() {
            let digit = state.cells[cell];
            state.cleared[cell / 64] |= 1 << (cell % 64);
            for &peer in &self.peers[cell] {
                let mask = state.cells[peer];
                if mask & digit != 0 {
                    let left = mask & !digit;
                    if left == 0 {
                        return Err(Stop::Contradiction);
                    }
                    state.cells[peer] = left;
                    if left & (left - 1) == 0 {
                        stack.push(peer);
                    }
                }
            }
        }
        Ok(())
    }

    /// Place every digit that has one cell left in a unit; whether any was placed.
    fn hidden_singles(&self, state: &mut Candidates, stack: &mut Vec<usize>) -> Result<bool, Stop> {
        let all = self.all_digits();
        let mut placed = false;
        for unit in self.units.iter() {
            let (mut once, mut twice) = (0u32, 0u32);
            for &cell in unit {
                let mask = state.cells[cell];
                twice |= once & mask;
                once |= mask;
            }
            if once != all {
                return Err(Stop::Contradiction);
            }
            let lone = once & !twice;
            if lone == 0 {
                continue;
            }
            for &cell in unit {
                let mask = state.cells[cell];
                let mine = mask & lone;
                if mine == 0 || mine == mask {
                    continue;
                }
                if mine & (mine - 1) != 0 {
                    return Err(Stop::Contradiction);
                }
                state.cells[cell] = mine;
                stack.push(cell);
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Locked candidates: a digit of a box that only the cells it shares with a line can
    /// hold leaves the rest of the line (pointing), and one of a line that only those cells
    /// can hold leaves the rest of the box (claiming). Whether anything narrowed.
    fn locked_candidates(&self, state: &mut Candidates, stack: &mut Vec<usize>) -> Result<bool, Stop> {
        let mut changed = false;
        for [shared, line_rest, box_rest] in self.segments.iter() {
            let mask = |cells: &[usize], state: &Candidates| cells.iter().fold(0u32, |m, &c| m | state.cells[c]);
            let here = mask(shared, state);
            let pointing = here & !mask(box_rest, state);
            let claiming = here & !mask(line_rest, state);
            for (digits, others) in [(pointing, line_rest), (claiming, box_rest)] {
                if digits != 0 {
                    for &cell in others {
                        changed |= Sudoku::narrow(state, stack, cell, !digits)?;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// The combinations of cage `k` its cells can still hold: their union and the digits
    /// they all contain (`None` when there is none).
    pub(super) fn cage_reach(&self, k: usize, cells: &[u32]) -> Option<(u32, u32)> {
        combinations_reach(&self.combos[k], &self.cage_cells[k], cells)
    }

    /// Narrow `cell` to `keep`; a contradiction when nothing is left, the cell on the stack
    /// when one digit is. Whether it changed.
    fn narrow(state: &mut Candidates, stack: &mut Vec<usize>, cell: usize, keep: u32) -> Result<bool, Stop> {
        let mask = state.cells[cell];
        let left = mask & keep;
        if left == mask {
            return Ok(false);
        }
        if left == 0 {
            return Err(Stop::Contradiction);
        }
        state.cells[cell] = left;
        if left & (left - 1) == 0 {
            stack.push(cell);
        }
        Ok(true)
    }

    /// The cage combinations of the module essay on every cage; whether anything narrowed.
    fn cage_combinations(&self, state: &mut Candidates, stack: &mut Vec<usize>) -> Result<bool, Stop> {
        let mut changed = false;
        for (k, members) in self.cage_cells.iter().enumerate() {
            let (union, common) = self.cage_reach(k, &state.cells).ok_or(Stop::Contradiction)?;
            for &cell in members {
                changed |= Sudoku::narrow(state, stack, cell, union)?;
            }
            for digit in DigitSet(common).iter() {
                let bit = 1 << digit;
                let mut places = members.iter().filter(|&&cell| state.cells[cell] & bit != 0);
                match (places.next(), places.next()) {
                    (None, _) => return Err(Stop::Contradiction),
                    (Some(&cell), None) => changed |= Sudoku::narrow(state, stack, cell, bit)?,
                    _ => {}
                }
            }
            for &unit in &self.cage_units[k] {
                for &cell in &self.units[unit] {
                    if self.cage_of[cell] != Some(k) {
                        changed |= Sudoku::narrow(state, stack, cell, !common)?;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// The 45 rule: the cells of every [`HouseSum`] keep the digits of the sets with its sum
    /// they can still hold; whether anything narrowed.
    fn house_sums_narrow(&self, state: &mut Candidates, stack: &mut Vec<usize>) -> Result<bool, Stop> {
        let mut changed = false;
        for house in &self.house_sums {
            let (union, _) =
                combinations_reach(&house.combos, &house.cells, &state.cells).ok_or(Stop::Contradiction)?;
            for &cell in &house.cells {
                changed |= Sudoku::narrow(state, stack, cell, union)?;
            }
        }
        Ok(changed)
    }
}

/// Which of the solver's deductions [`Sudoku::fixpoint`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Deductions {
    /// Naked and hidden singles: the level-1 techniques.
    Singles,
    /// Singles, cage combinations and locked candidates (on a classic Sudoku, exactly the
    /// techniques up to level 2): what generation's checks run.
    All,
    /// Those and the 45 rule: the search's propagation. Generation's checks leave the rule
    /// out: with it a Killer's cages merge much further at medium and above, into puzzles the
    /// brute-force uniqueness test of the generator (tests/it/generate.rs) could not count
    /// within minutes.
    Search,
}

impl Sudoku {
    /// Run `deductions` on `state` until none narrows anything (`tick` before every round;
    /// its error stops the run). Each deduction only removes candidates, and never stops
    /// another from applying, so the result is their fixpoint whatever the order: the
    /// explainer's steps of the same techniques reach the same board.
    pub(super) fn fixpoint(
        &self,
        state: &mut Candidates,
        stack: &mut Vec<usize>,
        deductions: Deductions,
        mut tick: impl FnMut() -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        stack.clear();
        for (cell, &mask) in state.cells.iter().enumerate() {
            if mask.is_power_of_two() && state.cleared[cell / 64] >> (cell % 64) & 1 == 0 {
                stack.push(cell);
            }
        }
        loop {
            tick()?;
            self.clear_decided(state, stack)?;
            if self.hidden_singles(state, stack)? {
                continue;
            }
            if deductions == Deductions::Singles {
                break;
            }
            if !self.cages.is_empty() && self.cage_combinations(state, stack)? {
                continue;
            }
            if self.locked_candidates(state, stack)? {
                continue;
            }
            // The 45 rule last: the dearest scan, and the others settle most boards.
            if deductions != Deductions::Search || !self.house_sums_narrow(state, stack)? {
                break;
            }
        }
        Ok(())
    }

    /// The same grid, boxes and cages with other givens (row-major, 0: none), without
    /// validating them again: for generation, whose givens come from a solution.
    pub(crate) fn with_givens(&self, givens: Vec<u8>) -> Sudoku {
        debug_assert_eq!(givens.len(), self.size * self.size);
        Sudoku { givens, ..self.clone() }
    }

    /// Whether `deductions` alone solve the puzzle of these givens (row-major, 0: none) with
    /// this one's grid, boxes and cages: then it has exactly one solution. Microseconds on a
    /// 9×9, so generation asks it before anything dearer.
    pub(crate) fn solved_by(&self, givens: &[u8], deductions: Deductions) -> bool {
        let all = self.all_digits();
        let cells = givens.iter().map(|&d| if d == 0 { all } else { 1 << d }).collect();
        let mut state = Candidates { cells, cleared: [0; 4] };
        let mut stack = Vec::with_capacity(givens.len());
        self.fixpoint(&mut state, &mut stack, deductions, || Ok(())).is_ok()
            && state.cells.iter().all(|m| m.is_power_of_two())
    }

    /// Apply every deduction of [`Deductions::All`] to `board` in bulk: the closing of
    /// [`up_to_level_closing`](crate::engine::generate::up_to_level_closing) that spares the
    /// explainer's scans the level-1 and level-2 steps. Whether the board narrowed; a board
    /// with a contradiction is left as it is (the techniques then report it).
    pub(crate) fn close_board(&self, board: &mut Board) -> bool {
        let n = self.size;
        let cells = (0..n * n).map(|cell| board.candidates((cell / n, cell % n)).0).collect();
        let mut state = Candidates { cells, cleared: [0; 4] };
        let mut stack = Vec::with_capacity(n * n);
        if self.fixpoint(&mut state, &mut stack, Deductions::All, || Ok(())).is_err() {
            return false;
        }
        let mut changed = false;
        for (cell, &mask) in state.cells.iter().enumerate() {
            changed |= board.restrict((cell / n, cell % n), DigitSet(mask));
        }
        changed
    }
}

/// The sets of `len` different digits 1..=`size` that add up to `sum` (`size` ≤ 9).
fn combinations(size: usize, len: usize, sum: u32) -> Vec<DigitSet> {
    let table = CombinationTable::get();
    let range = table.with_sum(len as u32, sum);
    table.combos(range).iter().copied().filter(|c| c.max() <= Some(size as u32)).collect()
}

/// Of `combos` (sets of different digits), those that `members` can still hold under the
/// candidate masks `cells` (every member has a candidate in the set and together they cover
/// it): their union and the digits they all contain (`None` when none fits). A cage's
/// combinations, or those of the cells a 45 rule sums up.
pub(super) fn combinations_reach(combos: &[DigitSet], members: &[usize], cells: &[u32]) -> Option<(u32, u32)> {
    let (mut union, mut common, mut any) = (0u32, u32::MAX, false);
    for combo in combos {
        let combo = combo.0;
        let mut covered = 0u32;
        let fits = members.iter().all(|&cell| {
            covered |= cells[cell] & combo;
            cells[cell] & combo != 0
        });
        if fits && covered == combo {
            union |= combo;
            common &= combo;
            any = true;
        }
    }
    any.then_some((union, common))
}

/// The 45 rule's sums of a puzzle with cages, unit by unit (see [`HouseSum`]): the innies of
/// a unit with a cage inside it (when the cages inside add up to at most 1 + … + N), and the
/// outies of a unit its cages cover, when those lie in one unit and add up to at least that.
fn house_sums(
    size: usize,
    units: &[Vec<usize>],
    cages: &[Cage],
    cage_cells: &[Vec<usize>],
    cage_of: &[Option<usize>],
    cage_units: &[Vec<usize>],
) -> Vec<HouseSum> {
    let mut sums = Vec::new();
    if cages.is_empty() {
        return sums;
    }
    let total = (size * (size + 1) / 2) as u32;
    let mut add = |unit: usize, outies: bool, cells: Vec<usize>, sum: u32| {
        let combos = combinations(size, cells.len(), sum);
        sums.push(HouseSum { unit, outies, cells, sum, combos });
    };
    for (unit, cells) in units.iter().enumerate() {
        let mut touching: Vec<usize> = cells.iter().filter_map(|&c| cage_of[c]).collect();
        touching.sort_unstable();
        touching.dedup();
        let sum_of = |list: &mut dyn Iterator<Item = &usize>| list.map(|&k| cages[k].sum).sum::<u32>();
        let inside = |k: usize| cage_units[k].contains(&unit);
        let inside_sum = sum_of(&mut touching.iter().filter(|&&k| inside(k)));
        let innies: Vec<usize> =
            cells.iter().copied().filter(|&c| !matches!(cage_of[c], Some(k) if inside(k))).collect();
        if innies.len() < size && !innies.is_empty() && inside_sum <= total {
            add(unit, false, innies, total - inside_sum);
        }
        if cells.iter().any(|&c| cage_of[c].is_none()) {
            continue;
        }
        let outies: Vec<usize> =
            touching.iter().flat_map(|&k| cage_cells[k].iter().copied()).filter(|c| !cells.contains(c)).collect();
        let across_sum = sum_of(&mut touching.iter());
        // In one unit: one of the (three) units of the first outie holds them all.
        let distinct = outies.first().is_some_and(|first| {
            units.iter().filter(|u| u.contains(first)).any(|u| outies.iter().all(|c| u.contains(c)))
        });
        if distinct && across_sum >= total {
            add(unit, true, outies, across_sum - total);
        }
    }
    sums
}

/// What a grid's size and box alone fix: its units, each cell's peers without cages, and
/// where boxes meet lines. Every puzzle of one size and box shares one, so that reading a
/// collection does not build them again per puzzle (a 9×9 took about 300 allocations).
#[derive(Debug)]
pub(super) struct Geometry {
    /// The size, the box's rows and its columns.
    shape: (usize, usize, usize),
    units: Arc<Vec<Vec<usize>>>,
    peers: Arc<Vec<Vec<usize>>>,
    segments: Arc<Vec<[Vec<usize>; 3]>>,
}

std::thread_local! {
    /// The geometries built so far: a few dozen shapes at most.
    static GEOMETRIES: std::cell::RefCell<Vec<Arc<Geometry>>> = Default::default();
}

/// The geometry of a `size × size` grid of `box_rows × box_cols` boxes (a valid tiling).
fn geometry(size: usize, (box_rows, box_cols): (usize, usize)) -> Arc<Geometry> {
    GEOMETRIES.with(|built| {
        let shape = (size, box_rows, box_cols);
        if let Some(geometry) = built.borrow().iter().find(|geometry| geometry.shape == shape) {
            return Arc::clone(geometry);
        }
        let units = units(size, box_rows, box_cols);
        let peers = peers(size, (box_rows, box_cols), &units, &vec![None; size * size], &[]);
        let mut segments = Vec::new();
        for b in 2 * size..3 * size {
            for line in 0..2 * size {
                let shared: Vec<usize> = units[line].iter().copied().filter(|c| units[b].contains(c)).collect();
                if shared.len() < 2 {
                    continue;
                }
                let rest = |unit: usize| units[unit].iter().copied().filter(|c| !shared.contains(c)).collect();
                segments.push([shared.clone(), rest(line), rest(b)]);
            }
        }
        let geometry =
            Arc::new(Geometry { shape, units: Arc::new(units), peers: Arc::new(peers), segments: Arc::new(segments) });
        built.borrow_mut().push(Arc::clone(&geometry));
        geometry
    })
}

/// Per cell, the other cells of its row, column, box and cage (`cage_of`: each cell's cage
/// among `cage_cells`).
fn peers(
    size: usize,
    (box_rows, box_cols): (usize, usize),
    units: &[Vec<usize>],
    cage_of: &[Option<usize>],
    cage_cells: &[Vec<usize>],
) -> Vec<Vec<usize>> {
    let cells = size * size;
    let mut peers = vec![Vec::new(); cells];
    let mut is_peer = vec![false; cells];
    for (cell, list) in peers.iter_mut().enumerate() {
        let (r, c) = (cell / size, cell % size);
        let own_box = 2 * size + (r / box_rows) * (size / box_cols) + c / box_cols;
        let cage = cage_of[cell].map_or(&[][..], |k| &cage_cells[k][..]);
        for &other in units[r].iter().chain(&units[size + c]).chain(&units[own_box]).chain(cage) {
            if other != cell && !is_peer[other] {
                is_peer[other] = true;
                list.push(other);
            }
        }
        for &other in list.iter() {
            is_peer[other] = false;
        }
    }
    peers
}

/// The rows, columns and boxes of a grid, each its row-major cells.
fn units(size: usize, box_rows: usize, box_cols: usize) -> Vec<Vec<usize>> {
    let mut units = Vec::with_capacity(3 * size);
    units.extend((0..size).map(|r| (0..size).map(|c| r * size + c).collect()));
    units.extend((0..size).map(|c| (0..size).map(|r| r * size + c).collect()));
    let across = size / box_cols;
    units.extend((0..size).map(|b| {
        let (top, left) = (b / across * box_rows, b % across * box_cols);
        (0..size).map(|i| (top + i / box_cols) * size + left + i % box_cols).collect()
    }));
    units
}

/// The row-major cells of every cage, checked: not empty, inside the grid, in one cage, at
/// most N cells, on a grid that takes cages.
fn cage_cells(size: usize, cages: &[Cage]) -> Result<Vec<Vec<usize>>, Error> {
    if !cages.is_empty() && size > MAX_KILLER_SIZE {
        return Err(Error::new(
            Place::Field("cages".into()),
            format!(
                "Killer cages are taken on grids up to {MAX_KILLER_SIZE}×{MAX_KILLER_SIZE}, this one is {size}×{size}"
            ),
        ));
    }
    let mut owner: Vec<Option<usize>> = vec![None; size * size];
    let mut all = Vec::with_capacity(cages.len());
    for (k, cage) in cages.iter().enumerate() {
        if cage.cells.is_empty() {
            return Err(Error::new(Place::Field(format!("cages[{k}].cells")), "is empty"));
        }
        if cage.cells.len() > size {
            return Err(Error::new(
                Place::Field(format!("cages[{k}]")),
                format!("has {} cells, more than the {size} different digits", cage.cells.len()),
            ));
        }
        let mut members = Vec::with_capacity(cage.cells.len());
        for (j, &(row, col)) in cage.cells.iter().enumerate() {
            let place = || Place::Field(format!("cages[{k}].cells[{j}]"));
            if row >= size || col >= size {
                return Err(Error::new(place(), format!("[{row}, {col}] is outside the {size}×{size} grid")));
            }
            let cell = row * size + col;
            match owner[cell] {
                Some(other) if other == k => {
                    return Err(Error::new(place(), format!("[{row}, {col}] is in this cage twice")))
                }
                Some(other) => return Err(Error::new(place(), format!("[{row}, {col}] is in cages[{other}] too"))),
                None => owner[cell] = Some(k),
            }
            members.push(cell);
        }
        all.push(members);
    }
    Ok(all)
}

/// A unit (rows, then columns, then boxes) in messages: `row 1`, `column 3`, `box 9`.
pub(super) fn unit_name(size: usize, unit: usize) -> String {
    match unit / size {
        0 => format!("row {}", unit + 1),
        1 => format!("column {}", unit - size + 1),
        _ => format!("box {}", unit - 2 * size + 1),
    }
}

/// The `grid[row][col]` place of a row-major cell index.
fn cell_place(size: usize, cell: usize) -> Place {
    Place::Cell { row: cell / size, col: cell % size }
}
