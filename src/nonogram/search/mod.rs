//! The search, one design for black-and-white and colour nonograms: line propagation to a
//! fixpoint, probing, branching, and clause learning.
//!
//! - `probe.rs`: the one probe of both kinds, over the trait `Probing` (a cell as a colour
//!   mask, black and white being the two-value case);
//! - `propagate.rs`: black-and-white propagation ([`Propagator`](propagate::Propagator)), the
//!   `Probing` of black and white;
//! - `color.rs`: colour propagation and the colour depth-first search
//!   ([`ColorLines`](color::ColorLines)), the `Probing` of colour;
//! - `cdcl/`: the one clause-learning search (`cdcl/mod.rs` and its loop `cdcl/learning.rs`)
//!   over a line theory, with the two theories `cdcl/mono.rs` and `cdcl/color.rs`.
//!
//! The black-and-white depth-first search is the `Problem` of [`Nonogram`](super::Nonogram)
//! in `../mod.rs`. Line solvers and their memo are in `../line/`.

pub(crate) mod cdcl;
pub(crate) mod color;
pub(crate) mod probe;
pub(crate) mod propagate;
