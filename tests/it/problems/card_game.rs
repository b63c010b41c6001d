//! BOJ 11062 (card game): scripts/problems/card_game.game against the
//! interval dynamic programme written from the statement.

use super::{agree, full, rng, CASES};
use rand::Rng;

/// Geunwoo's total when both play to get the most.
pub fn reference(cards: &[u64]) -> u64 {
    let n = cards.len();
    let prefix: Vec<u64> = std::iter::once(0)
        .chain(cards.iter().scan(0, |s, &c| {
            *s += c;
            Some(*s)
        }))
        .collect();
    // best[i][j]: the most the player to move gets from cards i..=j.
    let mut best = vec![vec![0u64; n]; n];
    for len in 1..=n {
        for i in 0..=n - len {
            let j = i + len - 1;
            let total = prefix[j + 1] - prefix[i];
            best[i][j] = if len == 1 {
                cards[i]
            } else {
                total - best[i + 1][j].min(best[i][j - 1])
            };
        }
    }
    best[0][n - 1]
}

fn scenario(cards: &[u64]) -> String {
    let row: Vec<String> = cards.iter().map(u64::to_string).collect();
    format!("  board [[{}]]", row.join(", "))
}

/// N up to 12, or up to 60 for every fourth case, and up to the judge's
/// 1,000 for the cases [`full`] picks, plus one game of exactly 1,000 cards
/// in the release build (the step of `.ci/run`).
#[test]
fn card_game_agrees_with_the_reference() {
    let max_n = 60;
    let judge_n = 1000;
    let mut r = rng(11062);
    let mut games: Vec<Vec<u64>> = (0..CASES)
        .map(|i| {
            let n = r.gen_range(
                1..=if full(i) {
                    judge_n
                } else if i % 4 == 0 {
                    max_n
                } else {
                    12
                },
            );
            let top = if i % 2 == 0 { 10_000 } else { 3 };
            (0..n).map(|_| r.gen_range(1..=top)).collect()
        })
        .collect();
    // One card; two equal cards (a tie of choices); every card the same.
    games.push(vec![10_000]);
    games.push(vec![5, 5]);
    games.push(vec![1; max_n]);
    if full(0) {
        games.push((0..judge_n).map(|_| r.gen_range(1..=10_000)).collect());
    }
    let want: Vec<String> = games.iter().map(|g| reference(g).to_string()).collect();
    let bodies: Vec<String> = games.iter().map(|g| scenario(g)).collect();
    agree("card_game", &bodies, &want);
}
