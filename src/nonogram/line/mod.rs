//! Line solving, the bottom layer of both kinds of nonogram: for one line, its clue and what is
//! known of its cells, which cells every placement of the clue agrees on.
//!
//! - `mono.rs`: the black-and-white line solver (two bit planes per line, solved on words);
//! - `color.rs`: the colour line solver (one colour mask per cell, solved plane by plane with
//!   the word operations of `mono.rs`);
//! - `memo.rs`: the one memo of line solves, shared by both solvers.
//!
//! The search (`../search/`) and the explained techniques (`../techniques/`) build on these;
//! nothing here knows about a search.

pub(crate) mod color;
pub(crate) mod memo;
pub(crate) mod mono;
