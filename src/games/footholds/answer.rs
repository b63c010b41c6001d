//! The typed answers of footholds queries: values, not text.
//!
//! Every variant carries the scenario's `rule origin` and the positions it
//! speaks of, so that text, JSON and pictures can all be drawn from it
//! ([`crate::render`] does the drawing).
//!
//! **Coordinates.** Every `Cell` in these types is 0-based
//! `(row, col)`, as in [`Position`]; users see them counted from `origin`
//! (`(r + origin, c + origin)`), which each answer carries.
//!
//! Positions and players serialize (for whoever serializes an answer) as
//! `{"rows", "cols", "cells": [bool, row-major], "a": [r, c], "b": [r, c],
//! "to_move": "A", "steps": "orthogonal"}` and `"A"` / `"B"`, cells
//! 0-based.

use super::rules::{Cell, Player, Position, Steps};
use crate::games::FieldValue;
use crate::syntax::ast::Heading;
use crate::syntax::dialect::Field;
use serde::{Serialize, Serializer};

/// What a footholds query answers.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "query", rename_all = "snake_case")]
pub enum Answer {
    /// `solve`: who wins and after how many moves.
    Solve(Solve),
    /// `line`: the optimal line of play to the end.
    Line(Line),
    /// `analyze`: every move of the side to move, valued.
    Analyze(Analyze),
    /// `analyze` when the side to move has already lost (no move to value).
    Stuck(Stuck),
    /// `show` of a complete position.
    Show(Show),
    /// `show` before both players are placed: the board and who is placed.
    Partial(Partial),
}

impl Answer {
    /// The `solve` fields that `expect` reads: `answer` (moves of the
    /// whole game, those already played included), `moves` (moves still
    /// to come) and `winner`; empty for the other queries.
    pub fn fields(&self) -> Vec<(Field, FieldValue)> {
        match self {
            Answer::Solve(s) => vec![
                (Field::Answer, FieldValue::Int(s.total())),
                (Field::Moves, FieldValue::Int(s.moves.into())),
                (
                    Field::Winner,
                    FieldValue::Word(player_name(s.winner).into()),
                ),
            ],
            _ => Vec::new(),
        }
    }
}

impl Answer {
    /// The bytes of the boards the answer keeps (see
    /// [`crate::games::Answer::held_bytes`]).
    pub(crate) fn held_bytes(&self) -> u64 {
        let board = |p: &Position| p.cells.len() as u64;
        match self {
            Answer::Solve(s) => board(&s.position),
            Answer::Line(l) => {
                let each = board(&l.start) + std::mem::size_of::<LineMove>() as u64;
                each.saturating_mul(l.moves.len() as u64 + 1)
            }
            Answer::Analyze(a) => board(&a.position),
            Answer::Stuck(s) => board(&s.position),
            Answer::Show(s) => board(&s.position),
            Answer::Partial(p) => p.cells.len() as u64,
        }
    }
}

/// The answer to `solve`.
#[derive(Clone, Debug, Serialize)]
pub struct Solve {
    /// The scenario's `rule origin` (added to cells to show them).
    pub origin: i64,
    /// The position solved.
    pub position: Position,
    /// Moves already played in the scenario (`play`, net of `undo`).
    pub played: usize,
    /// Moves both players still make under optimal play.
    pub moves: u32,
    /// The player who wins under optimal play.
    pub winner: Player,
}

impl Solve {
    /// Moves of the whole game: those played plus those to come.
    pub fn total(&self) -> i128 {
        self.played as i128 + i128::from(self.moves)
    }
}

/// The answer to `line`: the optimal game from the position to its end.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    /// The scenario's `rule origin`.
    pub origin: i64,
    /// The position the line starts from.
    pub start: Position,
    /// The moves, in order (the players alternate).
    pub moves: Vec<LineMove>,
    /// Whether the query asked for the board after each move (`line boards`).
    pub boards: bool,
    /// The player to move at the end, who cannot move and so loses.
    pub loser: Player,
    /// Why the loser cannot move.
    pub loss: Loss,
}

impl Line {
    /// The position at the end of the line.
    pub fn end(&self) -> &Position {
        self.moves.last().map_or(&self.start, |m| &m.after)
    }

    /// The player who wins at the end of the line.
    pub fn winner(&self) -> Player {
        self.loser.other()
    }
}

/// One move of a [`Line`].
#[derive(Clone, Debug, Serialize)]
pub struct LineMove {
    /// Who moves.
    pub player: Player,
    /// The cell the player leaves (0-based; it vanishes).
    pub from: Cell,
    /// The cell the player steps to (0-based).
    pub to: Cell,
    /// The direction of the step (`None` if it is not a one-cell step).
    #[serde(serialize_with = "heading_name")]
    pub heading: Option<Heading>,
    /// The position after the move.
    pub after: Position,
}

/// The answer to `analyze`: every legal move of the side to move.
#[derive(Clone, Debug, Serialize)]
pub struct Analyze {
    /// The scenario's `rule origin`.
    pub origin: i64,
    /// The position analysed.
    pub position: Position,
    /// The side to move.
    pub mover: Player,
    /// The mover's cell (0-based).
    pub from: Cell,
    /// Every legal move, best first: quickest win, then slowest loss,
    /// then by cell. Never empty (see [`Stuck`]).
    pub moves: Vec<Choice>,
}

/// One move of an [`Analyze`], with its value under optimal play.
#[derive(Clone, Debug, Serialize)]
pub struct Choice {
    /// The cell stepped to (0-based).
    pub to: Cell,
    /// The direction of the step (`None` if it is not a one-cell step).
    #[serde(serialize_with = "heading_name")]
    pub heading: Option<Heading>,
    /// Whether the mover wins after this move.
    pub wins: bool,
    /// Moves both players still make after this one, under optimal play.
    pub moves: u32,
}

/// The answer to `analyze` when the side to move has already lost.
#[derive(Clone, Debug, Serialize)]
pub struct Stuck {
    /// The scenario's `rule origin`.
    pub origin: i64,
    /// The position analysed.
    pub position: Position,
    /// The side to move, which has lost.
    pub loser: Player,
    /// Why it cannot move.
    pub loss: Loss,
}

/// The answer to `show` once the position is complete.
#[derive(Clone, Debug, Serialize)]
pub struct Show {
    /// The scenario's `rule origin`.
    pub origin: i64,
    /// The position (board, both players, the side to move).
    pub position: Position,
}

/// The answer to `show` before both players are placed.
#[derive(Clone, Debug, Serialize)]
pub struct Partial {
    /// The scenario's `rule origin`.
    pub origin: i64,
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Row-major cells, `true` = a foothold.
    pub cells: Vec<bool>,
    /// Player A's cell (0-based), if placed.
    pub a: Option<Cell>,
    /// Player B's cell (0-based), if placed.
    pub b: Option<Cell>,
}

impl Partial {
    /// The players not placed yet, A first (at least one).
    pub fn missing(&self) -> Vec<Player> {
        [(self.a, Player::A), (self.b, Player::B)]
            .into_iter()
            .filter(|(at, _)| at.is_none())
            .map(|(_, p)| p)
            .collect()
    }
}

/// Why the side to move cannot move (and so has lost).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Loss {
    /// The foothold under it has vanished (the opponent stepped off it
    /// while both stood there).
    Vanished,
    /// No adjacent cell holds a foothold.
    Blocked,
}

impl Loss {
    /// Why the side to move of `p` has lost, assuming it has no legal move.
    pub fn of(p: &Position) -> Loss {
        let (r, c) = if p.to_move == Player::A { p.a } else { p.b };
        if p.cells.get(r * p.cols + c) == Some(&true) {
            Loss::Blocked
        } else {
            Loss::Vanished
        }
    }
}

/// A player's name as the language writes it: `A` or `B`.
pub fn player_name(p: Player) -> &'static str {
    match p {
        Player::A => "A",
        Player::B => "B",
    }
}

/// The heading of a step from `from` to `to`, if it is a one-cell step.
pub fn heading(from: Cell, to: Cell) -> Option<Heading> {
    let dr = to.0 as i64 - from.0 as i64;
    let dc = to.1 as i64 - from.1 as i64;
    Heading::of_delta((dr, dc))
}

fn heading_name<S: Serializer>(h: &Option<Heading>, s: S) -> Result<S::Ok, S::Error> {
    h.map(Heading::name).serialize(s)
}

/// Players serialize as their names, `"A"` and `"B"`.
impl Serialize for Player {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(player_name(*self))
    }
}

/// The serialized form of a [`Position`] (cells 0-based).
#[derive(Serialize)]
struct PositionRepr<'a> {
    rows: usize,
    cols: usize,
    cells: &'a [bool],
    a: Cell,
    b: Cell,
    to_move: Player,
    steps: &'static str,
}

/// Positions serialize as in the module docs; `rules` stays free of serde.
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PositionRepr {
            rows: self.rows,
            cols: self.cols,
            cells: &self.cells,
            a: self.a,
            b: self.b,
            to_move: self.to_move,
            steps: match self.steps {
                Steps::Orthogonal => "orthogonal",
                Steps::King => "king",
            },
        }
        .serialize(s)
    }
}
