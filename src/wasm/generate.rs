//! The generator exports (in the explain module, cargo feature `explain`, since a generator
//! rates every candidate through the explanation): `generate` ([`crate::generate`]) and
//! `nonogramFromPicture` ([`crate::nonogram_from_picture`], with colours
//! [`crate::color_nonogram_from_picture`]). The options are read here with
//! the type of each field checked (`options.width: expected a number, got …`); their ranges
//! are the core's checks. Puzzles, solutions, ratings and cells are written through the core's serde impls.

use super::hand::{options_object, time_limit_ms};
use super::{report_panics, to_js, JsClock};
use crate::engine::explain::Rating;
use crate::engine::search::{Progress, Stats, Status};
use crate::genre::js::{array, describe, error, property, whole_number};
use crate::{Error, GenerateOptions, Puzzle};
use js_sys::Array;
use wasm_bindgen::prelude::*;

// The run's declaration: a callback, which no Rust type of the core describes (as the solver's
// `onProgress` in solver.rs); the options, the answer and `Difficulty` are derived (tsify).
#[wasm_bindgen(typescript_custom_section)]
const GENERATE_TYPES: &'static str = r#"
/** The second argument of `generate`: `onProgress` is called after every candidate. */
export interface GenerateRun { onProgress?: (progress: GenerateProgress) => void; }
"#;

/// A new puzzle of the genre, size and difficulty `options` ask for, the same for the same
/// options and seed. Throws an `Error` naming the option (`options.width: …`) when one is
/// wrong, or saying that the level was not reached for the size.
#[wasm_bindgen(unchecked_return_type = "Generated")]
pub fn generate(
    #[wasm_bindgen(unchecked_param_type = "GenerateOptions")] options: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "GenerateRun")] run: Option<JsValue>,
) -> Result<JsValue, JsError> {
    report_panics();
    let options = options_from_js(&options)?;
    let callback = run.as_ref().map_or(JsValue::UNDEFINED, |run| property(run, "onProgress"));
    let mut progress = GenerateProgress(match callback {
        c if c.is_undefined() || c.is_null() => None,
        c if c.is_function() => Some(js_sys::Function::from(c)),
        c => return Err(error("run.onProgress", format!("expected a function, got {}", describe(&c))).into()),
    });
    to_js(&crate::generate(&options, &JsClock, &mut progress)?)
}

/// The nonogram of a picture (rows of 0 and 1), or with `colors` (CSS colours, colour 1
/// first) the colour nonogram of a picture of colour indices (0 the background), whether its
/// clues have one solution, and the cells where two solutions differ; `options.timeLimitMs`
/// bounds the check (status `"unknown"` when it runs out). Throws an `Error` naming the place
/// of a bad cell, colour or option.
#[wasm_bindgen(js_name = nonogramFromPicture, unchecked_return_type = "FromPicture")]
pub fn nonogram_from_picture(
    #[wasm_bindgen(unchecked_param_type = "number[][]")] picture: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string[]")] colors: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "{ timeLimitMs?: number }")] options: JsValue,
) -> Result<JsValue, JsError> {
    report_panics();
    let colors = css_colors(&colors, "colors")?;
    let limit = match options_object(Some(&options))? {
        Some(options) => time_limit_ms(options)?,
        None => None,
    };
    let top = colors.as_ref().map_or(1, |c| c.len().clamp(1, usize::from(u8::MAX)) as u32);
    let rows = array(&picture, &|| "picture".into())?;
    let mut cells = Vec::with_capacity(rows.length() as usize);
    for r in 0..rows.length() {
        let row = array(&rows.get(r), &|| format!("picture[{r}]"))?;
        let mut line = Vec::with_capacity(row.length() as usize);
        for c in 0..row.length() {
            line.push(whole_number(&row.get(c), &|| format!("picture[{r}][{c}]"), top)? as u8);
        }
        cells.push(line);
    }
    let (puzzle, status, rating, ambiguous): (Puzzle, _, _, _) = match colors {
        None => {
            let made = crate::nonogram_from_picture(&cells, limit, &JsClock)?;
            (made.puzzle.into(), made.status, made.rating, made.ambiguous)
        }
        Some(colors) => {
            let made = crate::color_nonogram_from_picture(&cells, &colors, limit, &JsClock)?;
            (made.puzzle.into(), made.status, made.rating, made.ambiguous)
        }
    };
    let status = match status {
        Status::Unique => "unique",
        Status::Multiple => "multiple",
        _ => "unknown",
    };
    to_js(&FromPicture { puzzle, status, rating, ambiguous })
}

/// A nonogram made from a picture (a colour nonogram when `colors` were given), as
/// `nonogramFromPicture` returns it (the TypeScript type `FromPicture`).
#[derive(serde::Serialize, tsify::Tsify)]
struct FromPicture {
    /// The puzzle of the picture's clues.
    #[tsify(type = "NonogramPuzzle | ColorNonogramPuzzle")]
    puzzle: Puzzle,
    /// Whether the clues have one solution (`"unknown"`: the time limit ran out).
    #[tsify(type = "\"unique\" | \"multiple\" | \"unknown\"")]
    status: &'static str,
    /// The rating, when the clues have one solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    rating: Option<Rating>,
    /// The [row, col] cells where two solutions differ.
    ambiguous: Vec<(usize, usize)>,
}

/// A list of CSS colour strings at `name` (`None`: undefined or null), each element's type
/// checked (`colors[1]: expected a CSS colour string, got 3`); whether each is a CSS colour
/// is the core's check.
fn css_colors(value: &JsValue, name: &str) -> Result<Option<Vec<String>>, Error> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let list = array(value, &|| name.into())?;
    let strings = (0..list.length()).map(|i| {
        let v = list.get(i);
        v.as_string().ok_or_else(|| {
            error(&format!("{name}[{i}]"), format!("expected a CSS colour string, got {}", describe(&v)))
        })
    });
    Ok(Some(strings.collect::<Result<Vec<_>, _>>()?))
}

/// Passes a generation's progress to the caller's `onProgress`, if any, after every
/// candidate, as a [`Report`]; a throwing callback is ignored.
struct GenerateProgress(Option<js_sys::Function>);

/// A generation's progress as `onProgress` receives it (the TypeScript type
/// `GenerateProgress`).
#[derive(serde::Serialize, tsify::Tsify)]
#[tsify(rename = "GenerateProgress")]
struct Report {
    /// Candidates proposed so far.
    candidates: f64,
    /// Solver nodes of all the uniqueness checks so far.
    nodes: f64,
    /// Milliseconds so far.
    millis: f64,
}

impl Progress for GenerateProgress {
    fn report(&mut self, stats: &Stats) {
        let Some(callback) = &self.0 else { return };
        let report = Report { candidates: stats.work as f64, nodes: stats.nodes as f64, millis: stats.millis };
        if let Ok(report) = to_js(&report) {
            let _ = callback.call1(&JsValue::NULL, &report);
        }
    }
}

/// The options object, each field's type checked; ranges are checked by [`crate::generate`].
fn options_from_js(value: &JsValue) -> Result<GenerateOptions, Error> {
    if !value.is_object() || Array::is_array(value) {
        return Err(error("options", format!("expected an object with a genre, got {}", describe(value))));
    }
    let text = |name: &str| -> Result<String, Error> {
        let v = property(value, name);
        v.as_string()
            .ok_or_else(|| error(&format!("options.{name}"), format!("expected a string, got {}", describe(&v))))
    };
    let number = |name: &str| -> Result<Option<f64>, Error> {
        let v = property(value, name);
        if v.is_undefined() || v.is_null() {
            return Ok(None);
        }
        v.as_f64()
            .map(Some)
            .ok_or_else(|| error(&format!("options.{name}"), format!("expected a number, got {}", describe(&v))))
    };
    let colors = css_colors(&property(value, "colors"), "options.colors")?;
    let flag = |name: &str| -> Result<Option<bool>, Error> {
        let v = property(value, name);
        if v.is_undefined() || v.is_null() {
            return Ok(None);
        }
        v.as_bool()
            .map(Some)
            .ok_or_else(|| error(&format!("options.{name}"), format!("expected true or false, got {}", describe(&v))))
    };
    let genre = text("genre")?;
    let difficulty = text("difficulty")?;
    let seed = number("seed")?.ok_or_else(|| error("options.seed", "is required: a 32-bit integer"))?;
    Ok(GenerateOptions {
        genre,
        width: number("width")?,
        height: number("height")?,
        size: number("size")?,
        difficulty,
        seed,
        density: number("density")?,
        colors,
        givens: flag("givens")?,
        killer: flag("killer")?,
        time_limit_ms: number("timeLimitMs")?,
    })
}
