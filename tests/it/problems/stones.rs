//! BOJ 9655 (stone game): scripts/problems/stones.game against the
//! win/lose table written from the statement (not the parity rule).

use super::{agree, rng, CASES};
use rand::Rng;

/// "SK" or "CY" for `n` stones.
pub fn reference(n: usize) -> &'static str {
    // wins[i]: the player to move with i stones left wins.
    let mut wins = vec![false; n + 1];
    for i in 1..=n {
        wins[i] = [1, 3].iter().any(|&t| t <= i && !wins[i - t]);
    }
    if wins[n] {
        "SK"
    } else {
        "CY"
    }
}

/// Random N within the judge's 1..=1,000, and the edges.
#[test]
fn stones_agrees_with_the_reference() {
    let mut r = rng(9655);
    let mut ns: Vec<usize> = (0..CASES).map(|_| r.gen_range(1..=1000)).collect();
    ns.extend([1, 2, 3, 4, 999, 1000]);
    let want: Vec<String> = ns.iter().map(|&n| reference(n).to_string()).collect();
    let bodies: Vec<String> = ns.iter().map(|n| format!("  rule stones {n}")).collect();
    agree("stones", &bodies, &want);
}
