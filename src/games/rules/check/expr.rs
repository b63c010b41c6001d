//! Expressions: names, fields and calls, each with its type.

use super::*;

impl Checker<'_> {
    pub(super) fn expr(&mut self, e: &Expr) -> Ty {
        match &e.kind {
            ExprKind::Int(_) => Ty::Int(None),
            ExprKind::Bool(_) => Ty::Bool,
            ExprKind::Name(n) => self.name(n, e.span),
            ExprKind::Cell(r, c) => {
                for x in [r, c] {
                    let t = self.expr(x);
                    self.want(&Ty::Int(None), &t, x.span);
                }
                Ty::Cell
            }
            ExprKind::List(items) => {
                let mut item = Ty::Any;
                for x in items {
                    let t = self.expr(x);
                    if item == Ty::Any {
                        item = t;
                    } else {
                        self.want(&item, &t, x.span);
                    }
                }
                Ty::List(Box::new(item), Some(items.len() as u64))
            }
            ExprKind::Range(..) => {
                let t = self.set_item(e);
                Ty::List(Box::new(t), None)
            }
            ExprKind::Unary(UnOp::Not, a) => {
                self.cond(a);
                Ty::Bool
            }
            ExprKind::Unary(UnOp::Neg, a) => {
                let t = self.expr(a);
                self.want(&Ty::Int(None), &t, a.span);
                Ty::Int(None)
            }
            ExprKind::Binary(op, a, b) => {
                let (ta, tb) = (self.expr(a), self.expr(b));
                match op {
                    BinOp::And | BinOp::Or => {
                        self.want(&Ty::Bool, &ta, a.span);
                        self.want(&Ty::Bool, &tb, b.span);
                        Ty::Bool
                    }
                    BinOp::Eq | BinOp::Ne => {
                        self.want(&ta, &tb, b.span);
                        Ty::Bool
                    }
                    BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                        self.want(&ta, &tb, b.span);
                        self.by_place(&ta, "a comparison", e.span);
                        Ty::Bool
                    }
                    BinOp::Add if matches!(ta, Ty::List(..)) => {
                        self.want(&ta, &tb, b.span);
                        ta
                    }
                    _ => {
                        self.want(&Ty::Int(None), &ta, a.span);
                        self.want(&Ty::Int(None), &tb, b.span);
                        Ty::Int(None)
                    }
                }
            }
            ExprKind::Field(base, f) => self.field(base, f),
            ExprKind::Index(base, i) => {
                if let ExprKind::Name(n) = &base.kind {
                    if let Some(Sym::Layer(l)) = self.lookup(n).cloned() {
                        let ti = self.expr(i);
                        self.want(&Ty::Cell, &ti, i.span);
                        return self.d.layers[l].ty.clone();
                    }
                }
                let tb = self.expr(base);
                let ti = self.expr(i);
                self.by_place(&tb, "an index", e.span);
                if tb != Ty::Any {
                    self.want(&Ty::Int(None), &ti, i.span);
                }
                match tb {
                    Ty::List(t, _) => *t,
                    Ty::Any => Ty::Any,
                    t => {
                        self.not_list(&t, base.span);
                        Ty::Any
                    }
                }
            }
            ExprKind::Slice(base, lo, hi) => {
                for x in [lo, hi].into_iter().flatten() {
                    let t = self.expr(x);
                    self.want(&Ty::Int(None), &t, x.span);
                }
                let t = self.expr(base);
                self.by_place(&t, "a slice", e.span);
                if !matches!(t, Ty::List(..) | Ty::Any) {
                    self.not_list(&t, base.span);
                }
                t
            }
            ExprKind::If(c, a, b) => {
                self.cond(c);
                let (ta, tb) = (self.expr(a), self.expr(b));
                self.want(&ta, &tb, b.span);
                if ta == Ty::Any {
                    tb
                } else {
                    ta
                }
            }
            ExprKind::Agg {
                kind,
                var,
                set,
                body,
            } => {
                let (t, tb) = self.binding(var, set, None, |this, _| this.expr(body));
                match kind {
                    Agg::All | Agg::Any | Agg::Count | Agg::Find => {
                        self.want(&Ty::Bool, &tb, body.span)
                    }
                    _ => self.want(&Ty::Int(None), &tb, body.span),
                }
                if *kind == Agg::Find {
                    let at = e.span.with_end(body.span.end().max(e.span.start()));
                    self.by_place(&t, "`find`", at);
                }
                match kind {
                    Agg::All | Agg::Any => Ty::Bool,
                    Agg::Find => t,
                    _ => Ty::Int(None),
                }
            }
            ExprKind::Comp {
                item,
                var,
                set,
                cond,
            } => {
                let (_, ti) = self.binding(var, set, cond.as_deref(), |this, _| this.expr(item));
                Ty::List(Box::new(ti), None)
            }
            ExprKind::Call(f, args) => self.call(f, args, e.span),
        }
    }

    pub(super) fn name(&mut self, n: &str, at: Span) -> Ty {
        match self.lookup(n).cloned() {
            Some(Sym::Param(i)) => self.d.params[i].ty.clone(),
            Some(Sym::Var(i)) => self.d.vars[i].ty.clone(),
            Some(Sym::Layer(_)) => {
                self.err(
                    diag(
                        Code::RulesType,
                        format!("`{n}` is a layer: read one cell"),
                        at,
                        "a layer, not a value",
                    )
                    .help(format!("write `{n}[c]` for the value at cell c")),
                );
                Ty::Any
            }
            Some(Sym::Piece) => Ty::Piece,
            Some(Sym::Local { ty, .. }) => ty,
            Some(Sym::Const(t)) => {
                if (n == "me" || n == "opponent")
                    && self.d.player_count < if n == "me" { 1 } else { 2 }
                {
                    self.err(diag(Code::RulesContext, format!("`{n}` means nothing in this game"), at, format!("the game has {}", crate::games::count(self.d.player_count as u64, "player"))).help("`me` is the player to move, `opponent` the other one: they need players"));
                }
                if (n == "me" || n == "opponent") && self.ctx != Ctx::Turn {
                    {
                        self.err(
                            diag(
                                Code::RulesContext,
                                format!("`{n}` means something only in the turn"),
                                at,
                                "no player is to move here",
                            )
                            .help("use the players' names outside `turn`"),
                        );
                    }
                    // `me.field` reads the mover's piece: typed as a player
                    // that has the pieces' fields (see `field`).
                }
                if (n == "rows" || n == "cols" || n == "cells") && self.board != BoardKind::Grid {
                    self.err(
                        diag(
                            Code::RulesContext,
                            format!("`{n}` needs a grid"),
                            at,
                            "this game has no grid",
                        )
                        .help("grid words are for games without `board track`/`board none`"),
                    );
                }
                t
            }
            None => {
                let known = self.known_names();
                let mut d = diag(
                    Code::RulesName,
                    format!("`{n}` is not declared"),
                    at,
                    "unknown name",
                );
                d = d.help(match did_you_mean(n, known.iter().map(String::as_str)) {
                    Some(h) => {
                        format!("{h} declare it with `let`, `var`, `param`, `layer` or `piece`")
                    }
                    None => "declare it with `let`, `var`, `param`, `layer` or `piece`".into(),
                });
                self.err(d);
                Ty::Any
            }
        }
    }

    pub(super) fn field(&mut self, base: &Expr, f: &Spanned<String>) -> Ty {
        let tb = self.expr(base);
        match (&tb, f.node.as_str()) {
            (Ty::Cell, "row" | "col") => return Ty::Int(None),
            (Ty::Piece | Ty::Player | Ty::Any, _) => {}
            _ => {
                let what = tb.describe(&self.d.enums);
                self.err(
                    diag(
                        Code::RulesType,
                        format!("{what} has no field `{}`", f.node),
                        f.span,
                        "no such field",
                    )
                    .help("pieces have their declared fields; cells have `row` and `col`"),
                );
                return Ty::Any;
            }
        }
        match self.d.fields.iter().find(|g| g.name.node == f.node) {
            Some(g) => g.ty.clone(),
            None => {
                let names: Vec<&str> = self.d.fields.iter().map(|g| g.name.node.as_str()).collect();
                let mut d = diag(
                    Code::RulesName,
                    format!("pieces have no field `{}`", f.node),
                    f.span,
                    "unknown field",
                );
                d = d.help(match did_you_mean(&f.node, names.iter().copied()) {
                    Some(h) => format!("{h} the fields are {}", names.join(", ")),
                    None => format!(
                        "the fields are: {}",
                        if names.is_empty() {
                            "none".to_string()
                        } else {
                            names.join(", ")
                        }
                    ),
                });
                self.err(d);
                Ty::Any
            }
        }
    }

    pub(super) fn call(&mut self, f: &Spanned<String>, args: &[Expr], at: Span) -> Ty {
        let Some(arity) = arity(&f.node) else {
            let mut d = diag(
                Code::RulesName,
                format!("there is no function `{}`", f.node),
                f.span,
                "unknown function",
            );
            d = d.help(match did_you_mean(&f.node, functions()) {
                Some(h) => h,
                None => "docs/rules-language.md, *Expressions*, lists the functions".into(),
            });
            self.err(d);
            for a in args {
                self.expr(a);
            }
            return Ty::Any;
        };
        if args.len() != arity {
            self.err(
                diag(
                    Code::RulesType,
                    format!(
                        "`{}` takes {arity} argument{}, not {}",
                        f.node,
                        if arity == 1 { "" } else { "s" },
                        args.len()
                    ),
                    at,
                    "wrong number of arguments",
                )
                .help("docs/rules-language.md, *Expressions*"),
            );
            return Ty::Any;
        }
        let ts: Vec<Ty> = args
            .iter()
            .enumerate()
            .map(|(i, a)| {
                if f.node == "region" && i == 1 {
                    self.layer_name(a)
                } else {
                    self.expr(a)
                }
            })
            .collect();
        let want = |c: &mut Self, i: usize, t: Ty| c.want(&t, &ts[i], args[i].span);
        match f.node.as_str() {
            "step" => {
                want(self, 0, Ty::Cell);
                want(self, 1, Ty::Dir);
                Ty::Cell
            }
            "neighbours" => {
                want(self, 0, Ty::Cell);
                if !matches!(ts[1], Ty::Enum(_)) {
                    want(self, 1, Ty::Hood);
                }
                Ty::List(Box::new(Ty::Cell), None)
            }
            "directions" => {
                if !matches!(ts[0], Ty::Hood | Ty::Any | Ty::Enum(_) | Ty::Dir) {
                    want(self, 0, Ty::Hood);
                }
                self.hood_of_directions(&args[0], &ts[0]);
                Ty::List(Box::new(Ty::Dir), None)
            }
            "opposite" | "left" | "right" => {
                want(self, 0, Ty::Dir);
                Ty::Dir
            }
            "rotate" => {
                want(self, 0, Ty::Dir);
                want(self, 1, Ty::Int(None));
                Ty::Dir
            }
            "forward" => {
                want(self, 0, Ty::Cell);
                want(self, 1, Ty::Dir);
                Ty::Int(None)
            }
            "lanes" => {
                want(self, 0, Ty::Dir);
                Ty::List(Box::new(Ty::List(Box::new(Ty::Cell), None)), None)
            }
            "lines" => {
                want(self, 0, Ty::Int(None));
                Ty::List(Box::new(Ty::List(Box::new(Ty::Cell), None)), None)
            }
            "region" => {
                want(self, 0, Ty::Cell);
                Ty::List(Box::new(Ty::Cell), None)
            }
            "abs" | "min" | "max" => {
                for i in 0..args.len() {
                    want(self, i, Ty::Int(None));
                }
                Ty::Int(None)
            }
            "len" => {
                self.seq_arg(&f.node, &ts[0], args[0].span);
                Ty::Int(None)
            }
            "index" => {
                self.seq_arg(&f.node, &ts[0], args[0].span);
                let t = ts[0].clone();
                self.by_place(&t, "`index`", at);
                Ty::Int(None)
            }
            "reverse" => {
                self.seq_arg(&f.node, &ts[0], args[0].span);
                ts[0].clone()
            }
            "contains" => {
                self.seq_arg(&f.node, &ts[0], args[0].span);
                Ty::Bool
            }
            "advance" => {
                want(self, 0, Ty::Square);
                want(self, 1, Ty::Int(None));
                Ty::Square
            }
            _ => {
                want(self, 0, Ty::Square);
                Ty::Int(None)
            }
        }
    }

    /// The first argument of `len`, `index`, `reverse` and `contains`: a
    /// list or a set (`cells`, `pieces`, a direction set), never one value
    /// (`len(3)` would be a silent 0).
    fn seq_arg(&mut self, f: &str, t: &Ty, at: Span) {
        if matches!(t, Ty::List(..) | Ty::Hood | Ty::Any) {
            return;
        }
        let what = t.describe(&self.d.enums);
        self.err(
            diag(
                Code::RulesType,
                format!("`{f}` takes a list, and {what} is not one"),
                at,
                "not a list",
            )
            .help(format!(
                "give `{f}` a list (a `list of T max N` variable, a slice, `cells`, `pieces`, `neighbours(c, SET)`…)"
            )),
        );
    }

    /// `region(c, LAYER)`'s second argument: a layer's name, not a value.
    fn layer_name(&mut self, a: &Expr) -> Ty {
        if let ExprKind::Name(n) = &a.kind {
            if let Some(Sym::Layer(_)) = self.lookup(n) {
                return Ty::Any;
            }
        }
        self.expr(a);
        self.err(
            diag(
                Code::RulesType,
                "`region` floods over a layer: name one",
                a.span,
                "not a layer's name",
            )
            .help("write `region(c, LAYER)` with a layer declared by `layer`"),
        );
        Ty::Any
    }
}

impl Checker<'_> {
    /// `directions(k)` of a declared neighbourhood: its offsets must all be
    /// directions (one step, or `(0, 0)` for `none`); a knight's `(1, 2)`
    /// is no direction, so the list could not hold it.
    fn hood_of_directions(&mut self, arg: &Expr, ty: &Ty) {
        let ExprKind::Name(n) = &arg.kind else {
            return;
        };
        if self.scopes.iter().any(|s| s.contains_key(n)) {
            return;
        }
        let def = self.def;
        let offsets_of = |m: &str| {
            def.parts.iter().find_map(|p| match &p.node {
                Part::Neighbourhood(name, offs) if name.node == m => Some(offs),
                _ => None,
            })
        };
        // A param or var of an enumeration of sets (`directions(jumps)`)
        // may stand for each neighbourhood its enumeration lists.
        let members: Vec<String> = match ty {
            Ty::Enum(i) if offsets_of(n).is_none() => {
                self.d.enums.get(*i).cloned().unwrap_or_default()
            }
            _ => vec![n.clone()],
        };
        for m in members {
            let Some(offs) = offsets_of(&m) else {
                continue;
            };
            let odd: Vec<&Spanned<(i64, i64)>> = offs
                .iter()
                .filter(|o| o.node.0.abs() > 1 || o.node.1.abs() > 1)
                .collect();
            let Some(first) = odd.first() else {
                continue;
            };
            let words: Vec<String> = odd
                .iter()
                .map(|o| format!("({}, {})", o.node.0, o.node.1))
                .collect();
            let through = if m == *n {
                String::new()
            } else {
                format!(" (`{n}` may be `{m}`)")
            };
            self.err(
                diag(
                    Code::RulesType,
                    format!(
                        "`directions({n})`: the neighbourhood `{m}` holds {}, which {} no direction{through}",
                        words.join(" "),
                        if words.len() == 1 { "is" } else { "are" }
                    ),
                    arg.span,
                    "not a set of directions",
                )
                .label(first.span, "no direction: more than one step")
                .help(format!(
                    "a direction is one step ((-1, 0) is up, (1, 1) down-right); for the cells at `{m}`'s offsets write `neighbours(c, {n})`"
                )),
            );
        }
    }
}
