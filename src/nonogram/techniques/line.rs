//! One line of the board as the techniques see it ([`LineView`]), for both kinds, and the
//! scan over the lines ([`first_line`]) that every line technique runs in.
//!
//! Most techniques share one picture of a line, its *relaxed ranges*: where each block of the
//! clue can lie when only the cells that cannot take its colour (and the line's ends) are
//! respected. The leftmost and rightmost greedy packings, with a gap only between blocks of
//! one colour, give each block's first and last possible start; every real placement puts
//! the block between the two, so what holds over the whole range holds in every solution
//! (ranges ignore the cells already coloured, so they only ever widen what is possible —
//! sound, and easy to say).
//!
//! Cost: building a view is O(length × colours of its clue) (a prefix count of the cells
//! barred to each colour, so that whether a block fits somewhere is one subtraction); a
//! range technique is O(length × blocks) on it.

use super::Kind;
use crate::engine::bits::DigitSet;
use crate::engine::error::{Error, Place};
use crate::engine::explain::{Axis, Board, Cell, Change, Found, Line, Step};
use crate::nonogram::color::Block;
use std::any::TypeId;

/// The background's bit in a cell's candidates.
pub(super) const BACKGROUND: u32 = 1;

/// A line of the board: which line, its clue, and its cells' candidates.
pub(super) struct LineView<'a> {
    pub(super) puzzle: &'a dyn Kind,
    pub(super) line: Line,
    pub(super) clue: Vec<Block>,
    /// The candidates of the line's cells (bit `c`: value `c` possible; 0: none left).
    pub(super) cells: Vec<u32>,
    /// `barred_before[c][i]`: how many of the first `i` cells cannot take colour `c` (for the
    /// colours up to the highest of the clue).
    barred_before: Vec<Vec<u32>>,
}

/// Where each block can start: `first[j]..=last[j]`.
pub(super) struct Ranges {
    pub(super) first: Vec<usize>,
    pub(super) last: Vec<usize>,
}

impl<'a> LineView<'a> {
    /// The view of `line` with `clue` and the candidates `cells`.
    pub(super) fn new(puzzle: &'a dyn Kind, line: Line, clue: Vec<Block>, cells: Vec<u32>) -> LineView<'a> {
        let colours = clue.iter().map(|block| block.color).max().unwrap_or(0);
        let barred_before = (0..=colours)
            .map(|colour| {
                let mut barred = Vec::with_capacity(cells.len() + 1);
                barred.push(0);
                for &x in &cells {
                    barred.push(barred.last().unwrap_or(&0) + u32::from(x >> colour & 1 == 0));
                }
                barred
            })
            .collect();
        LineView { puzzle, line, clue, cells, barred_before }
    }

    /// The view of `line` on `board`.
    pub(super) fn of(puzzle: &'a dyn Kind, board: &Board, line: Line) -> LineView<'a> {
        let mut clue = Vec::new();
        puzzle.clue(line, &mut clue);
        let length = if line.axis == Axis::Row { board.width() } else { board.height() };
        let cells = (0..length).map(|i| board.candidates(line_cell(line, i)).0).collect();
        LineView::new(puzzle, line, clue, cells)
    }

    /// Whether block `j` starting at `s` lies in the line on cells that can all take its colour.
    pub(super) fn fits(&self, s: usize, j: usize) -> bool {
        let block = self.clue[j];
        let (end, barred) = (s + block.len as usize, &self.barred_before[usize::from(block.color)]);
        end <= self.cells.len() && barred[end] == barred[s]
    }

    /// The board cell at position `i` of the line.
    pub(super) fn cell(&self, i: usize) -> Cell {
        line_cell(self.line, i)
    }

    /// Whether the cell at `i` still has more than one value.
    pub(super) fn open(&self, i: usize) -> bool {
        self.cells[i].count_ones() > 1
    }

    /// Positions some deduction has narrowed (the cells a step on the line rests on).
    pub(super) fn known(&self) -> impl Iterator<Item = usize> + '_ {
        let all = self.puzzle.all_values();
        (0..self.cells.len()).filter(move |&i| self.cells[i] != all)
    }

    /// "row 7 (clue 5 2)", "row 7 (clue 2 #d03030, 1 #3050d0)", "row 7 (clue 0)".
    pub(super) fn header(&self) -> String {
        let clue = if self.clue.is_empty() { "0".to_string() } else { self.puzzle.clue_text(&self.clue) };
        format!("{} {} (clue {clue})", line_word(self.line.axis), self.line.index + 1)
    }

    /// Positions `first..=last` named along the line: "columns 4–6", "row 3".
    pub(super) fn span(&self, first: usize, last: usize) -> String {
        let noun = position_word(self.line.axis);
        if first == last {
            format!("{noun} {}", first + 1)
        } else {
            format!("{noun}s {}–{}", first + 1, last + 1)
        }
    }

    /// Positions named as maximal spans: "columns 1–2 and 7".
    pub(super) fn positions(&self, positions: &[usize]) -> String {
        let named: Vec<String> = spans(positions.iter().copied())
            .into_iter()
            .map(|(a, b)| if a == b { format!("{}", a + 1) } else { format!("{}–{}", a + 1, b + 1) })
            .collect();
        let plural = if positions.len() > 1 { "s" } else { "" };
        format!("{}{plural} {}", position_word(self.line.axis), join_and(&named))
    }

    /// Block `j` named: "the 5", "the #d03030 5", or "the second 5" when the clue has several
    /// blocks equal to it.
    pub(super) fn block(&self, j: usize) -> String {
        let block = self.clue[j];
        let said = self.puzzle.block_text(block.len as usize, block.color);
        if self.clue.iter().filter(|&&x| x == block).count() == 1 {
            return format!("the {said}");
        }
        let nth = self.clue[..j].iter().filter(|&&x| x == block).count();
        const ORDINALS: [&str; 10] =
            ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
        match ORDINALS.get(nth) {
            Some(word) => format!("the {word} {said}"),
            None => format!("the {}th {said}", nth + 1),
        }
    }

    /// The values of `mask` in messages, colours first and the background last: "filled",
    /// "#d03030 or empty", "#d03030, #3050d0 or empty".
    pub(super) fn values(&self, mask: u32) -> String {
        let mut names: Vec<String> =
            (1..32).filter(|&c| mask >> c & 1 == 1).map(|c| self.puzzle.value_text(c)).collect();
        if mask & BACKGROUND != 0 {
            names.push(self.puzzle.value_text(0));
        }
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.join(""),
        }
    }

    /// The line's relaxed ranges (see the module docs); `None` when the blocks do not fit on
    /// the cells that can take their colours at all.
    pub(super) fn ranges(&self) -> Option<Ranges> {
        let (clue, n) = (&self.clue, self.cells.len());
        // The cells needed between block `j` and block `j + 1`.
        let gap = |j: usize| usize::from(clue.get(j + 1).is_some_and(|next| next.color == clue[j].color));
        let mut first = Vec::with_capacity(clue.len());
        let mut pos = 0;
        for (j, block) in clue.iter().enumerate() {
            let s = (pos..n).find(|&s| self.fits(s, j))?;
            first.push(s);
            pos = s + block.len as usize + gap(j);
        }
        let mut last = vec![0; clue.len()];
        let mut end = n; // blocks from here on lie before `end`
        for j in (0..clue.len()).rev() {
            let s = (0..=end.checked_sub(clue[j].len as usize)?).rev().find(|&s| self.fits(s, j))?;
            last[j] = s;
            let before = if j > 0 { gap(j - 1) } else { 0 };
            if j > 0 && s < before.max(1) {
                return None;
            }
            end = s - before;
        }
        Some(Ranges { first, last })
    }

    /// The cells block `j` can cover within its range, `first..=last`.
    pub(super) fn reach(&self, ranges: &Ranges, j: usize) -> (usize, usize) {
        (ranges.first[j], ranges.last[j] + self.clue[j].len as usize - 1)
    }

    /// The colours of the blocks whose ranges reach each cell (a mask without the background).
    pub(super) fn reached_colours(&self, ranges: &Ranges) -> Vec<u32> {
        let mut reached = vec![0u32; self.cells.len()];
        for (j, block) in self.clue.iter().enumerate() {
            let (a, b) = self.reach(ranges, j);
            for mask in &mut reached[a..=b] {
                *mask |= 1 << block.color;
            }
        }
        reached
    }

    /// The maximal stretches of cells decided to one colour (not the background), as
    /// (first, last, colour).
    pub(super) fn stretches(&self) -> Vec<(usize, usize, u8)> {
        let mut stretches: Vec<(usize, usize, u8)> = Vec::new();
        for (i, &mask) in self.cells.iter().enumerate() {
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

    /// The blocks of `colour` that can hold the stretch `first..=last`: long enough,
    /// placeable over it on cells that can take their colour, within their ranges.
    pub(super) fn holders(&self, ranges: &Ranges, (first, last): (usize, usize), colour: u8) -> Vec<usize> {
        (0..self.clue.len())
            .filter(|&j| {
                let block = self.clue[j];
                let c = block.len as usize;
                let lo = ranges.first[j].max((last + 1).saturating_sub(c));
                let hi = ranges.last[j].min(first);
                block.color == colour && c > last - first && (lo..=hi).any(|s| self.fits(s, j))
            })
            .collect()
    }

    /// A step on this line narrowing the cells at the positions to the values of their masks
    /// (`None` when that changes nothing).
    pub(super) fn step(
        &self,
        technique: &'static str,
        level: u8,
        message: String,
        keep: &[(usize, u32)],
    ) -> Option<Found> {
        let changes: Vec<Change> = keep.iter().filter_map(|&(i, mask)| self.narrowing(i, mask)).collect();
        if changes.is_empty() {
            return None;
        }
        Some(Found::Step(Step {
            technique,
            level,
            message,
            changes,
            reasons: self.known().map(|i| self.cell(i)).collect(),
            lines: vec![self.line],
        }))
    }

    /// The change that narrows the cell at `i` to its values in `keep` (as
    /// [`Board::narrowing`] says it).
    fn narrowing(&self, i: usize, keep: u32) -> Option<Change> {
        let (cell, has) = (self.cell(i), self.cells[i]);
        let left = DigitSet(has & keep);
        if left.0 == has {
            return None;
        }
        Some(match left.only() {
            Some(v) => Change::Set { cell, value: v as u8 },
            None => Change::Remove { cell, values: DigitSet(has & !keep) },
        })
    }

    /// A contradiction on this line.
    pub(super) fn contradiction(&self, why: &str) -> Found {
        Found::Contradiction {
            message: format!("{} {why}", self.header()),
            reasons: self.known().map(|i| self.cell(i)).collect(),
        }
    }
}

/// The board cell at position `i` of `line`.
fn line_cell(line: Line, i: usize) -> Cell {
    match line.axis {
        Axis::Row => (line.index, i),
        Axis::Col => (i, line.index),
    }
}

/// The maximal runs of consecutive positions, as (first, last).
fn spans(positions: impl Iterator<Item = usize>) -> Vec<(usize, usize)> {
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for p in positions {
        match spans.last_mut() {
            Some((_, last)) if *last + 1 == p => *last = p,
            _ => spans.push((p, p)),
        }
    }
    spans
}

/// What a line along `axis` is called.
fn line_word(axis: Axis) -> &'static str {
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

/// "is" / "are".
pub(super) fn is_are(count: usize) -> &'static str {
    if count == 1 {
        "is"
    } else {
        "are"
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

/// Every line of `board`, rows first.
pub(super) fn all_lines(board: &Board) -> impl Iterator<Item = Line> {
    let rows = (0..board.height()).map(|index| Line { axis: Axis::Row, index });
    rows.chain((0..board.width()).map(|index| Line { axis: Axis::Col, index }))
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
    /// Whether every cell is decided and the blocks they make are not the clue.
    broken: bool,
}

/// What [`first_line`] remembers of the board it last saw.
#[derive(Default)]
struct Memo {
    /// The kind, the candidates of an open cell, the board's size and every clue (each
    /// line's block count, then its blocks' lengths and colours) it was for.
    kind: Option<TypeId>,
    key: Vec<(usize, u8)>,
    /// The candidates of every cell, row by row.
    cells: Vec<u32>,
    /// A slot per line number (rows, then columns).
    lines: Vec<LineMemo>,
    /// Scratch: the key of the board being brought in, a line's clue, and its cells' values.
    next_key: Vec<(usize, u8)>,
    blocks: Vec<Block>,
    values: Vec<u8>,
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

/// Write the memo's key for `puzzle` on `board` (see [`Memo::key`]) into `key`, through the
/// scratch `blocks`.
fn memo_key(puzzle: &dyn Kind, board: &Board, key: &mut Vec<(usize, u8)>, blocks: &mut Vec<Block>) {
    key.clear();
    key.extend([(board.height(), 0), (board.width(), 0)]);
    for line in all_lines(board) {
        puzzle.clue(line, blocks);
        key.push((blocks.len(), u8::MAX));
        key.extend(blocks.iter().map(|block| (block.len as usize, block.color)));
    }
}

/// The clue of `line` among the rows' and the columns' clues.
pub(super) fn clue_of<'a, T>(rows: &'a [Vec<T>], cols: &'a [Vec<T>], line: Line) -> &'a [T] {
    match line.axis {
        Axis::Row => &rows[line.index],
        Axis::Col => &cols[line.index],
    }
}

impl Memo {
    /// Bring the memo up to `board`: every line with a changed cell (all of them for another
    /// puzzle) forgets.
    fn update(&mut self, puzzle: &dyn Kind, kind: TypeId, board: &Board) {
        let (height, width) = (board.height(), board.width());
        memo_key(puzzle, board, &mut self.next_key, &mut self.blocks);
        if self.kind != Some(kind) || self.key != self.next_key {
            self.kind = Some(kind);
            std::mem::swap(&mut self.key, &mut self.next_key);
            self.cells.clear();
            self.cells.resize(width * height, u32::MAX); // no real candidate set: every line changes
            self.lines.clear();
            self.lines.resize(height + width, LineMemo::default());
        }
        let mut changed_rows = vec![false; height];
        let mut changed_cols = vec![false; width];
        for (row, row_changed) in changed_rows.iter_mut().enumerate() {
            for (col, col_changed) in changed_cols.iter_mut().enumerate() {
                let value = board.candidates((row, col)).0;
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
            let cells: &mut dyn Iterator<Item = u32> = if line < height {
                &mut self.cells[line * width..(line + 1) * width].iter().copied()
            } else {
                &mut self.cells.iter().skip(line - height).step_by(width).copied()
            };
            let mut memo = LineMemo::default();
            self.values.clear();
            for cell in cells {
                memo.open |= cell.count_ones() > 1;
                memo.emptied |= cell == 0;
                self.values.push(cell.trailing_zeros() as u8);
            }
            if !memo.open && !memo.emptied {
                let (axis, index) = if line < height { (Axis::Row, line) } else { (Axis::Col, line - height) };
                puzzle.clue(Line { axis, index }, &mut self.blocks);
                memo.broken = !blocks_are(&self.values, &self.blocks);
            }
            self.lines[line] = memo;
        }
    }
}

/// Whether the blocks of a decided line (a value per cell, 0 the background) are `clue`:
/// its maximal runs of one colour, in order.
fn blocks_are(values: &[u8], clue: &[Block]) -> bool {
    let mut runs = values.chunk_by(|a, b| a == b).filter(|run| run[0] != 0);
    let mut blocks = clue.iter();
    loop {
        match (runs.next(), blocks.next()) {
            (None, None) => return true,
            (Some(run), Some(block)) if run.len() == block.len as usize && run[0] == block.color => {}
            _ => return false,
        }
    }
}

/// The first line (rows, then columns) on which `on_line` (the technique `id`, below 16 and
/// distinct among a kind's techniques) finds something. A line with a cell with no value left,
/// or complete against its clue, is a contradiction whatever the technique; other lines with
/// no open cell, and lines unchanged since `on_line` found nothing there, are skipped without
/// building their view.
pub(super) fn first_line<P: Kind + 'static>(
    puzzle: &P,
    board: &Board,
    id: u8,
    mut on_line: impl FnMut(&LineView) -> Option<Found>,
) -> Option<Found> {
    scan(puzzle, TypeId::of::<P>(), board, id, &mut on_line)
}

/// [`first_line`] for a puzzle of the kind `kind`, compiled once for both kinds.
fn scan(
    puzzle: &dyn Kind,
    kind: TypeId,
    board: &Board,
    id: u8,
    on_line: &mut dyn FnMut(&LineView) -> Option<Found>,
) -> Option<Found> {
    let bit = 1u16 << id;
    MEMO.with(|memo| {
        let memo = &mut *memo.borrow_mut();
        memo.update(puzzle, kind, board);
        all_lines(board).zip(0..).find_map(|(line, slot)| {
            let state = memo.lines[slot];
            if state.emptied {
                return Some(LineView::of(puzzle, board, line).contradiction("has a cell with no value left"));
            }
            if state.broken {
                return Some(
                    LineView::of(puzzle, board, line).contradiction("is complete, and its blocks are not its clue"),
                );
            }
            if !state.open || state.nothing & bit != 0 {
                return None;
            }
            let found = on_line(&LineView::of(puzzle, board, line));
            if found.is_none() {
                memo.lines[slot].nothing |= bit;
            }
            found
        })
    })
}
