//! The JavaScript binding: every `#[wasm_bindgen]` export of the crate, and nothing else.
//!
//! It converts JS values to the core's types, naming the exact path of anything malformed
//! (`rows[2][1]`, `grid[3][1].down`), calls the core, and converts what it returns back to
//! plain JS objects. No solver logic lives here. Panics go to the console through
//! console_error_panic_hook.
//!
//! The exports make two wasm modules, built from this crate with different cargo features
//! (`scripts/build.sh`), so that the module every solve loads does not carry the text formats:
//!
//! - feature `solver` (the default) — [`solver`]: `solve`, `solveNonogram`, `solveKakuro`,
//!   `solveStr8ts`, `version` (`pkg/gridlogic_bg.wasm`);
//! - feature `formats` — [`formats`]: `parsePuzzle`, `parsePuzzles`, `formatPuzzle`
//!   (`pkg/gridlogic_formats_bg.wasm`, built with `--no-default-features --features formats`);
//! - feature `explain` — [`explain`]: `explain`, `hint`, `rate`, and [`generate`]: `generate`,
//!   `nonogramFromPicture` (`pkg/gridlogic_explain_bg.wasm`, built with
//!   `--no-default-features --features explain`).
//!
//! The formats module converts through the core's serde impls (`crate::shapes`) with
//! serde-wasm-bindgen, the paths from serde_path_to_error (this module); the solver module
//! with its own hand-written readers and JSON writer (`hand`; each genre's reader of its
//! shape in its folder, `src/<genre>/js.rs`, over `crate::genre::js`, which says why: size
//! and speed, measured). Native builds ignore the features: the Rust API always has the solvers
//! and [`crate::format`].

#[cfg(any(feature = "formats", feature = "explain"))]
use serde::Serialize;
use wasm_bindgen::prelude::*;
#[cfg(feature = "formats")]
use {
    crate::genres::{ShapeReader, SHAPE_GENRE_LIST},
    crate::shapes::{Quoted, Scalar, Value},
    crate::{Error, Place, Puzzle},
    js_sys::{Array, Reflect},
    serde::de::DeserializeOwned,
    wasm_bindgen::JsCast,
};

#[cfg(feature = "explain")]
pub mod explain;
#[cfg(feature = "formats")]
pub mod formats;
#[cfg(feature = "explain")]
pub mod generate;
// Not serde: through serde-wasm-bindgen the solver wasm was +97 KB (+30 KB gzipped), and slower (crate::genre::js).
#[cfg(any(feature = "solver", feature = "explain"))]
mod hand;
#[cfg(feature = "solver")]
pub mod solver;
#[cfg(feature = "explain")]
pub use explain::{explain, hint, rate};
#[cfg(feature = "formats")]
pub use formats::{format_puzzle, parse_puzzle, parse_puzzles};
#[cfg(feature = "explain")]
pub use generate::{generate, nonogram_from_picture};
#[cfg(feature = "solver")]
pub use solver::{solve, solve_kakuro, solve_nonogram, solve_str8ts, version};

/// The module's allocator: rlsf's TLSF (two-level segregated fit: constant-time allocation
/// and freeing), in its variant built for size, instead of std's dlmalloc: 8.3 KB of wasm
/// smaller (3.4 KB gzipped), as fast within the noise of the bench's sets; peak memory up to
/// 11 % more (MarcelGarus's Kakuro 20.3 → 22.6 MiB, the nonogram survey 26.5 → 28.9 MiB;
/// bench/RESULTS.md, "The allocator, the sorts, the panic hook").
#[global_allocator]
static ALLOCATOR: rlsf::SmallGlobalTlsf = rlsf::SmallGlobalTlsf::new();

/// The registry's genre names (`"nonogram"`, `"colornonogram"`, `"kakuro"`, `"str8ts"`), in
/// its order: the one list the package, the page and the CLI take the genres from. A puzzle's
/// `genre` in the JS API is its genre's name, except that a colour nonogram is a
/// `"nonogram"` with `colors`.
#[wasm_bindgen(unchecked_return_type = "string[]")]
pub fn genres() -> js_sys::Array {
    crate::GENRES.iter().map(|&name| JsValue::from_str(name)).collect()
}

// ---- the clock ----

#[cfg(any(feature = "solver", feature = "explain"))]
#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: sub-millisecond, and present in windows, workers and Node alike.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The JS clock, for solves and explanations.
#[cfg(any(feature = "solver", feature = "explain"))]
pub(super) struct JsClock;

#[cfg(any(feature = "solver", feature = "explain"))]
impl crate::Clock for JsClock {
    fn now_ms(&self) -> f64 {
        performance_now()
    }
}

// ---- panics ----

/// Called first by every export that reads input (all but `version`): from then on a panic (a
/// bug; the instance traps after it) writes its message and place to the console.
fn report_panics() {
    console_error_panic_hook::set_once();
}

// ---- JS values to and from the core's types, through serde (the formats module's puzzles and
// every module's answers; crate::genre::js says why the solver module reads and writes its own) ----

#[cfg(feature = "formats")]
#[cold]
#[inline(never)]
fn error(path: &str, message: impl Into<String>) -> Error {
    Error::new(Place::Field(path.to_string()), message)
}

#[cfg(feature = "formats")]
/// A short description of a JS value for error messages: `the string "abc"`, `1.5`, `an object`.
#[cold]
#[inline(never)]
fn describe(value: &JsValue) -> String {
    let read = crate::shapes::value::<Scalar, _>(serde_wasm_bindgen::Deserializer::from(value.clone()));
    read.map_or_else(|_| "a value of another kind".into(), |value: Value<(), ()>| value.to_string())
}

#[cfg(feature = "formats")]
fn property(object: &JsValue, name: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

#[cfg(feature = "formats")]
/// Whether `value` is an object other than an array (what a puzzle or the options must be).
fn is_plain_object(value: &JsValue) -> bool {
    value.is_object() && !Array::is_array(value)
}

#[cfg(feature = "formats")]
/// `value` read as a `T` by its serde impl. An error names its place: serde's path of the
/// value (`rows[2][1]`, `grid[3][1].down`) after `prefix`; an error of the value as a whole
/// (the core's validation, `rows[1]: clues need 4 cells…`) names its own.
fn from_js<T: DeserializeOwned>(value: JsValue, prefix: &str) -> Result<T, JsError> {
    serde_path_to_error::deserialize(serde_wasm_bindgen::Deserializer::from(value)).map_err(|error| {
        let path = error.path().to_string();
        let thrown = JsValue::from(error.into_inner());
        let message = match thrown.dyn_ref::<js_sys::Error>() {
            Some(thrown) => String::from(thrown.message()),
            None => String::from(js_sys::JsString::from(thrown)),
        };
        match path.as_str() {
            "." => JsError::new(&message),
            path => JsError::new(&format!("{prefix}{path}: {message}")),
        }
    })
}

#[cfg(any(feature = "formats", feature = "explain"))]
/// `value` as a JS value (a puzzle in the JS API's shape, its `genre` written by the genre's
/// shape, src/shapes.rs): structs and maps become plain objects (a rating's `techniques`),
/// `None` becomes `null` (Kakuro blocks, the undecided cells of `partial`).
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    const TO_JS: serde_wasm_bindgen::Serializer =
        serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true).serialize_maps_as_objects(true);
    value.serialize(&TO_JS).map_err(|_| JsError::new("internal error converting the result"))
}

#[cfg(feature = "formats")]
/// A JS value read as the genre's puzzle that [`Puzzle::from_shape`] chose.
struct JsShape(JsValue);

#[cfg(feature = "formats")]
impl ShapeReader for JsShape {
    type Error = JsError;
    fn read<T: DeserializeOwned>(self) -> Result<T, JsError> {
        from_js(self.0, "")
    }
}

#[cfg(feature = "formats")]
/// The puzzle `value` is, of the genre its `genre` names: the registry chooses
/// ([`Puzzle::from_shape`]; a nonogram with `colors` is a colour nonogram), the genre's serde
/// impl reads it.
fn puzzle_from_js(value: JsValue) -> Result<Puzzle, JsError> {
    if !is_plain_object(&value) {
        return Err(error("puzzle", format!("expected an object with a genre, got {}", describe(&value))).into());
    }
    let genre = property(&value, "genre");
    let Some(name) = genre.as_string() else {
        return Err(error("genre", format!("expected {SHAPE_GENRE_LIST}, got {}", describe(&genre))).into());
    };
    let has = |field: &str| {
        let v = property(&value, field);
        !v.is_undefined() && !v.is_null()
    };
    Puzzle::from_shape(&name, &has, JsShape(value.clone())).unwrap_or_else(|| {
        Err(error("genre", format!("unknown genre {} (expected {SHAPE_GENRE_LIST})", Quoted(&name))).into())
    })
}
