//! Steve Simpson's `.non`, with the mikix/nonogram-db extensions.
//!
//! ```text
//! title "Dancer"          <- metadata keys (title, by, copyright, license, goal…) are ignored
//! color a #ff0000         <- mikix: colour `a` (a CSS colour; one letter per key)
//! width 5
//! height 3
//! rows                    <- then exactly `height` lines: numbers separated by `,` (or
//! 2,1                        blanks), an optional colour letter after each (`3b`); an
//! 0                          empty line or `0` is an empty row
//! 5
//! columns                 <- then exactly `width` lines
//! …
//! ====                    <- separates the puzzles of a bundle (`.nonpack`)
//! ```
//!
//! Numbers without a letter have the default colour (black). Clues in two or more colours
//! make a colour nonogram (see `palette.rs`); a letter without a `color` key gets a colour
//! of its own.

use super::palette::{css_of, letter, Palette, ReadLine};
use super::AnyNonogram;
use super::{coloured_number, join};
use crate::nonogram::color::ColorNonogram;
use crate::nonogram::puzzle::MAX_SIDE;
use crate::text::{end_of, lines, Line};
use crate::Error;

/// Every puzzle of a `.non` text (one, or several separated by `====` lines).
pub(super) fn parse(text: &str) -> Result<Vec<AnyNonogram>, Error> {
    let all = lines(text);
    all.split(|l| l.text.trim() == "====")
        .filter(|chunk| chunk.iter().any(|l| !l.text.trim().is_empty()))
        .map(parse_one)
        .collect()
}

fn parse_one(lines: &[Line<'_>]) -> Result<AnyNonogram, Error> {
    let mut width = None;
    let mut height = None;
    let mut rows = None;
    let mut cols = None;
    let mut colours = Palette::default();
    let mut i = 0;
    while i < lines.len() {
        let line = &lines[i];
        i += 1;
        let words = line.words(char::is_whitespace);
        let Some(key) = words.first() else { continue };
        match key.text {
            "width" | "height" => {
                let value = words.get(1).copied().unwrap_or_else(|| end_of(std::slice::from_ref(line)));
                let n = value.size(key.text, 1, MAX_SIDE)?;
                *(if key.text == "width" { &mut width } else { &mut height }) = Some(n);
            }
            "color" => {
                let (Some(name), Some(value)) = (words.get(1), words.get(2)) else {
                    return Err(key.error("expected `color <letter> <colour>`"));
                };
                // The rest of the line: a CSS colour may hold blanks (`rgb(0, 0, 255)`).
                let text = words[2..].iter().map(|w| w.text).collect::<Vec<_>>().join(" ");
                let css = css_of(&text).ok_or_else(|| value.error(format!("{text:?} is not a colour")))?;
                colours.define(name.text, css);
            }
            "rows" | "columns" => {
                let (count, what) = if key.text == "rows" { (height, "height") } else { (width, "width") };
                let count = count.ok_or_else(|| key.error(format!("{} comes before {what}", key.text)))?;
                let block = lines.get(i..i + count).ok_or_else(|| {
                    end_of(lines).error(format!("the text ends before the {count} lines of {}", key.text))
                })?;
                i += count;
                let clues = block.iter().map(|l| clue_line(l, &mut colours)).collect::<Result<Vec<_>, _>>()?;
                *(if key.text == "rows" { &mut rows } else { &mut cols }) = Some(clues);
            }
            _ => {}
        }
    }
    let missing = |what: &str| end_of(lines).error(format!("no {what} key in the puzzle"));
    let rows = rows.ok_or_else(|| missing("rows"))?;
    let cols = cols.ok_or_else(|| missing("columns"))?;
    colours.finish(rows, cols, end_of(lines))
}

/// One clue line: numbers separated by commas or blanks, each maybe followed by a colour.
fn clue_line(line: &Line<'_>, colours: &mut Palette) -> Result<ReadLine, Error> {
    let mut numbers = Vec::new();
    for token in line.words(|c| c == ',' || c.is_whitespace()) {
        let (number, colour) = coloured_number(&token)?;
        numbers.push(colours.clue(number, colour));
    }
    Ok(numbers)
}

/// The `.non` text of a puzzle with these clues.
pub(super) fn write(rows: &[Vec<u32>], cols: &[Vec<u32>]) -> String {
    let mut out = format!("width {}\nheight {}\n\nrows\n", cols.len(), rows.len());
    for clue in rows {
        out += &join(clue, ",", "0");
        out.push('\n');
    }
    out += "\ncolumns\n";
    for clue in cols {
        out += &join(clue, ",", "0");
        out.push('\n');
    }
    out
}

/// The `.non` text of a colour puzzle: colour `i` is the letter of `i` with its `color` key.
/// (The background has no key in this format and is not written.)
pub(super) fn write_color(puzzle: &ColorNonogram) -> String {
    let mut out = String::new();
    for (i, css) in puzzle.colors().iter().enumerate() {
        out += &format!("color {} {css}\n", letter(i as u8 + 1));
    }
    out += &format!("width {}\nheight {}\n", puzzle.width(), puzzle.height());
    for (key, lines) in [("rows", puzzle.rows()), ("columns", puzzle.cols())] {
        out += &format!("\n{key}\n");
        for line in lines {
            let blocks: Vec<String> = line.iter().map(|b| format!("{}{}", b.len, letter(b.color))).collect();
            out += if blocks.is_empty() { "0".to_string() } else { blocks.join(",") }.as_str();
            out.push('\n');
        }
    }
    out
}
