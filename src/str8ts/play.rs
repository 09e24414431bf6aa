//! Str8ts's side of the registry's [`Play`]: the explained logic, the player's board of
//! digits, a solve with one cell forced (a hint's mistake check) and generation (sides
//! 4..=16).

use super::generate::Str8tsGenerator;
use super::puzzle::{Str8ts, MAX_SIZE, MIN_SIZE};
use crate::engine::error::Error;
use crate::engine::explain::{Board, Cell, PlayerBoard};
use crate::engine::generate::{generate, generate_options, integer, Found, GenerateOptions, Run};
use crate::engine::search::{Clock, NoProgress, Outcome, SolveOptions};
use crate::genre::{Genre, Play};

generate_options! {
    /// The generate options of a Str8ts (`genre: "str8ts"`).
    STR8TS_OPTIONS, Str8tsGenerateOptions, genre "str8ts" {
        required {
            /// The side, 4..=16.
            size: f64,
        }
        optional {}
    }
}

impl Play for Str8ts {
    /// The side.
    type Request = usize;
    const CANDIDATES: (usize, usize) = (60, 0);
    const OPTIONS: &'static [&'static str] = STR8TS_OPTIONS;

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
        let mut grid = self.grid();
        grid[r][c] = u32::from(value);
        Ok(Genre::solve(&Str8ts::new(grid, self.black())?, options, clock, &mut NoProgress))
    }

    fn request(options: &GenerateOptions) -> Result<usize, Error> {
        integer(options.size, "size", MIN_SIZE..=MAX_SIZE, Self::NAME)
    }

    fn generate(size: usize, level: u8, run: &mut Run) -> Result<Found<Str8ts>, Error> {
        generate(&mut Str8tsGenerator::new(size), level, run)
    }
}
