//! The solver and explain modules' reader of a Sudoku's JS shape (`{genre: "sudoku", grid,
//! box?, cages?}`): the readers of [`crate::genre::js`], which says why by hand.

use super::puzzle::{Cage, Sudoku};
use crate::genre::js::{array, error, number_rows, property, whole_number, FromJs};
use crate::genre::MAX_NUMBER;
use crate::Error;
use wasm_bindgen::JsValue;

/// A Sudoku from its givens, its box (`[rows, cols]`, undefined or null for the default) and
/// its cages (`[{sum, cells: [[r, c], …]}]`, undefined or null for none).
impl FromJs for Sudoku {
    fn from_js(shape: &JsValue) -> Result<Sudoku, Error> {
        let digits = number_rows(&property(shape, "grid"), "grid", MAX_NUMBER)?;
        let box_side = property(shape, "box");
        let box_shape = if box_side.is_undefined() || box_side.is_null() {
            None
        } else {
            let sides = array(&box_side, &|| "box".to_string())?;
            if sides.length() != 2 {
                return Err(error("box", format!("expected [rows, cols], got {} numbers", sides.length())));
            }
            let side = |i: u32| whole_number(&sides.get(i), &|| format!("box[{i}]"), MAX_NUMBER);
            Some((side(0)? as usize, side(1)? as usize))
        };
        let cages = property(shape, "cages");
        let mut read = Vec::new();
        if !cages.is_undefined() && !cages.is_null() {
            let list = array(&cages, &|| "cages".to_string())?;
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
        Sudoku::new(digits, box_shape, read)
    }
}
