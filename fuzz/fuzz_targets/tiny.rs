//! Tiny puzzles from fuzzer bytes, with brute-force rules of their own: shared by the
//! `solve_small` and `explain_small` targets. A nonogram ≤ 5×5 (from a random grid or random
//! clues), a Kakuro ≤ 5×5 (random layout, sums of a random filling), a 4×4 / 5×5 Str8ts
//! (random colours and givens), a colour nonogram ≤ 4×5 in 2–3 colours (from a random
//! picture). The brute-force searches enumerate digits and lines with rule
//! checks written here, sharing no code with the solver or the explained logic.

use gridlogic::kakuro::{Cell, Kakuro};
use gridlogic::nonogram::{Block, ColorNonogram, Nonogram};
use gridlogic::str8ts::Str8ts;
use gridlogic::{Grid, Puzzle};
use std::ops::RangeInclusive;

/// Brute-force searches give up (no comparison) after this many steps.
const BRUTE_FORCE_STEPS: u64 = 1_000_000;

/// Reads the fuzzer's bytes one at a time; zeros once they run out.
pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    pub fn next(&mut self) -> u8 {
        let (&first, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        first
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.next() as usize % (hi - lo + 1)
    }
}

/// The rules of one puzzle, independent of the solver.
pub trait Checker {
    /// The solutions, at most `limit` of them; `None` when the search was too long.
    fn solutions(&self, limit: usize) -> Option<Vec<Grid>>;

    /// The number of solutions, capped at 2; `None` when the search was too long.
    fn count(&self) -> Option<usize> {
        self.solutions(2).map(|found| found.len())
    }
}

/// The rules of a digit genre (Kakuro, Str8ts) as [`brute_force`] reads them.
trait DigitRules {
    /// The grid's rows and columns.
    fn shape(&self) -> (usize, usize);

    /// The digits cell `(r, c)` may take (its given, or every digit); `None` for a cell no
    /// digit is written in (it stays 0 in a solution).
    fn digits(&self, r: usize, c: usize) -> Option<RangeInclusive<u8>>;

    /// Whether `grid` (0: not filled yet) breaks a rule in a line through `(r, c)`, the cell
    /// filled last.
    fn broken_at(&self, grid: &Grid, r: usize, c: usize) -> bool;
}

/// The solutions of `rules` (up to `limit`), cell by cell in reading order, each digit checked
/// against the lines through its cell; `None` when the search took over [`BRUTE_FORCE_STEPS`].
fn brute_force(rules: &impl DigitRules, limit: usize) -> Option<Vec<Grid>> {
    let (height, width) = rules.shape();
    let mut grid = vec![vec![0; width]; height];
    let (mut found, mut steps) = (Vec::new(), 0);
    fill(rules, &mut grid, 0, &mut found, limit, &mut steps).then_some(found)
}

/// [`brute_force`] from `cell` on; false when the search was too long.
fn fill(
    rules: &impl DigitRules,
    grid: &mut Grid,
    cell: usize,
    found: &mut Vec<Grid>,
    limit: usize,
    steps: &mut u64,
) -> bool {
    *steps += 1;
    if *steps > BRUTE_FORCE_STEPS {
        return false;
    }
    let width = grid[0].len();
    if cell == grid.len() * width {
        found.push(grid.clone());
        return true;
    }
    let (r, c) = (cell / width, cell % width);
    let Some(digits) = rules.digits(r, c) else {
        return fill(rules, grid, cell + 1, found, limit, steps);
    };
    for d in digits {
        grid[r][c] = d;
        if !rules.broken_at(grid, r, c) && !fill(rules, grid, cell + 1, found, limit, steps) {
            return false;
        }
        if found.len() >= limit {
            break;
        }
    }
    grid[r][c] = 0;
    true
}

/// A tiny puzzle of a genre the first byte picks, with its independent rules.
pub fn tiny_puzzle(bytes: &mut Bytes) -> Option<(Puzzle, Box<dyn Checker>)> {
    match bytes.next() % 4 {
        0 => tiny_nonogram(bytes),
        1 => tiny_kakuro(bytes),
        2 => tiny_str8ts(bytes),
        _ => tiny_color_nonogram(bytes),
    }
}

// ---- colour nonogram ----

/// The palette of the tiny colour nonograms (colour 1 first).
const PALETTE: [&str; 3] = ["#d03030", "#3050d0", "#208040"];

struct ColorRules {
    colours: u8,
    rows: Vec<Vec<(u32, u8)>>,
    cols: Vec<Vec<(u32, u8)>>,
}

/// The blocks of a line of colour indices as (length, colour): maximal runs of one colour
/// other than 0.
fn colour_runs(line: impl IntoIterator<Item = u8>) -> Vec<(u32, u8)> {
    let mut runs: Vec<(u32, u8)> = Vec::new();
    let mut previous = 0;
    for cell in line {
        match runs.last_mut() {
            Some((length, colour)) if cell != 0 && cell == previous && *colour == cell => *length += 1,
            _ if cell != 0 => runs.push((1, cell)),
            _ => {}
        }
        previous = cell;
    }
    runs
}

/// A colour nonogram ≤ 4×5 with 2 or 3 colours, the clues of a random picture.
pub fn tiny_color_nonogram(bytes: &mut Bytes) -> Option<(Puzzle, Box<dyn Checker>)> {
    let (height, width, colours) = (bytes.range(1, 4), bytes.range(1, 5), bytes.range(2, 3) as u8);
    let grid: Vec<Vec<u8>> = (0..height).map(|_| (0..width).map(|_| bytes.next() % (colours + 1)).collect()).collect();
    let palette = PALETTE[..usize::from(colours)].iter().map(|c| c.to_string()).collect();
    let puzzle = ColorNonogram::from_solution(palette, None, &grid).ok()?;
    let blocks = |lines: &[Vec<Block>]| lines.iter().map(|l| l.iter().map(|b| (b.len, b.color)).collect()).collect();
    let rules = ColorRules { colours, rows: blocks(puzzle.rows()), cols: blocks(puzzle.cols()) };
    Some((Puzzle::ColorNonogram(puzzle), Box::new(rules)))
}

impl Checker for ColorRules {
    fn solutions(&self, limit: usize) -> Option<Vec<Grid>> {
        let width = self.cols.len();
        let every_line = (0..(u32::from(self.colours) + 1).pow(width as u32)).map(|mut code| {
            (0..width)
                .map(|_| {
                    let cell = (code % (u32::from(self.colours) + 1)) as u8;
                    code /= u32::from(self.colours) + 1;
                    cell
                })
                .collect::<Vec<u8>>()
        });
        let every_line: Vec<Vec<u8>> = every_line.collect();
        let options: Vec<Vec<Vec<u8>>> = self
            .rows
            .iter()
            .map(|clue| every_line.iter().filter(|line| colour_runs(line.iter().copied()) == *clue).cloned().collect())
            .collect();
        let mut found = Vec::new();
        let columns_hold = |grid: &Grid| {
            self.cols.iter().enumerate().all(|(c, clue)| colour_runs(grid.iter().map(|row| row[c])) == *clue)
        };
        choose_rows(&options, &mut Vec::new(), &mut found, limit, &columns_hold);
        Some(found)
    }
}

// ---- nonogram ----

struct NonogramRules {
    rows: Vec<Vec<u32>>,
    cols: Vec<Vec<u32>>,
}

/// The lengths of the filled runs of a line.
fn runs(line: impl IntoIterator<Item = u8>) -> Vec<u32> {
    let mut runs = Vec::new();
    let mut length = 0;
    for cell in line.into_iter().chain([0]) {
        if cell == 1 {
            length += 1;
        } else if length > 0 {
            runs.push(length);
            length = 0;
        }
    }
    runs
}

/// Every 0/1 line of `width` cells whose runs are `clue`.
fn lines_with(clue: &[u32], width: usize) -> Vec<Vec<u8>> {
    (0u32..1 << width)
        .map(|bits| (0..width).map(|i| (bits >> i & 1) as u8).collect::<Vec<u8>>())
        .filter(|line| runs(line.iter().copied()) == clue)
        .collect()
}

fn tiny_nonogram(bytes: &mut Bytes) -> Option<(Puzzle, Box<dyn Checker>)> {
    let (height, width) = (bytes.range(1, 5), bytes.range(1, 5));
    let from_grid = bytes.next() % 2 == 0;
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
    /// Whether the full `grid` satisfies every clue.
    fn satisfied(&self, grid: &Grid) -> bool {
        let width = self.cols.len();
        grid.len() == self.rows.len()
            && grid.iter().all(|row| row.len() == width && row.iter().all(|&c| c <= 1))
            && grid.iter().zip(&self.rows).all(|(row, clue)| runs(row.iter().copied()) == *clue)
            && self.cols.iter().enumerate().all(|(c, clue)| runs(grid.iter().map(|row| row[c])) == *clue)
    }
}

impl Checker for NonogramRules {
    fn solutions(&self, limit: usize) -> Option<Vec<Grid>> {
        let width = self.cols.len();
        let options: Vec<Vec<Vec<u8>>> = self.rows.iter().map(|clue| lines_with(clue, width)).collect();
        let mut found = Vec::new();
        choose_rows(&options, &mut Vec::new(), &mut found, limit, &|grid| self.satisfied(grid));
        Some(found)
    }
}

/// Collects (up to `limit`) the grids made of the rows' possible lines (`options`, row by
/// row) that `columns_hold` accepts: the brute force of both nonogram kinds.
fn choose_rows(
    options: &[Vec<Vec<u8>>],
    grid: &mut Grid,
    found: &mut Vec<Grid>,
    limit: usize,
    columns_hold: &dyn Fn(&Grid) -> bool,
) {
    if found.len() >= limit {
        return;
    }
    if grid.len() == options.len() {
        if columns_hold(grid) {
            found.push(grid.clone());
        }
        return;
    }
    for line in &options[grid.len()] {
        grid.push(line.clone());
        choose_rows(options, grid, found, limit, columns_hold);
        grid.pop();
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
            white[r][c] = r > 0 && c > 0 && b % 4 != 0;
            fill[r][c] = 1 + u32::from(bytes.next() % 9);
            given[r][c] = b % 16 == 1;
        }
    }
    let clue_mask = bytes.next();
    // The run sums of the filling are the clues (a run that repeats a digit gives a puzzle
    // that the filling does not solve, which may then have no solution at all).
    let filled: Grid =
        (0..height).map(|r| (0..width).map(|c| if white[r][c] { fill[r][c] as u8 } else { 0 }).collect()).collect();
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
        .map(|row| {
            row.iter()
                .map(|cell| match *cell {
                    Cell::White(d) => Some(d.unwrap_or(0) as u8),
                    Cell::Block { .. } => None,
                })
                .collect()
        })
        .collect();
    let mut runs = Vec::new();
    for (dr, dc) in [(0, 1), (1, 0)] {
        for r in 0..height {
            for c in 0..width {
                let starts =
                    white[r][c] && !(if dr == 1 { r > 0 && white[r - 1][c] } else { c > 0 && white[r][c - 1] });
                if !starts {
                    continue;
                }
                let clue = match (r.checked_sub(dr), c.checked_sub(dc)) {
                    (Some(br), Some(bc)) => match grid[br][bc] {
                        Cell::Block { down, across } => {
                            if dr == 1 {
                                down
                            } else {
                                across
                            }
                        }
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

impl DigitRules for KakuroRules {
    fn shape(&self) -> (usize, usize) {
        (self.cells.len(), self.cells[0].len())
    }

    fn digits(&self, r: usize, c: usize) -> Option<RangeInclusive<u8>> {
        match self.cells[r][c] {
            None => None,
            Some(0) => Some(1..=9),
            Some(d) => Some(d..=d),
        }
    }

    fn broken_at(&self, grid: &Grid, r: usize, c: usize) -> bool {
        self.runs.iter().filter(|run| run.cells.contains(&(r, c))).any(|run| self.run_broken(grid, run))
    }
}

impl Checker for KakuroRules {
    fn solutions(&self, limit: usize) -> Option<Vec<Grid>> {
        brute_force(self, limit)
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
            black[r][c] = b % 5 == 0;
            digits[r][c] = if b % 3 == 0 { u32::from(b / 3) % size as u32 + 1 } else { 0 };
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

impl DigitRules for Str8tsRules {
    fn shape(&self) -> (usize, usize) {
        (self.size, self.size)
    }

    fn digits(&self, r: usize, c: usize) -> Option<RangeInclusive<u8>> {
        match (self.black[r][c], self.digits[r][c]) {
            (true, _) => None,
            (false, 0) => Some(1..=self.size as u8),
            (false, d) => Some(d..=d),
        }
    }

    fn broken_at(&self, grid: &Grid, r: usize, c: usize) -> bool {
        self.broken(grid, [r, self.size + c])
    }
}

impl Checker for Str8tsRules {
    fn solutions(&self, limit: usize) -> Option<Vec<Grid>> {
        brute_force(self, limit)
    }
}
