//! Puzzle text formats: reading the files other programs and sites write, and writing them
//! back.
//!
//! Every format is a [`Format`]; [`parse`] reads one puzzle, [`parse_all`] reads files that
//! hold many (tournament sets, `GRID` collections, `name:digits` lists), [`write()`] turns a
//! [`Puzzle`] into text. With no format given, [`detect`] tries the formats in a fixed order
//! (those with the most distinctive look first) and keeps the first that reads the whole text.
//!
//! | genre | formats |
//! |---|---|
//! | nonogram | [`Format::Non`], [`Format::Nin`], [`Format::WebpbnXml`], [`Format::Tatham`], [`Format::Tournament`], [`Format::NonogridToml`], [`Format::PicrossSolver`] |
//! | kakuro | [`Format::Janko`], [`Format::Puzzlink`], [`Format::Prop`], [`Format::MarcelGarus`] |
//! | str8ts | [`Format::Janko`], [`Format::Str8tsCom`], [`Format::CharGrid`], [`Format::Ringler`], [`Format::Buchmann`], [`Format::Osmith`], [`Format::JamesAustin`] |
//! | all | [`Format::Canonical`] |
//!
//! ## The canonical text
//!
//! One short, URL-safe line per puzzle (only letters, digits and `: / , . - _`), written the
//! same way every time, so that `write(parse(text)) == text` for every canonical text:
//!
//! * nonogram: `nonogram:` + Simon Tatham's Pattern game ID, e.g. `nonogram:2x2:1/1/1/1`
//!   (`WxH:`, then the column clues left to right, then the row clues top to bottom, `/`
//!   between lines, `.` between numbers, nothing for an empty line);
//! * kakuro: `kakuro:` + the rows separated by `/`, the cells of a row by `,`: `_` an empty
//!   white cell, `1`..`9` a given digit, and a block as `down-across` with either number left
//!   out when absent (`-`, `16-`, `-7`, `16-7`), e.g. `kakuro:-,4-,3-/-3,_,_/-4,_,_`;
//! * str8ts: `str8ts:` + the rows separated by `/`, one character per cell: `.` empty white,
//!   `1`..`9` a white given, `J`..`P` a white given 10..16 (the letter's place in the
//!   alphabet), `-` an empty black cell, `a`..`p` a black cell with digit 1..16, e.g.
//!   `str8ts:-1.3/..-./4.a./.2..`.
//!
//! Parsers never panic: every malformed input (truncated files, wrong counts, stray
//! characters, numbers too large, sizes beyond the genre's limits, checked before anything
//! is allocated) is an [`Error`] at [`Place::Text`], the 1-based line and column of the
//! offending token. Byte-order marks and CRLF line ends are accepted everywhere. What the
//! genre constructors reject (a clue longer than its line, a digit out of range) comes back
//! with their own place, e.g. `rows[3]`.

use crate::kakuro::{self, Kakuro};
use crate::nonogram;
use crate::str8ts::{self, Str8ts};
use crate::{Error, Place, Puzzle};

/// A puzzle text format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// This crate's one-line canonical text for any genre (see the module docs).
    Canonical,
    /// Steve Simpson's nonogram `.non` (`width`, `height`, `rows`, `columns` keys), with the
    /// mikix/nonogram-db extensions (`title`, `by`, `license`, `goal`, `color`…; `====`
    /// separates the puzzles of a bundle).
    Non,
    /// Jakub Wilk's nonogram `.nin`: `W H`, then the row clues, then the column clues.
    Nin,
    /// webpbn.com's nonogram XML (`pbn-0.3.dtd`): `<clues type="columns">` and `rows`.
    WebpbnXml,
    /// Simon Tatham's Pattern game ID, `WxH:` then columns then rows (`4x4:2/1/2/1/1.1/2/1/1`).
    Tatham,
    /// The TAAI/TCGA/ICGA tournament sets: `$N`, then 25 tab-separated column clues and 25
    /// row clues per 25x25 puzzle.
    Tournament,
    /// tsionyx/nonogrid's TOML: `[clues]` with `rows` and `columns`.
    NonogridToml,
    /// pierre-dejoue/picross-solver's text: `GRID name`, `ROWS`, `COLUMNS`, `[ 1 2 ]` lines.
    PicrossSolver,
    /// Olšák's `.g` (pbnsolve, griddlers.net): `#d` colour declarations, `: rows` and
    /// `: columns` sections, black and white or in colour.
    OlsakG,
    /// janko.at grids as in the puzzlekit dataset: `R C`, then rows of space-separated
    /// tokens; Kakuro `-` / `0` / `D,A`, Str8ts `-` / `d` / `x` / `dx`.
    Janko,
    /// The puzz.link (pzprjs) Kakuro URL `https://puzz.link/p?kakuro/W/H/body`.
    Puzzlink,
    /// The UPC PROP course's Kakuro `.kak`: `R,C`, then `*`, `C<n>`, `F<n>`, `C<x>F<y>`, `?`, digits.
    Prop,
    /// MarcelGarus/kakuro's `.kakuro`: `\`, `23\`, `\16`, `17\24` walls and `___` cells.
    MarcelGarus,
    /// str8ts.com's board string: 81 cell digits and 81 black flags (162 digits), or 243 with
    /// the solution in the middle.
    Str8tsCom,
    /// The Str8ts character grid: `.` white, `#` black, `1`-`9` white given, `a`-`i` black digit.
    CharGrid,
    /// m-ringler/straights' text: `N`, then N rows of `_`, `w<n>`, `b`, `b<n>` separated by commas.
    Ringler,
    /// MartinBuchmann/cl-str8ts: 81 integers, `0` empty, `1`-`9` given, `10` black, `-d` black digit.
    Buchmann,
    /// osmith93/str8ts: a block of `x`/`.` colour rows, a blank line, a block of digit rows.
    Osmith,
    /// jamesaustin/str8ts: `name:` + 162 digits per line, `#` comments.
    JamesAustin,
}

/// Every format, in the order [`detect`] tries them.
pub const ALL: [Format; 19] = [
    Format::Canonical,
    Format::Puzzlink,
    Format::WebpbnXml,
    Format::NonogridToml,
    Format::Non,
    Format::PicrossSolver,
    Format::OlsakG,
    Format::Tournament,
    Format::Tatham,
    Format::JamesAustin,
    Format::Str8tsCom,
    Format::Ringler,
    Format::Prop,
    Format::MarcelGarus,
    Format::Janko,
    Format::Nin,
    Format::Buchmann,
    Format::Osmith,
    Format::CharGrid,
];

impl Format {
    /// The format's short name, as accepted by [`Format::from_name`].
    pub fn name(self) -> &'static str {
        match self {
            Format::Canonical => "canonical",
            Format::Non => "non",
            Format::Nin => "nin",
            Format::WebpbnXml => "webpbn-xml",
            Format::Tatham => "tatham",
            Format::Tournament => "tournament",
            Format::NonogridToml => "nonogrid-toml",
            Format::PicrossSolver => "picross-solver",
            Format::OlsakG => "g",
            Format::Janko => "janko",
            Format::Puzzlink => "puzzlink",
            Format::Prop => "prop",
            Format::MarcelGarus => "marcelgarus",
            Format::Str8tsCom => "str8ts-com",
            Format::CharGrid => "chargrid",
            Format::Ringler => "ringler",
            Format::Buchmann => "buchmann",
            Format::Osmith => "osmith",
            Format::JamesAustin => "jamesaustin",
        }
    }

    /// The format called `name` (see [`Format::name`]); `None` for an unknown name.
    pub fn from_name(name: &str) -> Option<Format> {
        ALL.into_iter().find(|f| f.name() == name)
    }

    /// The genres (`"nonogram"`, `"kakuro"`, `"str8ts"`) the format can hold.
    pub fn genres(self) -> &'static [&'static str] {
        match self {
            Format::Canonical => &["nonogram", "kakuro", "str8ts"],
            Format::Non
            | Format::Nin
            | Format::WebpbnXml
            | Format::Tatham
            | Format::Tournament
            | Format::NonogridToml
            | Format::PicrossSolver
            | Format::OlsakG => &["nonogram"],
            Format::Janko => &["kakuro", "str8ts"],
            Format::Puzzlink | Format::Prop | Format::MarcelGarus => &["kakuro"],
            Format::Str8tsCom
            | Format::CharGrid
            | Format::Ringler
            | Format::Buchmann
            | Format::Osmith
            | Format::JamesAustin => &["str8ts"],
        }
    }
}

/// Read the one puzzle in `text`, in `format` or, when `None`, in the format [`detect`] finds.
/// A text holding several puzzles is an error (use [`parse_all`]).
pub fn parse(text: &str, format: Option<Format>) -> Result<Puzzle, Error> {
    let mut puzzles = parse_all(text, format)?;
    if puzzles.len() != 1 {
        return Err(at(1, 1, format!("the text holds {} puzzles, expected one", puzzles.len())));
    }
    Ok(puzzles.remove(0))
}

/// The longest text the parsers read, 64 MiB: room for a 4000×4000 nonogram with hundreds
/// of clues per line even in XML, while a runaway input (a 100 MB paste) is refused at once
/// instead of being tried in every format for a minute.
pub const MAX_TEXT_BYTES: usize = 64 << 20;

/// Read every puzzle in `text` (at least one), in `format` or, when `None`, in the format
/// [`detect`] finds; texts longer than [`MAX_TEXT_BYTES`] are refused.
pub fn parse_all(text: &str, format: Option<Format>) -> Result<Vec<Puzzle>, Error> {
    check_length(text)?;
    match format {
        Some(format) => parse_as(text, format),
        None => detect_and_parse(text).map(|(_, puzzles)| puzzles),
    }
}

/// The format of `text`: the first of [`ALL`] that reads it completely. The error for text
/// no format reads comes from the format that read furthest into it, or lists the formats
/// tried when the text looks like none of them.
pub fn detect(text: &str) -> Result<Format, Error> {
    check_length(text)?;
    detect_and_parse(text).map(|(format, _)| format)
}

/// `puzzle` as text in `format`; an error when the format cannot hold the puzzle's genre or
/// this puzzle (too large, givens the format has no way to write, …).
pub fn write(puzzle: &Puzzle, format: Format) -> Result<String, Error> {
    if !format.genres().contains(&puzzle.genre()) {
        return Err(Error::new(
            Place::Puzzle,
            format!(
                "the {} format holds {} puzzles, not {}",
                format.name(),
                format.genres().join(" or "),
                puzzle.genre()
            ),
        ));
    }
    match (puzzle, format) {
        (Puzzle::Nonogram(p), Format::Canonical) => {
            Ok(format!("nonogram:{}", nonogram::format::write(p, Format::Tatham)?))
        }
        (Puzzle::ColorNonogram(p), format) => nonogram::format::write_color(p, format),
        (Puzzle::Kakuro(p), Format::Canonical) => Ok(format!("kakuro:{}", kakuro::format::write_canonical(p)?)),
        (Puzzle::Str8ts(p), Format::Canonical) => Ok(format!("str8ts:{}", str8ts::format::write_canonical(p)?)),
        (Puzzle::Nonogram(p), format) => nonogram::format::write(p, format),
        (Puzzle::Kakuro(p), format) => kakuro::format::write(p, format),
        (Puzzle::Str8ts(p), format) => str8ts::format::write(p, format),
    }
}

fn parse_as(text: &str, format: Format) -> Result<Vec<Puzzle>, Error> {
    let puzzles = match format {
        Format::Canonical => parse_canonical(text)?,
        // A Janko Kakuro always has clue cells `D,A`; a Janko Str8ts never has a comma.
        Format::Janko if text.contains(',') => kakuro_puzzles(kakuro::format::parse(text, format)?),
        Format::Janko => str8ts_puzzles(str8ts::format::parse(text, format)?),
        _ => match format.genres() {
            ["nonogram"] => nonogram::format::parse(text, format)?,
            ["kakuro"] => kakuro_puzzles(kakuro::format::parse(text, format)?),
            _ => str8ts_puzzles(str8ts::format::parse(text, format)?),
        },
    };
    if puzzles.is_empty() {
        return Err(at(1, 1, format!("no puzzle found in the text (read as {})", format.name())));
    }
    Ok(puzzles)
}

fn kakuro_puzzles(list: Vec<Kakuro>) -> Vec<Puzzle> {
    list.into_iter().map(Puzzle::Kakuro).collect()
}

fn str8ts_puzzles(list: Vec<Str8ts>) -> Vec<Puzzle> {
    list.into_iter().map(Puzzle::Str8ts).collect()
}

/// Canonical texts, one per non-blank line; the prefix before the first `:` names the genre.
fn parse_canonical(text: &str) -> Result<Vec<Puzzle>, Error> {
    let mut puzzles = Vec::new();
    for line in lines(text).iter().filter(|l| !l.text.trim().is_empty()) {
        let body = line.text.trim();
        let start = line.text.len() - line.text.trim_start().len();
        let (genre, rest) = body.split_once(':').unwrap_or((body, ""));
        let rest_token = line.token((start + genre.len() + 1).min(start + body.len()), rest);
        puzzles.push(match genre {
            "nonogram" if nonogram::format::is_color_id(rest) => {
                Puzzle::ColorNonogram(nonogram::format::parse_color_id(&rest_token)?)
            }
            "nonogram" => Puzzle::Nonogram(nonogram::format::parse_tatham_id(&rest_token)?),
            "kakuro" => Puzzle::Kakuro(kakuro::format::parse_canonical(&rest_token)?),
            "str8ts" => Puzzle::Str8ts(str8ts::format::parse_canonical(&rest_token)?),
            _ => {
                return Err(line
                    .token(start, genre)
                    .error(format!("a canonical text starts with nonogram:, kakuro: or str8ts:, not {genre:?}")))
            }
        });
    }
    Ok(puzzles)
}

/// Whether `text` looks enough like `format` to be worth reading as it, and to report that
/// format's error when nothing reads it.
fn looks_like(text: &str, format: Format) -> bool {
    let lines = lines(text);
    let content: Vec<&str> =
        lines.iter().map(|l| l.text.trim()).filter(|t| !t.is_empty() && !t.starts_with('#')).collect();
    let first = content.first().copied().unwrap_or("");
    let all_lines = || lines.iter().map(|l| l.text.trim());
    let is_number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match format {
        Format::Canonical => ["nonogram:", "kakuro:", "str8ts:"].iter().any(|p| first.starts_with(p)),
        Format::Puzzlink => first.contains("kakuro/"),
        Format::WebpbnXml => first.starts_with('<'),
        Format::NonogridToml => all_lines().any(|l| l == "[clues]"),
        Format::Non => all_lines().any(|l| l.starts_with("width")) && all_lines().any(|l| l.starts_with("rows")),
        Format::PicrossSolver => all_lines().any(|l| l.starts_with("GRID")),
        Format::OlsakG => lines.iter().filter(|l| l.text.starts_with(':')).count() >= 2,
        Format::Tournament => first.starts_with('$'),
        Format::Tatham => first.split_once(':').is_some_and(|(size, _)| size.split_once('x').is_some()),
        Format::JamesAustin => first.split_once(':').is_some_and(|(_, digits)| is_number(digits)),
        Format::Str8tsCom => {
            let board = first.rsplit("bd=").next().unwrap_or("").split('&').next().unwrap_or("");
            is_number(board) && board.len() >= 162
        }
        Format::Ringler => is_number(first) && content.get(1).is_some_and(|l| l.contains(',')),
        Format::Prop => first.split_once(',').is_some_and(|(r, c)| is_number(r) && is_number(c.trim())),
        Format::MarcelGarus => first.contains('\\'),
        Format::Janko | Format::Nin => first.split_whitespace().count() == 2 && first.split_whitespace().all(is_number),
        Format::Buchmann => content.iter().all(|l| l.split_whitespace().all(|t| is_number(t.trim_start_matches('-')))),
        Format::Osmith => first.chars().all(|c| c == 'x' || c == '.'),
        Format::CharGrid => {
            first.chars().all(|c| c == '.' || c == '#' || c.is_ascii_digit() || ('a'..='i').contains(&c))
        }
    }
}

/// The first format of [`ALL`] that [`looks_like`] the text and reads it. When none reads it,
/// the error of the format that got furthest: a puzzle the genre rejects was read to its end,
/// and otherwise the error placed latest in the text wins (the earlier format on a tie).
/// An error for a text longer than [`MAX_TEXT_BYTES`].
fn check_length(text: &str) -> Result<(), Error> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(at(1, 1, format!("the text has {} bytes, more than the limit of {MAX_TEXT_BYTES}", text.len())));
    }
    Ok(())
}

fn detect_and_parse(text: &str) -> Result<(Format, Vec<Puzzle>), Error> {
    if lines(text).iter().all(|l| l.text.trim().is_empty()) {
        return Err(at(1, 1, "the text is empty"));
    }
    let progress = |e: &Error| match e.place {
        Place::Text { line, column } => (0, line, column),
        _ => (1, 0, 0),
    };
    let mut best: Option<Error> = None;
    for format in ALL.into_iter().filter(|&f| looks_like(text, f)) {
        match parse_as(text, format) {
            Ok(puzzles) => return Ok((format, puzzles)),
            Err(e) if best.as_ref().map_or(true, |b| progress(&e) > progress(b)) => {
                best = Some(Error::new(e.place, format!("{} (read as {})", e.message, format.name())));
            }
            Err(_) => {}
        }
    }
    Err(best.unwrap_or_else(|| {
        let names: Vec<&str> = ALL.iter().map(|f| f.name()).collect();
        at(1, 1, format!("unrecognised puzzle text (tried: {})", names.join(", ")))
    }))
}

// ---------------------------------------------------------------------------------------
// Text helpers shared by the parsers of all genres.

/// The largest nonogram side the parsers read (the constructor's limit, checked before
/// allocating).
pub(crate) const NONOGRAM_MAX_SIDE: usize = crate::nonogram::MAX_SIDE;
/// The largest Kakuro side, border included, the parsers read.
pub(crate) const KAKURO_MAX_SIDE: usize = crate::kakuro::MAX_SIDE;
/// The Str8ts sizes the parsers read.
pub(crate) const STR8TS_SIDES: std::ops::RangeInclusive<usize> = crate::str8ts::MIN_SIZE..=crate::str8ts::MAX_SIZE;

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

/// The lines that carry content: not blank and not starting with `comment` (when given).
pub(crate) fn content_lines<'a>(lines: &[Line<'a>], comment: Option<char>) -> Vec<Line<'a>> {
    lines
        .iter()
        .filter(|l| {
            let t = l.text.trim();
            !t.is_empty() && !comment.is_some_and(|c| t.starts_with(c))
        })
        .copied()
        .collect()
}

/// A nonogram clue list from its numbers: a list of zeros (`0`) is an empty line, `[]`.
pub(crate) fn clue_list(numbers: Vec<u32>) -> Vec<u32> {
    if numbers.iter().all(|&n| n == 0) {
        Vec::new()
    } else {
        numbers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for f in ALL {
            assert_eq!(Format::from_name(f.name()), Some(f));
        }
        assert_eq!(Format::from_name("nope"), None);
    }

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

    #[test]
    fn unrecognised_text_lists_the_formats() {
        let e = parse("hello", None).unwrap_err();
        assert!(e.message.contains("tried: canonical, puzzlink"), "{e}");
        assert_eq!(e.place, Place::Text { line: 1, column: 1 });
    }

    #[test]
    fn detection_reports_the_format_that_read_furthest() {
        // Two numbers first: Janko is tried before .nin, but .nin reads further.
        let e = parse("2 1\n1\n1\n1 x\n", None).unwrap_err();
        assert_eq!(
            (&e.place, e.message.ends_with("(read as nin)")),
            (&Place::Text { line: 4, column: 3 }, true),
            "{e}"
        );
        assert_eq!(parse(" \n\n", None).unwrap_err().message, "the text is empty");
    }

    #[test]
    fn writing_checks_the_genre() {
        let p = parse("nonogram:1x1:1/1", None).unwrap();
        assert!(write(&p, Format::Prop).unwrap_err().message.contains("kakuro puzzles, not nonogram"));
    }
}
