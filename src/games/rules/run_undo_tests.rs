//! The undo journal (a replay restores the state by undoing the slots
//! written since its checkpoint instead of copying the whole state back)
//! against the plain path (every path replayed from the turn's start on a
//! copy of the position): the same tree at random positions of programs
//! that write before, between and after their choices and dice, and when a
//! turn writes more than the journal holds.

use super::model::{Node, Turn};
use super::setup::{start, BoardInput, ScenarioInput};
use super::state::{Dice, Instance, State};
use crate::syntax::ast::{Span, Spanned};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

fn compiled(src: &str, rows: &[&str], dice: Dice) -> (Instance, State) {
    let (file, diags) = crate::syntax::parse(src);
    assert!(diags.is_empty(), "{diags:?}");
    let decls = super::check(&file.rules[0]).expect("it checks");
    let prog = Arc::new(super::compile::compile(&file.rules[0], decls));
    let sp = |c| Spanned::new(c, Span::default());
    let board = rows
        .iter()
        .map(|r| r.chars().filter(|c| !c.is_whitespace()).map(sp).collect())
        .collect();
    let inp = ScenarioInput {
        marks: Vec::new(),
        board: BoardInput::Grid(board),
        pieces: Vec::new(),
        sets: Vec::new(),
        rules: Vec::new(),
        dice,
    };
    start(prog, &inp).expect("a start")
}

/// Both paths' trees at `s` (as text: every leaf's state, reward and end),
/// and the steps each ran; the next position down a random path.
fn compare(inst: &Instance, s: &State, r: &mut StdRng) -> Option<State> {
    let (undone, fast) = inst.expand_counting(s, true, true);
    let (copied, slow) = inst.expand_counting(s, true, false);
    let (undone, copied) = (undone.expect("a turn"), copied.expect("a turn"));
    assert_eq!(format!("{undone:?}"), format!("{copied:?}"), "at {s:?}");
    assert!(fast <= slow, "{fast} steps undoing, {slow} copying");
    let Turn::Moves(mut node) = undone else {
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

const WRITES: &str = "rules r {\n players solo\n layer h: 0..9\n \
    var a: 0..99 = 0, b: 0..99 = 0\n legend {\n  number n: h[here] = n\n }\n \
    when stuck: stop\n turn {\n  stop if moves >= 12\n  a = (a + h[(0, 0)] + 1) % 50\n  \
    choose c in cells where h[c] < 9\n  h[c] += 1\n  b = (b + h[c]) % 50\n  \
    for i in 0..1 {\n   choose d in [0, 1] where d == 0 or h[c] > 2\n   \
    if d == 1 { h[c] = 0 }\n  }\n  roll x in 1..2\n  a = (a + x) % 50\n  \
    choose e in 0..1\n  h[(0, 1)] = (h[(0, 1)] + e) % 10\n  score += a + e\n }\n \
    solve max score\n}\n";

#[test]
fn undoing_writes_expands_the_same_trees_as_copying_the_state() {
    let mut r = StdRng::seed_from_u64(30);
    for dice in [
        Dice::None,
        Dice::Uniform(1, 3, 20),
        Dice::Known(vec![2, 1, 2, 2, 1]),
    ] {
        for _ in 0..40 {
            let row = |r: &mut StdRng| -> String {
                (0..3)
                    .map(|_| char::from(b'0' + r.gen_range(0..9u8)))
                    .collect()
            };
            let rows = [row(&mut r), row(&mut r)];
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let (inst, mut s) = compiled(WRITES, &rows, dice.clone());
            for _ in 0..6 {
                match compare(&inst, &s, &mut r) {
                    Some(next) => s = next,
                    None => break,
                }
            }
        }
    }
}

#[test]
fn a_turn_writing_more_than_the_journal_holds_replays_from_its_start() {
    // 5,000 writes after the first choice, on a state of a few slots: the
    // journal is dropped, the later checkpoints copy, the earlier ones are
    // replayed from the start; the tree is the same.
    let src = "rules w {\n players solo\n layer h: 0..9\n var a: 0..9 = 0\n legend {\n  \
        number n: h[here] = n\n }\n turn {\n  stop if moves >= 2\n  choose c in cells\n  \
        repeat 5000 { h[c] = (h[c] + 1) % 10 }\n  choose d in 0..2\n  \
        h[(0, 0)] = (h[(0, 0)] + d) % 10\n  a = d\n }\n solve max score\n}\n";
    let mut r = StdRng::seed_from_u64(31);
    let (inst, s) = compiled(src, &["12", "34"], Dice::None);
    let next = compare(&inst, &s, &mut r).expect("a next position");
    assert!(compare(&inst, &next, &mut r).is_some());
}
