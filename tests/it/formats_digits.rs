//! The text formats of the digit genres — Kakuro (janko.at, puzz.link, PROP `.kak`,
//! MarcelGarus's `.kakuro`), Str8ts (str8ts.com, jamesaustin, janko.at, the character grid,
//! m-ringler, Buchmann, osmith93) and Sudoku (one line, grid, puzz.link) and their canonical
//! texts — on small texts written by hand, through the public [`format`] API: the cells each
//! reads, where it says a malformed text goes wrong, and the text it writes. They are here, not
//! in the format files, because reading and writing these texts is what a user of the library
//! meets; the corpus tests stay in `formats.rs`.

use crate::common::{at, place};
use gridlogic::format::{self, Format};
use gridlogic::kakuro::{Cell, Kakuro};
use gridlogic::str8ts::Str8ts;
use gridlogic::sudoku::{Cage, Sudoku};
use gridlogic::Puzzle;

/// The one puzzle of `text`, in `format` or, when `None`, in the format detected.
fn read(text: &str, format: Option<Format>) -> Puzzle {
    format::parse(text, format).unwrap_or_else(|e| panic!("{format:?}: {e}\n{text}"))
}

/// `p` (of any genre) written in `format`.
fn write<P: Clone + Into<Puzzle>>(p: &P, format: Format) -> Result<String, gridlogic::Error> {
    format::write(&p.clone().into(), format)
}

/// `p` written in each of `formats` reads back, in that format, as `p`: the same canonical
/// text, which every genre writes exactly (see `formats.rs`).
fn assert_round_trips<P: Clone + Into<Puzzle>>(p: &P, formats: &[Format]) {
    let canonical = write(p, Format::Canonical).unwrap();
    for &f in formats {
        let text = write(p, f).unwrap_or_else(|e| panic!("{f:?}: {e}"));
        assert_eq!(write(&read(&text, Some(f)), Format::Canonical).unwrap(), canonical, "{f:?}: {text}");
    }
}

#[test]
fn canonical_errors_count_columns_from_the_line_start() {
    // `kakuro:` and `str8ts:` (7 characters) included.
    let f = Format::Canonical;
    assert_eq!(place("kakuro:-,4-/-3,x", f), at(1, 16));
    assert_eq!(place("kakuro:-,4-/-3,_,_", f), at(1, 18));
    assert_eq!(place("kakuro:-,4-x", f), at(1, 12));
    assert_eq!(place("str8ts:-1.3/..-./4.a./.2.#", f), at(1, 26));
    assert_eq!(place("str8ts:-1.3/..-./4.a./.2.", f), at(1, 23));
    assert_eq!(place("str8ts:-1.3/..-./4.a.", f), at(1, 8));
}

/// The one Kakuro of `text` in `format`.
fn kakuro(text: &str, format: Format) -> Kakuro {
    let Puzzle::Kakuro(p) = read(text, Some(format)) else { panic!("{format:?}: not a Kakuro\n{text}") };
    p
}

/// A block cell with these sums.
fn block(down: Option<u32>, across: Option<u32>) -> Cell {
    Cell::Block { down, across }
}

/// The 3×3 Kakuro of the canonical text's example, with a given 1.
fn kakuro_sample() -> Kakuro {
    let w = Cell::White(None);
    Kakuro::new(vec![
        vec![block(None, None), block(Some(4), None), block(Some(3), None)],
        vec![block(None, Some(3)), Cell::White(Some(1)), w],
        vec![block(None, Some(4)), w, w],
    ])
    .unwrap()
}

#[test]
fn every_kakuro_format_round_trips_a_small_puzzle() {
    let p = kakuro_sample();
    let text = write(&p, Format::Canonical).unwrap();
    assert_eq!(text, "kakuro:-,4-,3-/-3,1,_/-4,_,_");
    assert_eq!(kakuro(&text, Format::Canonical).cells(), p.cells());
    assert_round_trips(&p, &[Format::Janko, Format::Prop]);
    let no_given: Vec<Vec<Cell>> = p
        .cells()
        .iter()
        .map(|r| r.iter().map(|&c| if matches!(c, Cell::White(_)) { Cell::White(None) } else { c }).collect())
        .collect();
    let formats = [Format::Puzzlink, Format::MarcelGarus];
    assert_round_trips(&Kakuro::new(no_given).unwrap(), &formats);
    for f in formats {
        assert!(write(&p, f).unwrap_err().message.contains("given"), "{f:?}");
    }
}

#[test]
fn kakuro_janko_reads_all_tokens() {
    let g = kakuro("2 3\n- 4, ,\n,3 0 7\n", Format::Janko);
    let g = g.cells();
    assert_eq!(g[0][1], block(Some(4), None));
    assert_eq!(g[0][2], block(None, None));
    assert_eq!(g[1][0], block(None, Some(3)));
    assert_eq!(g[1][1..], [Cell::White(None), Cell::White(Some(7))]);
}

#[test]
fn kakuro_janko_errors_name_the_place() {
    // A janko.at text is a Kakuro when it has a comma (a clue cell), else a Str8ts.
    let f = Format::Janko;
    assert_eq!(place("2 2\n- 4,\n,3 x\n", f), at(3, 4));
    assert_eq!(place("2 2\n- 4,\n,3 0 0\n", f), at(3, 6));
    assert_eq!(place("2 2\n- 4,\n", f), at(2, 5));
    assert_eq!(place("2 2\n- 4,\n,3 0\n0\n", f), at(4, 1));
    assert_eq!(place("2 1000\n- 4,\n", f), at(1, 3));
    assert_eq!(place("2 2\n- 4,99999999999\n,3 0\n", f), at(2, 5));
}

#[test]
fn kakuro_marcelgarus_reads_walls_and_cells() {
    let p = kakuro("# c\n\\   4\\ 3\\\n\\3  ___ _\n\n  \\4 _  ___\n", Format::MarcelGarus);
    let g = p.cells();
    assert_eq!(g[0][1], block(Some(4), None));
    assert_eq!(g[1][0], block(None, Some(3)));
    assert_eq!(g[2][1..], [Cell::White(None), Cell::White(None)]);
    assert_eq!(write(&p, Format::MarcelGarus).unwrap(), "\\   4\\  3\\\n\\3  ___ ___\n\\4  ___ ___\n");
}

#[test]
fn kakuro_marcelgarus_errors_name_the_place() {
    let f = Format::MarcelGarus;
    assert_eq!(place("\\ 4\\\n\\3 _x\n", f), at(2, 4));
    assert_eq!(place("\\ 4\\\n\\3 _ _\n", f), at(2, 6));
    assert_eq!(place("\\ 4\\\n\\3\n", f), at(2, 1));
    assert_eq!(place("\\ 4\\y\n", f), at(1, 5));
}

#[test]
fn kakuro_prop_reads_all_tokens() {
    // Blanks and CRLF line ends around the tokens, a trailing comma, every kind of cell.
    let p = kakuro("3,4 \r\n*,*,C4,C3, \r\n*,C4F3,?,? \r\nF7,?,?,7", Format::Prop);
    let g = p.cells();
    assert_eq!(g[0][..3], [block(None, None), block(None, None), block(Some(4), None)]);
    assert_eq!(g[1][1], block(Some(4), Some(3)));
    assert_eq!(g[2][0], block(None, Some(7)));
    assert_eq!(g[2][1..], [Cell::White(None), Cell::White(None), Cell::White(Some(7))]);
}

#[test]
fn kakuro_prop_errors_name_the_place() {
    let f = Format::Prop;
    assert_eq!(place("2,2\n*,C4\nF3,#\n", f), at(3, 4));
    assert_eq!(place("2,2\n*,C4\nF3,?,?\n", f), at(3, 6));
    assert_eq!(place("2,2\n*,CxF3\nF3,?\n", f), at(2, 4));
    assert_eq!(place("2,2\n*,C4F\nF3,?\n", f), at(2, 6));
    assert_eq!(place("2,2\n*,C4\n", f), at(2, 5));
    assert_eq!(place("301,2\n", f), at(1, 1));
}

#[test]
fn kakuro_puzzlink_reads_the_border_sums_after_the_cells() {
    // A 3x3 grid with its 2x2 inside all white: row sums 3 and 4, column sums 4 and 3.
    let small = "https://puzz.link/p?kakuro/2/2/n4334";
    let p = kakuro(small, Format::Puzzlink);
    let g = p.cells();
    assert_eq!(g[0][1], block(Some(4), None));
    assert_eq!(g[0][2], block(Some(3), None));
    assert_eq!(g[1][0], block(None, Some(3)));
    assert_eq!(g[2][0], block(None, Some(4)));
    assert_eq!(g[1][1], Cell::White(None));
    assert_eq!(write(&p, Format::Puzzlink).unwrap(), small);
}

#[test]
fn kakuro_puzzlink_inner_clue_cells_are_two_characters() {
    // 4x4 inside: three white cells and a block without sums (`m.`), a clue cell with down 3
    // and across 7 (`37`), eleven white cells (`u`); then the down sums above the three
    // columns that start white (5, D = 23, E = 24) and the across sums left of the three rows
    // that start white (a = 10, f = 15, F = 25).
    let text = "kakuro/4/4/m.37u5DEafF";
    let p = kakuro(text, Format::Puzzlink);
    let g = p.cells();
    assert_eq!(g[1][4], block(None, None));
    assert_eq!(g[2][1], block(Some(3), Some(7)));
    assert_eq!(g[0][1..], [block(Some(5), None), block(Some(23), None), block(Some(24), None), block(None, None)]);
    assert_eq!(
        [g[1][0], g[2][0], g[3][0], g[4][0]],
        [block(None, Some(10)), block(None, None), block(None, Some(15)), block(None, Some(25))]
    );
    assert_eq!(write(&p, Format::Puzzlink).unwrap(), format!("https://puzz.link/p?{text}"));
}

#[test]
fn kakuro_puzzlink_errors_name_the_place() {
    let f = Format::Puzzlink;
    assert_eq!(place("kakuro/2/2/n433", f), at(1, 16));
    assert_eq!(place("kakuro/2/2/n43345", f), at(1, 17));
    assert_eq!(place("kakuro/2/2/p", f), at(1, 12));
    assert_eq!(place("kakuro/2/2/!", f), at(1, 12));
    assert_eq!(place("kakuro/2/999999/n", f), at(1, 10));
    assert_eq!(place("x/kakuro/2/2", f), at(1, 1));
}

/// The one Str8ts of `text` in `format`.
fn str8ts(text: &str, format: Format) -> Str8ts {
    let Puzzle::Str8ts(p) = read(text, Some(format)) else { panic!("{format:?}: not a Str8ts\n{text}") };
    p
}

/// Row `r` of `p` as (black, digit) per cell.
fn squares(p: &Str8ts, r: usize) -> Vec<(bool, u32)> {
    (0..p.size()).map(|c| (p.is_black(r, c), p.given(r, c))).collect()
}

/// The 4×4 Str8ts of the canonical text's example.
fn str8ts_sample() -> Str8ts {
    let grid = vec![vec![0, 1, 0, 3], vec![0, 0, 0, 0], vec![4, 0, 1, 0], vec![0, 2, 0, 4]];
    let black = vec![
        vec![true, false, false, false],
        vec![false, false, true, false],
        vec![false, false, true, false],
        vec![false, false, false, false],
    ];
    Str8ts::new(grid, black).unwrap()
}

/// `p` and `q` have the same digits and colours.
fn same_str8ts(p: &Str8ts, q: &Str8ts) -> bool {
    (p.grid(), p.black()) == (q.grid(), q.black())
}

#[test]
fn every_str8ts_format_round_trips_a_small_puzzle() {
    let p = str8ts_sample();
    let text = write(&p, Format::Canonical).unwrap();
    assert_eq!(text, "str8ts:-1.3/..-./4.a./.2.4");
    assert!(same_str8ts(&str8ts(&text, Format::Canonical), &p));
    let formats = [Format::Janko, Format::Ringler, Format::CharGrid, Format::Buchmann, Format::Osmith];
    assert_round_trips(&p, &formats);
    for f in [Format::Str8tsCom, Format::JamesAustin] {
        assert!(write(&p, f).is_err(), "{f:?} holds only 9x9");
    }
}

#[test]
fn str8ts_digits_above_nine_round_trip_where_a_format_has_them() {
    let mut grid = vec![vec![0; 12]; 12];
    let mut black = vec![vec![false; 12]; 12];
    grid[0][0] = 12;
    (grid[1][1], black[1][1]) = (10, true);
    let p = Str8ts::new(grid, black).unwrap();
    let text = write(&p, Format::Canonical).unwrap();
    assert!(text.starts_with("str8ts:L.........../.j"), "{text}");
    assert!(same_str8ts(&str8ts(&text, Format::Canonical), &p));
    assert_round_trips(&p, &[Format::Janko, Format::Ringler]);
    for f in [Format::CharGrid, Format::Buchmann, Format::Osmith] {
        assert!(write(&p, f).is_err(), "{f:?} holds digits up to 9 only");
    }
}

#[test]
fn str8ts_janko_reads_all_tokens() {
    // A 10×10 grid, so that a given 10 fits.
    let mut rows: Vec<String> = vec![["-"; 10].join(" "); 10];
    rows[0] = "x - 1x 3 - - - - - -".to_string();
    rows[9] = "- - - - - - - - - 10".to_string();
    let p = str8ts(&format!("10 10\n{}\n", rows.join("\n")), Format::Janko);
    assert_eq!(squares(&p, 0)[..4], [(true, 0), (false, 0), (true, 1), (false, 3)]);
    assert_eq!(p.given(9, 9), 10);
}

#[test]
fn str8ts_janko_errors_name_the_place() {
    let f = Format::Janko;
    assert_eq!(place("4 4\nx - 1y 3\n- - - -\n- - - -\n- - - -\n", f), at(2, 5));
    assert_eq!(place("4 5\n", f), at(1, 1));
    assert_eq!(place("20 20\n", f), at(1, 1));
    assert_eq!(place("4 4\nx - - -\n- - -\n", f), at(3, 6));
}

#[test]
fn str8ts_buchmann_reads_integers_on_any_lines() {
    let p = str8ts("10 -3 0 4\n0 0 0 0 0 0 0 0\n0 0 0 0", Format::Buchmann);
    assert_eq!(squares(&p, 0), [(true, 0), (true, 3), (false, 0), (false, 4)]);
    assert_eq!(p.size(), 4);
}

#[test]
fn str8ts_buchmann_errors_name_the_place() {
    let f = Format::Buchmann;
    assert_eq!(place("10 -32 0 4 0 0 0 0 0 0 0 0 0 0 0 0", f), at(1, 4));
    assert_eq!(place("10 -0 0 4 0 0 0 0 0 0 0 0 0 0 0 0", f), at(1, 4));
    assert_eq!(place("10 x 0 4 0 0 0 0 0 0 0 0 0 0 0 0", f), at(1, 4));
    assert_eq!(place("10 0 0\n0 0", f), at(2, 4));
}

#[test]
fn str8ts_chargrid_reads_the_first_block() {
    // A 9×9 grid, so that `i` (a black 9) fits; a note follows a blank line.
    let grid = format!("#a.......\n..1......\n{}........i\n", ".........\n".repeat(6));
    let p = str8ts(&format!("\n{grid}\nFrom a newspaper\n"), Format::CharGrid);
    assert_eq!(squares(&p, 0)[..2], [(true, 0), (true, 1)]);
    assert_eq!(squares(&p, 1)[2], (false, 1));
    assert_eq!(squares(&p, 8)[8], (true, 9));
    assert_eq!(write(&p, Format::CharGrid).unwrap(), grid);
}

#[test]
fn str8ts_chargrid_errors_name_the_place() {
    let f = Format::CharGrid;
    assert_eq!(place("#a..\n.1x.\n....\n....\n", f), at(2, 3));
    assert_eq!(place("#a..\n.1...\n....\n....\n", f), at(2, 5));
    assert_eq!(place("#a..\n.1.\n....\n....\n", f), at(2, 4));
    assert_eq!(place("#a.\n.1.\n...\n", f), at(1, 1));
}

/// A 9×9 str8ts.com board: a 5 in the top left corner, the bottom right cell black.
fn board() -> String {
    let mut digits = "0".repeat(81);
    digits.replace_range(0..1, "5");
    let mut flags = "0".repeat(81);
    flags.replace_range(80..81, "1");
    digits + &flags
}

#[test]
fn str8ts_boards_read_in_both_lengths_and_with_names() {
    let with_solution = format!("{}{}{}", &board()[..81], "1".repeat(81), &board()[81..]);
    let text = format!("{}\nhttps://example.org/?x=1&bd={with_solution}&y=2\n", board());
    let p = format::parse_all(&text, Some(Format::Str8tsCom)).unwrap();
    assert_eq!(p.len(), 2);
    let Puzzle::Str8ts(linked) = &p[1] else { panic!("not a Str8ts") };
    assert_eq!(linked.given(0, 0), 5);
    assert!(linked.is_black(8, 8) && !linked.is_black(0, 0));
    let named = str8ts(&format!("# list\nfirst:{}\n", board()), Format::JamesAustin);
    assert!(same_str8ts(&named, linked));
    assert_eq!(write(&named, Format::Str8tsCom).unwrap(), board());
}

#[test]
fn str8ts_named_boards_errors_name_the_place() {
    let f = Format::JamesAustin;
    assert_eq!(place(&format!("x:{}", &board()[1..]), f), at(1, 3));
    assert_eq!(place(&format!("x:{}", board().replacen('0', "z", 1)), f), at(1, 4));
    assert_eq!(place(&format!("x:{}2", &board()[..161]), f), at(1, 164));
    assert_eq!(place(&board(), f), at(1, 1));
}

#[test]
fn str8ts_osmith_reads_colours_then_digits() {
    // A 9×9 grid, so that the digits 5 and 9 fit.
    let middle = ".........\n".repeat(7);
    let text = format!("x........\n{middle}........x\n\n5........\n{middle}........9\n\n\n");
    let p = str8ts(&text, Format::Osmith);
    assert_eq!(squares(&p, 0)[0], (true, 5));
    assert_eq!(squares(&p, 8)[8], (true, 9));
    assert_eq!(squares(&p, 1)[1], (false, 0));
}

#[test]
fn str8ts_osmith_errors_name_the_place() {
    let f = Format::Osmith;
    assert_eq!(place("x...\n....\n....\n...x\n\n5...\n..0.\n....\n...9\n", f), at(7, 3));
    assert_eq!(place("x...\n....\n....\n...x\n\n5...\n....\n", f), at(6, 1));
    assert_eq!(place("x...\n....\n....\n...x\n", f), at(4, 5));
    assert_eq!(place("x...\n....\n....\n..x\n\n5...\n....\n....\n...9\n", f), at(4, 1));
}

#[test]
fn str8ts_ringler_reads_bom_comments_and_cells() {
    // A 12×12 grid, so that a black 12 fits.
    let rest = format!("{}_\n", "_,".repeat(11)).repeat(11);
    let text = format!("\u{feff}# made by hand\n12\nb,w1,_,b12,_,_,_,_,_,_,_,_\n{rest}");
    let p = str8ts(&text, Format::Ringler);
    assert_eq!(squares(&p, 0)[..4], [(true, 0), (false, 1), (false, 0), (true, 12)]);
}

#[test]
fn str8ts_ringler_errors_name_the_place() {
    let f = Format::Ringler;
    let rest = "_,_,_,_\n".repeat(3);
    assert_eq!(place(&format!("\u{feff}4\nb,w,_,_\n{rest}"), f), at(2, 3));
    assert_eq!(place(&format!("4\nb, wx,_,_\n{rest}"), f), at(2, 5));
    assert_eq!(place("\u{feff}x\n", f), at(1, 2));
    assert_eq!(place("3\n", f), at(1, 1));
    assert_eq!(place("4\n_,_,_,_\n_,_,_,_\n_,_,_,_\n_,_,_,_\n_\n", f), at(6, 1));
}

/// The one Sudoku of `text`, in `format` or the format detected.
fn sudoku(text: &str, format: Option<Format>) -> Sudoku {
    let Puzzle::Sudoku(p) = read(text, format) else { panic!("{format:?}: not a Sudoku\n{text}") };
    p
}

const LINE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn sudoku_the_one_line_form_reads_and_writes() {
    let p = sudoku(LINE, None);
    assert_eq!((p.size(), p.given(0, 0), p.given(0, 6), p.given(8, 2)), (9, 4, 8, 4));
    assert_eq!(write(&p, Format::SudokuLine).unwrap().trim_end(), LINE);
    let zeros = LINE.replace('.', "0");
    assert_eq!(sudoku(&zeros, None).grid(), p.grid());
    let two = format!("# two\n{LINE}\n{zeros} 3.2\n");
    assert_eq!(format::parse_all(&two, None).unwrap().len(), 2);
    let e = format::parse(&LINE.replace('4', "x"), Some(Format::SudokuLine)).unwrap_err();
    assert_eq!(e.to_string(), "line 1, column 1: unexpected character 'x' in a Sudoku");
    let e = format::parse(&LINE[..80], Some(Format::SudokuLine)).unwrap_err();
    assert!(e.to_string().ends_with("this one 80"), "{e}");
}

#[test]
fn sudoku_a_grid_of_digits_reads_with_or_without_spaces() {
    let rows: Vec<&str> = (0..9).map(|r| &LINE[r * 9..r * 9 + 9]).collect();
    let plain = rows.join("\n");
    assert_eq!(sudoku(&plain, None).grid(), sudoku(LINE, None).grid());
    let spaced: Vec<String> =
        rows.iter().map(|r| r.chars().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")).collect();
    let boxed = format!(
        "{}\n------+------+------\n{}",
        spaced[..3].join("\n").replace(". 8 .", ". | 8 ."),
        spaced[3..].join("\n")
    );
    assert_eq!(sudoku(&boxed, Some(Format::SudokuGrid)).grid(), sudoku(LINE, None).grid());
    let p = sudoku(LINE, None);
    let written = write(&p, Format::SudokuGrid).unwrap();
    assert_eq!(sudoku(&written, None).grid(), p.grid());
    let sixteen = "10 . . . . . . . . . . . . . . 16\n".to_string() + &". . . . . . . . . . . . . . . .\n".repeat(15);
    let big = sudoku(&sixteen, Some(Format::SudokuGrid));
    assert_eq!((big.size(), big.given(0, 0), big.given(0, 15)), (16, 10, 16));
}

#[test]
fn sudoku_the_canonical_text_holds_boxes_and_cages() {
    for text in [
        "sudoku:1.../..../..../...4",
        "sudoku:3x2:1...../....../....../....../....../.....6",
        "sudoku:1.../..../..../....:3.11.12/7.13.14.24",
    ] {
        assert_eq!(write(&sudoku(text, None), Format::Canonical).unwrap(), text);
    }
    let killer = sudoku("sudoku:..../..../..../....:3.11.12", None);
    assert_eq!(killer.cages(), &[Cage { sum: 3, cells: vec![(0, 0), (0, 1)] }]);
    let e = format::parse("sudoku:..../..../..../....:3.11.15", Some(Format::Canonical)).unwrap_err();
    assert_eq!(e.to_string(), "cages[0].cells[1]: [0, 4] is outside the 4×4 grid");
    let e = format::parse("sudoku:..../..../..../....:3.1", Some(Format::Canonical)).unwrap_err();
    assert!(e.to_string().starts_with("line 1, column 30: expected a cage cell"), "{e}");
    let e = format::parse("sudoku:2x3:..../..../..../....", Some(Format::Canonical)).unwrap_err();
    assert_eq!(e.to_string(), "box: 2×3 boxes do not tile a 4×4 grid (rows × columns must be 4)");
    let big = "sudoku:".to_string() + &["P..............."; 16].join("/");
    assert!(format::parse(&big, None).is_err(), "16 repeats in column 1");
    let mut rows = ["................"; 16];
    rows[0] = "P...............";
    let text = "sudoku:".to_string() + &rows.join("/");
    let p = sudoku(&text, None);
    assert_eq!(p.given(0, 0), 16);
    assert_eq!(write(&p, Format::Canonical).unwrap(), text);
}

#[test]
fn sudoku_formats_without_cages_refuse_a_killer() {
    let killer = sudoku("sudoku:..../..../..../....:3.11.12", None);
    assert_eq!(
        write(&killer, Format::SudokuLine).unwrap_err().to_string(),
        "puzzle: the one-line format cannot hold this puzzle: it has cages, which only the canonical text holds"
    );
}

#[test]
fn sudoku_a_puzzlink_url_reads_and_writes_back() {
    let p = sudoku("https://puzz.link/p?sudoku/4/4/1j2j3j4", Some(Format::Puzzlink));
    assert_eq!(p.grid(), vec![vec![1, 0, 0, 0], vec![0, 2, 0, 0], vec![0, 0, 3, 0], vec![0, 0, 0, 4]]);
    assert_eq!(write(&p, Format::Puzzlink).unwrap(), "https://puzz.link/p?sudoku/4/4/1j2j3j4\n");
    let mut grid = vec![vec![0; 16]; 16];
    grid[0][0] = 16;
    grid[15][15] = 15;
    let big = Sudoku::new(grid, None, Vec::new()).unwrap();
    let url = write(&big, Format::Puzzlink).unwrap();
    assert_eq!(sudoku(&url, Some(Format::Puzzlink)).grid(), big.grid());
    assert!(url.contains("/-10z"), "{url}");
    let e = format::parse("https://puzz.link/p?sudoku/8/8/", Some(Format::Puzzlink)).unwrap_err();
    assert!(e.to_string().contains("4×4, 6×6, 9×9 or 16×16"), "{e}");
    let e = format::parse("https://puzz.link/p?sudoku/4/4/z", Some(Format::Puzzlink)).unwrap_err();
    assert!(e.to_string().contains("past the last cell"), "{e}");
}
