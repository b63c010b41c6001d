//! The solvers on the shipped scripts: random small games of
//! `scripts/rules/dice_yut.game` with uniform dice valued on the integer
//! path equal the plain fraction expectimax, and a constant layer
//! (`scripts/problems/card_game.game`'s cards) stays out of the key.

use super::super::super::model::{End, Model, Prob};
use super::super::memo::{self, Fold, Found};
use super::super::{solve, Objective, SolveError, Value};
use crate::budget::Budget;
use crate::games::rules::program::Program;
use crate::games::rules::setup::{start, BoardInput, ScenarioInput, SetValue};
use crate::games::rules::state::Dice;
use crate::syntax::ast::{Span, Spanned};
use num_rational::BigRational;
use num_traits::Zero;
use std::sync::Arc;

fn program(path: &str, name: &str) -> Arc<Program> {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .expect("the script");
    let (file, diags) = crate::syntax::parse(&text);
    assert!(diags.is_empty(), "{diags:?}");
    let def = file
        .rules
        .iter()
        .find(|d| d.name.node == name)
        .expect("the block");
    let decls = crate::games::rules::check(def).expect("the script checks");
    Arc::new(crate::games::rules::compile::compile(def, decls))
}

fn sp<T>(v: T) -> Spanned<T> {
    Spanned::new(v, Span::default())
}

fn input(board: BoardInput, dice: Dice) -> ScenarioInput {
    ScenarioInput {
        marks: Vec::new(),
        board,
        pieces: Vec::new(),
        sets: Vec::new(),
        rules: Vec::new(),
        dice,
    }
}

/// `max score` with fractions only (the search before integer values).
struct Fractions;

impl Fold for Fractions {
    type V = BigRational;
    fn ended(&self, _end: End) -> Result<BigRational, SolveError> {
        Ok(BigRational::zero())
    }
    fn leaf(&self, reward: i64, child: Option<&BigRational>) -> Result<BigRational, SolveError> {
        let r = BigRational::from_integer(reward.into());
        Ok(child.map_or(r.clone(), |c| r + c))
    }
    fn better(&self, a: &BigRational, b: &BigRational) -> bool {
        a > b
    }
    fn chance(&self, parts: Vec<(Prob, BigRational)>) -> Result<BigRational, SolveError> {
        Ok(parts
            .into_iter()
            .fold(BigRational::zero(), |acc, (p, v)| acc + p.ratio() * v))
    }
    fn empty(&self) -> BigRational {
        BigRational::zero()
    }
    fn bytes(&self, _v: &BigRational) -> u64 {
        0
    }
}

#[test]
fn uniform_dice_on_the_integer_path_equal_the_fractions() {
    let prog = program("scripts/rules/dice_yut.game", "dice_yut");
    let track = Arc::new(crate::games::yut::standard_track());
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut fractional = 0;
    for _ in 0..12 {
        let pieces = 1 + next(3) as i64;
        let lo = 1 + next(3) as i64;
        let hi = lo + next(3) as i64;
        let count = 1 + next(4);
        let mut inp = input(
            BoardInput::Track(track.clone()),
            Dice::Uniform(lo, hi, count),
        );
        inp.rules = vec![(sp("pieces".to_string()), sp(SetValue::Int(pieces)))];
        let (inst, s) = start(prog.clone(), &inp).expect("a start");
        let b = Budget::unlimited();
        let got = solve(&inst, &s, &Objective::Max, &b).expect("solved");
        let (m, found) = memo::search(&Fractions, &inst, &s, &b).expect("searched");
        assert!(matches!(found, Found::Valued));
        let mut keyer = m.keyer;
        let want = m.table.get(&keyer.key(&inst, &s)).cloned().expect("valued");
        if !want.is_integer() {
            fractional += 1;
        }
        assert_eq!(
            got,
            Value::Expected(want),
            "pieces {pieces}, uniform {lo}..{hi} x {count}"
        );
    }
    assert!(fractional > 0, "some expectations are not whole");
}

#[test]
fn a_layer_the_turn_never_writes_stays_out_of_the_key() {
    let prog = program("scripts/problems/card_game.game", "card_game");
    assert_eq!(
        prog.written.layers,
        vec![false],
        "`card` is set by the legend only"
    );
    assert_eq!(prog.written.vars, vec![true, true]);
    for n in [4usize, 40, 400] {
        let row: Vec<_> = (0..n).map(|i| sp(1 + (i as i64 * 7919) % 100)).collect();
        let (inst, s) = start(
            prog.clone(),
            &input(BoardInput::Array(vec![row]), Dice::None),
        )
        .expect("start");
        let mut key = Vec::new();
        inst.key(&s, &mut key);
        // from_left, from_right (10 bits each) and the mover: one word,
        // where the cards alone took n * 14 bits.
        assert_eq!(key.len(), 1, "{n} cards");
    }
    // The answers stay those of the problem (BOJ 11062's samples).
    for (cards, want) in [(vec![1, 2, 5, 2], 6), (vec![1, 1, 1, 1, 2, 2, 2, 2, 2], 8)] {
        let row = cards.into_iter().map(sp).collect();
        let (inst, s) = start(
            prog.clone(),
            &input(BoardInput::Array(vec![row]), Dice::None),
        )
        .expect("start");
        let v = solve(&inst, &s, &Objective::Score, &Budget::unlimited()).expect("solved");
        assert_eq!(v, Value::Score(want));
    }
}
