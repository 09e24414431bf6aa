//! Explained Kakuro logic over the corpus: every step of every explanation agrees with the
//! fast solver's unique solution, and the share solved by named techniques alone.
#![cfg(not(target_arch = "wasm32"))]

use gridlogic::engine::explain::{explain, Change, ExplainOptions, ExplainStatus, Explain, Explanation};
use gridlogic::format::{parse, Format};
use gridlogic::{solve, Grid, Puzzle, SolveOptions, Status, SystemClock};
use std::path::PathBuf;
use std::time::Instant;

fn corpus(sub: &str) -> Option<PathBuf> {
    // The corpus sits beside the main checkout (../shared) or beside the worktrees' folder.
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let found = ["../shared", "../../shared"].iter().map(|up| root.join(up).join("corpus/kakuro").join(sub)).find(|p| p.exists());
    if found.is_none() {
        println!("note: the corpus folder kakuro/{sub} is absent, skipping");
    }
    found
}

/// Every step's changes agree with `solution`.
fn check_steps(name: &str, explanation: &Explanation, solution: &Grid) {
    for (i, step) in explanation.steps.iter().enumerate() {
        for change in &step.changes {
            match *change {
                Change::Set { cell: (r, c), value } => {
                    assert_eq!(value, solution[r][c], "{name} step {i} {}: {}", step.technique, step.message)
                }
                Change::Remove { cell: (r, c), values } => assert!(
                    !values.contains(solution[r][c].into()),
                    "{name} step {i} {}: {}",
                    step.technique,
                    step.message
                ),
            }
        }
    }
}

#[test]
fn janko_explanations_are_sound() {
    let Some(path) = corpus("janko-via-puzzlekit-dataset/Kakuro_dataset.json") else { return };
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let data = json["data"].as_object().unwrap();
    let start = Instant::now();
    let (mut solved, mut total) = (0, 0);
    let mut levels = [0usize; 5];
    for (id, entry) in data {
        let Puzzle::Kakuro(kakuro) = parse(entry["problem"].as_str().unwrap(), Some(Format::Janko)).unwrap() else {
            panic!("{id}: not a kakuro")
        };
        let outcome = solve(&Puzzle::Kakuro(kakuro.clone()), &SolveOptions::default()).unwrap();
        if outcome.status != Status::Unique {
            continue;
        }
        total += 1;
        let explanation = explain(&kakuro, kakuro.board(), &ExplainOptions { no_trial: true, ..Default::default() }, &SystemClock::default());
        check_steps(id, &explanation, &outcome.solutions[0]);
        if explanation.status == ExplainStatus::Solved {
            solved += 1;
            levels[explanation.rating.level as usize - 1] += 1;
        } else {
            println!("{id}: {:?} after {} steps", explanation.status, explanation.steps.len());
        }
    }
    println!("janko: {solved}/{total} solved without trial, levels {levels:?}, {:.1} s", start.elapsed().as_secs_f64());
}
