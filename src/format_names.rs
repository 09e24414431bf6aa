//! The names of the puzzle text formats: [`Format`], [`ALL`] in the order detection tries them,
//! each format's short name and the genres it holds. A leaf module: the genres name their
//! formats through it, and reading and writing any puzzle ([`crate::format`], which dispatches
//! through the genre registry) sits above them, so that no module imports one that imports it.

/// A puzzle text format, written in the JS API as its short name ([`Format::name`]): the
/// TypeScript union `PuzzleFormat` is derived from these variants and their serde names.
/// `"canonical"` holds any genre; the nonogram formats `"non"`, `"webpbn-xml"`,
/// `"nonogrid-toml"` and `"g"` hold colour nonograms too (read as a `ColorNonogramPuzzle`);
/// `"janko"` holds Kakuro and Str8ts, `"puzzlink"` Kakuro and Sudoku (see [`Format::genres`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(any(feature = "serde", target_arch = "wasm32"), derive(serde::Serialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(all(target_arch = "wasm32", feature = "formats"), derive(tsify::Tsify), tsify(rename = "PuzzleFormat"))]
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
    #[cfg_attr(any(feature = "serde", target_arch = "wasm32"), serde(rename = "g"))]
    OlsakG,
    /// janko.at grids as in the puzzlekit dataset: `R C`, then rows of space-separated
    /// tokens; Kakuro `-` / `0` / `D,A`, Str8ts `-` / `d` / `x` / `dx`.
    Janko,
    /// The puzz.link (pzprjs) URL of a Kakuro, `https://puzz.link/p?kakuro/W/H/body`, or a
    /// Sudoku, `…?sudoku/N/N/body`.
    Puzzlink,
    /// The UPC PROP course's Kakuro `.kak`: `R,C`, then `*`, `C<n>`, `F<n>`, `C<x>F<y>`, `?`, digits.
    Prop,
    /// MarcelGarus/kakuro's `.kakuro`: `\`, `23\`, `\16`, `17\24` walls and `___` cells.
    #[cfg_attr(any(feature = "serde", target_arch = "wasm32"), serde(rename = "marcelgarus"))]
    MarcelGarus,
    /// str8ts.com's board string: 81 cell digits and 81 black flags (162 digits), or 243 with
    /// the solution in the middle.
    Str8tsCom,
    /// The Str8ts character grid: `.` white, `#` black, `1`-`9` white given, `a`-`i` black digit.
    #[cfg_attr(any(feature = "serde", target_arch = "wasm32"), serde(rename = "chargrid"))]
    CharGrid,
    /// m-ringler/straights' text: `N`, then N rows of `_`, `w<n>`, `b`, `b<n>` separated by commas.
    Ringler,
    /// MartinBuchmann/cl-str8ts: 81 integers, `0` empty, `1`-`9` given, `10` black, `-d` black digit.
    Buchmann,
    /// osmith93/str8ts: a block of `x`/`.` colour rows, a blank line, a block of digit rows.
    Osmith,
    /// jamesaustin/str8ts: `name:` + 162 digits per line, `#` comments.
    #[cfg_attr(any(feature = "serde", target_arch = "wasm32"), serde(rename = "jamesaustin"))]
    JamesAustin,
    /// The one-line Sudoku of collections: N² characters (`.` or `0` empty), one puzzle a line.
    SudokuLine,
    /// A Sudoku as rows of digits (`.` or `0` empty), with or without blanks and box rules.
    SudokuGrid,
}

/// Every format, in the order [`detect`](crate::format::detect) tries them.
pub const ALL: [Format; 21] = [
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
    Format::SudokuLine,
    Format::Str8tsCom,
    Format::Ringler,
    Format::Prop,
    Format::MarcelGarus,
    Format::SudokuGrid,
    Format::Janko,
    Format::Nin,
    Format::Buchmann,
    Format::Osmith,
    Format::CharGrid,
];

impl Format {
    /// The format's short name, as accepted by [`Format::from_name`] (and its serde name).
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
            Format::SudokuLine => "sudoku-line",
            Format::SudokuGrid => "sudoku-grid",
        }
    }

    /// The format called `name` (see [`Format::name`]); `None` for an unknown name.
    pub fn from_name(name: &str) -> Option<Format> {
        ALL.into_iter().find(|f| f.name() == name)
    }

    /// The genres (`"nonogram"`, `"kakuro"`, `"str8ts"`) the format can hold.
    pub fn genres(self) -> &'static [&'static str] {
        match self {
            Format::Canonical => &["nonogram", "colornonogram", "kakuro", "str8ts", "sudoku"],
            Format::Non | Format::WebpbnXml | Format::NonogridToml | Format::OlsakG => &["nonogram", "colornonogram"],
            Format::Nin | Format::Tatham | Format::Tournament | Format::PicrossSolver => &["nonogram"],
            Format::Janko => &["kakuro", "str8ts"],
            Format::Puzzlink => &["kakuro", "sudoku"],
            Format::Prop | Format::MarcelGarus => &["kakuro"],
            Format::SudokuLine | Format::SudokuGrid => &["sudoku"],
            Format::Str8tsCom
            | Format::CharGrid
            | Format::Ringler
            | Format::Buchmann
            | Format::Osmith
            | Format::JamesAustin => &["str8ts"],
        }
    }
}
