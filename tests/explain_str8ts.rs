//! Explained Str8ts logic over the corpus: every step of every explanation agrees with the
//! fast solver's unique solution; coverage without trial and ratings per set.
#![cfg(not(target_arch = "wasm32"))]

use gridlogic::engine::explain::{explain, Change, Explain, ExplainOptions, ExplainStatus, Explanation};
use gridlogic::format::{parse, parse_all, Format};
use gridlogic::str8ts::Str8ts;
use gridlogic::{solve, Grid, Puzzle, SolveOptions, Status, SystemClock};
use std::path::PathBuf;
use std::time::Instant;

fn corpus(sub: &str) -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let found = ["../shared", "../../shared"].iter().map(|up| root.join(up).join("corpus/str8ts").join(sub)).find(|p| p.exists());
    if found.is_none() {
        println!("note: the corpus folder str8ts/{sub} is absent, skipping");
    }
    found
}

fn str8ts(puzzle: Puzzle) -> Str8ts {
    match puzzle {
        Puzzle::Str8ts(p) => p,
        other => panic!("not a str8ts: {}", other.genre()),
    }
}

fn check_steps(name: &str, explanation: &Explanation, solution: &Grid) {
    for (i, step) in explanation.steps.iter().enumerate() {
        for change in &step.changes {
            let ok = match *change {
                Change::Set { cell: (r, c), value } => value == solution[r][c],
                Change::Remove { cell: (r, c), values } => !values.contains(solution[r][c].into()),
            };
            assert!(ok, "{name} step {i} {}: {}", step.technique, step.message);
        }
    }
}

/// Explains every puzzle with a unique solution, without trial; the coverage and ratings.
fn run_set(what: &str, puzzles: Vec<(String, Str8ts)>) -> (usize, usize, f64, f64) {
    let start = Instant::now();
    let (mut solved, mut total, mut score, mut level) = (0, 0, 0.0, 0.0);
    for (name, puzzle) in puzzles {
        let outcome = solve(&Puzzle::Str8ts(puzzle.clone()), &SolveOptions::default()).unwrap();
        if outcome.status != Status::Unique {
            continue;
        }
        total += 1;
        let options = ExplainOptions { no_trial: true, ..Default::default() };
        let explanation = explain(&puzzle, puzzle.board(), &options, &SystemClock::default());
        check_steps(&name, &explanation, &outcome.solutions[0]);
        score += explanation.rating.score;
        level += f64::from(explanation.rating.level);
        if explanation.status == ExplainStatus::Solved {
            solved += 1;
        }
    }
    let n = total.max(1) as f64;
    println!("{what}: {solved}/{total} without trial, mean level {:.2}, mean score {:.1}, {:.1} s", level / n, score / n, start.elapsed().as_secs_f64());
    (solved, total, level / n, score / n)
}

#[test]
fn janko() {
    let Some(path) = corpus("janko-via-puzzlekit-dataset/Str8t_dataset.json") else { return };
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let puzzles: Vec<(String, Str8ts)> = json["data"].as_object().unwrap().iter().map(|(id, e)| (id.clone(), str8ts(parse(e["problem"].as_str().unwrap(), Some(Format::Janko)).unwrap()))).collect();
    let (small, large): (Vec<_>, Vec<_>) = puzzles.into_iter().partition(|(_, p)| p.size() == 6);
    run_set("janko 6x6", small);
    run_set("janko 9x9", large);
}

#[test]
fn jamesaustin() {
    let Some(path) = corpus("jamesaustin-str8ts/str8ts.txt") else { return };
    let text = std::fs::read_to_string(path).unwrap();
    let puzzles = parse_all(&text, Some(Format::JamesAustin)).unwrap();
    let names: Vec<String> = text.lines().filter(|l| !l.starts_with('#') && l.contains(':')).map(|l| l.split(':').next().unwrap().to_string()).collect();
    run_set("jamesaustin", names.into_iter().zip(puzzles.into_iter().map(str8ts)).collect());
}

