//! The documentation says what the code does. docs/techniques.md's tables are the
//! registry's: for every genre, the rows under "## <Genre> techniques" list each technique's
//! id, level and summary (the `summary` of its [`Technique`]) in the registry's order, then
//! `trial`. A technique added, renamed, moved to another level or described anew in the code
//! fails this test until the page says the same. And every canonical puzzle text that
//! README.md and docs/*.md quote is a real puzzle: it parses and has exactly one solution.
//! (The Rust blocks of those pages are doc tests, src/lib.rs; the JS blocks run against the
//! built package in tests/js/docs.test.mjs.)

use gridlogic::engine::explain::{Explain, Technique, TRIAL, TRIAL_LEVEL, TRIAL_SUMMARY};
use gridlogic::format::{parse, Format};
use gridlogic::Puzzle;

/// The table rows (`| id | level | text |`) under the heading `## {genre} techniques`.
fn documented_rows(genre: &str) -> Vec<String> {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/techniques.md")).unwrap();
    let heading = format!("## {genre} techniques");
    let Some(at) = page.find(&heading) else { panic!("docs/techniques.md has no heading {heading:?}") };
    page[at..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2) // the header and the |---| line
        .map(str::to_string)
        .collect()
}

/// The rows the registry says, trial last.
fn registry_rows<P: ?Sized>(techniques: &[Technique<P>]) -> Vec<String> {
    let row = |id: &str, level: u8, summary: &str| format!("| `{id}` | {level} | {summary} |");
    techniques.iter().map(|t| row(t.id, t.level, t.summary)).chain([row(TRIAL, TRIAL_LEVEL, TRIAL_SUMMARY)]).collect()
}

fn check(genre: &str, expected: Vec<String>) {
    let listed = documented_rows(genre);
    assert!(
        listed == expected,
        "docs/techniques.md's {genre} techniques differ from the registry; the table should be:\n{}",
        expected.join("\n")
    );
}

#[test]
fn the_techniques_page_lists_every_technique_with_its_level_and_summary() {
    let puzzle = |text: &str| parse(text, Some(Format::Canonical)).unwrap();
    let Puzzle::Nonogram(nonogram) = puzzle("nonogram:2x2:1/1/1/1") else { panic!() };
    let Puzzle::Kakuro(kakuro) = puzzle("kakuro:-,3-/-3,_") else { panic!() };
    let Puzzle::Str8ts(str8ts) = puzzle("str8ts:..../..../..../....") else { panic!() };
    check("Nonogram", registry_rows(nonogram.techniques()));
    let Puzzle::ColorNonogram(colour) = puzzle("colornonogram:1x1:-d03030:1a/1a") else { panic!() };
    check("Colour nonogram", registry_rows(colour.techniques()));
    check("Kakuro", registry_rows(kakuro.techniques()));
    check("Str8ts", registry_rows(str8ts.techniques()));
    let Puzzle::Sudoku(sudoku) = puzzle("sudoku:..../..../..../....") else { panic!() };
    check("Sudoku", registry_rows(sudoku.techniques()));
}

/// README.md and every docs/*.md page, as (file name, text).
fn documentation() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    let mut pages: Vec<_> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    pages.sort();
    files.extend(pages);
    files.into_iter().map(|path| (path.display().to_string(), std::fs::read_to_string(&path).unwrap())).collect()
}

/// The canonical texts quoted in `text`: on every line outside the fences, every `` `genre:…` ``
/// span and every `"genre:…"` string whose prefix is a genre's (grammar placeholders, written with `WxH`, are not texts).
fn quoted_canonical_texts(text: &str) -> Vec<&str> {
    let prefixes = ["nonogram:", "colornonogram:", "kakuro:", "str8ts:"];
    let mut found = Vec::new();
    for line in text.lines().filter(|line| !line.trim_start().starts_with("```")) {
        for quote in ['`', '"'] {
            for (i, span) in line.split(quote).enumerate() {
                let canonical = prefixes.iter().any(|p| span.starts_with(p) && span.len() > p.len());
                if i % 2 == 1 && canonical && !span.contains("WxH") {
                    found.push(span);
                }
            }
        }
    }
    found
}

#[test]
fn every_canonical_text_in_the_documentation_has_exactly_one_solution() {
    let mut checked = 0;
    for (file, text) in documentation() {
        for quoted in quoted_canonical_texts(&text) {
            let puzzle = parse(quoted, Some(Format::Canonical)).unwrap_or_else(|e| panic!("{file}: {quoted}: {e}"));
            let outcome = gridlogic::solve(&puzzle, &gridlogic::SolveOptions::default()).unwrap();
            assert_eq!(outcome.status, gridlogic::Status::Unique, "{file}: {quoted} is not a puzzle with one solution");
            checked += 1;
        }
    }
    assert!(checked >= 4, "only {checked} canonical texts found in the documentation");
}
