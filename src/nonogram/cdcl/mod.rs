//! Conflict-driven clause learning for nonograms that must branch, in the style of lazy
//! clause generation: the line solver is the propagator, and every deduction it makes can be
//! explained, after the fact, by a short clause over the cells of its line.
//!
//! **Rules of use.** [`solve`] answers like [`crate::engine::search::solve`] on the same
//! puzzle (`unique` / `multiple` / `none` exact, `unknown` when the budget runs out). It is
//! the engine's portfolio (`engine::portfolio`) with this search as its learner: the engine's
//! search (root logic, probing at every node, dives) and CDCL take turns, each turn four times
//! longer than the last ([`ENGINE_FIRST_NODES`] nodes, then [`CDCL_FIRST_DECISIONS`]
//! decisions, ...), CDCL starting from what the engine's root logic decided. Probing finds
//! solutions of loose puzzles (many solutions) fast; clause learning proves tight ones
//! (unique, or hiding their second solution) where the engine thrashes. Puzzles with a line
//! longer than [`CACHED_LINE`] cells stay with the engine's search alone (explanations solve
//! lines on bit masks).
//!
//! **Technique.** Variables are the cells (a literal: a cell filled, or empty). A trail holds
//! the assigned literals with their decision level and their *reason*: a decision, a fact of
//! the root, a learned clause, or a *line event* — the line whose solve implied the literal
//! and the trail length when that solve ran. Propagation alternates between the learned
//! clauses (two watched literals; the search for a new second watch starts where that
//! clause's last search stopped and wraps around) and the lines whose cells changed (solved
//! by the one-word line solver through the line memo, `memo.rs`; a line still in the
//! state its last solve left it in is skipped, as the solver is exact). Dirty lines are solved
//! first in first out, breadth first like a SAT solver's trail, which keeps implication chains
//! short to explain.
//!
//! A line event is explained only when conflict analysis needs it, by a minimised clause
//! over the line's cells (see `explain.rs`): short reasons make short learned clauses, which
//! prune much more.
//!
//! Conflicts are analysed to the first unique implication point; a literal of the learned
//! clause whose reason lies within the clause (and the facts) is dropped (self-subsumption,
//! one step); the clause is added, the search jumps back to the second-highest level in it and
//! asserts its literal. Decisions take the unassigned cell of highest activity (bumped for
//! every cell met in an analysis, decaying geometrically), with its *target phase* if it has
//! one, else the value it last had (phase saving; empty at first). The target phases are the
//! values of the longest conflict-free trail since the last restart (at each conflict, the
//! trail below the conflict's level; as in CaDiCaL and Kissat): the search keeps steering back
//! to the most consistent assignment it has met. Restarts follow Luby's sequence (the loop shared with colour, `learning.rs`) in units of
//! [`learning::RESTART_UNIT`] = 1,024 conflicts: rare, as in the stable mode of CaDiCaL and Kissat, so
//! that the target phases have time to lead somewhere; at a restart, when learned clauses
//! outnumber a growing limit, the worse half (by the number of decision levels among their
//! literals, then length) is forgotten.
//!
//! Solutions are counted by *blocking*: on a complete assignment the solution is recorded
//! and the clause "not all of the current decisions" is added for good (the decisions, with
//! propagation, determine the assignment, so it excludes exactly that solution); the search
//! then jumps back one level and goes on. A conflict at level 0 means every solution not yet
//! recorded is excluded: the count is exact.
//!
//! **Cost.** Per conflict: the line solves of propagation, plus at most one forward pass per
//! assigned cell of each line event analysed (its minimisation; the clause minimisation
//! reuses the stored explanations), plus a copy of the conflict-free trail when it is the
//! longest since the restart (the target phases), plus a linear scan of the cells per
//! decision. Memory: the learned clauses (bounded by the reduction), a few numbers per cell
//! and the stored explanation of each line-implied cell (a few literals). A CDCL turn resumes
//! from level 0 (every line solved again, cheap through the memo). The portfolio at most
//! doubles the time of whichever side would have answered alone. On long runs the
//! watched-clause scan grows with the learned clauses.
//!
//! The measurements behind these choices, and the variants tried and not kept, are in
//! bench/RESULTS.md ("CDCL: the measurements behind src/nonogram/cdcl.rs").

mod explain;

use super::learning::{self, ClauseLearning, Restarts};
use super::line::{LineBits, LineSolver, CACHED_LINE, EMPTY, FILLED};
use super::memo::LineMemo;
use super::Nonogram;
use crate::engine::portfolio::{self, TurnEnd, Turns};
use crate::engine::queue::WorkQueue;
use crate::engine::search::{Budget, Clock, Grid, KnownGrid, Outcome, Progress, SolveOptions, Stop};
use crate::engine::sort::sort_by_small_key;

/// Learned clauses kept before the first reduction; the limit grows by a tenth each time.
const FIRST_LEARNED_LIMIT: usize = 4000;
/// Activity decay: every conflict makes later bumps this much larger.
const ACTIVITY_DECAY: f64 = 0.95;
/// A literal: `2 × cell + 1` for "cell filled", `2 × cell` for "cell empty".
type Lit = u32;

/// The literal giving `cell` the value `value` ([`FILLED`] or [`EMPTY`]).
fn literal(cell: usize, value: u8) -> Lit {
    2 * cell as u32 + u32::from(value == FILLED)
}

/// The cell of a literal.
fn cell_of(lit: Lit) -> usize {
    (lit >> 1) as usize
}

/// The value a literal gives its cell.
fn value_of(lit: Lit) -> u8 {
    if lit & 1 == 1 {
        FILLED
    } else {
        EMPTY
    }
}

/// Why a literal is on the trail.
#[derive(Clone, Copy, Debug)]
enum Reason {
    /// Chosen by the search.
    Decision,
    /// Fixed at level 0 (root logic, or a clause there): never explained.
    Fact,
    /// Implied by clause number `.0`.
    Clause(u32),
    /// Implied by solving `line` when the trail held `trail_len` literals.
    Line { line: u32, trail_len: u32 },
}

/// A clause: at least two literals, the first two watched.
struct Clause {
    lits: Vec<Lit>,
    /// Learned (may be forgotten) or blocking a solution (kept for good).
    learned: bool,
    /// The number of decision levels among its literals when it was learned.
    levels: u32,
    /// Where the last search for a literal to watch instead of the second stopped (from 2):
    /// the next search starts there and wraps around, so that the false literals just
    /// passed over are not read again at once.
    search_from: u32,
}

/// What made propagation fail.
pub(crate) enum Conflict {
    /// Every literal of clause `.0` is false.
    Clause(u32),
    /// `line` has no placement with what the trail's first `trail_len` literals say.
    Line { line: u32, trail_len: u32 },
}

/// What a search keeps of a cell besides its value and activity (which the decisions' scan
/// reads alone): one record, read and written together (one bounds check, one cache line).
#[derive(Clone, Copy)]
struct CellState {
    /// The decision level of its literal (meaningful while assigned).
    level: u32,
    /// Its index on the trail (meaningful while assigned).
    position: u32,
    reason: Reason,
    /// Whether its entry of [`Solver::explanations`] holds its current explanation.
    explained: bool,
    /// The value it had last ([`EMPTY`] at first).
    phase: u8,
    /// Its value on the longest conflict-free trail since the last restart (0: never on
    /// one), which decisions take before `phase`.
    target: u8,
    /// Scratch of conflict analysis: met.
    seen: bool,
}

/// The state of one CDCL search.
struct Solver {
    width: usize,
    height: usize,
    /// Clues of every line, rows first.
    clues: Vec<Vec<u32>>,
    cache: LineMemo<u64>,
    solver: LineSolver,
    /// Per cell: 0 when unassigned, else [`FILLED`] or [`EMPTY`].
    value: Vec<u8>,
    /// Per cell: the rest of what the search keeps of it.
    cells: Vec<CellState>,
    /// Per cell implied by a line: its explanation (see [`Solver::explain`]), once computed
    /// while the cell keeps its value (`explained`).
    explanations: Vec<Vec<Lit>>,
    /// The length of that trail (0 after a restart).
    target_len: usize,
    activity: Vec<f64>,
    bump: f64,
    /// Per line: what its cells can still be, as bit masks.
    lines: Vec<LineBits>,
    /// Per line: the state its last solve narrowed it to (both planes empty before any).
    /// The line solver is exact, so solving a line in that state again changes nothing: a
    /// line that its own deductions marked to solve again is skipped.
    fixpoints: Vec<LineBits>,
    trail: Vec<Lit>,
    /// Trail length where each decision level starts.
    level_starts: Vec<u32>,
    /// Trail literals whose clauses and lines have been propagated.
    propagated: usize,
    /// Lines to solve again (first in first out: see the module essay).
    dirty: WorkQueue,
    clauses: Vec<Clause>,
    /// Per literal: (clause, a literal of it that satisfies it when true) for the clauses
    /// watching that literal.
    watches: Vec<Vec<(u32, Lit)>>,
    learned_limit: usize,
    /// The restart schedule (Luby's sequence from its second term).
    restarts: Restarts,
    solutions: Vec<Grid>,
    max_solutions: usize,
    /// What level 0 held when the first solution was blocked: later level-0 values may
    /// follow from blocking clauses, which the puzzle does not imply.
    known_before_blocking: Option<KnownGrid>,
}

impl Solver {
    /// A search of `puzzle` with the cells `root` decided as facts.
    fn new(puzzle: &Nonogram, root: &KnownGrid, max_solutions: usize) -> Self {
        let (width, height) = (puzzle.width(), puzzle.height());
        let cells = width * height;
        let line_count = width + height;
        let full = |len: usize| LineBits { fillable: (1u64 << len) - 1, emptiable: (1u64 << len) - 1 };
        let mut solver = Solver {
            width,
            height,
            clues: puzzle.clues_by_line(),
            cache: LineMemo::new(line_count, 2),
            solver: LineSolver::default(),
            value: vec![0; cells],
            cells: vec![
                CellState {
                    level: 0,
                    position: 0,
                    reason: Reason::Fact,
                    explained: false,
                    phase: EMPTY,
                    target: 0,
                    seen: false
                };
                cells
            ],
            explanations: vec![Vec::new(); cells],
            target_len: 0,
            activity: vec![0.0; cells],
            bump: 1.0,
            lines: (0..line_count).map(|l| full(Self::length(width, height, l))).collect(),
            fixpoints: vec![LineBits { fillable: 0, emptiable: 0 }; line_count],
            trail: Vec::with_capacity(cells),
            level_starts: Vec::new(),
            propagated: 0,
            dirty: WorkQueue::new(line_count),
            clauses: Vec::new(),
            watches: vec![Vec::new(); 2 * cells],
            learned_limit: FIRST_LEARNED_LIMIT,
            restarts: Restarts::standard(),
            solutions: Vec::new(),
            known_before_blocking: None,
            max_solutions,
        };
        for (r, row) in root.iter().enumerate() {
            for (c, known) in row.iter().enumerate() {
                if let Some(v) = known {
                    let value = if *v == 1 { FILLED } else { EMPTY };
                    solver.assign(literal(r * width + c, value), Reason::Fact);
                }
            }
        }
        solver
    }

    fn length(width: usize, height: usize, line: usize) -> usize {
        if line < height {
            width
        } else {
            height
        }
    }

    fn line_len(&self, line: usize) -> usize {
        Self::length(self.width, self.height, line)
    }

    /// The `i`-th cell of `line`.
    fn cell_at(&self, line: usize, i: usize) -> usize {
        if line < self.height {
            line * self.width + i
        } else {
            i * self.width + (line - self.height)
        }
    }

    /// The row and the column of `cell`, each with the cell's index in it.
    fn lines_of(&self, cell: usize) -> [(usize, usize); 2] {
        let (row, col) = (cell / self.width, cell % self.width);
        [(row, col), (self.height + col, row)]
    }

    /// Whether `lit` is true (`Some(true)`), false, or its cell unassigned (`None`).
    fn truth(&self, lit: Lit) -> Option<bool> {
        match self.value[cell_of(lit)] {
            0 => None,
            v => Some(v == value_of(lit)),
        }
    }

    fn assign(&mut self, lit: Lit, reason: Reason) {
        let cell = cell_of(lit);
        let value = value_of(lit);
        self.value[cell] = value;
        let (level, position) = (self.decision_level(), self.trail.len() as u32);
        let state = &mut self.cells[cell];
        state.level = level;
        state.position = position;
        state.reason = reason;
        state.explained = false;
        self.trail.push(lit);
        for (line, i) in self.lines_of(cell) {
            let bits = &mut self.lines[line];
            if value == FILLED {
                bits.emptiable &= !(1 << i);
            } else {
                bits.fillable &= !(1 << i);
            }
        }
    }

    /// Undo every level above `level`.
    fn backtrack(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let start = self.level_starts[level as usize] as usize;
        for &lit in &self.trail[start..] {
            let cell = cell_of(lit);
            self.cells[cell].phase = self.value[cell];
            self.value[cell] = 0;
            let (row, col) = (cell / self.width, cell % self.width);
            for (line, i) in [(row, col), (self.height + col, row)] {
                self.lines[line].fillable |= 1 << i;
                self.lines[line].emptiable |= 1 << i;
            }
        }
        self.trail.truncate(start);
        self.level_starts.truncate(level as usize);
        self.propagated = self.propagated.min(start);
        self.dirty.clear();
    }

    /// Solve `line` in state `bits` through the memo.
    fn solve_line(&mut self, line: usize, bits: LineBits) -> Option<LineBits> {
        let len = self.line_len(line);
        self.solver.solve_memo(&mut self.cache, &self.clues[line], line, len, bits)
    }

    fn mark_dirty(&mut self, cell: usize) {
        for (line, _) in self.lines_of(cell) {
            self.dirty.push(line);
        }
    }

    /// Visit the clauses watching the literal `lit` made false; the number of a clause
    /// left with every literal false, if any.
    fn propagate_clauses(&mut self, lit: Lit) -> Option<u32> {
        let false_lit = lit ^ 1;
        let mut watchers = std::mem::take(&mut self.watches[false_lit as usize]);
        let (mut read, mut kept) = (0, 0);
        let mut conflict = None;
        while read < watchers.len() {
            let (clause, blocker) = watchers[read];
            read += 1;
            if self.truth(blocker) == Some(true) {
                watchers[kept] = (clause, blocker);
                kept += 1;
                continue;
            }
            let Clause { lits, search_from, .. } = &mut self.clauses[clause as usize];
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = lits[0];
            let first_truth = match self.value[cell_of(first)] {
                0 => None,
                v => Some(v == value_of(first)),
            };
            if first_truth == Some(true) {
                watchers[kept] = (clause, first);
                kept += 1;
                continue;
            }
            let start = *search_from as usize;
            let replacement = (start..lits.len()).chain(2..start).find(|&k| {
                let other = lits[k];
                let v = self.value[cell_of(other)];
                v == 0 || v == value_of(other)
            });
            if let Some(k) = replacement {
                *search_from = k as u32;
                lits.swap(1, k);
                let watched = lits[1];
                self.watches[watched as usize].push((clause, first));
                continue;
            }
            watchers[kept] = (clause, first);
            kept += 1;
            if first_truth == Some(false) {
                conflict = Some(clause);
                break;
            }
            self.assign(first, Reason::Clause(clause));
        }
        while read < watchers.len() {
            watchers[kept] = watchers[read];
            kept += 1;
            read += 1;
        }
        watchers.truncate(kept);
        self.watches[false_lit as usize] = watchers;
        conflict
    }

    /// The false literals of a conflict.
    fn conflict_literals(&mut self, conflict: Conflict, budget: &mut Budget) -> Result<Vec<Lit>, Stop> {
        match conflict {
            Conflict::Clause(clause) => Ok(self.clauses[clause as usize].lits.clone()),
            Conflict::Line { line, trail_len } => {
                let mut lits = Vec::new();
                self.explain_line(line as usize, trail_len, None, &mut lits, budget)?;
                Ok(lits)
            }
        }
    }

    fn bump_activity(&mut self, cell: usize) {
        self.activity[cell] += self.bump;
        if self.activity[cell] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.bump *= 1e-100;
        }
    }

    /// First-UIP analysis of a conflict whose false literals `lits` include one of the
    /// current level: the learned clause (asserting literal first, then the literal of the
    /// highest other level).
    fn analyse(&mut self, mut lits: Vec<Lit>, budget: &mut Budget) -> Result<Vec<Lit>, Stop> {
        let current = self.decision_level();
        let mut learned = vec![0];
        let mut open = 0;
        let mut index = self.trail.len();
        let uip = loop {
            for &lit in &lits {
                let cell = cell_of(lit);
                if self.cells[cell].seen || self.cells[cell].level == 0 {
                    continue;
                }
                self.cells[cell].seen = true;
                self.bump_activity(cell);
                if self.cells[cell].level == current {
                    open += 1;
                } else {
                    learned.push(lit);
                }
            }
            let lit = loop {
                index -= 1;
                let lit = self.trail[index];
                if self.cells[cell_of(lit)].seen {
                    break lit;
                }
            };
            self.cells[cell_of(lit)].seen = false;
            open -= 1;
            if open == 0 {
                break lit;
            }
            self.explain(lit, &mut lits, budget)?;
        };
        learned[0] = uip ^ 1;
        // Drop the literals whose reasons lie within the clause (self-subsumption).
        let mut k = 1;
        while k < learned.len() {
            let lit = learned[k];
            if self.redundant(lit ^ 1, &mut lits, budget)? {
                learned.swap_remove(k);
                self.cells[cell_of(lit)].seen = false;
            } else {
                k += 1;
            }
        }
        for &lit in &learned[1..] {
            self.cells[cell_of(lit)].seen = false;
        }
        self.bump /= ACTIVITY_DECAY;
        if learned.len() > 1 {
            let highest = (1..learned.len()).max_by_key(|&k| self.cells[cell_of(learned[k])].level).unwrap_or(1);
            learned.swap(1, highest);
        }
        Ok(learned)
    }

    /// Whether the trail literal `lit` (its cell marked `seen`) is implied by the other cells
    /// marked `seen` and the facts: its reason holds nothing else. `reason` is scratch.
    fn redundant(&mut self, lit: Lit, reason: &mut Vec<Lit>, budget: &mut Budget) -> Result<bool, Stop> {
        if matches!(self.cells[cell_of(lit)].reason, Reason::Decision) {
            return Ok(false);
        }
        self.explain(lit, reason, budget)?;
        Ok(reason.iter().all(|&other| {
            let cell = cell_of(other);
            self.cells[cell].seen || self.cells[cell].level == 0
        }))
    }

    /// Add `lits` (asserting literal first, all false but it after the backjump already
    /// made) and assert its first literal.
    fn learn(&mut self, lits: Vec<Lit>, learned: bool) {
        let first = lits[0];
        if lits.len() == 1 {
            self.assign(first, Reason::Fact);
            return;
        }
        let mut levels: Vec<u32> = lits.iter().map(|&l| self.cells[cell_of(l)].level).collect();
        levels.sort_unstable();
        levels.dedup();
        let number = self.clauses.len() as u32;
        self.watches[lits[0] as usize].push((number, lits[1]));
        self.watches[lits[1] as usize].push((number, lits[0]));
        self.clauses.push(Clause { lits, learned, levels: levels.len() as u32, search_from: 2 });
        self.assign(first, Reason::Clause(number));
    }

    /// Forget the worse half of the learned clauses (at level 0, where no reason refers to
    /// a clause that matters).
    fn reduce(&mut self) {
        let mut learned: Vec<usize> =
            (0..self.clauses.len()).filter(|&c| self.clauses[c].learned && self.clauses[c].levels > 2).collect();
        // By (levels, length), ties in clause order: two stable passes, the first key last
        // (keys as trait objects: one copy of the sort for both).
        let by_length: &dyn Fn(&usize) -> usize = &|&c| self.clauses[c].lits.len();
        let by_levels: &dyn Fn(&usize) -> usize = &|&c| self.clauses[c].levels as usize;
        sort_by_small_key(&mut learned, by_length);
        sort_by_small_key(&mut learned, by_levels);
        let mut forget = vec![false; self.clauses.len()];
        for &c in &learned[learned.len() / 2..] {
            forget[c] = true;
        }
        let mut number = 0;
        self.clauses.retain(|_| {
            number += 1;
            !forget[number - 1]
        });
        for list in &mut self.watches {
            list.clear();
        }
        for (number, clause) in self.clauses.iter().enumerate() {
            let (a, b) = (clause.lits[0], clause.lits[1]);
            self.watches[a as usize].push((number as u32, b));
            self.watches[b as usize].push((number as u32, a));
        }
        for &lit in &self.trail {
            self.cells[cell_of(lit)].reason = Reason::Fact;
        }
        self.learned_limit += self.learned_limit / 10;
    }

    fn grid(&self) -> Grid {
        (0..self.height)
            .map(|r| (0..self.width).map(|c| u8::from(self.value[r * self.width + c] == FILLED)).collect())
            .collect()
    }

    /// The literal to decide for the unassigned `cell`: its target phase if it has one, else
    /// its saved phase.
    fn decision(&self, cell: usize) -> Lit {
        let value = match self.cells[cell].target {
            0 => self.cells[cell].phase,
            target => target,
        };
        literal(cell, value)
    }

    /// On a conflict, before backjumping: the trail below the conflict's level holds no
    /// conflict; when it is the longest since the last restart, its values become the
    /// target phases.
    fn remember_target(&mut self) {
        let clean = self.level_starts.last().map_or(0, |&start| start as usize);
        if clean > self.target_len {
            for &lit in &self.trail[..clean] {
                self.cells[cell_of(lit)].target = value_of(lit);
            }
            self.target_len = clean;
        }
    }

    /// The values assigned at level 0.
    fn level_zero(&self) -> KnownGrid {
        (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| {
                        let cell = r * self.width + c;
                        match self.value[cell] {
                            FILLED if self.cells[cell].level == 0 => Some(1),
                            EMPTY if self.cells[cell].level == 0 => Some(0),
                            _ => None,
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

/// Whether [`solve`] handles `puzzle` (every line at most [`CACHED_LINE`] cells).
pub(crate) fn handles(puzzle: &Nonogram) -> bool {
    puzzle.width() <= CACHED_LINE && puzzle.height() <= CACHED_LINE
}

/// Nodes of the engine's first turn; each later turn has four times more. (16 and 4096
/// against the former 64 and 1024, once CDCL decisions had become several times cheaper:
/// every tenth TAAI 2011 and ICGA 2017 puzzle, 3..9-Dom and Forever at 2 s, two rounds on a
/// busy machine: 28.6 / 30.4 s against 34.3 / 35.6 s in all, the same 5 `unknown`.)
const ENGINE_FIRST_NODES: u64 = 16;
/// Decisions of CDCL's first turn; each later turn has four times more.
const CDCL_FIRST_DECISIONS: u64 = 4096;

/// Solve `puzzle` (which [`handles`] accepts) by the engine's portfolio: the engine's search
/// (root logic, probing at every node, dives) and CDCL from what root logic decided take
/// turns (`engine::portfolio`).
pub(crate) fn solve(
    puzzle: &Nonogram,
    options: &SolveOptions,
    clock: &dyn Clock,
    progress: &mut dyn Progress,
) -> Outcome {
    let start = |root: Option<&KnownGrid>| {
        let open = || vec![vec![None; puzzle.width()]; puzzle.height()];
        Solver::new(puzzle, &root.cloned().unwrap_or_else(open), options.max_solutions.max(1))
    };
    let turns = Turns { engine_first: ENGINE_FIRST_NODES, learner_first: CDCL_FIRST_DECISIONS };
    portfolio::solve(puzzle, start, turns, options, clock, progress)
}

impl ClauseLearning for Solver {
    type Conflict = Conflict;

    /// Make the state sound to search again after a run was cut off anywhere: back to level
    /// 0, nothing marked by an analysis, every line to be solved again.
    fn resume(&mut self) {
        self.backtrack(0);
        for cell in &mut self.cells {
            cell.seen = false;
        }
        for line in 0..self.lines.len() {
            self.dirty.push(line);
        }
    }

    /// Propagate clauses and lines to a fixpoint; `Ok(Some(_))` on a conflict.
    fn propagate(&mut self, budget: &mut Budget) -> Result<Option<Conflict>, Stop> {
        loop {
            while self.propagated < self.trail.len() {
                let lit = self.trail[self.propagated];
                self.propagated += 1;
                self.mark_dirty(cell_of(lit));
                if let Some(clause) = self.propagate_clauses(lit) {
                    return Ok(Some(Conflict::Clause(clause)));
                }
            }
            // Counted before the line leaves the queue: a cut-off run loses no line.
            if !self.dirty.is_empty() {
                budget.tick()?;
            }
            let Some(line) = self.dirty.pop() else {
                return Ok(None);
            };
            let before = self.lines[line];
            if before == self.fixpoints[line] {
                continue;
            }
            let trail_len = self.trail.len() as u32;
            let Some(after) = self.solve_line(line, before) else {
                return Ok(Some(Conflict::Line { line: line as u32, trail_len }));
            };
            self.fixpoints[line] = after;
            let mut decided = (before.fillable & !after.fillable) | (before.emptiable & !after.emptiable);
            while decided != 0 {
                let i = decided.trailing_zeros() as usize;
                decided &= decided - 1;
                let value = if after.fillable >> i & 1 != 0 { FILLED } else { EMPTY };
                let reason = Reason::Line { line: line as u32, trail_len };
                self.assign(literal(self.cell_at(line, i), value), reason);
            }
        }
    }

    /// Learn from a conflict and backjump; `Ok(false)` when it holds at level 0. First, the
    /// trail below the conflict's level may become the target phases.
    fn resolve(&mut self, conflict: Conflict, budget: &mut Budget) -> Result<bool, Stop> {
        self.remember_target();
        let lits = self.conflict_literals(conflict, budget)?;
        let highest = lits.iter().map(|&l| self.cells[cell_of(l)].level).max().unwrap_or(0);
        if highest == 0 {
            return Ok(false);
        }
        self.backtrack(highest);
        let learned = self.analyse(lits, budget)?;
        let back = learned.get(1).map_or(0, |&l| self.cells[cell_of(l)].level);
        self.backtrack(back);
        self.learn(learned, true);
        Ok(true)
    }

    fn restarts(&mut self) -> &mut Restarts {
        &mut self.restarts
    }

    /// Back to level 0 with no target phases; the worse half of the learned clauses is
    /// forgotten once they outnumber the limit.
    fn restart(&mut self) {
        self.backtrack(0);
        self.target_len = 0;
        let learned = self.clauses.iter().filter(|c| c.learned).count();
        if learned > self.learned_limit {
            self.reduce();
        }
    }

    /// The unassigned cell of highest activity.
    fn pick(&self) -> Option<usize> {
        learning::most_active(&self.activity, |cell| self.value[cell] == 0)
    }

    /// Record the complete assignment and block it; `Some(end)` when the search ends.
    fn record_solution(&mut self) -> Option<TurnEnd> {
        self.solutions.push(self.grid());
        if self.solutions.len() >= self.max_solutions {
            return Some(TurnEnd::Enough);
        }
        let current = self.decision_level();
        if current == 0 {
            return Some(TurnEnd::Exhausted);
        }
        let blocking: Vec<Lit> =
            (0..current).rev().map(|level| self.trail[self.level_starts[level as usize] as usize] ^ 1).collect();
        if self.known_before_blocking.is_none() {
            self.known_before_blocking = Some(self.level_zero());
        }
        self.backtrack(current - 1);
        self.learn(blocking, false);
        None
    }

    fn decision_level(&self) -> u32 {
        self.level_starts.len() as u32
    }

    fn decide(&mut self, cell: usize) {
        self.level_starts.push(self.trail.len() as u32);
        self.assign(self.decision(cell), Reason::Decision);
    }

    fn solutions(&self) -> &[Grid] {
        &self.solutions
    }

    /// The cells the puzzle itself decides, as far as this search has found: its level-0
    /// values, as they were before any solution was blocked.
    fn known(&self) -> KnownGrid {
        self.known_before_blocking.clone().unwrap_or_else(|| self.level_zero())
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))] // native only: proptest, the system clock
mod tests {
    use super::*;
    use crate::engine::search::{NoProgress, Stats, Status, SystemClock};
    use proptest::prelude::*;

    fn options(max_solutions: usize) -> SolveOptions {
        SolveOptions { max_solutions, ..SolveOptions::default() }
    }

    /// CDCL alone, from the bare puzzle (no root logic, so that small puzzles branch), in
    /// turns of `decisions`, then twice as many, ... decisions (each turn resumes where the
    /// last was cut off).
    fn cdcl_only(puzzle: &Nonogram, max_solutions: usize, decisions: u64) -> Outcome {
        let clock = SystemClock::default();
        let mut progress = NoProgress;
        let open = vec![vec![None; puzzle.width()]; puzzle.height()];
        let mut solver = Solver::new(puzzle, &open, max_solutions);
        let mut stats = Stats::default();
        let mut quota = decisions;
        let end = loop {
            let turn = SolveOptions { node_limit: Some(quota), ..options(max_solutions) };
            quota = quota.saturating_mul(2);
            let mut budget = Budget::new(&turn, &clock, &mut progress);
            let end = learning::search(&mut solver, &mut budget);
            stats.add_turn(&budget.stats);
            if !matches!(end, TurnEnd::OutOfBudget) {
                break end;
            }
        };
        let status = match (solver.solutions.len(), end) {
            (n, _) if n >= 2 => Status::Multiple,
            (1, TurnEnd::Exhausted) => Status::Unique,
            (0, TurnEnd::Exhausted) => Status::None,
            _ => Status::Unknown,
        };
        Outcome { status, solutions: solver.solutions, stats, partial: None }
    }

    /// CDCL (bare, and after root logic) agrees with the engine's search on `puzzle`.
    fn agree(puzzle: &Nonogram, max_solutions: usize) {
        let clock = SystemClock::default();
        let engine = crate::engine::search::solve(puzzle, &options(max_solutions), &clock, &mut NoProgress);
        let with_root = solve(puzzle, &options(max_solutions), &clock, &mut NoProgress);
        for (way, cdcl) in [
            ("cdcl", cdcl_only(puzzle, max_solutions, u64::MAX)),
            ("cdcl in turns", cdcl_only(puzzle, max_solutions, 3)),
            ("engine and cdcl", with_root),
        ] {
            assert_eq!(cdcl.status, engine.status, "{way}: {puzzle:?}");
            for grid in &cdcl.solutions {
                assert_eq!(puzzle.check(grid), Ok(()));
            }
            let mut found = cdcl.solutions.clone();
            found.sort();
            found.dedup();
            assert_eq!(found.len(), cdcl.solutions.len(), "a solution counted twice");
            if engine.solutions.len() < max_solutions {
                // The engine found every solution: so must CDCL.
                let mut expected = engine.solutions.clone();
                expected.sort();
                assert_eq!(found, expected, "{way}: {puzzle:?}");
            } else {
                assert_eq!(found.len(), max_solutions, "{way}: {puzzle:?}");
            }
        }
    }

    fn grid(max_side: usize) -> impl Strategy<Value = Vec<Vec<u8>>> {
        (1..=max_side, 1..=max_side, 1u32..=9).prop_flat_map(|(w, h, density)| {
            proptest::collection::vec(
                proptest::collection::vec((0u32..10).prop_map(move |x| u8::from(x < density)), w),
                h,
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn agrees_with_the_engine_on_random_grids(grid in grid(8)) {
            let puzzle = Nonogram::from_solution(&grid).unwrap();
            agree(&puzzle, 2);
            agree(&puzzle, 40);
        }

        #[test]
        fn agrees_with_the_engine_on_mismatched_clues(a in grid(7), b in grid(7)) {
            // Rows of one grid, columns of another of the same size (cut to fit): often no
            // solution at all.
            let (h, w) = (a.len().min(b.len()), a[0].len().min(b[0].len()));
            let cut = |g: &[Vec<u8>]| -> Vec<Vec<u8>> { g[..h].iter().map(|r| r[..w].to_vec()).collect() };
            let rows = Nonogram::from_solution(&cut(&a)).unwrap().rows().to_vec();
            let cols = Nonogram::from_solution(&cut(&b)).unwrap().cols().to_vec();
            let puzzle = Nonogram::new(rows, cols).unwrap();
            agree(&puzzle, 2);
            agree(&puzzle, 40);
        }
    }

    #[test]
    fn decisions_follow_the_longest_conflict_free_trail_since_the_restart() {
        // Two rows of 1 in a 2×2 grid, nothing decided at the root.
        let puzzle = Nonogram::new(vec![vec![1]; 2], vec![vec![1]; 2]).unwrap();
        let open = vec![vec![None; 2]; 2];
        let mut solver = Solver::new(&puzzle, &open, 2);
        assert_eq!(solver.decision(0), literal(0, EMPTY), "saved phase at first");
        // Level 1 decides cell 0 filled; a conflict at level 2 leaves level 1 clean.
        for (level, lit) in [(1, literal(0, FILLED)), (2, literal(3, FILLED))] {
            solver.level_starts.push(solver.trail.len() as u32);
            solver.assign(lit, Reason::Decision);
            assert_eq!(solver.decision_level(), level);
        }
        solver.remember_target();
        assert_eq!(solver.target_len, 1);
        solver.backtrack(0);
        assert_eq!(solver.decision(0), literal(0, FILLED), "the target phase");
        assert_eq!(solver.decision(3), literal(3, FILLED), "the saved phase");
        // A shorter clean trail does not replace it.
        solver.level_starts.push(0);
        solver.assign(literal(1, EMPTY), Reason::Decision);
        solver.remember_target();
        assert_eq!((solver.target_len, solver.cells[1].target), (1, 0));
    }

    #[test]
    fn restarts_wait_for_a_thousand_conflicts() {
        // Luby's sequence in units of 1,024 conflicts, not 64: on hard random puzzles the
        // search keeps its target phases long enough to reach a first solution (figures in
        // the module essay).
        let puzzle = Nonogram::new(vec![vec![1]; 2], vec![vec![1]; 2]).unwrap();
        let open = vec![vec![None; 2]; 2];
        let solver = Solver::new(&puzzle, &open, 2);
        assert_eq!(solver.restarts.left, 1024);
    }

    #[test]
    fn blocked_solutions_decide_no_cell_of_what_is_known() {
        // Two diagonals: no cell is decided by the puzzle. Blocking the first solution (one
        // decision) leaves a unit clause that decides the second at level 0.
        let puzzle = Nonogram::new(vec![vec![1]; 2], vec![vec![1]; 2]).unwrap();
        let mut solver = Solver::new(&puzzle, &vec![vec![None; 2]; 2], 2);
        let (clock, mut progress) = (SystemClock::default(), NoProgress);
        let mut budget = Budget::new(&options(2), &clock, &mut progress);
        assert!(matches!(learning::search(&mut solver, &mut budget), TurnEnd::Enough));
        assert_eq!(solver.solutions.len(), 2);
        assert!(solver.level_zero().iter().flatten().all(Option::is_some), "the second solution is at level 0");
        assert_eq!(solver.known(), vec![vec![None; 2]; 2]);
    }

    #[test]
    fn blocking_counts_every_solution_of_an_open_grid() {
        // A 4×4 grid with one cell per row and column: the 24 permutation matrices.
        let puzzle = Nonogram::new(vec![vec![1]; 4], vec![vec![1]; 4]).unwrap();
        let all = cdcl_only(&puzzle, 100, u64::MAX);
        assert_eq!((all.status, all.solutions.len()), (Status::Multiple, 24));
        assert!(all.stats.nodes > 0, "the bare search branched");
    }
}
