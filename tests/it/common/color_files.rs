//! The corpus's colour nonograms, relative to `../shared/corpus/nonogram`, each known unique
//! (corpus README; UK is a symmetric flag whose clues pin every cell): the one list that
//! tests/it/color.rs, tests/it/explain_color.rs and examples/color_bench.rs read (color.rs checks that it holds every
//! colour file of their folders).

/// The files, in the order the tests and the bench solve them.
pub const COLOR_FILES: [&str; 8] = [
    "survey/xml/webpbn-color-00047.xml",
    "number-loom/listen_left_and_right.xml",
    "number-loom/little_hauler.xml",
    "number-loom/look_sharp.xml",
    "number-loom/missing.xml",
    "number-loom/not_invented_yet_1.xml",
    "number-loom/take_two.xml",
    "nonogrid-toml/UK.toml",
];
