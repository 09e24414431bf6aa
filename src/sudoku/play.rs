//! Sudoku's side of the registry's [`Play`]: the explained logic, the player's board of
//! digits, a solve with one cell forced (a hint's mistake check) and generation (classic, the
//! sizes 4..=16 that have a default box; Killer without givens up to 9×9, medium and up).

use super::generate::{KillerGenerator, SudokuGenerator};
use super::puzzle::{default_box, Sudoku, MAX_KILLER_SIZE, MAX_SIZE, MIN_SIZE};
use crate::engine::error::{Error, Place};
use crate::engine::explain::{Board, Cell, PlayerBoard};
use crate::engine::generate::{generate, generate_options, integer, Found, GenerateOptions, Run};
use crate::engine::search::{Clock, NoProgress, Outcome, SolveOptions};
use crate::genre::{Genre, Play};

generate_options! {
    /// The generate options of a Sudoku (`genre: "sudoku"`).
    SUDOKU_OPTIONS, SudokuGenerateOptions, genre "sudoku" {
        required {
            /// The side, 4..=16, one with a box of 2 rows or more (not 5, 7, 11 or 13).
            size: f64,
        }
        optional {
            /// A Killer Sudoku (default false: classic): cages without givens, sides up to 9,
            /// medium and up.
            killer: bool,
        }
    }
}

/// What to generate: the side, and whether a Killer (cages, no givens).
pub struct SudokuRequest {
    size: usize,
    killer: bool,
}

impl Play for Sudoku {
    type Request = SudokuRequest;
    const CANDIDATES: (usize, usize) = (60, 0);
    const OPTIONS: &'static [&'static str] = SUDOKU_OPTIONS;

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

    fn request(options: &GenerateOptions) -> Result<SudokuRequest, Error> {
        let size = integer(options.size, "size", MIN_SIZE..=MAX_SIZE, Self::NAME)?;
        let killer = options.killer.unwrap_or(false);
        if default_box(size).is_none() {
            return Err(Error::new(
                Place::Field("options.size".into()),
                format!("a {size}×{size} Sudoku has no box of 2 rows or more to generate with"),
            ));
        }
        if killer && size > MAX_KILLER_SIZE {
            return Err(Error::new(
                Place::Field("options.size".into()),
                format!("a Killer Sudoku is generated up to {MAX_KILLER_SIZE}×{MAX_KILLER_SIZE}, not {size}×{size}"),
            ));
        }
        Ok(SudokuRequest { size, killer })
    }

    fn generate(request: SudokuRequest, level: u8, run: &mut Run) -> Result<Found<Sudoku>, Error> {
        if !request.killer {
            return generate(&mut SudokuGenerator::new(request.size), level, run);
        }
        if level == 1 {
            return Err(Error::new(
                Place::Field("options.difficulty".into()),
                "\"easy\" is out of reach for a Killer Sudoku: without givens its first step is always a cage \
                 combination (\"medium\")",
            ));
        }
        generate(&mut KillerGenerator::new(request.size), level, run)
    }
}
