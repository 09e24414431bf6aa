//! Sudoku and Killer Sudoku against an independent oracle: Google OR-Tools CP-SAT
//! (`../shared/peers/cpsat.py`, a plain model of rows, columns, boxes and cages written
//! apart from this crate), on generated classic puzzles of every size and on Killers with and
//! without givens, with `none` and `multiple` cases among them. The test skips itself with a
//! line on the terminal when python3 cannot import ortools (`pip install ortools`). And the
//! explained steps on those puzzles and generated ones, against the solver's solutions.

use crate::common::assert_honest;
use gridlogic::engine::explain::{explain, Change, Explain, ExplainOptions, ExplainStatus};
use gridlogic::sudoku::{Cage, Sudoku};
use gridlogic::{generate, solve, GenerateOptions, NoProgress, Puzzle, SolveOptions, Status, SystemClock};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The CP-SAT model's verdicts (`"unique"`, …) for `puzzles`, in order; `None` when ortools
/// is absent (said on the terminal, past the test harness's capture).
fn cpsat(puzzles: &[Sudoku]) -> Option<Vec<String>> {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/peers/cpsat.py");
    let probe = Command::new("python3").args(["-c", "import ortools"]).output();
    if !script.exists() || !probe.is_ok_and(|o| o.status.success()) {
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED (CP-SAT oracle): python3 cannot import ortools, or {} is absent",
            script.display()
        );
        return None;
    }
    let mut child = Command::new("python3")
        .arg(&script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut input = String::new();
    for (i, p) in puzzles.iter().enumerate() {
        let shape = serde_json::to_value(Puzzle::Sudoku(p.clone())).expect("a Sudoku as JSON");
        input += &serde_json::json!({ "id": i, "puzzle": shape }).to_string();
        input.push('\n');
    }
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("the puzzles written");
    let output = child.wait_with_output().expect("CP-SAT's answers");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    Some(
        text.lines()
            .map(|line| {
                serde_json::from_str::<serde_json::Value>(line).expect("a JSON line")["status"]
                    .as_str()
                    .unwrap_or("")
                    .to_string()
            })
            .collect(),
    )
}

fn status_name(status: Status) -> &'static str {
    status.as_str()
}

/// The puzzles of the oracle test: generated classics of every size, Killers cut from their
/// solutions (cages of two or three cells along the rows), with and without givens, and
/// puzzles made to have no solution or several.
fn cases() -> Vec<Sudoku> {
    let mut cases = Vec::new();
    for (size, level) in
        [(4, "easy"), (6, "medium"), (8, "easy"), (9, "easy"), (9, "hard"), (9, "extreme"), (12, "easy"), (16, "easy")]
    {
        let options = GenerateOptions {
            genre: "sudoku".into(),
            size: Some(size as f64),
            difficulty: level.into(),
            seed: 7.0,
            ..GenerateOptions::default()
        };
        let Ok(generated) = generate(&options, &SystemClock::default(), &mut NoProgress) else { continue };
        let Puzzle::Sudoku(puzzle) = generated.puzzle else { panic!("a Sudoku") };
        // The same solution as a Killer: cages along the rows, without givens and with a few.
        let solution = generated.solution;
        let n = size;
        if n <= 9 {
            let mut cages = Vec::new();
            for r in 0..n {
                let mut c = 0;
                while c < n {
                    let len = if (r + c) % 3 == 0 && c + 3 <= n { 3 } else { (n - c).min(2) };
                    let cells: Vec<(usize, usize)> = (c..c + len).map(|cc| (r, cc)).collect();
                    let sum = cells.iter().map(|&(rr, cc)| u32::from(solution[rr][cc])).sum();
                    cages.push(Cage { sum, cells });
                    c += len;
                }
            }
            let empty = vec![vec![0; n]; n];
            let shape = Some(puzzle.box_shape());
            cases.push(Sudoku::new(empty.clone(), shape, cages.clone()).unwrap());
            let mut some = empty.clone();
            some[0][0] = u32::from(solution[0][0]);
            some[n - 1][n - 1] = u32::from(solution[n - 1][n - 1]);
            cases.push(Sudoku::new(some, shape, cages.clone()).unwrap());
            // A sum one more than the solution's: no solution, or another one.
            let mut off = cages.clone();
            off[0].sum += 1;
            off[1].sum -= 1;
            cases.push(Sudoku::new(empty, shape, off).unwrap());
        }
        // Fewer givens: several solutions (or still one).
        let mut fewer = puzzle.grid();
        for row in fewer.iter_mut().take(n / 2) {
            row.iter_mut().for_each(|d| *d = 0);
        }
        cases.push(Sudoku::new(fewer, Some(puzzle.box_shape()), Vec::new()).unwrap());
        cases.push(puzzle);
    }
    cases
}

#[test]
fn verdicts_agree_with_cp_sat() {
    let cases = cases();
    assert!(cases.len() >= 24, "only {} cases", cases.len());
    let mut seen = std::collections::BTreeMap::new();
    let ours: Vec<&'static str> = cases
        .iter()
        .map(|p| {
            let outcome = solve(&Puzzle::Sudoku(p.clone()), &SolveOptions::default()).unwrap();
            assert_honest("sudoku", &outcome, |grid| p.check(grid));
            *seen.entry(status_name(outcome.status)).or_insert(0) += 1;
            status_name(outcome.status)
        })
        .collect();
    for status in ["unique", "multiple", "none"] {
        assert!(seen.contains_key(status), "no {status} case among {seen:?}");
    }
    let Some(theirs) = cpsat(&cases) else { return };
    assert_eq!(theirs.len(), cases.len());
    for (i, (ours, theirs)) in ours.iter().zip(&theirs).enumerate() {
        assert_eq!(
            ours,
            theirs,
            "case {i}: {:?}",
            gridlogic::format::write(&Puzzle::Sudoku(cases[i].clone()), gridlogic::format::Format::Canonical)
        );
    }
}

/// Every step of every explanation (trial included) keeps every solution the solver finds:
/// on generated classics of several sizes at every level, and on the Killers, `multiple` and
/// `none` cases of the oracle test (whose verdicts CP-SAT confirms above).
#[test]
fn every_explained_step_is_sound() {
    let mut puzzles = cases();
    for (size, level) in
        [(4, "easy"), (6, "hard"), (9, "easy"), (9, "medium"), (9, "hard"), (9, "expert"), (9, "extreme")]
    {
        for seed in 1..=3 {
            let options = GenerateOptions {
                genre: "sudoku".into(),
                size: Some(size as f64),
                difficulty: level.into(),
                seed: seed as f64,
                ..GenerateOptions::default()
            };
            let Ok(generated) = generate(&options, &SystemClock::default(), &mut NoProgress) else { continue };
            let Puzzle::Sudoku(puzzle) = generated.puzzle else { panic!("a Sudoku") };
            puzzles.push(puzzle);
        }
    }
    let mut used = std::collections::BTreeSet::new();
    for puzzle in &puzzles {
        let outcome = solve(&Puzzle::Sudoku(puzzle.clone()), &SolveOptions::default()).unwrap();
        let options = ExplainOptions { max_steps: Some(1_000), ..ExplainOptions::default() };
        let explanation = explain(puzzle, puzzle.board(), &options, &SystemClock::default());
        if outcome.status == Status::None {
            assert_ne!(explanation.status, ExplainStatus::Solved);
        }
        for step in &explanation.steps {
            used.insert(step.technique);
            for solution in &outcome.solutions {
                for change in &step.changes {
                    let (r, c) = change.cell();
                    let kept = match *change {
                        Change::Set { value, .. } => value == solution[r][c],
                        Change::Remove { values, .. } => !values.contains(solution[r][c].into()),
                    };
                    assert!(kept, "{}: {} loses a solution's digit", step.technique, step.message);
                }
            }
        }
    }
    for technique in ["naked-single", "hidden-single", "locked-candidates", "cage-combination", "trial"] {
        assert!(used.contains(technique), "{technique} never used: {used:?}");
    }
}
