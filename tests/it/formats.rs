//! The text formats against the corpus (read in place from `../shared/corpus`, skipped when
//! absent) and against malformed input.
//!
//! Every corpus file is classified below: a puzzle file in a known format, a colour nonogram
//! (which must give the "colour nonograms are not supported" error), or not a puzzle
//! (READMEs, licences, solutions). For every puzzle file: the expected format parses it,
//! detection picks that format, every format that can write the puzzle writes text that
//! parses back to the same puzzle, and the canonical text round-trips exactly.

use crate::common::{corpus, error};
use gridlogic::format::{self, Format, ALL};
use gridlogic::kakuro::Cell;
use gridlogic::{Place, Puzzle};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What a corpus file is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// Puzzles in this format.
    Puzzles(Format),
    /// A JSON dataset whose `problem` strings are puzzles in this format.
    Dataset(Format),
    /// A colour nonogram in this format.
    Colour(Format),
    /// A deliberately invalid Kakuro board (PROP `Invalids/`): read or rejected by the genre
    /// constructor, except where the text itself is malformed.
    Invalid,
    /// Not a puzzle: documentation, licences, solutions.
    NotAPuzzle,
}

/// The colour nonograms of the corpus (webpbn #47 with 4 colours, the number-loom 2-colour
/// puzzles, nonogrid's UK flag).
const COLOUR_FILES: [&str; 8] = [
    "nonogram/survey/xml/webpbn-color-00047.xml",
    "nonogram/number-loom/listen_left_and_right.xml",
    "nonogram/number-loom/little_hauler.xml",
    "nonogram/number-loom/look_sharp.xml",
    "nonogram/number-loom/missing.xml",
    "nonogram/number-loom/not_invented_yet_1.xml",
    "nonogram/number-loom/take_two.xml",
    "nonogram/nonogrid-toml/UK.toml",
];

fn kind(rel: &str) -> Kind {
    let ext = Path::new(rel).extension().and_then(|e| e.to_str()).unwrap_or("");
    let name = Path::new(rel).file_name().and_then(|n| n.to_str()).unwrap_or("");
    let colour = |f| if COLOUR_FILES.contains(&rel) { Kind::Colour(f) } else { Kind::Puzzles(f) };
    if matches!(ext, "md" | "csv" | "solution") || name.starts_with("README") || name.starts_with("LICENSE") {
        return Kind::NotAPuzzle;
    }
    let solution = name.contains("solution") && name != "non-unique-solution.txt";
    if solution || name.contains("solved") || rel.contains("/solutions/") {
        // Solutions: full grids without clues (PROP solved boards are still boards).
        return if ext == "kak" || rel.contains("paucuesta9") { Kind::Puzzles(Format::Prop) } else { Kind::NotAPuzzle };
    }
    match (rel.split('/').next().unwrap_or(""), ext) {
        ("nonogram", "non") => Kind::Puzzles(Format::Non),
        ("nonogram", "nin") => Kind::Puzzles(Format::Nin),
        ("nonogram", "xml") => colour(Format::WebpbnXml),
        ("nonogram", "toml") => colour(Format::NonogridToml),
        ("nonogram", "txt") if rel.contains("/tatham/") => Kind::Puzzles(Format::Tatham),
        ("nonogram", "txt") if rel.contains("/tournament/") => Kind::Puzzles(Format::Tournament),
        ("nonogram", "txt") if rel.contains("/patterns/") => Kind::Puzzles(Format::PicrossSolver),
        ("kakuro", "json") | ("str8ts", "json") => Kind::Dataset(Format::Janko),
        ("kakuro", "kakuro") => Kind::Puzzles(Format::MarcelGarus),
        ("kakuro", _) if rel.contains("/Invalids/") => Kind::Invalid,
        ("kakuro", "kak" | "txt") => Kind::Puzzles(Format::Prop),
        ("str8ts", _) if rel.contains("jamesaustin") => Kind::Puzzles(Format::JamesAustin),
        ("str8ts", _) if rel.contains("m-ringler") => Kind::Puzzles(Format::Ringler),
        ("str8ts", _) if rel.contains("osmith93") => Kind::Puzzles(Format::Osmith),
        ("str8ts", _) if rel.contains("Buchmann") => Kind::Puzzles(Format::Buchmann),
        ("str8ts", _) if rel.contains("malkuh") => Kind::Puzzles(Format::CharGrid),
        _ => panic!("unclassified corpus file {rel}: say what it is in tests/formats.rs"),
    }
}

fn corpus_files() -> Option<Vec<(String, PathBuf)>> {
    let root = corpus("", "")?;
    let root = root.as_path();
    let mut files = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                files.push((rel, path));
            }
        }
    }
    files.sort();
    Some(files)
}

/// The two puzzles are the same puzzle.
fn same(a: &Puzzle, b: &Puzzle) -> bool {
    match (a, b) {
        (Puzzle::Nonogram(a), Puzzle::Nonogram(b)) => a.rows() == b.rows() && a.cols() == b.cols(),
        // `.non` and nonogrid TOML have no background colour: the clues and palette are the puzzle.
        (Puzzle::ColorNonogram(a), Puzzle::ColorNonogram(b)) => {
            a.rows() == b.rows() && a.cols() == b.cols() && a.colors() == b.colors()
        }
        (Puzzle::Kakuro(a), Puzzle::Kakuro(b)) => a.cells() == b.cells(),
        (Puzzle::Str8ts(a), Puzzle::Str8ts(b)) => a.grid() == b.grid() && a.black() == b.black(),
        _ => false,
    }
}

/// Every format that can write `puzzle` gives text that reads back as `puzzle`; returns how
/// many formats wrote it.
fn check_round_trips(puzzle: &Puzzle, origin: &str) -> usize {
    let mut written = 0;
    for f in ALL {
        let Ok(text) = format::write(puzzle, f) else { continue };
        written += 1;
        let back = format::parse_all(&text, Some(f))
            .unwrap_or_else(|e| panic!("{origin}: {f:?} text does not read back: {e}\n{text}"));
        assert!(back.len() == 1 && same(&back[0], puzzle), "{origin}: {f:?} round trip changed the puzzle\n{text}");
        let (detected, puzzles) = (format::detect(&text), format::parse_all(&text, None));
        assert!(
            detected.is_ok() && same(&puzzles.unwrap()[0], puzzle),
            "{origin}: {f:?} text not detected back: {detected:?}"
        );
    }
    let canonical = format::write(puzzle, Format::Canonical).unwrap();
    assert!(canonical.bytes().all(|b| b.is_ascii_alphanumeric() || b":/,.-_".contains(&b)), "{origin}: {canonical}");
    let again = format::write(&format::parse(&canonical, None).unwrap(), Format::Canonical).unwrap();
    assert_eq!(again, canonical, "{origin}: canonical text is not stable");
    written
}

#[test]
fn every_corpus_file_reads_in_its_format() {
    let Some(files) = corpus_files() else { return };
    let mut per_folder: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut colour_errors = Vec::new();
    for (rel, path) in &files {
        let kind = kind(rel);
        let folder = rel.split('/').take(2).collect::<Vec<_>>().join("/");
        let bytes = std::fs::read(path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let texts: Vec<String> = match kind {
            Kind::NotAPuzzle => continue,
            Kind::Dataset(_) => {
                let json: serde_json::Value = serde_json::from_str(&text).unwrap();
                let data = json["data"].as_object().expect("dataset has data");
                data.values().map(|entry| entry["problem"].as_str().unwrap().to_string()).collect()
            }
            _ => vec![text.to_string()],
        };
        match kind {
            Kind::Colour(f) => {
                let puzzles = format::parse_all(&texts[0], Some(f)).unwrap_or_else(|e| panic!("{rel}: {e}"));
                let [Puzzle::ColorNonogram(p)] = &puzzles[..] else { panic!("{rel}: not one colour nonogram") };
                assert_eq!(format::detect(&texts[0]), Ok(f), "{rel}: detected as another format");
                let written = check_round_trips(&puzzles[0], rel);
                assert!(written >= 4, "{rel}: written in {written} formats");
                colour_errors.push(format!("{rel}: {}x{}, {} colours", p.width(), p.height(), p.colors().len()));
            }
            Kind::Invalid => {
                if let Err(e) = format::parse_all(&texts[0], Some(Format::Prop)) {
                    if rel.ends_with("4.txt") {
                        assert_eq!(e.place, Place::Text { line: 13, column: 8 }, "{rel}: {e}");
                    } else {
                        assert!(
                            !matches!(e.place, Place::Text { .. }),
                            "{rel}: a well-formed board failed to read: {e}"
                        );
                    }
                }
            }
            Kind::Puzzles(f) | Kind::Dataset(f) => {
                let counts = per_folder.entry(folder).or_default();
                counts.0 += 1;
                for (i, text) in texts.iter().enumerate() {
                    let origin = format!("{rel} #{i}");
                    let puzzles = format::parse_all(text, Some(f)).unwrap_or_else(|e| panic!("{origin}: {e}"));
                    assert_eq!(format::detect(text), Ok(f), "{origin}: detected as another format");
                    for p in &puzzles {
                        assert!(check_round_trips(p, &origin) >= 2, "{origin}: written in no format but canonical");
                    }
                    counts.1 += puzzles.len();
                }
            }
            Kind::NotAPuzzle => unreachable!(),
        }
    }
    for (folder, (files, puzzles)) in &per_folder {
        println!("{folder}: {files} files, {puzzles} puzzles");
    }
    println!("colour nonograms:\n  {}", colour_errors.join("\n  "));
    assert_eq!(colour_errors.len(), COLOUR_FILES.len());
}

/// Small texts written by hand, one per format, with what they hold.
fn samples() -> Vec<(Format, &'static str)> {
    vec![
        (Format::Canonical, "nonogram:3x2:2/1/1/1.1/2\nkakuro:-,4-,3-/-3,_,_/-4,_,_\nstr8ts:-1../..-./.b../...4"),
        (Format::Non, "title \"x\"\nwidth 3\nheight 2\nrows\n1,1\n2\ncolumns\n2\n1\n1\n"),
        (Format::Nin, "3 2\n1 1\n2\n2\n1\n1\n"),
        (Format::WebpbnXml, "<puzzleset><puzzle><clues type=\"columns\"><line><count>2</count></line><line><count>1</count></line><line><count>1</count></line></clues><clues type=\"rows\"><line><count>1</count><count>1</count></line><line><count>2</count></line></clues></puzzle></puzzleset>"),
        (Format::Tatham, "3x2:2/1/1/1.1/2"),
        (Format::NonogridToml, "[clues]\ncolumns = 2, 1, 1\nrows = '1 1', 2\n"),
        (Format::PicrossSolver, "GRID g\nROWS\n[ 1 1 ]\n[ 2 ]\nCOLUMNS\n[ 2 ]\n[ 1 ]\n[ 1 ]\n"),
        (Format::OlsakG, "Olsak's grid\n: rows\n1 1\n2\n: columns\n2\n1\n1\n: end\n"),
        (Format::Janko, "3 3\n- 4, 3,\n,3 0 0\n,4 0 0\n"),
        (Format::Puzzlink, "https://puzz.link/p?kakuro/2/2/n4334"),
        (Format::Prop, "3,3\n*,C4,C3\nF3,?,?\nF4,?,?\n"),
        (Format::MarcelGarus, "\\  4\\ 3\\\n\\3 _  _\n\\4 _  _\n"),
        (Format::Janko, "4 4\nx 1 - -\n- - x -\n- 2x - -\n- - - 4\n"),
        (Format::CharGrid, "#1..\n..#.\n.b..\n...4\n"),
        (Format::Ringler, "4\nb,w1,_,_\n_,_,b,_\n_,b2,_,_\n_,_,_,w4\n"),
        (Format::Buchmann, "10 1 0 0 0 0 10 0 0 -2 0 0 0 0 0 4"),
        (Format::Osmith, "x...\n..x.\n.x..\n....\n\n.1..\n....\n.2..\n...4\n"),
    ]
}

#[test]
fn hand_written_samples_read_detect_and_agree() {
    let canonical = format::parse_all(samples()[0].1, None).unwrap();
    assert_eq!(canonical.len(), 3);
    for (f, text) in samples().into_iter().skip(1) {
        let p = format::parse(text, Some(f)).unwrap_or_else(|e| panic!("{f:?}: {e}"));
        assert_eq!(format::detect(text), Ok(f), "{f:?}");
        let expected = canonical.iter().find(|c| c.genre() == p.genre()).unwrap();
        assert!(same(&p, expected), "{f:?} sample differs from the canonical sample");
        check_round_trips(&p, f.name());
    }
}

#[test]
fn str8ts_boards_of_digits_read() {
    let mut cells = "0".repeat(81);
    cells.replace_range(10..11, "7");
    let mut flags = "0".repeat(81);
    flags.replace_range(0..1, "1");
    let board = format!("{cells}{flags}");
    let p = format::parse(&board, None).unwrap();
    assert_eq!(format::detect(&board), Ok(Format::Str8tsCom));
    let Puzzle::Str8ts(s) = &p else { panic!("not a Str8ts") };
    assert_eq!((s.grid()[1][1], s.black()[0][0], s.black()[0][1]), (7, true, false));
    let link = format!("https://www.str8ts.com/?bd={board}&m=1");
    assert_eq!(format::detect(&link), Ok(Format::Str8tsCom));
    assert!(same(&format::parse(&link, None).unwrap(), &p));
    let list = format!("# mine\nfirst:{board}\nsecond:{board}\n");
    assert_eq!(format::parse_all(&list, None).unwrap().len(), 2);
    assert_eq!(format::detect(&list), Ok(Format::JamesAustin));
    assert!(format::parse(&list, None).unwrap_err().message.contains("holds 2 puzzles"));
}

#[test]
fn malformed_texts_name_the_place() {
    let cases: [(Format, &str, usize, usize); 12] = [
        (Format::Non, "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1 y\n", 8, 3),
        (Format::Nin, "2 2\n1\n1\n1\n", 4, 2),
        (Format::WebpbnXml, "<puzzleset>\n<puzzle><clues type=\"rows\"><line><count>z</count>", 2, 41),
        (Format::Tatham, "2x2:1/1/1", 1, 10),
        (Format::Tournament, "\n$x1\n", 2, 2),
        (Format::NonogridToml, "[clues]\nrows = 1\ncolumns = 1, 2 x\n", 3, 16),
        (Format::PicrossSolver, "GRID a\nROWS\n[ 1 ]\nCOLS\n", 4, 1),
        (Format::Janko, "2 2\n- 4,\n,3 0x\n", 3, 4),
        (Format::Puzzlink, "https://puzz.link/p?kakuro/2/2/n43", 1, 35),
        (Format::Prop, "\u{feff}2,2\r\n*,C4\r\nF3,?? \r\n", 3, 4),
        (Format::Ringler, "4\n_,_,_,_\n_,_,_,_\n_,_,_,_\n_,_,_,q\n", 5, 7),
        (Format::Osmith, "x...\n....\n....\n....\n\n....\n....\n....\n...:\n", 9, 4),
    ];
    for (f, text, line, column) in cases {
        let e = format::parse_all(text, Some(f)).expect_err(f.name());
        assert_eq!(e.place, Place::Text { line, column }, "{f:?}: {e}");
    }
}

#[test]
fn sizes_beyond_the_limits_are_refused_before_allocating() {
    for (f, text) in [
        (Format::Nin, "4097 1\n"),
        (Format::Non, "width 1\nheight 1000000000\nrows\n"),
        (Format::Tatham, "5000x1:"),
        (Format::Janko, "301 2\n"),
        (Format::Prop, "2,99999999999999999999\n"),
        (Format::Puzzlink, "kakuro/300/1/"),
        (Format::Janko, "17 17\n"),
        (Format::Ringler, "100000\n"),
        (Format::Canonical, "str8ts:./././."),
    ] {
        let e = error(text, f);
        assert!(matches!(e.place, Place::Text { .. }), "{f:?}: {e}");
    }
}

#[test]
fn writing_refuses_what_a_format_cannot_hold() {
    let canonical = format::parse_all(samples()[0].1, None).unwrap();
    let (nonogram, kakuro, str8ts) = (&canonical[0], &canonical[1], &canonical[2]);
    assert!(format::write(nonogram, Format::Tournament).unwrap_err().message.contains("25x25"));
    assert!(format::write(kakuro, Format::Tatham).unwrap_err().message.contains("nonogram puzzles, not kakuro"));
    assert!(format::write(str8ts, Format::Str8tsCom).unwrap_err().message.contains("9x9"));
    let given = format::parse("kakuro:-,4-,3-/-3,1,_/-4,_,_", None).unwrap();
    assert_eq!(format::write(&given, Format::Puzzlink).unwrap_err().place, Place::Cell { row: 1, col: 1 });
    let border = format::parse("kakuro:_,4-/-3,_", None).unwrap();
    assert_eq!(format::write(&border, Format::Puzzlink).unwrap_err().place, Place::Cell { row: 0, col: 0 });
}

/// Texts near the valid ones: every prefix and single-character change of the samples.
fn mutations() -> Vec<String> {
    let mut out = Vec::new();
    for (_, text) in samples() {
        for (i, _) in text.char_indices() {
            out.push(text[..i].to_string());
            for replacement in
                ["", "0", "9", "99999999999", "-", ",", "\n", "\r\n", "x", "<", "\"\"\"", "\u{feff}", "é"]
            {
                let c = text[i..].chars().next().unwrap();
                out.push(format!("{}{replacement}{}", &text[..i], &text[i + c.len_utf8()..]));
            }
        }
    }
    out
}

#[test]
fn parsers_never_panic_on_near_misses() {
    for text in mutations() {
        let _ = format::parse_all(&text, None);
        for f in ALL {
            let _ = format::parse_all(&text, Some(f));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn parsers_never_panic_on_noise(text in "[0-9a-z_.,:;/#<>=\"' \\t\\n\\r\\\\*?$x\\-\\[\\]]{0,80}") {
        let _ = format::parse_all(&text, None);
        for f in ALL {
            let _ = format::parse_all(&text, Some(f));
        }
    }

    #[test]
    fn canonical_nonograms_round_trip(rows in prop::collection::vec(prop::collection::vec(1u32..4, 0..3), 1..6),
                                      cols in prop::collection::vec(prop::collection::vec(1u32..4, 0..3), 1..6)) {
        // Clues that cannot fit are the constructor's to reject; only valid puzzles are written.
        let Ok(nonogram) = gridlogic::nonogram::Nonogram::new(rows, cols) else { return Ok(()) };
        let p = Puzzle::Nonogram(nonogram);
        let text = format::write(&p, Format::Canonical).unwrap();
        prop_assert!(same(&format::parse(&text, None).unwrap(), &p));
        check_round_trips(&p, &text);
    }
}

/// The puzz.link URLs quoted in the corpus's Kakuro README (from pzprjs and cspuz tests):
/// each reads, writes back to a URL of the same puzzle, and the one quoted with its answer
/// has its sums where the answer's runs are.
#[test]
fn puzzlink_urls_quoted_in_the_corpus_readme() {
    let Some(readme) = corpus("kakuro", "README.md") else { return };
    let readme = std::fs::read_to_string(readme).unwrap();
    let quoted: Vec<&str> = readme.split('`').collect();
    let urls: Vec<&str> = quoted
        .iter()
        .copied()
        .filter(|q| q.split_once("kakuro/").is_some_and(|(_, rest)| rest.starts_with(|c: char| c.is_ascii_digit())))
        .collect();
    assert!(urls.len() >= 2, "expected the two quoted URLs, found {urls:?}");
    let is_answer = |q: &&str| q.contains(" / ") && q.split(" / ").all(|row| row.bytes().all(|b| b.is_ascii_digit()));
    let answer: Vec<Vec<u32>> = quoted
        .iter()
        .find(|q| is_answer(q))
        .expect("the answer of the first URL")
        .split(" / ")
        .map(|row| row.bytes().map(|b| u32::from(b - b'0')).collect())
        .collect();
    for url in &urls {
        let puzzle = format::parse(url, None).unwrap_or_else(|e| panic!("{url}: {e}"));
        let text = format::write(&puzzle, Format::Puzzlink).unwrap();
        assert!(same(&format::parse(&text, None).unwrap(), &puzzle), "{url} -> {text}");
    }
    let Puzzle::Kakuro(kakuro) = format::parse(urls[0], Some(Format::Puzzlink)).unwrap() else {
        panic!("not a Kakuro")
    };
    let grid = kakuro.cells();
    assert_eq!((grid.len(), grid[0].len()), (answer.len(), answer[0].len()));
    let run_sum = |r: usize, c: usize, dr: usize, dc: usize| {
        let (mut r, mut c, mut sum) = (r + dr, c + dc, 0);
        while r < grid.len() && c < grid[0].len() && answer[r][c] > 0 {
            sum += answer[r][c];
            (r, c) = (r + dr, c + dc);
        }
        sum
    };
    for (r, row) in grid.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            match *cell {
                Cell::White(_) => assert!(answer[r][c] > 0, "white cell [{r}][{c}] has no answer digit"),
                Cell::Block { down, across } => {
                    assert_eq!(answer[r][c], 0, "block [{r}][{c}] has an answer digit");
                    assert_eq!(down.unwrap_or(0), run_sum(r, c, 1, 0), "down sum at [{r}][{c}]");
                    assert_eq!(across.unwrap_or(0), run_sum(r, c, 0, 1), "across sum at [{r}][{c}]");
                }
            }
        }
    }
}

/// Long one-line texts (a generated nonogram, a whole XML file on one line) read in linear
/// time: counting columns from the line start for every token would take minutes here.
#[test]
fn long_lines_read_quickly() {
    let clue = vec!["1"; 300].join(".");
    let id = format!("4000x4000:{}", vec![clue.as_str(); 8000].join("/"));
    let start = std::time::Instant::now();
    let puzzle = format::parse(&id, None).unwrap();
    assert_eq!(format::write(&puzzle, Format::Tatham).unwrap(), id);
    let xml = format::write(&puzzle, Format::WebpbnXml).unwrap().replace('\n', "");
    assert!(same(&format::parse(&xml, None).unwrap(), &puzzle));
    let noise = "1 ".repeat(300_000);
    assert!(format::parse(&noise, None).is_err());
    assert!(start.elapsed().as_secs() < 60, "took {:?}", start.elapsed());
}
