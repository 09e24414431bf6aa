//! serde for the puzzles, in the shapes of the JS API (README, "The JS API"): a nonogram is
//! `{rows, cols}` of whole numbers, a colour nonogram `{colors, background?, rows, cols}` whose
//! clues are whole numbers (colour 1) or `{n, color}`, a Kakuro `{grid}` of cells (`null` a block, `{down, across}`
//! a clue cell, `0` an empty white cell, `1`..`9` a given digit), a Str8ts `{grid, black}`,
//! a Sudoku `{grid, box?, cages?}` (`box` `[rows, cols]`, `cages` `[{sum, cells: [[r, c], …]}]`),
//! each with its `genre` (a colour nonogram's is `"nonogram"`). Compiled with the `serde`
//! feature and always for wasm32, where the binding (src/wasm/) converts JS values through it
//! with serde-wasm-bindgen.
//!
//! Writing goes through one struct per genre, `<Variant>Shape` (`NonogramShape`, …), which
//! on wasm32 also derives the genre's TypeScript declaration (tsify), `<Variant>Puzzle`
//! (`NonogramPuzzle`, …), the name the registry's `Puzzle` union takes ([`crate::genres`]): the
//! type a JS caller sees is the shape the module writes. Where reading accepts more than is
//! written (a colour clue as a plain number) the field's declaration says so.
//!
//! Reading is hand-written rather than derived so that a wrong value is named the way the JS
//! API names it (`expected a whole number ≥ 0, got the string "x"`, `-1 is out of range`):
//! every value is first taken as a [`Value`] (any of JS's kinds), then checked. The place
//! (`rows[2][1]`) is the deserializer's business (serde_path_to_error in the binding); a
//! puzzle that is well formed but invalid fails with the core's own [`crate::Error`], whose
//! message names its place already. Writing borrows the puzzle's own clues.

use crate::kakuro::{Cell, Kakuro};
use crate::nonogram::{Block, ColorNonogram, Nonogram, MAX_COLORS};
use crate::str8ts::Str8ts;
use crate::sudoku::{Cage, Sudoku};
use crate::SolveOptions;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::marker::PhantomData;

pub use crate::genre::MAX_NUMBER;

/// An input value, as much of it as a check needs: arrays and objects as their [`Shape`]
/// reads them (or `()`, skipped, where none is expected).
pub enum Value<A, O> {
    /// `null` or `undefined` (serde-wasm-bindgen does not tell them apart).
    Nothing,
    Bool(bool),
    /// A number without a fraction.
    Integer(i128),
    /// Any other number: a fraction, `NaN`, an infinity.
    Number(f64),
    /// A string (a message shows its first 20 characters).
    Str(String),
    Array(A),
    Object(O),
}

impl<A, O> fmt::Display for Value<A, O> {
    /// What a message says it got: `the string "abc"`, `0.5`, `an object`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Nothing => f.write_str("nothing (undefined) or null"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Integer(n) => write!(f, "{n}"),
            Value::Number(n) if n.is_nan() => f.write_str("NaN"),
            Value::Number(n) if n.is_infinite() => f.write_str(if *n > 0.0 { "Infinity" } else { "-Infinity" }),
            Value::Number(n) => write!(f, "{n}"),
            Value::Str(s) => write!(f, "the string {}", Quoted(&s.chars().take(20).collect::<String>())),
            Value::Array(_) => f.write_str("an array"),
            Value::Object(_) => f.write_str("an object"),
        }
    }
}

/// A text in double quotes with JSON's escapes, as messages show names and strings (`{:?}`
/// would bring Unicode tables into the wasm).
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        for c in self.0.chars() {
            match c {
                '"' | '\\' => write!(f, "\\{c}")?,
                c if u32::from(c) < 0x20 => write!(f, "\\u{:04x}", u32::from(c))?,
                c => write!(f, "{c}")?,
            }
        }
        f.write_str("\"")
    }
}

/// What is read of an array or an object where one may stand.
pub trait Shape<'de> {
    /// What an array becomes.
    type Array;
    /// What an object becomes.
    type Object;
    /// Read the elements of an array.
    fn array<A: SeqAccess<'de>>(seq: A) -> Result<Self::Array, A::Error>;
    /// Read the entries of an object.
    fn object<A: MapAccess<'de>>(map: A) -> Result<Self::Object, A::Error>;
}

/// A scalar is expected: arrays and objects are skipped, to be named in the error.
pub struct Scalar;

impl<'de> Shape<'de> for Scalar {
    type Array = ();
    type Object = ();
    fn array<A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(())
    }
    fn object<A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(())
    }
}

/// Takes any value as a [`Value`], its arrays and objects read by `S`.
struct ValueVisitor<S>(PhantomData<S>);

/// The value at `deserializer`, its arrays and objects read by `S`.
pub fn value<'de, S: Shape<'de>, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Value<S::Array, S::Object>, D::Error> {
    deserializer.deserialize_any(ValueVisitor::<S>(PhantomData))
}

impl<'de, S: Shape<'de>> Visitor<'de> for ValueVisitor<S> {
    type Value = Value<S::Array, S::Object>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(Value::Nothing)
    }
    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(Value::Nothing)
    }
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
    fn visit_bool<E>(self, b: bool) -> Result<Self::Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Self::Value, E> {
        Ok(Value::Integer(n.into()))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Self::Value, E> {
        Ok(Value::Integer(n.into()))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Self::Value, E> {
        // serde-wasm-bindgen hands over integers beyond 2^53 as floats; JS calls them integers.
        Ok(if n.is_finite() && n.fract() == 0.0 { Value::Integer(n as i128) } else { Value::Number(n) })
    }
    fn visit_str<E>(self, s: &str) -> Result<Self::Value, E> {
        Ok(Value::Str(s.to_owned()))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        S::array(seq).map(Value::Array)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        S::object(map).map(Value::Object)
    }
}

/// How one value of the input is read and checked.
pub trait Read<'de> {
    /// What it becomes.
    type Output;
    /// Read it from `deserializer`.
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<Self::Output, D::Error>;
}

/// Reads with `R`, as a [`DeserializeSeed`] (for the elements of an array).
struct Seed<R>(PhantomData<R>);

impl<'de, R: Read<'de>> DeserializeSeed<'de> for Seed<R> {
    type Value = R::Output;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<R::Output, D::Error> {
        R::read(deserializer)
    }
}

/// An array whose elements are read by `R`.
pub struct ArrayOf<R>(PhantomData<R>);

impl<'de, R: Read<'de>> Shape<'de> for ArrayOf<R> {
    type Array = Vec<R::Output>;
    type Object = ();
    fn array<A: SeqAccess<'de>>(mut seq: A) -> Result<Self::Array, A::Error> {
        let mut elements = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(element) = seq.next_element_seed(Seed::<R>(PhantomData))? {
            elements.push(element);
        }
        Ok(elements)
    }
    fn object<A: MapAccess<'de>>(map: A) -> Result<(), A::Error> {
        Scalar::object(map)
    }
}

impl<'de, R: Read<'de>> Read<'de> for ArrayOf<R> {
    type Output = Vec<R::Output>;
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<Self::Output, D::Error> {
        match value::<Self, D>(deserializer)? {
            Value::Array(elements) => Ok(elements),
            other => Err(de::Error::custom(format_args!("expected an array, got {other}"))),
        }
    }
}

/// A whole number in `0..=`[`MAX_NUMBER`].
pub struct WholeNumber;

impl<'de> Read<'de> for WholeNumber {
    type Output = u32;
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
        whole_number(value::<Scalar, D>(deserializer)?, MAX_NUMBER.into())
    }
}

/// `got` as a whole number in `0..=max`, or the error naming it.
#[inline(never)]
pub fn whole_number<E: de::Error, A, O>(got: Value<A, O>, max: u64) -> Result<u32, E> {
    match got {
        Value::Integer(n) if (0..=i128::from(max)).contains(&n) => Ok(n as u32),
        Value::Integer(n) => Err(E::custom(format_args!("{n} is out of range (expected 0 to {max})"))),
        other => Err(E::custom(format_args!("expected a whole number ≥ 0, got {other}"))),
    }
}

/// A cell colour: `true`/`false`, or `1`/`0`.
pub struct Flag;

impl<'de> Read<'de> for Flag {
    type Output = bool;
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
        match value::<Scalar, D>(deserializer)? {
            Value::Bool(b) => Ok(b),
            Value::Integer(n @ (0 | 1)) => Ok(n == 1),
            other => Err(de::Error::custom(format_args!("expected true or false, got {other}"))),
        }
    }
}

/// Rows of values read by `R` (an array of arrays).
type Rows<R> = ArrayOf<ArrayOf<R>>;

/// The clue cell of a Kakuro: an object with `down` and `across`, each optional.
struct Clue;

impl<'de> Shape<'de> for Clue {
    type Array = ();
    type Object = Cell;
    fn array<A: SeqAccess<'de>>(seq: A) -> Result<(), A::Error> {
        Scalar::array(seq)
    }
    fn object<A: MapAccess<'de>>(mut map: A) -> Result<Cell, A::Error> {
        let (mut down, mut across) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            let sum = match key.as_str() {
                "down" => &mut down,
                "across" => &mut across,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                    continue;
                }
            };
            *sum = map.next_value_seed(Seed::<Sum>(PhantomData))?;
        }
        Ok(Cell::Block { down, across })
    }
}

/// A clue's sum: a whole number, or nothing.
struct Sum;

impl<'de> Read<'de> for Sum {
    type Output = Option<u32>;
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<Option<u32>, D::Error> {
        match value::<Scalar, D>(deserializer)? {
            Value::Nothing => Ok(None),
            other => whole_number(other, MAX_NUMBER.into()).map(Some),
        }
    }
}

impl<'de> Read<'de> for Cell {
    type Output = Cell;
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<Cell, D::Error> {
        match value::<Clue, D>(deserializer)? {
            Value::Nothing => Ok(Cell::Block { down: None, across: None }),
            Value::Object(clue) => Ok(clue),
            number @ (Value::Integer(_) | Value::Number(_)) => {
                whole_number(number, MAX_NUMBER.into()).map(|digit| Cell::White((digit != 0).then_some(digit)))
            }
            other => {
                Err(de::Error::custom(format_args!("expected null, a digit 0..9 or {{down, across}}, got {other}")))
            }
        }
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Cell, D::Error> {
        <Cell as Read>::read(deserializer)
    }
}

/// A Kakuro cell: `null` a block, a clue cell, `0` an empty white cell, `1`..`9` a given digit.
#[derive(Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(untagged)]
enum KakuroCell {
    Block,
    Clue(KakuroClue),
    Digit(u32),
}

/// A Kakuro clue cell: the sum of the run below (`down`) and to the right (`across`).
#[derive(Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
struct KakuroClue {
    #[serde(skip_serializing_if = "Option::is_none")]
    down: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    across: Option<u32>,
}

impl Serialize for Cell {
    /// `null`, `{down, across}` with the sums given, or the digit (`0` when empty).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Cell::Block { down: None, across: None } => KakuroCell::Block,
            Cell::Block { down, across } => KakuroCell::Clue(KakuroClue { down, across }),
            Cell::White(digit) => KakuroCell::Digit(digit.unwrap_or(0)),
        }
        .serialize(serializer)
    }
}

/// A puzzle's field read by `R`, `None` when it is absent (named by [`required`]).
fn field<'de, R: Read<'de>, D: Deserializer<'de>>(deserializer: D) -> Result<Option<R::Output>, D::Error> {
    R::read(deserializer).map(Some)
}

/// An absent field's value, or the error naming it as a JS caller sees it.
fn required<T, E: de::Error>(value: Option<T>, name: &str, expected: &str) -> Result<T, E> {
    value.ok_or_else(|| E::custom(format_args!("{name}: expected {expected}, got nothing (undefined) or null")))
}

/// A nonogram as the JS API writes it: `{rows, cols}`.
#[derive(Deserialize)]
struct NonogramFields {
    #[serde(default, deserialize_with = "field::<Rows<WholeNumber>, _>")]
    rows: Option<Vec<Vec<u32>>>,
    #[serde(default, deserialize_with = "field::<Rows<WholeNumber>, _>")]
    cols: Option<Vec<Vec<u32>>>,
}

/// A nonogram: row clues top to bottom, column clues left to right; `[]` or `[0]` is an empty line.
#[derive(Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(rename = "NonogramPuzzle"))]
#[serde(tag = "genre", rename = "nonogram")]
struct NonogramShape<'a> {
    rows: &'a [Vec<u32>],
    cols: &'a [Vec<u32>],
    /// Always absent: a nonogram without `colors` is black and white.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "undefined"))]
    colors: Option<()>,
}

impl<'de> Deserialize<'de> for Nonogram {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Nonogram, D::Error> {
        let fields = NonogramFields::deserialize(deserializer)?;
        let rows = required(fields.rows, "rows", "an array")?;
        let cols = required(fields.cols, "cols", "an array")?;
        Nonogram::new(rows, cols).map_err(de::Error::custom)
    }
}

impl Serialize for Nonogram {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        NonogramShape { rows: self.rows(), cols: self.cols(), colors: None }.serialize(serializer)
    }
}

/// A colour nonogram: `colors` are CSS colours (1 to 32; colour 1 first, 0 is the background),
/// a clue is `{n, color}` or a plain number (a block of colour 1). Blocks of the same colour
/// need a gap between them, blocks of different colours may touch.
#[derive(Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(rename = "ColorNonogramPuzzle"))]
#[serde(tag = "genre", rename = "nonogram")]
struct ColorNonogramShape<'a> {
    colors: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    background: Option<&'a str>,
    // Written as `{n, color}`; read also as a plain number (colour 1).
    #[cfg_attr(target_arch = "wasm32", tsify(type = "(number | ColorBlock)[][]"))]
    rows: Vec<Vec<ColorBlock>>,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "(number | ColorBlock)[][]"))]
    cols: Vec<Vec<ColorBlock>>,
}

/// A clue of a colour nonogram: a block of `n` cells of colour `color` (1 is `colors[0]`).
#[derive(Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
struct ColorBlock {
    n: u32,
    color: u8,
}

fn color_blocks(lines: &[Vec<Block>]) -> Vec<Vec<ColorBlock>> {
    lines.iter().map(|line| line.iter().map(|b| ColorBlock { n: b.len, color: b.color }).collect()).collect()
}

impl Serialize for ColorNonogram {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ColorNonogramShape {
            colors: self.colors(),
            background: self.background(),
            rows: color_blocks(self.rows()),
            cols: color_blocks(self.cols()),
        }
        .serialize(serializer)
    }
}

/// A colour nonogram's fields, each checked as it is read.
#[derive(Deserialize)]
struct ColorNonogramFields {
    #[serde(default, deserialize_with = "field::<ArrayOf<ColorString>, _>")]
    colors: Option<Vec<String>>,
    #[serde(default, deserialize_with = "Background::read")]
    background: Option<String>,
    #[serde(default, deserialize_with = "field::<Rows<Block>, _>")]
    rows: Option<Vec<Vec<Block>>>,
    #[serde(default, deserialize_with = "field::<Rows<Block>, _>")]
    cols: Option<Vec<Vec<Block>>>,
}

/// A string, for a CSS colour ([`ColorNonogram::new`] checks that it is one).
struct ColorString;

impl<'de> Read<'de> for ColorString {
    type Output = String;
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
        match value::<Scalar, D>(deserializer)? {
            Value::Str(s) => Ok(s),
            other => Err(de::Error::custom(format_args!("expected a CSS colour string, got {other}"))),
        }
    }
}

/// `background`: a colour string, or nothing.
struct Background;

impl<'de> Read<'de> for Background {
    type Output = Option<String>;
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
        match value::<Scalar, D>(deserializer)? {
            Value::Nothing => Ok(None),
            Value::Str(s) => Ok(Some(s)),
            other => Err(de::Error::custom(format_args!("expected a CSS colour string, got {other}"))),
        }
    }
}

/// A block's colour: a whole number up to [`MAX_COLORS`] (whether the palette has it is
/// [`ColorNonogram::new`]'s check).
struct ColorIndex;

impl<'de> Read<'de> for ColorIndex {
    type Output = u8;
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
        whole_number(value::<Scalar, D>(deserializer)?, MAX_COLORS as u64).map(|c| c as u8)
    }
}

impl<'de> Shape<'de> for Block {
    type Array = ();
    type Object = Block;
    fn array<A: SeqAccess<'de>>(seq: A) -> Result<(), A::Error> {
        Scalar::array(seq)
    }
    /// `{n, color}`, both required.
    fn object<A: MapAccess<'de>>(mut map: A) -> Result<Block, A::Error> {
        let (mut len, mut color) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "n" => len = Some(map.next_value_seed(Seed::<WholeNumber>(PhantomData))?),
                "color" => color = Some(map.next_value_seed(Seed::<ColorIndex>(PhantomData))?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let len = required(len, "n", "a whole number ≥ 0")?;
        let color = required(color, "color", "a whole number ≥ 0")?;
        Ok(Block { len, color })
    }
}

impl<'de> Read<'de> for Block {
    type Output = Block;
    /// A whole number (a block of colour 1) or `{n, color}`.
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<Block, D::Error> {
        match value::<Block, D>(deserializer)? {
            Value::Object(block) => Ok(block),
            number @ (Value::Integer(_) | Value::Number(_)) => {
                whole_number(number, MAX_NUMBER.into()).map(|len| Block { len, color: 1 })
            }
            other => Err(de::Error::custom(format_args!("expected a number or {{n, color}}, got {other}"))),
        }
    }
}

impl<'de> Deserialize<'de> for ColorNonogram {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ColorNonogram, D::Error> {
        let fields = ColorNonogramFields::deserialize(deserializer)?;
        let colors = required(fields.colors, "colors", "an array")?;
        let rows = required(fields.rows, "rows", "an array")?;
        let cols = required(fields.cols, "cols", "an array")?;
        ColorNonogram::new(colors, fields.background, rows, cols).map_err(de::Error::custom)
    }
}

/// A Kakuro as the JS API writes it: `{grid}`.
#[derive(Deserialize)]
struct KakuroFields {
    #[serde(default, deserialize_with = "field::<Rows<Cell>, _>")]
    grid: Option<Vec<Vec<Cell>>>,
}

/// A Kakuro: rows of cells.
#[derive(Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(rename = "KakuroPuzzle"))]
#[serde(tag = "genre", rename = "kakuro")]
struct KakuroShape<'a> {
    #[cfg_attr(target_arch = "wasm32", tsify(type = "KakuroCell[][]"))]
    grid: &'a [Vec<Cell>],
}

impl<'de> Deserialize<'de> for Kakuro {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Kakuro, D::Error> {
        let grid = required(KakuroFields::deserialize(deserializer)?.grid, "grid", "an array")?;
        Kakuro::new(grid).map_err(de::Error::custom)
    }
}

impl Serialize for Kakuro {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        KakuroShape { grid: self.cells() }.serialize(serializer)
    }
}

/// A Str8ts as the JS API writes it: `{grid, black}`.
#[derive(Deserialize)]
struct Str8tsFields {
    #[serde(default, deserialize_with = "field::<Rows<WholeNumber>, _>")]
    grid: Option<Vec<Vec<u32>>>,
    #[serde(default, deserialize_with = "field::<Rows<Flag>, _>")]
    black: Option<Vec<Vec<bool>>>,
}

/// A Str8ts: `grid` digits (0 empty; on a black cell its clue), `black` the cell colours.
#[derive(Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(rename = "Str8tsPuzzle"))]
#[serde(tag = "genre", rename = "str8ts")]
struct Str8tsShape {
    grid: Vec<Vec<u32>>,
    black: Vec<Vec<bool>>,
}

impl<'de> Deserialize<'de> for Str8ts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Str8ts, D::Error> {
        let fields = Str8tsFields::deserialize(deserializer)?;
        let grid = required(fields.grid, "grid", "an array")?;
        let black = required(fields.black, "black", "an array")?;
        Str8ts::new(grid, black).map_err(de::Error::custom)
    }
}

impl Serialize for Str8ts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Str8tsShape { grid: self.grid(), black: self.black() }.serialize(serializer)
    }
}

/// A Sudoku as the JS API writes it: `{grid, box?, cages?}`.
#[derive(Deserialize)]
struct SudokuFields {
    #[serde(default, deserialize_with = "field::<Rows<WholeNumber>, _>")]
    grid: Option<Vec<Vec<u32>>>,
    #[serde(default, rename = "box", deserialize_with = "field::<ArrayOf<WholeNumber>, _>")]
    box_shape: Option<Vec<u32>>,
    #[serde(default)]
    cages: Option<Vec<CageFields>>,
}

/// A Killer cage as the JS API writes it: `{sum, cells: [[r, c], …]}`.
#[derive(Deserialize)]
struct CageFields {
    #[serde(default, deserialize_with = "field::<WholeNumber, _>")]
    sum: Option<u32>,
    #[serde(default, deserialize_with = "field::<Rows<WholeNumber>, _>")]
    cells: Option<Vec<Vec<u32>>>,
}

/// A Sudoku; with `cages` a Killer Sudoku (each cage's digits differ and add up to `sum`). `box` is
/// `[rows, cols]` of a box, by default the most square one that tiles the size.
#[derive(Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(rename = "SudokuPuzzle"))]
#[serde(tag = "genre", rename = "sudoku")]
struct SudokuShape<'a> {
    grid: Vec<Vec<u32>>,
    #[serde(rename = "box")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    box_shape: [usize; 2],
    #[serde(skip_serializing_if = "<[Cage]>::is_empty")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    cages: &'a [Cage],
}

impl<'de> Deserialize<'de> for Sudoku {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Sudoku, D::Error> {
        let fields = SudokuFields::deserialize(deserializer)?;
        let grid = required(fields.grid, "grid", "an array")?;
        let box_shape = match fields.box_shape.as_deref() {
            None => None,
            Some(&[rows, cols]) => Some((rows as usize, cols as usize)),
            Some(other) => {
                return Err(de::Error::custom(format_args!("box: expected [rows, cols], got {} numbers", other.len())))
            }
        };
        let mut cages = Vec::new();
        for (k, cage) in fields.cages.unwrap_or_default().into_iter().enumerate() {
            let sum = required(cage.sum, &format!("cages[{k}].sum"), "a whole number")?;
            let mut cells = Vec::new();
            for (j, cell) in required(cage.cells, &format!("cages[{k}].cells"), "an array")?.into_iter().enumerate() {
                match cell[..] {
                    [row, col] => cells.push((row as usize, col as usize)),
                    _ => return Err(de::Error::custom(format_args!("cages[{k}].cells[{j}]: expected [row, col]"))),
                }
            }
            cages.push(Cage { sum, cells });
        }
        Sudoku::new(grid, box_shape, cages).map_err(de::Error::custom)
    }
}

impl Serialize for Sudoku {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (rows, cols) = self.box_shape();
        SudokuShape { grid: self.grid(), box_shape: [rows, cols], cages: self.cages() }.serialize(serializer)
    }
}

/// The largest `maxSolutions` accepted: every solution is kept in memory.
pub const MAX_SOLUTIONS_LIMIT: u32 = 10_000;

/// Limits of a solve, every field optional: [`SolveOptions`] as the JS API writes them (other
/// fields, such as the solve functions' `onProgress`, are left to the caller).
#[derive(Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(rename = "SolveLimits"))]
#[serde(rename_all = "camelCase")]
struct OptionsFields {
    /// Stop after this many solutions (1..10000, default 2, which decides uniqueness).
    #[serde(default, deserialize_with = "MaxSolutions::read")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "number"))]
    max_solutions: Option<usize>,
    /// Give up with status "unknown" after this many milliseconds (default: no limit).
    #[serde(default, deserialize_with = "Millis::read")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "number"))]
    time_limit_ms: Option<Option<f64>>,
    /// Give up with status "unknown" after this many search nodes (default: no limit).
    #[serde(default, deserialize_with = "NodeLimit::read")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "number"))]
    node_limit: Option<Option<u64>>,
}

/// `maxSolutions`: a whole number up to [`MAX_SOLUTIONS_LIMIT`]; nothing keeps the default.
struct MaxSolutions;

impl<'de> Read<'de> for MaxSolutions {
    type Output = Option<usize>;
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<Option<usize>, D::Error> {
        match value::<Scalar, D>(deserializer)? {
            Value::Nothing => Ok(None),
            other => whole_number(other, MAX_SOLUTIONS_LIMIT.into()).map(|n| Some(n as usize)),
        }
    }
}

/// `timeLimitMs`: milliseconds ≥ 0, `Infinity` for no limit; nothing keeps the default.
struct Millis;

impl<'de> Read<'de> for Millis {
    type Output = Option<Option<f64>>;
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<Self::Output, D::Error> {
        match value::<Scalar, D>(deserializer)? {
            Value::Nothing => Ok(None),
            Value::Integer(n) if n >= 0 => Ok(Some(Some(n as f64))),
            Value::Number(t) if t >= 0.0 => Ok(Some(t.is_finite().then_some(t))),
            other => Err(de::Error::custom(format_args!("expected milliseconds ≥ 0, got {other}"))),
        }
    }
}

/// `nodeLimit`: a whole number ≥ 0, `Infinity` for no limit; nothing keeps the default.
struct NodeLimit;

impl<'de> Read<'de> for NodeLimit {
    type Output = Option<Option<u64>>;
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<Self::Output, D::Error> {
        match value::<Scalar, D>(deserializer)? {
            Value::Nothing => Ok(None),
            Value::Integer(n) if n >= 0 => Ok(Some(Some(u64::try_from(n).unwrap_or(u64::MAX)))),
            Value::Number(n) if n == f64::INFINITY => Ok(Some(None)),
            other => Err(de::Error::custom(format_args!("expected a whole number ≥ 0, got {other}"))),
        }
    }
}

impl<'de> Deserialize<'de> for SolveOptions {
    /// The options given over the defaults, checked by [`SolveOptions::validate`].
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SolveOptions, D::Error> {
        let fields = OptionsFields::deserialize(deserializer)?;
        let mut options = SolveOptions::default();
        if let Some(max) = fields.max_solutions {
            options.max_solutions = max;
        }
        if let Some(time) = fields.time_limit_ms {
            options.time_limit_ms = time;
        }
        if let Some(nodes) = fields.node_limit {
            options.node_limit = nodes;
        }
        options.validate().map_err(de::Error::custom)?;
        Ok(options)
    }
}

// (serde_json, the independent writer and reader, is a native dev-dependency only.)
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use crate::{Outcome, Puzzle, SolveOptions, Stats, Status};

    /// `json` read as a `T`, or the error as the binding words it: the path, then the message.
    fn read<T: serde::de::DeserializeOwned>(json: &str) -> Result<T, String> {
        let mut reader = serde_json::Deserializer::from_str(json);
        serde_path_to_error::deserialize(&mut reader).map_err(|e| {
            let message = e.inner().to_string();
            // serde_json appends the text position, which the JS API has no use for.
            let message = message.split(" at line ").next().unwrap().to_string();
            format!("{}: {message}", e.path())
        })
    }

    #[test]
    fn puzzles_round_trip_in_the_js_shapes() {
        for json in [
            r#"{"genre":"nonogram","rows":[[1],[]],"cols":[[1],[]]}"#,
            r#"{"genre":"kakuro","grid":[[null,{"down":4},{"down":3}],[{"across":3},0,0],[{"across":4},0,0]]}"#,
            r#"{"genre":"str8ts","grid":[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,4]],"black":[[false,false,false,false],[false,false,false,false],[false,false,false,false],[false,false,false,true]]}"#,
        ] {
            let puzzle: Puzzle = read(json).unwrap();
            assert_eq!(serde_json::to_string(&puzzle).unwrap(), json);
        }
        // Every genre's shape writes the `genre` the registry gives it (its serde tag is a
        // literal of its own, held here against `Play::SHAPE_GENRE`).
        for puzzle in one_of_every_genre() {
            let written: serde_json::Value = serde_json::to_value(&puzzle).unwrap();
            assert_eq!(written["genre"], puzzle.shape_genre(), "{}", puzzle.genre());
        }
        // `[0]` is an empty line, 1 a black cell: both written back in the canonical way.
        let puzzle: Puzzle = read(r#"{"rows":[[0],[1]],"cols":[[1],[0]],"genre":"nonogram"}"#).unwrap();
        assert_eq!(serde_json::to_string(&puzzle).unwrap(), r#"{"genre":"nonogram","rows":[[],[1]],"cols":[[1],[]]}"#);
    }

    /// A small puzzle of every genre of the registry, in its order (checked).
    fn one_of_every_genre() -> Vec<Puzzle> {
        let colour: crate::nonogram::ColorNonogram = read(r#"{"colors":["red"],"rows":[[1]],"cols":[[1]]}"#).unwrap();
        let sudoku = crate::sudoku::Sudoku::new(vec![vec![0; 4]; 4], None, Vec::new()).unwrap();
        let puzzles = vec![
            read::<Puzzle>(r#"{"genre":"nonogram","rows":[[1]],"cols":[[1]]}"#).unwrap(),
            Puzzle::from(colour),
            read::<Puzzle>(r#"{"genre":"kakuro","grid":[[null,{"down":3}],[{"across":3},0]]}"#).unwrap(),
            Puzzle::from(crate::str8ts::Str8ts::new(vec![vec![0; 4]; 4], vec![vec![false; 4]; 4]).unwrap()),
            Puzzle::from(sudoku),
        ];
        assert_eq!(puzzles.iter().map(Puzzle::genre).collect::<Vec<_>>(), crate::GENRES, "a puzzle of every genre");
        puzzles
    }

    /// Reads a JSON value as the genre's puzzle that the registry chose, as the binding reads
    /// a JS value.
    struct JsonShape(serde_json::Value);

    impl crate::genres::ShapeReader for JsonShape {
        type Error = String;
        fn read<T: serde::de::DeserializeOwned>(self) -> Result<T, String> {
            serde_json::from_value(self.0).map_err(|e| e.to_string())
        }
    }

    #[test]
    fn the_registry_reads_every_genre_of_its_shape() {
        for puzzle in one_of_every_genre() {
            let written = serde_json::to_value(&puzzle).unwrap();
            let has = |field: &str| !written[field].is_null();
            let genre = written["genre"].as_str().unwrap();
            let read = Puzzle::from_shape(genre, &has, JsonShape(written.clone())).unwrap().unwrap();
            assert_eq!((read.genre(), serde_json::to_value(&read).unwrap()), (puzzle.genre(), written));
        }
        assert!(Puzzle::from_shape("takuzu", &|_| true, JsonShape(serde_json::Value::Null)).is_none());
        assert_eq!(crate::genres::shape_genres().collect::<Vec<_>>(), ["nonogram", "kakuro", "str8ts", "sudoku"]);
    }

    #[test]
    fn wrong_values_are_named_with_their_place() {
        let cases = [
            (
                r#"{"rows":[[1],[1,"x"]],"cols":[[1],[1]]}"#,
                r#"rows[1][1]: expected a whole number ≥ 0, got the string "x""#,
            ),
            (r#"{"rows":[[1],[-2]],"cols":[[1]]}"#, "rows[1][0]: -2 is out of range (expected 0 to 1048576)"),
            (r#"{"rows":[[1]],"cols":[[0.5]]}"#, "cols[0][0]: expected a whole number ≥ 0, got 0.5"),
            (r#"{"rows":[[1]],"cols":"no"}"#, r#"cols: expected an array, got the string "no""#),
            (r#"{"rows":[[1]],"cols":[{"a":1}]}"#, "cols[0]: expected an array, got an object"),
            (r#"{"rows":[[1]]}"#, ".: cols: expected an array, got nothing (undefined) or null"),
            (r#"{"rows":[[1],[4]],"cols":[[1],[1],[1]]}"#, ".: rows[1]: clues need 4 cells but the row has 3"),
        ];
        for (json, expected) in cases {
            assert_eq!(read::<crate::nonogram::Nonogram>(json).unwrap_err(), expected, "{json}");
        }
        let kakuro = read::<crate::kakuro::Kakuro>(r#"{"grid":[[null,{"down":"x"}]]}"#).unwrap_err();
        assert_eq!(kakuro, r#"grid[0][1].down: expected a whole number ≥ 0, got the string "x""#);
        let kakuro = read::<crate::kakuro::Kakuro>(r#"{"grid":[[true]]}"#).unwrap_err();
        assert_eq!(kakuro, "grid[0][0]: expected null, a digit 0..9 or {down, across}, got true");
        let str8ts = read::<crate::str8ts::Str8ts>(r#"{"grid":[[0]],"black":[[7]]}"#).unwrap_err();
        assert_eq!(str8ts, "black[0][0]: expected true or false, got 7");
    }

    #[test]
    fn colour_nonograms_read_and_write_in_the_js_shape() {
        use crate::nonogram::{Block, ColorNonogram};
        let json = r##"{"colors":["red","#00f"],"background":"white","rows":[[{"n":1,"color":1},{"n":1,"color":2}]],"cols":[[1],[{"n":1,"color":2}]]}"##;
        let puzzle: ColorNonogram = read(json).unwrap();
        assert_eq!(puzzle.rows(), &[vec![Block { len: 1, color: 1 }, Block { len: 1, color: 2 }]]);
        assert_eq!(puzzle.cols()[0], vec![Block { len: 1, color: 1 }], "a plain number is colour 1");
        assert_eq!(
            serde_json::to_string(&puzzle).unwrap(),
            r##"{"genre":"nonogram","colors":["red","#00f"],"background":"white","rows":[[{"n":1,"color":1},{"n":1,"color":2}]],"cols":[[{"n":1,"color":1}],[{"n":1,"color":2}]]}"##,
            "the shape writes its genre, a colour nonogram's \"nonogram\""
        );
        let cases = [
            (
                r#"{"colors":["red"],"rows":[[{"n":1,"color":2}]],"cols":[[1]]}"#,
                ".: rows[0][0].color: colour 2 is not in colors (1 colours)",
            ),
            (r#"{"colors":["red",7],"rows":[[1]],"cols":[[1]]}"#, "colors[1]: expected a CSS colour string, got 7"),
            (
                r#"{"colors":["rebeccapurple-ish"],"rows":[[1]],"cols":[[1]]}"#,
                r#".: colors[0]: "rebeccapurple-ish" is not a CSS colour"#,
            ),
            (
                r#"{"colors":["red"],"rows":[[{"n":1,"color":99}]],"cols":[[1]]}"#,
                "rows[0][0].color: 99 is out of range (expected 0 to 32)",
            ),
            (
                r#"{"colors":["red"],"rows":[[{"color":1}]],"cols":[[1]]}"#,
                "rows[0][0]: n: expected a whole number ≥ 0, got nothing (undefined) or null",
            ),
            (
                r#"{"colors":["red"],"rows":[[true]],"cols":[[1]]}"#,
                "rows[0][0]: expected a number or {n, color}, got true",
            ),
            (
                r#"{"colors":["red"],"background":1,"rows":[[1]],"cols":[[1]]}"#,
                "background: expected a CSS colour string, got 1",
            ),
            (r#"{"rows":[[1]],"cols":[[1]]}"#, ".: colors: expected an array, got nothing (undefined) or null"),
        ];
        for (json, expected) in cases {
            assert_eq!(read::<ColorNonogram>(json).unwrap_err(), expected, "{json}");
        }
    }

    #[test]
    fn options_read_over_the_defaults_and_are_checked() {
        let options: SolveOptions = read(r#"{"maxSolutions":10,"nodeLimit":5,"onProgress":null}"#).unwrap();
        assert_eq!(options, SolveOptions { max_solutions: 10, time_limit_ms: None, node_limit: Some(5) });
        assert_eq!(read::<SolveOptions>("{}").unwrap(), SolveOptions::default());
        let cases = [
            (r#"{"maxSolutions":0}"#, ".: options.maxSolutions: must be at least 1"),
            (r#"{"maxSolutions":10001}"#, "maxSolutions: 10001 is out of range (expected 0 to 10000)"),
            (r#"{"timeLimitMs":-1}"#, "timeLimitMs: expected milliseconds ≥ 0, got -1"),
            (r#"{"nodeLimit":1.5}"#, "nodeLimit: expected a whole number ≥ 0, got 1.5"),
        ];
        for (json, expected) in cases {
            assert_eq!(read::<SolveOptions>(json).unwrap_err(), expected, "{json}");
        }
    }

    #[test]
    fn outcomes_are_written_in_the_js_shape() {
        let outcome = Outcome {
            status: Status::Unknown,
            solutions: vec![vec![vec![1, 0]]],
            stats: Stats { nodes: 3, contradictions: 1, max_depth: 2, work: 40, millis: 1.5 },
            partial: Some(vec![vec![Some(1), None]]),
        };
        let json = serde_json::to_string(&outcome).unwrap();
        assert_eq!(
            json,
            r#"{"status":"unknown","solutions":[[[1,0]]],"stats":{"nodes":3,"contradictions":1,"maxDepth":2,"work":40,"millis":1.5},"partial":[[1,null]]}"#
        );
        assert_eq!(read::<Outcome>(&json).unwrap(), outcome);
        let solved = Outcome { status: Status::Unique, partial: None, ..outcome };
        assert!(!serde_json::to_string(&solved).unwrap().contains("partial"));
    }
}
