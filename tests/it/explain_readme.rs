//! The README's tables of techniques are the registry's: for every genre, the rows under
//! "### <Genre> techniques" list each technique's id, level and summary (the `summary` of
//! its [`Technique`]) in the registry's order, then `trial`. A technique added, renamed,
//! moved to another level or described anew in the code fails this test until the README
//! says the same.

use gridlogic::engine::explain::{Explain, Technique, TRIAL, TRIAL_LEVEL, TRIAL_SUMMARY};
use gridlogic::format::{parse, Format};
use gridlogic::Puzzle;

/// The table rows (`| id | level | text |`) under the heading `### {genre} techniques`.
fn readme_rows(genre: &str) -> Vec<String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let heading = format!("### {genre} techniques");
    let Some(at) = readme.find(&heading) else { panic!("README.md has no heading {heading:?}") };
    readme[at..]
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
    let listed = readme_rows(genre);
    assert!(
        listed == expected,
        "README.md's {genre} techniques differ from the registry; the table should be:\n{}",
        expected.join("\n")
    );
}

#[test]
fn readme_lists_every_technique_with_its_level_and_summary() {
    let puzzle = |text: &str| parse(text, Some(Format::Canonical)).unwrap();
    let Puzzle::Nonogram(nonogram) = puzzle("nonogram:2x2:1/1/1/1") else { panic!() };
    let Puzzle::Kakuro(kakuro) = puzzle("kakuro:-,3-/-3,_") else { panic!() };
    let Puzzle::Str8ts(str8ts) = puzzle("str8ts:..../..../..../....") else { panic!() };
    check("Nonogram", registry_rows(nonogram.techniques()));
    let Puzzle::ColorNonogram(colour) = puzzle("colornonogram:1x1:-d03030:1a/1a") else { panic!() };
    check("Colour nonogram", registry_rows(colour.techniques()));
    check("Kakuro", registry_rows(kakuro.techniques()));
    check("Str8ts", registry_rows(str8ts.techniques()));
}
