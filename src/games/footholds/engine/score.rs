//! Scores: a mate-distance value from the side to move's view, and what
//! a window of scores says of the position for the progress line.
//!
//! A win in `n` more moves scores `MAXN - n`, a loss in `n` more moves
//! scores `n - MAXN`, so faster wins and slower losses score higher. A
//! child's score `s` is worth `up(s)` to its parent (one move further from
//! the end, and negated).

use super::super::value::Value;

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

/// What the scores `lo..=hi` say of the side to move, for a progress line.
pub(super) fn describe_bounds(lo: i32, hi: i32) -> String {
    if lo > 0 {
        // A win: higher scores win sooner.
        format!("mover wins in ≤ {}", MAXN - lo)
    } else if hi <= 0 {
        // A loss: higher scores last longer.
        format!("mover loses after ≥ {}", lo + MAXN)
    } else if lo > -MAXN {
        format!("mover wins, or loses after ≥ {}", lo + MAXN)
    } else if hi < MAXN {
        format!("mover loses, or wins in ≥ {}", MAXN - hi)
    } else {
        "no bound yet".to_string()
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
        assert_eq!(describe_bounds(-MAXN, MAXN), "no bound yet");
        let win_in_5 = to_score(Value {
            mover_wins: true,
            moves: 5,
        });
        assert_eq!(describe_bounds(win_in_5, MAXN), "mover wins in ≤ 5");
        let loss_after_8 = to_score(Value {
            mover_wins: false,
            moves: 8,
        });
        assert_eq!(
            describe_bounds(loss_after_8, loss_after_8),
            "mover loses after ≥ 8"
        );
        assert_eq!(
            describe_bounds(loss_after_8, MAXN),
            "mover wins, or loses after ≥ 8"
        );
        assert_eq!(
            describe_bounds(-MAXN, win_in_5),
            "mover loses, or wins in ≥ 5"
        );
    }
}
