//! Colour nonogram techniques for explained logic ([`crate::engine::explain`]): the [`Kind`]
//! of [`ColorNonogram`], its table of techniques, and the two that are its own, each a small
//! function that returns the first line where it applies as a [`Step`].
//!
//! Board values: a cell's candidates are the colours it can still take, bit 0 the background
//! (value 0, "empty"), bit `c` colour `c` — the masks of the colour line solver, so a cell
//! can be "red or empty" as well as decided. A player's board with only decided cells is
//! the same board with every other cell holding all colours. Candidates are the bits of a
//! `u32`, so explained logic takes up to [`MAX_EXPLAINED_COLORS`] colours.
//!
//! | id | level | what it deduces |
//! |---|---|---|
//! | `line-complete` | 1 | all cells of a colour (or of the background) are placed: the open cells are not that colour; or every cell that can be it is needed |
//! | `overlap` | 1 | cells a block covers wherever it lies take its colour (`shared.rs`) |
//! | `simple-spaces` | 1 | cells no block can reach are empty (`shared.rs`) |
//! | `colour-spaces` | 1 | a cell only blocks of some colours reach can only be those colours or empty ("can only be red or empty") |
//! | `punctuation` | 2 | a stretch of one colour as long as every block of that colour that can hold it is complete: its ends are not that colour (`shared.rs`) |
//! | `line-logic` | 3 | any cell whose colours the exact colour line solver (`line/color.rs`) narrows (`shared.rs`) |
//!
//! Steps name colours by the puzzle's CSS strings ("#d03030") and the background "empty".
//! Cost: the range techniques are O(length × blocks) per line, `line-logic` one colour line
//! solve per line; the lines are scanned until one applies. The engine's `trial` follows.

use super::line::{board_of_cells, clue_of, first_line, is_are, LineView, BACKGROUND};
use super::shared::{
    line_logic, overlap, punctuation, short_contradiction, simple_spaces, LINE_LOGIC, SHORT_TRIAL_LEVEL,
};
use super::{refute, Kind, Rules, SolveLine};
use crate::engine::bits::DigitSet;
use crate::engine::error::{Error, Place};
use crate::engine::explain::{Board, Explain, Found, Line, Refuter, Technique, SHORT_TRIAL, SHORT_TRIAL_SUMMARY};
use crate::engine::search::Grid;
use crate::nonogram::color::{Block, ColorNonogram};
use crate::nonogram::line::color::{ColorLineSolver, Mask};

/// The most colours explained logic takes: a cell's candidates are the bits of a `u32`, bit
/// 0 the background.
pub const MAX_EXPLAINED_COLORS: usize = 31;

/// The highest level of a named colour technique (`short-trial`, the explainer's `expert`):
/// above it only trial is left.
pub const COLOR_TOP_TECHNIQUE_LEVEL: u8 = TECHNIQUES[TECHNIQUES.len() - 1].level;

/// `colour-spaces`' memo id (see `shared.rs`).
const COLOUR_SPACES_ID: u8 = 8;

/// The techniques, lowest level first.
const TECHNIQUES: &[Technique<ColorNonogram>] = &[
    Technique {
        id: "line-complete",
        level: 1,
        summary: "a line whose cells of a colour are all placed has no more of it; one that needs every cell that can take a colour has them all that colour",
        find: line_complete,
    },
    Technique { id: "overlap", level: 1, summary: "cells a block covers wherever it lies take its colour", find: overlap },
    Technique { id: "simple-spaces", level: 1, summary: "cells no block can reach are empty", find: simple_spaces },
    Technique {
        id: "colour-spaces",
        level: 1,
        summary: "a cell that only blocks of some colours can reach can only be one of those colours or empty",
        find: colour_spaces,
    },
    Technique {
        id: "punctuation",
        level: 2,
        summary: "a stretch of one colour as long as every block of that colour that can hold it is complete, so its ends are not that colour",
        find: punctuation,
    },
    Technique {
        id: LINE_LOGIC,
        level: 3,
        summary: "a cell whose colours are narrowed in every placement of the line's blocks that fits its known cells",
        find: line_logic,
    },
    Technique { id: SHORT_TRIAL, level: SHORT_TRIAL_LEVEL, summary: SHORT_TRIAL_SUMMARY, find: short_contradiction },
];

impl Explain for ColorNonogram {
    fn board(&self) -> Board {
        let all = self.all_colours();
        Board::new(self.width(), self.height(), |_, _| Some(all))
    }

    fn techniques(&self) -> &'static [Technique<Self>] {
        TECHNIQUES
    }

    fn is_solution(&self, grid: &Grid) -> bool {
        self.check(grid).is_ok()
    }

    fn value_name(&self, value: u8) -> String {
        self.value_text(value)
    }

    fn refuter(&self, board: &Board) -> Option<Box<dyn Refuter + '_>> {
        refute::refuter(self, board)
    }
}

impl ColorNonogram {
    /// The candidates of an open cell: the background and every colour.
    fn all_colours(&self) -> DigitSet {
        DigitSet(((1u64 << (self.colors().len() + 1)) - 1) as u32)
    }

    /// Whether explained logic takes this puzzle: an error naming the palette when it has
    /// more than [`MAX_EXPLAINED_COLORS`] colours.
    pub fn check_explainable(&self) -> Result<(), Error> {
        if self.colors().len() > MAX_EXPLAINED_COLORS {
            return Err(Error::new(
                Place::Field("colors".into()),
                format!(
                    "explained logic takes up to {MAX_EXPLAINED_COLORS} colours, this puzzle has {}",
                    self.colors().len()
                ),
            ));
        }
        Ok(())
    }

    /// The explained-logic board of a player's grid: `Some(c)` the cell painted colour `c`
    /// (0: marked empty), `None` unknown. Errors name the place: `board` (rows), `board[r]`
    /// (cells), `board[r][c]` (a colour outside the palette).
    pub fn player_board(&self, cells: &[Vec<Option<u8>>]) -> Result<Board, Error> {
        self.check_explainable()?;
        let count = self.colors().len();
        let expected = format!("a colour 1..{count}, 0 (empty) or null");
        board_of_cells(cells, (self.height(), self.width()), count as u8, &expected, self.all_colours())
    }
}

/// Where this kind's techniques differ (see [`Rules`]).
const RULES: Rules = Rules {
    no_room: "has no room for its blocks on the cells that can take their colours",
    empties_decided_cells: true,
    filled_first: false,
};

impl Kind for ColorNonogram {
    fn clue(&self, line: Line, blocks: &mut Vec<Block>) {
        blocks.clear();
        blocks.extend_from_slice(clue_of(self.rows(), self.cols(), line));
    }

    fn all_values(&self) -> u32 {
        self.all_colours().0
    }

    /// A colour's CSS string, "empty" for the background.
    fn value_text(&self, colour: u8) -> String {
        match colour {
            0 => "empty".into(),
            c => self.colors()[usize::from(c) - 1].clone(),
        }
    }

    fn clue_text(&self, clue: &[Block]) -> String {
        let blocks: Vec<String> = clue.iter().map(|b| format!("{} {}", b.len, self.value_text(b.color))).collect();
        blocks.join(", ")
    }

    fn block_text(&self, length: usize, colour: u8) -> String {
        format!("{} {length}", self.value_text(colour))
    }

    fn not_colour_text(&self, colour: u8, _: usize) -> String {
        format!("cannot be {}", self.value_text(colour))
    }

    fn rules(&self) -> &'static Rules {
        &RULES
    }
}

impl SolveLine for ColorNonogram {
    type Solver = ColorLineSolver;

    fn solve_line(&self, solver: &mut ColorLineSolver, line: Line, cells: &[u32]) -> Option<Vec<u32>> {
        let mut cells: Vec<Mask> = cells.iter().map(|&m| Mask::from(m)).collect();
        solver.solve(clue_of(self.rows(), self.cols(), line), &mut cells).ok()?;
        Some(cells.into_iter().map(|m| m as u32).collect())
    }
}

// ---- the techniques only colour has ----

fn line_complete(puzzle: &ColorNonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, 0, line_complete_on)
}

fn line_complete_on(view: &LineView) -> Option<Found> {
    let n = view.cells.len();
    let coloured: usize = view.clue.iter().map(|b| b.len as usize).sum();
    // The highest colour: every colour is among an open cell's candidates.
    let colours = 31 - view.puzzle.all_values().leading_zeros();
    for colour in 0..=colours as u8 {
        let bit = 1u32 << colour;
        let needed = match colour {
            0 => n - coloured,
            c => view.clue.iter().filter(|b| b.color == c).map(|b| b.len as usize).sum(),
        };
        let decided = (0..n).filter(|&i| view.cells[i] == bit).count();
        let open: Vec<usize> = (0..n).filter(|&i| view.open(i) && view.cells[i] & bit != 0).collect();
        let name = view.puzzle.value_text(colour);
        if decided > needed || decided + open.len() < needed {
            return Some(view.contradiction(&format!("needs {needed} cells {name} and cannot have them")));
        }
        if open.is_empty() {
            continue;
        }
        let places = view.positions(&open);
        let (keep, why) = if decided == needed {
            let not = if colour == 0 { "coloured".to_string() } else { format!("not {name}") };
            let why = match (colour, needed) {
                (0, 0) => format!("the clue fills the line, so {places} {} {not}", is_are(open.len())),
                (0, _) => format!("all {needed} empty cells are placed, so {places} {} {not}", is_are(open.len())),
                (_, 0) => format!("the clue has no {name} block, so {places} {} {not}", is_are(open.len())),
                _ => format!("all {needed} {name} cells are placed, so {places} {} {not}", is_are(open.len())),
            };
            (!bit, why)
        } else if decided + open.len() == needed {
            let what = if colour == 0 { "empty cells".to_string() } else { format!("{name} cells") };
            (bit, format!("{needed} {what} need every cell that can be {name} ({places})"))
        } else {
            continue;
        };
        let keep: Vec<(usize, u32)> = open.iter().map(|&i| (i, keep)).collect();
        return view.step("line-complete", 1, format!("{}: {why}", view.header()), &keep);
    }
    None
}

fn colour_spaces(puzzle: &ColorNonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, COLOUR_SPACES_ID, colour_spaces_on)
}

fn colour_spaces_on(view: &LineView) -> Option<Found> {
    let ranges = view.ranges()?;
    let reached = view.reached_colours(&ranges);
    // Cells grouped by the colours that reach them and what they keep, in line order.
    let mut groups: Vec<(u32, u32, Vec<usize>)> = Vec::new();
    for (i, (&mask, &reach)) in view.cells.iter().zip(&reached).enumerate() {
        let keep = mask & (reach | BACKGROUND);
        if reach == 0 || keep == mask {
            continue;
        }
        match groups.iter_mut().find(|(r, k, _)| (*r, *k) == (reach, keep)) {
            Some((_, _, cells)) => cells.push(i),
            None => groups.push((reach, keep, vec![i])),
        }
    }
    if groups.is_empty() {
        return None;
    }
    let said: Vec<String> = groups
        .iter()
        .map(|(reach, keep, cells)| {
            let only = view.values(*reach).replace(" or ", " and ");
            format!(
                "only {only} blocks can reach {}, so {} can only be {}",
                view.positions(cells),
                if cells.len() == 1 { "it" } else { "they" },
                view.values(*keep)
            )
        })
        .collect();
    let keep: Vec<(usize, u32)> =
        groups.iter().flat_map(|(_, keep, cells)| cells.iter().map(move |&i| (i, *keep))).collect();
    view.step("colour-spaces", 1, format!("{}: {}", view.header(), said.join("; ")), &keep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explain::test_support::NoClock;
    use crate::engine::explain::{explain, Change, ExplainOptions, ExplainStatus, Step};

    const RED: u8 = 1;
    const BLUE: u8 = 2;

    fn block(len: u32, color: u8) -> Block {
        Block { len, color }
    }

    /// A one-row puzzle with `clue` over `width` columns, each column clued by what the
    /// row's cell needs (so the columns say nothing the row does not).
    fn row_puzzle(clue: Vec<Block>, picture: &[u8]) -> ColorNonogram {
        let cols = picture.iter().map(|&c| if c == 0 { vec![] } else { vec![block(1, c)] }).collect();
        ColorNonogram::new(vec!["#d03030".into(), "#3050d0".into()], None, vec![clue], cols).unwrap()
    }

    /// The first step of `find` on row 1 of the puzzle's board with some cells narrowed.
    fn first(
        find: fn(&ColorNonogram, &Board) -> Option<Found>,
        puzzle: &ColorNonogram,
        cells: &[(usize, u32)],
    ) -> Step {
        let mut board = puzzle.board();
        for &(col, mask) in cells {
            board.restrict((0, col), DigitSet(mask));
        }
        match find(puzzle, &board) {
            Some(Found::Step(step)) => step,
            other => panic!("expected a step, got {other:?}"),
        }
    }

    #[test]
    fn overlap_names_the_colour_of_the_block() {
        // 4 red, 1 blue on 6 cells: the red covers columns 2–4 wherever it lies.
        let puzzle = row_puzzle(vec![block(4, RED), block(1, BLUE)], &[1, 1, 1, 1, 2, 0]);
        let step = first(overlap, &puzzle, &[]);
        assert_eq!(
            step.message,
            "row 1 (clue 4 #d03030, 1 #3050d0): the #d03030 4 covers columns 2–4 wherever it lies"
        );
        let set: Vec<_> = step.changes.iter().map(|c| (c.cell(), c.clone())).collect();
        assert_eq!(set.len(), 3);
        assert!(step.changes.iter().all(|c| matches!(c, Change::Set { value: 1, .. })));
        // Different colours touch: 2 red then 2 blue fill 4 cells with no gap.
        let puzzle = row_puzzle(vec![block(2, RED), block(2, BLUE)], &[1, 1, 2, 2]);
        assert_eq!(first(overlap, &puzzle, &[]).changes.len(), 4);
    }

    #[test]
    fn colour_spaces_says_a_cell_can_only_be_red_or_empty() {
        // 1 red then 1 blue on 5 cells: the red reaches columns 1–4, the blue 2–5.
        let puzzle = row_puzzle(vec![block(1, RED), block(1, BLUE)], &[1, 2, 0, 0, 0]);
        let step = first(colour_spaces, &puzzle, &[]);
        assert_eq!(
            step.message,
            "row 1 (clue 1 #d03030, 1 #3050d0): only #d03030 blocks can reach column 1, so it can only be #d03030 or empty; \
             only #3050d0 blocks can reach column 5, so it can only be #3050d0 or empty"
        );
        assert_eq!(
            step.changes,
            vec![
                Change::Remove { cell: (0, 0), values: DigitSet::single(2) },
                Change::Remove { cell: (0, 4), values: DigitSet::single(1) },
            ]
        );
    }

    #[test]
    fn punctuation_keeps_other_colours_next_to_a_complete_block() {
        // 1 red, 2 blue, 1 red on 6 cells; columns 3–4 blue and complete: their ends are not blue.
        let puzzle = row_puzzle(vec![block(1, RED), block(2, BLUE), block(1, RED)], &[0, 1, 2, 2, 1, 0]);
        let blue = 1 << BLUE;
        let step = first(punctuation, &puzzle, &[(2, blue), (3, blue)]);
        assert_eq!(
            step.message,
            "row 1 (clue 1 #d03030, 2 #3050d0, 1 #d03030): columns 3–4 are a complete #3050d0 2, so columns 2 and 5 cannot be #3050d0"
        );
        assert_eq!(step.changes[0], Change::Remove { cell: (0, 1), values: DigitSet::single(2) });
    }

    #[test]
    fn line_complete_counts_each_colour() {
        let puzzle = row_puzzle(vec![block(1, RED), block(1, BLUE)], &[1, 2, 0, 0]);
        let step = first(line_complete, &puzzle, &[(0, 1 << RED)]);
        assert_eq!(
            step.message,
            "row 1 (clue 1 #d03030, 1 #3050d0): all 1 #d03030 cells are placed, so columns 2–4 are not #d03030"
        );
        assert_eq!(step.changes.len(), 3);
    }

    #[test]
    fn line_logic_narrows_with_the_exact_line_solver() {
        // 2 red, 2 red on 5 cells: the only placement is ##.## — overlap sees it too, but
        // line-logic says it all in one step.
        let puzzle = row_puzzle(vec![block(2, RED), block(2, RED)], &[1, 1, 0, 1, 1]);
        let step = first(line_logic, &puzzle, &[]);
        assert_eq!(
            step.message,
            "row 1 (clue 2 #d03030, 2 #d03030): in every placement of the clue that fits the known cells, \
             columns 1–2 and 4–5 are #d03030 and column 3 is empty"
        );
    }

    #[test]
    fn a_two_colour_puzzle_is_explained_and_trial_names_colours() {
        // The example of color.rs: rows [1r 1b] [1b 1r], columns the same — unique.
        let rows = vec![vec![block(1, RED), block(1, BLUE)], vec![block(1, BLUE), block(1, RED)]];
        let puzzle = ColorNonogram::new(vec!["#d03030".into(), "#3050d0".into()], None, rows.clone(), rows).unwrap();
        let explanation = explain(&puzzle, puzzle.board(), &ExplainOptions::default(), &NoClock);
        assert_eq!(explanation.status, ExplainStatus::Solved);
        assert_eq!(explanation.board.grid(), Some(vec![vec![1, 2], vec![2, 1]]));
        assert_eq!(puzzle.value_name(0), "empty");
        assert_eq!(puzzle.value_name(2), "#3050d0");
    }

    #[test]
    fn player_boards_take_colour_indices_and_name_bad_ones() {
        let puzzle = row_puzzle(vec![block(1, RED)], &[1, 0]);
        let board = puzzle.player_board(&[vec![Some(1), None]]).unwrap();
        assert_eq!(board.value((0, 0)), Some(1));
        assert_eq!(board.candidates((0, 1)), DigitSet(0b111));
        let e = puzzle.player_board(&[vec![Some(3), None]]).unwrap_err();
        assert_eq!(e.to_string(), "board[0][0]: expected a colour 1..2, 0 (empty) or null, got 3");
        let many: Vec<String> = (0..32).map(|i| format!("#{i:06x}")).collect();
        let wide = ColorNonogram::new(many, None, vec![vec![block(1, 32)]], vec![vec![block(1, 32)]]).unwrap();
        let e = wide.check_explainable().unwrap_err();
        assert_eq!(e.to_string(), "colors: explained logic takes up to 31 colours, this puzzle has 32");
    }
}
