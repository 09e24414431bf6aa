//! Explained logic for a puzzle of any genre: [`explain`], [`hint`] and [`rate`] on a
//! [`Puzzle`], with the player's board read per genre.
//!
//! The steps come from the engine's loop ([`crate::engine::explain`]) over each genre's
//! techniques (`nonogram/techniques/mono.rs`, `nonogram/techniques/color.rs`, `kakuro/techniques.rs`,
//! `str8ts/techniques.rs`).
//! What this layer adds is the player: a hint first checks the board for *mistakes*, so
//! that no step is ever built on a wrong entry. For a puzzle with one solution (found by the
//! fast solver, [`solve_with`]) a mistake is any entry that differs from it; for a puzzle
//! with several, an entry no solution has, found by solving with that entry forced (within a
//! time budget: an entry the budget could not settle is not called a mistake).

pub use crate::engine::explain::PlayerBoard;
use crate::engine::explain::{cell_name, Board, Cell, ExplainOptions, ExplainStatus, Explained, Explanation};
use crate::engine::explain::{Rating, Step};
use crate::engine::search::{Clock, Grid, NoProgress, SolveOptions, Status};
use crate::{solve_with, Error, Puzzle};

/// What a hint says. In the JS API (`HintResult`): `{kind: "step", step}`, `{kind:
/// "mistake", cells, message}`, `{kind: "solved"}` or `{kind: "stuck", message}`.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint {
    /// The next deduction.
    Step(Step),
    /// Entries that no solution has (or, for a unique puzzle, that differ from it): shown
    /// without revealing the right values.
    Mistake {
        /// The wrong cells, row by row.
        cells: Vec<Cell>,
        /// "r4c5 is not right".
        message: String,
    },
    /// The board is a solution.
    Solved,
    /// No technique applies (or the budget ran out): the message says which.
    Stuck {
        /// Why, in English.
        message: String,
    },
}

/// The answer of `hint` in the JS API: the next step, the mistakes on the board, solved, or
/// stuck (with why).
#[cfg(any(feature = "serde", target_arch = "wasm32"))]
#[derive(serde::Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "explain"), derive(tsify::Tsify), tsify(rename = "HintResult"))]
#[serde(tag = "kind", rename_all = "lowercase")]
enum HintShape<'a> {
    Step { step: &'a Step },
    Mistake { cells: &'a [Cell], message: &'a str },
    Solved,
    Stuck { message: &'a str },
}

/// `{kind, …}`: the variant's fields after `kind` ([`HintShape`]).
#[cfg(any(feature = "serde", target_arch = "wasm32"))]
impl serde::Serialize for Hint {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Hint::Step(step) => HintShape::Step { step },
            Hint::Mistake { cells, message } => HintShape::Mistake { cells, message },
            Hint::Solved => HintShape::Solved,
            Hint::Stuck { message } => HintShape::Stuck { message },
        }
        .serialize(serializer)
    }
}

/// How long a hint may spend looking for mistakes on a puzzle with several solutions when
/// the options give no time limit.
const MISTAKE_BUDGET_MS: f64 = 2000.0;

/// The explained-logic board of `board` for `puzzle` (errors name the place: `board[r]`,
/// `board[r][c]`, `candidates[r][c]`).
pub fn player_board(puzzle: &Puzzle, board: &PlayerBoard) -> Result<Board, Error> {
    puzzle.player_board(board)
}

/// Run `f` on the puzzle's explained logic; an error for a colour nonogram with more colours
/// than explained logic takes.
fn with_genre<T>(puzzle: &Puzzle, f: impl FnOnce(&dyn Explained) -> T) -> Result<T, Error> {
    puzzle.explained().map(f)
}

/// The explained-logic board of `puzzle`'s own start (its givens, every other cell open).
pub fn start_board(puzzle: &Puzzle) -> Result<Board, Error> {
    with_genre(puzzle, |genre| genre.fresh_board())
}

/// Explain `puzzle` from `board` (the puzzle's own start when `None`): every step until
/// solved, stuck, contradictory or out of budget, and the rating of the path.
pub fn explain(
    puzzle: &Puzzle,
    board: Option<&PlayerBoard>,
    options: &ExplainOptions,
    clock: &dyn Clock,
) -> Result<Explanation, Error> {
    let start = match board {
        Some(board) => player_board(puzzle, board)?,
        None => start_board(puzzle)?,
    };
    with_genre(puzzle, |genre| genre.explain(start, options, clock))
}

/// The rating of `puzzle` from its start.
pub fn rate(puzzle: &Puzzle, options: &ExplainOptions, clock: &dyn Clock) -> Result<Rating, Error> {
    Ok(with_genre(puzzle, |genre| genre.explain(genre.fresh_board(), options, clock))?.rating)
}

/// The next step from the player's `board`, after checking it for mistakes.
pub fn hint(puzzle: &Puzzle, board: &PlayerBoard, options: &ExplainOptions, clock: &dyn Clock) -> Result<Hint, Error> {
    let start = player_board(puzzle, board)?;
    let budget = options.time_limit_ms.unwrap_or(MISTAKE_BUDGET_MS);
    let solved = solve_with(
        puzzle,
        &SolveOptions { max_solutions: 2, time_limit_ms: Some(budget), node_limit: None },
        clock,
        &mut NoProgress,
    )?;
    let wrong = match solved.status {
        Status::None => return Ok(Hint::Stuck { message: "the puzzle has no solution".into() }),
        Status::Unique => differences(&start, &solved.solutions[0]),
        Status::Multiple => entries_no_solution_has(puzzle, &start, &solved.solutions, budget, clock)?,
        Status::Unknown => Vec::new(),
    };
    if !wrong.is_empty() {
        let names: Vec<String> = wrong.iter().map(|&cell| cell_name(cell)).collect();
        let verb = if wrong.len() == 1 { "is" } else { "are" };
        return Ok(Hint::Mistake { message: format!("{} {verb} not right", names.join(", ")), cells: wrong });
    }
    Ok(match with_genre(puzzle, |genre| genre.hint(&start, options, clock))? {
        Ok(Some(step)) => Hint::Step(step),
        // Logic cannot choose between several solutions: say that, not that guessing is needed.
        Ok(None) if solved.status == Status::Multiple => Hint::Stuck {
            message: "the puzzle has more than one solution: from here no logic can choose between them".into(),
        },
        Ok(None) => Hint::Stuck { message: "no technique applies: the puzzle needs guessing from here".into() },
        Err(ExplainStatus::Solved) => Hint::Solved,
        Err(ExplainStatus::None) => Hint::Stuck { message: "the board contradicts the puzzle".into() },
        Err(_) => Hint::Stuck { message: "the time limit ran out before a step was found".into() },
    })
}

/// The cells in play whose candidates leave out the solution's value (a wrong entry, or
/// pencil marks that dropped the right digit).
fn differences(board: &Board, solution: &Grid) -> Vec<Cell> {
    cells_in_play(board).filter(|&(r, c)| !board.candidates((r, c)).contains(u32::from(solution[r][c]))).collect()
}

fn cells_in_play(board: &Board) -> impl Iterator<Item = Cell> + '_ {
    (0..board.height()).flat_map(move |r| (0..board.width()).map(move |c| (r, c))).filter(|&cell| board.in_play(cell))
}

/// For a puzzle with several solutions: the player's entries (cells given one value) that
/// no solution has. An entry one of the known `solutions` has is fine; any other is
/// solved for with the entry forced. Pencil marks are not checked here.
fn entries_no_solution_has(
    puzzle: &Puzzle,
    board: &Board,
    solutions: &[Grid],
    budget_ms: f64,
    clock: &dyn Clock,
) -> Result<Vec<Cell>, Error> {
    let fresh = start_board(puzzle)?;
    let options = SolveOptions { max_solutions: 1, time_limit_ms: Some(budget_ms), node_limit: None };
    let entries: Vec<(Cell, u8)> = cells_in_play(board)
        .filter(|&cell| fresh.value(cell).is_none())
        .filter_map(|cell| board.value(cell).map(|v| (cell, v)))
        .filter(|&((r, c), v)| solutions.iter().all(|s| s[r][c] != v))
        .collect();
    Ok(entries
        .into_iter()
        .filter(|&(cell, v)| {
            let forced = puzzle.solve_forced(cell, v, &options, clock);
            // A forced entry the puzzle rejects (a repeated digit) has no solution either.
            forced.map_or(true, |outcome| outcome.status == Status::None)
        })
        .map(|(cell, _)| cell)
        .collect())
}

#[cfg(all(test, not(target_arch = "wasm32")))] // native only: the system clock
mod tests {
    use super::*;
    use crate::engine::explain::Change;
    use crate::engine::search::SystemClock;
    use crate::kakuro::{Cell as KakuroCell, Kakuro};
    use crate::nonogram::Nonogram;
    use crate::str8ts::Str8ts;

    fn nonogram(rows: Vec<Vec<u32>>, cols: Vec<Vec<u32>>) -> Puzzle {
        Nonogram::new(rows, cols).unwrap().into()
    }

    fn plus() -> Puzzle {
        nonogram(vec![vec![1], vec![3], vec![1]], vec![vec![1], vec![3], vec![1]])
    }

    fn hint_of(puzzle: &Puzzle, board: PlayerBoard) -> Hint {
        hint(puzzle, &board, &ExplainOptions::default(), &SystemClock::default()).unwrap()
    }

    #[test]
    fn a_wrong_entry_of_a_unique_puzzle_is_a_mistake_before_any_step() {
        let board = PlayerBoard::Cells(vec![vec![Some(1), None, None], vec![None; 3], vec![None, None, Some(0)]]);
        let Hint::Mistake { cells, message } = hint_of(&plus(), board) else { panic!("expected a mistake") };
        assert_eq!(cells, vec![(0, 0)]);
        assert_eq!(message, "r1c1 is not right");
    }

    #[test]
    fn a_right_board_gets_a_step_then_solved() {
        let board = PlayerBoard::Cells(vec![vec![None; 3]; 3]);
        let Hint::Step(step) = hint_of(&plus(), board) else { panic!("expected a step") };
        assert_eq!(step.technique, "line-complete");
        let solved = PlayerBoard::Cells(vec![
            vec![Some(0), Some(1), Some(0)],
            vec![Some(1); 3],
            vec![Some(0), Some(1), Some(0)],
        ]);
        assert_eq!(hint_of(&plus(), solved), Hint::Solved);
    }

    #[test]
    fn with_several_solutions_only_entries_no_solution_has_are_mistakes() {
        // Two diagonals: either entry of r1 is in some solution; rows [1],[1] and columns
        // [1],[1] on a 2×2 — a filled r1c1 together with a filled r1c2 is no solution, but
        // each alone is.
        let diagonals = nonogram(vec![vec![1], vec![1]], vec![vec![1], vec![1]]);
        let one = PlayerBoard::Cells(vec![vec![Some(1), None], vec![None, None]]);
        assert!(matches!(hint_of(&diagonals, one), Hint::Step(_)));
        // A 3×1 strip with rows [1],[],[1]... and columns [2]: no, use [1] [1] [0] rows on a
        // 2×3 where column 3 is empty in every solution.
        let wide = nonogram(vec![vec![1], vec![1]], vec![vec![1], vec![1], vec![]]);
        let board = PlayerBoard::Cells(vec![vec![None, None, Some(1)], vec![None; 3]]);
        let Hint::Mistake { cells, .. } = hint_of(&wide, board) else { panic!("expected a mistake") };
        assert_eq!(cells, vec![(0, 2)]);
    }

    #[test]
    fn shape_errors_name_the_place() {
        let e = hint(
            &plus(),
            &PlayerBoard::Cells(vec![vec![None; 3]; 2]),
            &ExplainOptions::default(),
            &SystemClock::default(),
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "board: expected 3 rows, got 2");
        let digits = PlayerBoard::Digits { values: vec![vec![0; 3]; 3], candidates: None };
        let e = hint(&plus(), &digits, &ExplainOptions::default(), &SystemClock::default()).unwrap_err();
        assert!(e.to_string().starts_with("board: a nonogram board is rows of 1"), "{e}");
    }

    #[test]
    fn kakuro_and_str8ts_go_through_the_same_glue() {
        use KakuroCell::{Block, White};
        let none = Block { down: None, across: None };
        let kakuro = Puzzle::from(
            Kakuro::new(vec![
                vec![none, Block { down: Some(3), across: None }, Block { down: Some(4), across: None }],
                vec![Block { down: None, across: Some(7) }, White(None), White(None)],
            ])
            .unwrap(),
        );
        let explanation = explain(&kakuro, None, &ExplainOptions::default(), &SystemClock::default()).unwrap();
        assert_eq!(explanation.status, ExplainStatus::Solved);
        assert_eq!(explanation.board.grid(), Some(vec![vec![0, 0, 0], vec![0, 3, 4]]));
        let wrong = PlayerBoard::Digits { values: vec![vec![0; 3], vec![0, 4, 0]], candidates: None };
        assert!(matches!(hint_of(&kakuro, wrong), Hint::Mistake { .. }));
        let marks = PlayerBoard::Digits {
            values: vec![vec![0; 3], vec![0; 3]],
            candidates: Some(vec![vec![vec![]; 3], vec![vec![], vec![1, 2], vec![]]]),
        };
        assert!(matches!(hint_of(&kakuro, marks), Hint::Mistake { .. }), "the marks leave out r2c2's 3");

        let black = vec![
            vec![false, false, false, true],
            vec![false, true, false, false],
            vec![false; 4],
            vec![true, true, false, false],
        ];
        let grid = vec![vec![0; 4], vec![0, 2, 0, 0], vec![0, 0, 0, 3], vec![0; 4]];
        let str8ts: Puzzle = Str8ts::new(grid, black).unwrap().into();
        let solution = crate::solve(&str8ts, &SolveOptions::default()).unwrap().solutions[0].clone();
        let mut values = solution.clone();
        values[0][0] = 0;
        let Hint::Step(step) = hint_of(&str8ts, PlayerBoard::Digits { values, candidates: None }) else {
            panic!("expected a step")
        };
        // Only r1c1 is open: whatever technique finds it, the step is about r1c1 and keeps
        // the solution's digit.
        let answer = solution[0][0];
        for change in &step.changes {
            match *change {
                Change::Set { cell, value } => assert_eq!((cell, value), ((0, 0), answer)),
                Change::Remove { cell, values } => {
                    assert_eq!(cell, (0, 0));
                    assert!(!values.contains(u32::from(answer)), "{step:?} removes the answer {answer}");
                }
            }
        }
        assert_eq!(rate(&kakuro, &ExplainOptions::default(), &SystemClock::default()).unwrap().level, 1);
    }
}
