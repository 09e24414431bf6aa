//! Nonogram techniques for explained logic ([`crate::engine::explain`]): the deductions a
//! person makes on one line, then across a row and a column, each a small function that
//! returns the first line where it applies as a [`Step`].
//!
//! Board values: candidate bit 0 = empty (value 0), bit 1 = filled (value 1), the same bits
//! as the line solver's `EMPTY` / `FILLED`.
//!
//! Most techniques share one picture of a line, its *relaxed ranges*: where each block of
//! the clue can lie when only the empty cells (and the line's ends) are respected. The
//! leftmost and rightmost greedy packings give each block's first and last possible start;
//! every real placement puts the block between the two, so what holds over the whole range
//! holds in every solution (ranges ignore filled cells, so they only ever widen what is
//! possible — sound, and easy to say). On top of the ranges:
//!
//! | id | level | what it deduces |
//! |---|---|---|
//! | `line-complete` | 1 | the clue's filled cells are all placed (rest empty), or every open cell is needed (all filled) |
//! | `overlap` | 1 | cells a block covers wherever it lies (simple boxes) |
//! | `simple-spaces` | 1 | cells no block can reach are empty |
//! | `punctuation` | 2 | a filled stretch as long as every block that can hold it is complete: its ends are empty |
//! | `glue` | 2 | a filled cell near an edge or an empty cell: its block must reach at least its shortest length from there |
//! | `mercury` | 2 | the block through a filled cell cannot reach farther than its longest length, and no other block can: those cells are empty |
//! | `joining-splitting` | 2 | two filled stretches only one block can hold are joined; one cell that would join two stretches into a block longer than any is empty |
//! | `line-logic` | 3 | any other cell fixed in every placement of the line (the exact dynamic programme of `line/mono.rs`) |
//! | `two-lines` | 4 | a value of a cell makes its row decide a cell whose column then has no placement (or the other way round) |
//!
//! Cost: the range techniques are O(length × clues) per line and scan the lines until one
//! applies; `line-logic` is one line solve per line; `two-lines` two line solves per open
//! cell and value plus one per cell that decides. The engine's `trial` follows after them.

use crate::engine::bits::DigitSet;
use crate::engine::error::{Error, Place};
use crate::engine::explain::{cell_name, Axis, Board, Cell, Change, Explain, Found, Line, Step, Technique};
use crate::engine::search::Grid;
use crate::nonogram::color::Block;
use crate::nonogram::line::mono::{LineSolver, EMPTY, FILLED, UNKNOWN};
use crate::nonogram::Nonogram;

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
        id: "line-logic",
        level: 3,
        summary: "a cell that is the same in every placement of the line that fits its known cells",
        find: line_logic,
    },
    Technique {
        id: "two-lines",
        level: 4,
        summary: "a cell value after which its row decides a cell that leaves its column no placement (or the other way round) is wrong",
        find: two_lines,
    },
];

impl Explain for Nonogram {
    fn board(&self) -> Board {
        Board::new(self.width(), self.height(), |_, _| Some(DigitSet(u32::from(UNKNOWN))))
    }

    fn techniques(&self) -> &'static [Technique<Self>] {
        TECHNIQUES
    }

    fn is_solution(&self, grid: &Grid) -> bool {
        let runs = |cells: &mut dyn Iterator<Item = u8>| -> Vec<u32> {
            let mut runs = Vec::new();
            let mut length = 0;
            for cell in cells.chain(std::iter::once(0)) {
                if cell == 1 {
                    length += 1;
                } else if length > 0 {
                    runs.push(length);
                    length = 0;
                }
            }
            runs
        };
        grid.len() == self.height()
            && grid.iter().all(|row| row.len() == self.width())
            && (0..self.height()).all(|r| runs(&mut grid[r].iter().copied()) == self.rows()[r])
            && (0..self.width()).all(|c| runs(&mut grid.iter().map(|row| row[c])) == self.cols()[c])
    }
}

impl Nonogram {
    /// The explained-logic board of a player's grid: `Some(1)` filled, `Some(0)` marked empty,
    /// `None` unknown. Errors name the place: `board` (rows), `board[r]` (cells),
    /// `board[r][c]` (a value other than 0 or 1).
    pub fn player_board(&self, cells: &[Vec<Option<u8>>]) -> Result<Board, Error> {
        let unknown = DigitSet(u32::from(UNKNOWN));
        board_of_cells(cells, (self.height(), self.width()), 1, "1 (filled), 0 (empty) or null", unknown)
    }
}

// ---- one line as the techniques see it ----

/// A line of the board: which line, its clue, and its cells as `EMPTY` / `FILLED` /
/// `UNKNOWN` bits (0: no value left).
struct LineView<'a> {
    line: Line,
    clue: &'a [u32],
    cells: Vec<u8>,
    /// `empties_before[i]`: how many of the first `i` cells are empty (so that whether a
    /// block fits somewhere is one subtraction).
    empties_before: Vec<u32>,
}

impl<'a> LineView<'a> {
    fn new(line: Line, clue: &'a [u32], cells: Vec<u8>) -> LineView<'a> {
        let mut empties_before = Vec::with_capacity(cells.len() + 1);
        empties_before.push(0);
        for &x in &cells {
            empties_before.push(empties_before.last().unwrap_or(&0) + u32::from(x & FILLED == 0));
        }
        LineView { line, clue, cells, empties_before }
    }

    /// Whether a block of `c` cells starting at `s` lies in the line and covers no empty cell.
    fn fits(&self, s: usize, c: usize) -> bool {
        s + c <= self.cells.len() && self.empties_before[s + c] == self.empties_before[s]
    }

    /// The board cell at position `i` of the line.
    fn cell(&self, i: usize) -> Cell {
        line_cell(self.line, i)
    }

    /// "row 7 (clue 5 2)".
    fn header(&self) -> String {
        let clue: Vec<String> = self.clue.iter().map(u32::to_string).collect();
        line_header(self.line, &clue.join(" "))
    }

    /// Positions `from..to` (or `..=`) named along the line: "columns 4–6", "row 3".
    fn span(&self, first: usize, last: usize) -> String {
        span_text(self.line.axis, first, last)
    }

    /// Positions named as maximal spans: "columns 1–2 and 7".
    fn positions(&self, positions: &[usize]) -> String {
        positions_text(self.line.axis, positions)
    }

    /// A step on this line setting `positions` to `value`.
    fn step(&self, technique: &'static str, level: u8, message: String, sets: &[(usize, u8)]) -> Found {
        Found::Step(Step {
            technique,
            level,
            message,
            changes: sets.iter().map(|&(i, value)| Change::Set { cell: self.cell(i), value }).collect(),
            reasons: self.decided().map(|i| self.cell(i)).collect(),
            lines: vec![self.line],
        })
    }

    /// Positions with one value.
    fn decided(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&i| self.cells[i] != UNKNOWN)
    }

    /// The maximal stretches of filled cells, as (first, last).
    fn filled_stretches(&self) -> Vec<(usize, usize)> {
        let mut stretches: Vec<(usize, usize)> = Vec::new();
        for i in (0..self.cells.len()).filter(|&i| self.cells[i] == FILLED) {
            match stretches.last_mut() {
                Some((_, last)) if *last + 1 == i => *last = i,
                _ => stretches.push((i, i)),
            }
        }
        stretches
    }

    /// "the 5", or "the second 2" when the clue has several blocks of that length.
    fn block(&self, j: usize) -> String {
        block_name(self.clue, j, &self.clue[j].to_string())
    }

    /// The line's relaxed ranges (see the module docs); `None` when the blocks do not fit
    /// between the empty cells at all.
    fn ranges(&self) -> Option<Ranges> {
        relaxed_ranges(self.clue, self.cells.len(), |s, j| self.fits(s, self.clue[j] as usize))
    }

    /// The blocks that can hold the filled stretch `first..=last`: long enough, placeable
    /// over it without covering an empty cell, within their ranges.
    fn holders(&self, ranges: &Ranges, (first, last): (usize, usize)) -> Vec<usize> {
        (0..self.clue.len())
            .filter(|&j| {
                let c = self.clue[j] as usize;
                let lo = ranges.first[j].max((last + 1).saturating_sub(c));
                let hi = ranges.last[j].min(first);
                c > last - first && (lo..=hi).any(|s| self.fits(s, c))
            })
            .collect()
    }

    /// The first position of the stretch of non-empty cells holding `i`, and its last.
    fn room(&self, i: usize) -> (usize, usize) {
        let start = (0..i).rev().find(|&p| self.cells[p] == EMPTY).map_or(0, |p| p + 1);
        let end = (i + 1..self.cells.len()).find(|&p| self.cells[p] == EMPTY).map_or(self.cells.len() - 1, |p| p - 1);
        (start, end)
    }

    /// A contradiction on this line.
    fn contradiction(&self, why: &str) -> Found {
        Found::Contradiction {
            message: format!("{} {why}", self.header()),
            reasons: self.decided().map(|i| self.cell(i)).collect(),
        }
    }
}

/// Where each block can start: `first[j]..=last[j]`.
pub(super) struct Ranges {
    pub(super) first: Vec<usize>,
    pub(super) last: Vec<usize>,
}

impl Ranges {
    /// The cells block `j` can cover, `first..=last`.
    pub(super) fn reach<B: ClueBlock>(&self, clue: &[B], j: usize) -> (usize, usize) {
        (self.first[j], self.last[j] + clue[j].length() - 1)
    }
}

// ---- what black-and-white and colour lines share ----

/// A clue number as the line techniques see it: a black-and-white clue is a block of
/// colour 1, a colour clue a [`Block`]. Blocks of one colour need a gap between them,
/// blocks of different colours may touch.
pub(super) trait ClueBlock: Copy + PartialEq {
    /// Its length in cells.
    fn length(self) -> usize;
    /// Its colour (1 for black-and-white).
    fn colour(self) -> u8;
}

impl ClueBlock for u32 {
    fn length(self) -> usize {
        self as usize
    }
    fn colour(self) -> u8 {
        1
    }
}

impl ClueBlock for Block {
    fn length(self) -> usize {
        self.len as usize
    }
    fn colour(self) -> u8 {
        self.color
    }
}

/// The relaxed ranges (see the module docs) of `clue` on a line of `n` cells, where
/// `fits(s, j)` says whether block `j` may cover the cells from `s` (inside the line, every
/// cell able to take its colour): the leftmost and the rightmost greedy packing, with a
/// gap only between blocks of one colour. `None` when the blocks do not fit at all.
pub(super) fn relaxed_ranges<B: ClueBlock>(
    clue: &[B],
    n: usize,
    fits: impl Fn(usize, usize) -> bool,
) -> Option<Ranges> {
    // The cells needed between block `j` and block `j + 1`.
    let gap = |j: usize| usize::from(clue.get(j + 1).is_some_and(|next| next.colour() == clue[j].colour()));
    let mut first = Vec::with_capacity(clue.len());
    let mut pos = 0;
    for (j, block) in clue.iter().enumerate() {
        let s = (pos..n).find(|&s| fits(s, j))?;
        first.push(s);
        pos = s + block.length() + gap(j);
    }
    let mut last = vec![0; clue.len()];
    let mut end = n; // blocks from here on lie before `end`
    for j in (0..clue.len()).rev() {
        let s = (0..=end.checked_sub(clue[j].length())?).rev().find(|&s| fits(s, j))?;
        last[j] = s;
        let before = if j > 0 { gap(j - 1) } else { 0 };
        if j > 0 && s < before.max(1) {
            return None;
        }
        end = s - before;
    }
    Some(Ranges { first, last })
}

/// The board cell at position `i` of `line`.
pub(super) fn line_cell(line: Line, i: usize) -> Cell {
    match line.axis {
        Axis::Row => (line.index, i),
        Axis::Col => (i, line.index),
    }
}

/// "row 7 (clue 5 2)", from the clue's text ("0" when it is empty).
pub(super) fn line_header(line: Line, clue: &str) -> String {
    let clue = if clue.is_empty() { "0" } else { clue };
    format!("{} {} (clue {clue})", line_word(line.axis), line.index + 1)
}

/// Positions `first..=last` named along a line of `axis`: "columns 4–6", "row 3".
pub(super) fn span_text(axis: Axis, first: usize, last: usize) -> String {
    let noun = position_word(axis);
    if first == last {
        format!("{noun} {}", first + 1)
    } else {
        format!("{noun}s {}–{}", first + 1, last + 1)
    }
}

/// Positions along a line of `axis` named as maximal spans: "columns 1–2 and 7".
pub(super) fn positions_text(axis: Axis, positions: &[usize]) -> String {
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for &p in positions {
        match spans.last_mut() {
            Some((_, last)) if *last + 1 == p => *last = p,
            _ => spans.push((p, p)),
        }
    }
    let several = positions.len() > 1;
    let noun = position_word(axis);
    let named: Vec<String> = spans
        .iter()
        .map(|&(a, b)| if a == b { format!("{}", a + 1) } else { format!("{}–{}", a + 1, b + 1) })
        .collect();
    format!("{noun}{} {}", if several { "s" } else { "" }, join_and(&named))
}

/// Block `j` of `clue` named by `said` ("5", "#d03030 5"): "the 5", or "the second 5" when
/// the clue has several blocks equal to it.
pub(super) fn block_name<B: ClueBlock>(clue: &[B], j: usize, said: &str) -> String {
    if clue.iter().filter(|&&x| x == clue[j]).count() == 1 {
        return format!("the {said}");
    }
    let nth = clue[..j].iter().filter(|&&x| x == clue[j]).count();
    const ORDINALS: [&str; 10] =
        ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
    match ORDINALS.get(nth) {
        Some(word) => format!("the {word} {said}"),
        None => format!("the {}th {said}", nth + 1),
    }
}

/// The explained-logic board of a player's grid of `height` rows of `width` cells: a value
/// `0..=max` decides the cell, `None` leaves it `unknown`. Errors name the place: `board`
/// (rows), `board[r]` (cells), `board[r][c]` ("expected {expected}, got 7").
pub(super) fn board_of_cells(
    cells: &[Vec<Option<u8>>],
    (height, width): (usize, usize),
    max: u8,
    expected: &str,
    unknown: DigitSet,
) -> Result<Board, Error> {
    let field = |name: String| Place::Field(name);
    if cells.len() != height {
        return Err(Error::new(field("board".into()), format!("expected {height} rows, got {}", cells.len())));
    }
    for (r, row) in cells.iter().enumerate() {
        if row.len() != width {
            return Err(Error::new(field(format!("board[{r}]")), format!("expected {width} cells, got {}", row.len())));
        }
        if let Some(c) = row.iter().position(|v| v.is_some_and(|v| v > max)) {
            return Err(Error::new(
                field(format!("board[{r}][{c}]")),
                format!("expected {expected}, got {}", row[c].unwrap_or(0)),
            ));
        }
    }
    Ok(Board::new(width, height, |r, c| Some(cells[r][c].map_or(unknown, |v| DigitSet::single(v.into())))))
}

pub(super) fn line_word(axis: Axis) -> &'static str {
    match axis {
        Axis::Row => "row",
        Axis::Col => "column",
    }
}

/// What the positions along a line are called: a row's are columns, a column's rows.
fn position_word(axis: Axis) -> &'static str {
    match axis {
        Axis::Row => "column",
        Axis::Col => "row",
    }
}

/// "a", "a and b", "a, b and c".
pub(super) fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The view of one line of the board.
fn view<'a>(puzzle: &'a Nonogram, board: &Board, line: Line) -> LineView<'a> {
    let (clue, length) = match line.axis {
        Axis::Row => (&puzzle.rows()[line.index], puzzle.width()),
        Axis::Col => (&puzzle.cols()[line.index], puzzle.height()),
    };
    let at = |i: usize| if line.axis == Axis::Row { (line.index, i) } else { (i, line.index) };
    LineView::new(line, clue, (0..length).map(|i| board.candidates(at(i)).0 as u8).collect())
}

/// Every line, rows first.
fn all_lines(puzzle: &Nonogram) -> impl Iterator<Item = Line> {
    let rows = (0..puzzle.height()).map(|index| Line { axis: Axis::Row, index });
    rows.chain((0..puzzle.width()).map(|index| Line { axis: Axis::Col, index }))
}

/// What [`first_line`] remembers of one line since its cells last changed.
#[derive(Clone, Copy, Default)]
struct LineMemo {
    /// The techniques (bit `id`) that found nothing there.
    nothing: u16,
    /// Whether it has an undecided cell.
    open: bool,
    /// Whether it has a cell with no value left.
    emptied: bool,
}

/// What [`first_line`] remembers of the board it last saw.
#[derive(Default)]
struct Memo {
    /// The clues it was for.
    rows: Vec<Vec<u32>>,
    cols: Vec<Vec<u32>>,
    /// The candidates of every cell, row by row.
    cells: Vec<u8>,
    /// A slot per line number (rows, then columns).
    lines: Vec<LineMemo>,
}

std::thread_local! {
    /// A line technique is a function of its line's clue and cells alone, so "nothing here"
    /// holds as long as both are the same, whatever the puzzle. The engine's loop asks every
    /// line again after each step, and only the lines the step touched have changed: the
    /// memo keeps the last board seen, compares it cell by cell with the next (one pass over
    /// the board, row by row) and forgets only the lines of the cells that differ. (A 30×35
    /// explanation spent most of its time in those repeated questions before; a hash set of
    /// line states cost as much in hashing, and a copy of every line per technique — columns
    /// read across the rows — over half of the explanation.)
    static MEMO: std::cell::RefCell<Memo> = Default::default();
}

impl Memo {
    /// Bring the memo up to `board`: every line with a changed cell (all of them for other clues) forgets.
    fn update(&mut self, puzzle: &Nonogram, board: &Board) {
        let (height, width) = (puzzle.height(), puzzle.width());
        if self.rows != puzzle.rows() || self.cols != puzzle.cols() {
            self.rows = puzzle.rows().to_vec();
            self.cols = puzzle.cols().to_vec();
            self.cells.clear();
            self.cells.resize(width * height, u8::MAX); // no real candidate set: every line changes
            self.lines.clear();
            self.lines.resize(height + width, LineMemo::default());
        }
        let mut changed_rows = vec![false; height];
        let mut changed_cols = vec![false; width];
        for (row, row_changed) in changed_rows.iter_mut().enumerate() {
            for (col, col_changed) in changed_cols.iter_mut().enumerate() {
                let value = board.candidates((row, col)).0 as u8;
                let slot = &mut self.cells[row * width + col];
                if *slot != value {
                    *slot = value;
                    *row_changed = true;
                    *col_changed = true;
                }
            }
        }
        let changed = changed_rows.iter().chain(&changed_cols);
        for (line, _) in changed.enumerate().filter(|&(_, &changed)| changed) {
            let cells: &mut dyn Iterator<Item = u8> = if line < height {
                &mut self.cells[line * width..(line + 1) * width].iter().copied()
            } else {
                &mut self.cells.iter().skip(line - height).step_by(width).copied()
            };
            let mut memo = LineMemo::default();
            for cell in cells {
                memo.open |= cell == UNKNOWN;
                memo.emptied |= cell == 0;
            }
            self.lines[line] = memo;
        }
    }
}

/// The first line on which `on_line` (the technique `id`, below 16) finds something; lines
/// with no open cell, and lines unchanged since `on_line` found nothing there, are skipped
/// without building their view.
fn first_line(puzzle: &Nonogram, board: &Board, id: u8, on_line: fn(&LineView) -> Option<Found>) -> Option<Found> {
    let bit = 1u16 << id;
    MEMO.with(|memo| {
        let memo = &mut *memo.borrow_mut();
        memo.update(puzzle, board);
        all_lines(puzzle).zip(0..).find_map(|(line, slot)| {
            let state = memo.lines[slot];
            if state.emptied {
                return Some(view(puzzle, board, line).contradiction("has a cell with no value left"));
            }
            if !state.open || state.nothing & bit != 0 {
                return None;
            }
            let found = on_line(&view(puzzle, board, line));
            if found.is_none() {
                memo.lines[slot].nothing |= bit;
            }
            found
        })
    })
}

// ---- the techniques ----

fn line_complete(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, 0, line_complete_on)
}

fn line_complete_on(view: &LineView) -> Option<Found> {
    let needed: usize = view.clue.iter().map(|&c| c as usize).sum();
    let filled = view.cells.iter().filter(|&&x| x == FILLED).count();
    let open: Vec<usize> = (0..view.cells.len()).filter(|&i| view.cells[i] == UNKNOWN).collect();
    if filled > needed || filled + open.len() < needed {
        return Some(view.contradiction(&format!("needs {needed} filled cells and cannot have them")));
    }
    let (value, why) = if needed == 0 {
        (0, "the clue is 0, so the line is empty".to_string())
    } else if filled == needed {
        (0, format!("all {needed} filled cells are placed, so the open cells are empty"))
    } else if filled + open.len() == needed {
        (1, format!("{needed} filled cells need every open cell"))
    } else {
        return None;
    };
    let sets: Vec<(usize, u8)> = open.iter().map(|&i| (i, value)).collect();
    Some(view.step("line-complete", 1, format!("{}: {why} ({})", view.header(), view.positions(&open)), &sets))
}

fn overlap(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, 1, overlap_on)
}

fn overlap_on(view: &LineView) -> Option<Found> {
    let Some(ranges) = view.ranges() else {
        return Some(view.contradiction("has no room for its blocks between the empty cells"));
    };
    let mut sets = Vec::new();
    let mut said = Vec::new();
    for j in 0..view.clue.len() {
        let (from, to) = (ranges.last[j], ranges.first[j] + view.clue[j] as usize);
        let new: Vec<usize> = (from..to).filter(|&i| view.cells[i] == UNKNOWN).collect();
        if !new.is_empty() {
            said.push(format!("{} covers {}", view.block(j), view.span(from, to - 1)));
            sets.extend(new.into_iter().map(|i| (i, 1)));
        }
    }
    if sets.is_empty() {
        return None;
    }
    let wherever = if said.len() == 1 { "wherever it lies" } else { "wherever they lie" };
    Some(view.step("overlap", 1, format!("{}: {} {wherever}", view.header(), join_and(&said)), &sets))
}

fn simple_spaces(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, 2, simple_spaces_on)
}

fn simple_spaces_on(view: &LineView) -> Option<Found> {
    let ranges = view.ranges()?;
    let reached = |i: usize| {
        (0..view.clue.len()).any(|j| {
            let (a, b) = ranges.reach(view.clue, j);
            (a..=b).contains(&i)
        })
    };
    let unreached: Vec<usize> = (0..view.cells.len()).filter(|&i| view.cells[i] == UNKNOWN && !reached(i)).collect();
    if unreached.is_empty() {
        return None;
    }
    let message = format!("{}: no block can reach {}, so they are empty", view.header(), view.positions(&unreached));
    let sets: Vec<(usize, u8)> = unreached.iter().map(|&i| (i, 0)).collect();
    Some(view.step("simple-spaces", 1, message, &sets))
}

fn punctuation(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, 3, punctuation_on)
}

fn punctuation_on(view: &LineView) -> Option<Found> {
    let ranges = view.ranges()?;
    for stretch in view.filled_stretches() {
        let (first, last) = stretch;
        let holders = view.holders(&ranges, stretch);
        let length = last - first + 1;
        if holders.is_empty() || holders.iter().any(|&j| view.clue[j] as usize != length) {
            continue;
        }
        let ends: Vec<usize> = [first.checked_sub(1), Some(last + 1)]
            .into_iter()
            .flatten()
            .filter(|&i| view.cells.get(i) == Some(&UNKNOWN))
            .collect();
        if ends.is_empty() {
            continue;
        }
        let message = format!(
            "{}: {} are a complete {length}, so {} {} empty",
            view.header(),
            view.span(first, last),
            view.positions(&ends),
            if ends.len() == 1 { "is" } else { "are" }
        );
        let sets: Vec<(usize, u8)> = ends.iter().map(|&i| (i, 0)).collect();
        return Some(view.step("punctuation", 2, message, &sets));
    }
    None
}

fn glue(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, 4, glue_on)
}

fn glue_on(view: &LineView) -> Option<Found> {
    let ranges = view.ranges()?;
    for stretch in view.filled_stretches() {
        let (first, last) = stretch;
        let holders = view.holders(&ranges, stretch);
        let Some(shortest) = holders.iter().map(|&j| view.clue[j] as usize).min() else {
            continue;
        };
        let (start, end) = view.room(first);
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
        let sets: Vec<(usize, u8)> = fill.iter().map(|&i| (i, 1)).collect();
        return Some(view.step("glue", 2, message, &sets));
    }
    None
}

fn mercury(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, 5, mercury_on)
}

fn mercury_on(view: &LineView) -> Option<Found> {
    let ranges = view.ranges()?;
    let reaches = |j: usize, (a, b): (usize, usize)| {
        let (from, to) = ranges.reach(view.clue, j);
        from <= b && a <= to
    };
    for stretch in view.filled_stretches() {
        let (first, last) = stretch;
        let holders = view.holders(&ranges, stretch);
        let (Some(&lowest), Some(&highest)) = (holders.first(), holders.last()) else {
            continue;
        };
        let longest = holders.iter().map(|&j| view.clue[j] as usize).max().unwrap_or(0);
        let (start, end) = view.room(first);
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
            let sets: Vec<(usize, u8)> = cells.iter().map(|&i| (i, 0)).collect();
            return Some(view.step("mercury", 2, message, &sets));
        }
    }
    None
}

fn joining_splitting(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, 6, joining_splitting_on)
}

fn joining_splitting_on(view: &LineView) -> Option<Found> {
    let ranges = view.ranges()?;
    let stretches = view.filled_stretches();
    for pair in stretches.windows(2) {
        let ((a1, b1), (a2, b2)) = (pair[0], pair[1]);
        let gap: Vec<usize> = (b1 + 1..a2).collect();
        if gap.iter().any(|&i| view.cells[i] != UNKNOWN) {
            continue;
        }
        let (left, right) = (view.holders(&ranges, pair[0]), view.holders(&ranges, pair[1]));
        if left.len() == 1 && left == right {
            let message = format!(
                "{}: {} and {} both belong to {}, so {} between them {} filled",
                view.header(),
                view.span(a1, b1),
                view.span(a2, b2),
                view.block(left[0]),
                view.positions(&gap),
                if gap.len() == 1 { "is" } else { "are" }
            );
            let sets: Vec<(usize, u8)> = gap.iter().map(|&i| (i, 1)).collect();
            return Some(view.step("joining-splitting", 2, message, &sets));
        }
        if gap.len() == 1 && view.holders(&ranges, (a1, b2)).is_empty() {
            let message = format!(
                "{}: filling {} would join {} and {} into a block of {}, which no block of the clue can be, so it is empty",
                view.header(),
                view.span(gap[0], gap[0]),
                view.span(a1, b1),
                view.span(a2, b2),
                b2 - a1 + 1
            );
            return Some(view.step("joining-splitting", 2, message, &[(gap[0], 0)]));
        }
    }
    None
}

/// The line solver's answer for `cells` under `clue`: what every cell can be in some
/// placement (`EMPTY` / `FILLED` bits), `None` when there is no placement.
fn solve_line(solver: &mut LineSolver, clue: &[u32], cells: &[u8]) -> Option<Vec<u8>> {
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
    let bit = |plane: &[u64], i: usize| (plane[i / 64] >> (i % 64) & 1) as u8;
    Some((0..cells.len()).map(|i| (bit(can_fill, i) * FILLED) | (bit(can_empty, i) * EMPTY)).collect())
}

fn line_logic(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    first_line(puzzle, board, 7, line_logic_on)
}

fn line_logic_on(view: &LineView) -> Option<Found> {
    let Some(solved) = solve_line(&mut LineSolver::default(), view.clue, &view.cells) else {
        return Some(view.contradiction("has no placement that fits its known cells"));
    };
    let decided: Vec<usize> =
        (0..view.cells.len()).filter(|&i| view.cells[i] == UNKNOWN && solved[i] != UNKNOWN).collect();
    if decided.is_empty() {
        return None;
    }
    let of = |value: u8| -> Vec<usize> { decided.iter().copied().filter(|&i| solved[i] == value).collect() };
    let (filled, empty) = (of(FILLED), of(EMPTY));
    let mut said = Vec::new();
    for (cells, what) in [(&filled, "filled"), (&empty, "empty")] {
        if !cells.is_empty() {
            said.push(format!("{} {} {what}", view.positions(cells), if cells.len() == 1 { "is" } else { "are" }));
        }
    }
    let message =
        format!("{}: in every placement of the clue that fits the known cells, {}", view.header(), join_and(&said));
    let sets: Vec<(usize, u8)> = decided.iter().map(|&i| (i, u8::from(solved[i] == FILLED))).collect();
    Some(view.step("line-logic", 3, message, &sets))
}

/// The line crossing `line` at its position `i`, and the position of the crossing cell in it.
fn crossing(line: Line, i: usize) -> (Line, usize) {
    let axis = match line.axis {
        Axis::Row => Axis::Col,
        Axis::Col => Axis::Row,
    };
    (Line { axis, index: i }, line.index)
}

fn two_lines(puzzle: &Nonogram, board: &Board) -> Option<Found> {
    let mut solver = LineSolver::default();
    for line in all_lines(puzzle) {
        let view = view(puzzle, board, line);
        for i in (0..view.cells.len()).filter(|&i| view.cells[i] == UNKNOWN) {
            for value in [FILLED, EMPTY] {
                let mut assumed = view.cells.clone();
                assumed[i] = value;
                // The line itself has a placement (else line-logic would have decided the cell).
                let Some(solved) = solve_line(&mut solver, view.clue, &assumed) else { continue };
                for p in (0..assumed.len()).filter(|&p| p != i && view.cells[p] == UNKNOWN && solved[p] != UNKNOWN) {
                    let (other, at) = crossing(line, p);
                    let cross = self::view(puzzle, board, other);
                    let mut crossed = cross.cells.clone();
                    crossed[at] = solved[p];
                    if solve_line(&mut solver, cross.clue, &crossed).is_some() {
                        continue;
                    }
                    let word = |v: u8| if v == FILLED { "filled" } else { "empty" };
                    let (cell, forced) = (view.cell(i), view.cell(p));
                    let message = format!(
                        "if {} were {}, {} would make {} {}, and {} would have no placement — so {} is {}",
                        cell_name(cell),
                        word(value),
                        view.header(),
                        cell_name(forced),
                        word(solved[p]),
                        cross.header(),
                        cell_name(cell),
                        word(value ^ UNKNOWN),
                    );
                    let mut reasons: Vec<Cell> = view.decided().map(|q| view.cell(q)).collect();
                    reasons.extend(cross.decided().map(|q| cross.cell(q)));
                    return Some(Found::Step(Step {
                        technique: "two-lines",
                        level: 4,
                        message,
                        changes: vec![Change::Set { cell, value: u8::from(value == EMPTY) }],
                        reasons,
                        lines: vec![line, other],
                    }));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explain::{explain, ExplainOptions, ExplainStatus};
    use crate::engine::search::Clock;
    use crate::nonogram::line::mono::tests::line as cells;

    /// Row 7 (index 6) with `clue` and the cells of `text`.
    fn row<'a>(clue: &'a [u32], text: &str) -> LineView<'a> {
        LineView::new(Line { axis: Axis::Row, index: 6 }, clue, cells(text))
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
        board.restrict((0, 0), DigitSet(u32::from(FILLED)));
        let Some(Found::Step(step)) = line_logic(&puzzle, &board) else { panic!("expected a step") };
        assert_eq!(step.technique, "line-logic");
        assert_eq!(step.message, "row 1 (clue 1 3): in every placement of the clue that fits the known cells, columns 3–5 are filled and column 2 is empty");
    }

    #[test]
    fn two_lines_finds_a_contradiction_across_a_row_and_a_column() {
        // 2×2 with rows [1],[1] and columns [1],[1] would be two diagonals; with row 1 `1`,
        // row 2 `2`, column 1 `2`, column 2 `1`: r1c2 filled would make r1c1 empty (row 1),
        // and column 1 (clue 2) would have no placement.
        let puzzle = Nonogram::new(vec![vec![1], vec![2]], vec![vec![2], vec![1]]).unwrap();
        let board = puzzle.board();
        let Some(Found::Step(step)) = two_lines(&puzzle, &board) else { panic!("expected a step") };
        assert_eq!(step.technique, "two-lines");
        assert_eq!(step.changes.len(), 1);
        // Whatever it found must agree with the unique solution [[1,0],[1,1]].
        let Change::Set { cell: (r, c), value } = step.changes[0] else { panic!() };
        assert_eq!(value, [[1, 0], [1, 1]][r][c]);
        assert_eq!(step.lines.len(), 2);
    }

    struct NoClock;
    impl Clock for NoClock {
        fn now_ms(&self) -> f64 {
            0.0
        }
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
