//! The colours of a nonogram being read: every text format with colours (webpbn XML, `.non`
//! with mikix's `color` keys, nonogrid TOML, Olšák's `.g`) names them, defines some of them
//! and suffixes clue numbers with them. A [`Palette`] collects the names in order of
//! definition or first use, and [`Palette::finish`] makes the puzzle: black and white when
//! the clues use at most one colour (as every reader did before colours), else a
//! [`ColorNonogram`] whose palette is every colour named but the background.

use super::AnyNonogram;
use crate::nonogram::color::{is_css_color, Block, ColorNonogram};
use crate::nonogram::puzzle::Nonogram;
use crate::text::Token;
use crate::Error;

/// A clue line as read: (length, the colour's index in the [`Palette`]) per number.
pub(super) type ReadLine = Vec<(u32, usize)>;

/// Colours given without a CSS value (a `.non` letter without a `color` key) get these, in
/// turn: distinct on a white background. (Unsuffixed numbers, the default colour, are black.)
const FALLBACK: [&str; 8] = ["#000000", "#d03030", "#3050d0", "#208040", "#e09020", "#8040a0", "#20a0a0", "#a05020"];

/// A named colour: its CSS value when defined, and whether a clue uses it.
struct Entry {
    name: String,
    css: Option<String>,
    used: bool,
}

/// The colours of one puzzle being read.
#[derive(Default)]
pub(super) struct Palette {
    entries: Vec<Entry>,
    /// The entry that is the background, when the format names one.
    background: Option<usize>,
}

impl Palette {
    /// The index of colour `name`, added (undefined) if new.
    fn entry(&mut self, name: &str) -> usize {
        match self.entries.iter().position(|e| e.name == name) {
            Some(i) => i,
            None => {
                self.entries.push(Entry { name: name.to_string(), css: None, used: false });
                self.entries.len() - 1
            }
        }
    }

    /// Define colour `name` as the CSS colour `css`.
    pub(super) fn define(&mut self, name: &str, css: String) {
        let i = self.entry(name);
        self.entries[i].css = Some(css);
    }

    /// Give colour `name` the CSS colour `css` if a clue uses it but it is not defined.
    pub(super) fn define_if_used(&mut self, name: &str, css: &str) {
        if let Some(entry) = self.entries.iter_mut().find(|e| e.name == name && e.css.is_none() && e.used) {
            entry.css = Some(css.to_string());
        }
    }

    /// Make colour `name` the background.
    pub(super) fn set_background(&mut self, name: &str) {
        self.background = Some(self.entry(name));
    }

    /// The index of colour `name` for a clue number of `len` cells (a 0 is no block and uses
    /// no colour).
    pub(super) fn clue(&mut self, len: u32, name: &str) -> (u32, usize) {
        let i = self.entry(name);
        self.entries[i].used |= len > 0;
        (len, i)
    }

    /// The puzzle of these clue lines. `place` is where a clue in the background colour is
    /// reported.
    pub(super) fn finish(
        self,
        rows: Vec<ReadLine>,
        cols: Vec<ReadLine>,
        place: Token<'_>,
    ) -> Result<AnyNonogram, Error> {
        let lengths = |lines: Vec<ReadLine>| -> Vec<Vec<u32>> {
            lines.into_iter().map(|l| super::clue_list(l.into_iter().map(|(n, _)| n).collect())).collect()
        };
        if self.entries.iter().filter(|e| e.used).count() <= 1 {
            return Ok(AnyNonogram::Nonogram(Nonogram::new(lengths(rows), lengths(cols))?));
        }
        if let Some(background) = self.background.filter(|&b| self.entries[b].used) {
            let name = &self.entries[background].name;
            return Err(place.error(format!("clues use the background colour {name:?}")));
        }
        // Colour indices: every entry but the background, in order, from 1 (an entry neither
        // defined nor used, named by a 0 clue only, is no colour).
        let mut index = vec![0u8; self.entries.len()];
        let mut colors = Vec::new();
        for (i, entry) in self.entries.iter().enumerate() {
            if Some(i) == self.background || (!entry.used && entry.css.is_none()) {
                continue;
            }
            let css = match &entry.css {
                Some(css) => css.clone(),
                None if entry.name.is_empty() => "black".to_string(),
                None if is_css_color(&entry.name) => entry.name.clone(),
                None => FALLBACK[colors.len() % FALLBACK.len()].to_string(),
            };
            colors.push(css);
            index[i] = colors.len().min(usize::from(u8::MAX)) as u8;
        }
        let background = self.background.and_then(|b| self.entries[b].css.clone());
        let blocks = |lines: Vec<ReadLine>| -> Vec<Vec<Block>> {
            lines
                .into_iter()
                .map(|line| {
                    if line.iter().all(|&(n, _)| n == 0) {
                        return Vec::new();
                    }
                    line.into_iter().map(|(len, i)| Block { len, color: index[i] }).collect()
                })
                .collect()
        };
        Ok(AnyNonogram::ColorNonogram(ColorNonogram::new(colors, background, blocks(rows), blocks(cols))?))
    }
}

/// The CSS colour of a colour value as formats write it: hex digits with or without `#`
/// (`FF0000`, `#f00`), or any CSS colour (`red`, `rgb(…)`); `None` otherwise.
pub(super) fn css_of(value: &str) -> Option<String> {
    let hex = value.strip_prefix('#').unwrap_or(value);
    if matches!(hex.len(), 3 | 6) && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Some(format!("#{hex}"));
    }
    is_css_color(value).then(|| value.to_string())
}

/// A CSS colour as hex digits without `#` when it is `#rgb` or `#rrggbb` (how webpbn XML
/// and nonogrid write colours), else unchanged.
pub(super) fn hex_digits(css: &str) -> &str {
    match css.strip_prefix('#') {
        Some(hex) if matches!(hex.len(), 3 | 6) => hex,
        _ => css,
    }
}

/// The letter naming colour `index` (from 1) in formats that suffix numbers with a letter:
/// `a`..`z`, then `A`..`F` (32 colours).
pub(super) fn letter(index: u8) -> char {
    let i = index - 1;
    if i < 26 {
        char::from(b'a' + i)
    } else {
        char::from(b'A' + i - 26)
    }
}
