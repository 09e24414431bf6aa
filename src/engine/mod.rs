//! What all genres share and no genre knows: the search with its budget and statistics,
//! digit sets, the error type, a small sort, and the explained-logic loop ([`explain`]).

pub mod bits;
pub mod error;
pub mod explain;
pub mod search;
pub mod sort;
