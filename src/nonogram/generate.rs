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
//! noisier ones need the harder techniques. The generator starts at one smoothing pass and,
//! after each unique candidate of the wrong level, moves one step towards more noise (rated
//! too easy) or more smoothing (too hard).
//!
//! **From a picture** ([`from_picture`], in colour [`color_from_picture`]): the clues of the
//! picture, solved for two solutions; when there are two, the cells where they differ are the
//! ambiguous ones (an author fixes the picture there), and when there is one, the explanation
//! rates it. Black and white and colour share the checks of the picture and this path
//! (`settle`, generic over the genre), each with its own solver and explanation.
//!
//! Cost: a candidate is O(width × height) to make; its check is one solve (line logic,
//! probing, clause learning) with `max_solutions` 2.

use super::{is_css_color, ColorNonogram, Nonogram, MAX_EXPLAINED_COLORS};
use crate::engine::error::{Error, Place};
use crate::engine::explain::{explain, Explain, ExplainOptions, ExplainStatus, Rating};
use crate::engine::generate::{differing_cells, Candidate, Generator, Rng};
use crate::engine::search::{Clock, Grid, NoProgress, Outcome, Progress, SolveOptions, Status};
use crate::genres::Genre;

/// The sides a generated nonogram may have (rows and columns alike).
pub const GENERATED_SIDES: std::ops::RangeInclusive<usize> = 2..=50;
/// The densities (share of filled cells) a generated picture may have.
pub const DENSITIES: std::ops::RangeInclusive<f64> = 0.1..=0.9;
/// The sides a picture given to [`from_picture`] may have.
pub const PICTURE_SIDES: std::ops::RangeInclusive<usize> = 1..=200;

/// Smoothing passes by roughness: the roughest pictures are plain noise.
const SMOOTHING_PASSES: [usize; 3] = [2, 1, 0];

/// Makes random nonograms of one size and density (see the module documentation).
pub struct NonogramGenerator {
    width: usize,
    height: usize,
    /// Filled cells per thousand.
    density_per_mille: u32,
    /// Index into [`SMOOTHING_PASSES`].
    roughness: usize,
}

impl NonogramGenerator {
    /// A generator of `width × height` pictures with `density_per_mille` of their cells
    /// filled (sizes and density already validated).
    pub fn new(width: usize, height: usize, density_per_mille: u32) -> NonogramGenerator {
        NonogramGenerator { width, height, density_per_mille, roughness: 1 }
    }

    /// Random noise (0..1024 a cell) smoothed by the passes of the current roughness: cells
    /// near each other get near values.
    fn smoothed_noise(&self, rng: &mut Rng) -> Vec<u32> {
        let (w, h) = (self.width, self.height);
        let mut values: Vec<u32> = (0..w * h).map(|_| rng.below(1024) as u32).collect();
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
    fn ranked(values: &[u32]) -> Vec<usize> {
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
        let picture = self.picture(rng);
        Some((clues_of(&picture), picture))
    }

    fn solve(
        &self,
        puzzle: &Nonogram,
        options: &SolveOptions,
        clock: &dyn Clock,
        progress: &mut dyn Progress,
    ) -> Outcome {
        super::solve(puzzle, options, clock, progress)
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

    fn solve(
        &self,
        puzzle: &ColorNonogram,
        options: &SolveOptions,
        clock: &dyn Clock,
        progress: &mut dyn Progress,
    ) -> Outcome {
        crate::engine::search::solve(puzzle, options, clock, progress)
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
