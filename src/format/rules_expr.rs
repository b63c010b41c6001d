//! A rules block's expressions, types and one-line statements as canonical
//! text, from its tree (`syntax::rules`): tokens one space apart, `(r, c)`,
//! `[a, b]`, `f(a, b)`, `LO..HI` and `e.field` tight, and only the
//! parentheses the reading needs (the tree keeps none), so the text reads
//! back to the same tree.

use crate::syntax::rules::{
    Agg, AssignOp, BinOp, EndWord, Expr, ExprKind, Objective, Stmt, StmtKind, Type, UnOp,
};

/// The strength of what an expression's text binds: an operand of a
/// stronger operator needs parentheses.
fn strength(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::Binary(op, ..) => op.precedence(),
        // `not` takes a comparison after it; `-` and the forms that end in
        // an expression (`if … else E`, `sum x in S: E`) run on to the right.
        ExprKind::Unary(UnOp::Not, _) => 3,
        ExprKind::If(..) | ExprKind::Agg { .. } => 0,
        ExprKind::Unary(UnOp::Neg, _) => 7,
        _ => 8,
    }
}

/// `e` with parentheses if it binds less than `need`; `last`: nothing
/// follows it up to the end of the enclosing expression, so a form that
/// runs on to the right needs none.
fn operand(e: &Expr, need: u8, last: bool) -> String {
    let open_ended = matches!(e.kind, ExprKind::If(..) | ExprKind::Agg { .. });
    let text = go(e, last);
    if strength(e) < need && !(open_ended && last) {
        format!("({text})")
    } else {
        text
    }
}

/// The canonical text of `e` (no parentheses around the whole).
pub(crate) fn expr(e: &Expr) -> String {
    go(e, true)
}

fn go(e: &Expr, last: bool) -> String {
    match &e.kind {
        ExprKind::Int(n) => n.to_string(),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Name(n) => n.clone(),
        ExprKind::Cell(r, c) => format!("({}, {})", expr(r), expr(c)),
        ExprKind::List(items) => format!("[{}]", list(items)),
        ExprKind::Range(lo, hi) => format!("{}..{}", expr(lo), expr(hi)),
        ExprKind::Unary(UnOp::Not, a) => format!("not {}", operand(a, 3, last)),
        // `- -a`, not `--a`; `-(a + b)`; a `not` after `-` would take the
        // comparison after it.
        ExprKind::Unary(UnOp::Neg, a) => match &a.kind {
            ExprKind::Unary(UnOp::Neg, _) => format!("- {}", go(a, last)),
            _ => format!("-{}", operand(a, 7, last)),
        },
        ExprKind::Binary(op, l, r) => {
            let p = op.precedence();
            // Left-associative: a left operand as strong binds as written,
            // a right one must bind more. A `not` operand of a comparison
            // or a sum would take what follows it.
            let need_l = if p >= 3 { p.max(4) } else { p };
            let need_r = if p >= 3 { p.max(4) + 1 } else { p + 1 };
            format!(
                "{} {} {}",
                operand(l, need_l, false),
                bin_op(*op),
                operand(r, need_r, last)
            )
        }
        ExprKind::Field(base, name) => format!("{}.{}", operand(base, 8, false), name.node),
        ExprKind::Index(base, i) => format!("{}[{}]", operand(base, 8, false), expr(i)),
        ExprKind::Slice(base, lo, hi) => format!(
            "{}[{}..{}]",
            operand(base, 8, false),
            lo.as_deref().map(expr).unwrap_or_default(),
            hi.as_deref().map(expr).unwrap_or_default()
        ),
        ExprKind::If(c, a, b) => format!("if {} then {} else {}", expr(c), expr(a), expr(b)),
        ExprKind::Agg {
            kind,
            var,
            set,
            body,
        } => {
            let (word, sep) = match kind {
                Agg::All => ("all", ":"),
                Agg::Any => ("any", ":"),
                Agg::Count => ("count", " where"),
                Agg::Sum => ("sum", ":"),
                Agg::Max => ("max", ":"),
                Agg::Min => ("min", ":"),
                Agg::Find => ("find", " where"),
            };
            format!("{word} {} in {}{sep} {}", var.node, expr(set), expr(body))
        }
        ExprKind::Comp {
            item,
            var,
            set,
            cond,
        } => {
            let mut s = format!("[{} for {} in {}", expr(item), var.node, expr(set));
            if let Some(c) = cond {
                s.push_str(" where ");
                s.push_str(&expr(c));
            }
            s.push(']');
            s
        }
        ExprKind::Call(name, args) => format!("{}({})", name.node, list(args)),
    }
}

fn list(items: &[Expr]) -> String {
    items.iter().map(expr).collect::<Vec<_>>().join(", ")
}

fn bin_op(op: BinOp) -> &'static str {
    match op {
        BinOp::Or => "or",
        BinOp::And => "and",
        BinOp::Eq => "==",
        BinOp::Ne => "!=",
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Rem => "%",
    }
}

pub(super) fn assign_op(op: AssignOp) -> &'static str {
    match op {
        AssignOp::Set => "=",
        AssignOp::Add => "+=",
        AssignOp::Sub => "-=",
    }
}

pub(super) fn end_word(w: EndWord) -> &'static str {
    match w {
        EndWord::Win => "win",
        EndWord::Lose => "lose",
        EndWord::Draw => "draw",
        EndWord::Stop => "stop",
    }
}

/// A type as written.
pub(crate) fn ty(t: &Type) -> String {
    match t {
        Type::Bool => "bool".into(),
        Type::Cell => "cell".into(),
        Type::Dir => "dir".into(),
        Type::Player => "player".into(),
        Type::Piece => "piece".into(),
        Type::Square => "square".into(),
        Type::Range(lo, hi) => format!("{}..{}", expr(lo), expr(hi)),
        Type::Enum(names) => names
            .iter()
            .map(|n| n.node.as_str())
            .collect::<Vec<_>>()
            .join(" | "),
        Type::List(item, n) => format!("list of {} max {}", ty(&item.node), expr(n)),
    }
}

/// The `solve` line's objective.
pub(crate) fn objective(o: &Objective) -> String {
    match o {
        Objective::Moves => "moves".into(),
        Objective::Outcome => "outcome".into(),
        Objective::Score => "score".into(),
        Objective::MaxScore => "max score".into(),
        Objective::MinScore => "min score".into(),
        Objective::Shortest(n) => format!("shortest within {}", expr(n)),
        Objective::Longest => "longest".into(),
        Objective::Simulate(n) => format!("simulate limit {}", expr(n)),
    }
}

/// The text of a statement that holds no block; `None` for one that does.
/// `source` gives the `say` string as written.
pub(super) fn simple(s: &Stmt, source: &str) -> Option<String> {
    let text = match &s.kind {
        StmtKind::Let(name, e) => format!("let {} = {}", name.node, expr(e)),
        StmtKind::Choose {
            var,
            set,
            cond,
            say,
        } => {
            let mut t = format!("choose {} in {}", var.node, expr(set));
            if let Some(c) = cond {
                t.push_str(" where ");
                t.push_str(&expr(c));
            }
            if let Some(say) = say {
                t.push_str(" say ");
                t.push_str(&source[say.span.start()..say.span.end()]);
            }
            t
        }
        StmtKind::Require(e) => format!("require {}", expr(e)),
        StmtKind::Roll(var, lo, hi) => format!("roll {} in {}..{}", var.node, expr(lo), expr(hi)),
        StmtKind::End(word, None) => end_word(*word).to_string(),
        StmtKind::End(word, Some(c)) => format!("{} if {}", end_word(*word), expr(c)),
        StmtKind::Score(op, e) => format!("score {} {}", assign_op(*op), expr(e)),
        StmtKind::Print(e) => format!("print {}", expr(e)),
        StmtKind::Swap(a, b) => format!("swap {}, {}", expr(a), expr(b)),
        StmtKind::Push { front, list, value } => format!(
            "{} {}, {}",
            if *front { "push_front" } else { "push" },
            expr(list),
            expr(value)
        ),
        StmtKind::Pop { front, list } => format!(
            "{} {}",
            if *front { "pop_front" } else { "pop" },
            expr(list)
        ),
        StmtKind::Next => "next".into(),
        StmtKind::Break => "break".into(),
        StmtKind::Assign(place, op, e) => {
            format!("{} {} {}", expr(place), assign_op(*op), expr(e))
        }
        StmtKind::If(..)
        | StmtKind::For { .. }
        | StmtKind::Repeat(..)
        | StmtKind::While(..)
        | StmtKind::Simultaneously(_) => return None,
    };
    Some(text)
}

/// The text before the `{` of a statement that holds blocks (its first
/// block's), e.g. `for x in S where C`.
pub(super) fn header(s: &Stmt) -> String {
    match &s.kind {
        StmtKind::If(arms, _) => format!("if {}", expr(&arms[0].0)),
        StmtKind::For { var, set, cond, .. } => {
            let mut t = format!("for {} in {}", var.node, expr(set));
            if let Some(c) = cond {
                t.push_str(" where ");
                t.push_str(&expr(c));
            }
            t
        }
        StmtKind::Repeat(n, _) => format!("repeat {}", expr(n)),
        StmtKind::While(c, n, _) => format!("while {} max {}", expr(c), expr(n)),
        StmtKind::Simultaneously(_) => "simultaneously".into(),
        _ => String::new(),
    }
}

/// A statement on one line, its blocks as `{ a; b }` (a legend entry's).
pub(super) fn inline(s: &Stmt, source: &str) -> String {
    if let Some(t) = simple(s, source) {
        return t;
    }
    let block = |b: &[Stmt]| {
        if b.is_empty() {
            "{}".to_string()
        } else {
            let parts: Vec<String> = b.iter().map(|s| inline(s, source)).collect();
            format!("{{ {} }}", parts.join("; "))
        }
    };
    match &s.kind {
        StmtKind::If(arms, other) => {
            let mut t = String::new();
            for (i, (c, b)) in arms.iter().enumerate() {
                if i > 0 {
                    t.push_str(" else ");
                }
                t.push_str(&format!("if {} {}", expr(c), block(b)));
            }
            if let Some(b) = other {
                t.push_str(&format!(" else {}", block(b)));
            }
            t
        }
        StmtKind::For { body, .. }
        | StmtKind::Repeat(_, body)
        | StmtKind::While(_, _, body)
        | StmtKind::Simultaneously(body) => format!("{} {}", header(s), block(body)),
        _ => String::new(),
    }
}
