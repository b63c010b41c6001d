//! Types of state and their finite domains, constant bounds, the key-size
//! cap and the objective against the players.

use super::*;

impl Checker<'_> {
    /// A type of state: finite, with constant or param bounds.
    pub(super) fn state_type(&mut self, t: &Spanned<Type>) -> Ty {
        match &t.node {
            Type::Bool => Ty::Bool,
            Type::Cell => Ty::Cell,
            Type::Dir => Ty::Dir,
            Type::Player => Ty::Player,
            Type::Piece => Ty::Piece,
            Type::Square => {
                if self.board != BoardKind::Track {
                    self.err(
                        diag(
                            Code::RulesContext,
                            "`square` needs `board track`",
                            t.span,
                            "the game has no track",
                        )
                        .help("add `board track` to the rules block"),
                    );
                }
                Ty::Square
            }
            Type::Range(lo, hi) => {
                let (a, b) = (self.bound(lo), self.bound(hi));
                match (a, b) {
                    (Some(a), Some(b)) if a > b => {
                        let params = self.params_named(lo, hi);
                        let d = if params.is_empty() {
                            diag(
                                Code::RulesBound,
                                format!("the range {a}..{b} is empty"),
                                t.span,
                                "its low end is above its high end",
                            )
                            .help("write LO..HI with LO <= HI")
                        } else {
                            let at = |p: &(String, i64, i64)| format!("`{}` is {}", p.0, p.2);
                            let when: Vec<String> = params.iter().map(at).collect();
                            let doms: Vec<String> = params
                                .iter()
                                .map(|p| format!("`{}` is {}..{}", p.0, p.1, p.2))
                                .collect();
                            diag(
                                Code::RulesBound,
                                format!(
                                    "the range `{}` is empty when {} (its highest value): {a}..{b}",
                                    self.text_of(t.span),
                                    when.join(" and ")
                                ),
                                Span::new(lo.span.start(), hi.span.end()),
                                "its low end can be above its high end",
                            )
                            .help(format!(
                                "a range must hold a value for every value of the params it reads ({}): lower their highest values or widen the range",
                                doms.join(", ")
                            ))
                        };
                        self.err(d);
                        Ty::Int(Some((a, a)))
                    }
                    (Some(a), Some(b)) => Ty::Int(Some((a, b))),
                    _ => Ty::Int(Some((0, 0))),
                }
            }
            Type::Enum(names) if names.len() == 1 && self.not_a_type(&names[0]) => Ty::Any,
            Type::Enum(names) => {
                // The same names in the same order are the same type (`var
                // f: near | far, w: near | far`).
                let listed: Vec<String> = names.iter().map(|n| n.node.clone()).collect();
                if let Some(j) = self.d.enums.iter().position(|e| *e == listed) {
                    return Ty::Enum(j);
                }
                let i = self.d.enums.len();
                let mut seen: Vec<String> = Vec::new();
                for n in names {
                    if seen.contains(&n.node) {
                        self.err(
                            diag(
                                Code::RulesDuplicate,
                                format!("`{}` is listed twice", n.node),
                                n.span,
                                "again",
                            )
                            .help("list each name once"),
                        );
                        continue;
                    }
                    seen.push(n.node.clone());
                    match self.globals.get(&n.node) {
                        // `param steps: orthogonal | king`: an enumeration
                        // of direction sets, usable as one.
                        // A name in two differing enumerations is ambiguous,
                        // unless it names a direction set: those values are
                        // read by `directions`/`neighbours`, not compared
                        // (`param a: orthogonal | king`, `param b: orthogonal
                        // | diagonal`).
                        Some(Sym::Const(Ty::Enum(j))) if !self.is_direction_set(&n.node) => {
                            let other = self.d.enums[*j].join(" | ");
                            self.err(
                                diag(
                                    Code::RulesDuplicate,
                                    format!("`{}` is a value of another enumeration, `{other}`", n.node),
                                    n.span,
                                    "a value of two enumerations",
                                )
                                .help(format!("declarations share an enumeration's values only when they list the same names in the same order: write `{other}` here too, or give this value another name")),
                            );
                        }
                        Some(Sym::Const(Ty::Enum(_) | Ty::Hood)) | None => {
                            self.globals.insert(n.node.clone(), Sym::Const(Ty::Enum(i)));
                        }
                        Some(_) => self.err(
                            diag(
                                Code::RulesDuplicate,
                                format!("`{}` is declared already", n.node),
                                n.span,
                                "this name is taken",
                            )
                            .help("choose another name"),
                        ),
                    }
                }
                self.d.enums.push(seen);
                Ty::Enum(i)
            }
            Type::List(item, n) => {
                // State keeps a list's items one to a slot: a list of
                // lists has no slots for its inner lists.
                if let Type::List(..) = item.node {
                    self.err(
                        diag(
                            Code::RulesType,
                            "a list's items cannot be lists",
                            item.span,
                            "a list inside a list",
                        )
                        .help("state holds lists of single values: keep each inner list in a layer (`layer L: list of T max N`, one list a cell), in a piece's field, or in a var of its own"),
                    );
                    return Ty::Any;
                }
                let it = self.state_type(item);
                self.not_negative(n, "a list's most items");
                let n = self.bound(n).map(|n| n.max(0) as u64);
                Ty::List(Box::new(it), n)
            }
        }
    }

    /// Whether `name` is a built-in direction set or a declared
    /// neighbourhood.
    fn is_direction_set(&self, name: &str) -> bool {
        ["orthogonal", "diagonal", "king"].contains(&name) || self.d.hoods.iter().any(|h| h == name)
    }

    /// A one-name enumeration (`param jumps: orthogonal`) that is rather a
    /// slip: a type's word misspelt (`boool`) or a declared name (`var x:
    /// limit`, meant `0..limit`). Reported; true when it is one.
    fn not_a_type(&mut self, n: &Spanned<String>) -> bool {
        const TYPES: [&str; 7] = ["bool", "cell", "dir", "player", "piece", "square", "list"];
        let (why, help) = if let Some(mean) = did_you_mean(&n.node, TYPES) {
            ("is no type".to_string(), mean)
        } else {
            let what = match self.globals.get(&n.node) {
                Some(Sym::Param(_)) => "a param",
                Some(Sym::Var(_)) => "a var",
                Some(Sym::Layer(_)) => "a layer",
                Some(Sym::Piece) => "a piece",
                Some(Sym::Const(Ty::Player)) => "a player",
                _ => return false,
            };
            (
                format!("is {what} of the game, no type"),
                format!(
                    "for a range up to it write `0..{0}`; for an enumeration of one name, choose a name the game does not use",
                    n.node
                ),
            )
        };
        self.err(
            diag(
                Code::RulesType,
                format!("`{}` {why}", n.node),
                n.span,
                "a type is wanted here",
            )
            .help(format!(
                "{help} (a type is `bool`, `cell`, `dir`, `player`, `piece`, `square`, a range `LO..HI`, an enumeration `a | b` or `list of T max N`)"
            )),
        );
        true
    }

    /// A bound: a constant expression of integers and params, at its
    /// largest (a param counts with its range's high end).
    /// A bound may also read the board's size (`rows`, `cols`) and take
    /// `min`/`max` of bounds: known at setup, when the board is read
    /// (`None` here).
    pub(super) fn bound(&mut self, e: &Expr) -> Option<i64> {
        let v = self.const_int(e);
        if v.is_none() {
            let t = self.expr(e);
            if !matches!(t, Ty::Any) && !self.setup_bound(e) {
                self.err(
                    diag(
                        Code::RulesBound,
                        "a bound must be a constant, a param or the board's size",
                        e.span,
                        "not known before the game starts",
                    )
                    .help("write a number, a param, `rows`, `cols`, or arithmetic, `min` and `max` on them"),
                );
            }
        }
        v
    }

    /// Whether `e` is known once the board is: integers, params, `rows`,
    /// `cols`, arithmetic and `min`/`max` of them.
    fn setup_bound(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Int(_) => true,
            ExprKind::Name(n) => {
                n == "rows" || n == "cols" || matches!(self.globals.get(n), Some(Sym::Param(_)))
            }
            ExprKind::Unary(UnOp::Neg, a) => self.setup_bound(a),
            ExprKind::Binary(
                BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem,
                a,
                b,
            ) => self.setup_bound(a) && self.setup_bound(b),
            ExprKind::Call(f, args) if f.node == "min" || f.node == "max" => {
                args.len() == 2 && args.iter().all(|a| self.setup_bound(a))
            }
            _ => false,
        }
    }

    /// The integer params two bounds read, with their ranges.
    fn params_named(&self, lo: &Expr, hi: &Expr) -> Vec<(String, i64, i64)> {
        fn walk(c: &Checker, e: &Expr, out: &mut Vec<(String, i64, i64)>) {
            match &e.kind {
                ExprKind::Name(n) => {
                    if let Some(Sym::Param(i)) = c.globals.get(n) {
                        if let Ty::Int(Some((a, b))) = c.d.params[*i].ty {
                            if !out.iter().any(|p| p.0 == *n) {
                                out.push((n.clone(), a, b));
                            }
                        }
                    }
                }
                ExprKind::Unary(_, a) => walk(c, a, out),
                ExprKind::Binary(_, a, b) => {
                    walk(c, a, out);
                    walk(c, b, out);
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        walk(self, lo, &mut out);
        walk(self, hi, &mut out);
        out
    }

    /// A constant count that is negative is refused (one that reads params
    /// is checked with their values for each scenario).
    fn not_negative(&mut self, e: &Expr, what: &str) {
        if let Some(v) = self.const_int(e).filter(|&v| v < 0) {
            if self.reads_no_param(e) {
                self.err(
                    diag(
                        Code::RulesBound,
                        format!("{what} is {v}: a count is never negative"),
                        e.span,
                        "a negative count",
                    )
                    .help("write 0 or more"),
                );
            }
        }
    }

    /// Whether an expression reads no param (a true constant).
    pub(super) fn reads_no_param(&self, e: &Expr) -> bool {
        self.params_named(e, e).is_empty()
            && !matches!(&e.kind, ExprKind::Name(n) if matches!(self.globals.get(n), Some(Sym::Param(_))))
    }

    /// The block's text at a span.
    pub(super) fn text_of(&self, at: Span) -> &str {
        let base = self.def.span.start();
        self.def
            .text
            .get(at.start().saturating_sub(base)..at.end().saturating_sub(base))
            .unwrap_or("")
            .trim()
    }

    /// The value of a constant expression (params at their high end).
    pub(super) fn const_int(&self, e: &Expr) -> Option<i64> {
        match &e.kind {
            ExprKind::Int(n) => Some(*n),
            ExprKind::Name(n) => match self.globals.get(n) {
                Some(Sym::Param(i)) => match self.d.params[*i].ty {
                    Ty::Int(Some((_, hi))) => Some(hi),
                    _ => None,
                },
                _ => None,
            },
            ExprKind::Unary(UnOp::Neg, a) => self.const_int(a)?.checked_neg(),
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (self.const_int(a)?, self.const_int(b)?);
                match op {
                    BinOp::Add => a.checked_add(b),
                    BinOp::Sub => a.checked_sub(b),
                    BinOp::Mul => a.checked_mul(b),
                    BinOp::Div => a.checked_div(b),
                    BinOp::Rem => a.checked_rem(b),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The key-size cap on what is known before a board: vars and piece
    /// fields (layers are counted with the board, at setup).
    /// `simulate` stores no keys: its cap is the memory (`--memory`, at
    /// solve time). A domain known only with the board counts at setup.
    pub(super) fn key_size(&mut self) {
        let simulates = self
            .def
            .parts
            .iter()
            .any(|p| matches!(&p.node, Part::Solve(Objective::Simulate(_))));
        if simulates {
            return;
        }
        let pieces = self.piece_count();
        let sizes = Sizes {
            cells: 1,
            players: self.d.player_count as u64,
            pieces,
            squares: 1,
        };
        let mut total: u128 = 0;
        let mut biggest: Vec<(u128, Spanned<String>)> = Vec::new();
        let each = self
            .d
            .vars
            .iter()
            .map(|v| (v, 1u128))
            .chain(self.d.fields.iter().map(|f| (f, pieces.max(1) as u128)));
        for (v, times) in each {
            let b = match &v.ty {
                // Bounded by `rows`/`cols` (or an error said already).
                Ty::List(_, None) | Ty::Int(None) => 0,
                ty if after_error(ty) => 0,
                ty => state_bits(ty, &sizes, &self.d.enums)
                    .unwrap_or(u128::MAX)
                    .saturating_mul(times),
            };
            total = total.saturating_add(b);
            biggest.push((b, v.name.clone()));
        }
        if total > KEY_BITS {
            biggest.sort_by_key(|b| std::cmp::Reverse(b.0));
            let mut d = Diag::new(
                Code::RulesTooBig,
                format!(
                    "a position of `{}` needs more than {KEY_BITS} bits",
                    self.def.name.node
                ),
            );
            for (b, n) in biggest.iter().take(3) {
                let what = if *b == u128::MAX {
                    "too many bits to count".to_string()
                } else {
                    format!("{b} bits")
                };
                d = d.label(n.span, what);
            }
            self.err(d.help(
                "make the largest domains smaller: narrower ranges, shorter lists, fewer pieces",
            ));
        }
    }

    pub(super) fn piece_count(&mut self) -> u64 {
        let mut n = self.d.named.len() as u64;
        for p in &self.def.parts {
            if let Part::Piece {
                names: PieceNames::Numbered(lo, hi),
                ..
            } = &p.node
            {
                if let (Some(a), Some(b)) = (self.const_int(lo), self.const_int(hi)) {
                    n = n.saturating_add((b - a + 1).max(0) as u64);
                }
            }
        }
        n
    }

    pub(super) fn objective(&mut self, o: &Objective, span: Span) {
        let (name, wants) = match o {
            Objective::Moves => ("moves", 2),
            Objective::Outcome => ("outcome", 2),
            Objective::Score => ("score", 2),
            Objective::MaxScore => ("max score", 1),
            Objective::MinScore => ("min score", 1),
            Objective::Shortest(n) => {
                self.not_negative(n, "`shortest within`'s bound");
                self.bound(n);
                ("shortest within", 1)
            }
            Objective::Longest => ("longest", 1),
            Objective::Simulate(n) => {
                self.not_negative(n, "`simulate limit`'s bound");
                self.bound(n);
                ("simulate", 0)
            }
        };
        if self.d.player_count != wants
            && self
                .def
                .parts
                .iter()
                .any(|p| matches!(p.node, Part::Players(_)))
        {
            let who = ["players none", "players solo", "players A B"];
            self.err(
                diag(
                    Code::RulesContext,
                    format!("`solve {name}` is for `{}` games", who[wants as usize]),
                    span,
                    format!(
                        "this game has {}",
                        crate::games::count(self.d.player_count as u64, "player")
                    ),
                )
                .help("docs/rules-language.md, *Objectives*, lists each objective's players"),
            );
        }
    }
}

/// A type an error has said is none (`Ty::Any`), or a list of one.
fn after_error(ty: &Ty) -> bool {
    match ty {
        Ty::Any => true,
        Ty::List(item, _) => after_error(item),
        _ => false,
    }
}
