//! The JSON `detail` of stacking answers.

use crate::games::stacking::answer::{Line, Position};
use crate::games::stacking::solve::Outcome;
use crate::games::stacking::Answer;
use serde::Serialize;
use serde_json::Value;

/// A `solve` that proved a cycle: `{"cycle_start": 48, "period": 4}`.
#[derive(Serialize)]
struct CycleDetail {
    cycle_start: u64,
    period: u64,
}

/// A `line`: the position at its start and after each turn drawn, and the
/// bound on turns when the game went on past it (`null` when the line
/// reaches the end).
#[derive(Serialize)]
struct LineDetail {
    turns: Vec<TurnDetail>,
    cut: Option<u64>,
}

/// The stacks after `turn` turns (0: the start).
#[derive(Serialize)]
struct TurnDetail {
    turn: u64,
    stacks: Vec<StackDetail>,
}

/// One cell's stack: the cell `[row, col]` counted from the scenario's
/// `rule origin`, and its pieces' numbers, bottom to top.
#[derive(Serialize)]
struct StackDetail {
    cell: [i64; 2],
    pieces: Vec<u32>,
}

fn line(l: &Line) -> LineDetail {
    let origin = l.board.origin;
    let turn = |p: &Position| TurnDetail {
        turn: p.turn,
        stacks: p
            .stacks
            .iter()
            .map(|s| StackDetail {
                cell: [
                    (s.cell.0 as i64).saturating_add(origin),
                    (s.cell.1 as i64).saturating_add(origin),
                ],
                pieces: s.pieces.iter().map(|p| p.number).collect(),
            })
            .collect(),
    };
    LineDetail {
        turns: std::iter::once(&l.start)
            .chain(&l.turns)
            .map(turn)
            .collect(),
        cut: l.cut,
    }
}

/// The detail of a stacking answer: a cycle's start and period, or a
/// `line`'s positions; `None` otherwise (the fields and the text say it all).
pub(crate) fn detail(answer: &Answer) -> Option<Value> {
    match answer {
        Answer::Solve(s) => match s.outcome {
            Outcome::Cycle { start, period } => serde_json::to_value(CycleDetail {
                cycle_start: start,
                period,
            })
            .ok(),
            _ => None,
        },
        Answer::Line(l) => serde_json::to_value(line(l)).ok(),
        Answer::Show(_) | Answer::Empty(_) => None,
    }
}
