//! BOJ 12100 (2048 easy): scripts/problems/merge2048.game against a plain
//! depth-first search over the 4^5 tilt sequences, written from the
//! statement (rotate the board so every tilt is "left").

use super::{agree, full, rng, CASES};
use rand::Rng;

type Board = Vec<Vec<u32>>;

/// Tilt every row to the left, merging each pair once.
fn tilt_left(b: &Board) -> Board {
    b.iter()
        .map(|row| {
            let blocks: Vec<u32> = row.iter().copied().filter(|&v| v > 0).collect();
            let mut out = Vec::new();
            let mut i = 0;
            while i < blocks.len() {
                if i + 1 < blocks.len() && blocks[i] == blocks[i + 1] {
                    out.push(blocks[i] * 2);
                    i += 2;
                } else {
                    out.push(blocks[i]);
                    i += 1;
                }
            }
            out.resize(row.len(), 0);
            out
        })
        .collect()
}

/// The board turned a quarter clockwise.
fn turn(b: &Board) -> Board {
    let n = b.len();
    (0..n)
        .map(|r| (0..n).map(|c| b[n - 1 - c][r]).collect())
        .collect()
}

fn best(b: &Board, left: u32) -> u32 {
    if left == 0 {
        return b.iter().flatten().copied().max().unwrap();
    }
    let mut b = b.clone();
    let mut top = 0;
    for _ in 0..4 {
        top = top.max(best(&tilt_left(&b), left - 1));
        b = turn(&b);
    }
    top
}

/// The largest block after 5 tilts.
pub fn reference(b: &Board) -> u32 {
    best(b, 5)
}

fn scenario(b: &Board) -> String {
    let rows: Vec<String> = b
        .iter()
        .map(|r| {
            format!(
                "[{}]",
                r.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    format!("  board [{}]", rows.join(", "))
}

/// An N x N board (N in `sizes`) of blocks 2..1024 or empty; small
/// exponents make merges common.
fn random(r: &mut impl Rng, sizes: std::ops::RangeInclusive<usize>) -> Board {
    let n = r.gen_range(sizes);
    let top = r.gen_range(1..=10);
    let empty = r.gen_range(0.0..0.7);
    (0..n)
        .map(|_| {
            (0..n)
                .map(|_| {
                    if r.gen_bool(empty) {
                        0
                    } else {
                        1 << r.gen_range(1..=top)
                    }
                })
                .collect()
        })
        .collect()
}

/// N up to 8, and N = 20 (the judge's limit) for the cases [`full`] picks.
#[test]
fn merge2048_agrees_with_the_reference() {
    let mut r = rng(12100);
    let mut boards: Vec<Board> = (0..CASES)
        .map(|i| random(&mut r, if full(i) { 20..=20 } else { 1..=8 }))
        .collect();
    boards.push(vec![vec![2]]);
    boards.push(vec![vec![0, 0], vec![0, 2]]);
    boards.push(vec![vec![1024; 20]; 20]);
    boards.push(vec![vec![2, 2, 4, 8], vec![0; 4], vec![0; 4], vec![0; 4]]);
    let want: Vec<String> = boards.iter().map(|b| reference(b).to_string()).collect();
    let bodies: Vec<String> = boards.iter().map(scenario).collect();
    agree("merge2048", &bodies, &want);
}
