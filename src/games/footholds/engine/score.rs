//! Scores: a mate-distance value from the side to move's view, and what
//! a window of scores says of the position for the progress line.
//!
//! A win in `n` more moves scores `MAXN - n`, a loss in `n` more moves
//! scores `n - MAXN`, so faster wins and slower losses score higher. A
//! child's score `s` is worth `up(s)` to its parent (one move further from
//! the end, and negated).

use super::super::value::Value;
use crate::budget::Bound;

/// Score of a win in `n` more moves is `MAXN - n`; of a loss, `n - MAXN`.
pub(super) const MAXN: i32 = 1000;
/// Beyond every score (window bounds only).
pub(super) const INF: i32 = 10_000;

#[inline]
pub(super) fn win(n: u32) -> i32 {
    MAXN - n as i32
}

#[inline]
pub(super) fn loss(n: u32) -> i32 {
    n as i32 - MAXN
}

/// The child's score `s` seen from the parent (one more move).
#[inline]
pub(super) fn up(s: i32) -> i32 {
    if s > 0 {
        1 - s
    } else {
        -1 - s
    }
}

/// The child bound matching parent bound `b` (`up(s) > b` iff `s < down(b)`).
#[inline]
pub(super) fn down(b: i32) -> i32 {
    match b.signum() {
        1 => -b - 1,
        -1 => 1 - b,
        _ => 0,
    }
}

pub(super) fn to_value(s: i32) -> Value {
    if s > 0 {
        Value {
            mover_wins: true,
            moves: (MAXN - s).max(0) as u32,
        }
    } else {
        Value {
            mover_wins: false,
            moves: (s + MAXN).max(0) as u32,
        }
    }
}

/// What the scores `lo..=hi` say of the side to move, for a progress
/// display (`None`: nothing yet).
pub(super) fn bound(lo: i32, hi: i32) -> Option<Bound> {
    if lo > 0 {
        // A win: higher scores win sooner.
        Some(Bound::WinsWithin((MAXN - lo) as u32))
    } else if hi <= 0 {
        // A loss: higher scores last longer.
        Some(Bound::LosesAfter((lo + MAXN) as u32))
    } else if lo > -MAXN {
        Some(Bound::WinsOrLosesAfter((lo + MAXN) as u32))
    } else if hi < MAXN {
        Some(Bound::LosesOrWinsIn((MAXN - hi) as u32))
    } else {
        None
    }
}

pub(super) fn to_score(v: Value) -> i32 {
    let n = v.moves.min(MAXN as u32 - 1);
    if v.mover_wins {
        win(n)
    } else {
        loss(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_read_as_wins_and_losses() {
        assert_eq!(bound(-MAXN, MAXN), None);
        let win_in_5 = to_score(Value {
            mover_wins: true,
            moves: 5,
        });
        assert_eq!(bound(win_in_5, MAXN), Some(Bound::WinsWithin(5)));
        let loss_after_8 = to_score(Value {
            mover_wins: false,
            moves: 8,
        });
        assert_eq!(
            bound(loss_after_8, loss_after_8),
            Some(Bound::LosesAfter(8))
        );
        assert_eq!(bound(loss_after_8, MAXN), Some(Bound::WinsOrLosesAfter(8)));
        assert_eq!(bound(-MAXN, win_in_5), Some(Bound::LosesOrWinsIn(5)));
    }
}
