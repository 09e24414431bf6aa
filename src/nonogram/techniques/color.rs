//! Colour nonogram techniques for explained logic ([`crate::engine::explain`]): the
//! black-and-white line techniques (`mono.rs`) carried over to colours, each a small
//! function that returns the first line where it applies as a [`Step`].
//!
//! Board values: a cell's candidates are the colours it can still take, bit 0 the background
//! (value 0, "empty"), bit `c` colour `c` — the masks of the colour line solver, so a cell
//! can be "red or empty" as well as decided. A player's board with only decided cells is
//! the same board with every other cell holding all colours. Candidates are the bits of a
//! `u32`, so explained logic takes up to [`MAX_EXPLAINED_COLORS`] colours.
//!
//! The relaxed ranges are those of black-and-white lines ([`relaxed_ranges`], shared): a
//! block of colour `c` may lie where every cell can be `c`, with a gap only before a block of
//! the same colour. On them:
//!
//! | id | level | what it deduces |
//! |---|---|---|
//! | `line-complete` | 1 | all cells of a colour (or of the background) are placed: the open cells are not that colour; or every cell that can be it is needed |
//! | `overlap` | 1 | cells a block covers wherever it lies take its colour |
//! | `simple-spaces` | 1 | cells no block can reach are empty |
//! | `colour-spaces` | 1 | a cell only blocks of some colours reach can only be those colours or empty ("can only be red or empty") |
//! | `punctuation` | 2 | a stretch of one colour as long as every block of that colour that can hold it is complete: its ends are not that colour |
//! | `line-logic` | 3 | any cell whose colours the exact colour line solver (`line/color.rs`) narrows |
//!
//! Steps name colours by the puzzle's CSS strings ("#d03030") and the background "empty".
//! Cost: the range techniques are O(length × blocks) per line, `line-logic` one colour line
//! solve per line; every line is scanned until one applies. The engine's `trial` follows.

use super::mono::{
    block_name, board_of_cells, join_and, line_cell, line_header, positions_text, relaxed_ranges, span_text, Ranges,
};
use crate::engine::bits::DigitSet;
use crate::engine::error::{Error, Place};
use crate::engine::explain::{Axis, Board, Cell, Explain, Found, Line, Step, Technique};
use crate::engine::search::Grid;
use crate::nonogram::color::{Block, ColorNonogram};
use crate::nonogram::line::color::{ColorLineSolver, Mask};

/// The most colours explained logic takes: a cell's candidates are the bits of a `u32`, bit
/// 0 the background.
pub const MAX_EXPLAINED_COLORS: usize = 31;

/// The background's bit.
const BACKGROUND: u32 = 1;

/// The highest level of a named colour technique (the explainer's `hard`): above it only
/// trial is left, so a generated colour nonogram is never `expert`.
pub const COLOR_TOP_TECHNIQUE_LEVEL: u8 = TECHNIQUES[TECHNIQUES.len() - 1].level;

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
        id: "line-logic",
        level: 3,
        summary: "a cell whose colours are narrowed in every placement of the line's blocks that fits its known cells",
        find: line_logic,
    },
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
        colour_name(self, value)
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

/// A colour in messages: its CSS string, "empty" for the background.
fn colour_name(puzzle: &ColorNonogram, colour: u8) -> String {
    match colour {
        0 => "empty".into(),
        c => puzzle.colors()[usize::from(c) - 1].clone(),
    }
}

/// A set of colours in messages: "#d03030 or empty", "#d03030, #3050d0 or empty".
fn colours_text(puzzle: &ColorNonogram, mask: u32) -> String {
    // The colours first, the background last: "red or empty" reads better than "empty or red".
    let mut names: Vec<String> = (1..32).filter(|&c| mask >> c & 1 == 1).map(|c| colour_name(puzzle, c)).collect();
    if mask & BACKGROUND != 0 {
        names.push(colour_name(puzzle, 0));
    }
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// One line of the board as the colour techniques see it.
struct ColorLine<'a> {
    puzzle: &'a ColorNonogram,
    board: &'a Board,
    line: Line,
    clue: &'a [Block],
    /// The candidates of the line's cells (bit `c`: colour `c` possible).
    cells: Vec<u32>,
}

impl<'a> ColorLine<'a> {
    fn new(puzzle: &'a ColorNonogram, board: &'a Board, line: Line) -> ColorLine<'a> {
        let (clue, length) = match line.axis {
            Axis::Row => (&puzzle.rows()[line.index], puzzle.width()),
            Axis::Col => (&puzzle.cols()[line.index], puzzle.height()),
        };
        let cells = (0..length).map(|i| board.candidates(line_cell(line, i)).0).collect();
        ColorLine { puzzle, board, line, clue, cells }
    }

    fn cell(&self, i: usize) -> Cell {
        line_cell(self.line, i)
    }

    fn name(&self, colour: u8) -> String {
        colour_name(self.puzzle, colour)
    }

    /// "row 7 (clue 2 #d03030, 1 #3050d0)".
    fn header(&self) -> String {
        let blocks: Vec<String> = self.clue.iter().map(|b| format!("{} {}", b.len, self.name(b.color))).collect();
        line_header(self.line, &blocks.join(", "))
    }

    fn span(&self, first: usize, last: usize) -> String {
        span_text(self.line.axis, first, last)
    }

    fn positions(&self, positions: &[usize]) -> String {
        positions_text(self.line.axis, positions)
    }

    /// "the #d03030 5", or "the second #d03030 2".
    fn block(&self, j: usize) -> String {
        let Block { len, color } = self.clue[j];
        block_name(self.clue, j, &format!("{} {len}", self.name(color)))
    }

    /// Whether block `j` starting at `s` lies in the line on cells that can all take its colour.
    fn fits(&self, s: usize, j: usize) -> bool {
        let Block { len, color } = self.clue[j];
        let end = s + len as usize;
        end <= self.cells.len() && self.cells[s..end].iter().all(|&m| m >> color & 1 == 1)
    }

    fn ranges(&self) -> Option<Ranges> {
        relaxed_ranges(self.clue, self.cells.len(), |s, j| self.fits(s, j))
    }

    /// Whether the cell at `i` still has more than one colour.
    fn open(&self, i: usize) -> bool {
        self.cells[i].count_ones() > 1
    }

    /// A step narrowing the cells at the positions to the colours of their `keep` masks.
    fn step(&self, technique: &'static str, level: u8, message: String, keep: &[(usize, u32)]) -> Option<Found> {
        let changes: Vec<_> =
            keep.iter().filter_map(|&(i, mask)| self.board.narrowing(self.cell(i), DigitSet(mask))).collect();
        if changes.is_empty() {
            return None;
        }
        let all = self.puzzle.all_colours().0;
        Some(Found::Step(Step {
            technique,
            level,
            message,
            changes,
            reasons: (0..self.cells.len()).filter(|&i| self.cells[i] != all).map(|i| self.cell(i)).collect(),
            lines: vec![self.line],
        }))
    }

    /// A contradiction on this line.
    fn contradiction(&self, why: &str) -> Found {
        let all = self.puzzle.all_colours().0;
        Found::Contradiction {
            message: format!("{} {why}", self.header()),
            reasons: (0..self.cells.len()).filter(|&i| self.cells[i] != all).map(|i| self.cell(i)).collect(),
        }
    }

    /// The maximal stretches of cells decided to one colour (not the background), as
    /// (first, last, colour).
    fn coloured_stretches(&self) -> Vec<(usize, usize, u8)> {
        let mut stretches: Vec<(usize, usize, u8)> = Vec::new();
        for i in 0..self.cells.len() {
            let mask = self.cells[i];
            if mask.count_ones() != 1 || mask == BACKGROUND {
                continue;
            }
            let colour = mask.trailing_zeros() as u8;
            match stretches.last_mut() {
                Some((_, last, c)) if *last + 1 == i && *c == colour => *last = i,
                _ => stretches.push((i, i, colour)),
            }
        }
        stretches
    }
}

/// "it is" / "they are".
fn is_are(count: usize) -> &'static str {
    if count == 1 {
        "is"
    } else {
        "are"
    }
}

/// The first line (rows, then columns) with an open cell on which `on_line` finds something.
fn first_line(
    puzzle: &ColorNonogram,
    board: &Board,
    mut on_line: impl FnMut(&ColorLine) -> Option<Found>,
) -> Option<Found> {
    let rows = (0..puzzle.height()).map(|index| Line { axis: Axis::Row, index });
    let lines = rows.chain((0..puzzle.width()).map(|index| Line { axis: Axis::Col, index }));
    lines
        .map(|line| ColorLine::new(puzzle, board, line))
        .filter(|view| (0..view.cells.len()).any(|i| view.open(i)))
        .find_map(|view| on_line(&view))
}

// ---- the techniques ----

fn line_complete(puzzle: &ColorNonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, line_complete_on)
}

fn line_complete_on(view: &ColorLine) -> Option<Found> {
    let n = view.cells.len();
    let coloured: usize = view.clue.iter().map(|b| b.len as usize).sum();
    for colour in 0..=view.puzzle.colors().len() as u8 {
        let bit = 1u32 << colour;
        let needed = match colour {
            0 => n - coloured,
            c => view.clue.iter().filter(|b| b.color == c).map(|b| b.len as usize).sum(),
        };
        let decided = (0..n).filter(|&i| view.cells[i] == bit).count();
        let open: Vec<usize> = (0..n).filter(|&i| view.open(i) && view.cells[i] & bit != 0).collect();
        let name = view.name(colour);
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

fn overlap(puzzle: &ColorNonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, overlap_on)
}

fn overlap_on(view: &ColorLine) -> Option<Found> {
    let Some(ranges) = view.ranges() else {
        return Some(view.contradiction("has no room for its blocks on the cells that can take their colours"));
    };
    let mut keep = Vec::new();
    let mut said = Vec::new();
    for (j, block) in view.clue.iter().enumerate() {
        let (from, to) = (ranges.last[j], ranges.first[j] + block.len as usize);
        let bit = 1u32 << block.color;
        let new: Vec<usize> = (from..to).filter(|&i| view.cells[i] != bit).collect();
        if !new.is_empty() {
            said.push(format!("{} covers {}", view.block(j), view.span(from, to - 1)));
            keep.extend(new.into_iter().map(|i| (i, bit)));
        }
    }
    if keep.is_empty() {
        return None;
    }
    let wherever = if said.len() == 1 { "wherever it lies" } else { "wherever they lie" };
    view.step("overlap", 1, format!("{}: {} {wherever}", view.header(), join_and(&said)), &keep)
}

/// The colours of the blocks whose ranges reach each cell (a mask without the background).
fn reached_colours(view: &ColorLine, ranges: &Ranges) -> Vec<u32> {
    let mut reached = vec![0u32; view.cells.len()];
    for (j, block) in view.clue.iter().enumerate() {
        let (a, b) = ranges.reach(view.clue, j);
        for mask in &mut reached[a..=b] {
            *mask |= 1 << block.color;
        }
    }
    reached
}

fn simple_spaces(puzzle: &ColorNonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, simple_spaces_on)
}

fn simple_spaces_on(view: &ColorLine) -> Option<Found> {
    let ranges = view.ranges()?;
    let reached = reached_colours(view, &ranges);
    let unreached: Vec<usize> =
        (0..view.cells.len()).filter(|&i| reached[i] == 0 && view.cells[i] & !BACKGROUND != 0).collect();
    if unreached.is_empty() {
        return None;
    }
    let message = format!("{}: no block can reach {}, so they are empty", view.header(), view.positions(&unreached));
    let keep: Vec<(usize, u32)> = unreached.iter().map(|&i| (i, BACKGROUND)).collect();
    view.step("simple-spaces", 1, message, &keep)
}

fn colour_spaces(puzzle: &ColorNonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, colour_spaces_on)
}

fn colour_spaces_on(view: &ColorLine) -> Option<Found> {
    let ranges = view.ranges()?;
    let reached = reached_colours(view, &ranges);
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
            let only = colours_text(view.puzzle, *reach).replace(" or ", " and ");
            format!(
                "only {only} blocks can reach {}, so {} can only be {}",
                view.positions(cells),
                if cells.len() == 1 { "it" } else { "they" },
                colours_text(view.puzzle, *keep)
            )
        })
        .collect();
    let keep: Vec<(usize, u32)> =
        groups.iter().flat_map(|(_, keep, cells)| cells.iter().map(move |&i| (i, *keep))).collect();
    view.step("colour-spaces", 1, format!("{}: {}", view.header(), said.join("; ")), &keep)
}

fn punctuation(puzzle: &ColorNonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, punctuation_on)
}

fn punctuation_on(view: &ColorLine) -> Option<Found> {
    let ranges = view.ranges()?;
    for (first, last, colour) in view.coloured_stretches() {
        let length = last - first + 1;
        // The blocks of this colour that can hold the stretch, within their ranges.
        let holders: Vec<usize> = (0..view.clue.len())
            .filter(|&j| {
                let Block { len, color } = view.clue[j];
                let len = len as usize;
                let lo = ranges.first[j].max((last + 1).saturating_sub(len));
                let hi = ranges.last[j].min(first);
                color == colour && len >= length && (lo..=hi).any(|s| view.fits(s, j))
            })
            .collect();
        if holders.is_empty() || holders.iter().any(|&j| view.clue[j].len as usize != length) {
            continue;
        }
        let bit = 1u32 << colour;
        let ends: Vec<usize> = [first.checked_sub(1), Some(last + 1)]
            .into_iter()
            .flatten()
            .filter(|&i| view.cells.get(i).is_some_and(|&m| m & bit != 0))
            .collect();
        if ends.is_empty() {
            continue;
        }
        let name = view.name(colour);
        let message = format!(
            "{}: {} are a complete {name} {length}, so {} cannot be {name}",
            view.header(),
            view.span(first, last),
            view.positions(&ends),
        );
        let keep: Vec<(usize, u32)> = ends.iter().map(|&i| (i, !bit)).collect();
        return view.step("punctuation", 2, message, &keep);
    }
    None
}

fn line_logic(puzzle: &ColorNonogram, board: &Board) -> Option<Found> {
    let mut solver = ColorLineSolver::default();
    first_line(puzzle, board, |view| line_logic_on(view, &mut solver))
}

fn line_logic_on(view: &ColorLine, solver: &mut ColorLineSolver) -> Option<Found> {
    let mut cells: Vec<Mask> = view.cells.iter().map(|&m| Mask::from(m)).collect();
    match solver.solve(view.clue, &mut cells) {
        Err(_) => return Some(view.contradiction("has no placement that fits its known cells")),
        Ok(false) => return None,
        Ok(true) => {}
    }
    let mut groups: Vec<(u32, Vec<usize>)> = Vec::new();
    for (i, &mask) in cells.iter().enumerate() {
        let mask = mask as u32;
        if mask == view.cells[i] {
            continue;
        }
        match groups.iter_mut().find(|(m, _)| *m == mask) {
            Some((_, positions)) => positions.push(i),
            None => groups.push((mask, vec![i])),
        }
    }
    let said: Vec<String> = groups
        .iter()
        .map(|(mask, positions)| {
            let places = view.positions(positions);
            if mask.count_ones() == 1 {
                format!("{places} {} {}", is_are(positions.len()), colours_text(view.puzzle, *mask))
            } else {
                format!("{places} can only be {}", colours_text(view.puzzle, *mask))
            }
        })
        .collect();
    let message =
        format!("{}: in every placement of the clue that fits the known cells, {}", view.header(), join_and(&said));
    let keep: Vec<(usize, u32)> =
        groups.iter().flat_map(|(mask, positions)| positions.iter().map(move |&i| (i, *mask))).collect();
    view.step("line-logic", 3, message, &keep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explain::test_support::NoClock;
    use crate::engine::explain::{explain, Change, ExplainOptions, ExplainStatus};

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
