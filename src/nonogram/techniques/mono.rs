//! Black-and-white nonogram techniques for explained logic ([`crate::engine::explain`]): the
//! [`Kind`] of [`Nonogram`] (colour 1 is "filled", the background "empty"; the same bits as
//! the line solver's `EMPTY` / `FILLED`), its table of techniques, and the techniques only
//! black-and-white has, each a small function that returns the first line where it applies
//! as a [`Step`]. The relaxed ranges they build on are in `line.rs`.
//!
//! | id | level | what it deduces |
//! |---|---|---|
//! | `line-complete` | 1 | the clue's filled cells are all placed (rest empty), or every open cell is needed (all filled) |
//! | `overlap` | 1 | cells a block covers wherever it lies (simple boxes; `shared.rs`) |
//! | `simple-spaces` | 1 | cells no block can reach are empty (`shared.rs`) |
//! | `punctuation` | 2 | a filled stretch as long as every block that can hold it is complete: its ends are empty (`shared.rs`) |
//! | `glue` | 2 | a filled cell near an edge or an empty cell: its block must reach at least its shortest length from there |
//! | `mercury` | 2 | the block through a filled cell cannot reach farther than its longest length, and no other block can: those cells are empty |
//! | `joining-splitting` | 2 | two filled stretches only one block can hold are joined; one cell that would join two stretches into a block longer than any is empty |
//! | `line-logic` | 3 | any other cell fixed in every placement of the line (the exact dynamic programme of `line/mono.rs`; `shared.rs`) |
//!
//! Every technique looks at one line, and `line-logic` decides whatever every placement of a
//! line agrees on, so nothing that looks at two lines without assuming a value can find more:
//! at the fixpoint of `line-logic`, every value a cell has left is in a placement of each of
//! its two lines. The engine's `trial`, which assumes a value, follows after them.
//!
//! Cost: the range techniques are O(length × clues) per line and scan the lines until one
//! applies; `line-logic` is one line solve per line.

use super::line::{board_of_cells, clue_of, first_line, is_are, LineView};
use super::shared::{
    line_logic, overlap, punctuation, short_contradiction, simple_spaces, LINE_LOGIC, SHORT_TRIAL_LEVEL,
};
use super::{refute, Kind, Rules, SolveLine};
use crate::engine::bits::DigitSet;
use crate::engine::error::Error;
use crate::engine::explain::{Axis, Board, Explain, Found, Line, Refuter, Technique, SHORT_TRIAL, SHORT_TRIAL_SUMMARY};
use crate::engine::search::Grid;
use crate::nonogram::color::Block;
use crate::nonogram::line::mono::{self, LineSolver};
use crate::nonogram::puzzle::Nonogram;

/// The candidates of an empty, a filled and an open cell.
const EMPTY: u32 = mono::EMPTY as u32;
const FILLED: u32 = mono::FILLED as u32;
const UNKNOWN: u32 = mono::UNKNOWN as u32;

/// The techniques, lowest level first.
const TECHNIQUES: &[Technique<Nonogram>] = &[
    Technique {
        id: "line-complete",
        level: 1,
        summary: "a line whose filled cells are all placed has its other cells empty; one that needs every open cell has them filled",
        find: line_complete,
    },
    Technique { id: "overlap", level: 1, summary: "cells a block covers wherever it lies are filled", find: overlap },
    Technique { id: "simple-spaces", level: 1, summary: "cells no block can reach are empty", find: simple_spaces },
    Technique {
        id: "punctuation",
        level: 2,
        summary: "a filled stretch as long as every block that can hold it is complete, so its ends are empty",
        find: punctuation,
    },
    Technique {
        id: "glue",
        level: 2,
        summary: "a block through a filled cell near an edge or empty cell reaches at least its length from that edge",
        find: glue,
    },
    Technique {
        id: "mercury",
        level: 2,
        summary: "cells beyond the reach of the block through a filled cell, which no other block can reach, are empty",
        find: mercury,
    },
    Technique {
        id: "joining-splitting",
        level: 2,
        summary: "filled stretches only one block can hold are joined; a cell that would join stretches into too long a block is empty",
        find: joining_splitting,
    },
    Technique {
        id: LINE_LOGIC,
        level: 3,
        summary: "a cell that is the same in every placement of the line that fits its known cells",
        find: line_logic,
    },
    Technique { id: SHORT_TRIAL, level: SHORT_TRIAL_LEVEL, summary: SHORT_TRIAL_SUMMARY, find: short_contradiction },
];

impl Explain for Nonogram {
    fn board(&self) -> Board {
        Board::new(self.width(), self.height(), |_, _| Some(DigitSet(UNKNOWN)))
    }

    fn techniques(&self) -> &'static [Technique<Self>] {
        TECHNIQUES
    }

    fn is_solution(&self, grid: &Grid) -> bool {
        self.check(grid).is_ok()
    }

    fn refuter(&self, board: &Board) -> Option<Box<dyn Refuter + '_>> {
        refute::refuter(self, board)
    }
}

impl Nonogram {
    /// The explained-logic board of a player's grid: `Some(1)` filled, `Some(0)` marked empty,
    /// `None` unknown. Errors name the place: `board` (rows), `board[r]` (cells),
    /// `board[r][c]` (a value other than 0 or 1).
    pub fn player_board(&self, cells: &[Vec<Option<u8>>]) -> Result<Board, Error> {
        board_of_cells(cells, (self.height(), self.width()), 1, "1 (filled), 0 (empty) or null", DigitSet(UNKNOWN))
    }
}

/// Where this kind's techniques differ (see [`Rules`]).
const RULES: Rules = Rules {
    no_room: "has no room for its blocks between the empty cells",
    empties_decided_cells: false,
    filled_first: true,
};

impl Kind for Nonogram {
    /// A clue number is a block of colour 1.
    fn clue(&self, line: Line, blocks: &mut Vec<Block>) {
        blocks.clear();
        blocks.extend(clue_of(self.rows(), self.cols(), line).iter().map(|&len| Block { len, color: 1 }));
    }

    fn all_values(&self) -> u32 {
        UNKNOWN
    }

    fn value_text(&self, value: u8) -> String {
        if value == 0 { "empty" } else { "filled" }.into()
    }

    fn clue_text(&self, clue: &[Block]) -> String {
        clue.iter().map(|block| block.len.to_string()).collect::<Vec<_>>().join(" ")
    }

    fn block_text(&self, length: usize, _: u8) -> String {
        length.to_string()
    }

    fn not_colour_text(&self, _: u8, count: usize) -> String {
        format!("{} empty", is_are(count))
    }

    fn rules(&self) -> &'static Rules {
        &RULES
    }
}

impl SolveLine for Nonogram {
    type Solver = LineSolver;

    fn solve_line(&self, solver: &mut LineSolver, line: Line, cells: &[u32]) -> Option<Vec<u32>> {
        let clue = clue_of(self.rows(), self.cols(), line);
        let words = cells.len().div_ceil(64);
        let (mut fillable, mut emptiable) = (vec![0u64; words], vec![0u64; words]);
        for (i, &x) in cells.iter().enumerate() {
            fillable[i / 64] |= u64::from(x & FILLED != 0) << (i % 64);
            emptiable[i / 64] |= u64::from(x & EMPTY != 0) << (i % 64);
        }
        if !solver.solve(clue, &fillable, &emptiable, cells.len()) {
            return None;
        }
        let (can_fill, can_empty) = solver.narrowed();
        let bit = |plane: &[u64], i: usize| (plane[i / 64] >> (i % 64) & 1) as u32;
        Some((0..cells.len()).map(|i| (bit(can_fill, i) * FILLED) | (bit(can_empty, i) * EMPTY)).collect())
    }
}

/// The maximal stretches of filled cells, as (first, last).
fn filled_stretches(view: &LineView) -> Vec<(usize, usize)> {
    view.stretches().into_iter().map(|(first, last, _)| (first, last)).collect()
}

/// The first position of the stretch of non-empty cells holding `i`, and its last.
fn room(view: &LineView, i: usize) -> (usize, usize) {
    let cells = &view.cells;
    let start = (0..i).rev().find(|&p| cells[p] == EMPTY).map_or(0, |p| p + 1);
    let end = (i + 1..cells.len()).find(|&p| cells[p] == EMPTY).map_or(cells.len() - 1, |p| p - 1);
    (start, end)
}

/// `(i, FILLED)` for every position: a step's cells to fill.
fn fill(positions: &[usize]) -> Vec<(usize, u32)> {
    positions.iter().map(|&i| (i, FILLED)).collect()
}

/// `(i, EMPTY)` for every position: a step's cells to empty.
fn empty(positions: &[usize]) -> Vec<(usize, u32)> {
    positions.iter().map(|&i| (i, EMPTY)).collect()
}

// ---- the techniques only black-and-white has ----

fn line_complete(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, 0, line_complete_on)
}

fn line_complete_on(view: &LineView) -> Option<Found> {
    let needed: usize = view.clue.iter().map(|block| block.len as usize).sum();
    let filled = view.cells.iter().filter(|&&x| x == FILLED).count();
    let open: Vec<usize> = (0..view.cells.len()).filter(|&i| view.cells[i] == UNKNOWN).collect();
    if filled > needed || filled + open.len() < needed {
        return Some(view.contradiction(&format!("needs {needed} filled cells and cannot have them")));
    }
    let (value, why) = if needed == 0 {
        (EMPTY, "the clue is 0, so the line is empty".to_string())
    } else if filled == needed {
        (EMPTY, format!("all {needed} filled cells are placed, so the open cells are empty"))
    } else if filled + open.len() == needed {
        (FILLED, format!("{needed} filled cells need every open cell"))
    } else {
        return None;
    };
    let keep: Vec<(usize, u32)> = open.iter().map(|&i| (i, value)).collect();
    view.step("line-complete", 1, format!("{}: {why} ({})", view.header(), view.positions(&open)), &keep)
}

fn glue(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, 4, glue_on)
}

fn glue_on(view: &LineView) -> Option<Found> {
    let ranges = view.ranges()?;
    for stretch in filled_stretches(view) {
        let (first, last) = stretch;
        let holders = view.holders(&ranges, stretch, 1);
        let Some(shortest) = holders.iter().map(|&j| view.clue[j].len as usize).min() else {
            continue;
        };
        let (start, end) = room(view, first);
        let (near, far) = match view.line.axis {
            Axis::Row => ("left", "right"),
            Axis::Col => ("top", "bottom"),
        };
        let bound = |at: usize, edge: bool, side: &str| {
            if edge {
                format!("the {side} edge")
            } else {
                format!("the empty {}", view.span(at, at))
            }
        };
        // From the left: the block starts at `start` or later and is `shortest` long.
        let reach = start + shortest - 1;
        let (fill, from) = if reach > last {
            ((last + 1..=reach).collect::<Vec<_>>(), bound(start.wrapping_sub(1), start == 0, near))
        } else if end + 1 < first + shortest {
            let from = end + 1 - shortest;
            ((from..first).collect(), bound(end + 1, end + 1 == view.cells.len(), far))
        } else {
            continue;
        };
        let fill: Vec<usize> = fill.into_iter().filter(|&i| view.cells[i] == UNKNOWN).collect();
        if fill.is_empty() {
            continue;
        }
        let message = format!(
            "{}: the block at {} is at least {shortest} long and cannot cross {from}, so it covers {}",
            view.header(),
            view.span(first, last),
            view.positions(&fill)
        );
        return view.step("glue", 2, message, &self::fill(&fill));
    }
    None
}

fn mercury(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, 5, mercury_on)
}

fn mercury_on(view: &LineView) -> Option<Found> {
    let ranges = view.ranges()?;
    let reaches = |j: usize, (a, b): (usize, usize)| {
        let (from, to) = view.reach(&ranges, j);
        from <= b && a <= to
    };
    for stretch in filled_stretches(view) {
        let (first, last) = stretch;
        let holders = view.holders(&ranges, stretch, 1);
        let (Some(&lowest), Some(&highest)) = (holders.first(), holders.last()) else {
            continue;
        };
        let longest = holders.iter().map(|&j| view.clue[j].len as usize).max().unwrap_or(0);
        let (start, end) = room(view, first);
        // Left of the block's farthest reach: empty when only later blocks could be there.
        let left = (last + 1 > start + longest).then(|| (start, last - longest));
        let right = (first + longest < end + 1).then(|| (first + longest, end));
        let sides = [(left, (0..highest).collect::<Vec<_>>()), (right, (lowest + 1..view.clue.len()).collect())];
        for (side, others) in sides {
            let Some(region) = side else { continue };
            let cells: Vec<usize> = (region.0..=region.1).collect();
            if cells.iter().any(|&i| view.cells[i] != UNKNOWN) || others.iter().any(|&j| reaches(j, region)) {
                continue;
            }
            let message = format!(
                "{}: the block at {} is at most {longest} long and no other block reaches {}, so {} empty",
                view.header(),
                view.span(first, last),
                view.positions(&cells),
                if cells.len() == 1 { "it is" } else { "they are" }
            );
            return view.step("mercury", 2, message, &empty(&cells));
        }
    }
    None
}

fn joining_splitting(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, 6, joining_splitting_on)
}

fn joining_splitting_on(view: &LineView) -> Option<Found> {
    let ranges = view.ranges()?;
    let stretches = filled_stretches(view);
    for pair in stretches.windows(2) {
        let ((a1, b1), (a2, b2)) = (pair[0], pair[1]);
        let gap: Vec<usize> = (b1 + 1..a2).collect();
        if gap.iter().any(|&i| view.cells[i] != UNKNOWN) {
            continue;
        }
        let (left, right) = (view.holders(&ranges, pair[0], 1), view.holders(&ranges, pair[1], 1));
        if left.len() == 1 && left == right {
            let message = format!(
                "{}: {} and {} both belong to {}, so {} between them {} filled",
                view.header(),
                view.span(a1, b1),
                view.span(a2, b2),
                view.block(left[0]),
                view.positions(&gap),
                is_are(gap.len())
            );
            return view.step("joining-splitting", 2, message, &fill(&gap));
        }
        if gap.len() == 1 && view.holders(&ranges, (a1, b2), 1).is_empty() {
            let message = format!(
                "{}: filling {} would join {} and {} into a block of {}, which no block of the clue can be, so it is empty",
                view.header(),
                view.span(gap[0], gap[0]),
                view.span(a1, b1),
                view.span(a2, b2),
                b2 - a1 + 1
            );
            return view.step("joining-splitting", 2, message, &empty(&gap));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::shared::{line_logic, overlap_on, punctuation_on, simple_spaces_on};
    use super::*;
    use crate::engine::explain::test_support::NoClock;
    use crate::engine::explain::{explain, Change, ExplainOptions, ExplainStatus, Line};
    use crate::nonogram::line::mono::tests::line as cells;

    /// Row 7 (index 6) with `clue` and the cells of `text` (`.` empty, `#` filled, `?` open).
    fn row(clue: &[u32], text: &str) -> LineView<'static> {
        // A line's techniques read nothing of the puzzle but its words.
        let puzzle = Box::leak(Box::new(Nonogram::new(vec![vec![]], vec![vec![]]).unwrap()));
        let cells = cells(text).into_iter().map(u32::from).collect();
        let clue = clue.iter().map(|&len| Block { len, color: 1 }).collect();
        LineView::new(puzzle, Line { axis: Axis::Row, index: 6 }, clue, cells)
    }

    /// Apply a step's changes to the line and show it.
    fn after(view: &LineView, found: Option<Found>) -> (String, String) {
        let Some(Found::Step(step)) = found else { panic!("expected a step, got {found:?}") };
        let mut line = view.cells.clone();
        for change in &step.changes {
            let Change::Set { cell: (r, c), value } = *change else { panic!("nonogram steps set cells") };
            assert_eq!(r, 6);
            assert_eq!(line[c], UNKNOWN, "a step changes open cells only");
            line[c] = if value == 1 { FILLED } else { EMPTY };
        }
        assert_eq!(step.lines, vec![view.line]);
        let shown = line.iter().map(|&x| match x {
            EMPTY => '.',
            FILLED => '#',
            _ => '?',
        });
        (shown.collect(), step.message)
    }

    #[test]
    fn overlap_names_the_block_and_its_cells() {
        let view = row(&[5, 2], "??????????");
        let (line, message) = after(&view, overlap_on(&view));
        assert_eq!(line, "??###?????");
        assert_eq!(message, "row 7 (clue 5 2): the 5 covers columns 3–5 wherever it lies");
        // Empty cells narrow the ranges: the 3 must lie in columns 4–7.
        let view = row(&[3], "...?????..");
        assert_eq!(after(&view, overlap_on(&view)).0, "...??#??..");
        let view = row(&[1, 1], "??????????");
        assert!(overlap_on(&view).is_none());
    }

    #[test]
    fn simple_spaces_empties_what_no_block_reaches() {
        let view = row(&[3], "??.???????");
        let (line, message) = after(&view, simple_spaces_on(&view));
        assert_eq!(line, "...???????");
        assert_eq!(message, "row 7 (clue 3): no block can reach columns 1–2, so they are empty");
        assert!(simple_spaces_on(&row(&[3], "??????????")).is_none());
    }

    #[test]
    fn line_complete_fills_or_empties_the_rest() {
        let view = row(&[2, 1], "?##???#???");
        let (line, message) = after(&view, line_complete_on(&view));
        assert_eq!(line, ".##...#...");
        assert!(message.starts_with("row 7 (clue 2 1): all 3 filled cells are placed"), "{message}");
        let view = row(&[4], "..?#??....");
        assert_eq!(after(&view, line_complete_on(&view)).0, "..####....");
        assert!(matches!(line_complete_on(&row(&[1], "##????????")), Some(Found::Contradiction { .. })));
    }

    #[test]
    fn punctuation_closes_a_complete_block() {
        // Only the 3 can hold the stretch at columns 5–7 (the 1s are too short).
        let view = row(&[1, 3, 1], "????###???");
        let (line, message) = after(&view, punctuation_on(&view));
        assert_eq!(line, "???.###.??");
        assert_eq!(message, "row 7 (clue 1 3 1): columns 5–7 are a complete 3, so columns 4 and 8 are empty");
        // A stretch of 1 that the 3 could also hold is not complete.
        assert!(punctuation_on(&row(&[1, 3], "??#???????")).is_none());
    }

    #[test]
    fn glue_extends_a_block_from_an_edge() {
        let view = row(&[4, 1], "?#????????");
        let (line, message) = after(&view, glue_on(&view));
        assert_eq!(line, "?###??????");
        assert_eq!(
            message,
            "row 7 (clue 4 1): the block at column 2 is at least 4 long and cannot cross the left edge, so it covers columns 3–4"
        );
        // From an empty cell on the right.
        let view = row(&[3], "?????#?.??");
        assert_eq!(after(&view, glue_on(&view)).0, "????##?.??");
    }

    #[test]
    fn mercury_empties_beyond_the_reach_of_a_block() {
        // The 2 is the only block; it holds column 6, so it cannot reach columns 1–4 or 8–10.
        let view = row(&[2], "?????#????");
        let (line, message) = after(&view, mercury_on(&view));
        assert_eq!(line, "....?#????");
        assert_eq!(
            message,
            "row 7 (clue 2): the block at column 6 is at most 2 long and no other block reaches columns 1–4, so they are empty"
        );
        // The 1 could lie to the left of the 3: only the far end is emptied.
        let view = row(&[1, 3], "??????#???");
        assert_eq!(after(&view, mercury_on(&view)).0, "??????#??.");
        // Column 6 may be the 1 or the 2: nothing follows.
        assert!(mercury_on(&row(&[1, 2], "?????#????")).is_none());
    }

    #[test]
    fn joining_and_splitting() {
        let view = row(&[5], "??#??#????");
        let (line, message) = after(&view, joining_splitting_on(&view));
        assert_eq!(line, "??####????");
        assert_eq!(
            message,
            "row 7 (clue 5): column 3 and column 6 both belong to the 5, so columns 4–5 between them are filled"
        );
        let view = row(&[2, 2], "?##?##????");
        let (line, message) = after(&view, joining_splitting_on(&view));
        assert_eq!(line, "?##.##????");
        assert!(message.contains("a block of 5, which no block of the clue can be"), "{message}");
    }

    #[test]
    fn line_logic_uses_the_exact_line_solver() {
        // Clue 1 1 in `?#???`: the cells next to the 1 are empty (found by no earlier rule
        // on this line in one step: punctuation would, but line-logic sees it all).
        let puzzle = Nonogram::new(vec![vec![1, 3]], vec![vec![1], vec![], vec![1], vec![1], vec![1]]).unwrap();
        let mut board = puzzle.board();
        board.restrict((0, 0), DigitSet(FILLED));
        let Some(Found::Step(step)) = line_logic(&puzzle, &board) else { panic!("expected a step") };
        assert_eq!(step.technique, "line-logic");
        assert_eq!(step.message, "row 1 (clue 1 3): in every placement of the clue that fits the known cells, columns 3–5 are filled and column 2 is empty");
    }

    #[test]
    fn the_plus_sign_is_explained_at_level_one() {
        let puzzle = Nonogram::new(vec![vec![1], vec![3], vec![1]], vec![vec![1], vec![3], vec![1]]).unwrap();
        let explanation = explain(&puzzle, puzzle.board(), &ExplainOptions::default(), &NoClock);
        assert_eq!(explanation.status, ExplainStatus::Solved);
        assert_eq!(explanation.board.grid(), Some(vec![vec![0, 1, 0], vec![1, 1, 1], vec![0, 1, 0]]));
        assert_eq!(explanation.rating.level, 1);
        assert_eq!(explanation.steps[0].message, "row 2 (clue 3): 3 filled cells need every open cell (columns 1–3)");
    }

    #[test]
    fn tatham_4x4_needs_more_than_single_lines() {
        let cols = vec![vec![2], vec![1], vec![2], vec![1]];
        let rows = vec![vec![1, 1], vec![2], vec![1], vec![1]];
        let puzzle = Nonogram::new(rows, cols).unwrap();
        let explanation = explain(&puzzle, puzzle.board(), &ExplainOptions::default(), &NoClock);
        assert_eq!(explanation.status, ExplainStatus::Solved);
        let grid = explanation.board.grid().unwrap();
        assert!(puzzle.is_solution(&grid));
        assert!(explanation.rating.level >= 4, "{:?}", explanation.rating);
    }

    #[test]
    fn a_line_completed_against_its_clue_is_a_contradiction() {
        // One filled cell per row and column; the player fills columns 1–2 of row 1. Every
        // column can still be right, and no line solve fails, yet row 1 breaks its clue.
        let puzzle = Nonogram::new(vec![vec![1]; 4], vec![vec![1]; 4]).unwrap();
        let row = |cells: [u8; 4]| cells.map(Some).to_vec();
        let board = puzzle.player_board(&[row([1, 1, 0, 0]), vec![None; 4], vec![None; 4], vec![None; 4]]).unwrap();
        let no_trial = ExplainOptions { no_trial: true, ..Default::default() };
        let explanation = explain(&puzzle, board, &no_trial, &NoClock);
        assert_eq!((explanation.status, explanation.steps.len()), (ExplainStatus::None, 0));
        let Some(Found::Contradiction { message, .. }) = line_logic(&puzzle, &explanation.board) else {
            panic!("expected a contradiction")
        };
        assert_eq!(message, "row 1 (clue 1) is complete, and its blocks are not its clue");
    }

    #[test]
    fn player_board_errors_name_the_place() {
        let puzzle = Nonogram::new(vec![vec![1], vec![1]], vec![vec![1], vec![1]]).unwrap();
        let e = puzzle.player_board(&[vec![None, None]]).unwrap_err();
        assert_eq!(e.to_string(), "board: expected 2 rows, got 1");
        let e = puzzle.player_board(&[vec![None, None], vec![None]]).unwrap_err();
        assert_eq!(e.to_string(), "board[1]: expected 2 cells, got 1");
        let e = puzzle.player_board(&[vec![None, Some(2)], vec![None, None]]).unwrap_err();
        assert_eq!(e.to_string(), "board[0][1]: expected 1 (filled), 0 (empty) or null, got 2");
        let board = puzzle.player_board(&[vec![Some(1), Some(0)], vec![None, None]]).unwrap();
        assert_eq!((board.value((0, 0)), board.value((0, 1)), board.value((1, 0))), (Some(1), Some(0), None));
    }
}
