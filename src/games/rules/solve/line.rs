//! A line of play: the moves (or turns) from a position, each with its words
//! and the position it leads to.

use super::super::model::{End, Word};

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
}

impl<S> Line<S> {
    pub(crate) fn new() -> Line<S> {
        Line {
            steps: Vec::new(),
            ended: None,
        }
    }

    /// The first `max` moves (the end kept only when every move is).
    pub(crate) fn truncated(mut self, max: u64) -> Line<S> {
        let max = usize::try_from(max).unwrap_or(usize::MAX);
        if self.steps.len() > max {
            self.steps.truncate(max);
            self.ended = None;
        }
        self
    }

    /// The words of every move, joined by spaces (tests, debugging).
    pub fn names(&self) -> Vec<String> {
        self.steps.iter().map(|s| s.words.join(" ")).collect()
    }
}
