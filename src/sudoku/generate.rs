//! Classic Sudoku generation: a random full grid, then givens removed down to the level.
//!
//! 1. **Solution.** The first row gets a random order of the digits and the solver finds one
//!    solution of that.
//! 2. **Removal.** From every cell given, the givens are visited in random order, first in
//!    pairs symmetric through the centre, then one by one, and removed when the puzzle stays
//!    within the target level with one solution ([`keeps`]): the solver's own deductions
//!    decide that in microseconds at levels 1 and 2 (on a classic Sudoku they are exactly
//!    the named techniques of those levels, run to their fixpoint) and settle most removals
//!    at levels 3 and 4, where the named techniques up to the level finish the rest after
//!    those deductions in bulk ([`up_to_level_closing`]); at the top level (extreme, which
//!    trial rates) the solver checks that one solution remains.
//! 3. **Rating.** The result is rated once; the engine tries a new candidate when it is
//!    below the target.
//!
//! Cost: one check per pair and per single given left, about 65 on a 9×9, nearly all of
//! them the solver's propagation alone; then one explanation.

use super::puzzle::{Cage, Deductions, Sudoku};
use crate::engine::error::Error;
use crate::engine::explain::TRIAL_LEVEL;
use crate::engine::generate::{up_to_level_closing, Candidate, Generator, NoClock, Rated, Rng, Run, Verdict};
use crate::engine::search::{solve, Grid, NoProgress, SolveOptions};

/// Nodes the solver may spend finding the full solution.
const FILL_NODES: u64 = 20_000;
/// Steps of one run of the techniques up to a level.
const LEVEL_STEPS: usize = 2_000;

/// Makes classic Sudoku of one size (see the module documentation).
pub struct SudokuGenerator {
    size: usize,
}

impl SudokuGenerator {
    /// A generator of `size × size` puzzles with the default box (size validated).
    pub fn new(size: usize) -> SudokuGenerator {
        SudokuGenerator { size }
    }

    /// The puzzle of these givens.
    fn puzzle(&self, givens: &Grid) -> Sudoku {
        puzzle(givens, Vec::new())
    }
}

/// The puzzle of these givens and cages (taken from a solution, so valid).
fn puzzle(givens: &Grid, cages: Vec<Cage>) -> Sudoku {
    let grid = givens.iter().map(|row| row.iter().map(|&d| u32::from(d)).collect()).collect();
    Sudoku::new(grid, None, cages).expect("a generated Sudoku's givens and cages come from a solution")
}

/// A random full grid of the size: the first row a random order of the digits, the rest the
/// solver's first solution of that (`None` when it runs out of nodes).
fn full_grid(size: usize, rng: &mut Rng) -> Option<Grid> {
    let mut first: Vec<u8> = (1..=size as u8).collect();
    rng.shuffle(&mut first);
    let mut seeded = vec![vec![0u8; size]; size];
    seeded[0] = first;
    let options = SolveOptions { max_solutions: 1, node_limit: Some(FILL_NODES), time_limit_ms: None };
    let outcome = solve(&puzzle(&seeded, Vec::new()), &options, &NoClock, &mut NoProgress);
    outcome.solutions.into_iter().next()
}

impl Generator for SudokuGenerator {
    type Puzzle = Sudoku;

    fn describe(&self) -> String {
        format!("{0}×{0} Sudoku", self.size)
    }

    fn propose(&mut self, rng: &mut Rng) -> Option<Candidate<Sudoku>> {
        let solution = full_grid(self.size, rng)?;
        Some((self.puzzle(&solution), solution))
    }

    fn refine(
        &mut self,
        (_, solution): Candidate<Sudoku>,
        level: u8,
        run: &mut Run,
    ) -> Result<Option<Rated<Sudoku>>, Error> {
        let n = self.size;
        let full = self.puzzle(&solution);
        let mut givens: Vec<u8> = solution.iter().flatten().copied().collect();
        let mut pairs: Vec<usize> = (0..(n * n).div_ceil(2)).collect();
        run.rng.shuffle(&mut pairs);
        for cell in pairs {
            let mirror = n * n - 1 - cell;
            let mut fewer = givens.clone();
            fewer[cell] = 0;
            fewer[mirror] = 0;
            if keeps(&full, &fewer, level, run)? {
                givens = fewer;
            }
        }
        let mut singles: Vec<usize> = (0..n * n).filter(|&cell| givens[cell] != 0).collect();
        run.rng.shuffle(&mut singles);
        for cell in singles {
            let mut fewer = givens.clone();
            fewer[cell] = 0;
            if keeps(&full, &fewer, level, run)? {
                givens = fewer;
            }
        }
        let puzzle = full.with_givens(givens);
        Ok(run.rate(&puzzle, level)?.map(|rating| ((puzzle, solution), rating)))
    }
}

/// Whether `givens` (row-major, on `full`'s grid) still make a puzzle of at most `level`
/// with one solution: the solver's own deductions first (microseconds; on a classic Sudoku
/// exactly the techniques up to level 2), then at levels 3 and 4 the named techniques up to
/// the level after those deductions in bulk, and at the top level (trial) the solver's
/// uniqueness check.
fn keeps(full: &Sudoku, givens: &[u8], level: u8, run: &mut Run) -> Result<bool, Error> {
    let deductions = if level == 1 { Deductions::Singles } else { Deductions::All };
    if full.solved_by(givens, deductions) {
        return Ok(true);
    }
    if level <= 2 {
        return Ok(false);
    }
    let puzzle = full.with_givens(givens.to_vec());
    if level >= TRIAL_LEVEL {
        let verdict = run.check_unique(|options, clock, progress| solve(&puzzle, options, clock, progress))?;
        return Ok(verdict == Verdict::Unique);
    }
    Ok(up_to_level_closing(&puzzle, level, LEVEL_STEPS, Sudoku::close_board).open.is_empty())
}

/// The most cells a generated Killer cage gets (fewer on a grid of fewer digits).
const MAX_CAGE: usize = 5;
/// Passes over the grid's neighbouring cells that try to merge their cages.
const MERGE_PASSES: usize = 2;

/// Makes Killer Sudoku without givens of one size (at most 9×9), by merging cages:
///
/// 1. **Solution.** A random full grid, as for a classic Sudoku; the candidate has a cage of
///    one cell on every cell (unique: every cell is told its digit).
/// 2. **Merging.** The pairs of neighbouring cells are visited in random order, a few passes
///    over the grid; where they lie in different cages whose digits differ and whose cells
///    together are at most [`MAX_CAGE`], the two cages become one (its sum theirs together)
///    when the puzzle stays within the level with one solution ([`keeps`], as a classic's
///    removal of givens).
/// 3. **Rating.** The result is rated once. Easy is out of reach: without givens the first
///    step is always a cage combination (level 2), which [`Play::generate`] says up front.
///
/// Cost: one check per pair of neighbours tried, about 140 per pass on a 9×9, most of them
/// the solver's propagation alone (the cage combinations included).
///
/// [`Play::generate`]: crate::genre::Play::generate
pub struct KillerGenerator {
    size: usize,
}

impl KillerGenerator {
    /// A generator of `size × size` Killer Sudoku with the default box (size validated, ≤ 9).
    pub fn new(size: usize) -> KillerGenerator {
        KillerGenerator { size }
    }
}

/// The cages of `members` (row-major cell lists, empty ones skipped) over `solution`.
fn cages_of(members: &[Vec<usize>], solution: &Grid) -> Vec<Cage> {
    let n = solution.len();
    members
        .iter()
        .filter(|cells| !cells.is_empty())
        .map(|cells| Cage {
            sum: cells.iter().map(|&c| u32::from(solution[c / n][c % n])).sum(),
            cells: cells.iter().map(|&c| (c / n, c % n)).collect(),
        })
        .collect()
}

impl Generator for KillerGenerator {
    type Puzzle = Sudoku;

    fn describe(&self) -> String {
        format!("{0}×{0} Killer Sudoku", self.size)
    }

    fn propose(&mut self, rng: &mut Rng) -> Option<Candidate<Sudoku>> {
        let solution = full_grid(self.size, rng)?;
        let singles: Vec<Vec<usize>> = (0..self.size * self.size).map(|cell| vec![cell]).collect();
        let empty = vec![vec![0u8; self.size]; self.size];
        Some((puzzle(&empty, cages_of(&singles, &solution)), solution))
    }

    fn refine(
        &mut self,
        (_, solution): Candidate<Sudoku>,
        level: u8,
        run: &mut Run,
    ) -> Result<Option<Rated<Sudoku>>, Error> {
        let n = self.size;
        let digit = |cell: usize| 1u32 << solution[cell / n][cell % n];
        let mut members: Vec<Vec<usize>> = (0..n * n).map(|cell| vec![cell]).collect();
        let mut cage_of: Vec<usize> = (0..n * n).collect();
        let mut digits: Vec<u32> = (0..n * n).map(digit).collect();
        let mut neighbours: Vec<(usize, usize)> = (0..n * n)
            .flat_map(|cell| {
                let right = (cell % n + 1 < n).then_some((cell, cell + 1));
                let down = (cell + n < n * n).then_some((cell, cell + n));
                right.into_iter().chain(down)
            })
            .collect();
        let empty = vec![vec![0u8; n]; n];
        let no_givens = vec![0u8; n * n];
        let largest = MAX_CAGE.min(n);
        let mut current = puzzle(&empty, cages_of(&members, &solution));
        for _ in 0..MERGE_PASSES {
            run.rng.shuffle(&mut neighbours);
            for &(a, b) in &neighbours {
                let (ka, kb) = (cage_of[a], cage_of[b]);
                if ka == kb || members[ka].len() + members[kb].len() > largest || digits[ka] & digits[kb] != 0 {
                    continue;
                }
                let mut merged = members.clone();
                let moved = std::mem::take(&mut merged[kb]);
                merged[ka].extend(moved);
                merged[ka].sort_unstable();
                let candidate = puzzle(&empty, cages_of(&merged, &solution));
                if keeps(&candidate, &no_givens, level, run)? {
                    for &cell in &merged[ka] {
                        cage_of[cell] = ka;
                    }
                    digits[ka] |= digits[kb];
                    members = merged;
                    current = candidate;
                }
            }
        }
        Ok(run.rate(&current, level)?.map(|rating| ((current, solution), rating)))
    }
}
