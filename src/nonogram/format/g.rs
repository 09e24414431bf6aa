//! Olšák's `.g` format (the `grid` program's, read by pbnsolve; griddlers.net puzzles come in
//! it), black and white or in colour:
//!
//! ```text
//! Any text before a line starting with `#` or `:` is a comment.
//! #d                      <- (optional) colour declarations, one a line:
//!    m:%  blue   comment     <inchar>:<outchar> <colour> <comment>; inchar 0 is the
//!    0:   white              background, 1 the colour of numbers without a suffix
//!    1:*  black
//! : rows                  <- a line starting with `:` opens the row clues (the words after
//! 21                         it are a comment), one line per row: numbers separated by
//! 8 1m 12 2                  blanks or commas, each maybe suffixed with an inchar; `0` is
//! 0                          an empty row (blank lines are skipped)
//! : columns               <- the second `:` line opens the column clues
//! …
//! : end                   <- a third ends the puzzle; what follows is ignored
//! ```
//!
//! Colours are X11 names or `#rrggbb`; only those that are CSS colours are accepted.
//! Triangles (triddlers) are not supported.

use super::coloured_number;
use super::palette::{css_of, letter, Palette, ReadLine};
use super::AnyNonogram;
use crate::nonogram::color::ColorNonogram;
use crate::text::{end_of, lines, Line};
use crate::{Error, Place};

/// Which part of the file a line is in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Preamble,
    Colours,
    Rows,
    Columns,
    End,
}

/// The puzzle of a `.g` text.
pub(super) fn parse(text: &str) -> Result<AnyNonogram, Error> {
    let all = lines(text);
    let mut part = Part::Preamble;
    let mut colours = Palette::default();
    let (mut rows, mut cols): (Vec<ReadLine>, Vec<ReadLine>) = (Vec::new(), Vec::new());
    for line in &all {
        if line.text.starts_with(':') {
            part = match part {
                Part::Preamble | Part::Colours => Part::Rows,
                Part::Rows => Part::Columns,
                Part::Columns | Part::End => Part::End,
            };
            continue;
        }
        match part {
            Part::Preamble if line.text.starts_with("#d") || line.text.starts_with("#D") => part = Part::Colours,
            Part::Preamble | Part::End => {}
            Part::Colours => declare(line, &mut colours)?,
            Part::Rows | Part::Columns => {
                let words = line.words(|c| c == ',' || c.is_whitespace());
                if words.is_empty() {
                    continue;
                }
                let mut clues = Vec::with_capacity(words.len());
                for word in words {
                    let (number, suffix) = coloured_number(&word)?;
                    clues.push(colours.clue(number, if suffix.is_empty() { "1" } else { suffix }));
                }
                if part == Part::Rows { &mut rows } else { &mut cols }.push(clues);
            }
        }
    }
    if part != Part::Columns && part != Part::End {
        return Err(end_of(&all).error("expected a `:` line opening the row clues and one opening the column clues"));
    }
    for (lines, what) in [(&rows, "row"), (&cols, "column")] {
        if lines.is_empty() {
            return Err(end_of(&all).error(format!("the puzzle has no {what} clues")));
        }
    }
    colours.set_background("0");
    colours.define_if_used("1", "black");
    colours.finish(rows, cols, end_of(&all))
}

/// One colour declaration line (blank lines are skipped).
fn declare(line: &Line<'_>, colours: &mut Palette) -> Result<(), Error> {
    let token = line.trimmed();
    if token.text.is_empty() {
        return Ok(());
    }
    let mut chars = token.text.chars();
    let (Some(inchar), Some(':')) = (chars.next(), chars.next()) else {
        return Err(token.error("expected a colour declaration `<inchar>:<outchar> <colour>`"));
    };
    if inchar.is_ascii_digit() && inchar != '0' && inchar != '1' || inchar == ',' {
        return Err(token.error(format!("{inchar:?} cannot name a colour (digits but 0 and 1, and commas, cannot)")));
    }
    let after = inchar.len_utf8() + 1;
    // The outchar may be a blank; the colour is the first word after it.
    let rest = token.part(after, &token.text[after..]);
    let skip = rest.text.chars().next().map_or(0, char::len_utf8);
    let words = rest.part(skip, &rest.text[skip..]).words(char::is_whitespace);
    let Some(word) = words.first() else { return Err(rest.error("the colour declaration has no colour")) };
    let css = css_of(word.text).ok_or_else(|| word.error(format!("{:?} is not a CSS colour", word.text)))?;
    colours.define(&inchar.to_string(), css);
    Ok(())
}

/// The comment line a written file opens with. Written files end with the column clues, not
/// `: end`: nonogrid's reader needs a title line and takes an `: end` line for a clue, and
/// pbnsolve reads the files either way.
const PREAMBLE: &str = "A nonogram written by gridlogic\n";

/// The `.g` text of a black-and-white puzzle with these clues.
pub(super) fn write(rows: &[Vec<u32>], cols: &[Vec<u32>]) -> String {
    let block = |lines: &[Vec<u32>]| lines.iter().map(|c| super::join(c, " ", "0") + "\n").collect::<String>();
    format!("{PREAMBLE}: rows\n{}: columns\n{}", block(rows), block(cols))
}

/// The `.g` text of a colour puzzle: colour `i` is the letter of `i`, the background `0`;
/// each declaration ends in its comment (`background`, `colour1`, …), as the format's own
/// files do and some readers (nonogrid's) require.
/// Errors: a colour with a blank in it (a `.g` colour is one word).
pub(super) fn write_color(puzzle: &ColorNonogram) -> Result<String, Error> {
    let mut out = format!("{PREAMBLE}#d\n");
    // (inchar, outchar, colour, the field that holds it, the comment)
    let background = puzzle.background().map(|css| ('0', ' ', css, "background".to_string(), "background".to_string()));
    let palette = puzzle.colors().iter().enumerate().map(|(i, css)| {
        let name = letter(i as u8 + 1);
        (name, name, css.as_str(), format!("colors[{i}]"), format!("colour{}", i + 1))
    });
    for (name, shown, css, field, comment) in background.into_iter().chain(palette) {
        if css.contains(char::is_whitespace) {
            return Err(Error::new(
                Place::Field(field),
                format!("{css:?} has a blank, which the g format cannot hold"),
            ));
        }
        out += &format!("   {name}:{shown}  {css}  {comment}\n");
    }
    for (key, lines) in [("rows", puzzle.rows()), ("columns", puzzle.cols())] {
        out += &format!(": {key}\n");
        for line in lines {
            let blocks: Vec<String> = line.iter().map(|b| format!("{}{}", b.len, letter(b.color))).collect();
            out += if blocks.is_empty() { "0".to_string() } else { blocks.join(" ") }.as_str();
            out.push('\n');
        }
    }
    Ok(out)
}
