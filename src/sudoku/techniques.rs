//! The named Sudoku techniques of the explained-logic layer (see [`crate::engine::explain`]),
//! with the names players know.
//!
//! | level | technique | what it sees |
//! |---|---|---|
//! | 1 | `naked-single` | a decided digit leaves its row, column, box and cage |
//! | 1 | `hidden-single` | a digit with one place left in a row, column or box |
//! | 2 | `locked-candidates` | a digit of a box confined to one row or column leaves the rest of that line (pointing), and a digit of a line confined to one box leaves the rest of the box (claiming) |
//! | 2 | `cage-combination` | a cage's cells keep the digits of the combinations (different digits, the cage's sum) they can still hold |
//! | 3 | `naked-subset` | two, three or four cells of a unit with as many candidates between them: those leave the unit |
//!
//! Every step follows from the board alone (the tests check each against the solution).
//! Each scan is O(units × cells), the subsets O(units × subsets of ≤ 4 of the open cells).

use super::{unit_name, Sudoku};
use crate::engine::bits::DigitSet;
use crate::engine::error::{Error, Place};
use crate::engine::explain::{
    cell_name, changes_text, digit_list, player_entries, Axis, Board, Cell, Change, Explain, Found, Line, Technique,
};
use crate::engine::search::Grid;

impl Explain for Sudoku {
    fn board(&self) -> Board {
        let n = self.size;
        Board::new(n, n, |row, col| match self.givens[row * n + col] {
            0 => Some(DigitSet::range(1, n as u32)),
            given => Some(DigitSet::single(u32::from(given))),
        })
    }

    fn techniques(&self) -> &'static [Technique<Self>] {
        TECHNIQUES
    }

    fn is_solution(&self, grid: &Grid) -> bool {
        self.check(grid).is_ok()
    }
}

impl Sudoku {
    /// The board a player sees: `values` (a digit 1..N, 0 for empty) and optionally pencil
    /// marks per cell — a cell with marks has exactly those candidates, one without has all
    /// digits. Givens stay as given. Errors name the place: `board` / `board[r]` for a wrong
    /// shape, `board[r][c]` for a digit out of range or one that differs from the given,
    /// `candidates[r][c]` for a mark out of range.
    pub fn player_board(&self, values: &[Vec<u8>], candidates: Option<&[Vec<Vec<u8>>]>) -> Result<Board, Error> {
        let n = self.size;
        let entries = player_entries(values, candidates, n, n, n as u32)?;
        for (row, cells) in values.iter().enumerate() {
            for (col, &value) in cells.iter().enumerate() {
                let given = self.givens[row * n + col];
                if given != 0 && value != 0 && value != given {
                    let place = Place::Field(format!("board[{row}][{col}]"));
                    return Err(Error::new(place, format!("holds the given {given}, got {value}")));
                }
            }
        }
        Ok(Board::new(n, n, |row, col| match self.givens[row * n + col] {
            0 => Some(entries[row][col].unwrap_or(DigitSet::range(1, n as u32))),
            given => Some(DigitSet::single(u32::from(given))),
        }))
    }

    /// A row-major cell index as (row, column).
    fn at(&self, cell: usize) -> Cell {
        (cell / self.size, cell % self.size)
    }

    /// The unit as an API line, when it is a row or a column.
    fn api_lines(&self, unit: usize) -> Vec<Line> {
        match unit / self.size {
            0 => vec![Line { axis: Axis::Row, index: unit }],
            1 => vec![Line { axis: Axis::Col, index: unit - self.size }],
            _ => Vec::new(),
        }
    }

    /// The cells of `unit` that hold `digit` as a candidate on `board`.
    fn places(&self, board: &Board, unit: usize, digit: u32) -> Vec<usize> {
        self.units[unit].iter().copied().filter(|&c| board.candidates(self.at(c)).contains(digit)).collect()
    }
}

/// The techniques, lowest level first.
const TECHNIQUES: &[Technique<Sudoku>] =
    &[NAKED_SINGLE, HIDDEN_SINGLE, LOCKED_CANDIDATES, CAGE_COMBINATION, NAKED_SUBSET];

const NAKED_SINGLE: Technique<Sudoku> = Technique {
    id: "naked-single",
    level: 1,
    summary: "a decided digit leaves the other cells of its row, column, box and cage",
    find: naked_single,
};

fn naked_single(puzzle: &Sudoku, board: &Board) -> Option<Found> {
    for cell in 0..puzzle.size * puzzle.size {
        let Some(digit) = board.value(puzzle.at(cell)) else { continue };
        let changes: Vec<Change> = puzzle.peers[cell]
            .iter()
            .filter_map(|&peer| board.narrowing(puzzle.at(peer), !DigitSet::single(digit.into())))
            .collect();
        if !changes.is_empty() {
            let cage = if puzzle.cage_of[cell].is_some() { ", box or cage" } else { " or box" };
            let message = format!(
                "{} is {digit}, so no other cell of its row, column{cage} can be {digit}: {}",
                cell_name(puzzle.at(cell)),
                changes_text(&changes)
            );
            return NAKED_SINGLE.step(message, changes, vec![puzzle.at(cell)], Vec::new());
        }
    }
    None
}

const HIDDEN_SINGLE: Technique<Sudoku> = Technique {
    id: "hidden-single",
    level: 1,
    summary: "a digit with one place left in a row, column or box goes there",
    find: hidden_single,
};

fn hidden_single(puzzle: &Sudoku, board: &Board) -> Option<Found> {
    for unit in 0..puzzle.units.len() {
        for digit in 1..=puzzle.size as u32 {
            let places = puzzle.places(board, unit, digit);
            match places[..] {
                [] => {
                    let reasons = puzzle.units[unit].iter().map(|&c| puzzle.at(c)).collect();
                    let message = format!("no cell of {} can be {digit}", unit_name(puzzle.size, unit));
                    return Some(Found::Contradiction { message, reasons });
                }
                [cell] if board.candidates(puzzle.at(cell)).len() > 1 => {
                    let message = format!(
                        "{} is the only cell of {} that can be {digit}",
                        cell_name(puzzle.at(cell)),
                        unit_name(puzzle.size, unit)
                    );
                    let change = Change::Set { cell: puzzle.at(cell), value: digit as u8 };
                    let reasons = puzzle.units[unit].iter().filter(|&&c| c != cell).map(|&c| puzzle.at(c)).collect();
                    return HIDDEN_SINGLE.step(message, vec![change], reasons, puzzle.api_lines(unit));
                }
                _ => {}
            }
        }
    }
    None
}

const LOCKED_CANDIDATES: Technique<Sudoku> = Technique {
    id: "locked-candidates",
    level: 2,
    summary: "a digit confined to where a box meets a row or column leaves the rest of the other",
    find: locked_candidates,
};

fn locked_candidates(puzzle: &Sudoku, board: &Board) -> Option<Found> {
    let n = puzzle.size;
    // Every unit against every other it crosses in two or more cells: box and line both ways.
    for unit in 0..3 * n {
        for digit in 1..=n as u32 {
            let places = puzzle.places(board, unit, digit);
            if places.len() < 2 {
                continue;
            }
            for other in (0..3 * n).filter(|&o| o != unit && (o >= 2 * n) != (unit >= 2 * n)) {
                if !places.iter().all(|c| puzzle.units[other].contains(c)) {
                    continue;
                }
                let changes: Vec<Change> = puzzle.units[other]
                    .iter()
                    .filter(|c| !places.contains(c))
                    .filter_map(|&c| board.narrowing(puzzle.at(c), !DigitSet::single(digit)))
                    .collect();
                if !changes.is_empty() {
                    let kind = if unit >= 2 * n { "pointing" } else { "claiming" };
                    let message = format!(
                        "{kind}: in {} the {digit} is in {} (all in {}), so no other cell of {} can be {digit}: {}",
                        unit_name(n, unit),
                        places.iter().map(|&c| cell_name(puzzle.at(c))).collect::<Vec<_>>().join(", "),
                        unit_name(n, other),
                        unit_name(n, other),
                        changes_text(&changes)
                    );
                    let reasons = places.iter().map(|&c| puzzle.at(c)).collect();
                    let mut lines = puzzle.api_lines(unit);
                    lines.extend(puzzle.api_lines(other));
                    return LOCKED_CANDIDATES.step(message, changes, reasons, lines);
                }
            }
        }
    }
    None
}

const CAGE_COMBINATION: Technique<Sudoku> = Technique {
    id: "cage-combination",
    level: 2,
    summary:
        "a cage's cells keep only the digits of the sets of different digits with its sum that they can still hold",
    find: cage_combination,
};

fn cage_combination(puzzle: &Sudoku, board: &Board) -> Option<Found> {
    let masks: Vec<u32> = (0..puzzle.size * puzzle.size).map(|c| board.candidates(puzzle.at(c)).0).collect();
    for (k, members) in puzzle.cage_cells.iter().enumerate() {
        let cells: Vec<Cell> = members.iter().map(|&c| puzzle.at(c)).collect();
        let Some((union, _)) = puzzle.cage_reach(k, &masks) else {
            let message = format!("no set of different digits with the sum {} fits cages[{k}]", puzzle.cages[k].sum);
            return Some(Found::Contradiction { message, reasons: cells });
        };
        let changes: Vec<Change> = cells.iter().filter_map(|&c| board.narrowing(c, DigitSet(union))).collect();
        if !changes.is_empty() {
            let message = format!(
                "the cage of {} cells with the sum {} can only hold {}: {}",
                cells.len(),
                puzzle.cages[k].sum,
                digit_list(DigitSet(union)),
                changes_text(&changes)
            );
            return CAGE_COMBINATION.step(message, changes, cells, Vec::new());
        }
    }
    None
}

const NAKED_SUBSET: Technique<Sudoku> = Technique {
    id: "naked-subset",
    level: 3,
    summary: "two, three or four cells of a unit with as many candidates between them: those leave the unit (pairs, triples, quads)",
    find: naked_subset,
};

fn naked_subset(puzzle: &Sudoku, board: &Board) -> Option<Found> {
    for (unit, cells) in puzzle.units.iter().enumerate() {
        let open: Vec<usize> =
            cells.iter().copied().filter(|&c| (2..=4).contains(&board.candidates(puzzle.at(c)).len())).collect();
        for size in 2..=4u32 {
            for mask in (1u32..1 << open.len()).filter(|m| m.count_ones() == size) {
                let members: Vec<usize> = (0..open.len()).filter(|&i| mask >> i & 1 == 1).map(|i| open[i]).collect();
                let digits = members.iter().fold(DigitSet::EMPTY, |all, &c| all | board.candidates(puzzle.at(c)));
                if digits.len() != size {
                    continue;
                }
                let changes: Vec<Change> = cells
                    .iter()
                    .filter(|c| !members.contains(c))
                    .filter_map(|&c| board.narrowing(puzzle.at(c), !digits))
                    .collect();
                if !changes.is_empty() {
                    let names: Vec<String> = members.iter().map(|&c| cell_name(puzzle.at(c))).collect();
                    let message = format!(
                        "{} can only hold {} between them, so no other cell of {} can: {}",
                        names.join(", "),
                        digit_list(digits),
                        unit_name(puzzle.size, unit),
                        changes_text(&changes)
                    );
                    let reasons = members.iter().map(|&c| puzzle.at(c)).collect();
                    return NAKED_SUBSET.step(message, changes, reasons, puzzle.api_lines(unit));
                }
            }
        }
    }
    None
}
