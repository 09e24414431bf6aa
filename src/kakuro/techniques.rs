//! The named Kakuro techniques of the explained-logic layer (see [`crate::engine::explain`]).
//!
//! Each technique looks at the candidate digits of the white cells and returns the first
//! deduction of its kind as a step, naming the run (`the across run of r3c2–r3c5 (sum 17 in
//! 4)`) and the cells it used. What a run can hold comes from the solver's own
//! [`CombinationTable`]: the sets of different digits with the run's length and sum.
//!
//! | level | technique | what it sees |
//! |---|---|---|
//! | 1 | `naked-single` | a decided digit leaves the other cells of both its runs |
//! | 1 | `last-cell` | the one open cell of a run is its sum minus the digits decided |
//! | 1 | `unique-sum` | a sum with one combination (3 in 2 = 1+2, 7 in 3 = 1+2+4) |
//! | 1 | `crossing` | a cell holds only digits both its runs' sums can use |
//! | 1 | `hidden-single` | a digit every combination of the sum uses fits one cell |
//! | 2 | `sum-combinations` | combinations the cells no longer allow are dropped |
//! | 2 | `required-digit` | a digit every remaining combination uses fits one cell |
//! | 2 | `naked-pair` | two cells of a run with the same two candidates |
//! | 3 | `naked-subset` | three or four cells of a run sharing as many candidates |
//! | 3 | `min-max` | the other cells' smallest and largest sums bound a cell |
//! | 3 | `combination-placement` | each remaining combination placed in the cells |
//!
//! The first five use only the sums and decided digits, as a beginner does (every Kakuro
//! guide starts with the last cell of a run: it was part of `sum-combinations` before, which
//! left a generated `easy` Kakuro beyond 8×8 out of reach); level 2 asks
//! which combinations the current candidates still allow; level 3 reasons about several
//! cells at once. Every technique is local to one run or one cell, so a scan costs
//! O(runs × combinations × run length), and the loop calls them cheapest first.

use super::puzzle::{settle, Cell as GridCell, Direction, Kakuro, Run, NO_RUN};
use crate::engine::bits::DigitSet;
use crate::engine::combos::{CombinationTable, MAX_DIGIT};
use crate::engine::error::{Error, Place};
use crate::engine::explain::{
    cell_name, changes_text, digit_list, player_entries, span_name, Axis, Board, Cell, Change, Explain, Found, Line,
    Technique,
};
use crate::engine::search::Grid;
use std::ops::Range;

/// All digits a Kakuro cell may hold.
fn all_digits() -> DigitSet {
    DigitSet::range(1, MAX_DIGIT)
}

impl Explain for Kakuro {
    fn board(&self) -> Board {
        Board::new(self.width(), self.height(), |row, col| match self.grid[row][col] {
            GridCell::White(Some(digit)) => Some(DigitSet::single(digit)),
            GridCell::White(None) => Some(all_digits()),
            GridCell::Block { .. } => None,
        })
    }

    fn techniques(&self) -> &'static [Technique<Self>] {
        TECHNIQUES
    }

    fn is_solution(&self, grid: &Grid) -> bool {
        self.check(grid).is_ok()
    }
}

impl Kakuro {
    /// The board a player sees: `values` in the puzzle's shape (a digit, 0 for empty; 0 on
    /// blocks), and optionally pencil marks per cell — a cell with marks has exactly those
    /// candidates, one without has all digits. Givens stay as given.
    ///
    /// Errors name the place: `board` / `board[r]` for a wrong shape, `board[r][c]` for a
    /// value out of range, a digit on a block or one that differs from the given,
    /// `candidates[r][c]` for a mark out of range.
    pub fn player_board(&self, values: &[Vec<u8>], candidates: Option<&[Vec<Vec<u8>>]>) -> Result<Board, Error> {
        let entries = player_entries(values, candidates, self.height(), self.width(), MAX_DIGIT)?;
        for (row, cells) in self.grid.iter().enumerate() {
            for (col, &cell) in cells.iter().enumerate() {
                let value = values[row][col];
                let place = || Place::Field(format!("board[{row}][{col}]"));
                match cell {
                    GridCell::Block { .. } if value != 0 => {
                        return Err(Error::new(place(), format!("is a block, expected 0, got {value}")));
                    }
                    GridCell::White(Some(given)) if value != 0 && u32::from(value) != given => {
                        return Err(Error::new(place(), format!("holds the given {given}, got {value}")));
                    }
                    _ => {}
                }
            }
        }
        Ok(Board::new(self.width(), self.height(), |row, col| match self.grid[row][col] {
            GridCell::Block { .. } => None,
            GridCell::White(Some(given)) => Some(DigitSet::single(given)),
            GridCell::White(None) => Some(entries[row][col].unwrap_or_else(all_digits)),
        }))
    }

    /// The grid positions of a run's cells, in order.
    fn positions<'a>(&'a self, run: &'a Run) -> impl Iterator<Item = Cell> + Clone + 'a {
        run.cells.iter().map(|&white| self.whites[white])
    }

    /// A run in messages: `the across run of r3c2–r3c5 (sum 17 in 4)`.
    fn run_name(&self, run: &Run) -> String {
        let first = self.whites[run.cells[0]];
        let last = self.whites[run.cells[run.cells.len() - 1]];
        let clue = match run.sum {
            Some(sum) => format!("sum {sum} in {}", run.cells.len()),
            None => format!("no clue, {} cells", run.cells.len()),
        };
        format!("the {} run of {} ({clue})", run.direction.name(), span_name(first, last))
    }

    /// The line holding a run.
    fn run_line(&self, run: &Run) -> Line {
        let (row, col) = self.whites[run.cells[0]];
        match run.direction {
            Direction::Across => Line { axis: Axis::Row, index: row },
            Direction::Down => Line { axis: Axis::Col, index: col },
        }
    }

    /// The runs through a white cell (its across run, then its down run), by white index.
    fn runs_through(&self, white: usize) -> impl Iterator<Item = &Run> {
        self.runs_of_cell[white].into_iter().filter(|&run| run != NO_RUN).map(|run| &self.runs[run])
    }
}

/// The table range of every combination of a run's length and sum (any sum without a clue).
fn combo_range(run: &Run) -> Range<usize> {
    run.first_combo..run.first_combo + run.all_combos.count_ones() as usize
}

/// A combination in messages: `1+2+4`.
fn combo_text(combo: DigitSet) -> String {
    combo.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("+")
}

/// A list of combinations in messages: `1+9 or 2+8`, or how many when there are many.
fn combos_text(combos: &[DigitSet]) -> String {
    if combos.len() > 5 {
        return format!("{} combinations", combos.len());
    }
    let texts: Vec<String> = combos.iter().map(|&c| combo_text(c)).collect();
    match texts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => texts.join(""),
    }
}

/// A run's cells' candidates, in order (the first `run.cells.len()` entries).
fn run_candidates(kakuro: &Kakuro, run: &Run, board: &Board) -> [DigitSet; MAX_DIGIT as usize] {
    let mut out = [DigitSet::EMPTY; MAX_DIGIT as usize];
    for (slot, cell) in out.iter_mut().zip(kakuro.positions(run)) {
        *slot = board.candidates(cell);
    }
    out
}

/// The combinations of a run that its cells can still hold (each cell a different digit
/// of the combination, from its candidates, as far as singles show), each with what every
/// cell may hold in it.
fn live_combos(kakuro: &Kakuro, run: &Run, board: &Board) -> Vec<(DigitSet, [DigitSet; MAX_DIGIT as usize])> {
    let table = CombinationTable::get();
    let candidates = run_candidates(kakuro, run, board);
    let candidates = &candidates[..run.cells.len()];
    table.combos(combo_range(run)).iter().filter_map(|&combo| settle(candidates, combo).map(|a| (combo, a))).collect()
}

/// A contradiction: a run that can hold none of its combinations.
fn no_combination(kakuro: &Kakuro, run: &Run) -> Found {
    Found::Contradiction {
        message: format!("{} can hold none of its combinations", kakuro.run_name(run)),
        reasons: kakuro.positions(run).collect(),
    }
}

/// The techniques, lowest level first.
static TECHNIQUES: &[Technique<Kakuro>] = &[
    NAKED_SINGLE,
    LAST_CELL,
    UNIQUE_SUM,
    CROSSING,
    HIDDEN_SINGLE,
    SUM_COMBINATIONS,
    REQUIRED_DIGIT,
    NAKED_PAIR,
    MIN_MAX,
    NAKED_SUBSET,
    COMBINATION_PLACEMENT,
];

const NAKED_SINGLE: Technique<Kakuro> = Technique {
    id: "naked-single",
    level: 1,
    summary: "a decided digit leaves the other cells of its across and down runs",
    find: naked_single,
};

fn naked_single(kakuro: &Kakuro, board: &Board) -> Option<Found> {
    for (white, &cell) in kakuro.whites.iter().enumerate() {
        let Some(digit) = board.value(cell) else { continue };
        let mut changes = Vec::new();
        let mut lines = Vec::new();
        let mut names = Vec::new();
        for run in kakuro.runs_through(white) {
            let before = changes.len();
            let others = kakuro.positions(run).filter(|&other| other != cell);
            changes.extend(others.filter_map(|other| board.narrowing(other, !DigitSet::single(digit.into()))));
            if changes.len() > before {
                lines.push(kakuro.run_line(run));
                names.push(kakuro.run_name(run));
            }
        }
        if !changes.is_empty() {
            let message = format!(
                "{} is {digit}, so no other cell of {} can be {digit}: {}",
                cell_name(cell),
                names.join(" or "),
                changes_text(&changes)
            );
            return NAKED_SINGLE.step(message, changes, vec![cell], lines);
        }
    }
    None
}

const LAST_CELL: Technique<Kakuro> = Technique {
    id: "last-cell",
    level: 1,
    summary: "the one open cell of a run whose other digits are decided is its sum minus those digits",
    find: last_cell,
};

fn last_cell(kakuro: &Kakuro, board: &Board) -> Option<Found> {
    for run in &kakuro.runs {
        let Some(sum) = run.sum else { continue };
        let mut open = kakuro.positions(run).filter(|&cell| board.value(cell).is_none());
        let (Some(cell), None) = (open.next(), open.next()) else { continue };
        let decided: u32 = kakuro.positions(run).filter_map(|c| board.value(c)).map(u32::from).sum();
        let others: Vec<Cell> = kakuro.positions(run).filter(|&c| c != cell).collect();
        let digit = sum.checked_sub(decided).filter(|&d| board.candidates(cell).contains(d));
        let Some(digit) = digit else {
            return Some(Found::Contradiction {
                message: format!(
                    "the digits decided in {} leave {} for {}, which it cannot hold",
                    kakuro.run_name(run),
                    sum as i64 - i64::from(decided),
                    cell_name(cell)
                ),
                reasons: kakuro.positions(run).collect(),
            });
        };
        let message = format!(
            "{} is the one open cell of {}: {sum} minus the {decided} decided is {digit}",
            cell_name(cell),
            kakuro.run_name(run)
        );
        let change = Change::Set { cell, value: digit as u8 };
        return LAST_CELL.step(message, vec![change], others, vec![kakuro.run_line(run)]);
    }
    None
}

const UNIQUE_SUM: Technique<Kakuro> = Technique {
    id: "unique-sum",
    level: 1,
    summary: "a sum with one combination only (3 in 2 = 1+2, 17 in 2 = 8+9, 7 in 3 = 1+2+4) fixes the run's digits",
    find: unique_sum,
};

fn unique_sum(kakuro: &Kakuro, board: &Board) -> Option<Found> {
    let table = CombinationTable::get();
    for run in kakuro.runs.iter().filter(|run| run.sum.is_some() && run.all_combos == 1) {
        let combo = table.combo(run.first_combo);
        let changes: Vec<Change> = kakuro.positions(run).filter_map(|cell| board.narrowing(cell, combo)).collect();
        if !changes.is_empty() {
            let message =
                format!("{} can only be {}: {}", kakuro.run_name(run), combo_text(combo), changes_text(&changes));
            return UNIQUE_SUM.step(message, changes, Vec::new(), vec![kakuro.run_line(run)]);
        }
    }
    None
}

const CROSSING: Technique<Kakuro> = Technique {
    id: "crossing",
    level: 1,
    summary: "a cell holds only digits that some combination of its across sum and of its down sum uses",
    find: crossing,
};

fn crossing(kakuro: &Kakuro, board: &Board) -> Option<Found> {
    let table = CombinationTable::get();
    for (white, &cell) in kakuro.whites.iter().enumerate() {
        let has = board.candidates(cell);
        if has.len() < 2 {
            continue;
        }
        let mut keep = all_digits();
        let mut said = Vec::new();
        let mut lines = Vec::new();
        for run in kakuro.runs_through(white).filter(|run| run.sum.is_some()) {
            let usable = table.union(combo_range(run));
            if !(has & !usable).is_empty() {
                keep &= usable;
                said.push(format!("{}, which can only use {}", kakuro.run_name(run), digit_list(usable)));
                lines.push(kakuro.run_line(run));
            }
        }
        if let Some(change) = board.narrowing(cell, keep) {
            let message = format!(
                "{} is in {}: {}",
                cell_name(cell),
                said.join(", and in "),
                changes_text(std::slice::from_ref(&change))
            );
            return CROSSING.step(message, vec![change], Vec::new(), lines);
        }
    }
    None
}

/// The board after the level-1 techniques (`naked-single`, `last-cell`, `unique-sum`,
/// `crossing`, `hidden-single`) were applied to it until none applies, without their steps
/// (no messages, no restart of the scan after every deduction); whether it changed.
///
/// Every narrowing is one a level-1 technique makes on the board as it then is, and the
/// result is their fixpoint, which does not depend on the order of the deductions (each only
/// removes candidates and never stops another from applying): what an explanation's level-1
/// steps reach before it needs anything else. Generation measures its distance to a level
/// with it ([`crate::engine::generate::up_to_level_closing`]); a scan over the cells per
/// step made that quadratic in the grid. Cost: the crossing of every cell once, then each
/// run again whenever one of its cells narrowed (a queue of runs). It stops, leaving the
/// board as it is, at a contradiction (the techniques then report it).
pub fn level_one_closure(kakuro: &Kakuro, board: &mut Board) -> bool {
    let table = CombinationTable::get();
    let mut closing = Closing {
        kakuro,
        queue: (0..kakuro.runs.len()).collect(),
        queued: vec![true; kakuro.runs.len()],
        changed: false,
    };
    // `unique-sum` and `crossing`: what the sums alone allow.
    for (white, &cell) in kakuro.whites.iter().enumerate() {
        let usable = kakuro
            .runs_through(white)
            .filter(|run| run.sum.is_some())
            .fold(all_digits(), |keep, run| keep & table.union(combo_range(run)));
        closing.changed |= board.restrict(cell, usable);
    }
    while let Some(index) = closing.queue.pop_front() {
        closing.queued[index] = false;
        if !closing.run(index, board) {
            break;
        }
    }
    closing.changed
}

/// The state of [`level_one_closure`]: the runs to look at again.
struct Closing<'a> {
    kakuro: &'a Kakuro,
    /// Runs (by index) one of whose cells narrowed since they were last looked at.
    queue: std::collections::VecDeque<usize>,
    /// Whether each run is in the queue.
    queued: Vec<bool>,
    /// Whether any cell narrowed.
    changed: bool,
}

impl Closing<'_> {
    /// Narrow a white cell to `keep`, queueing its runs when it changed; `false` when it has
    /// no candidate left (a contradiction).
    fn narrow(&mut self, board: &mut Board, white: usize, keep: DigitSet) -> bool {
        let cell = self.kakuro.whites[white];
        if board.restrict(cell, keep) {
            self.changed = true;
            for run in self.kakuro.runs_of_cell[white].into_iter().filter(|&run| run != NO_RUN) {
                if !std::mem::replace(&mut self.queued[run], true) {
                    self.queue.push_back(run);
                }
            }
        }
        !board.candidates(cell).is_empty()
    }

    /// Apply the level-1 techniques of one run; `false` at a contradiction.
    fn run(&mut self, index: usize, board: &mut Board) -> bool {
        let kakuro = self.kakuro;
        let run = &kakuro.runs[index];
        let value = |board: &Board, white: usize| board.value(kakuro.whites[white]);
        // `naked-single`: a decided digit leaves the run's other cells.
        for &white in &run.cells {
            let Some(digit) = value(board, white) else { continue };
            for &other in run.cells.iter().filter(|&&other| other != white) {
                if !self.narrow(board, other, !DigitSet::single(digit.into())) {
                    return false;
                }
            }
        }
        let Some(sum) = run.sum else { return true };
        // `last-cell`: the one open cell is the sum minus the decided digits.
        let mut open = run.cells.iter().copied().filter(|&white| value(board, white).is_none());
        if let (Some(last), None) = (open.next(), open.next()) {
            let decided: u32 = run.cells.iter().filter_map(|&white| value(board, white)).map(u32::from).sum();
            match sum.checked_sub(decided).filter(|&d| board.candidates(kakuro.whites[last]).contains(d)) {
                Some(digit) => {
                    self.narrow(board, last, DigitSet::single(digit));
                }
                None => return false,
            }
        }
        // `hidden-single`: a digit every combination uses that one cell only can hold.
        for digit in CombinationTable::get().common(combo_range(run)).iter() {
            let mut places =
                run.cells.iter().copied().filter(|&white| board.candidates(kakuro.whites[white]).contains(digit));
            match (places.next(), places.next()) {
                (None, _) => return false,
                (Some(place), None) => {
                    self.narrow(board, place, DigitSet::single(digit));
                }
                _ => {}
            }
        }
        true
    }
}

/// The first digit of `needed` that one cell of the run only can hold, and that cell (not
/// yet set to it); or a contradiction when no cell can hold one of them.
fn lone_place(kakuro: &Kakuro, run: &Run, board: &Board, needed: DigitSet) -> Option<Result<(u32, Cell), Found>> {
    for digit in needed.iter() {
        let mut places = kakuro.positions(run).filter(|&cell| board.candidates(cell).contains(digit));
        match (places.next(), places.next()) {
            (None, _) => {
                return Some(Err(Found::Contradiction {
                    message: format!("{} needs a {digit} and none of its cells can hold it", kakuro.run_name(run)),
                    reasons: kakuro.positions(run).collect(),
                }))
            }
            (Some(cell), None) if board.candidates(cell).len() > 1 => return Some(Ok((digit, cell))),
            _ => {}
        }
    }
    None
}

const HIDDEN_SINGLE: Technique<Kakuro> = Technique {
    id: "hidden-single",
    level: 1,
    summary: "a digit that every combination of the run's sum uses fits only one of its cells",
    find: hidden_single,
};

fn hidden_single(kakuro: &Kakuro, board: &Board) -> Option<Found> {
    let table = CombinationTable::get();
    for run in kakuro.runs.iter().filter(|run| run.sum.is_some()) {
        let needed = table.common(combo_range(run));
        match lone_place(kakuro, run, board, needed) {
            None => {}
            Some(Err(contradiction)) => return Some(contradiction),
            Some(Ok((digit, cell))) => {
                let others: Vec<Cell> = kakuro.positions(run).filter(|&c| c != cell).collect();
                let message = format!(
                    "every combination of {} uses {digit}, and only {} can hold it",
                    kakuro.run_name(run),
                    cell_name(cell)
                );
                let change = Change::Set { cell, value: digit as u8 };
                return HIDDEN_SINGLE.step(message, vec![change], others, vec![kakuro.run_line(run)]);
            }
        }
    }
    None
}

const SUM_COMBINATIONS: Technique<Kakuro> = Technique {
    id: "sum-combinations",
    level: 2,
    summary: "a run's cells lose the digits that no combination still possible with their candidates uses",
    find: sum_combinations,
};

fn sum_combinations(kakuro: &Kakuro, board: &Board) -> Option<Found> {
    for run in kakuro.runs.iter().filter(|run| run.sum.is_some()) {
        let live = live_combos(kakuro, run, board);
        if live.is_empty() {
            return Some(no_combination(kakuro, run));
        }
        let usable = live.iter().fold(DigitSet::EMPTY, |all, &(combo, _)| all | combo);
        let changes: Vec<Change> = kakuro.positions(run).filter_map(|cell| board.narrowing(cell, usable)).collect();
        if !changes.is_empty() {
            let combos: Vec<DigitSet> = live.iter().map(|&(combo, _)| combo).collect();
            let message = format!(
                "with the candidates its cells have, {} can only be {}: {}",
                kakuro.run_name(run),
                combos_text(&combos),
                changes_text(&changes)
            );
            return SUM_COMBINATIONS.step(
                message,
                changes,
                kakuro.positions(run).collect(),
                vec![kakuro.run_line(run)],
            );
        }
    }
    None
}

const REQUIRED_DIGIT: Technique<Kakuro> = Technique {
    id: "required-digit",
    level: 2,
    summary: "a digit that every combination still possible uses must go in the one cell of the run that can hold it",
    find: required_digit,
};

fn required_digit(kakuro: &Kakuro, board: &Board) -> Option<Found> {
    for run in &kakuro.runs {
        let live = live_combos(kakuro, run, board);
        let Some(needed) = live.iter().map(|&(combo, _)| combo).reduce(|a, b| a & b) else {
            return Some(no_combination(kakuro, run));
        };
        match lone_place(kakuro, run, board, needed) {
            None => {}
            Some(Err(contradiction)) => return Some(contradiction),
            Some(Ok((digit, cell))) => {
                let combos: Vec<DigitSet> = live.iter().map(|&(combo, _)| combo).collect();
                let message = format!(
                    "{} can only be {} with the candidates it has; each uses {digit}, and only {} can hold it",
                    kakuro.run_name(run),
                    combos_text(&combos),
                    cell_name(cell)
                );
                let change = Change::Set { cell, value: digit as u8 };
                let reasons = kakuro.positions(run).filter(|&c| c != cell).collect();
                return REQUIRED_DIGIT.step(message, vec![change], reasons, vec![kakuro.run_line(run)]);
            }
        }
    }
    None
}

/// `k` undecided cells of a run with `k` candidates between them: those digits leave the
/// run's other cells (a naked pair for `k` = 2).
/// `PAIR`: two cells with the same two candidates (`naked-pair`), else three or four cells
/// (`naked-subset`).
fn naked_cells<const PAIR: bool>(kakuro: &Kakuro, board: &Board) -> Option<Found> {
    let (technique, sizes) = if PAIR { (&NAKED_PAIR, 2..3) } else { (&NAKED_SUBSET, 3..5) };
    for run in &kakuro.runs {
        let cells: Vec<Cell> = kakuro.positions(run).collect();
        let open: Vec<usize> = (0..cells.len()).filter(|&i| board.candidates(cells[i]).len() > 1).collect();
        for k in sizes.clone() {
            for subset in 1u32..1 << open.len() {
                if subset.count_ones() != k {
                    continue;
                }
                let members: Vec<Cell> =
                    (0..open.len()).filter(|&i| subset >> i & 1 == 1).map(|i| cells[open[i]]).collect();
                let digits = members.iter().fold(DigitSet::EMPTY, |all, &cell| all | board.candidates(cell));
                if digits.len() != k {
                    continue;
                }
                let changes: Vec<Change> = cells
                    .iter()
                    .filter(|cell| !members.contains(cell))
                    .filter_map(|&cell| board.narrowing(cell, !digits))
                    .collect();
                if !changes.is_empty() {
                    let names: Vec<String> = members.iter().map(|&cell| cell_name(cell)).collect();
                    let message = format!(
                        "{} can only hold {} between them, so no other cell of {} can: {}",
                        names.join(", "),
                        digit_list(digits),
                        kakuro.run_name(run),
                        changes_text(&changes)
                    );
                    return technique.step(message, changes, members, vec![kakuro.run_line(run)]);
                }
            }
        }
    }
    None
}

const NAKED_PAIR: Technique<Kakuro> = Technique {
    id: "naked-pair",
    level: 2,
    summary: "two cells of a run with the same two candidates: those digits leave the run's other cells",
    find: naked_cells::<true>,
};

const NAKED_SUBSET: Technique<Kakuro> = Technique {
    id: "naked-subset",
    level: 3,
    summary: "three or four cells of a run with as many candidates between them: those leave the run's other cells",
    find: naked_cells::<false>,
};

const MIN_MAX: Technique<Kakuro> = Technique {
    id: "min-max",
    level: 3,
    summary: "the smallest and largest sums the other cells of a run can make bound what a cell can be",
    find: min_max,
};

fn min_max(kakuro: &Kakuro, board: &Board) -> Option<Found> {
    for run in &kakuro.runs {
        let Some(sum) = run.sum else { continue };
        let cells: Vec<Cell> = kakuro.positions(run).collect();
        let lowest: u32 = cells.iter().map(|&cell| board.candidates(cell).min().unwrap_or(0)).sum();
        let highest: u32 = cells.iter().map(|&cell| board.candidates(cell).max().unwrap_or(0)).sum();
        for &cell in &cells {
            let has = board.candidates(cell);
            let (Some(own_low), Some(own_high)) = (has.min(), has.max()) else { continue };
            let (others_low, others_high) = (lowest - own_low, highest - own_high);
            let keep = DigitSet::range(sum.saturating_sub(others_high), sum.saturating_sub(others_low));
            if let Some(change) = board.narrowing(cell, keep) {
                let message = format!(
                    "the other cells of {} add up to at least {others_low} and at most {others_high}, so {} is \
                     between {} and {}: {}",
                    kakuro.run_name(run),
                    cell_name(cell),
                    sum.saturating_sub(others_high),
                    sum.saturating_sub(others_low),
                    changes_text(std::slice::from_ref(&change))
                );
                let reasons = cells.iter().copied().filter(|&c| c != cell).collect();
                return MIN_MAX.step(message, vec![change], reasons, vec![kakuro.run_line(run)]);
            }
        }
    }
    None
}

const COMBINATION_PLACEMENT: Technique<Kakuro> = Technique {
    id: "combination-placement",
    level: 3,
    summary: "each combination still possible placed in the run's cells: a cell keeps what it can take in one of them",
    find: combination_placement,
};

fn combination_placement(kakuro: &Kakuro, board: &Board) -> Option<Found> {
    for run in &kakuro.runs {
        let live = live_combos(kakuro, run, board);
        if live.is_empty() {
            return Some(no_combination(kakuro, run));
        }
        let mut keep = [DigitSet::EMPTY; MAX_DIGIT as usize];
        for (_, allowed) in &live {
            for (kept, &a) in keep.iter_mut().zip(allowed) {
                *kept |= a;
            }
        }
        let changes: Vec<Change> =
            kakuro.positions(run).zip(keep).filter_map(|(cell, kept)| board.narrowing(cell, kept)).collect();
        if !changes.is_empty() {
            let combos: Vec<DigitSet> = live.iter().map(|&(combo, _)| combo).collect();
            let message = format!(
                "{} can only be {}; placing each in its cells, {}",
                kakuro.run_name(run),
                combos_text(&combos),
                changes_text(&changes)
            );
            let reasons = kakuro.positions(run).collect();
            return COMBINATION_PLACEMENT.step(message, changes, reasons, vec![kakuro.run_line(run)]);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explain::test_support::{board, changes, remove, set, NoClock};
    use crate::engine::explain::{explain, ExplainOptions, ExplainStatus};
    use crate::format::{parse, Format};
    use crate::Puzzle;

    fn kakuro(text: &str) -> Kakuro {
        match parse(text, Some(Format::Canonical)).unwrap() {
            Puzzle::Kakuro(kakuro) => kakuro,
            _ => panic!("not a kakuro"),
        }
    }

    /// The module essay's example: down 16 and 3, across 10 and 9.
    const SMALL: &str = "kakuro:-,16-,3-/-10,_,_/-9,_,_";

    #[test]
    fn naked_single_clears_both_runs() {
        let k = kakuro(SMALL);
        let found = naked_single(&k, &board(&k, &[((1, 1), &[9])]));
        let Some(Found::Step(step)) = found else { panic!() };
        assert_eq!(step.changes, vec![remove((1, 2), &[9]), remove((2, 1), &[9])]);
        assert_eq!(
            step.message,
            "r2c2 is 9, so no other cell of the across run of r2c2–r2c3 (sum 10 in 2) or the down run of r2c2–r3c2 \
             (sum 16 in 2) can be 9: r2c3 is not 9; r3c2 is not 9"
        );
        assert_eq!(step.reasons, vec![(1, 1)]);
        assert_eq!(naked_single(&k, &k.board()), None);
    }

    #[test]
    fn unique_sum_fixes_sixteen_in_two() {
        let k = kakuro(SMALL);
        let all: Vec<u32> = (1..=9).filter(|&d| d != 7 && d != 9).collect();
        assert_eq!(changes(unique_sum(&k, &k.board())), vec![remove((1, 1), &all), remove((2, 1), &all)]);
    }

    #[test]
    fn crossing_intersects_the_two_sums() {
        let k = kakuro(SMALL);
        // r2c2: 10 in 2 cannot use 5, 16 in 2 only 7 and 9.
        assert_eq!(changes(crossing(&k, &k.board())), vec![remove((1, 1), &[1, 2, 3, 4, 5, 6, 8])]);
    }

    #[test]
    fn hidden_single_places_a_digit_of_every_combination() {
        let k = kakuro("kakuro:-4,_,_");
        // 4 in 2 = 1+3; only r1c3 can be 1.
        let found = hidden_single(&k, &board(&k, &[((0, 1), &[3, 5])]));
        assert_eq!(changes(found), vec![Change::Set { cell: (0, 2), value: 1 }]);
        assert_eq!(hidden_single(&k, &k.board()), None);
    }

    #[test]
    fn last_cell_is_the_sum_minus_the_decided_digits() {
        let k = kakuro("kakuro:-10,_,_,_");
        assert_eq!(last_cell(&k, &board(&k, &[((0, 1), &[3])])), None, "two cells open");
        let b = board(&k, &[((0, 1), &[3]), ((0, 3), &[2])]);
        assert_eq!(changes(last_cell(&k, &b)), vec![Change::Set { cell: (0, 2), value: 5 }]);
        let refused = board(&k, &[((0, 1), &[3]), ((0, 2), &[1, 2, 4]), ((0, 3), &[2])]);
        assert!(matches!(last_cell(&k, &refused), Some(Found::Contradiction { .. })));
        let over = board(&k, &[((0, 1), &[9]), ((0, 3), &[8])]);
        assert!(matches!(last_cell(&k, &over), Some(Found::Contradiction { .. })));
    }

    #[test]
    fn sum_combinations_drops_combinations_the_cells_refuse() {
        let k = kakuro("kakuro:-10,_,_");
        // r1c2 ∈ {1,2}: only 1+9 and 2+8 are left.
        let found = sum_combinations(&k, &board(&k, &[((0, 1), &[1, 2])]));
        assert_eq!(changes(found), vec![remove((0, 2), &[3, 4, 5, 6, 7])]);
        let dead = board(&k, &[((0, 1), &[5]), ((0, 2), &[5])]);
        assert!(matches!(sum_combinations(&k, &dead), Some(Found::Contradiction { .. })));
    }

    #[test]
    fn required_digit_uses_the_combinations_left() {
        let k = kakuro("kakuro:-10,_,_,_");
        // Without 5, 10 in 3 is 1+2+7 or 1+3+6: both need the 1 only r1c2 can take.
        let b = board(&k, &[((0, 1), &[1, 2, 3, 6, 7]), ((0, 2), &[2, 3, 6, 7]), ((0, 3), &[2, 3, 6, 7])]);
        assert_eq!(hidden_single(&k, &b), None);
        assert_eq!(changes(required_digit(&k, &b)), vec![Change::Set { cell: (0, 1), value: 1 }]);
    }

    #[test]
    fn naked_pair_and_subset() {
        let k = kakuro("kakuro:-20,_,_,_,_");
        let b = board(&k, &[((0, 1), &[1, 2]), ((0, 2), &[1, 2])]);
        let rest = |cell| remove(cell, &[1, 2]);
        assert_eq!(changes(naked_cells::<true>(&k, &b)), vec![rest((0, 3)), rest((0, 4))]);
        let b = board(&k, &[((0, 1), &[1, 2]), ((0, 2), &[2, 3]), ((0, 3), &[1, 3])]);
        assert_eq!(naked_cells::<true>(&k, &b), None);
        assert_eq!(changes(naked_cells::<false>(&k, &b)), vec![remove((0, 4), &[1, 2, 3])]);
    }

    #[test]
    fn min_max_bounds_a_cell_by_the_others() {
        let k = kakuro("kakuro:-12,_,_,_");
        // The others add up to 2..5, so r1c4 is 7..10.
        let b = board(&k, &[((0, 1), &[1, 2]), ((0, 2), &[1, 2, 3])]);
        assert_eq!(changes(min_max(&k, &b)), vec![remove((0, 3), &[1, 2, 3, 4, 5, 6])]);
    }

    #[test]
    fn combination_placement_places_each_combination() {
        let k = kakuro("kakuro:-10,_,_");
        // 1+9 puts 9 in r1c3, 2+8 puts 8 there.
        let b = board(&k, &[((0, 1), &[1, 2])]);
        assert_eq!(changes(combination_placement(&k, &b)), vec![remove((0, 2), &[1, 2, 3, 4, 5, 6, 7])]);
    }

    #[test]
    fn the_small_example_is_explained_without_trial() {
        let k = kakuro(SMALL);
        let options = ExplainOptions { no_trial: true, ..Default::default() };
        let explanation = explain(&k, k.board(), &options, &NoClock);
        assert_eq!(explanation.status, ExplainStatus::Solved);
        assert_eq!(explanation.board.grid(), Some(vec![vec![0, 0, 0], vec![0, 9, 1], vec![0, 7, 2]]));
        assert!(!explanation.rating.needs_trial);
        assert!(explanation.steps.iter().all(|s| !s.changes.is_empty() && !s.message.is_empty()));
    }

    #[test]
    fn the_player_board_keeps_digits_and_marks() {
        let k = kakuro(SMALL);
        let values = vec![vec![0, 0, 0], vec![0, 9, 0], vec![0, 0, 0]];
        let marks = vec![vec![vec![]; 3], vec![vec![], vec![], vec![1, 3]], vec![vec![]; 3]];
        let b = k.player_board(&values, Some(&marks)).unwrap();
        assert_eq!(b.candidates((1, 1)), set(&[9]));
        assert_eq!(b.candidates((1, 2)), set(&[1, 3]));
        assert_eq!(b.candidates((2, 2)), all_digits());
        assert!(!b.in_play((0, 1)));
        let error =
            |values: &[Vec<u8>], marks: Option<&[Vec<Vec<u8>>]>| k.player_board(values, marks).unwrap_err().to_string();
        assert_eq!(error(&values[..2], None), "board: expected 3 rows, got 2");
        assert_eq!(error(&[vec![0; 3], vec![0; 2], vec![0; 3]], None), "board[1]: expected 3 cells, got 2");
        assert_eq!(
            error(&[vec![0; 3], vec![0, 12, 0], vec![0; 3]], None),
            "board[1][1]: expected a digit 0..9, got 12"
        );
        assert_eq!(error(&[vec![0, 4, 0], vec![0; 3], vec![0; 3]], None), "board[0][1]: is a block, expected 0, got 4");
        let bad = vec![vec![vec![]; 3], vec![vec![], vec![0], vec![]], vec![vec![]; 3]];
        assert_eq!(error(&values, Some(&bad)), "candidates[1][1]: expected digits 1..9, got 0");
    }
}
