//! The game modules, one per game, behind one trait: [`Session`].
//!
//! The interpreter creates a session for a scenario's `game` and feeds it
//! the scenario's statements in order. The checker drives the same session
//! without a notion of mode: declarations and moves are applied for real
//! (they are cheap), while queries and `step`s only go through
//! [`Session::require`] and [`Session::require_step`] (the interpreter
//! decides which to call).

pub(crate) mod answer;
pub(crate) mod decimal;
pub mod definitions;
pub mod footholds;
pub mod gen_option;
pub mod gen_shape;
pub(crate) mod grid;
pub mod judge_position;
pub(crate) mod judge_text;
pub mod not_instance;
pub mod options;
mod registry;
pub mod rng;
pub mod stacking;
pub(crate) mod svg;
#[cfg(test)]
pub(crate) mod testkit;
pub mod yut;

use crate::budget::{Budget, LimitHit};
use crate::error::{Code, Diag, Diags};
use crate::syntax::ast::{Play, Query, Span, Spanned, Stmt};
pub use crate::syntax::dialect::GameKind;
pub use answer::{Answer, FieldValue, GameAnswer};
pub use definitions::Definitions;
pub use gen_option::OptionError;
pub use gen_shape::{Edge, GenShape, LoadTracks, Shape};
pub use judge_position::{GamePosition, JudgePosition};
pub use not_instance::NotInstance;
pub(crate) use options::Options;
pub use registry::{game, Game};

/// A new, empty position for a game.
pub(crate) fn session(game: GameKind, opts: &Options) -> Box<dyn Session> {
    self::game(game).session(opts)
}

/// What a session may need from outside the scenario.
pub struct Ctx<'a> {
    /// The scenario's options (`rule` statements).
    pub options: &'a Options,
    /// The file's definitions (its tracks).
    pub(crate) defs: &'a Definitions,
    /// The caps of the run (the budget below is made from them).
    pub(crate) limits: &'a crate::limits::Limits,
    /// The statement's work, time and memory budget.
    pub(crate) budget: &'a Budget,
}

/// One game's view of a scenario: the position it builds and the questions it answers.
pub trait Session {
    /// `board`, `piece`, `dice`, `input`.
    fn declare(&mut self, stmt: &Spanned<Stmt>, cx: &Ctx) -> Result<(), Diags>;
    /// Does the position have what the query needs? (check mode)
    fn require(&self, query: &Query, span: Span) -> Result<(), Diag>;
    /// Answer a query (run mode).
    fn query(&mut self, query: &Query, span: Span, cx: &Ctx) -> Result<Answer, Diag>;
    /// `play …` (footholds, yut).
    fn play(&mut self, play: &Play, span: Span, cx: &Ctx) -> Result<(), Diag>;
    /// Could the position take a `step` now? (check mode; the interpreter
    /// counts the steps so checked, for `undo`). Only stacking has `step`.
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
    /// The moves `play` may make now, each as written after `play` (`A up`,
    /// `piece 2`): what Tab offers in the REPL. `None` while the position
    /// does not say (no board or players yet, random dice, a game without
    /// `play`): then any move of the game may be written.
    fn legal_plays(&self) -> Option<Vec<String>> {
        None
    }
    /// The position the declarations so far build, for its judge problem
    /// (`meeple export --judge`), or why there is none (dice that are not
    /// known, a declaration missing). Call it before any `play` or `step`.
    fn judge_position(&self) -> Result<JudgePosition, NotInstance>;
}

/// The diagnostic for `step` in a game whose pieces do not move by
/// themselves (the interpreter reports the wrong game before asking).
fn no_step(span: Span) -> Diag {
    Diag::new(Code::StmtWrongGame, "this game has no `step`")
        .label(span, "not a move of this game")
        .help("`step` plays the turns of stacking")
}

/// "1 roll", "2 rolls": a count with its noun.
pub fn count(n: impl Into<u128>, noun: &str) -> String {
    match n.into() {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// The diagnostic for a query that lacks something (`what` as in "`solve`
/// needs a board").
pub(crate) fn missing(span: Span, what: &str, query: &str, help: &str) -> Diag {
    Diag::new(Code::QueryMissing, format!("`{query}` needs {what}"))
        .label(span, format!("nothing before this declares {what}"))
        .help(help.to_string())
}

/// The diagnostic for a budget that ran out.
pub(crate) fn limit_diag(hit: LimitHit, span: Span) -> Diag {
    match hit {
        LimitHit::States { limit } => Diag::new(
            Code::LimitStates,
            format!(
                "the search stopped at the state limit of {}",
                count(limit, "state")
            ),
        )
        .label(span, format!("stopped after {}", count(limit, "state")))
        .help("raise --max-states, or ask about a smaller position"),
        LimitHit::Time { seconds, states } => Diag::new(
            Code::LimitTime,
            format!("the search ran out of time after {seconds} s"),
        )
        .label(
            span,
            format!("stopped after {seconds} s and {}", count(states, "state")),
        )
        .help("raise --timeout, or ask about a smaller position"),
        LimitHit::Memory { limit, needed } => Diag::new(
            Code::LimitMemory,
            format!(
                "this needs {} MB, over the memory limit of {} MB",
                needed.div_ceil(1 << 20),
                limit >> 20
            ),
        )
        .label(span, format!("would need {} MB", needed.div_ceil(1 << 20)))
        .help(format!(
            "raise --memory (now {} MB; the default is {} MB), or ask about a smaller position",
            limit >> 20,
            crate::budget::DEFAULT_MEMORY_BYTES >> 20
        )),
        LimitHit::Output {
            limit,
            used,
            needed,
        } => Diag::new(
            Code::LimitMemory,
            format!(
                "the output of this run would pass the memory limit of {} MB",
                limit >> 20
            ),
        )
        .label(
            span,
            format!(
                "this would add {} after {} already produced",
                size(needed),
                size(used)
            ),
        )
        .help(format!(
            "raise --memory (now {} MB; the default is {} MB), or print less: fewer `show`s, a shorter `line N`, a smaller board",
            limit >> 20,
            crate::budget::DEFAULT_MEMORY_BYTES >> 20
        )),
        LimitHit::Cancelled { states } => {
            Diag::new(Code::LimitCancelled, "the search was cancelled")
                .label(span, format!("cancelled after {}", count(states, "state")))
                .help("run the query again to restart it")
        }
    }
}

/// A size in words: bytes below 10 KB, else KB below 10 MB, else MB.
fn size(bytes: u64) -> String {
    match bytes {
        b if b < 10 << 10 => count(b, "byte"),
        b if b < 10 << 20 => format!("{} KB", b.div_ceil(1 << 10)),
        b => format!("{} MB", b.div_ceil(1 << 20)),
    }
}

/// The diagnostic for `undo` with nothing to take back.
pub(crate) fn nothing_to_undo(span: Span, what: &str) -> Diag {
    Diag::new(Code::UndoNothing, format!("there is no {what} to undo"))
        .label(span, "nothing to take back here")
        .help(format!(
            "`undo` takes back the last {what}; remove this line"
        ))
}

/// The diagnostic for a second declaration of the same thing.
pub(crate) fn duplicate(code: Code, span: Span, what: &str, first: Span) -> Diag {
    Diag::new(code, format!("{what} is declared twice"))
        .label(span, "declared again here")
        .label(first, "first declared here")
        .help(format!("declare {what} once; remove one of the two"))
}
