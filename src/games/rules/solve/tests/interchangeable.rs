//! `piece interchangeable 1..K`: the same answers as without the word on
//! random small yut positions, with fewer positions searched; the
//! canonical key is shared by permuted positions while the exact key (of
//! `step` and `simulate`) still tells them apart; the checker refuses what
//! tells the pieces apart by more than their fields.

use super::super::super::model::Model;
use super::super::{solve, Objective};
use crate::budget::Budget;
use crate::error::Code;
use crate::games::rules::program::Program;
use crate::games::rules::setup::{start, BoardInput, PieceInput, ScenarioInput, SetValue};
use crate::games::rules::state::{Dice, Instance, State};
use crate::syntax::ast::{Span, Spanned};
use std::sync::Arc;

const SCRIPT: &str = "scripts/rules/dice_yut.game";

fn compile(text: &str) -> Arc<Program> {
    let (file, diags) = crate::syntax::parse(text);
    assert!(diags.is_empty(), "{diags:?}");
    let def = file.rules.first().expect("a rules block");
    let decls = crate::games::rules::check(def).expect("the block checks");
    Arc::new(crate::games::rules::compile::compile(def, decls))
}

/// `dice_yut` as shipped (interchangeable) and without the word.
fn both() -> (Arc<Program>, Arc<Program>) {
    let text = std::fs::read_to_string(format!("{}/{SCRIPT}", env!("CARGO_MANIFEST_DIR")))
        .expect("the script");
    let word = "piece interchangeable 1..pieces";
    assert!(
        text.contains(word),
        "{SCRIPT} declares its pieces interchangeable"
    );
    let plain = text.replace(word, "piece 1..pieces");
    (compile(&text), compile(&plain))
}

fn sp<T>(v: T) -> Spanned<T> {
    Spanned::new(v, Span::default())
}

struct Rng(u64);

impl Rng {
    fn next(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random small yut position: 2..4 pieces on random squares, known or
/// uniform dice.
fn position(rng: &mut Rng, prog: &Arc<Program>) -> ((Instance, State), String) {
    let track = Arc::new(crate::games::yut::standard_track());
    let pieces = 2 + rng.next(3) as i64;
    let dice = if rng.next(2) == 0 {
        Dice::Known(
            (0..2 + rng.next(6))
                .map(|_| 1 + rng.next(5) as i64)
                .collect(),
        )
    } else {
        let lo = 1 + rng.next(2) as i64;
        Dice::Uniform(lo, lo + 1 + rng.next(3) as i64, 1 + rng.next(4))
    };
    let mut placed = Vec::new();
    for n in 1..=pieces {
        if rng.next(3) > 0 {
            let sq = rng.next(track.len() as u64 - 1) as usize;
            placed.push(PieceInput {
                name: sp(n.to_string()),
                at: Some(sp(SetValue::Word(track.name(sq).to_string()))),
                facing: None,
                with: Vec::new(),
            });
        }
    }
    let what = format!(
        "pieces {pieces}, {:?}, at {:?}",
        dice,
        placed
            .iter()
            .map(|p| p.at.as_ref().map(|a| a.node.to_string()))
            .collect::<Vec<_>>()
    );
    let input = ScenarioInput {
        marks: Vec::new(),
        board: BoardInput::Track(track),
        pieces: placed,
        sets: Vec::new(),
        rules: vec![(sp("pieces".to_string()), sp(SetValue::Int(pieces)))],
        dice,
    };
    (start(prog.clone(), &input).expect("a start"), what)
}

#[test]
fn answers_equal_with_and_without_the_word_and_fewer_states() {
    let (swap, plain) = both();
    let (mut fewer, mut cases) = (0, 0);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..40 {
        let seed = rng.0;
        let ((i1, s1), what) = position(&mut rng, &swap);
        let after = rng.0;
        rng.0 = seed;
        let ((i2, s2), _) = position(&mut rng, &plain);
        assert_eq!(rng.0, after);
        let (b1, b2) = (Budget::unlimited(), Budget::unlimited());
        let v1 = solve(&i1, &s1, &Objective::Max, &b1).expect("solved");
        let v2 = solve(&i2, &s2, &Objective::Max, &b2).expect("solved");
        assert_eq!(v1, v2, "{what}");
        assert!(b1.states() <= b2.states(), "{what}");
        cases += 1;
        fewer += usize::from(b1.states() < b2.states());
    }
    assert!(fewer * 2 > cases, "fewer states in {fewer} of {cases}");
}

/// The moves of a turn as the searches see them (no names) and as `line`
/// and `analyze` do.
fn moves(inst: &Instance, s: &State, named: bool) -> usize {
    use super::super::super::model::Turn;
    let turn = if named {
        inst.turn(s)
    } else {
        inst.turn_unnamed(s)
    };
    match turn.expect("a turn") {
        Turn::Moves(node) => super::super::tree::moves_of(node, named).map_or(0, |m| m.len()),
        Turn::Ended { .. } => 0,
    }
}

/// A choice of interchangeable pieces takes those with equal fields once
/// in the searches (`line` and `analyze` still name every one), and only
/// where no local holds a piece: the answers above stay those without the
/// word; here the shape of the turns.
#[test]
fn twin_pieces_are_one_choice_in_the_searches_only() {
    let (swap, plain) = both();
    let (mut fewer, mut cases) = (0, 0);
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..200 {
        let seed = rng.0;
        let ((i1, s1), what) = position(&mut rng, &swap);
        rng.0 = seed;
        let ((i2, s2), _) = position(&mut rng, &plain);
        if matches!(i1.dice, Dice::Uniform(..)) {
            continue; // a random die: no moves to count, only chances
        }
        let (searched, named) = (moves(&i1, &s1, false), moves(&i1, &s1, true));
        assert_eq!(named, moves(&i2, &s2, true), "{what}");
        assert_eq!(named, moves(&i2, &s2, false), "{what}: without the word");
        // The pieces on one square: the searches take each square once.
        let (base, _) = i1.layout.fields[0];
        let mut squares: Vec<i64> = (0..i1.pieces.len())
            .filter(|&p| i1.present[p])
            .map(|p| s1.v[base + p])
            .collect();
        let all = squares.len();
        squares.sort_unstable();
        squares.dedup();
        assert!(searched <= named, "{what}");
        if squares.len() < all && named > 0 {
            cases += 1;
            fewer += usize::from(searched < named);
        }
    }
    assert!(
        cases > 20 && fewer * 2 > cases,
        "fewer moves in {fewer} of {cases}"
    );
    // A second choice of pieces, with the first held in a local: no twins
    // there (`b == a` tells the equal pieces apart).
    let prog = compile(
        "rules g {
  players solo
  board none
  piece interchangeable 1..3 { n: 0..3 }
  turn {
    choose a in pieces
    choose b in pieces
    require b != a or a.n == 0
    a.n += 1
    b.n += 1
  }
  solve max score
}",
    );
    let twins: Vec<bool> = prog
        .turn
        .iter()
        .filter_map(|s| match s.kind {
            crate::games::rules::program::CStmtKind::Choose { twins, .. } => Some(twins),
            _ => None,
        })
        .collect();
    assert_eq!(twins, [true, false]);
}

#[test]
fn permuted_positions_share_the_canonical_key_not_the_exact_one() {
    let (swap, plain) = both();
    let mut rng = Rng(7);
    let ((inst, s), _) = position(&mut rng, &swap);
    let ((pinst, _), _) = position(&mut Rng(7), &plain);
    let (base, _) = inst.layout.fields[0];
    let mut a = s.clone();
    let mut b = s.clone();
    a.v[base] = 3;
    a.v[base + 1] = 5;
    b.v[base] = 5;
    b.v[base + 1] = 3;
    let key = |i: &Instance, s: &State| {
        let mut k = Vec::new();
        i.key(s, &mut k);
        k
    };
    let exact = |s: &State| {
        let mut k = Vec::new();
        crate::games::rules::key::pack(&inst, s, &mut k);
        k
    };
    assert_eq!(key(&inst, &a), key(&inst, &b));
    assert_ne!(exact(&a), exact(&b));
    assert_ne!(key(&pinst, &a), key(&pinst, &b), "without the word");
}

fn codes(text: &str) -> Vec<Code> {
    let (file, diags) = crate::syntax::parse(text);
    assert!(diags.is_empty(), "{diags:?}");
    match crate::games::rules::check(file.rules.first().expect("a block")) {
        Ok(_) => Vec::new(),
        Err(ds) => ds.iter().map(|d| d.code).collect(),
    }
}

const GAME: &str = "rules g {
  players solo
  board track
  piece interchangeable 1..3 { at: square }
  turn {
    choose p in pieces where p.at != finish
    p.at = advance(p.at, 1)
    TURN
  }
  solve longest
}";

#[test]
fn the_checker_refuses_what_tells_interchangeable_pieces_apart() {
    let game = |turn: &str| GAME.replace("TURN", turn);
    let refused = [Code::RulesInterchangeable];
    assert_eq!(codes(&game("")), Vec::<Code>::new());
    // Fields and equality of pieces: fine.
    assert_eq!(
        codes(&game("require all q in pieces: q == p or q.at != p.at")),
        []
    );
    // A piece by its place, an order between pieces.
    assert_eq!(codes(&game("let q = [p][0]")), refused);
    assert_eq!(
        codes(&game("let q = find q in pieces where q.at == start")),
        refused
    );
    assert_eq!(
        codes(&game("require all q in pieces: q == p or p < q")),
        refused
    );
    assert_eq!(codes(&game("require index([p], p) == 0")), refused);
    // `break` in a loop over pieces stops at whichever comes first (the
    // newcomer's `for q in pieces { win if …; break }` answered -1, the
    // answer of no numbering); `next` there, and `break` in a loop of
    // numbers inside it, are fine.
    assert_eq!(
        codes(&game(
            "for q in pieces {\n      win if q.at == finish\n      break\n    }"
        )),
        refused
    );
    assert_eq!(
        codes(&game(
            "for q in pieces {\n      if q.at == start { next }\n      repeat 2 { break }\n    }"
        )),
        []
    );
    // Named pieces; state holding a piece.
    let named = GAME.replace("1..3", "A, B").replace("TURN", "");
    assert_eq!(codes(&named), refused);
    let held = game("").replace("board track", "board track\n  var last: piece");
    assert_eq!(codes(&held), refused);
    // Without the word, all of it is fine.
    let plain =
        game("let q = find q in pieces where q.at == start").replace("interchangeable ", "");
    assert_eq!(codes(&plain), []);
}
