//! Nonogram (placeholder: being written).
pub mod format;
use crate::engine::error::Error;
use crate::engine::search::{Budget, Grid, Problem, Stop};

/// A black-and-white nonogram.
#[derive(Clone, Debug)]
pub struct Nonogram {
    rows: Vec<Vec<u32>>,
    cols: Vec<Vec<u32>>,
}

impl Nonogram {
    /// A nonogram from its row clues (top to bottom) and column clues (left to right);
    /// `[]` or `[0]` is an empty line.
    pub fn new(rows: Vec<Vec<u32>>, cols: Vec<Vec<u32>>) -> Result<Nonogram, Error> {
        Ok(Nonogram { rows, cols })
    }
}

impl Problem for Nonogram {
    type State = ();
    fn initial(&self) -> Self::State {}
    fn propagate(&self, _: &mut Self::State, _: &mut Budget) -> Result<(), Stop> {
        todo!("{:?}{:?}", self.rows, self.cols)
    }
    fn branch(&self, _: &Self::State) -> Option<Vec<Self::State>> {
        todo!()
    }
    fn solution(&self, _: &Self::State) -> Grid {
        todo!()
    }
}

// accessors used by format (lead: reconcile at merge)
impl Nonogram {
    /// The row clues, top to bottom.
    pub fn rows(&self) -> &[Vec<u32>] {
        &self.rows
    }

    /// The column clues, left to right.
    pub fn cols(&self) -> &[Vec<u32>] {
        &self.cols
    }
}
