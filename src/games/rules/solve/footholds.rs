//! Footholds written by hand against [`Model`]: the same game as the rules
//! script `steppingstones` (docs/rules-language.md), in Rust. The solvers'
//! tests check the generic engine against the native reference with it, and
//! the benchmark (`benches/rules_solve.rs`) measures what the generic
//! engine costs on a model that is as cheap as a model can be — the
//! yardstick for the interpreter.

use super::super::model::{End, Leaf, Model, Node, RunError, Turn};
use crate::games::footholds::rules::{Player, Position, Steps};

/// A position: the footholds left (bit `r * cols + c`), both players'
/// cells and the mover (0: A).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spot {
    /// The footholds left.
    pub cells: u64,
    /// A's cell index.
    pub a: u8,
    /// B's cell index.
    pub b: u8,
    /// 0: A to move, 1: B.
    pub mover: u8,
}

/// The footholds game on one board (at most 64 cells).
#[derive(Clone, Debug)]
pub struct Footholds {
    /// Each cell's neighbours under the step rule, with their directions'
    /// words, in the rule's order (orthogonal: up, right, down, left; king:
    /// clockwise from up).
    near: Vec<Vec<(u8, &'static str)>>,
}

const ORTHOGONAL: [(i64, i64, &str); 4] = [
    (-1, 0, "up"),
    (0, 1, "right"),
    (1, 0, "down"),
    (0, -1, "left"),
];
const KING: [(i64, i64, &str); 8] = [
    (-1, 0, "up"),
    (-1, 1, "up-right"),
    (0, 1, "right"),
    (1, 1, "down-right"),
    (1, 0, "down"),
    (1, -1, "down-left"),
    (0, -1, "left"),
    (-1, -1, "up-left"),
];

impl Footholds {
    /// The model of `pos`'s board and its start, or `None` past 64 cells or
    /// with a player off the board.
    pub fn new(pos: &Position) -> Option<(Footholds, Spot)> {
        let (rows, cols) = (pos.rows, pos.cols);
        if rows * cols > 64 || rows == 0 || cols == 0 {
            return None;
        }
        let dirs: &[(i64, i64, &str)] = match pos.steps {
            Steps::Orthogonal => &ORTHOGONAL,
            Steps::King => &KING,
        };
        let mut near = Vec::with_capacity(rows * cols);
        for r in 0..rows as i64 {
            for c in 0..cols as i64 {
                let mut n = Vec::new();
                for &(dr, dc, w) in dirs {
                    let (nr, nc) = (r + dr, c + dc);
                    if (0..rows as i64).contains(&nr) && (0..cols as i64).contains(&nc) {
                        n.push(((nr * cols as i64 + nc) as u8, w));
                    }
                }
                near.push(n);
            }
        }
        let mut cells = 0u64;
        for (i, &f) in pos.cells.iter().take(rows * cols).enumerate() {
            if f {
                cells |= 1 << i;
            }
        }
        let at = |(r, c): (usize, usize)| (r < rows && c < cols).then(|| (r * cols + c) as u8);
        let spot = Spot {
            cells,
            a: at(pos.a)?,
            b: at(pos.b)?,
            mover: match pos.to_move {
                Player::A => 0,
                Player::B => 1,
            },
        };
        Some((Footholds { near }, spot))
    }
}

impl Model for Footholds {
    type State = Spot;

    fn players(&self) -> u8 {
        2
    }

    fn mover(&self, s: &Spot) -> u8 {
        s.mover
    }

    fn key(&self, s: &Spot, out: &mut Vec<u64>) {
        out.clear();
        out.push(s.cells | u64::from(s.a) << 40 | u64::from(s.b) << 48 | u64::from(s.mover) << 56);
    }

    fn turn(&self, s: &Spot) -> Result<Turn<Spot>, RunError> {
        let me = if s.mover == 0 { s.a } else { s.b };
        if s.cells & (1 << me) == 0 {
            return Ok(Turn::Ended {
                end: End::Lose,
                stuck: false,
            });
        }
        let mut choices = Vec::new();
        for &(to, word) in &self.near[usize::from(me)] {
            if s.cells & (1 << to) == 0 {
                continue;
            }
            let mut next = *s;
            next.cells &= !(1 << me);
            if s.mover == 0 {
                next.a = to;
            } else {
                next.b = to;
            }
            next.mover = 1 - s.mover;
            choices.push((
                word.to_string(),
                Node::Leaf(Leaf {
                    next,
                    reward: 0,
                    end: None,
                    printed: Vec::new(),
                }),
            ));
        }
        if choices.is_empty() {
            return Ok(Turn::Ended {
                end: End::Lose,
                stuck: true,
            });
        }
        Ok(Turn::Moves(Node::Choice(choices)))
    }
}
