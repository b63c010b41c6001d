//! Scalar expressions as flat code: after compiling, every expression of
//! the statements whose value is an integer built only from integers —
//! constants, locals, params, scalar vars, fields and layer cells,
//! arithmetic, comparisons, `and`/`or`/`not`, `if`, `all`/`any`/`count`/
//! `sum`/`max`/`min` over `pieces`, `cells` or a range, and the scalar
//! builtins — is kept beside its tree as a list of [`Op`]s on a small
//! stack ([`Flat`]), which the interpreter runs instead of walking the tree
//! (`run/flat.rs`). The tree stays: a flat expression whose locals or params
//! hold lists when it runs (the checker's types allow no such thing, but the
//! interpreter does not rely on it) is evaluated from its tree, so the
//! values, the errors and the steps counted are those of the tree.

use super::program::*;
use crate::syntax::ast::Span;
use crate::syntax::rules::{Agg, BinOp};

/// The most stack slots flat code uses (deeper expressions stay trees).
pub const DEPTH: usize = 16;

/// One step of flat code: each pops its operands and pushes its value.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub enum Op {
    Const(i64),
    Local(usize),
    Param(usize),
    /// A scalar `var`.
    Var(usize),
    /// A scalar field of the piece popped.
    Field(usize),
    /// A scalar layer's value at the cell popped.
    Layer(usize),
    /// `(r, c)`: pops `c`, then `r`.
    Cell,
    /// `c.row` (true) or `c.col`.
    CellPart(bool),
    Rows,
    Cols,
    Moves,
    Me,
    Opponent,
    Not,
    Neg,
    /// `x != 0` as 0 or 1.
    Truth,
    /// Pops `q`, then `p`: `p op q` (not `and`/`or`).
    Bin(BinOp, Span),
    /// `a op b` of two locals.
    BinLocals(BinOp, usize, usize, Span),
    /// Pops `p`: `p op` the local.
    BinLocal(BinOp, usize, Span),
    /// Pops `p`: `p op` the constant.
    BinConst(BinOp, i64, Span),
    /// A scalar field of the piece in the local.
    LocalField(usize, usize),
    /// Pops `x`; when it is 0, pushes 0 and goes to the index.
    And(usize),
    /// Pops `x`; when it is not 0, pushes 1 and goes to the index.
    Or(usize),
    /// Pops `x`; when it is 0, goes to the index.
    JumpIfZero(usize),
    /// Goes to the index.
    Jump(usize),
    /// Pops `n`, then the square.
    Advance,
    Value,
    Abs(Span),
    Min,
    Max,
    /// Pops the direction, then the cell.
    Step,
    /// Opposite (4), left (-2), right (2) of the direction popped.
    Turn(i64),
    /// The piece of the player popped (`me.at`).
    PlayerPiece,
    /// An aggregate over a set, its body flat code of its own.
    Agg(Box<AggCode>),
}

/// `all`/`any`/`count`/`sum`/`max`/`min` with a flat body.
#[derive(Clone, Debug)]
pub struct AggCode {
    /// Which aggregate (never `find`).
    pub kind: Agg,
    /// The local the body reads the item in.
    pub slot: usize,
    /// The set: `pieces`, `cells` or a range (its items are integers).
    pub set: CExpr,
    /// The body's code.
    pub body: Vec<Op>,
    /// The aggregate's span (its errors).
    pub span: Span,
}

/// A scalar expression's flat code and its tree.
#[derive(Clone, Debug)]
pub struct Flat {
    /// The code (its value is the last one on the stack).
    pub ops: Vec<Op>,
    /// The expression as compiled.
    pub tree: CExpr,
    /// The locals the code reads as integers (bound outside it).
    pub locals: Vec<usize>,
    /// The params the code reads as integers.
    pub params: Vec<usize>,
}

/// Which state variables are scalars (by index).
struct Scalars {
    vars: Vec<bool>,
    fields: Vec<bool>,
    layers: Vec<bool>,
}

/// Give every scalar expression of `prog`'s statements its flat code.
pub fn program(prog: &mut Program) {
    let sc = Scalars {
        vars: prog.vars.iter().map(|v| v.0.list_max.is_none()).collect(),
        fields: prog.fields.iter().map(|f| f.0.list_max.is_none()).collect(),
        layers: prog.layers.iter().map(|l| l.list_max.is_none()).collect(),
    };
    block(&sc, &mut prog.turn);
    block(&sc, &mut prog.setup);
    for e in &mut prog.legend {
        block(&sc, &mut e.body);
    }
}

fn block(sc: &Scalars, b: &mut [CStmt]) {
    for s in b {
        stmt(sc, s);
    }
}

fn stmt(sc: &Scalars, s: &mut CStmt) {
    match &mut s.kind {
        CStmtKind::Let(_, e)
        | CStmtKind::Require(e)
        | CStmtKind::Score(_, e)
        | CStmtKind::Print(e) => expr(sc, e),
        CStmtKind::If(arms, other) => {
            for (c, b) in arms {
                expr(sc, c);
                block(sc, b);
            }
            block(sc, other);
        }
        CStmtKind::For {
            set, cond, body, ..
        } => {
            expr(sc, set);
            if let Some(c) = cond {
                expr(sc, c);
            }
            block(sc, body);
        }
        CStmtKind::Repeat(n, b) => {
            expr(sc, n);
            block(sc, b);
        }
        CStmtKind::While(c, n, b) => {
            expr(sc, c);
            expr(sc, n);
            block(sc, b);
        }
        CStmtKind::Choose { set, cond, .. } => {
            expr(sc, set);
            if let Some(c) = cond {
                expr(sc, c);
            }
        }
        CStmtKind::Roll(_, lo, hi) => {
            expr(sc, lo);
            expr(sc, hi);
        }
        CStmtKind::End(_, c) => {
            if let Some(c) = c {
                expr(sc, c);
            }
        }
        CStmtKind::Simultaneously(b) => block(sc, b),
        CStmtKind::Swap(a, b) => {
            place(sc, a);
            place(sc, b);
        }
        CStmtKind::Push { list, value, .. } => {
            place(sc, list);
            expr(sc, value);
        }
        CStmtKind::Pop { list, .. } => place(sc, list),
        CStmtKind::Assign(p, _, e) => {
            place(sc, p);
            expr(sc, e);
        }
        CStmtKind::Next | CStmtKind::Break => {}
    }
}

fn place(sc: &Scalars, p: &mut CPlace) {
    match p {
        CPlace::Local(_) | CPlace::Var(_) => {}
        CPlace::Layer(_, e) | CPlace::Field(e, _) => expr(sc, e),
        CPlace::Item(inner, e) => {
            place(sc, inner);
            expr(sc, e);
        }
    }
}

/// Replace `e` by its flat code when it is a scalar expression of more
/// than one node; otherwise look for such expressions inside it.
fn expr(sc: &Scalars, e: &mut CExpr) {
    let leaf = matches!(
        e,
        CExpr::Const(_) | CExpr::Local(_) | CExpr::Param(_) | CExpr::Var(_) | CExpr::Ambient(_)
    );
    if !leaf {
        let mut em = Emit {
            sc,
            ops: Vec::new(),
            locals: Vec::new(),
            params: Vec::new(),
            bound: Vec::new(),
        };
        if need(e).is_some_and(|n| n <= DEPTH) && em.emit(e) {
            let tree = std::mem::replace(e, CExpr::Const(Val::S(0)));
            *e = CExpr::Flat(Box::new(Flat {
                ops: em.ops,
                tree,
                locals: em.locals,
                params: em.params,
            }));
            return;
        }
    }
    match e {
        CExpr::Const(_)
        | CExpr::Param(_)
        | CExpr::Local(_)
        | CExpr::Var(_)
        | CExpr::Ambient(_)
        | CExpr::Hood(_)
        | CExpr::Flat(_) => {}
        CExpr::Layer(_, a)
        | CExpr::Field(a, _)
        | CExpr::CellPart(a, _)
        | CExpr::PlayerPiece(a)
        | CExpr::EnumHood(_, a)
        | CExpr::Not(a)
        | CExpr::Neg(a) => expr(sc, a),
        CExpr::Cell(a, b) | CExpr::Range(a, b) | CExpr::Bin(_, a, b, _) | CExpr::Index(a, b, _) => {
            expr(sc, a);
            expr(sc, b);
        }
        CExpr::List(items) | CExpr::Call(_, items, _) => {
            for x in items {
                expr(sc, x);
            }
        }
        CExpr::Slice(a, lo, hi, _) => {
            expr(sc, a);
            for x in [lo, hi].into_iter().flatten() {
                expr(sc, x);
            }
        }
        CExpr::If(c, a, b) => {
            expr(sc, c);
            expr(sc, a);
            expr(sc, b);
        }
        CExpr::Agg(_, _, set, body, _) => {
            expr(sc, set);
            expr(sc, body);
        }
        CExpr::Comp(item, _, set, cond) => {
            expr(sc, item);
            expr(sc, set);
            if let Some(c) = cond {
                expr(sc, c);
            }
        }
    }
}

/// The stack slots `e`'s code needs, its value included (`None`: more
/// than [`DEPTH`], or not flat).
fn need(e: &CExpr) -> Option<usize> {
    let two = |a: &CExpr, b: &CExpr| Some(need(a)?.max(need(b)? + 1));
    let n = match e {
        CExpr::Layer(_, a)
        | CExpr::Field(a, _)
        | CExpr::CellPart(a, _)
        | CExpr::PlayerPiece(a)
        | CExpr::Not(a)
        | CExpr::Neg(a) => need(a)?,
        CExpr::Cell(a, b) | CExpr::Bin(_, a, b, _) => two(a, b)?,
        CExpr::If(c, a, b) => need(c)?.max(need(a)?).max(need(b)?),
        CExpr::Call(_, args, _) => match &args[..] {
            [a] => need(a)?,
            [a, b] => two(a, b)?,
            _ => return None,
        },
        CExpr::Agg(_, _, _, body, _) => {
            if need(body)? > DEPTH {
                return None;
            }
            1
        }
        _ => 1,
    };
    (n <= DEPTH).then_some(n)
}

struct Emit<'s> {
    sc: &'s Scalars,
    ops: Vec<Op>,
    locals: Vec<usize>,
    params: Vec<usize>,
    /// The locals bound by the aggregates being emitted.
    bound: Vec<usize>,
}

/// Whether `e`'s value is always 0 or 1 (a comparison, `not`, `and`, `or`).
fn is_truth(e: &CExpr) -> bool {
    match e {
        CExpr::Not(_) => true,
        CExpr::Bin(op, ..) => matches!(
            op,
            BinOp::Eq
                | BinOp::Ne
                | BinOp::Lt
                | BinOp::Le
                | BinOp::Gt
                | BinOp::Ge
                | BinOp::And
                | BinOp::Or
        ),
        _ => false,
    }
}

impl Emit<'_> {
    /// A local read as an integer: one the code's entry checks, unless an
    /// aggregate of the code binds it.
    fn local(&mut self, slot: usize) -> usize {
        if !self.bound.contains(&slot) && !self.locals.contains(&slot) {
            self.locals.push(slot);
        }
        slot
    }

    /// Emit `e`'s code; `false` when it is not a scalar expression.
    fn emit(&mut self, e: &CExpr) -> bool {
        let op = match e {
            CExpr::Const(Val::S(n)) => Op::Const(*n),
            CExpr::Local(slot) => Op::Local(self.local(*slot)),
            CExpr::Param(i) => {
                if !self.params.contains(i) {
                    self.params.push(*i);
                }
                Op::Param(*i)
            }
            CExpr::Var(i) if self.sc.vars.get(*i) == Some(&true) => Op::Var(*i),
            CExpr::Field(p, f) if self.sc.fields.get(*f) == Some(&true) => match &**p {
                CExpr::Local(slot) => Op::LocalField(self.local(*slot), *f),
                p => {
                    if !self.emit(p) {
                        return false;
                    }
                    Op::Field(*f)
                }
            },
            CExpr::Layer(l, c) if self.sc.layers.get(*l) == Some(&true) => {
                if !self.emit(c) {
                    return false;
                }
                Op::Layer(*l)
            }
            CExpr::Cell(r, c) => {
                if !(self.emit(r) && self.emit(c)) {
                    return false;
                }
                Op::Cell
            }
            CExpr::CellPart(c, row) => {
                if !self.emit(c) {
                    return false;
                }
                Op::CellPart(*row)
            }
            CExpr::PlayerPiece(p) => {
                if !self.emit(p) {
                    return false;
                }
                Op::PlayerPiece
            }
            CExpr::Ambient(a) => match a {
                Ambient::Rows => Op::Rows,
                Ambient::Cols => Op::Cols,
                Ambient::Moves => Op::Moves,
                Ambient::Me => Op::Me,
                Ambient::Opponent => Op::Opponent,
                _ => return false,
            },
            CExpr::Not(a) => {
                if !self.emit(a) {
                    return false;
                }
                Op::Not
            }
            CExpr::Neg(a) => {
                if !self.emit(a) {
                    return false;
                }
                Op::Neg
            }
            CExpr::Bin(op @ (BinOp::And | BinOp::Or), a, b, _) => {
                if !self.emit(a) {
                    return false;
                }
                let at = self.ops.len();
                self.ops.push(Op::Jump(0));
                if !self.emit(b) {
                    return false;
                }
                if !is_truth(b) {
                    self.ops.push(Op::Truth);
                }
                let end = self.ops.len();
                self.ops[at] = if *op == BinOp::And {
                    Op::And(end)
                } else {
                    Op::Or(end)
                };
                return true;
            }
            CExpr::Bin(op, a, b, span) => match (&**a, &**b) {
                (CExpr::Local(x), CExpr::Local(y)) => {
                    Op::BinLocals(*op, self.local(*x), self.local(*y), *span)
                }
                (a, CExpr::Local(y)) => {
                    if !self.emit(a) {
                        return false;
                    }
                    Op::BinLocal(*op, self.local(*y), *span)
                }
                (a, CExpr::Const(Val::S(c))) => {
                    if !self.emit(a) {
                        return false;
                    }
                    Op::BinConst(*op, *c, *span)
                }
                (a, b) => {
                    if !(self.emit(a) && self.emit(b)) {
                        return false;
                    }
                    Op::Bin(*op, *span)
                }
            },
            CExpr::If(c, a, b) => {
                if !self.emit(c) {
                    return false;
                }
                let test = self.ops.len();
                self.ops.push(Op::JumpIfZero(0));
                if !self.emit(a) {
                    return false;
                }
                let jump = self.ops.len();
                self.ops.push(Op::Jump(0));
                self.ops[test] = Op::JumpIfZero(self.ops.len());
                if !self.emit(b) {
                    return false;
                }
                self.ops[jump] = Op::Jump(self.ops.len());
                return true;
            }
            CExpr::Call(f, args, span) => {
                let (op, n) = match f {
                    Builtin::Advance => (Op::Advance, 2),
                    Builtin::Value => (Op::Value, 1),
                    Builtin::Abs => (Op::Abs(*span), 1),
                    Builtin::Min => (Op::Min, 2),
                    Builtin::Max => (Op::Max, 2),
                    Builtin::Step => (Op::Step, 2),
                    Builtin::Opposite => (Op::Turn(4), 1),
                    Builtin::Left => (Op::Turn(-2), 1),
                    Builtin::Right => (Op::Turn(2), 1),
                    _ => return false,
                };
                if args.len() != n || !args.iter().all(|a| self.emit(a)) {
                    return false;
                }
                op
            }
            CExpr::Agg(kind, slot, set, body, span) => {
                // The set's items are integers; a range's bounds are read
                // by the tree (`Run::items`), as without flat code.
                let set_ok = matches!(
                    &**set,
                    CExpr::Ambient(Ambient::Pieces | Ambient::Cells) | CExpr::Range(..)
                );
                if !set_ok || *kind == Agg::Find {
                    return false;
                }
                let outer = std::mem::take(&mut self.ops);
                self.bound.push(*slot);
                let ok = self.emit(body);
                self.bound.pop();
                let code = std::mem::replace(&mut self.ops, outer);
                if !ok {
                    return false;
                }
                Op::Agg(Box::new(AggCode {
                    kind: *kind,
                    slot: *slot,
                    set: (**set).clone(),
                    body: code,
                    span: *span,
                }))
            }
            _ => return false,
        };
        self.ops.push(op);
        true
    }
}
