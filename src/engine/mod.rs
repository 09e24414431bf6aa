//! What all genres share and no genre knows: the search with its budget and statistics,
//! digit sets, the error type, and a small sort.

pub mod bits;
pub mod error;
pub mod search;
pub mod sort;
