//! The propagation loop: line revisions (see `line`) and digit revisions across the grid.
//!
//! A *digit revision* looks at one digit `d` over the whole grid. The lines known to hold
//! `d` (from their compartments' straights, see `line`) each need a cell for it, in
//! pairwise different cross lines, since `d` appears once per column (or row). That is an
//! all-different problem of the rows holding `d` over the columns where `d` is possible;
//! its full pruning is every X-wing, swordfish and jellyfish at once, and the columns every
//! assignment uses surely hold `d` too (so `d` leaves their other cells). The same runs with
//! rows and columns swapped. Before that, counting: `d` appears equally often counted by
//! rows and by columns, so when as many columns surely hold `d` as there are rows that can
//! hold it, all those rows surely hold it (*Setti's rule*).
//!
//! *Window shaving* (the puzzle before any guess only): for every compartment, its windows
//! that some placement fits (`line::fitting_windows`, as the line revision enumerates them)
//! are tried from the lowest up, each by propagating the puzzle with the compartment's cells
//! restricted to that window, until one does not contradict; then from the highest down. The
//! cells keep the union of the windows from the lowest to the highest survivor, and the
//! passes repeat while that narrows anything. Windows in between are not tried: their loss
//! would not narrow a cell unless all of them failed. This is singleton consistency on the
//! straights at their bounds. It decides what line and digit revisions cannot see from one
//! line or one digit: on random black patterns without digits, most of the grids the search
//! could not finish within seconds have no solution, and shaving finds the contradiction
//! before any guess. A probe is a whole propagation, about two per compartment and pass, so
//! shaving costs tens of milliseconds on an open 16×16 grid: at the root once that pays for
//! itself; at every node of the search it would cost far more than the nodes it saves
//! (figures in bench/RESULTS.md).

use super::puzzle::{Candidates, Str8ts};
use super::{alldiff, line};
use crate::engine::bits::DigitSet;
use crate::engine::queue::WorkQueue;
use crate::engine::search::{Budget, Stop};

/// The units waiting for revision: lines and digits.
struct Work {
    size: usize,
    /// Lines `0..2*size`.
    lines: WorkQueue<[bool; 2 * alldiff::MAX_CELLS]>,
    /// Digits `d` as `d - 1`.
    digits: WorkQueue<[bool; alldiff::MAX_CELLS]>,
    /// The line just revised exactly: its own narrowing does not requeue it.
    settled_line: Option<usize>,
}

impl Work {
    fn new(size: usize) -> Self {
        Work { size, lines: WorkQueue::bounded(2 * size), digits: WorkQueue::bounded(size), settled_line: None }
    }

    fn line(&mut self, line: usize) {
        if self.settled_line != Some(line) {
            self.lines.push(line);
        }
    }

    fn digits(&mut self, digits: DigitSet) {
        for d in digits.iter() {
            self.digits.push(d as usize - 1);
        }
    }

    fn cell_narrowed(&mut self, cell: usize, removed: DigitSet) {
        self.line(cell / self.size);
        self.line(self.size + cell % self.size);
        self.digits(removed);
    }

    /// The next unit: lines before digits (they are cheaper and feed the digits).
    fn next(&mut self) -> Option<Unit> {
        if let Some(line) = self.lines.pop() {
            Some(Unit::Line(line))
        } else {
            let d = self.digits.pop()?;
            Some(Unit::Digit(d as u32 + 1))
        }
    }
}

/// A unit of revision.
enum Unit {
    Line(usize),
    Digit(u32),
}

impl Str8ts {
    /// Revise lines and digits until none changes a candidate.
    pub(super) fn run_units(&self, state: &mut Candidates, budget: &mut Budget) -> Result<(), Stop> {
        let n = self.size;
        let mut work = Work::new(n);
        for (cell, removed) in state.changed.drain(..) {
            work.cell_narrowed(cell, removed);
        }
        let mut narrowed = Vec::new();
        while let Some(unit) = work.next() {
            budget.tick()?;
            match unit {
                Unit::Line(line) => {
                    let must = state.required[line];
                    let revision =
                        line::revise(&self.lines[line], n as u32, must, &mut state.cells, &mut |cell, removed| {
                            narrowed.push((cell, removed))
                        })?;
                    state.required[line] = revision.required;
                    work.digits(revision.required & !must);
                    work.settled_line = revision.exact.then_some(line);
                    for (cell, removed) in narrowed.drain(..) {
                        work.cell_narrowed(cell, removed);
                    }
                    work.settled_line = None;
                }
                Unit::Digit(d) => self.revise_digit(d, state, &mut work)?,
            }
        }
        Ok(())
    }

    /// Window shaving (see the module essay), then propagation of what it narrowed.
    pub(super) fn shave_windows(&self, state: &mut Candidates, budget: &mut Budget) -> Result<(), Stop> {
        let mut fitting = [line::Window::EMPTY; alldiff::MAX_CELLS];
        loop {
            let mut narrowed = false;
            for cells in self.lines.iter().flatten() {
                if cells.len() < 2 || cells.iter().all(|&c| state.cells[c].len() == 1) {
                    continue;
                }
                let count = line::fitting_windows(cells, self.size as u32, &state.cells, &mut fitting, 0);
                if count < 2 {
                    continue;
                }
                let windows = fitting[..count].iter().map(|window| window.digits);
                let mut low = None;
                for (i, window) in windows.clone().enumerate() {
                    if self.window_fits(state, cells, window, budget)? {
                        low = Some(i);
                        break;
                    }
                }
                let Some(low) = low else { return Err(Stop::Contradiction) };
                let mut high = low;
                for (j, window) in windows.clone().enumerate().skip(low + 1).rev() {
                    if self.window_fits(state, cells, window, budget)? {
                        high = j;
                        break;
                    }
                }
                let kept = windows.skip(low).take(high + 1 - low).fold(DigitSet::EMPTY, |all, w| all | w);
                restrict(state, cells, kept);
                if !state.changed.is_empty() {
                    narrowed = true;
                    self.run_units(state, budget)?;
                }
            }
            if !narrowed {
                return Ok(());
            }
        }
    }

    /// Whether propagation finds no contradiction once `cells` hold `window`.
    fn window_fits(
        &self,
        state: &Candidates,
        cells: &[usize],
        window: DigitSet,
        budget: &mut Budget,
    ) -> Result<bool, Stop> {
        let mut probe = state.clone();
        restrict(&mut probe, cells, window);
        match self.run_units(&mut probe, budget) {
            Ok(()) => Ok(true),
            Err(Stop::Contradiction) => Ok(false),
            Err(stop) => Err(stop),
        }
    }

    /// Counting and fish for digit `d` (see the module essay).
    fn revise_digit(&self, d: u32, state: &mut Candidates, work: &mut Work) -> Result<(), Stop> {
        let n = self.size;
        let digit = DigitSet::single(d);
        // Orientation 0: lines are rows, positions columns; orientation 1 the other way.
        let cell_at = |orientation: usize, line: usize, position: usize| {
            if orientation == 0 {
                line * n + position
            } else {
                position * n + line
            }
        };
        // places[o][i]: bit p+1 when the i-th line of orientation o can hold d at position p.
        let mut places = [[DigitSet::EMPTY; alldiff::MAX_CELLS]; 2];
        let mut possible = [0u32; 2];
        let mut holding = [0u32; 2];
        for orientation in 0..2 {
            for (i, line_places) in places[orientation][..n].iter_mut().enumerate() {
                for p in 0..n {
                    if state.cells[cell_at(orientation, i, p)].contains(d) {
                        *line_places |= DigitSet::single(p as u32 + 1);
                    }
                }
                if !line_places.is_empty() {
                    possible[orientation] |= 1 << i;
                }
                if state.required[orientation * n + i].contains(d) {
                    holding[orientation] |= 1 << i;
                }
            }
            if holding[orientation] & !possible[orientation] != 0 {
                return Err(Stop::Contradiction);
            }
        }
        // Setti's rule: d is in as many rows as columns.
        let least = holding[0].count_ones().max(holding[1].count_ones());
        for orientation in 0..2 {
            if possible[orientation].count_ones() < least {
                return Err(Stop::Contradiction);
            }
            if possible[orientation].count_ones() == least {
                let newly = possible[orientation] & !holding[orientation];
                for i in (0..n).filter(|i| newly >> i & 1 == 1) {
                    state.required[orientation * n + i] |= digit;
                    work.line(orientation * n + i);
                    work.digits(digit);
                }
                holding[orientation] = possible[orientation];
            }
        }
        // Fish: the lines holding d take pairwise different positions.
        for orientation in 0..2 {
            // The lines holding d and where each can take it (on the stack: at most n of each).
            let (mut lines, mut domains) = ([0; alldiff::MAX_CELLS], [DigitSet::EMPTY; alldiff::MAX_CELLS]);
            let mut count = 0;
            let holders = (0..n).filter(|i| holding[orientation] >> i & 1 == 1);
            for ((line, domain), i) in lines.iter_mut().zip(&mut domains).zip(holders) {
                (*line, *domain) = (i, places[orientation][i]);
                count += 1;
            }
            let (lines, domains) = (&lines[..count], &mut domains[..count]);
            let Some(taken) = alldiff::prune(domains) else { return Err(Stop::Contradiction) };
            let mut remove = |cell: usize, work: &mut Work| -> Result<(), Stop> {
                if state.cells[cell].contains(d) {
                    state.cells[cell] &= !digit;
                    if state.cells[cell].is_empty() {
                        return Err(Stop::Contradiction);
                    }
                    work.cell_narrowed(cell, digit);
                }
                Ok(())
            };
            for (&i, &kept) in lines.iter().zip(domains.iter()) {
                for p in (places[orientation][i] & !kept).iter() {
                    remove(cell_at(orientation, i, p as usize - 1), work)?;
                }
            }
            for p in taken.iter().map(|p| p as usize - 1) {
                for i in (0..n).filter(|i| holding[orientation] >> i & 1 == 0) {
                    remove(cell_at(orientation, i, p), work)?;
                }
                let cross = (1 - orientation) * n + p;
                if !state.required[cross].contains(d) {
                    state.required[cross] |= digit;
                    work.line(cross);
                    work.digits(digit);
                }
            }
        }
        Ok(())
    }
}

/// Narrow `cells` to the digits of `window`, recording what each lost for propagation.
fn restrict(state: &mut Candidates, cells: &[usize], window: DigitSet) {
    for &cell in cells {
        let before = state.cells[cell];
        let after = before & window;
        if after != before {
            state.cells[cell] = after;
            state.changed.push((cell, before & !after));
        }
    }
}
