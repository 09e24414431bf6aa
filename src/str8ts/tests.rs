use super::*;
use crate::engine::search::{solve, Clock, NoProgress, Outcome, SolveOptions, Status};

struct NoClock;
impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// A puzzle from rows of tokens: `.` empty white, `d` white given, `#` black, `#d` black clue.
fn parse(rows: &[&str]) -> Result<Str8ts, Error> {
    let mut grid = Vec::new();
    let mut black = Vec::new();
    for row in rows {
        let tokens: Vec<&str> = row.split_whitespace().collect();
        black.push(tokens.iter().map(|t| t.starts_with('#')).collect());
        grid.push(tokens.iter().map(|t| t.trim_start_matches(['#', '.']).parse().unwrap_or(0)).collect());
    }
    Str8ts::new(grid, black)
}

fn run(p: &Str8ts, max_solutions: usize) -> Outcome {
    solve(p, &SolveOptions { max_solutions, ..Default::default() }, &NoClock, &mut NoProgress)
}

/// Independent oracle: every solution (up to `cap`) by plain backtracking over the rules.
fn brute_force(p: &Str8ts, cap: usize) -> Vec<Grid> {
    fn place(p: &Str8ts, cell: usize, g: &mut Grid, out: &mut Vec<Grid>, cap: usize) {
        let n = p.size();
        if out.len() >= cap {
            return;
        }
        if cell == n * n {
            out.push(g.clone());
            return;
        }
        let (r, c) = (cell / n, cell % n);
        if p.is_black(r, c) {
            return place(p, cell + 1, g, out, cap);
        }
        let at = |g: &Grid, r: usize, c: usize| if p.is_black(r, c) { p.given(r, c) } else { u32::from(g[r][c]) };
        let straight =
            |digits: Vec<u32>| digits.iter().max().unwrap() - digits.iter().min().unwrap() + 1 == digits.len() as u32;
        for d in 1..=n as u32 {
            if p.given(r, c) != 0 && p.given(r, c) != d {
                continue;
            }
            if (0..n).any(|i| (i != c && at(g, r, i) == d) || (i != r && at(g, i, c) == d)) {
                continue;
            }
            g[r][c] = d as u8;
            let row_done = c + 1 == n || p.is_black(r, c + 1);
            let col_done = r + 1 == n || p.is_black(r + 1, c);
            let row_ok = !row_done
                || straight((0..=c).rev().take_while(|&i| !p.is_black(r, i)).map(|i| u32::from(g[r][i])).collect());
            let col_ok = !col_done
                || straight((0..=r).rev().take_while(|&i| !p.is_black(i, c)).map(|i| u32::from(g[i][c])).collect());
            if row_ok && col_ok {
                place(p, cell + 1, g, out, cap);
            }
            g[r][c] = 0;
        }
    }
    let mut out = Vec::new();
    place(p, 0, &mut vec![vec![0; p.size()]; p.size()], &mut out, cap);
    out
}

fn assert_solves_alone(p: &Str8ts, outcome: &Outcome) {
    for grid in &outcome.solutions {
        assert_eq!(p.check(grid), Ok(()), "{grid:?}");
    }
}

#[test]
fn a_4x4_with_a_black_clue_is_unique() {
    let p = parse(&[". . . #", ". #2 . .", ". . . 3", "# # . ."]).unwrap();
    let outcome = run(&p, 2);
    assert_eq!(outcome.status, Status::Unique);
    assert_solves_alone(&p, &outcome);
    assert_eq!(outcome.solutions, brute_force(&p, 3));
    // The black clue 2 keeps 2 out of row 1 and column 1.
    let grid = &outcome.solutions[0];
    assert!(grid[1].iter().chain(grid.iter().map(|row| &row[1])).all(|&d| d != 2));
}

#[test]
fn a_two_solution_puzzle_is_multiple() {
    let p = parse(&["#4 1 . .", ". . . .", "1 . # #", ". . . ."]).unwrap();
    let outcome = run(&p, 10);
    assert_eq!(outcome.status, Status::Multiple);
    assert_eq!(outcome.solutions.len(), 2);
    assert_ne!(outcome.solutions[0], outcome.solutions[1]);
    assert_solves_alone(&p, &outcome);
    let mut expected = brute_force(&p, 10);
    let mut found = outcome.solutions.clone();
    expected.sort();
    found.sort();
    assert_eq!(found, expected);
}

#[test]
fn an_impossible_puzzle_is_none() {
    let p = parse(&["# # . .", ". . . 2", ". . 2 #", ". . . ."]).unwrap();
    assert!(brute_force(&p, 1).is_empty());
    let outcome = run(&p, 2);
    assert_eq!((outcome.status, outcome.solutions.len()), (Status::None, 0));
    // Givens that cannot form a straight: 1 and 4 in a compartment of three.
    let p = parse(&["1 . 4 #", ". . . .", ". . . .", ". . . ."]).unwrap();
    assert_eq!(run(&p, 2).status, Status::None);
}

#[test]
fn invalid_puzzles_are_named() {
    let message = |grid: Vec<Vec<u32>>, black: Vec<Vec<bool>>| Str8ts::new(grid, black).unwrap_err().to_string();
    let white = |n: usize| vec![vec![false; n]; n];
    assert_eq!(message(vec![], vec![]), "grid: is empty");
    assert_eq!(message(vec![vec![0; 3]; 3], white(3)), "grid: has 3 rows; a Str8ts is 4×4 to 16×16");
    assert_eq!(message(vec![vec![0; 17]; 17], white(17)), "grid: has 17 rows; a Str8ts is 4×4 to 16×16");
    assert_eq!(
        message(vec![vec![0; 4], vec![0; 4], vec![0; 3], vec![0; 4]], white(4)),
        "grid[2]: has 3 cells, expected 4 (the grid must be square)"
    );
    assert_eq!(message(vec![vec![0; 4]; 4], white(5)), "black: has 5 rows, expected 4 like grid");
    let mut ragged = white(4);
    ragged[3].push(true);
    assert_eq!(message(vec![vec![0; 4]; 4], ragged), "black[3]: has 5 cells, expected 4 like grid");
    assert_eq!(
        parse(&[". . . .", ". 5 . .", ". . . .", ". . . ."]).unwrap_err().to_string(),
        "grid[1][1]: digit 5 is not in 1..4"
    );
    assert_eq!(
        parse(&["3 . #3 .", ". . . .", ". . . .", ". . . ."]).unwrap_err().to_string(),
        "grid[0][2]: digit 3 repeats grid[0][0] in row 0"
    );
    assert_eq!(
        parse(&[". . . .", ". #4 . .", ". . . .", ". 4 . ."]).unwrap_err().to_string(),
        "grid[3][1]: digit 4 repeats grid[1][1] in column 1"
    );
    // Sizes 4 and 16 are fine, and a grid of black cells only has one (empty) solution.
    assert!(Str8ts::new(vec![vec![0; 16]; 16], white(16)).is_ok());
    let all_black = Str8ts::new(vec![vec![0; 4]; 4], vec![vec![true; 4]; 4]).unwrap();
    assert_eq!(run(&all_black, 2).solutions, vec![vec![vec![0; 4]; 4]]);
    assert_eq!(run(&all_black, 2).status, Status::Unique);
}

#[test]
fn accessors_show_the_puzzle() {
    let p = parse(&[". . . #", ". #2 . .", ". . . 3", "# # . ."]).unwrap();
    assert_eq!(p.size(), 4);
    assert!(p.is_black(1, 1) && p.is_black(3, 0) && !p.is_black(2, 3) && !p.is_black(4, 0));
    assert_eq!((p.given(1, 1), p.given(2, 3), p.given(0, 0), p.given(9, 9)), (2, 3, 0, 0));
}

#[test]
fn check_names_the_broken_rule() {
    let p = parse(&["1 . . #", ". . . .", ". . . .", "#4 . . ."]).unwrap();
    let good = vec![vec![1, 2, 3, 0], vec![2, 3, 4, 1], vec![3, 4, 1, 2], vec![0, 1, 2, 3]];
    assert_eq!(p.check(&good), Ok(()));
    let with = |r: usize, c: usize, d: u8| {
        let mut g = good.clone();
        g[r][c] = d;
        p.check(&g).unwrap_err().to_string()
    };
    assert_eq!(with(0, 3, 4), "grid[0][3]: black cell holds 4, expected 0");
    assert_eq!(with(0, 0, 2), "grid[0][0]: holds 2, the given is 1");
    assert_eq!(with(1, 1, 0), "grid[1][1]: digit 0 is not in 1..4");
    assert_eq!(with(1, 1, 1), "grid[1][3]: digit 1 repeats grid[1][1]");
    assert_eq!(with(3, 3, 4), "grid[3][3]: digit 4 repeats grid[3][0]"); // the black clue counts
    assert_eq!(p.check(&good[..3]).unwrap_err().to_string(), "solution: is not 4×4");
    // A Latin square with one black corner: lines fine, the first row's straight is not.
    let corner = parse(&["# . . .", ". . . .", ". . . .", ". . . ."]).unwrap();
    let latin = vec![vec![0, 1, 3, 4], vec![1, 2, 4, 3], vec![3, 4, 1, 2], vec![4, 3, 2, 1]];
    assert_eq!(
        corner.check(&latin).unwrap_err().to_string(),
        "grid[0][1]: compartment of 3 cells holds 1,3,4, not a straight"
    );
}

/// A small xorshift generator driven by proptest's seed.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random puzzle: black pattern (`density` percent), black clues and givens that do not
/// repeat a digit in a line (it may still have no solution).
fn random_puzzle(n: usize, density: u64, clues: usize, rng: &mut Rng) -> Str8ts {
    let black: Vec<Vec<bool>> = (0..n).map(|_| (0..n).map(|_| rng.below(100) < density).collect()).collect();
    let mut grid = vec![vec![0u32; n]; n];
    for _ in 0..clues {
        let (r, c, d) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize, rng.below(n as u64) as u32 + 1);
        if (0..n).all(|i| grid[r][i] != d && grid[i][c] != d) {
            grid[r][c] = d;
        }
    }
    Str8ts::new(grid, black).unwrap()
}

/// Colours, black clues (0 elsewhere) and the digits of a solved Str8ts.
type SolvedGrid = (Vec<Vec<bool>>, Vec<Vec<u32>>, Grid);

/// A random solved Str8ts: random black pattern, givens added from one of two differing
/// solutions until the solver calls it unique, then random black clues the solution allows.
/// Returns the colours, the black clues (0 elsewhere) and the solution; `None` when the
/// black pattern admits no solution (or a search step needs over 5 000 nodes).
fn random_solved(n: usize, rng: &mut Rng) -> Option<SolvedGrid> {
    let density = 10 + rng.below(25);
    let black: Vec<Vec<bool>> = (0..n).map(|_| (0..n).map(|_| rng.below(100) < density).collect()).collect();
    let mut grid = vec![vec![0u32; n]; n];
    let solution = loop {
        let limits = SolveOptions { node_limit: Some(5_000), ..Default::default() };
        let outcome = solve(&Str8ts::new(grid.clone(), black.clone()).unwrap(), &limits, &NoClock, &mut NoProgress);
        match outcome.status {
            Status::Unique => break outcome.solutions[0].clone(),
            Status::Multiple => {
                let pick = &outcome.solutions[rng.below(2) as usize];
                let other = &outcome.solutions[0];
                let differing: Vec<(usize, usize)> = (0..n * n)
                    .map(|i| (i / n, i % n))
                    .filter(|&(r, c)| outcome.solutions[1][r][c] != other[r][c])
                    .collect();
                let (r, c) = differing[rng.below(differing.len() as u64) as usize];
                grid[r][c] = u32::from(pick[r][c]);
            }
            _ => return None,
        }
    };
    let mut clues = vec![vec![0u32; n]; n];
    for (r, c) in (0..n * n).map(|i| (i / n, i % n)).filter(|&(r, c)| black[r][c]) {
        let present = |d: u32| {
            (0..n).any(|i| {
                u32::from(solution[r][i]) == d || u32::from(solution[i][c]) == d || clues[r][i] == d || clues[i][c] == d
            })
        };
        let absent: Vec<u32> = (1..=n as u32).filter(|&d| !present(d)).collect();
        if !absent.is_empty() && rng.below(2) == 0 {
            clues[r][c] = absent[rng.below(absent.len() as u64) as usize];
        }
    }
    Some((black, clues, solution))
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// On small grids the solver's verdict and solutions agree with plain backtracking.
    #[test]
    fn small_puzzles_agree_with_brute_force(seed in 1u64.., n in 4usize..=5, density in 0u64..40, clues in 0usize..8) {
        let p = random_puzzle(n, density, clues, &mut Rng(seed));
        let mut expected = brute_force(&p, 3);
        let outcome = run(&p, 3);
        assert_solves_alone(&p, &outcome);
        let status = match expected.len() { 0 => Status::None, 1 => Status::Unique, _ => Status::Multiple };
        proptest::prop_assert_eq!(outcome.status, status);
        let mut found = outcome.solutions.clone();
        found.sort();
        expected.sort();
        if expected.len() < 3 {
            proptest::prop_assert_eq!(found, expected);
        } else {
            proptest::prop_assert!(found.iter().all(|g| p.check(g).is_ok()) && found[0] != found[1]);
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Random solved grid → some of its digits as givens → every answer obeys the rules and
    /// the givens; a unique answer is the grid itself.
    #[test]
    fn answers_keep_the_givens_and_the_rules(seed in 1u64.., n in 4usize..=9, keep in 0u64..100) {
        let mut rng = Rng(seed);
        let Some((black, clues, solution)) = random_solved(n, &mut rng) else { return Ok(()) };
        let grid: Vec<Vec<u32>> = (0..n)
            .map(|r| (0..n).map(|c| if black[r][c] { clues[r][c] } else if rng.below(100) < keep { u32::from(solution[r][c]) } else { 0 }).collect())
            .collect();
        let p = Str8ts::new(grid, black.clone()).unwrap();
        proptest::prop_assert_eq!(p.check(&solution), Ok(()));
        // A node limit keeps a rare heavy-tailed search on an open grid from stalling the suite.
        let outcome = solve(&p, &SolveOptions { node_limit: Some(20_000), ..Default::default() }, &NoClock, &mut NoProgress);
        assert_solves_alone(&p, &outcome);
        match outcome.status {
            Status::Unique => proptest::prop_assert_eq!(&outcome.solutions[0], &solution),
            Status::Multiple => proptest::prop_assert_ne!(&outcome.solutions[0], &outcome.solutions[1]),
            Status::Unknown => {}
            Status::None => proptest::prop_assert!(false, "no solution found for a solvable puzzle"),
        }
        // All of the solution given: unique.
        let full: Vec<Vec<u32>> = (0..n).map(|r| (0..n).map(|c| if black[r][c] { clues[r][c] } else { u32::from(solution[r][c]) }).collect()).collect();
        let outcome = run(&Str8ts::new(full, black).unwrap(), 2);
        proptest::prop_assert_eq!((outcome.status, &outcome.solutions[0]), (Status::Unique, &solution));
    }
}

#[test]
fn an_open_grid_with_two_givens_does_not_thrash() {
    let p = parse(&[
        ". . . . . . . . . .",
        "# . . . . . # . . .",
        ". . . . . . # . . .",
        ". . . . . . . # . .",
        "# . . . . . 5 . . .",
        ". . . . . . 7 . . .",
        ". . . . . . . . . .",
        "# # . . . . . . . .",
        ". . . . . # # . . .",
        ". . . . . . . . . .",
    ])
    .unwrap();
    // Branching on cells alone needed over 200 000 nodes for the first solution here.
    let outcome = solve(&p, &SolveOptions { node_limit: Some(1_000), ..Default::default() }, &NoClock, &mut NoProgress);
    assert_eq!(outcome.status, Status::Multiple);
    assert_solves_alone(&p, &outcome);
}
