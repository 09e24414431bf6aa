//! Arbitrary bytes → a tiny puzzle of each genre → `gridlogic::solve` under a node limit.
//! Every solution returned must satisfy the rules (`Puzzle::check`), and a decided status
//! (unique / multiple / none) must agree with a brute-force count, which is cheap on grids of
//! at most 5×5. Independent oracle: the brute-force counters below enumerate digits and
//! lines with rule checks of their own written here, sharing no code with the solver.
#![no_main]

use gridlogic::kakuro::{Cell, Kakuro};
use gridlogic::nonogram::Nonogram;
use gridlogic::str8ts::Str8ts;
use gridlogic::{solve, Grid, Puzzle, SolveOptions, Status};
use libfuzzer_sys::fuzz_target;
use std::ops::RangeInclusive;

/// Brute-force searches give up (no comparison) after this many steps.
const BRUTE_FORCE_STEPS: u64 = 1_000_000;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    if let Some((puzzle, checker)) = tiny_puzzle(&mut bytes) {
        check(&puzzle, &*checker);
    }
});

/// Reads the fuzzer's bytes one at a time; zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        let (&first, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        first
    }

    /// A number in `lo..=hi`.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.next() as usize % (hi - lo + 1)
    }
}

/// The rules of one puzzle, independent of the solver.
trait Checker {
    /// The number of solutions, capped at 2; `None` when the search was too long.
    fn count(&self) -> Option<usize>;
}

fn tiny_puzzle(bytes: &mut Bytes) -> Option<(Puzzle, Box<dyn Checker>)> {
    match bytes.next() % 3 {
        0 => tiny_nonogram(bytes),
        1 => tiny_kakuro(bytes),
        _ => tiny_str8ts(bytes),
    }
}

fn check(puzzle: &Puzzle, checker: &dyn Checker) {
    let options = SolveOptions { max_solutions: 2, time_limit_ms: None, node_limit: Some(5_000) };
    let outcome = solve(puzzle, &options).expect("valid options");
    for grid in &outcome.solutions {
        if let Err(e) = puzzle.check(grid) {
            panic!("{puzzle:?}: returned solution {grid:?} breaks the rules: {e}");
        }
    }
    let expected = match outcome.status {
        Status::Unknown => return,
        Status::Unique => 1,
        Status::Multiple => {
            assert_eq!(outcome.solutions.len(), 2, "{puzzle:?}: multiple without two solutions");
            assert_ne!(outcome.solutions[0], outcome.solutions[1], "{puzzle:?}: the two solutions are equal");
            2
        }
        Status::None => 0,
    };
    if let Some(count) = checker.count() {
        assert_eq!(count, expected, "{puzzle:?}: status {:?} but brute force counts {count}", outcome.status);
    }
}

// ---- nonogram ----

struct NonogramRules {
    rows: Vec<Vec<u32>>,
    cols: Vec<Vec<u32>>,
}

/// The clue of a 0/1 line, by the library's clue builder (`Nonogram::from_solution`, tested on
/// its own): the counts below share no code with the solver, only this reading of a line.
fn clue_of(line: &[u8]) -> Vec<u32> {
    Nonogram::from_solution(&[line.to_vec()]).expect("a 0/1 line").rows()[0].clone()
}

/// Every 0/1 line of `width` cells whose runs are `clue`.
fn lines_with(clue: &[u32], width: usize) -> Vec<Vec<u8>> {
    (0u32..1 << width)
        .map(|bits| (0..width).map(|i| (bits >> i & 1) as u8).collect::<Vec<u8>>())
        .filter(|line| clue_of(line) == clue)
        .collect()
}

fn tiny_nonogram(bytes: &mut Bytes) -> Option<(Puzzle, Box<dyn Checker>)> {
    let (height, width) = (bytes.range(1, 5), bytes.range(1, 5));
    let from_grid = bytes.next().is_multiple_of(2);
    let mut clues = |count: usize, length: usize| -> Vec<Vec<u32>> {
        (0..count)
            .map(|_| {
                let n = bytes.range(0, 3);
                (0..n).map(|_| bytes.range(0, length) as u32).collect()
            })
            .collect()
    };
    let puzzle = if from_grid {
        let grid: Vec<Vec<u8>> = (0..height).map(|_| (0..width).map(|_| bytes.next() & 1).collect()).collect();
        Nonogram::from_solution(&grid).ok()?
    } else {
        Nonogram::new(clues(height, width), clues(width, height)).ok()?
    };
    let rules = NonogramRules { rows: puzzle.rows().to_vec(), cols: puzzle.cols().to_vec() };
    Some((Puzzle::Nonogram(puzzle), Box::new(rules)))
}

impl NonogramRules {
    /// Whether the full `grid` (rows of 0/1 cells of the puzzle's size) satisfies every clue.
    fn satisfied(&self, grid: &Grid) -> bool {
        let clues = Nonogram::from_solution(grid).expect("a 0/1 grid");
        clues.rows() == self.rows && clues.cols() == self.cols
    }
}

impl Checker for NonogramRules {
    fn count(&self) -> Option<usize> {
        let width = self.cols.len();
        let options: Vec<Vec<Vec<u8>>> = self.rows.iter().map(|clue| lines_with(clue, width)).collect();
        let mut grid = Vec::new();
        let mut count = 0;
        self.choose_rows(&options, &mut grid, &mut count);
        Some(count.min(2))
    }
}

impl NonogramRules {
    /// Counts the grids made of the rows' possible lines that satisfy the columns.
    fn choose_rows(&self, options: &[Vec<Vec<u8>>], grid: &mut Grid, count: &mut usize) {
        if grid.len() == options.len() {
            *count += usize::from(self.satisfied(grid));
            return;
        }
        for line in &options[grid.len()] {
            grid.push(line.clone());
            self.choose_rows(options, grid, count);
            grid.pop();
        }
    }
}

// ---- kakuro ----

struct KakuroRules {
    /// `None` for a block; `Some(given)` for a white cell (0: empty).
    cells: Vec<Vec<Option<u8>>>,
    runs: Vec<KakuroRun>,
}

/// A run of white cells with its clue, if any.
struct KakuroRun {
    cells: Vec<(usize, usize)>,
    clue: Option<u32>,
}

fn tiny_kakuro(bytes: &mut Bytes) -> Option<(Puzzle, Box<dyn Checker>)> {
    let (height, width) = (bytes.range(2, 5), bytes.range(2, 5));
    // A random layout and a random (not necessarily valid) filling, whose run sums become clues.
    let mut fill = vec![vec![0u32; width]; height];
    let mut white = vec![vec![false; width]; height];
    let mut given = vec![vec![false; width]; height];
    for r in 0..height {
        for c in 0..width {
            let b = bytes.next();
            white[r][c] = r > 0 && c > 0 && !b.is_multiple_of(4);
            fill[r][c] = 1 + u32::from(bytes.next() % 9);
            given[r][c] = b % 16 == 1;
        }
    }
    let clue_mask = bytes.next();
    // The run sums of the filling are the clues (a run that repeats a digit gives a puzzle
    // that the filling does not solve, which may then have no solution at all).
    let filled: Grid = (0..height)
        .map(|r| (0..width).map(|c| if white[r][c] { fill[r][c] as u8 } else { 0 }).collect())
        .collect();
    let mut grid = Kakuro::from_solution(&filled).ok()?.cells().to_vec();
    for r in 0..height {
        for c in 0..width {
            grid[r][c] = match grid[r][c] {
                Cell::White(_) => Cell::White(given[r][c].then_some(fill[r][c])),
                Cell::Block { down, across } => {
                    let keep = |bit: u32| clue_mask >> ((r * width + c + bit as usize) % 8) & 1 == 1 || clue_mask == 0;
                    Cell::Block { down: down.filter(|_| keep(0)), across: across.filter(|_| keep(1)) }
                }
            };
        }
    }
    let puzzle = Kakuro::new(grid.clone()).ok()?;
    let cells: Vec<Vec<Option<u8>>> = grid
        .iter()
        .map(|row| row.iter().map(|cell| match *cell {
            Cell::White(d) => Some(d.unwrap_or(0) as u8),
            Cell::Block { .. } => None,
        }).collect())
        .collect();
    let mut runs = Vec::new();
    for (dr, dc) in [(0, 1), (1, 0)] {
        for r in 0..height {
            for c in 0..width {
                let starts = white[r][c] && !(if dr == 1 { r > 0 && white[r - 1][c] } else { c > 0 && white[r][c - 1] });
                if !starts {
                    continue;
                }
                let clue = match (r.checked_sub(dr), c.checked_sub(dc)) {
                    (Some(br), Some(bc)) => match grid[br][bc] {
                        Cell::Block { down, across } => if dr == 1 { down } else { across },
                        Cell::White(_) => None,
                    },
                    _ => None,
                };
                let mut cells_of_run = Vec::new();
                let (mut rr, mut cc) = (r, c);
                while rr < height && cc < width && white[rr][cc] {
                    cells_of_run.push((rr, cc));
                    rr += dr;
                    cc += dc;
                }
                runs.push(KakuroRun { cells: cells_of_run, clue });
            }
        }
    }
    Some((Puzzle::Kakuro(puzzle), Box::new(KakuroRules { cells, runs })))
}

impl KakuroRules {
    /// Whether the run's filled cells break a rule: a repeated digit, a sum beyond the clue,
    /// or, once the run is full, a sum other than the clue.
    fn run_broken(&self, grid: &Grid, run: &KakuroRun) -> bool {
        let mut seen = 0u16;
        let mut sum = 0;
        let mut complete = true;
        for &(r, c) in &run.cells {
            let d = grid[r][c];
            if d == 0 {
                complete = false;
                continue;
            }
            if seen >> d & 1 == 1 {
                return true;
            }
            seen |= 1 << d;
            sum += u32::from(d);
        }
        match run.clue {
            Some(clue) => sum > clue || (complete && sum != clue),
            None => false,
        }
    }
}

impl Checker for KakuroRules {
    fn count(&self) -> Option<usize> {
        let digits = |r: usize, c: usize| match self.cells[r][c] {
            None => None,
            Some(0) => Some(1..=9),
            Some(d) => Some(d..=d),
        };
        let broken = |grid: &Grid, r: usize, c: usize| {
            self.runs.iter().filter(|run| run.cells.contains(&(r, c))).any(|run| self.run_broken(grid, run))
        };
        count_fillings(self.cells.len(), self.cells[0].len(), &digits, &broken)
    }
}

// ---- str8ts ----

struct Str8tsRules {
    size: usize,
    digits: Vec<Vec<u8>>,
    black: Vec<Vec<bool>>,
}

fn tiny_str8ts(bytes: &mut Bytes) -> Option<(Puzzle, Box<dyn Checker>)> {
    let size = bytes.range(4, 5);
    let mut digits = vec![vec![0u32; size]; size];
    let mut black = vec![vec![false; size]; size];
    for r in 0..size {
        for c in 0..size {
            let b = bytes.next();
            black[r][c] = b.is_multiple_of(5);
            digits[r][c] = if b.is_multiple_of(3) { u32::from(b / 3) % size as u32 + 1 } else { 0 };
        }
    }
    let puzzle = Str8ts::new(digits.clone(), black.clone()).ok()?;
    let digits = digits.iter().map(|row| row.iter().map(|&d| d as u8).collect()).collect();
    Some((Puzzle::Str8ts(puzzle), Box::new(Str8tsRules { size, digits, black })))
}

impl Str8tsRules {
    /// Whether the filled cells of `lines` (rows `0..n`, then columns `n..2n`) break a rule: a
    /// repeated digit in a line, or a compartment whose digits span more than its length.
    fn broken(&self, grid: &Grid, lines: impl IntoIterator<Item = usize>) -> bool {
        let n = self.size;
        for line in lines {
            let at = |k: usize| if line < n { (line, k) } else { (k, line - n) };
            let mut seen = 0u32;
            for k in 0..n {
                let (r, c) = at(k);
                let d = if self.black[r][c] { self.digits[r][c] } else { grid[r][c] };
                if d != 0 {
                    if seen >> d & 1 == 1 {
                        return true;
                    }
                    seen |= 1 << d;
                }
            }
            let mut k = 0;
            while k < n {
                let start = k;
                while k < n && !self.black[at(k).0][at(k).1] {
                    k += 1;
                }
                // The filled digits of a compartment must fit in a straight of its length
                // (and, once it is full, with no repeat, they are one).
                let filled: Vec<u8> = (start..k).map(|i| grid[at(i).0][at(i).1]).filter(|&d| d != 0).collect();
                if let (Some(lo), Some(hi)) = (filled.iter().min(), filled.iter().max()) {
                    if usize::from(hi - lo) + 1 > k - start {
                        return true;
                    }
                }
                k += 1;
            }
        }
        false
    }
}

impl Checker for Str8tsRules {
    fn count(&self) -> Option<usize> {
        let n = self.size;
        let digits = |r: usize, c: usize| match (self.black[r][c], self.digits[r][c]) {
            (true, _) => None,
            (false, 0) => Some(1..=n as u8),
            (false, d) => Some(d..=d),
        };
        let broken = |grid: &Grid, r: usize, c: usize| self.broken(grid, [r, n + c]);
        count_fillings(n, n, &digits, &broken)
    }
}

// ---- the brute-force filling shared by Kakuro and Str8ts ----

/// The digits a cell may hold (`None`: a cell that takes none, a block or a black cell).
type CellDigits<'a> = dyn Fn(usize, usize) -> Option<RangeInclusive<u8>> + 'a;
/// Whether the lines through a cell just filled break a rule.
type Broken<'a> = dyn Fn(&Grid, usize, usize) -> bool + 'a;

/// The number of fillings of a `height`×`width` grid (capped at 2) that break no rule, by
/// trying every digit of every cell in reading order and abandoning a digit as soon as
/// `broken` says so; `None` when that took over `BRUTE_FORCE_STEPS` steps.
fn count_fillings(height: usize, width: usize, digits: &CellDigits, broken: &Broken) -> Option<usize> {
    struct Fill<'a> {
        width: usize,
        end: usize,
        digits: &'a CellDigits<'a>,
        broken: &'a Broken<'a>,
        count: usize,
        steps: u64,
    }
    impl Fill<'_> {
        /// Fills from `cell` on; false when the steps ran out.
        fn search(&mut self, grid: &mut Grid, cell: usize) -> bool {
            self.steps += 1;
            if self.steps > BRUTE_FORCE_STEPS {
                return false;
            }
            if cell == self.end {
                self.count += 1;
                return true;
            }
            let (r, c) = (cell / self.width, cell % self.width);
            let Some(digits) = (self.digits)(r, c) else { return self.search(grid, cell + 1) };
            for d in digits {
                grid[r][c] = d;
                if !(self.broken)(grid, r, c) && !self.search(grid, cell + 1) {
                    return false;
                }
                if self.count >= 2 {
                    break;
                }
            }
            grid[r][c] = 0;
            true
        }
    }
    let mut fill = Fill { width, end: height * width, digits, broken, count: 0, steps: 0 };
    fill.search(&mut vec![vec![0; width]; height], 0).then_some(fill.count.min(2))
}
