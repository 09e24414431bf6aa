//! Nonogram generation, and nonograms from an author's picture.
//!
//! **Pictures with structure.** Random noise (one integer in 0..1024 per cell) is smoothed by
//! 0 to 2 passes of a 3×3 mean, then the `density` share of cells with the highest values is
//! filled (ties by position): blobs and bars as in Tatham's Pattern, not salt and pepper. The
//! clues are read off the picture.
//!
//! **Repair.** When the solver finds two solutions, one cell where they differ is flipped
//! in the picture and the clues are read again: the flipped cell's row and column now tell
//! the two apart more often than not. A candidate still ambiguous after the engine's repair
//! budget is dropped.
//!
//! **Steering.** Smoother pictures have longer blocks, which line logic settles sooner;
//! noisier ones need the harder techniques. The generator starts at one smoothing pass
//! (of 0, 1, 2, 4 or 6) and, after each candidate of the wrong level, moves one step towards
//! more noise (too easy) or more smoothing (too hard). Easy pictures of 25 cells a side and
//! more need the 4 and 6 passes: at one or two, the level-1 techniques leave some 85% of a
//! 30×30 open.
//!
//! **Shaping** (`easy`, `medium`, `hard`). Before its check, a picture is brought towards the
//! level by a greedy local search: the named techniques up to the level (none above) are
//! applied as the explainer applies them ([`up_to_level`]), and one cell is flipped — an
//! open one, or one in a line through an open one — the flip kept when the distance does not
//! grow: open cells of a unique puzzle, one more when it is too easy, ambiguous puzzles
//! farthest (a small solver check, bounded by nodes). At distance 0 the techniques up to the
//! level solve the puzzle, so it is unique and its explanation (the same steps) rates it the
//! level. A picture the techniques leave more than a quarter open is not shaped (one flip at
//! a time does not close that); it only steers the next pictures smoother.
//!
//! **Not shaped: `expert`, `extreme`.** Both need an assumption where `line-logic` (which
//! finds all that one line can tell) stalls: a short trial (level 4) or trial (level 5).
//! Flips cannot measure the distance to either, so their pictures are kept as drawn and the
//! explanation rates them (bench/RESULTS.md, "Generation", "Nonograms").
//!
//! **From a picture** ([`from_picture`], in colour [`color_from_picture`]): the clues of the
//! picture, solved for two solutions; when there are two, the cells where they differ are the
//! ambiguous ones (an author fixes the picture there), and when there is one, the explanation
//! rates it. Black and white and colour share the checks of the picture and this path
//! (`settle`, generic over the genre), each with its own solver and explanation.
//!
//! Cost: a candidate is O(width × height) to make; its check is one solve (line logic,
//! probing, clause learning) with `max_solutions` 2; shaping adds up to `SHAPE_ROUNDS`
//! passes of the techniques up to the level, each with a bounded solve when cells stay open.

use crate::engine::error::{Error, Place};
use crate::engine::explain::{explain, Explain, ExplainOptions, ExplainStatus, Rating};
use crate::engine::generate::{differing_cells, up_to_level, Candidate, Generator, NoClock, Rng, UpToLevel};
use crate::engine::search::{Clock, Grid, NoProgress, Outcome, Progress, SolveOptions, Status};
use crate::genre::Genre;
use crate::nonogram::color::is_css_color;
use crate::nonogram::color::ColorNonogram;
use crate::nonogram::puzzle::Nonogram;
use crate::nonogram::techniques::color::MAX_EXPLAINED_COLORS;

/// The first level pictures are not shaped towards: `expert`, whose short trial flips cannot
/// measure the distance to (see the module documentation).
const FIRST_UNSHAPED_LEVEL: u8 = 4;
/// The sides a generated nonogram may have (rows and columns alike).
pub const GENERATED_SIDES: std::ops::RangeInclusive<usize> = 2..=50;
/// The densities (share of filled cells) a generated picture may have.
pub const DENSITIES: std::ops::RangeInclusive<f64> = 0.1..=0.9;
/// The sides a picture given to [`from_picture`] may have.
pub const PICTURE_SIDES: std::ops::RangeInclusive<usize> = 1..=200;

/// Smoothing passes by roughness: the roughest pictures are plain noise, the smoothest
/// (large blobs, lines of few long blocks) are what easy puzzles of 25 cells a side and more
/// need.
const SMOOTHING_PASSES: [usize; 5] = [6, 4, 2, 1, 0];
/// The roughness pictures start at (one pass).
const FIRST_ROUGHNESS: usize = 3;
/// A picture whose techniques up to the level leave more than this share (per thousand) of
/// its cells open is not shaped: flips one at a time do not close that many.
const SHAPE_OPEN_PER_MILLE: usize = 250;
/// Rounds of shaping (flip one cell, keep it when the distance does not grow) before a
/// picture is dropped.
const SHAPE_ROUNDS: usize = 120;
/// Steps of one pass of the techniques while shaping.
const SHAPE_STEPS: usize = 20_000;
/// Nodes of one uniqueness check while shaping (one that needs more counts as ambiguous).
const SHAPE_SOLVE_NODES: u64 = 2_000;

/// Makes random nonograms of one size and density (see the module documentation).
pub struct NonogramGenerator {
    width: usize,
    height: usize,
    /// Filled cells per thousand.
    density_per_mille: u32,
    /// Index into [`SMOOTHING_PASSES`].
    roughness: usize,
    /// The level pictures are shaped towards (`easy` to `hard`), or `None`: kept as drawn.
    shaped_towards: Option<u8>,
}

impl NonogramGenerator {
    /// A generator of `width × height` pictures with `density_per_mille` of their cells
    /// filled (sizes and density already validated).
    pub fn new(width: usize, height: usize, density_per_mille: u32) -> NonogramGenerator {
        NonogramGenerator { width, height, density_per_mille, roughness: FIRST_ROUGHNESS, shaped_towards: None }
    }

    /// The same generator shaping its pictures towards `level` (see the module
    /// documentation) when it is `easy`, `medium` or `hard`; `expert` and `extreme` pictures
    /// are kept as drawn (see the module documentation for why).
    pub fn shaped_towards(self, level: u8) -> NonogramGenerator {
        NonogramGenerator { shaped_towards: (level < FIRST_UNSHAPED_LEVEL).then_some(level), ..self }
    }

    /// How far `picture`'s nonogram is from `level`, and the cells the named techniques up to
    /// the level leave open. A unique puzzle they leave cells open in is as far as it has
    /// open cells; one they solve without a step of the level is too easy: one away (any flip
    /// may bring the level's step in). Farthest of all is a puzzle with
    /// several solutions (or whose check ran out of nodes): its open cells hold the
    /// difference, which no technique and no flip of one of them closes without making the
    /// puzzle easy again, so a search that counted only open cells would settle there.
    fn distance(&self, picture: &Grid, level: u8) -> (usize, Vec<(usize, usize)>) {
        let puzzle = clues_of(picture);
        let UpToLevel { open, used_level } = up_to_level(&puzzle, level, SHAPE_STEPS);
        let cells = self.width * self.height;
        let distance = if open.is_empty() {
            usize::from(level > 1 && !used_level)
        } else if is_unique(&puzzle) {
            open.len()
        } else {
            cells + 2 + open.len()
        };
        (distance, open)
    }

    /// Shape `picture` towards `level` by a greedy local search within [`SHAPE_ROUNDS`]: one
    /// random open cell (or, when none is open, any cell) is flipped, and the flip is kept
    /// when the [`distance`](Self::distance) does not grow. Distance 0: the named techniques
    /// up to the level solve the puzzle (so it is unique) and it needs the level. The shaped
    /// picture, or `None` (then the next pictures lean smoother when it stayed too hard,
    /// rougher when too easy).
    fn shape(&mut self, mut picture: Grid, level: u8, rng: &mut Rng) -> Option<Grid> {
        let (mut distance, mut open) = self.distance(&picture, level);
        if open.len() * 1000 > self.width * self.height * SHAPE_OPEN_PER_MILLE {
            self.lean(level + 1, level);
            return None;
        }
        for _ in 0..SHAPE_ROUNDS {
            if distance == 0 {
                return Some(picture);
            }
            let (row, col) = match open.len() {
                0 => (rng.below(self.height), rng.below(self.width)),
                // Half the time a cell of a line through an open cell, so that the clues
                // around a stall change without the stall's own cells.
                n => match (open[rng.below(n)], rng.below(4)) {
                    ((row, _), 0) => (row, rng.below(self.width)),
                    ((_, col), 1) => (rng.below(self.height), col),
                    (cell, _) => cell,
                },
            };
            picture[row][col] ^= 1;
            let (next_distance, next_open) = self.distance(&picture, level);
            if next_distance <= distance {
                (distance, open) = (next_distance, next_open);
            } else {
                picture[row][col] ^= 1;
            }
        }
        if distance == 0 {
            return Some(picture);
        }
        let reached = if open.is_empty() { level - 1 } else { level + 1 };
        self.lean(reached, level);
        None
    }

    /// Random noise (0..1024 a cell) smoothed by the passes of the current roughness: cells
    /// near each other get near values.
    fn smoothed_noise(&self, rng: &mut Rng) -> Vec<u64> {
        let (w, h) = (self.width, self.height);
        let mut values: Vec<u64> = (0..w * h).map(|_| rng.below(1024) as u64).collect();
        for _ in 0..SMOOTHING_PASSES[self.roughness] {
            values = (0..w * h)
                .map(|i| {
                    let (r, c) = (i / w, i % w);
                    let (mut sum, mut count) = (0, 0);
                    for rr in r.saturating_sub(1)..(r + 2).min(h) {
                        for cc in c.saturating_sub(1)..(c + 2).min(w) {
                            sum += values[rr * w + cc];
                            count += 1;
                        }
                    }
                    sum * 16 / count
                })
                .collect();
        }
        values
    }

    /// The cells in order of `values`, highest first (ties by position).
    fn ranked(values: &[u64]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(values[i]), i));
        order
    }

    /// A random picture with structure.
    fn picture(&self, rng: &mut Rng) -> Grid {
        let w = self.width;
        let order = Self::ranked(&self.smoothed_noise(rng));
        let filled = ((order.len()) as u64 * u64::from(self.density_per_mille) + 500) / 1000;
        let mut picture = vec![vec![0u8; w]; self.height];
        for &i in &order[..filled as usize] {
            picture[i / w][i % w] = 1;
        }
        picture
    }

    /// Lean the next pictures towards `level` after one reached `reached`: more noise when
    /// it was too easy, more smoothing when too hard.
    fn lean(&mut self, reached: u8, level: u8) {
        if reached < level {
            self.roughness = (self.roughness + 1).min(SMOOTHING_PASSES.len() - 1);
        } else {
            self.roughness = self.roughness.saturating_sub(1);
        }
    }
}

/// Whether the solver proves `puzzle` unique within [`SHAPE_SOLVE_NODES`].
fn is_unique(puzzle: &Nonogram) -> bool {
    let options = SolveOptions { max_solutions: 2, time_limit_ms: None, node_limit: Some(SHAPE_SOLVE_NODES) };
    crate::nonogram::search::solve(puzzle, &options, &NoClock, &mut NoProgress).status == Status::Unique
}

/// The nonogram whose solution is `picture` (rows of 0/1, validated).
fn clues_of(picture: &Grid) -> Nonogram {
    Nonogram::from_solution(picture).expect("the clues of a picture fit its lines")
}

impl Generator for NonogramGenerator {
    type Puzzle = Nonogram;

    fn describe(&self) -> String {
        format!("{}×{} nonogram", self.width, self.height)
    }

    fn propose(&mut self, rng: &mut Rng) -> Option<Candidate<Nonogram>> {
        let mut picture = self.picture(rng);
        if let Some(level) = self.shaped_towards {
            picture = self.shape(picture, level, rng)?;
        }
        Some((clues_of(&picture), picture))
    }

    fn solve(
        &self,
        puzzle: &Nonogram,
        options: &SolveOptions,
        clock: &dyn Clock,
        progress: &mut dyn Progress,
    ) -> Outcome {
        crate::nonogram::search::solve(puzzle, options, clock, progress)
    }

    fn repair(
        &mut self,
        (_, mut picture): Candidate<Nonogram>,
        a: &Grid,
        b: &Grid,
        rng: &mut Rng,
    ) -> Option<Candidate<Nonogram>> {
        let cells = differing_cells(a, b);
        let &(row, col) = cells.get(rng.below(cells.len().max(1)))?;
        picture[row][col] ^= 1;
        Some((clues_of(&picture), picture))
    }

    fn steer(&mut self, reached: u8, level: u8) {
        self.lean(reached, level);
    }
}

/// Makes random colour nonograms: the black-and-white generator's picture says which cells
/// are coloured, and a second smoothed noise field, cut into as many equal shares as there
/// are colours, says which colour each coloured cell takes, so that colours come in patches
/// as the picture does. Repair gives one cell where two solutions differ another value
/// (background or a colour); steering is the black-and-white generator's.
pub struct ColorNonogramGenerator {
    shape: NonogramGenerator,
    colors: Vec<String>,
}

impl ColorNonogramGenerator {
    /// A generator of `width × height` pictures in `colors` (colour 1 first; validated, at
    /// least one) with `density_per_mille` of their cells coloured.
    pub fn new(width: usize, height: usize, density_per_mille: u32, colors: Vec<String>) -> ColorNonogramGenerator {
        ColorNonogramGenerator { shape: NonogramGenerator::new(width, height, density_per_mille), colors }
    }

    /// The colour nonogram whose solution is `picture` (colour indices within the palette).
    fn clues_of(&self, picture: &Grid) -> ColorNonogram {
        ColorNonogram::from_solution(self.colors.clone(), None, picture).expect("a picture in the palette has clues")
    }
}

impl Generator for ColorNonogramGenerator {
    type Puzzle = ColorNonogram;

    fn describe(&self) -> String {
        format!("{}×{} nonogram in {} colours", self.shape.width, self.shape.height, self.colors.len())
    }

    fn propose(&mut self, rng: &mut Rng) -> Option<Candidate<ColorNonogram>> {
        let mut picture = self.shape.picture(rng);
        let order = NonogramGenerator::ranked(&self.shape.smoothed_noise(rng));
        let coloured: Vec<usize> =
            order.into_iter().filter(|&i| picture[i / self.shape.width][i % self.shape.width] != 0).collect();
        let colours = self.colors.len();
        for (rank, &i) in coloured.iter().enumerate() {
            picture[i / self.shape.width][i % self.shape.width] = (1 + rank * colours / coloured.len()) as u8;
        }
        Some((self.clues_of(&picture), picture))
    }

    fn repair(
        &mut self,
        (_, mut picture): Candidate<ColorNonogram>,
        a: &Grid,
        b: &Grid,
        rng: &mut Rng,
    ) -> Option<Candidate<ColorNonogram>> {
        let cells = differing_cells(a, b);
        let &(row, col) = cells.get(rng.below(cells.len().max(1)))?;
        let values = self.colors.len() + 1;
        picture[row][col] = ((usize::from(picture[row][col]) + 1 + rng.below(values - 1)) % values) as u8;
        Some((self.clues_of(&picture), picture))
    }

    fn steer(&mut self, reached: u8, level: u8) {
        self.shape.lean(reached, level);
    }
}

/// What [`from_picture`] or [`color_from_picture`] found.
#[derive(Clone, Debug)]
pub struct FromPicture<P = Nonogram> {
    /// The clues of the picture.
    pub puzzle: P,
    /// `Unique` or `Multiple`; `Unknown` when the time limit ran out first.
    pub status: Status,
    /// The rating, when the puzzle is unique and the explanation solved it.
    pub rating: Option<Rating>,
    /// Cells where two solutions differ, row by row (empty unless `Multiple`).
    pub ambiguous: Vec<(usize, usize)>,
}

/// The nonogram of an author's picture (rows of 0 and 1), whether its clues have one
/// solution, and if not, the cells where two solutions differ.
///
/// Errors: no rows or no columns, ragged rows, a value other than 0 or 1, a side outside
/// [`PICTURE_SIDES`].
pub fn from_picture(picture: &[Vec<u8>], time_limit_ms: Option<f64>, clock: &dyn Clock) -> Result<FromPicture, Error> {
    check_picture(picture, 0)?;
    Ok(settle(clues_of(&picture.to_vec()), time_limit_ms, clock))
}

/// The colour nonogram of an author's picture (rows of colour indices, 0 the background,
/// `c` the colour `colors[c - 1]`), as [`from_picture`] does for black and white: its clues
/// solved by the colour solver for two solutions, the cells where two differ, the colour
/// explanation's rating when there is one.
///
/// Errors: those of [`from_picture`], an index above `colors.len()` (`grid[r][c]`), no colours
/// or more than [`MAX_EXPLAINED_COLORS`] (`colors`: a unique picture is rated through
/// explained logic), a string that is not a CSS colour (`colors[i]`).
pub fn color_from_picture(
    picture: &[Vec<u8>],
    colors: &[String],
    time_limit_ms: Option<f64>,
    clock: &dyn Clock,
) -> Result<FromPicture<ColorNonogram>, Error> {
    check_palette(colors, "colors", "a colour picture")?;
    check_picture(picture, colors.len())?;
    let puzzle = ColorNonogram::from_solution(colors.to_vec(), None, picture)?;
    Ok(settle(puzzle, time_limit_ms, clock))
}

/// A palette of 1 to [`MAX_EXPLAINED_COLORS`] CSS colours (colour nonograms that are rated
/// through explained logic: generated ones and pictures), naming `field` or `field[i]`;
/// `what` says whose palette it is in the message.
pub(crate) fn check_palette(colors: &[String], field: &str, what: &str) -> Result<(), Error> {
    if colors.is_empty() || colors.len() > MAX_EXPLAINED_COLORS {
        return Err(Error::new(
            Place::Field(field.into()),
            format!("{what} has 1 to {MAX_EXPLAINED_COLORS} colours, not {}", colors.len()),
        ));
    }
    match colors.iter().position(|c| !is_css_color(c)) {
        Some(i) => {
            Err(Error::new(Place::Field(format!("{field}[{i}]")), format!("{:?} is not a CSS colour", colors[i])))
        }
        None => Ok(()),
    }
}

/// The checks of a picture: at least one row and column, sides within [`PICTURE_SIDES`],
/// rows of one length, values 0 to `colours` (black and white: `colours` 0, values 0 and 1).
fn check_picture(picture: &[Vec<u8>], colours: usize) -> Result<(), Error> {
    let field = |name: String| Place::Field(name);
    let (height, width) = (picture.len(), picture.first().map_or(0, Vec::len));
    if height == 0 || width == 0 {
        return Err(Error::new(field("picture".into()), "is empty: a picture needs at least one row and one column"));
    }
    for (name, side) in [("rows", height), ("columns", width)] {
        if !PICTURE_SIDES.contains(&side) {
            return Err(Error::new(
                field("picture".into()),
                format!("has {side} {name}; a picture has {} to {}", PICTURE_SIDES.start(), PICTURE_SIDES.end()),
            ));
        }
    }
    let top = colours.max(1);
    for (row, cells) in picture.iter().enumerate() {
        if cells.len() != width {
            return Err(Error::new(
                field(format!("picture[{row}]")),
                format!("has {} cells but picture[0] has {width}", cells.len()),
            ));
        }
        if let Some(col) = cells.iter().position(|&v| usize::from(v) > top) {
            let value = cells[col];
            let message = if colours == 0 {
                format!("{value} is not 0 or 1")
            } else {
                format!("{value} is not a colour of the picture: 0 (background) or 1 to {colours}")
            };
            return Err(Error::new(Place::Cell { row, col }, message));
        }
    }
    Ok(())
}

/// Solve the clues of a picture for two solutions: the ambiguous cells when there are two,
/// the rating of the explanation from scratch when there is one (within what is left of
/// the time limit). One path for black and white and colour: each genre's own solver and
/// explanation.
fn settle<P: Genre + Explain>(puzzle: P, time_limit_ms: Option<f64>, clock: &dyn Clock) -> FromPicture<P> {
    let options = SolveOptions { max_solutions: 2, time_limit_ms, node_limit: None };
    let outcome = puzzle.solve(&options, clock, &mut NoProgress);
    let (ambiguous, rating) = match outcome.status {
        Status::Multiple => (differing_cells(&outcome.solutions[0], &outcome.solutions[1]), None),
        Status::Unique => {
            let spent = outcome.stats.millis;
            let options =
                ExplainOptions { time_limit_ms: time_limit_ms.map(|t| (t - spent).max(0.0)), ..Default::default() };
            let explanation = explain(&puzzle, puzzle.board(), &options, clock);
            let rated = matches!(explanation.status, ExplainStatus::Solved | ExplainStatus::Stuck);
            (Vec::new(), rated.then_some(explanation.rating))
        }
        Status::None | Status::Unknown => (Vec::new(), None),
    };
    FromPicture { puzzle, status: outcome.status, rating, ambiguous }
}
