//! The solver and explain modules' reader of a Kakuro's JS shape (`{genre: "kakuro", grid}`):
//! the readers of [`crate::genre::js`], which says why by hand.

use super::puzzle::{Cell, Kakuro};
use crate::genre::js::{describe, error, property, rows_of, whole_number, FromJs, PathOf};
use crate::genre::MAX_NUMBER;
use crate::Error;
use wasm_bindgen::JsValue;

/// A cell: `null` (or undefined) a block, a digit (0 an empty white cell) or `{down, across}`.
fn cell(value: &JsValue, path: PathOf) -> Result<Cell, Error> {
    if value.is_null() || value.is_undefined() {
        return Ok(Cell::Block { down: None, across: None });
    }
    if value.as_f64().is_some() {
        let digit = whole_number(value, path, MAX_NUMBER)?;
        return Ok(Cell::White((digit != 0).then_some(digit)));
    }
    if !value.is_object() || js_sys::Array::is_array(value) {
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
    Ok(Cell::Block { down: sum("down")?, across: sum("across")? })
}

/// A Kakuro from its grid of cells.
impl FromJs for Kakuro {
    fn from_js(shape: &JsValue) -> Result<Kakuro, Error> {
        Kakuro::new(rows_of(&property(shape, "grid"), "grid", cell)?)
    }
}
