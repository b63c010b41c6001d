//! `simulate`'s stepper for rules programs: a zero-player turn of scalar
//! statements compiled once per solve to a flat tree over integers (every
//! slot, domain and constant resolved), run in place on the position. The
//! interpreter's tree walk builds a value per expression and looks each
//! layout up again; a simulation runs one turn many times (BOJ 20055: some
//! 180,000 turns of 100 belt cells each).
//!
//! Only what it runs exactly like the interpreter is compiled: scalar
//! `var`s and layers, locals, arithmetic and comparisons, `if`, `for` over
//! a range or `cells`, `repeat`, `while … max`, `score`, `stop if`,
//! `require`, and (`simulate_lists`) lists, piece fields and directions. A
//! program with anything else (aggregates, choices, dice, `simultaneously`,
//! `moves`) gets no stepper. A turn that ends the game,
//! fails a `require`, or would fail at run time (a domain, an overflow, an
//! off-board write, a loop bound, the step cap) undoes its writes and is
//! left to the interpreter, which gives its exact end or error: the stepper
//! only ever answers "the turn went on, to this position".

use super::super::model::Stepper;
use super::super::program::{Ambient, Builtin, CExpr, CPlace, CStmt, CStmtKind, Val};
use super::super::run::{bin, TURN_STEPS};
use super::super::state::{Instance, State};
use crate::syntax::rules::{AssignOp, BinOp};
use std::cell::RefCell;

pub(super) use super::simulate_operand::{get, E, L, O};

/// A closure of two operands.
/// Specialised on the operands' kinds where one is a call and the other a
/// constant, a local or a call: the closure then reads them with no match
/// (a smaller closure, fewer registers saved per call).
macro_rules! two {
    ($a:ident, $b:ident, |$p:ident, $q:ident| $body:expr) => {
        match ($a, $b) {
            (O::Call(x), O::Const(k)) => Box::new(move |v: &[i64], f: &[i64]| {
                let $p = x(v, f)?;
                let $q = k;
                $body
            }) as E,
            (O::Call(x), O::Local(s)) => Box::new(move |v: &[i64], f: &[i64]| {
                let $p = x(v, f)?;
                let $q = f[s];
                $body
            }) as E,
            (O::Const(k), O::Call(y)) => Box::new(move |v: &[i64], f: &[i64]| {
                let $p = k;
                let $q = y(v, f)?;
                $body
            }) as E,
            (O::Local(s), O::Call(y)) => Box::new(move |v: &[i64], f: &[i64]| {
                let $p = f[s];
                let $q = y(v, f)?;
                $body
            }) as E,
            (O::Call(x), O::Call(y)) => Box::new(move |v: &[i64], f: &[i64]| {
                let $p = x(v, f)?;
                let $q = y(v, f)?;
                $body
            }) as E,
            // `(p + base) % cols`: an operand applied in place, a constant.
            (a, O::Const(k)) => Box::new(move |v: &[i64], f: &[i64]| {
                let $p = get(&a, v, f)?;
                let $q = k;
                $body
            }) as E,
            (a, b) => Box::new(move |v: &[i64], f: &[i64]| {
                let $p = get(&a, v, f)?;
                let $q = get(&b, v, f)?;
                $body
            }) as E,
        }
    };
}

/// `a op b` (not `and`/`or`, which short-circuit) as a closure of its own
/// operator: [`bin`]'s arithmetic with no match on the operator per run.
fn bin_call(op: BinOp, a: O, b: O) -> E {
    match op {
        BinOp::Eq => two!(a, b, |p, q| Some((p == q) as i64)),
        BinOp::Ne => two!(a, b, |p, q| Some((p != q) as i64)),
        BinOp::Lt => two!(a, b, |p, q| Some((p < q) as i64)),
        BinOp::Le => two!(a, b, |p, q| Some((p <= q) as i64)),
        BinOp::Gt => two!(a, b, |p, q| Some((p > q) as i64)),
        BinOp::Ge => two!(a, b, |p, q| Some((p >= q) as i64)),
        BinOp::Add => two!(a, b, |p, q| p.checked_add(q)),
        BinOp::Sub => two!(a, b, |p, q| p.checked_sub(q)),
        BinOp::Mul => two!(a, b, |p, q| p.checked_mul(q)),
        BinOp::Div => two!(a, b, |p, q| p.checked_div(q)),
        BinOp::Rem => two!(a, b, |p, q| p.checked_rem(q)),
        BinOp::And | BinOp::Or => two!(a, b, |p, q| bin(op, p, q)),
    }
}

/// A statement compiled to a closure over the run and the position (its
/// own step charged by [`run`], with its block's).
pub(super) type St = Box<dyn Fn(&mut Ctx, &mut [i64]) -> Flow>;

pub(super) enum Flow {
    Go,
    Next,
    Break,
    /// Leave the turn to the interpreter (the writes undone).
    Out,
}

/// `Flow::Out` from a closure for a `None`.
macro_rules! out {
    ($e:expr) => {
        match $e {
            Some(x) => x,
            None => return Flow::Out,
        }
    };
}

/// Count a step as the interpreter does; past its cap, leave the turn (a
/// loop's per run; a statement's own are [`run`]'s).
macro_rules! tick {
    ($c:expr) => {
        $c.steps += 1;
        if $c.steps > TURN_STEPS {
            return Flow::Out;
        }
    };
}

/// One turn's run: the locals, the writes, the steps, the score.
pub(super) struct Ctx {
    pub(super) frame: Vec<i64>,
    /// Every slot written this turn, with its value before.
    pub(super) journal: Vec<(usize, i64)>,
    journal_cap: usize,
    pub(super) steps: u64,
    pub(super) reward: i64,
    /// When set (`simulate`), the digest's change by this turn's writes
    /// (`simulate_digest::Digest::moved`).
    pub(super) delta: Option<u64>,
}

/// A compiled turn and its run's scratch.
pub(crate) struct Flat {
    turn: Vec<St>,
    c: Ctx,
    digest: super::simulate_digest::Digest,
}

pub(super) struct Compiler<'a> {
    pub(super) inst: &'a Instance,
    /// Lists and piece fields too (`simulate`'s stepper only: see
    /// `simulate_lists`).
    pub(super) lists: Option<super::simulate_lists::Lists>,
    /// Each local's value where it is a constant: set once per turn, by a
    /// top-level `let` of a constant (`let half = cols / 2`).
    consts: RefCell<Vec<Option<i64>>>,
    /// How many statements of the turn set each local.
    sets: Vec<u32>,
}

/// `e` without its flat code's wrapper.
fn strip_flat(e: &CExpr) -> &CExpr {
    match e {
        CExpr::Flat(f) => strip_flat(&f.tree),
        _ => e,
    }
}

/// Count the statements that set each local.
pub(super) fn count_sets(b: &[CStmt], sets: &mut Vec<u32>) {
    fn set(sets: &mut Vec<u32>, slot: usize) {
        if sets.len() <= slot {
            sets.resize(slot + 1, 0);
        }
        sets[slot] += 1;
    }
    for s in b {
        match &s.kind {
            CStmtKind::Let(slot, _) | CStmtKind::Roll(slot, ..) => set(sets, *slot),
            CStmtKind::For { var, .. } | CStmtKind::Choose { var, .. } => set(sets, *var),
            CStmtKind::Assign(p, ..)
            | CStmtKind::Push { list: p, .. }
            | CStmtKind::Pop { list: p, .. } => {
                if let Some(slot) = local_of(p) {
                    set(sets, slot);
                }
            }
            CStmtKind::Swap(p, q) => {
                for slot in [local_of(p), local_of(q)].into_iter().flatten() {
                    set(sets, slot);
                }
            }
            _ => {}
        }
        match &s.kind {
            CStmtKind::If(arms, other) => {
                for (_, b) in arms {
                    count_sets(b, sets);
                }
                count_sets(other, sets);
            }
            CStmtKind::For { body, .. }
            | CStmtKind::Repeat(_, body)
            | CStmtKind::While(_, _, body)
            | CStmtKind::Simultaneously(body) => count_sets(body, sets),
            _ => {}
        }
    }
}

fn local_of(p: &CPlace) -> Option<usize> {
    match p {
        CPlace::Local(slot) => Some(*slot),
        CPlace::Item(inner, _) => local_of(inner),
        _ => None,
    }
}

impl<'a> Compiler<'a> {
    /// A compiler for `inst`'s turn.
    pub(super) fn new(inst: &'a Instance) -> Compiler<'a> {
        let mut sets = Vec::new();
        count_sets(&inst.prog.turn, &mut sets);
        Compiler {
            inst,
            lists: None,
            consts: RefCell::new(vec![None; inst.prog.frame]),
            sets,
        }
    }

    /// Top-level statements of the turn, in order: a `let` of a constant
    /// to a local set nowhere else makes that local a constant after it.
    pub(super) fn top(&self, b: &[CStmt]) -> Option<Vec<St>> {
        let mut out = Vec::with_capacity(b.len());
        for s in b {
            out.push(self.stmt(s)?);
            if let CStmtKind::Let(slot, e) = &s.kind {
                if self.sets.get(*slot) == Some(&1) {
                    if let Some(O::Const(n)) = self.opd(e) {
                        if let Some(c) = self.consts.borrow_mut().get_mut(*slot) {
                            *c = Some(n);
                        }
                    }
                }
            }
        }
        Some(out)
    }

    /// Whether `e` is the same in every run (no state, no other local).
    fn constant(&self, e: &CExpr) -> bool {
        let c = |e: &CExpr| self.constant(e);
        match e {
            // The interpreter's flat code: these closures compile its tree.
            CExpr::Flat(f) => c(&f.tree),
            CExpr::Const(Val::S(_)) | CExpr::Ambient(Ambient::Rows | Ambient::Cols) => true,
            CExpr::Param(i) => matches!(self.inst.params.get(*i), Some(Val::S(_))),
            CExpr::Local(slot) => matches!(self.consts.borrow().get(*slot), Some(Some(_))),
            CExpr::Not(a) | CExpr::Neg(a) | CExpr::CellPart(a, _) => c(a),
            CExpr::Bin(_, a, b, _) | CExpr::Cell(a, b) => c(a) && c(b),
            CExpr::If(x, a, b) => c(x) && c(a) && c(b),
            CExpr::Call(Builtin::Abs | Builtin::Min | Builtin::Max, args, _) => args.iter().all(c),
            _ => false,
        }
    }

    /// An operand: a constant, a local or a scalar `var` read in place.
    pub(super) fn opd(&self, e: &CExpr) -> Option<O> {
        let inst = self.inst;
        Some(match e {
            CExpr::Flat(f) => return self.opd(&f.tree),
            CExpr::Const(Val::S(n)) => O::Const(*n),
            CExpr::Param(i) => match inst.params.get(*i)? {
                Val::S(n) => O::Const(*n),
                Val::L(_) => return None,
            },
            CExpr::Ambient(Ambient::Rows) => O::Const(inst.rows),
            CExpr::Ambient(Ambient::Cols) => O::Const(inst.cols),
            CExpr::Local(slot) => match self.consts.borrow().get(*slot) {
                Some(Some(n)) => O::Const(*n),
                _ if self.lists.as_ref().is_some_and(|l| l.is_list(*slot)) => return None,
                _ => O::Local(*slot),
            },
            CExpr::Var(i) => {
                let (base, d) = *inst.layout.vars.get(*i)?;
                d.list_max.is_none().then_some(O::Slot(base))?
            }
            CExpr::Ambient(Ambient::Me) => O::Slot(inst.layout.mover),
            _ => {
                if !self.constant(e) {
                    if let Some(o) = self.inline(e) {
                        return Some(o);
                    }
                }
                let f = self.call(e)?;
                // Folded; one that fails (an overflow) fails when it runs.
                match self.constant(e).then(|| f(&[], &[])).flatten() {
                    Some(n) => O::Const(n),
                    None => O::Call(f),
                }
            }
        })
    }

    /// `e` as a leaf, when it is one (looked at, not compiled: no
    /// expression is compiled twice).
    fn leaf(&self, e: &CExpr) -> Option<L> {
        let inst = self.inst;
        Some(match e {
            CExpr::Flat(f) => return self.leaf(&f.tree),
            CExpr::Const(Val::S(n)) => L::Const(*n),
            CExpr::Param(i) => match inst.params.get(*i)? {
                Val::S(n) => L::Const(*n),
                Val::L(_) => return None,
            },
            CExpr::Ambient(Ambient::Rows) => L::Const(inst.rows),
            CExpr::Ambient(Ambient::Cols) => L::Const(inst.cols),
            CExpr::Local(slot) => match self.consts.borrow().get(*slot) {
                Some(Some(n)) => L::Const(*n),
                _ if self.lists.as_ref().is_some_and(|l| l.is_list(*slot)) => return None,
                _ => L::Local(*slot),
            },
            CExpr::Var(i) => {
                let (base, d) = *inst.layout.vars.get(*i)?;
                d.list_max.is_none().then_some(L::Slot(base))?
            }
            CExpr::Ambient(Ambient::Me) => L::Slot(inst.layout.mover),
            CExpr::Layer(i, c) => {
                let (base, d) = *inst.layout.layers.get(*i)?;
                if d.list_max.is_some() {
                    return None;
                }
                let (cells, def) = (inst.rows * inst.cols, inst.default_of(&d));
                match self.leaf(c)? {
                    L::Local(slot) => L::Layer(base, cells, def, slot),
                    L::Const(c) if c >= 0 && c < cells => L::Slot(base + c as usize),
                    L::Const(_) => L::Const(def),
                    _ => return None,
                }
            }
            // A constant (`mover == bottom` of a param), folded.
            _ if self.constant(e) => match self.opd(e)? {
                O::Const(n) => L::Const(n),
                _ => return None,
            },
            _ => return None,
        })
    }

    /// An operator on two leaves, or a scalar layer's cell at a leaf, as
    /// an operand applied in place.
    fn inline(&self, e: &CExpr) -> Option<O> {
        let inst = self.inst;
        Some(match e {
            CExpr::Bin(op, a, b, _) => match (self.leaf(a), self.leaf(b)?) {
                (Some(a), b) => O::Bin(*op, a, b),
                // `(x OP y) OP2 c`: a left operand of two leaves.
                (None, c) => match strip_flat(a) {
                    CExpr::Bin(op1, x, y, _) => O::Bin3(*op1, self.leaf(x)?, self.leaf(y)?, *op, c),
                    _ => return None,
                },
            },
            // `not a` is `a == 0`.
            CExpr::Not(a) => O::Bin(BinOp::Eq, self.leaf(a)?, L::Const(0)),
            CExpr::Layer(i, c) => {
                let (base, d) = *inst.layout.layers.get(*i)?;
                if d.list_max.is_some() {
                    return None;
                }
                let c = self.leaf(c)?;
                O::Layer(base, inst.rows * inst.cols, inst.default_of(&d), c)
            }
            // Fields are `simulate_lists`' (the slim searches take none).
            CExpr::Field(p, f) if self.lists.is_some() => {
                let (base, d) = *inst.layout.fields.get(*f)?;
                if d.list_max.is_some() {
                    return None;
                }
                O::Field(base, inst.pieces.len() as i64, self.leaf(p)?)
            }
            _ => return None,
        })
    }

    /// An expression that is not a leaf.
    fn call(&self, e: &CExpr) -> Option<E> {
        let inst = self.inst;
        let (rows, cols, cells) = (inst.rows, inst.cols, inst.rows * inst.cols);
        let unit = O::Const(0);
        Some(match e {
            CExpr::Flat(f) => return self.call(&f.tree),
            CExpr::Layer(i, c) => {
                let (base, d) = *inst.layout.layers.get(*i)?;
                if d.list_max.is_some() {
                    return None;
                }
                let def = inst.default_of(&d);
                let c = self.opd(c)?;
                Box::new(move |v: &[i64], f: &[i64]| {
                    let c = get(&c, v, f)?;
                    Some(if c >= 0 && c < cells {
                        v[base + c as usize]
                    } else {
                        def
                    })
                })
            }
            CExpr::Cell(r, c) => {
                let (r, c) = (self.opd(r)?, self.opd(c)?);
                two!(r, c, |r, c| Some(
                    if r < 0 || c < 0 || r >= rows || c >= cols {
                        -1
                    } else {
                        r * cols + c
                    }
                ))
            }
            CExpr::CellPart(c, row) => {
                let c = self.opd(c)?;
                let (row, cols) = (*row, cols.max(1));
                two!(c, unit, |c, _u| Some(if c < 0 {
                    -1
                } else if row {
                    c / cols
                } else {
                    c % cols
                }))
            }
            CExpr::Ambient(Ambient::Opponent) => {
                let m = O::Slot(inst.layout.mover);
                two!(m, unit, |m, _u| Some(1 - m))
            }
            CExpr::Not(a) => {
                let a = self.opd(a)?;
                two!(a, unit, |a, _u| Some((a == 0) as i64))
            }
            CExpr::Neg(a) => {
                let a = self.opd(a)?;
                two!(a, unit, |a, _u| a.checked_neg())
            }
            CExpr::Call(Builtin::Abs, args, _) if args.len() == 1 => {
                let a = self.opd(&args[0])?;
                two!(a, unit, |a, _u| a.checked_abs())
            }
            CExpr::Call(Builtin::Min, args, _) if args.len() == 2 => {
                let (a, b) = (self.opd(&args[0])?, self.opd(&args[1])?);
                two!(a, b, |a, b| Some(a.min(b)))
            }
            CExpr::Call(Builtin::Max, args, _) if args.len() == 2 => {
                let (a, b) = (self.opd(&args[0])?, self.opd(&args[1])?);
                two!(a, b, |a, b| Some(a.max(b)))
            }
            CExpr::Bin(BinOp::And, a, b, _) => {
                let (a, b) = (self.opd(a)?, self.opd(b)?);
                Box::new(move |v: &[i64], f: &[i64]| {
                    Some((get(&a, v, f)? != 0 && get(&b, v, f)? != 0) as i64)
                })
            }
            CExpr::Bin(BinOp::Or, a, b, _) => {
                let (a, b) = (self.opd(a)?, self.opd(b)?);
                Box::new(move |v: &[i64], f: &[i64]| {
                    Some((get(&a, v, f)? != 0 || get(&b, v, f)? != 0) as i64)
                })
            }
            CExpr::Bin(op, a, b, _) => {
                let (a, b) = (self.opd(a)?, self.opd(b)?);
                // `and`/`or` short-circuit above; division by zero and an
                // overflow give `None` (left to the interpreter).
                bin_call(*op, a, b)
            }
            CExpr::If(c, a, b) => {
                let (c, a, b) = (self.opd(c)?, self.opd(a)?, self.opd(b)?);
                Box::new(move |v: &[i64], f: &[i64]| {
                    if get(&c, v, f)? != 0 {
                        get(&a, v, f)
                    } else {
                        get(&b, v, f)
                    }
                })
            }
            _ => return self.list_call(e),
        })
    }

    pub(super) fn block(&self, b: &[CStmt]) -> Option<Vec<St>> {
        b.iter().map(|s| self.stmt(s)).collect()
    }

    pub(super) fn cond(&self, c: &Option<CExpr>) -> Option<Option<O>> {
        Some(match c {
            Some(c) => Some(self.opd(c)?),
            None => None,
        })
    }

    pub(super) fn stmt(&self, s: &CStmt) -> Option<St> {
        if let Some(st) = self.list_stmt(s) {
            return st;
        }
        let l = &self.inst.layout;
        Some(match &s.kind {
            CStmtKind::Let(slot, e) => match (*slot, self.opd(e)?) {
                // A call: read with no match on the operand's kind.
                (slot, O::Call(x)) => Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                    c.frame[slot] = out!(x(v, &c.frame));
                    Flow::Go
                }),
                (slot, e) => Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                    c.frame[slot] = out!(get(&e, v, &c.frame));
                    Flow::Go
                }),
            },
            CStmtKind::If(arms, other) => {
                let arms: Vec<(O, Vec<St>)> = arms
                    .iter()
                    .map(|(c, b)| Some((self.opd(c)?, self.block(b)?)))
                    .collect::<Option<_>>()?;
                let other = self.block(other)?;
                if arms.len() == 1 {
                    // `if k { … } else { … }`: no loop over the arms.
                    let (k, b) = arms.into_iter().next()?;
                    return Some(Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                        if out!(get(&k, v, &c.frame)) != 0 {
                            run(&b, c, v)
                        } else {
                            run(&other, c, v)
                        }
                    }));
                }
                Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                    for (k, b) in &arms {
                        if out!(get(k, v, &c.frame)) != 0 {
                            return run(b, c, v);
                        }
                    }
                    run(&other, c, v)
                })
            }
            CStmtKind::For {
                var,
                set,
                cond,
                body,
            } => {
                let range = match set {
                    CExpr::Range(lo, hi) => Some((self.opd(lo)?, self.opd(hi)?)),
                    CExpr::Ambient(Ambient::Cells) => None,
                    _ => return None,
                };
                let (var, cond, body) = (*var, self.cond(cond)?, self.block(body)?);
                let cells = (self.inst.rows * self.inst.cols).max(0);
                Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                    let (lo, n) = match &range {
                        Some((lo, hi)) => {
                            let lo = out!(get(lo, v, &c.frame));
                            let hi = out!(get(hi, v, &c.frame));
                            if hi.saturating_sub(lo) > TURN_STEPS as i64 {
                                return Flow::Out;
                            }
                            (lo, (i128::from(hi) - i128::from(lo) + 1).max(0) as i64)
                        }
                        None => (0, cells),
                    };
                    for k in 0..n {
                        tick!(c);
                        c.frame[var] = lo + k;
                        if let Some(k) = &cond {
                            if out!(get(k, v, &c.frame)) == 0 {
                                continue;
                            }
                        }
                        match run(&body, c, v) {
                            Flow::Go | Flow::Next => {}
                            Flow::Break => break,
                            Flow::Out => return Flow::Out,
                        }
                    }
                    Flow::Go
                })
            }
            CStmtKind::Repeat(n, body) => {
                let (n, body) = (self.opd(n)?, self.block(body)?);
                Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                    let n = out!(get(&n, v, &c.frame));
                    if n < 0 {
                        return Flow::Out; // the interpreter says why
                    }
                    for _ in 0..n {
                        tick!(c);
                        match run(&body, c, v) {
                            Flow::Go | Flow::Next => {}
                            Flow::Break => break,
                            Flow::Out => return Flow::Out,
                        }
                    }
                    Flow::Go
                })
            }
            CStmtKind::While(k, n, body) => {
                let (k, n, body) = (self.opd(k)?, self.opd(n)?, self.block(body)?);
                Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                    let max = out!(get(&n, v, &c.frame));
                    let mut runs = 0i64;
                    while out!(get(&k, v, &c.frame)) != 0 {
                        runs += 1;
                        if runs > max {
                            return Flow::Out;
                        }
                        tick!(c);
                        match run(&body, c, v) {
                            Flow::Go | Flow::Next => {}
                            Flow::Break => break,
                            Flow::Out => return Flow::Out,
                        }
                    }
                    Flow::Go
                })
            }
            // `stop if`, `win if`…: a turn that ends the game, and one whose
            // `require` fails, are the interpreter's.
            CStmtKind::End(_, k) => {
                let k = self.cond(k)?;
                Box::new(move |c: &mut Ctx, v: &mut [i64]| match &k {
                    Some(k) if out!(get(k, v, &c.frame)) == 0 => Flow::Go,
                    _ => Flow::Out,
                })
            }
            CStmtKind::Require(k) => {
                let k = self.opd(k)?;
                Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                    if out!(get(&k, v, &c.frame)) == 0 {
                        return Flow::Out;
                    }
                    Flow::Go
                })
            }
            CStmtKind::Score(op, e) => {
                let (sub, e) = (*op == AssignOp::Sub, self.opd(e)?);
                Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                    let n = out!(get(&e, v, &c.frame));
                    c.reward = out!(if sub {
                        c.reward.checked_sub(n)
                    } else {
                        c.reward.checked_add(n)
                    });
                    Flow::Go
                })
            }
            CStmtKind::Assign(p, op, e) => {
                let (op, e) = (*op, self.opd(e)?);
                let apply = move |old: i64, x: i64| match op {
                    AssignOp::Set => Some(x),
                    AssignOp::Add => old.checked_add(x),
                    _ => old.checked_sub(x),
                };
                match p {
                    CPlace::Local(slot) => {
                        let slot = *slot;
                        Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                            let x = out!(get(&e, v, &c.frame));
                            c.frame[slot] = out!(apply(c.frame[slot], x));
                            Flow::Go
                        })
                    }
                    CPlace::Var(i) => {
                        let (slot, d) = *l.vars.get(*i)?;
                        if d.list_max.is_some() {
                            return None;
                        }
                        Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                            let x = out!(get(&e, v, &c.frame));
                            let x = out!(apply(v[slot], x));
                            if x < d.lo || x > d.hi {
                                return Flow::Out;
                            }
                            out!(c.put(v, slot, x));
                            Flow::Go
                        })
                    }
                    CPlace::Layer(i, cell) => {
                        let (base, d) = *l.layers.get(*i)?;
                        if d.list_max.is_some() {
                            return None;
                        }
                        let cell = self.opd(cell)?;
                        let cells = self.inst.rows * self.inst.cols;
                        // One closure per operator (no match on it per run).
                        macro_rules! layer {
                            (|$old:ident, $x:ident| $apply:expr) => {
                                Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                                    let $x = out!(get(&e, v, &c.frame));
                                    let at = out!(get(&cell, v, &c.frame));
                                    // Off the board: the interpreter's error.
                                    if at < 0 || at >= cells {
                                        return Flow::Out;
                                    }
                                    let slot = base + at as usize;
                                    let $old = v[slot];
                                    let x = out!($apply);
                                    if x < d.lo || x > d.hi {
                                        return Flow::Out;
                                    }
                                    out!(c.put(v, slot, x));
                                    Flow::Go
                                })
                            };
                        }
                        let _ = apply;
                        match op {
                            AssignOp::Set => layer!(|_old, x| Some(x)),
                            AssignOp::Add => layer!(|old, x| old.checked_add(x)),
                            _ => layer!(|old, x| old.checked_sub(x)),
                        }
                    }
                    _ => return None,
                }
            }
            CStmtKind::Next => Box::new(|_: &mut Ctx, _: &mut [i64]| Flow::Next),
            CStmtKind::Break => Box::new(|_: &mut Ctx, _: &mut [i64]| Flow::Break),
            _ => return None,
        })
    }
}

/// Run a block: the first flow that is not `Go`. Each statement's own step
/// (the interpreter's one per statement) is charged here, the block's at
/// once: a block left early (`next`, `break`, a turn left) may have been
/// charged steps it did not run, which can only leave a turn near the cap
/// to the interpreter, never run one the interpreter would not.
#[inline]
pub(super) fn run(b: &[St], c: &mut Ctx, v: &mut [i64]) -> Flow {
    c.steps += b.len() as u64;
    if c.steps > TURN_STEPS {
        return Flow::Out;
    }
    for s in b {
        match s(c, v) {
            Flow::Go => {}
            f => return f,
        }
    }
    Flow::Go
}

impl Ctx {
    /// A run's scratch for `inst`.
    pub(super) fn new(inst: &Instance) -> Ctx {
        Ctx {
            frame: vec![0; inst.prog.frame],
            journal: Vec::new(),
            journal_cap: 4 * inst.layout.len + 4096,
            steps: 0,
            reward: 0,
            delta: None,
        }
    }

    /// Ready for a new turn.
    pub(super) fn reset(&mut self) {
        self.frame.fill(0);
        self.journal.clear();
        self.steps = 0;
        self.reward = 0;
        if let Some(d) = &mut self.delta {
            *d = 0;
        }
    }

    /// Write a slot, journalled (`None`: the journal is full).
    #[inline]
    pub(super) fn put(&mut self, v: &mut [i64], slot: usize, x: i64) -> Option<()> {
        if self.journal.len() >= self.journal_cap {
            return None;
        }
        self.journal.push((slot, v[slot]));
        if let Some(d) = &mut self.delta {
            *d ^= super::simulate_digest::mix(slot, v[slot]) ^ super::simulate_digest::mix(slot, x);
        }
        v[slot] = x;
        Some(())
    }
}

impl Flat {
    /// The stepper of `inst`'s turn, when it has no players, does not read
    /// `moves` and its every statement compiles.
    pub(crate) fn compile(inst: &Instance) -> Option<Flat> {
        let prog = &inst.prog;
        if prog.decls.player_count != 0 || prog.reads_moves {
            return None;
        }
        let mut comp = Compiler::new(inst);
        comp.lists = Some(super::simulate_lists::Lists::new(prog.frame, &inst.present));
        let turn = comp.top(&prog.turn)?;
        let mut c = Ctx::new(inst);
        c.delta = Some(0);
        Some(Flat {
            turn,
            c,
            digest: super::simulate_digest::Digest::new(),
        })
    }
}

impl Stepper<State> for Flat {
    fn step(&mut self, s: &mut State) -> bool {
        let c = &mut self.c;
        c.reset();
        // A `next` or `break` outside a loop ends the turn, as it does in
        // the interpreter.
        if let Flow::Out = run(&self.turn, c, &mut s.v) {
            while let Some((slot, old)) = c.journal.pop() {
                s.v[slot] = old;
            }
            return false;
        }
        s.moves = s.moves.saturating_add(1);
        true
    }

    fn same(&self, a: &State, b: &State) -> bool {
        // No `moves` read and no dice: the slots are the position (the
        // ones never written are equal in every position of a solve).
        a.v == b.v
    }

    fn digest(&mut self, s: &State) -> u64 {
        self.digest.full(&s.v)
    }

    fn redigest(&mut self, s: &State, before: u64) -> u64 {
        let _ = s;
        self.digest.moved(self.c.delta.unwrap_or(0), before)
    }
}
