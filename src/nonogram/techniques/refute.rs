//! Trial's shortcut for nonograms: whether the named techniques could refute an assumption
//! at all, found with the search's line propagation instead of the techniques themselves.
//!
//! Trial ([`crate::engine::explain`]) assumes each candidate of each open cell in turn and
//! follows it with the named techniques, one step at a time, until a contradiction or a
//! fixpoint. Most assumptions reach a fixpoint, and following them step by step, each step a
//! scan of the techniques from the lowest level up, is what trial spent its time on. Every
//! named technique of both kinds looks at one line and deduces only what every placement of
//! the line that fits its known cells agrees on (`line-logic`, the last of them, all of it),
//! and each contradiction they report is a line with no such placement (or a cell with no
//! value left). The search's line propagation (`search/mono.rs`, `search/color.rs`) solves
//! every line exactly, again and again, so it reaches every deduction and every contradiction
//! of theirs, in a fraction of the time. When it finds no contradiction, the techniques find
//! none either, and trial skips the assumption; it follows the others with the techniques as
//! before, so its steps, their messages and the rating are what they were.
//!
//! The propagation is built once per trial step ([`refuter`]): the board where the techniques
//! stall is brought to the propagation's fixpoint, then each assumption is narrowed on its
//! trail, propagated from its two lines and undone (probing's moves, `search/probe.rs`), so
//! that an assumption costs the lines it reaches, not a solve of every line.
//!
//! The other way round holds as well: `line-logic` at its fixpoint is the propagation's
//! fixpoint, and a line left complete against its clue is a contradiction for the techniques
//! too (`line.rs`), so an assumption is refuted here exactly when the techniques refute it
//! (the tests check both ways on every assumption).

use crate::engine::explain::{Board, Cell, Explain, Refuter};
use crate::engine::generate::NoClock;
use crate::engine::search::{Budget, NoProgress, SolveOptions};
use crate::nonogram::line::color::Mask;
use crate::nonogram::search::depth_first::Kind;
use crate::nonogram::search::probe::Probing;

/// Trial's shortcut at `board` (see the module docs): the search's line propagation of the
/// board, brought to its fixpoint once; `None` when the puzzle's totals disagree or that
/// propagation already fails (both left to the techniques).
pub(super) fn refuter<K: Kind + Explain>(puzzle: &K, board: &Board) -> Option<Box<dyn Refuter>> {
    if !puzzle.totals_agree() {
        return None;
    }
    let (width, height) = (board.width(), board.height());
    let mut lines = puzzle.lines();
    let mut state = Kind::board(puzzle);
    for row in 0..height {
        for col in 0..width {
            let mask = board.candidates((row, col)).0 as Mask;
            if mask == 0 {
                return None;
            }
            if mask != K::Lines::mask(&state, row * width + col) {
                K::Lines::set(&mut state, row * width + col, mask);
            }
        }
    }
    for line in 0..height + width {
        lines.queue().push(line);
    }
    let (clock, mut progress) = (NoClock, NoProgress);
    lines.run(&mut state, &mut Budget::new(&SolveOptions::default(), &clock, &mut progress)).ok()?;
    lines.forget();
    Some(Box::new(LineRefuter { lines, state, width }))
}

/// A line propagation at its fixpoint, which tries each assumption on its trail and undoes it.
struct LineRefuter<L: Probing> {
    lines: L,
    state: L::Board,
    width: usize,
}

impl<L: Probing> Refuter for LineRefuter<L> {
    fn cannot_refute(&mut self, (row, col): Cell, value: u8) -> bool {
        let (cell, bit) = (row * self.width + col, 1 << value);
        let mask = L::mask(&self.state, cell);
        if mask & bit == 0 || mask == bit {
            // Refuted by the fixpoint itself, or what it holds already.
            return mask == bit;
        }
        self.lines.narrow(&mut self.state, cell, bit);
        let (clock, mut progress) = (NoClock, NoProgress);
        let held = self.lines.run(&mut self.state, &mut Budget::new(&SolveOptions::default(), &clock, &mut progress));
        self.lines.undo(&mut self.state);
        held.is_ok()
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::refuter;
    use crate::engine::bits::DigitSet;
    use crate::engine::explain::{follow_below, Board, Explain};
    use crate::engine::generate::Rng;
    use crate::nonogram::search::depth_first::Kind;
    use crate::nonogram::techniques::shared::{LINE_LOGIC, SHORT_TRIAL_LEVEL};
    use crate::nonogram::{ColorNonogram, Nonogram};

    /// At the board where the named techniques stall (the first trial point), every
    /// candidate of every open cell: the shortcut says "cannot refute" exactly when the
    /// techniques, followed from the assumption, reach no contradiction. Returns how many
    /// assumptions were compared and how many of them the shortcut skips.
    fn agrees_with_the_techniques<K: Kind + Explain>(puzzle: &K) -> (usize, usize) {
        let Some(board) = line_techniques(puzzle, Explain::board(puzzle)).filter(|b| b.open_cells().next().is_some())
        else {
            return (0, 0);
        };
        let mut refuter = refuter(puzzle, &board);
        let (mut compared, mut skipped) = (0, 0);
        for cell in board.open_cells().collect::<Vec<_>>() {
            for value in board.candidates(cell).iter() {
                let mut assumed = board.clone();
                assumed.restrict(cell, DigitSet::single(value));
                let skip = refuter.as_mut().is_some_and(|refuter| refuter.cannot_refute(cell, value as u8));
                let followed = line_techniques(puzzle, assumed);
                assert_eq!(followed.is_some(), skip, "{cell:?} = {value}");
                (compared, skipped) = (compared + 1, skipped + usize::from(skip));
            }
        }
        (compared, skipped)
    }

    /// `board` after the techniques that look at one line (levels 1–3: trial and the short
    /// trial follow these), applied until none applies; `None` at a contradiction.
    fn line_techniques<K: Explain>(puzzle: &K, board: Board) -> Option<Board> {
        follow_below(puzzle, board, SHORT_TRIAL_LEVEL)
    }

    /// [`agrees_with_the_techniques`] on every puzzle of `puzzles`, whose techniques must all
    /// look at one line (`line-logic`, which subsumes the others, last); the comparison must
    /// have met stalls, and assumptions skipped and followed, to mean anything.
    fn holds_on<K: Kind + Explain>(puzzles: impl Iterator<Item = K>) {
        let (mut stalled, mut compared, mut skipped) = (0, 0, 0);
        for puzzle in puzzles {
            let mut line_ones = puzzle.techniques().iter().filter(|t| t.level < SHORT_TRIAL_LEVEL);
            assert_eq!(line_ones.next_back().map(|t| t.id), Some(LINE_LOGIC));
            let (count, skips) = agrees_with_the_techniques(&puzzle);
            stalled += usize::from(count > 0);
            (compared, skipped) = (compared + count, skipped + skips);
        }
        assert!(
            stalled >= 10 && skipped >= 100 && compared - skipped >= 10,
            "{stalled} stalls, {skipped} of {compared} skipped"
        );
    }

    #[test]
    fn line_propagation_refutes_whatever_the_black_and_white_techniques_refute() {
        let mut rng = Rng::new(29);
        holds_on((0..400).map(|n| {
            let side = 5 + n % 8;
            let grid: Vec<Vec<u8>> =
                (0..side).map(|_| (0..side).map(|_| u8::from(rng.chance(550))).collect()).collect();
            Nonogram::from_solution(&grid).unwrap()
        }));
    }

    #[test]
    fn line_propagation_refutes_whatever_the_colour_techniques_refute() {
        let colours = vec!["#d03030".to_string(), "#3050d0".to_string()];
        let mut rng = Rng::new(31);
        holds_on((0..300).map(|n| {
            let side = 4 + n % 6;
            let grid: Vec<Vec<u8>> = (0..side).map(|_| (0..side).map(|_| rng.below(3) as u8).collect()).collect();
            ColorNonogram::from_solution(colours.clone(), None, &grid).unwrap()
        }));
    }
}
