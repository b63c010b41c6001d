//! The typed side of a game: [`Rules`], which applies commands its own
//! lowering built, and [`Typed`], the one adapter that makes any `Rules`
//! the object-safe [`Session`] the interpreter holds.
//!
//! The interpreter keeps the statements every game shares (`game`, `rule`,
//! `expect`, `step N`, `undo` and the queries, whose parts are typed in the
//! syntax tree already) and hands a game's own statements (`board`,
//! `piece`, `dice`, `input`, `play`) to [`Rules::lower`]: players, piece
//! numbers, directions, cells after `rule origin`, tracks and dice are
//! resolved there, so [`Rules::apply`] matches no words. A name that does
//! not resolve is lowered to its diagnostic, which `apply` reports where the
//! game checks names (after the state checks that come first), so that
//! every diagnostic stays the one it was.
//!
//! A game whose words are known only at run time (a rules game) fits the
//! same trait: its `Command` can hold the move's words resolved against the
//! position's moves when applied.

use super::{Answer, Ctx, Definitions, JudgePosition, NotInstance, Options, Session};
use crate::error::{Code, Diag, Diags};
use crate::syntax::ast::{Query, Span, Spanned, Stmt};

/// What lowering may read: the scenario's options and the file's definitions.
pub struct Lowering<'a> {
    /// The scenario's options (`rule` statements).
    pub options: &'a Options,
    /// The file's definitions (its tracks).
    pub(crate) defs: &'a Definitions,
}

/// A lowering error that the game reports when it applies the command, in
/// its own order (a duplicate `board` is reported before the board's
/// cells, a missing board before an unknown player).
pub(crate) type Deferred<T> = Result<T, Diags>;

/// One game's position and the typed commands that change it.
pub(crate) trait Rules: 'static {
    /// A game statement, lowered.
    type Command;
    /// Lower a statement of the game's own (`board`, `piece`, `dice`,
    /// `input`, `play`); the interpreter has already refused the forms the
    /// game does not take ([`crate::games::GameKind::allows`]).
    fn lower(stmt: &Spanned<Stmt>, lx: &Lowering) -> Result<Self::Command, Diags>;
    /// Apply a lowered statement (`span`: the statement's).
    fn apply(&mut self, command: Self::Command, span: Span, cx: &Ctx) -> Result<(), Diags>;
    /// Does the position have what the query needs? (check mode)
    fn require(&self, query: &Query, span: Span) -> Result<(), Diag>;
    /// Answer a query (run mode).
    fn answer(&mut self, query: &Query, span: Span, cx: &Ctx) -> Result<Answer, Diag>;
    /// Could the position take a `step` now? Only stacking has `step`.
    fn require_step(&self, span: Span) -> Result<(), Diag> {
        Err(no_step(span))
    }
    /// `step N` (run mode). Only stacking has `step`.
    fn step(&mut self, n: u64, span: Span, cx: &Ctx) -> Result<(), Diag> {
        let _ = (n, cx);
        Err(no_step(span))
    }
    /// `undo`: take back the last `play` or `step`.
    fn undo(&mut self, span: Span) -> Result<(), Diag>;
    /// The moves `play` may make now ([`Session::legal_plays`]).
    fn legal_plays(&self) -> Option<Vec<String>> {
        None
    }
    /// The position the declarations so far build, for its judge problem.
    fn judge_position(&self) -> Result<JudgePosition, NotInstance>;
}

/// Any [`Rules`] as a [`Session`]: lowers, then applies.
pub(crate) struct Typed<R: Rules>(pub(crate) R);

impl<R: Rules> Session for Typed<R> {
    fn apply(&mut self, stmt: &Spanned<Stmt>, lx: &Lowering, cx: &Ctx) -> Result<(), Diags> {
        let command = R::lower(stmt, lx)?;
        self.0.apply(command, stmt.span, cx)
    }
    fn require(&self, query: &Query, span: Span) -> Result<(), Diag> {
        self.0.require(query, span)
    }
    fn query(&mut self, query: &Query, span: Span, cx: &Ctx) -> Result<Answer, Diag> {
        self.0.answer(query, span, cx)
    }
    fn require_step(&self, span: Span) -> Result<(), Diag> {
        self.0.require_step(span)
    }
    fn step(&mut self, n: u64, span: Span, cx: &Ctx) -> Result<(), Diag> {
        self.0.step(n, span, cx)
    }
    fn undo(&mut self, span: Span) -> Result<(), Diag> {
        self.0.undo(span)
    }
    fn legal_plays(&self) -> Option<Vec<String>> {
        self.0.legal_plays()
    }
    fn judge_position(&self) -> Result<JudgePosition, NotInstance> {
        self.0.judge_position()
    }
}

/// The diagnostic for `step` in a game whose pieces do not move by
/// themselves (the interpreter reports the wrong game before asking).
fn no_step(span: Span) -> Diag {
    Diag::new(Code::StmtWrongGame, "this game has no `step`")
        .label(span, "not a move of this game")
        .help("`step` plays the turns of stacking")
}

/// The diagnostic for a statement a game does not take, should one reach
/// its lowering (the interpreter refuses it first, in the same words).
pub(crate) fn not_of(game: super::GameKind, stmt: &Spanned<Stmt>) -> Diags {
    vec![Diag::new(
        Code::StmtWrongGame,
        format!("`{}` is not part of {game}", stmt.node.form()),
    )
    .label(stmt.span, format!("{game} has no `{}`", stmt.node.form()))
    .help(match slip(stmt) {
        Some(hint) => format!(
            "{hint} {}",
            crate::syntax::dialect::dialect(game).statements
        ),
        None => crate::syntax::dialect::dialect(game).statements.to_string(),
    })]
}

/// `play A rigth`, read as a rules game's `play WORDS…`: the direction it
/// may have meant.
fn slip(stmt: &Spanned<Stmt>) -> Option<String> {
    let Stmt::Play(crate::syntax::ast::Play::Words(words)) = &stmt.node else {
        return None;
    };
    let headings = crate::syntax::ast::Heading::ALL.map(|h| h.name());
    words
        .iter()
        .find_map(|w| crate::syntax::dialect::did_you_mean(&w.node, headings.iter().copied()))
}
