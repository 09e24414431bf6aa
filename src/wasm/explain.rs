//! The explained-logic exports (cargo feature `explain`, `pkg/gridlogic_explain_bg.wasm`):
//! `explain`, `hint` and `rate` ([`crate::explained`]), the player's board read from JS with
//! the place of anything malformed named, the explanations, hints and ratings written
//! through their serde impls (`crate::engine::explain`, `crate::explained`).
//!
//! A module of its own, loaded on first use: the techniques and their messages would add
//! to the solve-only module every page loads (sizes in bench/RESULTS.md).

use super::hand::{options_object, puzzle_from_js, time_limit_ms};
use super::{report_panics, to_js, JsClock};
use crate::engine::explain::ExplainOptions;
use crate::explained::{self, PlayerBoard};
use crate::genre::js::{array, describe, error, property, whole_number};
use crate::{Error, Puzzle};
use js_sys::Array;
use wasm_bindgen::prelude::*;

// The answers' declarations (`Explanation`, `Step`, `StepChange`, `StepLine`, `Rating`,
// `HintResult`), the board (`PlayerBoard`), the limits (`ExplainLimits`) and the options
// (`ExplainOptions`, below) are derived from the core's types (tsify).

// The declaration of the options' TypeScript type; `options_from_js` reads the limits and
// `board_from_js` the board.
/// Limits of an explanation, and the board to start from (`explain` only: start from this
/// player's board instead of the puzzle's start); every field is optional.
#[derive(tsify::Tsify)]
#[tsify(rename = "ExplainOptions")]
#[allow(dead_code, reason = "a declaration: only its TypeScript type is used")]
struct ExplainOptionsType {
    #[serde(flatten)]
    #[tsify(type = "ExplainLimits")]
    limits: ExplainOptions,
    /// `explain` only: start from this player's board instead of the puzzle's start.
    #[tsify(optional)]
    board: Option<PlayerBoard>,
}

/// Explain a puzzle from its start (or from `options.board`, a player's board): every step,
/// how it ended, and the rating. Throws an `Error` naming the place when the puzzle, the
/// board or the options are invalid.
#[wasm_bindgen(unchecked_return_type = "Explanation")]
pub fn explain(
    #[wasm_bindgen(unchecked_param_type = "Puzzle")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ExplainOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    report_panics();
    let explain_options = options_from_js(options.as_ref())?;
    let puzzle = puzzle_from_js(&puzzle)?;
    let board = options.as_ref().map(|o| property(o, "board")).filter(|b| !b.is_undefined() && !b.is_null());
    let board = board.map(|b| board_from_js(&puzzle, &b)).transpose()?;
    let explanation = explained::explain(&puzzle, board.as_ref(), &explain_options, &JsClock)?;
    to_js(&explanation)
}

/// The next step from the player's board, or the mistakes on it, or solved / stuck.
#[wasm_bindgen(unchecked_return_type = "HintResult")]
pub fn hint(
    #[wasm_bindgen(unchecked_param_type = "Puzzle")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PlayerBoard")] board: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ExplainOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    report_panics();
    let options = options_from_js(options.as_ref())?;
    let puzzle = puzzle_from_js(&puzzle)?;
    let board = board_from_js(&puzzle, &board)?;
    to_js(&explained::hint(&puzzle, &board, &options, &JsClock)?)
}

/// The rating of a puzzle, from the explanation of it.
#[wasm_bindgen(unchecked_return_type = "Rating")]
pub fn rate(
    #[wasm_bindgen(unchecked_param_type = "Puzzle")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ExplainOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    report_panics();
    let options = options_from_js(options.as_ref())?;
    let puzzle = puzzle_from_js(&puzzle)?;
    to_js(&explained::rate(&puzzle, &options, &JsClock)?)
}

// ---- reading ----

/// `{ maxSteps, timeLimitMs, noTrial }`, each optional.
fn options_from_js(value: Option<&JsValue>) -> Result<ExplainOptions, Error> {
    let mut options = ExplainOptions::default();
    let Some(value) = options_object(value)? else { return Ok(options) };
    let steps = property(value, "maxSteps");
    if !steps.is_undefined() {
        options.max_steps = Some(whole_number(&steps, &|| "options.maxSteps".into(), u32::MAX)? as usize);
    }
    options.time_limit_ms = time_limit_ms(value)?;
    let no_trial = property(value, "noTrial");
    if !no_trial.is_undefined() {
        options.no_trial = no_trial
            .as_bool()
            .ok_or_else(|| error("options.noTrial", format!("expected true or false, got {}", describe(&no_trial))))?;
    }
    Ok(options)
}

/// A reader of one cell's JS value, given the value, its path and its cell.
type ReadCell<'a, T> = dyn Fn(&JsValue, &str, (usize, usize)) -> Result<T, Error> + 'a;

/// Rows of cells at `path`, each read by `read` (given the value, its path and its cell).
fn rows_at<T>(value: &JsValue, path: &str, read: &ReadCell<'_, T>) -> Result<Vec<Vec<T>>, Error> {
    let rows = array(value, &|| path.to_string())?;
    let mut out = Vec::with_capacity(rows.length() as usize);
    for r in 0..rows.length() {
        let row = array(&rows.get(r), &|| format!("{path}[{r}]"))?;
        let mut cells = Vec::with_capacity(row.length() as usize);
        for c in 0..row.length() {
            cells.push(read(&row.get(c), &format!("{path}[{r}][{c}]"), (r as usize, c as usize))?);
        }
        out.push(cells);
    }
    Ok(out)
}

/// A digit `0..=16` (the largest Str8ts); the genre checks its own range.
fn digit(value: &JsValue, path: &str) -> Result<u8, Error> {
    Ok(whole_number(value, &|| path.to_string(), 16)? as u8)
}

/// The player's board in the genre's shape (see `PlayerBoard` in the typings).
fn board_from_js(puzzle: &Puzzle, value: &JsValue) -> Result<PlayerBoard, Error> {
    // Nonogram cells: the largest value and what a cell may be.
    if let Some((max, expected)) = puzzle.board_cells() {
        let max = f64::from(max);
        return Ok(PlayerBoard::Cells(rows_at(value, "board", &|v, path, _| {
            if v.is_null() || v.is_undefined() {
                return Ok(None);
            }
            match v.as_f64() {
                Some(n) if n.fract() == 0.0 && (0.0..=max).contains(&n) => Ok(Some(n as u8)),
                _ => Err(error(path, format!("expected {expected}, got {}", describe(v)))),
            }
        })?));
    }
    // A cell out of play (a Kakuro block, a Str8ts black cell) may be written as the puzzle
    // writes it (`null`, `{down, across}`, the black cell's clue) or as 0: the puzzle's own
    // grid is a valid starting board.
    let start = explained::start_board(puzzle)?;
    let out_of_play = |(r, c): (usize, usize)| r < start.height() && c < start.width() && !start.in_play((r, c));
    let value_at = |v: &JsValue, path: &str, cell| {
        if (v.is_null() || (v.is_object() && !Array::is_array(v))) && out_of_play(cell) {
            return Ok(0);
        }
        digit(v, path)
    };
    if Array::is_array(value) {
        return Ok(PlayerBoard::Digits { values: rows_at(value, "board", &value_at)?, candidates: None });
    }
    if !value.is_object() {
        return Err(error(
            "board",
            format!("expected rows of digits or {{values, candidates}}, got {}", describe(value)),
        ));
    }
    let values = rows_at(&property(value, "values"), "board.values", &value_at)?;
    let marks = property(value, "candidates");
    let candidates = if marks.is_undefined() || marks.is_null() {
        None
    } else {
        Some(rows_at(&marks, "board.candidates", &|cell, path, _| {
            let digits = array(cell, &|| path.to_string())?;
            (0..digits.length()).map(|i| digit(&digits.get(i), &format!("{path}[{i}]"))).collect()
        })?)
    };
    Ok(PlayerBoard::Digits { values, candidates })
}
