//! What all genres share and no genre knows: the search with its budget and statistics,
//! digit sets, the error type, the work queue of propagation, and a small sort.

pub mod bits;
pub mod error;
pub(crate) mod queue;
pub mod search;
pub mod sort;
