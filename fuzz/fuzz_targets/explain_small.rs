//! Arbitrary bytes → a tiny puzzle of each genre (`tiny.rs`, black-and-white and colour
//! nonograms, Kakuro, Str8ts) → the checks of `explain_check.rs`: every step of `explain` and
//! of a `hint` along its path holds in every solution the brute force finds.
#![no_main]

mod explain_check;
mod tiny;

use libfuzzer_sys::fuzz_target;
use tiny::{tiny_puzzle, Bytes};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    if let Some((puzzle, checker)) = tiny_puzzle(&mut bytes) {
        explain_check::check(&puzzle, &*checker, bytes.next());
    }
});
