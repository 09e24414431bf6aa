//! The text formats' exports (cargo feature `formats`, `pkg/gridlogic_formats_bg.wasm`):
//! `parsePuzzle`, `parsePuzzles` and `formatPuzzle` over [`crate::format`].

use super::{error, puzzle_from_js, report_panics, to_js};
use crate::shapes::Quoted;
use crate::Error;
use wasm_bindgen::prelude::*;

/// Read the one puzzle in `text`, in `format` or, when it is left out, in the format the text
/// looks like. Throws an `Error` naming the line and column of anything malformed.
#[wasm_bindgen(js_name = parsePuzzle, unchecked_return_type = "Puzzle")]
pub fn parse_puzzle(
    text: &str,
    #[wasm_bindgen(unchecked_optional_param_type = "PuzzleFormat")] format: Option<String>,
) -> Result<JsValue, JsError> {
    report_panics();
    to_js(&crate::format::parse(text, format_from_js(format.as_deref())?)?)
}

/// Read every puzzle in `text` (files such as tournament sets hold many), in `format` or,
/// when it is left out, in the format the text looks like.
#[wasm_bindgen(js_name = parsePuzzles, unchecked_return_type = "Puzzle[]")]
pub fn parse_puzzles(
    text: &str,
    #[wasm_bindgen(unchecked_optional_param_type = "PuzzleFormat")] format: Option<String>,
) -> Result<JsValue, JsError> {
    report_panics();
    let list = js_sys::Array::new();
    for puzzle in &crate::format::parse_all(text, format_from_js(format.as_deref())?)? {
        list.push(&to_js(puzzle)?);
    }
    Ok(list.into())
}

/// `puzzle` as text in `format`. Throws when the puzzle is invalid or the format cannot
/// hold it (another genre, a size or given digits the format has no way to write).
#[wasm_bindgen(js_name = formatPuzzle)]
pub fn format_puzzle(
    #[wasm_bindgen(unchecked_param_type = "Puzzle")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PuzzleFormat")] format: &str,
) -> Result<String, JsError> {
    report_panics();
    let format = format_from_js(Some(format))?.ok_or_else(|| error("format", "expected a format name"))?;
    Ok(crate::format::write(&puzzle_from_js(puzzle)?, format)?)
}

/// The format named `name`; `None` (detect) when no name or an empty one is given.
fn format_from_js(name: Option<&str>) -> Result<Option<crate::format::Format>, Error> {
    match name.filter(|n| !n.is_empty()) {
        None => Ok(None),
        Some(name) => crate::format::Format::from_name(name).map(Some).ok_or_else(|| {
            let names: Vec<&str> = crate::format::ALL.iter().map(|f| f.name()).collect();
            error("format", format!("unknown format {} (expected one of {})", Quoted(name), names.join(", ")))
        }),
    }
}
