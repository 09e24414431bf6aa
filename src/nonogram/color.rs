//! # Colour nonograms: the puzzle
//!
//! **Rules.** As in a black-and-white nonogram, every row and column has a list of blocks, in
//! order; here each block also has a colour (one of up to [`MAX_COLORS`]). A cell is painted
//! one of the colours or left as background. Blocks of the *same* colour need at least one
//! background cell between them; blocks of *different* colours may touch.
//!
//! ```text
//!           1r 1b
//!           1b 1r              rows: [1r 1b] [1b 1r]   (r = colour 1, b = colour 2)
//!          +--+--+             cols: [1r 1b] [1b 1r]
//!          |r |b |
//!          |b |r |             blocks of different colours touch: allowed, and unique
//!          +--+--+
//! ```
//!
//! A [`ColorNonogram`] holds the palette (CSS colour strings, colour 1 first; colour 0 is the
//! background), an optional background colour and the clues as [`Block`]s, validated by
//! [`ColorNonogram::new`]. Solutions are grids of colour indices, 0 the background. The
//! solver is the one depth-first search of both kinds (`search/depth_first.rs`) over colour
//! propagation (`search/color.rs`, line solver `line/color.rs`): it implements
//! [`crate::engine::search::Problem`], so budgets, solution counts and verdicts are the
//! engine's; puzzles that need much search also get clause learning (`search/cdcl/`, its colour line theory `search/cdcl/color.rs`). Black-and-white puzzles stay [`super::Nonogram`] with their own solver.
//!
//! **Totals.** Every cell of colour `c` is counted once by its row and once by its column, so
//! when the rows ask for a different number of cells of some colour than the columns there is
//! no solution. Like [`super::Nonogram::new`], [`ColorNonogram::new`] accepts such a puzzle
//! and the solver answers `none` at once.

use crate::engine::error::{Error, Place};
use crate::nonogram::puzzle::MAX_SIDE;

/// The most colours a puzzle may have besides the background (a cell's possible colours are
/// the bits of a `u64`: bit 0 the background, bit `c` colour `c`).
pub const MAX_COLORS: usize = 32;

/// One clue number of a colour nonogram: a block of `len` cells of colour `color` (1-based
/// index into [`ColorNonogram::colors`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// The block's length in cells (at least 1).
    pub len: u32,
    /// The block's colour, `1..=colors.len()`.
    pub color: u8,
}

/// A colour nonogram: palette and clues, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColorNonogram {
    colors: Vec<String>,
    background: Option<String>,
    rows: Vec<Vec<Block>>,
    cols: Vec<Vec<Block>>,
    /// Whether rows and columns ask for the same number of cells of every colour.
    totals_agree: bool,
}

impl ColorNonogram {
    /// A colour nonogram from its palette (`colors[0]` is colour 1), background colour and
    /// row and column clues (top to bottom, left to right). A lone block of length 0 is an
    /// empty line, like `[]`.
    ///
    /// Errors, each naming its place: no colours or more than [`MAX_COLORS`] (`colors`), a
    /// string that is not a CSS colour (`colors[2]`, `background`), a side of 0 or more than
    /// [`MAX_SIDE`] lines, a block of length 0 among others (`rows[1][0]`), a colour that is
    /// not in the palette (`rows[2][1].color`), blocks that need more cells than their line
    /// has (`cols[3]`). Totals per colour that differ are *not* an error (no solution).
    pub fn new(
        colors: Vec<String>,
        background: Option<String>,
        rows: Vec<Vec<Block>>,
        cols: Vec<Vec<Block>>,
    ) -> Result<ColorNonogram, Error> {
        if colors.is_empty() || colors.len() > MAX_COLORS {
            return Err(Error::new(
                Place::Field("colors".into()),
                format!("a colour nonogram has 1 to {MAX_COLORS} colours, not {}", colors.len()),
            ));
        }
        for (i, color) in colors.iter().enumerate() {
            if !is_css_color(color) {
                return Err(Error::new(Place::Field(format!("colors[{i}]")), format!("{color:?} is not a CSS colour")));
            }
        }
        if let Some(color) = background.as_ref().filter(|c| !is_css_color(c)) {
            return Err(Error::new(Place::Field("background".into()), format!("{color:?} is not a CSS colour")));
        }
        for (name, count) in [("rows", rows.len()), ("cols", cols.len())] {
            if count == 0 || count > MAX_SIDE {
                return Err(Error::new(
                    Place::Field(name.into()),
                    format!("a nonogram has 1 to {MAX_SIDE} {name}, not {count}"),
                ));
            }
        }
        let (width, height) = (cols.len(), rows.len());
        let rows = validate_lines(rows, width, colors.len(), "rows", "row")?;
        let cols = validate_lines(cols, height, colors.len(), "cols", "column")?;
        let totals = |lines: &[Vec<Block>]| {
            let mut totals = vec![0u64; colors.len() + 1];
            for block in lines.iter().flatten() {
                totals[usize::from(block.color)] += u64::from(block.len);
            }
            totals
        };
        let totals_agree = totals(&rows) == totals(&cols);
        Ok(ColorNonogram { colors, background, rows, cols, totals_agree })
    }

    /// The puzzle whose clues are those of `grid` (rows of colour indices, 0 the background).
    /// Errors: a ragged or empty grid, or an index outside the palette (`grid[r][c]`), and
    /// those of [`ColorNonogram::new`].
    pub fn from_solution(
        colors: Vec<String>,
        background: Option<String>,
        grid: &[Vec<u8>],
    ) -> Result<ColorNonogram, Error> {
        let width = grid.first().map_or(0, Vec::len);
        for (r, row) in grid.iter().enumerate() {
            if row.len() != width {
                return Err(Error::new(
                    Place::Field(format!("grid[{r}]")),
                    format!("the row has {} cells, the first has {width}", row.len()),
                ));
            }
            if let Some(c) = row.iter().position(|&v| usize::from(v) > colors.len()) {
                return Err(Error::new(
                    Place::Cell { row: r, col: c },
                    format!("colour {} is not in colors ({} colours)", row[c], colors.len()),
                ));
            }
        }
        let rows = grid.iter().map(|row| blocks_of(row)).collect();
        let cols = (0..width).map(|c| blocks_of(&grid.iter().map(|row| row[c]).collect::<Vec<_>>())).collect();
        ColorNonogram::new(colors, background, rows, cols)
    }

    /// Whether `grid` (rows of colour indices) is a solution: `Ok` when it has the puzzle's
    /// size and every line's blocks are its clue, else an error naming the first row or
    /// column that differs (`rows[3]: …`).
    pub fn check(&self, grid: &[Vec<u8>]) -> Result<(), Error> {
        if grid.len() != self.height() || grid.iter().any(|row| row.len() != self.width()) {
            return Err(Error::new(
                Place::Field("grid".into()),
                format!("the grid is not {} rows of {} cells", self.height(), self.width()),
            ));
        }
        let differs = |place: Place, kind: &str| {
            Err(Error::new(place, format!("the grid's blocks in this {kind} are not its clue")))
        };
        for (r, row) in grid.iter().enumerate() {
            if blocks_of(row) != self.rows[r] {
                return differs(Place::Row(r, None), "row");
            }
        }
        for c in 0..self.width() {
            if blocks_of(&grid.iter().map(|row| row[c]).collect::<Vec<_>>()) != self.cols[c] {
                return differs(Place::Column(c, None), "column");
            }
        }
        Ok(())
    }

    /// The palette: `colors()[0]` is colour 1.
    pub fn colors(&self) -> &[String] {
        &self.colors
    }

    /// The background colour, when the puzzle names one.
    pub fn background(&self) -> Option<&str> {
        self.background.as_deref()
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.cols.len()
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The row clues, top to bottom (an empty line as `[]`).
    pub fn rows(&self) -> &[Vec<Block>] {
        &self.rows
    }

    /// The column clues, left to right.
    pub fn cols(&self) -> &[Vec<Block>] {
        &self.cols
    }

    /// Whether rows and columns ask for as many cells of every colour.
    pub(crate) fn totals_agree(&self) -> bool {
        self.totals_agree
    }
}

/// The blocks of a line of colour indices: maximal runs of one non-zero colour.
pub fn blocks_of(line: &[u8]) -> Vec<Block> {
    let mut blocks: Vec<Block> = Vec::new();
    let mut previous = 0;
    for &color in line {
        if color != 0 {
            match blocks.last_mut() {
                Some(block) if previous == color => block.len += 1,
                _ => blocks.push(Block { len: 1, color }),
            }
        }
        previous = color;
    }
    blocks
}

/// The cells a line's blocks need at least: their lengths plus one gap between two
/// neighbours of the same colour.
pub(crate) fn cells_needed(blocks: &[Block]) -> u64 {
    let gaps = blocks.windows(2).filter(|pair| pair[0].color == pair[1].color).count() as u64;
    blocks.iter().map(|b| u64::from(b.len)).sum::<u64>() + gaps
}

/// Check the clue lists of one direction (`name` "rows" or "cols", `kind` "row" or
/// "column"), each for a line of `length` cells, normalising a lone 0 block to `[]`.
fn validate_lines(
    mut lines: Vec<Vec<Block>>,
    length: usize,
    colors: usize,
    name: &str,
    kind: &str,
) -> Result<Vec<Vec<Block>>, Error> {
    let place = |i, j| if name == "rows" { Place::Row(i, j) } else { Place::Column(i, j) };
    for (i, blocks) in lines.iter_mut().enumerate() {
        if blocks.len() == 1 && blocks[0].len == 0 {
            blocks.clear();
        }
        for (j, block) in blocks.iter().enumerate() {
            if block.len == 0 {
                return Err(Error::new(place(i, Some(j)), "a 0 clue is only allowed alone, for an empty line"));
            }
            if block.color == 0 || usize::from(block.color) > colors {
                return Err(Error::new(
                    Place::Field(format!("{name}[{i}][{j}].color")),
                    format!("colour {} is not in colors ({colors} colours)", block.color),
                ));
            }
        }
        let needed = cells_needed(blocks);
        if needed > length as u64 {
            return Err(Error::new(place(i, None), format!("clues need {needed} cells but the {kind} has {length}")));
        }
    }
    Ok(lines)
}

/// The CSS named colours (CSS Color Module Level 4), lower case, one space apart.
const CSS_NAMES: &str =
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet \
    brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan \
    darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen \
    darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey \
    darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite \
    forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew \
    hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue \
    lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon \
    lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime \
    limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple \
    mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue \
    mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid \
    palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum \
    powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen \
    seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal \
    thistle tomato transparent turquoise violet wheat white whitesmoke yellow yellowgreen";

/// Whether `text` is a CSS colour a canvas accepts: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
/// a named colour (any case), or a colour function (`rgb(…)`, `hsl(…)`, `oklch(…)`, …) whose
/// arguments are numbers, units, `%`, commas, slashes and blanks. (The arguments' ranges are
/// not checked: a browser clamps them.)
pub fn is_css_color(text: &str) -> bool {
    if let Some(hex) = text.strip_prefix('#') {
        return matches!(hex.len(), 3 | 4 | 6 | 8) && hex.bytes().all(|b| b.is_ascii_hexdigit());
    }
    let lower = text.to_ascii_lowercase();
    if CSS_NAMES.split(' ').any(|name| name == lower) {
        return true;
    }
    let Some((function, rest)) = lower.split_once('(') else { return false };
    let Some(arguments) = rest.strip_suffix(')') else { return false };
    const FUNCTIONS: [&str; 10] = ["color", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "rgb", "rgba"];
    FUNCTIONS.contains(&function)
        && arguments.bytes().any(|b| b.is_ascii_digit())
        && arguments.bytes().all(|b| b.is_ascii_alphanumeric() || b" .,%/+-".contains(&b))
}

/// Every grid of values `0..=colours` that satisfies `puzzle`, by enumeration (`colours ^ cells`
/// grids): the oracle of the colour solvers' unit tests.
#[cfg(all(test, not(target_arch = "wasm32")))] // for native-only tests
pub(crate) fn every_solution(puzzle: &ColorNonogram, colours: u8) -> Vec<crate::engine::search::Grid> {
    let (w, h) = (puzzle.width(), puzzle.height());
    let base = u64::from(colours) + 1;
    (0..base.pow((w * h) as u32))
        .map(|mut code| {
            (0..h)
                .map(|_| {
                    (0..w)
                        .map(|_| {
                            let cell = (code % base) as u8;
                            code /= base;
                            cell
                        })
                        .collect()
                })
                .collect()
        })
        .filter(|grid: &crate::engine::search::Grid| puzzle.check(grid).is_ok())
        .collect()
}

/// `count` tiny random colour puzzles from `seed` (the same ones on every run), each with its
/// number of colours, for the colour solvers' unit tests against [`every_solution`]: 2×4 to
/// 4×4 in 1–3 colours, 40 % background; every fourth has two columns' clues swapped, so that
/// many have no solution (the totals still agree).
#[cfg(all(test, not(target_arch = "wasm32")))] // for native-only tests
pub(crate) fn tiny_cases(seed: u32, count: usize) -> Vec<(ColorNonogram, u8)> {
    let mut rng = crate::engine::generate::Rng::new(seed);
    let mut below = |n: u64| rng.below(n as usize) as u64;
    let palette = |n: u8| (0..n).map(|i| format!("#{:02x}0000", 40 * i)).collect::<Vec<_>>();
    (0..count)
        .map(|case| {
            let (w, h, colours) = [(3, 3, 2), (4, 3, 2), (3, 3, 3), (4, 4, 1), (2, 4, 3)][case % 5];
            let shown: crate::engine::search::Grid = (0..h)
                .map(|_| (0..w).map(|_| if below(10) < 4 { 0 } else { 1 + below(u64::from(colours)) as u8 }).collect())
                .collect();
            let puzzle = ColorNonogram::from_solution(palette(colours), None, &shown).unwrap();
            if case % 4 != 3 {
                return (puzzle, colours);
            }
            let mut cols = puzzle.cols().to_vec();
            cols.swap(0, w - 1);
            (ColorNonogram::new(palette(colours), None, puzzle.rows().to_vec(), cols).unwrap(), colours)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn css_names_are_lowercase_and_one_space_apart() {
        assert_eq!(super::CSS_NAMES.split(' ').count(), 149, "every CSS Color 4 name, one space apart");
        assert!(super::CSS_NAMES.split(' ').all(super::is_css_color));
    }
}
