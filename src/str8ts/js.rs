//! The solver and explain modules' reader of a Str8ts's JS shape (`{genre: "str8ts", grid,
//! black}`): the readers of [`crate::genre::js`], which says why by hand.

use super::puzzle::Str8ts;
use crate::genre::js::{describe, error, number_rows, property, rows_of, FromJs};
use crate::genre::MAX_NUMBER;
use crate::Error;
use wasm_bindgen::JsValue;

/// A Str8ts from its digits (0 an empty cell) and its cells' colours (`true` or 1 black).
impl FromJs for Str8ts {
    fn from_js(shape: &JsValue) -> Result<Str8ts, Error> {
        let digits = number_rows(&property(shape, "grid"), "grid", MAX_NUMBER)?;
        let black = rows_of(&property(shape, "black"), "black", |v, path| match v.as_bool() {
            Some(b) => Ok(b),
            None => match v.as_f64() {
                Some(n) if n == 0.0 || n == 1.0 => Ok(n == 1.0),
                _ => Err(error(&path(), format!("expected true or false, got {}", describe(v)))),
            },
        })?;
        Str8ts::new(digits, black)
    }
}
