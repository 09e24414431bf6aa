//! Sudoku and Killer Sudoku: every row, column and box holds each digit once; a Killer's cages
//! hold different digits that add up to their sums.
//!
//! ## Rules
//!
//! An N×N grid (N from 4 to 16) is cut into N boxes of `rows × cols` cells (by default the
//! most square box that tiles the grid: 2×2 for 4, 2×3 for 6, 2×4 for 8, 3×3 for 9, 3×4 for
//! 12, 4×4 for 16). Every cell gets a digit 1..N; no digit repeats in a row, a column or a
//! box, and the givens stay. A *Killer* Sudoku adds cages: sets of cells whose digits differ
//! and add up to the cage's sum. Cages may cover the grid or part of it, and givens and cages
//! may be mixed; a sum no set of different digits makes is a puzzle without solution, not an
//! error. Cages are taken on grids up to 9×9: their digit combinations come from the table
//! Kakuro's runs use ([`crate::engine::combos`], digits 1..=9).
//!
//! ## Technique
//!
//! The solver keeps every cell's candidates as a bit mask (bit `d` for digit `d`) and runs
//! these deductions to a fixpoint:
//!
//! * **Naked singles**: a cell down to one digit takes it away from its *peers* (the other
//!   cells of its row, column, box and cage), through a stack of cells to revise.
//! * **Hidden singles**: per unit (row, column, box), two masks over its cells — the digits
//!   seen at least once and at least twice — give the digits with one place left, which are
//!   placed; a digit with no place is a contradiction. A few word operations per cell.
//! * **Cage combinations** (Killer): of the sets of different digits with the cage's size and
//!   sum, a cage keeps those its cells can still hold (every cell has a candidate in the set,
//!   and together they cover it); its cells keep the union of those sets, a digit in all of
//!   them with one place in the cage is placed there, and when the cage lies inside a row,
//!   column or box those digits leave the unit's other cells.
//! * **Locked candidates**, when the others find nothing: where a box meets a row or column,
//!   a digit the box can only hold there leaves the rest of the line, and one the line can
//!   only hold there leaves the rest of the box (three masks per meeting).
//! * **The 45 rule** (Killer), when all the others find nothing: a row, column or box adds
//!   up to 1 + … + N, so the cages inside it fix the sum of its other cells (innies), and the
//!   cages across it, when they cover it, the sum of their cells outside it (outies, when
//!   those share a unit). Those cells keep the union of the sets of different digits with
//!   that sum they can still hold, as a cage's do.
//!   The sums are found once, when the puzzle is built; the search's propagation runs the
//!   rule (generation's checks do not: `Deductions::Search`). Without it a generated 9×9
//!   Killer took 18,254 nodes, with it 11 (bench/RESULTS.md, "Sudoku").
//!
//! ```text
//!   cage of 2 cells, sum 4 → {1,3} only: both cells keep 1 and 3, and a cage inside box 1
//!   takes 1 and 3 from the box's seven other cells.
//! ```
//!
//! When logic stalls, the search ([`crate::engine::search`]) branches on the cell with the
//! fewest candidates (one child per digit), so the children cover every solution and the
//! counts are exact.
//!
//! ## Cost
//!
//! A node copies N² masks and revises 3N units of N cells; a 9×9 classic with 17 to 25 givens
//! takes a few dozen nodes at most, a Killer without givens a few hundred (figures in
//! bench/RESULTS.md, "Sudoku").

pub mod format;
pub mod generate;
#[cfg(all(target_arch = "wasm32", any(feature = "solver", feature = "explain")))]
mod js;
mod play;
mod puzzle;
pub mod techniques;

use crate::engine::bits::DigitSet;
use crate::engine::error::Error;
use crate::engine::search::{Budget, Grid, KnownGrid, Problem, Stop};
use crate::format_names::Format;
use crate::genre::Genre;
use crate::text::Token;
use format::SudokuFormat;
use puzzle::Deductions;
pub use puzzle::{default_box, Cage, Candidates, Sudoku, Workspace, MAX_KILLER_SIZE, MAX_SIZE, MIN_SIZE};

impl Problem for Sudoku {
    type State = Candidates;
    type Child = Candidates;
    type Workspace = Workspace;

    fn workspace(&self) -> Workspace {
        Workspace { stack: Vec::with_capacity(self.size * self.size) }
    }

    fn initial(&self) -> Candidates {
        let all = self.all_digits();
        let cells = self.givens.iter().map(|&d| if d == 0 { all } else { 1 << d }).collect();
        Candidates { cells, cleared: [0; 4] }
    }

    fn build(&self, child: Candidates) -> Candidates {
        child
    }

    fn propagate(&self, state: &mut Candidates, workspace: &mut Workspace, budget: &mut Budget) -> Result<(), Stop> {
        self.fixpoint(state, &mut workspace.stack, Deductions::Search, || budget.tick())
    }

    fn branch(&self, state: &Candidates) -> Option<Vec<Candidates>> {
        let cell = (0..state.cells.len())
            .filter(|&c| state.cells[c].count_ones() > 1)
            .min_by_key(|&c| state.cells[c].count_ones())?;
        Some(
            DigitSet(state.cells[cell])
                .iter()
                .map(|d| {
                    let mut child = state.clone();
                    child.cells[cell] = 1 << d;
                    child
                })
                .collect(),
        )
    }

    fn solution(&self, state: &Candidates) -> Grid {
        state.cells.chunks(self.size).map(|row| row.iter().map(|m| m.trailing_zeros() as u8).collect()).collect()
    }

    fn known(&self, state: &Candidates) -> KnownGrid {
        let value = |&m: &u32| m.is_power_of_two().then(|| m.trailing_zeros() as u8);
        state.cells.chunks(self.size).map(|row| row.iter().map(value).collect()).collect()
    }
}

impl Genre for Sudoku {
    const NAME: &'static str = "sudoku";
    type Format = SudokuFormat;

    fn format_of(format: Format) -> Option<SudokuFormat> {
        SudokuFormat::of(format)
    }

    fn read(text: &str, format: SudokuFormat) -> Option<Result<Vec<Self>, Error>> {
        format.is_own(text).then(|| format::parse(text, format))
    }

    fn write(&self, format: SudokuFormat) -> Result<String, Error> {
        format::write(self, format)
    }

    fn parse_canonical(body: &Token<'_>) -> Result<Sudoku, Error> {
        format::parse_canonical(body)
    }

    fn write_canonical(&self) -> Result<String, Error> {
        format::write_canonical(self)
    }

    fn check(&self, grid: &[Vec<u8>]) -> Result<(), Error> {
        self.check(grid)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))] // native only: the system clock
mod tests {
    use super::*;
    use crate::engine::explain::test_support::assert_sound;
    use crate::engine::explain::{explain, Explain, ExplainOptions, ExplainStatus};
    use crate::engine::search::{solve, Clock, NoProgress, Outcome, SolveOptions, Status, SystemClock};

    fn run(p: &Sudoku) -> Outcome {
        solve(p, &SolveOptions::default(), &SystemClock::default(), &mut NoProgress)
    }

    fn rows(text: &str) -> Vec<Vec<u32>> {
        let n = (text.len() as f64).sqrt() as usize;
        text.as_bytes()
            .chunks(n)
            .map(|r| r.iter().map(|&b| if b == b'.' { 0 } else { u32::from(b - b'0') }).collect())
            .collect()
    }

    /// Every solution of a 4×4 by trying every digit in every empty cell in order — no
    /// propagation, no shared code with the solver but `check`: an independent counter.
    fn brute_force(p: &Sudoku, grid: &mut Vec<Vec<u8>>, cell: usize, found: &mut usize) {
        if *found >= 2 {
            return;
        }
        let n = p.size();
        if cell == n * n {
            *found += usize::from(p.check(grid).is_ok());
            return;
        }
        let (r, c) = (cell / n, cell % n);
        if grid[r][c] != 0 {
            return brute_force(p, grid, cell + 1, found);
        }
        for d in 1..=n as u8 {
            let clash = (0..n).any(|i| grid[r][i] == d || grid[i][c] == d);
            if !clash {
                grid[r][c] = d;
                brute_force(p, grid, cell + 1, found);
                grid[r][c] = 0;
            }
        }
    }

    #[test]
    fn invalid_puzzles_are_named() {
        let message = |grid: Vec<Vec<u32>>, shape, cages| Sudoku::new(grid, shape, cages).unwrap_err().to_string();
        assert_eq!(message(vec![], None, vec![]), "grid: is empty");
        assert_eq!(message(vec![vec![0; 3]; 3], None, vec![]), "grid: has 3 rows; a Sudoku is 4×4 to 16×16");
        assert_eq!(
            message(vec![vec![0; 9]; 9], Some((2, 4)), vec![]),
            "box: 2×4 boxes do not tile a 9×9 grid (rows × columns must be 9)"
        );
        assert_eq!(
            message(vec![vec![0; 7]; 7], None, vec![]),
            "box: a 7×7 grid has no box of 2 rows or more; give one"
        );
        let mut grid = vec![vec![0; 4]; 4];
        grid[1][2] = 5;
        assert_eq!(message(grid, None, vec![]), "grid[1][2]: digit 5 is not in 1..4");
        let mut grid = vec![vec![0; 4]; 4];
        grid[0][0] = 3;
        grid[1][1] = 3;
        assert_eq!(message(grid, None, vec![]), "grid[1][1]: digit 3 repeats grid[0][0] in box 1");
        let cage = |sum, cells: &[(usize, usize)]| Cage { sum, cells: cells.to_vec() };
        let open = || vec![vec![0; 4]; 4];
        assert_eq!(
            message(open(), None, vec![cage(3, &[(0, 0), (4, 0)])]),
            "cages[0].cells[1]: [4, 0] is outside the 4×4 grid"
        );
        assert_eq!(
            message(open(), None, vec![cage(3, &[(0, 0)]), cage(4, &[(1, 0), (0, 0)])]),
            "cages[1].cells[1]: [0, 0] is in cages[0] too"
        );
        let five: Vec<(usize, usize)> = (0..4).map(|c| (0, c)).chain([(1, 0)]).collect();
        assert_eq!(
            message(open(), None, vec![cage(12, &five)]),
            "cages[0]: has 5 cells, more than the 4 different digits"
        );
        assert_eq!(message(open(), None, vec![cage(3, &[])]), "cages[0].cells: is empty");
        assert_eq!(
            message(vec![vec![0; 16]; 16], None, vec![cage(3, &[(0, 0)])]),
            "cages: Killer cages are taken on grids up to 9×9, this one is 16×16"
        );
        // An impossible sum is a puzzle without solution, not an error.
        let none = Sudoku::new(open(), None, vec![cage(2, &[(0, 0), (0, 1)])]).unwrap();
        assert_eq!(run(&none).status, Status::None);
    }

    #[test]
    fn check_names_the_broken_rule() {
        let p =
            Sudoku::new(rows("1..............."), None, vec![Cage { sum: 3, cells: vec![(0, 0), (0, 1)] }]).unwrap();
        let good = vec![vec![1, 2, 3, 4], vec![3, 4, 1, 2], vec![2, 1, 4, 3], vec![4, 3, 2, 1]];
        assert_eq!(p.check(&good), Ok(()));
        let with = |r: usize, c: usize, d: u8| {
            let mut g = good.clone();
            g[r][c] = d;
            p.check(&g).unwrap_err().to_string()
        };
        assert_eq!(with(0, 0, 2), "grid[0][0]: holds 2, the given is 1");
        assert_eq!(with(1, 1, 5), "grid[1][1]: digit 5 is not in 1..4");
        assert_eq!(with(3, 3, 3), "grid[3][3]: digit 3 repeats grid[3][1] in row 4");
        let swapped = vec![vec![1, 3, 2, 4], vec![2, 4, 1, 3], vec![3, 1, 4, 2], vec![4, 2, 3, 1]];
        assert_eq!(p.check(&swapped).unwrap_err().to_string(), "cages[0]: its digits add up to 4, the cage's sum is 3");
    }

    #[test]
    fn verdicts_agree_with_brute_force_on_random_4x4() {
        let mut rng = crate::engine::generate::Rng::new(0x2545_F491);
        let mut next = move || u64::from(rng.next_u32());
        let mut seen = [0usize; 3];
        for _ in 0..400 {
            let mut grid = vec![vec![0u32; 4]; 4];
            for _ in 0..(next() % 7) {
                let (r, c, d) = ((next() % 4) as usize, (next() % 4) as usize, (next() % 4 + 1) as u32);
                grid[r][c] = d;
            }
            let Ok(p) = Sudoku::new(grid.clone(), None, Vec::new()) else { continue };
            let mut count = 0;
            let mut cells: Vec<Vec<u8>> = grid.iter().map(|r| r.iter().map(|&d| d as u8).collect()).collect();
            brute_force(&p, &mut cells, 0, &mut count);
            let outcome = run(&p);
            let expected = [Status::None, Status::Unique, Status::Multiple][count];
            assert_eq!(outcome.status, expected, "{grid:?}");
            for solution in &outcome.solutions {
                assert_eq!(p.check(solution), Ok(()));
            }
            seen[count] += 1;
        }
        assert!(seen.iter().all(|&n| n > 0), "every verdict met: {seen:?}");
    }

    /// Random 4×4 Killers: cages of 1 to 3 neighbouring cells over part of a solution, their
    /// sums sometimes one off, a given now and then; the solver's verdicts (the 45 rule's
    /// innies and outies among its deductions) against the brute force, which reads cages only
    /// through `check`.
    #[test]
    fn killer_verdicts_agree_with_brute_force_on_random_4x4() {
        let mut rng = crate::engine::generate::Rng::new(0x9E37_79B9);
        let mut next = move |n: u64| rng.below(n as usize) as u64;
        let solution = rows("1234341221434321");
        let (mut seen, mut with_house_sums) = ([0usize; 3], 0);
        for _ in 0..300 {
            let mut owner = [false; 16];
            let mut cages = Vec::new();
            for _ in 0..next(6) + 2 {
                let start = next(16) as usize;
                if owner[start] {
                    continue;
                }
                owner[start] = true;
                let mut cells = vec![(start / 4, start % 4)];
                for _ in 0..next(3) {
                    let (r, c) = cells[cells.len() - 1];
                    let (rr, cc) = if next(2) == 0 { (r, (c + 1) % 4) } else { ((r + 1) % 4, c) };
                    let digit = solution[rr][cc];
                    if owner[rr * 4 + cc] || cells.iter().any(|&(a, b)| solution[a][b] == digit) {
                        break;
                    }
                    owner[rr * 4 + cc] = true;
                    cells.push((rr, cc));
                }
                let sum: u32 = cells.iter().map(|&(r, c)| solution[r][c]).sum();
                cages.push(Cage { sum: (sum + [0, 0, 0, 1][next(4) as usize]).max(1), cells });
            }
            let mut grid = vec![vec![0u32; 4]; 4];
            if next(3) == 0 {
                let cell = next(16) as usize;
                grid[cell / 4][cell % 4] = solution[cell / 4][cell % 4];
            }
            let p = Sudoku::new(grid.clone(), None, cages).unwrap();
            with_house_sums += usize::from(!p.house_sums.is_empty());
            let mut count = 0;
            let mut cells: Vec<Vec<u8>> = grid.iter().map(|r| r.iter().map(|&d| d as u8).collect()).collect();
            brute_force(&p, &mut cells, 0, &mut count);
            let outcome = run(&p);
            assert_eq!(outcome.status, [Status::None, Status::Unique, Status::Multiple][count], "{:?}", p.cages());
            seen[count] += 1;
        }
        assert!(seen.iter().all(|&n| n > 0), "every verdict met: {seen:?}");
        assert!(with_house_sums > 100, "{with_house_sums} of 300 with a 45-rule sum");
    }

    #[test]
    fn a_hard_17_given_puzzle_is_unique_and_every_step_is_sound() {
        let p = Sudoku::new(
            rows("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"),
            None,
            Vec::new(),
        )
        .unwrap();
        let outcome = run(&p);
        assert_eq!(outcome.status, Status::Unique);
        let solution = &outcome.solutions[0];
        let explanation =
            explain(&p, p.board(), &ExplainOptions { max_steps: Some(400), ..Default::default() }, &NoClock);
        assert_sound(&explanation.steps, solution);
        assert!(explanation.status != ExplainStatus::None);
    }

    #[test]
    fn a_killer_without_givens_is_solved() {
        // Cages of the solution 123456789 shifted by 3 per row band (a hand-made Killer):
        // pairs along the rows, the last cell of each row alone.
        let solution: Vec<Vec<u32>> =
            (0..9).map(|r| (0..9).map(|c| ((r * 3 + r / 3 + c) % 9 + 1) as u32).collect()).collect();
        let mut cages = Vec::new();
        for (r, row) in solution.iter().enumerate() {
            for c in (0..8).step_by(2) {
                cages.push(Cage { sum: row[c] + row[c + 1], cells: vec![(r, c), (r, c + 1)] });
            }
            cages.push(Cage { sum: row[8], cells: vec![(r, 8)] });
        }
        let p = Sudoku::new(vec![vec![0; 9]; 9], None, cages).unwrap();
        let outcome = run(&p);
        assert!(matches!(outcome.status, Status::Unique | Status::Multiple));
        for grid in &outcome.solutions {
            assert_eq!(p.check(grid), Ok(()));
        }
    }

    struct NoClock;
    impl Clock for NoClock {
        fn now_ms(&self) -> f64 {
            0.0
        }
    }
}
