//! `solve max score` / `solve min score`: one player, the best total of
//! `score +=` to the end of the game — with random dice the best expected
//! total, an exact fraction (expectimax). Every reachable position is
//! valued once (`memo`); a position that repeats makes the total
//! undefined: `meeple::rules::endless`.

use super::super::model::{End, Model, Prob};
use super::alphabeta::endless;
use super::memo::{self, Fold, Found, Memo};
use super::num::{Arith, Num};
use super::{MoveValue, SolveError, Value};
use crate::budget::Budget;
use num_traits::ToPrimitive;

struct Best {
    max: bool,
    arith: Arith,
}

impl Fold for Best {
    type V = Num;

    fn ended(&self, _end: End) -> Result<Num, SolveError> {
        Ok(Num::default())
    }

    fn leaf(&self, reward: i64, child: Option<&Num>) -> Result<Num, SolveError> {
        let r = Num::Int(reward.into(), 0);
        Ok(match child {
            Some(c) => self.arith.add(&r, c),
            None => r,
        })
    }

    fn better(&self, a: &Num, b: &Num) -> bool {
        let o = self.arith.cmp(a, b);
        if self.max {
            o.is_gt()
        } else {
            o.is_lt()
        }
    }

    fn chance(&self, parts: Vec<(Prob, Num)>) -> Result<Num, SolveError> {
        Ok(self.arith.chance(parts))
    }

    fn empty(&self) -> Num {
        Num::default()
    }

    fn bytes(&self, v: &Num) -> u64 {
        match v {
            Num::Int(..) => 0,
            Num::Frac(f) => (f.numer().bits() + f.denom().bits()).div_ceil(8) + 16,
        }
    }
}

fn searched<M: Model>(
    model: &M,
    start: &M::State,
    max: bool,
    budget: &Budget,
) -> Result<(Best, Memo<Num>), SolveError> {
    let f = Best {
        max,
        arith: Arith::default(),
    };
    let (memo, found) = memo::search(&f, model, start, budget)?;
    match found {
        Found::Valued => Ok((f, memo)),
        Found::Cycle(_) => Err(endless(if max { "max score" } else { "min score" })),
    }
}

fn answer(f: &Best, v: &Num, chance: bool) -> Result<Value, SolveError> {
    let v = f.arith.frac(v);
    if chance {
        return Ok(Value::Expected(v));
    }
    match v.to_integer().to_i64() {
        Some(x) if v.is_integer() => Ok(Value::Total(x)),
        _ => Err(SolveError::Run(super::super::model::RunError {
            kind: super::super::model::RunErrorKind::Overflow,
            message: format!("the total {v} does not fit a 64-bit integer"),
            span: Default::default(),
        })),
    }
}

pub(crate) fn value<M: Model>(
    model: &M,
    start: &M::State,
    max: bool,
    budget: &Budget,
) -> Result<Value, SolveError> {
    let (f, mut memo) = searched(model, start, max, budget)?;
    let root = memo.keyer.key(model, start);
    let v = memo.table.get(&root).cloned().unwrap_or_default();
    answer(&f, &v, memo.chance)
}

pub(crate) fn line<M: Model>(
    model: &M,
    start: &M::State,
    max: bool,
    max_moves: u64,
    budget: &Budget,
) -> Result<super::Line<M::State>, SolveError> {
    let (f, mut memo) = searched(model, start, max, budget)?;
    memo::line(&f, model, start, &mut memo, max_moves, budget)
}

pub(crate) fn analyze<M: Model>(
    model: &M,
    start: &M::State,
    max: bool,
    budget: &Budget,
) -> Result<Vec<MoveValue>, SolveError> {
    let (f, mut memo) = searched(model, start, max, budget)?;
    let chance = memo.chance;
    memo::analyze(&f, model, start, &mut memo, budget)?
        .into_iter()
        .map(|(words, v)| {
            Ok(MoveValue {
                words,
                value: answer(&f, &v, chance)?,
            })
        })
        .collect()
}
