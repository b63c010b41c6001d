//! Statements: blocks and scopes, loops, choices, places that can be
//! assigned.

use super::*;

impl Checker<'_> {
    pub(super) fn block(&mut self, b: &Block) {
        self.scopes.push(HashMap::new());
        self.stmts(b);
        self.scopes.pop();
    }

    pub(super) fn stmts(&mut self, b: &Block) {
        for s in b {
            self.stmt(s);
        }
    }

    /// A loop variable (`for`, an aggregate, a comprehension) bound to the
    /// items of `set` in a scope of its own, with its `where` and `inside`
    /// checked there. The type of the items and what `inside` gave.
    pub(super) fn binding<T>(
        &mut self,
        var: &Spanned<String>,
        set: &Expr,
        cond: Option<&Expr>,
        inside: impl FnOnce(&mut Self, &Ty) -> T,
    ) -> (Ty, T) {
        let t = self.set_item(set);
        self.scopes.push(HashMap::new());
        self.local_name(var);
        self.local(var, t.clone(), false);
        if let Some(c) = cond {
            self.cond(c);
        }
        let got = inside(self, &t);
        self.scopes.pop();
        (t, got)
    }

    pub(super) fn set_item(&mut self, set: &Expr) -> Ty {
        match &set.kind {
            ExprKind::Name(n) if n == "pieces" => Ty::Piece,
            ExprKind::Range(lo, hi) => {
                let a = self.expr(lo);
                let b = self.expr(hi);
                self.want(&Ty::Int(None), &a, lo.span);
                self.want(&Ty::Int(None), &b, hi.span);
                Ty::Int(None)
            }
            _ => match self.expr(set) {
                Ty::List(t, _) => *t,
                Ty::Hood => Ty::Dir,
                Ty::Any => Ty::Any,
                t => {
                    let what = t.describe(&self.d.enums);
                    self.err(diag(Code::RulesType, format!("{what} is not a set"), set.span, "not something to go through").help("a set is a range LO..HI, a list, `cells`, `pieces`, `players`, a direction set, `neighbours(c, SET)`…"));
                    Ty::Any
                }
            },
        }
    }

    pub(super) fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Let(n, e) => {
                let t = self.expr(e);
                self.local_name(n);
                self.local(n, t, true);
            }
            StmtKind::If(arms, other) => {
                for (c, b) in arms {
                    self.cond(c);
                    self.block(b);
                }
                if let Some(b) = other {
                    self.block(b);
                }
            }
            StmtKind::For {
                var,
                set,
                cond,
                body,
            } => {
                self.binding(var, set, cond.as_ref(), |this, item| {
                    this.loops.push(*item == Ty::Piece);
                    this.block(body);
                    this.loops.pop();
                });
            }
            StmtKind::Repeat(n, b) | StmtKind::While(_, n, b) => {
                if let StmtKind::While(c, ..) = &s.kind {
                    self.cond(c);
                }
                let t = self.expr(n);
                self.want(&Ty::Int(None), &t, n.span);
                if let Some(v) = self.const_int(n) {
                    let word = if matches!(s.kind, StmtKind::Repeat(..)) {
                        "repeat"
                    } else {
                        "while … max"
                    };
                    if v < 0 && self.reads_no_param(n) {
                        self.err(
                            diag(
                                Code::RulesBound,
                                format!("`{word} {v}`: a loop count is never negative"),
                                n.span,
                                "a negative count",
                            )
                            .help("write a count of 0 or more (`repeat 0` runs the body no times)"),
                        );
                    }
                    if v > LOOP_BOUND {
                        self.err(diag(Code::RulesBound, format!("a loop bound of {v} is more than meeple runs ({LOOP_BOUND})"), n.span, "too many iterations").help(format!("a loop runs at most {LOOP_BOUND} times: give a true, smaller bound")));
                    }
                }
                self.loops.push(false);
                self.block(b);
                self.loops.pop();
            }
            StmtKind::Choose { var, set, cond, .. } => {
                self.no_chance(s.span, "choose");
                if let ExprKind::Range(lo, hi) = &set.kind {
                    if let (Some(a), Some(b)) = (self.const_int(lo), self.const_int(hi)) {
                        if a > b && self.reads_no_param(lo) && self.reads_no_param(hi) {
                            self.err(diag(Code::RulesBound, format!("the range {a}..{b} is empty: this `choose` has no value"), Span::new(lo.span.start(), hi.span.end()), "its low end is above its high end").help("write LO..HI with LO <= HI (a choice from an empty set leaves the mover stuck)"));
                        }
                    }
                }
                let t = self.set_item(set);
                self.local_name(var);
                self.local(var, t, false);
                if let Some(c) = cond {
                    self.cond(c);
                }
            }
            StmtKind::Roll(var, lo, hi) => {
                self.no_chance(s.span, "roll");
                for e in [lo, hi] {
                    let t = self.expr(e);
                    self.want(&Ty::Int(None), &t, e.span);
                }
                if let (Some(a), Some(b)) = (self.const_int(lo), self.const_int(hi)) {
                    if self.reads_no_param(lo) && self.reads_no_param(hi) {
                        let span = Span::new(lo.span.start(), hi.span.end());
                        let n = i128::from(b) - i128::from(a) + 1;
                        if n < 1 {
                            self.err(
                                diag(
                                    Code::RulesBound,
                                    format!("the die {a}..{b} has no faces"),
                                    span,
                                    "its low end is above its high end",
                                )
                                .help("write LO..HI with LO <= HI, e.g. `roll r in 1..6`"),
                            );
                        } else if n > i128::from(crate::limits::RULES_DIE_FACES) {
                            self.err(diag(Code::RulesBound, format!("the die {a}..{b} has {n} faces, more than meeple rolls ({})", crate::limits::RULES_DIE_FACES), span, "too many faces").help("every face is a branch of the turn: roll a smaller range"));
                        }
                    }
                }
                self.local_name(var);
                self.local(var, Ty::Int(None), false);
            }
            StmtKind::Require(c) => {
                if self.ctx != Ctx::Turn {
                    self.err(
                        diag(
                            Code::RulesContext,
                            "`require` is for the turn",
                            s.span,
                            "not in a turn",
                        )
                        .help("`require` rules out a move; `setup` and the legend make no moves"),
                    );
                }
                self.cond(c);
            }
            StmtKind::End(_, c) => {
                if self.ctx != Ctx::Turn {
                    self.err(
                        diag(
                            Code::RulesContext,
                            "a game ends only in the turn",
                            s.span,
                            "not in a turn",
                        )
                        .help("`win`, `lose`, `draw` and `stop` are for `turn { … }`"),
                    );
                }
                if let Some(c) = c {
                    self.cond(c);
                }
            }
            StmtKind::Score(op, e) => {
                if *op == AssignOp::Set {
                    self.err(
                        diag(
                            Code::RulesPlace,
                            "`score` is only added to",
                            s.span,
                            "`score =` would set it",
                        )
                        .help("write `score += EXPR` or `score -= EXPR` (a move's score is what its turn adds)"),
                    );
                }
                let t = self.expr(e);
                self.want(&Ty::Int(None), &t, e.span);
            }
            StmtKind::Print(e) => {
                self.print_here(s.span);
                let t = self.expr(e);
                self.want(&Ty::Int(None), &t, e.span);
            }
            StmtKind::Simultaneously(b) => self.block(b),
            StmtKind::Swap(a, b) => {
                let ta = self.place(a);
                let tb = self.place(b);
                self.want(&ta, &tb, b.span);
            }
            StmtKind::Push { list, value, .. } => {
                let tl = self.place(list);
                let tv = self.expr(value);
                match tl {
                    Ty::List(item, _) => self.want(&item, &tv, value.span),
                    Ty::Any => {}
                    t => self.not_list(&t, list.span),
                }
            }
            StmtKind::Pop { list, .. } => {
                let tl = self.place(list);
                if !matches!(tl, Ty::List(..) | Ty::Any) {
                    self.not_list(&tl, list.span);
                }
            }
            StmtKind::Next | StmtKind::Break => {
                if matches!(s.kind, StmtKind::Break) && self.loops.last() == Some(&true) {
                    self.by_place(&Ty::Piece, "`break` in a loop over pieces", s.span);
                }
                if self.loops.is_empty() {
                    let w = if matches!(s.kind, StmtKind::Next) {
                        "next"
                    } else {
                        "break"
                    };
                    self.err(
                        diag(
                            Code::RulesContext,
                            format!("`{w}` outside a loop"),
                            s.span,
                            "no loop around it",
                        )
                        .help("`next` and `break` stand inside `for`, `repeat` or `while`"),
                    );
                }
            }
            StmtKind::Assign(p, op, e) => {
                let tp = self.place(p);
                let te = self.expr(e);
                if *op != AssignOp::Set {
                    self.want(&Ty::Int(None), &tp, p.span);
                }
                self.want(&tp, &te, e.span);
            }
        }
    }

    pub(super) fn not_list(&mut self, t: &Ty, at: Span) {
        let what = t.describe(&self.d.enums);
        self.err(
            diag(
                Code::RulesType,
                format!("{what} is not a list"),
                at,
                "not a list",
            )
            .help("`push` and `pop` work on a `list of T max N`"),
        );
    }

    pub(super) fn no_chance(&mut self, at: Span, word: &str) {
        let why = match self.ctx {
            Ctx::Setup => Some("`setup` runs once, before any move"),
            Ctx::Legend => Some("the legend only reads the board"),
            Ctx::Turn if word == "choose" && self.d.player_count == 0 => {
                Some("a `players none` game has no choices")
            }
            Ctx::Turn => None,
        };
        if let Some(why) = why {
            self.err(
                diag(
                    Code::RulesContext,
                    format!("`{word}` cannot stand here"),
                    at,
                    why,
                )
                .help("choices and dice belong in `turn { … }` of a game with players"),
            );
        }
    }

    /// `print` has a meaning only along `solve simulate`'s run, in the
    /// turn: refused elsewhere (`meeple::rules::print`).
    fn print_here(&mut self, at: Span) {
        let simulate = self
            .def
            .parts
            .iter()
            .any(|p| matches!(&p.node, Part::Solve(Objective::Simulate(_))));
        let why = match self.ctx {
            Ctx::Setup => "`setup` runs before the run: nothing is printed yet",
            Ctx::Legend => "the legend only reads the board",
            Ctx::Turn if simulate => return,
            Ctx::Turn => "only `solve simulate` has one run whose lines are printed",
        };
        self.err(
            diag(Code::RulesPrint, "`print` cannot stand here", at, why).help(
                "`print E` appends a line to `solve simulate`'s `printed` (docs/rules-language.md, *Printing*): write it in `turn { … }` of a `solve simulate limit N` game",
            ),
        );
    }

    pub(super) fn cond(&mut self, c: &Expr) {
        let t = self.expr(c);
        // `count x in S where A == B >= 3`: the condition (or the value)
        // runs to the end, the comparison meant for the count included.
        let swallowed = matches!(&c.kind, ExprKind::Agg { kind: Agg::Count | Agg::Sum | Agg::Max | Agg::Min, body, .. }
            if matches!(body.kind, ExprKind::Binary(BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, ..)));
        let help = swallowed.then_some(
            "an aggregate's `where` condition (or its `:` value) runs to the end of the expression, the comparison after it included: write `(count x in S where C) >= 3`",
        );
        self.want_or(&Ty::Bool, &t, c.span, help);
    }

    pub(super) fn want(&mut self, want: &Ty, got: &Ty, at: Span) {
        self.want_or(want, got, at, None);
    }

    /// [`Self::want`], with `help` in place of the usual one.
    fn want_or(&mut self, want: &Ty, got: &Ty, at: Span, help: Option<&str>) {
        // `nobody`, `none` and `off` are typed loosely: `Any` accepts.
        if !want.accepts(got) {
            let (w, g) = (want.describe(&self.d.enums), got.describe(&self.d.enums));
            let help = help.map_or_else(
                || format!("a value of type {w} is wanted here"),
                String::from,
            );
            self.err(
                diag(
                    Code::RulesType,
                    format!("expected {w}, found {g}"),
                    at,
                    format!("this is {g}"),
                )
                .help(help),
            );
        }
    }

    /// An assignable place: a local `let`, a `var`, `layer[c]`,
    /// `p.field`, `xs[i]` of an assignable list.
    pub(super) fn place(&mut self, p: &Expr) -> Ty {
        match &p.kind {
            ExprKind::Name(n) => {
                match self.lookup(n).cloned() {
                    Some(Sym::Var(i)) => self.d.vars[i].ty.clone(),
                    Some(Sym::Local {
                        ty,
                        assignable: true,
                    }) => ty,
                    Some(_) => {
                        let what = match self.lookup(n) {
                            Some(Sym::Param(_)) => {
                                "a param (set by `rule`, constant in a scenario)"
                            }
                            Some(Sym::Layer(_)) => "a layer: assign one cell, `layer[c] = …`",
                            Some(Sym::Local { .. }) => "a loop or choice variable",
                            _ => "a constant",
                        };
                        self.err(diag(Code::RulesPlace, format!("`{n}` cannot be assigned"), p.span, what).help("assign a `var`, a `let` variable, `layer[c]`, `p.field` or `xs[i]`"));
                        Ty::Any
                    }
                    None => self.expr(p),
                }
            }
            ExprKind::Index(base, _) | ExprKind::Field(base, _) => {
                let layered = matches!(&base.kind, ExprKind::Name(n) if matches!(self.lookup(n), Some(Sym::Layer(_))));
                let piece = matches!(&p.kind, ExprKind::Field(..));
                let unknown = matches!(&base.kind, ExprKind::Name(n) if self.lookup(n).is_none());
                if !layered && !piece && !unknown {
                    self.place(base);
                }
                self.expr(p)
            }
            _ => {
                self.err(
                    diag(
                        Code::RulesPlace,
                        "this cannot be assigned",
                        p.span,
                        "not a place",
                    )
                    .help("assign a `var`, a `let` variable, `layer[c]`, `p.field` or `xs[i]`"),
                );
                Ty::Any
            }
        }
    }
}
