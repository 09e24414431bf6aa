//! Explained logic: solving the way a person does, one named deduction at a time.
//!
//! The fast solvers (see [`super::search`]) decide a puzzle as quickly as possible and cannot
//! say why. This layer is the other way round: it works on a [`Board`] a player could see (the
//! candidate values left in every cell), and each genre supplies a ranked list of
//! [`Technique`]s, small functions that look at the board and return the first deduction they
//! find as a [`Step`] (the cells it changes, the cells and lines it relied on, a sentence).
//!
//! [`explain`] is the one loop all genres share: try the techniques from the lowest level up,
//! apply the first step found, record it, start again from the lowest level; stop when the
//! board is solved, when nothing applies, or when the budget runs out. When no named technique
//! applies, *trial* ([`TRIAL`]) assumes one candidate of one cell, runs the named techniques
//! on a copy of the board, and when that copy reaches a contradiction the candidate is
//! removed, with the chain that showed it in the message. Trial is rated at the top level;
//! when even trial finds nothing, the puzzle is `stuck` (it needs guessing). A genre may also
//! list [`short_trial`] among its named techniques: the same assumption, refuted within a
//! bounded number of steps of the techniques below it, which a person follows in their head
//! (nonograms rate it `expert`, between line logic and trial).
//!
//! Because every step is an implication of the board it starts from (each technique's
//! tests and the corpus soundness tests check this against known solutions), the steps
//! never remove a value of any solution: the first step from a player's board is a sound
//! hint, and the highest level the loop needed (with the number of steps) is the puzzle's
//! [`Rating`].
//!
//! Cost: each round scans techniques from the cheapest up, so easy puzzles cost a few
//! line scans per step; trial costs one inner run of the named techniques per candidate
//! tried, which is why it comes last and why [`ExplainOptions`] carries a budget.

use super::bits::DigitSet;
use super::error::{Error, Place};
use super::search::{Clock, Grid};

/// The level of [`TRIAL`], the top of the scale.
pub const TRIAL_LEVEL: u8 = 5;

/// The id of the trial technique, shared by all genres.
pub const TRIAL: &str = "trial";

/// What trial deduces, in one line (the README's list of techniques).
pub const TRIAL_SUMMARY: &str =
    "a cell value whose consequences, by the named techniques, reach a contradiction is wrong";

/// The id of the short trial ([`short_trial`]), a named technique a genre may list.
pub const SHORT_TRIAL: &str = "short-trial";

/// What the short trial deduces, in one line (the README's list of techniques).
pub const SHORT_TRIAL_SUMMARY: &str =
    "a cell value that reaches a contradiction within a few steps of the techniques below it is wrong";

/// A cell as [row, column], 0-based.
#[cfg_attr(all(target_arch = "wasm32", feature = "explain"), tsify::declare)]
pub type Cell = (usize, usize);

/// Which way a line runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(any(feature = "serde", target_arch = "wasm32"), derive(serde::Serialize), serde(rename_all = "lowercase"))]
#[cfg_attr(all(target_arch = "wasm32", feature = "explain"), derive(tsify::Tsify))]
pub enum Axis {
    /// A row (left to right).
    Row,
    /// A column (top to bottom).
    Col,
}

impl Axis {
    /// The name used by the JS API (`"row"`, `"col"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Axis::Row => "row",
            Axis::Col => "col",
        }
    }
}

/// A line a step is about: a nonogram row or column, or the row or column holding a Kakuro
/// run or a Str8ts compartment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(any(feature = "serde", target_arch = "wasm32"), derive(serde::Serialize))]
#[cfg_attr(all(target_arch = "wasm32", feature = "explain"), derive(tsify::Tsify), tsify(rename = "StepLine"))]
pub struct Line {
    /// Row or column.
    pub axis: Axis,
    /// Its index, 0-based.
    pub index: usize,
}

/// What a step does to one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The cell's value is `value` (nonogram: 1 filled, 0 empty; otherwise a digit).
    Set {
        /// The cell.
        cell: Cell,
        /// Its value.
        value: u8,
    },
    /// These candidates are not the cell's value.
    Remove {
        /// The cell.
        cell: Cell,
        /// The values removed.
        values: DigitSet,
    },
}

/// What one step changes in one cell: its value, or candidates removed (Kakuro, Str8ts,
/// Sudoku; colour nonograms: colour indices the cell cannot be, 0 the background).
#[cfg(any(feature = "serde", target_arch = "wasm32"))]
#[derive(serde::Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "explain"), derive(tsify::Tsify), tsify(rename = "StepChange"))]
#[serde(untagged)]
enum ChangeShape {
    Set { row: usize, col: usize, value: u8 },
    Remove { row: usize, col: usize, remove: Vec<u32> },
}

/// `{row, col, value}` or `{row, col, remove: [values]}`, as the JS API's `StepChange`.
#[cfg(any(feature = "serde", target_arch = "wasm32"))]
impl serde::Serialize for Change {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (row, col) = self.cell();
        match self {
            Change::Set { value, .. } => ChangeShape::Set { row, col, value: *value },
            Change::Remove { values, .. } => ChangeShape::Remove { row, col, remove: values.iter().collect() },
        }
        .serialize(serializer)
    }
}

/// A rating's technique counts as an object from technique id to count.
#[cfg(any(feature = "serde", target_arch = "wasm32"))]
fn serialize_counts<S: serde::Serializer>(counts: &[(&'static str, usize)], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_map(counts.iter().map(|&(id, count)| (id, count)))
}

impl Change {
    /// The cell changed.
    pub fn cell(&self) -> Cell {
        match *self {
            Change::Set { cell, .. } | Change::Remove { cell, .. } => cell,
        }
    }
}

/// One deduction, as data: the page highlights from it and the sentence is made from it.
/// Rows and columns in `message` are 1-based, in the data 0-based.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(any(feature = "serde", target_arch = "wasm32"), derive(serde::Serialize))]
#[cfg_attr(all(target_arch = "wasm32", feature = "explain"), derive(tsify::Tsify))]
pub struct Step {
    /// The technique's id (kebab-case, e.g. `"overlap"`).
    pub technique: &'static str,
    /// The technique's level, 1 (easiest) to 5.
    #[cfg_attr(all(target_arch = "wasm32", feature = "explain"), tsify(type = "1 | 2 | 3 | 4 | 5"))]
    pub level: u8,
    /// The deduction in English, rows and columns 1-based ("row 7", "r4c5").
    pub message: String,
    /// What it changes; never empty, and every change narrows the board.
    #[cfg_attr(all(target_arch = "wasm32", feature = "explain"), tsify(type = "StepChange[]"))]
    pub changes: Vec<Change>,
    /// The cells whose state the deduction used.
    pub reasons: Vec<Cell>,
    /// The lines (or runs, compartments) involved.
    #[cfg_attr(all(target_arch = "wasm32", feature = "explain"), tsify(type = "StepLine[]"))]
    pub lines: Vec<Line>,
}

/// What a technique can find.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A deduction that narrows the board.
    Step(Step),
    /// The board cannot be completed: the sentence says where, the cells show it. From the
    /// puzzle's own board this proves the puzzle has no solution; inside trial it refutes
    /// the assumption.
    Contradiction {
        /// Why, in English.
        message: String,
        /// The cells involved.
        reasons: Vec<Cell>,
    },
}

/// A named technique: an id, a level and the function that looks for it.
pub struct Technique<P: ?Sized> {
    /// The id (kebab-case), as in [`Step::technique`].
    pub id: &'static str,
    /// 1 (easiest) to 4; level 5 is [`TRIAL`].
    pub level: u8,
    /// One line on what it deduces (the README's list of techniques).
    pub summary: &'static str,
    /// The first deduction of this kind on the board, if any.
    pub find: fn(&P, &Board) -> Option<Found>,
}

/// The player-visible state: the candidate values left in every cell.
///
/// A cell outside play (a Kakuro block or clue cell, a Str8ts black cell) has no candidates
/// and is never open; a cell in play whose set becomes empty is a contradiction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    width: usize,
    height: usize,
    candidates: Vec<DigitSet>,
    in_play: Vec<bool>,
}

impl Board {
    /// A board of `width × height` cells, each cell in play with the candidates `cell(row, col)`
    /// gives (`None`: outside play).
    pub fn new(width: usize, height: usize, mut cell: impl FnMut(usize, usize) -> Option<DigitSet>) -> Board {
        let mut candidates = Vec::with_capacity(width * height);
        let mut in_play = Vec::with_capacity(width * height);
        for row in 0..height {
            for col in 0..width {
                let set = cell(row, col);
                in_play.push(set.is_some());
                candidates.push(set.unwrap_or(DigitSet::EMPTY));
            }
        }
        Board { width, height, candidates, in_play }
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The candidates of a cell (empty outside play).
    pub fn candidates(&self, (row, col): Cell) -> DigitSet {
        self.candidates[row * self.width + col]
    }

    /// Whether the cell is in play.
    pub fn in_play(&self, (row, col): Cell) -> bool {
        self.in_play[row * self.width + col]
    }

    /// The cell's value when one candidate is left.
    pub fn value(&self, cell: Cell) -> Option<u8> {
        self.candidates(cell).only().map(|v| v as u8)
    }

    /// Narrow one cell to `set` (intersected with what it has); whether anything changed.
    pub fn restrict(&mut self, (row, col): Cell, set: DigitSet) -> bool {
        let slot = &mut self.candidates[row * self.width + col];
        let narrowed = DigitSet(slot.0 & set.0);
        let changed = narrowed != *slot;
        *slot = narrowed;
        changed
    }

    /// Apply a change; whether it narrowed the board.
    pub fn apply(&mut self, change: &Change) -> bool {
        match *change {
            Change::Set { cell, value } => self.restrict(cell, DigitSet::single(value as u32)),
            Change::Remove { cell, values } => self.restrict(cell, DigitSet(!values.0)),
        }
    }

    /// The change that removes `value` from a cell: a [`Change::Set`] when one candidate is
    /// left (how a nonogram step is said), a [`Change::Remove`] otherwise.
    pub fn exclusion(&self, cell: Cell, value: u8) -> Change {
        let left = DigitSet(self.candidates(cell).0 & !(1 << value));
        match left.only() {
            Some(v) => Change::Set { cell, value: v as u8 },
            None => Change::Remove { cell, values: DigitSet::single(value as u32) },
        }
    }

    /// The change that narrows a cell to the candidates it has in `keep`: `None` when it has
    /// no others, a [`Change::Set`] when one is left, otherwise a [`Change::Remove`] (also
    /// when none is left: the emptied cell is a contradiction the loop sees).
    pub fn narrowing(&self, cell: Cell, keep: DigitSet) -> Option<Change> {
        let has = self.candidates(cell);
        let left = has & keep;
        if left == has {
            return None;
        }
        Some(match left.only() {
            Some(v) => Change::Set { cell, value: v as u8 },
            None => Change::Remove { cell, values: DigitSet(has.0 & !keep.0) },
        })
    }

    /// The cells in play with more than one candidate, row by row.
    pub fn open_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.height)
            .flat_map(move |row| (0..self.width).map(move |col| (row, col)))
            .filter(move |&cell| self.in_play(cell) && self.candidates(cell).len() > 1)
    }

    /// A cell in play with no candidate left.
    pub fn emptied_cell(&self) -> Option<Cell> {
        (0..self.height)
            .flat_map(move |row| (0..self.width).map(move |col| (row, col)))
            .find(|&cell| self.in_play(cell) && self.candidates(cell).is_empty())
    }

    /// The grid when every cell in play has one value (0 outside play).
    pub fn grid(&self) -> Option<Grid> {
        (0..self.height)
            .map(|row| {
                (0..self.width)
                    .map(|col| if self.in_play((row, col)) { self.value((row, col)) } else { Some(0) })
                    .collect()
            })
            .collect()
    }
}

/// A cell's name in messages: `r4c5` (1-based).
pub fn cell_name((row, col): Cell) -> String {
    format!("r{}c{}", row + 1, col + 1)
}

/// A stretch of cells in messages: `r3c2–r3c5`, or `r3c2` for one cell.
pub fn span_name(first: Cell, last: Cell) -> String {
    if first == last {
        cell_name(first)
    } else {
        format!("{}–{}", cell_name(first), cell_name(last))
    }
}

/// Digits in messages, smallest first: `1, 2, 4`.
pub fn digit_list(set: DigitSet) -> String {
    set.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
}

/// What changes do, in messages: `r2c3 is 4; r2c4 is not 1 or 9`.
pub fn changes_text(changes: &[Change]) -> String {
    let said: Vec<String> = changes
        .iter()
        .map(|change| match *change {
            Change::Set { cell, value } => format!("{} is {value}", cell_name(cell)),
            Change::Remove { cell, values } => {
                let digits: Vec<String> = values.iter().map(|d| d.to_string()).collect();
                let list = match digits.split_last() {
                    Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                    _ => digits.join(""),
                };
                format!("{} is not {list}", cell_name(cell))
            }
        })
        .collect();
    said.join("; ")
}

/// The subsets of `0..count` with `size` members, as bit masks (`count` < 32): the
/// subset techniques' cells, digits or lines.
pub fn subsets(count: usize, size: u32) -> impl Iterator<Item = u32> {
    (1u32..1 << count).filter(move |mask| mask.count_ones() == size)
}

impl<P: ?Sized> Technique<P> {
    /// A step of this technique, `None` when `changes` is empty (nothing narrows).
    pub fn step(&self, message: String, changes: Vec<Change>, reasons: Vec<Cell>, lines: Vec<Line>) -> Option<Found> {
        if changes.is_empty() {
            return None;
        }
        Some(Found::Step(Step { technique: self.id, level: self.level, message, changes, reasons, lines }))
    }
}

/// A player's entries read and checked for shape and range (the digit genres'
/// `player_board`): per cell, `Some` with the one digit written or the pencil marks when
/// there are any, `None` for an empty cell without marks. `values` and `candidates` must
/// have `height` rows of `width` entries, digits `0..=max_digit` (0: empty), marks
/// `1..=max_digit`; errors name the place (`board[3][1]: expected a digit 0..9, got 12`).
pub fn player_entries(
    values: &[Vec<u8>],
    candidates: Option<&[Vec<Vec<u8>>]>,
    height: usize,
    width: usize,
    max_digit: u32,
) -> Result<Vec<Vec<Option<DigitSet>>>, Error> {
    check_shape("board", values, height, width)?;
    if let Some(marks) = candidates {
        check_shape("candidates", marks, height, width)?;
    }
    let mut entries = vec![vec![None; width]; height];
    for (row, cells) in values.iter().enumerate() {
        for (col, &value) in cells.iter().enumerate() {
            if u32::from(value) > max_digit {
                let place = Place::Field(format!("board[{row}][{col}]"));
                return Err(Error::new(place, format!("expected a digit 0..{max_digit}, got {value}")));
            }
            let mut marks = DigitSet::EMPTY;
            for &mark in candidates.map_or(&[][..], |all| &all[row][col][..]) {
                if !(1..=max_digit).contains(&u32::from(mark)) {
                    let place = Place::Field(format!("candidates[{row}][{col}]"));
                    return Err(Error::new(place, format!("expected digits 1..{max_digit}, got {mark}")));
                }
                marks |= DigitSet::single(mark.into());
            }
            entries[row][col] = match value {
                0 if marks.is_empty() => None,
                0 => Some(marks),
                digit => Some(DigitSet::single(digit.into())),
            };
        }
    }
    Ok(entries)
}

/// `values` must have `height` rows of `width` entries.
fn check_shape<T>(name: &str, values: &[Vec<T>], height: usize, width: usize) -> Result<(), Error> {
    if values.len() != height {
        return Err(Error::new(Place::Field(name.into()), format!("expected {height} rows, got {}", values.len())));
    }
    for (row, cells) in values.iter().enumerate() {
        if cells.len() != width {
            let place = Place::Field(format!("{name}[{row}]"));
            return Err(Error::new(place, format!("expected {width} cells, got {}", cells.len())));
        }
    }
    Ok(())
}

/// A genre whose puzzles can be explained.
pub trait Explain: 'static {
    /// The board before any deduction: the givens decided, every other cell in play with
    /// all its values.
    fn board(&self) -> Board;

    /// The named techniques, ordered by level (lowest first), trial excluded.
    fn techniques(&self) -> &'static [Technique<Self>];

    /// Whether a complete grid obeys every rule (the genre's rules checker).
    fn is_solution(&self, grid: &Grid) -> bool;

    /// A cell value in messages: the digit itself unless the genre names its values (a
    /// colour nonogram says its colours).
    fn value_name(&self, value: u8) -> String {
        value.to_string()
    }

    /// Trial's shortcut at `board`, where no named technique applies: a genre with a faster
    /// propagation that reaches everything its techniques reach answers from it which
    /// assumptions they cannot refute (nonograms: the search's line propagation, brought to
    /// its fixpoint once per trial step); `None`, follow every assumption, by default.
    fn refuter(&self, board: &Board) -> Option<Box<dyn Refuter + '_>> {
        let _ = board;
        None
    }
}

/// Trial's shortcut at one board ([`Explain::refuter`]).
pub trait Refuter {
    /// Whether the named techniques surely reach no contradiction from the board with `cell`
    /// set to `value`: trial then skips the assumption without following it step by step. An
    /// answer of `true` where the techniques would reach a contradiction would lose trial
    /// steps.
    fn cannot_refute(&mut self, cell: Cell, value: u8) -> bool;
}

/// How far an explanation may go (in the JS API every field is optional; the binding reads
/// them, src/wasm/explain.rs).
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(
    all(target_arch = "wasm32", feature = "explain"),
    derive(tsify::Tsify),
    tsify(rename = "ExplainLimits"),
    serde(rename_all = "camelCase")
)]
pub struct ExplainOptions {
    /// Stop after this many steps (status "unknown").
    #[cfg_attr(all(target_arch = "wasm32", feature = "explain"), tsify(optional))]
    pub max_steps: Option<usize>,
    /// Stop after this many milliseconds (status "unknown").
    #[cfg_attr(all(target_arch = "wasm32", feature = "explain"), tsify(optional))]
    pub time_limit_ms: Option<f64>,
    /// Leave trial out: stop "stuck" as soon as no named technique applies (default: trial
    /// is used).
    #[cfg_attr(all(target_arch = "wasm32", feature = "explain"), tsify(optional))]
    pub no_trial: bool,
}

/// How an explanation ended: "solved" the steps reach the solution; "stuck" no technique
/// (trial included) applies; "none" the board is contradictory; "unknown" the budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(any(feature = "serde", target_arch = "wasm32"), derive(serde::Serialize), serde(rename_all = "lowercase"))]
#[cfg_attr(all(target_arch = "wasm32", feature = "explain"), derive(tsify::Tsify))]
pub enum ExplainStatus {
    /// The steps reach the full solution.
    Solved,
    /// No technique (trial included) applies: the puzzle needs guessing from here.
    Stuck,
    /// The board is contradictory: no solution extends it.
    None,
    /// The budget ran out.
    Unknown,
}

impl ExplainStatus {
    /// The name used by the JS API.
    pub fn as_str(self) -> &'static str {
        match self {
            ExplainStatus::Solved => "solved",
            ExplainStatus::Stuck => "stuck",
            ExplainStatus::None => "none",
            ExplainStatus::Unknown => "unknown",
        }
    }
}

/// A difficulty, level 1 to 5: what `generate`'s `difficulty` asks for and a rating's label,
/// written as its label (`"easy"`, the TypeScript type derived from these variants).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(any(feature = "serde", target_arch = "wasm32"), derive(serde::Serialize), serde(rename_all = "lowercase"))]
#[cfg_attr(all(target_arch = "wasm32", feature = "explain"), derive(tsify::Tsify))]
pub enum Difficulty {
    /// Level 1.
    Easy,
    /// Level 2.
    Medium,
    /// Level 3.
    Hard,
    /// Level 4.
    Expert,
    /// Level 5.
    Extreme,
}

impl Difficulty {
    /// The difficulty's label, as the JS API writes it (its serde name).
    pub const fn label(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
            Difficulty::Extreme => "extreme",
        }
    }
}

/// The difficulty labels, level 1 to 5.
pub const LABELS: [&str; 5] = [
    Difficulty::Easy.label(),
    Difficulty::Medium.label(),
    Difficulty::Hard.label(),
    Difficulty::Expert.label(),
    Difficulty::Extreme.label(),
];

/// What a step of each level adds to [`Rating::score`]: a harder step counts as several
/// easy ones, so that among puzzles of one level the longer and harder paths score higher.
const LEVEL_WEIGHTS: [f64; 5] = [1.0, 3.0, 9.0, 27.0, 81.0];

/// How hard a puzzle is, from the steps that explain it: the hardest level needed, the steps
/// weighted by level, the count of each technique.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(any(feature = "serde", target_arch = "wasm32"), derive(serde::Serialize), serde(rename_all = "camelCase"))]
#[cfg_attr(all(target_arch = "wasm32", feature = "explain"), derive(tsify::Tsify))]
pub struct Rating {
    /// The hardest level any step needed, 1 to 5 (5 also when stuck).
    #[cfg_attr(all(target_arch = "wasm32", feature = "explain"), tsify(type = "1 | 2 | 3 | 4 | 5"))]
    pub level: u8,
    /// The level's label, one of `LABELS`.
    #[cfg_attr(all(target_arch = "wasm32", feature = "explain"), tsify(type = "Difficulty"))]
    pub label: &'static str,
    /// The steps weighted by level, summed (higher is harder).
    pub score: f64,
    /// The number of steps.
    pub steps: usize,
    /// How often each technique was used, in order of first use (in the JS API an object
    /// from technique id to count).
    #[cfg_attr(any(feature = "serde", target_arch = "wasm32"), serde(serialize_with = "serialize_counts"))]
    #[cfg_attr(all(target_arch = "wasm32", feature = "explain"), tsify(type = "{ [id: string]: number }"))]
    pub techniques: Vec<(&'static str, usize)>,
    /// Whether trial was needed (or the puzzle is stuck even with it).
    pub needs_trial: bool,
}

impl Rating {
    /// The rating of a path of steps that ended with `status`.
    pub fn of(steps: &[Step], status: ExplainStatus) -> Rating {
        let mut techniques: Vec<(&'static str, usize)> = Vec::new();
        let mut level = 1;
        let mut score = 0.0;
        for step in steps {
            level = level.max(step.level);
            score += LEVEL_WEIGHTS[usize::from(step.level.clamp(1, 5)) - 1];
            match techniques.iter_mut().find(|(id, _)| *id == step.technique) {
                Some((_, count)) => *count += 1,
                None => techniques.push((step.technique, 1)),
            }
        }
        let stuck = status == ExplainStatus::Stuck;
        if stuck {
            level = TRIAL_LEVEL;
        }
        Rating {
            level,
            label: LABELS[usize::from(level) - 1],
            score,
            steps: steps.len(),
            techniques,
            needs_trial: stuck || steps.iter().any(|s| s.technique == TRIAL),
        }
    }
}

/// The result of [`explain`]: how it ended, the steps, the rating.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(any(feature = "serde", target_arch = "wasm32"), derive(serde::Serialize))]
#[cfg_attr(all(target_arch = "wasm32", feature = "explain"), derive(tsify::Tsify))]
pub struct Explanation {
    /// How it ended.
    pub status: ExplainStatus,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The rating of those steps.
    pub rating: Rating,
    /// The board after the last step (not in the JS API).
    #[cfg_attr(any(feature = "serde", target_arch = "wasm32"), serde(skip))]
    pub board: Board,
}

/// The next step from `board`, trial included unless `options.no_trial`: `Ok(None)` when
/// nothing applies, `Err(status)` when the board is solved, contradictory or out of time.
fn next_step<P: Explain + ?Sized>(
    puzzle: &P,
    board: &Board,
    allow_trial: bool,
    deadline: &mut dyn FnMut() -> bool,
) -> Result<Option<Step>, ExplainStatus> {
    if board.emptied_cell().is_some() {
        return Err(ExplainStatus::None);
    }
    if let Some(grid) = board.grid() {
        return Err(if puzzle.is_solution(&grid) { ExplainStatus::Solved } else { ExplainStatus::None });
    }
    for technique in puzzle.techniques() {
        match (technique.find)(puzzle, board) {
            Some(Found::Step(step)) => return Ok(Some(step)),
            Some(Found::Contradiction { .. }) => return Err(ExplainStatus::None),
            None => {}
        }
    }
    if !allow_trial {
        return Ok(None);
    }
    trial(puzzle, board, deadline)
}

/// Where an assumption leads when only named techniques are applied.
enum Outcome {
    /// A contradiction, after this many steps, with its sentence and cells.
    Refuted { steps: usize, message: String, reasons: Vec<Cell> },
    /// Nothing more follows, or the board was solved: the assumption stands for now.
    Open,
}

/// How far an assumption is followed: trial's reach, or the short trial's.
#[derive(Clone, Copy)]
struct Reach {
    /// The id of the steps it makes ([`TRIAL`] or [`SHORT_TRIAL`]).
    technique: &'static str,
    /// Their level.
    level: u8,
    /// The named techniques it follows are those below this level, and never the short trial
    /// (whose refutations trial makes itself, and whose own assumptions inside an assumption
    /// would multiply trial's cost).
    follows_below: u8,
    /// The most steps it follows before it gives an assumption up.
    max_steps: usize,
}

/// Trial's reach: every named technique but the short trial, for as long as they apply.
const TRIAL_REACH: Reach =
    Reach { technique: TRIAL, level: TRIAL_LEVEL, follows_below: TRIAL_LEVEL, max_steps: usize::MAX };

/// Follow an assumption, made on `board`, with the named techniques of `reach` until a
/// contradiction, a fixpoint or `reach.max_steps` steps; `board` is left as far as it was
/// followed.
fn follow<P: Explain + ?Sized>(
    puzzle: &P,
    board: &mut Board,
    reach: Reach,
    deadline: &mut dyn FnMut() -> bool,
) -> Outcome {
    let mut steps = 0;
    loop {
        if let Some(cell) = board.emptied_cell() {
            return Outcome::Refuted {
                steps,
                message: format!("{} would have no value left", cell_name(cell)),
                reasons: vec![cell],
            };
        }
        if let Some(grid) = board.grid() {
            if puzzle.is_solution(&grid) {
                return Outcome::Open;
            }
            return Outcome::Refuted { steps, message: "the grid would break a rule".into(), reasons: Vec::new() };
        }
        if deadline() {
            return Outcome::Open;
        }
        let followed = |t: &&Technique<P>| t.level < reach.follows_below && t.id != SHORT_TRIAL;
        let found = puzzle.techniques().iter().filter(followed).find_map(|t| (t.find)(puzzle, board));
        match found {
            // The bound counts steps taken: a contradiction found after the last is still met.
            Some(Found::Step(_)) if steps == reach.max_steps => return Outcome::Open,
            Some(Found::Step(step)) => {
                steps += 1;
                let mut changed = false;
                for change in &step.changes {
                    changed |= board.apply(change);
                }
                debug_assert!(changed, "technique {} returned a step that changes nothing", step.technique);
                if !changed {
                    return Outcome::Open;
                }
            }
            Some(Found::Contradiction { message, reasons }) => return Outcome::Refuted { steps, message, reasons },
            None => return Outcome::Open,
        }
    }
}

/// `board` after the named techniques below `level` (never the short trial), applied as
/// trial follows an assumption until none applies; `None` at a contradiction. For tests that
/// compare a shortcut with what trial follows.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) fn follow_below<P: Explain + ?Sized>(puzzle: &P, mut board: Board, level: u8) -> Option<Board> {
    let reach = Reach { technique: TRIAL, level, follows_below: level, max_steps: usize::MAX };
    matches!(follow(puzzle, &mut board, reach, &mut || false), Outcome::Open).then_some(board)
}

/// The short trial, a named technique of level `level` for a genre that lists it (nonograms:
/// `expert`): the first candidate of an open cell whose assumption the techniques below
/// `level` refute within `max_steps` steps. Trial without the bound is the level above; the
/// bound is what a person follows in their head, and what makes a puzzle that needs it
/// easier than one that needs trial.
pub fn short_trial<P: Explain + ?Sized>(puzzle: &P, board: &Board, level: u8, max_steps: usize) -> Option<Found> {
    let reach = Reach { technique: SHORT_TRIAL, level, follows_below: level, max_steps };
    // Bounded by steps, it needs no clock (a technique's search has none).
    refute(puzzle, board, reach, &mut || false).ok().flatten().map(Found::Step)
}

/// Trial: the first candidate of an open cell whose assumption the named techniques refute.
fn trial<P: Explain + ?Sized>(
    puzzle: &P,
    board: &Board,
    deadline: &mut dyn FnMut() -> bool,
) -> Result<Option<Step>, ExplainStatus> {
    refute(puzzle, board, TRIAL_REACH, deadline)
}

/// The first candidate of an open cell whose assumption the techniques of `reach` refute,
/// as a step of `reach`'s technique.
fn refute<P: Explain + ?Sized>(
    puzzle: &P,
    board: &Board,
    reach: Reach,
    deadline: &mut dyn FnMut() -> bool,
) -> Result<Option<Step>, ExplainStatus> {
    // Cells with the fewest candidates first: their assumptions say the most.
    let mut refuter = puzzle.refuter(board);
    let mut open: Vec<Cell> = board.open_cells().collect();
    open.sort_by_key(|&cell| board.candidates(cell).len());
    for cell in open {
        let candidates = board.candidates(cell);
        for value in (0..32u8).filter(|&v| candidates.contains(v as u32)) {
            if deadline() {
                return Err(ExplainStatus::Unknown);
            }
            if refuter.as_mut().is_some_and(|refuter| refuter.cannot_refute(cell, value)) {
                continue;
            }
            let mut assumed = board.clone();
            assumed.restrict(cell, DigitSet::single(value as u32));
            if let Outcome::Refuted { steps, message, mut reasons } = follow(puzzle, &mut assumed, reach, deadline) {
                let name = cell_name(cell);
                let value_name = puzzle.value_name(value);
                let chain = match steps {
                    0 => String::new(),
                    1 => "after one step ".to_string(),
                    n => format!("after {n} steps "),
                };
                reasons.retain(|&r| r != cell);
                return Ok(Some(Step {
                    technique: reach.technique,
                    level: reach.level,
                    message: format!("if {name} were {value_name}, {chain}{message} — so {name} is not {value_name}"),
                    changes: vec![board.exclusion(cell, value)],
                    reasons,
                    lines: Vec::new(),
                }));
            }
        }
    }
    Ok(None)
}

/// Explain `puzzle` from `board`: the steps until solved, stuck, contradictory or out of
/// budget, and their rating.
pub fn explain<P: Explain + ?Sized>(
    puzzle: &P,
    board: Board,
    options: &ExplainOptions,
    clock: &dyn Clock,
) -> Explanation {
    let start = clock.now_ms();
    let deadline_ms = options.time_limit_ms.map(|t| start + t);
    let mut out_of_time = || deadline_ms.is_some_and(|d| clock.now_ms() >= d);
    let mut board = board;
    let mut steps = Vec::new();
    let status = loop {
        if options.max_steps.is_some_and(|max| steps.len() >= max) || out_of_time() {
            break ExplainStatus::Unknown;
        }
        match next_step(puzzle, &board, !options.no_trial, &mut out_of_time) {
            Err(status) => break status,
            Ok(None) => break ExplainStatus::Stuck,
            Ok(Some(step)) => {
                let mut changed = false;
                for change in &step.changes {
                    changed |= board.apply(change);
                }
                debug_assert!(changed, "technique {} returned a step that changes nothing", step.technique);
                steps.push(step);
                if !changed {
                    break ExplainStatus::Stuck;
                }
            }
        }
    };
    let rating = Rating::of(&steps, status);
    Explanation { status, steps, rating, board }
}

/// The first step from `board` (trial included): a hint. `Err` with the board's status when
/// it is solved or contradictory, `Ok(None)` when the puzzle needs guessing from here.
pub fn hint<P: Explain + ?Sized>(
    puzzle: &P,
    board: &Board,
    options: &ExplainOptions,
    clock: &dyn Clock,
) -> Result<Option<Step>, ExplainStatus> {
    let start = clock.now_ms();
    let deadline_ms = options.time_limit_ms.map(|t| start + t);
    let mut out_of_time = || deadline_ms.is_some_and(|d| clock.now_ms() >= d);
    next_step(puzzle, board, !options.no_trial, &mut out_of_time)
}

/// A player's state of a puzzle, as the JS API passes it: nonogram rows of 1 (filled), 0
/// (marked empty) or null (unknown); colour nonogram rows of colour indices (1..colors.length,
/// 0 marked empty) or null; the other genres rows of digits (0 empty), or
/// `{ values, candidates }` with pencil marks per cell. (Read by the binding,
/// src/wasm/explain.rs, whose messages name the genre's expected board.)
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    all(target_arch = "wasm32", feature = "explain"),
    derive(tsify::Tsify),
    tsify(missing_as_null),
    serde(untagged)
)]
pub enum PlayerBoard {
    /// Nonogram cells: `Some(1)` filled, `Some(0)` marked empty, `None` unknown; for a colour
    /// nonogram `Some(c)` painted colour `c` (0: marked empty).
    Cells(Vec<Vec<Option<u8>>>),
    /// Kakuro or Str8ts: a digit or 0 (empty) per cell, and optional pencil marks.
    Digits {
        /// The digits entered (0: none).
        values: Vec<Vec<u8>>,
        /// The pencil marks of every cell, if the player keeps them.
        #[cfg_attr(all(target_arch = "wasm32", feature = "explain"), tsify(optional))]
        candidates: Option<Vec<Vec<Vec<u8>>>>,
    },
}

impl PlayerBoard {
    /// The cells of a board of cells; for a board of digits, an error saying that a board of
    /// `genre` is `expected`.
    pub(crate) fn cells(&self, genre: &str, expected: &str) -> Result<&[Vec<Option<u8>>], Error> {
        match self {
            PlayerBoard::Cells(cells) => Ok(cells),
            PlayerBoard::Digits { .. } => Err(wrong_kind(genre, expected)),
        }
    }

    /// The digits and pencil marks of a board of digits; for a board of cells, an error
    /// saying that a board of `genre` is `expected`.
    pub(crate) fn digits(&self, genre: &str, expected: &str) -> Result<DigitsAndMarks<'_>, Error> {
        match self {
            PlayerBoard::Digits { values, candidates } => Ok((values, candidates.as_deref())),
            PlayerBoard::Cells(_) => Err(wrong_kind(genre, expected)),
        }
    }
}

/// The digits of a [`PlayerBoard::Digits`] and its pencil marks, if any.
pub(crate) type DigitsAndMarks<'a> = (&'a [Vec<u8>], Option<&'a [Vec<Vec<u8>>]>);

/// `board: a <genre> board is <expected>`.
#[cold]
fn wrong_kind(genre: &str, expected: &str) -> Error {
    Error::new(Place::Field("board".into()), format!("a {genre} board is {expected}"))
}

/// The generic [`explain`] and [`hint`] on one puzzle, object-safe, so that the registry
/// hands out any genre's puzzle as one type (`&dyn Explained`).
pub(crate) trait Explained {
    /// The puzzle's own start: its givens, every other cell open.
    fn fresh_board(&self) -> Board;
    /// [`explain`] from `board`.
    fn explain(&self, board: Board, options: &ExplainOptions, clock: &dyn Clock) -> Explanation;
    /// [`hint`] from `board`.
    fn hint(&self, board: &Board, options: &ExplainOptions, clock: &dyn Clock) -> Result<Option<Step>, ExplainStatus>;
}

impl<P: Explain> Explained for P {
    fn fresh_board(&self) -> Board {
        self.board()
    }
    fn explain(&self, board: Board, options: &ExplainOptions, clock: &dyn Clock) -> Explanation {
        explain(self, board, options, clock)
    }
    fn hint(&self, board: &Board, options: &ExplainOptions, clock: &dyn Clock) -> Result<Option<Step>, ExplainStatus> {
        hint(self, board, options, clock)
    }
}

/// Helpers for the genres' technique tests: a clock that stands still, digit sets and boards
/// written briefly, and the changes of a step.
#[cfg(test)]
pub(crate) mod test_support {
    use super::{Board, Cell, Change, Explain, Found};
    use crate::engine::bits::DigitSet;
    use crate::engine::search::Clock;

    /// A clock that stands still: no time limit ever runs out.
    pub struct NoClock;

    impl Clock for NoClock {
        fn now_ms(&self) -> f64 {
            0.0
        }
    }

    /// The digits as a set.
    pub fn set(digits: &[u32]) -> DigitSet {
        digits.iter().fold(DigitSet::EMPTY, |s, &d| s | DigitSet::single(d))
    }

    /// The puzzle's board with some cells narrowed to the digits given.
    pub fn board<P: Explain>(puzzle: &P, cells: &[(Cell, &[u32])]) -> Board {
        let mut board = puzzle.board();
        for &(cell, digits) in cells {
            board.restrict(cell, set(digits));
        }
        board
    }

    /// The changes of the step found, or panic.
    pub fn changes(found: Option<Found>) -> Vec<Change> {
        match found {
            Some(Found::Step(step)) => step.changes,
            other => panic!("expected a step, got {other:?}"),
        }
    }

    /// The change that removes `digits` from `cell`.
    pub fn remove(cell: Cell, digits: &[u32]) -> Change {
        Change::Remove { cell, values: set(digits) }
    }

    /// Panics, naming the step, when one of `steps` takes a digit of `solution` away (a
    /// solution known apart from the steps: no sound step can). Native only, as the tests
    /// that solve for that solution.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn assert_sound(steps: &[super::Step], solution: &crate::engine::search::Grid) {
        for step in steps {
            for change in &step.changes {
                let (r, c) = change.cell();
                let kept = match *change {
                    Change::Set { value, .. } => value == solution[r][c],
                    Change::Remove { values, .. } => !values.contains(solution[r][c].into()),
                };
                assert!(kept, "{}: {} takes the solution's digit away", step.technique, step.message);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! A toy genre: one row of cells with values 1..=3, all different, the first cell given
    //! as 1 — enough to drive the loop, trial and the rating without a real genre.
    use super::*;

    #[test]
    #[cfg(not(target_arch = "wasm32"))] // serde_json is a native dev-dependency
    fn a_difficulty_is_written_as_its_label() {
        // serde's lowercase names (what the JS API writes, and the derived TypeScript type's
        // members) against the labels the messages use.
        let difficulties =
            [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::Expert, Difficulty::Extreme];
        for (difficulty, label) in difficulties.into_iter().zip(LABELS) {
            assert_eq!(serde_json::to_value(difficulty).unwrap(), label);
        }
    }

    struct Row3;

    /// A value decided in one cell is removed from the others.
    fn elimination(_: &Row3, board: &Board) -> Option<Found> {
        for a in 0..3 {
            let Some(v) = board.value((0, a)) else { continue };
            for b in (0..3).filter(|&b| b != a) {
                if board.candidates((0, b)).contains(v as u32) {
                    return Some(Found::Step(Step {
                        technique: "elimination",
                        level: 1,
                        message: format!("{} is {v}", cell_name((0, a))),
                        changes: vec![board.exclusion((0, b), v)],
                        reasons: vec![(0, a)],
                        lines: vec![Line { axis: Axis::Row, index: 0 }],
                    }));
                }
            }
        }
        None
    }

    impl Explain for Row3 {
        fn board(&self) -> Board {
            Board::new(3, 1, |_, col| Some(if col == 0 { DigitSet::single(1) } else { DigitSet::range(1, 3) }))
        }
        fn techniques(&self) -> &'static [Technique<Self>] {
            const LIST: &[Technique<Row3>] = &[Technique {
                id: "elimination",
                level: 1,
                summary: "a decided value leaves the row",
                find: elimination,
            }];
            LIST
        }
        fn is_solution(&self, grid: &Grid) -> bool {
            let row = &grid[0];
            row[0] == 1 && row[1] != row[2] && row[1] != 1 && row[2] != 1
        }
    }

    use super::test_support::NoClock;

    #[test]
    fn named_techniques_then_stuck_without_trial() {
        let explanation =
            explain(&Row3, Row3.board(), &ExplainOptions { no_trial: true, ..Default::default() }, &NoClock);
        // 1 leaves cells 2 and 3; {2,3} twice is all elimination can say.
        assert_eq!(explanation.status, ExplainStatus::Stuck);
        assert_eq!(explanation.steps.len(), 2);
        assert_eq!(explanation.rating.level, TRIAL_LEVEL);
        assert!(explanation.rating.needs_trial);
    }

    #[test]
    fn trial_cannot_refute_a_puzzle_with_two_solutions() {
        // Both 2 and 3 in r1c2 lead to a solution, so trial finds nothing and the toy is stuck.
        let explanation = explain(&Row3, Row3.board(), &ExplainOptions::default(), &NoClock);
        assert_eq!(explanation.status, ExplainStatus::Stuck);
    }

    #[test]
    fn named_steps_finish_a_board_they_can_decide() {
        let mut board = Row3.board();
        board.restrict((0, 2), DigitSet::range(1, 2)); // r1c3 ∈ {1,2}: elimination makes it 2
        let explanation = explain(&Row3, board, &ExplainOptions::default(), &NoClock);
        assert_eq!(explanation.status, ExplainStatus::Solved);
        assert_eq!(explanation.board.grid(), Some(vec![vec![1, 3, 2]]));
        assert_eq!(explanation.rating.level, 1);
        assert_eq!(explanation.rating.techniques, vec![("elimination", 3)]);
        assert!(!explanation.rating.needs_trial);
    }

    #[test]
    fn a_contradictory_board_is_none_and_max_steps_is_unknown() {
        let mut board = Row3.board();
        board.restrict((0, 1), DigitSet::single(1));
        let explanation = explain(&Row3, board, &ExplainOptions::default(), &NoClock);
        assert_eq!(explanation.status, ExplainStatus::None);
        let capped =
            explain(&Row3, Row3.board(), &ExplainOptions { max_steps: Some(1), ..Default::default() }, &NoClock);
        assert_eq!((capped.status, capped.steps.len()), (ExplainStatus::Unknown, 1));
    }

    #[test]
    fn trial_step_says_what_it_assumed() {
        // One cell, 1 or 2, and a rule seen only on the whole grid: no named technique, so
        // only trial can decide it.
        struct OneCell;
        impl Explain for OneCell {
            fn board(&self) -> Board {
                Board::new(1, 1, |_, _| Some(DigitSet::range(1, 2)))
            }
            fn techniques(&self) -> &'static [Technique<Self>] {
                &[]
            }
            fn is_solution(&self, grid: &Grid) -> bool {
                grid[0] == [2]
            }
        }
        let step = hint(&OneCell, &OneCell.board(), &ExplainOptions::default(), &NoClock).unwrap().unwrap();
        assert_eq!(step.technique, TRIAL);
        assert_eq!(step.message, "if r1c1 were 1, the grid would break a rule — so r1c1 is not 1");
        assert_eq!(step.changes, vec![Change::Set { cell: (0, 0), value: 2 }]);
        let without =
            hint(&OneCell, &OneCell.board(), &ExplainOptions { no_trial: true, ..Default::default() }, &NoClock);
        assert_eq!(without, Ok(None));
    }
}
