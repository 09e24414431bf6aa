//! The nonogram text formats (`.non`, `.nin`, webpbn XML, Tatham's game ID, the tournament
//! sets, nonogrid TOML, picross-solver's `GRID` text, Olšák's `.g`, the colour canonical text)
//! on small texts written by hand, through the public [`format`] API: what each reads from a
//! text, where it says a malformed text goes wrong (line, column and message), the colours it
//! reads and writes, and the text it writes. They are here, not in the format files, because
//! reading and writing these texts is what a user of the library meets; the corpus tests stay
//! in `formats.rs`.

use crate::common::{at, error, place};
use gridlogic::format::{self, Format};
use gridlogic::nonogram::{Block, ColorNonogram, Nonogram};
use gridlogic::{Place, Puzzle};

/// The one black-and-white nonogram of `text` in `format`.
fn nonogram(text: &str, format: Format) -> Nonogram {
    match format::parse(text, Some(format)) {
        Ok(Puzzle::Nonogram(p)) => p,
        other => panic!("{format:?} did not read one black-and-white nonogram: {other:?}\n{text}"),
    }
}

/// Every black-and-white nonogram of `text` in `format`.
fn nonograms(text: &str, format: Format) -> Vec<Nonogram> {
    let puzzles = format::parse_all(text, Some(format)).unwrap_or_else(|e| panic!("{format:?}: {e}\n{text}"));
    puzzles
        .into_iter()
        .map(|p| match p {
            Puzzle::Nonogram(p) => p,
            other => panic!("{format:?}: a {} among the nonograms", other.genre()),
        })
        .collect()
}

/// The one colour nonogram of `text` in `format`.
fn color(text: &str, format: Format) -> ColorNonogram {
    match format::parse(text, Some(format)) {
        Ok(Puzzle::ColorNonogram(p)) => p,
        other => panic!("{format:?} did not read one colour nonogram: {other:?}\n{text}"),
    }
}

/// `p` written in `format` reads back as `p`; the text written.
fn round_trip(p: &ColorNonogram, format: Format) -> String {
    let text = format::write(&Puzzle::ColorNonogram(p.clone()), format).unwrap();
    assert_eq!(&color(&text, format), p, "{format:?}: {text}");
    text
}

/// One block of `len` cells in colour `color`.
fn block(len: u32, color: u8) -> Block {
    Block { len, color }
}

#[test]
fn every_format_round_trips_a_small_puzzle() {
    let p = Nonogram::new(vec![vec![1, 1], vec![], vec![3]], vec![vec![1, 1], vec![1], vec![2]]).unwrap();
    let puzzle = Puzzle::Nonogram(p.clone());
    for f in [
        Format::Non,
        Format::Nin,
        Format::WebpbnXml,
        Format::Tatham,
        Format::NonogridToml,
        Format::PicrossSolver,
        Format::OlsakG,
    ] {
        let text = format::write(&puzzle, f).unwrap();
        let back = nonogram(&text, f);
        assert_eq!((back.rows(), back.cols()), (p.rows(), p.cols()), "{f:?}: {text}");
    }
    assert!(format::write(&puzzle, Format::Tournament).unwrap_err().message.contains("25x25"));
}

#[test]
fn nin_reads_rows_then_columns() {
    let p = nonogram("# comment\n2 1\n\n1\n1\n0\n", Format::Nin);
    assert_eq!(p.rows(), &[vec![1]]);
    assert_eq!(p.cols(), &[vec![1], vec![]]);
}

#[test]
fn nin_counts_and_numbers_are_checked() {
    assert_eq!(place("2 1\n1\n1\n", Format::Nin), at(3, 2));
    assert_eq!(place("2 1\n1\n1\n1\n1\n", Format::Nin), at(5, 1));
    assert_eq!(place("1 1\n1 z\n1\n", Format::Nin), at(2, 3));
    assert!(error("5000 1\n", Format::Nin).message.contains("outside"));
    assert!(format::parse("", Some(Format::Nin)).is_err());
}

#[test]
fn non_reads_keys_in_any_order_and_ignores_metadata() {
    let text = "title \"T\"\r\nheight 2\r\nwidth 3\r\nlicense CC0\r\ncolumns\r\n1\r\n\r\n1\r\nrows\r\n1,1\r\n0\r\ngoal \"101000\"\r\n";
    let p = nonogram(text, Format::Non);
    assert_eq!(p.rows(), &[vec![1, 1], vec![]]);
    assert_eq!(p.cols(), &[vec![1], vec![], vec![1]]);
}

#[test]
fn non_bundles_hold_several_puzzles() {
    let text = "width 1\nheight 1\nrows\n1\ncolumns\n1\n====\nwidth 2\nheight 1\nrows\n2\ncolumns\n1\n1\n";
    let p = nonograms(text, Format::Non);
    assert_eq!(p.len(), 2);
    assert_eq!(p[1].rows(), [vec![2]]);
}

#[test]
fn non_errors_name_the_place() {
    assert_eq!(place("width 2\nheight 1\nrows\n1,x\ncolumns\n1\n1\n", Format::Non), at(4, 3));
    let e = error("width 2\nrows\n1\n", Format::Non);
    assert_eq!((e.place, e.message.as_str()), (at(2, 1), "rows comes before height"));
    assert_eq!(place("width 2\nheight 1000000000\n", Format::Non), at(2, 8));
    assert_eq!(place("width 2\nheight 3\nrows\n1\n", Format::Non), at(4, 2));
    assert_eq!(error("width 1\nheight 1\nrows\n1\n", Format::Non).message, "no columns key in the puzzle");
    let e = error("color a #12345\nwidth 1\nheight 1\nrows\n1a\ncolumns\n1a\n", Format::Non);
    assert_eq!((e.place, e.message.as_str()), (at(1, 9), "\"#12345\" is not a colour"));
}

#[test]
fn non_colour_letters_make_a_colour_puzzle() {
    let text = "color a #ff0000\ncolor b rgb(0, 0, 255)\nwidth 2\nheight 1\nrows\n1a,1b\ncolumns\n1a\n1b\n";
    let p = color(text, Format::Non);
    assert_eq!(p.colors(), ["#ff0000", "rgb(0, 0, 255)"]);
    assert_eq!(p.rows()[0].len(), 2);
    round_trip(&p, Format::Non);
    // Letters without keys get colours of their own.
    let p = color("width 2\nheight 1\nrows\n1a,1b\ncolumns\n1a\n1b\n", Format::Non);
    assert_eq!(p.colors().len(), 2);
}

#[test]
fn one_colour_is_black_and_white() {
    nonogram("color x #123456\nwidth 1\nheight 1\nrows\n1x\ncolumns\n1x\n", Format::Non);
}

/// A webpbn XML puzzle: `head` inside `<puzzle …>` and before the clues, then these columns
/// and rows of `<count>` elements.
fn xml(head: &str, cols: &str, rows: &str) -> String {
    format!("<puzzleset><puzzle {head}<clues type=\"columns\">{cols}</clues><clues type=\"rows\">{rows}</clues></puzzle></puzzleset>")
}

#[test]
fn two_colours_make_a_colour_puzzle_beside_the_background() {
    // The background is defined and named, but not a colour of the puzzle; a colour name no
    // element defines but CSS knows (`blue`) is that colour.
    let head = "backgroundcolor=\"white\"><color name=\"white\">ffffff</color><color name=\"r\">#ff0000</color>";
    let cols = "<line><count color=\"r\">1</count></line><line><count color=\"blue\">1</count></line>";
    let rows = "<line><count color=\"r\">1</count><count color=\"blue\">1</count></line>";
    let p = color(&xml(head, cols, rows), Format::WebpbnXml);
    assert_eq!(p.colors(), ["#ff0000", "blue"]);
    assert_eq!(p.background(), Some("#ffffff"));
    assert_eq!(p.rows()[0], [block(1, 1), block(1, 2)]);
    let rows = "<line><count color=\"w\">1</count><count color=\"b\">1</count></line>";
    let e = error(&xml("backgroundcolor=\"w\">", "<line></line><line></line>", rows), Format::WebpbnXml);
    assert_eq!(e.message, "clues use the background colour \"w\"");
}

#[test]
fn colour_values_read_as_css_and_write_as_hex_digits() {
    // Hex digits with or without `#`, three or six of them, and CSS names.
    let head = "><color name=\"r\">FF0000</color><color name=\"g\">#abc</color><color name=\"x\">red</color>";
    let count = |c: &str| format!("<line><count color=\"{c}\">1</count></line>");
    let lines = count("r") + &count("g") + &count("x");
    let p = color(&xml(head, &lines, &lines), Format::WebpbnXml);
    assert_eq!(p.colors(), ["#FF0000", "#abc", "red"]);
    let written = round_trip(&p, Format::WebpbnXml);
    for value in [">FF0000</color>", ">abc</color>", ">red</color>"] {
        assert!(written.contains(value), "{value} in\n{written}");
    }
    let toml = round_trip(&p, Format::NonogridToml);
    assert!(toml.contains("'a = (FF0000) a'") && toml.contains("'c = (red) c'"), "{toml}");
    let e = error("color a nonsense\nwidth 1\nheight 1\nrows\n1a\ncolumns\n1a\n", Format::Non);
    assert_eq!(e.message, "\"nonsense\" is not a colour");
}

#[test]
fn colours_past_the_alphabet_are_capital_letters() {
    // 32 colours, one cell each: colours 1, 26, 27 and 32 are `a`, `z`, `A` and `F`.
    let colors: Vec<String> = (0..32).map(|i| format!("#{:06x}", i * 0x070301)).collect();
    let row: Vec<u8> = (1..=32).collect();
    let p = ColorNonogram::from_solution(colors, None, &[row]).unwrap();
    let id = format::write(&Puzzle::ColorNonogram(p.clone()), Format::Canonical).unwrap();
    let clues = id.rsplit(':').next().unwrap();
    let letters: Vec<&str> = clues.split('/').collect();
    assert_eq!((letters[0], letters[25], letters[26], letters[31]), ("1a", "1z", "1A", "1F"), "{id}");
    assert_eq!(letters[32], letters[..32].join("."), "the row has the columns' blocks in order");
    let g = round_trip(&p, Format::OlsakG);
    assert!(g.contains("   A:A  #") && g.contains("   F:F  #") && g.contains("1z 1A"), "{g}");
}

/// A small webpbn XML file: a comment holding `>`, single quotes, the background's value
/// (`white` is `fff`), blanks around a count.
const SMALL_XML: &str = "<?xml version=\"1.0\"?>\n<!-- a > comment -->\n<puzzleset><puzzle defaultcolor='black'>\n\
    <color name=\"white\" char=\".\">fff</color>\n<clues type=\"columns\"><line><count>1</count></line>\n\
    <line><count color=\"black\"> 1 </count></line></clues>\n<clues type=\"rows\"><line>\n\
    <count>2</count></line></clues></puzzle></puzzleset>";

#[test]
fn xml_reads_clues_and_skips_the_rest() {
    let p = nonogram(SMALL_XML, Format::WebpbnXml);
    assert_eq!(p.rows(), &[vec![2]]);
    assert_eq!(p.cols(), &[vec![1], vec![1]]);
}

#[test]
fn xml_two_colours_make_a_colour_puzzle() {
    let text = SMALL_XML
        .replace("<count>1</count>", "<count color=\"red\">1</count>")
        .replace("<count>2</count>", "<count color=\"red\">1</count><count>1</count>")
        .replace("fff</color>", "fff</color><color name=\"red\" char=\"r\">C00000</color>");
    let p = color(&text, Format::WebpbnXml);
    assert_eq!(p.colors(), ["#C00000", "black"]);
    assert_eq!(p.background(), Some("#fff"));
    assert_eq!(p.rows()[0], [block(1, 1), block(1, 2)]);
    round_trip(&p, Format::WebpbnXml);
    nonogram(&SMALL_XML.replace("<count", "<count color=\"blue\""), Format::WebpbnXml);
}

#[test]
fn xml_errors_name_the_place() {
    let f = Format::WebpbnXml;
    assert_eq!(place(&SMALL_XML.replace(" 1 ", " x "), f), at(6, 29));
    assert_eq!(place(&SMALL_XML.replace("</puzzle>", ""), f), at(3, 12));
    assert_eq!(place(&SMALL_XML.replace("type=\"rows\"", "type=rows"), f), at(7, 1));
    assert_eq!(place(&SMALL_XML[..60], f), at(3, 12));
    assert!(error("<puzzleset><puzzle></puzzle></puzzleset>", f).message.contains("no <clues"));
}

#[test]
fn tatham_reads_columns_first() {
    let p = nonogram("# ids\n3x3:1//1.1/2/0/1\n", Format::Tatham);
    assert_eq!(p.cols(), &[vec![1], vec![], vec![1, 1]]);
    assert_eq!(p.rows(), &[vec![2], vec![], vec![1]]);
    assert_eq!(format::write(&Puzzle::Nonogram(p), Format::Tatham).unwrap(), "3x3:1//1.1/2//1");
}

#[test]
fn tatham_errors_name_the_place() {
    let f = Format::Tatham;
    assert_eq!(place("2x1:1/1/x", f), at(1, 9));
    assert_eq!(place("2x1:1/1", f), at(1, 8));
    assert_eq!(place("2x1:1/1/1/1", f), at(1, 11));
    assert_eq!(place("  2x99999:1", f), at(1, 5));
    assert_eq!(place("2y1:1", f), at(1, 1));
    assert_eq!(place("1x1:1/1,A", f), at(1, 8));
    assert_eq!(place("1x1:1.99999999999/1", f), at(1, 7));
}

/// A tournament puzzle `$1`: 25 columns then 25 rows, alternately `1 1` and empty.
fn tournament_sample() -> String {
    let mut text = String::from("$1\r\n");
    for i in 0..50 {
        text += if i % 2 == 0 { "1\t1\r\n" } else { "0\r\n" };
    }
    text
}

#[test]
fn tournament_reads_columns_then_rows() {
    let text = tournament_sample() + "\n" + &tournament_sample().replace("$1", "$2");
    let p = nonograms(&text, Format::Tournament);
    assert_eq!(p.len(), 2);
    assert_eq!(p[0].cols()[0], vec![1, 1]);
    assert_eq!(p[0].cols()[1], Vec::<u32>::new());
    assert_eq!(p[1].rows().len(), 25);
    let written = format::write(&Puzzle::Nonogram(p[0].clone()), Format::Tournament).unwrap();
    assert_eq!(nonogram(&written, Format::Tournament).rows(), p[0].rows());
}

#[test]
fn tournament_errors_name_the_place() {
    let f = Format::Tournament;
    let truncated: String = tournament_sample().lines().take(30).collect::<Vec<_>>().join("\n");
    assert_eq!(place(&truncated, f), at(30, 4));
    assert_eq!(place(&tournament_sample().replacen("1\t1", "1\tq", 1), f), at(2, 3));
    assert_eq!(place("#1\n", f), at(1, 1));
}

#[test]
fn toml_reads_the_subset() {
    let text = "# hi\n[colors]\ndefs = [\n  'b = (blue) *',\n]\n[clues]\ncolumns = 1, '1 1'; c\nrows = \"\"\"2 # first\n\n  0\n\"1\" ,\n\"\"\"\n";
    let p = nonogram(text, Format::NonogridToml);
    assert_eq!(p.cols(), &[vec![1], vec![1, 1]]);
    assert_eq!(p.rows(), &[vec![2], vec![], vec![1]]);
}

#[test]
fn toml_errors_name_the_place() {
    let f = Format::NonogridToml;
    assert_eq!(place("[clues]\ncolumns = 1, 1\nrows = \"\"\"\n 1 x\n", f), at(3, 11));
    assert_eq!(place("[clues]\ncolumns = 1, 1\nrows = \"\"\"\n 1 x\n\"\"\"", f), at(4, 4));
    assert_eq!(place("[clues]\ncolumns\n", f), at(2, 1));
    assert_eq!(place("[colors]\ndefs = ['r = red r']\n", f), at(2, 10));
    assert!(error("[clues]\ncolumns = 1\n", f).message.contains("no rows"));
}

#[test]
fn toml_colours_make_a_colour_puzzle() {
    let text =
        "[colors]\ndefs = [\n  'r = (red) %',\n  \"b = (0, 0, 255) *\",\n]\n[clues]\ncolumns = 1r, 1b\nrows = 1r 1b\n";
    let p = color(text, Format::NonogridToml);
    assert_eq!(p.colors(), ["red", "rgb(0, 0, 255)"]);
    round_trip(&p, Format::NonogridToml);
}

#[test]
fn picross_reads_several_grids() {
    let text = "# two\nGRID A\nROWS\n[ 1 ]\n[]\nCOLUMNS\n[ 1 ]\n\nGRID B\nROWS\n[ 2 ]\nCOLUMNS\n[1]\n[ 1]\n";
    let p = nonograms(text, Format::PicrossSolver);
    assert_eq!(p.len(), 2);
    assert_eq!(p[0].rows(), &[vec![1], vec![]]);
    assert_eq!(p[1].cols(), &[vec![1], vec![1]]);
    let written = format::write(&Puzzle::Nonogram(p[0].clone()), Format::PicrossSolver).unwrap();
    assert_eq!(written, "GRID puzzle\nROWS\n[ 1 ]\n[ ]\nCOLUMNS\n[ 1 ]\n");
}

#[test]
fn picross_errors_name_the_place() {
    let f = Format::PicrossSolver;
    assert_eq!(place("GRID A\nROWS\n[ 1 ]\nGRILL B\n", f), at(4, 1));
    assert_eq!(place("GRID A\n[ 1 ]\n", f), at(2, 1));
    assert_eq!(place("GRID A\nROWS\n[ 1 y ]\n", f), at(3, 5));
    assert_eq!(place("GRID A\nROWS\n[ 1 2\n", f), at(3, 6));
}

#[test]
fn g_reads_black_and_white() {
    let text = "A comment\n: rows\n1 1\n\n0\n:columns ----\n1\n0\n1\n: end\nmore comment";
    let p = nonogram(text, Format::OlsakG);
    assert_eq!(p.rows(), &[vec![1, 1], vec![]]);
    assert_eq!(p.cols(), &[vec![1], vec![], vec![1]]);
}

#[test]
fn g_reads_colour_declarations() {
    let text = "Bird\n#declaration of the colors:\n   m:%  blue   modra\n   0:   white  bila\n   1:*  black\n\
                : rows\n1 1m\n: columns\n1\n1m\n: end\n";
    let p = color(text, Format::OlsakG);
    assert_eq!(p.colors(), ["blue", "black"]);
    assert_eq!(p.background(), Some("white"));
    assert_eq!(p.rows()[0], [block(1, 2), block(1, 1)]);
    round_trip(&p, Format::OlsakG);
}

#[test]
fn g_writes_a_title_line_and_a_comment_for_every_colour() {
    let rows = vec![vec![block(1, 1)], vec![block(1, 2)]];
    let cols = rows.clone();
    let colours = vec!["red".to_string(), "#3050d0".to_string()];
    let p = ColorNonogram::new(colours, Some("white".to_string()), rows.clone(), cols.clone()).unwrap();
    let text = round_trip(&p, Format::OlsakG);
    let head: Vec<&str> = text.lines().take(5).collect();
    let title = "A nonogram written by gridlogic";
    assert_eq!(head, [title, "#d", "   0:   white  background", "   a:a  red  colour1", "   b:b  #3050d0  colour2"]);
    let black_and_white = Puzzle::Nonogram(Nonogram::new(vec![vec![1]], vec![vec![1]]).unwrap());
    assert!(format::write(&black_and_white, Format::OlsakG).unwrap().starts_with(&format!("{title}\n")));
    // A colour the format cannot hold is named by its place in the palette.
    let blank = vec!["red".to_string(), "rgb(48, 80, 208)".to_string()];
    let p = Puzzle::ColorNonogram(ColorNonogram::new(blank, Some("white".to_string()), rows, cols).unwrap());
    assert_eq!(format::write(&p, Format::OlsakG).unwrap_err().place, Place::Field("colors[1]".to_string()));
}

#[test]
fn g_errors_name_the_place() {
    let f = Format::OlsakG;
    let e = error("#d\n  r:r  notacolour\n: rows\n1r\n: columns\n1r\n", f);
    assert_eq!((e.place, e.message.as_str()), (at(2, 8), "\"notacolour\" is not a CSS colour"));
    assert_eq!(place("#d\n  rr\n", f), at(2, 3));
    assert_eq!(place(": rows\n1 x\n: columns\n1\n", f), at(2, 3));
    assert!(error("no sections\n", f).message.contains("`:` line"));
    assert_eq!(error(": rows\n2\n: columns\n1\n", f).to_string(), "rows[0]: clues need 2 cells but the row has 1");
}

#[test]
fn the_colour_canonical_text_round_trips_exactly() {
    let colors = vec!["#d03030".to_string(), "rgb(1, 2, 3)".to_string()];
    let grid = vec![vec![1, 2, 0], vec![0, 2, 2]];
    let p = ColorNonogram::from_solution(colors, Some("white".into()), &grid).unwrap();
    let id = format::write(&Puzzle::ColorNonogram(p.clone()), Format::Canonical).unwrap();
    assert_eq!(id, "colornonogram:3x2:-d03030,rgb_281_2c_202_2c_203_29.white:1a/2b/1b/1a.1b/2b");
    assert_eq!(color(&id, Format::Canonical), p);
    assert!(id.bytes().all(|b| b.is_ascii_alphanumeric() || b":/,.-_".contains(&b)));
    // The README's example: the 2×2 of touching colours.
    let readme =
        ColorNonogram::from_solution(vec!["#d03030".into(), "blue".into()], None, &[vec![1, 2], vec![2, 1]]).unwrap();
    assert_eq!(
        format::write(&Puzzle::ColorNonogram(readme), Format::Canonical).unwrap(),
        "colornonogram:2x2:-d03030,blue:1a.1b/1b.1a/1a.1b/1b.1a"
    );
}

#[test]
fn colour_canonical_errors_name_the_place() {
    // Columns count from the line's start, `colornonogram:` (14 characters) included.
    let f = Format::Canonical;
    assert_eq!(place("colornonogram:1x1:red:1a/1", f), at(1, 26));
    assert_eq!(place("colornonogram:1x1:r_zz:1a/1a", f), at(1, 19));
    assert_eq!(
        error("colornonogram:1x1:red:1a/1b", f).to_string(),
        "rows[0][0].color: colour 2 is not in colors (1 colours)"
    );
    assert_eq!(place("colornonogram:1x1:red:1a", f), at(1, 25));
}
