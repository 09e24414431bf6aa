//! Clause learning for nonograms that must branch: the engine's clause-learning core
//! (`engine/cdcl/`) over one line theory per kind, `mono.rs` (black and white, the two-value
//! case: 0 empty, 1 filled) and `color.rs` (the background and the colours), each a line
//! solver and its explanations. The portfolio's turns ([`TURNS`]) are nonograms' own.

pub(crate) mod color;
pub(crate) mod mono;

use crate::engine::cdcl::{self, LineTheory};
use crate::engine::portfolio::Turns;
use crate::engine::search::{Clock, Outcome, Problem, Progress, SolveOptions};

/// The portfolio's turns, for both kinds: the engine's search (probing at every node) goes
/// first for 16 nodes, then clause learning for 4,096 decisions, then each again with four
/// times more. Tuned on both bench sets together (bench/RESULTS.md, "One depth-first search and
/// one set of constants for both kinds"): colour's former 512 / 256 made the picross-solver set
/// 18× slower.
const TURNS: Turns = Turns { engine_first: 16, learner_first: 4096 };

/// Solve `puzzle` by the engine's portfolio of its search and clause learning over the line
/// theory `lines` makes, in [`TURNS`].
pub(crate) fn solve<P: Problem, T: LineTheory>(
    puzzle: &P,
    lines: impl FnOnce() -> T,
    options: &SolveOptions,
    clock: &dyn Clock,
    progress: &mut dyn Progress,
) -> Outcome {
    cdcl::solve(puzzle, lines, TURNS, options, clock, progress)
}

#[cfg(all(test, not(target_arch = "wasm32")))] // native only: proptest, the system clock
mod tests {
    use super::color::ColorLines;
    use super::mono::{self, MonoLines};
    use super::*;
    use crate::engine::cdcl::Cdcl;
    use crate::engine::generate::Rng;
    use crate::engine::portfolio::{Learner, TurnEnd};
    use crate::engine::search::{Budget, Grid, NoProgress, Stats, Status, SystemClock};
    use crate::nonogram::color::{every_solution, tiny_cases, ColorNonogram};
    use crate::nonogram::puzzle::{grids, Nonogram};
    use proptest::prelude::*;

    fn options(max_solutions: usize) -> SolveOptions {
        SolveOptions { max_solutions, ..SolveOptions::default() }
    }

    /// CDCL alone over `solver` (from the bare puzzle: no root logic, so that small puzzles
    /// branch), in turns of `decisions`, then twice as many, ... decisions (each turn resumes
    /// where the last was cut off).
    fn run<T: LineTheory>(solver: &mut Cdcl<T>, max_solutions: usize, decisions: u64) -> (TurnEnd, Stats) {
        let clock = SystemClock::default();
        let mut progress = NoProgress;
        let mut stats = Stats::default();
        let mut quota = decisions;
        loop {
            let turn = SolveOptions { node_limit: Some(quota), ..options(max_solutions) };
            quota = quota.saturating_mul(2);
            let mut budget = Budget::new(&turn, &clock, &mut progress);
            let end = solver.search(&mut budget);
            stats.add_turn(&budget.stats);
            if !matches!(end, TurnEnd::OutOfBudget) {
                return (end, stats);
            }
        }
    }

    /// Black-and-white CDCL alone (see [`run`]) as an outcome.
    fn cdcl_only(puzzle: &Nonogram, max_solutions: usize, decisions: u64) -> Outcome {
        let mut solver = Cdcl::new(MonoLines::new(puzzle), None, max_solutions);
        let (end, stats) = run(&mut solver, max_solutions, decisions);
        let solutions = solver.solutions().to_vec();
        let status = match (solutions.len(), end) {
            (n, _) if n >= 2 => Status::Multiple,
            (1, TurnEnd::Exhausted) => Status::Unique,
            (0, TurnEnd::Exhausted) => Status::None,
            _ => Status::Unknown,
        };
        Outcome { status, solutions, stats, partial: None }
    }

    /// CDCL (bare, and after root logic) agrees with the engine's search on `puzzle`.
    fn agree(puzzle: &Nonogram, max_solutions: usize) {
        let clock = SystemClock::default();
        let engine = crate::engine::search::solve(puzzle, &options(max_solutions), &clock, &mut NoProgress);
        let with_root =
            solve(puzzle, || mono::MonoLines::new(puzzle), &options(max_solutions), &clock, &mut NoProgress);
        for (way, cdcl) in [
            ("cdcl", cdcl_only(puzzle, max_solutions, u64::MAX)),
            ("cdcl in turns", cdcl_only(puzzle, max_solutions, 3)),
            ("engine and cdcl", with_root),
        ] {
            assert_eq!(cdcl.status, engine.status, "{way}: {puzzle:?}");
            for grid in &cdcl.solutions {
                assert_eq!(puzzle.check(grid), Ok(()));
            }
            let mut found = cdcl.solutions.clone();
            found.sort();
            found.dedup();
            assert_eq!(found.len(), cdcl.solutions.len(), "a solution counted twice");
            if engine.solutions.len() < max_solutions {
                // The engine found every solution: so must CDCL.
                let mut expected = engine.solutions.clone();
                expected.sort();
                assert_eq!(found, expected, "{way}: {puzzle:?}");
            } else {
                assert_eq!(found.len(), max_solutions, "{way}: {puzzle:?}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn agrees_with_the_engine_on_random_grids(grid in grids(8)) {
            let puzzle = Nonogram::from_solution(&grid).unwrap();
            agree(&puzzle, 2);
            agree(&puzzle, 40);
        }

        #[test]
        fn agrees_with_the_engine_on_mismatched_clues(a in grids(7), b in grids(7)) {
            // Rows of one grid, columns of another of the same size (cut to fit): often no
            // solution at all.
            let (h, w) = (a.len().min(b.len()), a[0].len().min(b[0].len()));
            let cut = |g: &[Vec<u8>]| -> Vec<Vec<u8>> { g[..h].iter().map(|r| r[..w].to_vec()).collect() };
            let rows = Nonogram::from_solution(&cut(&a)).unwrap().rows().to_vec();
            let cols = Nonogram::from_solution(&cut(&b)).unwrap().cols().to_vec();
            let puzzle = Nonogram::new(rows, cols).unwrap();
            agree(&puzzle, 2);
            agree(&puzzle, 40);
        }
    }

    #[test]
    fn blocking_counts_every_solution_of_an_open_grid() {
        // A 4×4 grid with one cell per row and column: the 24 permutation matrices.
        let puzzle = Nonogram::new(vec![vec![1]; 4], vec![vec![1]; 4]).unwrap();
        let all = cdcl_only(&puzzle, 100, u64::MAX);
        assert_eq!((all.status, all.solutions.len()), (Status::Multiple, 24));
        assert!(all.stats.nodes > 0, "the bare search branched");
    }

    /// Colour clause learning alone (see [`run`]); `forgetful`: a restart every few
    /// conflicts, each forgetting half of the learned clauses (so that deletion is exercised
    /// on small puzzles). Also returns how many learned clauses were forgotten.
    fn color_only(
        puzzle: &ColorNonogram,
        max_solutions: usize,
        decisions: u64,
        forgetful: bool,
    ) -> (TurnEnd, Vec<Grid>, usize, Stats) {
        let mut solver = Cdcl::new(ColorLines::new(puzzle), None, max_solutions);
        if forgetful {
            solver = solver.forgetful();
        }
        let (end, stats) = run(&mut solver, max_solutions, decisions);
        (end, solver.solutions().to_vec(), solver.forgotten(), stats)
    }

    #[test]
    fn colour_clause_learning_alone_finds_exactly_the_solutions_of_brute_force() {
        let (mut counts, mut conflicts_met) = ([0usize; 3], false);
        for (case, (puzzle, colours)) in tiny_cases(0x5eed_c0de, 150).into_iter().enumerate() {
            let (w, h) = (puzzle.width(), puzzle.height());
            let mut expected = every_solution(&puzzle, colours);
            let (end, mut got, _, _) = color_only(&puzzle, 1000, 1 + case as u64 % 3, case % 2 == 0);
            assert_eq!(end, TurnEnd::Exhausted, "case {case}");
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "case {case}: {w}x{h}, {colours} colours");
            // With a limit of one solution, one of them (or none when there is none).
            let (end, one, _, _) = color_only(&puzzle, 1, 2, case % 3 == 0);
            assert_eq!(one.len(), expected.len().min(1), "case {case}");
            assert_eq!(end, if expected.is_empty() { TurnEnd::Exhausted } else { TurnEnd::Enough });
            let (_, _, _, stats) = color_only(&puzzle, 1000, u64::MAX, false);
            conflicts_met |= stats.contradictions > 0;
            counts[expected.len().min(2)] += 1;
        }
        assert!(counts.iter().all(|&k| k > 10), "none / unique / multiple all met: {counts:?}");
        assert!(conflicts_met, "some searches met conflicts, so that learning was exercised");
    }

    #[test]
    fn forgetting_learned_clauses_keeps_the_count_exact() {
        // Random 12×12 two-colour pictures, restarting every few conflicts and forgetting half
        // of the learned clauses each time: every solution of the engine's search (up to 50),
        // no other, none twice.
        let mut forgotten = 0;
        for seed in 0..20 {
            let mut rng = Rng::new(seed);
            let mut next = || if rng.below(10) < 5 { 0 } else { rng.below(2) as u8 + 1 };
            let picture: Vec<Vec<u8>> = (0..12).map(|_| (0..12).map(|_| next()).collect()).collect();
            let palette = vec!["#000000".to_string(), "#d03030".to_string()];
            let puzzle = ColorNonogram::from_solution(palette, None, &picture).unwrap();
            let clock = SystemClock::default();
            let mut engine = crate::engine::search::solve(&puzzle, &options(50), &clock, &mut NoProgress).solutions;
            let (_, mut got, deleted, _) = color_only(&puzzle, 50, u64::MAX, true);
            forgotten += deleted;
            for grid in &got {
                assert_eq!(puzzle.check(grid), Ok(()), "seed {seed}");
            }
            engine.sort();
            got.sort();
            got.dedup();
            if engine.len() < 50 {
                assert_eq!(got, engine, "seed {seed}");
            } else {
                assert_eq!(got.len(), 50, "seed {seed}");
            }
        }
        assert!(forgotten > 0, "the forgetful runs forgot learned clauses");
    }
}
