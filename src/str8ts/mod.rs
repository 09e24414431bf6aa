//! Str8ts (placeholder: being written).
use crate::engine::error::Error;
use crate::engine::search::{Budget, Grid, Problem, Stop};

/// A Str8ts puzzle.
#[derive(Clone, Debug)]
pub struct Str8ts {
    grid: Vec<Vec<u32>>,
    black: Vec<Vec<bool>>,
}

impl Str8ts {
    /// A Str8ts from its digits (0 = empty; on a black cell, that cell's clue) and its colours.
    pub fn new(grid: Vec<Vec<u32>>, black: Vec<Vec<bool>>) -> Result<Str8ts, Error> {
        Ok(Str8ts { grid, black })
    }
}

impl Problem for Str8ts {
    type State = ();
    fn initial(&self) -> Self::State {}
    fn propagate(&self, _: &mut Self::State, _: &mut Budget) -> Result<(), Stop> {
        todo!("{:?}{:?}", self.grid, self.black)
    }
    fn branch(&self, _: &Self::State) -> Option<Vec<Self::State>> {
        todo!()
    }
    fn solution(&self, _: &Self::State) -> Grid {
        todo!()
    }
}
