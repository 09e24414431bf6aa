//! The patterns of the upper rungs: fish (X-Wing, Swordfish, Jellyfish: one search of size
//! 2, 3 or 4), the XY-Wing and XYZ-Wing, and simple colouring of one digit's conjugate pairs.

use crate::engine::bits::DigitSet;
use crate::engine::explain::{
    cell_name, changes_text, digit_list, subsets, Axis, Board, Change, Found, Line, Technique,
};
use crate::sudoku::puzzle::{unit_name, Sudoku};

impl Sudoku {
    /// Whether two different cells see each other (share a row, column, box or cage).
    fn sees(&self, a: usize, b: usize) -> bool {
        self.peers[a].contains(&b)
    }

    /// The changes that take `digit` from `cells`.
    fn without(&self, board: &Board, cells: impl Iterator<Item = usize>, digit: u32) -> Vec<Change> {
        cells.filter_map(|c| board.narrowing(self.at(c), !DigitSet::single(digit))).collect()
    }
}

pub(super) const X_WING: Technique<Sudoku> = Technique {
    id: "x-wing",
    level: 4,
    summary:     "a digit that two rows can only hold in the same two columns leaves those columns' other cells (or rows and columns the other way round)",
    find: |puzzle, board| fish(puzzle, board, 2, &X_WING),
};

pub(super) const SWORDFISH: Technique<Sudoku> = Technique {
    id: "swordfish",
    level: 4,
    summary:     "a digit that three rows can only hold in the same three columns leaves those columns' other cells (or rows and columns the other way round)",
    find: |puzzle, board| fish(puzzle, board, 3, &SWORDFISH),
};

pub(super) const JELLYFISH: Technique<Sudoku> = Technique {
    id: "jellyfish",
    level: 4,
    summary:     "a digit that four rows can only hold in the same four columns leaves those columns' other cells (or rows and columns the other way round)",
    find: |puzzle, board| fish(puzzle, board, 4, &JELLYFISH),
};

/// A fish of `size` base lines: rows (or columns) that hold `digit` only within `size`
/// columns (rows) between them; each holds it once, so those columns hold it there and
/// nowhere else.
fn fish(puzzle: &Sudoku, board: &Board, size: u32, technique: &Technique<Sudoku>) -> Option<Found> {
    let n = puzzle.size;
    for digit in 1..=n as u32 {
        for (base_axis, cover_axis) in [(Axis::Row, Axis::Col), (Axis::Col, Axis::Row)] {
            let cell = |base: usize, cross: usize| match base_axis {
                Axis::Row => base * n + cross,
                Axis::Col => cross * n + base,
            };
            let lines: Vec<(usize, u32)> = (0..n)
                .filter_map(|base| {
                    let crosses = (0..n)
                        .filter(|&cross| board.candidates(puzzle.at(cell(base, cross))).contains(digit))
                        .fold(0u32, |mask, cross| mask | 1 << cross);
                    (2..=size).contains(&crosses.count_ones()).then_some((base, crosses))
                })
                .collect();
            for mask in subsets(lines.len(), size) {
                let chosen: Vec<(usize, u32)> =
                    (0..lines.len()).filter(|&i| mask >> i & 1 == 1).map(|i| lines[i]).collect();
                let covers = chosen.iter().fold(0u32, |all, &(_, crosses)| all | crosses);
                if covers.count_ones() != size {
                    continue;
                }
                let bases: Vec<usize> = chosen.iter().map(|&(base, _)| base).collect();
                let crosses: Vec<usize> = (0..n).filter(|&cross| covers >> cross & 1 == 1).collect();
                let others = crosses
                    .iter()
                    .flat_map(|&cross| (0..n).filter(|b| !bases.contains(b)).map(move |base| cell(base, cross)));
                let changes = puzzle.without(board, others, digit);
                if changes.is_empty() {
                    continue;
                }
                let names = |axis: Axis, indices: &[usize]| {
                    let offset = if axis == Axis::Row { 0 } else { n };
                    indices.iter().map(|&i| unit_name(n, offset + i)).collect::<Vec<_>>().join(", ")
                };
                let message = format!(
                    "{}: {} can only hold {digit} in {}, so no other cell of those can be {digit}: {}",
                    technique.id,
                    names(base_axis, &bases),
                    names(cover_axis, &crosses),
                    changes_text(&changes)
                );
                let reasons = bases
                    .iter()
                    .flat_map(|&base| crosses.iter().map(move |&cross| cell(base, cross)))
                    .filter(|&c| board.candidates(puzzle.at(c)).contains(digit))
                    .map(|c| puzzle.at(c))
                    .collect();
                let lines = bases
                    .iter()
                    .map(|&index| Line { axis: base_axis, index })
                    .chain(crosses.iter().map(|&index| Line { axis: cover_axis, index }))
                    .collect();
                return technique.step(message, changes, reasons, lines);
            }
        }
    }
    None
}

pub(super) const XY_WING: Technique<Sudoku> = Technique {
    id: "xy-wing",
    level: 4,
    summary: "a pivot {a,b} that sees two wings {a,c} and {b,c}: one wing is c, so c leaves the cells that see both",
    find: |puzzle, board| wing(puzzle, board, 2),
};

pub(super) const XYZ_WING: Technique<Sudoku> = Technique {
    id: "xyz-wing",
    level: 4,
    summary: "a pivot {a,b,c} that sees two wings {a,c} and {b,c}: one of the three is c, so c leaves the cells that see all three",
    find: |puzzle, board| wing(puzzle, board, 3),
};

/// The XY-Wing (a pivot of 2 candidates) or XYZ-Wing (3): two wings of two candidates
/// seeing the pivot, their union the pivot's digits plus (XY) or within them (XYZ), sharing
/// one digit `c` the pivot lacks (XY) or has (XYZ). Whatever the pivot is, a wing (or, for
/// the XYZ, the pivot itself) is `c`, so `c` leaves the cells that see all of them.
fn wing(puzzle: &Sudoku, board: &Board, pivot_size: u32) -> Option<Found> {
    let candidates = |c: usize| board.candidates(puzzle.at(c));
    for pivot in (0..puzzle.size * puzzle.size).filter(|&c| candidates(c).len() == pivot_size) {
        let pivot_digits = candidates(pivot);
        let wings: Vec<usize> = puzzle.peers[pivot]
            .iter()
            .copied()
            .filter(|&w| candidates(w).len() == 2 && (candidates(w) & pivot_digits).len() == 1 + (pivot_size - 2))
            .collect();
        for (i, &first) in wings.iter().enumerate() {
            for &second in &wings[i + 1..] {
                let shared = candidates(first) & candidates(second);
                let Some(c) = shared.only() else { continue };
                let union = candidates(first) | candidates(second) | pivot_digits;
                let fits = match pivot_size {
                    2 => union.len() == 3 && !pivot_digits.contains(c),
                    _ => union == pivot_digits,
                };
                if !fits {
                    continue;
                }
                let seen_by_all = |cell: usize| {
                    cell != pivot
                        && puzzle.sees(cell, first)
                        && puzzle.sees(cell, second)
                        && (pivot_size == 2 || puzzle.sees(cell, pivot))
                };
                let targets = puzzle.peers[first].iter().copied().filter(|&cell| cell != second && seen_by_all(cell));
                let changes = puzzle.without(board, targets, c);
                if changes.is_empty() {
                    continue;
                }
                let (technique, who) = match pivot_size {
                    2 => (&XY_WING, "one of the wings"),
                    _ => (&XYZ_WING, "one of the three"),
                };
                let [p, a, b] = [pivot, first, second].map(|cell| cell_name(puzzle.at(cell)));
                let message = format!(
                    "the pivot {p} ({}) sees the wings {a} ({}) and {b} ({}): whatever {p} is, {who} is {c}, so no cell that sees them can be {c}: {}",
                    digit_list(pivot_digits),
                    digit_list(candidates(first)),
                    digit_list(candidates(second)),
                    changes_text(&changes)
                );
                let reasons = [pivot, first, second].map(|cell| puzzle.at(cell)).to_vec();
                return technique.step(message, changes, reasons, Vec::new());
            }
        }
    }
    None
}

pub(super) const SIMPLE_COLOURING: Technique<Sudoku> = Technique {
    id: "simple-colouring",
    level: 4,
    summary: "a digit's conjugate pairs (its only two places in a unit) chained and coloured alternately: a colour twice in one unit is false, and a cell that sees both colours cannot hold the digit",
    find: simple_colouring,
};

fn simple_colouring(puzzle: &Sudoku, board: &Board) -> Option<Found> {
    let cells = puzzle.size * puzzle.size;
    for digit in 1..=puzzle.size as u32 {
        let holds =
            |c: usize| board.candidates(puzzle.at(c)).len() > 1 && board.candidates(puzzle.at(c)).contains(digit);
        // The conjugate pairs: units where the digit has two open places and no decided one.
        let mut links = vec![Vec::new(); cells];
        for unit in puzzle.units.iter() {
            let places: Vec<usize> =
                unit.iter().copied().filter(|&c| board.candidates(puzzle.at(c)).contains(digit)).collect();
            if let [a, b] = places[..] {
                if holds(a) && holds(b) {
                    links[a].push(b);
                    links[b].push(a);
                }
            }
        }
        let mut colour: Vec<Option<bool>> = vec![None; cells];
        for start in 0..cells {
            if links[start].is_empty() || colour[start].is_some() {
                continue;
            }
            // Colour the chain through `start`, breadth first.
            colour[start] = Some(false);
            let mut chain = vec![start];
            let mut next = 0;
            while next < chain.len() {
                let cell = chain[next];
                next += 1;
                for &other in &links[cell] {
                    if colour[other].is_none() {
                        colour[other] = colour[cell].map(|c| !c);
                        chain.push(other);
                    }
                }
            }
            let of = |side: bool| chain.iter().copied().filter(|&c| colour[c] == Some(side)).collect::<Vec<usize>>();
            let sides = [of(false), of(true)];
            let named = |cells: &[usize]| cells.iter().map(|&c| cell_name(puzzle.at(c))).collect::<Vec<_>>().join(", ");
            let chain_text = format!(
                "the {digit}s chained by conjugate pairs are {} on one side and {} on the other, one side all {digit}",
                named(&sides[0]),
                named(&sides[1])
            );
            let reasons = chain.iter().map(|&c| puzzle.at(c)).collect::<Vec<_>>();
            // A side with two cells that see each other is false.
            for members in &sides {
                let clash = members
                    .iter()
                    .enumerate()
                    .find_map(|(i, &a)| members[i + 1..].iter().find(|&&b| puzzle.sees(a, b)).map(|&b| (a, b)));
                if let Some((a, b)) = clash {
                    let changes = puzzle.without(board, members.iter().copied(), digit);
                    let message = format!(
                        "{chain_text}; {} and {} are on one side and see each other, so that side is not {digit}: {}",
                        cell_name(puzzle.at(a)),
                        cell_name(puzzle.at(b)),
                        changes_text(&changes)
                    );
                    return SIMPLE_COLOURING.step(message, changes, reasons, Vec::new());
                }
            }
            // A cell outside the chain that sees both sides.
            let trapped = (0..cells).filter(|&c| {
                colour[c].is_none() && sides.iter().all(|members| members.iter().any(|&m| puzzle.sees(c, m)))
            });
            let changes = puzzle.without(board, trapped, digit);
            if !changes.is_empty() {
                let message =
                    format!("{chain_text}, so a cell that sees both sides is not {digit}: {}", changes_text(&changes));
                return SIMPLE_COLOURING.step(message, changes, reasons, Vec::new());
            }
        }
    }
    None
}
