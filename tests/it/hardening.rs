//! Hardening: inputs meant to break the parsers and the limits, and the regressions found by
//! the fuzz targets in `fuzz/` (each kept here as a byte literal, run by plain `cargo test`).

use gridlogic::format::{self, Format, MAX_TEXT_BYTES};
use gridlogic::nonogram::Nonogram;
use gridlogic::str8ts::Str8ts;
use gridlogic::{solve, Place, Puzzle, SolveOptions, Status};
use std::time::Instant;

/// What the `parse` fuzz target checks: no panic in any parser, and every puzzle read keeps
/// its canonical text through a write → parse → write round trip.
fn parse_everywhere(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let results = std::iter::once(format::parse_all(&text, None))
        .chain(format::ALL.into_iter().map(|f| format::parse_all(&text, Some(f))));
    for puzzle in results.flatten().flatten() {
        let canonical = format::write(&puzzle, Format::Canonical).unwrap();
        let again = format::parse(&canonical, Some(Format::Canonical)).unwrap();
        assert_eq!(format::write(&again, Format::Canonical).unwrap(), canonical);
    }
}

#[test]
fn odd_texts_neither_panic_nor_lose_their_canonical_text() {
    let texts: &[&[u8]] = &[
        b"",
        b"\xEF\xBB\xBF",
        b"\r\n\r\n",
        b"\xFF\xFE\x00",
        b"99999999999999999999999999 99999999999999999999",
        b"4294967296 4294967297\n",
        b"nonogram:0x0:",
        b"nonogram:1x1:1/1",
        b"nonogram:1x1:18446744073709551616/1",
        b"kakuro:-",
        b"kakuro:-,-/-,_",
        b"str8ts:....",
        b"str8ts:-1.3/..-./4.a./.2..",
        b"https://puzz.link/p?kakuro/1/1/",
        b"<puzzleset><puzzle><clues type=\"columns\"></clues></puzzle></puzzleset>",
        b"[clues]\nrows = [[\nmaxtrix",
        b"GRID\nROWS\nCOLUMNS\n[ 1 ]\n",
        b"$1\n",
        b"width 1\nheight 1\nrows\n\ncolumns\n\n",
        b"name:",
    ];
    for text in texts {
        parse_everywhere(text);
    }
}

#[test]
fn texts_over_the_size_limit_are_refused_at_once() {
    let text = "1 ".repeat(MAX_TEXT_BYTES / 2 + 1);
    let start = Instant::now();
    for result in [format::parse_all(&text, None), format::parse_all(&text, Some(Format::Nin))] {
        let error = result.unwrap_err();
        assert_eq!(error.place, Place::Text { line: 1, column: 1 });
        assert!(error.message.contains("more than the limit"), "{}", error.message);
    }
    assert!(format::detect(&text).is_err());
    assert!(start.elapsed().as_millis() < 500, "took {:?}", start.elapsed());
}

#[test]
fn node_limit_is_exact() {
    let puzzle = Puzzle::Str8ts(Str8ts::new(vec![vec![0; 9]; 9], vec![vec![false; 9]; 9]).unwrap());
    for limit in [0, 1, 2, 50] {
        let options = SolveOptions { max_solutions: 10_000, node_limit: Some(limit), ..Default::default() };
        let outcome = solve(&puzzle, &options).unwrap();
        assert_eq!((outcome.status, outcome.stats.nodes), (Status::Unknown, limit));
    }
    // A search that ends within the limit is complete.
    let diagonal = Puzzle::Nonogram(Nonogram::new(vec![vec![1], vec![1]], vec![vec![1], vec![1]]).unwrap());
    let outcome = solve(&diagonal, &SolveOptions { node_limit: Some(1_000), ..Default::default() }).unwrap();
    assert_eq!(outcome.status, Status::Multiple);
    assert!(outcome.stats.nodes <= 1_000);
}
