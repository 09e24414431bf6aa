//! Killer Sudoku's techniques: a cage's combinations, a digit a cage must hold confined to
//! one unit (or a unit's digit confined to one cage), and the 45 rule's innies and outies.

use crate::engine::bits::DigitSet;
use crate::engine::explain::{cell_name, changes_text, digit_list, Board, Cell, Change, Found, Technique};
use crate::sudoku::puzzle::{combinations_reach, unit_name, Sudoku};

impl Sudoku {
    /// Every cell's candidates as a mask, row-major (the solver's view of the board).
    fn masks(&self, board: &Board) -> Vec<u32> {
        (0..self.size * self.size).map(|c| board.candidates(self.at(c)).0).collect()
    }

    /// Cells in messages: `r1c1, r1c2, r2c1`.
    fn cell_names(&self, cells: &[usize]) -> String {
        cells.iter().map(|&c| cell_name(self.at(c))).collect::<Vec<_>>().join(", ")
    }

    /// Cage `k` in messages: `the cage r1c1, r1c2 (sum 12)`.
    fn cage_name(&self, k: usize) -> String {
        format!("the cage {} (sum {})", self.cell_names(&self.cage_cells[k]), self.cages[k].sum)
    }
}

pub(super) const CAGE_COMBINATION: Technique<Sudoku> = Technique {
    id: "cage-combination",
    level: 2,
    summary:
        "a cage's cells keep only the digits of the sets of different digits with its sum that they can still hold",
    find: cage_combination,
};

fn cage_combination(puzzle: &Sudoku, board: &Board) -> Option<Found> {
    let masks = puzzle.masks(board);
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

pub(super) const CAGE_CONFINEMENT: Technique<Sudoku> = Technique {
    id: "cage-confinement",
    level: 2,
    summary: "a digit a cage must hold, confined in it to one row, column or box, leaves the unit's other cells; a digit a unit can only hold inside one cage leaves the cage's other cells",
    find: cage_confinement,
};

fn cage_confinement(puzzle: &Sudoku, board: &Board) -> Option<Found> {
    let n = puzzle.size;
    let masks = puzzle.masks(board);
    let holding = |cells: &[usize], digit: u32| -> Vec<usize> {
        cells.iter().copied().filter(|&c| masks[c] >> digit & 1 == 1).collect()
    };
    let removing = |cells: &[usize], places: &[usize], digit: u32| -> Vec<Change> {
        cells
            .iter()
            .filter(|c| !places.contains(c))
            .filter_map(|&c| board.narrowing(puzzle.at(c), !DigitSet::single(digit)))
            .collect()
    };
    // A digit every combination of the cage holds, with its places in one unit.
    for (k, members) in puzzle.cage_cells.iter().enumerate() {
        let Some((_, common)) = puzzle.cage_reach(k, &masks) else { continue };
        for digit in DigitSet(common).iter() {
            let places = holding(members, digit);
            for unit in (0..3 * n).filter(|&u| places.iter().all(|c| puzzle.units[u].contains(c))) {
                let changes = removing(&puzzle.units[unit], &places, digit);
                if !changes.is_empty() {
                    let message = format!(
                        "{} must hold {digit} (every set of its digits does), and only {} can, all in {}, so no other cell of {} can be {digit}: {}",
                        puzzle.cage_name(k),
                        puzzle.cell_names(&places),
                        unit_name(n, unit),
                        unit_name(n, unit),
                        changes_text(&changes)
                    );
                    let reasons = members.iter().map(|&c| puzzle.at(c)).collect();
                    return CAGE_CONFINEMENT.step(message, changes, reasons, puzzle.api_lines(unit));
                }
            }
        }
    }
    // A digit of a unit whose places all lie in one cage.
    for unit in 0..3 * n {
        for digit in 1..=n as u32 {
            let places = holding(&puzzle.units[unit], digit);
            let Some(&first) = places.first() else { continue };
            let Some(k) = puzzle.cage_of[first] else { continue };
            if places.iter().any(|&c| puzzle.cage_of[c] != Some(k)) {
                continue;
            }
            let changes = removing(&puzzle.cage_cells[k], &places, digit);
            if !changes.is_empty() {
                let message = format!(
                    "{} can only hold {digit} in {}, all in {}, so no other cell of that cage can be {digit}: {}",
                    unit_name(n, unit),
                    puzzle.cell_names(&places),
                    puzzle.cage_name(k),
                    changes_text(&changes)
                );
                let reasons = puzzle.units[unit].iter().map(|&c| puzzle.at(c)).collect();
                return CAGE_CONFINEMENT.step(message, changes, reasons, puzzle.api_lines(unit));
            }
        }
    }
    None
}

pub(super) const INNIES_OUTIES: Technique<Sudoku> = Technique {
    id: "innies-outies",
    level: 2,
    summary: "the 45 rule: a row, column or box adds up to 1 + … + N, so the cages inside it fix the sum of its other cells (innies), and the cages across it the sum of their cells outside it (outies)",
    find: innies_outies,
};

fn innies_outies(puzzle: &Sudoku, board: &Board) -> Option<Found> {
    let n = puzzle.size;
    let total = (n * (n + 1) / 2) as u32;
    let masks = puzzle.masks(board);
    for house in &puzzle.house_sums {
        let unit = unit_name(n, house.unit);
        let (cells, sum) = (puzzle.cell_names(&house.cells), house.sum);
        let why = if house.outies {
            let across = total + sum;
            format!("{unit} adds up to {total} and the cages across it to {across}, so their cells outside it, {cells}, add up to {sum}")
        } else {
            let inside = total - sum;
            format!("{unit} adds up to {total} and the cages inside it to {inside}, so {cells} add up to {sum}")
        };
        let members: Vec<Cell> = house.cells.iter().map(|&c| puzzle.at(c)).collect();
        let Some((union, _)) = combinations_reach(&house.combos, &house.cells, &masks) else {
            let message = format!("{why}, which no set of different digits they can hold makes");
            return Some(Found::Contradiction { message, reasons: members });
        };
        let changes: Vec<Change> = members.iter().filter_map(|&c| board.narrowing(c, DigitSet(union))).collect();
        if !changes.is_empty() {
            let message =
                format!("{why}, so they can only hold {}: {}", digit_list(DigitSet(union)), changes_text(&changes));
            return INNIES_OUTIES.step(message, changes, members, puzzle.api_lines(house.unit));
        }
    }
    None
}
