//! Helpers shared by the native genre tests (`tests/<genre>.rs`): where the corpus is, and the
//! checks every solver answer must pass whatever the genre.

use gridlogic::{Error, Grid, Outcome, Status};
use std::path::{Path, PathBuf};

/// `../shared/corpus/<genre>/<sub>`, read in place; `None`, with a note, when it is absent (a
/// clone without the corpus still passes).
pub fn corpus(genre: &str, sub: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus").join(genre).join(sub);
    if path.exists() {
        Some(path)
    } else {
        println!("note: {} is absent, corpus test skipped", path.display());
        None
    }
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
