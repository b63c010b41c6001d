//! Random positions of each game's shape, and a position's declarations
//! as scenario text.

use super::rng::Rng;
use super::shape::{FootholdsShape, Shape, StackingShape, YutShape};
use crate::games::footholds::rules::{Player, Position, Steps};
use crate::games::stacking::judge::JudgeCase;
use crate::games::stacking::rules::{Colour, Dir, Setup};
use crate::games::yut::judge::Setup as YutSetup;
use crate::games::JudgePosition;
use std::fmt::Write;

/// The chance that both footholds players start on one cell.
pub const SAME_CELL: f64 = 0.1;

/// The position of case `index` under `seed`.
pub fn position(shape: &Shape, seed: u64, index: u64) -> JudgePosition {
    let mut rng = Rng::for_case(seed, index);
    match shape {
        Shape::Footholds(s) => JudgePosition::new(footholds(s, &mut rng)),
        Shape::Yut(s) => JudgePosition::new(yut(s, &mut rng)),
        Shape::Stacking(s) => JudgePosition::new(stacking(s, &mut rng)),
    }
}

fn footholds(s: &FootholdsShape, rng: &mut Rng) -> Position {
    let rows = rng.range_usize(s.rows.lo, s.rows.hi);
    let cols = rng.range_usize(s.cols.lo, s.cols.hi);
    let mut cells: Vec<bool> = (0..rows * cols).map(|_| !rng.chance(s.holes)).collect();
    let a = rng.range_usize(0, rows * cols - 1);
    let b = if rng.chance(SAME_CELL) {
        a
    } else {
        rng.range_usize(0, rows * cols - 1)
    };
    cells[a] = true;
    cells[b] = true;
    Position {
        rows,
        cols,
        cells,
        a: (a / cols, a % cols),
        b: (b / cols, b % cols),
        to_move: Player::A,
        steps: Steps::Orthogonal,
    }
}

fn yut(s: &YutShape, rng: &mut Rng) -> YutSetup {
    YutSetup {
        standard_board: s.track.is_none(),
        pieces: s.pieces,
        rolls: (0..s.rolls)
            .map(|_| rng.range(s.dice.lo as u64, s.dice.hi as u64))
            .collect(),
    }
}

const DIRS: [Dir; 4] = [Dir::Right, Dir::Left, Dir::Up, Dir::Down];
const COLOURS: [Colour; 3] = [Colour::White, Colour::Red, Colour::Blue];

fn stacking(s: &StackingShape, rng: &mut Rng) -> JudgeCase {
    let n = rng.range_usize(s.size.lo, s.size.hi);
    let k = rng.range_usize(s.pieces.lo, s.pieces.hi.min(n * n));
    let colours = (0..n * n)
        .map(|_| COLOURS[rng.weighted(&s.colors)])
        .collect();
    // The first k cells of a partial Fisher–Yates shuffle: distinct cells.
    let mut cells: Vec<usize> = (0..n * n).collect();
    let mut pieces = Vec::with_capacity(k);
    for i in 0..k {
        let j = rng.range_usize(i, n * n - 1);
        cells.swap(i, j);
        let dir = DIRS[rng.range_usize(0, 3)];
        pieces.push(((cells[i] / n, cells[i] % n), dir));
    }
    JudgeCase {
        setup: Setup {
            rows: n,
            cols: n,
            colours,
            pieces,
            stack: s.stack,
            mover: s.mover,
        },
        limit: s.limit,
    }
}

/// The statements that declare `position` (after `game GAME`), indented
/// two spaces, each line ending in a newline.
pub fn declarations(shape: &Shape, position: &JudgePosition) -> String {
    let mut out = String::new();
    if let Some(p) = position.downcast_ref::<Position>() {
        out.push_str("  board {\n");
        for r in 0..p.rows {
            let row: Vec<&str> = (0..p.cols)
                .map(|c| if p.is_foothold((r, c)) { "1" } else { "0" })
                .collect();
            let _ = writeln!(out, "    {}", row.join(" "));
        }
        out.push_str("  }\n");
        let _ = writeln!(out, "  piece A at ({}, {})", p.a.0, p.a.1);
        let _ = writeln!(out, "  piece B at ({}, {})", p.b.0, p.b.1);
    } else if let Some(s) = position.downcast_ref::<YutSetup>() {
        if s.pieces != 4 {
            let _ = writeln!(out, "  rule pieces {}", s.pieces);
        }
        let board = match shape {
            Shape::Yut(YutShape { track: Some(t), .. }) => t.name.as_str(),
            _ => "yut",
        };
        let _ = writeln!(out, "  board {board}");
        let rolls: Vec<String> = s.rolls.iter().map(u64::to_string).collect();
        let _ = writeln!(out, "  dice {}", rolls.join(" "));
    } else if let Some(c) = position.downcast_ref::<JudgeCase>() {
        let s = &c.setup;
        if s.stack != 4 {
            let _ = writeln!(out, "  rule stack {}", s.stack);
        }
        // What the judge input cannot say (`rule mover bottom`).
        out.push_str(&position.rules());
        match c.limit {
            Some(1000) => {}
            Some(n) => {
                let _ = writeln!(out, "  rule limit {n}");
            }
            None => out.push_str("  rule limit none\n"),
        }
        out.push_str("  board {\n");
        for row in s.colours.chunks(s.cols.max(1)) {
            let cells: Vec<&str> = row
                .iter()
                .map(|c| match c {
                    Colour::White => "w",
                    Colour::Red => "r",
                    Colour::Blue => "b",
                })
                .collect();
            let _ = writeln!(out, "    {}", cells.join(" "));
        }
        out.push_str("  }\n");
        for (i, &((r, col), d)) in s.pieces.iter().enumerate() {
            let dir = match d {
                Dir::Right => "right",
                Dir::Left => "left",
                Dir::Up => "up",
                Dir::Down => "down",
            };
            let _ = writeln!(out, "  piece {} at ({r}, {col}) facing {dir}", i + 1);
        }
    }
    out
}
