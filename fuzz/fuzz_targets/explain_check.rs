//! The check of the `explain_small` target, in a module of its own so that a native test
//! (`tests/it/explain_color.rs`) runs it too: `explain` from the puzzle's start, trial included,
//! and `hint` from a board along its path. Every step must hold in every solution the brute
//! force of `tiny.rs` finds (a value set is each solution's, a value removed is none's): a
//! step is an implication of the puzzle. An explanation that ends `solved` must end on the
//! one solution (and the puzzle must have only that one); `none` only when the puzzle has no
//! solution.

use crate::tiny::Checker;
use gridlogic::engine::explain::{Change, ExplainOptions, ExplainStatus, Step};
use gridlogic::explained::{explain, hint, Hint, PlayerBoard};
use gridlogic::{Grid, Puzzle, SystemClock};

/// At most this many solutions are compared with (tiny puzzles with open cells have many).
const SOLUTIONS: usize = 64;

/// Panics unless `step` holds in every one of `solutions`.
pub fn assert_sound(puzzle: &Puzzle, step: &Step, solutions: &[Grid]) {
    assert!(!step.changes.is_empty(), "{puzzle:?}: a step without changes: {step:?}");
    for solution in solutions {
        for change in &step.changes {
            let sound = match *change {
                Change::Set { cell: (r, c), value } => value == solution[r][c],
                Change::Remove { cell: (r, c), values } => !values.contains(u32::from(solution[r][c])),
            };
            assert!(sound, "{puzzle:?}: step {} contradicts solution {solution:?}: {}", step.technique, step.message);
        }
    }
}

/// Explain the puzzle and take a hint from a board along the path (`cut` steps in), checking
/// every step against the brute force's solutions. Returns the number of steps checked.
pub fn check(puzzle: &Puzzle, checker: &dyn Checker, cut: u8) -> usize {
    let Some(solutions) = checker.solutions(SOLUTIONS) else { return 0 };
    let options = ExplainOptions { max_steps: Some(400), ..ExplainOptions::default() };
    let explanation = explain(puzzle, None, &options, &SystemClock::default()).expect("the puzzle's own board");
    for step in &explanation.steps {
        assert_sound(puzzle, step, &solutions);
    }
    match explanation.status {
        ExplainStatus::Solved => {
            let grid = explanation.board.grid();
            assert_eq!(checker.count(), Some(1), "{puzzle:?}: solved, but it has another count of solutions");
            assert_eq!(grid.as_ref(), Some(&solutions[0]), "{puzzle:?}: solved to another grid");
        }
        ExplainStatus::None => assert!(solutions.is_empty(), "{puzzle:?}: none, but it has a solution"),
        ExplainStatus::Stuck | ExplainStatus::Unknown => {}
    }
    // A hint from the board after some of the steps, as the player would enter it.
    let checked = explanation.steps.len();
    let Some(solution) = solutions.first() else { return checked };
    if solutions.len() != 1 {
        return checked;
    }
    let mut board = match puzzle {
        Puzzle::Nonogram(_) | Puzzle::ColorNonogram(_) => {
            PlayerBoard::Cells(solution.iter().map(|row| vec![None; row.len()]).collect())
        }
        _ => PlayerBoard::Digits { values: solution.iter().map(|row| vec![0; row.len()]).collect(), candidates: None },
    };
    let taken = usize::from(cut) % (explanation.steps.len() + 1);
    for change in explanation.steps[..taken].iter().flat_map(|step| &step.changes) {
        if let Change::Set { cell: (r, c), value } = *change {
            match &mut board {
                PlayerBoard::Cells(cells) => cells[r][c] = Some(value),
                PlayerBoard::Digits { values, .. } => values[r][c] = value,
            }
        }
    }
    match hint(puzzle, &board, &ExplainOptions::default(), &SystemClock::default()).expect("a board of the right shape")
    {
        Hint::Step(step) => {
            assert_sound(puzzle, &step, &solutions);
            checked + 1
        }
        Hint::Mistake { cells, .. } => panic!("{puzzle:?}: mistakes {cells:?} on a board of the solution's entries"),
        Hint::Solved | Hint::Stuck { .. } => checked,
    }
}
