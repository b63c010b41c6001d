//! stacking statements lowered to typed commands: a piece's number and
//! facing checked, the board and a judge input read. What does not
//! resolve is lowered to its diagnostic, reported where the session checks
//! it (after the board it needs).

use super::judge::{self, Read};
use super::rules::{Colour, Dir as SDir};
use super::session::LEGEND;
use crate::error::{Code, Diag, Diags};
use crate::games::grid::{self, Grid};
use crate::games::typed::{not_of, Deferred};
use crate::games::GameKind;
use crate::syntax::ast::{Coord, Dir, PieceId, Span, Spanned, Stmt};

/// A stacking statement, lowered.
pub(crate) enum Command {
    /// `board …` (its reading errors come after the duplicate-board check).
    Board(Deferred<Grid<Colour>>),
    /// `input """…"""`: the judge's text read, with spans relative to it
    /// (its errors come after the duplicate checks).
    Input(Deferred<(Read, crate::games::judge_text::Within)>),
    /// `piece N at (r, c) facing DIR`: the piece, or the diagnostic for a
    /// name or facing that is wrong (reported once a board is declared).
    Piece {
        piece: Result<Placing, Diag>,
        at: Spanned<Coord>,
    },
}

/// A numbered piece and where it faces.
pub(crate) struct Placing {
    pub(super) number: i64,
    pub(super) facing: SDir,
    /// From the number to the facing.
    pub(super) span: Span,
}

fn sdir(d: Dir) -> SDir {
    match d {
        Dir::Right => SDir::Right,
        Dir::Left => SDir::Left,
        Dir::Up => SDir::Up,
        Dir::Down => SDir::Down,
    }
}

/// Lower a stacking statement.
pub(super) fn lower(stmt: &Spanned<Stmt>) -> Result<Command, Diags> {
    match &stmt.node {
        Stmt::Board(src) => Ok(Command::Board(grid::read(src, &LEGEND, "stacking"))),
        Stmt::Input { text, case } => {
            crate::games::judge_text::one_case(case, "stacking")?;
            let within = crate::games::judge_text::Within::new(text);
            Ok(Command::Input(
                judge::read_spanned(&text.node)
                    .map(|read| (read, within))
                    .map_err(|d| within.diags(d)),
            ))
        }
        Stmt::Piece {
            id,
            at: Some(at),
            facing,
            ..
        } => Ok(Command::Piece {
            piece: placing(id, at, facing.as_ref()),
            at: at.clone(),
        }),
        _ => Err(not_of(GameKind::Stacking, stmt)),
    }
}

/// A piece's number and facing, checked in that order.
fn placing(
    id: &Spanned<PieceId>,
    at: &Spanned<Coord>,
    facing: Option<&Spanned<Dir>>,
) -> Result<Placing, Diag> {
    let number = match id.node {
        PieceId::Number(n) if n >= 1 => n,
        _ => {
            return Err(Diag::new(
                Code::PieceName,
                format!("stacking pieces are numbered, not `{}`", id.node),
            )
            .label(id.span, "not a piece number")
            .help("number the pieces 1, 2, 3, … in the order they move"))
        }
    };
    let Some(facing) = facing else {
        return Err(Diag::new(
            Code::PieceFacing,
            format!("piece {number} does not say where it faces"),
        )
        .label(at.span, "no direction")
        .help(format!(
            "write `piece {number} at (r, c) facing right` (or left, up, down)"
        )));
    };
    Ok(Placing {
        number,
        facing: sdir(facing.node),
        span: id.span.to(facing.span),
    })
}
