//! Explained Kakuro logic over the corpus: every step of every explanation agrees with the
//! fast solver's unique solution, and the share solved by named techniques alone.

use crate::common::{corpus, Rng};
use gridlogic::engine::explain::{explain, Change, Explain, ExplainOptions, ExplainStatus, Explanation};
use gridlogic::format::{parse, Format};
use gridlogic::{solve, Grid, Puzzle, SolveOptions, Status, SystemClock};
use std::time::Instant;

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
fn janko_explanations_are_sound_and_mostly_need_no_trial() {
    let Some(path) = corpus("kakuro", "janko-via-puzzlekit-dataset/Kakuro_dataset.json") else { return };
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let data = json["data"].as_object().unwrap();
    let start = Instant::now();
    let (mut solved, mut total, mut explain_ms) = (0, 0, 0.0);
    let mut levels = [0usize; 5];
    let mut rng = Rng::new(0x2545_f491);
    for (index, (id, entry)) in data.iter().enumerate() {
        let Puzzle::Kakuro(kakuro) = parse(entry["problem"].as_str().unwrap(), Some(Format::Janko)).unwrap() else {
            panic!("{id}: not a kakuro")
        };
        let outcome = solve(&Puzzle::Kakuro(kakuro.clone()), &SolveOptions::default()).unwrap();
        if outcome.status != Status::Unique {
            continue; // 257_24x28 has two solutions: a step is checked against the one solution
        }
        let solution = &outcome.solutions[0];
        total += 1;
        let options = ExplainOptions { no_trial: true, ..Default::default() };
        let timer = Instant::now();
        let explanation = explain(&kakuro, kakuro.board(), &options, &SystemClock::default());
        explain_ms += timer.elapsed().as_secs_f64() * 1000.0;
        check_steps(id, &explanation, solution);
        levels[usize::from(explanation.rating.level) - 1] += 1;
        if explanation.status == ExplainStatus::Solved {
            solved += 1;
        } else {
            assert_eq!(explanation.status, ExplainStatus::Stuck, "{id}");
            // Trial finishes the small ones (its inner runs grow with the grid).
            if kakuro.width() * kakuro.height() <= 150 {
                let with_trial = explain(&kakuro, kakuro.board(), &ExplainOptions::default(), &SystemClock::default());
                check_steps(id, &with_trial, solution);
                assert_eq!(with_trial.status, ExplainStatus::Solved, "{id}");
            }
        }
        // Property: from a random board on the solution path (some cells filled in from the
        // solution), the next steps, trial included, are sound. Every 10th puzzle.
        if index % 10 == 0 {
            let values: Vec<Vec<u8>> = solution
                .iter()
                .map(|row| row.iter().map(|&d| if rng.below(3) == 0 { d } else { 0 }).collect())
                .collect();
            let board = kakuro.player_board(&values, None).unwrap();
            let options = ExplainOptions { max_steps: Some(20), ..Default::default() };
            check_steps(id, &explain(&kakuro, board, &options, &SystemClock::default()), solution);
        }
    }
    println!(
        "janko kakuro: {solved}/{total} without trial, levels 1-5 {levels:?}, explain {explain_ms:.0} ms, all {:.1} s",
        start.elapsed().as_secs_f64()
    );
    assert!(solved * 100 >= total * 95, "{solved}/{total}");
}
