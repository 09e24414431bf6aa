//! Sudoku's side of the registry's [`Play`]: the explained logic, the player's board of
//! digits, a solve with one cell forced (a hint's mistake check) and generation (classic, the
//! sizes 4..=16 that have a default box).

use super::generate::SudokuGenerator;
use super::{default_box, Sudoku, MAX_SIZE, MIN_SIZE};
use crate::engine::error::{Error, Place};
use crate::engine::explain::{Board, Cell, PlayerBoard};
use crate::engine::generate::{generate, integer, Found, GenerateOptions, Run};
use crate::engine::search::{Clock, NoProgress, Outcome, SolveOptions};
use crate::genres::{Genre, Play};

impl Play for Sudoku {
    /// The side.
    type Request = usize;
    const CANDIDATES: (usize, usize) = (60, 0);

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
        Ok(Genre::solve(&self.with_given(r, c, u32::from(value))?, options, clock, &mut NoProgress))
    }

    fn request(options: &GenerateOptions) -> Result<usize, Error> {
        let size = integer(options.size, "size", MIN_SIZE..=MAX_SIZE, Self::NAME)?;
        match default_box(size) {
            Some(_) => Ok(size),
            None => Err(Error::new(
                Place::Field("options.size".into()),
                format!("a {size}×{size} Sudoku has no box of 2 rows or more to generate with"),
            )),
        }
    }

    fn generate(size: usize, level: u8, run: &mut Run) -> Result<Found<Sudoku>, Error> {
        generate(&mut SudokuGenerator::new(size), level, run)
    }
}
