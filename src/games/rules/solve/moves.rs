//! `solve moves`: win fast, lose slow. A value is a mate distance: winning
//! in `d` moves is `M - d`, losing in `d` moves is `d - M`; a draw or `stop`
//! is refused ([`SolveError::NoWinner`]). A repetition on the line is a
//! draw (0) in the search; an answer that is a draw (neither side can
//! force a win) is refused as endless.

use super::super::model::End;
use super::alphabeta::{endless, Kind};
use super::{SolveError, Value};

/// Past any game's length.
const M: i64 = 1 << 40;

/// The `moves` kind.
pub(crate) struct Moves;

fn sign(x: i64) -> i64 {
    x.signum()
}

impl Kind for Moves {
    const RETROGRADE: bool = true;

    fn ended(end: End) -> Result<i64, SolveError> {
        match end {
            End::Win => Ok(M),
            End::Lose => Ok(-M),
            other => Err(SolveError::NoWinner(other)),
        }
    }

    fn leaf_end(end: End, _reward: i64) -> Result<i64, SolveError> {
        match end {
            End::Win => Ok(M - 1),
            End::Lose => Ok(1 - M),
            other => Err(SolveError::NoWinner(other)),
        }
    }

    #[inline]
    fn parent(c: i64, _reward: i64) -> Result<i64, SolveError> {
        // One move further from the end, seen from the other side.
        Ok(-c + sign(c))
    }

    #[inline]
    fn child_window(alpha: i64, beta: i64, _reward: i64) -> (i64, i64) {
        (Self::child_of(beta, 0), Self::child_of(alpha, 0))
    }

    #[inline]
    fn child_of(p: i64, _reward: i64) -> i64 {
        -p - sign(p)
    }

    fn repeated() -> Result<i64, SolveError> {
        // A draw in the search: between every win and every loss.
        Ok(0)
    }

    fn settled(v: i64) -> Result<i64, SolveError> {
        if v == 0 {
            Err(endless("moves"))
        } else {
            Ok(v)
        }
    }

    fn answer(v: i64, mover: u8) -> Value {
        if v > 0 {
            Value::Moves {
                total: u32::try_from(M - v).unwrap_or(u32::MAX),
                winner: mover,
            }
        } else {
            Value::Moves {
                total: u32::try_from(v + M).unwrap_or(u32::MAX),
                winner: 1 - mover.min(1),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_grow_by_one_per_move_and_windows_invert_them() {
        // A child that loses now: the parent wins in 1.
        assert_eq!(Moves::parent(-M, 0).unwrap(), M - 1);
        // A child that wins in 2: the parent loses in 3.
        assert_eq!(Moves::parent(M - 2, 0).unwrap(), 3 - M);
        for c in [-M, 5 - M, M - 7, M] {
            let p = Moves::parent(c, 0).unwrap();
            assert_eq!(Moves::child_of(p, 0), c);
        }
        assert_eq!(
            Moves::answer(M - 5, 1),
            Value::Moves {
                total: 5,
                winner: 1
            }
        );
        assert_eq!(
            Moves::answer(4 - M, 0),
            Value::Moves {
                total: 4,
                winner: 1
            }
        );
    }
}
