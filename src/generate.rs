//! New puzzles of a chosen genre, size and difficulty: the options as the JS API passes them,
//! their validation, and the dispatch through the registry to the genre that takes them
//! (each genre's [`Generator`](crate::engine::generate::Generator), behind its `Play` impl).
//!
//! Every generated puzzle has exactly one solution (the genre's solver proved it within a
//! node budget) and its rating's label is the difficulty asked for; a level the size cannot
//! reach is an [`Error`] after a bounded number of candidates (see
//! [`crate::engine::generate`]). The same options and seed give the same puzzle everywhere.
//!
//! Every genre takes `difficulty`, `seed` and `timeLimitMs`; the sides and options of each
//! (their names, types and ranges) are declared with its generation, in its `play` module
//! (`generate_options!`), from which its TypeScript options type is derived. An option of
//! another genre is refused (`killer` for a Kakuro); a side the genre does not take is not.
//! The limits are also in the README.
//!
//! `seed` is an integer in −2³¹..=2³²−1 (negative seeds are taken modulo 2³², as JS's `>>> 0`);
//! `difficulty` one of the rating labels `easy`, `medium`, `hard`, `expert`, `extreme`.

use crate::engine::error::{Error, Place};
use crate::engine::explain::{Rating, LABELS, TRIAL_LEVEL};
pub use crate::engine::generate::GenerateOptions;
use crate::engine::generate::{level_of, Limits, Run};
use crate::engine::search::{Clock, Grid, Progress};
use crate::genres::{self, Request};
use crate::text::or_list;
use crate::Puzzle;

/// A generated puzzle (in the JS API, what `generate` returns: the TypeScript type
/// `Generated`).
#[derive(Clone, Debug)]
#[cfg_attr(any(feature = "serde", target_arch = "wasm32"), derive(serde::Serialize))]
#[cfg_attr(all(target_arch = "wasm32", feature = "explain"), derive(tsify::Tsify))]
pub struct Generated {
    /// The puzzle (exactly one solution).
    #[cfg_attr(all(target_arch = "wasm32", feature = "explain"), tsify(type = "Puzzle"))]
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
            let names: Vec<String> = genres::shape_genres().map(String::from).collect();
            Err(Error::new(
                Place::Field("options.genre".into()),
                format!("unknown genre \"{genre}\"; expected {}", or_list(&names)),
            ))
        })?;
        self.refuse_others(genre, request.options())?;
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

impl GenerateOptions {
    /// An error naming the first option given that is another genre's, not one of `takes`
    /// (the options of `genre`, the genre asked for): `options.killer: is for a sudoku, not a
    /// kakuro`. A side is never refused ([`GenerateOptions::SIDES`]).
    fn refuse_others(&self, genre: &str, takes: &[&str]) -> Result<(), Error> {
        for (_, options) in genres::GENERATE_OPTIONS {
            for &option in options {
                if takes.contains(&option) || GenerateOptions::SIDES.contains(&option) || !self.has(option) {
                    continue;
                }
                let mut owners: Vec<String> = Vec::new();
                for (owner, theirs) in genres::GENERATE_OPTIONS {
                    if theirs.contains(&option) && !owners.iter().any(|o| o == owner) {
                        owners.push(owner.to_string());
                    }
                }
                return Err(Error::new(
                    Place::Field(format!("options.{option}")),
                    format!("is for a {}, not a {genre}", or_list(&owners)),
                ));
            }
        }
        Ok(())
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
/// documentation, a non-integer seed, a density outside 0.1..0.9, an option of another genre
/// (`givens` for a genre other than Kakuro), a level the size did not
/// reach within the candidates allowed, or the time limit.
pub fn generate(options: &GenerateOptions, clock: &dyn Clock, progress: &mut dyn Progress) -> Result<Generated, Error> {
    let (request, level, seed) = options.validate()?;
    let mut run = Run::new(seed, limits(&request, options.time_limit_ms), clock, progress);
    let (puzzle, solution, rating) = request.generate(level, &mut run)?;
    Ok(Generated { puzzle, solution, rating, seed, millis: run.elapsed_ms() })
}
