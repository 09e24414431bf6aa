//! Colour nonogram tests: small puzzles with known answers, two-solution and no-solution
//! fixtures, a brute-force cross-check of solution counts on tiny random puzzles, a property
//! test (random picture → clues → every answer satisfies them), and the corpus colour files
//! (read in place from `../shared/corpus/nonogram`, skipped with a note when absent).
// Native only: the corpus files and the system clock.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/color_files.rs"]
mod color_files;
mod common;
#[path = "common/every_grid.rs"]
mod every_grid;

use color_files::COLOR_FILES;
use common::{assert_honest, corpus, files, read};
use every_grid::every_grid;
use gridlogic::format::{self, Format};
use gridlogic::nonogram::{Block, ColorNonogram};
use gridlogic::{solve, Grid, Outcome, Puzzle, SolveOptions, Status};

fn palette(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("#{:02x}{:02x}5a", 37 * i % 256, 255 - 29 * i % 256)).collect()
}

fn b(len: u32, color: u8) -> Block {
    Block { len, color }
}

fn run(puzzle: &ColorNonogram, max_solutions: usize) -> Outcome {
    let options = SolveOptions { max_solutions, time_limit_ms: Some(20_000.0), ..SolveOptions::default() };
    let outcome = solve(&Puzzle::ColorNonogram(puzzle.clone()), &options).unwrap();
    for grid in &outcome.solutions {
        puzzle.check(grid).unwrap_or_else(|e| panic!("a returned grid breaks the clues: {e}"));
    }
    outcome
}

/// A small xorshift generator: the random puzzles are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    /// A `height × width` picture with colours `0..=colours`, background with probability
    /// `background` percent.
    fn picture(&mut self, width: usize, height: usize, colours: u8, background: u64) -> Grid {
        (0..height)
            .map(|_| {
                (0..width)
                    .map(|_| if self.below(100) < background { 0 } else { 1 + self.below(u64::from(colours)) as u8 })
                    .collect()
            })
            .collect()
    }
}

#[test]
fn touching_colours_are_solved_by_line_logic() {
    // Two blocks of different colours fill a line of two cells: they touch, in clue order.
    let rows = vec![vec![b(1, 1), b(1, 2)], vec![b(1, 2), b(1, 1)]];
    let puzzle = ColorNonogram::new(palette(2), None, rows.clone(), rows).unwrap();
    let outcome = run(&puzzle, 2);
    assert_eq!(outcome.status, Status::Unique);
    assert_eq!(outcome.solutions[0], vec![vec![1, 2], vec![2, 1]]);
    assert_eq!(outcome.stats.max_depth, 0, "no guess needed");
}

#[test]
fn colours_tell_apart_what_black_and_white_cannot() {
    // In black and white the 2×2 diagonal has two solutions; with the two diagonal cells
    // in different colours, rows [1a] [1b] and columns [1b] [1a] have one.
    let puzzle =
        ColorNonogram::new(palette(2), None, vec![vec![b(1, 1)], vec![b(1, 2)]], vec![vec![b(1, 2)], vec![b(1, 1)]])
            .unwrap();
    let outcome = run(&puzzle, 2);
    assert_eq!((outcome.status, outcome.solutions.clone()), (Status::Unique, vec![vec![vec![0, 1], vec![2, 0]]]));
}

#[test]
fn two_solutions_and_none() {
    // Both diagonals of one colour: two solutions, both returned.
    let one = vec![vec![b(1, 1)], vec![b(1, 1)]];
    let puzzle = ColorNonogram::new(palette(2), None, one.clone(), one).unwrap();
    let outcome = run(&puzzle, 10);
    assert_eq!((outcome.status, outcome.solutions.len()), (Status::Multiple, 2));
    assert_ne!(outcome.solutions[0], outcome.solutions[1]);
    // Totals agree (one of each colour both ways) and every line fits alone, but row 0 must
    // be colour 1 then colour 2 while column 0 asks for colour 2: no grid.
    let puzzle =
        ColorNonogram::new(palette(2), None, vec![vec![b(1, 1), b(1, 2)], vec![]], vec![vec![b(1, 2)], vec![b(1, 1)]])
            .unwrap();
    assert_eq!(run(&puzzle, 2).status, Status::None);
    // Totals that differ are answered at once.
    let puzzle = ColorNonogram::new(palette(2), None, vec![vec![b(1, 1)]], vec![vec![b(1, 2)]]).unwrap();
    let outcome = run(&puzzle, 2);
    assert_eq!((outcome.status, outcome.stats.nodes), (Status::None, 1));
}

/// Every grid of colours `0..=colours` that satisfies `puzzle`, by enumeration.
fn brute_force(puzzle: &ColorNonogram, colours: u8) -> Vec<Grid> {
    every_grid(puzzle.width(), puzzle.height(), colours + 1, |grid| puzzle.check(grid).is_ok())
}

#[test]
fn solution_counts_agree_with_brute_force_on_tiny_puzzles() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut kinds = [0usize; 3];
    for case in 0..150 {
        let (w, h, colours) = [(3, 3, 2), (4, 3, 2), (3, 3, 3), (2, 4, 3)][case % 4];
        let picture = rng.picture(w, h, colours, 40);
        let mut puzzle = ColorNonogram::from_solution(palette(colours as usize), None, &picture).unwrap();
        if case % 5 == 4 {
            // Some puzzles with no solution: one row's clue taken from another picture.
            let other = rng.picture(w, h, colours, 40);
            let mut rows = puzzle.rows().to_vec();
            rows[0] = gridlogic::nonogram::blocks_of(&other[0]);
            puzzle = ColorNonogram::new(palette(colours as usize), None, rows, puzzle.cols().to_vec()).unwrap();
        }
        let mut expected = brute_force(&puzzle, colours);
        let outcome = run(&puzzle, 1000);
        let mut got = outcome.solutions.clone();
        expected.sort();
        got.sort();
        assert_eq!(got, expected, "case {case}: {w}x{h}, {colours} colours");
        let status = match expected.len() {
            0 => Status::None,
            1 => Status::Unique,
            _ => Status::Multiple,
        };
        assert_eq!(outcome.status, status, "case {case}");
        kinds[expected.len().min(2)] += 1;
    }
    assert!(kinds.iter().all(|&k| k > 5), "every verdict was met: {kinds:?}");
}

#[test]
fn random_pictures_give_puzzles_whose_answers_satisfy_them() {
    let mut rng = Rng(0xfeed_beef_0bad_cafe);
    for case in 0..40 {
        let (w, h) = (5 + rng.below(16) as usize, 5 + rng.below(16) as usize);
        let colours = 1 + rng.below(5) as u8;
        let background = 30 + rng.below(40);
        let picture = rng.picture(w, h, colours, background);
        let puzzle = ColorNonogram::from_solution(palette(usize::from(colours)), None, &picture).unwrap();
        let outcome = run(&puzzle, 2);
        assert_ne!(outcome.status, Status::None, "case {case}: the picture itself is a solution");
        assert_ne!(outcome.status, Status::Unknown, "case {case}: {w}x{h} not decided in time");
        if outcome.status == Status::Unique {
            assert_eq!(outcome.solutions[0], picture, "case {case}: the only solution is the picture");
        }
    }
}

/// The `char` → colour index map of a webpbn XML file's `<color>` lines, in the order the
/// reader numbers them (the background `white` is 0, the others from 1 in file order).
fn xml_chars(text: &str) -> Vec<(char, u8)> {
    let mut map = Vec::new();
    let mut next = 1;
    for line in text.lines().filter(|l| l.trim_start().starts_with("<color ")) {
        let attribute = |name: &str| {
            let start = line.find(&format!("{name}=\""))? + name.len() + 2;
            Some(line[start..].split('"').next()?.to_string())
        };
        let (name, ch) = (attribute("name").unwrap(), attribute("char").unwrap().chars().next().unwrap());
        if name == "white" {
            map.push((ch, 0));
        } else {
            map.push((ch, next));
            next += 1;
        }
    }
    map
}

#[test]
fn corpus_colour_files_are_solved() {
    let Some(dir) = corpus("nonogram", "") else { return };
    for file in COLOR_FILES {
        let text = read(&dir.join(file));
        let Puzzle::ColorNonogram(puzzle) = format::parse(&text, None).unwrap() else { panic!("{file}: not colour") };
        let outcome = run(&puzzle, 2);
        assert_honest(file, &outcome, |grid| puzzle.check(grid));
        // Every one of them is known unique (color_files.rs).
        assert_eq!(outcome.status, Status::Unique, "{file}");
        println!(
            "{file}: {}x{}, {} colours, {} nodes",
            puzzle.width(),
            puzzle.height(),
            puzzle.colors().len(),
            outcome.stats.nodes
        );
        if let Some(image) = text.split("<image>").nth(1) {
            // The embedded goal picture is an independent answer.
            let chars = xml_chars(&text);
            let goal: Grid = image
                .lines()
                .filter_map(|l| l.trim().strip_prefix('|')?.strip_suffix('|').map(str::to_string))
                .map(|row| row.chars().map(|c| chars.iter().find(|(k, _)| *k == c).unwrap().1).collect())
                .collect();
            assert_eq!(outcome.solutions[0], goal, "{file}: differs from the goal picture");
        }
    }
}

#[test]
fn the_colour_file_list_holds_every_colour_file_of_its_folders() {
    let Some(dir) = corpus("nonogram", "") else { return };
    let mut found = Vec::new();
    for (folder, extension) in [("survey/xml", "xml"), ("number-loom", "xml"), ("nonogrid-toml", "toml")] {
        for path in files(&dir.join(folder), extension) {
            if let Ok(Puzzle::ColorNonogram(_)) = format::parse(&read(&path), None) {
                found.push(path.strip_prefix(&dir).unwrap().to_string_lossy().into_owned());
            }
        }
    }
    let mut listed: Vec<String> = COLOR_FILES.iter().map(|file| file.to_string()).collect();
    listed.sort();
    found.sort();
    assert_eq!(found, listed);
}

#[test]
fn colour_texts_round_trip_in_every_colour_format() {
    let mut rng = Rng(0x0dd_ba11);
    for case in 0..20 {
        let colours = 2 + rng.below(7) as usize;
        let picture = rng.picture(4 + case % 5, 3 + case % 4, colours as u8, 35);
        let background = (case % 2 == 0).then(|| "#ffffff".to_string());
        let puzzle =
            Puzzle::ColorNonogram(ColorNonogram::from_solution(palette(colours), background, &picture).unwrap());
        for f in [Format::Canonical, Format::WebpbnXml, Format::Non, Format::NonogridToml, Format::OlsakG] {
            let text = format::write(&puzzle, f).unwrap();
            let back = format::parse(&text, None).unwrap_or_else(|e| panic!("{f:?}: {e}\n{text}"));
            assert_eq!(format::detect(&text), Ok(f), "{text}");
            let (Puzzle::ColorNonogram(a), Puzzle::ColorNonogram(b)) = (&back, &puzzle) else { panic!("{f:?}") };
            // .non and nonogrid TOML have no background colour.
            let keeps_background = !matches!(f, Format::Non | Format::NonogridToml);
            assert_eq!((a.rows(), a.cols(), a.colors()), (b.rows(), b.cols(), b.colors()), "{f:?}\n{text}");
            if keeps_background {
                assert_eq!(a, b, "{f:?}\n{text}");
            }
        }
        let canonical = format::write(&puzzle, Format::Canonical).unwrap();
        assert_eq!(format::write(&format::parse(&canonical, None).unwrap(), Format::Canonical).unwrap(), canonical);
    }
    // Formats without colours refuse a colour puzzle.
    let puzzle = Puzzle::ColorNonogram(ColorNonogram::from_solution(palette(2), None, &[vec![1, 2]]).unwrap());
    assert!(format::write(&puzzle, Format::Tatham).unwrap_err().message.contains("not colornonogram"));
}
