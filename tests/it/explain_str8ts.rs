//! Explained Str8ts logic over the corpus: every step of every explanation agrees with the
//! fast solver's unique solution; coverage without trial and ratings per set.

use crate::common::corpus;
use gridlogic::engine::explain::{explain, Change, Explain, ExplainOptions, ExplainStatus, Explanation};
use gridlogic::format::{parse, parse_all, Format};
use gridlogic::str8ts::Str8ts;
use gridlogic::{solve, Grid, Puzzle, SolveOptions, Status, SystemClock};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Instant;

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

/// What explaining a set measured.
struct SetResult {
    solved: usize,
    total: usize,
    mean_level: f64,
    mean_score: f64,
    /// The techniques the steps used (their soundness was checked on those steps).
    used: BTreeSet<&'static str>,
}

/// Explains every puzzle with a unique solution, without trial (every step checked); with
/// trial too for every `trial_stride`-th puzzle left unsolved. Prints coverage and ratings.
fn run_set(what: &str, puzzles: Vec<(String, Str8ts)>, trial_stride: usize) -> SetResult {
    let start = Instant::now();
    let (mut solved, mut total, mut score, mut level, mut unsolved) = (0, 0, 0.0, 0.0, 0);
    let mut levels = [0usize; 5];
    let mut explain_ms = 0.0;
    let mut used = BTreeSet::new();
    for (name, puzzle) in puzzles {
        let outcome = solve(&Puzzle::Str8ts(puzzle.clone()), &SolveOptions::default()).unwrap();
        if outcome.status != Status::Unique {
            continue;
        }
        total += 1;
        let options = ExplainOptions { no_trial: true, ..Default::default() };
        let timer = Instant::now();
        let explanation = explain(&puzzle, puzzle.board(), &options, &SystemClock::default());
        explain_ms += timer.elapsed().as_secs_f64() * 1000.0;
        check_steps(&name, &explanation, &outcome.solutions[0]);
        used.extend(explanation.steps.iter().map(|s| s.technique));
        if explanation.status == ExplainStatus::Solved {
            solved += 1;
        } else {
            assert_eq!(explanation.status, ExplainStatus::Stuck, "{name}");
            unsolved += 1;
            if unsolved % trial_stride == 0 {
                let with_trial = explain(&puzzle, puzzle.board(), &ExplainOptions::default(), &SystemClock::default());
                check_steps(&name, &with_trial, &outcome.solutions[0]);
                assert_eq!(with_trial.status, ExplainStatus::Solved, "{name}");
            }
        }
        // Property: from a random board on the solution path (some cells filled in from the
        // solution), the next steps, trial included, are sound.
        let solution = &outcome.solutions[0];
        let values: Vec<Vec<u8>> = solution
            .iter()
            .enumerate()
            .map(|(r, row)| {
                row.iter().enumerate().map(|(c, &d)| if (r * 7 + c * 3 + total) % 4 == 0 { d } else { 0 }).collect()
            })
            .collect();
        let board = puzzle.player_board(&values, None).unwrap();
        let options = ExplainOptions { max_steps: Some(10), ..Default::default() };
        check_steps(&name, &explain(&puzzle, board, &options, &SystemClock::default()), solution);
        score += explanation.rating.score;
        level += f64::from(explanation.rating.level);
        levels[usize::from(explanation.rating.level) - 1] += 1;
    }
    let n = total.max(1) as f64;
    let (mean_level, mean_score) = (level / n, score / n);
    println!(
        "{what}: {solved}/{total} without trial, levels 1-5 {levels:?}, mean level {mean_level:.2}, mean score \
         {mean_score:.1}; explain {explain_ms:.0} ms, all {:.1} s",
        start.elapsed().as_secs_f64()
    );
    SetResult { solved, total, mean_level, mean_score, used }
}

fn files(sub: &str, format: Format) -> Vec<(String, Str8ts)> {
    let Some(dir) = corpus("str8ts", sub) else { return Vec::new() };
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            let name = path.file_name()?.to_string_lossy().into_owned();
            parse(&text, Some(format)).ok().map(|p| (name, str8ts(p)))
        })
        .collect()
}

#[test]
fn janko_is_explained_without_trial_and_6x6_rates_below_9x9() {
    let Some(path) = corpus("str8ts", "janko-via-puzzlekit-dataset/Str8t_dataset.json") else { return };
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let puzzles: Vec<(String, Str8ts)> = json["data"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(id, e)| (id.clone(), str8ts(parse(e["problem"].as_str().unwrap(), Some(Format::Janko)).unwrap())))
        .collect();
    let (small, large): (Vec<_>, Vec<_>) = puzzles.into_iter().partition(|(_, p)| p.size() == 6);
    let small = run_set("janko 6x6", small, 1);
    let large = run_set("janko 9x9", large, 1);
    assert_eq!((small.solved, small.total, large.solved, large.total), (99, 99, 461, 461));
    assert!(small.mean_score < large.mean_score && small.mean_level < large.mean_level);
}

#[test]
fn jamesaustin_extremes_rate_above_janko_and_trial_finishes_them() {
    let Some(path) = corpus("str8ts", "jamesaustin-str8ts/str8ts.txt") else { return };
    let text = std::fs::read_to_string(path).unwrap();
    let puzzles = parse_all(&text, Some(Format::JamesAustin)).unwrap();
    let names = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.contains(':'))
        .map(|l| l.split(':').next().unwrap().to_string());
    // Trial on every 10th puzzle the named techniques leave: ~30 of them, to keep the time down.
    let extremes = run_set("jamesaustin", names.zip(puzzles.into_iter().map(str8ts)).collect(), 10);
    assert!(extremes.solved * 100 >= extremes.total * 60, "coverage fell: {}/{}", extremes.solved, extremes.total);
    // Every named technique took steps here, so the check above covered each of them.
    let open = str8ts(parse("str8ts:..../..../..../....", Some(Format::Canonical)).unwrap());
    let registry: BTreeSet<&str> = open.techniques().iter().map(|t| t.id).collect();
    assert_eq!(registry.difference(&extremes.used).collect::<Vec<_>>(), Vec::<&&str>::new());
    // Janko's 9×9 mean level is 1.46 (see the test above): the extremes are far above.
    assert!(extremes.mean_level > 4.0);
}

#[test]
fn publishers_sets_are_ordered() {
    let buchmann = files("MartinBuchmann-cl-str8ts", Format::Buchmann);
    let osmith = files("osmith93-str8ts", Format::Osmith);
    let group = |puzzles: &[(String, Str8ts)], tag: &str| -> Vec<(String, Str8ts)> {
        puzzles.iter().filter(|(name, _)| name.contains(tag)).cloned().collect()
    };
    if !buchmann.is_empty() {
        let easy = run_set("buchmann easy", group(&buchmann, "easy"), 1);
        let medium = run_set("buchmann medium", group(&buchmann, "medium"), 1);
        let hard = run_set("buchmann hard", group(&buchmann, "hard"), 1);
        assert!(easy.mean_score < medium.mean_score && medium.mean_score < hard.mean_score);
    }
    if !osmith.is_empty() {
        let hard = run_set("osmith93 hard", group(&osmith, "hard"), 1);
        let extreme = run_set("osmith93 extreme", group(&osmith, "extreme"), 1);
        assert!(hard.mean_score < extreme.mean_score);
    }
    run_set("m-ringler", files("m-ringler-straights", Format::Ringler), 1);
}
