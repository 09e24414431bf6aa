//! The named Str8ts techniques of the explained-logic layer (see [`crate::engine::explain`]),
//! with the names the str8ts.com strategy guides use.
//!
//! A compartment of `L` cells holds one *straight* `s..=s+L-1`. Most techniques ask which
//! straights a compartment can still hold, at three strengths: every cell has a candidate
//! in the straight (*reach*); and every digit of the straight is a candidate of some cell
//! (*gapless*); and the cells can take the straight's digits one each (*placed*, the
//! solver's all-different matching from `alldiff`).
//!
//! | level | technique | what it sees |
//! |---|---|---|
//! | 1 | `naked-single` | a decided digit or black clue leaves its row and column |
//! | 1 | `compartment-range` | a compartment of L holding d lies within d−L+1..d+L−1 |
//! | 1 | `hidden-single` | a digit every possible straight contains fits one cell |
//! | 2 | `stranded-digit` | a candidate no straight reaching every cell contains |
//! | 2 | `split-compartment` | a gap no cell can fill splits the compartment (mind the gap) |
//! | 2 | `sure-candidates` | digits of every possible straight leave the rest of the line |
//! | 3 | `naked-subset` | k cells of a line with k candidates between them |
//! | 3 | `hidden-subset` | k digits the line must hold that fit only k cells |
//! | 3 | `locked-compartment` | a straight that would clash with every straight of another compartment of the line |
//! | 4 | `x-wing`, `swordfish` | a digit two (three) lines must hold, confined to two (three) cross lines |
//! | 4 | `setti` | Setti's rule: a digit is in as many rows as columns |
//! | 4 | `jellyfish` | the same with four lines |
//! | 4 | `y-wing` | a pivot {a,b} with wings {a,c} and {b,c}: c leaves cells seeing both wings |
//! | 4 | `xy-chain` | a chain of two-candidate cells: one of its ends is x |
//! | 4 | `line-logic` | the solver's exact line revision, as a named fallback |
//! | 4 | `alternating-chain` | a chain of strong and weak links: if its start is false its end is true |
//! | 4 | `forcing-chain` | the chains from every option of a cell (or of a line's sure digit) agree |
//!
//! "Surely holds" (for `hidden-subset`, the fish, `setti`, `line-logic`) is read off the
//! board each time: the digits every straight of a compartment contains, closed under the
//! line revision, Setti's rule and the digit-by-digit matching of the solver's digit
//! revision — never remembered between steps, so every step follows from the board alone.
//!
//! The chains work on one graph of the open candidates ([`ChainGraph`]): a *strong* link
//! joins the two candidates of a cell and the two places a line has for a digit it surely
//! holds (one of them is true), a *weak* link joins candidates that rule each other out (same
//! cell, same digit in a line, digits no placed straight of a shared compartment holds
//! together). `alternating-chain` follows strong and weak links in turn from a candidate
//! assumed false; `forcing-chain` follows them from each option of a cell or line — still
//! binary implications only, unlike trial, which runs every named technique on an assumption.
//!
//! Each scan costs O(compartments × straights × an all-different check of ≤ 16 cells), or
//! O(lines × subsets) for the subset techniques, or for the chains O(candidates²) to build the
//! graph and a breadth-first search per start (bit sets of candidates); the loop calls them
//! cheapest first, the chains last.

use super::puzzle::Str8ts;
use super::{alldiff, line};
use crate::engine::bits::DigitSet;
use crate::engine::error::{Error, Place};
use crate::engine::explain::{
    cell_name, changes_text, digit_list, player_entries, span_name, subsets, Axis, Board, Cell, Change, Explain, Found,
    Line, Technique,
};
use crate::engine::search::Grid;

impl Explain for Str8ts {
    fn board(&self) -> Board {
        let n = self.size;
        Board::new(n, n, |row, col| {
            let cell = row * n + col;
            match (self.black[cell], self.digits[cell]) {
                (true, _) => None,
                (false, 0) => Some(DigitSet::range(1, n as u32)),
                (false, given) => Some(DigitSet::single(given)),
            }
        })
    }

    fn techniques(&self) -> &'static [Technique<Self>] {
        TECHNIQUES
    }

    fn is_solution(&self, grid: &Grid) -> bool {
        self.check(grid).is_ok()
    }
}

impl Str8ts {
    /// The board a player sees: `values` (a digit 1..N, 0 for empty; on a black cell 0 or
    /// its clue, so that the puzzle's own grid is a valid starting board), and optionally pencil marks per cell — a cell with marks has
    /// exactly those candidates, one without has all digits. Givens stay as given.
    ///
    /// Errors name the place: `board` / `board[r]` for a wrong shape, `board[r][c]` for a
    /// digit out of range, one on a black cell or one that differs from the given,
    /// `candidates[r][c]` for a mark out of range.
    pub fn player_board(&self, values: &[Vec<u8>], candidates: Option<&[Vec<Vec<u8>>]>) -> Result<Board, Error> {
        let n = self.size;
        let entries = player_entries(values, candidates, n, n, n as u32)?;
        for (row, cells) in values.iter().enumerate() {
            for (col, &value) in cells.iter().enumerate() {
                let cell = row * n + col;
                let place = || Place::Field(format!("board[{row}][{col}]"));
                let given = self.digits[cell];
                if self.black[cell] && value != 0 && u32::from(value) != given {
                    let expected = if given == 0 { "0".to_string() } else { format!("0 or its clue {given}") };
                    return Err(Error::new(place(), format!("is a black cell, expected {expected}, got {value}")));
                }
                if !self.black[cell] && given != 0 && value != 0 && u32::from(value) != given {
                    return Err(Error::new(place(), format!("holds the given {given}, got {value}")));
                }
            }
        }
        Ok(Board::new(n, n, |row, col| {
            let cell = row * n + col;
            match (self.black[cell], self.digits[cell]) {
                (true, _) => None,
                (false, 0) => Some(entries[row][col].unwrap_or(DigitSet::range(1, n as u32))),
                (false, given) => Some(DigitSet::single(given)),
            }
        }))
    }

    /// A row-major cell index as (row, column).
    fn at(&self, cell: usize) -> Cell {
        (cell / self.size, cell % self.size)
    }

    /// The line (rows `0..size`, then columns) as an API line.
    fn api_line(&self, line: usize) -> Line {
        if line < self.size {
            Line { axis: Axis::Row, index: line }
        } else {
            Line { axis: Axis::Col, index: line - self.size }
        }
    }

    /// A line in messages: `row 2`, `column 3`.
    fn line_name(&self, line: usize) -> String {
        if line < self.size {
            format!("row {}", line + 1)
        } else {
            format!("column {}", line - self.size + 1)
        }
    }

    /// A compartment in messages: `the compartment r2c2–r2c4`.
    fn compartment_name(&self, cells: &[usize]) -> String {
        format!("the compartment {}", span_name(self.at(cells[0]), self.at(cells[cells.len() - 1])))
    }

    /// The white cells of a line.
    fn line_whites(&self, line: usize) -> impl Iterator<Item = usize> + '_ {
        self.lines[line].iter().flatten().copied()
    }

    /// The row and the column of a cell, as lines.
    fn lines_of(&self, cell: usize) -> [usize; 2] {
        [cell / self.size, self.size + cell % self.size]
    }

    /// Every compartment with its line.
    fn compartments(&self) -> impl Iterator<Item = (usize, &[usize])> {
        self.lines.iter().enumerate().flat_map(|(line, parts)| parts.iter().map(move |cells| (line, &cells[..])))
    }

    /// For every white cell its compartments across and down, and for every compartment and
    /// digit the digits that share a placed straight with it there.
    fn together(&self, board: &Board) -> Together {
        let n = self.size;
        let mut of = vec![[usize::MAX; 2]; n * n];
        let mut with = Vec::new();
        for (line, cells) in self.compartments() {
            for &cell in cells {
                of[cell][usize::from(line >= n)] = with.len();
            }
            let mut near = vec![DigitSet::EMPTY; n + 1];
            for straight in self.straights(board, cells, Fit::Placed) {
                for digit in straight.iter() {
                    near[digit as usize] |= straight;
                }
            }
            with.push(near);
        }
        Together { of, with }
    }

    /// Whether white cell `cell` holding `digit` rules out `other` holding `other_digit`: the
    /// same cell with another digit, the same digit in its row or column, or digits that no
    /// straight their compartment can hold contains both.
    fn rules_out(&self, together: &Together, (cell, digit): (usize, u32), (other, other_digit): (usize, u32)) -> bool {
        let n = self.size;
        if cell == other {
            return digit != other_digit;
        }
        if cell / n != other / n && cell % n != other % n {
            return false;
        }
        if digit == other_digit {
            return true;
        }
        together.of[cell].iter().zip(&together.of[other]).any(|(&mine, &theirs)| {
            mine != usize::MAX && mine == theirs && !together.with[mine][digit as usize].contains(other_digit)
        })
    }

    /// The digit a cell shows: a black clue, or a white cell's decided digit.
    fn shown(&self, board: &Board, cell: usize) -> Option<u32> {
        if self.black[cell] {
            (self.digits[cell] != 0).then_some(self.digits[cell])
        } else {
            board.candidates(self.at(cell)).only()
        }
    }

    /// The straights (as digit sets) the compartment `cells` can hold, at strength `fit`.
    fn straights(&self, board: &Board, cells: &[usize], fit: Fit) -> Vec<DigitSet> {
        let len = cells.len() as u32;
        let mut out = Vec::new();
        for start in 1..=(self.size as u32 + 1).saturating_sub(len) {
            let straight = DigitSet::range(start, start + len - 1);
            let mut domains = [DigitSet::EMPTY; alldiff::MAX_CELLS];
            let mut covered = DigitSet::EMPTY;
            for (domain, &cell) in domains.iter_mut().zip(cells) {
                *domain = board.candidates(self.at(cell)) & straight;
                covered |= *domain;
            }
            let fits = domains[..cells.len()].iter().all(|d| !d.is_empty())
                && (fit == Fit::Reach || covered == straight)
                && (fit != Fit::Placed || alldiff::prune(&mut domains[..cells.len()]).is_some());
            if fits {
                out.push(straight);
            }
        }
        out
    }

    /// The digits each line surely holds: those every placed straight of one of its
    /// compartments contains (the first vector), and then, repeated until nothing is added,
    /// the closure by the whole grid (the second): Setti's rule (when as many lines of one
    /// direction surely hold d as lines of the other can, all of those hold it), and the
    /// lines surely holding d each take it from a different cross line, so the cross lines
    /// every such choice uses hold it too (the solver's digit revision, read off the board).
    fn sure_digits(&self, board: &Board) -> (Vec<DigitSet>, Vec<DigitSet>) {
        let n = self.size;
        let local: Vec<DigitSet> = (0..2 * n)
            .map(|line| {
                self.lines[line]
                    .iter()
                    .map(|cells| common(&self.straights(board, cells, Fit::Placed)))
                    .fold(DigitSet::EMPTY, |all, sure| all | sure)
            })
            .collect();
        let mut sure = vec![DigitSet::EMPTY; 2 * n];
        for (line, digits) in sure.iter_mut().enumerate() {
            for cell in black_cells(self, line).filter(|&c| self.digits[c] != 0) {
                *digits |= DigitSet::single(self.digits[cell]);
            }
        }
        let clues: Vec<DigitSet> = sure.clone();
        for (digits, local) in sure.iter_mut().zip(&local) {
            *digits |= *local;
        }
        let cell_at = |orientation: usize, i: usize, p: usize| if orientation == 0 { i * n + p } else { p * n + i };
        // The candidates as the line revisions narrow them (a copy: only requirements are kept).
        let mut narrowed: Vec<DigitSet> = (0..n * n).map(|c| board.candidates(self.at(c))).collect();
        loop {
            let mut grew = false;
            for line in 0..2 * n {
                let must = DigitSet(sure[line].0 & !clues[line].0);
                if let Ok(revision) = line::revise(&self.lines[line], n as u32, must, &mut narrowed, &mut |_, _| {}) {
                    grew |= !(revision.required & !must).is_empty();
                    sure[line] |= revision.required;
                }
            }
            for d in 1..=n as u32 {
                // places[o][i]: bit p+1 when line i of orientation o can hold d at position p
                // (a black clue d counts as a place).
                let mut places = [[DigitSet::EMPTY; alldiff::MAX_CELLS]; 2];
                let mut possible = [0u32; 2];
                let mut holding = [0u32; 2];
                for orientation in 0..2 {
                    for i in 0..n {
                        for p in 0..n {
                            let cell = cell_at(orientation, i, p);
                            let here = if self.black[cell] {
                                self.digits[cell] == d
                            } else {
                                board.candidates(self.at(cell)).contains(d)
                            };
                            if here {
                                places[orientation][i] |= DigitSet::single(p as u32 + 1);
                                possible[orientation] |= 1 << i;
                            }
                        }
                        if sure[orientation * n + i].contains(d) {
                            holding[orientation] |= 1 << i;
                        }
                    }
                }
                let least = holding[0].count_ones().max(holding[1].count_ones());
                for orientation in 0..2 {
                    if possible[orientation].count_ones() == least && possible[orientation] != holding[orientation] {
                        for i in (0..n).filter(|i| possible[orientation] >> i & 1 == 1) {
                            sure[orientation * n + i] |= DigitSet::single(d);
                        }
                        holding[orientation] = possible[orientation];
                        grew = true;
                    }
                }
                for orientation in 0..2 {
                    let mut domains = [DigitSet::EMPTY; alldiff::MAX_CELLS];
                    let mut count = 0;
                    for i in (0..n).filter(|i| holding[orientation] >> i & 1 == 1) {
                        domains[count] = places[orientation][i];
                        count += 1;
                    }
                    let Some(taken) = alldiff::prune(&mut domains[..count]) else { continue };
                    for p in taken.iter().map(|p| p as usize - 1) {
                        let cross = (1 - orientation) * n + p;
                        if !sure[cross].contains(d) {
                            sure[cross] |= DigitSet::single(d);
                            grew = true;
                        }
                    }
                }
            }
            if !grew {
                // What the white cells must hold: a black clue's digit is not theirs to hold.
                for (digits, clue) in sure.iter_mut().zip(&clues) {
                    *digits &= !*clue;
                }
                return (local, sure);
            }
        }
    }

    /// Why a line surely holds a digit, in messages.
    fn why_sure(&self, local: &[DigitSet], line: usize, digit: u32) -> String {
        if local[line].contains(digit) {
            format!(
                "{} surely holds {digit} (every straight of one of its compartments contains it)",
                self.line_name(line)
            )
        } else {
            format!(
                "{} surely holds {digit} (from the straights its compartments can hold together, Setti's rule and the \
                 lines that hold {digit}, each in another cross line)",
                self.line_name(line)
            )
        }
    }
}

/// Which digits can share a compartment: see [`Str8ts::together`].
struct Together {
    /// Per cell, the index of its compartment across and down (`usize::MAX`: none).
    of: Vec<[usize; 2]>,
    /// Per compartment and digit d, the digits of the placed straights holding d.
    with: Vec<Vec<DigitSet>>,
}

/// How strictly a straight must fit a compartment (see the module essay).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fit {
    /// Every cell has a candidate in it.
    Reach,
    /// And every digit of it is some cell's candidate.
    Gapless,
    /// And the cells can take its digits one each.
    Placed,
}

/// The digits every straight contains (empty for none).
fn common(straights: &[DigitSet]) -> DigitSet {
    straights.iter().copied().reduce(|a, b| a & b).unwrap_or(DigitSet::EMPTY)
}

/// The union of straights.
fn union(straights: &[DigitSet]) -> DigitSet {
    straights.iter().fold(DigitSet::EMPTY, |all, &s| all | s)
}

/// A straight in messages: `3–6`.
fn straight_text(straight: DigitSet) -> String {
    format!("{}–{}", straight.min().unwrap_or(0), straight.max().unwrap_or(0))
}

/// Straights in messages: `3–5, 4–6 or 5–7`, or the span when there are many.
fn straights_text(straights: &[DigitSet]) -> String {
    if straights.len() > 4 {
        return format!("one of {} straights within {}", straights.len(), straight_text(union(straights)));
    }
    let texts: Vec<String> = straights.iter().map(|&s| straight_text(s)).collect();
    match texts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => texts.join(""),
    }
}

/// A contradiction: a compartment that can hold no straight.
fn no_straight(puzzle: &Str8ts, cells: &[usize]) -> Found {
    Found::Contradiction {
        message: format!("{} can hold no straight", puzzle.compartment_name(cells)),
        reasons: cells.iter().map(|&c| puzzle.at(c)).collect(),
    }
}

/// The techniques, lowest level first.
static TECHNIQUES: &[Technique<Str8ts>] = &[
    NAKED_SINGLE,
    COMPARTMENT_RANGE,
    HIDDEN_SINGLE,
    STRANDED_DIGIT,
    SPLIT_COMPARTMENT,
    SURE_CANDIDATES,
    NAKED_SUBSET,
    HIDDEN_SUBSET,
    LOCKED_COMPARTMENT,
    X_WING,
    SWORDFISH,
    SETTI,
    JELLYFISH,
    Y_WING,
    XY_CHAIN,
    LINE_LOGIC,
    ALTERNATING_CHAIN,
    FORCING_CHAIN,
];

const NAKED_SINGLE: Technique<Str8ts> = Technique {
    id: "naked-single",
    level: 1,
    summary: "a decided digit, or a black cell's clue, leaves the other cells of its row and column",
    find: naked_single,
};

fn naked_single(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    for cell in 0..puzzle.size * puzzle.size {
        let Some(digit) = puzzle.shown(board, cell) else { continue };
        let mut changes = Vec::new();
        let mut lines = Vec::new();
        for line in puzzle.lines_of(cell) {
            let before = changes.len();
            let others = puzzle.line_whites(line).filter(|&other| other != cell);
            changes.extend(others.filter_map(|other| board.narrowing(puzzle.at(other), !DigitSet::single(digit))));
            if changes.len() > before {
                lines.push(puzzle.api_line(line));
            }
        }
        if !changes.is_empty() {
            let (row, col) = puzzle.at(cell);
            let what = if puzzle.black[cell] {
                format!("the black cell {} shows {digit}", cell_name((row, col)))
            } else {
                format!("{} is {digit}", cell_name((row, col)))
            };
            let message = format!(
                "{what}, so no other cell of row {} or column {} can be {digit}: {}",
                row + 1,
                col + 1,
                changes_text(&changes)
            );
            return NAKED_SINGLE.step(message, changes, vec![(row, col)], lines);
        }
    }
    None
}

const COMPARTMENT_RANGE: Technique<Str8ts> = Technique {
    id: "compartment-range",
    level: 1,
    summary: "a compartment of L cells holding d can only hold digits from d−L+1 to d+L−1",
    find: compartment_range,
};

fn compartment_range(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    for (line, cells) in puzzle.compartments() {
        let len = cells.len() as u32;
        let known: Vec<Cell> =
            cells.iter().map(|&c| puzzle.at(c)).filter(|&cell| board.value(cell).is_some()).collect();
        if len < 2 || known.is_empty() {
            continue;
        }
        let held = known.iter().fold(DigitSet::EMPTY, |all, &cell| all | board.candidates(cell));
        let (low, high) = (held.min().unwrap_or(0), held.max().unwrap_or(0));
        let keep = DigitSet::range((high + 1).saturating_sub(len).max(1), low + len - 1);
        let changes: Vec<Change> = cells.iter().filter_map(|&c| board.narrowing(puzzle.at(c), keep)).collect();
        if !changes.is_empty() {
            // Each placed cell with its own digit ("r1c1 is 3, r2c1 is 2"): a list of the cells
            // beside a list of digits would pair them up wrongly.
            let placed: Vec<String> = known
                .iter()
                .map(|&cell| format!("{} is {}", cell_name(cell), board.value(cell).unwrap_or(0)))
                .collect();
            let message = format!(
                "{}, so {} ({len} cells) holds digits from {} to {} only: {}",
                placed.join(", "),
                puzzle.compartment_name(cells),
                keep.min().unwrap_or(0),
                keep.max().unwrap_or(0),
                changes_text(&changes)
            );
            return COMPARTMENT_RANGE.step(message, changes, known, vec![puzzle.api_line(line)]);
        }
    }
    None
}

const HIDDEN_SINGLE: Technique<Str8ts> = Technique {
    id: "hidden-single",
    level: 1,
    summary: "a digit that every straight the compartment can hold contains fits only one of its cells",
    find: hidden_single,
};

fn hidden_single(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    for (line, cells) in puzzle.compartments() {
        let straights = puzzle.straights(board, cells, Fit::Placed);
        if straights.is_empty() {
            return Some(no_straight(puzzle, cells));
        }
        for digit in common(&straights).iter() {
            let mut places = cells.iter().map(|&c| puzzle.at(c)).filter(|&cell| board.candidates(cell).contains(digit));
            if let (Some(cell), None) = (places.next(), places.next()) {
                if board.candidates(cell).len() > 1 {
                    let message = format!(
                        "every straight {} can hold ({}) contains {digit}, and only {} can be {digit}",
                        puzzle.compartment_name(cells),
                        straights_text(&straights),
                        cell_name(cell)
                    );
                    let reasons = cells.iter().map(|&c| puzzle.at(c)).filter(|&c| c != cell).collect();
                    let change = Change::Set { cell, value: digit as u8 };
                    return HIDDEN_SINGLE.step(message, vec![change], reasons, vec![puzzle.api_line(line)]);
                }
            }
        }
    }
    None
}

/// Cells of a compartment lose what no straight of strength `fit` contains.
/// `GAPLESS`: the straights must also be gapless (`split-compartment`), else only reach every
/// cell (`stranded-digit`).
fn outside_straights<const GAPLESS: bool>(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    let (technique, fit) = if GAPLESS { (&SPLIT_COMPARTMENT, Fit::Gapless) } else { (&STRANDED_DIGIT, Fit::Reach) };
    for (line, cells) in puzzle.compartments() {
        let straights = puzzle.straights(board, cells, fit);
        if straights.is_empty() {
            return Some(no_straight(puzzle, cells));
        }
        let keep = union(&straights);
        let changes: Vec<Change> = cells.iter().filter_map(|&c| board.narrowing(puzzle.at(c), keep)).collect();
        if changes.is_empty() {
            continue;
        }
        let name = puzzle.compartment_name(cells);
        let len = cells.len();
        let why = if fit == Fit::Reach {
            format!("a straight of {len} in {name} must reach a candidate of every cell")
        } else {
            let held = cells.iter().fold(DigitSet::EMPTY, |all, &c| all | board.candidates(puzzle.at(c)));
            let span = DigitSet::range(held.min().unwrap_or(1), held.max().unwrap_or(0));
            let gaps = DigitSet(span.0 & !held.0);
            format!("no cell of {name} can be {}, and a straight of {len} cannot cross that gap", digit_list(gaps))
        };
        let message = format!("{why}: it is {}, so {}", straights_text(&straights), changes_text(&changes));
        let reasons = cells.iter().map(|&c| puzzle.at(c)).collect();
        return technique.step(message, changes, reasons, vec![puzzle.api_line(line)]);
    }
    None
}

const STRANDED_DIGIT: Technique<Str8ts> = Technique {
    id: "stranded-digit",
    level: 2,
    summary: "a candidate too far from another cell's candidates to share a straight with them",
    find: outside_straights::<false>,
};

const SPLIT_COMPARTMENT: Technique<Str8ts> = Technique {
    id: "split-compartment",
    level: 2,
    summary: "mind the gap: a digit no cell of the compartment can hold splits it, and a side too short is out",
    find: outside_straights::<true>,
};

const SURE_CANDIDATES: Technique<Str8ts> = Technique {
    id: "sure-candidates",
    level: 2,
    summary: "digits that every straight the compartment can hold contains leave the rest of its row or column",
    find: sure_candidates,
};

fn sure_candidates(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    for (line, cells) in puzzle.compartments() {
        let straights = puzzle.straights(board, cells, Fit::Placed);
        let sure = common(&straights);
        if sure.is_empty() {
            continue;
        }
        let changes: Vec<Change> = puzzle
            .line_whites(line)
            .filter(|other| !cells.contains(other))
            .filter_map(|other| board.narrowing(puzzle.at(other), !sure))
            .collect();
        if !changes.is_empty() {
            let message = format!(
                "every straight {} can hold ({}) contains {}, so the rest of {} cannot: {}",
                puzzle.compartment_name(cells),
                straights_text(&straights),
                digit_list(sure),
                puzzle.line_name(line),
                changes_text(&changes)
            );
            let reasons = cells.iter().map(|&c| puzzle.at(c)).collect();
            return SURE_CANDIDATES.step(message, changes, reasons, vec![puzzle.api_line(line)]);
        }
    }
    None
}

const NAKED_SUBSET: Technique<Str8ts> = Technique {
    id: "naked-subset",
    level: 3,
    summary: "two, three or four cells of a row or column with as many candidates between them: those leave the line",
    find: naked_subset,
};

fn naked_subset(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    for line in 0..2 * puzzle.size {
        let whites: Vec<Cell> = puzzle.line_whites(line).map(|c| puzzle.at(c)).collect();
        let open: Vec<Cell> =
            whites.iter().copied().filter(|&c| (2..=4).contains(&board.candidates(c).len())).collect();
        for size in 2..=4 {
            for mask in subsets(open.len(), size) {
                let members: Vec<Cell> = (0..open.len()).filter(|&i| mask >> i & 1 == 1).map(|i| open[i]).collect();
                let digits = members.iter().fold(DigitSet::EMPTY, |all, &c| all | board.candidates(c));
                if digits.len() != size {
                    continue;
                }
                let changes: Vec<Change> = whites
                    .iter()
                    .filter(|c| !members.contains(c))
                    .filter_map(|&c| board.narrowing(c, !digits))
                    .collect();
                if !changes.is_empty() {
                    let names: Vec<String> = members.iter().map(|&c| cell_name(c)).collect();
                    let message = format!(
                        "{} can only hold {} between them, so no other cell of {} can: {}",
                        names.join(", "),
                        digit_list(digits),
                        puzzle.line_name(line),
                        changes_text(&changes)
                    );
                    return NAKED_SUBSET.step(message, changes, members, vec![puzzle.api_line(line)]);
                }
            }
        }
    }
    None
}

const HIDDEN_SUBSET: Technique<Str8ts> = Technique {
    id: "hidden-subset",
    level: 3,
    summary: "one to three digits a row or column surely holds that fit only as many cells: those cells keep only them",
    find: hidden_subset,
};

fn hidden_subset(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    let (local, sure) = puzzle.sure_digits(board);
    for (line, &line_sure) in sure.iter().enumerate() {
        let whites: Vec<Cell> = puzzle.line_whites(line).map(|c| puzzle.at(c)).collect();
        let decided = whites
            .iter()
            .filter_map(|&c| board.value(c))
            .fold(DigitSet::EMPTY, |all, d| all | DigitSet::single(d.into()));
        let digits: Vec<u32> = DigitSet(line_sure.0 & !decided.0).iter().collect();
        for size in 1..=3 {
            for mask in subsets(digits.len(), size) {
                let chosen = (0..digits.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .fold(DigitSet::EMPTY, |all, i| all | DigitSet::single(digits[i]));
                let holders: Vec<Cell> =
                    whites.iter().copied().filter(|&c| !(board.candidates(c) & chosen).is_empty()).collect();
                if holders.len() != size as usize {
                    continue;
                }
                let changes: Vec<Change> = holders.iter().filter_map(|&c| board.narrowing(c, chosen)).collect();
                if !changes.is_empty() {
                    let names: Vec<String> = holders.iter().map(|&c| cell_name(c)).collect();
                    let why: Vec<String> = chosen.iter().map(|d| puzzle.why_sure(&local, line, d)).collect();
                    let message = format!(
                        "{}; only {} can hold {}, so {}",
                        why.join("; "),
                        names.join(", "),
                        digit_list(chosen),
                        changes_text(&changes)
                    );
                    let reasons = whites.iter().copied().filter(|c| !holders.contains(c)).collect();
                    return HIDDEN_SUBSET.step(message, changes, reasons, vec![puzzle.api_line(line)]);
                }
            }
        }
    }
    None
}

const LOCKED_COMPARTMENT: Technique<Str8ts> = Technique {
    id: "locked-compartment",
    level: 3,
    summary: "a straight that shares a digit with every straight another compartment of the line can hold is out",
    find: locked_compartment,
};

fn locked_compartment(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    for line in 0..2 * puzzle.size {
        let parts = &puzzle.lines[line];
        if parts.len() < 2 {
            continue;
        }
        let straights: Vec<Vec<DigitSet>> =
            parts.iter().map(|cells| puzzle.straights(board, cells, Fit::Placed)).collect();
        for (a, cells) in parts.iter().enumerate() {
            for (b, other) in parts.iter().enumerate().filter(|&(b, _)| b != a) {
                let (kept, clashing): (Vec<DigitSet>, Vec<DigitSet>) =
                    straights[a].iter().partition(|&&s| straights[b].iter().any(|&t| (s & t).is_empty()));
                if clashing.is_empty() {
                    continue;
                }
                let keep = union(&kept);
                let changes: Vec<Change> = cells.iter().filter_map(|&c| board.narrowing(puzzle.at(c), keep)).collect();
                if !changes.is_empty() {
                    let message = format!(
                        "{} can only hold {}, and each of them shares a digit with {} if it held {}; so {}",
                        puzzle.compartment_name(other),
                        straights_text(&straights[b]),
                        puzzle.compartment_name(cells),
                        straights_text(&clashing),
                        changes_text(&changes)
                    );
                    let reasons = other.iter().map(|&c| puzzle.at(c)).collect();
                    return LOCKED_COMPARTMENT.step(message, changes, reasons, vec![puzzle.api_line(line)]);
                }
            }
        }
    }
    None
}

/// `count` lines of one direction (rows, or columns) that surely hold `digit`, with its
/// candidates in those lines confined to `count` cross lines: `digit` leaves those cross
/// lines' other cells. (Each base line holds `digit` once, in different cross lines.)
fn fish<const COUNT: u32>(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    let technique = [&X_WING, &SWORDFISH, &JELLYFISH][COUNT as usize - 2];
    let count = COUNT;
    let n = puzzle.size;
    let (_, sure) = puzzle.sure_digits(board);
    for (base_start, cross_start) in [(0, n), (n, 0)] {
        // The base and the cross line of a cell, as indices 0..n.
        let base_of = |cell: usize| if base_start == 0 { cell / n } else { cell % n };
        let cross_of = |cell: usize| if base_start == 0 { cell % n } else { cell / n };
        for digit in 1..=n as u32 {
            // Base lines holding the digit surely, not yet placed, with the cross lines it may take.
            let bases: Vec<(usize, u32)> = (base_start..base_start + n)
                .filter(|&line| sure[line].contains(digit))
                .filter(|&line| !puzzle.line_whites(line).any(|c| board.value(puzzle.at(c)) == Some(digit as u8)))
                .map(|line| {
                    let crosses = puzzle
                        .line_whites(line)
                        .filter(|&c| board.candidates(puzzle.at(c)).contains(digit))
                        .fold(0u32, |all, c| all | 1 << cross_of(c));
                    (line, crosses)
                })
                .collect();
            for mask in subsets(bases.len(), count) {
                let chosen: Vec<(usize, u32)> =
                    (0..bases.len()).filter(|&i| mask >> i & 1 == 1).map(|i| bases[i]).collect();
                let crosses = chosen.iter().fold(0u32, |all, &(_, c)| all | c);
                if crosses.count_ones() != count {
                    continue;
                }
                let base_lines: Vec<usize> = chosen.iter().map(|&(line, _)| line).collect();
                let changes: Vec<Change> = (0..n)
                    .filter(|&k| crosses >> k & 1 == 1)
                    .flat_map(|k| puzzle.line_whites(cross_start + k))
                    .filter(|&c| !base_lines.contains(&(base_start + base_of(c))))
                    .filter_map(|c| board.narrowing(puzzle.at(c), !DigitSet::single(digit)))
                    .collect();
                if !changes.is_empty() {
                    let bases_text: Vec<String> = base_lines.iter().map(|&l| puzzle.line_name(l)).collect();
                    let cross_lines: Vec<usize> =
                        (0..n).filter(|&k| crosses >> k & 1 == 1).map(|k| cross_start + k).collect();
                    let cross_text: Vec<String> = cross_lines.iter().map(|&l| puzzle.line_name(l)).collect();
                    let message = format!(
                        "{} each surely hold {digit}, and only in {}: those take their {digit} from these lines, so {}",
                        bases_text.join(", "),
                        cross_text.join(", "),
                        changes_text(&changes)
                    );
                    let reasons = base_lines
                        .iter()
                        .flat_map(|&l| puzzle.line_whites(l))
                        .filter(|&c| board.candidates(puzzle.at(c)).contains(digit))
                        .map(|c| puzzle.at(c))
                        .collect();
                    let lines = base_lines.iter().chain(&cross_lines).map(|&l| puzzle.api_line(l)).collect();
                    return technique.step(message, changes, reasons, lines);
                }
            }
        }
    }
    None
}

const X_WING: Technique<Str8ts> = Technique {
    id: "x-wing",
    level: 4,
    summary: "two rows that surely hold a digit, only in the same two columns: it leaves those columns' other cells",
    find: fish::<2>,
};

const SWORDFISH: Technique<Str8ts> = Technique {
    id: "swordfish",
    level: 4,
    summary:
        "three rows that surely hold a digit, only in the same three columns: it leaves those columns' other cells",
    find: fish::<3>,
};

const JELLYFISH: Technique<Str8ts> = Technique {
    id: "jellyfish",
    level: 4,
    summary: "four rows that surely hold a digit, only in the same four columns: it leaves those columns' other cells",
    find: fish::<4>,
};

const SETTI: Technique<Str8ts> = Technique {
    id: "setti",
    level: 4,
    summary:
        "Setti's rule: a digit is in as many rows as columns, so when as many rows surely hold it as columns can, \
              no other row does",
    find: setti,
};

fn setti(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    let n = puzzle.size;
    let (_, sure) = puzzle.sure_digits(board);
    for digit in 1..=n as u32 {
        let shows = |line: usize| {
            puzzle.line_whites(line).chain(black_cells(puzzle, line)).any(|c| puzzle.shown(board, c) == Some(digit))
        };
        let can = |line: usize| {
            black_cells(puzzle, line).any(|c| puzzle.digits[c] == digit)
                || puzzle.line_whites(line).any(|c| board.candidates(puzzle.at(c)).contains(digit))
        };
        for (sure_start, can_start) in [(0, n), (n, 0)] {
            let surely: Vec<usize> =
                (sure_start..sure_start + n).filter(|&l| shows(l) || sure[l].contains(digit)).collect();
            let possible = (can_start..can_start + n).filter(|&l| can(l)).count();
            if surely.len() != possible {
                continue;
            }
            let changes: Vec<Change> = (sure_start..sure_start + n)
                .filter(|l| !surely.contains(l))
                .flat_map(|l| puzzle.line_whites(l))
                .filter_map(|c| board.narrowing(puzzle.at(c), !DigitSet::single(digit)))
                .collect();
            if !changes.is_empty() {
                let (these, those) = if sure_start == 0 { ("rows", "columns") } else { ("columns", "rows") };
                let names: Vec<String> = surely.iter().map(|&l| puzzle.line_name(l)).collect();
                let message = format!(
                    "Setti's rule: {digit} is in as many rows as columns; {} surely hold {digit} and only {possible} \
                     {those} can, so no other of the {these} holds it: {}",
                    names.join(", "),
                    changes_text(&changes)
                );
                let lines = surely.iter().map(|&l| puzzle.api_line(l)).collect();
                return SETTI.step(message, changes, Vec::new(), lines);
            }
        }
    }
    None
}

/// The black cells of a line.
fn black_cells(puzzle: &Str8ts, line: usize) -> impl Iterator<Item = usize> + '_ {
    let n = puzzle.size;
    (0..n).map(move |i| if line < n { line * n + i } else { i * n + line - n }).filter(|&c| puzzle.black[c])
}

const Y_WING: Technique<Str8ts> = Technique {
    id: "y-wing",
    level: 4,
    summary: "a pivot {a,b} sharing lines with wings {a,c} and {b,c}: one wing is c, so c leaves cells seeing both",
    find: y_wing,
};

fn y_wing(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    let n = puzzle.size;
    let pairs: Vec<usize> =
        (0..n * n).filter(|&c| !puzzle.black[c] && board.candidates(puzzle.at(c)).len() == 2).collect();
    let sees = |a: usize, b: usize| a != b && (a / n == b / n || a % n == b % n);
    for &pivot in &pairs {
        let ab = board.candidates(puzzle.at(pivot));
        let wings: Vec<usize> = pairs.iter().copied().filter(|&w| sees(pivot, w)).collect();
        for &first in &wings {
            let ac = board.candidates(puzzle.at(first));
            if (ac & ab).len() != 1 {
                continue;
            }
            let c = DigitSet(ac.0 & !ab.0);
            for &second in &wings {
                let bc = board.candidates(puzzle.at(second));
                if second == first || bc != (DigitSet(ab.0 & !ac.0) | c) {
                    continue;
                }
                let changes: Vec<Change> = (0..n * n)
                    .filter(|&t| !puzzle.black[t] && t != pivot && sees(t, first) && sees(t, second))
                    .filter_map(|t| board.narrowing(puzzle.at(t), !c))
                    .collect();
                if !changes.is_empty() {
                    let digit = c.min().unwrap_or(0);
                    let message = format!(
                        "{} is {} or {}: if {}, {} is {digit}; if {}, {} is {digit}; so cells seeing both cannot be {digit}: {}",
                        cell_name(puzzle.at(pivot)),
                        (ab & ac).min().unwrap_or(0),
                        (ab & bc).min().unwrap_or(0),
                        (ab & ac).min().unwrap_or(0),
                        cell_name(puzzle.at(first)),
                        (ab & bc).min().unwrap_or(0),
                        cell_name(puzzle.at(second)),
                        changes_text(&changes)
                    );
                    let reasons = [pivot, first, second].iter().map(|&x| puzzle.at(x)).collect();
                    return Y_WING.step(message, changes, reasons, Vec::new());
                }
            }
        }
    }
    None
}

const LINE_LOGIC: Technique<Str8ts> = Technique {
    id: "line-logic",
    level: 4,
    summary:
        "a candidate that no filling of its whole row or column (one straight per compartment, no digit twice) uses",
    find: line_logic,
};

fn line_logic(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    let n = puzzle.size;
    let mut cands: Vec<DigitSet> = (0..n * n).map(|c| board.candidates(puzzle.at(c))).collect();
    let (_, sure) = puzzle.sure_digits(board);
    for (line, (parts, &must)) in puzzle.lines.iter().zip(&sure).enumerate() {
        if parts.is_empty() {
            continue;
        }
        let mut changes = Vec::new();
        let revised = line::revise(parts, n as u32, must, &mut cands, &mut |cell, removed| {
            changes.push((cell, removed));
        });
        if revised.is_err() {
            return Some(Found::Contradiction {
                message: format!("no filling of {} has a straight in every compartment", puzzle.line_name(line)),
                reasons: puzzle.line_whites(line).map(|c| puzzle.at(c)).collect(),
            });
        }
        let changes: Vec<Change> =
            changes.into_iter().filter_map(|(cell, removed)| board.narrowing(puzzle.at(cell), !removed)).collect();
        if !changes.is_empty() {
            let message = format!(
                "trying every way to fill {} with a straight in each compartment, no digit twice and {} in it: {}",
                puzzle.line_name(line),
                if must.is_empty() { "nothing required".to_string() } else { digit_list(must) },
                changes_text(&changes)
            );
            let reasons = puzzle.line_whites(line).map(|c| puzzle.at(c)).collect();
            return LINE_LOGIC.step(message, changes, reasons, vec![puzzle.api_line(line)]);
        }
    }
    None
}

const XY_CHAIN: Technique<Str8ts> = Technique {
    id: "xy-chain",
    level: 4,
    summary:
        "a chain of two-candidate cells, each ruling out a digit of the next (same line, or digits no straight of a \
              shared compartment holds together): if its first cell is not x its last one is, so x leaves cells \
              seeing both ends",
    find: xy_chain,
};

fn xy_chain(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    let n = puzzle.size;
    let pairs: Vec<usize> =
        (0..n * n).filter(|&c| !puzzle.black[c] && board.candidates(puzzle.at(c)).len() == 2).collect();
    let sees = |a: usize, b: usize| a != b && (a / n == b / n || a % n == b % n);
    let other = |cell: usize, digit: u32| {
        DigitSet(board.candidates(puzzle.at(cell)).0 & !DigitSet::single(digit).0).min().unwrap_or(0)
    };
    let together = puzzle.together(board);
    // The digits `link` cannot hold when `cell` holds `digit`.
    let excluded = |cell: usize, digit: u32, link: usize| {
        board
            .candidates(puzzle.at(link))
            .iter()
            .filter(|&d| puzzle.rules_out(&together, (cell, digit), (link, d)))
            .fold(DigitSet::EMPTY, |all, d| all | DigitSet::single(d))
    };
    for &start in &pairs {
        for x in board.candidates(puzzle.at(start)).iter() {
            // Breadth first over "cell is digit" if start is not x; parents for the message.
            let mut seen: Vec<(usize, u32)> = vec![(start, other(start, x))];
            let mut parent: Vec<usize> = vec![usize::MAX];
            let mut next = 0;
            while next < seen.len() {
                let (cell, digit) = seen[next];
                for &link in pairs.iter().filter(|&&p| p != start && sees(cell, p)) {
                    let Some(lost) = excluded(cell, digit, link).only() else { continue };
                    let forced = other(link, lost);
                    if seen.contains(&(link, forced)) {
                        continue;
                    }
                    seen.push((link, forced));
                    parent.push(next);
                    if forced != x {
                        continue;
                    }
                    let changes: Vec<Change> = (0..n * n)
                        .filter(|&t| !puzzle.black[t] && t != start && t != link && sees(t, start) && sees(t, link))
                        .filter_map(|t| board.narrowing(puzzle.at(t), !DigitSet::single(x)))
                        .collect();
                    if changes.is_empty() {
                        continue;
                    }
                    let mut chain = Vec::new();
                    let mut at = seen.len() - 1;
                    while at != usize::MAX {
                        chain.push(seen[at]);
                        at = parent[at];
                    }
                    chain.reverse();
                    let said: Vec<String> =
                        chain.iter().map(|&(c, d)| format!("{} is {d}", cell_name(puzzle.at(c)))).collect();
                    let message = format!(
                        "if {} is not {x}, then {}: one of {} and {} is {x}, so cells seeing both cannot be: {}",
                        cell_name(puzzle.at(start)),
                        said.join(", "),
                        cell_name(puzzle.at(start)),
                        cell_name(puzzle.at(link)),
                        changes_text(&changes)
                    );
                    let reasons = chain.iter().map(|&(c, _)| puzzle.at(c)).collect();
                    return XY_CHAIN.step(message, changes, reasons, Vec::new());
                }
                next += 1;
            }
        }
    }
    None
}

/// A candidate: a white cell (row-major index) and a digit.
type Candidate = (usize, u32);

/// A set of candidates, by their index in [`ChainGraph::candidates`].
#[derive(Clone)]
struct CandidateSet(Vec<u64>);

impl CandidateSet {
    fn new(count: usize) -> CandidateSet {
        CandidateSet(vec![0; count.div_ceil(64)])
    }
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    fn union_with(&mut self, other: &CandidateSet) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a |= b);
    }
    fn intersect_with(&mut self, other: &CandidateSet) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a &= b);
    }
    /// The members also in `other`, smallest index first.
    fn meet<'a>(&'a self, other: &'a CandidateSet) -> impl Iterator<Item = usize> + 'a {
        self.0.iter().zip(&other.0).enumerate().flat_map(|(w, (a, b))| {
            let mut bits = a & b;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + i
                })
            })
        })
    }
}

/// The open candidates of a board and the links chains follow between them: a *strong*
/// link (if one is false the other is true: the two candidates of a cell, the two places a
/// line that surely holds a digit has for it) and a *weak* one (if one is true the other is
/// false: [`Str8ts::rules_out`]).
struct ChainGraph {
    /// The candidates of the cells with more than one, ordered by cell and digit.
    candidates: Vec<Candidate>,
    /// Per candidate, those true when it is false, with the line that says so (`None`: the cell).
    strong: Vec<Vec<(usize, Option<usize>)>>,
    /// Per candidate, those false when it is true.
    ruled_out: Vec<CandidateSet>,
    /// The candidates with a strong link.
    sources: CandidateSet,
}

/// A candidate proved true on a chain: the entry it follows (`usize::MAX`: none), the
/// candidate that turned false on the way (`None`: the chain's assumed start), and why that
/// makes it true (`None`: the cell's other candidate; `Some(line)`: the line's other place).
struct ChainLink {
    on: usize,
    parent: usize,
    off: Option<usize>,
    line: Option<usize>,
}

impl ChainGraph {
    fn new(puzzle: &Str8ts, board: &Board) -> ChainGraph {
        let n = puzzle.size;
        let (_, sure) = puzzle.sure_digits(board);
        let together = puzzle.together(board);
        let open = |cell: usize| !puzzle.black[cell] && board.candidates(puzzle.at(cell)).len() > 1;
        let candidates: Vec<Candidate> = (0..n * n)
            .filter(|&c| open(c))
            .flat_map(|c| board.candidates(puzzle.at(c)).iter().map(move |d| (c, d)))
            .collect();
        let count = candidates.len();
        let mut strong: Vec<Vec<(usize, Option<usize>)>> = vec![Vec::new(); count];
        let mut link = |a: Candidate, b: Candidate, line: Option<usize>| {
            if let (Ok(i), Ok(j)) = (candidates.binary_search(&a), candidates.binary_search(&b)) {
                for (from, to) in [(i, j), (j, i)] {
                    if !strong[from].iter().any(|&(t, _)| t == to) {
                        strong[from].push((to, line));
                    }
                }
            }
        };
        for cell in (0..n * n).filter(|&c| open(c)) {
            let digits = board.candidates(puzzle.at(cell));
            if let (2, Some(low), Some(high)) = (digits.len(), digits.min(), digits.max()) {
                link((cell, low), (cell, high), None);
            }
        }
        for (line, &digits) in sure.iter().enumerate() {
            for digit in digits.iter() {
                let holders: Vec<usize> =
                    puzzle.line_whites(line).filter(|&c| board.candidates(puzzle.at(c)).contains(digit)).collect();
                if let [a, b] = holders[..] {
                    link((a, digit), (b, digit), Some(line));
                }
            }
        }
        let ruled_out: Vec<CandidateSet> = candidates
            .iter()
            .map(|&a| {
                let mut set = CandidateSet::new(count);
                for (j, &b) in candidates.iter().enumerate() {
                    if puzzle.rules_out(&together, a, b) {
                        set.insert(j);
                    }
                }
                set
            })
            .collect();
        let mut sources = CandidateSet::new(count);
        (0..count).filter(|&i| !strong[i].is_empty()).for_each(|i| sources.insert(i));
        ChainGraph { candidates, strong, ruled_out, sources }
    }

    /// Add to `chain` what entry `at` being true makes true through one false candidate.
    fn extend(&self, chain: &mut Vec<ChainLink>, reached: &mut CandidateSet, at: usize) {
        let on = chain[at].on;
        for off in self.sources.meet(&self.ruled_out[on]) {
            for &(to, line) in &self.strong[off] {
                if !reached.contains(to) {
                    reached.insert(to);
                    chain.push(ChainLink { on: to, parent: at, off: Some(off), line });
                }
            }
        }
    }

    /// Everything that follows from `start` being true, breadth first: the chain and, when
    /// two of its candidates rule each other out, the two entries.
    fn follow(&self, start: usize) -> (Vec<ChainLink>, Option<(usize, usize)>) {
        let count = self.candidates.len();
        let mut chain = vec![ChainLink { on: start, parent: usize::MAX, off: None, line: None }];
        let mut reached = CandidateSet::new(count);
        reached.insert(start);
        let mut entry = vec![usize::MAX; count];
        let mut processed = CandidateSet::new(count);
        let mut next = 0;
        while next < chain.len() {
            let on = chain[next].on;
            if let Some(other) = processed.meet(&self.ruled_out[on]).next() {
                return (chain, Some((entry[other], next)));
            }
            processed.insert(on);
            entry[on] = next;
            self.extend(&mut chain, &mut reached, next);
            next += 1;
        }
        (chain, None)
    }

    /// The candidate in messages: `r4c5 is 7`.
    fn text(&self, puzzle: &Str8ts, i: usize, truth: bool) -> String {
        let (cell, digit) = self.candidates[i];
        format!("{} is {}{digit}", cell_name(puzzle.at(cell)), if truth { "" } else { "not " })
    }

    /// The links from the chain's start to entry `at`, first to last.
    fn path<'a>(&self, chain: &'a [ChainLink], mut at: usize) -> Vec<&'a ChainLink> {
        let mut path = Vec::new();
        while at != usize::MAX {
            path.push(&chain[at]);
            at = chain[at].parent;
        }
        path.reverse();
        path
    }

    /// The cells of the chain to entry `at`.
    fn cells(&self, puzzle: &Str8ts, chain: &[ChainLink], at: usize) -> Vec<Cell> {
        let mut cells: Vec<Cell> = Vec::new();
        for link in self.path(chain, at) {
            for i in link.off.into_iter().chain([link.on]) {
                let cell = puzzle.at(self.candidates[i].0);
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
        }
        cells
    }

    /// The chain to entry `at` in messages: `if r1c1 is not 2, r1c1 is 5 (its other
    /// candidate); so r1c4 is not 5, so r3c4 is 5 (the other place column 4 surely holds 5)`,
    /// or from an assumed true start `if r1c1 is 2; so …`.
    fn chain_text(&self, puzzle: &Str8ts, chain: &[ChainLink], at: usize) -> String {
        let mut out = String::new();
        for (i, link) in self.path(chain, at).into_iter().enumerate() {
            let Some(off) = link.off else {
                out += &format!("if {}", self.text(puzzle, link.on, true));
                continue;
            };
            let why = match link.line {
                None => "its other candidate".to_string(),
                Some(line) => {
                    format!("the other place {} surely holds {}", puzzle.line_name(line), self.candidates[link.on].1)
                }
            };
            let (off, on) = (self.text(puzzle, off, false), self.text(puzzle, link.on, true));
            if i == 0 {
                out += &format!("if {off}, {on} ({why})");
            } else {
                out += &format!("; so {off}, so {on} ({why})");
            }
        }
        out
    }
}

const ALTERNATING_CHAIN: Technique<Str8ts> = Technique {
    id: "alternating-chain",
    level: 4,
    summary: "a chain from a candidate assumed false, alternately making one true (a cell's other candidate, a line's \
              other place for a digit it surely holds) and others false: the start or the end holds, so what both \
              rule out goes",
    find: alternating_chain,
};

fn alternating_chain(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    let graph = ChainGraph::new(puzzle, board);
    let count = graph.candidates.len();
    for start in (0..count).filter(|&i| !graph.strong[i].is_empty()) {
        let mut chain: Vec<ChainLink> = Vec::new();
        let mut reached = CandidateSet::new(count);
        for &(to, line) in &graph.strong[start] {
            reached.insert(to);
            chain.push(ChainLink { on: to, parent: usize::MAX, off: Some(start), line });
        }
        let (cell, digit) = graph.candidates[start];
        let set_start = Change::Set { cell: puzzle.at(cell), value: digit as u8 };
        let mut entry = vec![usize::MAX; count];
        let mut processed = CandidateSet::new(count);
        let mut next = 0;
        while next < chain.len() {
            let on = chain[next].on;
            if on == start {
                let message = format!(
                    "{}: so {} after all",
                    graph.chain_text(puzzle, &chain, next),
                    graph.text(puzzle, start, true)
                );
                return ALTERNATING_CHAIN.step(message, vec![set_start], graph.cells(puzzle, &chain, next), Vec::new());
            }
            if let Some(other) = processed.meet(&graph.ruled_out[on]).next() {
                let message = format!(
                    "{}; and {}: but {} and {} cannot both hold, so {}",
                    graph.chain_text(puzzle, &chain, next),
                    graph.chain_text(puzzle, &chain, entry[other]),
                    graph.text(puzzle, on, true),
                    graph.text(puzzle, other, true),
                    graph.text(puzzle, start, true)
                );
                let mut reasons = graph.cells(puzzle, &chain, next);
                reasons.extend(graph.cells(puzzle, &chain, entry[other]));
                return ALTERNATING_CHAIN.step(message, vec![set_start], reasons, Vec::new());
            }
            let changes = removals(puzzle, board, &graph, graph.ruled_out[start].meet(&graph.ruled_out[on]));
            if !changes.is_empty() {
                let message = format!(
                    "{}: so {} or {}, and what rules out both cannot be: {}",
                    graph.chain_text(puzzle, &chain, next),
                    graph.text(puzzle, start, true),
                    graph.text(puzzle, on, true),
                    changes_text(&changes)
                );
                return ALTERNATING_CHAIN.step(message, changes, graph.cells(puzzle, &chain, next), Vec::new());
            }
            processed.insert(on);
            entry[on] = next;
            graph.extend(&mut chain, &mut reached, next);
            next += 1;
        }
    }
    None
}

/// The changes that remove these candidates (in candidate order, so grouped by cell).
fn removals(puzzle: &Str8ts, board: &Board, graph: &ChainGraph, removed: impl Iterator<Item = usize>) -> Vec<Change> {
    let mut by_cell: Vec<(usize, DigitSet)> = Vec::new();
    for t in removed {
        let (cell, digit) = graph.candidates[t];
        match by_cell.last_mut() {
            Some((c, digits)) if *c == cell => *digits |= DigitSet::single(digit),
            _ => by_cell.push((cell, DigitSet::single(digit))),
        }
    }
    by_cell.into_iter().filter_map(|(c, digits)| board.narrowing(puzzle.at(c), !digits)).collect()
}

const FORCING_CHAIN: Technique<Str8ts> = Technique {
    id: "forcing-chain",
    level: 4,
    summary: "the chains from each candidate of a cell (or each place a line has for a digit it surely holds): \
              one that clashes rules its start out, and what every one of them makes true or false is so",
    find: forcing_chain,
};

fn forcing_chain(puzzle: &Str8ts, board: &Board) -> Option<Found> {
    let graph = ChainGraph::new(puzzle, board);
    let count = graph.candidates.len();
    let (_, sure) = puzzle.sure_digits(board);
    // The ways a cell or a line's sure digit can go, with their name in messages.
    let mut choices: Vec<(Vec<usize>, String)> = Vec::new();
    let mut i = 0;
    while i < count {
        let cell = graph.candidates[i].0;
        let options: Vec<usize> = (i..count).take_while(|&j| graph.candidates[j].0 == cell).collect();
        i += options.len();
        if options.len() <= 4 {
            let name =
                format!("{} is one of {}", cell_name(puzzle.at(cell)), digit_list(board.candidates(puzzle.at(cell))));
            choices.push((options, name));
        }
    }
    for (line, &digits) in sure.iter().enumerate() {
        for digit in digits.iter() {
            let options: Vec<usize> =
                puzzle.line_whites(line).filter_map(|c| graph.candidates.binary_search(&(c, digit)).ok()).collect();
            let holders = puzzle.line_whites(line).filter(|&c| board.candidates(puzzle.at(c)).contains(digit)).count();
            if options.len() == holders && (2..=4).contains(&holders) {
                choices.push((options, format!("{} surely holds {digit}", puzzle.line_name(line))));
            }
        }
    }
    for (options, name) in choices {
        let mut branches = Vec::new();
        for &option in &options {
            let (chain, clash) = graph.follow(option);
            if let Some((first, second)) = clash {
                let (a, b) = (chain[first].on, chain[second].on);
                let (cell, digit) = graph.candidates[option];
                let message = format!(
                    "{}; and {}: but {} and {} cannot both hold, so {}",
                    graph.chain_text(puzzle, &chain, first),
                    graph.chain_text(puzzle, &chain, second),
                    graph.text(puzzle, a, true),
                    graph.text(puzzle, b, true),
                    graph.text(puzzle, option, false)
                );
                let change = board.exclusion(puzzle.at(cell), digit as u8);
                let mut reasons = graph.cells(puzzle, &chain, first);
                reasons.extend(graph.cells(puzzle, &chain, second));
                return FORCING_CHAIN.step(message, vec![change], reasons, Vec::new());
            }
            branches.push(chain);
        }
        // What each branch makes true, and false.
        let mut on_all = CandidateSet::new(count);
        let mut off_all = CandidateSet::new(count);
        for (b, chain) in branches.iter().enumerate() {
            let mut on = CandidateSet::new(count);
            let mut off = CandidateSet::new(count);
            for link in chain {
                on.insert(link.on);
                off.union_with(&graph.ruled_out[link.on]);
            }
            if b == 0 {
                (on_all, off_all) = (on, off);
            } else {
                on_all.intersect_with(&on);
                off_all.intersect_with(&off);
            }
        }
        let found = on_all.meet(&on_all).find(|t| !options.contains(t)).map(|t| (t, true));
        let found = found.or_else(|| off_all.meet(&off_all).next().map(|t| (t, false)));
        let Some((target, truth)) = found else { continue };
        let (cell, digit) = graph.candidates[target];
        let change = if truth {
            Change::Set { cell: puzzle.at(cell), value: digit as u8 }
        } else {
            board.exclusion(puzzle.at(cell), digit as u8)
        };
        let mut reasons = Vec::new();
        let mut said = Vec::new();
        for chain in &branches {
            // The entry that is the target, or the first that rules it out.
            let at = (0..chain.len())
                .find(|&e| if truth { chain[e].on == target } else { graph.ruled_out[chain[e].on].contains(target) })
                .unwrap_or(0);
            let end = if truth || chain[at].on == target {
                String::new()
            } else {
                format!(", so {}", graph.text(puzzle, target, false))
            };
            said.push(format!("{}{end}", graph.chain_text(puzzle, chain, at)));
            reasons.extend(graph.cells(puzzle, chain, at));
        }
        let message =
            format!("{name}: {}; either way {}", said.join("; "), changes_text(std::slice::from_ref(&change)));
        return FORCING_CHAIN.step(message, vec![change], reasons, Vec::new());
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

    fn str8ts(text: &str) -> Str8ts {
        match parse(text, Some(Format::Canonical)).unwrap() {
            Puzzle::Str8ts(puzzle) => puzzle,
            _ => panic!("not a str8ts"),
        }
    }

    const OPEN4: &str = "str8ts:..../..../..../....";
    const OPEN6: &str = "str8ts:....../....../....../....../....../......";

    #[test]
    fn naked_single_clears_row_and_column_also_for_black_clues() {
        let p = str8ts("str8ts:b.../..../..../....");
        let Some(Found::Step(step)) = naked_single(&p, &p.board()) else { panic!() };
        let expected: Vec<Change> = [(0, 1), (0, 2), (0, 3), (1, 0), (2, 0), (3, 0)].map(|c| remove(c, &[2])).to_vec();
        assert_eq!(step.changes, expected);
        assert!(step.message.starts_with("the black cell r1c1 shows 2, so no other cell of row 1 or column 1"));
        let p = str8ts(OPEN4);
        assert_eq!(naked_single(&p, &p.board()), None);
    }

    #[test]
    fn compartment_range_around_a_decided_digit() {
        let p = str8ts("str8ts:1....-/....../....../....../....../......");
        // 1 in a compartment of 5: digits 1..5 only.
        let expected: Vec<Change> = (1..5).map(|c| remove((0, c), &[6])).collect();
        assert_eq!(changes(compartment_range(&p, &p.board())), expected);
    }

    #[test]
    fn hidden_single_in_a_compartment() {
        let p = str8ts("str8ts:-...--/....../....../....../....../......");
        // Straights 1-3, 2-4, 3-5 all contain 3, and only r1c2 can be 3.
        let b = board(&p, &[((0, 1), &[2, 3]), ((0, 2), &[1, 2, 4, 5, 6]), ((0, 3), &[2, 4])]);
        assert_eq!(changes(hidden_single(&p, &b)), vec![Change::Set { cell: (0, 1), value: 3 }]);
    }

    #[test]
    fn stranded_digits_and_split_compartments() {
        let p = str8ts("str8ts:-...--/....../....../....../....../......");
        // r1c2 ∈ {1,2}: a straight of 3 reaching it lies within 1..4.
        let b = board(&p, &[((0, 1), &[1, 2])]);
        assert_eq!(changes(outside_straights::<false>(&p, &b)), vec![remove((0, 2), &[5, 6]), remove((0, 3), &[5, 6])]);
        // No cell can be 3: a straight of 3 fits only above the gap.
        let gap = [1, 2, 4, 5, 6];
        let b = board(&p, &[((0, 1), &gap), ((0, 2), &gap), ((0, 3), &gap)]);
        assert_eq!(outside_straights::<false>(&p, &b), None);
        let Some(Found::Step(step)) = outside_straights::<true>(&p, &b) else { panic!() };
        assert_eq!(step.changes, [(0, 1), (0, 2), (0, 3)].map(|c| remove(c, &[1, 2])).to_vec());
        assert!(step.message.starts_with("no cell of the compartment r1c2–r1c4 can be 3"), "{}", step.message);
    }

    #[test]
    fn sure_candidates_leave_the_line() {
        let p = str8ts("str8ts:....-./....../....../....../....../......");
        // A straight of 4 in 1..6 always holds 3 and 4.
        assert_eq!(changes(sure_candidates(&p, &p.board())), vec![remove((0, 5), &[3, 4])]);
    }

    #[test]
    fn naked_and_hidden_subsets() {
        let p = str8ts(OPEN4);
        let b = board(&p, &[((0, 0), &[1, 2]), ((0, 1), &[1, 2])]);
        assert_eq!(changes(naked_subset(&p, &b)), vec![remove((0, 2), &[1, 2]), remove((0, 3), &[1, 2])]);
        // Row 1 holds 1..4; 1 and 2 fit only r1c1 and r1c2.
        let b = board(&p, &[((0, 0), &[1, 2, 3]), ((0, 1), &[1, 2, 4]), ((0, 2), &[3, 4]), ((0, 3), &[3, 4])]);
        assert_eq!(changes(hidden_subset(&p, &b)), vec![remove((0, 0), &[3]), remove((0, 1), &[4])]);
    }

    #[test]
    fn locked_compartment_drops_clashing_straights() {
        let p = str8ts("str8ts:..-.../....../....../....../....../......");
        // With r1c1–r1c2 at 3-4, no straight of 3 in 1..6 avoids both 3 and 4.
        let b = board(&p, &[((0, 0), &[3, 4]), ((0, 1), &[3, 4, 5])]);
        assert_eq!(
            changes(locked_compartment(&p, &b)),
            vec![Change::Set { cell: (0, 0), value: 4 }, remove((0, 1), &[3])]
        );
    }

    #[test]
    fn x_wing_and_swordfish() {
        let p = str8ts(OPEN4);
        // Rows 1 and 2 hold 1 only in columns 1 and 2.
        let b = board(&p, &[((0, 2), &[2, 3, 4]), ((0, 3), &[2, 3, 4]), ((1, 2), &[2, 3, 4]), ((1, 3), &[2, 3, 4])]);
        let expected: Vec<Change> = [(2, 0), (3, 0), (2, 1), (3, 1)].map(|c| remove(c, &[1])).to_vec();
        assert_eq!(changes(fish::<2>(&p, &b)), expected);
        let p = str8ts(OPEN6);
        let no_one: Vec<(Cell, &[u32])> =
            (0..3).flat_map(|r| (3..6).map(move |c| ((r, c), &[2, 3, 4, 5, 6][..]))).collect();
        let b = board(&p, &no_one);
        let expected: Vec<Change> = (0..3).flat_map(|c| (3..6).map(move |r| remove((r, c), &[1]))).collect();
        assert_eq!(fish::<2>(&p, &b), None);
        assert_eq!(changes(fish::<3>(&p, &b)), expected);
    }

    #[test]
    fn jellyfish_takes_four_lines() {
        // 9×9 (on 6×6 the other four columns would make an x-wing of the leftover rows).
        let p = str8ts(&format!("str8ts:{}", ["........."; 9].join("/")));
        let no_one: Vec<(Cell, &[u32])> =
            (0..4).flat_map(|r| (4..9).map(move |c| ((r, c), &[2, 3, 4, 5, 6, 7, 8, 9][..]))).collect();
        let b = board(&p, &no_one);
        assert_eq!((fish::<2>(&p, &b), fish::<3>(&p, &b)), (None, None));
        let expected: Vec<Change> = (0..4).flat_map(|c| (4..9).map(move |r| remove((r, c), &[1]))).collect();
        assert_eq!(changes(fish::<4>(&p, &b)), expected);
    }

    #[test]
    fn xy_chain_links_two_candidate_cells() {
        let p = str8ts(OPEN6);
        // r1c1 {1,2} – r1c4 {2,3} – r4c4 {3,4} – r4c6 {4,1}: r1c1 or r4c6 is 1.
        let b = board(&p, &[((0, 0), &[1, 2]), ((0, 3), &[2, 3]), ((3, 3), &[3, 4]), ((3, 5), &[1, 4])]);
        let Some(Found::Step(step)) = xy_chain(&p, &b) else { panic!() };
        assert_eq!(step.changes, vec![remove((0, 5), &[1]), remove((3, 0), &[1])]);
        assert_eq!(
            step.message,
            "if r1c1 is not 1, then r1c1 is 2, r1c4 is 3, r4c4 is 4, r4c6 is 1: one of r1c1 and r4c6 is 1, so cells \
             seeing both cannot be: r1c6 is not 1; r4c1 is not 1"
        );
    }

    #[test]
    fn setti_counts_rows_and_columns() {
        let p = str8ts("str8ts:..../..--/..../--..");
        // Rows 1 and 3 surely hold 1, and only columns 1 and 2 can: rows 2 and 4 hold no 1.
        let no_one: Vec<(Cell, &[u32])> =
            [(0, 2), (0, 3), (2, 2), (2, 3), (3, 2), (3, 3)].map(|c| (c, &[2, 3, 4][..])).to_vec();
        let b = board(&p, &no_one);
        assert_eq!(changes(setti(&p, &b)), vec![remove((1, 0), &[1]), remove((1, 1), &[1])]);
    }

    #[test]
    fn y_wing_removes_the_shared_digit() {
        let p = str8ts(OPEN6);
        let b = board(&p, &[((0, 0), &[1, 2]), ((0, 3), &[1, 3]), ((3, 0), &[2, 3])]);
        assert_eq!(changes(y_wing(&p, &b)), vec![remove((3, 3), &[3])]);
    }

    #[test]
    fn chains_from_the_start_of_a_small_puzzle_agree_with_its_solution() {
        let p = str8ts("str8ts:...-/.b../...3/--..");
        let puzzle = Puzzle::Str8ts(p.clone());
        let solved = crate::solve_with(&puzzle, &Default::default(), &NoClock, &mut crate::engine::search::NoProgress);
        let solution = solved.unwrap().solutions[0].clone();
        for find in [alternating_chain, forcing_chain] {
            let Some(Found::Step(step)) = find(&p, &p.board()) else { panic!("no chain step") };
            assert!(step.message.starts_with("if ") || step.message.contains(": if "), "{}", step.message);
            for change in step.changes {
                match change {
                    Change::Set { cell: (r, c), value } => assert_eq!(value, solution[r][c], "{}", step.message),
                    Change::Remove { cell: (r, c), values } => assert!(!values.contains(solution[r][c].into())),
                }
            }
        }
    }

    #[test]
    fn line_logic_tries_every_filling() {
        let p = str8ts("str8ts:..-./..../..../....");
        // r1c4 ∈ {1,2} must avoid the pair's straight: only 2-3 with 1 beside it works.
        let b = board(&p, &[((0, 0), &[1, 2]), ((0, 3), &[1, 2])]);
        let mut found = changes(line_logic(&p, &b));
        found.sort_by_key(|c| c.cell());
        let expected = [((0, 0), 2), ((0, 1), 3), ((0, 3), 1)].map(|(cell, value)| Change::Set { cell, value });
        assert_eq!(found, expected.to_vec());
    }

    #[test]
    fn a_small_puzzle_is_explained_and_the_player_board_is_checked() {
        // The solver's tests' unique 4×4 with a black clue.
        let p = str8ts("str8ts:...-/.b../...3/--..");
        let options = ExplainOptions { no_trial: true, ..Default::default() };
        let explanation = explain(&p, p.board(), &options, &NoClock);
        assert_eq!(explanation.status, ExplainStatus::Solved, "{:?}", explanation.steps);
        assert!(p.check(&explanation.board.grid().unwrap()).is_ok());
        let values = vec![vec![0; 4]; 4];
        let marks = vec![vec![vec![]; 4], vec![vec![1, 2], vec![], vec![], vec![]], vec![vec![]; 4], vec![vec![]; 4]];
        let b = p.player_board(&values, Some(&marks)).unwrap();
        assert_eq!((b.candidates((1, 0)), b.candidates((2, 3)), b.in_play((0, 3))), (set(&[1, 2]), set(&[3]), false));
        let error = |values: &[Vec<u8>]| p.player_board(values, None).unwrap_err().to_string();
        let mut bad = values.clone();
        bad[0][3] = 1;
        assert_eq!(error(&bad), "board[0][3]: is a black cell, expected 0, got 1");
        bad[0][3] = 0;
        let start = p.grid().iter().map(|row| row.iter().map(|&d| d as u8).collect()).collect::<Vec<Vec<u8>>>();
        assert!(p.player_board(&start, None).is_ok(), "the puzzle's own grid, black clues included, is a board");
        bad[2][3] = 2;
        assert_eq!(error(&bad), "board[2][3]: holds the given 3, got 2");
        bad[2][3] = 5;
        assert_eq!(error(&bad), "board[2][3]: expected a digit 0..4, got 5");
    }
}
