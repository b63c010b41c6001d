//! Flat code ([`super::flat`]) against the trees it was made from: on
//! random positions of programs that use every kind of flat operation, the
//! turn expanded from the flat program and from the tree program
//! ([`super::compile::compile_tree`]) is the same tree (every leaf's state,
//! reward and end, every move's words), ran the same statement steps, and
//! fails with the same error; and the solvers give the same values.

use super::model::{Node, Turn};
use super::program::{CExpr, CStmtKind, Program};
use super::setup::{start, BoardInput, PieceInput, ScenarioInput, SetValue};
use super::solve::{solve, Objective};
use super::state::{Dice, Instance, State};
use crate::budget::Budget;
use crate::syntax::ast::{Span, Spanned};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

fn sp<T>(v: T) -> Spanned<T> {
    Spanned::new(v, Span::default())
}

/// The block of `src` compiled with flat code and without.
fn both(src: &str) -> (Arc<Program>, Arc<Program>) {
    let (file, diags) = crate::syntax::parse(src);
    assert!(diags.is_empty(), "{diags:?}");
    let decls = super::check(&file.rules[0]).unwrap_or_else(|d| panic!("{d:?}"));
    (
        Arc::new(super::compile::compile(&file.rules[0], decls.clone())),
        Arc::new(super::compile::compile_tree(&file.rules[0], decls)),
    )
}

fn flats(b: &[super::program::CStmt]) -> usize {
    b.iter()
        .map(|s| match &s.kind {
            CStmtKind::Let(_, CExpr::Flat(_))
            | CStmtKind::Require(CExpr::Flat(_))
            | CStmtKind::Score(_, CExpr::Flat(_))
            | CStmtKind::Assign(_, _, CExpr::Flat(_))
            | CStmtKind::Choose {
                cond: Some(CExpr::Flat(_)),
                ..
            } => 1,
            CStmtKind::If(arms, other) => {
                arms.iter()
                    .map(|(c, b)| usize::from(matches!(c, CExpr::Flat(_))) + flats(b))
                    .sum::<usize>()
                    + flats(other)
            }
            CStmtKind::End(_, Some(CExpr::Flat(_))) => 1,
            _ => 0,
        })
        .sum()
}

fn input(rows: &[String], pieces: Vec<PieceInput>, dice: Dice) -> ScenarioInput {
    ScenarioInput {
        marks: Vec::new(),
        board: BoardInput::Grid(
            rows.iter()
                .map(|r| r.chars().filter(|c| !c.is_whitespace()).map(sp).collect())
                .collect(),
        ),
        pieces,
        sets: Vec::new(),
        rules: Vec::new(),
        dice,
    }
}

fn piece(name: &str, r: i64, c: i64) -> PieceInput {
    PieceInput {
        name: sp(name.to_string()),
        at: Some(sp(SetValue::Cell(r, c))),
        facing: None,
        with: Vec::new(),
    }
}

/// Both programs' turns at `s` are the same; the next position down a
/// random path of it.
fn compare(flat: &Instance, tree: &Instance, s: &State, r: &mut StdRng) -> Option<State> {
    let (a, fa) = flat.expand_counting(s, true, true);
    let (b, fb) = tree.expand_counting(s, true, true);
    assert_eq!(format!("{a:?}"), format!("{b:?}"), "at {s:?}");
    assert_eq!(fa, fb, "steps at {s:?}");
    let Ok(Turn::Moves(mut node)) = a else {
        return None;
    };
    loop {
        node = match node {
            Node::Leaf(l) => return l.end.is_none().then_some(l.next),
            Node::Choice(mut v) => {
                let i = r.gen_range(0..v.len());
                v.swap_remove(i).1
            }
            Node::Chance(mut v) => {
                let i = r.gen_range(0..v.len());
                v.swap_remove(i).1
            }
        };
    }
}

/// Random boards of digits, random walks of both programs, and equal
/// solver values from each start.
fn walks(src: &str, dice: &[Dice], pieces: &[(&str, i64, i64)], objective: Objective) {
    let (fp, tp) = both(src);
    assert!(flats(&fp.turn) >= 3, "the turn has flat code");
    assert_eq!(flats(&tp.turn), 0);
    let mut r = StdRng::seed_from_u64(src.len() as u64);
    for d in dice {
        for _ in 0..25 {
            let rows: Vec<String> = (0..3)
                .map(|_| {
                    (0..3)
                        .map(|_| char::from(b'0' + r.gen_range(0..10u8)))
                        .collect()
                })
                .collect();
            let ps = || pieces.iter().map(|&(n, a, b)| piece(n, a, b)).collect();
            let inp = input(&rows, ps(), d.clone());
            let (fi, s) = start(fp.clone(), &inp).expect("a start");
            let (ti, s2) = start(tp.clone(), &input(&rows, ps(), d.clone())).expect("a start");
            assert_eq!(s, s2);
            let budget = || Budget::new(Some(20_000), None);
            let (v1, v2) = (
                solve(&fi, &s, &objective, &budget()),
                solve(&ti, &s, &objective, &budget()),
            );
            assert_eq!(format!("{v1:?}"), format!("{v2:?}"), "{rows:?}");
            let mut s = s;
            for _ in 0..8 {
                match compare(&fi, &ti, &s, &mut r) {
                    Some(next) => s = next,
                    None => break,
                }
            }
        }
    }
}

const SOLO: &str = "rules f {\n players solo\n layer h: 0..9\n \
    var a: -60..60 = 0, b: 0..99 = 0\n legend {\n  number n: h[here] = n\n }\n \
    piece 1..3 { at: cell, k: 0..9 }\n when stuck: stop\n turn {\n  stop if moves >= 6\n  \
    choose c in cells where h[c] < 9 and ((c.row + c.col) % 2 == moves % 2 or not any p in pieces: p.at == c)\n  \
    let m = max x in cells: h[x] * (if x == c then 2 else 1)\n  \
    let s = sum x in 0..3: x * h[c] - min(x, 2)\n  \
    let n = count p in pieces where p.k > h[c] - 3\n  \
    roll z in 1..2\n  \
    choose p in pieces where all q in pieces: q == p or q.k >= 0\n  \
    choose d in directions(king) where step(c, d) != off or d == opposite(left(right(d)))\n  \
    p.at = step(c, d)\n  \
    p.k = (p.k + abs(a - b) + min(n, 3) + z) % 10\n  \
    a = (a + m - s + n - 7) % 50\n  \
    b = (b * 3 + max(h[step(c, right(d))], h[c]) + (if p.at == off then 1 else 0)) % 99\n  \
    if h[c] == 7 and a < -40 { b = b / (h[(0, 0)] - h[(0, 0)]) }\n  \
    h[c] = (h[c] + 1 + -a % 3 + (if c.col > 0 or c.row > 1 then 1 else 0)) % 10\n  \
    score += a - b / 3 + m % 4 + rows * cols\n }\n solve max score\n}\n";

const DUO: &str = "rules g {\n players A B\n layer foothold: bool\n legend {\n  \
    \"1\" \"2\" \"3\" \"4\" \"5\" \"6\" \"7\" \"8\" \"9\": foothold[here] = true\n  \
    \"0\": foothold[here] = false\n }\n piece A, B { at: cell }\n when stuck: lose\n \
    turn {\n  lose if not foothold[me.at]\n  \
    choose d in directions(king) where foothold[step(me.at, d)] and step(me.at, d) != opponent.at\n  \
    foothold[me.at] = false\n  me.at = step(me.at, d)\n  \
    win if not any e in directions(orthogonal): foothold[step(opponent.at, e)]\n }\n \
    solve moves\n}\n";

#[test]
fn flat_code_expands_the_same_turns_as_the_trees() {
    walks(
        SOLO,
        &[
            Dice::None,
            Dice::Known(vec![2, 1, 2]),
            Dice::Uniform(1, 2, 3),
        ],
        &[],
        Objective::Max,
    );
}

#[test]
fn flat_code_of_two_players_reads_me_and_the_opponent_as_the_trees_do() {
    walks(
        DUO,
        &[Dice::None],
        &[("A", 0, 0), ("B", 2, 2)],
        Objective::Moves,
    );
}
