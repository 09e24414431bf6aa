//! Generated puzzles against an independent oracle.
//!
//! Uniqueness is checked by BRUTE FORCE written here, sharing nothing with the solvers:
//! nonograms by trying all 2^(w·h) grids (at most 20 cells), colour nonograms all
//! (colours + 1)^(w·h) grids (at most 600,000), Kakuro and Str8ts by a plain
//! depth-first search over the white cells (digits in order, only the rules checked: no
//! repeats, sums, straights), counting up to two solutions. The level is checked against the
//! rating recomputed from scratch (`explain` with trial, what `rate` does); determinism by
//! generating twice; the options' errors by their messages.

use gridlogic::engine::explain::{explain, Explain, ExplainOptions, LABELS, SHORT_TRIAL, TRIAL};
use gridlogic::kakuro::{Cell, Kakuro};
use gridlogic::nonogram::{ColorNonogram, Nonogram};
use gridlogic::str8ts::Str8ts;
use gridlogic::sudoku::Sudoku;
use gridlogic::{
    color_nonogram_from_picture, generate, nonogram_from_picture, GenerateOptions, Generated, Grid, NoProgress, Puzzle,
    Stats, Status, SystemClock,
};
use proptest::prelude::*;

/// The runs of filled cells of a line.
fn runs(cells: impl Iterator<Item = bool>) -> Vec<u32> {
    let mut runs = Vec::new();
    let mut length = 0;
    for filled in cells.chain(std::iter::once(false)) {
        if filled {
            length += 1;
        } else if length > 0 {
            runs.push(length);
            length = 0;
        }
    }
    runs
}

/// All solutions of a nonogram of at most 20 cells, by trying every grid.
fn nonogram_solutions(puzzle: &Nonogram) -> Vec<Grid> {
    let (w, h) = (puzzle.width(), puzzle.height());
    assert!(w * h <= 20, "brute force is for tiny nonograms");
    let mut found = Vec::new();
    for bits in 0u32..1 << (w * h) {
        let at = |r: usize, c: usize| bits >> (r * w + c) & 1 == 1;
        if (0..h).all(|r| runs((0..w).map(|c| at(r, c))) == puzzle.rows()[r])
            && (0..w).all(|c| runs((0..h).map(|r| at(r, c))) == puzzle.cols()[c])
        {
            found.push((0..h).map(|r| (0..w).map(|c| u8::from(at(r, c))).collect()).collect());
        }
    }
    found
}

/// The blocks of a line of colour indices as (length, colour): runs of one colour but 0.
fn colour_runs(cells: impl Iterator<Item = u8>) -> Vec<(u32, u8)> {
    let mut runs: Vec<(u32, u8)> = Vec::new();
    let mut previous = 0;
    for colour in cells {
        if colour != 0 {
            match runs.last_mut() {
                Some((length, _)) if colour == previous => *length += 1,
                _ => runs.push((1, colour)),
            }
        }
        previous = colour;
    }
    runs
}

/// All solutions of a tiny colour nonogram, by trying every grid of colour indices.
fn colour_nonogram_solutions(puzzle: &ColorNonogram) -> Vec<Grid> {
    let (w, h, values) = (puzzle.width(), puzzle.height(), puzzle.colors().len() as u64 + 1);
    let grids = values.checked_pow((w * h) as u32).filter(|&n| n <= 600_000).expect("brute force is for tiny puzzles");
    let clue = |blocks: &[gridlogic::nonogram::Block]| blocks.iter().map(|b| (b.len, b.color)).collect::<Vec<_>>();
    let mut found = Vec::new();
    for mut code in 0..grids {
        let mut grid = vec![vec![0u8; w]; h];
        for cell in grid.iter_mut().flatten() {
            *cell = (code % values) as u8;
            code /= values;
        }
        if (0..h).all(|r| colour_runs(grid[r].iter().copied()) == clue(&puzzle.rows()[r]))
            && (0..w).all(|c| colour_runs(grid.iter().map(|row| row[c])) == clue(&puzzle.cols()[c]))
        {
            found.push(grid);
        }
    }
    found
}

/// A rule checked when a cell gets a digit (the cells before it in reading order are filled).
type Rule<'a> = &'a dyn Fn(&Grid, (usize, usize)) -> bool;

/// Up to two fillings of `whites` (in order) with digits 1..=`max` where every digit placed
/// passes `ok`: a plain depth-first search.
fn fillings(whites: &[(usize, usize)], max: u8, grid: &mut Grid, ok: Rule) -> Vec<Grid> {
    fn search(i: usize, whites: &[(usize, usize)], max: u8, grid: &mut Grid, found: &mut Vec<Grid>, ok: Rule) {
        if found.len() >= 2 {
            return;
        }
        let Some(&(r, c)) = whites.get(i) else {
            found.push(grid.clone());
            return;
        };
        for d in 1..=max {
            grid[r][c] = d;
            if ok(grid, (r, c)) {
                search(i + 1, whites, max, grid, found, ok);
            }
        }
        grid[r][c] = 0;
    }
    let mut found = Vec::new();
    search(0, whites, max, grid, &mut found, ok);
    found
}

/// Up to two solutions of a Kakuro, by depth-first search over white cells in reading order.
fn kakuro_solutions(puzzle: &Kakuro) -> Vec<Grid> {
    let cells = puzzle.cells();
    let (h, w) = (puzzle.height(), puzzle.width());
    let whites: Vec<(usize, usize)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter(|&(r, c)| matches!(cells[r][c], Cell::White(_)))
        .collect();
    let mut grid = vec![vec![0u8; w]; h];
    // The run through (r, c) along (dr, dc): its cells and its clue.
    let run = |r: usize, c: usize, across: bool| {
        let (mut sr, mut sc) = (r, c);
        loop {
            let (pr, pc) = if across { (sr, sc.wrapping_sub(1)) } else { (sr.wrapping_sub(1), sc) };
            match cells.get(pr).and_then(|row| row.get(pc)) {
                Some(Cell::White(_)) => (sr, sc) = (pr, pc),
                Some(&Cell::Block { down, across: a }) => break (sr, sc, if across { a } else { down }),
                None => break (sr, sc, None),
            }
        }
    };
    let ok = |grid: &Grid, (r, c): (usize, usize)| {
        if let Cell::White(Some(given)) = cells[r][c] {
            if u32::from(grid[r][c]) != given {
                return false;
            }
        }
        for across in [true, false] {
            let (sr, sc, clue) = run(r, c, across);
            let mut digits = Vec::new();
            let (mut rr, mut cc) = (sr, sc);
            let mut complete = true;
            while rr < h && cc < w && matches!(cells[rr][cc], Cell::White(_)) {
                match grid[rr][cc] {
                    0 => complete = false,
                    d => digits.push(u32::from(d)),
                }
                if across {
                    cc += 1
                } else {
                    rr += 1
                }
            }
            let mut sorted = digits.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() != digits.len() {
                return false;
            }
            let sum: u32 = digits.iter().sum();
            if let Some(clue) = clue {
                if sum > clue || (complete && sum != clue) {
                    return false;
                }
            }
        }
        true
    };
    fillings(&whites, 9, &mut grid, &ok)
}

/// Up to two solutions of a Str8ts, by depth-first search over white cells in reading order.
fn str8ts_solutions(puzzle: &Str8ts) -> Vec<Grid> {
    let n = puzzle.size();
    let mut grid = vec![vec![0u8; n]; n];
    let whites: Vec<(usize, usize)> =
        (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).filter(|&(r, c)| !puzzle.is_black(r, c)).collect();
    // A line's value at a cell: the digit written, or the black cell's clue.
    let value = |grid: &Grid, r: usize, c: usize| {
        if puzzle.is_black(r, c) {
            puzzle.given(r, c) as u8
        } else {
            grid[r][c]
        }
    };
    let ok = |grid: &Grid, (r, c): (usize, usize)| {
        let d = grid[r][c];
        let given = puzzle.given(r, c) as u8;
        if given != 0 && d != given {
            return false;
        }
        if (0..n).any(|i| (i != c && value(grid, r, i) == d) || (i != r && value(grid, i, c) == d)) {
            return false;
        }
        // A compartment ending here (the next cell black or the border) must be a straight.
        for across in [true, false] {
            let next_white =
                if across { c + 1 < n && !puzzle.is_black(r, c + 1) } else { r + 1 < n && !puzzle.is_black(r + 1, c) };
            if next_white {
                continue;
            }
            let mut digits = vec![d];
            let (mut rr, mut cc) = (r, c);
            loop {
                let (pr, pc) = if across { (rr, cc.wrapping_sub(1)) } else { (rr.wrapping_sub(1), cc) };
                if pr >= n || pc >= n || puzzle.is_black(pr, pc) {
                    break;
                }
                digits.push(grid[pr][pc]);
                (rr, cc) = (pr, pc);
            }
            let (lo, hi) = (digits.iter().min().unwrap(), digits.iter().max().unwrap());
            if usize::from(hi - lo) + 1 != digits.len() {
                return false;
            }
        }
        true
    };
    fillings(&whites, n as u8, &mut grid, &ok)
}

/// Up to two solutions of a Sudoku, by depth-first search that fills next the empty cell with
/// the fewest digits left (each digit checked against its row, column and box and a Killer's
/// cage — different digits, and a sum the cage's empty cells can still reach with digits it
/// does not hold yet — the whole grid against `check`).
fn sudoku_solutions(puzzle: &Sudoku) -> Vec<Grid> {
    let n = puzzle.size();
    let (bh, bw) = puzzle.box_shape();
    let mut cage_of = vec![None; n * n];
    for (k, cage) in puzzle.cages().iter().enumerate() {
        for &(r, c) in &cage.cells {
            cage_of[r * n + c] = Some(k);
        }
    }
    // Can digit d go in the empty cell (r, c)?
    let allows = |grid: &Grid, r: usize, c: usize, d: u8| {
        let in_box = (0..n).any(|i| grid[r / bh * bh + i / bw][c / bw * bw + i % bw] == d);
        if in_box || (0..n).any(|i| grid[r][i] == d || grid[i][c] == d) {
            return false;
        }
        let Some(k) = cage_of[r * n + c] else { return true };
        let cage = &puzzle.cages()[k];
        let mut held = vec![false; n + 1];
        held[usize::from(d)] = true;
        let (mut sum, mut empty) = (u32::from(d), 0);
        for &(cr, cc) in &cage.cells {
            match grid[cr][cc] {
                0 if (cr, cc) != (r, c) => empty += 1,
                0 => {}
                other if other == d => return false,
                other => {
                    held[usize::from(other)] = true;
                    sum += u32::from(other);
                }
            }
        }
        let Some(left) = cage.sum.checked_sub(sum) else { return false };
        // The empty cells need `empty` different digits the cage does not hold, adding up to `left`.
        let free: Vec<u32> = (1..=n as u32).filter(|&x| !held[x as usize]).collect();
        if free.len() < empty {
            return false;
        }
        let least: u32 = free[..empty].iter().sum();
        let most: u32 = free[free.len() - empty..].iter().sum();
        (least..=most).contains(&left)
    };
    fn fill(puzzle: &Sudoku, allows: &dyn Fn(&Grid, usize, usize, u8) -> bool, grid: &mut Grid, found: &mut Vec<Grid>) {
        let n = puzzle.size();
        if found.len() >= 2 {
            return;
        }
        // The empty cell with the fewest digits left, and those digits.
        let mut best: Option<(usize, usize, Vec<u8>)> = None;
        for r in 0..n {
            for c in 0..n {
                if grid[r][c] != 0 {
                    continue;
                }
                let digits: Vec<u8> = (1..=n as u8).filter(|&d| allows(grid, r, c, d)).collect();
                if best.as_ref().map_or(true, |(_, _, fewest)| digits.len() < fewest.len()) {
                    best = Some((r, c, digits));
                }
            }
        }
        let Some((r, c, digits)) = best else {
            if puzzle.check(grid).is_ok() {
                found.push(grid.clone());
            }
            return;
        };
        for d in digits {
            grid[r][c] = d;
            fill(puzzle, allows, grid, found);
            grid[r][c] = 0;
        }
    }
    let mut grid: Grid = puzzle.grid().iter().map(|row| row.iter().map(|&d| d as u8).collect()).collect();
    let mut found = Vec::new();
    fill(puzzle, &allows, &mut grid, &mut found);
    found
}

/// The rating label `rate` gives: the explanation from scratch, trial included.
fn rated<P: Explain>(puzzle: &P) -> &'static str {
    explain(puzzle, puzzle.board(), &ExplainOptions::default(), &SystemClock::default()).rating.label
}

/// Check a generated puzzle against the oracles: one solution (the one returned), the
/// label asked for.
fn assert_sound(generated: &Generated, label: &str) {
    let (solutions, rating) = match &generated.puzzle {
        Puzzle::Nonogram(p) => (nonogram_solutions(p), rated(p)),
        Puzzle::Kakuro(p) => (kakuro_solutions(p), rated(p)),
        Puzzle::Str8ts(p) => (str8ts_solutions(p), rated(p)),
        Puzzle::ColorNonogram(p) => (colour_nonogram_solutions(p), rated(p)),
        Puzzle::Sudoku(p) => (sudoku_solutions(p), rated(p)),
    };
    assert_eq!(solutions, vec![generated.solution.clone()], "not the one solution: {:?}", generated.puzzle);
    assert_eq!(generated.rating.label, label);
    assert_eq!(rating, label, "rate disagrees with the generator");
}

/// Generate every level of `options_for(label)`; the ones reached pass [`assert_sound`],
/// the others fail with the "out of reach" error. Returns how many levels were reached.
fn every_level(options_for: impl Fn(&str) -> GenerateOptions) -> usize {
    let mut reached = 0;
    for label in LABELS {
        match generate(&options_for(label), &SystemClock::default(), &mut NoProgress) {
            Ok(generated) => {
                assert_sound(&generated, label);
                reached += 1;
            }
            Err(e) => assert!(e.to_string().contains("out of reach"), "{label}: {e}"),
        }
    }
    reached
}

#[test]
fn nonograms_are_unique_by_brute_force_at_every_level_reached() {
    for seed in 1..=4 {
        assert!(every_level(|label| GenerateOptions::nonogram(5, 4, label, seed)) >= 1, "seed {seed}");
        assert!(every_level(|label| GenerateOptions::nonogram(4, 4, label, seed)) >= 1, "seed {seed}");
    }
}

/// Options for a colour nonogram of `width × height` in the first `colours` of a palette.
fn colour_options(width: usize, height: usize, colours: usize, label: &str, seed: u32) -> GenerateOptions {
    let palette = ["#d03030", "#3050d0", "#208040"];
    let colors = Some(palette[..colours].iter().map(|c| c.to_string()).collect());
    GenerateOptions { colors, ..GenerateOptions::nonogram(width, height, label, seed) }
}

#[test]
fn colour_nonograms_are_unique_by_brute_force_at_every_level_reached() {
    let mut levels = std::collections::BTreeSet::new();
    for seed in 1..=4 {
        for (w, h, colours) in [(4, 3, 2), (3, 3, 3), (4, 4, 1)] {
            for label in LABELS {
                match generate(&colour_options(w, h, colours, label, seed), &SystemClock::default(), &mut NoProgress) {
                    Ok(generated) => {
                        assert!(matches!(generated.puzzle, Puzzle::ColorNonogram(_)));
                        assert_sound(&generated, label);
                        levels.insert(label);
                    }
                    Err(e) => assert!(
                        e.to_string().contains("out of reach") || e.to_string().contains("found in"),
                        "{label}: {e}"
                    ),
                }
            }
        }
    }
    assert!(levels.len() >= 2, "only {levels:?} reached");
}

#[test]
fn colour_generation_options_are_checked() {
    let error = |options: GenerateOptions| {
        generate(&options, &SystemClock::default(), &mut NoProgress).unwrap_err().to_string()
    };
    assert_eq!(
        error(GenerateOptions { colors: Some(vec![]), ..GenerateOptions::nonogram(5, 5, "easy", 1) }),
        "options.colors: a generated colour nonogram has 1 to 31 colours, not 0"
    );
    let colors = Some(vec!["#d03030".to_string(), "nope".to_string()]);
    assert_eq!(
        error(GenerateOptions { colors, ..GenerateOptions::nonogram(5, 5, "easy", 1) }),
        "options.colors[1]: \"nope\" is not a CSS colour"
    );
}

/// Large easy nonograms come from shaping (flips towards what the level-1 techniques
/// solve, smoother pictures): unique by the solver here (brute force is out of reach at 900
/// cells) and by the explanation from scratch, which solves them with level-1 steps only
/// (sound deductions that finish the grid prove the one solution).
#[test]
fn a_large_easy_nonogram_is_generated_unique() {
    for seed in 1..=2 {
        let generated =
            generate(&GenerateOptions::nonogram(30, 30, "easy", seed), &SystemClock::default(), &mut NoProgress)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let Puzzle::Nonogram(puzzle) = &generated.puzzle else { panic!("not a nonogram") };
        assert!(puzzle.check(&generated.solution).is_ok());
        let outcome = gridlogic::solve(&generated.puzzle, &gridlogic::SolveOptions::default()).unwrap();
        assert_eq!(outcome.status, Status::Unique, "seed {seed}");
        assert_eq!(outcome.solutions, vec![generated.solution.clone()], "seed {seed}");
        assert_eq!(rated(puzzle), "easy", "seed {seed}");
    }
}

/// Expert nonograms, both kinds, are ones the techniques up to `short-trial` finish without
/// trial: unique by the solver (brute force is out of reach at these sizes), the explanation
/// from scratch rated expert with at least one short trial and no trial, and every step,
/// followed on a board, leaves each cell its value in the solution (the short trial's
/// removals included).
#[test]
fn expert_nonograms_need_a_short_trial_and_no_trial() {
    let cases = [
        GenerateOptions::nonogram(15, 15, "expert", 1),
        GenerateOptions::nonogram(15, 15, "expert", 2),
        GenerateOptions::nonogram(12, 9, "expert", 3),
        colour_options(12, 10, 2, "expert", 1),
        colour_options(10, 10, 3, "expert", 2),
    ];
    for options in cases {
        let generated =
            generate(&options, &SystemClock::default(), &mut NoProgress).unwrap_or_else(|e| panic!("{options:?}: {e}"));
        let outcome = gridlogic::solve(&generated.puzzle, &gridlogic::SolveOptions::default()).unwrap();
        assert_eq!(outcome.status, Status::Unique, "{options:?}");
        assert_eq!(outcome.solutions, vec![generated.solution.clone()], "{options:?}");
        let explanation = match &generated.puzzle {
            Puzzle::Nonogram(p) => explain(p, p.board(), &ExplainOptions::default(), &SystemClock::default()),
            Puzzle::ColorNonogram(p) => explain(p, p.board(), &ExplainOptions::default(), &SystemClock::default()),
            other => panic!("not a nonogram: {other:?}"),
        };
        assert_eq!(explanation.rating.label, "expert", "{options:?}");
        assert!(!explanation.rating.needs_trial, "{options:?}");
        assert!(explanation.steps.iter().any(|s| s.technique == SHORT_TRIAL), "{options:?}");
        assert!(explanation.steps.iter().all(|s| s.technique != TRIAL), "{options:?}");
        let mut board = match &generated.puzzle {
            Puzzle::Nonogram(p) => p.board(),
            Puzzle::ColorNonogram(p) => p.board(),
            _ => unreachable!(),
        };
        for step in &explanation.steps {
            for change in &step.changes {
                board.apply(change);
            }
            for (r, row) in generated.solution.iter().enumerate() {
                for (c, &value) in row.iter().enumerate() {
                    assert!(
                        board.candidates((r, c)).contains(u32::from(value)),
                        "{options:?}: {} removed r{r}c{c}'s value",
                        step.message
                    );
                }
            }
        }
    }
}

#[test]
fn a_larger_colour_nonogram_is_generated_unique_and_the_same_for_its_seed() {
    let options = colour_options(12, 10, 3, "medium", 5);
    let first = generate(&options, &SystemClock::default(), &mut NoProgress).unwrap();
    let Puzzle::ColorNonogram(puzzle) = &first.puzzle else { panic!("not a colour nonogram") };
    assert_eq!(puzzle.colors().len(), 3);
    assert!(puzzle.check(&first.solution).is_ok());
    // Unique, by the solver here (brute force is out of reach at 120 cells); the rating
    // from scratch agrees.
    let outcome = gridlogic::solve(&first.puzzle, &gridlogic::SolveOptions::default()).unwrap();
    assert_eq!(outcome.status, Status::Unique);
    assert_eq!(rated(puzzle), "medium");
    let again = generate(&options, &SystemClock::default(), &mut NoProgress).unwrap();
    assert_eq!(fingerprint(&first), fingerprint(&again));
}

#[test]
fn kakuro_are_unique_by_brute_force_at_every_level_reached() {
    for seed in 1..=3 {
        assert!(every_level(|label| GenerateOptions::kakuro(5, 5, label, seed)) >= 1, "seed {seed}");
    }
}

/// The digits a Kakuro shows, with their places.
fn kakuro_givens(generated: &Generated) -> Vec<(usize, usize, u32)> {
    let Puzzle::Kakuro(p) = &generated.puzzle else { panic!("not a Kakuro: {:?}", generated.puzzle) };
    let mut givens = Vec::new();
    for (r, row) in p.cells().iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            if let Cell::White(Some(d)) = cell {
                givens.push((r, c, *d));
            }
        }
    }
    givens
}

/// Generate `size`×`size` Kakuro at `label` for `seeds`, and check each against the oracles
/// for sizes brute force cannot reach: no digit shown, unique by the solver (the solution
/// returned), and `rate` (the explanation from scratch) gives the label.
fn assert_kakuro_unique_without_givens(size: usize, label: &str, seeds: &[u32]) {
    for &seed in seeds {
        let generated =
            generate(&GenerateOptions::kakuro(size, size, label, seed), &SystemClock::default(), &mut NoProgress)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let Puzzle::Kakuro(puzzle) = &generated.puzzle else { panic!("not a kakuro") };
        assert_eq!(kakuro_givens(&generated), [], "seed {seed}");
        let outcome = gridlogic::solve(&generated.puzzle, &gridlogic::SolveOptions::default()).unwrap();
        assert_eq!(outcome.status, Status::Unique, "seed {seed}");
        assert_eq!(outcome.solutions, vec![generated.solution.clone()], "seed {seed}");
        assert_eq!(rated(puzzle), label, "seed {seed}");
        assert_eq!(generated.rating.needs_trial, label == "extreme", "seed {seed}");
    }
}

/// A 10×10 easy Kakuro comes from the clues alone (since `last-cell` is level 1): unique by
/// the solver (brute force is out of reach at this size) and by the explanation from
/// scratch, which finishes it with level-1 steps (sound deductions that fill the grid prove
/// the one solution), and shows no digit.
#[test]
fn a_ten_by_ten_easy_kakuro_needs_no_givens() {
    assert_kakuro_unique_without_givens(10, "easy", &[1, 2]);
}

/// An extreme Kakuro (no givens): the named techniques leave cells open, so the explanation
/// needs trial; it has one solution by brute force and by the solver, and `rate` says
/// "extreme". Seeds 1, 3 and 5 are the ones of 1..=5 that reach it at 6×6 (measured).
#[test]
fn a_six_by_six_extreme_kakuro_is_unique_and_needs_trial() {
    for seed in [1, 3, 5] {
        let generated =
            generate(&GenerateOptions::kakuro(6, 6, "extreme", seed), &SystemClock::default(), &mut NoProgress)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_sound(&generated, "extreme");
        assert_eq!(kakuro_givens(&generated), [], "seed {seed}");
        let outcome = gridlogic::solve(&generated.puzzle, &gridlogic::SolveOptions::default()).unwrap();
        assert_eq!(outcome.status, Status::Unique, "seed {seed}");
        assert_eq!(outcome.solutions, vec![generated.solution.clone()], "seed {seed}");
        assert!(generated.rating.needs_trial, "seed {seed}");
    }
}

/// A 15×15 extreme Kakuro, whose shaping first brings the cells the techniques leave open to
/// at most 24 and only then asks the solver how far it is from unique: unique by the solver,
/// and `rate` (the explanation, with trial) says "extreme".
#[test]
fn a_fifteen_by_fifteen_extreme_kakuro_is_unique_and_needs_trial() {
    assert_kakuro_unique_without_givens(15, "extreme", &[1, 2]);
}

#[test]
fn kakuro_show_digits_only_when_givens_are_asked_for() {
    let mut with_givens = 0;
    for seed in 1..=3 {
        let plain = generate(&GenerateOptions::kakuro(6, 6, "easy", seed), &SystemClock::default(), &mut NoProgress);
        if let Ok(plain) = plain {
            assert_eq!(kakuro_givens(&plain), [], "seed {seed}");
        }
        let options = GenerateOptions::kakuro_with_givens(7, 7, "easy", seed);
        let generated = generate(&options, &SystemClock::default(), &mut NoProgress).expect("givens reach easy 7x7");
        assert_sound(&generated, "easy");
        for (r, c, d) in kakuro_givens(&generated) {
            assert_eq!(u32::from(generated.solution[r][c]), d, "seed {seed}: the given r{r}c{c}");
            with_givens += 1;
        }
        let again = generate(&options, &SystemClock::default(), &mut NoProgress).unwrap();
        assert_eq!(fingerprint(&again), fingerprint(&generated), "seed {seed}");
    }
    assert!(with_givens > 0, "no seed needed a given: the option was not exercised");
}

#[test]
fn str8ts_are_unique_by_brute_force_at_every_level_reached() {
    for seed in 1..=3 {
        assert!(every_level(|label| GenerateOptions::str8ts(5, label, seed)) >= 1, "seed {seed}");
    }
}

/// The puzzle as text that differs when any clue or cell differs.
fn fingerprint(generated: &Generated) -> String {
    format!("{:?}", generated.puzzle)
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    let options = [
        GenerateOptions::nonogram(10, 8, "medium", 77),
        GenerateOptions::kakuro(7, 7, "medium", 77),
        GenerateOptions::str8ts(6, "easy", 77),
    ];
    for options in options {
        let first = generate(&options, &SystemClock::default(), &mut NoProgress).unwrap();
        let again = generate(&options, &SystemClock::default(), &mut NoProgress).unwrap();
        assert_eq!(fingerprint(&first), fingerprint(&again), "{options:?}");
        assert_eq!(first.solution, again.solution);
        assert_eq!(first.seed, 77);
        let other = GenerateOptions { seed: 78.0, ..options.clone() };
        let other = generate(&other, &SystemClock::default(), &mut NoProgress).unwrap();
        assert_ne!(fingerprint(&first), fingerprint(&other), "seeds 77 and 78 gave one puzzle: {options:?}");
    }
}

#[test]
fn a_negative_seed_is_taken_modulo_two_to_the_32() {
    let negative = GenerateOptions { seed: -1.0, ..GenerateOptions::str8ts(6, "easy", 0) };
    let generated = generate(&negative, &SystemClock::default(), &mut NoProgress).unwrap();
    assert_eq!(generated.seed, u32::MAX);
    let same =
        generate(&GenerateOptions::str8ts(6, "easy", u32::MAX), &SystemClock::default(), &mut NoProgress).unwrap();
    assert_eq!(fingerprint(&generated), fingerprint(&same));
}

#[test]
fn an_unreachable_level_is_an_error_not_another_level() {
    // A 2×2 nonogram has no puzzle that needs trial: one clue set per picture, decided by
    // its lines or ambiguous.
    let e =
        generate(&GenerateOptions::nonogram(2, 2, "extreme", 1), &SystemClock::default(), &mut NoProgress).unwrap_err();
    assert!(e.to_string().starts_with("options.difficulty: no extreme 2×2 nonogram found in"), "{e}");
    // No Kakuro technique is above "hard": a Kakuro is easy to hard, or needs trial.
    let e =
        generate(&GenerateOptions::kakuro(10, 10, "expert", 1), &SystemClock::default(), &mut NoProgress).unwrap_err();
    assert_eq!(
        e.to_string(),
        "options.difficulty: \"expert\" is out of reach for every Kakuro: the Kakuro techniques go up to \"hard\", \
         and a puzzle they cannot finish needs trial (\"extreme\")"
    );
}

#[test]
fn progress_is_reported_and_the_time_limit_is_an_error() {
    struct Count(Vec<Stats>);
    impl gridlogic::Progress for Count {
        fn report(&mut self, stats: &Stats) {
            self.0.push(stats.clone());
        }
    }
    let mut count = Count(Vec::new());
    generate(&GenerateOptions::nonogram(8, 8, "medium", 3), &SystemClock::default(), &mut count).unwrap();
    assert!(!count.0.is_empty());
    assert!(count.0.windows(2).all(|w| w[1].work == w[0].work + 1), "one report per candidate");
    let limited = GenerateOptions { time_limit_ms: Some(0.0), ..GenerateOptions::nonogram(8, 8, "medium", 3) };
    let e = generate(&limited, &SystemClock::default(), &mut NoProgress).unwrap_err();
    assert_eq!(e.to_string(), "options.timeLimitMs: generation ran out of time after 0 ms");
}

#[test]
fn bad_options_are_named() {
    let clock = SystemClock::default();
    let error = |options: GenerateOptions| generate(&options, &clock, &mut NoProgress).unwrap_err().to_string();
    let nonogram = GenerateOptions::nonogram(10, 10, "easy", 1);
    assert_eq!(
        error(GenerateOptions { genre: "hitori".into(), ..nonogram.clone() }),
        "options.genre: unknown genre \"hitori\"; expected nonogram, kakuro, str8ts or sudoku"
    );
    assert_eq!(
        error(GenerateOptions { width: Some(51.0), ..nonogram.clone() }),
        "options.width: 51 is outside 2..50 for a nonogram"
    );
    assert_eq!(
        error(GenerateOptions { height: None, ..nonogram.clone() }),
        "options.height: is required for a nonogram"
    );
    assert_eq!(error(GenerateOptions { width: Some(7.5), ..nonogram.clone() }), "options.width: 7.5 is not an integer");
    assert_eq!(
        error(GenerateOptions { seed: 1.5, ..nonogram.clone() }),
        "options.seed: 1.5 is not a 32-bit integer (−2147483648..4294967295)"
    );
    assert!(error(GenerateOptions { seed: f64::NAN, ..nonogram.clone() }).starts_with("options.seed: NaN"));
    assert!(error(GenerateOptions { seed: 4294967296.0, ..nonogram.clone() }).starts_with("options.seed:"));
    assert_eq!(
        error(GenerateOptions { density: Some(0.95), ..nonogram.clone() }),
        "options.density: 0.95 is outside 0.1..0.9"
    );
    assert!(error(GenerateOptions { difficulty: "fiendish".into(), ..nonogram.clone() })
        .starts_with("options.difficulty: unknown difficulty \"fiendish\""));
    assert_eq!(error(GenerateOptions::kakuro(3, 10, "easy", 1)), "options.width: 3 is outside 4..30 for a kakuro");
    assert_eq!(
        error(GenerateOptions { givens: Some(true), ..GenerateOptions::nonogram(5, 5, "easy", 1) }),
        "options.givens: is for a kakuro, not a nonogram"
    );
    // Every option of one genre is refused by another, naming the option and both genres.
    assert_eq!(
        error(GenerateOptions { killer: Some(true), ..GenerateOptions::kakuro(6, 6, "easy", 1) }),
        "options.killer: is for a sudoku, not a kakuro"
    );
    assert_eq!(
        error(GenerateOptions { killer: Some(false), ..GenerateOptions::str8ts(9, "easy", 1) }),
        "options.killer: is for a sudoku, not a str8ts"
    );
    assert_eq!(
        error(GenerateOptions { colors: Some(vec!["red".into()]), ..GenerateOptions::kakuro(6, 6, "easy", 1) }),
        "options.colors: is for a nonogram, not a kakuro"
    );
    assert_eq!(
        error(GenerateOptions { density: Some(0.5), ..GenerateOptions::sudoku(9, "easy", 1) }),
        "options.density: is for a nonogram, not a sudoku"
    );
    assert_eq!(
        error(GenerateOptions {
            colors: Some(vec!["red".into(), "blue".into()]),
            killer: Some(true),
            ..GenerateOptions::nonogram(5, 5, "easy", 1)
        }),
        "options.killer: is for a sudoku, not a nonogram"
    );
    assert_eq!(
        error(GenerateOptions { givens: Some(false), ..GenerateOptions::sudoku(9, "easy", 1) }),
        "options.givens: is for a kakuro, not a sudoku"
    );
    assert_eq!(error(GenerateOptions::str8ts(17, "easy", 1)), "options.size: 17 is outside 4..16 for a str8ts");
    assert_eq!(
        error(GenerateOptions { size: None, ..GenerateOptions::str8ts(9, "easy", 1) }),
        "options.size: is required for a str8ts"
    );
}

#[test]
fn a_side_another_genre_takes_is_ignored_not_refused() {
    // The CLI's `--size 5` gives every side; each genre takes those it has.
    let every_side =
        |options: GenerateOptions| GenerateOptions { width: Some(5.0), height: Some(5.0), size: Some(4.0), ..options };
    for options in [GenerateOptions::nonogram(5, 5, "easy", 3), GenerateOptions::sudoku(4, "easy", 3)] {
        let plain = generate(&options, &SystemClock::default(), &mut NoProgress).unwrap();
        let sided = generate(&every_side(options), &SystemClock::default(), &mut NoProgress).unwrap();
        assert_eq!(fingerprint(&sided), fingerprint(&plain));
    }
}

#[test]
fn a_picture_with_two_solutions_shows_where() {
    let clock = SystemClock::default();
    // A diagonal pair in a 3×3 corner: the clues also fit the other diagonal.
    let picture = vec![vec![1, 0, 0], vec![0, 1, 0], vec![0, 0, 0]];
    let found = nonogram_from_picture(&picture, None, &clock).unwrap();
    let all = nonogram_solutions(&found.puzzle);
    assert_eq!(found.status, if all.len() > 1 { Status::Multiple } else { Status::Unique });
    assert_eq!(found.status, Status::Multiple);
    assert!(found.rating.is_none());
    assert!(!found.ambiguous.is_empty());
    // Every ambiguous cell really differs between solutions.
    for &(r, c) in &found.ambiguous {
        assert!(all.iter().any(|s| s[r][c] != all[0][r][c]), "r{r}c{c} is the same in every solution");
    }
    let plus = vec![vec![0, 1, 0], vec![1, 1, 1], vec![0, 1, 0]];
    let found = nonogram_from_picture(&plus, None, &clock).unwrap();
    assert_eq!(nonogram_solutions(&found.puzzle), vec![plus.clone()]);
    assert_eq!(found.status, Status::Unique);
    assert!(found.ambiguous.is_empty());
    assert_eq!(found.rating.map(|r| r.label), Some(rated(&found.puzzle)));
}

#[test]
fn bad_pictures_are_named() {
    let clock = SystemClock::default();
    let error = |picture: Vec<Vec<u8>>| nonogram_from_picture(&picture, None, &clock).unwrap_err().to_string();
    assert_eq!(error(vec![]), "picture: is empty: a picture needs at least one row and one column");
    assert_eq!(error(vec![vec![]]), "picture: is empty: a picture needs at least one row and one column");
    assert_eq!(error(vec![vec![0, 1], vec![1]]), "picture[1]: has 1 cells but picture[0] has 2");
    assert_eq!(error(vec![vec![0, 1], vec![1, 2]]), "grid[1][1]: 2 is not 0 or 1");
    assert_eq!(error(vec![vec![0; 201]]), "picture: has 201 columns; a picture has 1 to 200");
}

/// The palette of the colour pictures below.
fn picture_palette(colours: usize) -> Vec<String> {
    ["#d03030", "#3050d0", "#208040"][..colours].iter().map(|c| c.to_string()).collect()
}

/// A colour picture's verdict against the brute force: `Multiple` exactly when there are two
/// or more solutions, the ambiguous cells exactly where two of them differ (the two the
/// solver found: each ambiguous cell differs between some solutions, and a unique picture has
/// none), the rating of a unique one that of `rate`.
fn assert_colour_picture_sound(picture: &Grid, colours: usize) {
    let found = color_nonogram_from_picture(picture, &picture_palette(colours), None, &SystemClock::default()).unwrap();
    let all = colour_nonogram_solutions(&found.puzzle);
    assert!(all.contains(picture), "the picture is not a solution of its clues");
    if all.len() == 1 {
        assert_eq!(found.status, Status::Unique, "{picture:?}");
        assert!(found.ambiguous.is_empty());
        assert_eq!(found.rating.map(|r| r.label), Some(rated(&found.puzzle)));
    } else {
        assert_eq!(found.status, Status::Multiple, "{picture:?} has {} solutions", all.len());
        assert!(found.rating.is_none());
        assert!(!found.ambiguous.is_empty());
        // The ambiguous cells are where two actual solutions differ.
        let pair = all.iter().enumerate().any(|(i, a)| {
            all[i + 1..].iter().any(|b| {
                let differ: Vec<_> = (0..a.len())
                    .flat_map(|r| (0..a[0].len()).map(move |c| (r, c)))
                    .filter(|&(r, c)| a[r][c] != b[r][c])
                    .collect();
                differ == found.ambiguous
            })
        });
        assert!(pair, "{:?} is not where two solutions of {picture:?} differ", found.ambiguous);
    }
}

#[test]
fn colour_pictures_with_known_solutions() {
    let clock = SystemClock::default();
    // Red and blue on a diagonal in a 2-colour palette: the colours tell the cells apart.
    assert_colour_picture_sound(&vec![vec![1, 0], vec![0, 2]], 2);
    let unique = color_nonogram_from_picture(&[vec![1, 0], vec![0, 2]], &picture_palette(2), None, &clock).unwrap();
    assert_eq!(unique.status, Status::Unique);
    // Two reds on a diagonal: the other diagonal fits the clues as well, every cell differs.
    let twice = color_nonogram_from_picture(&[vec![1, 0], vec![0, 1]], &picture_palette(2), None, &clock).unwrap();
    assert_eq!(twice.status, Status::Multiple);
    assert_eq!(twice.ambiguous, vec![(0, 0), (0, 1), (1, 0), (1, 1)]);
    assert_eq!(colour_nonogram_solutions(&twice.puzzle).len(), 2);
    // Touching blocks of different colours: unique.
    assert_colour_picture_sound(&vec![vec![1, 2], vec![2, 1]], 2);
    assert_colour_picture_sound(&vec![vec![1, 2, 0], vec![0, 3, 3], vec![2, 0, 1]], 3);
}

#[test]
fn bad_colour_pictures_are_named() {
    let clock = SystemClock::default();
    let error = |picture: Vec<Vec<u8>>, colours: Vec<String>| {
        color_nonogram_from_picture(&picture, &colours, None, &clock).unwrap_err().to_string()
    };
    assert_eq!(
        error(vec![vec![0, 1], vec![2, 3]], picture_palette(2)),
        "grid[1][1]: 3 is not a colour of the picture: 0 (background) or 1 to 2"
    );
    assert_eq!(error(vec![vec![1]], vec![]), "colors: a colour picture has 1 to 31 colours, not 0");
    assert_eq!(error(vec![vec![1]], vec!["#d03030".into(), "nope".into()]), "colors[1]: \"nope\" is not a CSS colour");
    assert_eq!(
        error(vec![vec![1]], vec!["#d03030".into(); 32]),
        "colors: a colour picture has 1 to 31 colours, not 32"
    );
    assert_eq!(error(vec![], picture_palette(1)), "picture: is empty: a picture needs at least one row and one column");
    assert_eq!(error(vec![vec![0, 1], vec![1]], picture_palette(1)), "picture[1]: has 1 cells but picture[0] has 2");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn any_seed_gives_a_unique_small_nonogram(seed in any::<u32>(), level in 0usize..5) {
        let label = LABELS[level];
        match generate(&GenerateOptions::nonogram(4, 5, label, seed), &SystemClock::default(), &mut NoProgress) {
            Ok(generated) => assert_sound(&generated, label),
            Err(e) => prop_assert!(e.to_string().contains("out of reach"), "{}", e),
        }
    }

    #[test]
    fn any_small_colour_picture_is_judged_as_the_brute_force_does(
        cells in proptest::collection::vec(0u8..3, 9),
        wide in any::<bool>(),
    ) {
        // 3×3 or 2×4 (then the ninth value is dropped) in two colours.
        let width = if wide { 4 } else { 3 };
        let picture: Grid = cells[..cells.len() / width * width].chunks(width).map(<[u8]>::to_vec).collect();
        assert_colour_picture_sound(&picture, 2);
    }

    #[test]
    fn any_seed_gives_a_unique_small_str8ts(seed in any::<u32>(), level in 0usize..3) {
        let label = LABELS[level];
        match generate(&GenerateOptions::str8ts(4, label, seed), &SystemClock::default(), &mut NoProgress) {
            Ok(generated) => assert_sound(&generated, label),
            Err(e) => prop_assert!(e.to_string().contains("out of reach"), "{}", e),
        }
    }

    #[test]
    fn any_seed_gives_a_unique_small_kakuro(seed in any::<u32>(), level in 0usize..3) {
        let label = LABELS[level];
        match generate(&GenerateOptions::kakuro(5, 4, label, seed), &SystemClock::default(), &mut NoProgress) {
            Ok(generated) => assert_sound(&generated, label),
            Err(e) => prop_assert!(e.to_string().contains("out of reach"), "{}", e),
        }
    }
}

#[test]
fn small_sudokus_are_unique_by_brute_force_at_every_level_reached() {
    for (size, seed) in [(4, 1), (6, 2), (6, 3)] {
        let reached = every_level(|label| GenerateOptions {
            genre: "sudoku".into(),
            size: Some(size as f64),
            difficulty: label.into(),
            seed: f64::from(seed),
            ..GenerateOptions::default()
        });
        assert!(reached >= 1, "{size}×{size}, seed {seed}");
    }
}

#[test]
fn killer_sudokus_are_unique_by_brute_force_at_every_level_reached() {
    let reached = every_level(|label| GenerateOptions::killer_sudoku(6, label, 1));
    assert!(reached >= 1, "6×6, seed 1");
    // 9×9 up to expert: an extreme 9×9 Killer keeps the brute force busy for a minute.
    for label in ["medium", "hard", "expert"] {
        let generated =
            generate(&GenerateOptions::killer_sudoku(9, label, 1), &SystemClock::default(), &mut NoProgress);
        assert_sound(&generated.unwrap(), label);
    }
}

#[test]
fn a_generated_killer_sudoku_has_no_givens_and_cages_over_every_cell() {
    let generated =
        generate(&GenerateOptions::killer_sudoku(9, "hard", 7), &SystemClock::default(), &mut NoProgress).unwrap();
    let Puzzle::Sudoku(p) = &generated.puzzle else { panic!("a Sudoku") };
    assert!(p.grid().iter().flatten().all(|&d| d == 0));
    let covered: usize = p.cages().iter().map(|cage| cage.cells.len()).sum();
    assert_eq!(covered, 81);
    assert!(p.cages().iter().all(|cage| cage.cells.len() <= 5));
    let easy = generate(&GenerateOptions::killer_sudoku(9, "easy", 7), &SystemClock::default(), &mut NoProgress);
    assert!(easy.unwrap_err().to_string().starts_with("options.difficulty: \"easy\" is out of reach"));
    let large = generate(&GenerateOptions::killer_sudoku(12, "hard", 7), &SystemClock::default(), &mut NoProgress);
    assert_eq!(large.unwrap_err().to_string(), "options.size: a Killer Sudoku is generated up to 9×9, not 12×12");
}
