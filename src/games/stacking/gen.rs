//! Stacking for `meeple gen`: the shape options `--size A..B --pieces A..B
//! --colors W,R,B --stack H --mover any|bottom --limit N|none`, random
//! boards, the edge cases of BOJ 17837 / 17780, and a case's declarations.

use super::judge::JudgeCase;
use super::rules::{Colour, Dir, Mover, Setup};
use crate::games::gen_option::{interval, not_an_option, number, word, Interval, OptionError};
use crate::games::gen_shape::{shape_common, Edge, GenShape, Shape};
use crate::games::judge_position::GamePosition;
use crate::games::rng::Rng;
use crate::games::{GameKind, JudgePosition};
use crate::syntax::dialect::did_you_mean;
use std::fmt::Write;

/// The options stacking takes.
pub const FLAGS: [&str; 6] = [
    "--size", "--pieces", "--colors", "--stack", "--mover", "--limit",
];
/// The largest side `gen` draws.
pub const MAX_SIDE: usize = 64;
/// The highest turn limit `gen` takes.
pub const MAX_LIMIT: u64 = 1_000_000;

/// stacking: `--size A..B --pieces A..B --colors W,R,B --stack H
/// --mover any|bottom --limit N|none`.
#[derive(Clone, Debug, PartialEq)]
pub struct StackingShape {
    /// The side N of the square board (the judge: 4..12).
    pub size: Interval,
    /// How many pieces K (the judge: 4..10; at most N² on each board).
    pub pieces: Interval,
    /// Weights of white, red and blue cells (default 1,1,1).
    pub colors: [u64; 3],
    /// The stack height that ends the game (the judge: 4).
    pub stack: usize,
    /// Which pieces move (default any: BOJ 17837; bottom: BOJ 17780).
    pub mover: Mover,
    /// The turn limit (the judge: 1000; `None`: no limit).
    pub limit: Option<u64>,
}

impl Default for StackingShape {
    fn default() -> Self {
        StackingShape {
            size: Interval::new(4, 12),
            pieces: Interval::new(4, 10),
            colors: [1, 1, 1],
            stack: 4,
            mover: Mover::Any,
            limit: Some(1000),
        }
    }
}

const MOVERS: [&str; 2] = ["any", "bottom"];

/// The shape with the options given, the rest at the judge's defaults.
pub fn parse(args: &[(&str, &str)]) -> Result<Shape, OptionError> {
    let mut s = StackingShape::default();
    for &(flag, value) in args {
        match flag {
            "--size" => s.size = interval(flag, value, 1, MAX_SIDE)?,
            "--pieces" => s.pieces = interval(flag, value, 1, MAX_SIDE * MAX_SIDE)?,
            "--colors" => s.colors = colors(flag, value)?,
            "--stack" => s.stack = number(flag, value, 2, 1 << 20)?,
            "--mover" => {
                s.mover = [Mover::Any, Mover::Bottom][word(flag, value, &MOVERS)?];
            }
            "--limit" => {
                s.limit = match value {
                    "none" => None,
                    _ => Some(number(flag, value, 0, MAX_LIMIT as usize)? as u64),
                }
            }
            _ => return Err(not_an_option(GameKind::Stacking, flag, value, &FLAGS)),
        }
    }
    if s.pieces.lo > s.size.lo * s.size.lo {
        return Err(OptionError::value(
            "--pieces",
            &s.pieces.to_string(),
            format!(
                "{} pieces do not fit on a {n}×{n} board",
                s.pieces.lo,
                n = s.size.lo
            ),
            "more pieces than cells",
            format!(
                "each piece starts on a cell of its own: ask for at most {} pieces, or a larger --size",
                s.size.lo * s.size.lo
            ),
        ));
    }
    Ok(Shape::new(s))
}

/// Colour weights: `W,R,B` (three numbers) or `white=W,red=R,blue=B` in
/// any order, missing colours 0 (`w`, `r`, `b` for short).
fn colors(flag: &str, value: &str) -> Result<[u64; 3], OptionError> {
    let bad = |message: String, label: &str| {
        OptionError::value(
            flag,
            value,
            message,
            label,
            "weights of white, red and blue cells: --colors 2,1,1 or --colors white=2,blue=1",
        )
    };
    let parts: Vec<&str> = value.split(',').map(str::trim).collect();
    let mut out = [0u64; 3];
    let weight = |w: &str| {
        w.parse::<u64>()
            .ok()
            .filter(|&n| n <= 1_000_000)
            .ok_or_else(|| {
                bad(
                    format!("colour weight `{w}` is not a whole number 0..1000000"),
                    "not a weight",
                )
            })
    };
    if parts.iter().all(|p| !p.contains('=')) {
        if parts.len() != 3 {
            return Err(bad(
                format!("{flag} takes three weights W,R,B, not {}", parts.len()),
                "three weights expected",
            ));
        }
        for (o, p) in out.iter_mut().zip(&parts) {
            *o = weight(p)?;
        }
    } else {
        const NAMES: [&str; 6] = ["white", "red", "blue", "w", "r", "b"];
        for p in &parts {
            let (name, w) = p.split_once('=').unwrap_or((p, ""));
            let i = match NAMES.iter().position(|n| *n == name.trim()) {
                Some(i) => i % 3,
                None => {
                    let mut e = bad(format!("unknown colour `{}`", name.trim()), "not a colour");
                    let hint = did_you_mean(name.trim(), NAMES[..3].iter().copied());
                    e.diag = e.diag.help(format!(
                        "{}the colours are white, red and blue (w, r, b)",
                        hint.map_or(String::new(), |h| format!("{h}; "))
                    ));
                    return Err(e);
                }
            };
            out[i] = weight(w.trim())?;
        }
    }
    if out.iter().all(|&w| w == 0) {
        return Err(bad("every colour weight is 0".into(), "no colour to draw"));
    }
    Ok(out)
}

const DIRS: [Dir; 4] = [Dir::Right, Dir::Left, Dir::Up, Dir::Down];
const COLOURS: [Colour; 3] = [Colour::White, Colour::Red, Colour::Blue];

impl StackingShape {
    fn case(
        &self,
        n: usize,
        colours: Vec<Colour>,
        pieces: Vec<((usize, usize), Dir)>,
    ) -> JudgeCase {
        JudgeCase {
            setup: Setup {
                rows: n,
                cols: n,
                colours,
                pieces,
                stack: self.stack,
                mover: self.mover,
            },
            limit: self.limit,
        }
    }

    fn fits(&self, c: &JudgeCase) -> bool {
        self.size.contains(c.setup.rows)
            && self.pieces.contains(c.setup.pieces.len())
            && c.setup.pieces.len() <= c.setup.rows * c.setup.cols
    }
}

impl GenShape for StackingShape {
    fn game(&self) -> GameKind {
        GameKind::Stacking
    }

    fn args(&self) -> Vec<(String, String)> {
        let [w, r, b] = self.colors;
        let mover = match self.mover {
            Mover::Any => "any",
            Mover::Bottom => "bottom",
        };
        vec![
            ("--size".into(), self.size.to_string()),
            ("--pieces".into(), self.pieces.to_string()),
            ("--colors".into(), format!("{w},{r},{b}")),
            ("--stack".into(), self.stack.to_string()),
            ("--mover".into(), mover.into()),
            (
                "--limit".into(),
                self.limit.map_or("none".into(), |n| n.to_string()),
            ),
        ]
    }

    fn draw(&self, rng: &mut Rng) -> JudgePosition {
        let n = rng.range_usize(self.size.lo, self.size.hi);
        let k = rng.range_usize(self.pieces.lo, self.pieces.hi.min(n * n));
        let colours = (0..n * n)
            .map(|_| COLOURS[rng.weighted(&self.colors)])
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
        JudgePosition::new(self.case(n, colours, pieces))
    }

    fn edges(&self) -> Vec<Edge> {
        edges(self)
            .into_iter()
            .filter(|e| {
                e.position
                    .downcast_ref::<JudgeCase>()
                    .is_some_and(|c| self.fits(c))
            })
            .collect()
    }

    fn declarations(&self, position: &JudgePosition) -> String {
        let mut out = String::new();
        let Some(c) = position.downcast_ref::<JudgeCase>() else {
            return out;
        };
        let s = &c.setup;
        if s.stack != 4 {
            let _ = writeln!(out, "  rule stack {}", s.stack);
        }
        // What the judge input cannot say (`rule mover bottom`).
        out.push_str(&c.rules());
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
        out
    }

    shape_common!(StackingShape);
}

/// The edge cases of BOJ 17837 / 17780 within the shape's rules (the
/// caller keeps those whose size fits).
fn edges(s: &StackingShape) -> Vec<Edge> {
    let case = |label: String, n: usize, colour: &dyn Fn(usize, usize) -> Colour, pieces| Edge {
        label,
        position: JudgePosition::new(s.case(
            n,
            (0..n * n).map(|i| colour(i / n, i % n)).collect(),
            pieces,
        )),
    };
    let white = |_, _| Colour::White;
    let n = s.size.lo;
    let k = s.pieces.lo;
    let in_rows = |n: usize, k: usize, d: Dir| -> Vec<((usize, usize), Dir)> {
        (0..k.min(n * n)).map(|i| ((i / n, i % n), d)).collect()
    };
    let mut out = Vec::new();
    // A line of `stack` pieces facing right: the last bounces off the edge
    // onto the others on turn 1.
    let h = s.stack;
    out.push(case(
        format!("a stack reaches {h} on turn 1"),
        n.max(h),
        &white,
        (0..h).map(|c| ((0, c), Dir::Right)).collect(),
    ));
    // Blue border, pieces on it facing off the board.
    let border: Vec<(usize, usize)> = (0..n)
        .map(|c| (0, c))
        .chain((1..n).map(|r| (r, n - 1)))
        .chain((0..n.saturating_sub(1)).rev().map(|c| (n - 1, c)))
        .chain((1..n.saturating_sub(1)).rev().map(|r| (r, 0)))
        .collect();
    let outward = |(r, c): (usize, usize)| {
        if r == 0 {
            Dir::Up
        } else if c == n - 1 {
            Dir::Right
        } else if r == n - 1 {
            Dir::Down
        } else {
            Dir::Left
        }
    };
    if n >= 2 && k <= border.len() {
        let edge = |r: usize, c: usize| {
            if r == 0 || c == 0 || r == n - 1 || c == n - 1 {
                Colour::Blue
            } else {
                Colour::White
            }
        };
        out.push(case(
            "pieces on blue border cells, facing off the board".into(),
            n,
            &edge,
            border.iter().take(k).map(|&p| (p, outward(p))).collect(),
        ));
    }
    // BOJ 17837 sample 1: never ends.
    let sample = [[0, 0, 2, 0], [0, 0, 1, 0], [0, 0, 1, 2], [0, 2, 0, 0]];
    out.push(case(
        "the judge's sample 1, a game that never ends".into(),
        4,
        &|r, c| COLOURS[sample[r][c]],
        vec![
            ((1, 0), Dir::Right),
            ((2, 1), Dir::Up),
            ((1, 1), Dir::Right),
            ((3, 0), Dir::Left),
        ],
    ));
    out.push(case(
        "an all-blue board: every piece turns on the spot".into(),
        n,
        &|_, _| Colour::Blue,
        in_rows(n, k, Dir::Right),
    ));
    out.push(case(
        "an all-red board".into(),
        n,
        &|_, _| Colour::Red,
        in_rows(n, k, Dir::Down),
    ));
    let big = s.size.hi;
    out.push(case(
        "the largest board with the most pieces, all white".into(),
        big,
        &white,
        in_rows(big, s.pieces.hi, Dir::Right),
    ));
    out
}
