//! webpbn.com's XML (`pbn-0.3.dtd`), black and white or in colour:
//!
//! ```text
//! <puzzleset><puzzle type="grid" defaultcolor="black">
//!   <clues type="columns"><line><count>2</count></line>…</clues>
//!   <clues type="rows"><line><count color="black">1</count><count>1</count></line>…</clues>
//! </puzzle></puzzleset>
//! ```
//!
//! A small reader of exactly what this needs (tags, attributes, text; comments,
//! `<?…?>` and `<!DOCTYPE>` skipped); everything but `puzzle`, `clues`, `line` and `count` is
//! ignored but `<color name="red" char="*">FF0000</color>` (hex digits or a CSS colour). A
//! `count` without `color` has the puzzle's `defaultcolor` (default `black`); the
//! `backgroundcolor` (default `white`) is colour 0. Clues in two or more colours make a
//! colour nonogram (see `palette.rs`).

use super::join;
use super::palette::{css_of, hex_digits, letter, Palette, ReadLine};
use super::AnyNonogram;
use crate::nonogram::color::ColorNonogram;
use crate::text::Token;
use crate::Error;

/// Every puzzle of a webpbn XML text.
pub(super) fn parse(text: &str) -> Result<Vec<AnyNonogram>, Error> {
    let mut reader = Reader::new(text);
    let mut puzzles = Vec::new();
    let mut puzzle: Option<Puzzle> = None;
    while let Some(tag) = reader.next_tag()? {
        match (tag.name, tag.closing) {
            ("puzzle", false) => {
                let default = tag.attribute("defaultcolor").unwrap_or("black");
                let mut colours = Palette::default();
                colours.set_background(tag.attribute("backgroundcolor").unwrap_or("white"));
                puzzle = Some(Puzzle {
                    default: default.to_string(),
                    start: tag.place,
                    rows: None,
                    cols: None,
                    section: None,
                    colours,
                });
            }
            ("puzzle", true) => {
                if let Some(p) = puzzle.take() {
                    puzzles.push(p.finish()?);
                }
            }
            ("color", false) => {
                let Some(p) = puzzle.as_mut() else { continue };
                let name = tag.attribute("name").unwrap_or("");
                let value = reader.text_until("color")?;
                let css = css_of(value.text).or_else(|| css_of(name));
                let css = css.ok_or_else(|| value.error(format!("{:?} is not a colour", value.text)))?;
                p.colours.define(name, css);
            }
            ("clues", false) => {
                let Some(p) = puzzle.as_mut() else { return Err(tag.place.error("<clues> outside a <puzzle>")) };
                let kind = tag.attribute("type").unwrap_or("");
                let section = match kind {
                    "rows" => Section::Rows,
                    "columns" => Section::Columns,
                    _ => {
                        return Err(tag
                            .place
                            .error(format!("expected <clues type=\"rows\"> or \"columns\", found {kind:?}")))
                    }
                };
                p.section = Some(section);
                match section {
                    Section::Rows => p.rows = Some(Vec::new()),
                    Section::Columns => p.cols = Some(Vec::new()),
                }
            }
            ("clues", true) => {
                if let Some(p) = puzzle.as_mut() {
                    p.section = None;
                }
            }
            ("line", false) => {
                let Some(lines) = puzzle.as_mut().and_then(Puzzle::lines) else {
                    return Err(tag.place.error("<line> outside <clues>"));
                };
                lines.push(Vec::new());
            }
            ("count", false) => {
                let Some(p) = puzzle.as_mut() else { return Err(tag.place.error("<count> outside a <puzzle>")) };
                let colour = tag.attribute("color").unwrap_or(&p.default).to_string();
                let number_token = reader.text_until("count")?;
                let clue = p.colours.clue(number_token.number("a clue")?, &colour);
                match p.lines().and_then(|lines| lines.last_mut()) {
                    Some(line) => line.push(clue),
                    None => return Err(tag.place.error("<count> outside <line>")),
                }
            }
            _ => {}
        }
    }
    if let Some(p) = puzzle {
        return Err(p.start.error("the <puzzle> is not closed"));
    }
    Ok(puzzles)
}

/// Which clue list `<line>`s go to.
#[derive(Clone, Copy)]
enum Section {
    Rows,
    Columns,
}

/// A `<puzzle>` being read.
struct Puzzle<'a> {
    default: String,
    start: Token<'a>,
    rows: Option<Vec<ReadLine>>,
    cols: Option<Vec<ReadLine>>,
    section: Option<Section>,
    colours: Palette,
}

impl<'a> Puzzle<'a> {
    /// The clue list of the open `<clues>`, if one is open.
    fn lines(&mut self) -> Option<&mut Vec<ReadLine>> {
        match self.section? {
            Section::Rows => self.rows.as_mut(),
            Section::Columns => self.cols.as_mut(),
        }
    }

    fn finish(self) -> Result<AnyNonogram, Error> {
        let missing = |what: &str| {
            self.start
                .error(format!("the puzzle has no <clues type=\"{what}\"> (only puzzles given by clues are read)"))
        };
        let rows = self.rows.clone().ok_or_else(|| missing("rows"))?;
        let cols = self.cols.clone().ok_or_else(|| missing("columns"))?;
        self.colours.finish(rows, cols, self.start)
    }
}

/// A start or end tag.
struct Tag<'a> {
    name: &'a str,
    closing: bool,
    attributes: Vec<(&'a str, &'a str)>,
    place: Token<'a>,
}

impl<'a> Tag<'a> {
    fn attribute(&self, name: &str) -> Option<&'a str> {
        self.attributes.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }
}

/// A cursor over the XML text that knows its line and column (kept up to date as it moves,
/// so that reading costs linear time even when the whole file is one line).
struct Reader<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Self {
        let pos = if text.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
        Reader { text, pos, line: 1, column: 1 + usize::from(pos > 0) }
    }

    /// The token `piece` at the current place.
    fn token(&self, piece: &'a str) -> Token<'a> {
        Token { text: piece, line: self.line, column: self.column }
    }

    /// Move to byte `to`, counting the lines and columns passed.
    fn advance(&mut self, to: usize) {
        let passed = &self.text[self.pos..to];
        match passed.rfind('\n') {
            Some(last) => {
                self.line += passed.matches('\n').count();
                self.column = passed[last + 1..].chars().count() + 1;
            }
            None => self.column += passed.chars().count(),
        }
        self.pos = to;
    }

    /// Skip to just after `end`, or fail with `what` is not closed.
    fn skip_past(&mut self, end: &str, what: &str) -> Result<(), Error> {
        let here = self.token("");
        match self.text[self.pos..].find(end) {
            Some(i) => {
                self.advance(self.pos + i + end.len());
                Ok(())
            }
            None => Err(here.error(format!("{what} is not closed"))),
        }
    }

    /// The next start or end tag, skipping text, comments and declarations.
    fn next_tag(&mut self) -> Result<Option<Tag<'a>>, Error> {
        loop {
            let Some(lt) = self.text[self.pos..].find('<') else { return Ok(None) };
            self.advance(self.pos + lt);
            let rest = &self.text[self.pos..];
            if rest.starts_with("<!--") {
                self.skip_past("-->", "a comment")?;
            } else if rest.starts_with("<?") {
                self.skip_past("?>", "a <? declaration")?;
            } else if rest.starts_with("<!") {
                self.skip_past(">", "a <! declaration")?;
            } else {
                return self.tag().map(Some);
            }
        }
    }

    /// The tag at the current `<`.
    fn tag(&mut self) -> Result<Tag<'a>, Error> {
        let start = self.pos;
        let place = self.token("<");
        let Some(len) = self.text[start..].find('>') else { return Err(place.error("the tag is not closed with >")) };
        let inner = &self.text[start + 1..start + len];
        let closing = inner.starts_with('/');
        let body = inner.trim_start_matches('/').trim_end_matches('/');
        let name_len = body.find(|c: char| c.is_whitespace()).unwrap_or(body.len());
        let name = &body[..name_len];
        let mut attributes = Vec::new();
        let mut rest = body[name_len..].trim_start();
        while !rest.is_empty() {
            let Some((key, after)) = rest.split_once('=') else {
                return Err(place.error(format!("malformed attribute in <{name}>")));
            };
            let after = after.trim_start();
            let quote = after.chars().next().filter(|&q| q == '"' || q == '\'');
            let Some((value, tail)) = quote.and_then(|q| after[1..].split_once(q)) else {
                return Err(place.error(format!("unquoted attribute {:?} in <{name}>", key.trim())));
            };
            attributes.push((key.trim(), value));
            rest = tail.trim_start();
        }
        self.advance(start + len + 1);
        Ok(Tag { name, closing, attributes, place })
    }

    /// The text before the closing `</name>`, trimmed.
    fn text_until(&mut self, name: &str) -> Result<Token<'a>, Error> {
        let start = self.pos;
        let here = self.token("");
        let end = format!("</{name}>");
        let Some(len) = self.text[start..].find(&end) else {
            return Err(here.error(format!("<{name}> is not closed")));
        };
        let raw = &self.text[start..start + len];
        let lead = raw.len() - raw.trim_start().len();
        self.advance(start + lead);
        let token = self.token(raw.trim());
        self.advance(start + len + end.len());
        Ok(token)
    }
}

/// The webpbn XML text of a puzzle with these clues.
pub(super) fn write(rows: &[Vec<u32>], cols: &[Vec<u32>]) -> String {
    let mut out = String::from(concat!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"http://webpbn.com/pbn-0.3.dtd\">\n<puzzleset>\n",
        "<puzzle type=\"grid\" defaultcolor=\"black\">\n",
        "<color name=\"white\" char=\".\">FFFFFF</color>\n<color name=\"black\" char=\"X\">000000</color>\n",
    ));
    for (kind, clues) in [("columns", cols), ("rows", rows)] {
        out += &format!("<clues type=\"{kind}\">\n");
        for clue in clues {
            let counts = join(clue, "</count><count>", "");
            out += &if clue.is_empty() {
                "<line></line>\n".to_string()
            } else {
                format!("<line><count>{counts}</count></line>\n")
            };
        }
        out += "</clues>\n";
    }
    out + "</puzzle>\n</puzzleset>\n"
}

/// The webpbn XML text of a colour puzzle: colour `i` is named `c<i>` with char the letter
/// of `i`; the background, when the puzzle has one, is `background` (char `.`).
pub(super) fn write_color(puzzle: &ColorNonogram) -> String {
    let mut out =
        String::from("<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"http://webpbn.com/pbn-0.3.dtd\">\n<puzzleset>\n");
    out += &match puzzle.background() {
        Some(css) => format!(
            "<puzzle type=\"grid\" defaultcolor=\"c1\" backgroundcolor=\"background\">\n\
             <color name=\"background\" char=\".\">{}</color>\n",
            escape(hex_digits(css))
        ),
        None => "<puzzle type=\"grid\" defaultcolor=\"c1\" backgroundcolor=\"background\">\n".to_string(),
    };
    for (i, css) in puzzle.colors().iter().enumerate() {
        out += &format!(
            "<color name=\"c{}\" char=\"{}\">{}</color>\n",
            i + 1,
            letter(i as u8 + 1),
            escape(hex_digits(css))
        );
    }
    for (kind, lines) in [("columns", puzzle.cols()), ("rows", puzzle.rows())] {
        out += &format!("<clues type=\"{kind}\">\n");
        for line in lines {
            out += "<line>";
            for block in line {
                out += &format!("<count color=\"c{}\">{}</count>", block.color, block.len);
            }
            out += "</line>\n";
        }
        out += "</clues>\n";
    }
    out + "</puzzle>\n</puzzleset>\n"
}

/// `text` with `&`, `<` and `>` escaped (a CSS colour has none of them; kept safe anyway).
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
