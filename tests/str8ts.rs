//! Str8ts corpus: every collected puzzle is solved, answers obey the rules, statuses are the
//! known ones. Reads `../shared/corpus/str8ts` in place and skips when it is absent.
// Native only: proptest and the corpus files are not available inside wasm.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::collections::BTreeMap;
use std::time::Instant;

use common::{assert_honest, corpus};
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
    let text = std::fs::read_to_string(dir.join("Str8t_dataset.json")).unwrap();
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
    let boards = jamesaustin_boards(&std::fs::read_to_string(dir.join("str8ts.txt")).unwrap());
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
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().map_or(true, |e| e != "txt") {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let board = ringler_board(&name, &std::fs::read_to_string(&path).unwrap());
        let outcome = timer.solve(&board);
        count += 1;
        if name == "non-unique-solution" {
            assert_eq!(outcome.status, Status::Multiple);
            continue;
        }
        // The solved grid: the last N lines starting with `│`, cells between the bars.
        let text = std::fs::read_to_string(path.with_extension("solution")).unwrap();
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
    let read = |name: &str| -> Vec<i32> {
        std::fs::read_to_string(dir.join(name)).unwrap().split_whitespace().map(|t| t.parse().unwrap()).collect()
    };
    let mut timer = Timer::new();
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        if name.ends_with("solved") {
            continue;
        }
        let cells = read(&name);
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
                read("2019-01-26-solved").chunks(9).map(|r| r.iter().map(|&v| v.unsigned_abs()).collect()).collect();
            assert!(white_cells_agree(&board, &outcome.solutions[0], &solved), "{name}: differs from the solved file");
        }
    }
    assert_eq!(count, 10);
    if let Some(dir) = corpus("str8ts", "malkuh-Str8ts") {
        // `.` empty, `#` black, digit given, `a`-`i` black with clue 1-9.
        let text = std::fs::read_to_string(dir.join("example.txt")).unwrap();
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
