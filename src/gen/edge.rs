//! `--edge`: each problem's known edge cases, generated before the random
//! ones. Each is built inside the shape options (its rules: stack, mover,
//! limit, pieces, rolls); one whose size the options rule out is left out.

use super::shape::{Shape, StackingShape, YutShape};
use crate::games::footholds::rules::{Player, Position, Steps};
use crate::games::stacking::judge::JudgeCase;
use crate::games::stacking::rules::{Colour, Dir, Setup};
use crate::games::yut::judge::Setup as YutSetup;
use crate::games::JudgePosition;

/// An edge case: what it is, and its position.
#[derive(Clone, Debug)]
pub struct Edge {
    /// What makes it an edge case, in a few words.
    pub label: String,
    /// The position.
    pub position: JudgePosition,
}

/// The edge cases of `shape`'s game that fit it, in order.
pub fn cases(shape: &Shape) -> Vec<Edge> {
    let all = match shape {
        Shape::Footholds(_) => footholds(),
        Shape::Yut(s) => yut(s),
        Shape::Stacking(s) => stacking(s),
    };
    all.into_iter()
        .filter(|e| fits(shape, &e.position))
        .collect()
}

fn fits(shape: &Shape, p: &JudgePosition) -> bool {
    let inside = |r: super::shape::Span, n: usize| (r.lo..=r.hi).contains(&n);
    match shape {
        Shape::Footholds(s) => p
            .downcast_ref::<Position>()
            .is_some_and(|p| inside(s.rows, p.rows) && inside(s.cols, p.cols)),
        Shape::Stacking(s) => p.downcast_ref::<JudgeCase>().is_some_and(|c| {
            inside(s.size, c.setup.rows)
                && inside(s.pieces, c.setup.pieces.len())
                && c.setup.pieces.len() <= c.setup.rows * c.setup.cols
        }),
        Shape::Yut(_) => p.downcast_ref::<YutSetup>().is_some(),
    }
}

fn board(
    label: &str,
    rows: usize,
    cols: usize,
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

/// footholds (2022 KAKAO).
fn footholds() -> Vec<Edge> {
    let full = |_, _| true;
    let holes = |_, _| false;
    vec![
        board("1×1 board, both players on it", 1, 1, full, (0, 0), (0, 0)),
        board(
            "1×2 board, a player on each cell",
            1,
            2,
            full,
            (0, 0),
            (0, 1),
        ),
        board(
            "both players on one cell of a full 5×5 board",
            5,
            5,
            full,
            (2, 2),
            (2, 2),
        ),
        board(
            "every cell a hole but the players', apart",
            5,
            5,
            holes,
            (0, 0),
            (4, 4),
        ),
        board(
            "every cell a hole but the players', side by side",
            5,
            5,
            holes,
            (2, 2),
            (2, 3),
        ),
        board(
            "every cell a hole but the one both players share",
            5,
            5,
            holes,
            (2, 2),
            (2, 2),
        ),
        board(
            "a full 5×5 board, players in opposite corners",
            5,
            5,
            full,
            (0, 0),
            (4, 4),
        ),
        board(
            "a 1×5 row, players at both ends",
            1,
            5,
            full,
            (0, 0),
            (0, 4),
        ),
        board(
            "a 5×1 column, players at both ends",
            5,
            1,
            full,
            (0, 0),
            (4, 0),
        ),
        board(
            "a checkerboard: every step leads to a hole",
            5,
            5,
            |r, c| (r + c) % 2 == 0,
            (0, 0),
            (4, 4),
        ),
    ]
}

/// yut (BOJ 17825): the same face on every roll (the highest, lowest, then
/// the others), and the highest and lowest faces in turn.
fn yut(s: &YutShape) -> Vec<Edge> {
    let (lo, hi) = (s.dice.lo as u64, s.dice.hi as u64);
    let setup = |rolls: Vec<u64>| YutSetup {
        standard_board: s.track.is_none(),
        pieces: s.pieces,
        rolls,
    };
    let mut faces = vec![hi];
    if lo != hi {
        faces.push(lo);
    }
    faces.extend((lo + 1..hi).rev().take(3));
    let mut out: Vec<Edge> = faces
        .into_iter()
        .map(|f| Edge {
            label: format!("all rolls {f}"),
            position: JudgePosition::new(setup(vec![f; s.rolls])),
        })
        .collect();
    if lo != hi {
        out.push(Edge {
            label: format!("rolls {hi} and {lo} in turn"),
            position: JudgePosition::new(setup(
                (0..s.rolls)
                    .map(|i| if i % 2 == 0 { hi } else { lo })
                    .collect(),
            )),
        });
    }
    out
}

/// stacking (BOJ 17837 / 17780).
fn stacking(s: &StackingShape) -> Vec<Edge> {
    let case = |label: String, n: usize, colour: &dyn Fn(usize, usize) -> Colour, pieces| Edge {
        label,
        position: JudgePosition::new(JudgeCase {
            setup: Setup {
                rows: n,
                cols: n,
                colours: (0..n * n).map(|i| colour(i / n, i % n)).collect(),
                pieces,
                stack: s.stack,
                mover: s.mover,
            },
            limit: s.limit,
        }),
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
        &|r, c| [Colour::White, Colour::Red, Colour::Blue][sample[r][c]],
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
