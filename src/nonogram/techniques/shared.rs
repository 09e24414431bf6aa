//! The techniques both kinds have, written once over a `&dyn` [`Kind`]: each finds the first line
//! (rows, then columns) where it applies, through [`first_line`], and says it as a step.
//!
//! | id | level | what it deduces |
//! |---|---|---|
//! | `overlap` | 1 | cells a block covers wherever it lies (in its range) take its colour |
//! | `simple-spaces` | 1 | cells no block can reach are empty |
//! | `punctuation` | 2 | a stretch of one colour as long as every block of that colour that can hold it is complete: its ends are not that colour |
//! | `line-logic` | 3 | any cell the exact line solver narrows (`line/mono.rs`, `line/color.rs`) |
//! | `short-trial` | 4 | a cell value the techniques of levels 1–3 refute within [`SHORT_TRIAL_STEPS`] steps is wrong (the engine's [`short_trial`]) |
//!
//! Cost: the range techniques are O(length × blocks) per line, `line-logic` one line solve
//! per line.

use super::line::{first_line, is_are, join_and, LineView, BACKGROUND};
use super::{Kind, SolveLine};
use crate::engine::explain::{short_trial, Board, Explain, Found};

/// The memo ids (bits of [`first_line`]'s memo) of the shared techniques; a kind's own
/// techniques take the others.
pub(super) const OVERLAP_ID: u8 = 1;
pub(super) const SIMPLE_SPACES_ID: u8 = 2;
pub(super) const PUNCTUATION_ID: u8 = 3;
pub(super) const LINE_LOGIC_ID: u8 = 7;

/// The short trial's level: `expert`, between `line-logic` and trial.
pub(super) const SHORT_TRIAL_LEVEL: u8 = 4;

/// The most steps of the techniques of levels 1–3 the short trial follows from an assumption:
/// a short chain, each step one line's consequence, that a person can check in their head.
/// Five is where 15×15 expert and extreme pictures are both found within milliseconds (three
/// leaves expert out of reach for a third of the seeds, ten makes extreme rare:
/// bench/RESULTS.md, "Nonograms: expert by a short trial").
pub(super) const SHORT_TRIAL_STEPS: usize = 5;

/// `short-trial`: the first value of an open cell whose assumption the techniques of levels
/// 1–3 refute within [`SHORT_TRIAL_STEPS`] steps.
pub(super) fn short_contradiction<P: Explain>(puzzle: &P, board: &Board) -> Option<Found> {
    short_trial(puzzle, board, SHORT_TRIAL_LEVEL, SHORT_TRIAL_STEPS)
}

/// `overlap`: cells a block covers wherever it lies take its colour.
pub(super) fn overlap<P: Kind + 'static>(puzzle: &P, board: &Board) -> Option<Found> {
    first_line(puzzle, board, OVERLAP_ID, overlap_on)
}

/// `overlap` on one line.
pub(super) fn overlap_on(view: &LineView) -> Option<Found> {
    let Some(ranges) = view.ranges() else {
        return Some(view.contradiction(view.puzzle.rules().no_room));
    };
    let mut keep = Vec::new();
    let mut said = Vec::new();
    for (j, block) in view.clue.iter().enumerate() {
        let (from, to) = (ranges.last[j], ranges.first[j] + block.len as usize);
        let bit = 1u32 << block.color;
        let new: Vec<usize> = (from..to).filter(|&i| view.cells[i] != bit).collect();
        if !new.is_empty() {
            said.push(format!("{} covers {}", view.block(j), view.span(from, to - 1)));
            keep.extend(new.into_iter().map(|i| (i, bit)));
        }
    }
    if keep.is_empty() {
        return None;
    }
    let wherever = if said.len() == 1 { "wherever it lies" } else { "wherever they lie" };
    view.step("overlap", 1, format!("{}: {} {wherever}", view.header(), join_and(&said)), &keep)
}

/// `simple-spaces`: cells no block can reach are empty.
pub(super) fn simple_spaces<P: Kind + 'static>(puzzle: &P, board: &Board) -> Option<Found> {
    first_line(puzzle, board, SIMPLE_SPACES_ID, simple_spaces_on)
}

/// `simple-spaces` on one line.
pub(super) fn simple_spaces_on(view: &LineView) -> Option<Found> {
    let ranges = view.ranges()?;
    let reached = view.reached_colours(&ranges);
    let unreached: Vec<usize> = (0..view.cells.len())
        .filter(|&i| {
            reached[i] == 0
                && view.cells[i] & !BACKGROUND != 0
                && (view.puzzle.rules().empties_decided_cells || view.open(i))
        })
        .collect();
    if unreached.is_empty() {
        return None;
    }
    let message = format!("{}: no block can reach {}, so they are empty", view.header(), view.positions(&unreached));
    let keep: Vec<(usize, u32)> = unreached.iter().map(|&i| (i, BACKGROUND)).collect();
    view.step("simple-spaces", 1, message, &keep)
}

/// `punctuation`: a complete stretch's ends are not its colour.
pub(super) fn punctuation<P: Kind + 'static>(puzzle: &P, board: &Board) -> Option<Found> {
    first_line(puzzle, board, PUNCTUATION_ID, punctuation_on)
}

/// `punctuation` on one line.
pub(super) fn punctuation_on(view: &LineView) -> Option<Found> {
    let ranges = view.ranges()?;
    for (first, last, colour) in view.stretches() {
        let length = last - first + 1;
        let holders = view.holders(&ranges, (first, last), colour);
        if holders.is_empty() || holders.iter().any(|&j| view.clue[j].len as usize != length) {
            continue;
        }
        let bit = 1u32 << colour;
        let ends: Vec<usize> = [first.checked_sub(1), Some(last + 1)]
            .into_iter()
            .flatten()
            .filter(|&i| view.cells.get(i).is_some_and(|&m| m & bit != 0))
            .collect();
        if ends.is_empty() {
            continue;
        }
        let message = format!(
            "{}: {} are a complete {}, so {} {}",
            view.header(),
            view.span(first, last),
            view.puzzle.block_text(length, colour),
            view.positions(&ends),
            view.puzzle.not_colour_text(colour, ends.len()),
        );
        let keep: Vec<(usize, u32)> = ends.iter().map(|&i| (i, !bit)).collect();
        return view.step("punctuation", 2, message, &keep);
    }
    None
}

/// The id of `line-logic`: the last technique of each kind that looks at one line alone
/// (`refute.rs` relies on it).
pub(super) const LINE_LOGIC: &str = "line-logic";

/// `line-logic`: what the exact line solver narrows.
pub(super) fn line_logic<P: SolveLine>(puzzle: &P, board: &Board) -> Option<Found> {
    let mut solver = P::Solver::default();
    first_line(puzzle, board, LINE_LOGIC_ID, |view| {
        line_logic_says(view, puzzle.solve_line(&mut solver, view.line, &view.cells))
    })
}

/// `line-logic` on one line, from what the line solver left of its cells (`narrowed`).
fn line_logic_says(view: &LineView, narrowed: Option<Vec<u32>>) -> Option<Found> {
    let Some(narrowed) = narrowed else {
        return Some(view.contradiction("has no placement that fits its known cells"));
    };
    // The narrowed cells grouped by what they keep.
    let mut groups: Vec<(u32, Vec<usize>)> = Vec::new();
    for (i, &mask) in narrowed.iter().enumerate().filter(|&(i, &mask)| mask != view.cells[i]) {
        match groups.iter_mut().find(|(m, _)| *m == mask) {
            Some((_, positions)) => positions.push(i),
            None => groups.push((mask, vec![i])),
        }
    }
    if groups.is_empty() {
        return None;
    }
    if view.puzzle.rules().filled_first {
        groups.sort_by_key(|&(mask, _)| std::cmp::Reverse(mask));
    }
    let said: Vec<String> = groups
        .iter()
        .map(|(mask, positions)| {
            let places = view.positions(positions);
            if mask.count_ones() == 1 {
                format!("{places} {} {}", is_are(positions.len()), view.values(*mask))
            } else {
                format!("{places} can only be {}", view.values(*mask))
            }
        })
        .collect();
    let message =
        format!("{}: in every placement of the clue that fits the known cells, {}", view.header(), join_and(&said));
    let keep: Vec<(usize, u32)> = if view.puzzle.rules().filled_first {
        (0..narrowed.len()).filter(|&i| narrowed[i] != view.cells[i]).map(|i| (i, narrowed[i])).collect()
    } else {
        groups.iter().flat_map(|(mask, positions)| positions.iter().map(move |&i| (i, *mask))).collect()
    };
    view.step(LINE_LOGIC, 3, message, &keep)
}
