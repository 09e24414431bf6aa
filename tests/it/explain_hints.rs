//! Property: from random board states taken from the solution path, `hint` (the JS API's,
//! mistakes checked first) gives a sound step — for Kakuro and Str8ts (the nonogram one is
//! in `tests/explain.rs`).
//!
//! A board state is the explanation's board after a random number of its steps (trial
//! included), handed over as the player would: the decided digits, and half of the time the
//! other cells' candidates as pencil marks (else none, so that the hint derives them); plus
//! a few digits of the solution the player entered on their own; and a third of the time one
//! wrong digit in an open cell. The hint must name exactly that mistake when there is one,
//! and otherwise give a step that agrees with the fast solver's unique solution (a digit set
//! is the solution's, a digit removed never is) and changes only open cells.

use crate::common::{corpus, Rng};
use gridlogic::engine::explain::{Board, Change, ExplainOptions, ExplainStatus};
use gridlogic::explained::{explain, hint, player_board, Hint, PlayerBoard};
use gridlogic::format::{parse, parse_all, Format};
use gridlogic::{solve, Grid, Puzzle, SolveOptions, Status, SystemClock};

/// What the hints of a set said.
#[derive(Default, Debug)]
struct Hints {
    steps: usize,
    mistakes: usize,
    solved: usize,
}

/// Four hints per puzzle from random states of its solution path (see the module essay).
fn hints_along_the_path(name: &str, puzzle: &Puzzle, max_digit: u8, next: &mut impl FnMut(usize) -> usize) -> Hints {
    let outcome = solve(puzzle, &SolveOptions::default()).unwrap();
    assert_eq!(outcome.status, Status::Unique, "{name}");
    let solution: &Grid = &outcome.solutions[0];
    let (height, width) = (solution.len(), solution[0].len());
    let empty = PlayerBoard::Digits { values: vec![vec![0; width]; height], candidates: None };
    let fresh = player_board(puzzle, &empty).unwrap();
    let options = ExplainOptions { time_limit_ms: Some(5_000.0), ..ExplainOptions::default() };
    let path = explain(puzzle, None, &options, &SystemClock::default()).unwrap();
    assert_ne!(path.status, ExplainStatus::None, "{name}");
    let mut hints = Hints::default();
    for _ in 0..4 {
        let mut board: Board = fresh.clone();
        for step in &path.steps[..next(path.steps.len() + 1)] {
            for change in &step.changes {
                board.apply(change);
            }
        }
        let open: Vec<(usize, usize)> = (0..height)
            .flat_map(|r| (0..width).map(move |c| (r, c)))
            .filter(|&cell| fresh.in_play(cell) && fresh.value(cell).is_none())
            .collect();
        let mut values: Vec<Vec<u8>> = (0..height)
            .map(|r| {
                (0..width).map(|c| if board.in_play((r, c)) { board.value((r, c)).unwrap_or(0) } else { 0 }).collect()
            })
            .collect();
        for _ in 0..next(6) {
            let (r, c) = open[next(open.len())];
            values[r][c] = solution[r][c];
        }
        let wrong = (next(3) == 0).then(|| {
            let (r, c) = open[next(open.len())];
            values[r][c] = solution[r][c] % max_digit + 1;
            (r, c)
        });
        let candidates = (next(2) == 0).then(|| {
            (0..height)
                .map(|r| {
                    (0..width)
                        .map(|c| match board.in_play((r, c)) && values[r][c] == 0 {
                            true => board.candidates((r, c)).iter().map(|d| d as u8).collect(),
                            false => Vec::new(),
                        })
                        .collect()
                })
                .collect()
        });
        let given = PlayerBoard::Digits { values: values.clone(), candidates };
        let start = player_board(puzzle, &given).unwrap();
        match (hint(puzzle, &given, &ExplainOptions::default(), &SystemClock::default()).unwrap(), wrong) {
            (Hint::Mistake { cells, .. }, Some(cell)) => {
                assert_eq!(cells, vec![cell], "{name}: the one wrong entry");
                hints.mistakes += 1;
            }
            (Hint::Step(step), None) => {
                assert!(!step.changes.is_empty(), "{name}: a step without changes");
                for change in &step.changes {
                    let (r, c) = change.cell();
                    let sound = match *change {
                        Change::Set { value, .. } => value == solution[r][c],
                        Change::Remove { values, .. } => !values.contains(solution[r][c].into()),
                    };
                    assert!(sound, "{name}: wrong step {}: {}", step.technique, step.message);
                    assert!(start.value((r, c)).is_none(), "{name}: a step changes a decided cell: {}", step.message);
                }
                hints.steps += 1;
            }
            (Hint::Solved, None) => {
                assert_eq!(start.grid().as_ref(), Some(solution), "{name}");
                hints.solved += 1;
            }
            (other, wrong) => panic!("{name}: hint {other:?} with planted mistake {wrong:?}"),
        }
    }
    hints
}

/// The Janko puzzles of a puzzlekit dataset file.
fn janko(genre: &str, file: &str) -> Vec<(String, Puzzle)> {
    let Some(path) = corpus(genre, &format!("janko-via-puzzlekit-dataset/{file}")) else { return Vec::new() };
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let data = json["data"].as_object().unwrap();
    data.iter()
        .map(|(id, e)| (id.clone(), parse(e["problem"].as_str().unwrap(), Some(Format::Janko)).unwrap()))
        .collect()
}

fn check_set(what: &str, puzzles: &[(String, Puzzle)], max_digit: u8, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut next = |n| rng.below(n);
    let mut all = Hints::default();
    for (name, puzzle) in puzzles {
        if solve(puzzle, &SolveOptions::default()).unwrap().status != Status::Unique {
            continue;
        }
        let hints = hints_along_the_path(name, puzzle, max_digit, &mut next);
        all.steps += hints.steps;
        all.mistakes += hints.mistakes;
        all.solved += hints.solved;
    }
    println!("{what}: {} sound steps, {} mistakes named, {} solved boards", all.steps, all.mistakes, all.solved);
    if !puzzles.is_empty() {
        assert!(all.steps > 0 && all.mistakes > 0, "{what}: {all:?}");
    }
}

#[test]
fn kakuro_hints_from_the_solution_path_are_sound() {
    let puzzles: Vec<_> = janko("kakuro", "Kakuro_dataset.json").into_iter().step_by(10).collect();
    check_set("janko kakuro every 10th", &puzzles, 9, 0x2545_f491_4f6c_dd1d);
}

#[test]
fn str8ts_hints_from_the_solution_path_are_sound() {
    let janko_puzzles: Vec<_> = janko("str8ts", "Str8t_dataset.json").into_iter().step_by(10).collect();
    let size = |p: &Puzzle| match p {
        Puzzle::Str8ts(s) => s.size() as u8,
        other => panic!("not a str8ts: {}", other.genre()),
    };
    let (small, large): (Vec<_>, Vec<_>) = janko_puzzles.into_iter().partition(|(_, p)| size(p) == 6);
    check_set("janko str8ts 6x6 every 10th", &small, 6, 0x9e37_79b9_7f4a_7c15);
    check_set("janko str8ts 9x9 every 10th", &large, 9, 0x5851_f42d_4c95_7f2d);
    let Some(path) = corpus("str8ts", "jamesaustin-str8ts/str8ts.txt") else { return };
    let extremes = parse_all(&std::fs::read_to_string(path).unwrap(), Some(Format::JamesAustin)).unwrap();
    let extremes: Vec<_> =
        extremes.into_iter().enumerate().step_by(20).map(|(i, p)| (format!("#{}", i + 1), p)).collect();
    check_set("jamesaustin every 20th", &extremes, 9, 0x1405_7b7e_f767_814f);
}
