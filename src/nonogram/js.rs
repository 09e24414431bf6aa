//! The solver and explain modules' reader of a nonogram's JS shape (`{genre: "nonogram", rows,
//! cols}`, with `colors` and an optional `background` a colour nonogram): the readers of
//! [`crate::genre::js`], which says why by hand.

use crate::genre::js::{array, describe, error, number_rows, property, rows_of, whole_number, FromJs, PathOf};
use crate::genre::MAX_NUMBER;
use crate::nonogram::color::{Block, ColorNonogram, MAX_COLORS};
use crate::nonogram::puzzle::Nonogram;
use crate::Error;
use wasm_bindgen::JsValue;

/// A black-and-white nonogram from its clues (whole numbers).
impl FromJs for Nonogram {
    fn from_js(shape: &JsValue) -> Result<Nonogram, Error> {
        let rows = number_rows(&property(shape, "rows"), "rows", MAX_NUMBER)?;
        let cols = number_rows(&property(shape, "cols"), "cols", MAX_NUMBER)?;
        Nonogram::new(rows, cols)
    }
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
    if !value.is_object() || js_sys::Array::is_array(value) {
        return Err(error(&path(), format!("expected a number or {{n, color}}, got {}", describe(value))));
    }
    let len = whole_number(&property(value, "n"), &|| format!("{}.n", path()), MAX_NUMBER)?;
    let color = whole_number(&property(value, "color"), &|| format!("{}.color", path()), MAX_COLORS as u32)?;
    Ok(Block { len, color: color as u8 })
}

/// A colour nonogram from its palette `colors` (CSS colours, colour 1 first), its optional
/// `background` and its clues, numbers (blocks of colour 1) or `{n, color}`.
impl FromJs for ColorNonogram {
    fn from_js(shape: &JsValue) -> Result<ColorNonogram, Error> {
        let list = array(&property(shape, "colors"), &|| "colors".into())?;
        let mut palette = Vec::with_capacity(list.length() as usize);
        for i in 0..list.length() as usize {
            palette.push(color_string(&list.get(i as u32), &|| format!("colors[{i}]"))?);
        }
        let background = property(shape, "background");
        let background = if background.is_undefined() || background.is_null() {
            None
        } else {
            Some(color_string(&background, &|| "background".into())?)
        };
        let rows = rows_of(&property(shape, "rows"), "rows", color_block)?;
        let cols = rows_of(&property(shape, "cols"), "cols", color_block)?;
        ColorNonogram::new(palette, background, rows, cols)
    }
}
