//! Soundness of explained logic on colour nonograms (never a wrong hint):
//!
//! * the `explain_small` fuzz target's check (`fuzz/fuzz_targets/explain_check.rs`) on many
//!   random tiny puzzles of every genre and on random tiny colour nonograms: every step of
//!   `explain`, and of a `hint` along its path, holds in every solution found by the brute
//!   force of `fuzz/fuzz_targets/tiny.rs` (which shares no code with the solver);
//! * hints from random partial boards of unique tiny colour puzzles, with a planted wrong
//!   colour named as the mistake, and on puzzles with several solutions an entry no solution
//!   has named;
//! * random 8×8 to 12×12 colour pictures with one solution (by the solver): every step,
//!   trial included, agrees with it;
//! * the corpus colour files (`../shared/corpus/nonogram`, skipped with a note when absent):
//!   every step agrees with the solver's unique solution, and the share explained without
//!   trial is printed.

use crate::common::color_files::COLOR_FILES;
use crate::common::{corpus, Rng};
use crate::explain_check;
use crate::tiny::{tiny_color_nonogram, tiny_puzzle, Bytes};
use gridlogic::engine::explain::{Change, ExplainOptions, ExplainStatus};
use gridlogic::explained::{explain, hint, Hint, PlayerBoard};
use gridlogic::nonogram::ColorNonogram;
use gridlogic::{format, solve, Grid, Puzzle, SolveOptions, Status, SystemClock};
use std::time::Instant;

#[test]
fn the_explain_small_check_holds_on_random_tiny_puzzles_of_every_genre() {
    let mut rng = Rng::new(0x5eed_c0102);
    let (mut puzzles, mut steps) = (0, 0);
    for _ in 0..600 {
        let data = rng.bytes(80);
        let mut bytes = Bytes(&data);
        if let Some((puzzle, checker)) = tiny_puzzle(&mut bytes) {
            puzzles += 1;
            steps += explain_check::check(&puzzle, &*checker, bytes.next());
        }
    }
    println!("{puzzles} tiny puzzles, {steps} steps checked against brute force");
    assert!(steps > 500, "only {steps} steps checked");
}

#[test]
fn every_step_on_random_tiny_colour_puzzles_holds_in_every_solution() {
    let mut rng = Rng::new(0x00c0_10e5);
    let (mut puzzles, mut steps, mut solved) = (0, 0, 0);
    let start = Instant::now();
    for _ in 0..1500 {
        let data = rng.bytes(40);
        let mut bytes = Bytes(&data);
        let Some((puzzle, checker)) = tiny_color_nonogram(&mut bytes) else { continue };
        puzzles += 1;
        steps += explain_check::check(&puzzle, &*checker, bytes.next());
        if checker.count() == Some(1) {
            let options = ExplainOptions::default();
            let explanation = explain(&puzzle, None, &options, &SystemClock::default()).unwrap();
            // A unique tiny puzzle is always solved: by named techniques or by trial.
            assert_eq!(explanation.status, ExplainStatus::Solved, "{puzzle:?}");
            solved += 1;
        }
    }
    println!(
        "{puzzles} tiny colour puzzles ({solved} unique, all solved), {steps} steps checked in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    assert!(solved > 100 && steps > 3000, "{solved} unique, {steps} steps");
}

/// A board of `solution` with each cell shown with probability `shown` in 8, else unknown.
fn partial_board(rng: &mut Rng, solution: &Grid, shown: usize) -> Vec<Vec<Option<u8>>> {
    solution.iter().map(|row| row.iter().map(|&v| (rng.below(8) < shown).then_some(v)).collect()).collect()
}

#[test]
fn hints_from_partial_colour_boards_are_sound_and_name_planted_mistakes() {
    let mut rng = Rng::new(0xb0a4d);
    let (mut sound, mut mistakes, mut multiple) = (0, 0, 0);
    let clock = SystemClock::default();
    for _ in 0..800 {
        let data = rng.bytes(40);
        let Some((puzzle, checker)) = tiny_color_nonogram(&mut Bytes(&data)) else { continue };
        let Some(solutions) = checker.solutions(64) else { continue };
        let Puzzle::ColorNonogram(colour) = &puzzle else { unreachable!() };
        let colours = colour.colors().len() as u8;
        let solution = &solutions[0];
        let shown = 1 + rng.below(6);
        let mut cells = partial_board(&mut rng, solution, shown);
        if solutions.len() == 1 {
            match hint(&puzzle, &PlayerBoard::Cells(cells.clone()), &ExplainOptions::default(), &clock).unwrap() {
                Hint::Step(step) => {
                    explain_check::assert_sound(&puzzle, &step, &solutions);
                    sound += 1;
                }
                Hint::Solved => assert!(cells.iter().flatten().all(Option::is_some)),
                other => panic!("{puzzle:?}: {other:?} on a board of the solution's entries"),
            }
            // Plant one wrong colour: it alone is the mistake.
            let (r, c) = (rng.below(solution.len()), rng.below(solution[0].len()));
            let wrong = (solution[r][c] + 1 + rng.below(usize::from(colours)) as u8) % (colours + 1);
            cells[r][c] = Some(wrong);
            let found = hint(&puzzle, &PlayerBoard::Cells(cells), &ExplainOptions::default(), &clock).unwrap();
            let Hint::Mistake { cells: wrong_cells, message } = found else { panic!("{puzzle:?}: {found:?}") };
            assert_eq!(wrong_cells, vec![(r, c)]);
            assert_eq!(message, format!("r{}c{} is not right", r + 1, c + 1));
            mistakes += 1;
        } else {
            // Several solutions: an entry none of them has is a mistake, entries of one are not.
            let Some(((r, c), value)) = (0..solution.len())
                .flat_map(|r| (0..solution[0].len()).map(move |c| (r, c)))
                .flat_map(|cell| (0..=colours).map(move |v| (cell, v)))
                .find(|&((r, c), v)| solutions.iter().all(|s| s[r][c] != v))
            else {
                continue;
            };
            let mut board: Vec<Vec<Option<u8>>> = solution.iter().map(|row| vec![None; row.len()]).collect();
            board[r][c] = Some(value);
            let found = hint(&puzzle, &PlayerBoard::Cells(board), &ExplainOptions::default(), &clock).unwrap();
            let Hint::Mistake { cells: wrong_cells, .. } = found else { panic!("{puzzle:?}: {found:?}") };
            assert_eq!(wrong_cells, vec![(r, c)]);
            multiple += 1;
        }
    }
    println!("{sound} sound hints, {mistakes} planted mistakes named, {multiple} on puzzles with several solutions");
    assert!(sound > 100 && mistakes > 100 && multiple > 20, "{sound} {mistakes} {multiple}");
}

#[test]
fn every_step_on_random_unique_colour_pictures_agrees_with_the_solution() {
    let mut rng = Rng::new(0x7e57_0c01);
    let palette = ["#d03030", "#3050d0", "#208040", "#e0b000"];
    let clock = SystemClock::default();
    let (mut puzzles, mut steps, mut trials, mut solved) = (0, 0, 0, 0);
    let start = Instant::now();
    while puzzles < 40 {
        let (size, colours) = (8 + rng.below(5), 2 + rng.below(3));
        // About half the cells coloured, in runs, so that the clues say something.
        let mut previous = 0;
        let picture: Grid = (0..size)
            .map(|_| {
                (0..size)
                    .map(|_| {
                        previous = match rng.below(4) {
                            0 => previous,
                            1 => 0,
                            _ => 1 + rng.below(colours) as u8,
                        };
                        previous
                    })
                    .collect()
            })
            .collect();
        let names = palette[..colours].iter().map(|c| c.to_string()).collect();
        let puzzle = Puzzle::ColorNonogram(ColorNonogram::from_solution(names, None, &picture).unwrap());
        let outcome = solve(&puzzle, &SolveOptions { max_solutions: 2, ..Default::default() }).unwrap();
        if outcome.status != Status::Unique {
            continue;
        }
        puzzles += 1;
        let solution = &outcome.solutions[0];
        let options = ExplainOptions { time_limit_ms: Some(20_000.0), ..Default::default() };
        let explanation = explain(&puzzle, None, &options, &clock).unwrap();
        for step in &explanation.steps {
            for change in &step.changes {
                let (r, c) = change.cell();
                let sound = match *change {
                    Change::Set { value, .. } => value == solution[r][c],
                    Change::Remove { values, .. } => !values.contains(u32::from(solution[r][c])),
                };
                assert!(
                    sound,
                    "{puzzle:?}: step {} is wrong at r{}c{}: {}",
                    step.technique,
                    r + 1,
                    c + 1,
                    step.message
                );
            }
        }
        steps += explanation.steps.len();
        trials += explanation.steps.iter().filter(|s| s.technique == "trial").count();
        if explanation.status == ExplainStatus::Solved {
            solved += 1;
            assert_eq!(explanation.board.grid().as_ref(), Some(solution));
        }
    }
    println!(
        "{puzzles} unique random colour pictures, {solved} solved, {steps} steps checked ({trials} trial) in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    assert!(solved >= 30, "{solved} of {puzzles} solved");
}

#[test]
fn corpus_colour_files_are_explained_soundly() {
    let Some(dir) = corpus("nonogram", "") else { return };
    let clock = SystemClock::default();
    let mut without_trial = 0;
    for file in COLOR_FILES {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let puzzle = format::parse(&text, None).unwrap();
        let solved = solve(&puzzle, &SolveOptions { max_solutions: 2, ..Default::default() }).unwrap();
        assert_eq!(solved.status, Status::Unique, "{file}");
        let solution = &solved.solutions[0];
        let start = Instant::now();
        let no_trial = ExplainOptions { no_trial: true, time_limit_ms: Some(60_000.0), ..Default::default() };
        let named = explain(&puzzle, None, &no_trial, &clock).unwrap();
        let named_ms = start.elapsed().as_secs_f64() * 1000.0;
        let mut checked = 0;
        for step in &named.steps {
            for change in &step.changes {
                let (r, c) = change.cell();
                let sound = match *change {
                    Change::Set { value, .. } => value == solution[r][c],
                    Change::Remove { values, .. } => !values.contains(u32::from(solution[r][c])),
                };
                assert!(sound, "{file}: step {} is wrong at r{}c{}: {}", step.technique, r + 1, c + 1, step.message);
            }
            checked += 1;
        }
        if named.status == ExplainStatus::Solved {
            without_trial += 1;
            assert_eq!(named.board.grid().as_ref(), Some(solution), "{file}");
        } else {
            assert_eq!(named.status, ExplainStatus::Stuck, "{file}");
        }
        println!(
            "{file}: {:?} without trial, {checked} steps checked, level {} ({}), {named_ms:.0} ms",
            named.status, named.rating.level, named.rating.label
        );
    }
    println!("{without_trial} of {} corpus colour files explained without trial", COLOR_FILES.len());
}
