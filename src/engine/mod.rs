//! What all genres share and no genre knows: the search with its budget and statistics, the
//! portfolio of that search and a learning search ([`portfolio`]), clause learning over a
//! grid's rows and columns with a genre's line theory ([`cdcl`]), digit sets and
//! the combinations of different digits with a sum ([`combos`]), the error type, the work
//! queue of propagation, a small sort, the explained-logic loop ([`explain`]) and the
//! generate-check-repair loop ([`generate`]).

pub mod bits;
pub(crate) mod cdcl;
pub mod combos;
pub mod error;
pub mod explain;
pub mod generate;
pub(crate) mod portfolio;
pub(crate) mod queue;
pub mod search;
pub mod sort;
