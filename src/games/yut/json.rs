//! The JSON `detail` of yut answers, serialized from typed structs.

use crate::games::answer::json_int;
use crate::games::yut::answer::{Analyze, Line, RandomRolls};
use crate::games::yut::Answer;
use serde::Serialize;
use serde_json::Value;

/// `line` with fixed dice: `{"plan": [...]}`.
#[derive(Serialize)]
struct Plan<'a> {
    plan: Vec<PlanMove<'a>>,
}

/// One move of the plan (pieces from 1, squares by name).
#[derive(Serialize)]
struct PlanMove<'a> {
    roll: u64,
    piece: usize,
    from: &'a str,
    to: &'a str,
    score: i64,
    total: Value,
}

/// `analyze` with fixed dice: `{"pieces": [...]}`.
#[derive(Serialize)]
struct Pieces {
    pieces: Vec<PieceTotal>,
}

/// A piece (from 1) and its best total, `null` when it cannot move.
#[derive(Serialize)]
struct PieceTotal {
    piece: usize,
    total: Option<Value>,
}

/// Random dice: `{"by_roll": [...]}`.
#[derive(Serialize)]
struct ByRoll {
    by_roll: Vec<RollRow>,
}

/// Roll values `first..=last` and each piece's expected total as `"p/q"`.
#[derive(Serialize)]
struct RollRow {
    first: u64,
    last: u64,
    values: Vec<Option<String>>,
}

/// The `detail` of a yut answer; `None` for `show` and `solve`.
pub(crate) fn detail(answer: &Answer) -> Option<Value> {
    match answer {
        Answer::Line(l) => to_value(plan(l)),
        Answer::Analyze(a) => to_value(pieces(a)),
        Answer::LineRandom(r) | Answer::AnalyzeRandom(r) => to_value(by_roll(r)),
        Answer::Show(_) | Answer::Solve(_) | Answer::SolveRandom(_) | Answer::NoRollsLeft(_) => {
            None
        }
    }
}

fn to_value<T: Serialize>(detail: T) -> Option<Value> {
    serde_json::to_value(detail).ok()
}

fn plan(l: &Line) -> Plan<'_> {
    Plan {
        plan: l
            .steps
            .iter()
            .map(|s| PlanMove {
                roll: s.roll,
                piece: s.piece + 1,
                from: &s.from.name,
                to: &s.to.name,
                score: s.score,
                total: json_int(s.total),
            })
            .collect(),
    }
}

fn pieces(a: &Analyze) -> Pieces {
    Pieces {
        pieces: a
            .pieces
            .iter()
            .enumerate()
            .map(|(i, c)| PieceTotal {
                piece: i + 1,
                total: c.total.map(json_int),
            })
            .collect(),
    }
}

fn by_roll(r: &RandomRolls) -> ByRoll {
    ByRoll {
        by_roll: r
            .classes
            .iter()
            .map(|c| RollRow {
                first: c.first,
                last: c.last,
                values: c
                    .pieces
                    .iter()
                    .map(|p| p.expected.as_ref().map(crate::games::answer::json_fraction))
                    .collect(),
            })
            .collect(),
    }
}
