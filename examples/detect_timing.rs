//! How long reading a text takes with its format detected against with it named: prints one
//! line per text (a nonogram in each of its formats, Sudoku and Str8ts collections, and the
//! malformed texts of the JS linearity test), at about 1 MB and 4 MB, with the milliseconds
//! of both reads (the best of three) and their ratio, and whether both read the same puzzles
//! (or both refused the text).
//!
//! usage: cargo run --release --example detect_timing [LABEL]  (only the texts so labelled)

#[cfg(not(target_arch = "wasm32"))]
use gridlogic::format::{parse_all, write, Format};
#[cfg(not(target_arch = "wasm32"))]
use gridlogic::{nonogram::Nonogram, Puzzle};

/// Native only (the system clock); on wasm32 the example is empty, so that
/// `cargo clippy --all-targets --target wasm32-unknown-unknown` builds it.
#[cfg(target_arch = "wasm32")]
fn main() {}

/// A `side`×`side` nonogram of a pseudo-random picture (a fixed linear congruential sequence).
#[cfg(not(target_arch = "wasm32"))]
fn nonogram(side: usize) -> Puzzle {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let grid: Vec<Vec<bool>> = (0..side)
        .map(|_| {
            (0..side)
                .map(|_| {
                    state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    state >> 63 == 1
                })
                .collect()
        })
        .collect();
    let clue = |cells: &mut dyn Iterator<Item = bool>| {
        let mut runs = Vec::new();
        let mut run = 0;
        for filled in cells.chain(std::iter::once(false)) {
            if filled {
                run += 1;
            } else if run > 0 {
                runs.push(run);
                run = 0;
            }
        }
        runs
    };
    let rows = grid.iter().map(|row| clue(&mut row.iter().copied())).collect();
    let cols = (0..side).map(|c| clue(&mut grid.iter().map(|row| row[c]))).collect();
    Puzzle::Nonogram(Nonogram::new(rows, cols).expect("clues of a picture"))
}

/// The milliseconds of the fastest of three calls of `read`, and its last answer.
#[cfg(not(target_arch = "wasm32"))]
fn timed<T>(read: impl Fn() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut answer = None;
    for _ in 0..3 {
        let start = std::time::Instant::now();
        let read = read();
        best = best.min(start.elapsed().as_secs_f64() * 1000.0);
        answer = Some(read); // the previous answer is dropped outside the timing
    }
    (best, answer.expect("three reads"))
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    for megabytes in [1, 4] {
        let bytes = megabytes << 20;
        // A side whose .nin text is about `bytes` long (a random picture's clues take about
        // a byte per cell).
        let side = (bytes as f64).sqrt() as usize;
        let picture = nonogram(side);
        let mut texts: Vec<(&str, String, Option<Format>)> = [
            Format::Nin,
            Format::Non,
            Format::WebpbnXml,
            Format::Tatham,
            Format::NonogridToml,
            Format::PicrossSolver,
            Format::OlsakG,
            Format::Canonical,
        ]
        .into_iter()
        .map(|f| (f.name(), write(&picture, f).expect("a nonogram format"), Some(f)))
        .collect();
        let sudoku = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
        texts.push(("sudoku-line", sudoku.repeat(bytes / sudoku.len()), Some(Format::SudokuLine)));
        let str8ts = format!("s:{}{}\n", "0".repeat(80), "1".repeat(82));
        texts.push(("jamesaustin", str8ts.repeat(bytes / str8ts.len()), Some(Format::JamesAustin)));
        // The malformed texts of the JS linearity test (tests/js/errors.test.mjs).
        texts.push(("nin-lines", format!("2 2\n{}", "1\n".repeat(bytes / 2)), Some(Format::Nin)));
        texts.push(("numbers", "1 ".repeat(bytes / 2), Some(Format::Nin)));
        texts.push(("letters", "x".repeat(bytes), None));
        let only = std::env::args().nth(1);
        for (label, text, format) in
            texts.into_iter().filter(|(label, ..)| only.as_deref().map_or(true, |o| o == *label))
        {
            let (named_ms, named) = match format {
                Some(f) => timed(|| parse_all(&text, Some(f))),
                None => (f64::NAN, parse_all("", None)),
            };
            let (detect_ms, detected) = timed(|| parse_all(&text, None));
            let outcome = match &detected {
                Ok(puzzles) => format!("{} puzzles", puzzles.len()),
                Err(e) => format!("error {:?}: {}", e.place, e.message.chars().take(60).collect::<String>()),
            };
            // Both read the same puzzles, or both refuse the text (each with its own error:
            // detection reports the format that read furthest).
            let agree = match (&named, &detected) {
                (Ok(a), Ok(b)) => format!("{a:?}") == format!("{b:?}"),
                (named, detected) => named.is_err() && detected.is_err(),
            };
            println!(
                "{label:>14} {:>5.2} MB  named {:>8.1} ms  detect {:>8.1} ms  ratio {:>5.2}  {}  {outcome}",
                text.len() as f64 / (1 << 20) as f64,
                named_ms,
                detect_ms,
                detect_ms / named_ms,
                if format.is_none() || agree { "agree" } else { "DIFFER" },
            );
        }
    }
}
