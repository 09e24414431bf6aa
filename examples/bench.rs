//! The native half of `npm run bench`: solves every puzzle of a file of canonical lines (one
//! puzzle a line, as written by bench/run.mjs) in uniqueness mode and prints one JSON line a
//! puzzle: `{"millis": 1.25, "status": "unique", "nodes": 3}`.
//!
//! usage: bench FILE TIME_LIMIT_MS

#[cfg(not(target_arch = "wasm32"))]
use gridlogic::format::{parse_all, Format};
#[cfg(not(target_arch = "wasm32"))]
use gridlogic::{solve, SolveOptions};

/// Native only (`gridlogic::solve` times by the system clock): on wasm32 the example is empty,
/// so that `cargo clippy --all-targets --target wasm32-unknown-unknown` builds it.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(limit)) = (args.get(1), args.get(2).and_then(|t| t.parse::<f64>().ok())) else {
        eprintln!("usage: bench FILE TIME_LIMIT_MS");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let puzzles = parse_all(&text, Some(Format::Canonical)).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let options = SolveOptions { time_limit_ms: Some(limit), ..SolveOptions::default() };
    for puzzle in &puzzles {
        let outcome = solve(puzzle, &options).expect("options are valid");
        println!(
            "{{\"millis\": {:.3}, \"status\": \"{}\", \"nodes\": {}}}",
            outcome.stats.millis,
            outcome.status.as_str(),
            outcome.stats.nodes
        );
    }
}
