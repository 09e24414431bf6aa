//! Conflict-driven clause learning for colour nonograms that must branch: the design of the
//! black-and-white CDCL (`cdcl/`) over the colour line solver (`color_line.rs`).
//!
//! **Rules of use.** [`solve`] answers like [`crate::engine::search::solve`] on the same
//! puzzle (`unique` / `multiple` / `none` exact, `unknown` when the budget runs out): it is the
//! engine's portfolio (`engine::portfolio`) with this search as its learner. The engine's
//! depth-first search with dives goes first (it finds solutions of loose puzzles in a few
//! nodes); clause learning then takes turns with it, starting from what the engine's root logic
//! decided.
//!
//! **Technique.** A literal is "cell `i` can still be value `v`" (`v` 0 the background, else a
//! colour); it becomes false when `v` is removed from the cell's mask. The trail holds the
//! removals in order, each with its decision level and its *reason*: a decision (one removal
//! per level), a fact of the root, a clause (all its other literals false, so its remaining
//! literal's value is the cell's: every other value of the cell is removed), or a *line event*
//! (the line whose solve removed it, and the trail length when that solve ran). Every clause,
//! learned or blocking, is a disjunction of such literals ("not all of these removals"),
//! propagated by two watched literals. Lines whose cells lost a value are solved by
//! the colour line solver until none is dirty; a line without a placement is a conflict.
//!
//! A line event is explained only when conflict analysis meets it: the removals on its line
//! before the solve (the root's are facts and stay) are thinned to a minimal subset under
//! which the line still has no placement giving the cell the removed value (or none at all),
//! by greedy deletion, the latest removal first, as `cdcl/explain.rs` does; each test is one
//! bit-parallel forward pass over the line's value planes (`color_line::TrialLine`, nothing
//! allocated), and test builds check every explanation with the full line solver. The
//! explanation is kept until the removal is undone. Conflicts are analysed to the first unique
//! implication point; the search jumps back to the second-highest level of the learned clause
//! and asserts its literal. Decisions take the open cell of highest activity (bumped for every
//! cell met in an analysis, decaying geometrically) and remove one of its values: the highest
//! other than the value the cell last had (phase saving; the background at first). Restarts
//! follow Luby's sequence in units of [`learning::RESTART_UNIT`] conflicts (the loop is the one shared
//! with black and white, `learning.rs`). At a restart, once more than
//! [`LEARNED_FIRST`] learned clauses of more than [`GLUE`] decision levels (their LBD, counted
//! when learned) exist, the half of them with the highest LBD is deleted and the bound grows
//! by [`LEARNED_GROWTH`]; blocking clauses are never deleted.
//!
//! Solutions are counted by blocking, as in `cdcl/`: on a complete assignment the clause "not
//! all of the current decisions" is added for good and the search jumps back one level; a
//! conflict at level 0 means no solution is left unrecorded, so the count is exact.
//!
//! **Cost.** Per conflict: the line solves of propagation (bit planes, O(blocks × log length)
//! words a line of up to 126 cells), plus for each line event analysed one forward pass per
//! removal on its line (a few words a block), plus a linear scan of the cells per decision.
//! On the bench's hard 2-colour 48×33 puzzle that is ~2,000–4,000 conflicts a second, learned
//! clauses of 30–90 literals. Memory: the clauses (bounded by the deletions) and a few numbers
//! per (cell, value).

use super::color::{Block, ColorNonogram};
use super::color_line::{ColorLineSolver, Mask, TrialLine};
use super::learning::{self, ClauseLearning, Restarts};
use crate::engine::portfolio::{self, TurnEnd, Turns};
use crate::engine::queue::WorkQueue;
use crate::engine::search::{Budget, Clock, Grid, KnownGrid, Outcome, Progress, SolveOptions, Stop};

/// Activity decay: every conflict makes later bumps this much larger.
const ACTIVITY_DECAY: f64 = 0.95;
/// The engine's first turn, in nodes (its dives answer most loose puzzles in fewer).
const ENGINE_FIRST_NODES: u64 = 512;
/// Clause learning's first turn, in decisions.
const CDCL_FIRST_DECISIONS: u64 = 256;
/// Learned clauses kept before the first deletion; each deletion raises the bound by
/// [`LEARNED_GROWTH`].
const LEARNED_FIRST: usize = 2000;
const LEARNED_GROWTH: usize = 300;
/// Learned clauses of at most this many decision levels (LBD) are never deleted.
const GLUE: u32 = 2;
/// The LBD of a clause that is never deleted: a blocking clause (counting depends on it).
const FOREVER: u32 = 0;

/// Solve a colour nonogram by the engine's search and clause learning in turns.
pub(crate) fn solve(
    puzzle: &ColorNonogram,
    options: &SolveOptions,
    clock: &dyn Clock,
    progress: &mut dyn Progress,
) -> Outcome {
    let start = |root: Option<&KnownGrid>| Solver::new(puzzle, root, options.max_solutions.max(1));
    let turns = Turns { engine_first: ENGINE_FIRST_NODES, learner_first: CDCL_FIRST_DECISIONS };
    portfolio::solve(puzzle, start, turns, options, clock, progress)
}

/// A literal: `cell * values + value`, true while the cell can still take the value.
type Lit = u32;

/// No trail position: the literal's value has not been removed.
const UNSET: u32 = u32::MAX;

/// Why a value was removed.
#[derive(Clone, Copy, Debug)]
enum Reason {
    /// A decision, or a fact of the root.
    Decision,
    /// A clause all of whose literals but the kept one are false.
    Clause { clause: u32, kept: Lit },
    /// The solve of `line` that ran when the trail was `time` long.
    Line { line: u32, time: u32 },
}

/// What a conflict is: a clause whose literals are all false, or a line without placement.
pub(crate) enum Conflict {
    Clause(u32),
    Line { line: u32, time: u32 },
}

/// The clause-learning search of a colour nonogram.
pub(crate) struct Solver {
    width: usize,
    height: usize,
    /// Values a cell can take: the background and the colours.
    values: u32,
    clues: Vec<Vec<Block>>,
    line_solver: ColorLineSolver,
    queue: WorkQueue,
    /// The current mask of every cell, row after row.
    cells: Vec<Mask>,
    /// Per literal: the trail position of its removal, or [`UNSET`].
    removed_at: Vec<u32>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    /// The explanation of a line event, kept while the removal stands.
    explained: Vec<Option<Vec<Lit>>>,
    trail: Vec<Lit>,
    /// Where each decision level starts on the trail.
    level_starts: Vec<u32>,
    /// How much of the trail the clause watches have seen.
    watched_to: usize,
    clauses: Vec<Vec<Lit>>,
    /// Per clause: the number of decision levels among its literals when it was learned (its
    /// LBD; [`FOREVER`] for a blocking clause).
    lbd: Vec<u32>,
    /// The learned clauses kept before the next deletion, and how many were deleted so far.
    learned_limit: usize,
    deleted: usize,
    /// Learned clauses of at most this many decision levels are never deleted ([`GLUE`]).
    glue: u32,
    /// Per literal: the clauses watching it (their first or second literal).
    watches: Vec<Vec<u32>>,
    activity: Vec<f64>,
    bump: f64,
    /// Per cell: the value it last had alone (phase saving).
    phase: Vec<u8>,
    seen: Vec<bool>,
    /// The restart schedule ([`learning::RESTART_UNIT`] conflicts a unit).
    restarts: Restarts,
    max_solutions: usize,
    solutions: Vec<Grid>,
    /// The cells of a line, rebuilt for each solve.
    line: Vec<Mask>,
    /// The line of an explanation under trial, and the removals it may drop (trail position,
    /// literal).
    trial: TrialLine,
    candidates: Vec<(u32, Lit)>,
}

impl Solver {
    /// A solver at level 0 with the cells `root` decided (none when it is `None`).
    fn new(puzzle: &ColorNonogram, root: Option<&KnownGrid>, max_solutions: usize) -> Solver {
        let (width, height) = (puzzle.width(), puzzle.height());
        let values = puzzle.colors().len() as u32 + 1;
        let all: Mask = (1 << values) - 1;
        let lits = width * height * values as usize;
        let mut solver = Solver {
            width,
            height,
            values,
            clues: puzzle.rows().iter().chain(puzzle.cols()).cloned().collect(),
            line_solver: ColorLineSolver::default(),
            queue: WorkQueue::new(width + height),
            cells: vec![all; width * height],
            removed_at: vec![UNSET; lits],
            level: vec![0; lits],
            reason: vec![Reason::Decision; lits],
            explained: vec![None; lits],
            trail: Vec::new(),
            level_starts: Vec::new(),
            watched_to: 0,
            clauses: Vec::new(),
            lbd: Vec::new(),
            learned_limit: LEARNED_FIRST,
            deleted: 0,
            glue: GLUE,
            watches: vec![Vec::new(); lits],
            activity: vec![0.0; width * height],
            bump: 1.0,
            phase: vec![0; width * height],
            seen: vec![false; lits],
            restarts: Restarts::standard(),
            max_solutions,
            solutions: Vec::new(),
            line: Vec::new(),
            trial: TrialLine::default(),
            candidates: Vec::new(),
        };
        for (r, row) in root.into_iter().flatten().enumerate() {
            for (c, &known) in row.iter().enumerate() {
                if let Some(value) = known {
                    solver.keep_only(r * width + c, u32::from(value), Reason::Decision);
                }
            }
        }
        solver
    }

    fn lit(&self, cell: usize, value: u32) -> Lit {
        cell as u32 * self.values + value
    }

    fn cell_of(&self, lit: Lit) -> usize {
        (lit / self.values) as usize
    }

    fn is_false(&self, lit: Lit) -> bool {
        self.removed_at[lit as usize] != UNSET
    }

    /// Remove `lit`'s value from its cell, which must still have it.
    fn remove(&mut self, lit: Lit, reason: Reason) {
        let cell = self.cell_of(lit);
        self.cells[cell] &= !(1 << (lit % self.values));
        self.removed_at[lit as usize] = self.trail.len() as u32;
        self.level[lit as usize] = self.decision_level();
        self.reason[lit as usize] = reason;
        self.trail.push(lit);
    }

    /// Remove every value of `cell` but `value` (which it must have).
    fn keep_only(&mut self, cell: usize, value: u32, reason: Reason) {
        let mut others = self.cells[cell] & !(1 << value);
        while others != 0 {
            let v = others.trailing_zeros();
            others &= others - 1;
            self.remove(self.lit(cell, v), reason);
        }
    }

    /// The row (`0..height`) and column (`height..`) lines of `cell`.
    fn lines_of(&self, cell: usize) -> [usize; 2] {
        [cell / self.width, self.height + cell % self.width]
    }

    /// The cells of `line`: first cell, step, length.
    fn span(&self, line: usize) -> (usize, usize, usize) {
        if line < self.height {
            (line * self.width, 1, self.width)
        } else {
            (line - self.height, self.width, self.height)
        }
    }

    /// The clauses watching `lit`, now false: move their watch or propagate. A clause all of
    /// whose literals are false is returned.
    fn visit_watches(&mut self, lit: Lit) -> Option<u32> {
        let mut watching = std::mem::take(&mut self.watches[lit as usize]);
        let mut i = 0;
        let mut conflict = None;
        while i < watching.len() {
            let id = watching[i];
            let clause = &mut self.clauses[id as usize];
            if clause.len() == 1 {
                conflict = Some(id);
                break;
            }
            if clause[0] == lit {
                clause.swap(0, 1);
            }
            // clause[1] is `lit`: look for a literal not false to watch instead.
            let found = (2..clause.len()).find(|&k| self.removed_at[clause[k] as usize] == UNSET);
            if let Some(k) = found {
                clause.swap(1, k);
                let new = clause[1];
                self.watches[new as usize].push(id);
                watching.swap_remove(i);
                continue;
            }
            i += 1;
            let other = clause[0];
            if self.is_false(other) {
                conflict = Some(id);
                break;
            }
            let cell = self.cell_of(other);
            if self.cells[cell] != 1 << (other % self.values) {
                self.keep_only(cell, other % self.values, Reason::Clause { clause: id, kept: other });
            }
        }
        self.watches[lit as usize].extend(watching);
        conflict
    }

    /// Add a clause, watching its first two literals (the caller orders them), and return its id.
    fn add_clause(&mut self, clause: Vec<Lit>, lbd: u32) -> u32 {
        let id = self.clauses.len() as u32;
        self.lbd.push(lbd);
        self.watches[clause[0] as usize].push(id);
        if clause.len() > 1 {
            self.watches[clause[1] as usize].push(id);
        }
        self.clauses.push(clause);
        id
    }

    /// At level 0: delete the half of the learned clauses of more than `self.glue` decision
    /// levels with the most levels (the longest among equals), then watch the clauses afresh and have the
    /// trail visit them again. Blocking clauses stay. The root's removals lose their clause
    /// reasons (they are facts: analysis never explains level 0).
    fn forget_learned(&mut self) {
        debug_assert_eq!(self.decision_level(), 0);
        let mut deletable: Vec<(u32, usize, usize)> = (0..self.clauses.len())
            // Blocking clauses have LBD `FOREVER` (0), never above the glue.
            .filter(|&id| self.lbd[id] > self.glue)
            .map(|id| (self.lbd[id], self.clauses[id].len(), id))
            .collect();
        deletable.sort_unstable_by(|a, b| b.cmp(a));
        let mut delete = vec![false; self.clauses.len()];
        self.deleted += deletable.len().div_ceil(2);
        for &(_, _, id) in &deletable[..deletable.len().div_ceil(2)] {
            delete[id] = true;
        }
        let (clauses, lbd) = (std::mem::take(&mut self.clauses), std::mem::take(&mut self.lbd));
        for (id, (clause, lbd)) in clauses.into_iter().zip(lbd).enumerate() {
            if !delete[id] {
                self.clauses.push(clause);
                self.lbd.push(lbd);
            }
        }
        for &lit in &self.trail {
            self.reason[lit as usize] = Reason::Decision;
        }
        self.watches.iter_mut().for_each(Vec::clear);
        for id in 0..self.clauses.len() {
            // Literals not false first, so that the watches are on them where they can be.
            let removed_at = &self.removed_at;
            self.clauses[id].sort_by_key(|&lit| removed_at[lit as usize] != UNSET);
            let clause = &self.clauses[id];
            self.watches[clause[0] as usize].push(id as u32);
            if clause.len() > 1 {
                self.watches[clause[1] as usize].push(id as u32);
            }
        }
        self.watched_to = 0;
        self.learned_limit += LEARNED_GROWTH;
    }

    /// Undo every removal above `level`.
    fn backtrack(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let keep = self.level_starts[level as usize] as usize;
        for &lit in &self.trail[keep..] {
            let cell = (lit / self.values) as usize;
            if self.cells[cell].count_ones() == 1 {
                self.phase[cell] = self.cells[cell].trailing_zeros() as u8;
            }
        }
        for &lit in &self.trail[keep..] {
            let cell = (lit / self.values) as usize;
            self.cells[cell] |= 1 << (lit % self.values);
            self.removed_at[lit as usize] = UNSET;
            self.explained[lit as usize] = None;
        }
        self.trail.truncate(keep);
        self.level_starts.truncate(level as usize);
        self.watched_to = self.watched_to.min(keep);
        self.queue.clear();
    }

    /// The false literals that imply the removal of `lit` (its reason), at most those before it.
    fn reason_of(&mut self, lit: Lit) -> Vec<Lit> {
        match self.reason[lit as usize] {
            Reason::Decision => Vec::new(),
            Reason::Clause { clause, kept } => {
                self.clauses[clause as usize].iter().copied().filter(|&l| l != kept).collect()
            }
            Reason::Line { line, time } => {
                if let Some(known) = &self.explained[lit as usize] {
                    return known.clone();
                }
                let explanation = self.explain_line(line as usize, time, Some(lit));
                self.explained[lit as usize] = Some(explanation.clone());
                explanation
            }
        }
    }

    /// A minimal set of the removals on `line` before trail position `time` (beyond the root's
    /// facts) under which the line has no placement with `target`'s value in its cell (`None`:
    /// no placement at all): greedy deletion from all of them, the latest removal first, each
    /// test one forward pass of [`TrialLine`]. Removals of colours that none of the line's
    /// blocks has never matter (no block can take them) and are left out, as are the other
    /// removals of the target's cell (the test gives that cell the target's value alone).
    fn explain_line(&mut self, line: usize, time: u32, target: Option<Lit>) -> Vec<Lit> {
        let (start, step, len) = self.span(line);
        let all: Mask = (1 << self.values) - 1;
        let mut used: Mask = 1;
        for block in &self.clues[line] {
            used |= 1 << block.color;
        }
        let target = target.map(|lit| ((self.cell_of(lit) - start) / step, lit % self.values));
        self.line.clear();
        self.candidates.clear();
        for i in 0..len {
            let cell = start + i * step;
            let mut mask = all;
            for v in 0..self.values {
                let lit = self.lit(cell, v);
                let at = self.removed_at[lit as usize];
                if at < time {
                    mask &= !(1 << v);
                    let matters = self.level[lit as usize] > 0 && used >> v & 1 == 1;
                    if matters && target.map_or(true, |(k, _)| k != i) {
                        self.candidates.push((at, lit));
                    }
                }
            }
            if let Some((_, value)) = target.filter(|&(k, _)| k == i) {
                mask = 1 << value;
            }
            self.line.push(mask);
        }
        self.trial.load(&self.line, self.values);
        self.candidates.sort_unstable();
        let mut reason = Vec::new();
        for &(_, lit) in self.candidates.iter().rev() {
            let (i, value) = ((self.cell_of(lit) - start) / step, lit % self.values);
            self.trial.set(i, value, true);
            if self.trial.fits(&self.clues[line]) {
                self.trial.set(i, value, false);
                reason.push(lit);
            }
        }
        #[cfg(any(test, debug_assertions))]
        assert!(self.line_implies(line, time, &reason, target), "line {line}: {reason:?} does not imply {target:?}");
        reason
    }

    /// Whether the line solver, on `line` with the root's removals before `time` and the
    /// removals `reason`, finds no placement, or (with a target position and value) none giving
    /// that cell that value: the check of every explanation in test builds.
    #[cfg(any(test, debug_assertions))]
    fn line_implies(&mut self, line: usize, time: u32, reason: &[Lit], target: Option<(usize, u32)>) -> bool {
        let (start, step, len) = self.span(line);
        self.line.clear();
        self.line.resize(len, (1 << self.values) - 1);
        for i in 0..len {
            for v in 0..self.values {
                let lit = self.lit(start + i * step, v);
                if self.removed_at[lit as usize] < time && self.level[lit as usize] == 0 {
                    self.line[i] &= !(1 << v);
                }
            }
        }
        for &lit in reason {
            let i = (self.cell_of(lit) - start) / step;
            self.line[i] &= !(1 << (lit % self.values));
        }
        match (self.line_solver.solve(&self.clues[line], &mut self.line), target) {
            (Err(_), _) => true,
            (Ok(_), None) => false,
            (Ok(_), Some((k, value))) => self.line[k] >> value & 1 == 0,
        }
    }

    /// The decision on `cell`: remove its highest value other than its saved phase.
    fn decision(&self, cell: usize) -> Lit {
        let mask = self.cells[cell];
        let keep = if mask >> self.phase[cell] & 1 == 1 { 1 << self.phase[cell] } else { mask & mask.wrapping_neg() };
        let others = mask & !keep;
        self.lit(cell, Mask::BITS - 1 - others.leading_zeros())
    }
}

impl ClauseLearning for Solver {
    type Conflict = Conflict;

    /// Back to level 0 with every line to solve and every clause watch to revisit.
    fn resume(&mut self) {
        self.backtrack(0);
        self.watched_to = 0;
        for line in 0..self.width + self.height {
            self.queue.push(line);
        }
    }

    /// Propagate clauses and lines to a fixpoint or a conflict.
    fn propagate(&mut self, budget: &mut Budget) -> Result<Option<Conflict>, Stop> {
        loop {
            while self.watched_to < self.trail.len() {
                let lit = self.trail[self.watched_to];
                self.watched_to += 1;
                for line in self.lines_of(self.cell_of(lit)) {
                    self.queue.push(line);
                }
                if let Some(clause) = self.visit_watches(lit) {
                    self.queue.clear();
                    return Ok(Some(Conflict::Clause(clause)));
                }
            }
            let Some(line) = self.queue.pop() else { return Ok(None) };
            if let Err(stop) = budget.tick() {
                self.queue.clear();
                return Err(stop);
            }
            let (start, step, len) = self.span(line);
            self.line.clear();
            self.line.extend((0..len).map(|i| self.cells[start + i * step]));
            let time = self.trail.len() as u32;
            let line_id = line as u32;
            match self.line_solver.solve(&self.clues[line], &mut self.line) {
                Err(_) => {
                    self.queue.clear();
                    return Ok(Some(Conflict::Line { line: line_id, time }));
                }
                Ok(false) => {}
                Ok(true) => {
                    for i in 0..len {
                        let cell = start + i * step;
                        let mut gone = self.cells[cell] & !self.line[i];
                        while gone != 0 {
                            let v = gone.trailing_zeros();
                            gone &= gone - 1;
                            self.remove(self.lit(cell, v), Reason::Line { line: line_id, time });
                        }
                    }
                }
            }
        }
    }

    /// Analyse `conflict` to its first unique implication point, learn the clause, jump back
    /// and assert it. `Ok(false)` when the conflict is at level 0 (nothing is left).
    fn resolve(&mut self, conflict: Conflict, _: &mut Budget) -> Result<bool, Stop> {
        if self.decision_level() == 0 {
            return Ok(false);
        }
        let mut pending = match conflict {
            Conflict::Clause(id) => self.clauses[id as usize].clone(),
            Conflict::Line { line, time } => self.explain_line(line as usize, time, None),
        };
        let current = self.decision_level();
        let mut learned: Vec<Lit> = vec![0];
        let mut at_current = 0;
        let mut index = self.trail.len();
        let mut marked: Vec<Lit> = Vec::new();
        let uip = loop {
            for &lit in &pending {
                let level = self.level[lit as usize];
                if self.seen[lit as usize] || level == 0 {
                    continue;
                }
                self.seen[lit as usize] = true;
                marked.push(lit);
                let cell = self.cell_of(lit);
                self.activity[cell] += self.bump;
                if level == current {
                    at_current += 1;
                } else {
                    learned.push(lit);
                }
            }
            let lit = loop {
                index -= 1;
                let lit = self.trail[index];
                if self.seen[lit as usize] {
                    break lit;
                }
            };
            at_current -= 1;
            if at_current == 0 {
                break lit;
            }
            pending = self.reason_of(lit);
        };
        for lit in marked {
            self.seen[lit as usize] = false;
        }
        self.bump /= ACTIVITY_DECAY;
        if self.bump > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.bump *= 1e-100;
        }
        learned[0] = uip;
        // The second watch: the literal of the highest level below the UIP's.
        let mut back = 0;
        if learned.len() > 1 {
            let best = (1..learned.len()).max_by_key(|&k| self.level[learned[k] as usize]).unwrap_or(1);
            learned.swap(1, best);
            back = self.level[learned[1] as usize];
        }
        self.backtrack(back);
        let mut levels: Vec<u32> = learned.iter().map(|&lit| self.level[lit as usize]).collect();
        levels.sort_unstable();
        levels.dedup();
        let id = self.add_clause(learned, levels.len() as u32);
        let cell = self.cell_of(uip);
        self.keep_only(cell, uip % self.values, Reason::Clause { clause: id, kept: uip });
        Ok(true)
    }

    fn restarts(&mut self) -> &mut Restarts {
        &mut self.restarts
    }

    /// Back to level 0; the half of the learned clauses above the glue with the highest LBD
    /// is deleted once they outnumber the limit.
    fn restart(&mut self) {
        self.backtrack(0);
        if self.lbd.iter().filter(|&&lbd| lbd > self.glue).count() > self.learned_limit {
            self.forget_learned();
        }
    }

    /// The open cell to decide (highest activity), `None` when every cell is decided.
    fn pick(&self) -> Option<usize> {
        learning::most_active(&self.activity, |cell| self.cells[cell].count_ones() > 1)
    }

    /// Record the complete assignment as a solution and block it. Returns how the turn ends,
    /// or `None` to go on searching.
    fn record_solution(&mut self) -> Option<TurnEnd> {
        let grid: Grid =
            self.cells.chunks(self.width).map(|row| row.iter().map(|m| m.trailing_zeros() as u8).collect()).collect();
        if !self.solutions.contains(&grid) {
            self.solutions.push(grid);
        }
        if self.solutions.len() >= self.max_solutions {
            return Some(TurnEnd::Enough);
        }
        let level = self.decision_level();
        if level == 0 {
            return Some(TurnEnd::Exhausted);
        }
        // "Not all of the current decisions": the last one first (asserted), the one below second.
        let mut clause: Vec<Lit> = self.level_starts.iter().rev().map(|&at| self.trail[at as usize]).collect();
        let last = clause[0];
        self.backtrack(level - 1);
        let id = self.add_clause(std::mem::take(&mut clause), FOREVER);
        let cell = self.cell_of(last);
        self.keep_only(cell, last % self.values, Reason::Clause { clause: id, kept: last });
        None
    }

    fn decision_level(&self) -> u32 {
        self.level_starts.len() as u32
    }

    fn decide(&mut self, cell: usize) {
        let lit = self.decision(cell);
        self.level_starts.push(self.trail.len() as u32);
        self.remove(lit, Reason::Decision);
    }

    fn solutions(&self) -> &[Grid] {
        &self.solutions
    }

    /// The cells decided at level 0.
    fn known(&self) -> KnownGrid {
        let mut known: KnownGrid = vec![vec![None; self.width]; self.height];
        for (cell, &mask) in self.cells.iter().enumerate() {
            let undone = (0..self.values).any(|v| {
                let lit = self.lit(cell, v);
                self.removed_at[lit as usize] != UNSET && self.level[lit as usize] > 0
            });
            if mask.count_ones() == 1 && !undone {
                known[cell / self.width][cell % self.width] = Some(mask.trailing_zeros() as u8);
            }
        }
        known
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))] // native only: the system clock
mod tests {
    use super::*;
    use crate::engine::search::{NoProgress, SystemClock};
    use crate::nonogram::color::{every_solution, tiny_cases};

    /// Clause learning alone from the bare puzzle (no root logic, so that tiny puzzles branch),
    /// in turns of `decisions`, then twice as many, ... (each turn resumes where the last stopped).
    /// `forgetful`: a restart after every conflict, each deleting half of the learned clauses
    /// (so that deletion is exercised on these tiny puzzles).
    /// Also returns how many learned clauses were deleted.
    fn cdcl_only(
        puzzle: &ColorNonogram,
        max_solutions: usize,
        decisions: u64,
        forgetful: bool,
    ) -> (TurnEnd, Vec<Grid>, usize) {
        let clock = SystemClock::default();
        let mut progress = NoProgress;
        let mut solver = Solver::new(puzzle, None, max_solutions);
        let mut quota = decisions;
        if forgetful {
            (solver.restarts, solver.learned_limit, solver.glue) = (Restarts::new(1, 0), 0, 0);
        }
        loop {
            let turn = SolveOptions { max_solutions, node_limit: Some(quota), ..SolveOptions::default() };
            quota = quota.saturating_mul(2);
            let mut budget = Budget::new(&turn, &clock, &mut progress);
            match learning::search(&mut solver, &mut budget) {
                TurnEnd::OutOfBudget => continue,
                end => return (end, solver.solutions.clone(), solver.deleted),
            }
        }
    }

    #[test]
    fn clause_learning_alone_finds_exactly_the_solutions_of_brute_force() {
        let (mut counts, mut conflicts_met, mut deleted) = ([0usize; 3], false, 0);
        for (case, (puzzle, colours)) in tiny_cases(0x5eed_c0de_1234_5678, 150).into_iter().enumerate() {
            let (w, h) = (puzzle.width(), puzzle.height());
            let mut expected = every_solution(&puzzle, colours);
            let (end, mut got, forgotten) = cdcl_only(&puzzle, 1000, 1 + case as u64 % 3, case % 2 == 0);
            deleted += forgotten;
            assert_eq!(end, TurnEnd::Exhausted, "case {case}");
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "case {case}: {w}x{h}, {colours} colours");
            // With a limit of one solution, one of them (or none when there is none).
            let (end, one, _) = cdcl_only(&puzzle, 1, 2, case % 3 == 0);
            assert_eq!(one.len(), expected.len().min(1), "case {case}");
            assert_eq!(end, if expected.is_empty() { TurnEnd::Exhausted } else { TurnEnd::Enough });
            let mut solver = Solver::new(&puzzle, None, 1000);
            let clock = SystemClock::default();
            let mut progress = NoProgress;
            let mut budget = Budget::new(&SolveOptions::default(), &clock, &mut progress);
            learning::search(&mut solver, &mut budget);
            conflicts_met |= budget.stats.contradictions > 0;
            counts[expected.len().min(2)] += 1;
        }
        assert!(counts.iter().all(|&k| k > 10), "none / unique / multiple all met: {counts:?}");
        assert!(conflicts_met, "some searches met conflicts, so that learning was exercised");
        assert!(deleted > 0, "the forgetful runs deleted learned clauses");
    }
}
