//! Nonogram integration tests: validation and checks that name the place, small puzzles with
//! known facts, property tests, the largest side and a large grid, and the corpus in
//! `../shared/corpus/nonogram` (skipped with a note when absent).
//!
//! Environment knobs for measuring (defaults fit CI):
//! `NONOGRAM_TAAI_STRIDE` (solve every Nth TAAI 2011 puzzle, default 10) and
//! `NONOGRAM_TAAI_LIMIT_MS` (time limit per puzzle, default 10000).

use crate::common::{assert_honest, corpus, files, read};
use gridlogic::nonogram::{Nonogram, MAX_SIDE};
use gridlogic::{solve, Grid, Outcome, Place, Puzzle, SolveOptions, Status};
use proptest::prelude::*;
use std::path::Path;
use std::time::Instant;

/// Time limit per puzzle of the survey and picross-solver files: all but the known monsters
/// (Forever, Knotty, Faase, 9-Dom) take milliseconds; those may end `unknown`.
const HARD_FILE_LIMIT_MS: f64 = 5_000.0;

fn run(puzzle: &Nonogram, time_limit_ms: Option<f64>) -> Outcome {
    let options = SolveOptions { time_limit_ms, ..SolveOptions::default() };
    solve(&Puzzle::Nonogram(puzzle.clone()), &options).unwrap()
}

fn env_number(name: &str, default: f64) -> f64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

// ---------------------------------------------------------------------------------------
// Small puzzles

#[test]
fn line_solvable_picture() {
    // A 5x5 house: roof, walls, door.
    let grid: Grid =
        vec![vec![0, 0, 1, 0, 0], vec![0, 1, 1, 1, 0], vec![1, 1, 1, 1, 1], vec![1, 0, 0, 0, 1], vec![1, 0, 1, 0, 1]];
    let puzzle = Nonogram::from_solution(&grid).unwrap();
    let outcome = run(&puzzle, None);
    assert_eq!(outcome.status, Status::Unique);
    assert_eq!(outcome.solutions, vec![grid]);
}

#[test]
fn two_solution_puzzle_returns_both() {
    // Rows `1 1` twice over four columns of `1`: 1010/0101 or 0101/1010.
    let puzzle = Nonogram::new(vec![vec![1, 1], vec![1, 1]], vec![vec![1], vec![1], vec![1], vec![1]]).unwrap();
    let outcome = run(&puzzle, None);
    assert_eq!(outcome.status, Status::Multiple);
    assert_honest("2x4", &outcome, |grid| puzzle.check(grid));
}

#[test]
fn exactly_two_solutions_are_counted() {
    // The bottom row is full, the third empty; only the top-left 2x2 is ambiguous (a
    // diagonal either way), so asking for up to 10 solutions finds exactly 2.
    let puzzle = Nonogram::new(vec![vec![1], vec![1], vec![], vec![3]], vec![vec![1, 1], vec![1, 1], vec![1]]).unwrap();
    let all = solve(&Puzzle::Nonogram(puzzle.clone()), &SolveOptions { max_solutions: 10, ..SolveOptions::default() })
        .unwrap();
    assert_eq!(all.status, Status::Multiple);
    assert_eq!(all.solutions.len(), 2);
    assert_honest("corner", &all, |grid| puzzle.check(grid));
}

#[test]
fn unsolvable_puzzle_is_none() {
    // Totals agree (2 = 2) and every line fits, but row 0 `1 1` over three cells must fill
    // columns 0 and 2, whose clues are empty.
    let puzzle = Nonogram::new(vec![vec![1, 1], vec![]], vec![vec![], vec![2], vec![]]).unwrap();
    let outcome = run(&puzzle, None);
    assert_eq!(outcome.status, Status::None);
    assert!(outcome.solutions.is_empty());
}

#[test]
fn validation_names_the_place() {
    let e = Nonogram::new(vec![vec![1]; 3], vec![vec![1, 1, 1], vec![], vec![]]).unwrap_err();
    assert_eq!(e.to_string(), "cols[0]: clues need 5 cells but the column has 3");
    let e = Nonogram::new(vec![vec![2, 0]], vec![vec![1], vec![1]]).unwrap_err();
    assert_eq!(e.to_string(), "rows[0][1]: a 0 clue is only allowed alone, for an empty line");
    let e = Nonogram::new(vec![], vec![vec![]]).unwrap_err();
    assert_eq!(e.place, Place::Field("rows".into()));
    let e = Nonogram::new(vec![vec![]], vec![vec![]; MAX_SIDE + 1]).unwrap_err();
    assert_eq!(e.place, Place::Field("cols".into()));
    let e = Nonogram::new(vec![vec![u32::MAX, u32::MAX]], vec![vec![]]).unwrap_err();
    assert_eq!(e.place, Place::Row(0, None));
}

#[test]
fn clues_come_from_a_solution_and_check_names_the_broken_line() {
    let grid = vec![vec![1, 1, 0], vec![0, 0, 1]];
    let puzzle = Nonogram::from_solution(&grid).unwrap();
    assert_eq!((puzzle.rows(), puzzle.cols()), (&[vec![2], vec![1]][..], &[vec![1], vec![1], vec![1]][..]));
    assert_eq!(puzzle.check(&grid), Ok(()));
    let e = puzzle.check(&[vec![0, 1, 1], vec![0, 0, 1]]).unwrap_err();
    assert_eq!(e.to_string(), "cols[0]: the column has runs [], its clue is [1]");
    let e = puzzle.check(&[vec![1, 0, 1], vec![0, 0, 1]]).unwrap_err();
    assert_eq!(e.to_string(), "rows[0]: the row has runs [1 1], its clue is [2]");
    assert_eq!(puzzle.check(&[vec![1, 1, 0], vec![2, 0, 1]]).unwrap_err().place, Place::Cell { row: 1, col: 0 });
    assert_eq!(puzzle.check(&[vec![1, 1, 0]]).unwrap_err().to_string(), "solution: is not 2×3");
    let e = Nonogram::from_solution(&[vec![1, 1], vec![0]]).unwrap_err();
    assert_eq!(e.to_string(), "grid[1]: has 1 cells but grid[0] has 2");
    assert_eq!(Nonogram::from_solution(&[vec![3]]).unwrap_err().place, Place::Cell { row: 0, col: 0 });
}

#[test]
fn zero_is_an_empty_line() {
    let puzzle = Nonogram::new(vec![vec![0], vec![1]], vec![vec![1], vec![0]]).unwrap();
    assert_eq!(puzzle.rows(), &[vec![], vec![1]]);
    assert_eq!((puzzle.width(), puzzle.height()), (2, 2));
    let outcome = run(&puzzle, None);
    assert_eq!(outcome.status, Status::Unique);
    assert_eq!(outcome.solutions, vec![vec![vec![0, 0], vec![1, 0]]]);
}

#[test]
fn the_plus_sign_is_unique_by_line_logic() {
    let puzzle = Nonogram::new(vec![vec![1], vec![3], vec![1]], vec![vec![1], vec![3], vec![1]]).unwrap();
    let outcome = run(&puzzle, None);
    assert_eq!(outcome.status, Status::Unique);
    assert_eq!(outcome.solutions[0], vec![vec![0, 1, 0], vec![1, 1, 1], vec![0, 1, 0]]);
    assert_eq!(outcome.stats.max_depth, 0);
}

#[test]
fn unequal_totals_have_no_solution() {
    let puzzle = Nonogram::new(vec![vec![1], vec![1]], vec![vec![2], vec![1]]).unwrap();
    let outcome = run(&puzzle, None);
    assert_eq!(outcome.status, Status::None);
    assert!(outcome.solutions.is_empty());
}

#[test]
fn tatham_4x4_is_unique() {
    // 4x4:2/1/2/1/1.1/2/1/1 — columns first: probing solves what single lines cannot.
    let puzzle =
        Nonogram::new(vec![vec![1, 1], vec![2], vec![1], vec![1]], vec![vec![2], vec![1], vec![2], vec![1]]).unwrap();
    let outcome = run(&puzzle, None);
    assert_eq!(outcome.status, Status::Unique);
    assert_eq!(puzzle.check(&outcome.solutions[0]), Ok(()));
}

#[test]
fn the_largest_side_is_accepted_and_solved() {
    // One row of 4096 cells: a full block minus one cell at each end, and columns to
    // match (the row goes through the multi-word line solver).
    let cols: Vec<Vec<u32>> =
        (0..MAX_SIDE).map(|c| if c == 0 || c == MAX_SIDE - 1 { vec![] } else { vec![1] }).collect();
    let outcome = run(&Nonogram::new(vec![vec![MAX_SIDE as u32 - 2]], cols).unwrap(), None);
    assert_eq!(outcome.status, Status::Unique);
    let row = &outcome.solutions[0][0];
    assert_eq!(row.len(), MAX_SIDE);
    assert_eq!(row.iter().filter(|&&c| c == 1).count(), MAX_SIDE - 2);
    assert_eq!((row[0], row[1], row[MAX_SIDE - 1]), (0, 1, 0));
}

#[test]
fn tatham_game_id_needs_more_than_lines() {
    let Some(dir) = corpus("nonogram", "tatham") else {
        return;
    };
    let text = read(&dir.join("pattern-game-ids.txt"));
    let id = text.lines().find(|l| !l.starts_with('#') && !l.trim().is_empty()).unwrap().trim();
    let (size, groups) = id.split_once(':').unwrap();
    let (w, _h) = size.split_once('x').unwrap();
    let w: usize = w.parse().unwrap();
    let groups: Vec<Vec<u32>> = groups
        .split('/')
        .map(|g| g.split('.').filter(|n| !n.is_empty()).map(|n| n.parse().unwrap()).collect())
        .collect();
    let (cols, rows) = groups.split_at(w);
    let puzzle = Nonogram::new(rows.to_vec(), cols.to_vec()).unwrap();
    let outcome = run(&puzzle, None);
    assert_honest("tatham", &outcome, |grid| puzzle.check(grid));
    assert_eq!(outcome.status, Status::Unique);
}

// ---------------------------------------------------------------------------------------
// Property tests

fn random_grid() -> impl Strategy<Value = Grid> {
    (1usize..=12, 1usize..=12)
        .prop_flat_map(|(w, h)| proptest::collection::vec(proptest::collection::vec(0u8..=1, w), h))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn answers_satisfy_the_clues_of_a_random_grid(grid in random_grid()) {
        let puzzle = Nonogram::from_solution(&grid).unwrap();
        let outcome = run(&puzzle, None);
        assert_honest("random", &outcome, |grid| puzzle.check(grid));
        // The grid itself is a solution, so the status is unique or multiple.
        prop_assert!(matches!(outcome.status, Status::Unique | Status::Multiple));
        if outcome.status == Status::Unique {
            prop_assert_eq!(&outcome.solutions[0], &grid);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn long_lines_find_every_solution(
        grid in (1usize..=3, 63usize..=130).prop_flat_map(|(h, w)| {
            proptest::collection::vec(proptest::collection::vec(0u8..=1, w), h)
        })
    ) {
        // Rows of 63 to 130 cells: the u128 memo, and past 126 the multi-word solver.
        let puzzle = Nonogram::from_solution(&grid).unwrap();
        let options = SolveOptions { max_solutions: 4, ..SolveOptions::default() };
        let outcome = solve(&Puzzle::Nonogram(puzzle.clone()), &options).unwrap();
        for found in &outcome.solutions {
            prop_assert_eq!(puzzle.check(found), Ok(()));
        }
        if outcome.solutions.len() < 4 {
            prop_assert!(outcome.solutions.contains(&grid), "the grid was lost");
        }
    }
}

// ---------------------------------------------------------------------------------------
// A large grid

#[test]
fn large_512_picture_is_solved_within_limits() {
    // A structured picture: concentric square rings crossed (XOR) by a large disk, so
    // lines hold up to ~150 clues; line logic alone settles it.
    let n = 512usize;
    let grid: Grid = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let ring = r.min(c).min(n - 1 - r).min(n - 1 - c);
                    let (dr, dc) = (r as i64 - 200, c as i64 - 300);
                    let disk = dr * dr + dc * dc < 150 * 150;
                    u8::from((ring % 7 < 3) ^ disk)
                })
                .collect()
        })
        .collect();
    let puzzle = Nonogram::from_solution(&grid).unwrap();
    let start = Instant::now();
    let outcome = run(&puzzle, Some(60_000.0));
    let elapsed = start.elapsed();
    println!("512x512: {:?} in {:?}, {:?}", outcome.status, elapsed, outcome.stats);
    assert_honest("512", &outcome, |grid| puzzle.check(grid));
    assert_eq!(outcome.status, Status::Unique, "not solved within the limit");
    assert_eq!(outcome.solutions[0], grid);
}

// ---------------------------------------------------------------------------------------
// Corpus readers, written here from the corpus README and not through gridlogic::format, so
// that the library's parsers are tested against a second reader of the same files.

/// TAAI/TCGA tournament file: `$N` then 50 TAB-separated clue lines, columns first.
fn read_tournament(text: &str) -> Vec<(String, Vec<Vec<u32>>)> {
    let mut puzzles: Vec<(String, Vec<Vec<u32>>)> = Vec::new();
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        if let Some(name) = line.strip_prefix('$') {
            puzzles.push((name.to_string(), Vec::new()));
        } else if let Some((_, lines)) = puzzles.last_mut() {
            if line.trim().is_empty() {
                continue;
            }
            lines.push(line.split('\t').filter(|t| !t.is_empty()).map(|t| t.trim().parse().unwrap()).collect());
        }
    }
    puzzles
}

/// Simpson `.non`: `width`, `height`, then `rows` / `columns` sections of comma-separated
/// clue lines (`0` or an empty line is an empty line); other keys are ignored.
fn read_non(text: &str) -> Nonogram {
    let mut width = 0;
    let mut height = 0;
    let mut rows = Vec::new();
    let mut cols = Vec::new();
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r'));
    while let Some(line) = lines.next() {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("width") => width = words.next().unwrap().parse().unwrap(),
            Some("height") => height = words.next().unwrap().parse().unwrap(),
            Some(section @ ("rows" | "columns")) => {
                let count = if section == "rows" { height } else { width };
                let target = if section == "rows" { &mut rows } else { &mut cols };
                for _ in 0..count {
                    let clue_line = lines.next().unwrap().trim();
                    target.push(
                        clue_line
                            .split(',')
                            .filter(|t| !t.trim().is_empty())
                            .map(|t| t.trim().parse().unwrap())
                            .collect(),
                    );
                }
            }
            _ => {}
        }
    }
    Nonogram::new(rows, cols).unwrap()
}

/// Wilk `.nin`: `W H`, then H row clue lines, then W column clue lines (space-separated).
fn read_nin(text: &str) -> Nonogram {
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r')).filter(|l| !l.trim().is_empty());
    let size: Vec<usize> = lines.next().unwrap().split_whitespace().map(|t| t.parse().unwrap()).collect();
    let mut clue_lines = lines.map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect::<Vec<u32>>());
    let rows = (&mut clue_lines).take(size[1]).collect();
    let cols = clue_lines.take(size[0]).collect();
    Nonogram::new(rows, cols).unwrap()
}

/// picross-solver native text: `GRID name`, `ROWS`, `COLUMNS`, lines `[ a b ]`.
fn read_picross(text: &str) -> Vec<(String, Nonogram)> {
    let mut puzzles = Vec::new();
    let mut name = String::new();
    let (mut rows, mut cols) = (Vec::new(), Vec::new());
    let mut in_rows = true;
    let mut flush = |name: &str, rows: &mut Vec<Vec<u32>>, cols: &mut Vec<Vec<u32>>| {
        if !rows.is_empty() {
            puzzles.push((name.to_string(), Nonogram::new(std::mem::take(rows), std::mem::take(cols)).unwrap()));
        }
    };
    for line in text.lines().map(|l| l.trim()) {
        if let Some(n) = line.strip_prefix("GRID") {
            flush(&name, &mut rows, &mut cols);
            name = n.trim().to_string();
        } else if line == "ROWS" {
            in_rows = true;
        } else if line == "COLUMNS" {
            in_rows = false;
        } else if line.starts_with('[') {
            let clues: Vec<u32> =
                line.trim_matches(|c| c == '[' || c == ']').split_whitespace().map(|t| t.parse().unwrap()).collect();
            if in_rows { &mut rows } else { &mut cols }.push(clues);
        }
    }
    flush(&name, &mut rows, &mut cols);
    puzzles
}

// ---------------------------------------------------------------------------------------
// Corpus tests

#[test]
fn taai_2011_tournament() {
    let Some(dir) = corpus("nonogram", "tournament") else {
        return;
    };
    let questions = read_tournament(&read(&dir.join("taai2011-question.txt")));
    let solutions = read_tournament(&read(&dir.join("taai2011-solution.txt")));
    assert_eq!(questions.len(), 1000);
    let stride = env_number("NONOGRAM_TAAI_STRIDE", 10.0) as usize;
    let limit_ms = env_number("NONOGRAM_TAAI_LIMIT_MS", 10_000.0);
    let (mut unique, mut multiple, mut unknown, mut tried) = (0, 0, 0, 0);
    let mut total_ms = 0.0f64;
    let mut slowest = (0.0f64, String::new());
    for ((name, clue_lines), (_, recorded)) in questions.iter().zip(&solutions).step_by(stride) {
        let (cols, rows) = clue_lines.split_at(25);
        let recorded: Grid = recorded.iter().map(|row| row.iter().map(|&c| c as u8).collect()).collect();
        let puzzle = Nonogram::new(rows.to_vec(), cols.to_vec()).unwrap();
        puzzle.check(&recorded).unwrap_or_else(|e| panic!("${name}: recorded solution disagrees with the clues: {e}"));
        let start = Instant::now();
        let outcome = run(&puzzle, Some(limit_ms));
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        total_ms += ms;
        if ms > slowest.0 {
            slowest = (ms, name.clone());
        }
        tried += 1;
        assert_honest(&format!("${name}"), &outcome, |grid| puzzle.check(grid));
        match outcome.status {
            Status::Unique => {
                assert_eq!(outcome.solutions[0], recorded, "${name}: unique but not the recorded grid");
                unique += 1;
            }
            Status::Multiple => multiple += 1,
            Status::None => panic!("${name}: none, but a solution is recorded"),
            Status::Unknown => {
                unknown += 1;
                println!("${name}: unknown after {ms:.0} ms ({} nodes)", outcome.stats.nodes);
            }
        }
    }
    println!(
        "TAAI 2011 (every {stride}th, limit {limit_ms} ms): {tried} tried, {unique} unique, {multiple} multiple, \
         {unknown} unknown; total {:.1} s, slowest ${} {:.0} ms",
        total_ms / 1000.0,
        slowest.1,
        slowest.0
    );
    assert!((unique + multiple) * 10 >= tried * 9, "fewer than 90% solved");
}

/// Solve every puzzle of a list of (name, puzzle, expected status or None = not known).
fn solve_all(puzzles: Vec<(String, Nonogram, Option<Status>)>, limit_ms: f64) {
    for (name, puzzle, expected) in puzzles {
        let start = Instant::now();
        let outcome = run(&puzzle, Some(limit_ms));
        println!(
            "{name}: {}x{} {:?} in {:.0} ms, {} nodes, depth {}",
            puzzle.width(),
            puzzle.height(),
            outcome.status,
            start.elapsed().as_secs_f64() * 1000.0,
            outcome.stats.nodes,
            outcome.stats.max_depth
        );
        assert_honest(&name, &outcome, |grid| puzzle.check(grid));
        assert_ne!(outcome.status, Status::None, "{name}: every corpus puzzle has a solution");
        if let Some(expected) = expected {
            assert!(
                outcome.status == expected || outcome.status == Status::Unknown,
                "{name}: {:?}, documented {expected:?}",
                outcome.status
            );
        }
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn survey_sample_set() {
    let Some(dir) = corpus("nonogram", "survey") else {
        return;
    };
    let mut puzzles = Vec::new();
    for path in files(&dir.join("non"), "non") {
        let puzzle = read_non(&read(&path));
        puzzles.push((file_name(&path), puzzle, Some(Status::Unique)));
    }
    for path in files(&dir.join("nin"), "nin") {
        let name = file_name(&path);
        let expected = if name == "knotty.nin" || name == "faase.nin" { Status::Multiple } else { Status::Unique };
        puzzles.push((name, read_nin(&read(&path)), Some(expected)));
    }
    solve_all(puzzles, HARD_FILE_LIMIT_MS);
}

#[test]
fn picross_solver_files() {
    let Some(dir) = corpus("nonogram", "picross-solver") else {
        return;
    };
    let mut puzzles = Vec::new();
    for path in files(&dir, "non") {
        let puzzle = read_non(&read(&path));
        puzzles.push((file_name(&path), puzzle, Some(Status::Unique)));
    }
    // validation.csv: File,Grid,Size,Valid,Difficulty,Solutions,...
    let validation = read(&dir.join("patterns/validation.csv"));
    let expected_count = |file: &str, grid: &str| -> Option<usize> {
        validation.lines().find_map(|l| {
            let fields: Vec<&str> = l.split(',').collect();
            (fields.len() > 5 && fields[0] == file && fields[1] == grid).then(|| fields[5].parse().ok()).flatten()
        })
    };
    for path in files(&dir.join("patterns"), "txt") {
        let file = file_name(&path);
        for (grid, puzzle) in read_picross(&read(&path)) {
            let expected =
                expected_count(&file, &grid).map(|count| if count == 1 { Status::Unique } else { Status::Multiple });
            puzzles.push((format!("{file}/{grid}"), puzzle, expected));
        }
    }
    solve_all(puzzles, HARD_FILE_LIMIT_MS);
}

#[test]
fn mikix_database_is_unique() {
    let Some(dir) = corpus("nonogram", "mikix-nonogram-db/db") else {
        return;
    };
    let puzzles = files(&dir, "non")
        .into_iter()
        .map(|path| (path.display().to_string(), read_non(&read(&path)), Some(Status::Unique)))
        .collect();
    solve_all(puzzles, 10_000.0);
}
