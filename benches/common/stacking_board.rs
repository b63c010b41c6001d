//! The stacking benchmarks' random boards (shared by `stacking` and
//! `stacking_rules`), and a board as a `game stacking` scenario.

use meeple::games::stacking::rules::{Colour, Dir, Mover, Setup};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A square board with `red` and `blue` per mille of cells, `k` pieces on
/// distinct random cells with random directions (seeded, deterministic).
pub fn random_board(
    seed: u64,
    n: usize,
    k: usize,
    red: u32,
    blue: u32,
    stack: usize,
    mover: Mover,
) -> Setup {
    let mut rng = StdRng::seed_from_u64(seed);
    let colours = (0..n * n)
        .map(|_| {
            let x = rng.gen_range(0..1000u32);
            if x < red {
                Colour::Red
            } else if x < red + blue {
                Colour::Blue
            } else {
                Colour::White
            }
        })
        .collect();
    let mut cells: Vec<usize> = (0..n * n).collect();
    let dirs = [Dir::Right, Dir::Left, Dir::Up, Dir::Down];
    let pieces = (0..k)
        .map(|_| {
            let c = cells.swap_remove(rng.gen_range(0..cells.len()));
            ((c / n, c % n), dirs[rng.gen_range(0..4)])
        })
        .collect();
    Setup {
        rows: n,
        cols: n,
        colours,
        pieces,
        stack,
        mover,
    }
}

/// `setup` as a `game stacking` scenario (origin 0) with `limit` (`None`:
/// `limit none`) and the queries `queries`.
#[allow(dead_code)]
pub fn scenario(setup: &Setup, limit: Option<u64>, queries: &str) -> String {
    let mut s = String::from("scenario \"big\" {\n  game stacking\n  rule origin 0\n");
    s.push_str(&format!("  rule stack {}\n", setup.stack));
    match limit {
        Some(n) => s.push_str(&format!("  rule limit {n}\n")),
        None => s.push_str("  rule limit none\n"),
    }
    if setup.mover == Mover::Bottom {
        s.push_str("  rule mover bottom\n");
    }
    let rows: Vec<String> = (0..setup.rows)
        .map(|r| {
            let row: Vec<&str> = (0..setup.cols)
                .map(|c| match setup.colours[r * setup.cols + c] {
                    Colour::White => "0",
                    Colour::Red => "1",
                    Colour::Blue => "2",
                })
                .collect();
            format!("    [{}]", row.join(", "))
        })
        .collect();
    s.push_str(&format!("  board [\n{}\n  ]\n", rows.join(",\n")));
    for (i, ((r, c), d)) in setup.pieces.iter().enumerate() {
        let d = match d {
            Dir::Right => "right",
            Dir::Left => "left",
            Dir::Up => "up",
            Dir::Down => "down",
        };
        s.push_str(&format!("  piece {} at ({r}, {c}) facing {d}\n", i + 1));
    }
    s.push_str(queries);
    s.push_str("}\n");
    s
}
