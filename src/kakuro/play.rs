//! Kakuro's side of the registry's [`Play`]: the explained logic, the player's board of
//! digits, a solve with one cell forced (a hint's mistake check) and generation (sides 4..=30
//! with the border, optionally with givens).

use super::generate::{KakuroGenerator, KAKURO_SIDES, KAKURO_TOP_TECHNIQUE_LEVEL};
use super::puzzle::{Cell as GridCell, Kakuro};
use crate::engine::error::Error;
use crate::engine::explain::{Board, Cell, PlayerBoard};
use crate::engine::generate::{generate, generate_options, integer, Found, GenerateOptions, Run};
use crate::engine::search::{Clock, NoProgress, Outcome, SolveOptions};
use crate::genre::{Genre, Play};

generate_options! {
    /// The generate options of a Kakuro (`genre: "kakuro"`).
    KAKURO_OPTIONS, KakuroGenerateOptions, genre "kakuro" {
        required {
            /// Columns, 4..=30, the clue border included.
            width: f64,
            /// Rows, 4..=30, the clue border included.
            height: f64,
        }
        optional {
            /// Whether some white cells may show their digit (default false: clues only), so
            /// that levels and sizes the clues alone rarely reach (an easy 10×10) are found.
            givens: bool,
        }
    }
}

/// A validated request for a Kakuro: its sides (border included) and whether it may show
/// givens.
pub(crate) struct Request {
    width: usize,
    height: usize,
    givens: bool,
}

impl Play for Kakuro {
    type Request = Request;
    const CANDIDATES: (usize, usize) = (150, 12);
    const OPTIONS: &'static [&'static str] = KAKURO_OPTIONS;
    const TOP_TECHNIQUE: Option<(&'static str, u8)> = Some(("Kakuro", KAKURO_TOP_TECHNIQUE_LEVEL));

    fn player_board(&self, board: &PlayerBoard) -> Result<Board, Error> {
        let (values, candidates) = board.digits(Self::NAME, "rows of digits (0: empty)")?;
        self.player_board(values, candidates)
    }

    fn solve_forced(
        &self,
        (r, c): Cell,
        value: u8,
        options: &SolveOptions,
        clock: &dyn Clock,
    ) -> Result<Outcome, Error> {
        let mut grid = self.cells().to_vec();
        grid[r][c] = GridCell::White(Some(u32::from(value)));
        Ok(Genre::solve(&Kakuro::new(grid)?, options, clock, &mut NoProgress))
    }

    fn request(options: &GenerateOptions) -> Result<Request, Error> {
        Ok(Request {
            width: integer(options.width, "width", KAKURO_SIDES, Self::NAME)?,
            height: integer(options.height, "height", KAKURO_SIDES, Self::NAME)?,
            givens: options.givens.unwrap_or(false),
        })
    }

    fn generate(request: Request, level: u8, run: &mut Run) -> Result<Found<Kakuro>, Error> {
        generate(&mut KakuroGenerator::new(request.width, request.height, level, request.givens), level, run)
    }
}
