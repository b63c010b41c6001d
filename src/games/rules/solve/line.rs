//! A line of play: the moves (or turns) from a position, each with its words
//! and the position it leads to.

use super::super::model::{End, Word};
use crate::budget::{Budget, LimitHit};

/// One move (or turn) of a line.
#[derive(Clone, Debug)]
pub struct Step<S> {
    /// The move's words (empty for a zero-player turn).
    pub words: Vec<Word>,
    /// The position after it.
    pub next: S,
    /// The `score +=` total of the move, credited to its mover.
    pub reward: i64,
    /// When the move ended the game.
    pub end: Option<End>,
}

/// A line of play.
#[derive(Clone, Debug)]
pub struct Line<S> {
    /// The moves, in order.
    pub steps: Vec<Step<S>>,
    /// When the game ended at the start of the turn after the last move
    /// (how, and whether the mover was stuck).
    pub ended: Option<(End, bool)>,
    /// The bytes the steps' positions hold (counted against `--memory`).
    held: u64,
}

impl<S> Line<S> {
    pub(crate) fn new() -> Line<S> {
        Line {
            steps: Vec::new(),
            ended: None,
            held: 0,
        }
    }

    /// Add a step whose position holds `bytes`, the line's positions
    /// counted against `--memory` (a line of thousands of moves on a big
    /// board holds a copy of the board per move).
    pub(crate) fn push(
        &mut self,
        step: Step<S>,
        bytes: u64,
        budget: &Budget,
    ) -> Result<(), LimitHit> {
        self.held = self.held.saturating_add(bytes + 64);
        budget.check_memory(self.held)?;
        self.steps.push(step);
        Ok(())
    }

    /// The words of every move, joined by spaces (tests, debugging).
    pub fn names(&self) -> Vec<String> {
        self.steps.iter().map(|s| s.words.join(" ")).collect()
    }
}
