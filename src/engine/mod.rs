//! What all genres share and no genre knows: the search with its budget and statistics,
//! digit sets, and the error type.

pub mod bits;
pub mod error;
pub mod search;
