//! The incremental library API: a [`Workspace`] holds the tracks defined so
//! far, the files loaded (each parsed once), the scenarios they hold and a
//! current scenario that grows one statement at a time. The REPL is a thin
//! client of it (it prints what the workspace reports), and so are the fuzz
//! target and the tests.
//!
//! ```
//! use meeple::workspace::{Output, Workspace};
//!
//! let mut ws = Workspace::new(meeple::limits::Limits::default());
//! let mut answers = Vec::new();
//! ws.input("game footholds\nboard [[1, 1, 1]]\npiece A at (0, 0)\npiece B at (0, 2)\nsolve", &mut |_, o| {
//!     if let Output::Event { event: meeple::interp::Event::Answer { answer, .. }, .. } = o {
//!         answers.push(answer.field("winner").unwrap().to_string());
//!     }
//! });
//! assert_eq!(answers, ["B"]);
//! ```

mod library;
mod notice;
mod rebuild;
mod sources;

pub use notice::Notice;
pub use sources::Sources;

use crate::error::{Code, Diag};
use crate::games::Definitions;
use crate::games::{GameKind, Options};
use crate::interp::{Event, Flow, Runner};
use crate::limits::Limits;
use crate::syntax::ast::{Query, QueryKind, Scenario, Span, Spanned, Stmt, TrackDef};
use crate::syntax::rules::RulesDef;
use crate::syntax::{parse_repl_at, ReplItem};
use std::collections::HashMap;
use std::sync::atomic::Ordering;

/// What a workspace reports, in order.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Output {
    /// What one statement of a scenario reported.
    Event {
        /// The scenario's name.
        scenario: String,
        /// The answer, passed expectation or error.
        event: Event,
    },
    /// An error outside a scenario's statements (a syntax error, a track
    /// that does not build, a file that cannot be loaded…).
    Error(Diag),
    /// Something changed.
    Notice(Notice),
    /// The position after a change, drawn (`show`) when
    /// [`Workspace::autoshow`] is on; it follows [`Notice::PositionChanged`].
    Position(crate::games::Answer),
}

/// The scenario being explored.
struct Current {
    name: String,
    game: GameKind,
    opts: Options,
    /// The statements kept so far (those that ran without error).
    stmts: Vec<Spanned<Stmt>>,
    /// `stmts[..base]` came from a scenario block or a file; `reset` keeps
    /// them and drops the moves fed after.
    base: usize,
    runner: Runner,
}

/// A scenario the workspace knows (from a file or a typed block).
#[derive(Clone)]
struct Known {
    scenario: Scenario,
    game: GameKind,
    opts: Options,
}

/// Tracks, loaded scenarios and a current scenario, fed one statement at a
/// time. See the [module docs](self).
pub struct Workspace {
    sources: Sources,
    current: Option<Current>,
    /// Scenarios from loaded files and typed `scenario` blocks, in order.
    scenarios: Vec<Known>,
    /// Where each name is in `scenarios`.
    by_name: HashMap<String, usize>,
    track_defs: Vec<TrackDef>,
    /// The `rules` blocks typed or loaded, by first definition.
    rules_defs: Vec<RulesDef>,
    /// The definitions built from `track_defs` and `rules_defs` (and the
    /// built-in board).
    defs: Definitions,
    limits: Limits,
    /// Draw the position after every change ([`Output::Position`]).
    pub autoshow: bool,
    /// Reads what a typed `import` names (none: it is refused).
    importer: Option<crate::pipeline::Importer>,
    /// The files the session's imports read (see `Workspace::resolve`).
    imported: Vec<crate::error::imported::ImportedText>,
}

/// Does a statement change the position?
fn changes_position(s: &Stmt) -> bool {
    matches!(
        s,
        Stmt::Board(_)
            | Stmt::Piece { .. }
            | Stmt::Set { .. }
            | Stmt::Dice(_)
            | Stmt::Input { .. }
            | Stmt::Play(_)
            | Stmt::Step(_)
            | Stmt::Undo
    )
}

/// Do two statements declare the same thing (the board, the dice, one piece)?
fn same_declaration(a: &Stmt, b: &Stmt) -> bool {
    match (a, b) {
        (Stmt::Board(_), Stmt::Board(_)) | (Stmt::Dice(_), Stmt::Dice(_)) => true,
        (Stmt::Piece { id: x, .. }, Stmt::Piece { id: y, .. }) => x.node == y.node,
        (Stmt::Set { name: x, .. }, Stmt::Set { name: y, .. }) => x.node == y.node,
        _ => false,
    }
}

/// Does a statement declare part of the start position (what the position
/// made from the declarations may refuse: [`Workspace::refused`])?
fn is_declaration(s: &Stmt) -> bool {
    matches!(
        s,
        Stmt::Board(_) | Stmt::Piece { .. } | Stmt::Set { .. } | Stmt::Dice(_) | Stmt::Input { .. }
    )
}

fn is_move(s: &Stmt) -> bool {
    matches!(s, Stmt::Play(_) | Stmt::Step(_) | Stmt::Undo)
}

impl Workspace {
    /// An empty workspace whose queries run within `limits`.
    pub fn new(limits: Limits) -> Workspace {
        Workspace {
            sources: Sources::default(),
            current: None,
            scenarios: Vec::new(),
            by_name: HashMap::new(),
            track_defs: Vec::new(),
            rules_defs: Vec::new(),
            defs: Definitions::build(&[], &limits).0,
            limits,
            autoshow: false,
            importer: None,
            imported: Vec::new(),
        }
    }

    /// Every text typed or loaded; spans in [`Output`] point into it.
    pub fn sources(&self) -> &Sources {
        &self.sources
    }

    /// The limits every query runs within.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The current scenario's game.
    pub fn game(&self) -> Option<GameKind> {
        self.current.as_ref().map(|c| c.game)
    }

    /// The moves `play` may make in the current position, each as written
    /// after `play` (`A up`, `piece 2`): what a completer offers. `None`
    /// without a scenario, or while the position does not say (no board or
    /// players yet, random dice, a game without `play`).
    pub fn legal_plays(&self) -> Option<Vec<String>> {
        self.current.as_ref()?.runner.legal_plays()
    }

    /// The current scenario's name (`repl` for one started by `game NAME`).
    pub fn current_name(&self) -> Option<&str> {
        self.current.as_ref().map(|c| c.name.as_str())
    }

    /// The known scenarios, in the order they were loaded or typed, with
    /// their games.
    pub fn scenarios(&self) -> Vec<(String, GameKind)> {
        self.scenarios
            .iter()
            .map(|k| (k.scenario.name.node.clone(), k.game))
            .collect()
    }

    /// The `rules` blocks defined (typed, loaded or imported).
    pub fn rules_defs(&self) -> &[RulesDef] {
        &self.rules_defs
    }

    /// The `rules` block the current scenario's `game NAME` plays.
    pub fn current_rules(&self) -> Option<&RulesDef> {
        let cur = self.current.as_ref()?;
        let Some(Stmt::Game(name)) = cur.stmts.first().map(|s| &s.node) else {
            return None;
        };
        self.rules_defs.iter().find(|r| r.name.node == name.node)
    }

    /// The text of the `rules` block the current scenario plays, as it was
    /// typed, loaded or imported (`:show` and `:save` write it before the
    /// scenario, so the saved file runs on its own).
    pub fn current_rules_text(&self) -> Option<&str> {
        let span = self.current_rules()?.span;
        let text = self.sources.slice(span);
        if !text.is_empty() {
            return Some(text);
        }
        let f = self
            .imported
            .iter()
            .find(|f| span.start() >= f.base && span.end() <= f.base + f.text.len())?;
        f.text.get(span.start() - f.base..span.end() - f.base)
    }

    /// The names of the tracks defined.
    pub fn track_names(&self) -> Vec<String> {
        self.track_defs
            .iter()
            .map(|t| t.name.node.clone())
            .collect()
    }

    /// The current scenario's statements (declarations, rules, moves and
    /// queries that ran without error), with the track definitions a
    /// scenario of a game that takes tracks needs: `(tracks, statements)`.
    pub fn current_statements(&self) -> Option<(Vec<&TrackDef>, &[Spanned<Stmt>])> {
        let cur = self.current.as_ref()?;
        let tracks = if crate::syntax::dialect::dialect(cur.game).tracks {
            self.track_defs.iter().collect()
        } else {
            Vec::new()
        };
        Some((tracks, &cur.stmts))
    }

    /// Clear the cancel flag: a cancel that stopped an earlier query does
    /// not stop the next.
    fn arm(&self) {
        if let Some(flag) = &self.limits.cancel {
            flag.store(false, Ordering::SeqCst);
        }
    }

    // ------------------------------------------------------------ typed text

    /// Feed text: statements of the current scenario, whole scenario
    /// blocks, track definitions (what a REPL user types).
    pub fn input(&mut self, text: &str, emit: &mut dyn FnMut(&Sources, Output)) {
        // A lone CR (piped input) ends a line here too, in the log as well.
        let text = &*crate::syntax::line_ends(text);
        let offset = self.sources.push_typed(text);
        let items = match parse_repl_at(text, offset) {
            Ok(items) => items,
            Err(diags) => {
                return diags
                    .into_iter()
                    .for_each(|d| emit(&self.sources, Output::Error(d)))
            }
        };
        for item in items {
            let flow = match item {
                ReplItem::Stmt(s) => self.statement(s, emit),
                ReplItem::Track(t) => {
                    self.define_track(t, emit);
                    Flow::Continue
                }
                ReplItem::Rules(r) => {
                    self.define_rules(r, emit);
                    Flow::Continue
                }
                ReplItem::Import(i) => {
                    self.import(i, emit);
                    Flow::Continue
                }
                ReplItem::Scenario(sc) => {
                    self.scenario(sc, emit);
                    Flow::Continue
                }
            };
            if flow == Flow::Stop {
                break;
            }
        }
    }

    /// Feed one statement to the current scenario (`game NAME` starts a new
    /// one; a second `board`/`dice`/`piece X` or a `rule` rebuilds it).
    pub fn statement(
        &mut self,
        stmt: Spanned<Stmt>,
        emit: &mut dyn FnMut(&Sources, Output),
    ) -> Flow {
        if let Stmt::Game(name) = &stmt.node {
            self.new_game(&stmt, name, emit);
            return Flow::Continue;
        }
        if self.current.is_none() {
            let d = Diag::new(Code::ScenarioNoGame, "there is no scenario yet")
                .label(stmt.span, "which game is this for?")
                .help(
                    "start with `game footholds`, `game yut` or `game stacking` (or `:load FILE`)",
                );
            emit(&self.sources, Output::Error(d));
            return Flow::Continue;
        }
        if matches!(stmt.node, Stmt::Rule { .. }) {
            self.rule(stmt, emit);
            return Flow::Continue;
        }
        if self.replace(&stmt, emit) {
            return Flow::Continue;
        }
        let (ok, flow) = self.exec(&stmt, emit);
        if ok && is_declaration(&stmt.node) && self.refused(&stmt, emit) {
            return flow;
        }
        if ok {
            let changed = changes_position(&stmt.node);
            if let Some(cur) = &mut self.current {
                cur.stmts.push(stmt);
            }
            if changed {
                self.changed(emit);
            }
        }
        flow
    }

    /// Run one statement on the current runner. Returns whether it ran
    /// without error.
    fn exec(
        &mut self,
        stmt: &Spanned<Stmt>,
        emit: &mut dyn FnMut(&Sources, Output),
    ) -> (bool, Flow) {
        self.arm();
        let Some(cur) = &mut self.current else {
            return (false, Flow::Continue);
        };
        let mut ok = true;
        let name = &cur.name;
        // Reported once the statement has run (its solve and budget are done),
        // as `meeple run` prints them.
        let mut events = Vec::new();
        let flow = cur
            .runner
            .exec(stmt, &self.defs, &self.limits, &mut |e| events.push(e));
        for e in events {
            ok &= !matches!(e, Event::Error(_));
            emit(
                &self.sources,
                Output::Event {
                    scenario: name.clone(),
                    event: e,
                },
            );
        }
        (ok, flow)
    }

    fn new_game(
        &mut self,
        stmt: &Spanned<Stmt>,
        name: &Spanned<String>,
        emit: &mut dyn FnMut(&Sources, Output),
    ) {
        let rules = match self.defs.rules(&name.node) {
            Ok(Some(prog)) if GameKind::from_name(&name.node).is_none() => {
                Some(crate::games::options::RulesGame {
                    name: name.node.clone(),
                    prog,
                })
            }
            _ => None,
        };
        let game = match rules {
            Some(_) => Some(GameKind::Rules),
            None => GameKind::from_name(&name.node),
        };
        let Some(game) = game else {
            let d = crate::check::unknown_game(name, &self.defs);
            emit(&self.sources, Output::Error(d));
            return;
        };
        let opts = Options {
            rules,
            engine: self.limits.engine,
            ..Options::default()
        };
        self.current = Some(Current {
            name: "repl".to_string(),
            game,
            runner: Runner::new(game, opts.clone()),
            opts,
            stmts: vec![stmt.clone()],
            base: 0,
        });
    }

    /// Report a change of position, and draw it when `autoshow` is on.
    fn changed(&mut self, emit: &mut dyn FnMut(&Sources, Output)) {
        emit(&self.sources, Output::Notice(Notice::PositionChanged));
        if self.autoshow {
            if let Some(answer) = self.show() {
                emit(&self.sources, Output::Position(answer));
            }
        }
    }

    /// `show` on the current position, without keeping it: what a client
    /// draws after [`Notice::PositionChanged`]. `None` without a scenario.
    pub fn show(&mut self) -> Option<crate::games::Answer> {
        let cur = self.current.as_mut()?;
        let show = Spanned::new(
            Stmt::Query(Query {
                kind: QueryKind::Show,
                boards: false,
                bound: None,
            }),
            Span::default(),
        );
        let mut answer = None;
        cur.runner.exec(&show, &self.defs, &self.limits, &mut |e| {
            if let Event::Answer { answer: a, .. } = e {
                answer = Some(a);
            }
        });
        answer
    }

    // ------------------------------------------------------------- files
}

impl Workspace {
    /// The flag that cancels the running query when set (from another
    /// thread: a Ctrl-C handler, a closed client). The workspace clears it
    /// before each statement.
    pub fn cancel_flag(&mut self) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
        self.limits
            .cancel
            .get_or_insert_with(Default::default)
            .clone()
    }
}
