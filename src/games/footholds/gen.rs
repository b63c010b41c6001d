//! Footholds for `meeple gen`: the shape options `--rows A..B --cols A..B
//! --holes P`, random boards, the edge cases of 2022 KAKAO, and a board's
//! declarations.

use super::rules::{Player, Position, Steps};
use crate::games::gen_option::{fraction, interval, not_an_option, Interval, OptionError};
use crate::games::gen_shape::{shape_common, Edge, GenShape, Shape};
use crate::games::rng::Rng;
use crate::games::{GameKind, JudgePosition};
use std::fmt::Write;

/// The options footholds takes.
pub const FLAGS: [&str; 3] = ["--rows", "--cols", "--holes"];
/// The largest footholds side `gen` draws (the solver's own limit is on
/// footholds in play; the judge's is 5).
pub const MAX_SIDE: usize = 8;
/// The chance that both players start on one cell.
pub const SAME_CELL: f64 = 0.1;

/// footholds: `--rows A..B --cols A..B --holes P`.
#[derive(Clone, Debug, PartialEq)]
pub struct FootholdsShape {
    /// Rows (the judge: 1..5).
    pub rows: Interval,
    /// Columns (the judge: 1..5).
    pub cols: Interval,
    /// The chance that a cell other than the players' is a hole (default 0.25).
    pub holes: f64,
}

impl Default for FootholdsShape {
    fn default() -> Self {
        FootholdsShape {
            rows: Interval::new(1, 5),
            cols: Interval::new(1, 5),
            holes: 0.25,
        }
    }
}

/// The shape with the options given, the rest at the judge's defaults.
pub fn parse(args: &[(&str, &str)]) -> Result<Shape, OptionError> {
    let mut s = FootholdsShape::default();
    for &(flag, value) in args {
        match flag {
            "--rows" => s.rows = interval(flag, value, 1, MAX_SIDE)?,
            "--cols" => s.cols = interval(flag, value, 1, MAX_SIDE)?,
            "--holes" => {
                s.holes = fraction(
                    flag,
                    value,
                    "e.g. --holes 0.25: a quarter of the cells (other than the players') are holes",
                )?
            }
            _ => return Err(not_an_option(GameKind::Footholds, flag, value, &FLAGS)),
        }
    }
    Ok(Shape::new(s))
}

impl GenShape for FootholdsShape {
    fn game(&self) -> GameKind {
        GameKind::Footholds
    }

    fn args(&self) -> Vec<(String, String)> {
        vec![
            ("--rows".into(), self.rows.to_string()),
            ("--cols".into(), self.cols.to_string()),
            ("--holes".into(), self.holes.to_string()),
        ]
    }

    fn draw(&self, rng: &mut Rng) -> JudgePosition {
        let rows = rng.range_usize(self.rows.lo, self.rows.hi);
        let cols = rng.range_usize(self.cols.lo, self.cols.hi);
        let mut cells: Vec<bool> = (0..rows * cols).map(|_| !rng.chance(self.holes)).collect();
        let a = rng.range_usize(0, rows * cols - 1);
        let b = if rng.chance(SAME_CELL) {
            a
        } else {
            rng.range_usize(0, rows * cols - 1)
        };
        cells[a] = true;
        cells[b] = true;
        JudgePosition::new(Position {
            rows,
            cols,
            cells,
            a: (a / cols, a % cols),
            b: (b / cols, b % cols),
            to_move: Player::A,
            steps: Steps::Orthogonal,
        })
    }

    fn edges(&self) -> Vec<Edge> {
        edges()
            .into_iter()
            .filter(|e| {
                e.position
                    .downcast_ref::<Position>()
                    .is_some_and(|p| self.rows.contains(p.rows) && self.cols.contains(p.cols))
            })
            .collect()
    }

    fn declarations(&self, position: &JudgePosition) -> String {
        let mut out = String::new();
        let Some(p) = position.downcast_ref::<Position>() else {
            return out;
        };
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
        out
    }

    shape_common!(FootholdsShape);
}

fn board(
    label: &str,
    (rows, cols): (usize, usize),
    feet: impl Fn(usize, usize) -> bool,
    a: (usize, usize),
    b: (usize, usize),
) -> Edge {
    let mut cells: Vec<bool> = (0..rows * cols).map(|i| feet(i / cols, i % cols)).collect();
    cells[a.0 * cols + a.1] = true;
    cells[b.0 * cols + b.1] = true;
    Edge {
        label: label.into(),
        position: JudgePosition::new(Position {
            rows,
            cols,
            cells,
            a,
            b,
            to_move: Player::A,
            steps: Steps::Orthogonal,
        }),
    }
}

/// The edge cases of 2022 KAKAO, whatever the shape.
fn edges() -> Vec<Edge> {
    let full = |_, _| true;
    let holes = |_, _| false;
    vec![
        board(
            "1×1 board, both players on it",
            (1, 1),
            full,
            (0, 0),
            (0, 0),
        ),
        board(
            "1×2 board, a player on each cell",
            (1, 2),
            full,
            (0, 0),
            (0, 1),
        ),
        board(
            "both players on one cell of a full 5×5 board",
            (5, 5),
            full,
            (2, 2),
            (2, 2),
        ),
        board(
            "every cell a hole but the players', apart",
            (5, 5),
            holes,
            (0, 0),
            (4, 4),
        ),
        board(
            "every cell a hole but the players', side by side",
            (5, 5),
            holes,
            (2, 2),
            (2, 3),
        ),
        board(
            "every cell a hole but the one both players share",
            (5, 5),
            holes,
            (2, 2),
            (2, 2),
        ),
        board(
            "a full 5×5 board, players in opposite corners",
            (5, 5),
            full,
            (0, 0),
            (4, 4),
        ),
        board(
            "a 1×5 row, players at both ends",
            (1, 5),
            full,
            (0, 0),
            (0, 4),
        ),
        board(
            "a 5×1 column, players at both ends",
            (5, 1),
            full,
            (0, 0),
            (4, 0),
        ),
        board(
            "a checkerboard: every step leads to a hole",
            (5, 5),
            |r, c| (r + c) % 2 == 0,
            (0, 0),
            (4, 4),
        ),
    ]
}
