//! yut statements lowered to typed commands: the track resolved from the
//! file's definitions, the dice checked, the piece numbered from 0. What
//! does not resolve is lowered to its diagnostic, reported where the
//! session checks it.

use super::judge;
use super::track::Track;
use crate::error::{Code, Diag, Diags};
use crate::games::judge_text::Within;
use crate::games::typed::{not_of, Deferred, Lowering};
use crate::games::GameKind;
use crate::syntax::ast::{BoardSrc, Dice, Play, Spanned, Stmt};
use std::sync::Arc;

/// A roll or die face as written (`what` names it: "a roll"), which must be at least 1.
pub(super) fn roll_value(n: &Spanned<i64>, what: &str) -> Result<u64, Diag> {
    if n.node >= 1 {
        Ok(n.node as u64)
    } else {
        Err(
            Diag::new(Code::DiceRange, format!("{what} must be at least 1"))
                .label(n.span, format!("{what} is {}", n.node))
                .help("rolls and die faces are whole numbers from 1 up"),
        )
    }
}

/// The dice of a scenario.
#[derive(Clone, Debug)]
pub(crate) enum Rolls {
    /// Known rolls, in order.
    Fixed(Vec<u64>),
    /// `count` rolls, each uniform in `lo..=hi`.
    Uniform { lo: u64, hi: u64, count: u64 },
}

/// A yut statement, lowered.
pub(crate) enum Command {
    /// `board yut`, `board NAME`: the track and its name (an unknown track,
    /// or a grid, is reported after the duplicate-board check).
    Board(Deferred<(Arc<Track>, String)>),
    /// `dice …` (bad rolls are reported after the duplicate-dice check).
    Dice(Deferred<Rolls>),
    /// `input """…"""`: the standard track, should the board be missing,
    /// and the rolls.
    Input {
        standard: Option<Arc<Track>>,
        rolls: Deferred<Rolls>,
    },
    /// `play piece N`: the piece's index, or the diagnostic for a number
    /// that is no piece (reported after the dice are checked).
    Play { piece: Result<usize, Diag> },
}

/// Lower a yut statement.
pub(super) fn lower(stmt: &Spanned<Stmt>, lx: &Lowering) -> Result<Command, Diags> {
    match &stmt.node {
        Stmt::Board(BoardSrc::Named(name)) => Ok(Command::Board(
            lx.defs.track(name).map(|t| (t, name.node.clone())),
        )),
        Stmt::Board(_) => Ok(Command::Board(Err(vec![Diag::new(
            Code::BoardKind,
            "yut is played on a track, not a grid",
        )
        .label(stmt.span, "a grid board")
        .help(
            "write `board yut` (the standard board) or `board NAME` for a `track NAME { … }`",
        )]))),
        Stmt::Dice(d) => Ok(Command::Dice(rolls(d))),
        Stmt::Input { text, case } => {
            crate::games::judge_text::one_case(case, "yut")?;
            let within = Within::new(text);
            let ints = judge::read_rolls(&text.node).map_err(|d| within.diags(d))?;
            let ints = ints
                .into_iter()
                .map(|n| Spanned::new(n.node, within.span(n.span)))
                .collect();
            Ok(Command::Input {
                standard: lx.defs.standard_track(),
                rolls: rolls(&Dice::Fixed(ints)),
            })
        }
        Stmt::Play(Play::Piece(n)) => {
            let pieces = lx.options.pieces;
            let piece = match usize::try_from(n.node) {
                Ok(p) if (1..=pieces).contains(&p) => Ok(p - 1),
                _ => Err(
                    Diag::new(Code::PieceName, format!("there is no piece {}", n.node))
                        .label(n.span, format!("pieces are 1..{pieces}"))
                        .help("set the number of pieces with `rule pieces N`"),
                ),
            };
            Ok(Command::Play { piece })
        }
        _ => Err(not_of(GameKind::Yut, stmt)),
    }
}

/// The dice as written, checked.
fn rolls(d: &Dice) -> Deferred<Rolls> {
    let roll = roll_value;
    Ok(match d {
        Dice::Fixed(v) => {
            let mut diags = Vec::new();
            let mut out = Vec::with_capacity(v.len());
            for n in v {
                match roll(n, "a roll") {
                    Ok(r) => out.push(r),
                    Err(e) => diags.push(e),
                }
            }
            if !diags.is_empty() {
                return Err(diags);
            }
            Rolls::Fixed(out)
        }
        Dice::Uniform { lo, hi, count } => {
            let l = roll(lo, "the lowest face").map_err(|d| vec![d])?;
            let h = roll(hi, "the highest face").map_err(|d| vec![d])?;
            if h < l {
                return Err(vec![Diag::new(Code::DiceRange, "the die range is empty")
                    .label(lo.span.to(hi.span), format!("{l}..{h} has no faces"))
                    .help("write the range low to high, e.g. uniform 1..5 x 10")]);
            }
            if count.node < 0 {
                return Err(vec![Diag::new(
                    Code::DiceRange,
                    "the number of rolls cannot be negative",
                )
                .label(count.span, "negative")
                .help("write the number of rolls after `x`, e.g. uniform 1..5 x 10")]);
            }
            Rolls::Uniform {
                lo: l,
                hi: h,
                count: count.node as u64,
            }
        }
    })
}
