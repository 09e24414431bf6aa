//! The solver module's own readers of JS values and writer of results (feature `solver`),
//! and the readers of the explain module's board and options (feature `explain`):
//! hand-written rather than through serde, for a measured reason. Reading the puzzles, the
//! options and the outcome of the solver module through serde-wasm-bindgen and
//! serde_path_to_error (`crate::shapes`, as the formats module does) made
//! `pkg/gridlogic_bg.wasm` 362,048 bytes (140,358 gzipped) instead of 264,750 (110,477):
//! +37 % raw, +27 % gzipped (measured 2026-12-04); the explain module reading its puzzle
//! through serde grew 745,683 → 815,648 bytes (283,132 → 301,862 gzipped). An earlier
//! measurement found the first solves of Cauldron 12-48 % and of Janko's Kakuro set 12-17 %
//! more CPU time through serde (bench/RESULTS.md, "serde"). The formats module, whose size and
//! speed matter less, reads and writes puzzles through serde (`crate::shapes`, whose tests
//! check the same messages), its genre chosen by the registry (`Puzzle::from_shape`).

use crate::kakuro::{Cell as KakuroCell, Kakuro};
use crate::nonogram::{Block, ColorNonogram, Nonogram, MAX_COLORS};
use crate::shapes::MAX_NUMBER;
use crate::str8ts::Str8ts;
use crate::sudoku::{Cage, Sudoku};
use crate::{Error, Place, Puzzle};
use js_sys::{Array, Function, Reflect};
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

// ---- reading JS values, with the path of every value for error messages ----

#[cold]
#[inline(never)]
pub(super) fn error(path: &str, message: impl Into<String>) -> Error {
    Error::new(Place::Field(path.to_string()), message)
}

/// `text` in double quotes with JSON's escapes, written by JS (Rust's `{:?}` would bring
/// its Unicode tables into the wasm).
pub(super) fn quoted(text: &str) -> String {
    js_sys::JSON::stringify(&JsValue::from_str(text)).map(String::from).unwrap_or_default()
}

/// A short description of a JS value for error messages: `"abc"`, `1.5`, `an object`.
#[cold]
#[inline(never)]
pub(super) fn describe(value: &JsValue) -> String {
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

pub(super) fn property(object: &JsValue, name: &str) -> JsValue {
    if object.is_object() {
        Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

/// The path of a value in the input (`rows[2][1]`), written only when an error names it:
/// building it for every cell of every puzzle would cost more than the solve of an easy one.
type PathOf<'a> = &'a dyn Fn() -> String;

// (`array` and `whole_number` are not inlined: the readers of every element type call them,
// and inlined copies of their error paths cost 2 KB of wasm.)
#[inline(never)]
pub(super) fn array(value: &JsValue, path: PathOf) -> Result<Array, Error> {
    if Array::is_array(value) {
        Ok(Array::from(value))
    } else {
        Err(error(&path(), format!("expected an array, got {}", describe(value))))
    }
}

/// A whole number in `0..=max`.
#[inline(never)]
pub(super) fn whole_number(value: &JsValue, path: PathOf, max: u32) -> Result<u32, Error> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=f64::from(max)).contains(&n) => Ok(n as u32),
        Some(n) if n.is_finite() && n.fract() == 0.0 => {
            Err(error(&path(), format!("{} is out of range (expected 0 to {max})", describe(value))))
        }
        _ => Err(error(&path(), format!("expected a whole number ≥ 0, got {}", describe(value)))),
    }
}

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

/// An array of arrays, each element read by `read`.
fn rows_of<T>(
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

pub(super) fn puzzle_from_js(value: &JsValue) -> Result<Puzzle, Error> {
    if !value.is_object() || Array::is_array(value) {
        return Err(error("puzzle", format!("expected an object with a genre, got {}", describe(value))));
    }
    let genre = property(value, "genre");
    match genre.as_string().as_deref() {
        Some("nonogram") => nonogram_from_js(
            &property(value, "rows"),
            &property(value, "cols"),
            &property(value, "colors"),
            &property(value, "background"),
        ),
        Some("kakuro") => kakuro_from_js(&property(value, "grid")),
        Some("str8ts") => str8ts_from_js(&property(value, "grid"), &property(value, "black")),
        Some("sudoku") => sudoku_from_js(&property(value, "grid"), &property(value, "box"), &property(value, "cages")),
        Some(other) => Err(error(
            "genre",
            format!("unknown genre {} (expected \"nonogram\", \"kakuro\", \"str8ts\" or \"sudoku\")", quoted(other)),
        )),
        None => Err(error(
            "genre",
            format!("expected \"nonogram\", \"kakuro\", \"str8ts\" or \"sudoku\", got {}", describe(&genre)),
        )),
    }
}

/// A nonogram from its clues; with `colors` (neither undefined nor null) a colour nonogram,
/// whose clues are numbers (blocks of colour 1) or `{n, color}` and whose `background` is an
/// optional CSS colour. Without `colors` a black-and-white one, read exactly as it always was.
pub(super) fn nonogram_from_js(
    rows: &JsValue,
    cols: &JsValue,
    colors: &JsValue,
    background: &JsValue,
) -> Result<Puzzle, Error> {
    if !colors.is_undefined() && !colors.is_null() {
        return color_nonogram_from_js(rows, cols, colors, background);
    }
    let rows = number_rows(rows, "rows", MAX_NUMBER)?;
    let cols = number_rows(cols, "cols", MAX_NUMBER)?;
    Ok(Nonogram::new(rows, cols)?.into())
}

/// A CSS colour string (checked by [`ColorNonogram::new`]).
fn color_string(value: &JsValue, path: PathOf) -> Result<String, Error> {
    value.as_string().ok_or_else(|| error(&path(), format!("expected a CSS colour string, got {}", describe(value))))
}

/// A colour block: a whole number (a block of colour 1) or `{n, color}`. The colour is read
/// up to [`MAX_COLORS`]; whether the palette has it is [`ColorNonogram::new`]'s check.
fn color_block(value: &JsValue, path: PathOf) -> Result<Block, Error> {
    if value.as_f64().is_some() {
        return Ok(Block { len: whole_number(value, path, MAX_NUMBER)?, color: 1 });
    }
    if !value.is_object() || Array::is_array(value) {
        return Err(error(&path(), format!("expected a number or {{n, color}}, got {}", describe(value))));
    }
    let len = whole_number(&property(value, "n"), &|| format!("{}.n", path()), MAX_NUMBER)?;
    let color = whole_number(&property(value, "color"), &|| format!("{}.color", path()), MAX_COLORS as u32)?;
    Ok(Block { len, color: color as u8 })
}

fn color_nonogram_from_js(
    rows: &JsValue,
    cols: &JsValue,
    colors: &JsValue,
    background: &JsValue,
) -> Result<Puzzle, Error> {
    let list = array(colors, &|| "colors".into())?;
    let mut palette = Vec::with_capacity(list.length() as usize);
    for i in 0..list.length() as usize {
        palette.push(color_string(&list.get(i as u32), &|| format!("colors[{i}]"))?);
    }
    let background = if background.is_undefined() || background.is_null() {
        None
    } else {
        Some(color_string(background, &|| "background".into())?)
    };
    let rows = rows_of(rows, "rows", color_block)?;
    let cols = rows_of(cols, "cols", color_block)?;
    Ok(ColorNonogram::new(palette, background, rows, cols)?.into())
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
        return Err(error(
            &path(),
            format!("expected null, a digit 0..9 or {{down, across}}, got {}", describe(value)),
        ));
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

pub(super) fn kakuro_from_js(grid: &JsValue) -> Result<Puzzle, Error> {
    Ok(Kakuro::new(rows_of(grid, "grid", kakuro_cell)?)?.into())
}

pub(super) fn str8ts_from_js(grid: &JsValue, black: &JsValue) -> Result<Puzzle, Error> {
    let digits = number_rows(grid, "grid", MAX_NUMBER)?;
    let black = rows_of(black, "black", |v, path| match v.as_bool() {
        Some(b) => Ok(b),
        None => match v.as_f64() {
            Some(n) if n == 0.0 || n == 1.0 => Ok(n == 1.0),
            _ => Err(error(&path(), format!("expected true or false, got {}", describe(v)))),
        },
    })?;
    Ok(Str8ts::new(digits, black)?.into())
}

/// A Sudoku from its givens, its box (`[rows, cols]`, undefined or null for the default) and
/// its cages (`[{sum, cells: [[r, c], …]}]`, undefined or null for none).
pub(super) fn sudoku_from_js(grid: &JsValue, shape: &JsValue, cages: &JsValue) -> Result<Puzzle, Error> {
    let digits = number_rows(grid, "grid", MAX_NUMBER)?;
    let box_shape = if shape.is_undefined() || shape.is_null() {
        None
    } else {
        let sides = array(shape, &|| "box".to_string())?;
        if sides.length() != 2 {
            return Err(error("box", format!("expected [rows, cols], got {} numbers", sides.length())));
        }
        let side = |i: u32| whole_number(&sides.get(i), &|| format!("box[{i}]"), MAX_NUMBER);
        Some((side(0)? as usize, side(1)? as usize))
    };
    let mut read = Vec::new();
    if !cages.is_undefined() && !cages.is_null() {
        let list = array(cages, &|| "cages".to_string())?;
        for k in 0..list.length() {
            let cage = list.get(k);
            let sum = whole_number(&property(&cage, "sum"), &|| format!("cages[{k}].sum"), MAX_NUMBER)?;
            let path = format!("cages[{k}].cells");
            let mut cells = Vec::new();
            for (j, cell) in number_rows(&property(&cage, "cells"), &path, MAX_NUMBER)?.into_iter().enumerate() {
                match cell[..] {
                    [row, col] => cells.push((row as usize, col as usize)),
                    _ => return Err(error(&format!("{path}[{j}]"), "expected [row, col]")),
                }
            }
            read.push(Cage { sum, cells });
        }
    }
    Ok(Sudoku::new(digits, box_shape, read)?.into())
}
