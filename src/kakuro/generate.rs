//! Kakuro generation: layout, fill, sums, shaping towards the level, uniqueness check, repair.
//!
//! 1. **Layout.** Row 0 and column 0 are the border of blocks. Inside, black cells come in
//!    pairs symmetric under a half turn (each pair black with probability 0.18), and the
//!    layout is then repaired until every rule of a good grid holds: a white cell alone in
//!    its row or column run turns black, a run longer than 9 is split by a black cell that
//!    leaves at least two cells on each side, and when the white cells fall apart, all but
//!    the largest part turn black (a layout whose largest part is not symmetric is dropped).
//!    Every change is made to a cell and its mirror, so the symmetry stays.
//! 2. **Fill.** A depth-first search in reading order gives every white cell a digit, tried
//!    in a random order that leans towards 1, 2, 8 and 9 (fewer combinations per sum), with
//!    no digit twice in a run (within a node budget).
//! 3. **Sums** from the fill ([`clues_of`], a private `from_solution`): each block's across and
//!    down clue is the total of the run after it.
//! 4. **Shaping** towards the level asked for: the explainer (no trial) runs on the puzzle
//!    of the fill, its steps are replayed up to the first above the level, and the cells
//!    still open then are what keeps the puzzle from being unique at that level. A greedy
//!    local search gives the open cells of the runs through one random open cell new digits
//!    (the rest of the fill kept, sums read again) and keeps the change when no more cells
//!    are left open, until none is (the named techniques then prove the puzzle unique) or,
//!    for `extreme`, until a few are (the solver decides whether the rest is unique).
//!    `expert` is refused at once: no Kakuro technique is above level 3, so a Kakuro the
//!    techniques cannot finish needs trial, which is `extreme`.
//! 5. **Repair.** When the solver finds two solutions, the cells where they differ get new
//!    digits (or, when no others fit, one of them turns black with its mirror, splitting its
//!    runs, and the layout is repaired as in step 1), then the fill is shaped again.
//!
//! Cost: the layout and the fill are linear in the grid apart from the fill's backtracking
//! (bounded); shaping is one explanation per round (at most `SHAPE_ROUNDS`), which is where
//! the time goes; each check is one solve with `max_solutions` 2, fast on a shaped puzzle.

use super::Kakuro;
use crate::engine::explain::{explain, Explain, ExplainOptions, TRIAL_LEVEL};
use crate::engine::generate::{differing_cells, Candidate, Generator, Rng, StepClock};
use crate::engine::search::{solve, Clock, Grid, Outcome, Progress, SolveOptions};
use std::ops::RangeInclusive;

/// The sides (border included) a generated Kakuro may have.
pub const KAKURO_SIDES: RangeInclusive<usize> = 4..=30;
/// Black pairs per thousand pairs of inner cells.
const BLACK_PER_MILLE: u32 = 180;
/// Nodes of the fill's search before the layout is dropped.
const FILL_NODES: usize = 20_000;
/// The longest run.
const MAX_RUN: usize = 9;
/// Rounds of shaping (explain, refill the cells left open) before a fill is dropped.
const SHAPE_ROUNDS: usize = 150;
/// Steps of one explanation while shaping.
const SHAPE_STEPS: usize = 20_000;
/// The highest level of a named Kakuro technique (the explainer's `hard`); above it only
/// trial is left, so `expert` is out of reach for every Kakuro.
pub const KAKURO_TOP_TECHNIQUE_LEVEL: u8 = 3;
/// For `extreme`: the most cells the named techniques may leave open before the solver is
/// asked whether the rest is unique.
const EXTREME_OPEN_CELLS: usize = 8;

/// Makes Kakuro of one size and level (see the module documentation).
pub struct KakuroGenerator {
    width: usize,
    height: usize,
    level: u8,
}

/// Which cells are white, row by row (row 0 and column 0 never are).
type Layout = Vec<Vec<bool>>;

impl KakuroGenerator {
    /// A generator of `width × height` grids, border included (sizes validated), aiming at
    /// `level` (1..5).
    pub fn new(width: usize, height: usize, level: u8) -> KakuroGenerator {
        KakuroGenerator { width, height, level }
    }

    /// The white cells the named techniques up to the target level leave open in the puzzle
    /// of `fill`: the explanation's steps replayed until the first above the level.
    fn open_cells(&self, fill: &Grid) -> Vec<(usize, usize)> {
        let puzzle = clues_of(fill);
        let options = ExplainOptions { max_steps: Some(SHAPE_STEPS), time_limit_ms: None, no_trial: true };
        let explanation = explain(&puzzle, puzzle.board(), &options, &StepClock);
        let limit = self.level.min(KAKURO_TOP_TECHNIQUE_LEVEL);
        let mut board = puzzle.board();
        for step in explanation.steps.iter().take_while(|step| step.level <= limit) {
            for change in &step.changes {
                board.apply(change);
            }
        }
        board.open_cells().collect()
    }

    /// Shape `fill` until the named techniques up to the target level decide every cell of
    /// its puzzle (which is then unique), by a greedy local search: the open cells of the
    /// runs through one random open cell get new digits, the sums are read again, and the
    /// change is kept when it leaves no more cells open than before; within [`SHAPE_ROUNDS`].
    /// For `extreme`, until 1..=[`EXTREME_OPEN_CELLS`] cells are left open (the solver
    /// decides whether the rest is unique).
    fn shape(&self, layout: &Layout, mut fill: Grid, rng: &mut Rng) -> Option<Grid> {
        let runs = self.runs(layout);
        let mut open = self.open_cells(&fill);
        for _ in 0..SHAPE_ROUNDS {
            let done = match self.level {
                TRIAL_LEVEL => (1..=EXTREME_OPEN_CELLS).contains(&open.len()),
                _ => open.is_empty(),
            };
            if done {
                return Some(fill);
            }
            // The cells to change: the open ones of the runs through a random open cell (a
            // random run when none is open).
            let changed: Vec<(usize, usize)> = match open.get(rng.below(open.len().max(1))) {
                Some(&cell) => runs
                    .iter()
                    .filter(|run| run.contains(&cell))
                    .flatten()
                    .copied()
                    .filter(|c| open.contains(c))
                    .collect(),
                None => runs.get(rng.below(runs.len()))?.clone(),
            };
            let mut cleared = fill.clone();
            for &(r, c) in &changed {
                cleared[r][c] = 0;
            }
            let Some(next) = self.fill(layout, cleared, rng) else { continue };
            let next_open = self.open_cells(&next);
            if next_open.len() <= open.len() || open.is_empty() {
                fill = next;
                open = next_open;
            }
        }
        None
    }

    /// The cell a half turn of the inner grid takes `(row, col)` to.
    fn mirror(&self, (row, col): (usize, usize)) -> (usize, usize) {
        (self.height - row, self.width - col)
    }

    fn blacken(&self, layout: &mut Layout, cell: (usize, usize)) {
        let (mr, mc) = self.mirror(cell);
        layout[cell.0][cell.1] = false;
        layout[mr][mc] = false;
    }

    /// A random layout obeying every rule, or `None`.
    fn layout(&self, rng: &mut Rng) -> Option<Layout> {
        let (w, h) = (self.width, self.height);
        let mut layout = vec![vec![false; w]; h];
        for row in layout.iter_mut().skip(1) {
            row[1..].fill(true);
        }
        for r in 1..h {
            for c in 1..w {
                if (r, c) <= self.mirror((r, c)) && rng.chance(BLACK_PER_MILLE) {
                    self.blacken(&mut layout, (r, c));
                }
            }
        }
        self.settle(&mut layout, rng).then_some(layout)
    }

    /// The runs of white cells, across then down, each as its cells in order.
    fn runs(&self, layout: &Layout) -> Vec<Vec<(usize, usize)>> {
        let mut runs = Vec::new();
        let mut scan = |cells: &mut dyn Iterator<Item = (usize, usize)>| {
            let mut run = Vec::new();
            for (r, c) in cells.chain(std::iter::once((0, 0))) {
                if layout[r][c] {
                    run.push((r, c));
                } else if !run.is_empty() {
                    runs.push(std::mem::take(&mut run));
                }
            }
        };
        for r in 0..self.height {
            scan(&mut (0..self.width).map(|c| (r, c)));
        }
        for c in 0..self.width {
            scan(&mut (0..self.height).map(|r| (r, c)));
        }
        runs
    }

    /// Repair `layout` until every run has 2..9 cells and the white cells are connected;
    /// whether that worked with the symmetry kept and enough white cells left.
    fn settle(&self, layout: &mut Layout, rng: &mut Rng) -> bool {
        loop {
            let mut changed = false;
            for run in self.runs(layout) {
                if run.len() == 1 {
                    self.blacken(layout, run[0]);
                    changed = true;
                } else if run.len() > MAX_RUN {
                    let split = 2 + rng.below(run.len() - 4);
                    self.blacken(layout, run[split]);
                    changed = true;
                }
            }
            if changed {
                continue;
            }
            let parts = self.parts(layout);
            if parts.len() <= 1 {
                break;
            }
            let largest = (0..parts.len()).max_by_key(|&i| (parts[i].len(), std::cmp::Reverse(i))).unwrap_or(0);
            for (i, part) in parts.iter().enumerate() {
                if i != largest {
                    for &(r, c) in part {
                        layout[r][c] = false;
                    }
                }
            }
            let symmetric = parts[largest].iter().all(|&cell| {
                let (mr, mc) = self.mirror(cell);
                layout[mr][mc]
            });
            if !symmetric {
                return false;
            }
        }
        let whites = layout.iter().flatten().filter(|&&white| white).count();
        whites >= 4 && whites * 3 >= (self.width - 1) * (self.height - 1)
    }

    /// The connected parts of the white cells.
    fn parts(&self, layout: &Layout) -> Vec<Vec<(usize, usize)>> {
        let mut seen = vec![vec![false; self.width]; self.height];
        let mut parts = Vec::new();
        for r in 0..self.height {
            for c in 0..self.width {
                if !layout[r][c] || seen[r][c] {
                    continue;
                }
                seen[r][c] = true;
                let mut part = vec![(r, c)];
                let mut next = 0;
                while next < part.len() {
                    let (pr, pc) = part[next];
                    next += 1;
                    for (nr, nc) in [(pr - 1, pc), (pr + 1, pc), (pr, pc - 1), (pr, pc + 1)] {
                        if nr < self.height && nc < self.width && layout[nr][nc] && !seen[nr][nc] {
                            seen[nr][nc] = true;
                            part.push((nr, nc));
                        }
                    }
                }
                parts.push(part);
            }
        }
        parts
    }

    /// Digits for the white cells of `grid` that hold 0 (the others are kept), no digit
    /// twice in a run, or `None` after the node budget. Digits are tried in a random order
    /// that leans towards 1, 2, 8 and 9: runs of extreme digits have fewer combinations, so
    /// the sums leave fewer fillings open.
    fn fill(&self, layout: &Layout, mut grid: Grid, rng: &mut Rng) -> Option<Grid> {
        let open: Vec<(usize, usize)> = (0..self.height)
            .flat_map(|r| (0..self.width).map(move |c| (r, c)))
            .filter(|&(r, c)| layout[r][c] && grid[r][c] == 0)
            .collect();
        // The digits in the row and column runs through (r, c), the cell itself left out.
        let used = |grid: &Grid, (r, c): (usize, usize)| {
            let mut used = 0u16;
            let mut mark = |cells: &mut dyn Iterator<Item = (usize, usize)>| {
                for (rr, cc) in cells {
                    if rr >= self.height || cc >= self.width || !layout[rr][cc] {
                        break;
                    }
                    used |= 1 << grid[rr][cc];
                }
            };
            mark(&mut (1..).map(|k| (r, c.wrapping_sub(k))));
            mark(&mut (1..).map(|k| (r, c + k)));
            mark(&mut (1..).map(|k| (r.wrapping_sub(k), c)));
            mark(&mut (1..).map(|k| (r + k, c)));
            used & !1
        };
        // orders[i]: open cell i's digits in the order tried; tried[i]: how many were tried.
        let mut orders: Vec<[u8; 9]> = vec![[0; 9]; open.len()];
        let mut tried = vec![0usize; open.len()];
        let mut i = 0;
        let mut fresh = true;
        for _ in 0..FILL_NODES {
            if i == open.len() {
                return Some(grid);
            }
            let (r, c) = open[i];
            if fresh {
                let mut keys = [(0i32, 0u8); 9];
                for (d, key) in (1..=9u8).zip(keys.iter_mut()) {
                    *key = (rng.below(9) as i32 - (i32::from(d) - 5).abs(), d);
                }
                keys.sort_unstable();
                orders[i] = keys.map(|(_, d)| d);
                tried[i] = 0;
            }
            let used = used(&grid, (r, c));
            match (tried[i]..9).find(|&k| used & (1 << orders[i][k]) == 0) {
                Some(k) => {
                    grid[r][c] = orders[i][k];
                    tried[i] = k + 1;
                    i += 1;
                    fresh = true;
                }
                None => {
                    grid[r][c] = 0;
                    if i == 0 {
                        return None;
                    }
                    i -= 1;
                    let (pr, pc) = open[i];
                    grid[pr][pc] = 0;
                    fresh = false;
                }
            }
        }
        (i == open.len()).then_some(grid)
    }
}

/// The Kakuro whose solution is `fill` (digits on white cells, 0 on blocks, row 0 and column
/// 0 blocks): every block clues the runs after it with their totals.
fn clues_of(fill: &Grid) -> Kakuro {
    Kakuro::from_solution(fill).expect("the sums of a fill are valid clues")
}

impl Generator for KakuroGenerator {
    type Puzzle = Kakuro;

    fn describe(&self) -> String {
        format!("{}×{} Kakuro", self.width, self.height)
    }

    fn propose(&mut self, rng: &mut Rng) -> Option<Candidate<Kakuro>> {
        let layout = self.layout(rng)?;
        let fill = self.fill(&layout, vec![vec![0; self.width]; self.height], rng)?;
        let fill = self.shape(&layout, fill, rng)?;
        Some((clues_of(&fill), fill))
    }

    fn solve(
        &self,
        puzzle: &Kakuro,
        options: &SolveOptions,
        clock: &dyn Clock,
        progress: &mut dyn Progress,
    ) -> Outcome {
        solve(puzzle, options, clock, progress)
    }

    /// The cells where the solutions differ get new digits (the rest of the fill kept) or,
    /// when no other digits fit them, one of them turns black, splitting its runs; then the
    /// fill is shaped again.
    fn repair(&mut self, (_, fill): Candidate<Kakuro>, a: &Grid, b: &Grid, rng: &mut Rng) -> Option<Candidate<Kakuro>> {
        let cells = differing_cells(a, b);
        let &cell = cells.get(rng.below(cells.len().max(1)))?;
        let mut layout: Layout = fill.iter().map(|row| row.iter().map(|&d| d != 0).collect()).collect();
        let mut cleared = fill.clone();
        for &(r, c) in &cells {
            cleared[r][c] = 0;
        }
        let refilled = match self.fill(&layout, cleared, rng).filter(|refilled| *refilled != fill) {
            Some(refilled) => refilled,
            None => {
                self.blacken(&mut layout, cell);
                if !self.settle(&mut layout, rng) {
                    return None;
                }
                fill.iter()
                    .zip(&layout)
                    .map(|(digits, whites)| {
                        digits.iter().zip(whites).map(|(&d, &white)| if white { d } else { 0 }).collect()
                    })
                    .collect()
            }
        };
        let fill = self.shape(&layout, refilled, rng)?;
        Some((clues_of(&fill), fill))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_keep_the_rules() {
        let generator = KakuroGenerator::new(12, 10, 2);
        let mut rng = Rng::new(3);
        let mut made = 0;
        for _ in 0..30 {
            let Some(layout) = generator.layout(&mut rng) else { continue };
            made += 1;
            for run in generator.runs(&layout) {
                assert!((2..=MAX_RUN).contains(&run.len()), "run {run:?}");
            }
            assert_eq!(generator.parts(&layout).len(), 1);
            for r in 1..10 {
                for c in 1..12 {
                    let (mr, mc) = generator.mirror((r, c));
                    assert_eq!(layout[r][c], layout[mr][mc], "symmetry at r{r}c{c}");
                }
            }
            let fill = generator.fill(&layout, vec![vec![0; 12]; 10], &mut rng).expect("a fill");
            let puzzle = clues_of(&fill);
            assert_eq!(puzzle.check(&fill), Ok(()));
        }
        // Measured: 17 of 30 at seed 3 (the others lose their symmetry when parts are cut off,
        // or keep fewer than a third of the cells white).
        assert!(made >= 12, "only {made} of 30 layouts");
    }
}
