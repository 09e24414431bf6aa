//! The solver's exports (cargo feature `solver`, `pkg/gridlogic_bg.wasm`): the solve
//! functions, with the JS clock and progress callback, and the outcome as a JS object.

use super::hand::{options_object, parse_json, puzzle_from_js, time_limit_ms, write_number, write_rows};
use super::{report_panics, JsClock};
use crate::engine::search::{Outcome, Progress, SolveOptions, Stats};
use crate::genre::js::{describe, error, property, whole_number};
use crate::shapes::MAX_SOLUTIONS_LIMIT;
use crate::{solve_with, Error};
use js_sys::{Function, Reflect};
use std::fmt::Write;
use wasm_bindgen::prelude::*;

// The answer's declarations (`SolveResult`, `SolveStats`, `SolveStatus`) and the limits'
// (`SolveLimits`) are derived from the core's types (tsify); the callback is the binding's.
#[wasm_bindgen(typescript_custom_section)]
const SOLVE_TYPES: &'static str = r#"
/** A solved grid (the name of `Grid` before it was derived). */
export type SolvedGrid = Grid;
/** Limits of a solve, and its progress callback; every field is optional. */
export interface SolveOptions extends SolveLimits {
  /** Called about every 100 ms of a long solve with the statistics so far. */
  onProgress?: (stats: SolveStats) => void;
}
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
    #[wasm_bindgen(unchecked_optional_param_type = "SolveOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    run(&puzzle, options)
}

/// Solve a nonogram from its row and column clues; with `colors` (CSS colours, colour 1
/// first) a colour nonogram, whose clues are numbers (colour 1) or `{n, color}`.
#[wasm_bindgen(js_name = solveNonogram, unchecked_return_type = "SolveResult")]
pub fn solve_nonogram(
    #[wasm_bindgen(unchecked_param_type = "(number | ColorBlock)[][]")] rows: JsValue,
    #[wasm_bindgen(unchecked_param_type = "(number | ColorBlock)[][]")] cols: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SolveOptions")] options: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "string[]")] colors: Option<JsValue>,
) -> Result<JsValue, JsError> {
    let colors = colors.unwrap_or(JsValue::UNDEFINED);
    run(&shape("nonogram", &[("rows", &rows), ("cols", &cols), ("colors", &colors)]), options)
}

/// Solve a Kakuro from its grid of cells.
#[wasm_bindgen(js_name = solveKakuro, unchecked_return_type = "SolveResult")]
pub fn solve_kakuro(
    #[wasm_bindgen(unchecked_param_type = "KakuroCell[][]")] grid: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SolveOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    run(&shape("kakuro", &[("grid", &grid)]), options)
}

/// Solve a Str8ts from its digits and cell colours.
#[wasm_bindgen(js_name = solveStr8ts, unchecked_return_type = "SolveResult")]
pub fn solve_str8ts(
    #[wasm_bindgen(unchecked_param_type = "number[][]")] grid: JsValue,
    #[wasm_bindgen(unchecked_param_type = "boolean[][]")] black: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SolveOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    run(&shape("str8ts", &[("grid", &grid), ("black", &black)]), options)
}

/// The JS shape of a puzzle whose `genre` is `genre`, with `fields` (what a genre's own solve
/// function takes as arguments, as `solve` takes them in one object).
fn shape(genre: &str, fields: &[(&str, &JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    let _ = Reflect::set(&object, &JsValue::from_str("genre"), &JsValue::from_str(genre));
    for (name, value) in fields {
        let _ = Reflect::set(&object, &JsValue::from_str(name), value);
    }
    object.into()
}

/// Read the options and the puzzle in its JS shape, solve it and convert the outcome.
fn run(puzzle: &JsValue, options: Option<JsValue>) -> Result<JsValue, JsError> {
    report_panics();
    let (options, on_progress) = options_from_js(options.as_ref())?;
    let puzzle = puzzle_from_js(puzzle)?;
    let mut progress = JsProgress(on_progress);
    let outcome = solve_with(&puzzle, &options, &JsClock, &mut progress)?;
    outcome_to_js(&outcome)
}

/// Passes progress to the caller's `onProgress`, if any; a throwing callback is ignored.
struct JsProgress(Option<Function>);

impl Progress for JsProgress {
    fn report(&mut self, stats: &Stats) {
        if let (Some(callback), Ok(stats)) = (&self.0, stats_to_js(stats)) {
            let _ = callback.call1(&JsValue::NULL, &stats);
        }
    }
}
// ---- the outcome as JSON text (see `write_rows`) ----

/// The statistics without `millis`, which [`set_millis`] adds as a JS number (JSON text
/// would need float formatting in the module).
fn write_stats(out: &mut String, s: &Stats) {
    let _ = write!(
        out,
        r#"{{"nodes":{},"contradictions":{},"maxDepth":{},"work":{},"millis":0}}"#,
        s.nodes, s.contradictions, s.max_depth, s.work
    );
}

/// Put the exact `millis` into a statistics object parsed from [`write_stats`]'s text.
fn set_millis(stats: &JsValue, millis: f64) {
    let _ = Reflect::set(stats, &JsValue::from_str("millis"), &JsValue::from_f64(millis));
}

fn stats_to_js(stats: &Stats) -> Result<JsValue, JsError> {
    let mut text = String::new();
    write_stats(&mut text, stats);
    let value = parse_json(&text)?;
    set_millis(&value, stats.millis);
    Ok(value)
}

fn outcome_to_js(outcome: &Outcome) -> Result<JsValue, JsError> {
    let mut text = format!(r#"{{"status":"{}","solutions":["#, outcome.status.as_str());
    for (i, solution) in outcome.solutions.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        write_rows(&mut text, solution, |out, &v| write_number(out, v));
    }
    text.push_str(r#"],"stats":"#);
    write_stats(&mut text, &outcome.stats);
    if let Some(partial) = &outcome.partial {
        text.push_str(r#","partial":"#);
        write_rows(&mut text, partial, |out, v| match v {
            Some(v) => write_number(out, *v),
            None => out.push_str("null"),
        });
    }
    text.push('}');
    let value = parse_json(&text)?;
    set_millis(&property(&value, "stats"), outcome.stats.millis);
    Ok(value)
}
// ---- the options ----

fn options_from_js(value: Option<&JsValue>) -> Result<(SolveOptions, Option<Function>), Error> {
    let mut options = SolveOptions::default();
    let Some(value) = options_object(value)? else { return Ok((options, None)) };
    let max = property(value, "maxSolutions");
    if !max.is_undefined() {
        let n = whole_number(&max, &|| "options.maxSolutions".into(), MAX_SOLUTIONS_LIMIT)?;
        options.max_solutions = n as usize;
    }
    options.time_limit_ms = time_limit_ms(value)?;
    let nodes = property(value, "nodeLimit");
    if !nodes.is_undefined() {
        match nodes.as_f64() {
            Some(n) if n >= 0.0 && n.fract() == 0.0 => options.node_limit = n.is_finite().then_some(n as u64),
            _ => {
                return Err(error(
                    "options.nodeLimit",
                    format!("expected a whole number ≥ 0, got {}", describe(&nodes)),
                ))
            }
        }
    }
    let callback = property(value, "onProgress");
    let on_progress = if callback.is_undefined() || callback.is_null() {
        None
    } else if callback.is_function() {
        Some(Function::from(callback))
    } else {
        return Err(error("options.onProgress", format!("expected a function, got {}", describe(&callback))));
    };
    options.validate()?;
    Ok((options, on_progress))
}
