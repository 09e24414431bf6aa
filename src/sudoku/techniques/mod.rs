//! The named Sudoku techniques of the explained-logic layer (see [`crate::engine::explain`]),
//! with the names players know, in the ladder hints, explanations, ratings and generation's
//! levels climb:
//!
//! | level | technique | what it sees |
//! |---|---|---|
//! | 1 | `naked-single` | a decided digit leaves its row, column, box and cage |
//! | 1 | `hidden-single` | a digit with one place left in a row, column or box |
//! | 2 | `locked-candidates` | a digit of a box confined to one row or column leaves the rest of that line (pointing), and a digit of a line confined to one box leaves the rest of the box (claiming) |
//! | 2 | `cage-combination` | a cage's cells keep the digits of the combinations (different digits, the cage's sum) they can still hold |
//! | 2 | `cage-confinement` | a digit a cage must hold, confined in it to one row, column or box, leaves the unit's other cells; a digit a unit can only hold inside one cage leaves the cage's other cells |
//! | 2 | `innies-outies` | the 45 rule: a unit's digits add up to 1 + … + N, so the cages inside it fix the sum of its other cells (innies), and the cages across it the sum of their cells outside (outies) |
//! | 3 | `naked-subset` | two, three or four cells of a unit with as many candidates between them: those leave the unit |
//! | 3 | `hidden-subset` | two, three or four digits of a unit with as many places between them: those cells keep only them |
//! | 4 | `x-wing`, `swordfish`, `jellyfish` | a digit confined in 2, 3 or 4 rows to as many columns (or the other way round) leaves those columns' other cells |
//! | 4 | `xy-wing` | a pivot {a,b} seeing wings {a,c} and {b,c}: c leaves the cells that see both wings |
//! | 4 | `xyz-wing` | a pivot {a,b,c} seeing wings {a,c} and {b,c}: c leaves the cells that see all three |
//! | 4 | `simple-colouring` | the chains of a digit's conjugate pairs, coloured alternately: a colour seen twice in a unit is false, and a cell seeing both colours loses the digit |
//!
//! "Sees" is being a peer: the same row, column, box or cage, whose digits all differ.
//! Every step follows from the board alone (the tests check each against the solution).
//! Each scan is O(units × cells); the subsets and fish O(units × subsets of ≤ 4), the wings
//! O(cells × peers²), colouring O(digits × cells × peers).

mod killer;
mod patterns;

use super::puzzle::{unit_name, Sudoku};
use crate::engine::bits::DigitSet;
use crate::engine::error::{Error, Place};
use crate::engine::explain::{
    cell_name, changes_text, digit_list, player_entries, subsets, Axis, Board, Cell, Change, Explain, Found, Line,
    Technique,
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
const TECHNIQUES: &[Technique<Sudoku>] = &[
    NAKED_SINGLE,
    HIDDEN_SINGLE,
    LOCKED_CANDIDATES,
    killer::CAGE_COMBINATION,
    killer::CAGE_CONFINEMENT,
    killer::INNIES_OUTIES,
    NAKED_SUBSET,
    HIDDEN_SUBSET,
    patterns::X_WING,
    patterns::XY_WING,
    patterns::SWORDFISH,
    patterns::XYZ_WING,
    patterns::SIMPLE_COLOURING,
    patterns::JELLYFISH,
];

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
            for mask in subsets(open.len(), size) {
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

const HIDDEN_SUBSET: Technique<Sudoku> = Technique {
    id: "hidden-subset",
    level: 3,
    summary: "two, three or four digits of a unit with as many places between them: those cells keep only them (pairs, triples, quads)",
    find: hidden_subset,
};

fn hidden_subset(puzzle: &Sudoku, board: &Board) -> Option<Found> {
    for (unit, cells) in puzzle.units.iter().enumerate() {
        // The digits still to place, each with its places as a mask over the unit's cells.
        let open: Vec<(u32, u32)> = (1..=puzzle.size as u32)
            .filter_map(|digit| {
                let places = (0..cells.len())
                    .filter(|&i| board.candidates(puzzle.at(cells[i])).contains(digit))
                    .fold(0u32, |mask, i| mask | 1 << i);
                (2..=4).contains(&places.count_ones()).then_some((digit, places))
            })
            .collect();
        for size in 2..=4u32 {
            for mask in subsets(open.len(), size) {
                let chosen: Vec<(u32, u32)> =
                    (0..open.len()).filter(|&i| mask >> i & 1 == 1).map(|i| open[i]).collect();
                let places = chosen.iter().fold(0u32, |all, &(_, p)| all | p);
                if places.count_ones() != size {
                    continue;
                }
                let digits = chosen.iter().fold(DigitSet::EMPTY, |all, &(d, _)| all | DigitSet::single(d));
                let holders: Vec<Cell> =
                    (0..cells.len()).filter(|&i| places >> i & 1 == 1).map(|i| puzzle.at(cells[i])).collect();
                let changes: Vec<Change> = holders.iter().filter_map(|&c| board.narrowing(c, digits)).collect();
                if !changes.is_empty() {
                    let names: Vec<String> = holders.iter().map(|&c| cell_name(c)).collect();
                    let message = format!(
                        "in {} only {} can hold {}, so they hold nothing else: {}",
                        unit_name(puzzle.size, unit),
                        names.join(", "),
                        digit_list(digits),
                        changes_text(&changes)
                    );
                    let reasons = cells.iter().map(|&c| puzzle.at(c)).filter(|c| !holders.contains(c)).collect();
                    return HIDDEN_SUBSET.step(message, changes, reasons, puzzle.api_lines(unit));
                }
            }
        }
    }
    None
}

#[cfg(all(test, not(target_arch = "wasm32")))] // native only: the solver's system clock
mod tests {
    //! Each technique of the ladder on a hand board where it is the first that applies, and
    //! on a puzzle whose explanation needs it, every step checked against the solution.
    use super::*;
    use crate::engine::explain::test_support::{assert_sound, board, changes, remove, NoClock};
    use crate::engine::explain::{explain, hint, ExplainOptions, Step};
    use crate::engine::search::{solve, NoProgress, SolveOptions, Status};
    use crate::format::{parse, Format};
    use crate::sudoku::default_box;
    use crate::Puzzle;

    fn classic(line: &str) -> Sudoku {
        let grid = line
            .as_bytes()
            .chunks(9)
            .map(|row| row.iter().map(|&b| if b == b'.' { 0 } else { u32::from(b - b'0') }).collect())
            .collect();
        Sudoku::new(grid, None, Vec::new()).unwrap()
    }

    fn canonical(text: &str) -> Sudoku {
        match parse(text, Some(Format::Canonical)).unwrap() {
            Puzzle::Sudoku(sudoku) => sudoku,
            other => panic!("not a Sudoku: {}", other.genre()),
        }
    }

    /// The first step from `board`, with trial left out.
    fn first_step(puzzle: &Sudoku, board: &Board) -> Step {
        let options = ExplainOptions { no_trial: true, ..Default::default() };
        hint(puzzle, board, &options, &NoClock).unwrap().expect("a step")
    }

    /// Explains `puzzle` without trial, checks every step against `solution` (a solution
    /// of the puzzle: no step may remove its digit) and that `technique` is among them.
    fn needs(puzzle: &Sudoku, solution: &Grid, technique: &str) {
        let options = ExplainOptions { no_trial: true, ..Default::default() };
        let explanation = explain(puzzle, puzzle.board(), &options, &NoClock);
        assert_sound(&explanation.steps, solution);
        assert!(
            explanation.steps.iter().any(|s| s.technique == technique),
            "{technique} is not used: {:?}",
            explanation.rating.techniques
        );
    }

    /// The solver's one solution of `puzzle` (an independent oracle for the steps).
    fn unique_solution(puzzle: &Sudoku) -> Grid {
        let outcome = solve(puzzle, &SolveOptions::default(), &NoClock, &mut NoProgress);
        assert_eq!(outcome.status, Status::Unique);
        outcome.solutions[0].clone()
    }

    #[test]
    fn the_ladder_is_ordered_by_level() {
        assert!(TECHNIQUES.windows(2).all(|pair| pair[0].level <= pair[1].level));
    }

    #[test]
    fn naked_triples_and_quads() {
        let puzzle = classic(&".".repeat(81));
        let triple = board(&puzzle, &[((0, 0), &[1, 2]), ((0, 1), &[2, 3]), ((0, 2), &[1, 3])]);
        let step = first_step(&puzzle, &triple);
        assert_eq!(step.technique, "naked-subset");
        assert!(step.changes.contains(&remove((0, 3), &[1, 2, 3])), "{}", step.message);
        let quad = board(&puzzle, &[((0, 0), &[1, 2]), ((0, 1), &[2, 3]), ((0, 2), &[3, 4]), ((0, 3), &[1, 4])]);
        let step = first_step(&puzzle, &quad);
        assert_eq!(step.technique, "naked-subset");
        assert_eq!(step.message.split(" can only hold ").next(), Some("r1c1, r1c2, r1c3, r1c4"));
        assert!(step.changes.contains(&remove((0, 8), &[1, 2, 3, 4])));
    }

    #[test]
    fn a_hidden_triple() {
        // 1, 2 and 3 fit row 1 only in r1c1, r1c4 and r1c7 (one per box).
        let puzzle = classic(&".".repeat(81));
        let others: Vec<(Cell, &[u32])> =
            [1, 2, 4, 5, 7, 8].iter().map(|&c| ((0, c), &[4, 5, 6, 7, 8, 9][..])).collect();
        let step = first_step(&puzzle, &board(&puzzle, &others));
        assert_eq!(step.technique, "hidden-subset");
        assert_eq!(
            step.changes,
            vec![
                remove((0, 0), &[4, 5, 6, 7, 8, 9]),
                remove((0, 3), &[4, 5, 6, 7, 8, 9]),
                remove((0, 6), &[4, 5, 6, 7, 8, 9])
            ]
        );
        assert!(step.message.starts_with("in row 1 only r1c1, r1c4, r1c7 can hold 1, 2, 3"), "{}", step.message);
    }

    #[test]
    fn a_jellyfish() {
        // Rows 1, 3, 5 and 7 hold 1 only in columns 1, 3, 5 and 7; nothing easier applies.
        let puzzle = classic(&".".repeat(81));
        let rest: &[u32] = &[2, 3, 4, 5, 6, 7, 8, 9];
        let cells: Vec<(Cell, &[u32])> =
            [0, 2, 4, 6].iter().flat_map(|&r| [1, 3, 5, 7, 8].into_iter().map(move |c| ((r, c), rest))).collect();
        let step = first_step(&puzzle, &board(&puzzle, &cells));
        assert_eq!(step.technique, "jellyfish");
        assert_eq!(step.changes.len(), 20);
        assert!(step.changes.contains(&remove((8, 6), &[1])));
        assert!(step.message.starts_with(
            "jellyfish: row 1, row 3, row 5, row 7 can only hold 1 in column 1, column 3, column 5, column 7"
        ));
    }

    #[test]
    fn an_xy_wing_on_a_hand_board() {
        // Pivot r1c1 {1,2}, wings r1c5 {1,3} and r5c1 {2,3}: r5c5 sees both and loses 3.
        let puzzle = classic(&".".repeat(81));
        let marked = board(&puzzle, &[((0, 0), &[1, 2]), ((0, 4), &[1, 3]), ((4, 0), &[2, 3])]);
        assert_eq!(changes(xy_wing_only(&puzzle, &marked)), vec![remove((4, 4), &[3])]);
    }

    /// An empty `size × size` board where the cells of `lines` (each a row's or a column's
    /// cells) outside `keep` cannot hold 1: digit 1 fenced in for the fish and colouring tests.
    fn fenced(size: usize, lines: &[Vec<Cell>], keep: &[Cell]) -> (Sudoku, Board) {
        let puzzle = Sudoku::new(vec![vec![0; size]; size], None, Vec::new()).unwrap();
        let rest: Vec<u32> = (2..=size as u32).collect();
        let cells: Vec<(Cell, &[u32])> =
            lines.iter().flatten().filter(|c| !keep.contains(c)).map(|&c| (c, &rest[..])).collect();
        let board = board(&puzzle, &cells);
        (puzzle, board)
    }

    /// X-Wing and Swordfish on 12×12 and 16×16: rows one band apart that hold 1 only in the
    /// same columns one stack apart (2 and 3 of them), so nothing lower on the ladder applies;
    /// 1 leaves those columns' other cells.
    #[test]
    fn fish_on_12x12_and_16x16() {
        for size in [12, 16] {
            let (rows, cols) = default_box(size).unwrap();
            for (fish, technique) in [(2, "x-wing"), (3, "swordfish")] {
                let lines: Vec<usize> = (0..fish).collect();
                let row = |k: &usize| (0..size).map(|c| (k * (rows + 1), c)).collect::<Vec<Cell>>();
                let keep: Vec<Cell> =
                    lines.iter().flat_map(|a| lines.iter().map(move |b| (a * (rows + 1), b * (cols + 1)))).collect();
                let (puzzle, board) = fenced(size, &lines.iter().map(row).collect::<Vec<_>>(), &keep);
                let step = first_step(&puzzle, &board);
                assert_eq!(step.technique, technique, "{size}×{size}: {}", step.message);
                let mut expected: Vec<Change> = (0..size)
                    .filter(|r| !lines.iter().any(|k| k * (rows + 1) == *r))
                    .flat_map(|r| lines.iter().map(move |k| remove((r, k * (cols + 1)), &[1])))
                    .collect();
                let mut got = step.changes.clone();
                expected.sort_by_key(|c| c.cell());
                got.sort_by_key(|c| c.cell());
                assert_eq!(got, expected, "{size}×{size} {technique}");
            }
        }
    }

    /// Simple colouring on 12×12 and 16×16: 1 has two places in row 1 (r1c1, and one stack
    /// over), in that column (a band down) and in that band's row (back in column 2): a chain
    /// of four coloured alternately. The cells that see both colours (through a box and a
    /// column) lose 1; nothing lower on the ladder applies.
    #[test]
    fn simple_colouring_on_12x12_and_16x16() {
        for size in [12, 16] {
            let (rows, cols) = default_box(size).unwrap();
            let (a, b, c, d) = ((0, 0), (0, cols + 1), (rows + 1, cols + 1), (rows + 1, 1));
            let row = |r: usize| (0..size).map(|col| (r, col)).collect::<Vec<Cell>>();
            let column = (0..size).map(|r| (r, cols + 1)).collect::<Vec<Cell>>();
            let (puzzle, board) = fenced(size, &[row(0), column, row(rows + 1)], &[a, b, c, d]);
            let step = first_step(&puzzle, &board);
            assert_eq!(step.technique, "simple-colouring", "{size}×{size}: {}", step.message);
            // Seeing r1c1 (box) and d (column 2), or d (box) and r1c1 (column 1).
            let traps: Vec<Cell> =
                (1..rows).map(|r| (r, 1)).chain((rows..2 * rows).filter(|&r| r != rows + 1).map(|r| (r, 0))).collect();
            assert!(!step.changes.is_empty());
            for change in &step.changes {
                assert!(traps.contains(&change.cell()), "{size}×{size}: {}", step.message);
                assert_eq!(*change, remove(change.cell(), &[1]));
            }
        }
    }

    fn xy_wing_only(puzzle: &Sudoku, board: &Board) -> Option<Found> {
        (patterns::XY_WING.find)(puzzle, board)
    }

    /// Puzzles made by the project's generator whose explanations need each technique.
    #[test]
    fn each_technique_on_a_puzzle_that_needs_it() {
        for (technique, line) in [
            ("naked-subset", ".6.3.74..1.3.....7..9.56....5...3...8.49.56.2...2...5....57.9..6.....3.5..56.4.2."),
            ("hidden-subset", "9...87.51.3.2...8......9....51....6.4..7.5..2.9....34....5......6...8.2.81.62...4"),
            ("x-wing", ".8..4.15...35.8..9.5.1....8..1..3.....4...6.....2..3..7....5.9.8..9.67...16.8..4."),
            ("xy-wing", ".8..4.15...35.8..9.5.1....8..1..3.....4...6.....2..3..7....5.9.8..9.67...16.8..4."),
            ("swordfish", "..51...9713...92.8.......4....8..9..9...6...1..6..4....2.......5.84...3969...14.."),
            ("xyz-wing", ".162....7....8...67...4.23....35.8...5.....7...7.18....24.7...85...9....9....451."),
            ("simple-colouring", "3....19...56.7.2.8.8.2..1.....6..8...6.....2...7..5.....4..3.8.6.1.8.75...85....2"),
        ] {
            let puzzle = classic(line);
            needs(&puzzle, &unique_solution(&puzzle), technique);
        }
    }

    /// Killers without givens, their cages cut at random from one solution each (that grid
    /// is the oracle: a Killer may have more solutions, but never loses that one's digits).
    #[test]
    fn killer_techniques_on_puzzles_that_need_them() {
        let cut = |text: &str| canonical(&format!("sudoku:{}:{text}", ["........."; 9].join("/")));
        let first = cut("9.11.21/11.12.13/20.14.24.25.34/15.15.16.17.18/11.19.29/20.22.23.33.32/21.26.36.27/12.28.38/7.31.41/10.35.45/16.37.47.48/11.39.49/11.42.52/6.43.53/5.44/7.46.56/20.51.61.71.81/15.54.55/13.57.67/13.58.59.68.69/16.62.63.72/8.64.74/14.65.75/7.66.76/20.73.83.84.93/20.77.87.86/18.78.88.79/9.82.92/15.85.95.94.96/11.89.99/9.91/5.97.98");
        let solution = any_solution(&first);
        for technique in ["cage-combination", "cage-confinement", "innies-outies"] {
            needs(&first, &solution, technique);
        }
    }

    /// One solution of `puzzle`, checked by the rules.
    fn any_solution(puzzle: &Sudoku) -> Grid {
        let options = SolveOptions { max_solutions: 1, ..SolveOptions::default() };
        let outcome = solve(puzzle, &options, &NoClock, &mut NoProgress);
        let solution = outcome.solutions.into_iter().next().expect("a solution");
        assert_eq!(puzzle.check(&solution), Ok(()));
        solution
    }
}
