//! Str8ts (placeholder: being written).
pub mod format;
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

// accessors used by format (lead: reconcile at merge)
impl Str8ts {
    /// The digits (0 = empty; on a black cell, its clue).
    pub fn grid(&self) -> &[Vec<u32>] {
        &self.grid
    }

    /// The cell colours (`true` = black).
    pub fn black(&self) -> &[Vec<bool>] {
        &self.black
    }
}
