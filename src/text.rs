//! Reading text with places: lines and tokens that know their 1-based line and column, so
//! that every parser's error names where the problem is. The formats of every genre read
//! through these helpers; the module knows no genre (a leaf: genres import it, it imports
//! only the error type).

use crate::engine::error::{Error, Place};

/// The longest text the parsers read, 64 MiB: room for a 4000×4000 nonogram with hundreds
/// of clues per line even in XML, while a runaway input (a 100 MB paste) is refused at once
/// instead of being tried in every format for a minute.
pub const MAX_TEXT_BYTES: usize = 64 << 20;

/// `items` as a list in words: `a`, `a or b`, `a, b or c`.
pub(crate) fn or_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// An error for a text longer than [`MAX_TEXT_BYTES`].
pub(crate) fn check_length(text: &str) -> Result<(), Error> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(at(1, 1, format!("the text has {} bytes, more than the limit of {MAX_TEXT_BYTES}", text.len())));
    }
    Ok(())
}

/// A grid as text: `header`, then one line per row of the cells' tokens joined by `separator`.
pub(crate) fn grid_text<T>(header: String, rows: &[Vec<T>], separator: &str, token: impl Fn(&T) -> String) -> String {
    let mut out = header;
    for row in rows {
        out += &row.iter().map(&token).collect::<Vec<_>>().join(separator);
        out.push('\n');
    }
    out
}

/// An error at a 1-based line and column.
pub(crate) fn at(line: usize, column: usize, message: impl Into<String>) -> Error {
    Error::new(Place::Text { line, column }, message)
}

/// One line of a text: its 1-based number and its content without the line end (and, on
/// the first line, without a byte-order mark).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line<'a> {
    /// 1-based line number.
    pub number: usize,
    /// The content.
    pub text: &'a str,
    /// Characters before `text` on its line (1 for a stripped byte-order mark).
    offset: usize,
}

/// A piece of a line with its place.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Token<'a> {
    /// The piece.
    pub text: &'a str,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters) of the piece's first character.
    pub column: usize,
}

/// The lines of `text`, LF or CRLF ended (a final line end does not start another line).
pub(crate) fn lines(text: &str) -> Vec<Line<'_>> {
    let (text, bom) = match text.strip_prefix('\u{feff}') {
        Some(rest) => (rest, 1),
        None => (text, 0),
    };
    let text = text.strip_suffix('\n').unwrap_or(text);
    text.split('\n')
        .enumerate()
        .map(|(i, l)| Line {
            number: i + 1,
            text: l.strip_suffix('\r').unwrap_or(l),
            offset: if i == 0 { bom } else { 0 },
        })
        .collect()
}

/// The place just after the last character of `lines`, for "the text ends too early".
pub(crate) fn end_of(lines: &[Line<'_>]) -> Token<'static> {
    match lines.iter().rev().find(|l| !l.text.trim().is_empty()) {
        Some(l) => Token { text: "", line: l.number, column: l.offset + l.text.chars().count() + 1 },
        None => Token { text: "", line: 1, column: 1 },
    }
}

impl<'a> Line<'a> {
    /// The token `piece`, which starts at byte `start` of this line's text.
    pub fn token(&self, start: usize, piece: &'a str) -> Token<'a> {
        let before = self.text.get(..start).map_or(0, |s| s.chars().count());
        Token { text: piece, line: self.number, column: self.offset + before + 1 }
    }

    /// This line cut after its first `end` bytes.
    pub fn truncated(&self, end: usize) -> Line<'a> {
        Line { text: self.text.get(..end).unwrap_or(self.text), ..*self }
    }

    /// Whether the line carries content: it is not blank and does not start with `comment`
    /// (when given) after its leading blanks.
    pub fn is_content(&self, comment: Option<char>) -> bool {
        let t = self.text.trim();
        !t.is_empty() && !comment.is_some_and(|c| t.starts_with(c))
    }

    /// The whole line, leading and trailing blanks removed, as a token.
    pub fn trimmed(&self) -> Token<'a> {
        let text = self.text.trim();
        self.token(self.text.len() - self.text.trim_start().len(), text)
    }

    /// The non-empty pieces between runs of characters for which `is_separator` holds.
    pub fn words(&self, is_separator: impl Fn(char) -> bool) -> Vec<Token<'a>> {
        self.token(0, self.text).words(is_separator)
    }

    /// The fields between single `separator` characters, each trimmed of blanks; a line
    /// `a,,b` has three fields, the middle one empty.
    pub fn fields(&self, separator: char) -> Vec<Token<'a>> {
        self.token(0, self.text)
            .split(separator)
            .into_iter()
            .map(|field| {
                let lead = field.text.len() - field.text.trim_start().len();
                Token { text: field.text.trim(), column: field.column + field.text[..lead].chars().count(), ..field }
            })
            .collect()
    }
}

impl<'a> Token<'a> {
    /// An error about this token.
    pub fn error(&self, message: impl Into<String>) -> Error {
        at(self.line, self.column, message)
    }

    /// The token `piece`, a part of this token starting `start` bytes in.
    pub fn part(&self, start: usize, piece: &'a str) -> Token<'a> {
        let before = self.text.get(..start).map_or(0, |s| s.chars().count());
        Token { text: piece, line: self.line, column: self.column + before }
    }

    /// The token as a non-negative number (`what` names it in the error).
    pub fn number(&self, what: &str) -> Result<u32, Error> {
        if self.text.is_empty() || !self.text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(format!("expected {what}, found {:?}", self.text)));
        }
        self.text.parse().map_err(|_| self.error(format!("{} is too large for {what}", self.text)))
    }

    /// The token as a size in `min..=max` (`what` names it in the error).
    pub fn size(&self, what: &str, min: usize, max: usize) -> Result<usize, Error> {
        let n = self.number(what)? as usize;
        if n < min || n > max {
            return Err(self.error(format!("{what} {n} is outside {min}..{max}")));
        }
        Ok(n)
    }

    /// The non-empty pieces between runs of characters for which `is_separator` holds
    /// (columns counted in one pass, so that long lines cost linear time).
    pub fn words(&self, is_separator: impl Fn(char) -> bool) -> Vec<Token<'a>> {
        let mut tokens = Vec::new();
        let mut start = None;
        let ends = self.text.char_indices().map(Some).chain(std::iter::once(None));
        for (count, item) in ends.enumerate() {
            let (i, separator) = match item {
                Some((i, c)) => (i, is_separator(c)),
                None => (self.text.len(), true),
            };
            match (separator, start) {
                (true, Some((s, column))) => {
                    tokens.push(Token { text: &self.text[s..i], line: self.line, column });
                    start = None;
                }
                (false, None) => start = Some((i, self.column + count)),
                _ => {}
            }
        }
        tokens
    }

    /// The pieces of this token between single `separator` characters (empty pieces kept).
    pub fn split(&self, separator: char) -> Vec<Token<'a>> {
        let mut column = self.column;
        self.text
            .split(separator)
            .map(|piece| {
                let token = Token { text: piece, line: self.line, column };
                column += piece.chars().count() + 1;
                token
            })
            .collect()
    }
}

/// The lines of a grid of `rows` lines of `cols` tokens each, from `lines` (which start
/// right after the header); `split` cuts a line into its tokens. Blank lines before the
/// grid are skipped; extra tokens, missing tokens or missing lines are errors at their place.
pub(crate) fn read_grid<'a>(
    lines: &[Line<'a>],
    rows: usize,
    cols: usize,
    split: impl Fn(&Line<'a>) -> Vec<Token<'a>>,
) -> Result<(Vec<Vec<Token<'a>>>, usize), Error> {
    let mut grid = Vec::with_capacity(rows);
    let mut used = 0;
    for line in lines {
        if grid.len() == rows {
            break;
        }
        used += 1;
        if grid.is_empty() && line.text.trim().is_empty() {
            continue;
        }
        let tokens = split(line);
        if tokens.len() != cols {
            let place = tokens.get(cols).copied().unwrap_or(Token {
                text: "",
                line: line.number,
                column: line.offset + line.text.chars().count() + 1,
            });
            return Err(place.error(format!("expected {cols} cells in this row, found {}", tokens.len())));
        }
        grid.push(tokens);
    }
    if grid.len() < rows {
        return Err(end_of(lines).error(format!("the text ends after {} of {rows} rows", grid.len())));
    }
    Ok((grid, used))
}

/// The lines that carry content (see [`Line::is_content`]).
pub(crate) fn content_lines<'a>(lines: &[Line<'a>], comment: Option<char>) -> Vec<Line<'a>> {
    lines.iter().filter(|l| l.is_content(comment)).copied().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_know_their_columns() {
        let ls = lines("\u{feff}ab  c,d\r\nx");
        assert_eq!(ls.len(), 2);
        assert_eq!(ls[0].text, "ab  c,d");
        let words = ls[0].words(|c| c == ' ');
        assert_eq!((words[1].text, words[1].line, words[1].column), ("c,d", 1, 6));
        let fields = ls[0].fields(',');
        assert_eq!((fields[1].text, fields[1].column), ("d", 8));
        assert_eq!(end_of(&ls).column, 2);
        assert_eq!(ls[1].trimmed().split('x')[1].column, 2);
    }

    #[test]
    fn numbers_are_checked() {
        let ls = lines("99999999999 12 -3");
        let w = ls[0].words(char::is_whitespace);
        assert_eq!(w[0].number("clue").unwrap_err().place, Place::Text { line: 1, column: 1 });
        assert_eq!(w[1].size("width", 1, 10).unwrap_err().message, "width 12 is outside 1..10");
        assert!(w[2].number("clue").is_err());
    }
}
