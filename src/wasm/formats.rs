//! The text formats' exports (cargo feature `formats`, `pkg/gridlogic_formats_bg.wasm`):
//! `parsePuzzle`, `parsePuzzles` and `formatPuzzle` over [`crate::format`].

use super::{error, parse_json, puzzle_from_js, quoted, report_panics, write_number, write_rows, KakuroCell};
use crate::{Error, Puzzle};
use std::fmt::Write;
use wasm_bindgen::prelude::*;

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
    report_panics();
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
    report_panics();
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
    report_panics();
    let format = format_from_js(Some(format))?.ok_or_else(|| error("format", "expected a format name"))?;
    Ok(crate::format::write(&puzzle_from_js(&puzzle)?, format)?)
}

/// The format named `name`; `None` (detect) when no name or an empty one is given.
fn format_from_js(name: Option<&str>) -> Result<Option<crate::format::Format>, Error> {
    match name.filter(|n| !n.is_empty()) {
        None => Ok(None),
        Some(name) => crate::format::Format::from_name(name).map(Some).ok_or_else(|| {
            let names: Vec<&str> = crate::format::ALL.iter().map(|f| f.name()).collect();
            error("format", format!("unknown format {} (expected one of {})", quoted(name), names.join(", ")))
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
        Puzzle::ColorNonogram(p) => {
            // The shape of issue 18: colours, an optional background, blocks as {n, color}.
            out.push_str(r#""colors":["#);
            out.push_str(&p.colors().iter().map(|c| quoted(c)).collect::<Vec<_>>().join(","));
            out.push(']');
            if let Some(background) = p.background() {
                let _ = write!(out, r#","background":{}"#, quoted(background));
            }
            for (key, lines) in [(r#","rows":"#, p.rows()), (r#","cols":"#, p.cols())] {
                out.push_str(key);
                write_rows(out, lines, |out, b| {
                    out.push_str(r#"{"n":"#);
                    write_number(out, b.len);
                    out.push_str(r#","color":"#);
                    write_number(out, b.color);
                    out.push('}');
                });
            }
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
