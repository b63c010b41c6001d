//! A built-in game's scenario on the generic engine (`--engine rules`).
//!
//! Every declaration goes to the game's native session first, so that a
//! scenario is checked exactly as without `--engine` (the same diagnostics
//! on the same spans, `meeple export` reads the same judge position); the
//! same declarations then build the prelude script's start position, and
//! every query, `play`, `step` and `undo` runs on the generic engine. The
//! native options become the script's params; a judge `input` is read by
//! the native codec and given to the script as the declarations `meeple
//! gen` writes for it; `play A to (r, c)` becomes the step toward that
//! cell. Answers keep the native game's kind (and so its JSON `game`).

use super::answer::PreludeAnswer;
use crate::error::{Code, Diag, Diags};
use crate::games::answer::FieldValue;
use crate::games::options::RulesGame;
use crate::games::rules::session::RulesSession;
use crate::games::typed::{Lowering, Typed};
use crate::games::{Answer, Ctx, GameKind, JudgePosition, NotInstance, Options, Session};
use crate::syntax::ast::{Coord, Heading, Play, Query, QueryKind, RuleValue, Span, Spanned, Stmt};
use crate::syntax::dialect::Field;

/// A built-in game's scenario answered by its prelude script.
pub(crate) struct PreludeSession {
    kind: GameKind,
    /// The native session: every declaration is checked here first.
    native: Box<dyn Session>,
    /// The prelude script's session: what answers.
    rules: Typed<RulesSession>,
    /// Where coordinates count from (`rule origin`).
    origin: i64,
    /// The script's options (its params made from the native rules).
    ropts: Options,
    /// The declarations so far, for a rebuild.
    decls: Vec<Spanned<Stmt>>,
    /// Whether a query has set up the script's position, and whether a
    /// `play` or `step` has moved it since.
    queried: bool,
    moved: bool,
}

impl PreludeSession {
    pub(crate) fn new(kind: GameKind, opts: &Options) -> PreludeSession {
        let native = crate::games::game(kind).session(opts);
        let mut ropts = opts.clone();
        ropts.rules = super::program(kind).map(|prog| RulesGame {
            name: kind.name().to_string(),
            prog,
        });
        ropts.params = params(kind, opts);
        PreludeSession {
            kind,
            native,
            rules: Typed(RulesSession::new(&ropts)),
            origin: opts.origin,
            ropts,
            decls: Vec::new(),
            queried: false,
            moved: false,
        }
    }

    /// A declaration for the script. The script's position is set up at
    /// the first query; a native scenario may declare more after a `show`
    /// (a partial position), so the position is then built again.
    fn declare(&mut self, stmt: &Spanned<Stmt>, lx: &Lowering, cx: &Ctx) -> Result<(), Diags> {
        if self.queried && !self.moved {
            self.rules = Typed(RulesSession::new(&self.ropts));
            self.queried = false;
            for d in std::mem::take(&mut self.decls) {
                self.declare(&d, lx, cx)?;
            }
        }
        self.decls.push(stmt.clone());
        match &stmt.node {
            Stmt::Input { .. } => self.input(stmt, lx, cx),
            _ => self.rules.apply(stmt, lx, cx),
        }
    }

    /// Stacking's `line` as the native solver cuts it: to the turn the
    /// game ends (or the limit, if it ends later), to the first repeated
    /// position of a cycle, or `line N` (else `Limits::turns_drawn`) turns.
    fn stacking_line(&mut self, query: &Query, span: Span, cx: &Ctx) -> Result<Answer, Diag> {
        self.rules.require(query, span)?;
        self.rules.0.set_up(span)?;
        let bound = query
            .bound
            .as_ref()
            .map_or(cx.limits.turns_drawn, |n| n.node.max(0) as u64);
        let (played, _) = self.rules.0.so_far();
        let limit = self.ropts.params.iter().find(|(n, _)| n.node == "limit");
        let limit = match limit.map(|(_, v)| &v.node) {
            Some(RuleValue::Int(n)) => u64::try_from(*n).unwrap_or(0),
            _ => u64::MAX,
        };
        let n = match self.rules.0.turns_to_repeat(bound, cx.budget) {
            Some((t, true)) if played + t > limit => limit.saturating_sub(played),
            Some((t, true)) => t,
            // The position at the start of turn t + 1 repeats that of
            // turn s + 1: native draws to turn start + period = t + 1.
            Some((t, false)) if t < bound => (t + 1).min(bound),
            Some((t, false)) => t,
            None => bound,
        };
        let unlimited = self.rules.0.with_param("limit", i64::MAX);
        let mut rest = Typed(unlimited.unwrap_or_else(|| self.rules.0.clone()));
        let line = Query {
            bound: Some(Spanned::new(i64::try_from(n).unwrap_or(i64::MAX), span)),
            ..query.clone()
        };
        let a = rest.query(&line, span, cx)?;
        Ok(Answer::new(PreludeAnswer::new(self.kind, a, (played, 0))))
    }

    /// Stacking's `cycle` says whether the game ever ends, whatever the
    /// limit (as the native solver answers): when the limit passed first,
    /// a second `solve` without it, on what remains of the budget, proves
    /// a cycle (`cycle yes`) or finds the end or runs out (`no`).
    fn cycle(&self, a: PreludeAnswer, query: &Query, span: Span, cx: &Ctx) -> PreludeAnswer {
        let passed = a.field(Field::Turn) == Some(FieldValue::Word("none".into()))
            && a.field(Field::Cycle) == Some(FieldValue::Word("no".into()));
        let Some(rest) = self
            .rules
            .0
            .with_param("limit", i64::MAX)
            .filter(|_| passed)
        else {
            return a;
        };
        let mut rest = Typed(rest);
        match rest.query(query, span, cx) {
            Ok(b) => a.with(Field::Cycle, b.field(Field::Cycle.name())),
            Err(_) => a,
        }
    }

    /// `play P to (r, c)` as the step toward that cell (`play P DIR`), when
    /// the cell is next to P; else as written (an illegal move then lists
    /// the legal ones).
    fn play_to(&mut self, stmt: &Spanned<Stmt>) -> Spanned<Stmt> {
        let Stmt::Play(Play::To { player, to }) = &stmt.node else {
            return stmt.clone();
        };
        let Some((r, c)) = self.rules.0.piece_at(&player.node, stmt.span) else {
            return stmt.clone();
        };
        // Checked: a target far out of the board is an illegal move, never an
        // overflow (scripts/broken/play_far_away.game).
        let delta = |to: i64, origin: i64, at: i64| to.checked_sub(origin)?.checked_sub(at);
        let d = delta(to.node.row, self.origin, r).zip(delta(to.node.col, self.origin, c));
        match d.and_then(Heading::of_delta) {
            Some(h) => Spanned::new(
                Stmt::Play(Play::Dir {
                    player: player.clone(),
                    dir: Spanned::new(h, to.span),
                }),
                stmt.span,
            ),
            None => stmt.clone(),
        }
    }

    /// `input """…"""`: read by the native codec, then given to the script
    /// as the declarations `meeple gen` writes for that position.
    fn input(&mut self, stmt: &Spanned<Stmt>, lx: &Lowering, cx: &Ctx) -> Result<(), Diags> {
        let Stmt::Input { text, case } = &stmt.node else {
            return Ok(());
        };
        crate::games::judge_text::one_case(case, self.kind)?;
        let game = crate::games::game(self.kind);
        let position = game.read_judge(&text.node)?;
        let no_files = |_: &str| -> Result<Vec<(String, String)>, crate::games::OptionError> {
            Ok(Vec::new())
        };
        let shape = game.gen_shape(&[], &no_files).map_err(|e| vec![e.diag])?;
        let decls = shape.declarations(&position);
        let (file, diags) = crate::syntax::parse(&format!(
            "scenario \"input\" {{\n  game {}\n{decls}}}\n",
            self.kind
        ));
        if !diags.is_empty() {
            return Err(at(stmt.span, diags));
        }
        for s in file.scenarios.iter().flat_map(|sc| &sc.stmts) {
            let s = match &s.node {
                Stmt::Game(_) | Stmt::Rule { .. } => continue,
                // The codec's cells count from 0; the script reads them
                // from the scenario's origin.
                Stmt::Piece {
                    id,
                    at,
                    facing,
                    with,
                } => Spanned::new(
                    Stmt::Piece {
                        id: id.clone(),
                        at: at.as_ref().map(|at| {
                            Spanned::new(
                                Coord {
                                    row: at.node.row + self.origin,
                                    col: at.node.col + self.origin,
                                },
                                at.span,
                            )
                        }),
                        facing: facing.clone(),
                        with: with.clone(),
                    },
                    s.span,
                ),
                _ => s.clone(),
            };
            self.rules
                .apply(&s, lx, cx)
                .map_err(|ds| at(stmt.span, ds))?;
        }
        Ok(())
    }
}

/// Diagnostics of statements made from a judge input, labelled on the
/// `input` statement.
fn at(span: Span, ds: Diags) -> Diags {
    ds.into_iter()
        .map(|mut d| {
            let text = d
                .labels
                .first()
                .map_or_else(|| "in this input".to_string(), |(_, t)| t.clone());
            d.labels = vec![(span, text)];
            d
        })
        .collect()
}

/// The native options as the script's params.
fn params(kind: GameKind, o: &Options) -> Vec<(Spanned<String>, Spanned<RuleValue>)> {
    let int = |n: i64| RuleValue::Int(n);
    let word = |w: &str| RuleValue::Word(w.to_string());
    let big = |n: u64| int(i64::try_from(n).unwrap_or(i64::MAX));
    let mut out = vec![("origin", int(o.origin))];
    match kind {
        GameKind::Footholds => {
            out.push(("first", word(if o.first_b { "B" } else { "A" })));
            out.push(("steps", word(if o.king { "king" } else { "orthogonal" })));
        }
        GameKind::Yut => out.push(("pieces", big(o.pieces as u64))),
        GameKind::Stacking => {
            out.push(("stack", big(o.stack as u64)));
            // `limit none`: the largest limit, which a game reaches only
            // by a proven cycle first (its positions are finite).
            out.push(("limit", big(o.limit.unwrap_or(u64::MAX))));
            out.push(("mover", word(if o.mover_bottom { "bottom" } else { "any" })));
        }
        GameKind::Rules => {}
    }
    out.into_iter()
        .map(|(n, v)| {
            (
                Spanned::new(n.to_string(), Span::default()),
                Spanned::new(v, Span::default()),
            )
        })
        .collect()
}

impl Session for PreludeSession {
    fn apply(&mut self, stmt: &Spanned<Stmt>, lx: &Lowering, cx: &Ctx) -> Result<(), Diags> {
        match &stmt.node {
            // The native session judges the move first, so that an
            // illegal one has the native code and wording
            // (`meeple::play::illegal`), and follows the play, so that its
            // later diagnostics (and `undo`'s) stay those of the same game.
            Stmt::Play(_) => {
                self.native.apply(stmt, lx, cx)?;
                let stmt = self.play_to(stmt);
                self.moved = true;
                self.rules.apply(&stmt, lx, cx).map_err(|ds| {
                    ds.into_iter()
                        .map(|mut d| {
                            if d.code == Code::RulesMove {
                                d.code = Code::PlayIllegal;
                            }
                            d
                        })
                        .collect()
                })
            }
            _ => {
                self.native.apply(stmt, lx, cx)?;
                self.declare(stmt, lx, cx)
            }
        }
    }

    fn require(&self, query: &Query, span: Span) -> Result<(), Diag> {
        self.native.require(query, span)?;
        self.rules.require(query, span)
    }

    fn query(&mut self, query: &Query, span: Span, cx: &Ctx) -> Result<Answer, Diag> {
        self.queried = true;
        if self.kind == GameKind::Stacking && query.kind == QueryKind::Line {
            return self.stacking_line(query, span, cx);
        }
        let a = self.rules.query(query, span, cx)?;
        let so_far = self.rules.0.so_far();
        let a = PreludeAnswer::new(self.kind, a, so_far);
        if self.kind == GameKind::Stacking && query.kind == QueryKind::Solve {
            return Ok(Answer::new(self.cycle(a, query, span, cx)));
        }
        Ok(Answer::new(a))
    }

    fn require_step(&self, span: Span) -> Result<(), Diag> {
        self.native.require_step(span)?;
        self.rules.require_step(span)
    }

    fn step(&mut self, n: u64, span: Span, cx: &Ctx) -> Result<(), Diag> {
        self.moved = true;
        self.rules.step(n, span, cx)
    }

    /// `undo` on the generic engine; the native session takes back its
    /// `play` too (a `step` it never saw). Nothing to take back is said
    /// as natively: footholds and yut take back a `play`, stacking a `step`.
    fn undo(&mut self, span: Span) -> Result<(), Diag> {
        match self.rules.undo(span) {
            Err(d) if d.code == Code::UndoNothing => Err(crate::games::nothing_to_undo(
                span,
                if self.kind == GameKind::Stacking {
                    "`step`"
                } else {
                    "`play`"
                },
            )),
            Err(d) => Err(d),
            Ok(()) => {
                if self.kind != GameKind::Stacking {
                    // Its history holds the same plays: this cannot fail.
                    let _ = self.native.undo(span);
                }
                Ok(())
            }
        }
    }

    fn judge_position(&self) -> Result<JudgePosition, NotInstance> {
        self.native.judge_position()
    }
}
