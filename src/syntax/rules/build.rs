//! pest pairs of a `rules` block → [`super::ast`]. Spans are shifted by
//! `offset`. Operators are grouped by precedence climbing over the flat
//! `r_expr` sequence the grammar reads (no recursion per operator).

use super::ast::*;
use crate::error::{Code, Diag, Diags};
use crate::syntax::ast::{Span, Spanned};
use crate::syntax::build::{number_too_large, string_node};
use crate::syntax::Rule;
use pest::iterators::Pair;

type P<'a> = Pair<'a, Rule>;

/// The most prefix operators (`not`, `-`) in a row.
const PREFIXES: usize = 32;
use crate::limits::RULES_OPERATORS as OPERATORS;

pub(super) struct Cx<'d> {
    pub(super) offset: usize,
    pub(super) diags: &'d mut Diags,
    /// The block's parts and statements so far, counted in the tree (so
    /// the layout never matters): against [`RULES_STATEMENTS`].
    statements: usize,
}

use crate::limits::RULES_STATEMENTS;

/// Build a `rules_def` pair.
pub(crate) fn rules_def(p: P, offset: usize, diags: &mut Diags) -> RulesDef {
    let mut cx = Cx {
        offset,
        diags,
        statements: 0,
    };
    let span = cx.span(&p);
    let text = p.as_str().to_string();
    let mut it = p.into_inner();
    it.next(); // `rules`
    let name = it
        .next()
        .map_or_else(|| Spanned::new(String::new(), span), |n| cx.ident(n));
    let parts = it.map(|q| cx.part(q)).collect();
    RulesDef {
        name,
        parts,
        span,
        text,
    }
}

pub(super) fn is_word(r: Rule) -> bool {
    let name = format!("{r:?}");
    name.starts_with("rw_") || name.starts_with("kw_")
}

impl Cx<'_> {
    /// Where `p` was written, without the blanks pest's implicit
    /// whitespace may leave at its end (a span would run onto the next
    /// line).
    pub(super) fn span(&self, p: &P) -> Span {
        let s = p.as_span();
        let end = s.start() + p.as_str().trim_end().len();
        Span::new(s.start() + self.offset, end + self.offset)
    }

    pub(super) fn ident(&self, p: P) -> Spanned<String> {
        Spanned::new(p.as_str().to_string(), self.span(&p))
    }

    pub(super) fn int(&mut self, p: &P) -> i64 {
        p.as_str().parse().unwrap_or_else(|_| {
            let span = self.span(p);
            self.diags.push(number_too_large(span));
            0
        })
    }

    fn inner<'i>(p: P<'i>) -> impl Iterator<Item = P<'i>> {
        p.into_inner().filter(|q| !is_word(q.as_rule()))
    }

    /// Count one part or statement (at `span`); the first past
    /// [`RULES_STATEMENTS`] is refused.
    fn tally(&mut self, span: Span) {
        self.statements += 1;
        if self.statements == RULES_STATEMENTS + 1 {
            self.diags.push(
                Diag::new(
                    Code::RulesNesting,
                    format!("this rules block has more than {RULES_STATEMENTS} statements"),
                )
                .label(span, format!("statement {} is here", RULES_STATEMENTS + 1))
                .help(format!(
                    "meeple reads at most {RULES_STATEMENTS} statements in a rules block (each part and each statement count one, an `if … else if …` chain one plus its branches' statements): split the game or loop with `for`"
                )),
            );
        }
    }

    fn part(&mut self, p: P) -> Spanned<Part> {
        let span = self.span(&p);
        self.tally(span);
        let rule = p.as_rule();
        match rule {
            Rule::r_input => return Spanned::new(Part::Input(self.input_format(p)), span),
            Rule::r_output => {
                let field = p.into_inner().nth(1).map(|q| self.ident(q));
                let field = field.unwrap_or_else(|| Spanned::new(String::new(), span));
                return Spanned::new(Part::Output(field), span);
            }
            _ => {}
        }
        let words: Vec<String> = p
            .clone()
            .into_inner()
            .filter(|q| is_word(q.as_rule()))
            .map(|q| q.as_str().to_string())
            .collect();
        let mut it = Self::inner(p);
        let part = match rule {
            Rule::r_players => match words.get(1).map(String::as_str) {
                Some("none") => Players::None,
                Some("solo") => Players::Solo,
                _ => {
                    let a = it.next().map(|q| self.ident(q));
                    let b = it.next().map(|q| self.ident(q));
                    match (a, b) {
                        (Some(a), Some(b)) => Players::Two(a, b),
                        _ => Players::None,
                    }
                }
            }
            .pipe(Part::Players),
            Rule::r_param => Part::Param(it.map(|d| self.decl(d)).collect()),
            Rule::r_layer => Part::Layer(it.map(|d| self.decl(d)).collect()),
            Rule::r_var => Part::Var(it.map(|d| self.decl(d)).collect()),
            Rule::r_piece => {
                let mut placed = false;
                let mut interchangeable = None;
                let mut names = PieceNames::Named(Vec::new());
                let mut fields = Vec::new();
                for q in it {
                    match q.as_rule() {
                        Rule::r_placed => placed = true,
                        Rule::r_interchangeable => interchangeable = Some(self.span(&q)),
                        Rule::r_names => {
                            let kids: Vec<P> = q.into_inner().collect();
                            names = if kids.first().map(|k| k.as_rule()) == Some(Rule::r_expr)
                                && kids.len() == 2
                            {
                                let mut k = kids.into_iter();
                                let lo = self.expr(k.next().unwrap());
                                let hi = self.expr(k.next().unwrap());
                                PieceNames::Numbered(lo, hi)
                            } else {
                                PieceNames::Named(kids.into_iter().map(|k| self.ident(k)).collect())
                            };
                        }
                        Rule::r_decl => fields.push(self.decl(q)),
                        _ => {}
                    }
                }
                Part::Piece {
                    placed,
                    interchangeable,
                    names,
                    fields,
                }
            }
            Rule::r_legend => Part::Legend(it.map(|e| self.entry(e)).collect()),
            Rule::r_hood => {
                let name = it
                    .next()
                    .map(|q| self.ident(q))
                    .unwrap_or_else(|| Spanned::new(String::new(), span));
                let offsets = it
                    .map(|o| {
                        let s = self.span(&o);
                        let v: Vec<P> = o.into_inner().collect();
                        let dr = v.first().map_or(0, |x| self.int(x));
                        let dc = v.get(1).map_or(0, |x| self.int(x));
                        Spanned::new((dr, dc), s)
                    })
                    .collect();
                Part::Neighbourhood(name, offsets)
            }
            Rule::r_board => Part::Board(match words.get(1).map(String::as_str) {
                Some("track") => BoardKind::Track,
                Some("none") => BoardKind::None,
                _ => BoardKind::Grid,
            }),
            Rule::r_setup => Part::Setup(it.next().map(|b| self.block(b)).unwrap_or_default()),
            Rule::r_turn => Part::Turn(it.next().map(|b| self.block(b)).unwrap_or_default()),
            Rule::r_stuck => Part::Stuck(it.next().map_or(EndWord::Lose, |w| end_word(w.as_str()))),
            Rule::r_solve => {
                let obj = it.next();
                let ws: Vec<String> = obj
                    .clone()
                    .map(|o| {
                        o.into_inner()
                            .filter(|q| is_word(q.as_rule()))
                            .map(|q| q.as_str().to_string())
                            .collect()
                    })
                    .unwrap_or_default();
                let n = obj.and_then(|o| o.into_inner().find(|q| q.as_rule() == Rule::r_expr));
                let n = n.map(|e| self.expr(e));
                let zero = Expr {
                    kind: ExprKind::Int(0),
                    span,
                };
                Part::Solve(match ws.first().map(String::as_str) {
                    Some("outcome") => Objective::Outcome,
                    Some("score") => Objective::Score,
                    Some("max") => Objective::MaxScore,
                    Some("min") => Objective::MinScore,
                    Some("shortest") => Objective::Shortest(n.unwrap_or(zero)),
                    Some("longest") => Objective::Longest,
                    Some("simulate") => Objective::Simulate(n.unwrap_or(zero)),
                    _ => Objective::Moves,
                })
            }
            _ => Part::Board(BoardKind::Grid),
        };
        Spanned::new(part, span)
    }

    fn decl(&mut self, p: P) -> Decl {
        let span = self.span(&p);
        let mut it = p.into_inner();
        let name = it
            .next()
            .map_or_else(|| Spanned::new(String::new(), span), |n| self.ident(n));
        let ty = it
            .next()
            .map_or_else(|| Spanned::new(Type::Bool, span), |t| self.ty(t));
        let value = it.next().map(|e| self.expr(e));
        Decl { name, ty, value }
    }

    fn ty(&mut self, p: P) -> Spanned<Type> {
        let span = self.span(&p);
        let Some(t) = p.into_inner().next() else {
            return Spanned::new(Type::Bool, span);
        };
        let ty = match t.as_rule() {
            Rule::r_t_word => match t.as_str().trim() {
                "cell" => Type::Cell,
                "dir" => Type::Dir,
                "player" => Type::Player,
                "piece" => Type::Piece,
                "square" => Type::Square,
                _ => Type::Bool,
            },
            Rule::r_t_list => {
                let mut it = Self::inner(t);
                let item = it
                    .next()
                    .map_or_else(|| Spanned::new(Type::Bool, span), |q| self.ty(q));
                let n = it.next().map_or(
                    Expr {
                        kind: ExprKind::Int(0),
                        span,
                    },
                    |q| self.expr(q),
                );
                Type::List(Box::new(item), n)
            }
            Rule::r_t_enum | Rule::r_t_one => {
                Type::Enum(t.into_inner().map(|q| self.ident(q)).collect())
            }
            _ => {
                let mut it = t.into_inner();
                let lo = self.expr(it.next().expect("range low"));
                let hi = self.expr(it.next().expect("range high"));
                Type::Range(lo, hi)
            }
        };
        Spanned::new(ty, span)
    }

    fn entry(&mut self, p: P) -> Entry {
        let span = self.span(&p);
        let mut keys = Vec::new();
        let mut number = None;
        let mut body = Vec::new();
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::string => keys.push(string_node(q, self.offset, self.diags)),
                Rule::r_number => number = Self::inner(q).next().map(|n| self.ident(n)),
                Rule::r_entry_body => body = q.into_inner().map(|s| self.stmt(s)).collect(),
                _ => {}
            }
        }
        Entry {
            keys,
            number,
            body,
            span,
        }
    }

    fn block(&mut self, p: P) -> Block {
        p.into_inner().map(|s| self.stmt(s)).collect()
    }

    fn stmt(&mut self, p: P) -> Stmt {
        // pest keeps the blanks skipped before an optional part that is
        // not there: end at the last token.
        let mut span = self.span(&p);
        span = span.with_end(last_end(&p) + self.offset);
        self.tally(span);
        let rule = p.as_rule();
        let words: Vec<String> = p
            .clone()
            .into_inner()
            .filter(|q| is_word(q.as_rule()))
            .map(|q| q.as_str().to_string())
            .collect();
        let kids: Vec<P> = Self::inner(p).collect();
        let zero = Expr {
            kind: ExprKind::Int(0),
            span,
        };
        let mut k = kids.into_iter();
        let kind = match rule {
            Rule::r_let => {
                let name = self.ident(k.next().expect("let name"));
                StmtKind::Let(name, self.expr(k.next().expect("let value")))
            }
            Rule::r_if => {
                let cond = self.expr(k.next().expect("if cond"));
                let then = self.block(k.next().expect("if block"));
                let mut arms = vec![(cond, then)];
                let mut other = None;
                for q in k {
                    match q.as_rule() {
                        Rule::r_elif => {
                            let mut e = Self::inner(q);
                            let c = self.expr(e.next().expect("else if cond"));
                            let b = self.block(e.next().expect("else if block"));
                            arms.push((c, b));
                        }
                        _ => other = Self::inner(q).next().map(|b| self.block(b)),
                    }
                }
                StmtKind::If(arms, other)
            }
            Rule::r_for => {
                let var = self.ident(k.next().expect("for var"));
                let set = self.set(k.next().expect("for set"));
                let rest: Vec<P> = k.collect();
                let (cond, body) = match rest.len() {
                    2 => {
                        let mut r = rest.into_iter();
                        let c = self.expr(r.next().unwrap());
                        (Some(c), self.block(r.next().unwrap()))
                    }
                    _ => (
                        None,
                        rest.into_iter()
                            .next()
                            .map(|b| self.block(b))
                            .unwrap_or_default(),
                    ),
                };
                StmtKind::For {
                    var,
                    set,
                    cond,
                    body,
                }
            }
            Rule::r_repeat => {
                let n = self.expr(k.next().expect("repeat n"));
                StmtKind::Repeat(n, self.block(k.next().expect("repeat block")))
            }
            Rule::r_while => {
                let c = self.expr(k.next().expect("while cond"));
                let n = self.expr(k.next().expect("while max"));
                StmtKind::While(c, n, self.block(k.next().expect("while block")))
            }
            Rule::r_choose => {
                let var = self.ident(k.next().expect("choose var"));
                let set = self.set(k.next().expect("choose set"));
                let mut cond = None;
                let mut say = None;
                for q in k {
                    match q.as_rule() {
                        Rule::string => say = Some(string_node(q, self.offset, self.diags)),
                        _ => cond = Some(self.expr(q)),
                    }
                }
                StmtKind::Choose {
                    var,
                    set,
                    cond,
                    say,
                }
            }
            Rule::r_require => StmtKind::Require(self.expr(k.next().expect("require"))),
            Rule::r_roll => {
                let var = self.ident(k.next().expect("roll var"));
                let lo = self.expr(k.next().expect("roll lo"));
                let hi = self.expr(k.next().expect("roll hi"));
                StmtKind::Roll(var, lo, hi)
            }
            Rule::r_end => {
                let word = k.next().map_or(EndWord::Stop, |w| end_word(w.as_str()));
                let cond = k
                    .next()
                    .and_then(|c| c.into_inner().next())
                    .map(|e| self.expr(e));
                StmtKind::End(word, cond)
            }
            Rule::r_score => {
                let op = k.next().map_or(AssignOp::Add, |o| assign_op(o.as_str()));
                StmtKind::Score(op, k.next().map_or(zero, |e| self.expr(e)))
            }
            Rule::r_print => StmtKind::Print(k.next().map_or(zero, |e| self.expr(e))),
            Rule::r_simul => {
                StmtKind::Simultaneously(k.next().map(|b| self.block(b)).unwrap_or_default())
            }
            Rule::r_swap => {
                let a = self.place(k.next().expect("swap a"));
                StmtKind::Swap(a, self.place(k.next().expect("swap b")))
            }
            Rule::r_push => {
                let front = words.first().is_some_and(|w| w == "push_front");
                let list = self.place(k.next().expect("push list"));
                let value = self.expr(k.next().expect("push value"));
                StmtKind::Push { front, list, value }
            }
            Rule::r_pop => {
                let front = words.first().is_some_and(|w| w == "pop_front");
                StmtKind::Pop {
                    front,
                    list: self.place(k.next().expect("pop list")),
                }
            }
            Rule::r_next => StmtKind::Next,
            Rule::r_break => StmtKind::Break,
            _ => {
                let place = self.place(k.next().expect("assign place"));
                let op = k.next().map_or(AssignOp::Set, |o| assign_op(o.as_str()));
                StmtKind::Assign(place, op, k.next().map_or(zero, |e| self.expr(e)))
            }
        };
        Stmt { kind, span }
    }

    /// `r_place`: a name and its `.field` / `[i]` suffixes.
    fn place(&mut self, p: P) -> Expr {
        let mut it = p.into_inner();
        let first = it.next().expect("a place starts with a name");
        let mut e = Expr {
            kind: ExprKind::Name(first.as_str().to_string()),
            span: self.span(&first),
        };
        for q in it {
            e = self.postfix(e, q);
        }
        e
    }

    /// `r_set`: an expression or `LO..HI`.
    fn set(&mut self, p: P) -> Expr {
        let span = self.span(&p);
        let mut it = p.into_inner();
        let lo = self.expr(it.next().expect("a set"));
        match it.next() {
            Some(hi) => Expr {
                kind: ExprKind::Range(Box::new(lo), Box::new(self.expr(hi))),
                span,
            },
            None => lo,
        }
    }

    fn postfix(&mut self, e: Expr, q: P) -> Expr {
        let span = Span::new(e.span.start(), self.span(&q).end());
        let kind = match q.as_rule() {
            Rule::r_field => {
                let name = self.ident(q.into_inner().next().expect("field name"));
                ExprKind::Field(Box::new(e), name)
            }
            _ => {
                // `[..j]`, `[i]`, `[i..]`, `[i..j]`.
                let kids: Vec<P> = q.into_inner().collect();
                let mut lo = None;
                let mut hi = None;
                let mut slice = false;
                for k in kids {
                    match k.as_rule() {
                        Rule::r_slice | Rule::r_slice_tail => {
                            slice = true;
                            hi = k.into_inner().next().map(|x| Box::new(self.expr(x)));
                        }
                        _ => lo = Some(Box::new(self.expr(k))),
                    }
                }
                match (slice, lo) {
                    (false, Some(i)) => ExprKind::Index(Box::new(e), i),
                    (_, lo) => ExprKind::Slice(Box::new(e), lo, hi),
                }
            }
        };
        Expr { kind, span }
    }

    /// An expression refused for one prefix or operator too many (at `q`):
    /// its diagnostic, and `0` in its place.
    fn too_long(&mut self, q: &P, why: String, help: &str, span: Span) -> Expr {
        self.diags.push(
            Diag::new(Code::RulesNesting, why)
                .label(self.span(q), "one too many here")
                .help(help),
        );
        Expr {
            kind: ExprKind::Int(0),
            span,
        }
    }

    /// `r_expr`: prefixes, primaries with postfixes, infix operators,
    /// grouped by precedence climbing.
    pub(super) fn expr(&mut self, p: P) -> Expr {
        let span = self.span(&p);
        let mut items: Vec<Item> = Vec::new();
        let mut prefixes = 0;
        let mut operators = 0;
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::r_not | Rule::r_neg => {
                    prefixes += 1;
                    if prefixes > PREFIXES {
                        let why = format!("more than {PREFIXES} `not` or `-` in a row");
                        return self.too_long(&q, why, "write the expression more simply", span);
                    }
                    let op = if q.as_rule() == Rule::r_not {
                        UnOp::Not
                    } else {
                        UnOp::Neg
                    };
                    items.push(Item::Prefix(op, self.span(&q).start()));
                }
                Rule::r_infix => {
                    prefixes = 0;
                    operators += 1;
                    if operators > OPERATORS {
                        let why = format!("an expression of more than {OPERATORS} operators");
                        let help = "split it into parts with `let`, or sum a list with `sum`";
                        return self.too_long(&q, why, help, span);
                    }
                    items.push(Item::Infix(bin_op(q.as_str().trim())));
                }
                Rule::r_field | Rule::r_index => {
                    // Each `.f` or `[i]` nests the tree one deeper, as an
                    // operator does.
                    operators += 1;
                    if operators > OPERATORS {
                        let why = format!(
                            "an expression of more than {OPERATORS} operators, indexes and fields"
                        );
                        let help = "split it into parts with `let`";
                        return self.too_long(&q, why, help, span);
                    }
                    if let Some(Item::Operand(e)) = items.pop() {
                        let e = self.postfix(e, q);
                        items.push(Item::Operand(e));
                    }
                }
                _ => {
                    prefixes = 0;
                    // `-9223372036854775808`: the smallest number is written
                    // as `-` before a literal one past the largest.
                    if let (Rule::int, Some(&Item::Prefix(UnOp::Neg, start))) =
                        (q.as_rule(), items.last())
                    {
                        if q.as_str().parse::<u64>() == Ok(i64::MIN.unsigned_abs()) {
                            items.pop();
                            items.push(Item::Operand(Expr {
                                kind: ExprKind::Int(i64::MIN),
                                span: Span::new(start, self.span(&q).end()),
                            }));
                            continue;
                        }
                    }
                    let e = self.primary(q);
                    items.push(Item::Operand(e));
                }
            }
        }
        let mut pos = 0;
        climb(&mut items, &mut pos, 0).unwrap_or(Expr {
            kind: ExprKind::Int(0),
            span,
        })
    }

    fn primary(&mut self, q: P) -> Expr {
        let span = self.span(&q);
        let rule = q.as_rule();
        let kind = match rule {
            Rule::int => ExprKind::Int(self.int(&q)),
            Rule::r_true => ExprKind::Bool(true),
            Rule::r_false => ExprKind::Bool(false),
            Rule::r_name => ExprKind::Name(q.as_str().to_string()),
            Rule::r_paren => {
                let mut it = q.into_inner();
                let first = self.expr(it.next().expect("paren"));
                match it.next() {
                    Some(c) => ExprKind::Cell(Box::new(first), Box::new(self.expr(c))),
                    None => return first,
                }
            }
            Rule::r_list => {
                let kids: Vec<P> = q.into_inner().collect();
                if let Some(pos) = kids.iter().position(|k| k.as_rule() == Rule::r_comp) {
                    let mut k = kids.into_iter();
                    let item = Box::new(self.expr(k.next().expect("comp item")));
                    let comp = k.nth(pos - 1).expect("comp");
                    let mut it = Self::inner(comp);
                    let var = self.ident(it.next().expect("comp var"));
                    let set = Box::new(self.set(it.next().expect("comp set")));
                    let cond = it.next().map(|c| Box::new(self.expr(c)));
                    ExprKind::Comp {
                        item,
                        var,
                        set,
                        cond,
                    }
                } else {
                    ExprKind::List(kids.into_iter().map(|e| self.expr(e)).collect())
                }
            }
            Rule::r_call => {
                let mut it = q.into_inner();
                let name = self.ident(it.next().expect("call name"));
                ExprKind::Call(name, it.map(|e| self.expr(e)).collect())
            }
            Rule::r_ifx => {
                let mut it = Self::inner(q);
                let c = self.expr(it.next().expect("if"));
                let a = self.expr(it.next().expect("then"));
                let b = self.expr(it.next().expect("else"));
                ExprKind::If(Box::new(c), Box::new(a), Box::new(b))
            }
            Rule::r_quant | Rule::r_agg | Rule::r_find => {
                let word = q
                    .clone()
                    .into_inner()
                    .next()
                    .map(|w| w.as_str().to_string())
                    .unwrap_or_default();
                let kind = match word.as_str() {
                    "all" => Agg::All,
                    "any" => Agg::Any,
                    "count" => Agg::Count,
                    "sum" => Agg::Sum,
                    "max" => Agg::Max,
                    "min" => Agg::Min,
                    _ => Agg::Find,
                };
                let mut it = Self::inner(q);
                let var = self.ident(it.next().expect("agg var"));
                let set = Box::new(self.set(it.next().expect("agg set")));
                let body = Box::new(self.expr(it.next().expect("agg body")));
                ExprKind::Agg {
                    kind,
                    var,
                    set,
                    body,
                }
            }
            _ => ExprKind::Int(0),
        };
        Expr { kind, span }
    }
}

/// Where the last token under `p` ends (pest counts the blanks skipped
/// before an absent optional part into the rules around it).
fn last_end(p: &P) -> usize {
    let mut at = p.clone();
    while let Some(last) = at.clone().into_inner().last() {
        at = last;
    }
    at.as_span().end()
}

enum Item {
    Prefix(UnOp, usize),
    Infix(BinOp),
    Operand(Expr),
}

/// Precedence climbing over `items[*pos..]`: an operand and every infix
/// operator binding at least `min`. The recursion depth is bounded by the
/// number of precedence levels and the (capped) prefixes in a row.
fn climb(items: &mut [Item], pos: &mut usize, min: u8) -> Option<Expr> {
    let mut lhs = unary(items, pos)?;
    while let Some(Item::Infix(op)) = items.get(*pos) {
        let op = *op;
        let prec = op.precedence();
        if prec < min {
            break;
        }
        *pos += 1;
        let rhs = climb(items, pos, prec + 1)?;
        let span = Span::new(lhs.span.start(), rhs.span.end());
        lhs = Expr {
            kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
            span,
        };
    }
    Some(lhs)
}

fn unary(items: &mut [Item], pos: &mut usize) -> Option<Expr> {
    match items.get_mut(*pos)? {
        Item::Prefix(op, start) => {
            let (op, start) = (*op, *start);
            *pos += 1;
            // `not` takes a comparison; `-` one operand.
            let e = match op {
                UnOp::Not => climb(items, pos, 3)?,
                UnOp::Neg => unary(items, pos)?,
            };
            let span = Span::new(start, e.span.end());
            Some(Expr {
                kind: ExprKind::Unary(op, Box::new(e)),
                span,
            })
        }
        Item::Operand(e) => {
            let e = std::mem::replace(
                e,
                Expr {
                    kind: ExprKind::Int(0),
                    span: Span::default(),
                },
            );
            *pos += 1;
            Some(e)
        }
        Item::Infix(_) => None,
    }
}

fn bin_op(s: &str) -> BinOp {
    match s {
        "or" => BinOp::Or,
        "and" => BinOp::And,
        "==" => BinOp::Eq,
        "!=" => BinOp::Ne,
        "<" => BinOp::Lt,
        "<=" => BinOp::Le,
        ">" => BinOp::Gt,
        ">=" => BinOp::Ge,
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "/" => BinOp::Div,
        _ => BinOp::Rem,
    }
}

fn end_word(s: &str) -> EndWord {
    match s.trim() {
        "win" => EndWord::Win,
        "lose" => EndWord::Lose,
        "draw" => EndWord::Draw,
        _ => EndWord::Stop,
    }
}

fn assign_op(s: &str) -> AssignOp {
    match s.trim() {
        "+=" => AssignOp::Add,
        "-=" => AssignOp::Sub,
        _ => AssignOp::Set,
    }
}

trait Pipe: Sized {
    fn pipe<T>(self, f: impl FnOnce(Self) -> T) -> T {
        f(self)
    }
}
impl<T> Pipe for T {}
