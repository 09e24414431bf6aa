//! The JS API, run inside wasm: `wasm-pack test --node` and, with WASM_BINDGEN_USE_BROWSER=1,
//! `wasm-pack test --headless --chrome` (scripts/test.sh runs both and fails if either runs
//! no test). Puzzles are written as JSON text exactly as a JS caller would pass them.

use gridlogic::wasm::{solve, solve_kakuro, solve_nonogram, solve_str8ts, version};
use js_sys::{Array, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn js(text: &str) -> JsValue {
    JSON::parse(text).expect("test JSON is valid")
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).unwrap()
}

/// The status of a result and its solutions as JSON text (compact, for comparisons).
fn summary(result: &JsValue) -> (String, Vec<String>) {
    let status = get(result, "status").as_string().unwrap();
    let solutions =
        Array::from(&get(result, "solutions")).iter().map(|s| String::from(JSON::stringify(&s).unwrap())).collect();
    (status, solutions)
}

/// The message of the JS `Error` a call threw.
fn message(thrown: wasm_bindgen::JsError) -> String {
    let value: JsValue = thrown.into();
    let error: &js_sys::Error = value.dyn_ref().expect("an Error object");
    String::from(error.message())
}

#[wasm_bindgen_test]
fn version_is_the_crate_version() {
    assert_eq!(version(), env!("CARGO_PKG_VERSION"));
}

#[wasm_bindgen_test]
fn nonogram_unique_through_solve() {
    // A plus sign: rows and columns [1], [3], [1].
    let result = solve(js(r#"{"genre":"nonogram","rows":[[1],[3],[1]],"cols":[[1],[3],[1]]}"#), None).unwrap();
    let (status, solutions) = summary(&result);
    assert_eq!(status, "unique");
    assert_eq!(solutions, vec!["[[0,1,0],[1,1,1],[0,1,0]]"]);
    let stats = get(&result, "stats");
    assert!(get(&stats, "nodes").as_f64().unwrap() >= 1.0);
    assert!(get(&stats, "millis").as_f64().is_some());
}

#[wasm_bindgen_test]
fn nonogram_multiple_and_none() {
    let result = solve_nonogram(js("[[1],[1]]"), js("[[1],[1]]"), None, None).unwrap();
    let (status, mut solutions) = summary(&result);
    assert_eq!(status, "multiple");
    solutions.sort();
    assert_eq!(solutions, vec!["[[0,1],[1,0]]", "[[1,0],[0,1]]"]);
    // Equal totals (3 and 3), but column 0 needs two cells in a row and row 1 is empty.
    let result = solve_nonogram(js("[[1,1],[],[1]]"), js("[[2],[],[1]]"), None, None).unwrap();
    assert_eq!(summary(&result), ("none".to_string(), vec![]));
}

#[wasm_bindgen_test]
fn max_solutions_counts_further() {
    let options = js(r#"{"maxSolutions": 10}"#);
    let result = solve_nonogram(js("[[1],[1],[1]]"), js("[[1],[1],[1]]"), Some(options), None).unwrap();
    let (status, solutions) = summary(&result);
    assert_eq!(status, "multiple");
    assert_eq!(solutions.len(), 6, "3x3 permutation matrices");
}

#[wasm_bindgen_test]
fn kakuro_unique_with_clues() {
    // Across 3 = 1+2 and 4 = 1+3, down 4 = 1+3 and 3 = 1+2: the shared corner must be 1.
    let grid = r#"[[null, {"down": 4}, {"down": 3}],
                   [{"across": 3}, 0, 0],
                   [{"across": 4}, 0, 0]]"#;
    let result = solve_kakuro(js(grid), None).unwrap();
    let (status, solutions) = summary(&result);
    assert_eq!(status, "unique");
    assert_eq!(solutions, vec!["[[0,0,0],[0,1,2],[0,3,1]]"]);
    let same = solve(js(&format!(r#"{{"genre":"kakuro","grid":{grid}}}"#)), None).unwrap();
    assert_eq!(summary(&same), summary(&result));
}

#[wasm_bindgen_test]
fn str8ts_unique_with_givens() {
    // 4x4, no black cells: a Latin square whose rows and columns are straights; givens fix it.
    let grid = "[[1,2,0,0],[2,3,4,0],[0,4,0,2],[0,0,2,0]]";
    let black =
        "[[false,false,false,false],[false,false,false,false],[false,false,false,false],[false,false,false,false]]";
    let result = solve_str8ts(js(grid), js(black), None).unwrap();
    let (status, solutions) = summary(&result);
    assert_eq!(status, "unique");
    assert_eq!(solutions, vec!["[[1,2,3,4],[2,3,4,1],[3,4,1,2],[4,1,2,3]]"]);
}

#[wasm_bindgen_test]
fn invalid_input_throws_errors_naming_the_place() {
    let cases = [
        (r#"{"rows":[],"cols":[]}"#, "genre"),
        (r#"{"genre":"hitori"}"#, "unknown genre \"hitori\""),
        (r#"{"genre":"nonogram","rows":[[1],[1,"x"]],"cols":[[1]]}"#, "rows[1][1]"),
        (r#"{"genre":"nonogram","rows":[[1],[-2]],"cols":[[1]]}"#, "rows[1][0]"),
        (r#"{"genre":"nonogram","rows":[[1]],"cols":"no"}"#, "cols: expected an array"),
        (r#"{"genre":"kakuro","grid":[[null,{"down":"x"}]]}"#, "grid[0][1].down"),
        (r#"{"genre":"str8ts","grid":[[0]],"black":[[7]]}"#, "black[0][0]"),
    ];
    for (puzzle, expected) in cases {
        let error = message(solve(js(puzzle), None).unwrap_err());
        assert!(error.contains(expected), "{puzzle}: {error:?} should mention {expected:?}");
    }
    let error = message(solve_nonogram(js("[[1]]"), js("[[1]]"), Some(js(r#"{"maxSolutions":0}"#)), None).unwrap_err());
    assert!(error.contains("options.maxSolutions"), "{error}");
    // The instance is still usable after errors.
    let result = solve_nonogram(js("[[1]]"), js("[[1]]"), None, None).unwrap();
    assert_eq!(summary(&result).0, "unique");
}

#[wasm_bindgen_test]
fn budgets_give_unknown() {
    // An empty 12x12 Str8ts has a huge number of solutions; a node limit of 3 cannot finish
    // counting to 10000, and the solutions returned must still be valid grids.
    let n = 12;
    let grid = format!("[{}]", vec![format!("[{}]", vec!["0"; n].join(",")); n].join(","));
    let black = format!("[{}]", vec![format!("[{}]", vec!["false"; n].join(",")); n].join(","));
    let options = js(r#"{"maxSolutions": 10000, "nodeLimit": 3}"#);
    let result = solve_str8ts(js(&grid), js(&black), Some(options)).unwrap();
    let (status, solutions) = summary(&result);
    assert!(status == "unknown" || status == "multiple", "{status}");
    assert!(solutions.len() < 10000);
    let stats = get(&result, "stats");
    assert!(get(&stats, "nodes").as_f64().unwrap() <= 4.0);
}

#[wasm_bindgen_test]
fn colour_nonograms_through_solve_and_solve_nonogram() {
    // r r b / b . .  (r = colour 1, b = colour 2): blocks of different colours touch.
    let rows = r#"[[{"n":2,"color":1},{"n":1,"color":2}],[{"n":1,"color":2}]]"#;
    let cols = r#"[[1,{"n":1,"color":2}],[1],[{"n":1,"color":2}]]"#;
    let puzzle = format!(r##"{{"genre":"nonogram","colors":["red","#3050d0"],"rows":{rows},"cols":{cols}}}"##);
    let expected = ("unique".to_string(), vec!["[[1,1,2],[2,0,0]]".to_string()]);
    assert_eq!(summary(&solve(js(&puzzle), None).unwrap()), expected);
    let direct = solve_nonogram(js(rows), js(cols), None, Some(js(r##"["red","#3050d0"]"##))).unwrap();
    assert_eq!(summary(&direct), expected);
    let error = message(solve(js(&puzzle.replace(r#""color":2}]]"#, r#""color":3}]]"#)), None).unwrap_err());
    assert_eq!(error, "rows[1][0].color: colour 3 is not in colors (2 colours)");
    let error = message(solve_nonogram(js(rows), js(cols), None, Some(js(r#"["red","nope"]"#))).unwrap_err());
    assert_eq!(error, r#"colors[1]: "nope" is not a CSS colour"#);
    // Still usable, and without colors the same numbers are black and white.
    assert_eq!(summary(&solve(js(&puzzle), None).unwrap()), expected);
    let plain = solve_nonogram(js("[[2],[1]]"), js("[[2],[1],[]]"), None, None).unwrap();
    assert_eq!(summary(&plain), ("unique".to_string(), vec!["[[1,1,0],[1,0,0]]".to_string()]));
}

/// The text formats' exports (scripts/test.sh builds these tests with `--features formats`):
/// a text read, written back and solved, and a malformed one named by line and column.
#[cfg(feature = "formats")]
#[wasm_bindgen_test]
fn text_formats_read_write_and_feed_the_solver() {
    use gridlogic::wasm::{format_puzzle, parse_puzzle, parse_puzzles};
    let puzzle = parse_puzzle("kakuro:-,4-,3-/-3,_,_/-4,_,_", None).unwrap();
    assert_eq!(
        String::from(JSON::stringify(&get(&puzzle, "grid")).unwrap()),
        r#"[[null,{"down":4},{"down":3}],[{"across":3},0,0],[{"across":4},0,0]]"#
    );
    assert_eq!(format_puzzle(puzzle.clone(), "canonical").unwrap(), "kakuro:-,4-,3-/-3,_,_/-4,_,_");
    assert_eq!(summary(&solve(puzzle, None).unwrap()).0, "unique");
    let both = parse_puzzles("nonogram:1x1:1/1\nnonogram:1x1:0/0\n", Some("canonical".into())).unwrap();
    assert_eq!(Array::from(&both).length(), 2);
    let error = message(parse_puzzle("nonogram:1x1:x/1", Some("canonical".into())).unwrap_err());
    assert!(error.contains("line 1"), "{error}");
    // A colour nonogram reads as a "nonogram" with colors, writes back the same text and solves.
    let text = "colornonogram:2x2:-d03030,blue:1a.1b/1b.1a/1a.1b/1b.1a";
    let colour = parse_puzzle(text, None).unwrap();
    assert_eq!(
        String::from(JSON::stringify(&colour).unwrap()),
        r##"{"genre":"nonogram","colors":["#d03030","blue"],"rows":[[{"n":1,"color":1},{"n":1,"color":2}],[{"n":1,"color":2},{"n":1,"color":1}]],"cols":[[{"n":1,"color":1},{"n":1,"color":2}],[{"n":1,"color":2},{"n":1,"color":1}]]}"##
    );
    assert_eq!(format_puzzle(colour.clone(), "canonical").unwrap(), text);
    assert_eq!(summary(&solve(colour, None).unwrap()), ("unique".to_string(), vec!["[[1,2],[2,1]]".to_string()]));
}

/// The explained-logic exports (feature `explain`, the third module).
#[cfg(feature = "explain")]
mod explained {
    use super::{get, js, message};
    use gridlogic::wasm::{explain, hint, rate};
    use js_sys::JSON;
    use wasm_bindgen_test::wasm_bindgen_test;

    const PLUS: &str = r#"{"genre":"nonogram","rows":[[1],[3],[1]],"cols":[[1],[3],[1]]}"#;

    #[wasm_bindgen_test]
    fn explain_solves_the_plus_sign_at_level_one() {
        let result = explain(js(PLUS), None).unwrap();
        assert_eq!(get(&result, "status").as_string().unwrap(), "solved");
        let rating = get(&result, "rating");
        assert_eq!(get(&rating, "label").as_string().unwrap(), "easy");
        let first = js_sys::Array::from(&get(&result, "steps")).get(0);
        assert_eq!(
            String::from(JSON::stringify(&get(&first, "changes")).unwrap()),
            r#"[{"row":1,"col":0,"value":1},{"row":1,"col":1,"value":1},{"row":1,"col":2,"value":1}]"#
        );
        let again = rate(js(PLUS), None).unwrap();
        assert_eq!(JSON::stringify(&again).unwrap(), JSON::stringify(&rating).unwrap());
    }

    #[wasm_bindgen_test]
    fn hint_names_a_mistake_and_bad_boards() {
        let wrong = js("[[1,null,null],[null,null,null],[null,null,null]]");
        let answer = hint(js(PLUS), wrong, None).unwrap();
        assert_eq!(get(&answer, "kind").as_string().unwrap(), "mistake");
        assert_eq!(get(&answer, "message").as_string().unwrap(), "r1c1 is not right");
        let short = js("[[null,null,null],[null,null]]");
        assert_eq!(message(hint(js(PLUS), short, None).unwrap_err()), "board: expected 3 rows, got 2");
    }
}
