//! `solve outcome`: win (1), draw (0) or lose (-1) for the mover; `stop` and
//! a repetition on the line are draws.

use super::super::model::End;
use super::alphabeta::Kind;
use super::{SolveError, Value};

/// The `outcome` kind.
pub(crate) struct Outcome;

fn of(end: End) -> i64 {
    match end {
        End::Win => 1,
        End::Lose => -1,
        End::Draw | End::Stop => 0,
    }
}

impl Kind for Outcome {
    const RETROGRADE: bool = true;

    fn ended(end: End) -> Result<i64, SolveError> {
        Ok(of(end))
    }

    fn leaf_end(end: End, _reward: i64) -> Result<i64, SolveError> {
        Ok(of(end))
    }

    #[inline]
    fn parent(c: i64, _reward: i64) -> Result<i64, SolveError> {
        Ok(-c)
    }

    #[inline]
    fn child_window(alpha: i64, beta: i64, _reward: i64) -> (i64, i64) {
        (-beta, -alpha)
    }

    #[inline]
    fn child_of(p: i64, _reward: i64) -> i64 {
        -p
    }

    fn repeated() -> Result<i64, SolveError> {
        Ok(0)
    }

    fn answer(v: i64, mover: u8) -> Value {
        Value::Outcome(match v.signum() {
            1 => super::Outcome::Win(mover),
            -1 => super::Outcome::Win(1 - mover.min(1)),
            _ => super::Outcome::Draw,
        })
    }
}
