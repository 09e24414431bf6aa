//! Arbitrary bytes → a tiny puzzle of each genre (`tiny.rs`) → `gridlogic::solve` under a
//! node limit. Every solution returned must satisfy the rules (`Puzzle::check`), and a decided
//! status (unique / multiple / none) must agree with the brute-force count of `tiny.rs`,
//! which is cheap on grids of at most 5×5 and shares no code with the solver.
#![no_main]

mod tiny;

use gridlogic::{solve, Puzzle, SolveOptions, Status};
use libfuzzer_sys::fuzz_target;
use tiny::{tiny_puzzle, Bytes, Checker};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    if let Some((puzzle, checker)) = tiny_puzzle(&mut bytes) {
        check(&puzzle, &*checker);
    }
});

fn check(puzzle: &Puzzle, checker: &dyn Checker) {
    let options = SolveOptions { max_solutions: 2, time_limit_ms: None, node_limit: Some(5_000) };
    let outcome = solve(puzzle, &options).expect("valid options");
    for grid in &outcome.solutions {
        if let Err(e) = puzzle.check(grid) {
            panic!("{puzzle:?}: returned solution {grid:?} breaks the rules: {e}");
        }
    }
    let expected = match outcome.status {
        Status::Unknown => return,
        Status::Unique => 1,
        Status::Multiple => {
            assert_eq!(outcome.solutions.len(), 2, "{puzzle:?}: multiple without two solutions");
            assert_ne!(outcome.solutions[0], outcome.solutions[1], "{puzzle:?}: the two solutions are equal");
            2
        }
        Status::None => 0,
    };
    if let Some(count) = checker.count() {
        assert_eq!(count, expected, "{puzzle:?}: status {:?} but brute force counts {count}", outcome.status);
    }
}
