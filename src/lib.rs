//! # gridlogic
//!
//! Solvers for three grid logic puzzles — **Nonogram** (paint-by-number), **Kakuro** (cross
//! sums) and **Str8ts** — that always tell the truth about uniqueness: every solve ends
//! `unique`, `multiple` (with two solutions as proof), `none`, or `unknown` when the budget
//! the caller gave ran out.
//!
//! The core is plain Rust: [`engine`] holds the search all genres share (propagate, branch,
//! count solutions, budgets), and each genre module ([`nonogram`], [`kakuro`], [`str8ts`])
//! implements [`engine::search::Problem`] with the deductions of its rules. The JS binding
//! lives apart in `wasm.rs`, compiled only for `wasm32`.
//!
//! ```
//! use gridlogic::{nonogram::Nonogram, solve, Puzzle, SolveOptions, Status};
//! let puzzle = Puzzle::Nonogram(Nonogram::new(vec![vec![1], vec![1]], vec![vec![1], vec![1]]).unwrap());
//! let outcome = solve(&puzzle, &SolveOptions::default()).unwrap();
//! assert_eq!(outcome.status, Status::Multiple); // a diagonal either way
//! ```

pub mod engine;
pub mod format;
pub mod kakuro;
pub mod nonogram;
pub mod str8ts;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use engine::error::{Error, Place};
#[cfg(not(target_arch = "wasm32"))]
pub use engine::search::SystemClock;
pub use engine::search::{Clock, Grid, KnownGrid, NoProgress, Outcome, Progress, SolveOptions, Stats, Status};

/// A puzzle of any genre.
#[derive(Clone, Debug)]
pub enum Puzzle {
    /// A black-and-white nonogram.
    Nonogram(nonogram::Nonogram),
    /// A colour nonogram (genre `"nonogram"` too).
    ColorNonogram(nonogram::ColorNonogram),
    /// A Kakuro.
    Kakuro(kakuro::Kakuro),
    /// A Str8ts.
    Str8ts(str8ts::Str8ts),
}

impl Puzzle {
    /// The genre's name as used by the JS API (`"nonogram"`, `"kakuro"`, `"str8ts"`).
    pub fn genre(&self) -> &'static str {
        match self {
            Puzzle::Nonogram(_) | Puzzle::ColorNonogram(_) => "nonogram",
            Puzzle::Kakuro(_) => "kakuro",
            Puzzle::Str8ts(_) => "str8ts",
        }
    }
}

/// Solve `puzzle` with the caller's clock and progress receiver (the wasm binding passes the
/// browser's clock; native callers use [`solve`]).
pub fn solve_with(
    puzzle: &Puzzle,
    options: &SolveOptions,
    clock: &dyn Clock,
    progress: &mut dyn Progress,
) -> Result<Outcome, Error> {
    options.validate()?;
    use engine::search::solve as search;
    Ok(match puzzle {
        Puzzle::Nonogram(p) => nonogram::solve(p, options, clock, progress),
        Puzzle::ColorNonogram(p) => search(p, options, clock, progress),
        Puzzle::Kakuro(p) => search(p, options, clock, progress),
        Puzzle::Str8ts(p) => search(p, options, clock, progress),
    })
}

/// Solve `puzzle` natively, timed by the system clock.
#[cfg(not(target_arch = "wasm32"))]
pub fn solve(puzzle: &Puzzle, options: &SolveOptions) -> Result<Outcome, Error> {
    solve_with(puzzle, options, &SystemClock::default(), &mut NoProgress)
}
