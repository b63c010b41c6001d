//! The key plans (`key::Plans`, worked out once per instance) against the
//! plain packing (every domain looked up on each call): the same words for
//! the exact and the canonical key on random states of programs with
//! scalar and list vars, layers and fields, state `turn` never writes, two
//! players, known and random dice, and `interchangeable` ranges of one
//! scalar field (sorted in place), of several fields, of more than 16
//! pieces, and with pieces absent.

use super::key::{canonical, pack, pack_plain};
use super::setup::{start, BoardInput, PieceInput, ScenarioInput, SetValue};
use super::state::{Dice, Instance, State};
use crate::syntax::ast::{Span, Spanned};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

fn sp<T>(v: T) -> Spanned<T> {
    Spanned::new(v, Span::default())
}

fn compiled(src: &str, board: BoardInput, pieces: &[(&str, i64, i64)], dice: Dice) -> Instance {
    let (file, diags) = crate::syntax::parse(src);
    assert!(diags.is_empty(), "{diags:?}");
    let decls = super::check(&file.rules[0]).expect("it checks");
    let prog = Arc::new(super::compile::compile(&file.rules[0], decls));
    let inp = ScenarioInput {
        marks: Vec::new(),
        board,
        pieces: pieces
            .iter()
            .map(|&(name, r, c)| PieceInput {
                name: sp(name.to_string()),
                at: Some(sp(SetValue::Cell(r, c))),
                facing: None,
                with: Vec::new(),
            })
            .collect(),
        sets: Vec::new(),
        rules: Vec::new(),
        dice,
    };
    start(prog, &inp).expect("a start").0
}

fn grid(rows: usize, cols: usize) -> BoardInput {
    BoardInput::Grid(vec![vec![sp('.'); cols]; rows])
}

const MIXED: &str = "rules mix {\n players A B\n var n: 0..20 = 3, xs: list of 0..9 max 4 = []\n \
    var still: 0..5 = 1\n layer h: 0..3, ps: list of 0..5 max 3, fixed: bool\n \
    piece A, B { at: cell, k: 0..7, tags: list of 0..3 max 2 }\n turn {\n \
    choose d in 0..1\n n = d\n xs = [d]\n h[me.at] = d\n ps[me.at] = [d]\n me.k = d\n \
    me.tags = [d]\n }\n solve moves\n}\n";

const HERD: &str = "rules herd {\n players solo\n var t: 0..9 = 0\n \
    piece placed interchangeable 1..5 { at: cell, k: 0..3 }\n turn {\n roll r in 1..2\n \
    choose p in pieces\n p.k = r\n t = 1\n }\n solve max score\n}\n";

const CROWD: &str = "rules crowd {\n players solo\n \
    piece interchangeable 1..20 { at: cell }\n turn {\n choose p in pieces\n \
    p.at = off\n }\n solve longest\n}\n";

const FLOCK: &str = "rules flock {\n players solo\n piece A { at: cell }\n \
    piece interchangeable 1..6 { at: cell }\n turn {\n choose p in pieces\n \
    p.at = off\n }\n solve longest\n}\n";

/// Both packings of `s`, exact and canonical, equal the plain ones.
fn same(inst: &Instance, s: &State, what: &str) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    pack(inst, s, &mut a);
    pack_plain(inst, s, &mut b, false);
    assert_eq!(a, b, "exact key, {what}: {:?}", s.v);
    canonical(inst, s, &mut a);
    pack_plain(inst, s, &mut b, true);
    assert_eq!(a, b, "canonical key, {what}: {:?}", s.v);
}

/// Random states of `inst`: every slot a small value (equal values, list
/// lengths past their most, `-1`), 300 of them.
fn random_states(inst: &Instance, what: &str, r: &mut StdRng) {
    let len = inst.layout.len;
    for _ in 0..300 {
        let s = State {
            v: (0..len).map(|_| r.gen_range(-1..=9)).collect(),
            moves: r.gen_range(0..3),
            over: None,
        };
        same(inst, &s, what);
    }
}

#[test]
fn plans_pack_the_plain_keys_on_random_states() {
    let mut r = StdRng::seed_from_u64(29);
    let cases = [
        (
            "mixed, known dice",
            compiled(MIXED, grid(3, 4), &[], Dice::Known(vec![1, 2, 3])),
        ),
        (
            "mixed, no dice",
            compiled(MIXED, grid(2, 2), &[], Dice::None),
        ),
        (
            "herd, three of five placed, uniform dice",
            compiled(
                HERD,
                grid(3, 3),
                &[("1", 0, 0), ("3", 1, 1), ("4", 2, 2)],
                Dice::Uniform(1, 2, 5),
            ),
        ),
        ("crowd of 20", compiled(CROWD, grid(5, 5), &[], Dice::None)),
        (
            "named and a flock",
            compiled(FLOCK, grid(4, 4), &[], Dice::None),
        ),
    ];
    for (what, inst) in &cases {
        random_states(inst, what, &mut r);
    }
    // The sorted path is taken, and tells apart what the plain one does.
    let flock = &cases[4].1;
    assert!(format!("{:?}", flock.key_plan().canonical).contains("Sorted"));
    assert!(format!("{:?}", cases[3].1.key_plan().canonical).contains("Group"));
    assert!(format!("{:?}", cases[2].1.key_plan().canonical).contains("Group"));
    assert!(format!("{:?}", cases[0].1.key_plan().exact).contains("Lists"));
}

#[test]
fn the_yut_prelude_keys_match_on_random_states() {
    let path = format!("{}/src/games/prelude/yut.game", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("the yut script");
    let (file, diags) = crate::syntax::parse(&text);
    assert!(diags.is_empty(), "{diags:?}");
    let decls = super::check::check_prelude(&file.rules[0]).expect("it checks");
    let prog = Arc::new(super::compile::compile(&file.rules[0], decls));
    let track = Arc::new(crate::games::yut::standard_track());
    let mut r = StdRng::seed_from_u64(17825);
    for dice in [Dice::Known(vec![1, 2, 3, 4, 5]), Dice::Uniform(1, 5, 10)] {
        let inp = ScenarioInput {
            marks: Vec::new(),
            board: BoardInput::Track(track.clone()),
            pieces: Vec::new(),
            sets: Vec::new(),
            rules: Vec::new(),
            dice,
        };
        let (inst, _) = start(prog.clone(), &inp).expect("a start");
        assert!(format!("{:?}", inst.key_plan().canonical).contains("Sorted"));
        random_states(&inst, "yut", &mut r);
    }
}
