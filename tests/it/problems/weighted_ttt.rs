//! AtCoder ABC 349 E (weighted tic-tac-toe):
//! scripts/problems/weighted_ttt.game against a plain minimax over the
//! 3^9 boards written from the statement.

use super::{agree, rng, CASES};
use rand::Rng;

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Does the player to move (colour `me`, 1 or 2) win from `cells`?
fn wins(a: &[i64; 9], cells: &mut [u8; 9], me: u8) -> bool {
    for i in 0..9 {
        if cells[i] != 0 {
            continue;
        }
        cells[i] = me;
        let line = LINES.iter().any(|l| l.iter().all(|&j| cells[j] == me));
        let full = cells.iter().all(|&c| c != 0);
        let won = if line {
            true
        } else if full {
            let score = |p| (0..9).filter(|&j| cells[j] == p).map(|j| a[j]).sum::<i64>();
            score(me) > score(3 - me)
        } else {
            !wins(a, cells, 3 - me)
        };
        cells[i] = 0;
        if won {
            return true;
        }
    }
    false
}

/// "Takahashi" or "Aoki".
pub fn reference(a: &[i64; 9]) -> &'static str {
    if wins(a, &mut [0; 9], 1) {
        "Takahashi"
    } else {
        "Aoki"
    }
}

fn scenario(a: &[i64; 9]) -> String {
    let rows: Vec<String> = a
        .chunks(3)
        .map(|r| format!("[{}, {}, {}]", r[0], r[1], r[2]))
        .collect();
    format!("  board [{}]", rows.join(", "))
}

/// Nine numbers within `bound` whose sum is odd.
fn random(r: &mut impl Rng, bound: i64) -> [i64; 9] {
    let mut a = [0; 9];
    for x in &mut a {
        *x = r.gen_range(-bound..=bound);
    }
    if a.iter().sum::<i64>() % 2 == 0 {
        a[r.gen_range(0..9)] += if a[0] < bound { 1 } else { -1 };
        // Keep the sum odd after the nudge, whatever cell it took.
        if a.iter().sum::<i64>() % 2 == 0 {
            a[0] += if a[0] < bound { 1 } else { -1 };
        }
    }
    a
}

#[test]
fn weighted_ttt_agrees_with_the_reference() {
    let mut r = rng(349);
    let bound = 1_000_000_000;
    let mut cases: Vec<[i64; 9]> = (0..CASES)
        .map(|i| match i % 3 {
            0 => random(&mut r, bound),
            1 => random(&mut r, 3),
            // Mostly negative weights: the first to move is pushed to
            // take cells that lose, and Aoki wins more often.
            _ => random(&mut r, 5).map(|x| x - 4 + 2 * (x % 2)),
        })
        .collect();
    // The judge's extremes and a near tie: every weight at a bound but one unit (the sum is odd), and
    // one odd unit deciding.
    let mut top = [bound; 9];
    top[8] -= 1;
    cases.push(top);
    cases.push(top.map(|x| -x));
    cases.push([0, 0, 0, 0, 0, 0, 0, 0, 1]);
    cases.push([0, 0, 0, 0, 0, 0, 0, 0, -1]);
    cases.push([
        bound, -bound, bound, -bound, 1, -bound, bound, -bound, bound,
    ]);
    // The second sample: Aoki.
    cases.push([-1, 1, 0, -4, -2, -5, -4, -1, -5]);
    let want: Vec<String> = cases.iter().map(|a| reference(a).to_string()).collect();
    let aoki = want.iter().filter(|w| *w == "Aoki").count();
    assert!(
        aoki > 10 && aoki < cases.len() - 10,
        "{aoki} Aoki wins: too few of a kind"
    );
    let bodies: Vec<String> = cases.iter().map(scenario).collect();
    agree("weighted_ttt", &bodies, &want);
}
