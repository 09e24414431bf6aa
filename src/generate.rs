//! New puzzles of a chosen genre, size and difficulty: the options as the JS API passes them,
//! their validation, and the dispatch through the registry to the genre that takes them
//! (each genre's [`Generator`](crate::engine::generate::Generator), behind its `Play` impl).
//!
//! Every generated puzzle has exactly one solution (the genre's solver proved it within a
//! node budget) and its rating's label is the difficulty asked for; a level the size cannot
//! reach is an [`Error`] after a bounded number of candidates (see
//! [`crate::engine::generate`]). The same options and seed give the same puzzle everywhere.
//!
//! Limits (also in the README):
//!
//! | genre | size option | range | other |
//! |---|---|---|---|
//! | nonogram | `width`, `height` | 2..=50 each | `density` 0.1..=0.9 (default 0.5); `colors` 1..=31 CSS colours for a colour nonogram |
//! | kakuro | `width`, `height` (border included) | 4..=30 each | `givens` (default false) |
//! | str8ts | `size` | 4..=16 | |
//! | sudoku | `size` | 4..=16 with a box of 2 rows or more (not 5, 7, 11, 13) | `killer` (default false): cages without givens, sizes up to 9, medium and up |
//!
//! `seed` is an integer in −2³¹..=2³²−1 (negative seeds are taken modulo 2³², as JS's `>>> 0`);
//! `difficulty` one of the rating labels `easy`, `medium`, `hard`, `expert`, `extreme`.

use crate::engine::error::{Error, Place};
use crate::engine::explain::{Rating, LABELS, TRIAL_LEVEL};
pub use crate::engine::generate::GenerateOptions;
use crate::engine::generate::{level_of, Limits, Run};
use crate::engine::search::{Clock, Grid, Progress};
use crate::genres::{self, Request};
use crate::Puzzle;

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle (exactly one solution).
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Grid,
    /// Its rating; `rating.label` is the difficulty asked for.
    pub rating: Rating,
    /// The seed used, as an unsigned 32-bit integer.
    pub seed: u32,
    /// Milliseconds the generation took, by the clock passed in.
    pub millis: f64,
}

impl GenerateOptions {
    /// The checks of [`generate`]: the request (of the genre that takes the options), the
    /// level (1..5) and the seed.
    fn validate(&self) -> Result<(Request, u8, u32), Error> {
        let genre = self.genre.as_str();
        let request = genres::request(self).unwrap_or_else(|| {
            Err(Error::new(
                Place::Field("options.genre".into()),
                format!("unknown genre \"{genre}\"; expected nonogram, kakuro, str8ts or sudoku"),
            ))
        })?;
        if self.givens.is_some() && !request.takes_givens() {
            return Err(Error::new(Place::Field("options.givens".into()), format!("is for a kakuro, not a {genre}")));
        }
        let level = level_of(&self.difficulty, "options.difficulty")?;
        if let Some((kind, top)) = request.top_technique().filter(|&(_, top)| level > top && level < TRIAL_LEVEL) {
            return Err(Error::new(
                Place::Field("options.difficulty".into()),
                format!(
                    "\"{}\" is out of reach for every {kind}: the {kind} techniques go up to \"{}\", and a \
                     puzzle they cannot finish needs trial (\"{}\")",
                    self.difficulty,
                    LABELS[usize::from(top) - 1],
                    LABELS[usize::from(TRIAL_LEVEL) - 1]
                ),
            ));
        }
        let seed = self.seed;
        if !seed.is_finite() || seed.fract() != 0.0 || !(-2_147_483_648.0..=4_294_967_295.0).contains(&seed) {
            return Err(Error::new(
                Place::Field("options.seed".into()),
                format!("{seed} is not a 32-bit integer (−2147483648..4294967295)"),
            ));
        }
        if let Some(t) = self.time_limit_ms {
            if t.is_nan() || t < 0.0 {
                return Err(Error::new(
                    Place::Field("options.timeLimitMs".into()),
                    "must be a number of milliseconds ≥ 0",
                ));
            }
        }
        Ok((request, level, seed as i64 as u32))
    }
}

/// How many candidates the request's genre tries before it declares a level out of reach,
/// and how much one check or explanation may cost (counted in nodes and steps, so that the
/// result does not depend on the machine's speed).
fn limits(request: &Request, time_limit_ms: Option<f64>) -> Limits {
    let (max_candidates, max_repairs) = request.candidates();
    Limits { max_candidates, max_repairs, solve_nodes: 20_000, explain_steps: 100_000, time_limit_ms }
}

/// Generate a puzzle as `options` ask, timed by `clock`, reporting to `progress` after every
/// candidate (see [`Run`]).
///
/// Errors: an unknown genre or difficulty, a size outside the limits of the module
/// documentation, a non-integer seed, a density outside 0.1..0.9, `givens` for a genre other
/// than Kakuro, a level the size did not
/// reach within the candidates allowed, or the time limit.
pub fn generate(options: &GenerateOptions, clock: &dyn Clock, progress: &mut dyn Progress) -> Result<Generated, Error> {
    let (request, level, seed) = options.validate()?;
    let mut run = Run::new(seed, limits(&request, options.time_limit_ms), clock, progress);
    let (puzzle, solution, rating) = request.generate(level, &mut run)?;
    Ok(Generated { puzzle, solution, rating, seed, millis: run.elapsed_ms() })
}
