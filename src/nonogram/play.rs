//! The nonogram genres' side of the registry's [`Play`]: the explained logic, the player's
//! board of cells, a solve with one cell forced (a hint's mistake check) and generation (sizes
//! 2..=50, a density, for a colour nonogram its palette).

use super::generate::{check_palette, ColorNonogramGenerator, NonogramGenerator, DENSITIES, GENERATED_SIDES};
use crate::engine::error::{Error, Place};
use crate::engine::explain::{Board, Cell, Explained, PlayerBoard};
use crate::engine::generate::{generate, generate_options, integer, Found, GenerateOptions, Run};
use crate::engine::search::{Clock, NoProgress, Outcome, SolveOptions};
use crate::genre::{Genre, Play};
use crate::nonogram::color::ColorNonogram;
use crate::nonogram::puzzle::Nonogram;
use crate::nonogram::search::depth_first::solve_forced;
use crate::nonogram::techniques::color::COLOR_TOP_TECHNIQUE_LEVEL;

generate_options! {
    /// The generate options of a black-and-white nonogram (`genre: "nonogram"`).
    NONOGRAM_OPTIONS, NonogramGenerateOptions, genre "nonogram" {
        required {
            /// Columns, 2..=50.
            width: f64,
            /// Rows, 2..=50.
            height: f64,
        }
        optional {
            /// The share of filled cells, 0.1..=0.9 (default 0.5).
            density: f64,
        }
    }
}

generate_options! {
    /// The generate options of a colour nonogram (`genre: "nonogram"` with `colors`).
    COLOR_NONOGRAM_OPTIONS, ColorNonogramGenerateOptions, genre "nonogram" {
        required {
            /// Columns, 2..=50.
            width: f64,
            /// Rows, 2..=50.
            height: f64,
            /// The palette: 1..=31 CSS colours, colour 1 first.
            colors: Vec<String>,
        }
        optional {
            /// The share of coloured cells, 0.1..=0.9 (default 0.5).
            density: f64,
        }
    }
}

/// A validated request for a nonogram of either kind: its sides and share of filled cells.
pub(crate) struct Request {
    width: usize,
    height: usize,
    density_per_mille: u32,
}

/// The request of `options` for a nonogram (`genre` `"nonogram"`): its sides and density.
fn request(options: &GenerateOptions) -> Result<Request, Error> {
    let genre = options.genre.as_str();
    let width = integer(options.width, "width", GENERATED_SIDES, genre)?;
    let height = integer(options.height, "height", GENERATED_SIDES, genre)?;
    let density = options.density.unwrap_or(0.5);
    if !DENSITIES.contains(&density) {
        return Err(Error::new(
            Place::Field("options.density".into()),
            format!("{density} is outside {}..{}", DENSITIES.start(), DENSITIES.end()),
        ));
    }
    Ok(Request { width, height, density_per_mille: (density * 1000.0).round() as u32 })
}

impl Play for Nonogram {
    type Request = Request;
    const CANDIDATES: (usize, usize) = (300, 20);
    const OPTIONS: &'static [&'static str] = NONOGRAM_OPTIONS;

    fn claims_shape(has: &dyn Fn(&str) -> bool) -> bool {
        !has("colors")
    }

    fn player_board(&self, board: &PlayerBoard) -> Result<Board, Error> {
        self.player_board(board.cells(Self::NAME, "rows of 1 (filled), 0 (empty) or null")?)
    }

    fn board_cells(&self) -> Option<(u8, String)> {
        Some((1, "1 (filled), 0 (empty) or null".into()))
    }

    fn solve_forced(&self, cell: Cell, value: u8, options: &SolveOptions, clock: &dyn Clock) -> Result<Outcome, Error> {
        Ok(solve_forced(self, &[(cell, value)], options, clock, &mut NoProgress))
    }

    fn request(options: &GenerateOptions) -> Result<Request, Error> {
        request(options)
    }

    fn generate(request: Request, level: u8, run: &mut Run) -> Result<Found<Nonogram>, Error> {
        let Request { width, height, density_per_mille } = request;
        generate(&mut NonogramGenerator::new(width, height, density_per_mille).shaped_towards(level), level, run)
    }
}

impl Play for ColorNonogram {
    type Request = (Request, Vec<String>);
    const SHAPE_GENRE: &'static str = Nonogram::NAME;
    const CANDIDATES: (usize, usize) = (300, 20);
    const OPTIONS: &'static [&'static str] = COLOR_NONOGRAM_OPTIONS;
    const TOP_TECHNIQUE: Option<(&'static str, u8)> = Some(("colour nonogram", COLOR_TOP_TECHNIQUE_LEVEL));

    fn claims_shape(has: &dyn Fn(&str) -> bool) -> bool {
        has("colors")
    }

    fn explained(&self) -> Result<&dyn Explained, Error> {
        self.check_explainable().map(|()| self as &dyn Explained)
    }

    fn player_board(&self, board: &PlayerBoard) -> Result<Board, Error> {
        self.player_board(board.cells(Self::NAME, "rows of colour indices (0: empty) or null")?)
    }

    fn board_cells(&self) -> Option<(u8, String)> {
        let count = self.colors().len();
        Some((count as u8, format!("a colour 1..{count}, 0 (empty) or null")))
    }

    fn solve_forced(&self, cell: Cell, value: u8, options: &SolveOptions, clock: &dyn Clock) -> Result<Outcome, Error> {
        Ok(solve_forced(self, &[(cell, value)], options, clock, &mut NoProgress))
    }

    fn request(options: &GenerateOptions) -> Result<(Request, Vec<String>), Error> {
        let request = request(options)?;
        let colors = options.colors.clone().unwrap_or_default();
        check_palette(&colors, "options.colors", "a generated colour nonogram")?;
        Ok((request, colors))
    }

    fn generate(
        (request, colors): (Request, Vec<String>),
        level: u8,
        run: &mut Run,
    ) -> Result<Found<ColorNonogram>, Error> {
        let Request { width, height, density_per_mille } = request;
        generate(&mut ColorNonogramGenerator::new(width, height, density_per_mille, colors), level, run)
    }
}
