//! The one error type of the crate: a message plus the place it is about.
//!
//! Every invalid input is answered with an [`Error`] that says what is wrong and where, in the
//! words a caller of the JS API uses: array paths such as `rows[2]` or `grid[3][4]` (indices
//! from 0, as in the arrays passed in), or `line 5, column 3` for text formats (from 1, as in
//! an editor).

use std::fmt;

/// Where in a puzzle an [`Error`] is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// The puzzle as a whole (its size, its genre).
    Puzzle,
    /// A named field of the input, e.g. `black` or `options.maxSolutions`.
    Field(String),
    /// A nonogram row clue list (`rows[i]`), or the i-th clue in it (`rows[i][j]`).
    Row(usize, Option<usize>),
    /// A nonogram column clue list (`cols[i]`), or the j-th clue in it.
    Column(usize, Option<usize>),
    /// A cell of a grid (`grid[row][col]`).
    Cell { row: usize, col: usize },
    /// A position in a text (1-based line and column).
    Text { line: usize, column: usize },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Puzzle => write!(f, "puzzle"),
            Place::Field(name) => write!(f, "{name}"),
            Place::Row(i, None) => write!(f, "rows[{i}]"),
            Place::Row(i, Some(j)) => write!(f, "rows[{i}][{j}]"),
            Place::Column(i, None) => write!(f, "cols[{i}]"),
            Place::Column(i, Some(j)) => write!(f, "cols[{i}][{j}]"),
            Place::Cell { row, col } => write!(f, "grid[{row}][{col}]"),
            Place::Text { line, column } => write!(f, "line {line}, column {column}"),
        }
    }
}

/// An invalid puzzle or request: what is wrong ([`Error::message`]) and where ([`Error::place`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// Where the problem is.
    pub place: Place,
    /// What is wrong, as a sentence fragment without the place.
    pub message: String,
}

impl Error {
    /// An error about `place`. (Cold: every constructor's error paths call it, and then
    /// they are laid out and optimised for size, away from the checks that pass.)
    #[cold]
    pub fn new(place: Place, message: impl Into<String>) -> Self {
        Error { place, message: message.into() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.message)
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_place() {
        let e = Error::new(Place::Row(2, Some(1)), "clue 30 is longer than the line (10 cells)");
        assert_eq!(e.to_string(), "rows[2][1]: clue 30 is longer than the line (10 cells)");
        let e = Error::new(Place::Cell { row: 3, col: 4 }, "digit 10 is not in 1..9");
        assert_eq!(e.to_string(), "grid[3][4]: digit 10 is not in 1..9");
        let e = Error::new(Place::Text { line: 5, column: 3 }, "unexpected character 'x'");
        assert_eq!(e.to_string(), "line 5, column 3: unexpected character 'x'");
    }
}
