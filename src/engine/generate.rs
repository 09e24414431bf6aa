//! Generating puzzles: propose, check uniqueness, repair, rate — the loop all genres share.
//!
//! A genre describes how it makes puzzles through [`Generator`]: how to *propose* a candidate
//! (a puzzle and the solution it was built from), how to *repair* a candidate with two
//! solutions (given both, change the puzzle where they differ), and optionally how to
//! *refine* a unique candidate towards the requested level (Str8ts removes givens).
//! [`generate`] owns the rest once: it asks the genre's fast solver for at most two
//! solutions within a node budget ([`Run::check_unique`]), repairs a few times, rates the
//! unique candidates by the explanation loop ([`Run::rate`], i.e.
//! [`explain`](super::explain::explain)`(puzzle, puzzle.board(), …).rating`) and returns the
//! first whose level is the one requested. A candidate whose check or rating ran out of its
//! node or step budget is dropped, never returned: every puzzle handed out was proven unique.
//!
//! **Determinism.** The same options and seed give the same puzzle natively and in wasm: all
//! randomness comes from one [`Rng`] (PCG32, integers only) seeded by the caller, and every
//! budget that decides which candidate is kept counts nodes or steps, never milliseconds. The
//! time limit only ever turns the whole call into an error; it never changes the puzzle.
//!
//! **Unreachable levels.** A level some size cannot reach (an "extreme" 5×5 nonogram) is
//! answered, after [`Limits::max_candidates`] candidates, by an [`Error`] that says which
//! levels the candidates reached, never by a puzzle of another level.
//!
//! **Cost.** Per candidate: one proposal, one to [`Limits::max_repairs`] + 1 solves with
//! `max_solutions` 2 (each at most [`Limits::solve_nodes`] nodes), and one explanation of the
//! unique result; Str8ts' refinement adds one solve and at most one explanation per given it
//! tries to remove.

use super::error::{Error, Place};
use super::explain::{
    explain, Board, Explain, ExplainOptions, ExplainStatus, Found as Deduction, Rating, LABELS, TRIAL_LEVEL,
};
use super::search::{Clock, Grid, Outcome, Problem, Progress, SolveOptions, Stats, Status};
use std::ops::RangeInclusive;

/// A small seeded random source: PCG32 (O'Neill's XSH-RR output on a 64-bit LCG), integers
/// only, so that a seed gives the same numbers on every platform.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
    increment: u64,
}

/// The LCG's multiplier (Knuth's MMIX constant, as in the PCG reference).
const PCG_MULTIPLIER: u64 = 6_364_136_223_846_793_005;
/// The stream every generation uses (the reference's `pcg32_srandom(seed, 54)`, as its demo).
const PCG_STREAM: u64 = 54;

impl Rng {
    /// The generator for `seed`, seeded as the PCG reference does (`pcg32_srandom`).
    pub fn new(seed: u32) -> Rng {
        Rng::seeded(u64::from(seed), PCG_STREAM)
    }

    /// `pcg32_srandom(initstate, initseq)` of the reference.
    fn seeded(initstate: u64, initseq: u64) -> Rng {
        let mut rng = Rng { state: 0, increment: (initseq << 1) | 1 };
        rng.next_u32();
        rng.state = rng.state.wrapping_add(initstate);
        rng.next_u32();
        rng
    }

    /// The next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.state = old.wrapping_mul(PCG_MULTIPLIER).wrapping_add(self.increment);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        xorshifted.rotate_right((old >> 59) as u32)
    }

    /// A number in `0..n` (`n ≥ 1`), without modulo bias (draws below the threshold are
    /// redrawn).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n >= 1 && n <= u32::MAX as usize, "Rng::below({n})");
        let n = n as u32;
        let threshold = n.wrapping_neg() % n;
        loop {
            let r = self.next_u32();
            if r >= threshold {
                return (r % n) as usize;
            }
        }
    }

    /// `true` with probability `per_mille / 1000`.
    pub fn chance(&mut self, per_mille: u32) -> bool {
        (self.below(1000) as u32) < per_mille
    }

    /// Shuffle `items` uniformly (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The level (1..5) of a difficulty label of [`LABELS`], or an error naming `field`.
pub fn level_of(label: &str, field: &str) -> Result<u8, Error> {
    match LABELS.iter().position(|&l| l == label) {
        Some(i) => Ok(i as u8 + 1),
        None => Err(Error::new(
            Place::Field(field.into()),
            format!("unknown difficulty \"{label}\"; expected one of {}", LABELS.join(", ")),
        )),
    }
}

/// The budgets of one generation.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Candidates proposed before the level is declared unreachable.
    pub max_candidates: usize,
    /// Repairs of one candidate with several solutions before it is dropped.
    pub max_repairs: usize,
    /// Nodes of one uniqueness check; a check that needs more drops its candidate.
    pub solve_nodes: u64,
    /// Steps of one explanation; an explanation that needs more drops its candidate.
    pub explain_steps: usize,
    /// Milliseconds for the whole generation (an error when exceeded), if limited.
    pub time_limit_ms: Option<f64>,
}

/// What a uniqueness check found.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Exactly one solution, proven by the solver.
    Unique,
    /// Two different solutions.
    Multiple(Grid, Grid),
    /// No solution, or the node budget ran out: the candidate is dropped.
    Dropped,
}

/// One generation in progress: the random source, the budgets, the clock and what was done
/// so far (reported to the [`Progress`] receiver after every candidate: `nodes` the solver
/// nodes of all checks, `work` the candidates proposed, `millis` the time so far).
pub struct Run<'a> {
    /// The random source every choice is drawn from.
    pub rng: Rng,
    limits: Limits,
    clock: &'a dyn Clock,
    progress: &'a mut dyn Progress,
    start_ms: f64,
    stats: Stats,
}

impl<'a> Run<'a> {
    /// A generation seeded by `seed` within `limits`.
    pub fn new(seed: u32, limits: Limits, clock: &'a dyn Clock, progress: &'a mut dyn Progress) -> Run<'a> {
        let start_ms = clock.now_ms();
        Run { rng: Rng::new(seed), limits, clock, progress, start_ms, stats: Stats::default() }
    }

    /// Milliseconds since the generation started.
    pub fn elapsed_ms(&self) -> f64 {
        self.clock.now_ms() - self.start_ms
    }

    /// Milliseconds left of the time limit (`None`: unlimited).
    fn remaining_ms(&self) -> Option<f64> {
        self.limits.time_limit_ms.map(|t| (t - self.elapsed_ms()).max(0.0))
    }

    /// The error of a generation that ran out of time, or `Ok` while there is time left.
    pub fn check_time(&self) -> Result<(), Error> {
        match self.limits.time_limit_ms {
            Some(limit) if self.elapsed_ms() >= limit => Err(Error::new(
                Place::Field("options.timeLimitMs".into()),
                format!("generation ran out of time after {limit} ms"),
            )),
            _ => Ok(()),
        }
    }

    /// Ask `solve` (the genre's fast solver, called with `max_solutions` 2 and the node
    /// budget) whether the puzzle has one solution.
    pub fn check_unique(
        &mut self,
        solve: impl FnOnce(&SolveOptions, &dyn Clock, &mut dyn Progress) -> Outcome,
    ) -> Result<Verdict, Error> {
        self.check_time()?;
        let options = SolveOptions {
            max_solutions: 2,
            node_limit: Some(self.limits.solve_nodes),
            time_limit_ms: self.remaining_ms(),
        };
        // The solver's own progress reports would read as the generation's: it gets none.
        let outcome = solve(&options, self.clock, &mut super::search::NoProgress);
        self.stats.nodes += outcome.stats.nodes;
        match outcome.status {
            Status::Unique => Ok(Verdict::Unique),
            Status::Multiple => {
                let mut solutions = outcome.solutions.into_iter();
                match (solutions.next(), solutions.next()) {
                    (Some(a), Some(b)) => Ok(Verdict::Multiple(a, b)),
                    _ => Ok(Verdict::Dropped),
                }
            }
            Status::None => Ok(Verdict::Dropped),
            Status::Unknown => {
                self.check_time()?;
                Ok(Verdict::Dropped)
            }
        }
    }

    /// The rating of a unique puzzle, when the explanation solves it within the step budget
    /// (`None` otherwise: stuck even with trial, or out of steps). Below the top level, trial
    /// is left out: a puzzle that needs it is level 5 whatever else it needs, and without it
    /// the explanation stops sooner; with or without, a solved explanation takes the same
    /// steps (trial only runs when no named technique applies), so the rating is `rate`'s.
    pub fn rate<P: Explain>(&mut self, puzzle: &P, target_level: u8) -> Result<Option<Rating>, Error> {
        self.check_time()?;
        let options = ExplainOptions {
            max_steps: Some(self.limits.explain_steps),
            time_limit_ms: self.remaining_ms(),
            no_trial: target_level < TRIAL_LEVEL,
        };
        let explanation = explain(puzzle, puzzle.board(), &options, self.clock);
        match explanation.status {
            ExplainStatus::Solved => Ok(Some(explanation.rating)),
            ExplainStatus::Stuck if target_level < TRIAL_LEVEL => {
                // Needs trial (or more): above the target; the rating says level 5.
                Ok(Some(explanation.rating))
            }
            ExplainStatus::Unknown => {
                self.check_time()?;
                Ok(None)
            }
            ExplainStatus::Stuck | ExplainStatus::None => Ok(None),
        }
    }

    /// Count a candidate and report progress.
    fn count_candidate(&mut self) {
        self.stats.work += 1;
        self.stats.millis = self.elapsed_ms();
        self.progress.report(&self.stats);
    }
}

/// The clock of a solve bounded by nodes only (a generator's inner checks, which must not
/// depend on the machine's speed): it needs no time.
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// A candidate puzzle and the solution it was built from.
pub type Candidate<P> = (P, Grid);

/// A unique candidate with its rating.
pub type Rated<P> = (Candidate<P>, Rating);

/// How one genre makes puzzles (see the module documentation).
pub trait Generator {
    /// The genre's puzzle.
    type Puzzle: Explain + Problem;

    /// What is being generated, for messages ("15×15 nonogram").
    fn describe(&self) -> String;

    /// A new candidate, or `None` when this attempt failed (it counts as a candidate).
    fn propose(&mut self, rng: &mut Rng) -> Option<Candidate<Self::Puzzle>>;

    /// The genre's fast solver on `puzzle`: by default the engine's search over the puzzle's
    /// [`Problem`]; a genre with a search of its own (nonogram CDCL) says so here.
    fn solve(
        &self,
        puzzle: &Self::Puzzle,
        options: &SolveOptions,
        clock: &dyn Clock,
        progress: &mut dyn Progress,
    ) -> Outcome {
        super::search::solve(puzzle, options, clock, progress)
    }

    /// A changed candidate for one that has the two different solutions `a` and `b`
    /// (`solution` is the one it was built from, or the last repair's), or `None` to drop it.
    /// The default drops it: right for a genre whose candidates are unique from the start
    /// (every cell given, then givens removed while unique).
    fn repair(
        &mut self,
        _candidate: Candidate<Self::Puzzle>,
        _a: &Grid,
        _b: &Grid,
        _rng: &mut Rng,
    ) -> Option<Candidate<Self::Puzzle>> {
        None
    }

    /// A unique candidate brought towards `level`, with its rating (`None`: dropped). The
    /// default keeps the candidate as it is and rates it.
    fn refine(
        &mut self,
        candidate: Candidate<Self::Puzzle>,
        level: u8,
        run: &mut Run,
    ) -> Result<Option<Rated<Self::Puzzle>>, Error> {
        let rating = run.rate(&candidate.0, level)?;
        Ok(rating.map(|rating| (candidate, rating)))
    }

    /// Told the level a unique candidate reached when it was not the `level` asked for, so
    /// that the next proposals can lean the other way (the default ignores it).
    fn steer(&mut self, _reached: u8, _level: u8) {}
}

/// A generated puzzle with its solution and rating.
#[derive(Clone, Debug)]
pub struct Found<P> {
    /// The puzzle (exactly one solution).
    pub puzzle: P,
    /// Its solution.
    pub solution: Grid,
    /// Its rating; `rating.level` is the level asked for.
    pub rating: Rating,
}

/// Generate a puzzle of `level` (1..5) with `generator`: propose, check uniqueness, repair,
/// refine and rate until a candidate has the level, or fail after
/// [`Limits::max_candidates`] candidates (or the time limit) with an error saying so.
pub fn generate<G: Generator>(generator: &mut G, level: u8, run: &mut Run) -> Result<Found<G::Puzzle>, Error> {
    let mut reached = [0usize; 5];
    for _ in 0..run.limits.max_candidates {
        run.count_candidate();
        run.check_time()?;
        let Some(candidate) = generator.propose(&mut run.rng) else { continue };
        let Some(candidate) = make_unique(generator, candidate, run)? else { continue };
        let Some(((puzzle, solution), rating)) = generator.refine(candidate, level, run)? else { continue };
        if rating.level == level {
            return Ok(Found { puzzle, solution, rating });
        }
        reached[usize::from(rating.level) - 1] += 1;
        generator.steer(rating.level, level);
    }
    let seen: Vec<String> =
        reached.iter().zip(LABELS).filter(|(&n, _)| n > 0).map(|(n, label)| format!("{label} {n}")).collect();
    let seen = if seen.is_empty() { "none was unique within the budget".to_string() } else { seen.join(", ") };
    Err(Error::new(
        Place::Field("options.difficulty".into()),
        format!(
            "no {} {} found in {} candidates (levels reached: {seen}); this level may be out of reach for this size",
            LABELS[usize::from(level) - 1],
            generator.describe(),
            run.limits.max_candidates
        ),
    ))
}

/// Check `candidate` and repair it while it has two solutions: the unique result, or `None`
/// when it stayed ambiguous after the repairs allowed, or its check ran out of nodes.
fn make_unique<G: Generator>(
    generator: &mut G,
    mut candidate: Candidate<G::Puzzle>,
    run: &mut Run,
) -> Result<Option<Candidate<G::Puzzle>>, Error> {
    for repairs in 0..=run.limits.max_repairs {
        let verdict =
            run.check_unique(|options, clock, progress| generator.solve(&candidate.0, options, clock, progress))?;
        match verdict {
            Verdict::Unique => return Ok(Some(candidate)),
            Verdict::Dropped => return Ok(None),
            Verdict::Multiple(a, b) if repairs < run.limits.max_repairs => {
                match generator.repair(candidate, &a, &b, &mut run.rng) {
                    Some(repaired) => candidate = repaired,
                    None => return Ok(None),
                }
            }
            Verdict::Multiple(..) => return Ok(None),
        }
    }
    Ok(None)
}

/// What the named techniques up to one level leave of a puzzle ([`up_to_level`]).
pub struct UpToLevel {
    /// The cells still open, row by row.
    pub open: Vec<(usize, usize)>,
    /// Whether a step of the level itself was taken.
    pub used_level: bool,
}

/// Apply the named techniques of `level` and below to `puzzle`'s own board as the explainer
/// does (lowest level first, the first deduction found, at most `max_steps` steps), none
/// above the level: the cells left open are what keeps the puzzle from being proven unique
/// at that level, and when none is left and a step of the level was taken, the explanation
/// (which takes exactly these steps) rates the puzzle `level`. The shaping of generators
/// measures its distance to the level with this, at the cost of the cheap techniques only.
pub fn up_to_level<P: Explain>(puzzle: &P, level: u8, max_steps: usize) -> UpToLevel {
    up_to_level_closing(puzzle, level, max_steps, |_, _| false)
}

/// [`up_to_level`], where before every search for a step `close(puzzle, board)` applies
/// level-1 deductions in bulk, without steps, and says whether it changed the board (Kakuro's
/// [`level_one_closure`](crate::kakuro::techniques::level_one_closure)). When `close` only
/// makes deductions the level-1 techniques make, the result is [`up_to_level`]'s: the
/// techniques only remove candidates, so what they reach does not depend on their order,
/// and the explainer takes a step above level 1 exactly where level 1 has none left. Each
/// step is then a full scan of the techniques, so closing in bulk is what makes the
/// distance of a large grid cheap (`max_steps` counts the steps found by scanning).
pub fn up_to_level_closing<P: Explain>(
    puzzle: &P,
    level: u8,
    max_steps: usize,
    close: impl Fn(&P, &mut Board) -> bool,
) -> UpToLevel {
    let techniques: Vec<_> = puzzle.techniques().iter().filter(|t| t.level <= level).collect();
    let mut board = puzzle.board();
    let mut used_level = false;
    for _ in 0..max_steps {
        used_level |= close(puzzle, &mut board) && level == 1;
        if board.open_cells().next().is_none() {
            break;
        }
        let Some(Deduction::Step(step)) = techniques.iter().find_map(|t| (t.find)(puzzle, &board)) else { break };
        used_level |= step.level == level;
        for change in &step.changes {
            board.apply(change);
        }
    }
    UpToLevel { open: board.open_cells().collect(), used_level }
}

/// The cells where two grids of one shape differ, row by row.
pub fn differing_cells(a: &Grid, b: &Grid) -> Vec<(usize, usize)> {
    let mut cells = Vec::new();
    for (row, (ra, rb)) in a.iter().zip(b).enumerate() {
        for (col, (x, y)) in ra.iter().zip(rb).enumerate() {
            if x != y {
                cells.push((row, col));
            }
        }
    }
    cells
}

// ---- the options of the JS API ----

/// What to generate, with the fields of the JS API's options object (numbers as JS passes
/// them, so that a non-integer is reported here).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GenerateOptions {
    /// The genre, as its JS shape names it (`"nonogram"`, with `colors` a colour nonogram).
    pub genre: String,
    /// Columns (nonogram, Kakuro with its border).
    pub width: Option<f64>,
    /// Rows (nonogram, Kakuro with its border).
    pub height: Option<f64>,
    /// The side of a square grid (Str8ts, Sudoku).
    pub size: Option<f64>,
    /// A rating label: `"easy"`, `"medium"`, `"hard"`, `"expert"` or `"extreme"`.
    pub difficulty: String,
    /// The seed: an integer in −2³¹..=2³²−1.
    pub seed: f64,
    /// Nonogram only: the share of filled cells, 0.1..=0.9 (default 0.5).
    pub density: Option<f64>,
    /// Nonogram only: the palette of a colour nonogram (CSS colours, colour 1 first; up to
    /// `MAX_EXPLAINED_COLORS`); `None` for black and white.
    pub colors: Option<Vec<String>>,
    /// Kakuro only: whether some white cells may show their digit, so that a fill the
    /// techniques cannot finish is completed by givens instead of being dropped (default
    /// false: clues only).
    pub givens: Option<bool>,
    /// Sudoku only: a Killer Sudoku, cages without givens (default false: classic).
    pub killer: Option<bool>,
    /// Give up with an error after this many milliseconds (default: no limit; the number
    /// of candidates is bounded anyway).
    pub time_limit_ms: Option<f64>,
}

impl GenerateOptions {
    /// Whether the option the JS API calls `field` is given: what tells apart two genres
    /// whose options share a `genre` (a nonogram's with `colors` is a colour nonogram's).
    pub(crate) fn has(&self, field: &str) -> bool {
        match field {
            "width" => self.width.is_some(),
            "height" => self.height.is_some(),
            "size" => self.size.is_some(),
            "density" => self.density.is_some(),
            "colors" => self.colors.is_some(),
            "givens" => self.givens.is_some(),
            "killer" => self.killer.is_some(),
            "timeLimitMs" => self.time_limit_ms.is_some(),
            _ => false,
        }
    }

    /// The size options: a genre ignores those it does not take rather than refusing them,
    /// so that one request may give every side (the CLI's `--size 9` passes `width`, `height`
    /// and `size`). Every other option of one genre is refused by another.
    pub(crate) const SIDES: [&'static str; 3] = ["width", "height", "size"];

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

    /// Options for a classic Sudoku of `size × size`.
    pub fn sudoku(size: usize, difficulty: &str, seed: u32) -> GenerateOptions {
        GenerateOptions::sized("sudoku", None, None, Some(size), difficulty, seed)
    }

    /// Options for a Killer Sudoku of `size × size` (cages, no givens).
    pub fn killer_sudoku(size: usize, difficulty: &str, seed: u32) -> GenerateOptions {
        GenerateOptions { killer: Some(true), ..GenerateOptions::sudoku(size, difficulty, seed) }
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
}

/// The options of `generate` that every genre takes besides `genre`: the TypeScript type
/// `GenerateCommon`, which each genre's options type (declared by `generate_options!`)
/// extends.
#[cfg(all(target_arch = "wasm32", feature = "explain"))]
#[derive(tsify::Tsify)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code, reason = "a declaration: only its TypeScript type is used; GenerateOptions reads the values")]
pub(crate) struct GenerateCommon {
    /// The rating label the puzzle must have.
    #[tsify(type = "Difficulty")]
    difficulty: String,
    /// An integer in -2147483648..4294967295: the same options and seed give the same puzzle.
    seed: f64,
    /// Give up with an error after this many milliseconds (default: no limit; the number of
    /// candidates is bounded anyway).
    #[tsify(optional)]
    time_limit_ms: Option<f64>,
}

/// Declares the options of `generate` a genre takes besides `genre` and those of every genre
/// (difficulty, seed, timeLimitMs), from one list of fields: the required ones (its sides,
/// and what makes the genre, as a colour nonogram's `colors`) and the optional ones.
/// It makes `$names`, their names in the JS API, which the genre's [`Play::OPTIONS`] is and
/// by which the registry refuses an option of another genre; and in the explain module
/// (wasm32) the TypeScript type of the genre's options, `$ts` with `genre: $genre`, through
/// tsify, which the registry's `GenerateOptions` union names.
///
/// [`Play::OPTIONS`]: crate::genre::Play::OPTIONS
macro_rules! generate_options {
    (
        $(#[$doc:meta])*
        $names:ident, $ts:ident, genre $genre:tt {
            required { $($(#[$rdoc:meta])* $required:ident: $rty:ty,)* }
            optional { $($(#[$odoc:meta])* $optional:ident: $oty:ty,)* }
        }
    ) => {
        $(#[$doc])*
        pub(crate) const $names: &[&str] = &[$(stringify!($required),)* $(stringify!($optional),)*];

        $(#[$doc])*
        #[cfg(all(target_arch = "wasm32", feature = "explain"))]
        #[derive(tsify::Tsify)]
        #[serde(tag = "genre", rename = $genre)]
        #[allow(dead_code, reason = "a declaration: only its TypeScript type is used; GenerateOptions reads the values")]
        pub(crate) struct $ts {
            $($(#[$rdoc])* $required: $rty,)*
            $($(#[$odoc])* #[tsify(optional)] $optional: Option<$oty>,)*
            #[serde(flatten)]
            common: $crate::engine::generate::GenerateCommon,
        }
    };
}
pub(crate) use generate_options;

/// An integer option within `range`, naming `options.<name>` when it is missing or wrong.
pub(crate) fn integer(
    value: Option<f64>,
    name: &str,
    range: RangeInclusive<usize>,
    genre: &str,
) -> Result<usize, Error> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pcg32_matches_the_reference_demo() {
        // pcg32-demo.c of the PCG reference: pcg32_srandom(42, 54), first six outputs.
        let mut rng = Rng::new(42);
        let first: Vec<u32> = (0..6).map(|_| rng.next_u32()).collect();
        assert_eq!(first, [0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e]);
        let mut other = Rng::new(43);
        assert_ne!(first[0], other.next_u32());
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = Rng::new(7);
        let mut seen = [0usize; 6];
        for _ in 0..6000 {
            seen[rng.below(6)] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        let mut items: Vec<usize> = (0..10).collect();
        rng.shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn labels_map_to_levels() {
        assert_eq!(level_of("easy", "difficulty"), Ok(1));
        assert_eq!(level_of("extreme", "difficulty"), Ok(5));
        let e = level_of("fiendish", "options.difficulty").unwrap_err();
        assert!(e.to_string().starts_with("options.difficulty: unknown difficulty \"fiendish\""), "{e}");
    }
}
