//! A rules game's scenario statements lowered to typed commands: the board
//! (rows, an array or a track), pieces, dice, and `play` as the move's
//! words (matched against the legal moves when applied).

use super::setup::{BoardInput, PieceInput, SetValue};
use super::state::Dice;
use crate::error::{Code, Diag, Diags};
use crate::games::typed::{not_of, Deferred, Lowering};
use crate::games::GameKind;
use crate::syntax::ast::{self, Play, Spanned, Stmt};

/// A rules game's statement, lowered.
pub(crate) enum Command {
    /// `board …`; a track name that does not resolve is reported when
    /// applied.
    Board(Deferred<BoardInput>),
    /// `piece NAME at (r, c) [facing DIR]`.
    Piece(PieceInput),
    /// `dice …`.
    Dice(Dice),
    /// `set NAME VALUE`.
    Set(Spanned<String>, Spanned<SetValue>),
    /// `play WORDS…`: the move's words as written.
    Play(Vec<String>),
    /// `input [case K] """…"""`: the judge's text, read by the block's
    /// format when applied, and the case asked for.
    Input(Spanned<String>, Option<crate::syntax::ast::Int>),
}

/// Lower a statement of a rules game.
pub(super) fn lower(stmt: &Spanned<Stmt>, lx: &Lowering) -> Result<Command, Diags> {
    match &stmt.node {
        Stmt::Board(ast::BoardSrc::Grid { rows, .. }) => {
            Ok(Command::Board(Ok(BoardInput::Grid(rows.clone()))))
        }
        Stmt::Board(ast::BoardSrc::Array { rows, .. }) => Ok(Command::Board(Ok(
            BoardInput::Array(rows.iter().map(|r| r.node.clone()).collect()),
        ))),
        Stmt::Board(ast::BoardSrc::Named(name)) => {
            Ok(Command::Board(lx.defs.track(name).map(BoardInput::Track)))
        }
        Stmt::Piece {
            id,
            at,
            facing,
            with,
        } => Ok(Command::Piece(PieceInput {
            name: Spanned::new(id.node.to_string(), id.span),
            at: at
                .as_ref()
                .map(|at| Spanned::new(SetValue::Cell(at.node.row, at.node.col), at.span)),
            facing: facing
                .as_ref()
                .map(|f| Spanned::new(f.node.name().to_string(), f.span)),
            with: with
                .iter()
                .map(|(n, v)| (n.clone(), Spanned::new(value(&v.node), v.span)))
                .collect(),
        })),
        Stmt::Set { name, value: v } => Ok(Command::Set(
            name.clone(),
            Spanned::new(value(&v.node), v.span),
        )),
        Stmt::Play(Play::Words(words)) => Ok(Command::Play(
            words.iter().map(|w| w.node.clone()).collect(),
        )),
        Stmt::Dice(ast::Dice::Fixed(rolls)) => Ok(Command::Dice(Dice::Known(
            rolls.iter().map(|r| r.node).collect(),
        ))),
        Stmt::Dice(ast::Dice::Uniform { lo, hi, count }) => {
            if let Err(m) = super::run::faces(lo.node, hi.node) {
                return Err(vec![Diag::new(Code::DiceRange, m)
                    .label(lo.span.to(hi.span), "the faces")
                    .help(
                        "write the range low to high, e.g. `dice uniform 1..6 x 10`",
                    )]);
            }
            if count.node < 0 {
                return Err(vec![Diag::new(
                    Code::DiceRange,
                    "the number of rolls cannot be negative",
                )
                .label(count.span, "negative")
                .help(
                    "write the number of rolls after `x`, e.g. `dice uniform 1..6 x 10`",
                )]);
            }
            Ok(Command::Dice(Dice::Uniform(
                lo.node,
                hi.node,
                count.node as u64,
            )))
        }
        Stmt::Play(Play::Dir { player, dir }) => Ok(Command::Play(vec![
            player.node.clone(),
            dir.node.name().to_string(),
        ])),
        Stmt::Play(Play::To { player, to }) => Ok(Command::Play(vec![
            player.node.clone(),
            format!("({}, {})", to.node.row, to.node.col),
        ])),
        Stmt::Input { text, case } => Ok(Command::Input(text.clone(), case.clone())),
        Stmt::Play(Play::Piece(n)) => {
            Ok(Command::Play(vec!["piece".to_string(), n.node.to_string()]))
        }
        _ => Err(not_of(GameKind::Rules, stmt)),
    }
}

/// A `rule` value as the setup reads it.
pub(super) fn rule_value(v: &ast::RuleValue) -> SetValue {
    match v {
        ast::RuleValue::Int(n) => SetValue::Int(*n),
        ast::RuleValue::Word(w) => SetValue::Word(w.clone()),
    }
}

/// A `set` or `with` value as the setup reads it.
fn value(v: &ast::Value) -> SetValue {
    match v {
        ast::Value::Int(n) => SetValue::Int(*n),
        ast::Value::Word(w) => SetValue::Word(w.clone()),
        ast::Value::Cell(c) => SetValue::Cell(c.row, c.col),
        ast::Value::List(items) => SetValue::List(
            items
                .iter()
                .map(|v| Spanned::new(value(&v.node), v.span))
                .collect(),
        ),
    }
}
