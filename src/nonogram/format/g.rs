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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nonogram::color::Block;

    #[test]
    fn reads_black_and_white() {
        let text = "A comment\n: rows\n1 1\n\n0\n:columns ----\n1\n0\n1\n: end\nmore comment";
        let AnyNonogram::Nonogram(p) = parse(text).unwrap() else { panic!("not black and white") };
        assert_eq!(p.rows(), &[vec![1, 1], vec![]]);
        assert_eq!(p.cols(), &[vec![1], vec![], vec![1]]);
    }

    #[test]
    fn reads_colour_declarations() {
        let text = "Bird\n#declaration of the colors:\n   m:%  blue   modra\n   0:   white  bila\n   1:*  black\n\
                    : rows\n1 1m\n: columns\n1\n1m\n: end\n";
        let AnyNonogram::ColorNonogram(p) = parse(text).unwrap() else { panic!("not colour") };
        assert_eq!(p.colors(), ["blue", "black"]);
        assert_eq!(p.background(), Some("white"));
        assert_eq!(p.rows()[0], [Block { len: 1, color: 2 }, Block { len: 1, color: 1 }]);
        let back = parse(&write_color(&p).unwrap()).unwrap();
        assert!(matches!(&back, AnyNonogram::ColorNonogram(q) if *q == p), "{}", write_color(&p).unwrap());
    }

    #[test]
    fn writes_a_title_line_and_a_comment_for_every_colour() {
        let rows = vec![vec![Block { len: 1, color: 1 }], vec![Block { len: 1, color: 2 }]];
        let cols = vec![vec![Block { len: 1, color: 1 }], vec![Block { len: 1, color: 2 }]];
        let colours = vec!["red".to_string(), "#3050d0".to_string()];
        let p = ColorNonogram::new(colours, Some("white".to_string()), rows.clone(), cols.clone()).unwrap();
        let text = write_color(&p).unwrap();
        let head: Vec<&str> = text.lines().take(5).collect();
        assert_eq!(
            head,
            [
                PREAMBLE.trim_end(),
                "#d",
                "   0:   white  background",
                "   a:a  red  colour1",
                "   b:b  #3050d0  colour2"
            ]
        );
        assert!(matches!(parse(&text).unwrap(), AnyNonogram::ColorNonogram(q) if q == p));
        assert!(write(&[vec![1]], &[vec![1]]).starts_with(PREAMBLE));
        // A colour the format cannot hold is named by its place in the palette.
        let blank = vec!["red".to_string(), "rgb(48, 80, 208)".to_string()];
        let p = ColorNonogram::new(blank, Some("white".to_string()), rows, cols).unwrap();
        assert_eq!(write_color(&p).unwrap_err().place, Place::Field("colors[1]".to_string()));
    }

    #[test]
    fn errors_name_the_place() {
        let at = |text: &str| parse(text).unwrap_err();
        let e = at("#d\n  r:r  notacolour\n: rows\n1r\n: columns\n1r\n");
        assert_eq!(
            (e.place, e.message.as_str()),
            (Place::Text { line: 2, column: 8 }, "\"notacolour\" is not a CSS colour")
        );
        assert_eq!(at("#d\n  rr\n").place, Place::Text { line: 2, column: 3 });
        assert_eq!(at(": rows\n1 x\n: columns\n1\n").place, Place::Text { line: 2, column: 3 });
        assert!(at("no sections\n").message.contains("`:` line"));
        assert_eq!(at(": rows\n2\n: columns\n1\n").to_string(), "rows[0]: clues need 2 cells but the row has 1");
    }
}
