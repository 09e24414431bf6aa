//! The solver module's own writer of results (feature `solver`), and the readers of the
//! options and the puzzle of the solver and explain modules (features `solver`, `explain`):
//! hand-written rather than through serde, for a measured reason ([`crate::genre::js`] has the
//! figures; the readers of JS values and each genre's reader of its shape live there and in the
//! genre folders). The puzzle's genre is chosen by the registry (`Puzzle::from_js`), so this
//! module names no genre.

use crate::genre::js::{describe, error, property, quoted};
use crate::genres::SHAPE_GENRE_LIST;
use crate::{Error, Puzzle};
use js_sys::Array;
use wasm_bindgen::prelude::*;

// ---- writing results: JSON text built here, parsed by the JS engine in one call ----
// (one crossing instead of one per number)

/// `[[a,b],[c,d]]`: rows of items, each written by `item`.
#[cfg(feature = "solver")]
pub(super) fn write_rows<T>(out: &mut String, rows: &[Vec<T>], item: impl Fn(&mut String, &T)) {
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

/// A whole number as JSON. Digits are written here rather than by `core::fmt`, which a
/// fresh instance runs in V8's baseline tier: a 512×512 solution is 262,144 numbers.
#[cfg(feature = "solver")]
pub(super) fn write_number(out: &mut String, n: impl Into<u64>) {
    let mut n = n.into();
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[start..].iter().map(|&d| char::from(d)));
}

/// The JS value of JSON text this module wrote.
#[cfg(feature = "solver")]
pub(super) fn parse_json(text: &str) -> Result<JsValue, JsError> {
    js_sys::JSON::parse(text).map_err(|_| JsError::new("internal error converting the result"))
}

// ---- reading the options (the puzzle: the genre's reader, crate::genre::js) ----

/// The options object `value` (`None`: undefined or null, the defaults), or an error naming
/// `options` for anything but a plain object.
pub(super) fn options_object(value: Option<&JsValue>) -> Result<Option<&JsValue>, Error> {
    let Some(value) = value.filter(|v| !v.is_undefined() && !v.is_null()) else { return Ok(None) };
    if !value.is_object() || Array::is_array(value) {
        return Err(error("options", format!("expected an object, got {}", describe(value))));
    }
    Ok(Some(value))
}

/// `options.timeLimitMs`: milliseconds ≥ 0; `None` when absent or `Infinity` (no limit).
pub(super) fn time_limit_ms(options: &JsValue) -> Result<Option<f64>, Error> {
    let time = property(options, "timeLimitMs");
    if time.is_undefined() {
        return Ok(None);
    }
    match time.as_f64() {
        Some(t) if t >= 0.0 => Ok(t.is_finite().then_some(t)),
        _ => Err(error("options.timeLimitMs", format!("expected milliseconds ≥ 0, got {}", describe(&time)))),
    }
}

/// The puzzle `value` is, read by the genre its `genre` names: the registry chooses
/// ([`Puzzle::from_js`]; a nonogram with `colors` is a colour nonogram), the genre's own
/// reader reads it (`src/<genre>/js.rs`).
pub(super) fn puzzle_from_js(value: &JsValue) -> Result<Puzzle, Error> {
    if !value.is_object() || Array::is_array(value) {
        return Err(error("puzzle", format!("expected an object with a genre, got {}", describe(value))));
    }
    let genre = property(value, "genre");
    let has = |field: &str| {
        let v = property(value, field);
        !v.is_undefined() && !v.is_null()
    };
    genre.as_string().and_then(|name| Puzzle::from_js(&name, &has, value)).unwrap_or_else(|| Err(no_genre(&genre)))
}

/// The error of a `genre` that names no genre's shape.
#[cold]
#[inline(never)]
fn no_genre(genre: &JsValue) -> Error {
    error(
        "genre",
        match genre.as_string() {
            Some(name) => format!("unknown genre {} (expected {SHAPE_GENRE_LIST})", quoted(&name)),
            None => format!("expected {SHAPE_GENRE_LIST}, got {}", describe(genre)),
        },
    )
}
