//! Colour nonogram tests: CSS colours, validation and checks that name the place, small
//! puzzles with known answers, two-solution and no-solution fixtures, a brute-force cross-check
//! of solution counts on tiny random puzzles, a property test (random picture → clues → every
//! answer satisfies them), and the corpus colour files (read in place from
//! `../shared/corpus/nonogram`, skipped with a note when absent).

use crate::common::color_files::COLOR_FILES;
use crate::common::{assert_honest, corpus, files, read, Rng};
use gridlogic::format::{self, Format};
use gridlogic::nonogram::{is_css_color, Block, ColorNonogram};
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

#[test]
fn css_colours() {
    for good in
        ["#fff", "#FfFf", "#a0b1c2", "#a0b1c2d3", "Red", "rebeccapurple", "rgb(1 2 3 / 50%)", "hsl(120deg,50%,50%)"]
    {
        assert!(is_css_color(good), "{good}");
    }
    for bad in ["#zzz", "#12345", "", "redd", "rgb()", "url(x)", "rgb(1;2)", "blue)", "#"] {
        assert!(!is_css_color(bad), "{bad}");
    }
}

#[test]
fn validation_names_the_place() {
    let err = |colors: usize, rows: Vec<Vec<Block>>, cols: Vec<Vec<Block>>| {
        ColorNonogram::new(palette(colors), None, rows, cols).unwrap_err().to_string()
    };
    assert_eq!(
        err(3, vec![vec![], vec![], vec![b(1, 1), b(1, 4)]], vec![vec![]; 3]),
        "rows[2][1].color: colour 4 is not in colors (3 colours)"
    );
    assert_eq!(
        err(2, vec![vec![b(1, 1)]], vec![vec![b(1, 1)], vec![b(1, 0)]]),
        "cols[1][0].color: colour 0 is not in colors (2 colours)"
    );
    let mut colors = palette(3);
    colors[2] = "#zzz".into();
    let e = ColorNonogram::new(colors, None, vec![vec![]], vec![vec![]]).unwrap_err();
    assert_eq!(e.to_string(), "colors[2]: \"#zzz\" is not a CSS colour");
    let e = ColorNonogram::new(palette(33), None, vec![vec![]], vec![vec![]]).unwrap_err();
    assert_eq!(e.to_string(), "colors: a colour nonogram has 1 to 32 colours, not 33");
    let e = ColorNonogram::new(palette(1), Some("nope".into()), vec![vec![]], vec![vec![]]).unwrap_err();
    assert_eq!(e.to_string(), "background: \"nope\" is not a CSS colour");
    // Same colours need a gap, different ones do not: 2r 1r needs 4 cells, 2r 1b needs 3.
    assert_eq!(err(2, vec![vec![b(2, 1), b(1, 1)]], vec![vec![]; 3]), "rows[0]: clues need 4 cells but the row has 3");
    assert!(ColorNonogram::new(palette(2), None, vec![vec![b(2, 1), b(1, 2)]], vec![vec![]; 3]).is_ok());
    assert_eq!(
        err(1, vec![vec![b(1, 1), b(0, 1)]], vec![vec![]]),
        "rows[0][1]: a 0 clue is only allowed alone, for an empty line"
    );
    assert_eq!(err(1, vec![], vec![vec![]]), "rows: a nonogram has 1 to 4096 rows, not 0");
}

#[test]
fn solutions_give_clues_and_check() {
    let grid = vec![vec![1, 2, 2, 0], vec![0, 0, 1, 1], vec![2, 0, 0, 1]];
    let puzzle = ColorNonogram::from_solution(palette(2), Some("white".into()), &grid).unwrap();
    assert_eq!(puzzle.rows(), &[vec![b(1, 1), b(2, 2)], vec![b(2, 1)], vec![b(1, 2), b(1, 1)]]);
    assert_eq!(puzzle.cols()[0], vec![b(1, 1), b(1, 2)]);
    assert_eq!(puzzle.cols()[3], vec![b(2, 1)]);
    assert_eq!((puzzle.width(), puzzle.height(), puzzle.background()), (4, 3, Some("white")));
    assert!(puzzle.check(&grid).is_ok());
    let mut wrong = grid.clone();
    wrong[1][0] = 1;
    assert_eq!(
        puzzle.check(&wrong).unwrap_err().to_string(),
        "rows[1]: the grid's blocks in this row are not its clue"
    );
    wrong = grid.clone();
    wrong[0][2] = 1; // row 0 becomes 1r 1b 1r... not its clue either; a column check:
    assert!(puzzle.check(&wrong).is_err());
    assert!(puzzle.check(&grid[..2]).is_err());
    let e = ColorNonogram::from_solution(palette(2), None, &[vec![3]]).unwrap_err();
    assert_eq!(e.to_string(), "grid[0][0]: colour 3 is not in colors (2 colours)");
}

#[test]
fn totals_per_colour() {
    // One red cell by the rows, one blue by the columns: each line fits, the totals do not.
    let p = ColorNonogram::new(palette(2), None, vec![vec![b(1, 1)]], vec![vec![b(1, 2)]]).unwrap();
    assert_eq!(run(&p, 2).status, Status::None);
    let p = ColorNonogram::new(palette(2), None, vec![vec![b(1, 2)]], vec![vec![b(1, 2)]]).unwrap();
    assert_eq!(run(&p, 2).solutions, vec![vec![vec![2]]]);
}

/// A `height × width` picture with colours `0..=colours`, background with probability
/// `background` percent.
fn random_picture(rng: &mut Rng, width: usize, height: usize, colours: u8, background: usize) -> Grid {
    (0..height)
        .map(|_| {
            (0..width)
                .map(|_| if rng.below(100) < background { 0 } else { 1 + rng.below(usize::from(colours)) as u8 })
                .collect()
        })
        .collect()
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

/// Every grid of colours `0..=colours` that satisfies `puzzle` (at most `limit`), by
/// enumeration: each row is one of the lines of `0..=colours` whose blocks are its clue, and
/// every column is checked as each row is chosen. Shares nothing with the solver but
/// `blocks_of` (the clues of a line).
fn brute_force(puzzle: &ColorNonogram, colours: u8, limit: usize) -> Vec<Grid> {
    let (w, h) = (puzzle.width(), puzzle.height());
    let base = u64::from(colours) + 1;
    let every_line: Vec<Vec<u8>> = (0..base.pow(w as u32))
        .map(|mut code| {
            (0..w)
                .map(|_| {
                    let cell = (code % base) as u8;
                    code /= base;
                    cell
                })
                .collect()
        })
        .collect();
    let options: Vec<Vec<&Vec<u8>>> = puzzle
        .rows()
        .iter()
        .map(|clue| every_line.iter().filter(|line| gridlogic::nonogram::blocks_of(line) == *clue).collect())
        .collect();
    // Whether the first cells of a column can begin a line whose blocks are `clue` (are
    // that line, once the column is full): its finished blocks are the clue's first ones, and
    // a block still open at the bottom has the colour of the clue's next block and is no longer.
    let begins = |column: &[u8], clue: &[Block]| {
        let blocks = gridlogic::nonogram::blocks_of(column);
        if column.len() == h {
            return blocks == clue;
        }
        let open = column.last().is_some_and(|&c| c != 0);
        let finished = blocks.len() - usize::from(open);
        finished <= clue.len()
            && blocks[..finished] == clue[..finished]
            && (!open
                || clue
                    .get(finished)
                    .is_some_and(|next| next.color == blocks[finished].color && next.len >= blocks[finished].len))
    };
    let mut found = Vec::new();
    let mut grid: Grid = Vec::new();
    fn choose(
        row: usize,
        options: &[Vec<&Vec<u8>>],
        grid: &mut Grid,
        found: &mut Vec<Grid>,
        limit: usize,
        column_ok: &dyn Fn(&Grid, usize) -> bool,
    ) {
        if found.len() >= limit {
            return;
        }
        if row == options.len() {
            found.push(grid.clone());
            return;
        }
        for line in &options[row] {
            grid.push(line.to_vec());
            if (0..line.len()).all(|c| column_ok(grid, c)) {
                choose(row + 1, options, grid, found, limit, column_ok);
            }
            grid.pop();
        }
    }
    let column_ok = |grid: &Grid, c: usize| {
        let column: Vec<u8> = grid.iter().map(|row| row[c]).collect();
        begins(&column, &puzzle.cols()[c])
    };
    choose(0, &options, &mut grid, &mut found, limit, &column_ok);
    for grid in &found {
        puzzle.check(grid).expect("the brute force keeps only solutions");
    }
    found
}

/// The solver's solutions of many random puzzles against [`brute_force`]'s: the same set
/// (up to `limit`), and the verdict its count says.
fn agree_with_brute_force(rng: &mut Rng, cases: usize, shapes: &[(usize, usize, u8)], limit: usize) -> [usize; 3] {
    let mut kinds = [0usize; 3];
    for case in 0..cases {
        let (w, h, colours) = shapes[case % shapes.len()];
        let background = 30 + rng.below(30);
        let picture = random_picture(rng, w, h, colours, background);
        let mut puzzle = ColorNonogram::from_solution(palette(colours as usize), None, &picture).unwrap();
        if case % 5 == 4 {
            // Some puzzles with no solution: one row's clue taken from another picture.
            let other = random_picture(rng, w, h, colours, background);
            let mut rows = puzzle.rows().to_vec();
            rows[0] = gridlogic::nonogram::blocks_of(&other[0]);
            puzzle = ColorNonogram::new(palette(colours as usize), None, rows, puzzle.cols().to_vec()).unwrap();
        }
        let mut expected = brute_force(&puzzle, colours, limit + 1);
        let outcome = run(&puzzle, limit);
        let mut got = outcome.solutions.clone();
        expected.sort();
        got.sort();
        if expected.len() <= limit {
            assert_eq!(got, expected, "case {case}: {w}x{h}, {colours} colours");
        } else {
            assert_eq!(got.len(), limit, "case {case}: more than {limit} solutions");
            assert!(got.iter().all(|g| puzzle.check(g).is_ok()));
        }
        let status = match expected.len() {
            0 => Status::None,
            1 => Status::Unique,
            _ => Status::Multiple,
        };
        assert_eq!(outcome.status, status, "case {case}");
        kinds[expected.len().min(2)] += 1;
    }
    kinds
}

#[test]
fn solution_counts_agree_with_brute_force_on_tiny_puzzles() {
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    let kinds = agree_with_brute_force(&mut rng, 150, &[(3, 3, 2), (4, 3, 2), (3, 3, 3), (2, 4, 3)], 1000);
    assert!(kinds.iter().all(|&k| k > 5), "every verdict was met: {kinds:?}");
}

/// Puzzles large enough that line logic stalls and probing removes colours, narrows cells to
/// the union of its suppositions and chooses branches: a probe that lost a solution, or kept
/// a cell too wide to find a contradiction, shows here as a missing solution or a wrong verdict.
#[test]
fn probing_keeps_every_solution_of_small_puzzles() {
    let mut rng = Rng::new(0x0c01_0e4b_0a4d_5eed);
    let kinds = agree_with_brute_force(&mut rng, 200, &[(5, 5, 2), (6, 5, 2), (5, 4, 3), (6, 6, 2)], 300);
    assert!(kinds.iter().all(|&k| k > 10), "every verdict was met: {kinds:?}");
}

#[test]
fn random_pictures_give_puzzles_whose_answers_satisfy_them() {
    let mut rng = Rng::new(0xfeed_beef_0bad_cafe);
    for case in 0..40 {
        let (w, h) = (5 + rng.below(16), 5 + rng.below(16));
        let colours = 1 + rng.below(5) as u8;
        let background = 30 + rng.below(40);
        let picture = random_picture(&mut rng, w, h, colours, background);
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
    let mut rng = Rng::new(0x0dd_ba11);
    for case in 0..20 {
        let colours = 2 + rng.below(7);
        let picture = random_picture(&mut rng, 4 + case % 5, 3 + case % 4, colours as u8, 35);
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
