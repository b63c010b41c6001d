//! The interpreter against the rules: the doc's footholds game solved by a
//! plain win-fast/lose-slow search over the [`Model`] equals the native
//! reference solver on random small boards; marbles' and towers' turns
//! expand to the moves and positions the rules say.

use super::model::{End, Model, Node, Turn};
use super::program::Program;
use super::setup::{start, BoardInput, PieceInput, ScenarioInput, SetValue};
use super::state::{Dice, Instance, State};
use crate::syntax::ast::{Span, Spanned};
use std::collections::HashMap;
use std::sync::Arc;

const DOC: &str = include_str!("../../../docs/rules-language.md");

/// The doc's rules block named `name`, checked and compiled.
pub(crate) fn program(name: &str) -> Arc<Program> {
    let (file, diags) = crate::syntax::parse(DOC.split("```").nth(1).map(|_| "").unwrap_or(""));
    assert!(diags.is_empty());
    drop(file);
    for block in DOC.split("```").skip(1).step_by(2) {
        // Without the fence's info string (```game).
        let block = block.split_once('\n').map_or(block, |(_, body)| body);
        let (file, _) = crate::syntax::parse(block);
        if let Some(def) = file.rules.iter().find(|d| d.name.node == name) {
            let decls = super::check(def).expect("the doc's rules check");
            return Arc::new(super::compile::compile(def, decls));
        }
    }
    panic!("no rules {name} in the doc")
}

fn sp<T>(v: T) -> Spanned<T> {
    Spanned::new(v, Span::default())
}

fn grid(rows: &[&str]) -> BoardInput {
    BoardInput::Grid(
        rows.iter()
            .map(|r| r.chars().filter(|c| !c.is_whitespace()).map(sp).collect())
            .collect(),
    )
}

fn piece(name: &str, r: i64, c: i64) -> PieceInput {
    PieceInput {
        name: sp(name.to_string()),
        at: Some(sp(SetValue::Cell(r, c))),
        facing: None,
        with: Vec::new(),
    }
}

fn input(board: BoardInput, pieces: Vec<PieceInput>) -> ScenarioInput {
    ScenarioInput {
        marks: Vec::new(),
        board,
        pieces,
        sets: Vec::new(),
        rules: Vec::new(),
        dice: Dice::None,
    }
}

/// Win fast, lose slow over the model: (mover wins, total moves).
fn solve(m: &Instance, s: &State, memo: &mut HashMap<Vec<u64>, (bool, u32)>) -> (bool, u32) {
    let mut key = Vec::new();
    m.key(s, &mut key);
    if let Some(v) = memo.get(&key) {
        return *v;
    }
    let v = match m.turn(s).expect("no run-time error") {
        Turn::Ended { end, .. } => (end == End::Win, 0),
        Turn::Moves(node) => {
            let mut best: Option<(bool, u32)> = None;
            let mut leaves = Vec::new();
            collect(&node, &mut leaves);
            for l in leaves {
                let v = match l.end {
                    Some(End::Win) => (true, 1),
                    Some(_) => (false, 1),
                    None => {
                        let (w, n) = solve(m, &l.next, memo);
                        (!w, n + 1)
                    }
                };
                let better = match best {
                    None => true,
                    Some(b) => match (v.0, b.0) {
                        (true, false) => true,
                        (false, true) => false,
                        (true, true) => v.1 < b.1,
                        (false, false) => v.1 > b.1,
                    },
                };
                if better {
                    best = Some(v);
                }
            }
            best.expect("a move")
        }
    };
    memo.insert(key, v);
    v
}

fn collect<'a>(n: &'a Node<State>, out: &mut Vec<&'a super::model::Leaf<State>>) {
    match n {
        Node::Leaf(l) => out.push(l),
        Node::Choice(v) => v.iter().for_each(|(_, c)| collect(c, out)),
        Node::Chance(v) => v.iter().for_each(|(_, c)| collect(c, out)),
    }
}

fn words(n: &Node<State>) -> Vec<String> {
    match n {
        Node::Choice(v) => v.iter().map(|(w, _)| w.clone()).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn kakao_example_1_as_rules() {
    let prog = program("steppingstones");
    let (inst, s) = start(
        prog,
        &input(
            grid(&["111", "111", "111"]),
            vec![piece("A", 1, 0), piece("B", 1, 2)],
        ),
    )
    .expect("a start");
    let Turn::Moves(node) = inst.turn(&s).unwrap() else {
        panic!()
    };
    assert_eq!(words(&node), ["up", "right", "down"]);
    assert_eq!(solve(&inst, &s, &mut HashMap::new()), (true, 5));
}

#[test]
fn footholds_rules_match_the_reference_on_random_boards() {
    use crate::games::footholds::reference::reference_solve;
    use crate::games::footholds::rules::{Position, Steps};
    let prog = program("steppingstones");
    let mut seed = 0x9e3779b97f4a7c15u64;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let mut compared = 0;
    for _ in 0..60 {
        let (rows, cols) = (1 + next(3) as usize, 1 + next(4) as usize);
        let cells: Vec<Vec<u8>> = (0..rows)
            .map(|_| (0..cols).map(|_| (next(5) != 0) as u8).collect())
            .collect();
        let a = (next(rows as u64) as usize, next(cols as u64) as usize);
        let b = (next(rows as u64) as usize, next(cols as u64) as usize);
        let Some(pos) = Position::from_rows(&cells, a, b, Steps::Orthogonal) else {
            continue;
        };
        let want = reference_solve(&pos, &crate::budget::Budget::unlimited()).unwrap();
        let text: Vec<String> = cells
            .iter()
            .map(|r| r.iter().map(|v| v.to_string()).collect())
            .collect();
        let text: Vec<&str> = text.iter().map(String::as_str).collect();
        let (inst, s) = start(
            prog.clone(),
            &input(
                grid(&text),
                vec![
                    piece("A", a.0 as i64, a.1 as i64),
                    piece("B", b.0 as i64, b.1 as i64),
                ],
            ),
        )
        .expect("a start");
        let got = solve(&inst, &s, &mut HashMap::new());
        assert_eq!(
            got,
            (want.mover_wins, want.moves),
            "{cells:?} A {a:?} B {b:?}"
        );
        compared += 1;
    }
    assert!(compared >= 50);
}

#[test]
fn marbles_slide_until_blocked() {
    let prog = program("marbles");
    let board = grid(&["#####", "#R.B#", "#..O#", "#####"]);
    let (inst, s) = start(prog, &input(board, Vec::new())).expect("a start");
    let Turn::Moves(node) = inst.turn(&s).unwrap() else {
        panic!()
    };
    assert_eq!(words(&node), ["up", "right", "down", "left"]);
    let Node::Choice(v) = &node else { panic!() };
    // `down`: B falls into the hole: the player loses.
    let Node::Leaf(l) = &v[2].1 else { panic!() };
    assert_eq!(l.end, Some(End::Lose));
    // `right`: R slides to touch B.
    let Node::Leaf(l) = &v[1].1 else { panic!() };
    assert_eq!(l.end, None);
    let r_at = inst.layout.fields[0].0;
    assert_eq!(l.next.v[r_at], 5 + 2);
}

#[test]
fn towers_move_piles_in_one_turn() {
    let prog = program("towers");
    let board = BoardInput::Array(vec![vec![sp(0), sp(0), sp(2)]]);
    let mut p1 = piece("1", 0, 0);
    p1.facing = Some(sp("right".into()));
    let mut p2 = piece("2", 0, 1);
    p2.facing = Some(sp("left".into()));
    let (inst, s) = start(prog, &input(board, vec![p1, p2])).expect("a start");
    assert_eq!(inst.players(), 0);
    let Turn::Moves(Node::Leaf(l)) = inst.turn(&s).unwrap() else {
        panic!()
    };
    // Piece 1 moves onto piece 2's cell, then piece 2 carries the pile of
    // both back to (0, 0): 2 at the bottom, 1 on top; below the cap of 4.
    assert_eq!(l.end, None);
    let at = inst.layout.fields[0].0;
    assert_eq!((l.next.v[at], l.next.v[at + 1]), (0, 0));
    let (pile, dom) = inst.layout.layers[1];
    let w = super::state::width(&dom);
    assert_eq!(&l.next.v[pile..pile + 3], &[2, 1, 0]);
    assert_eq!(l.next.v[pile + w], 0, "(0, 1) is empty");
}

#[test]
fn yut_rolls_known_and_uniform_dice() {
    let prog = program("dice_yut");
    let track = Arc::new(crate::games::yut::track::standard_track());
    let mut inp = input(BoardInput::Track(track), Vec::new());
    inp.rules.push((sp("pieces".into()), sp(SetValue::Int(2))));
    inp.dice = Dice::Known(vec![5, 3]);
    let (inst, s) = start(prog.clone(), &inp).expect("a start");
    assert_eq!(inst.pieces.len(), 2);
    let Turn::Moves(node) = inst.turn(&s).unwrap() else {
        panic!()
    };
    assert_eq!(words(&node), ["piece 1", "piece 2"]);
    let Node::Choice(v) = &node else { panic!() };
    let Node::Leaf(l) = &v[0].1 else { panic!() };
    // Five steps from start: the first blue square, worth 10.
    assert_eq!(l.reward, 10);
    // Random dice: a chance node of five faces, each 1/5.
    inp.dice = Dice::Uniform(1, 5, 10);
    let (inst, s) = start(prog, &inp).expect("a start");
    let Turn::Moves(Node::Chance(faces)) = inst.turn(&s).unwrap() else {
        panic!()
    };
    assert_eq!(faces.len(), 5);
    assert_eq!(
        faces[0].0.ratio(),
        num_rational::BigRational::new(1.into(), 5.into())
    );
}

#[test]
fn run_time_errors_carry_the_statement() {
    let src = "rules r {\n players solo\n var n: 0..3 = 0\n turn {\n choose d in 1..2\n n += 5\n }\n solve longest\n}\n";
    let (file, _) = crate::syntax::parse(src);
    let decls = super::check(&file.rules[0]).unwrap();
    let prog = Arc::new(super::compile::compile(&file.rules[0], decls));
    let (inst, s) = start(prog, &input(BoardInput::None, Vec::new())).expect("a start");
    let e = inst.turn(&s).unwrap_err();
    assert_eq!(e.kind, super::model::RunErrorKind::Domain);
    assert_eq!(&src[e.span.start()..e.span.end()], "n += 5");
    // A loop whose bound is not true.
    let src = "rules r {\n players solo\n var n: 0..3 = 0\n turn {\n choose d in 1..2\n while true max 7 { n = 1 }\n }\n solve longest\n}\n";
    let (file, _) = crate::syntax::parse(src);
    let decls = super::check(&file.rules[0]).unwrap();
    let prog = Arc::new(super::compile::compile(&file.rules[0], decls));
    let (inst, s) = start(prog, &input(BoardInput::None, Vec::new())).expect("a start");
    assert_eq!(
        inst.turn(&s).unwrap_err().kind,
        super::model::RunErrorKind::Loop
    );
}

#[test]
fn the_legend_names_unknown_cells() {
    let prog = program("marbles");
    let Err(super::setup::SetupError::Scenario(d)) =
        start(prog, &input(grid(&["#R?B#"]), Vec::new()))
    else {
        panic!()
    };
    assert_eq!(d[0].code, crate::error::Code::BoardCell);
}

#[test]
fn uniform_dice_stop_after_their_count_as_the_native_yut_does() {
    use super::solve::{solve, Objective, Value};
    use crate::budget::Budget;
    use crate::games::yut::{expected_score, standard_track};
    let prog = program("dice_yut");
    let track = Arc::new(standard_track());
    let p2 = vec![track.start(); 2];
    let mut answers = Vec::new();
    for count in [1u64, 3] {
        let mut inp = input(BoardInput::Track(track.clone()), Vec::new());
        inp.rules.push((sp("pieces".into()), sp(SetValue::Int(2))));
        inp.dice = Dice::Uniform(1, 5, count);
        let (inst, s) = start(prog.clone(), &inp).expect("a start");
        let b = Budget::unlimited();
        let got = solve(&inst, &s, &Objective::Max, &b).unwrap();
        let want = expected_score(&track, &p2, 1, 5, count, &b).unwrap();
        assert_eq!(got, Value::Expected(want), "x {count}");
        answers.push(got);
    }
    // The count is part of the game: one roll is worth less than three.
    assert_ne!(answers[0], answers[1]);
}

/// Every path of a turn's tree: the choices' words and the dice's faces (as
/// `dN`, from 0) in order, with the leaf's reward.
fn paths(n: &Node<State>, at: &mut Vec<String>, out: &mut Vec<(Vec<String>, i64)>) {
    match n {
        Node::Leaf(l) => out.push((at.clone(), l.reward)),
        Node::Choice(v) => v.iter().for_each(|(w, c)| {
            at.push(w.clone());
            paths(c, at, out);
            at.pop();
        }),
        Node::Chance(v) => v.iter().enumerate().for_each(|(i, (_, c))| {
            at.push(format!("d{i}"));
            paths(c, at, out);
            at.pop();
        }),
    }
}

#[test]
fn a_turn_of_dependent_choices_and_a_die_expands_to_every_path() {
    // The second choice's options depend on the first and on the die; the
    // replays that reuse a choice's options must give the same paths as a
    // plain enumeration of the rules.
    let src = "rules pairs {\n players solo\n board none\n var done: bool\n when stuck: stop\n \
               turn {\n  stop if done\n  choose a in 0..2\n  roll r in 1..2\n  \
               choose b in 0..3 where b != a and b != r\n  require a + b + r != 4\n  \
               done = true\n  score += a * 10 + b + r\n }\n solve max score\n}\n";
    let (file, diags) = crate::syntax::parse(src);
    assert!(diags.is_empty(), "{diags:?}");
    let decls = super::check(&file.rules[0]).expect("it checks");
    let prog = Arc::new(super::compile::compile(&file.rules[0], decls));
    let mut inp = input(BoardInput::None, Vec::new());
    inp.dice = Dice::Uniform(1, 2, 1);
    let (inst, s) = start(prog, &inp).expect("a start");
    let Turn::Moves(node) = inst.turn(&s).unwrap() else {
        panic!("moves")
    };
    let mut got = Vec::new();
    paths(&node, &mut Vec::new(), &mut got);
    let mut want = Vec::new();
    for a in 0..=2i64 {
        for (i, r) in [1i64, 2].into_iter().enumerate() {
            for b in (0..=3i64).filter(|&b| b != a && b != r && a + b + r != 4) {
                want.push((
                    vec![a.to_string(), format!("d{i}"), b.to_string()],
                    a * 10 + b + r,
                ));
            }
        }
    }
    assert_eq!(got, want);
}

/// A turn resumed at its top-level `roll` and `choose` expands to the same
/// tree as one replayed from its start for every path, in fewer statement
/// steps; the dice's branches carry their odds as integers (1 in 5).
#[test]
fn paths_resume_at_top_level_choices_with_the_same_tree() {
    let prog = program("dice_yut");
    let track = Arc::new(crate::games::yut::track::standard_track());
    for (pieces, dice) in [
        (4, Dice::Uniform(1, 5, 10)),
        (3, Dice::Uniform(2, 4, 3)),
        (2, Dice::Known(vec![5, 3, 1])),
    ] {
        let mut inp = input(BoardInput::Track(track.clone()), Vec::new());
        inp.rules
            .push((sp("pieces".into()), sp(SetValue::Int(pieces))));
        inp.dice = dice.clone();
        let (inst, s) = start(prog.clone(), &inp).expect("a start");
        let (resumed, fast) = inst.expand_counting(&s, true, true);
        let (replayed, slow) = inst.expand_counting(&s, true, false);
        let (resumed, replayed) = (resumed.expect("a turn"), replayed.expect("a turn"));
        assert_eq!(format!("{resumed:?}"), format!("{replayed:?}"), "{dice:?}");
        if let Dice::Uniform(lo, hi, _) = dice {
            assert!(
                fast < slow,
                "{dice:?}: {fast} steps resumed, {slow} replayed"
            );
            let Turn::Moves(Node::Chance(faces)) = resumed else {
                panic!()
            };
            let n = (hi - lo + 1) as u64;
            assert!(faces
                .iter()
                .all(|(p, _)| *p == super::model::Prob::new(1, n)));
        }
    }
}

/// A solo program compiled from `src`, started on no board.
fn solo(src: &str) -> (Instance, State) {
    let (file, diags) = crate::syntax::parse(src);
    assert!(diags.is_empty(), "{diags:?}");
    let decls = super::check(&file.rules[0]).unwrap();
    let prog = Arc::new(super::compile::compile(&file.rules[0], decls));
    start(prog, &input(BoardInput::None, Vec::new())).expect("a start")
}

#[test]
fn lists_read_in_place_give_the_values_of_copied_ones() {
    // `len`, `xs[i]`, `index`, `contains` and slices of a state list and of
    // a local list (read where they are, without a copy), and a local
    // list's item set in place: the leaf's vars hold each result.
    let src = "rules r {\n players solo\n var xs: list of 0..9 max 5 = [4, 7, 2]\n \
        var a: 0..99 = 0\n var b: 0..99 = 0\n var c: 0..99 = 0\n var d: 0..99 = 0\n \
        var e: list of 0..9 max 5 = []\n var f: list of 0..9 max 5 = []\n turn {\n \
        choose k in 0..1\n let l = [xs[0], 5, 6]\n l[1] = 9\n \
        a = len(xs) * 10 + len(l)\n b = xs[2] * 10 + l[k + 1]\n \
        c = index(xs, 7) * 10 + index(l, 9)\n \
        d = (if contains(xs, 2) then 10 else 0) + (if contains(l, 5) then 1 else 0) + index(xs, 8) + 1\n \
        e = xs[1..]\n f = l[..k + 1]\n stop\n }\n solve longest\n}\n";
    let (inst, s) = solo(src);
    let Turn::Moves(Node::Choice(v)) = inst.turn(&s).unwrap() else {
        panic!()
    };
    let var = |l: &super::model::Leaf<State>, i: usize| {
        let (base, d) = inst.layout.vars[i];
        let n = if d.list_max.is_some() {
            l.next.v[base] as usize + 1
        } else {
            1
        };
        l.next.v[base..base + n].to_vec()
    };
    let Node::Leaf(l0) = &v[0].1 else { panic!() };
    let Node::Leaf(l1) = &v[1].1 else { panic!() };
    assert_eq!(var(l0, 1), [33]);
    assert_eq!(var(l0, 2), [29]);
    assert_eq!(var(l1, 2), [26]);
    assert_eq!(var(l0, 3), [11]);
    assert_eq!(var(l0, 4), [10]);
    assert_eq!(var(l0, 5), [2, 7, 2]);
    assert_eq!(var(l0, 6), [1, 4]);
    assert_eq!(var(l1, 6), [2, 4, 9]);
    // An index off a state list and off a local list: run-time errors on
    // the index (a read) or the statement (a write).
    for (bad, stmt) in [
        ("a = xs[3]", "xs[3]"),
        ("let l = [1]\n a = l[k + 1]", "l[k + 1]"),
        ("let l = [1]\n l[k + 1] = 2", "l[k + 1] = 2"),
    ] {
        let src = format!(
            "rules r {{\n players solo\n var xs: list of 0..9 max 5 = [4, 7, 2]\n var a: 0..99 = 0\n turn {{\n choose k in 0..1\n {bad}\n stop\n }}\n solve longest\n}}\n"
        );
        let (inst, s) = solo(&src);
        let e = inst.turn(&s).unwrap_err();
        assert_eq!(e.kind, super::model::RunErrorKind::Index, "{bad}");
        assert_eq!(&src[e.span.start()..e.span.end()], stmt);
    }
}
