//! Plain reference solvers: exhaustive backtracking over every choice of piece (no memo; the
//! only pruning is that pieces sharing a square make the same move, so only the first of them
//! is tried). Exponential; used by the tests and as the benchmark baseline.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

use super::rules::{destination, normalize};
use super::track::{SquareId, Track};
use crate::budget::{Budget, LimitHit};

/// One level of the backtracking: the next piece to try, whether some piece moved here, and
/// the move that led to this level (piece, from, score) to undo on the way back.
struct Frame {
    next: usize,
    moved: bool,
    undo: Option<(usize, u32, i64)>,
}

/// The maximum total score by trying every legal move for every roll (no memo; of several
/// pieces on one square only the first is tried). Ticks once per move tried. Totals are exact (`i128`).
pub fn reference_best_score(
    track: &Track,
    pieces: &[SquareId],
    rolls: &[u64],
    budget: &Budget,
) -> Result<i128, LimitHit> {
    let mut pos = normalize(track, pieces);
    let mut total: i128 = 0;
    let mut best = i128::MIN;
    let mut stack = vec![Frame {
        next: 0,
        moved: false,
        undo: None,
    }];
    while !stack.is_empty() {
        let depth = stack.len() - 1;
        let top = &mut stack[depth];
        let mut step = None;
        if depth < rolls.len() {
            while top.next < pos.len() {
                let p = top.next;
                top.next += 1;
                // Identical pieces on one square make the same move: try the first only.
                if pos[..p].contains(&pos[p]) {
                    continue;
                }
                if let Some(to) = destination(track, &pos, p, rolls[depth]) {
                    step = Some((p, to));
                    break;
                }
            }
        }
        match step {
            Some((p, to)) => {
                budget.tick()?;
                top.moved = true;
                let score = track.score_u32(to);
                let from = pos[p];
                pos[p] = to;
                total += score as i128;
                stack.push(Frame {
                    next: 0,
                    moved: false,
                    undo: Some((p, from, score)),
                });
            }
            None => {
                // All rolls used, or no piece could move: this line ends here.
                if !top.moved {
                    best = best.max(total);
                }
                if let Some((p, from, score)) = top.undo {
                    pos[p] = from;
                    total -= score as i128;
                }
                stack.pop();
            }
        }
    }
    Ok(best)
}

/// The maximum expected score with `count` rolls uniform on `lo..=hi`, each seen before the
/// piece is chosen, by plain recursion over every roll value and every piece (no memo).
/// Exponential: for tests on tiny cases only.
pub fn reference_expected_score(
    track: &Track,
    pieces: &[SquareId],
    lo: u64,
    hi: u64,
    count: u64,
    budget: &Budget,
) -> Result<BigRational, LimitHit> {
    if lo > hi {
        return Ok(BigRational::zero());
    }
    let mut pos = normalize(track, pieces);
    expect_rec(track, &mut pos, lo, hi, count, budget)
}

fn expect_rec(
    track: &Track,
    pos: &mut [u32],
    lo: u64,
    hi: u64,
    count: u64,
    budget: &Budget,
) -> Result<BigRational, LimitHit> {
    if count == 0 {
        return Ok(BigRational::zero());
    }
    let mut sum = BigRational::zero();
    let mut r = lo;
    loop {
        let mut best: Option<BigRational> = None;
        for p in 0..pos.len() {
            if pos[..p].contains(&pos[p]) {
                continue;
            }
            let Some(to) = destination(track, pos, p, r) else {
                continue;
            };
            budget.tick()?;
            let from = pos[p];
            pos[p] = to;
            let later = expect_rec(track, pos, lo, hi, count - 1, budget);
            pos[p] = from;
            let v = later? + BigRational::from_integer(BigInt::from(track.score_u32(to)));
            if best.as_ref().is_none_or(|b| v > *b) {
                best = Some(v);
            }
        }
        if let Some(b) = best {
            sum += b;
        }
        if r == hi {
            break;
        }
        r += 1;
    }
    let k = BigInt::from(hi - lo) + 1;
    Ok(sum / BigRational::from_integer(k))
}

#[cfg(test)]
mod tests {
    use super::super::track::standard_track;
    use super::*;

    #[test]
    fn official_samples_by_backtracking() {
        let t = standard_track();
        let p = [t.start(); 4];
        assert_eq!(
            reference_best_score(
                &t,
                &p,
                &[1, 2, 3, 4, 1, 2, 3, 4, 1, 2],
                &Budget::unlimited()
            ),
            Ok(190)
        );
        assert_eq!(
            reference_best_score(&t, &p, &[], &Budget::unlimited()),
            Ok(0)
        );
        let b = Budget::new(Some(10), None);
        assert!(reference_best_score(&t, &p, &[1; 10], &b).is_err());
    }

    #[test]
    fn tiny_expectation() {
        let t = standard_track();
        // One piece, one roll of 1..5: scores 2, 4, 6, 8, 10 → 6.
        let v = reference_expected_score(&t, &[t.start()], 1, 5, 1, &Budget::unlimited());
        assert_eq!(v, Ok(BigRational::from_integer(6.into())));
    }
}
