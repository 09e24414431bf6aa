//! Soundness of explained logic on nonograms: every step `explain` takes on the corpus
//! puzzles with a known unique solution must agree with that solution (a value set is the
//! solution's, a value removed never is), and `hint` from random boards along the solution
//! path gives a sound step or names the planted mistake. The solution is the fast solver's
//! (which the corpus tests check against the recorded solutions), an oracle independent of
//! the techniques. Also prints the coverage per set (solved without trial / with trial /
//! stuck / out of time), the figures of bench/RESULTS.md.
//!
//! Corpus: `../shared/corpus/nonogram` (skipped with a note when absent).

use crate::common::{corpus, Rng};
use gridlogic::engine::explain::{Change, ExplainOptions, ExplainStatus, Step};
use gridlogic::explained::{explain, hint, Hint, PlayerBoard};
use gridlogic::format::{parse, parse_all, Format};
use gridlogic::{solve, Grid, Puzzle, SolveOptions, Status, SystemClock};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The `.non` files under `dir`, at any depth, sorted.
fn non_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(non_files(&path));
        } else if path.extension().is_some_and(|e| e == "non") {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// The unique solution by the fast solver, or `None` when the puzzle has another count.
fn unique_solution(puzzle: &Puzzle, limit_ms: f64) -> Option<Grid> {
    let options = SolveOptions { time_limit_ms: Some(limit_ms), ..SolveOptions::default() };
    let outcome = solve(puzzle, &options).unwrap();
    (outcome.status == Status::Unique).then(|| outcome.solutions[0].clone())
}

/// Panics unless `step` agrees with `solution`.
fn assert_sound(name: &str, step: &Step, solution: &Grid) {
    assert!(!step.changes.is_empty(), "{name}: a step without changes: {step:?}");
    for change in &step.changes {
        match *change {
            Change::Set { cell: (r, c), value } => {
                assert_eq!(value, solution[r][c], "{name}: wrong step {:?}: {}", step.technique, step.message)
            }
            Change::Remove { cell: (r, c), values } => assert!(
                !values.contains(u32::from(solution[r][c])),
                "{name}: step {:?} removes the solution's value: {}",
                step.technique,
                step.message
            ),
        }
    }
}

/// How an explanation of a set's puzzles ended.
#[derive(Default, Debug)]
struct Coverage {
    without_trial: usize,
    with_trial: usize,
    stuck: usize,
    unknown: usize,
    ms: Vec<f64>,
}

impl Coverage {
    fn report(&self, set: &str) {
        let total = self.without_trial + self.with_trial + self.stuck + self.unknown;
        let mut ms = self.ms.clone();
        ms.sort_by(f64::total_cmp);
        println!(
            "{set}: {total} puzzles, {} solved without trial, {} with trial, {} stuck, {} out of time; \
             explain median {:.1} ms, max {:.1} ms",
            self.without_trial,
            self.with_trial,
            self.stuck,
            self.unknown,
            ms.get(ms.len() / 2).copied().unwrap_or(0.0),
            ms.last().copied().unwrap_or(0.0)
        );
    }
}

/// Explain `puzzle` from its start within `limit_ms`, check every step against `solution`,
/// and count how it ended.
fn explain_soundly(name: &str, puzzle: &Puzzle, solution: &Grid, limit_ms: f64, coverage: &mut Coverage) {
    let options = ExplainOptions { time_limit_ms: Some(limit_ms), ..ExplainOptions::default() };
    let start = Instant::now();
    let explanation = explain(puzzle, None, &options, &SystemClock::default()).unwrap();
    coverage.ms.push(start.elapsed().as_secs_f64() * 1000.0);
    for step in &explanation.steps {
        assert_sound(name, step, solution);
    }
    match explanation.status {
        ExplainStatus::Solved => {
            assert_eq!(explanation.board.grid().as_ref(), Some(solution), "{name}: solved to another grid");
            if explanation.rating.needs_trial {
                coverage.with_trial += 1;
            } else {
                coverage.without_trial += 1;
            }
        }
        ExplainStatus::Stuck => coverage.stuck += 1,
        ExplainStatus::Unknown => coverage.unknown += 1,
        ExplainStatus::None => panic!("{name}: explain says contradictory, but the puzzle has a solution"),
    }
}

#[test]
fn mikix_puzzles_are_explained_soundly_without_trial() {
    let Some(dir) = corpus("nonogram", "mikix-nonogram-db/db") else { return };
    let mut coverage = Coverage::default();
    for path in non_files(&dir) {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let puzzle = parse(&std::fs::read_to_string(&path).unwrap(), Some(Format::Non)).unwrap();
        let solution = unique_solution(&puzzle, 10_000.0).unwrap_or_else(|| panic!("{name}: not unique"));
        explain_soundly(&name, &puzzle, &solution, 20_000.0, &mut coverage);
    }
    coverage.report("mikix");
    assert!(coverage.without_trial >= 38, "the mikix puzzles are line-solvable: {coverage:?}");
}

#[test]
fn unique_survey_puzzles_are_explained_soundly() {
    let Some(dir) = corpus("nonogram", "survey") else { return };
    // The unique ones of the README; the line-solvable ones must need no trial.
    let line_solvable = ["00001-dancer", "00006-cat", "00016-knot", "00021-skid", "00529-swing"];
    let needs_search = ["00023-edge", "00027-bucks", "00065-mum", "00436-petroglyph", "06574-forever"];
    let mut coverage = Coverage::default();
    for (id, line) in line_solvable.iter().map(|id| (id, true)).chain(needs_search.iter().map(|id| (id, false))) {
        let path = dir.join(format!("non/webpbn-{id}.non"));
        let puzzle = parse(&std::fs::read_to_string(&path).unwrap(), Some(Format::Non)).unwrap();
        let solution = unique_solution(&puzzle, 20_000.0).unwrap_or_else(|| panic!("{id}: not unique"));
        let before = coverage.without_trial;
        explain_soundly(id, &puzzle, &solution, 3_000.0, &mut coverage);
        if line {
            assert_eq!(coverage.without_trial, before + 1, "{id} is line-solvable: {coverage:?}");
        }
    }
    coverage.report("survey (unique)");
}

/// Rows of 0/1 numbers of a tournament solution file, per `$N` header.
fn read_solutions(text: &str) -> Vec<Grid> {
    let mut grids: Vec<Grid> = Vec::new();
    for line in text.lines().map(|l| l.trim_end_matches('\r')) {
        if line.starts_with('$') {
            grids.push(Vec::new());
        } else if !line.trim().is_empty() {
            grids.last_mut().unwrap().push(line.split('\t').map(|t| t.trim().parse().unwrap()).collect());
        }
    }
    grids
}

/// Every 10th TAAI 2011 puzzle (100 of 25×25), each step checked against the recorded
/// solution. A step must follow from the puzzle, so it holds in every solution the puzzle
/// has, the recorded one included: the check needs no uniqueness, which the fast solver
/// cannot settle in test time for a third of these (see bench/RESULTS.md), and so covers
/// every unique one among them and the others too. A puzzle explained to the end must end
/// on the recorded grid. They are hard (none is line-solvable): the named techniques run to
/// their end, trial for 150 ms each.
#[test]
fn every_tenth_taai_puzzle_is_explained_soundly() {
    let Some(dir) = corpus("nonogram", "tournament") else { return };
    let questions = std::fs::read_to_string(dir.join("taai2011-question.txt")).unwrap();
    let puzzles = parse_all(&questions, Some(Format::Tournament)).unwrap();
    let recorded = read_solutions(&std::fs::read_to_string(dir.join("taai2011-solution.txt")).unwrap());
    assert_eq!((puzzles.len(), recorded.len()), (1000, 1000));
    let (mut named, mut trials, mut solved_named) = (0, 0, 0);
    for (i, (puzzle, solution)) in puzzles.iter().zip(&recorded).enumerate().step_by(10) {
        let name = format!("${}", i + 1);
        // The named techniques to their end (deterministic), then trial within a time limit.
        let options = ExplainOptions { no_trial: true, ..ExplainOptions::default() };
        let explanation = explain(puzzle, None, &options, &SystemClock::default()).unwrap();
        for step in &explanation.steps {
            assert_sound(&name, step, solution);
        }
        named += explanation.steps.len();
        solved_named += usize::from(explanation.status == ExplainStatus::Solved);
        let options = ExplainOptions { time_limit_ms: Some(150.0), ..ExplainOptions::default() };
        let explanation = explain(puzzle, None, &options, &SystemClock::default()).unwrap();
        for step in &explanation.steps {
            assert_sound(&name, step, solution);
        }
        trials += explanation.steps.iter().filter(|step| step.technique == "trial").count();
        if explanation.status == ExplainStatus::Solved {
            assert_eq!(explanation.board.grid().as_ref(), Some(solution), "{name}: solved to another grid");
        }
    }
    println!("TAAI 2011 every 10th: {named} named steps ({solved_named} puzzles solved by them), {trials} trial steps (150 ms each), all sound");
    assert!(named > 1_000 && trials > 0, "too little was checked: {named} named steps, {trials} trial steps");
}

#[test]
fn hints_from_random_boards_along_the_solution_path_are_sound() {
    let Some(dir) = corpus("nonogram", "mikix-nonogram-db/db") else { return };
    let mut random = Rng::new(0x9e37_79b9_7f4a_7c15);
    let (mut steps, mut mistakes) = (0, 0);
    for path in non_files(&dir).iter().step_by(3) {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let puzzle = parse(&std::fs::read_to_string(path).unwrap(), Some(Format::Non)).unwrap();
        let solution = unique_solution(&puzzle, 10_000.0).unwrap();
        let path_steps = explain(&puzzle, None, &ExplainOptions::default(), &SystemClock::default()).unwrap().steps;
        for _ in 0..4 {
            // The board after a random number of the path's steps, plus some cells of the
            // solution a player entered on their own, and sometimes one wrong entry.
            let mut board: Vec<Vec<Option<u8>>> = vec![vec![None; solution[0].len()]; solution.len()];
            for step in &path_steps[..random.below(path_steps.len() + 1)] {
                for change in &step.changes {
                    if let Change::Set { cell: (r, c), value } = *change {
                        board[r][c] = Some(value);
                    }
                }
            }
            for _ in 0..random.below(20) {
                let (r, c) = (random.below(solution.len()), random.below(solution[0].len()));
                board[r][c] = Some(solution[r][c]);
            }
            let wrong = (random.below(3) == 0).then(|| {
                let (r, c) = (random.below(solution.len()), random.below(solution[0].len()));
                board[r][c] = Some(1 - solution[r][c]);
                (r, c)
            });
            let answer =
                hint(&puzzle, &PlayerBoard::Cells(board.clone()), &ExplainOptions::default(), &SystemClock::default())
                    .unwrap();
            match (answer, wrong) {
                (Hint::Mistake { cells, .. }, Some(cell)) => {
                    assert_eq!(cells, vec![cell], "{name}: the one wrong entry");
                    mistakes += 1;
                }
                (Hint::Step(step), None) => {
                    assert_sound(&name, &step, &solution);
                    for change in &step.changes {
                        let (r, c) = change.cell();
                        assert_eq!(board[r][c], None, "{name}: a step changes an open cell: {}", step.message);
                    }
                    steps += 1;
                }
                (Hint::Solved, None) => assert!(board.iter().flatten().all(Option::is_some)),
                (other, wrong) => panic!("{name}: hint {other:?} with planted mistake {wrong:?}"),
            }
        }
    }
    println!("hints: {steps} sound steps, {mistakes} mistakes named");
    assert!(steps > 0 && mistakes > 0);
}
