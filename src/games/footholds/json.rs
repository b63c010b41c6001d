//! The JSON `detail` of footholds answers: the moves of `line` and
//! `analyze`, cells counted from the scenario's `rule origin` as in text.

use crate::games::footholds::answer::{Analyze, Answer, Line};
use crate::games::footholds::rules::{Cell, Player};
use serde::Serialize;
use serde_json::Value;

/// A cell as JSON `[row, col]`, counted from the origin.
type Shown = [i64; 2];

fn shown((r, c): Cell, origin: i64) -> Shown {
    [r as i64 + origin, c as i64 + origin]
}

/// `{"moves": [...]}`.
#[derive(Serialize)]
struct Moves<T> {
    moves: Vec<T>,
}

/// A move of `line`.
#[derive(Serialize)]
struct LineMove {
    player: Player,
    from: Shown,
    to: Shown,
}

/// A move of `analyze`: where to, which way, and its value.
#[derive(Serialize)]
struct Choice {
    to: Shown,
    dir: &'static str,
    wins: bool,
    moves: u32,
}

/// The detail of an answer: the moves of `line` and `analyze` (none,
/// `{"moves": []}`, for `analyze` of a position already lost); `None` for
/// `solve` and `show`.
pub(crate) fn detail(answer: &Answer) -> Option<Value> {
    match answer {
        Answer::Line(l) => to_value(&line(l)),
        Answer::Analyze(a) => to_value(&analyze(a)),
        Answer::Stuck(_) => to_value(&Moves::<Choice> { moves: Vec::new() }),
        Answer::Solve(_) | Answer::Show(_) | Answer::Partial(_) => None,
    }
}

fn to_value<T: Serialize>(detail: &T) -> Option<Value> {
    serde_json::to_value(detail).ok()
}

fn line(l: &Line) -> Moves<LineMove> {
    let moves = l
        .moves
        .iter()
        .map(|m| LineMove {
            player: m.player,
            from: shown(m.from, l.origin),
            to: shown(m.to, l.origin),
        })
        .collect();
    Moves { moves }
}

fn analyze(a: &Analyze) -> Moves<Choice> {
    let moves = a
        .moves
        .iter()
        .map(|c| Choice {
            to: shown(c.to, a.origin),
            dir: c.heading.map_or("to", |h| h.name()),
            wins: c.wins,
            moves: c.moves,
        })
        .collect();
    Moves { moves }
}
