//! footholds statements lowered to typed commands: players, cells after
//! `rule origin`, the board read. A name that is not a player is lowered
//! to its diagnostic, reported where the session checks names.

use super::judge;
use super::rules::Player;
use super::session::LEGEND;
use crate::error::{Code, Diag, Diags};
use crate::games::grid::{self, Grid};
use crate::games::judge_text::{one_case, Within};
use crate::games::typed::{not_of, Deferred, Lowering};
use crate::games::GameKind;
use crate::syntax::ast::{Coord, Heading, PieceId, Play, Spanned, Stmt};

/// A player cell and the span that placed it.
pub(super) type Placed = ((usize, usize), crate::syntax::ast::Span);

/// A footholds statement, lowered.
pub(crate) enum Command {
    /// `board …` or `input """…"""` (which places both players too); its
    /// reading errors come after the duplicate-board check.
    Board(Deferred<Declared>),
    /// `piece A at (r, c)`.
    Piece {
        /// The player, with the name's span.
        who: Spanned<Who>,
        /// The cell as written.
        at: Spanned<Coord>,
    },
    /// `play A up`, `play A to (r, c)`.
    Move {
        /// The player, with the name's span.
        who: Spanned<Who>,
        /// Where it goes.
        to: Target,
    },
}

/// A board declared, with the players of a judge input.
pub(crate) struct Declared {
    pub(super) board: Grid<bool>,
    pub(super) players: Option<(Placed, Placed)>,
}

/// A piece name: a player, or the diagnostic for a name that is none.
pub(crate) enum Who {
    /// `A` or `B`.
    Player(Player),
    /// Any other name: "player C" for the messages that name it, and the
    /// diagnostic for the name.
    Unknown { what: String, diag: Diag },
}

impl Who {
    /// "player A", as the messages name it.
    pub(super) fn what(&self) -> String {
        match self {
            Who::Player(p) => format!("player {}", super::session::name(*p)),
            Who::Unknown { what, .. } => what.clone(),
        }
    }
}

/// Where a move goes.
pub(crate) enum Target {
    /// One step in a direction from where the player stands.
    Step(Heading),
    /// A cell (after `rule origin`), `None` off the top or left edge.
    Cell(Option<(usize, usize)>),
}

/// Lower a footholds statement.
pub(super) fn lower(stmt: &Spanned<Stmt>, lx: &Lowering) -> Result<Command, Diags> {
    match &stmt.node {
        Stmt::Board(src) => Ok(Command::Board(grid::read(src, &LEGEND, "footholds").map(
            |board| Declared {
                board,
                players: None,
            },
        ))),
        Stmt::Input { text, case } => {
            one_case(case, "footholds")?;
            Ok(Command::Board(input(text)))
        }
        Stmt::Piece {
            id,
            at: Some(at),
            facing,
            ..
        } => {
            if let Some(f) = facing {
                return Err(vec![Diag::new(
                    Code::PieceFacing,
                    "footholds players do not face a direction",
                )
                .label(f.span, "not used in footholds")
                .help("write `piece A at (r, c)` without `facing`")]);
            }
            let who = match &id.node {
                PieceId::Name(n) if n == "A" => Who::Player(Player::A),
                PieceId::Name(n) if n == "B" => Who::Player(Player::B),
                other => Who::Unknown {
                    what: format!("player {other}"),
                    diag: Diag::new(Code::PieceName, format!("footholds has no piece `{other}`"))
                        .label(id.span, "not a player")
                        .help("the footholds players are A and B"),
                },
            };
            Ok(Command::Piece {
                who: Spanned::new(who, id.span),
                at: at.clone(),
            })
        }
        Stmt::Play(Play::Dir { player, dir }) => Ok(Command::Move {
            who: player_named(player),
            to: Target::Step(dir.node),
        }),
        Stmt::Play(Play::To { player, to }) => {
            // Checked: `play A to (-9223372036854775808, 0)` with
            // `rule origin 1` overflowed.
            let origin = lx.options.origin;
            let r = to.node.row.checked_sub(origin);
            let c = to.node.col.checked_sub(origin);
            let cell = match (r, c) {
                (Some(r), Some(c)) if r >= 0 && c >= 0 => Some((r as usize, c as usize)),
                _ => None,
            };
            Ok(Command::Move {
                who: player_named(player),
                to: Target::Cell(cell),
            })
        }
        _ => Err(not_of(GameKind::Footholds, stmt)),
    }
}

/// The player a `play` names.
fn player_named(player: &Spanned<String>) -> Spanned<Who> {
    let who = match player.node.as_str() {
        "A" => Who::Player(Player::A),
        "B" => Who::Player(Player::B),
        other => Who::Unknown {
            what: format!("player {other}"),
            diag: Diag::new(
                Code::PieceName,
                format!("footholds has no player `{other}`"),
            )
            .label(player.span, "not a player")
            .help("the footholds players are A and B"),
        },
    };
    Spanned::new(who, player.span)
}

/// `input """…"""`: the board and both players from the judge's text.
fn input(text: &Spanned<String>) -> Deferred<Declared> {
    let within = Within::new(text);
    let read = judge::read_spanned(&text.node).map_err(|d| within.diags(d))?;
    let p = read.position;
    Ok(Declared {
        board: Grid {
            rows: p.rows,
            cols: p.cols,
            cells: p.cells,
            span: within.span(read.board),
        },
        players: Some(((p.a, within.span(read.a)), (p.b, within.span(read.b)))),
    })
}
