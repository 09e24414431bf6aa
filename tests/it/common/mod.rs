//! Helpers shared by the native tests: where the corpus is, one seeded random source, the
//! colour corpus files' list, where a malformed text goes wrong, and the checks every solver
//! answer must pass whatever the genre.

pub mod color_files;

use gridlogic::format::{self, Format};
use gridlogic::{Error, Grid, Outcome, Place, Status};
use std::io::Write;
use std::path::{Path, PathBuf};

/// `../shared/corpus/<genre>/<sub>` (`sub` may be empty, or a file), read in place. When it
/// is absent: under CI (`CI` set, as `.ci/run` runs) that is a failure, since a gate that
/// skips its corpus tests proves little; elsewhere (a clone without the corpus) the test is
/// skipped with a line on the terminal (written past the test harness's capture, so that
/// every skip is seen) and `None`.
pub fn corpus(genre: &str, sub: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus").join(genre).join(sub);
    if path.exists() {
        return Some(path);
    }
    assert!(std::env::var_os("CI").is_none(), "{} is absent, and CI is set: the corpus tests must run", path.display());
    let _ = writeln!(std::io::stderr(), "SKIPPED (no corpus): {} is absent", path.display());
    None
}

/// A seeded xorshift64 generator: the tests' random puzzles and boards are the same on every
/// run, so that a failure repeats.
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (not 0: xorshift stays at 0).
    pub fn new(seed: u64) -> Rng {
        assert_ne!(seed, 0, "a xorshift seed must not be 0");
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// `count` random bytes.
    pub fn bytes(&mut self, count: usize) -> Vec<u8> {
        (0..count).map(|_| self.next_u64() as u8).collect()
    }
}

/// The error of reading `text` in `format` (the format tests' malformed texts).
pub fn error(text: &str, format: Format) -> Error {
    format::parse_all(text, Some(format)).expect_err(text)
}

/// Where reading `text` in `format` goes wrong.
pub fn place(text: &str, format: Format) -> Place {
    error(text, format).place
}

/// A place in a text.
pub fn at(line: usize, column: usize) -> Place {
    Place::Text { line, column }
}

/// The checks every answer must pass whatever the puzzle: every solution passes `check` (the
/// genre's rules checker), a `multiple` pair differs, `unique` has one solution, `none` none.
pub fn assert_honest(name: &str, outcome: &Outcome, check: impl Fn(&Grid) -> Result<(), Error>) {
    for grid in &outcome.solutions {
        check(grid).unwrap_or_else(|e| panic!("{name}: a returned grid breaks the rules: {e}"));
    }
    match outcome.status {
        Status::Unique => assert_eq!(outcome.solutions.len(), 1, "{name}"),
        Status::Multiple => {
            assert_eq!(outcome.solutions.len(), 2, "{name}");
            assert_ne!(outcome.solutions[0], outcome.solutions[1], "{name}: same grid twice");
        }
        Status::None => assert!(outcome.solutions.is_empty(), "{name}"),
        Status::Unknown => assert!(outcome.solutions.len() < 2, "{name}"),
    }
}

/// The files below `dir` (sub-folders included) whose extension is `extension`, sorted.
pub fn files(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == extension) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The text of `path`, or a panic naming it.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
