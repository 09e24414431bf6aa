//! Classic Sudoku generation: a random full grid, then givens removed down to the level.
//!
//! 1. **Solution.** The first row gets a random order of the digits and the solver finds one
//!    solution of that.
//! 2. **Removal.** From every cell given, the givens are visited in random order, in pairs
//!    symmetric through the centre, and a pair is removed when the named techniques up to the
//!    target level still solve the puzzle ([`up_to_level`]: a puzzle they solve is unique and
//!    rated at most the level), or at the top level (extreme, which trial rates) when the
//!    solver still finds one solution. The result is rated; the engine tries a new candidate
//!    when it is below the target.
//!
//! Cost: one run of the cheap techniques (or one solve) per pair of givens, about 40 on a 9×9.

use super::Sudoku;
use crate::engine::error::Error;
use crate::engine::explain::TRIAL_LEVEL;
use crate::engine::generate::{up_to_level, Candidate, Generator, NoClock, Rated, Rng, Run, Verdict};
use crate::engine::search::{solve, Clock, Grid, NoProgress, Outcome, Progress, SolveOptions};

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
        let grid = givens.iter().map(|row| row.iter().map(|&d| u32::from(d)).collect()).collect();
        Sudoku::new(grid, None, Vec::new()).expect("a generated Sudoku's givens come from a solution")
    }
}

impl Generator for SudokuGenerator {
    type Puzzle = Sudoku;

    fn describe(&self) -> String {
        format!("{0}×{0} Sudoku", self.size)
    }

    fn propose(&mut self, rng: &mut Rng) -> Option<Candidate<Sudoku>> {
        let n = self.size;
        let mut first: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut first);
        let mut seeded = vec![vec![0u8; n]; n];
        seeded[0] = first;
        let options = SolveOptions { max_solutions: 1, node_limit: Some(FILL_NODES), time_limit_ms: None };
        let outcome = solve(&self.puzzle(&seeded), &options, &NoClock, &mut NoProgress);
        let solution = outcome.solutions.into_iter().next()?;
        Some((self.puzzle(&solution), solution))
    }

    fn solve(
        &self,
        puzzle: &Sudoku,
        options: &SolveOptions,
        clock: &dyn Clock,
        progress: &mut dyn Progress,
    ) -> Outcome {
        solve(puzzle, options, clock, progress)
    }

    /// Every cell is given, so a candidate is unique from the start: never repaired.
    fn repair(&mut self, _: Candidate<Sudoku>, _: &Grid, _: &Grid, _: &mut Rng) -> Option<Candidate<Sudoku>> {
        None
    }

    fn refine(
        &mut self,
        (_, solution): Candidate<Sudoku>,
        level: u8,
        run: &mut Run,
    ) -> Result<Option<Rated<Sudoku>>, Error> {
        let n = self.size;
        let mut pairs: Vec<usize> = (0..(n * n).div_ceil(2)).collect();
        run.rng.shuffle(&mut pairs);
        let mut givens = solution.clone();
        for cell in pairs {
            let mirror = n * n - 1 - cell;
            let mut fewer = givens.clone();
            fewer[cell / n][cell % n] = 0;
            fewer[mirror / n][mirror % n] = 0;
            let candidate = self.puzzle(&fewer);
            let keeps = if level >= TRIAL_LEVEL {
                run.check_unique(|options, clock, progress| solve(&candidate, options, clock, progress))?
                    == Verdict::Unique
            } else {
                up_to_level(&candidate, level, LEVEL_STEPS).open.is_empty()
            };
            if keeps {
                givens = fewer;
            }
        }
        let puzzle = self.puzzle(&givens);
        Ok(run.rate(&puzzle, level)?.map(|rating| ((puzzle, solution), rating)))
    }
}
