//! The game modules, one per game, behind one trait: [`Session`].
//!
//! The interpreter creates a session for a scenario's `game` and feeds it
//! the scenario's statements in order: a game's own statements are lowered
//! to the game's typed commands (`typed::Rules`) and applied. The checker
//! drives the same session without a notion of mode: declarations and moves
//! are applied for real (they are cheap), while queries and `step`s only go
//! through [`Session::require`] and [`Session::require_step`] (the
//! interpreter decides which to call).

pub(crate) mod answer;
pub(crate) mod decimal;
pub mod definitions;
pub mod footholds;
pub mod gen_option;
pub mod gen_shape;
pub(crate) mod grid;
pub mod judge_layout;
pub mod judge_position;
pub(crate) mod judge_text;
pub mod not_instance;
pub mod options;
pub mod prelude;
mod registry;
pub mod rng;
pub mod rules;
pub mod stacking;
pub(crate) mod svg;
#[cfg(test)]
pub(crate) mod testkit;
pub(crate) mod typed;
pub mod yut;

use crate::budget::{Budget, LimitHit};
use crate::error::{Code, Diag, Diags};
use crate::syntax::ast::{Query, Span, Spanned, Stmt};
pub use crate::syntax::dialect::GameKind;
pub use answer::{judge_field, Answer, FieldValue, GameAnswer};
pub use decimal::parse as parse_number;
pub use definitions::Definitions;
pub use gen_option::OptionError;
pub use gen_shape::{Edge, GenShape, LoadTracks, Shape};
pub use judge_position::{GamePosition, JudgePosition};
pub use not_instance::NotInstance;
pub(crate) use options::Options;
pub use registry::{game, Game};
pub use typed::Lowering;

/// A new, empty position for a game: its native session, or with
/// `--engine rules` (`opts.engine`) its prelude script's session on the
/// generic engine.
pub(crate) fn session(game: GameKind, opts: &Options) -> Box<dyn Session> {
    match (game, opts.engine) {
        (GameKind::Rules, _)
        | (_, crate::limits::Engine::Default | crate::limits::Engine::Native) => {
            self::game(game).session(opts)
        }
        (_, crate::limits::Engine::Rules) => prelude::session(game, opts),
    }
}

/// What a session may need from outside the scenario while it runs.
pub struct Ctx<'a> {
    /// The scenario's options (`rule` statements).
    pub options: &'a Options,
    /// The caps of the run (the budget below is made from them).
    pub(crate) limits: &'a crate::limits::Limits,
    /// The statement's work, time and memory budget.
    pub(crate) budget: &'a Budget,
}

/// One game's view of a scenario: the position it builds and the questions
/// it answers. Every game implements it through `typed::Typed`.
pub trait Session {
    /// A statement of the game's own (`board`, `piece`, `dice`, `input`,
    /// `play`): lowered to the game's command, then applied.
    fn apply(&mut self, stmt: &Spanned<Stmt>, lx: &Lowering, cx: &Ctx) -> Result<(), Diags>;
    /// Does the position have what the query needs? (check mode)
    fn require(&self, query: &Query, span: Span) -> Result<(), Diag>;
    /// Answer a query (run mode).
    fn query(&mut self, query: &Query, span: Span, cx: &Ctx) -> Result<Answer, Diag>;
    /// Could the position take a `step` now? (check mode; the interpreter
    /// counts the steps so checked, for `undo`).
    fn require_step(&self, span: Span) -> Result<(), Diag>;
    /// `step N` (run mode).
    fn step(&mut self, n: u64, span: Span, cx: &Ctx) -> Result<(), Diag>;
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
pub fn limit_diag(hit: LimitHit, span: Span) -> Diag {
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
        LimitHit::Time {
            seconds,
            states,
            bound,
        } => Diag::new(
            Code::LimitTime,
            match bound {
                // The live line's words (`render::text::bound`).
                Some(b) => format!("the search ran out of time after {seconds} s; proved so far: {b}"),
                None => format!("the search ran out of time after {seconds} s"),
            },
        )
        .label(
            span,
            format!("stopped after {seconds} s and {}", states_count(states)),
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
                .label(span, format!("cancelled after {}", states_count(states)))
                .help("run the query again to restart it")
        }
    }
}

/// "1 state", "11,321,344 states": a state count with thousands
/// separators, as the live line writes it.
fn states_count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    format!("{out} state{}", if n == 1 { "" } else { "s" })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::{Bound, Budget};
    use std::time::Duration;

    /// Issue 32 item 14: a `--timeout` stop keeps the best bound the solve
    /// had proved (in the live line's words), also when a part of the
    /// solve is the one that runs out; issue 32 item 15: its state count
    /// is written as the live line writes it.
    #[test]
    fn a_timeout_keeps_the_best_bound_proved_so_far() {
        let budget = Budget::new(None, Some(Duration::ZERO));
        budget.report_bound(|| Some(Bound::WinsWithin(117)));
        let part = budget.part(10);
        part.tick_n(11_321_344).ok();
        let hit = part.check_clock().unwrap_err();
        assert!(matches!(
            hit,
            LimitHit::Time {
                bound: Some(Bound::WinsWithin(117)),
                ..
            }
        ));
        let d = limit_diag(hit, Span::new(0, 5));
        assert_eq!(d.code, Code::LimitTime);
        assert!(
            d.message.ends_with("proved so far: mover wins in ≤ 117"),
            "{}",
            d.message
        );
        assert!(
            d.labels[0].1.ends_with("and 11,321,344 states"),
            "{:?}",
            d.labels
        );
        // No bound reported: the message says nothing of one.
        let bare = Budget::new(None, Some(Duration::ZERO));
        let d = limit_diag(bare.check_clock().unwrap_err(), Span::new(0, 5));
        assert_eq!(d.message, "the search ran out of time after 0 s");
        let cancelled = limit_diag(LimitHit::Cancelled { states: 11_695_104 }, Span::new(0, 5));
        assert_eq!(cancelled.labels[0].1, "cancelled after 11,695,104 states");
        assert_eq!(states_count(1), "1 state");
        assert_eq!(states_count(999), "999 states");
        assert_eq!(states_count(1000), "1,000 states");
    }
}
