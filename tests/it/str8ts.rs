//! Str8ts end to end: every collected puzzle is solved, answers obey the rules, statuses are
//! the known ones (`../shared/corpus/str8ts`, read in place, skipped when absent); small and
//! random puzzles (proptest) agree with a brute-force oracle.

use std::collections::BTreeMap;
use std::time::Instant;

use crate::common::{assert_honest, corpus, files, read, Rng};
use gridlogic::format::{parse, Format};
use gridlogic::str8ts::Str8ts;
use gridlogic::{solve, Grid, Outcome, Puzzle, SolveOptions, Status};

/// Per-puzzle limit: far above what any corpus puzzle needs, low enough to keep CI bounded.
const TIME_LIMIT_MS: f64 = 5_000.0;

/// A puzzle as read from a file: digits (0 none) and colours. The readers below are written
/// here and not through gridlogic::format, so that the library's parsers are tested against a
/// second reader of the same files.
struct Board {
    name: String,
    grid: Vec<Vec<u32>>,
    black: Vec<Vec<bool>>,
}

impl Board {
    fn puzzle(&self) -> Str8ts {
        Str8ts::new(self.grid.clone(), self.black.clone()).unwrap_or_else(|e| panic!("{}: {e}", self.name))
    }
}

/// Solves with timing; checks every answer against the rules and the givens.
struct Timer {
    total_ms: f64,
    max_ms: f64,
    slowest: String,
    statuses: BTreeMap<&'static str, usize>,
}

impl Timer {
    fn new() -> Self {
        Timer { total_ms: 0.0, max_ms: 0.0, slowest: String::new(), statuses: BTreeMap::new() }
    }

    fn solve(&mut self, board: &Board) -> Outcome {
        let puzzle = board.puzzle();
        let wrapped = Puzzle::Str8ts(puzzle.clone());
        let start = Instant::now();
        let outcome =
            solve(&wrapped, &SolveOptions { time_limit_ms: Some(TIME_LIMIT_MS), ..Default::default() }).unwrap();
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        self.total_ms += ms;
        if ms > self.max_ms {
            self.max_ms = ms;
            self.slowest = board.name.clone();
        }
        *self.statuses.entry(outcome.status.as_str()).or_default() += 1;
        assert_honest(&board.name, &outcome, |grid| puzzle.check(grid));
        outcome
    }

    fn report(&self, what: &str, count: usize) {
        println!(
            "{what}: {count} puzzles, statuses {:?}, total {:.1} ms, max {:.2} ms ({})",
            self.statuses, self.total_ms, self.max_ms, self.slowest
        );
    }
}

/// Whether `answer` has `expected`'s digit on every white cell of `board`.
fn white_cells_agree(board: &Board, answer: &Grid, expected: &[Vec<u32>]) -> bool {
    (0..board.grid.len())
        .all(|r| (0..board.grid.len()).all(|c| board.black[r][c] || u32::from(answer[r][c]) == expected[r][c]))
}

#[test]
fn janko_puzzles_have_their_unique_solution() {
    let Some(dir) = corpus("str8ts", "janko-via-puzzlekit-dataset") else { return };
    let text = read(&dir.join("Str8t_dataset.json"));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let data = json["data"].as_object().unwrap();
    // Tokens: `-` empty white, `d` white digit, `x` black, `dx` black with digit.
    let rows = |s: &str| -> Vec<Vec<String>> {
        s.lines().skip(1).map(|l| l.split_whitespace().map(String::from).collect()).collect()
    };
    let mut timer = Timer::new();
    for (id, entry) in data {
        let problem = rows(entry["problem"].as_str().unwrap());
        let board = Board {
            name: id.clone(),
            grid: problem
                .iter()
                .map(|r| r.iter().map(|t| t.trim_end_matches('x').parse().unwrap_or(0)).collect())
                .collect(),
            black: problem.iter().map(|r| r.iter().map(|t| t.ends_with('x')).collect()).collect(),
        };
        let solution: Vec<Vec<u32>> = rows(entry["solution"].as_str().unwrap())
            .iter()
            .map(|r| r.iter().map(|t| t.parse().unwrap_or(0)).collect())
            .collect();
        let outcome = timer.solve(&board);
        assert_eq!(outcome.status, Status::Unique, "{id}");
        assert!(
            white_cells_agree(&board, &outcome.solutions[0], &solution),
            "{id}: differs from the published solution"
        );
    }
    assert_eq!(data.len(), 560);
    timer.report("janko", data.len());
}

/// jamesaustin format: `name:` 81 digits then 81 colour flags.
fn jamesaustin_boards(text: &str) -> Vec<Board> {
    text.lines()
        .filter(|l| !l.starts_with('#') && l.contains(':'))
        .map(|l| {
            let (name, cells) = l.split_once(':').unwrap();
            let bytes = cells.trim().as_bytes();
            assert_eq!(bytes.len(), 162, "{name}");
            Board {
                name: name.to_string(),
                grid: bytes[..81].chunks(9).map(|r| r.iter().map(|b| u32::from(b - b'0')).collect()).collect(),
                black: bytes[81..].chunks(9).map(|r| r.iter().map(|&b| b == b'1').collect()).collect(),
            }
        })
        .collect()
}

#[test]
fn jamesaustin_extreme_puzzles_are_all_solved() {
    let Some(dir) = corpus("str8ts", "jamesaustin-str8ts") else { return };
    let boards = jamesaustin_boards(&read(&dir.join("str8ts.txt")));
    assert_eq!(boards.len(), 505);
    let mut timer = Timer::new();
    let mut not_unique = Vec::new();
    for board in &boards {
        let outcome = timer.solve(board);
        assert!(matches!(outcome.status, Status::Unique | Status::Multiple), "{}: {:?}", board.name, outcome.status);
        if outcome.status != Status::Unique {
            not_unique.push(board.name.clone());
        }
    }
    timer.report("jamesaustin", boards.len());
    println!("not unique: {not_unique:?}");
    assert!(not_unique.contains(&"klaus280e".to_string()));
}

/// m-ringler format: `#` comments, N, then N lines of `_`, `wD`, `b`, `bD`.
fn ringler_board(name: &str, text: &str) -> Board {
    let mut lines = text.trim_start_matches('\u{feff}').lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let n: usize = lines.next().unwrap().trim().parse().unwrap();
    let tokens: Vec<Vec<&str>> = lines.take(n).map(|l| l.trim().split(',').collect()).collect();
    Board {
        name: name.to_string(),
        grid: tokens.iter().map(|r| r.iter().map(|t| t[1..].parse().unwrap_or(0)).collect()).collect(),
        black: tokens.iter().map(|r| r.iter().map(|t| t.starts_with('b')).collect()).collect(),
    }
}

#[test]
fn ringler_puzzles_of_sizes_5_to_13() {
    let Some(dir) = corpus("str8ts", "m-ringler-straights") else { return };
    let mut timer = Timer::new();
    let mut count = 0;
    for path in files(&dir, "txt") {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let board = ringler_board(&name, &read(&path));
        let outcome = timer.solve(&board);
        count += 1;
        if name == "non-unique-solution" {
            assert_eq!(outcome.status, Status::Multiple);
            continue;
        }
        // The solved grid: the last N lines starting with `│`, cells between the bars.
        let text = read(&path.with_extension("solution"));
        let n = board.grid.len();
        let drawn: Vec<&str> = text.split(['\n', '\r']).filter(|l| l.starts_with('│')).collect();
        let solution: Vec<Vec<u32>> = drawn[drawn.len() - n..]
            .iter()
            .map(|l| l.trim().trim_matches('│').split('│').map(|t| t.trim().parse().unwrap_or(0)).collect())
            .collect();
        assert_eq!(outcome.status, Status::Unique, "{name}");
        assert!(white_cells_agree(&board, &outcome.solutions[0], &solution), "{name}: differs from its .solution");
    }
    assert_eq!(count, 11);
    timer.report("m-ringler", count);
}

/// osmith93 format: 9 colour lines (`x` black), a blank line, 9 digit lines (`.` none).
fn osmith_board(name: &str, text: &str) -> Board {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    Board {
        name: name.to_string(),
        grid: lines[9..18].iter().map(|l| l.chars().map(|c| c.to_digit(10).unwrap_or(0)).collect()).collect(),
        black: lines[..9].iter().map(|l| l.chars().map(|c| c == 'x').collect()).collect(),
    }
}

#[test]
fn osmith_boards_and_the_empty_grid() {
    let Some(dir) = corpus("str8ts", "osmith93-str8ts") else { return };
    let mut timer = Timer::new();
    for (file, expected) in [
        ("board01", None),
        ("board02", Some(Status::Multiple)),
        ("board03", Some(Status::Multiple)),
        ("board04_hard", None),
        ("board05_extreme", None),
        ("board06_extreme", None),
        ("empty", Some(Status::Multiple)),
    ] {
        let board = osmith_board(file, &std::fs::read_to_string(dir.join(format!("{file}.txt"))).unwrap());
        let outcome = timer.solve(&board);
        println!("{file}: {:?}", outcome.status);
        assert_eq!(outcome.status, expected.unwrap_or(Status::Unique), "{file}");
    }
    timer.report("osmith93", 7);
}

#[test]
fn buchmann_and_malkuh_puzzles() {
    let Some(dir) = corpus("str8ts", "MartinBuchmann-cl-str8ts") else { return };
    // 81 integers: 0 empty, 1-9 given, 10 black, -d black with clue d.
    let numbers =
        |name: &str| -> Vec<i32> { read(&dir.join(name)).split_whitespace().map(|t| t.parse().unwrap()).collect() };
    let mut timer = Timer::new();
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        if name.ends_with("solved") {
            continue;
        }
        let cells = numbers(&name);
        let board = Board {
            name: name.clone(),
            grid: cells
                .chunks(9)
                .map(|r| r.iter().map(|&v| if v == 10 { 0 } else { v.unsigned_abs() }).collect())
                .collect(),
            black: cells.chunks(9).map(|r| r.iter().map(|&v| v < 0 || v == 10).collect()).collect(),
        };
        let outcome = timer.solve(&board);
        count += 1;
        assert_eq!(outcome.status, Status::Unique, "{name}");
        if name == "2019-01-26-medium" {
            let solved: Vec<Vec<u32>> =
                numbers("2019-01-26-solved").chunks(9).map(|r| r.iter().map(|&v| v.unsigned_abs()).collect()).collect();
            assert!(white_cells_agree(&board, &outcome.solutions[0], &solved), "{name}: differs from the solved file");
        }
    }
    assert_eq!(count, 10);
    if let Some(dir) = corpus("str8ts", "malkuh-Str8ts") {
        // `.` empty, `#` black, digit given, `a`-`i` black with clue 1-9.
        let text = read(&dir.join("example.txt"));
        let lines: Vec<&str> = text.lines().take(9).collect();
        let board = Board {
            name: "malkuh example".into(),
            grid: lines
                .iter()
                .map(|l| {
                    l.chars()
                        .map(|c| {
                            c.to_digit(10)
                                .or_else(|| ('a'..='i').contains(&c).then(|| c as u32 - 'a' as u32 + 1))
                                .unwrap_or(0)
                        })
                        .collect()
                })
                .collect(),
            black: lines.iter().map(|l| l.chars().map(|c| c == '#' || c.is_ascii_lowercase()).collect()).collect(),
        };
        assert_eq!(timer.solve(&board).status, Status::Unique);
        count += 1;
    }
    timer.report("buchmann+malkuh", count);
}

// ---------------------------------------------------------------------------------------
// Small puzzles and random ones against a brute-force oracle

/// A puzzle in the character grid format (`.` empty, `#` black, `1`-`9` given, `a`-`i` black
/// clue 1-9).
fn chargrid(text: &str) -> Str8ts {
    match parse(text, Some(Format::CharGrid)).unwrap() {
        Puzzle::Str8ts(puzzle) => puzzle,
        other => panic!("{text}: read as a {}", other.genre()),
    }
}

/// Solves `p` and checks every answer with `Str8ts::check`.
fn solve_checked(p: &Str8ts, options: SolveOptions) -> Outcome {
    let outcome = solve(&Puzzle::Str8ts(p.clone()), &options).unwrap();
    for grid in &outcome.solutions {
        assert_eq!(p.check(grid), Ok(()), "{grid:?}");
    }
    outcome
}

fn run(p: &Str8ts, max_solutions: usize) -> Outcome {
    solve_checked(p, SolveOptions { max_solutions, ..Default::default() })
}

/// Independent oracle: every solution (up to `cap`) by plain backtracking over the rules, with
/// none of the solver's compartment or candidate logic.
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

#[test]
fn a_4x4_with_a_black_clue_is_unique() {
    let p = chargrid("...#\n.b..\n...3\n##..");
    let outcome = run(&p, 2);
    assert_eq!(outcome.status, Status::Unique);
    assert_eq!(outcome.solutions, brute_force(&p, 3));
    // The black clue 2 keeps 2 out of row 1 and column 1.
    let grid = &outcome.solutions[0];
    assert!(grid[1].iter().chain(grid.iter().map(|row| &row[1])).all(|&d| d != 2));
}

#[test]
fn a_two_solution_puzzle_is_multiple() {
    let p = chargrid("d1..\n....\n1.##\n....");
    let outcome = run(&p, 10);
    assert_eq!(outcome.status, Status::Multiple);
    assert_eq!(outcome.solutions.len(), 2);
    assert_ne!(outcome.solutions[0], outcome.solutions[1]);
    let mut expected = brute_force(&p, 10);
    let mut found = outcome.solutions.clone();
    expected.sort();
    found.sort();
    assert_eq!(found, expected);
}

#[test]
fn an_impossible_puzzle_is_none() {
    let p = chargrid("##..\n...2\n..2#\n....");
    assert!(brute_force(&p, 1).is_empty());
    let outcome = run(&p, 2);
    assert_eq!((outcome.status, outcome.solutions.len()), (Status::None, 0));
    // Givens that cannot form a straight: 1 and 4 in a compartment of three.
    let p = chargrid("1.4#\n....\n....\n....");
    assert_eq!(run(&p, 2).status, Status::None);
}

/// A random puzzle: black pattern (`density` percent), black clues and givens that do not
/// repeat a digit in a line (it may still have no solution).
fn random_puzzle(n: usize, density: usize, clues: usize, rng: &mut Rng) -> Str8ts {
    let black: Vec<Vec<bool>> = (0..n).map(|_| (0..n).map(|_| rng.below(100) < density).collect()).collect();
    let mut grid = vec![vec![0u32; n]; n];
    for _ in 0..clues {
        let (r, c, d) = (rng.below(n), rng.below(n), rng.below(n) as u32 + 1);
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
        let outcome = solve_checked(&Str8ts::new(grid.clone(), black.clone()).unwrap(), limits);
        match outcome.status {
            Status::Unique => break outcome.solutions[0].clone(),
            Status::Multiple => {
                let pick = &outcome.solutions[rng.below(2)];
                let other = &outcome.solutions[0];
                let differing: Vec<(usize, usize)> = (0..n * n)
                    .map(|i| (i / n, i % n))
                    .filter(|&(r, c)| outcome.solutions[1][r][c] != other[r][c])
                    .collect();
                let (r, c) = differing[rng.below(differing.len())];
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
            clues[r][c] = absent[rng.below(absent.len())];
        }
    }
    Some((black, clues, solution))
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// On small grids the solver's verdict and solutions agree with plain backtracking.
    #[test]
    fn small_puzzles_agree_with_brute_force(seed in proptest::prelude::any::<u32>(), n in 4usize..=5, density in 0usize..40, clues in 0usize..8) {
        let p = random_puzzle(n, density, clues, &mut Rng::new(u64::from(seed) + 1));
        let mut expected = brute_force(&p, 3);
        let outcome = run(&p, 3);
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
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]

    /// 6×6 grids with few digits, where the puzzle before any guess is open enough for window
    /// shaving to try many straights: the verdict agrees with plain backtracking, so no
    /// straight some solution uses was shaved off.
    #[test]
    fn open_6x6_puzzles_agree_with_brute_force(seed in proptest::prelude::any::<u32>(), density in 0usize..35, clues in 0usize..4) {
        let p = random_puzzle(6, density, clues, &mut Rng::new(u64::from(seed) + 1));
        let expected = brute_force(&p, 2);
        let outcome = run(&p, 2);
        let status = match expected.len() { 0 => Status::None, 1 => Status::Unique, _ => Status::Multiple };
        proptest::prop_assert_eq!(outcome.status, status);
        if status == Status::Unique {
            proptest::prop_assert_eq!(&outcome.solutions, &expected);
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Random solved grid → some of its digits as givens → every answer obeys the rules and
    /// the givens; a unique answer is the grid itself.
    #[test]
    fn answers_keep_the_givens_and_the_rules(seed in proptest::prelude::any::<u32>(), n in 4usize..=9, keep in 0usize..100) {
        let mut rng = Rng::new(u64::from(seed) + 1);
        let Some((black, clues, solution)) = random_solved(n, &mut rng) else { return Ok(()) };
        let grid: Vec<Vec<u32>> = (0..n)
            .map(|r| (0..n).map(|c| if black[r][c] { clues[r][c] } else if rng.below(100) < keep { u32::from(solution[r][c]) } else { 0 }).collect())
            .collect();
        let p = Str8ts::new(grid, black.clone()).unwrap();
        proptest::prop_assert_eq!(p.check(&solution), Ok(()));
        // A node limit keeps a rare heavy-tailed search on an open grid from stalling the suite.
        let outcome = solve_checked(&p, SolveOptions { node_limit: Some(20_000), ..Default::default() });
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
