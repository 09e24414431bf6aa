//! The solver's exports (cargo feature `solver`, `pkg/gridlogic_bg.wasm`): the solve
//! functions, with the JS clock and progress callback, and the outcome as a JS object.

use super::{describe, error, is_plain_object, property, puzzle_from_js, report_panics, to_js};
use crate::engine::search::{Clock, Progress, SolveOptions, Stats};
use crate::{solve_with, Puzzle};
use js_sys::{Function, Object, Reflect};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const SOLVE_TYPES: &'static str = r#"
/** Rows of numbers: nonogram 1 filled / 0 empty; Kakuro and Str8ts the digit of every white cell, 0 on black cells. */
export type SolvedGrid = number[][];
/** What a solve did. */
export interface SolveStats {
  /** Search nodes (states propagated); 1 when logic alone solved the puzzle. */
  nodes: number;
  /** Nodes abandoned on a contradiction. */
  contradictions: number;
  /** Deepest branching level (0: no guessing was needed). */
  maxDepth: number;
  /** Units of propagation work counted by the genre. */
  work: number;
  /** Wall-clock milliseconds. */
  millis: number;
}
/** Limits of a solve; every field is optional. */
export interface SolveOptions {
  /** Stop after this many solutions (1..10000, default 2, which decides uniqueness). */
  maxSolutions?: number;
  /** Give up with status "unknown" after this many milliseconds (default: no limit). */
  timeLimitMs?: number;
  /** Give up with status "unknown" after this many search nodes (default: no limit). */
  nodeLimit?: number;
  /** Called about every 100 ms of a long solve with the statistics so far. */
  onProgress?: (stats: SolveStats) => void;
}
/** "unique": exactly one solution; "multiple": two or more (two returned as proof);
 *  "none": proven unsolvable; "unknown": the budget ran out (or maxSolutions was 1). */
export type SolveStatus = "unique" | "multiple" | "none" | "unknown";
/** The answer of a solve. With status "unknown", `partial` holds what logic decided for every
 *  solution (the puzzle propagated before any guess): a cell's value, or null where open. */
export interface SolveResult { status: SolveStatus; solutions: SolvedGrid[]; stats: SolveStats; partial?: (number | null)[][]; }
"#;

/// The version of the gridlogic crate this module was built from.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Solve a puzzle of any genre (`puzzle.genre` says which). Throws an `Error` naming the
/// problem and its place when the puzzle or the options are invalid.
#[wasm_bindgen(unchecked_return_type = "SolveResult")]
pub fn solve(
    #[wasm_bindgen(unchecked_param_type = "Puzzle")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SolveOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    run(&|| puzzle_from_js(puzzle.clone()), options)
}

/// Solve a nonogram from its row and column clues.
#[wasm_bindgen(js_name = solveNonogram, unchecked_return_type = "SolveResult")]
pub fn solve_nonogram(
    #[wasm_bindgen(unchecked_param_type = "number[][]")] rows: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number[][]")] cols: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SolveOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    run(&|| puzzle_from_js(object(&[("genre", &"nonogram".into()), ("rows", &rows), ("cols", &cols)])), options)
}

/// Solve a Kakuro from its grid of cells.
#[wasm_bindgen(js_name = solveKakuro, unchecked_return_type = "SolveResult")]
pub fn solve_kakuro(
    #[wasm_bindgen(unchecked_param_type = "KakuroCell[][]")] grid: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SolveOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    run(&|| puzzle_from_js(object(&[("genre", &"kakuro".into()), ("grid", &grid)])), options)
}

/// Solve a Str8ts from its digits and cell colours.
#[wasm_bindgen(js_name = solveStr8ts, unchecked_return_type = "SolveResult")]
pub fn solve_str8ts(
    #[wasm_bindgen(unchecked_param_type = "number[][]")] grid: JsValue,
    #[wasm_bindgen(unchecked_param_type = "boolean[][]")] black: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SolveOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    run(&|| puzzle_from_js(object(&[("genre", &"str8ts".into()), ("grid", &grid), ("black", &black)])), options)
}

/// Read the options, build the puzzle, solve it and convert the outcome. (`build` is a trait
/// object: one copy of all this in the wasm, not one per entry point.)
fn run(build: &dyn Fn() -> Result<Puzzle, JsError>, options: Option<JsValue>) -> Result<JsValue, JsError> {
    report_panics();
    let (options, on_progress) = options_from_js(options)?;
    let puzzle = build()?;
    let mut progress = JsProgress(on_progress);
    let outcome = solve_with(&puzzle, &options, &JsClock, &mut progress)?;
    to_js(&outcome)
}

/// A plain JS object with `fields`: the entry points that take a puzzle's fields one by one
/// (`solveNonogram(rows, cols)`) read them as the puzzle object `solve` is given.
fn object(fields: &[(&str, &JsValue)]) -> JsValue {
    let object = Object::new();
    for (name, value) in fields {
        let _ = Reflect::set(&object, &JsValue::from_str(name), value);
    }
    object.into()
}

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: sub-millisecond, and present in windows, workers and Node alike.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The JS clock.
struct JsClock;

impl Clock for JsClock {
    fn now_ms(&self) -> f64 {
        performance_now()
    }
}

/// Passes progress to the caller's `onProgress`, if any; a throwing callback is ignored.
struct JsProgress(Option<Function>);

impl Progress for JsProgress {
    fn report(&mut self, stats: &Stats) {
        if let (Some(callback), Ok(stats)) = (&self.0, to_js(stats)) {
            let _ = callback.call1(&JsValue::NULL, &stats);
        }
    }
}
// ---- the options ----

/// The options (`SolveOptions` read by its serde impl, `crate::shapes`) and `onProgress`.
fn options_from_js(value: Option<JsValue>) -> Result<(SolveOptions, Option<Function>), JsError> {
    let Some(value) = value.filter(|v| !v.is_undefined() && !v.is_null()) else {
        return Ok((SolveOptions::default(), None));
    };
    if !is_plain_object(&value) {
        return Err(error("options", format!("expected an object, got {}", describe(&value))).into());
    }
    let callback = property(&value, "onProgress");
    let options = super::from_js(value, "options.")?;
    let on_progress = if callback.is_undefined() || callback.is_null() {
        None
    } else if callback.is_function() {
        Some(Function::from(callback))
    } else {
        return Err(error("options.onProgress", format!("expected a function, got {}", describe(&callback))).into());
    };
    Ok((options, on_progress))
}
