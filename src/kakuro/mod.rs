//! Kakuro (placeholder: being written).
pub mod format;
use crate::engine::error::Error;
use crate::engine::search::{Budget, Grid, Problem, Stop};

/// One cell of a Kakuro grid as given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A black cell, with the sum of the run below (`down`) and to its right (`across`), if any.
    Block { down: Option<u32>, across: Option<u32> },
    /// A white cell, empty or holding a given digit.
    White(Option<u32>),
}

/// A Kakuro puzzle.
#[derive(Clone, Debug)]
pub struct Kakuro {
    grid: Vec<Vec<Cell>>,
}

impl Kakuro {
    /// A Kakuro from its rows of cells.
    pub fn new(grid: Vec<Vec<Cell>>) -> Result<Kakuro, Error> {
        Ok(Kakuro { grid })
    }
}

impl Problem for Kakuro {
    type State = ();
    fn initial(&self) -> Self::State {}
    fn propagate(&self, _: &mut Self::State, _: &mut Budget) -> Result<(), Stop> {
        todo!("{:?}", self.grid)
    }
    fn branch(&self, _: &Self::State) -> Option<Vec<Self::State>> {
        todo!()
    }
    fn solution(&self, _: &Self::State) -> Grid {
        todo!()
    }
}

// accessors used by format (lead: reconcile at merge)
impl Kakuro {
    /// The rows of cells.
    pub fn grid(&self) -> &[Vec<Cell>] {
        &self.grid
    }
}
