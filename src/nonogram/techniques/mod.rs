//! The explained logic of nonograms: techniques a person can follow, each step with its
//! reason, for the explain / hint / rate features (the search in `../search/` answers
//! verdicts; these answer *why*).
//!
//! - `mono.rs`: the black-and-white techniques, and the helpers both kinds share (clue
//!   ranges, cell and line names, step text);
//! - `color.rs`: the colour techniques, built on those helpers and the colour line solver.

pub(crate) mod color;
pub(crate) mod mono;
