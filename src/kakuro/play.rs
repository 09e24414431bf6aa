//! Kakuro's side of the registry's [`Play`]: the explained logic, the player's board of
//! digits, a solve with one cell forced (a hint's mistake check) and generation (sides 4..=30
//! with the border, optionally with givens).

use super::generate::{KakuroGenerator, KAKURO_SIDES, KAKURO_TOP_TECHNIQUE_LEVEL};
use super::{Cell as GridCell, Kakuro};
use crate::engine::error::Error;
use crate::engine::explain::{Board, Cell, PlayerBoard};
use crate::engine::generate::{generate, integer, Found, GenerateOptions, Run};
use crate::engine::search::{Clock, NoProgress, Outcome, SolveOptions};
use crate::genres::{Genre, Play};

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
    const GIVENS: bool = true;
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
