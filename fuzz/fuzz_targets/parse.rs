//! Arbitrary bytes through every text parser: no panic, and every puzzle read comes back
//! unchanged through the canonical text (write → parse → write gives the same line).
#![no_main]

use gridlogic::format::{self, Format};
use gridlogic::Puzzle;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    check_round_trip(format::parse_all(&text, None));
    for format in format::ALL {
        check_round_trip(format::parse_all(&text, Some(format)));
    }
});

/// Every parsed puzzle's canonical text parses back to a puzzle with the same canonical text.
fn check_round_trip(parsed: Result<Vec<Puzzle>, gridlogic::Error>) {
    for puzzle in parsed.into_iter().flatten() {
        let canonical = format::write(&puzzle, Format::Canonical).expect("the canonical format holds every puzzle");
        let again = format::parse(&canonical, Some(Format::Canonical))
            .unwrap_or_else(|e| panic!("canonical text {canonical:?} does not parse back: {e}"));
        let canonical_again = format::write(&again, Format::Canonical).expect("canonical write");
        assert_eq!(canonical, canonical_again, "canonical text changed on a round trip");
    }
}
