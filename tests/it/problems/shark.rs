//! BOJ 19236 (teen shark): scripts/problems/shark.game against a plain
//! depth-first search written from the statement.

use super::{agree, rng, CASES};
use rand::seq::SliceRandom;
use rand::Rng;

/// The statement's directions 1..=8: up, up-left, left, down-left, down,
/// down-right, right, up-right.
const D: [(i32, i32); 8] = [
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
];

/// A fish: (number, direction 0..8), or none.
type Grid = [[Option<(u32, usize)>; 4]; 4];

fn on(r: i32, c: i32) -> bool {
    (0..4).contains(&r) && (0..4).contains(&c)
}

/// The best total from here: the shark at (sr, sc) facing `sd`.
fn dfs(g: Grid, sr: i32, sc: i32, sd: usize) -> u32 {
    let mut g = g;
    // The fish move in number order.
    for n in 1..=16 {
        let Some((r, c)) = (0..16)
            .map(|i| (i / 4, i % 4))
            .find(|&(r, c)| matches!(g[r as usize][c as usize], Some((m, _)) if m == n))
        else {
            continue;
        };
        let (_, mut d) = g[r as usize][c as usize].unwrap();
        for _ in 0..8 {
            let (nr, nc) = (r + D[d].0, c + D[d].1);
            if on(nr, nc) && (nr, nc) != (sr, sc) {
                let other = g[nr as usize][nc as usize];
                g[nr as usize][nc as usize] = Some((n, d));
                g[r as usize][c as usize] = other;
                break;
            }
            d = (d + 1) % 8;
        }
        // Eight turns of 45 degrees without a move: it stays as it was.
    }
    let mut best = 0;
    let (mut r, mut c) = (sr + D[sd].0, sc + D[sd].1);
    while on(r, c) {
        if let Some((n, d)) = g[r as usize][c as usize] {
            let mut h = g;
            h[r as usize][c as usize] = None;
            best = best.max(n + dfs(h, r, c, d));
        }
        r += D[sd].0;
        c += D[sd].1;
    }
    best
}

/// The largest total the shark can eat.
pub fn reference(g: &Grid) -> u32 {
    let mut g = *g;
    let (n, d) = g[0][0].take().unwrap();
    n + dfs(g, 0, 0, d)
}

fn scenario(g: &Grid) -> String {
    let mut s = String::from("  board {\n");
    for row in g {
        let ds: Vec<String> = row.iter().map(|f| (f.unwrap().1 + 1).to_string()).collect();
        s.push_str(&format!("    {}\n", ds.join(" ")));
    }
    s.push_str("  }\n");
    for (r, row) in g.iter().enumerate() {
        for (c, f) in row.iter().enumerate() {
            s.push_str(&format!("  piece {} at ({r}, {c})\n", f.unwrap().0));
        }
    }
    s
}

/// The judge's input is always 16 fish in some order with directions 1..8.
fn random(r: &mut impl Rng) -> Grid {
    let mut nums: Vec<u32> = (1..=16).collect();
    nums.shuffle(r);
    let mut g: Grid = [[None; 4]; 4];
    for (i, n) in nums.into_iter().enumerate() {
        g[i / 4][i % 4] = Some((n, r.gen_range(0..8)));
    }
    g
}

fn parse(rows: [&str; 4]) -> Grid {
    let mut g: Grid = [[None; 4]; 4];
    for (r, row) in rows.iter().enumerate() {
        let v: Vec<u32> = row.split(' ').map(|x| x.parse().unwrap()).collect();
        for c in 0..4 {
            g[r][c] = Some((v[2 * c], v[2 * c + 1] as usize - 1));
        }
    }
    g
}

#[test]
fn shark_agrees_with_the_reference() {
    let mut r = rng(19236);
    let mut grids: Vec<Grid> = (0..CASES).map(|_| random(&mut r)).collect();
    // The first sample, and a shark that faces off the board at once (it
    // eats one fish and goes home).
    let first = parse([
        "7 6 2 3 15 6 9 8",
        "3 1 1 8 14 7 10 1",
        "6 1 13 6 4 3 11 4",
        "16 1 8 7 5 2 12 2",
    ]);
    assert_eq!(reference(&first), 33);
    grids.push(first);
    let mut home = random(&mut r);
    let at = (0..16)
        .find(|&i| home[i / 4][i % 4].unwrap().0 == 16)
        .unwrap();
    home[at / 4][at % 4] = home[0][0];
    home[0][0] = Some((16, 0));
    grids.push(home);
    let want: Vec<String> = grids.iter().map(|g| reference(g).to_string()).collect();
    let bodies: Vec<String> = grids.iter().map(scenario).collect();
    agree("shark", &bodies, &want);
}

/// The shark's moves are named by the cells it eats at: its targets are a
/// list begun empty (`let targets = []`), which the compiler once named as
/// plain numbers (`1. 0`, `2. 10`).
#[test]
fn shark_moves_are_named_by_their_cells() {
    let run = meeple::run_source("shark.game", &super::script("shark"));
    let shown = crate::common::shown(&run);
    assert!(shown.contains("1. eat (0, 0) (score +7)"), "{shown}");
    assert!(shown.contains("2. eat (2, 2) (score +15)"), "{shown}");
}
