//! tsionyx/nonogrid's TOML, black and white or in colour. The small subset nonogrid uses is
//! read by hand:
//!
//! ```text
//! # comment (also after `;`, and at the end of any line)
//! [clues]
//! columns = "1, 1 1, 2"        <- clues separated by `,` and/or newlines, numbers by blanks
//! rows = """                   <- a multi-line value; `'` and `"` around a clue are ignored
//!   2
//!   0                          <- an empty line
//!   1 1
//! """
//! [colors]                     <- `NAME = (DESC) CHAR`: DESC a colour name, an RGB triplet
//! defs = ['r = (red) %']          `(89, 11, 255)` or hex digits `88CC44`; a number suffixed
//!                                 with a name (`2r`) is that colour, unsuffixed black
//! ```
//!
//! Clues in two or more colours make a colour nonogram (see `palette.rs`).

use super::palette::{css_of, hex_digits, letter, Palette, ReadLine};
use super::AnyNonogram;
use super::{coloured_number, join};
use crate::nonogram::color::ColorNonogram;
use crate::text::{end_of, lines, Line, Token};
use crate::Error;

/// The puzzle of a nonogrid TOML text.
pub(super) fn parse(text: &str) -> Result<AnyNonogram, Error> {
    let all = lines(text);
    let mut section = "";
    let mut rows = None;
    let mut cols = None;
    let mut colours = Palette::default();
    let mut i = 0;
    while i < all.len() {
        let line = without_comment(&all[i]);
        i += 1;
        let token = line.trimmed();
        if token.text.is_empty() {
            continue;
        }
        if let Some(name) = token.text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            section = name.trim();
            continue;
        }
        let Some((key, value)) = token.text.split_once('=') else {
            return Err(token.error(format!("expected `key = value` or a [section], found {:?}", token.text)));
        };
        let lead = value.len() - value.trim_start().len();
        let value = token.part(key.len() + 1 + lead, value.trim_start());
        let (pieces, used) = value_pieces(&all[i..], value)?;
        i += used;
        match (section, key.trim()) {
            ("clues", "rows") => rows = Some(clues(&pieces, &mut colours)?),
            ("clues", "columns") => cols = Some(clues(&pieces, &mut colours)?),
            ("colors", "defs") => define_colours(&pieces, &mut colours)?,
            _ => {}
        }
    }
    let missing = |what: &str| end_of(&all).error(format!("no {what} in the [clues] section"));
    colours.finish(rows.ok_or_else(|| missing("rows"))?, cols.ok_or_else(|| missing("columns"))?, end_of(&all))
}

/// The colour definitions `'NAME = (DESC) CHAR'` in the pieces of a `defs` value.
fn define_colours(pieces: &[Token<'_>], colours: &mut Palette) -> Result<(), Error> {
    for piece in pieces {
        let mut rest = *piece;
        while let Some(open) = rest.text.find(['\'', '"']) {
            let quote = &rest.text[open..open + 1];
            let inner = rest.part(open + 1, &rest.text[open + 1..]);
            let Some(close) = inner.text.find(quote) else {
                return Err(inner.error("this colour definition is not closed"));
            };
            let definition = inner.part(0, &inner.text[..close]);
            rest = inner.part(close + 1, &inner.text[close + 1..]);
            let parsed = definition.text.split_once('=').and_then(|(name, desc)| {
                let desc = &desc[desc.find('(')? + 1..desc.rfind(')')?];
                let css = if desc.contains(',') && !desc.contains('(') {
                    css_of(&format!("rgb({desc})"))
                } else {
                    css_of(desc.trim())
                };
                Some((name.trim(), css?))
            });
            let (name, css) = parsed.ok_or_else(|| {
                definition
                    .error(format!("expected a colour definition `NAME = (COLOUR) CHAR`, found {:?}", definition.text))
            })?;
            colours.define(name, css);
        }
    }
    Ok(())
}

/// `line` without its comment: from the first `#` or `;` outside a one-line `'…'` or `"…"`
/// string to the end (`"""` opens or closes a multi-line value, not a one-line string).
fn without_comment<'a>(line: &Line<'a>) -> Line<'a> {
    let mut quote = None;
    let mut chars = line.text.char_indices();
    while let Some((i, c)) = chars.next() {
        match (c, quote) {
            ('"', None) if line.text[i..].starts_with("\"\"\"") => {
                chars.nth(1);
            }
            ('"' | '\'', None) => quote = Some(c),
            (c, Some(q)) if c == q => quote = None,
            ('#' | ';', None) => return line.truncated(i),
            _ => {}
        }
    }
    *line
}

/// The text pieces of a value that starts with `first`: the rest of its line, or for a
/// `"""` or `[` value every line up to the closing `"""` or `]`. Also how many lines after
/// the key's line the value took.
fn value_pieces<'a>(following: &[Line<'a>], first: Token<'a>) -> Result<(Vec<Token<'a>>, usize), Error> {
    let close = if first.text.starts_with("\"\"\"") {
        "\"\"\""
    } else if first.text.starts_with('[') {
        "]"
    } else {
        return Ok((vec![first], 0));
    };
    let first = first.part(close.len(), &first.text[close.len()..]);
    if let Some(end) = first.text.find(close) {
        return Ok((vec![first.part(0, &first.text[..end])], 0));
    }
    let mut pieces = vec![first];
    for (used, line) in following.iter().enumerate() {
        let token = without_comment(line).token(0, without_comment(line).text);
        if let Some(end) = token.text.find(close) {
            pieces.push(token.part(0, &token.text[..end]));
            return Ok((pieces, used + 1));
        }
        pieces.push(token);
    }
    Err(first.error(format!("this value is not closed with {close}")))
}

/// The clue lines in the pieces of a value: separated by `,` and by line ends, blank ones
/// skipped.
fn clues(pieces: &[Token<'_>], colours: &mut Palette) -> Result<Vec<ReadLine>, Error> {
    let mut clues = Vec::new();
    for piece in pieces {
        for clue in piece.split(',') {
            let words = clue.words(|c| c.is_whitespace() || c == '"' || c == '\'');
            if words.is_empty() {
                continue;
            }
            let mut numbers = Vec::with_capacity(words.len());
            for word in words {
                let (number, colour) = coloured_number(&word)?;
                numbers.push(colours.clue(number, colour));
            }
            clues.push(numbers);
        }
    }
    Ok(clues)
}

/// The nonogrid TOML text of a puzzle with these clues.
pub(super) fn write(rows: &[Vec<u32>], cols: &[Vec<u32>]) -> String {
    let block = |clues: &[Vec<u32>]| clues.iter().map(|c| join(c, " ", "0") + "\n").collect::<String>();
    format!("[clues]\ncolumns = \"\"\"\n{}\"\"\"\n\nrows = \"\"\"\n{}\"\"\"\n", block(cols), block(rows))
}

/// The nonogrid TOML text of a colour puzzle: colour `i` is named and drawn with the letter
/// of `i`. (The format has no background colour; it is not written.)
pub(super) fn write_color(puzzle: &ColorNonogram) -> String {
    let mut out = String::from("[colors]\ndefs = [\n");
    for (i, css) in puzzle.colors().iter().enumerate() {
        let name = letter(i as u8 + 1);
        out += &format!("    '{name} = ({}) {name}',\n", hex_digits(css));
    }
    out += "]\n\n[clues]\n";
    for (key, lines) in [("columns", puzzle.cols()), ("rows", puzzle.rows())] {
        out += &format!("{key} = \"\"\"\n");
        for line in lines {
            let blocks: Vec<String> = line.iter().map(|b| format!("{}{}", b.len, letter(b.color))).collect();
            out += if blocks.is_empty() { "0".to_string() } else { blocks.join(" ") }.as_str();
            out.push('\n');
        }
        out += "\"\"\"\n";
    }
    out
}
