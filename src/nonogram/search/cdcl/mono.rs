//! The black-and-white line theory of clause learning: a cell is the two-value case (0 empty,
//! 1 filled), a line two bit planes (`LineBits`: can be filled, can be empty) kept up to date
//! cell by cell, solved by the one-word line solver; a line still in the state its last solve
//! left it in is skipped, as the solver is exact. Lines longer than [`CACHED_LINE`] cells stay
//! with the engine's search alone ([`handles`]).
//!
//! **No line memo here** (the engine's search keeps one, `line/memo.rs`): after a decision
//! or a backjump, clause learning meets its lines in states it has rarely met before, so a
//! lookup is mostly a cache miss before the solve it was to save. Solving directly took 13–18%
//! less CPU time natively at the same node counts (bench/RESULTS.md, "The search tail").
//!
//! **Explanations.** The naive reason of a line event is every cell of the line assigned
//! before it; it is minimised by dropping one assigned cell at a time (the latest first) as
//! long as the line, on the cells kept, still has no placement with the target cell set to
//! its removed value (or none at all, for a line in conflict). Each test is one forward pass
//! of the line solver's programme ([`has_placement`]: a word a step, nothing stored, not
//! through the memo, whose slots it would only evict). Cells fixed at the root are always kept
//! in the test but never appear in a clause. (Debug and test builds check every explanation
//! with the full line solver.)

use crate::engine::cdcl::{Assignment, LineTheory, Lit, Shape};
use crate::nonogram::line::color::{Mask, NoPlacement};
use crate::nonogram::line::mono::{has_placement, LineBits, LineSolver, CACHED_LINE};
use crate::nonogram::puzzle::Nonogram;

/// The value "filled" (the bit of a black-and-white cell's mask; 0 is empty).
const FILLED: u32 = 1;

/// Whether clause learning handles `puzzle` (every line at most [`CACHED_LINE`] cells).
pub(crate) fn handles(puzzle: &Nonogram) -> bool {
    puzzle.width() <= CACHED_LINE && puzzle.height() <= CACHED_LINE
}

/// The lines of a black-and-white nonogram of lines of at most [`CACHED_LINE`] cells.
pub(crate) struct MonoLines {
    shape: Shape,
    /// Clues of every line, rows first.
    clues: Vec<Vec<u32>>,
    solver: LineSolver,
    /// Per line: what its cells can still be, as bit masks.
    lines: Vec<LineBits>,
    /// Per line: the state its last solve narrowed it to (both planes empty before any).
    /// The line solver is exact, so solving a line in that state again changes nothing: a
    /// line that its own deductions marked to solve again is skipped.
    fixpoints: Vec<LineBits>,
    /// Per line, from `CACHED_LINE × line`: the indices of its decided cells in the order of
    /// the trail (a cell is decided by one removal, and a backjump undoes the latest ones), so
    /// that an explanation reads its candidates latest first without sorting them.
    decided: Vec<u8>,
    /// Per line: how many of its cells are decided.
    depth: Vec<u8>,
}

impl MonoLines {
    /// The lines of `puzzle`, every cell open.
    pub(crate) fn new(puzzle: &Nonogram) -> MonoLines {
        let shape = Shape { width: puzzle.width(), height: puzzle.height() };
        let full = |len: usize| LineBits { fillable: (1u64 << len) - 1, emptiable: (1u64 << len) - 1 };
        MonoLines {
            shape,
            clues: puzzle.clues_by_line(),
            solver: LineSolver::default(),
            lines: (0..shape.lines()).map(|l| full(shape.len(l))).collect(),
            fixpoints: vec![LineBits { fillable: 0, emptiable: 0 }; shape.lines()],
            decided: vec![0; CACHED_LINE * shape.lines()],
            depth: vec![0; shape.lines()],
        }
    }

    /// The two lines of `cell`, each with the cell's index in it.
    fn lines_of(&self, cell: usize) -> [(usize, usize); 2] {
        let (row, col) = (cell / self.shape.width, cell % self.shape.width);
        [(row, col), (self.shape.height + col, row)]
    }

    /// Whether `line`, with its level-0 cells and the cells that the removals `reason` decide,
    /// has no placement (`target` `None`) or none giving the cell of the removal `target` its
    /// value, by the full line solver.
    fn implies(&mut self, line: usize, at: &Assignment, reason: &[Lit], target: Option<Lit>) -> bool {
        let len = self.shape.len(line);
        let full = (1u64 << len) - 1;
        let mut bits = LineBits { fillable: full, emptiable: full };
        for i in 0..len {
            let cell = self.shape.cell_at(line, i);
            let mask = at.mask(cell);
            if mask.is_power_of_two() && at.level(at.lit(cell, 1 - mask.trailing_zeros())) == 0 {
                restrict(&mut bits, i, mask.trailing_zeros());
            }
        }
        for &lit in reason {
            restrict(&mut bits, self.shape.index_in(line, at.cell_of(lit)), 1 - at.value_of(lit));
        }
        let solved = self.solver.solve(&self.clues[line], &[bits.fillable], &[bits.emptiable], len);
        match target {
            None => !solved,
            Some(lit) => {
                let (fillable, emptiable) = self.solver.narrowed();
                let after = LineBits { fillable: fillable[0], emptiable: emptiable[0] };
                let removed = if at.value_of(lit) == FILLED { after.fillable } else { after.emptiable };
                !solved || removed >> self.shape.index_in(line, at.cell_of(lit)) & 1 == 0
            }
        }
    }
}

impl LineTheory for MonoLines {
    fn shape(&self) -> Shape {
        self.shape
    }

    fn values(&self) -> u32 {
        2
    }

    fn removed(&mut self, cell: usize, value: u32) {
        for (line, i) in self.lines_of(cell) {
            self.decided[CACHED_LINE * line + self.depth[line] as usize] = i as u8;
            self.depth[line] += 1;
            let bits = &mut self.lines[line];
            if value == FILLED {
                bits.fillable &= !(1 << i);
            } else {
                bits.emptiable &= !(1 << i);
            }
        }
    }

    fn restored(&mut self, cell: usize, value: u32) {
        // A backjump restores the latest removals (in any order): each line's latest go.
        for (line, i) in self.lines_of(cell) {
            self.depth[line] -= 1;
            let bits = &mut self.lines[line];
            if value == FILLED {
                bits.fillable |= 1 << i;
            } else {
                bits.emptiable |= 1 << i;
            }
        }
    }

    fn solve(&mut self, line: usize, _: &[Mask], removals: &mut Vec<Lit>) -> Result<(), NoPlacement> {
        let before = self.lines[line];
        if before == self.fixpoints[line] {
            return Ok(());
        }
        let len = self.shape.len(line);
        if !self.solver.solve(&self.clues[line], &[before.fillable], &[before.emptiable], len) {
            return Err(NoPlacement);
        }
        let (fillable, emptiable) = self.solver.narrowed();
        let after = LineBits { fillable: fillable[0], emptiable: emptiable[0] };
        self.fixpoints[line] = after;
        let mut decided = (before.fillable & !after.fillable) | (before.emptiable & !after.emptiable);
        while decided != 0 {
            let i = decided.trailing_zeros() as usize;
            decided &= decided - 1;
            let gone = u32::from(after.fillable >> i & 1 == 0);
            removals.push((self.shape.cell_at(line, i) as u32) << 1 | gone);
        }
        Ok(())
    }

    fn explain(&mut self, line: usize, at: &Assignment, before: u32, target: Option<Lit>, reason: &mut Vec<Lit>) {
        let len = self.shape.len(line);
        let full = (1u64 << len) - 1;
        // The line as the kept cells say, the target set to its removed value: no placement.
        let mut kept = LineBits { fillable: full, emptiable: full };
        if let Some(lit) = target {
            restrict(&mut kept, self.shape.index_in(line, at.cell_of(lit)), at.value_of(lit));
        }
        // The cells decided before the event, in the order of the trail.
        let decided = &self.decided[CACHED_LINE * line..][..self.depth[line] as usize];
        let removal = |i: u8| {
            let cell = self.shape.cell_at(line, i as usize);
            at.lit(cell, 1 - at.mask(cell).trailing_zeros())
        };
        let earlier = decided.iter().rposition(|&i| at.removed_at(removal(i)) < before).map_or(0, |k| k + 1);
        let decided = &decided[..earlier];
        for &i in decided {
            let cell = self.shape.cell_at(line, i as usize);
            restrict(&mut kept, i as usize, at.mask(cell).trailing_zeros());
        }
        let clues = &self.clues[line];
        // The candidates to drop, the latest first; the root's stay.
        for &i in decided.iter().rev() {
            let lit = removal(i);
            if at.level(lit) == 0 {
                continue;
            }
            let dropped = LineBits { fillable: kept.fillable | 1 << i, emptiable: kept.emptiable | 1 << i };
            if has_placement(clues, dropped.fillable, dropped.emptiable, len) {
                reason.push(lit);
            } else {
                kept = dropped;
            }
        }
        debug_assert!(self.implies(line, at, reason, target), "line {line}: {reason:?} does not imply {target:?}");
    }
}

/// Leave cell `i` of `bits` the value `value` alone.
fn restrict(bits: &mut LineBits, i: usize, value: u32) {
    if value == FILLED {
        bits.emptiable &= !(1 << i);
    } else {
        bits.fillable &= !(1 << i);
    }
}
