//! Explaining the line solver's deductions to clause learning: why a line forced a cell, or
//! has no placement, as a short clause over the line's cells.
//!
//! A line event is explained only when conflict analysis needs it: the naive reason is every
//! cell of the line assigned before the event; it is then *minimised* by dropping one
//! assigned cell at a time (the latest first) as long as the line, on the cells kept, still
//! implies the literal (or still finds no placement, for a line in conflict). The line
//! implies "cell `i` is `v`" exactly when it has no placement with cell `i` the other way, so
//! each test is one forward pass of the line solver's programme ([`has_placement`]: a word
//! a step, nothing stored, not through the memo, whose slots it would only evict). Cells
//! fixed at the root are always kept in the test but never appear in a clause. Short reasons
//! make short learned clauses, which prune much more. (Test builds check every explanation
//! with the full line solver.) A literal's explanation is kept while it stays assigned
//! (the trail below it cannot change meanwhile): clause minimisation asks again and again
//! for the same literals of lower levels.

use super::{cell_of, literal, value_of, CellState, Lit, Reason, Solver};
use crate::engine::search::{Budget, Stop};
use crate::nonogram::line::{has_placement, LineBits, CACHED_LINE, FILLED};

impl Solver {
    /// Write into `reason` the false literals of a clause that `line` implies: with `target`
    /// = `Some(lit)`, a line event that set `lit`; with `None`, a line without placement.
    /// Only the line's cells assigned before `trail_len` count; the set is minimised (see
    /// the module doc).
    pub(super) fn explain_line(
        &mut self,
        line: usize,
        trail_len: u32,
        target: Option<Lit>,
        reason: &mut Vec<Lit>,
        budget: &mut Budget,
    ) -> Result<(), Stop> {
        budget.tick()?;
        reason.clear();
        let len = self.line_len(line);
        let full = (1u64 << len) - 1;
        // The line as the kept cells say, the target set the other way: it has no placement.
        let mut kept = LineBits { fillable: full, emptiable: full };
        if let Some(lit) = target {
            restrict(&mut kept, self.index_in(line, cell_of(lit)), value_of(lit ^ 1));
        }
        // The candidates to drop, as trail position × 64 + index in the line.
        let mut candidates = [0u32; CACHED_LINE];
        let mut count = 0;
        let now = self.lines[line];
        let mut assigned = !(now.fillable & now.emptiable) & full;
        while assigned != 0 {
            let i = assigned.trailing_zeros() as usize;
            assigned &= assigned - 1;
            let cell = self.cell_at(line, i);
            let CellState { position, level, .. } = self.cells[cell];
            if position >= trail_len {
                continue;
            }
            restrict(&mut kept, i, self.value[cell]);
            if level != 0 {
                candidates[count] = position << 6 | i as u32;
                count += 1;
            }
        }
        let candidates = &mut candidates[..count];
        candidates.sort_unstable();
        let clues = &self.clues[line];
        for &key in candidates.iter().rev() {
            let i = (key & 63) as usize;
            let dropped = LineBits { fillable: kept.fillable | 1 << i, emptiable: kept.emptiable | 1 << i };
            if has_placement(clues, dropped.fillable, dropped.emptiable, len) {
                let cell = self.cell_at(line, i);
                reason.push(literal(cell, self.value[cell]) ^ 1);
            } else {
                kept = dropped;
            }
        }
        debug_assert!(self.line_implies(line, reason, target), "line {line}: {reason:?} does not imply {target:?}");
        Ok(())
    }

    /// The index of `cell` in `line` (one of its two lines).
    pub(super) fn index_in(&self, line: usize, cell: usize) -> usize {
        if line < self.height {
            cell % self.width
        } else {
            cell / self.width
        }
    }

    /// Whether `line`, with its level-0 cells and the cells that the false literals `reason`
    /// make true, forces `target` (with `None`: has no placement), by the full line solver.
    fn line_implies(&mut self, line: usize, reason: &[Lit], target: Option<Lit>) -> bool {
        let len = self.line_len(line);
        let full = (1u64 << len) - 1;
        let mut bits = LineBits { fillable: full, emptiable: full };
        for i in 0..len {
            let cell = self.cell_at(line, i);
            if self.value[cell] != 0 && self.cells[cell].level == 0 {
                restrict(&mut bits, i, self.value[cell]);
            }
        }
        for &lit in reason {
            restrict(&mut bits, self.index_in(line, cell_of(lit)), value_of(lit ^ 1));
        }
        let solved = self.solver.solve(&self.clues[line], &[bits.fillable], &[bits.emptiable], len);
        match target {
            None => !solved,
            Some(lit) => {
                let (fillable, emptiable) = self.solver.narrowed();
                let after = LineBits { fillable: fillable[0], emptiable: emptiable[0] };
                !solved || after.cell(self.index_in(line, cell_of(lit))) == value_of(lit)
            }
        }
    }

    /// Write into `reason` the false literals that imply the trail literal `lit` (none for a
    /// decision or a fact).
    pub(super) fn explain(&mut self, lit: Lit, reason: &mut Vec<Lit>, budget: &mut Budget) -> Result<(), Stop> {
        match self.cells[cell_of(lit)].reason {
            Reason::Clause(clause) => {
                reason.clear();
                let lits = &self.clauses[clause as usize].lits;
                reason.extend(lits.iter().copied().filter(|&other| other != lit));
                Ok(())
            }
            Reason::Line { line, trail_len } => {
                // Explained once while it stays assigned: the trail below it, and with it the
                // explanation, cannot change until then.
                let cell = cell_of(lit);
                if !self.cells[cell].explained {
                    let mut fresh = std::mem::take(&mut self.explanations[cell]);
                    self.explain_line(line as usize, trail_len, Some(lit), &mut fresh, budget)?;
                    self.explanations[cell] = fresh;
                    self.cells[cell].explained = true;
                }
                reason.clear();
                reason.extend_from_slice(&self.explanations[cell]);
                debug_assert!(self.line_implies(line as usize, reason, Some(lit)), "stale explanation of {lit}");
                Ok(())
            }
            Reason::Decision | Reason::Fact => {
                reason.clear();
                Ok(())
            }
        }
    }
}

/// Clear the bit of the value `value` cannot be at index `i`.
fn restrict(bits: &mut LineBits, i: usize, value: u8) {
    if value == FILLED {
        bits.emptiable &= !(1 << i);
    } else {
        bits.fillable &= !(1 << i);
    }
}
