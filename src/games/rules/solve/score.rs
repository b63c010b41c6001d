//! `solve score`: zero-sum on `score +=`. A value is the mover's score
//! still to come minus the opponent's; the end of the game (any end) and a
//! repetition on the line add nothing more. Sums are checked: an overflow is
//! `meeple::rules::overflow`.

use super::super::model::{End, RunError, RunErrorKind};
use super::alphabeta::Kind;
use super::{SolveError, Value};

/// The `score` kind.
pub(crate) struct Score;

fn overflow() -> SolveError {
    SolveError::Run(RunError {
        kind: RunErrorKind::Overflow,
        message: "the score difference of a line of play overflows a 64-bit integer".into(),
        span: Default::default(),
    })
}

impl Kind for Score {
    fn ended(_end: End) -> Result<i64, SolveError> {
        Ok(0)
    }

    fn leaf_end(_end: End, reward: i64) -> Result<i64, SolveError> {
        Ok(reward)
    }

    #[inline]
    fn parent(c: i64, reward: i64) -> Result<i64, SolveError> {
        reward.checked_sub(c).ok_or_else(overflow)
    }

    #[inline]
    fn child_window(alpha: i64, beta: i64, reward: i64) -> (i64, i64) {
        (reward.saturating_sub(beta), reward.saturating_sub(alpha))
    }

    #[inline]
    fn child_of(p: i64, reward: i64) -> i64 {
        reward.saturating_sub(p)
    }

    fn repeated() -> Result<i64, SolveError> {
        Ok(0)
    }

    const CYCLE_CLOSES_ANYWHERE: bool = false;

    fn answer(v: i64, mover: u8) -> Value {
        Value::Score(if mover == 0 { v } else { v.saturating_neg() })
    }
}
