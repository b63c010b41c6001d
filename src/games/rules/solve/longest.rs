//! `solve longest`: one player, the most moves before the game ends, or
//! "forever" (-1) when a position reachable from the start can repeat (the
//! player, choosing every move, can then loop for ever). Every reachable
//! position is valued once (`memo`).

use super::super::model::{End, Model, Prob};
use super::memo::{self, Fold, Found};
use super::tree::NO_DICE;
use super::{MoveValue, SolveError, Value};
use crate::budget::Budget;

struct Longest;

impl Fold for Longest {
    type V = u64;

    fn ended(&self, _end: End) -> Result<u64, SolveError> {
        Ok(0)
    }

    fn leaf(&self, _reward: i64, child: Option<&u64>) -> Result<u64, SolveError> {
        Ok(child.copied().unwrap_or(0).saturating_add(1))
    }

    fn better(&self, a: &u64, b: &u64) -> bool {
        a > b
    }

    fn chance(&self, _parts: Vec<(Prob, u64)>) -> Result<u64, SolveError> {
        Err(NO_DICE)
    }

    fn empty(&self) -> u64 {
        0
    }

    fn bytes(&self, _v: &u64) -> u64 {
        0
    }
}

pub(crate) fn value<M: Model>(
    model: &M,
    start: &M::State,
    budget: &Budget,
) -> Result<Value, SolveError> {
    let (mut memo, found) = memo::search(&Longest, model, start, budget)?;
    Ok(Value::Longest(match found {
        Found::Cycle(_) => None,
        Found::Valued => {
            let root = memo.keyer.key(model, start);
            memo.table.get(&root).copied()
        }
    }))
}

pub(crate) fn line<M: Model>(
    model: &M,
    start: &M::State,
    max_moves: u64,
    budget: &Budget,
) -> Result<super::Line<M::State>, SolveError> {
    let (mut memo, found) = memo::search(&Longest, model, start, budget)?;
    match found {
        Found::Cycle(keys) => memo::cycle_line(model, start, &keys, max_moves, budget),
        Found::Valued => memo::line(&Longest, model, start, &mut memo, max_moves, budget),
    }
}

pub(crate) fn analyze<M: Model>(
    model: &M,
    start: &M::State,
    budget: &Budget,
) -> Result<Vec<MoveValue>, SolveError> {
    // A move's value is the longest play after it, plus one: the search from
    // each move's position, so that a cycle counts only where it is reachable.
    let moves = super::legal_moves(model, start)?;
    let mut out = Vec::new();
    for m in moves {
        let value = match m.leaf.end {
            Some(_) => Value::Longest(Some(1)),
            None => match value(model, &m.leaf.next, budget)? {
                Value::Longest(v) => Value::Longest(v.map(|x| x.saturating_add(1))),
                other => other,
            },
        };
        out.push(MoveValue {
            words: m.words,
            value,
        });
    }
    Ok(out)
}
