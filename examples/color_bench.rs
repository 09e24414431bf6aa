//! The colour nonogram bench, natively: seeded random colour puzzles (20×20 to 50×50, 2 to 6
//! colours, pictures with 30–60 % background) and the corpus colour files, each solved in
//! uniqueness mode (up to 2 solutions) with a 10 s limit. Every answer is checked: each
//! solution satisfies the clues (`ColorNonogram::check`), a random puzzle is never `none` (its
//! picture is a solution), and a `unique` one's solution is its picture. Prints one line a
//! puzzle and a summary; `--write FILE` also writes the random puzzles as canonical lines.
//!
//! usage: color_bench [--write FILE] [CORPUS_DIR]   (default ../shared/corpus/nonogram)

/// Native only (it times by the system clock): on wasm32 the example is empty, so that
/// `cargo clippy --all-targets --target wasm32-unknown-unknown` builds it.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
#[path = "../tests/it/common/color_files.rs"]
mod color_files;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use gridlogic::format::{self, Format};
    use gridlogic::nonogram::ColorNonogram;
    use gridlogic::{solve, Puzzle, SolveOptions, Status};
    use std::path::Path;

    use super::color_files::COLOR_FILES;

    /// How many random puzzles: every size 20, 30, 40, 50 with 2..=6 colours, twice.
    const SIZES: [usize; 4] = [20, 30, 40, 50];

    /// xorshift64: the same puzzles on every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    /// A colour puzzle with its picture, when it has one.
    struct Case {
        name: String,
        puzzle: ColorNonogram,
        picture: Option<Vec<Vec<u8>>>,
    }

    fn random_cases() -> Vec<Case> {
        const PALETTE: [&str; 6] = ["#000000", "#d03030", "#3050d0", "#208040", "#e09020", "#8040a0"];
        let mut rng = Rng(0xC010_520B_E4C4);
        let mut cases = Vec::new();
        for &side in &SIZES {
            for colours in 2..=6u8 {
                for copy in 0..2 {
                    let background = 30 + rng.below(31);
                    let picture: Vec<Vec<u8>> = (0..side)
                        .map(|_| {
                            (0..side)
                                .map(|_| {
                                    if rng.below(100) < background {
                                        0
                                    } else {
                                        1 + rng.below(u64::from(colours)) as u8
                                    }
                                })
                                .collect()
                        })
                        .collect();
                    let palette = PALETTE[..usize::from(colours)].iter().map(|s| s.to_string()).collect();
                    let puzzle = ColorNonogram::from_solution(palette, Some("#ffffff".into()), &picture).unwrap();
                    let name = format!("random {side}x{side} {colours} colours #{copy} ({background}% bg)");
                    cases.push(Case { name, puzzle, picture: Some(picture) });
                }
            }
        }
        cases
    }

    fn corpus_cases(dir: &Path) -> Vec<Case> {
        let mut cases = Vec::new();
        for file in COLOR_FILES {
            let Ok(text) = std::fs::read_to_string(dir.join(file)) else {
                eprintln!("note: {file} is absent, skipped");
                continue;
            };
            match format::parse(&text, None) {
                Ok(Puzzle::ColorNonogram(puzzle)) => cases.push(Case { name: file.to_string(), puzzle, picture: None }),
                other => panic!("{file}: not a colour nonogram: {other:?}"),
            }
        }
        cases
    }

    pub fn main() {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let write = args.iter().position(|a| a == "--write").map(|i| args[i + 1].clone());
        let dir = args.iter().find(|a| !a.starts_with("--") && Some(*a) != write.as_ref()).cloned();
        let dir = dir.unwrap_or_else(|| "../shared/corpus/nonogram".to_string());
        let random = random_cases();
        if let Some(path) = &write {
            let lines: Vec<String> = random
                .iter()
                .map(|c| format::write(&Puzzle::ColorNonogram(c.puzzle.clone()), Format::Canonical).unwrap())
                .collect();
            std::fs::write(path, lines.join("\n") + "\n").unwrap();
        }
        let cases: Vec<Case> = random.into_iter().chain(corpus_cases(Path::new(&dir))).collect();
        let options = SolveOptions { time_limit_ms: Some(10_000.0), ..SolveOptions::default() };
        let (mut total_ms, mut worst_ms, mut total_nodes) = (0.0f64, 0.0f64, 0u64);
        let mut statuses = [0usize; 4];
        for case in &cases {
            let outcome = solve(&Puzzle::ColorNonogram(case.puzzle.clone()), &options).unwrap();
            for grid in &outcome.solutions {
                case.puzzle.check(grid).unwrap_or_else(|e| panic!("{}: a wrong solution: {e}", case.name));
            }
            if let Some(picture) = &case.picture {
                assert_ne!(outcome.status, Status::None, "{}: its picture is a solution", case.name);
                if outcome.status == Status::Unique {
                    assert_eq!(&outcome.solutions[0], picture, "{}", case.name);
                }
            }
            statuses[outcome.status as usize] += 1;
            println!(
                "{:<48} {:>9.2} ms  {:<8} {:>6} nodes  depth {}",
                case.name,
                outcome.stats.millis,
                outcome.status.as_str(),
                outcome.stats.nodes,
                outcome.stats.max_depth
            );
            total_ms += outcome.stats.millis;
            worst_ms = worst_ms.max(outcome.stats.millis);
            total_nodes += outcome.stats.nodes;
        }
        println!(
            "{} puzzles: {} unique, {} multiple, {} none, {} unknown; total {:.1} ms, slowest {:.1} ms, {} nodes",
            cases.len(),
            statuses[Status::Unique as usize],
            statuses[Status::Multiple as usize],
            statuses[Status::None as usize],
            statuses[Status::Unknown as usize],
            total_ms,
            worst_ms,
            total_nodes
        );
    }
}
