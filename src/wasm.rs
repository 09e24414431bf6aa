//! The JavaScript binding: every `#[wasm_bindgen]` export of the crate, and nothing else.
//!
//! It converts JS values to the core's types (naming the exact array path of anything
//! malformed, e.g. `rows[2][1]`), calls [`crate::solve_with`] with the JS clock, and converts
//! the outcome back to plain JS objects. No solver logic lives here.

use crate::engine::search::{Clock, Outcome, Progress, SolveOptions, Stats};
use crate::kakuro::{Cell as KakuroCell, Kakuro};
use crate::nonogram::Nonogram;
use crate::str8ts::Str8ts;
use crate::{solve_with, Error, Place, Puzzle};
use js_sys::{Array, Function, Reflect};
use std::fmt::Write;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A nonogram: row clues top to bottom, column clues left to right; `[]` or `[0]` is an empty line. */
export interface NonogramPuzzle { genre: "nonogram"; rows: number[][]; cols: number[][]; }
/** A Kakuro clue cell: the sum of the run below (`down`) and to the right (`across`). */
export interface KakuroClue { down?: number; across?: number; }
/** A Kakuro cell: `null` block, a clue cell, `0` empty white cell, `1`..`9` given digit. */
export type KakuroCell = null | KakuroClue | number;
/** A Kakuro: rows of cells. */
export interface KakuroPuzzle { genre: "kakuro"; grid: KakuroCell[][]; }
/** A Str8ts: `grid` digits (0 empty; on a black cell its clue), `black` the cell colours. */
export interface Str8tsPuzzle { genre: "str8ts"; grid: number[][]; black: boolean[][]; }
/** A puzzle of any genre. */
export type Puzzle = NonogramPuzzle | KakuroPuzzle | Str8tsPuzzle;
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
    run(|| puzzle_from_js(&puzzle), options)
}

/// Solve a nonogram from its row and column clues.
#[wasm_bindgen(js_name = solveNonogram, unchecked_return_type = "SolveResult")]
pub fn solve_nonogram(
    #[wasm_bindgen(unchecked_param_type = "number[][]")] rows: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number[][]")] cols: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SolveOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    run(|| nonogram_from_js(&rows, &cols), options)
}

/// Solve a Kakuro from its grid of cells.
#[wasm_bindgen(js_name = solveKakuro, unchecked_return_type = "SolveResult")]
pub fn solve_kakuro(
    #[wasm_bindgen(unchecked_param_type = "KakuroCell[][]")] grid: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SolveOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    run(|| kakuro_from_js(&grid), options)
}

/// Solve a Str8ts from its digits and cell colours.
#[wasm_bindgen(js_name = solveStr8ts, unchecked_return_type = "SolveResult")]
pub fn solve_str8ts(
    #[wasm_bindgen(unchecked_param_type = "number[][]")] grid: JsValue,
    #[wasm_bindgen(unchecked_param_type = "boolean[][]")] black: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SolveOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    run(|| str8ts_from_js(&grid, &black), options)
}

/// Read the options, build the puzzle, solve it and convert the outcome.
fn run(build: impl FnOnce() -> Result<Puzzle, Error>, options: Option<JsValue>) -> Result<JsValue, JsError> {
    // A panic would be a bug; if one happens, the console shows its message and place.
    console_error_panic_hook::set_once();
    let (options, on_progress) = options_from_js(options.as_ref())?;
    let puzzle = build()?;
    let mut progress = JsProgress(on_progress);
    let outcome = solve_with(&puzzle, &options, &JsClock, &mut progress)?;
    outcome_to_js(&outcome)
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
        if let (Some(callback), Ok(stats)) = (&self.0, stats_to_js(stats)) {
            let _ = callback.call1(&JsValue::NULL, &stats);
        }
    }
}

// ---- writing results: JSON text built here, parsed by the JS engine in one call ----
// (one crossing instead of one per number, and no serde in the module)

/// `[[a,b],[c,d]]`: rows of items, each written by `item`.
fn write_rows<T>(out: &mut String, rows: &[Vec<T>], item: impl Fn(&mut String, &T)) {
    out.push('[');
    for (r, row) in rows.iter().enumerate() {
        out.push_str(if r == 0 { "[" } else { ",[" });
        for (c, value) in row.iter().enumerate() {
            if c > 0 {
                out.push(',');
            }
            item(out, value);
        }
        out.push(']');
    }
    out.push(']');
}

/// A whole number as JSON.
fn write_number(out: &mut String, n: impl Into<u64>) {
    let _ = write!(out, "{}", n.into());
}

/// The statistics without `millis`, which [`set_millis`] adds as a JS number (JSON text
/// would need float formatting in the module).
fn write_stats(out: &mut String, s: &Stats) {
    let _ = write!(
        out,
        r#"{{"nodes":{},"contradictions":{},"maxDepth":{},"work":{},"millis":0}}"#,
        s.nodes, s.contradictions, s.max_depth, s.work
    );
}

/// The JS value of JSON text this module wrote.
fn parse_json(text: &str) -> Result<JsValue, JsError> {
    js_sys::JSON::parse(text).map_err(|_| JsError::new("internal error converting the result"))
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

// ---- reading JS values, with the path of every value for error messages ----

/// The largest `maxSolutions` accepted: every solution is kept in memory.
const MAX_SOLUTIONS_LIMIT: u32 = 10_000;

fn error(path: &str, message: impl Into<String>) -> Error {
    Error::new(Place::Field(path.to_string()), message)
}

/// A short description of a JS value for error messages: `"abc"`, `1.5`, `an object`.
fn describe(value: &JsValue) -> String {
    if value.is_undefined() {
        "nothing (undefined)".into()
    } else if value.is_null() {
        "null".into()
    } else if let Some(s) = value.as_string() {
        let shown: String = s.chars().take(20).collect();
        format!("the string {shown:?}")
    } else if let Some(n) = value.as_f64() {
        // JS writes its own numbers (`NaN`, `0.5`, `1099511627776`): the wasm carries no
        // float formatting for them.
        js_sys::Number::from(n).to_string_with_radix(10).map(String::from).unwrap_or_default()
    } else if let Some(b) = value.as_bool() {
        format!("{b}")
    } else if Array::is_array(value) {
        "an array".into()
    } else {
        "an object".into()
    }
}

fn property(object: &JsValue, name: &str) -> JsValue {
    if object.is_object() {
        Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

/// The path of a value in the input (`rows[2][1]`), written only when an error names it:
/// building it for every cell of every puzzle would cost more than the solve of an easy one.
type PathOf<'a> = &'a dyn Fn() -> String;

fn array(value: &JsValue, path: PathOf) -> Result<Array, Error> {
    if Array::is_array(value) {
        Ok(Array::from(value))
    } else {
        Err(error(&path(), format!("expected an array, got {}", describe(value))))
    }
}

/// A whole number in `0..=max`.
fn whole_number(value: &JsValue, path: PathOf, max: u32) -> Result<u32, Error> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=f64::from(max)).contains(&n) => Ok(n as u32),
        Some(n) if n.is_finite() && n.fract() == 0.0 => {
            Err(error(&path(), format!("{} is out of range (expected 0 to {max})", describe(value))))
        }
        _ => Err(error(&path(), format!("expected a whole number ≥ 0, got {}", describe(value)))),
    }
}

/// An array of arrays, each element read by `read`.
fn rows_of<T>(value: &JsValue, path: &str, read: impl Fn(&JsValue, PathOf) -> Result<T, Error>) -> Result<Vec<Vec<T>>, Error> {
    rows_read_by(value, path, |row, r| read_cells(row, path, r, &read))
}

/// An array of arrays, each inner array read whole by `read_row` (given it and its index).
fn rows_read_by<T>(value: &JsValue, path: &str, read_row: impl Fn(&Array, usize) -> Result<Vec<T>, Error>) -> Result<Vec<Vec<T>>, Error> {
    array(value, &|| path.to_string())?
        .iter()
        .enumerate()
        .map(|(r, row)| read_row(&array(&row, &|| format!("{path}[{r}]"))?, r))
        .collect()
}

/// The cells of row `r` of the array at `path`, each read by `read`.
fn read_cells<T>(row: &Array, path: &str, r: usize, read: impl Fn(&JsValue, PathOf) -> Result<T, Error>) -> Result<Vec<T>, Error> {
    row.iter().enumerate().map(|(c, cell)| read(&cell, &|| format!("{path}[{r}][{c}]"))).collect()
}

#[wasm_bindgen]
extern "C" {
    /// `Number.isInteger`, passed to `every` as it is: no call back into wasm per element.
    #[wasm_bindgen(thread_local_v2, js_namespace = Number, js_name = isInteger)]
    static IS_INTEGER: Function;
    /// A JS array, for `every` with a JS predicate (js-sys's `every` takes a Rust closure).
    type ArrayOfAny;
    #[wasm_bindgen(method)]
    fn every(this: &ArrayOfAny, predicate: &Function) -> bool;
}

/// An array of arrays of whole numbers in `0..=max`. A row of integers is checked by one call
/// and copied by another (not one call per element: per-call cost decides the speed of easy
/// puzzles); any other row is read element by element, which names what is wrong and where.
fn number_rows(value: &JsValue, path: &str, max: u32) -> Result<Vec<Vec<u32>>, Error> {
    rows_read_by(value, path, |row, r| {
        if IS_INTEGER.with(|is_integer| row.unchecked_ref::<ArrayOfAny>().every(is_integer)) {
            // `every` skips holes, which the copy reads as NaN: out of range, read below.
            let numbers = js_sys::Float64Array::new(row).to_vec();
            if numbers.iter().all(|n| (0.0..=f64::from(max)).contains(n)) {
                return Ok(numbers.into_iter().map(|n| n as u32).collect());
            }
        }
        read_cells(row, path, r, |v, path| whole_number(v, path, max))
    })
}

/// Numbers in JS puzzles are bounded well above any valid clue, so that no conversion wraps.
const MAX_NUMBER: u32 = 1 << 20;

fn options_from_js(value: Option<&JsValue>) -> Result<(SolveOptions, Option<Function>), Error> {
    let mut options = SolveOptions::default();
    let Some(value) = value.filter(|v| !v.is_undefined() && !v.is_null()) else {
        return Ok((options, None));
    };
    if !value.is_object() || Array::is_array(value) {
        return Err(error("options", format!("expected an object, got {}", describe(value))));
    }
    let max = property(value, "maxSolutions");
    if !max.is_undefined() {
        let n = whole_number(&max, &|| "options.maxSolutions".into(), MAX_SOLUTIONS_LIMIT)?;
        options.max_solutions = n as usize;
    }
    let time = property(value, "timeLimitMs");
    if !time.is_undefined() {
        match time.as_f64() {
            Some(t) if t >= 0.0 => options.time_limit_ms = t.is_finite().then_some(t),
            _ => return Err(error("options.timeLimitMs", format!("expected milliseconds ≥ 0, got {}", describe(&time)))),
        }
    }
    let nodes = property(value, "nodeLimit");
    if !nodes.is_undefined() {
        match nodes.as_f64() {
            Some(n) if n >= 0.0 && n.fract() == 0.0 => options.node_limit = n.is_finite().then_some(n as u64),
            _ => return Err(error("options.nodeLimit", format!("expected a whole number ≥ 0, got {}", describe(&nodes)))),
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

fn puzzle_from_js(value: &JsValue) -> Result<Puzzle, Error> {
    if !value.is_object() || Array::is_array(value) {
        return Err(error("puzzle", format!("expected an object with a genre, got {}", describe(value))));
    }
    let genre = property(value, "genre");
    match genre.as_string().as_deref() {
        Some("nonogram") => nonogram_from_js(&property(value, "rows"), &property(value, "cols")),
        Some("kakuro") => kakuro_from_js(&property(value, "grid")),
        Some("str8ts") => str8ts_from_js(&property(value, "grid"), &property(value, "black")),
        Some(other) => Err(error("genre", format!("unknown genre {other:?} (expected \"nonogram\", \"kakuro\" or \"str8ts\")"))),
        None => Err(error("genre", format!("expected \"nonogram\", \"kakuro\" or \"str8ts\", got {}", describe(&genre)))),
    }
}

fn nonogram_from_js(rows: &JsValue, cols: &JsValue) -> Result<Puzzle, Error> {
    let rows = number_rows(rows, "rows", MAX_NUMBER)?;
    let cols = number_rows(cols, "cols", MAX_NUMBER)?;
    Ok(Puzzle::Nonogram(Nonogram::new(rows, cols)?))
}

fn kakuro_cell(value: &JsValue, path: PathOf) -> Result<KakuroCell, Error> {
    if value.is_null() || value.is_undefined() {
        return Ok(KakuroCell::Block { down: None, across: None });
    }
    if value.as_f64().is_some() {
        let digit = whole_number(value, path, MAX_NUMBER)?;
        return Ok(KakuroCell::White((digit != 0).then_some(digit)));
    }
    if !value.is_object() || Array::is_array(value) {
        return Err(error(&path(), format!("expected null, a digit 0..9 or {{down, across}}, got {}", describe(value))));
    }
    let sum = |name: &str| {
        let v = property(value, name);
        if v.is_undefined() || v.is_null() {
            Ok(None)
        } else {
            whole_number(&v, &|| format!("{}.{name}", path()), MAX_NUMBER).map(Some)
        }
    };
    Ok(KakuroCell::Block { down: sum("down")?, across: sum("across")? })
}

fn kakuro_from_js(grid: &JsValue) -> Result<Puzzle, Error> {
    Ok(Puzzle::Kakuro(Kakuro::new(rows_of(grid, "grid", kakuro_cell)?)?))
}

fn str8ts_from_js(grid: &JsValue, black: &JsValue) -> Result<Puzzle, Error> {
    let digits = number_rows(grid, "grid", MAX_NUMBER)?;
    let black = rows_of(black, "black", |v, path| match v.as_bool() {
        Some(b) => Ok(b),
        None => match v.as_f64() {
            Some(n) if n == 0.0 || n == 1.0 => Ok(n == 1.0),
            _ => Err(error(&path(), format!("expected true or false, got {}", describe(v)))),
        },
    })?;
    Ok(Puzzle::Str8ts(Str8ts::new(digits, black)?))
}

// ---- puzzle text formats: parsePuzzle, parsePuzzles, formatPuzzle ----

#[wasm_bindgen(typescript_custom_section)]
const FORMAT_TYPES: &'static str = r#"
/** A puzzle text format (see the crate's `format` module): "canonical" (any genre);
 *  nonogram "non", "nin", "webpbn-xml", "tatham", "tournament", "nonogrid-toml", "picross-solver";
 *  Kakuro "janko", "puzzlink", "prop", "marcelgarus"; Str8ts "janko", "str8ts-com", "chargrid",
 *  "ringler", "buchmann", "osmith", "jamesaustin". */
export type PuzzleFormat = "canonical" | "non" | "nin" | "webpbn-xml" | "tatham" | "tournament"
  | "nonogrid-toml" | "picross-solver" | "janko" | "puzzlink" | "prop" | "marcelgarus" | "str8ts-com"
  | "chargrid" | "ringler" | "buchmann" | "osmith" | "jamesaustin";
"#;

/// Read the one puzzle in `text`, in `format` or, when it is left out, in the format the text
/// looks like. Throws an `Error` naming the line and column of anything malformed.
#[wasm_bindgen(js_name = parsePuzzle, unchecked_return_type = "Puzzle")]
pub fn parse_puzzle(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "PuzzleFormat | undefined")] format: Option<String>,
) -> Result<JsValue, JsError> {
    console_error_panic_hook::set_once();
    let puzzle = crate::format::parse(text, format_from_js(format.as_deref())?)?;
    let mut json = String::new();
    write_puzzle(&mut json, &puzzle);
    parse_json(&json)
}

/// Read every puzzle in `text` (files such as tournament sets hold many), in `format` or,
/// when it is left out, in the format the text looks like.
#[wasm_bindgen(js_name = parsePuzzles, unchecked_return_type = "Puzzle[]")]
pub fn parse_puzzles(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "PuzzleFormat | undefined")] format: Option<String>,
) -> Result<JsValue, JsError> {
    console_error_panic_hook::set_once();
    let puzzles = crate::format::parse_all(text, format_from_js(format.as_deref())?)?;
    let mut json = String::from("[");
    for (i, puzzle) in puzzles.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        write_puzzle(&mut json, puzzle);
    }
    json.push(']');
    parse_json(&json)
}

/// `puzzle` as text in `format`. Throws when the puzzle is invalid or the format cannot
/// hold it (another genre, a size or given digits the format has no way to write).
#[wasm_bindgen(js_name = formatPuzzle)]
pub fn format_puzzle(
    #[wasm_bindgen(unchecked_param_type = "Puzzle")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PuzzleFormat")] format: &str,
) -> Result<String, JsError> {
    console_error_panic_hook::set_once();
    let format = format_from_js(Some(format))?.ok_or_else(|| error("format", "expected a format name"))?;
    Ok(crate::format::write(&puzzle_from_js(&puzzle)?, format)?)
}

/// The format named `name`; `None` (detect) when no name or an empty one is given.
fn format_from_js(name: Option<&str>) -> Result<Option<crate::format::Format>, Error> {
    match name.filter(|n| !n.is_empty()) {
        None => Ok(None),
        Some(name) => crate::format::Format::from_name(name).map(Some).ok_or_else(|| {
            let names: Vec<&str> = crate::format::ALL.iter().map(|f| f.name()).collect();
            error("format", format!("unknown format {name:?} (expected one of {})", names.join(", ")))
        }),
    }
}

/// `puzzle` as JSON text in the JS API's shape (`Puzzle` in the TypeScript types).
fn write_puzzle(out: &mut String, puzzle: &Puzzle) {
    let _ = write!(out, r#"{{"genre":"{}","#, puzzle.genre());
    match puzzle {
        Puzzle::Nonogram(p) => {
            out.push_str(r#""rows":"#);
            write_rows(out, p.rows(), |out, &n| write_number(out, n));
            out.push_str(r#","cols":"#);
            write_rows(out, p.cols(), |out, &n| write_number(out, n));
        }
        Puzzle::Kakuro(p) => {
            out.push_str(r#""grid":"#);
            write_rows(out, p.cells(), |out, cell| match *cell {
                KakuroCell::Block { down: None, across: None } => out.push_str("null"),
                KakuroCell::Block { down, across } => {
                    let sums = [("down", down), ("across", across)];
                    let clued = sums.iter().filter_map(|&(name, sum)| Some((name, sum?)));
                    out.push('{');
                    for (i, (name, sum)) in clued.enumerate() {
                        let _ = write!(out, r#"{}"{name}":{sum}"#, if i > 0 { "," } else { "" });
                    }
                    out.push('}');
                }
                KakuroCell::White(digit) => write_number(out, digit.unwrap_or(0)),
            });
        }
        Puzzle::Str8ts(p) => {
            out.push_str(r#""grid":"#);
            write_rows(out, &p.grid(), |out, &n| write_number(out, n));
            out.push_str(r#","black":"#);
            write_rows(out, &p.black(), |out, &b| out.push_str(if b { "true" } else { "false" }));
        }
    }
    out.push('}');
}
