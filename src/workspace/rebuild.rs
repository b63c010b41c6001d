//! Rebuilding the current scenario: a second declaration replaces the
//! first, a `rule` changes the options, and both replay the statements;
//! a declaration or rule that the position it makes refuses (an error on
//! its own text) is taken back.

use super::{same_declaration, Notice, Output, Sources, Workspace};
use crate::games::{GameKind, Options};
use crate::interp::{Event, Flow, Runner};
use crate::syntax::ast::{Query, QueryKind, Span, Spanned, Stmt};

impl Workspace {
    /// A second `board`, `dice`, `piece X` or `set NAME` replaces the first: the
    /// scenario is rebuilt with it (moves fed since are played again) and
    /// kept only if that works. Returns whether `stmt` was such a
    /// replacement.
    pub(super) fn replace(
        &mut self,
        stmt: &Spanned<Stmt>,
        emit: &mut dyn FnMut(&Sources, Output),
    ) -> bool {
        let Some(cur) = &self.current else {
            return false;
        };
        let Some(i) = cur
            .stmts
            .iter()
            .position(|s| same_declaration(&s.node, &stmt.node))
        else {
            return false;
        };
        let what = match &stmt.node {
            Stmt::Piece { id, .. } => format!("piece {}", self.sources.slice(id.span)),
            Stmt::Set { name, .. } => format!("set {}", self.sources.slice(name.span)),
            other => other.keyword().to_string(),
        };
        let mut stmts = cur.stmts.clone();
        stmts[i] = stmt.clone();
        let (game, opts, name) = (cur.game, cur.opts.clone(), cur.name.clone());
        let (runner, ok) = self.replay(game, &opts, &name, &stmts, emit);
        let ok = ok && !self.objects(&runner, &name, stmt, emit);
        if !ok {
            emit(&self.sources, Output::Notice(Notice::NotReplaced(what)));
            return true;
        }
        if let Some(cur) = &mut self.current {
            cur.stmts = stmts;
            cur.runner = runner;
        }
        emit(&self.sources, Output::Notice(Notice::Replaced(what)));
        self.changed(emit);
        true
    }

    /// `rule NAME VALUE`: replaces an earlier value of the same rule, then
    /// rebuilds the position under the new options.
    pub(super) fn rule(&mut self, stmt: Spanned<Stmt>, emit: &mut dyn FnMut(&Sources, Output)) {
        let Some(cur) = &self.current else { return };
        let Stmt::Rule { name: rule, .. } = &stmt.node else {
            return;
        };
        let mut stmts = cur.stmts.clone();
        let mut base = cur.base;
        let same = |s: &Spanned<Stmt>| matches!(&s.node, Stmt::Rule { name: n, .. } if n.node == rule.node);
        match stmts.iter().position(same) {
            Some(i) => stmts[i] = stmt.clone(),
            None => {
                let at = stmts
                    .iter()
                    .take_while(|s| matches!(s.node, Stmt::Game(_) | Stmt::Rule { .. }))
                    .count();
                stmts.insert(at, stmt.clone());
                if at < base {
                    base += 1;
                }
            }
        }
        let game = cur.game;
        let (mut opts, diags) = Options::collect(game, &stmts);
        opts.rules = cur.opts.rules.clone();
        opts.engine = self.limits.engine;
        if !diags.is_empty() {
            return diags
                .into_iter()
                .for_each(|d| emit(&self.sources, Output::Error(d)));
        }
        let rebuild = opts != cur.opts;
        let name = cur.name.clone();
        let runner = if rebuild {
            let (runner, ok) = self.replay(game, &opts, &name, &stmts, emit);
            if !ok || self.objects(&runner, &name, &stmt, emit) {
                emit(
                    &self.sources,
                    Output::Notice(Notice::RuleNotChanged(rule.node.clone())),
                );
                return;
            }
            Some(runner)
        } else {
            None
        };
        if let Some(cur) = &mut self.current {
            cur.stmts = stmts;
            cur.base = base;
            cur.opts = opts;
            if let Some(r) = runner {
                cur.runner = r;
            }
        }
        if rebuild {
            self.changed(emit);
        }
    }

    /// A declaration the runner took (`board`, `piece`, `set`, `dice`,
    /// `input`) that the position it makes refuses: taken back (the
    /// runner is built again from the statements kept) and reported.
    /// Returns whether it was refused.
    pub(super) fn refused(
        &mut self,
        stmt: &Spanned<Stmt>,
        emit: &mut dyn FnMut(&Sources, Output),
    ) -> bool {
        let Some(cur) = &self.current else {
            return false;
        };
        if !self.objects(&cur.runner, &cur.name, stmt, emit) {
            return false;
        }
        // The statements kept all ran without error before: nothing to say.
        let (game, opts) = (cur.game, cur.opts.clone());
        let (runner, _) = self.replay(game, &opts, &cur.name, &cur.stmts, &mut |_, _| {});
        if let Some(cur) = &mut self.current {
            cur.runner = runner;
        }
        true
    }

    /// Whether the position `runner` makes now has an error about `stmt`
    /// (a label inside its text), reported if so. A game may check its
    /// declarations only when it makes the start position, at the first
    /// query or move (a rules game: a `set` or `rule` value outside its
    /// domain); the workspace asks at once, as the checker asks before a
    /// query, so that such a line is refused when typed, never kept to
    /// fail every later query. An error elsewhere (no board yet) is the
    /// position still being declared: not this statement's.
    pub(super) fn objects(
        &self,
        runner: &Runner,
        name: &str,
        stmt: &Spanned<Stmt>,
        emit: &mut dyn FnMut(&Sources, Output),
    ) -> bool {
        let show = Query {
            kind: QueryKind::Show,
            boards: false,
            bound: None,
        };
        let Err(d) = runner.require(&show, Span::default()) else {
            return false;
        };
        let within = |s: &Span| {
            !s.is_empty() && stmt.span.start() <= s.start() && s.end() <= stmt.span.end()
        };
        if !d.labels.iter().any(|(s, _)| within(s)) {
            return false;
        }
        emit(
            &self.sources,
            Output::Event {
                scenario: name.to_string(),
                event: Event::Error(d),
            },
        );
        true
    }

    /// A fresh runner with the declarations and moves of `stmts` applied
    /// (queries and expectations are not run again), and whether they all
    /// applied without error. The replay stops at the first statement that
    /// fails, the one the change broke, and reports its errors only: the
    /// statements after it would fail for its sake (an `undo` with nothing
    /// to take back), not for their own.
    pub(super) fn replay(
        &self,
        game: GameKind,
        opts: &Options,
        name: &str,
        stmts: &[Spanned<Stmt>],
        emit: &mut dyn FnMut(&Sources, Output),
    ) -> (Runner, bool) {
        let mut ok = true;
        let mut runner = Runner::new(game, opts.clone());
        for s in stmts {
            if matches!(
                s.node,
                Stmt::Game(_) | Stmt::Rule { .. } | Stmt::Query(_) | Stmt::Expect { .. }
            ) {
                continue;
            }
            self.arm();
            // Reported once the statement has run (its solve and budget are done),
            // as `meeple run` prints them.
            let mut events = Vec::new();
            let flow = runner.exec(s, &self.defs, &self.limits, &mut |e| events.push(e));
            for e in events {
                ok &= !matches!(e, Event::Error(_));
                emit(
                    &self.sources,
                    Output::Event {
                        scenario: name.to_string(),
                        event: e,
                    },
                );
            }
            if !ok || flow == Flow::Stop {
                break;
            }
        }
        (runner, ok)
    }
}
