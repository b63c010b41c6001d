//! The interpreter: runs a scenario's statements in order, dispatching to
//! the game's [`Session`]. The checker runs the same walk in
//! `Mode::Check`, so what is checked is exactly what will run: the walk,
//! not the session, knows the mode (a session is asked to `require` what a
//! query or a `step` needs instead of answering or stepping).

mod expect;
mod file;

pub use file::{FileRun, Outcome};

use crate::budget::Budget;
use crate::error::{too_many_errors, Code, Diag, Diags};
use crate::games::Definitions;
use crate::games::{Answer, Ctx, FieldValue, GameKind, Lowering, Options, Session};
use crate::limits::Limits;
use crate::syntax::ast::{ExpectValue, Query, QueryKind, Scenario, Span, Spanned, Stmt};
use crate::syntax::dialect::Field;
use std::time::{Duration, Instant};

/// Something a running scenario reports.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Event {
    /// A query's answer.
    Answer {
        /// Which query answered.
        query: QueryKind,
        /// The query statement's span.
        span: Span,
        /// The answer.
        answer: Answer,
        /// How long the query took.
        elapsed: Duration,
    },
    /// An `expect` that held.
    ExpectPassed {
        /// The `expect` statement's span.
        span: Span,
        /// The field checked.
        field: String,
        /// The value expected (as written).
        value: String,
    },
    /// A failed expectation or a runtime error (a budget ran out).
    Error(Diag),
}

/// The result of running one scenario.
#[derive(Clone, Debug)]
pub struct ScenarioRun {
    /// The scenario's name.
    pub name: String,
    /// The game it plays.
    pub game: GameKind,
    /// The span of the whole `scenario` block.
    pub span: Span,
    /// What it reported, in order.
    pub events: Vec<Event>,
}

impl ScenarioRun {
    /// Expectations that failed, and runtime errors.
    pub fn failures(&self) -> impl Iterator<Item = &Diag> {
        self.events.iter().filter_map(|e| match e {
            Event::Error(d) => Some(d),
            _ => None,
        })
    }

    /// Whether every expectation held and nothing failed.
    pub fn passed(&self) -> bool {
        self.failures().next().is_none()
    }

    /// How many `expect` statements held.
    pub fn expects_passed(&self) -> usize {
        self.events
            .iter()
            .filter(|e| matches!(e, Event::ExpectPassed { .. }))
            .count()
    }
}

/// The game named by a checked scenario (its first statement).
pub fn game_of(sc: &Scenario) -> Option<GameKind> {
    match sc.stmts.first().map(|s| &s.node) {
        Some(Stmt::Game(name)) => GameKind::from_name(&name.node),
        _ => None,
    }
}

/// Checking (dry run) or running for real.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// `meeple check`: validate statements without solving.
    Check,
    /// Run every statement.
    Run,
}

/// Dry-run a scenario: every error its statements would meet.
pub(crate) fn check_scenario(
    sc: &Scenario,
    game: GameKind,
    opts: &Options,
    defs: &Definitions,
) -> Diags {
    let mut diags = Vec::new();
    let limits = Limits::default();
    walk(
        sc,
        game,
        opts,
        defs,
        Mode::Check,
        &limits,
        &mut |_| Ok(()),
        &mut |e| {
            if let Event::Error(d) = e {
                diags.push(d)
            }
        },
    );
    diags
}

/// Run a scenario that passed the checker. `gate` sees each event before
/// it is kept: an error from it (the run's output would pass `--memory`)
/// stands in for the event and stops the scenario.
pub(crate) fn run_scenario(
    sc: &Scenario,
    game: GameKind,
    opts: &Options,
    defs: &Definitions,
    limits: &Limits,
    gate: &mut dyn FnMut(&Event) -> Result<(), Diag>,
) -> ScenarioRun {
    let mut events = Vec::new();
    walk(sc, game, opts, defs, Mode::Run, limits, gate, &mut |e| {
        events.push(e)
    });
    ScenarioRun {
        name: sc.name.node.clone(),
        game,
        span: sc.span,
        events,
    }
}

/// The statement walk shared by checking and running: each event passes
/// `gate` first; an error from it stands in for the event and ends the walk
/// after that statement.
#[allow(clippy::too_many_arguments)]
fn walk(
    sc: &Scenario,
    game: GameKind,
    opts: &Options,
    defs: &Definitions,
    mode: Mode,
    limits: &Limits,
    gate: &mut dyn FnMut(&Event) -> Result<(), Diag>,
    emit: &mut dyn FnMut(Event),
) {
    let mut runner = Runner::with_mode(game, opts.clone(), mode);
    // At most `errors_shown` errors per scenario; the rest are counted (a
    // note that already counts left-out errors, of a board's cells, is not).
    let shown = limits.errors_shown;
    let mut errors = 0usize;
    let stopped = std::cell::Cell::new(false);
    let mut capped = |e: Event| {
        if stopped.get() {
            return;
        }
        if let Err(d) = gate(&e) {
            stopped.set(true);
            emit(Event::Error(d));
            return;
        }
        if matches!(&e, Event::Error(d) if d.code != Code::ErrorsTooMany) {
            errors += 1;
            if errors > shown {
                return;
            }
        }
        emit(e)
    };
    // The declarations since the last query or move: a game may check
    // them only when it makes its position (a rules game: a `set` value
    // outside its var's domain), which no query asked for.
    let mut unasked: Vec<Span> = Vec::new();
    for stmt in &sc.stmts {
        match &stmt.node {
            Stmt::Query(_) | Stmt::Play(_) | Stmt::Step(_) | Stmt::Undo => unasked.clear(),
            Stmt::Board(_)
            | Stmt::Piece { .. }
            | Stmt::Set { .. }
            | Stmt::Dice(_)
            | Stmt::Input { .. }
            | Stmt::Rule { .. } => unasked.push(stmt.span),
            _ => {}
        }
        if runner.exec(stmt, defs, limits, &mut capped) == Flow::Stop || stopped.get() {
            unasked.clear();
            break;
        }
    }
    if mode == Mode::Check && !unasked.is_empty() {
        if let Some(d) = runner.unasked_error(&unasked) {
            capped(Event::Error(d));
        }
    }
    if errors > shown {
        let end = Span::new(sc.span.end().saturating_sub(1), sc.span.end());
        emit(Event::Error(
            too_many_errors(errors - shown, shown).label(end, "the end of this scenario"),
        ));
    }
}

/// Whether a scenario goes on after a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on with the next statement.
    Continue,
    /// A budget ran out: the rest of the scenario depends on that answer.
    Stop,
}

/// One scenario's state while its statements run, one at a time (the
/// interpreter feeds a whole scenario; the REPL feeds what the user types).
pub(crate) struct Runner {
    game: GameKind,
    opts: Options,
    mode: Mode,
    session: Box<dyn Session>,
    last_solve: Option<Vec<(Field, FieldValue)>>,
    solved: bool,
    // After a failed declaration or move, later statements would only
    // report errors that follow from it; the checker stays quiet about them.
    poisoned: bool,
    pieces_failed: bool,
    /// The checker's errors of queries so far: one mistake in the
    /// declarations that every query meets is reported once.
    query_errors: Vec<Diag>,
    /// `step`s the checker let pass without taking them (for `undo`).
    dry_steps: usize,
}

impl Runner {
    /// A runner that runs every statement for real.
    pub(crate) fn new(game: GameKind, opts: Options) -> Runner {
        Runner::with_mode(game, opts, Mode::Run)
    }

    fn with_mode(game: GameKind, opts: Options, mode: Mode) -> Runner {
        Runner {
            game,
            session: crate::games::session(game, &opts),
            opts,
            mode,
            last_solve: None,
            solved: false,
            poisoned: false,
            pieces_failed: false,
            query_errors: Vec::new(),
            dry_steps: 0,
        }
    }

    /// Whether the position could answer `q` now (what the checker asks of
    /// a query), without answering it: the REPL asks after each
    /// declaration, as some games make the position only when first asked.
    pub(crate) fn require(&self, q: &Query, span: Span) -> Result<(), Diag> {
        self.session.require(q, span)
    }

    /// The error the position would meet about one of the statements at
    /// `spans` (a label inside one), were a query asked now: what the
    /// checker asks after declarations that no query follows, as the
    /// workspace asks of each typed line. An error elsewhere (no board
    /// yet) is the position still being declared, and none.
    fn unasked_error(&self, spans: &[Span]) -> Option<Diag> {
        if self.poisoned || self.pieces_failed {
            return None;
        }
        let show = Query {
            kind: QueryKind::Show,
            boards: false,
            bound: None,
        };
        let d = self.session.require(&show, Span::default()).err()?;
        let within = |s: &Span| {
            !s.is_empty()
                && spans
                    .iter()
                    .any(|at| at.start() <= s.start() && s.end() <= at.end())
        };
        d.labels.iter().any(|(s, _)| within(s)).then_some(d)
    }

    /// The moves `play` may make now (see [`crate::games::Session::legal_plays`]).
    pub(crate) fn legal_plays(&self) -> Option<Vec<String>> {
        self.session.legal_plays()
    }

    /// Run one statement, reporting through `emit`.
    pub(crate) fn exec(
        &mut self,
        stmt: &Spanned<Stmt>,
        defs: &Definitions,
        limits: &Limits,
        emit: &mut dyn FnMut(Event),
    ) -> Flow {
        let game = self.game;
        let budget = if self.mode == Mode::Check {
            Budget::unlimited()
        } else {
            limits.budget()
        };
        if !game.allows(&stmt.node) {
            for d in crate::games::typed::not_of(game, stmt) {
                emit(Event::Error(d));
            }
            return Flow::Continue;
        }
        let result = match &stmt.node {
            Stmt::Game(_) | Stmt::Rule { .. } => Ok(()),
            Stmt::Board(_)
            | Stmt::Piece { .. }
            | Stmt::Set { .. }
            | Stmt::Dice(_)
            | Stmt::Input { .. } => self.declare(stmt, (defs, limits), &budget),
            Stmt::Query(q) => self.query(q, stmt.span, limits, &budget, emit),
            Stmt::Play(_) | Stmt::Step(_) | Stmt::Undo => self.moves(stmt, (defs, limits), &budget),
            Stmt::Expect { field, value } => self.expect(field, value, stmt.span, emit),
        };
        match result {
            Ok(()) => Flow::Continue,
            Err(ds) => self.fail(stmt, defs.localize(ds), emit),
        }
    }

    /// `board`, `piece`, `dice`, `input`: skipped once poisoned. In the
    /// checker a failed declaration poisons what follows, except that a
    /// failed piece only stops the queries and moves.
    fn declare(
        &mut self,
        stmt: &Spanned<Stmt>,
        (defs, limits): (&Definitions, &Limits),
        budget: &Budget,
    ) -> Result<(), Diags> {
        if self.poisoned {
            return Ok(());
        }
        let lx = Lowering {
            options: &self.opts,
            defs,
        };
        let r = self
            .session
            .apply(stmt, &lx, &ctx(&self.opts, limits, budget));
        if r.is_err() && self.mode == Mode::Check {
            // Later pieces are still checked on their own.
            if matches!(stmt.node, Stmt::Piece { .. }) {
                self.pieces_failed = true;
            } else {
                self.poisoned = true;
            }
        }
        r
    }

    /// `solve`, `analyze`, `show`, `line`: the checker only asks whether the
    /// session could answer; a run emits the answer and keeps a solve's
    /// fields for the `expect` lines after it.
    fn query(
        &mut self,
        q: &Query,
        span: Span,
        limits: &Limits,
        budget: &Budget,
        emit: &mut dyn FnMut(Event),
    ) -> Result<(), Diags> {
        if let Some(n) = q.bound.as_ref().filter(|n| n.node < 0) {
            return Err(vec![Diag::new(
                Code::NumberRange,
                "a `line` bound cannot be negative",
            )
            .label(n.span, "negative")
            .help("write `line` or `line N` with N ≥ 0 (the most turns to draw)")]);
        }
        if q.kind == QueryKind::Solve {
            self.solved = true;
        }
        if self.poisoned || self.pieces_failed {
            return Ok(());
        }
        if self.mode == Mode::Check {
            return match self.session.require(q, span) {
                Err(d) if self.query_errors.contains(&d) => Ok(()),
                Err(d) => {
                    self.query_errors.push(d.clone());
                    Err(vec![d])
                }
                Ok(()) => Ok(()),
            };
        }
        let cx = ctx(&self.opts, limits, budget);
        let start = Instant::now();
        let answer = self.session.query(q, span, &cx).map_err(|d| vec![d])?;
        if q.kind == QueryKind::Solve {
            self.last_solve = Some(answer.fields());
        }
        emit(Event::Answer {
            query: q.kind,
            span,
            answer,
            elapsed: start.elapsed(),
        });
        Ok(())
    }

    /// `play`, `step`, `undo`: skipped once a declaration or a piece failed.
    fn moves(
        &mut self,
        stmt: &Spanned<Stmt>,
        (defs, limits): (&Definitions, &Limits),
        budget: &Budget,
    ) -> Result<(), Diags> {
        if self.poisoned || self.pieces_failed {
            return Ok(());
        }
        let cx = ctx(&self.opts, limits, budget);
        let session = &mut self.session;
        let check = self.mode == Mode::Check;
        match &stmt.node {
            Stmt::Play(_) => {
                let lx = Lowering {
                    options: &self.opts,
                    defs,
                };
                return session.apply(stmt, &lx, &cx);
            }
            Stmt::Step(n) => {
                let count = n.as_ref().map_or(Ok(1), |n| {
                    u64::try_from(n.node).map_err(|_| {
                        Diag::new(Code::NumberRange, "a step count cannot be negative")
                            .label(n.span, "negative")
                            .help("write `step` or `step N` with N ≥ 0")
                    })
                });
                // The checker only asks whether a step could be taken, and
                // counts it for `undo`.
                count.and_then(|c| match check {
                    true => session
                        .require_step(stmt.span)
                        .map(|()| self.dry_steps += 1),
                    false => session.step(c, stmt.span, &cx),
                })
            }
            _ if check && self.dry_steps > 0 => {
                self.dry_steps -= 1;
                Ok(())
            }
            _ => session.undo(stmt.span),
        }
        .map_err(|d| vec![d])
    }

    /// `expect FIELD VALUE`: the value must suit the field and follow a
    /// `solve`; a run then compares it with the last solve's fields.
    fn expect(
        &mut self,
        field: &Spanned<String>,
        value: &Spanned<ExpectValue>,
        span: Span,
        emit: &mut dyn FnMut(Event),
    ) -> Result<(), Diags> {
        // `printed` only where the turn prints (docs/rules-language.md,
        // *Printing*).
        let fields: Option<Vec<Field>> = self.opts.rules.as_ref().map(|r| {
            let all = r.prog.objective.fields().iter().copied();
            all.filter(|f| *f != Field::Printed || r.prog.prints)
                .collect()
        });
        let rules = self
            .opts
            .rules
            .as_ref()
            .zip(fields.as_deref())
            .map(|(r, fields)| {
                let players = &r.prog.decls.players;
                (fields, players.as_slice())
            });
        expect::check_value(self.game, rules, field, value).map_err(|d| vec![d])?;
        if !self.solved {
            return Err(vec![Diag::new(
                Code::ExpectNoResult,
                "`expect` comes before any `solve`",
            )
            .label(span, "nothing has been solved yet")
            .help("put `solve` before the `expect` lines that check it")]);
        }
        if self.mode == Mode::Check {
            return Ok(());
        }
        expect::judge(self.last_solve.as_deref(), field, value, span).map_err(|d| vec![d])?;
        emit(Event::ExpectPassed {
            span,
            field: field.node.clone(),
            value: value.node.to_string(),
        });
        Ok(())
    }

    /// Report a statement's errors. In the checker a failed move poisons
    /// what follows; in a run a budget that ran out stops the scenario.
    fn fail(&mut self, stmt: &Spanned<Stmt>, ds: Diags, emit: &mut dyn FnMut(Event)) -> Flow {
        let check = self.mode == Mode::Check;
        if check && matches!(stmt.node, Stmt::Play(_) | Stmt::Step(_) | Stmt::Undo) {
            self.poisoned = true;
        }
        let fatal = !check
            && ds.iter().any(|d| {
                matches!(
                    d.code,
                    Code::LimitStates | Code::LimitTime | Code::LimitCancelled | Code::LimitMemory
                )
            });
        for d in ds {
            emit(Event::Error(d));
        }
        if fatal {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

/// What a session may use from outside its scenario.
fn ctx<'a>(options: &'a Options, limits: &'a Limits, budget: &'a Budget) -> Ctx<'a> {
    Ctx {
        options,
        limits,
        budget,
    }
}
