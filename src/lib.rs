//! # gridlogic
//!
//! Solvers for three grid logic puzzles — **Nonogram** (paint-by-number), **Kakuro** (cross
//! sums) and **Str8ts** — that always tell the truth about uniqueness: every solve ends
//! `unique`, `multiple` (with two solutions as proof), `none`, or `unknown` when the budget
//! the caller gave ran out.
//!
//! The core is plain Rust: [`engine`] holds the search all genres share (propagate, branch,
//! count solutions, budgets), and each genre module ([`nonogram`], [`kakuro`], [`str8ts`])
//! implements [`engine::search::Problem`] with the deductions of its rules. One registry
//! (`src/genres.rs`) lists the genres; [`Puzzle`], [`GENRES`], [`solve`] and the text
//! [`format`]s follow from it. The JS binding lives apart in `src/wasm/`, compiled only for
//! `wasm32`.
//!
//! ```
//! use gridlogic::{nonogram::Nonogram, solve, Puzzle, SolveOptions, Status};
//! let puzzle: Puzzle = Nonogram::new(vec![vec![1], vec![1]], vec![vec![1], vec![1]]).unwrap().into();
//! let outcome = solve(&puzzle, &SolveOptions::default()).unwrap();
//! assert_eq!(outcome.status, Status::Multiple); // a diagonal either way
//! ```

/// The Rust blocks of README.md and docs/*.md run as doc tests (`cargo test --doc`), so the
/// documentation's code stays true.
#[cfg(doctest)]
mod documentation {
    macro_rules! pages {
        ($($name:ident = $path:literal),* $(,)?) => { $(#[doc = include_str!($path)] pub struct $name;)* };
    }
    pages!(
        Readme = "../README.md",
        Api = "../docs/api.md",
        Architecture = "../docs/architecture.md",
        Formats = "../docs/formats.md",
        Generating = "../docs/generating.md",
        Performance = "../docs/performance.md",
        Playing = "../docs/playing.md",
        Rust = "../docs/rust.md",
        Techniques = "../docs/techniques.md",
    );
}

pub mod engine;
pub mod explained;
pub mod format;
mod format_names;
pub mod generate;
mod genre;
mod genres;
pub mod kakuro;
pub mod nonogram;
#[cfg(any(feature = "serde", target_arch = "wasm32"))]
pub mod shapes;
pub mod str8ts;
pub mod sudoku;
mod text;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use engine::error::{Error, Place};
#[cfg(not(target_arch = "wasm32"))]
pub use engine::search::SystemClock;
pub use engine::search::{Clock, Grid, KnownGrid, NoProgress, Outcome, Progress, SolveOptions, Stats, Status};
pub use generate::{generate, GenerateOptions, Generated};
pub use genres::{Puzzle, GENRES};
pub use nonogram::generate::{
    color_from_picture as color_nonogram_from_picture, from_picture as nonogram_from_picture, FromPicture,
};

/// Solve `puzzle` with the caller's clock and progress receiver (the wasm binding passes the
/// browser's clock; native callers use [`solve`]).
pub fn solve_with(
    puzzle: &Puzzle,
    options: &SolveOptions,
    clock: &dyn Clock,
    progress: &mut dyn Progress,
) -> Result<Outcome, Error> {
    options.validate()?;
    Ok(genres::solve(puzzle, options, clock, progress))
}

/// Solve `puzzle` natively, timed by the system clock.
#[cfg(not(target_arch = "wasm32"))]
pub fn solve(puzzle: &Puzzle, options: &SolveOptions) -> Result<Outcome, Error> {
    solve_with(puzzle, options, &SystemClock::default(), &mut NoProgress)
}
