//! Str8ts generation: a black pattern, a full solution, then givens removed down to the level.
//!
//! 1. **Pattern.** Black cells in 180° symmetric pairs (each pair black with probability
//!    0.22).
//! 2. **Solution.** A few white cells (at most N/2) get random digits that do not clash in
//!    their lines, and the solver finds one solution of that (a node budget; no solution → a
//!    new candidate). Then about a third of the black cells get a digit that neither their row
//!    nor their column holds.
//! 3. **Removal.** Starting from every white cell given (trivially unique), the givens are
//!    visited in random order, in symmetric pairs, and a pair is removed when the puzzle
//!    stays unique (the solver, `max_solutions` 2) and its rating stays at or below the
//!    target level. The result is as hard as this pattern allows within the level; when
//!    that is below the target, the engine tries a new candidate. At the top level
//!    (extreme) every rating is within the level, so the pairs are removed by uniqueness
//!    alone and only the result is rated; only when the explanation cannot finish that
//!    result are the pairs removed again with a rating at each step (which turns away the
//!    removals it cannot rate). Both give the same puzzle unless some intermediate puzzle
//!    could not be rated.
//!
//! Cost: step 3 is one solve and at most one explanation per pair of givens, about 30 on a
//! 9×9; at the top level one solve per pair and one explanation. The explanations of the
//! hardest puzzles, with trial, are what generation spent most of its time on (profile in
//! bench/RESULTS.md), and most extreme candidates end below the level, so rating them once
//! is most of the gain.

use super::puzzle::Str8ts;
use crate::engine::error::Error;
use crate::engine::explain::{Rating, TRIAL_LEVEL};
use crate::engine::generate::{Candidate, Generator, NoClock, Rated, Rng, Run, Verdict};
use crate::engine::search::{solve, Grid, NoProgress, SolveOptions};

/// Black pairs per thousand pairs of cells.
const BLACK_PER_MILLE: u32 = 220;
/// Black cells with a digit per thousand black cells.
const BLACK_DIGIT_PER_MILLE: u32 = 330;
/// Nodes the solver may spend finding the full solution.
const FILL_NODES: u64 = 5_000;

/// Makes Str8ts of one size (see the module documentation).
pub struct Str8tsGenerator {
    size: usize,
}

impl Str8tsGenerator {
    /// A generator of `size × size` puzzles (size validated).
    pub fn new(size: usize) -> Str8tsGenerator {
        Str8tsGenerator { size }
    }

    /// The puzzle with `black`, the black cells' digits and the white `givens` (0: none).
    fn puzzle(&self, black: &[Vec<bool>], black_digits: &Grid, givens: &Grid) -> Str8ts {
        let n = self.size;
        let grid = (0..n)
            .map(|r| (0..n).map(|c| u32::from(if black[r][c] { black_digits[r][c] } else { givens[r][c] })).collect())
            .collect();
        Str8ts::new(grid, black.to_vec()).expect("a generated Str8ts has no clashing digits")
    }
}

impl Generator for Str8tsGenerator {
    type Puzzle = Str8ts;

    fn describe(&self) -> String {
        format!("{0}×{0} Str8ts", self.size)
    }

    fn propose(&mut self, rng: &mut Rng) -> Option<Candidate<Str8ts>> {
        let n = self.size;
        let mut black = vec![vec![false; n]; n];
        for cell in 0..(n * n).div_ceil(2) {
            if rng.chance(BLACK_PER_MILLE) {
                let mirror = n * n - 1 - cell;
                black[cell / n][cell % n] = true;
                black[mirror / n][mirror % n] = true;
            }
        }
        // A few random givens, so that the solver's first solution differs from seed to seed.
        let mut seeds = vec![vec![0u8; n]; n];
        for _ in 0..n.div_ceil(2) {
            let (r, c) = (rng.below(n), rng.below(n));
            let d = rng.below(n) as u8 + 1;
            let clash = (0..n).any(|i| seeds[r][i] == d || seeds[i][c] == d);
            if !black[r][c] && !clash {
                seeds[r][c] = d;
            }
        }
        let none = vec![vec![0u8; n]; n];
        let seeded = self.puzzle(&black, &none, &seeds);
        let options = SolveOptions { max_solutions: 1, node_limit: Some(FILL_NODES), time_limit_ms: None };
        let outcome = solve(&seeded, &options, &NoClock, &mut NoProgress);
        let solution = outcome.solutions.into_iter().next()?;
        // Digits on black cells: ones their row and column lack (white or black).
        let mut black_digits = vec![vec![0u8; n]; n];
        for cell in 0..n * n {
            let (r, c) = (cell / n, cell % n);
            if !black[r][c] || !rng.chance(BLACK_DIGIT_PER_MILLE) {
                continue;
            }
            let used = |d: u8| {
                (0..n).any(|i| [solution[r][i], solution[i][c], black_digits[r][i], black_digits[i][c]].contains(&d))
            };
            let free: Vec<u8> = (1..=n as u8).filter(|&d| !used(d)).collect();
            if !free.is_empty() {
                black_digits[r][c] = free[rng.below(free.len())];
            }
        }
        Some((self.puzzle(&black, &black_digits, &solution), solution))
    }

    fn refine(
        &mut self,
        (puzzle, solution): Candidate<Str8ts>,
        level: u8,
        run: &mut Run,
    ) -> Result<Option<Rated<Str8ts>>, Error> {
        let pairs = self.shuffled_pairs(&puzzle, &mut run.rng);
        // At the top level every rating is within the level: rating each removal would only
        // turn away the puzzles the explanation cannot finish. Rate once at the end instead,
        // and only when that last puzzle cannot be rated, remove again rating each step.
        if level >= TRIAL_LEVEL {
            if let Some(rated) = self.remove_givens(&puzzle, &solution, &pairs, None, run)? {
                return Ok(Some(rated));
            }
        }
        self.remove_givens(&puzzle, &solution, &pairs, Some(level), run)
    }
}

impl Str8tsGenerator {
    /// The white cells of the first half of the grid in a random order: each stands for its
    /// pair (the cell and its mirror through the centre, the same cell at the centre).
    fn shuffled_pairs(&self, puzzle: &Str8ts, rng: &mut Rng) -> Vec<usize> {
        let n = self.size;
        let mut pairs: Vec<usize> =
            (0..(n * n).div_ceil(2)).filter(|&cell| !puzzle.is_black(cell / n, cell % n)).collect();
        rng.shuffle(&mut pairs);
        pairs
    }

    /// Step 3 of the module documentation: visit the given pairs in the order of `pairs` (the
    /// first cell of each), removing a pair when the puzzle stays unique and, with
    /// `rate_each: Some(level)`, its rating stays at or below `level`; then the result with
    /// its rating (`None`: the result could not be rated).
    fn remove_givens(
        &self,
        puzzle: &Str8ts,
        solution: &Grid,
        pairs: &[usize],
        rate_each: Option<u8>,
        run: &mut Run,
    ) -> Result<Option<Rated<Str8ts>>, Error> {
        let n = self.size;
        let black = puzzle.black();
        let black_digits: Grid =
            (0..n).map(|r| (0..n).map(|c| if black[r][c] { puzzle.given(r, c) as u8 } else { 0 }).collect()).collect();
        let mut givens: Grid =
            (0..n).map(|r| (0..n).map(|c| if black[r][c] { 0 } else { solution[r][c] }).collect()).collect();
        let mut best: Option<(Str8ts, Option<Rating>)> = None;
        for &cell in pairs {
            let mirror = n * n - 1 - cell;
            let mut fewer = givens.clone();
            fewer[cell / n][cell % n] = 0;
            fewer[mirror / n][mirror % n] = 0;
            let candidate = self.puzzle(&black, &black_digits, &fewer);
            if run.check_unique(|options, clock, progress| solve(&candidate, options, clock, progress))?
                != Verdict::Unique
            {
                continue;
            }
            let Some(level) = rate_each else {
                givens = fewer;
                best = Some((candidate, None));
                continue;
            };
            match run.rate(&candidate, level)? {
                Some(rating) if rating.level <= level => {
                    givens = fewer;
                    best = Some((candidate, Some(rating)));
                }
                _ => {}
            }
        }
        let (result, rating) = best.unwrap_or_else(|| (puzzle.clone(), None));
        let rating = match rating {
            Some(rating) => rating,
            None => match run.rate(&result, rate_each.unwrap_or(TRIAL_LEVEL))? {
                Some(rating) => rating,
                None => return Ok(None),
            },
        };
        Ok(Some(((result, solution.clone()), rating)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::Status;

    #[test]
    fn a_proposal_is_a_solved_symmetric_puzzle() {
        let mut generator = Str8tsGenerator::new(6);
        let mut rng = Rng::new(5);
        let (puzzle, solution) = (0..20).find_map(|_| generator.propose(&mut rng)).expect("a proposal in 20 tries");
        assert_eq!(puzzle.check(&solution), Ok(()));
        for r in 0..6 {
            for c in 0..6 {
                assert_eq!(puzzle.is_black(r, c), puzzle.is_black(5 - r, 5 - c), "symmetry at r{r}c{c}");
            }
        }
        let unique = solve(&puzzle, &SolveOptions::default(), &NoClock, &mut NoProgress);
        assert_eq!(unique.status, Status::Unique);
    }

    #[test]
    fn at_the_top_level_rating_once_removes_the_givens_rating_each_step_does() {
        use crate::engine::generate::Limits;
        let limits = Limits {
            max_candidates: 1,
            max_repairs: 0,
            solve_nodes: 20_000,
            explain_steps: 100_000,
            time_limit_ms: None,
        };
        let mut compared = 0;
        for seed in 0..12 {
            let mut generator = Str8tsGenerator::new(6);
            let mut progress = NoProgress;
            let mut run = Run::new(seed, limits.clone(), &NoClock, &mut progress);
            let Some((puzzle, solution)) = generator.propose(&mut run.rng) else { continue };
            let pairs = generator.shuffled_pairs(&puzzle, &mut run.rng);
            let once = generator.remove_givens(&puzzle, &solution, &pairs, None, &mut run).unwrap();
            let each = generator.remove_givens(&puzzle, &solution, &pairs, Some(TRIAL_LEVEL), &mut run).unwrap();
            let (Some(((once, _), once_rating)), Some(((each, _), each_rating))) = (once, each) else {
                panic!("seed {seed}: a 6×6 the explanation cannot rate");
            };
            assert_eq!((once.grid(), once_rating), (each.grid(), each_rating), "seed {seed}");
            assert_ne!(once.grid(), puzzle.grid(), "seed {seed}: no given removed");
            compared += 1;
        }
        assert!(compared >= 6, "only {compared} proposals");
    }
}
