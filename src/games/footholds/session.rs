//! footholds scenarios: declarations, queries and moves on top of the solver.

use super::answer::{
    self, Analyze, Answer, Choice, Line, LineMove, Loss, Partial, Show, Solve, Stuck,
};
use super::lower::{Command, Target, Who};
use super::rules::{Player, Position, Steps};
use super::search::{Queries, SearchError};
use crate::budget::Budget;
use crate::error::{Code, Diag, Diags};
use crate::games::grid::{self, show_cell, Grid, Legend};
use crate::games::judge_position::{self, JudgePosition};
use crate::games::not_instance::NotInstance;
use crate::games::typed::{Lowering, Rules};
use crate::games::{duplicate, limit_diag, missing, Ctx, Options};
use crate::syntax::ast::{Coord, Query, QueryKind, Span, Spanned, Stmt};

/// How footholds reads board cells (the judge input's array too).
pub(super) const LEGEND: Legend<bool> = Legend {
    char: |c| match c {
        '1' | 'o' => Some(true),
        '0' | '.' => Some(false),
        _ => None,
    },
    number: |n| match n {
        1 => Some(true),
        0 => Some(false),
        _ => None,
    },
    help: "footholds cells are 1 or o (a foothold) and 0 or . (a hole)",
};

/// A footholds scenario's position and history.
pub(crate) struct Footholds {
    origin: i64,
    first: Player,
    steps: Steps,
    board: Option<Grid<bool>>,
    a: Option<((usize, usize), Span)>,
    b: Option<((usize, usize), Span)>,
    /// Positions after each `play`, newest last.
    history: Vec<Position>,
    /// One solver for every query of the scenario: its tables carry over
    /// from `solve` to `line` and `analyze`, and across `play` and `undo`.
    queries: Queries,
}

impl Footholds {
    pub(crate) fn new(opts: &Options) -> Footholds {
        Footholds {
            origin: opts.origin,
            first: if opts.first_b { Player::B } else { Player::A },
            steps: if opts.king {
                Steps::King
            } else {
                Steps::Orthogonal
            },
            board: None,
            a: None,
            b: None,
            history: Vec::new(),
            queries: Queries::default(),
        }
    }

    /// The current position, once board and both players are known.
    fn position(&self) -> Option<Position> {
        if let Some(p) = self.history.last() {
            return Some(p.clone());
        }
        let board = self.board.as_ref()?;
        Some(Position {
            rows: board.rows,
            cols: board.cols,
            cells: board.cells.clone(),
            a: self.a?.0,
            b: self.b?.0,
            to_move: self.first,
            steps: self.steps,
        })
    }

    fn needs(&self, span: Span, query: &str) -> Result<Position, Diag> {
        if self.board.is_none() {
            return Err(missing(
                span,
                "a board",
                query,
                "declare `board { … }` (or `input \"\"\"…\"\"\"`) before asking",
            ));
        }
        for (p, name) in [(&self.a, "A"), (&self.b, "B")] {
            if p.is_none() {
                return Err(missing(
                    span,
                    &format!("player {name}"),
                    query,
                    &format!("place it with `piece {name} at (row, col)`"),
                ));
            }
        }
        self.position().ok_or_else(|| {
            missing(
                span,
                "a position",
                query,
                "declare the board and both players",
            )
        })
    }

    fn place(
        &mut self,
        who: &Spanned<Who>,
        at: &Spanned<Coord>,
        coord: (usize, usize),
    ) -> Result<(), Diag> {
        let board = self.board.as_ref().ok_or_else(|| grid::no_board(at.span))?;
        let (slot, name) = match &who.node {
            Who::Player(Player::A) => (&mut self.a, "A"),
            Who::Player(Player::B) => (&mut self.b, "B"),
            Who::Unknown { diag, .. } => return Err(diag.clone()),
        };
        if let Some((_, first)) = slot {
            return Err(duplicate(
                Code::PieceDuplicate,
                who.span,
                &format!("player {name}"),
                *first,
            ));
        }
        if !board.get(coord) {
            return Err(stands_on_hole(name, at.span));
        }
        *slot = Some((coord, who.span.to(at.span)));
        Ok(())
    }

    fn cell(&self, c: (usize, usize)) -> String {
        show_cell(c, self.origin)
    }

    /// Why the mover cannot step to `to` (`None`: off the board's top or
    /// left edge): its own foothold vanished, off the board, a hole, not
    /// next to it.
    fn why_not(&self, p: &Position, to: Option<(usize, usize)>) -> String {
        let from = p.cell_of(p.to_move);
        match to {
            _ if !p.is_foothold(from) => "the foothold under it has vanished".into(),
            Some(t) if t.0 < p.rows && t.1 < p.cols => {
                if !p.neighbours(from).any(|n| n == t) {
                    format!("{} is not next to {}", self.cell(t), self.cell(from))
                } else {
                    format!("{} is a hole", self.cell(t))
                }
            }
            _ => "that is off the board".into(),
        }
    }

    fn why_lost(p: &Position) -> &'static str {
        let (r, c) = if p.to_move == Player::A { p.a } else { p.b };
        if !p.cells[r * p.cols + c] {
            "the foothold under it has vanished"
        } else {
            "it has no foothold to step to"
        }
    }
}

/// The diagnostic for a player placed on a hole (`name` is A or B).
pub(super) fn stands_on_hole(name: &str, at: Span) -> Diag {
    Diag::new(Code::PieceInHole, format!("player {name} stands on a hole"))
        .label(at, "this cell is a hole")
        .help("players must start on a foothold (1 or o)")
}

pub(super) fn name(p: Player) -> &'static str {
    match p {
        Player::A => "A",
        Player::B => "B",
    }
}

/// Whether `boards` copies of `pos`'s board fit under `--memory`, each
/// kept by the answer and, when `drawn`, drawn as text: a row of `2 × cols`
/// bytes at most, indented by up to 5, each row a `String` of its own, the
/// whole held twice (the rows, then the block they are joined into).
fn drawing_fits(
    pos: &Position,
    boards: u64,
    drawn: bool,
    budget: &Budget,
) -> Result<(), crate::budget::LimitHit> {
    let cells = pos.cells.len() as u64;
    let kept = cells + std::mem::size_of::<answer::LineMove>() as u64;
    let text = if drawn {
        let row = 2 * pos.cols as u64 + 5 + std::mem::size_of::<String>() as u64;
        2 * (pos.rows as u64).saturating_mul(row)
    } else {
        0
    };
    budget.check_memory(boards.saturating_mul(kept.saturating_add(text)))
}

fn search_diag(e: SearchError, span: Span) -> Diag {
    match e {
        SearchError::Limit(hit) => limit_diag(hit, span),
        SearchError::TooLarge { footholds, max } => Diag::new(
            Code::BoardTooLarge,
            format!("{footholds} footholds are in play; the solver handles at most {max}"),
        )
        .label(span, "too many footholds for an exact solve")
        .help(format!(
            "ask about a board with at most {max} footholds reachable by the players"
        )),
    }
}

impl Rules for Footholds {
    type Command = Command;

    fn lower(stmt: &Spanned<Stmt>, lx: &Lowering) -> Result<Command, Diags> {
        super::lower::lower(stmt, lx)
    }

    fn judge_position(&self) -> Result<JudgePosition, NotInstance> {
        let what = match (&self.board, self.a, self.b) {
            (None, _, _) => "no board",
            (_, None, _) => "no player A",
            (_, _, None) => "no player B",
            _ => "",
        };
        self.position()
            .map(JudgePosition::new)
            .ok_or_else(|| judge_position::incomplete(what))
    }

    fn apply(&mut self, command: Command, span: Span, _cx: &Ctx) -> Result<(), Diags> {
        match command {
            Command::Board(declared) => {
                if let Some(first) = self.board.as_ref().map(|b| b.span) {
                    return Err(vec![duplicate(
                        Code::BoardDuplicate,
                        span,
                        "the board",
                        first,
                    )]);
                }
                let declared = declared?;
                self.board = Some(declared.board);
                if let Some((a, b)) = declared.players {
                    self.a = Some(a);
                    self.b = Some(b);
                }
                Ok(())
            }
            Command::Piece { who, at } => {
                let (rows, cols) = self
                    .board
                    .as_ref()
                    .map_or((usize::MAX, usize::MAX), |b| (b.rows, b.cols));
                let coord = grid::place(&at, rows, cols, self.origin, &who.node.what())
                    .map_err(|d| vec![d])?;
                self.place(&who, &at, coord).map_err(|d| vec![d])
            }
            Command::Move { who, to } => self.play(who, to, span).map_err(|d| vec![d]),
        }
    }

    fn require(&self, query: &Query, span: Span) -> Result<(), Diag> {
        if query.kind == QueryKind::Show && self.board.is_some() {
            // `show` draws what is declared so far.
            return Ok(());
        }
        self.needs(span, query.kind.keyword()).map(|_| ())
    }

    fn answer(
        &mut self,
        query: &Query,
        span: Span,
        cx: &Ctx,
    ) -> Result<crate::games::Answer, Diag> {
        self.answer_of(query, span, cx)
            .map(crate::games::Answer::new)
    }

    fn legal_plays(&self) -> Option<Vec<String>> {
        let pos = self.position()?;
        let from = if pos.to_move == Player::B {
            pos.b
        } else {
            pos.a
        };
        let who = answer::player_name(pos.to_move);
        Some(
            pos.legal_moves()
                .into_iter()
                .filter_map(|to| Some(format!("{who} {}", answer::heading(from, to)?.name())))
                .collect(),
        )
    }

    fn undo(&mut self, span: Span) -> Result<(), Diag> {
        self.history
            .pop()
            .map(|_| ())
            .ok_or_else(|| crate::games::nothing_to_undo(span, "`play`"))
    }
}

impl Footholds {
    /// `play`: a move of the player to move.
    fn play(&mut self, who: Spanned<Who>, to: Target, span: Span) -> Result<(), Diag> {
        let pos = self.needs(span, "play")?;
        let target = match to {
            Target::Step(dir) => {
                let from = if matches!(who.node, Who::Player(Player::B)) {
                    pos.b
                } else {
                    pos.a
                };
                let (dr, dc) = dir.delta();
                let r = from.0 as i64 + dr;
                let c = from.1 as i64 + dc;
                (r >= 0 && c >= 0).then_some((r as usize, c as usize))
            }
            Target::Cell(cell) => cell,
        };
        let who_span = who.span;
        let who = match who.node {
            Who::Player(p) => p,
            Who::Unknown { diag, .. } => return Err(diag),
        };
        let legal = pos.legal_moves();
        let shown: Vec<String> = legal.iter().map(|c| self.cell(*c)).collect();
        if who != pos.to_move {
            return Err(Diag::new(
                Code::PlayIllegal,
                format!("it is {}'s turn, not {}'s", name(pos.to_move), name(who)),
            )
            .label(who_span, "not this player's turn")
            .help(format!(
                "players alternate; {} moves next",
                name(pos.to_move)
            )));
        }
        let next = target.and_then(|t| pos.play(t));
        match next {
            Some(p) => {
                self.history.push(p);
                Ok(())
            }
            None => Err(Diag::new(
                Code::PlayIllegal,
                format!(
                    "{} cannot move there: {}",
                    name(who),
                    self.why_not(&pos, target)
                ),
            )
            .label(span, "not a legal move")
            .help(if shown.is_empty() {
                format!("{} has no legal move: {}", name(who), Self::why_lost(&pos))
            } else {
                format!("{}'s legal moves go to {}", name(who), shown.join(", "))
            })),
        }
    }
}

impl Footholds {
    /// The answer to a query.
    fn answer_of(&mut self, query: &Query, span: Span, cx: &Ctx) -> Result<Answer, Diag> {
        if query.kind == QueryKind::Show && self.position().is_none() {
            if let Some(partial) = self.partial() {
                return Ok(Answer::Partial(partial));
            }
        }
        let pos = self.needs(span, query.kind.keyword())?;
        let budget = cx.budget;
        let found = match query.kind {
            QueryKind::Solve => self.solve(pos, budget).map(Answer::Solve),
            QueryKind::Line => self.line(pos, query.boards, budget).map(Answer::Line),
            QueryKind::Analyze => self.analyze(pos, budget),
            QueryKind::Show => drawing_fits(&pos, 1, true, budget)
                .map(|()| {
                    Answer::Show(Show {
                        origin: self.origin,
                        position: pos,
                    })
                })
                .map_err(SearchError::Limit),
        };
        found.map_err(|e| search_diag(e, span))
    }

    /// `show` before both players are placed: the board and the players
    /// placed so far (`None` without a board).
    fn partial(&self) -> Option<Partial> {
        let board = self.board.as_ref()?;
        Some(Partial {
            origin: self.origin,
            rows: board.rows,
            cols: board.cols,
            cells: board.cells.clone(),
            a: self.a.map(|a| a.0),
            b: self.b.map(|b| b.0),
        })
    }

    fn solve(&mut self, pos: Position, budget: &Budget) -> Result<Solve, SearchError> {
        let v = self.queries.solve(&pos, budget)?;
        let winner = if v.mover_wins {
            pos.to_move
        } else {
            pos.to_move.other()
        };
        Ok(Solve {
            origin: self.origin,
            position: pos,
            played: self.history.len(),
            moves: v.moves,
            winner,
        })
    }

    fn line(&mut self, pos: Position, boards: bool, budget: &Budget) -> Result<Line, SearchError> {
        let line = self.queries.principal_line(&pos, budget)?;
        // The line keeps the board after every move (and `line boards`
        // draws each): measured before any is made.
        drawing_fits(&pos, line.len() as u64 + 1, boards, budget).map_err(SearchError::Limit)?;
        let mut moves: Vec<LineMove> = Vec::with_capacity(line.len());
        for (player, to) in line {
            let at = moves.last().map_or(&pos, |m| &m.after);
            let from = if player == Player::A { at.a } else { at.b };
            // The solver's line is legal; stop short if it ever were not.
            let Some(after) = at.play(to) else { break };
            moves.push(LineMove {
                player,
                from,
                to,
                heading: answer::heading(from, to),
                after,
            });
        }
        let end = moves.last().map_or(&pos, |m| &m.after);
        let (loser, loss) = (end.to_move, Loss::of(end));
        Ok(Line {
            origin: self.origin,
            start: pos,
            moves,
            boards,
            loser,
            loss,
        })
    }

    fn analyze(&mut self, pos: Position, budget: &Budget) -> Result<Answer, SearchError> {
        let values = self.queries.analyze(&pos, budget)?;
        let mover = pos.to_move;
        if values.is_empty() {
            return Ok(Answer::Stuck(Stuck {
                origin: self.origin,
                loss: Loss::of(&pos),
                position: pos,
                loser: mover,
            }));
        }
        let from = if mover == Player::A { pos.a } else { pos.b };
        let mut moves: Vec<Choice> = values
            .into_iter()
            .map(|(to, v)| Choice {
                to,
                heading: answer::heading(from, to),
                wins: v.mover_wins,
                moves: v.moves,
            })
            .collect();
        // Best first: quickest win, then slowest loss.
        moves.sort_by_key(|c| {
            let moves = i64::from(c.moves);
            (!c.wins, if c.wins { moves } else { -moves }, c.to)
        });
        Ok(Answer::Analyze(Analyze {
            origin: self.origin,
            position: pos,
            mover,
            from,
            moves,
        }))
    }
}
