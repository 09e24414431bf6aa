//! New puzzles of a chosen genre, size and difficulty: the options as the JS API passes them,
//! their validation, and the dispatch to each genre's [`Generator`].
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
//!
//! `seed` is an integer in −2³¹..=2³²−1 (negative seeds are taken modulo 2³², as JS's `>>> 0`);
//! `difficulty` one of the rating labels `easy`, `medium`, `hard`, `expert`, `extreme`.

use crate::engine::error::{Error, Place};
use crate::engine::explain::{Rating, LABELS, TRIAL_LEVEL};
use crate::engine::generate::{generate as run_generator, level_of, Generator, Limits, Run};
use crate::engine::search::{Clock, Grid, Progress};
use crate::kakuro::generate::{KakuroGenerator, KAKURO_SIDES, KAKURO_TOP_TECHNIQUE_LEVEL};
use crate::nonogram::generate::{check_palette, ColorNonogramGenerator, NonogramGenerator, DENSITIES, GENERATED_SIDES};
use crate::nonogram::COLOR_TOP_TECHNIQUE_LEVEL;
use crate::str8ts::generate::Str8tsGenerator;
use crate::Puzzle;
use std::ops::RangeInclusive;

/// What to generate, with the fields of the JS API's options object (numbers as JS passes
/// them, so that a non-integer is reported here).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GenerateOptions {
    /// `"nonogram"`, `"kakuro"` or `"str8ts"`.
    pub genre: String,
    /// Columns (nonogram, Kakuro with its border).
    pub width: Option<f64>,
    /// Rows (nonogram, Kakuro with its border).
    pub height: Option<f64>,
    /// Rows and columns of a Str8ts.
    pub size: Option<f64>,
    /// A rating label: `"easy"`, `"medium"`, `"hard"`, `"expert"` or `"extreme"`.
    pub difficulty: String,
    /// The seed: an integer in −2³¹..=2³²−1.
    pub seed: f64,
    /// Nonogram only: the share of filled cells, 0.1..=0.9 (default 0.5).
    pub density: Option<f64>,
    /// Nonogram only: the palette of a colour nonogram (CSS colours, colour 1 first; up to
    /// [`MAX_EXPLAINED_COLORS`](crate::nonogram::MAX_EXPLAINED_COLORS)); `None` for black and white.
    pub colors: Option<Vec<String>>,
    /// Kakuro only: whether some white cells may show their digit, so that a fill the
    /// techniques cannot finish is completed by givens instead of being dropped (default
    /// false: clues only).
    pub givens: Option<bool>,
    /// Give up with an error after this many milliseconds (default: no limit; the number
    /// of candidates is bounded anyway).
    pub time_limit_ms: Option<f64>,
}

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

/// The sides a Str8ts may have.
const STR8TS_SIZES: RangeInclusive<usize> = crate::str8ts::MIN_SIZE..=crate::str8ts::MAX_SIZE;

/// A validated request.
enum Request {
    Nonogram { width: usize, height: usize, density_per_mille: u32, colors: Option<Vec<String>> },
    Kakuro { width: usize, height: usize, givens: bool },
    Str8ts { size: usize },
}

/// An integer option within `range`, naming `options.<name>` when it is missing or wrong.
fn integer(value: Option<f64>, name: &str, range: RangeInclusive<usize>, genre: &str) -> Result<usize, Error> {
    let place = || Place::Field(format!("options.{name}"));
    let value = value.ok_or_else(|| Error::new(place(), format!("is required for a {genre}")))?;
    if value.fract() != 0.0 || !value.is_finite() {
        return Err(Error::new(place(), format!("{value} is not an integer")));
    }
    if value < *range.start() as f64 || value > *range.end() as f64 {
        return Err(Error::new(
            place(),
            format!("{value} is outside {}..{} for a {genre}", range.start(), range.end()),
        ));
    }
    Ok(value as usize)
}

impl GenerateOptions {
    /// Options for a nonogram of `width × height`.
    pub fn nonogram(width: usize, height: usize, difficulty: &str, seed: u32) -> GenerateOptions {
        GenerateOptions::sized("nonogram", Some(width), Some(height), None, difficulty, seed)
    }

    /// Options for a Kakuro of `width × height`, border included.
    pub fn kakuro(width: usize, height: usize, difficulty: &str, seed: u32) -> GenerateOptions {
        GenerateOptions::sized("kakuro", Some(width), Some(height), None, difficulty, seed)
    }

    /// Options for a Kakuro of `width × height`, border included, that may show some digits.
    pub fn kakuro_with_givens(width: usize, height: usize, difficulty: &str, seed: u32) -> GenerateOptions {
        GenerateOptions { givens: Some(true), ..GenerateOptions::kakuro(width, height, difficulty, seed) }
    }

    /// Options for a Str8ts of `size × size`.
    pub fn str8ts(size: usize, difficulty: &str, seed: u32) -> GenerateOptions {
        GenerateOptions::sized("str8ts", None, None, Some(size), difficulty, seed)
    }

    fn sized(
        genre: &str,
        width: Option<usize>,
        height: Option<usize>,
        size: Option<usize>,
        difficulty: &str,
        seed: u32,
    ) -> GenerateOptions {
        GenerateOptions {
            genre: genre.into(),
            width: width.map(|w| w as f64),
            height: height.map(|h| h as f64),
            size: size.map(|s| s as f64),
            difficulty: difficulty.into(),
            seed: f64::from(seed),
            ..GenerateOptions::default()
        }
    }

    /// The checks of [`generate`]: the request, the level (1..5) and the seed.
    fn validate(&self) -> Result<(Request, u8, u32), Error> {
        let genre = self.genre.as_str();
        let request = match genre {
            "nonogram" => {
                let width = integer(self.width, "width", GENERATED_SIDES, genre)?;
                let height = integer(self.height, "height", GENERATED_SIDES, genre)?;
                let density = self.density.unwrap_or(0.5);
                if !DENSITIES.contains(&density) {
                    return Err(Error::new(
                        Place::Field("options.density".into()),
                        format!("{density} is outside {}..{}", DENSITIES.start(), DENSITIES.end()),
                    ));
                }
                if let Some(colors) = &self.colors {
                    check_palette(colors, "options.colors", "a generated colour nonogram")?;
                }
                let density_per_mille = (density * 1000.0).round() as u32;
                Request::Nonogram { width, height, density_per_mille, colors: self.colors.clone() }
            }
            "kakuro" => Request::Kakuro {
                width: integer(self.width, "width", KAKURO_SIDES, genre)?,
                height: integer(self.height, "height", KAKURO_SIDES, genre)?,
                givens: self.givens.unwrap_or(false),
            },
            "str8ts" => Request::Str8ts { size: integer(self.size, "size", STR8TS_SIZES, genre)? },
            other => {
                return Err(Error::new(
                    Place::Field("options.genre".into()),
                    format!("unknown genre \"{other}\"; expected nonogram, kakuro or str8ts"),
                ))
            }
        };
        if self.givens.is_some() && !matches!(request, Request::Kakuro { .. }) {
            return Err(Error::new(Place::Field("options.givens".into()), format!("is for a kakuro, not a {genre}")));
        }
        let level = level_of(&self.difficulty, "options.difficulty")?;
        let top_technique = match &request {
            Request::Kakuro { .. } => Some(("Kakuro", KAKURO_TOP_TECHNIQUE_LEVEL)),
            Request::Nonogram { colors: Some(_), .. } => Some(("colour nonogram", COLOR_TOP_TECHNIQUE_LEVEL)),
            _ => None,
        };
        if let Some((kind, top)) = top_technique.filter(|&(_, top)| level > top && level < TRIAL_LEVEL) {
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

/// How many candidates each genre tries before it declares a level out of reach, and how
/// much one check or explanation may cost (counted in nodes and steps, so that the result
/// does not depend on the machine's speed).
fn limits(request: &Request, time_limit_ms: Option<f64>) -> Limits {
    let (max_candidates, max_repairs) = match request {
        Request::Nonogram { .. } => (300, 20),
        Request::Kakuro { .. } => (150, 12),
        Request::Str8ts { .. } => (60, 0),
    };
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
    let (puzzle, solution, rating) = match request {
        Request::Nonogram { width, height, density_per_mille, colors: None } => found(
            NonogramGenerator::new(width, height, density_per_mille).shaped_towards(level),
            level,
            &mut run,
            Puzzle::Nonogram,
        )?,
        Request::Nonogram { width, height, density_per_mille, colors: Some(colors) } => found(
            ColorNonogramGenerator::new(width, height, density_per_mille, colors),
            level,
            &mut run,
            Puzzle::ColorNonogram,
        )?,
        Request::Kakuro { width, height, givens } => {
            found(KakuroGenerator::new(width, height, level, givens), level, &mut run, Puzzle::Kakuro)?
        }
        Request::Str8ts { size } => found(Str8tsGenerator::new(size), level, &mut run, Puzzle::Str8ts)?,
    };
    Ok(Generated { puzzle, solution, rating, seed, millis: run.elapsed_ms() })
}

/// Run one genre's generator and wrap its puzzle.
fn found<G: Generator>(
    mut generator: G,
    level: u8,
    run: &mut Run,
    wrap: fn(G::Puzzle) -> Puzzle,
) -> Result<(Puzzle, Grid, Rating), Error> {
    let found = run_generator(&mut generator, level, run)?;
    Ok((wrap(found.puzzle), found.solution, found.rating))
}
