//! Native speed of the generators: for every row with a speed target (and Kakuro 6×6,
//! where Kakuro extreme is first reached), 20 seeds
//! per difficulty, the median and 95th percentile of the milliseconds per puzzle (failed
//! generations counted apart, with the median time to their error).
//!
//! usage: cargo run --release --example generate [SEEDS] [ROW-FILTER] [DIFFICULTY] [givens]
//! (`givens`: Kakuro with `givens: true`; `-` for no difficulty filter). The environment's
//! `GENERATE_TIME_LIMIT_MS`, when set, is each call's `timeLimitMs` (a call out of time counts
//! as failed), as the wasm bench's 20 s.

/// Native only (it times by the system clock): on wasm32 the example is empty, so that
/// `cargo clippy --all-targets --target wasm32-unknown-unknown` builds it.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use gridlogic::engine::explain::LABELS;
    use gridlogic::{generate, Clock, GenerateOptions, NoProgress, SystemClock};

    pub fn main() {
        let args: Vec<String> = std::env::args().collect();
        let seeds: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(20);
        let filter = args.get(2).cloned().unwrap_or_default();
        let only_level = args.get(3).cloned().filter(|l| l != "-");
        let givens = args.get(4).is_some_and(|g| g == "givens");
        let time_limit_ms: Option<f64> = std::env::var("GENERATE_TIME_LIMIT_MS").ok().and_then(|t| t.parse().ok());
        let rows: [(&str, &str, usize, usize, usize); 15] = [
            ("nonogram", "15×15", 15, 15, 5),
            ("nonogram", "30×30", 30, 30, 3),
            ("kakuro", "6×6", 6, 6, 5),
            ("kakuro", "8×8", 8, 8, 5),
            ("kakuro", "10×10", 10, 10, 5),
            ("kakuro", "12×12", 12, 12, 5),
            ("kakuro", "15×15", 15, 15, 5),
            ("kakuro", "20×20", 20, 20, 3),
            ("str8ts", "9×9", 9, 9, 5),
            ("str8ts", "12×12", 12, 12, 3),
            ("sudoku", "6×6", 6, 6, 5),
            ("sudoku", "9×9", 9, 9, 5),
            ("sudoku", "12×12", 12, 12, 3),
            ("sudoku", "16×16", 16, 16, 3),
            ("killer", "9×9", 9, 9, 5),
        ];
        println!("| genre | size | difficulty | median ms | p95 ms | max ms | failed | ms to the error (median) |");
        println!("|---|---|---|---|---|---|---|---|");
        for (genre, name, width, height, levels) in rows {
            if !format!("{genre} {name}").contains(&filter) {
                continue;
            }
            for label in LABELS[..levels].iter().filter(|&&l| only_level.as_ref().map_or(true, |only| only == l)) {
                let mut millis = Vec::new();
                let mut failures = Vec::new();
                let mut failed_millis = Vec::new();
                for seed in 1..=seeds {
                    let mut options = match genre {
                        "nonogram" => GenerateOptions::nonogram(width, height, label, seed),
                        "kakuro" if givens => GenerateOptions::kakuro_with_givens(width, height, label, seed),
                        "kakuro" => GenerateOptions::kakuro(width, height, label, seed),
                        "str8ts" => GenerateOptions::str8ts(width, label, seed),
                        "killer" => GenerateOptions::killer_sudoku(width, label, seed),
                        _ => GenerateOptions::sudoku(width, label, seed),
                    };
                    options.time_limit_ms = time_limit_ms;
                    let clock = SystemClock::default();
                    match generate(&options, &clock, &mut NoProgress) {
                        Ok(generated) => millis.push(generated.millis),
                        Err(e) => {
                            failed_millis.push(clock.now_ms());
                            failures.push(format!("seed {seed}: {e}"));
                        }
                    }
                }
                millis.sort_by(f64::total_cmp);
                failed_millis.sort_by(f64::total_cmp);
                let quantile =
                    |values: &[f64], q: f64| values.get(((values.len() as f64 - 1.0) * q).round() as usize).copied();
                let at = |q: f64| quantile(&millis, q);
                let show = |v: Option<f64>| v.map_or("–".to_string(), |v| format!("{v:.1}"));
                println!(
                    "| {genre} | {name} | {label} | {} | {} | {} | {} | {} |",
                    show(at(0.5)),
                    show(at(0.95)),
                    show(millis.last().copied()),
                    failures.len(),
                    show(quantile(&failed_millis, 0.5))
                );
                for failure in failures.iter().take(2) {
                    eprintln!("  {genre} {name} {label}: {failure}");
                }
            }
        }
    }
}
