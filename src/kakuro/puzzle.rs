//! The Kakuro puzzle: [`Kakuro`], its grid of [`Cell`]s validated on construction
//! ([`MAX_SIDE`] bounds a side) and prepared for solving (its white cells numbered, its
//! checked runs with their combination ranges), built from a solution grid or checked
//! against one; and [`Candidates`], the search state over it. It sits in a file of its own so
//! that the solver's modules (the search, the techniques, the generator, the formats) import
//! it from here and not from `mod.rs`, which declares them.

use crate::engine::bits::DigitSet;
use crate::engine::combos::{CombinationTable, MAX_DIGIT};
use crate::engine::error::{Error, Place};
use crate::engine::search::Stop;
#[cfg(doc)]
use crate::engine::search::{Budget, Problem};
use std::rc::Rc;

/// The most rows, and the most columns, a grid may have.
pub const MAX_SIDE: usize = 300;

/// One cell of a Kakuro grid as given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A black cell, with the sum of the run below (`down`) and to its right (`across`), if any.
    Block {
        /// The sum of the run below, if clued.
        down: Option<u32>,
        /// The sum of the run to the right, if clued.
        across: Option<u32>,
    },
    /// A white cell, empty or holding a given digit.
    White(Option<u32>),
}

/// The two directions of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Direction {
    Across,
    Down,
}

impl Direction {
    /// The word used in clues and messages.
    pub(super) fn name(self) -> &'static str {
        match self {
            Direction::Across => "across",
            Direction::Down => "down",
        }
    }

    /// The grid position `steps` cells further along this direction.
    fn step(self, (row, col): (usize, usize), steps: usize) -> (usize, usize) {
        match self {
            Direction::Across => (row, col + steps),
            Direction::Down => (row + steps, col),
        }
    }
}

/// A run the solver has to check: white cells with a clue, or at least two without one.
#[derive(Clone, Debug)]
pub(super) struct Run {
    /// Indices of the run's white cells (see [`Kakuro::whites`]), in order.
    pub(super) cells: Vec<usize>,
    /// Table index of the run's first combination (see [`CombinationTable`]).
    pub(super) first_combo: usize,
    /// Live-combination mask of a fresh run: one bit per combination of its table range.
    pub(super) all_combos: u128,
    /// The clue: what the run's digits add up to, if given.
    pub(super) sum: Option<u32>,
    /// Across or down.
    pub(super) direction: Direction,
}

/// Marks "no run" in [`Kakuro::runs_of_cell`]: a clueless single cell is in no checked run.
pub(super) const NO_RUN: usize = usize::MAX;

/// Components of at most this many undecided cells are searched on their own (see the `search` module) (the default
/// of [`Kakuro::small_component`]); the cells of larger ones are probed.
pub(super) const SMALL_COMPONENT: usize = 32;

/// A Kakuro puzzle, validated (see [`Kakuro::new`]) and prepared for solving.
#[derive(Clone, Debug)]
pub struct Kakuro {
    pub(super) grid: Vec<Vec<Cell>>,
    /// Grid position of every white cell, in reading order; white cells are numbered by it.
    pub(super) whites: Vec<(usize, usize)>,
    /// The runs with a constraint.
    pub(super) runs: Vec<Run>,
    /// For every white cell, its across run and its down run ([`NO_RUN`] if unchecked).
    pub(super) runs_of_cell: Vec<[usize; 2]>,
    /// Components of at most this many undecided cells are counted by a small search of
    /// their own during propagation (see the `search` module); tests lower it so that the
    /// search by components meets, in small grids, what it meets in large ones.
    pub(super) small_component: usize,
}

/// The search state of a Kakuro: candidates of the cells and live combinations of the runs.
#[derive(Clone, Debug)]
pub struct Candidates {
    /// The digits each white cell may still hold.
    pub(super) cells: Vec<DigitSet>,
    /// For every run, the bit mask of its combinations not yet ruled out.
    pub(super) live_combos: Vec<u128>,
    /// Runs to revise before the state is at a fixpoint.
    pub(super) pending: Vec<usize>,
    /// For every cell, the stamp of the small component it was last examined in, 0 if it
    /// changed since (see the `search` module): a serial number, whether the component has
    /// several solutions, and its size, so that a component that lost cells is re-examined.
    pub(super) examined: Vec<u64>,
    /// Serial number of the next stamp.
    pub(super) next_stamp: u64,
    /// A solution of an ancestor state (a digit per white cell): the search tries its digits
    /// first, so that a second solution is sought close to the first one.
    pub(super) hint: Option<Rc<[u8]>>,
    /// Once propagated, a solution of this state when it has undecided cells (a digit per
    /// white cell): the first branch child, the others cover every other solution.
    pub(super) found: Option<Rc<[u8]>>,
}

impl Kakuro {
    /// A Kakuro from its rows of cells.
    ///
    /// Rejected, with the place named (`grid[r][c]`, `grid[r]` or `grid`): an empty or ragged
    /// grid, one over 300 × 300, a given digit outside 1..9, a clue with no white cell to
    /// its right (`across`) or below it (`down`), a run longer than 9 cells, a sum that no
    /// run of that length can reach (the message gives the feasible range), and two givens
    /// with the same digit in one run (an error rather than status `none`, so that an editor
    /// can point at the clash).
    pub fn new(grid: Vec<Vec<Cell>>) -> Result<Kakuro, Error> {
        let whole = || Place::Field("grid".into());
        if grid.is_empty() {
            return Err(Error::new(whole(), "is empty"));
        }
        if grid.len() > MAX_SIDE {
            return Err(Error::new(whole(), format!("has {} rows, more than the limit of {MAX_SIDE}", grid.len())));
        }
        let width = grid[0].len();
        for (r, row) in grid.iter().enumerate() {
            let place = || Place::Field(format!("grid[{r}]"));
            if row.len() > MAX_SIDE {
                return Err(Error::new(place(), format!("has {} cells, more than the limit of {MAX_SIDE}", row.len())));
            }
            if row.is_empty() {
                return Err(Error::new(place(), "is empty"));
            }
            if row.len() != width {
                return Err(Error::new(place(), format!("has {} cells but grid[0] has {width}", row.len())));
            }
        }
        let mut kakuro = Kakuro {
            grid,
            whites: Vec::new(),
            runs: Vec::new(),
            runs_of_cell: Vec::new(),
            small_component: SMALL_COMPONENT,
        };
        kakuro.check_cells()?;
        kakuro.build_runs()?;
        Ok(kakuro)
    }

    /// The Kakuro whose solution is `grid` (rows of cells, 0 a block, 1..9 a white cell's
    /// digit, as in [`Outcome::solutions`]): the block before every run gets the run's sum as
    /// its clue (a run from the grid's edge has no block, so no clue), and no digit is given.
    /// `grid` is a solution of it when no run repeats a digit ([`Kakuro::check`] tells).
    ///
    /// Errors: a digit over 9 (naming the cell), and what [`Kakuro::new`] rejects (an empty or
    /// ragged grid, a run longer than 9 cells, …).
    pub fn from_solution(grid: &[Vec<u8>]) -> Result<Kakuro, Error> {
        let digit = |(row, col): (usize, usize)| grid.get(row).and_then(|cells| cells.get(col)).copied().unwrap_or(0);
        let sum = |block: (usize, usize), direction: Direction| {
            let total: u32 =
                (1..).map(|k| digit(direction.step(block, k))).take_while(|&d| d != 0).map(u32::from).sum();
            (total > 0).then_some(total)
        };
        let mut cells = Vec::with_capacity(grid.len());
        for (row, digits) in grid.iter().enumerate() {
            let mut line = Vec::with_capacity(digits.len());
            for (col, &d) in digits.iter().enumerate() {
                line.push(match u32::from(d) {
                    0 => Cell::Block {
                        down: sum((row, col), Direction::Down),
                        across: sum((row, col), Direction::Across),
                    },
                    d if d <= MAX_DIGIT => Cell::White(None),
                    d => return Err(Error::new(Place::Cell { row, col }, format!("digit {d} is not in 1..9"))),
                });
            }
            cells.push(line);
        }
        Kakuro::new(cells)
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.grid[0].len()
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.grid.len()
    }

    /// The cells as given, row by row.
    pub fn cells(&self) -> &[Vec<Cell>] {
        &self.grid
    }

    /// Checks a filled grid against the rules and this puzzle: `Ok` when `grid` is a
    /// solution (the puzzle's size, 0 on every block, a digit 1..9 on every white cell,
    /// givens kept, no digit twice in a run, every clued run adding up to its clue),
    /// otherwise the first broken rule, naming its place: the cell, the repeated digit's
    /// cell, or the clue's block.
    pub fn check(&self, grid: &[Vec<u8>]) -> Result<(), Error> {
        let (height, width) = (self.height(), self.width());
        if grid.len() != height || grid.iter().any(|row| row.len() != width) {
            return Err(Error::new(Place::Field("solution".into()), format!("is not {height}×{width}")));
        }
        for (row, cells) in self.grid.iter().enumerate() {
            for (col, &cell) in cells.iter().enumerate() {
                let written = u32::from(grid[row][col]);
                let wrong = match cell {
                    Cell::Block { .. } if written != 0 => Some(format!("block holds {written}, expected 0")),
                    Cell::Block { .. } => None,
                    Cell::White(_) if !(1..=MAX_DIGIT).contains(&written) => {
                        Some(format!("digit {written} is not in 1..9"))
                    }
                    Cell::White(Some(given)) if written != given => {
                        Some(format!("holds {written}, the given is {given}"))
                    }
                    Cell::White(_) => None,
                };
                if let Some(message) = wrong {
                    return Err(Error::new(Place::Cell { row, col }, message));
                }
            }
        }
        for run in &self.runs {
            let positions: Vec<(usize, usize)> = run.cells.iter().map(|&cell| self.whites[cell]).collect();
            let digit = |(row, col): (usize, usize)| grid[row][col];
            let name = run.direction.name();
            for (k, &(row, col)) in positions.iter().enumerate() {
                if let Some(&(r, c)) = positions[..k].iter().find(|&&p| digit(p) == digit((row, col))) {
                    return Err(Error::new(
                        Place::Cell { row, col },
                        format!("digit {} repeats grid[{r}][{c}] in the same {name} run", digit((row, col))),
                    ));
                }
            }
            let total: u32 = positions.iter().map(|&p| u32::from(digit(p))).sum();
            if let Some(sum) = run.sum.filter(|&sum| sum != total) {
                let (row, col) = positions[0];
                let (row, col) = match run.direction {
                    Direction::Across => (row, col.saturating_sub(1)),
                    Direction::Down => (row.saturating_sub(1), col),
                };
                return Err(Error::new(
                    Place::Cell { row, col },
                    format!("{name} sum {sum}, but the run adds up to {total}"),
                ));
            }
        }
        Ok(())
    }

    fn is_white(&self, (row, col): (usize, usize)) -> bool {
        matches!(self.grid.get(row).and_then(|cells| cells.get(col)), Some(Cell::White(_)))
    }

    /// Givens in 1..9, and clues that have a white cell to sum; numbers the white cells.
    fn check_cells(&mut self) -> Result<(), Error> {
        for (row, cells) in self.grid.iter().enumerate() {
            for (col, &cell) in cells.iter().enumerate() {
                let place = || Place::Cell { row, col };
                match cell {
                    Cell::White(Some(digit)) if !(1..=MAX_DIGIT).contains(&digit) => {
                        return Err(Error::new(place(), format!("digit {digit} is not in 1..9")));
                    }
                    Cell::White(_) => self.whites.push((row, col)),
                    Cell::Block { down, across } => {
                        for (clue, direction, side) in
                            [(down, Direction::Down, "below"), (across, Direction::Across, "to the right of")]
                        {
                            if let Some(sum) = clue {
                                if !self.is_white(direction.step((row, col), 1)) {
                                    return Err(Error::new(
                                        place(),
                                        format!("{} sum {sum} has no white cell {side} it", direction.name()),
                                    ));
                                }
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Finds every run, checks its length, clue and givens, and links cells to their runs.
    fn build_runs(&mut self) -> Result<(), Error> {
        let table = CombinationTable::get();
        let mut index = vec![vec![NO_RUN; self.width()]; self.height()];
        for (i, &(row, col)) in self.whites.iter().enumerate() {
            index[row][col] = i;
        }
        self.runs_of_cell = vec![[NO_RUN; 2]; self.whites.len()];
        for (slot, direction) in [Direction::Across, Direction::Down].into_iter().enumerate() {
            for &start in &self.whites {
                let before = match direction {
                    Direction::Across => start.1.checked_sub(1).map(|col| (start.0, col)),
                    Direction::Down => start.0.checked_sub(1).map(|row| (row, start.1)),
                };
                if before.is_some_and(|p| self.is_white(p)) {
                    continue; // not the first cell of its run
                }
                let clue = before.and_then(|(row, col)| match self.grid[row][col] {
                    Cell::Block { down, across } => {
                        if direction == Direction::Across {
                            across
                        } else {
                            down
                        }
                    }
                    Cell::White(_) => None,
                });
                let positions: Vec<(usize, usize)> =
                    (0..).map(|k| direction.step(start, k)).take_while(|&p| self.is_white(p)).collect();
                let len = positions.len() as u32;
                let name = direction.name();
                if len > MAX_DIGIT {
                    let (row, col) = start;
                    return Err(Error::new(
                        Place::Cell { row, col },
                        format!("the {name} run starting here has {len} cells, more than 9"),
                    ));
                }
                let combos = match clue {
                    Some(sum) => {
                        let range = table.with_sum(len, sum);
                        if range.is_empty() {
                            let (row, col) = before.unwrap_or(start);
                            let (lo, hi) = CombinationTable::sum_bounds(len);
                            return Err(Error::new(
                                Place::Cell { row, col },
                                format!(
                                    "{name} sum {sum} is impossible for a run of {len} cells (feasible: {lo}..{hi})"
                                ),
                            ));
                        }
                        range
                    }
                    None if len >= 2 => table.with_length(len),
                    None => continue, // a lone cell without a clue: no rule applies
                };
                self.check_givens_differ(&positions, name)?;
                let run_index = self.runs.len();
                let cells: Vec<usize> = positions.iter().map(|&(row, col)| index[row][col]).collect();
                for &cell in &cells {
                    self.runs_of_cell[cell][slot] = run_index;
                }
                self.runs.push(Run {
                    cells,
                    first_combo: combos.start,
                    all_combos: u128::MAX >> (128 - combos.len()),
                    sum: clue,
                    direction,
                });
            }
        }
        Ok(())
    }

    fn check_givens_differ(&self, positions: &[(usize, usize)], name: &str) -> Result<(), Error> {
        for (k, &(row, col)) in positions.iter().enumerate() {
            if let Cell::White(Some(digit)) = self.grid[row][col] {
                let earlier = positions[..k].iter().find(|&&(r, c)| self.grid[r][c] == Cell::White(Some(digit)));
                if let Some((r, c)) = earlier {
                    return Err(Error::new(
                        Place::Cell { row, col },
                        format!("digit {digit} repeats grid[{r}][{c}] in the same {name} run"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Revises one run (see the module essay); pushes the cells it narrowed, with their
    /// candidates before, onto `narrowed`.
    pub(super) fn revise(
        &self,
        run_index: usize,
        state: &mut Candidates,
        narrowed: &mut Vec<(usize, DigitSet)>,
    ) -> Result<(), Stop> {
        let table = CombinationTable::get();
        let run = &self.runs[run_index];
        let len = run.cells.len();
        let mut candidates = [DigitSet::EMPTY; MAX_DIGIT as usize];
        for (slot, &cell) in candidates.iter_mut().zip(&run.cells) {
            *slot = state.cells[cell];
        }
        let candidates = &candidates[..len];
        let mut support = [DigitSet::EMPTY; MAX_DIGIT as usize];
        let mut live = state.live_combos[run_index];
        let mut unseen = live;
        while unseen != 0 {
            let bit = unseen.trailing_zeros();
            unseen &= unseen - 1;
            match settle(candidates, table.combo(run.first_combo + bit as usize)) {
                Some(allowed) => {
                    for (s, a) in support.iter_mut().zip(&allowed[..len]) {
                        *s |= *a;
                    }
                }
                None => live &= !(1u128 << bit),
            }
        }
        if live == 0 {
            return Err(Stop::Contradiction);
        }
        state.live_combos[run_index] = live;
        for (&cell, (&before, &after)) in run.cells.iter().zip(candidates.iter().zip(&support)) {
            if after != before {
                state.cells[cell] = after;
                narrowed.push((cell, before));
            }
        }
        Ok(())
    }
}

/// What each cell of a run may hold if the run uses exactly the digits of `combo`: its
/// candidates within `combo`, narrowed by hidden and naked singles until nothing changes;
/// `None` when the run cannot use `combo`.
pub(super) fn settle(candidates: &[DigitSet], combo: DigitSet) -> Option<[DigitSet; MAX_DIGIT as usize]> {
    let mut allowed = [DigitSet::EMPTY; MAX_DIGIT as usize];
    for (a, &c) in allowed.iter_mut().zip(candidates) {
        *a = c & combo;
        if a.is_empty() {
            return None;
        }
    }
    let allowed_cells = &mut allowed[..candidates.len()];
    loop {
        let (mut seen, mut seen_twice, mut singles) = (DigitSet::EMPTY, DigitSet::EMPTY, DigitSet::EMPTY);
        for &a in allowed_cells.iter() {
            seen_twice |= seen & a;
            seen |= a;
            if a.len() == 1 {
                if !(singles & a).is_empty() {
                    return None; // two cells need the same digit
                }
                singles |= a;
            }
        }
        if seen != combo {
            return None; // a digit of the combination fits no cell
        }
        let hidden = seen & !seen_twice;
        let mut changed = false;
        for a in allowed_cells.iter_mut() {
            let own_hidden = *a & hidden;
            let narrowed = match own_hidden.len() {
                0 if a.len() > 1 => *a & !singles,
                0 => *a,
                1 => own_hidden,
                _ => return None, // two digits that only this cell can take
            };
            if narrowed.is_empty() {
                return None;
            }
            if narrowed != *a {
                *a = narrowed;
                changed = true;
            }
        }
        if !changed {
            return Some(allowed);
        }
    }
}
