//! Reading a puzzle from its JS shape by hand, for the solver and explain modules (cargo
//! features `solver`, `explain`): each genre implements [`FromJs`] in its own folder
//! (`src/<genre>/js.rs`) with the readers here, which name the path of every wrong value
//! (`rows[2][1]`, `grid[3][1].down`); the registry's `Puzzle::from_js` picks the genre by the
//! shape's `genre`. Not serde, for a measured reason: reading the puzzles, the options and
//! the outcome of the solver module through serde-wasm-bindgen and serde_path_to_error
//! (`crate::shapes`, as the formats module does) made `pkg/gridlogic_bg.wasm` 362,048 bytes
//! (140,358 gzipped) instead of 264,750 (110,477): +37 % raw, +27 % gzipped (measured
//! 2026-12-04); the explain module reading its puzzle through serde grew 745,683 → 815,648
//! bytes (283,132 → 301,862 gzipped). An earlier measurement found the first solves of
//! Cauldron 12-48 % and of Janko's Kakuro set 12-17 % more CPU time through serde
//! (bench/RESULTS.md, "serde"). The formats module, whose size and speed matter less, reads
//! through serde (`crate::shapes`, whose tests check the same messages).

use crate::engine::error::{Error, Place};
use js_sys::{Array, Function, Reflect};
use wasm_bindgen::prelude::*;

/// A genre's reader of its JS shape (an object whose `genre` is the genre's
/// [`Play::SHAPE_GENRE`](super::Play::SHAPE_GENRE), chosen by the registry); the constructor
/// of the genre's type validates what it reads.
pub(crate) trait FromJs: Sized {
    /// The puzzle in `shape`; an error names the wrong field (`rows[2][1]`) or is the
    /// constructor's.
    fn from_js(shape: &JsValue) -> Result<Self, Error>;
}

/// An error at the field `path` of the input.
#[cold]
#[inline(never)]
pub(crate) fn error(path: &str, message: impl Into<String>) -> Error {
    Error::new(Place::Field(path.to_string()), message)
}

/// `text` in double quotes with JSON's escapes, written by JS (Rust's `{:?}` would bring
/// its Unicode tables into the wasm).
pub(crate) fn quoted(text: &str) -> String {
    js_sys::JSON::stringify(&JsValue::from_str(text)).map(String::from).unwrap_or_default()
}

/// A short description of a JS value for error messages: `"abc"`, `1.5`, `an object`.
#[cold]
#[inline(never)]
pub(crate) fn describe(value: &JsValue) -> String {
    if value.is_undefined() {
        "nothing (undefined)".into()
    } else if value.is_null() {
        "null".into()
    } else if let Some(s) = value.as_string() {
        let shown: String = s.chars().take(20).collect();
        format!("the string {}", quoted(&shown))
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

/// The property `name` of `object` (undefined when `object` is no object).
pub(crate) fn property(object: &JsValue, name: &str) -> JsValue {
    if object.is_object() {
        Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

/// The path of a value in the input (`rows[2][1]`), written only when an error names it:
/// building it for every cell of every puzzle would cost more than the solve of an easy one.
pub(crate) type PathOf<'a> = &'a dyn Fn() -> String;

// (`array` and `whole_number` are not inlined: the readers of every element type call them,
// and inlined copies of their error paths cost 2 KB of wasm.)
#[inline(never)]
pub(crate) fn array(value: &JsValue, path: PathOf) -> Result<Array, Error> {
    if Array::is_array(value) {
        Ok(Array::from(value))
    } else {
        Err(error(&path(), format!("expected an array, got {}", describe(value))))
    }
}

/// A whole number in `0..=max`.
#[inline(never)]
pub(crate) fn whole_number(value: &JsValue, path: PathOf, max: u32) -> Result<u32, Error> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=f64::from(max)).contains(&n) => Ok(n as u32),
        Some(n) if n.is_finite() && n.fract() == 0.0 => {
            Err(error(&path(), format!("{} is out of range (expected 0 to {max})", describe(value))))
        }
        _ => Err(error(&path(), format!("expected a whole number ≥ 0, got {}", describe(value)))),
    }
}

/// An array of arrays, each element read by `read`.
pub(crate) fn rows_of<T>(
    value: &JsValue,
    path: &str,
    read: impl Fn(&JsValue, PathOf) -> Result<T, Error>,
) -> Result<Vec<Vec<T>>, Error> {
    rows_read_by(value, path, |row, r| read_cells(row, path, r, &read))
}

// (The readers below are plain loops: `collect` into a `Result` instantiates an iterator
// adapter per element type, 1-2 KB of wasm each.)

/// An array of arrays, each inner array read whole by `read_row` (given it and its index).
fn rows_read_by<T>(
    value: &JsValue,
    path: &str,
    read_row: impl Fn(&Array, usize) -> Result<Vec<T>, Error>,
) -> Result<Vec<Vec<T>>, Error> {
    let rows = array(value, &|| path.to_string())?;
    let mut read = Vec::with_capacity(rows.length() as usize);
    for r in 0..rows.length() as usize {
        read.push(read_row(&array(&rows.get(r as u32), &|| format!("{path}[{r}]"))?, r)?);
    }
    Ok(read)
}

/// The cells of row `r` of the array at `path`, each read by `read`.
fn read_cells<T>(
    row: &Array,
    path: &str,
    r: usize,
    read: impl Fn(&JsValue, PathOf) -> Result<T, Error>,
) -> Result<Vec<T>, Error> {
    let mut cells = Vec::with_capacity(row.length() as usize);
    for c in 0..row.length() as usize {
        cells.push(read(&row.get(c as u32), &|| format!("{path}[{r}][{c}]"))?);
    }
    Ok(cells)
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
pub(crate) fn number_rows(value: &JsValue, path: &str, max: u32) -> Result<Vec<Vec<u32>>, Error> {
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
