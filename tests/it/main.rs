//! gridlogic's integration tests, one crate (one link of the library instead of one per file):
//! each module tests one part through the public API.
//!
//! Native (`cargo test`): a genre end to end against its corpus and against independent
//! oracles (`nonogram`, `color`, `kakuro`, `str8ts`, `sudoku`), the text formats against the
//! corpus and malformed input (`formats`) and format by format on small texts written by hand
//! (`formats_nonogram`; `formats_digits` for Kakuro, Str8ts and Sudoku), explained logic
//! (`explain*`), generation (`generate`), bad and huge input (`hardening`). The helpers
//! they share (the corpus's place, one seeded random source, the checks every answer passes)
//! are in `common`.
//!
//! wasm32 (`cargo test --target wasm32-unknown-unknown --test it --features formats,explain`,
//! in Node and in headless Chrome): the JS API as the binding exposes it (`web`).

#[cfg(not(target_arch = "wasm32"))]
mod color;
#[cfg(not(target_arch = "wasm32"))]
mod common;
#[cfg(not(target_arch = "wasm32"))]
mod explain;
// The fuzz crate is its own workspace: the same check and brute force, run here by plain
// `cargo test`.
#[cfg(not(target_arch = "wasm32"))]
#[path = "../../fuzz/fuzz_targets/explain_check.rs"]
mod explain_check;
#[cfg(not(target_arch = "wasm32"))]
mod explain_color;
#[cfg(not(target_arch = "wasm32"))]
mod explain_hints;
#[cfg(not(target_arch = "wasm32"))]
mod explain_kakuro;
#[cfg(not(target_arch = "wasm32"))]
mod explain_readme;
#[cfg(not(target_arch = "wasm32"))]
mod explain_str8ts;
#[cfg(not(target_arch = "wasm32"))]
mod formats;
#[cfg(not(target_arch = "wasm32"))]
mod formats_digits;
#[cfg(not(target_arch = "wasm32"))]
mod formats_nonogram;
#[cfg(not(target_arch = "wasm32"))]
mod generate;
#[cfg(not(target_arch = "wasm32"))]
mod hardening;
#[cfg(not(target_arch = "wasm32"))]
mod kakuro;
#[cfg(not(target_arch = "wasm32"))]
mod nonogram;
#[cfg(not(target_arch = "wasm32"))]
mod str8ts;
#[cfg(not(target_arch = "wasm32"))]
mod sudoku;
#[cfg(not(target_arch = "wasm32"))]
#[path = "../../fuzz/fuzz_targets/tiny.rs"]
mod tiny;
#[cfg(target_arch = "wasm32")]
mod web;
