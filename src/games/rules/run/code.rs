//! A turn compiled for the searches' expansions ([`super::expand`]): its
//! statements over integers, every slot, param and constant resolved, its
//! expressions the flat code of [`crate::games::rules::flat`] with the
//! state's slots in place of the layout's names.
//!
//! Only a turn the interpreter runs on integers alone is compiled: its
//! top-level statements `choose` (over `pieces`, `cells` or a range),
//! `roll`, and anywhere `let`, `require`, `score`, `if`, `stop if`/`win if`
//! …, `next`, `break` and assignments to locals and scalar vars, fields and
//! layer cells, each expression a flat one (or a constant, a local, a
//! scalar param or var). Loops, lists, `simultaneously` and choices inside
//! blocks stay the interpreter's. Each statement counts the interpreter's
//! steps, so a run errs where the interpreter's does; any run-time error
//! ([`Out`]) is left to the interpreter, which tells it exactly.

use super::super::flat::{AggCode, Op, DEPTH};
use super::super::program::{Ambient, CExpr, CPlace, CStmt, CStmtKind, Val};
use super::super::state::Instance;
use super::TURN_STEPS;
use crate::games::yut::track::Track;
use crate::syntax::rules::{Agg, AssignOp, BinOp, EndWord};
use std::sync::Arc;

/// A run-time error: the interpreter runs the turn again and tells it.
#[derive(Debug)]
pub(super) struct Out;

/// One step of integer code: [`Op`] with its names resolved.
#[derive(Clone, Debug)]
pub(super) enum I {
    Const(i64),
    Local(usize),
    /// A slot of the state (a scalar `var`).
    Slot(usize),
    /// The scalar field at this base of the piece popped.
    Field(usize),
    /// The scalar field at this base of the piece in the local.
    LocalField(usize, usize),
    /// The scalar layer at this base at the cell popped, or its default.
    Layer(usize, i64),
    Cell,
    CellPart(bool),
    Moves,
    Me,
    Opponent,
    Not,
    Neg,
    Truth,
    Bin(BinOp),
    BinLocals(BinOp, usize, usize),
    BinLocal(BinOp, usize),
    BinConst(BinOp, i64),
    /// `LocalField` then `BinLocal`: the field of the piece in the first
    /// local, `op` the second local.
    FieldLocal(BinOp, usize, usize, usize),
    /// `LocalField` then `BinConst`.
    FieldConst(BinOp, usize, usize, i64),
    /// `Local` then `BinConst`.
    LocalConst(BinOp, usize, i64),
    And(usize),
    Or(usize),
    JumpIfZero(usize),
    Jump(usize),
    Advance,
    Value,
    Abs,
    Min,
    Max,
    Step,
    Turn(i64),
    PlayerPiece,
    Agg(Box<AggI>),
}

/// An aggregate with its set and body compiled.
#[derive(Clone, Debug)]
pub(super) struct AggI {
    kind: Agg,
    slot: usize,
    set: SetI,
    body: Vec<I>,
}

/// A set of integers to loop over.
#[derive(Clone, Debug)]
pub(super) enum SetI {
    /// `0..n` (`pieces`, all present; `cells`).
    Upto(usize),
    /// `lo..hi`.
    Range(Vec<I>, Vec<I>),
}

/// A state place, scalar.
#[derive(Clone, Debug)]
pub(super) enum PlaceI {
    Slot(usize),
    /// A piece's field: the piece, the field's base.
    Field(Vec<I>, usize),
    /// A layer's cell: the cell, the layer's base.
    Layer(Vec<I>, usize),
}

/// A statement.
#[derive(Clone, Debug)]
pub(super) enum S {
    Let(usize, Vec<I>),
    Require(Vec<I>),
    /// `score -=` (true) or `+=`.
    Score(bool, Vec<I>),
    SetLocal(usize, AssignOp, Vec<I>),
    Put {
        at: PlaceI,
        lo: i64,
        hi: i64,
        op: AssignOp,
        e: Vec<I>,
    },
    End(EndWord, Option<Vec<I>>),
    If(Vec<(Vec<I>, Vec<S>)>, Vec<S>),
    Next,
    Break,
    /// Top level only.
    Choose {
        var: usize,
        set: SetI,
        cond: Option<Vec<I>>,
        twins: bool,
    },
    /// Top level only: the roll's local and its own faces.
    Roll(usize, Vec<I>, Vec<I>),
}

/// A compiled turn and what its code reads of the scenario.
#[derive(Debug)]
pub(crate) struct Code {
    pub(super) turn: Vec<S>,
    pieces: usize,
    rows: i64,
    cols: i64,
    track: Option<Arc<Track>>,
    /// The piece named as each player (`me.at`), or -1.
    player_piece: [i64; 2],
    /// The mover's slot.
    mover: usize,
    /// Each piece's group of interchangeable pieces (`twins`).
    pub(super) group: Vec<Option<usize>>,
    /// Each field's base and width (`twins` compares them all).
    pub(super) fields: Vec<(usize, usize)>,
}

/// The most statements a compiled turn has (without loops, a path writes
/// at most one slot a statement: far from the interpreter's journal cap).
const MOST_STATEMENTS: usize = 1000;

/// The flow of a statement or block.
pub(super) enum F {
    Go,
    Next,
    Break,
    End(EndWord),
    Fail,
}

struct Compiler<'a> {
    inst: &'a Instance,
    statements: usize,
}

impl Code {
    /// `inst`'s turn compiled, when all of it compiles.
    pub(crate) fn compile(inst: &Instance) -> Option<Code> {
        let mut c = Compiler {
            inst,
            statements: 0,
        };
        let turn = c.block(&inst.prog.turn, true)?;
        let player = |i: usize| {
            let name = inst.prog.decls.players.get(i);
            let piece = name.and_then(|n| inst.pieces.iter().position(|q| q == n));
            piece.map_or(-1, |p| p as i64)
        };
        Some(Code {
            turn,
            pieces: inst.pieces.len(),
            rows: inst.rows,
            cols: inst.cols,
            track: inst.track.clone(),
            player_piece: [player(0), player(1)],
            mover: inst.layout.mover,
            group: (0..inst.pieces.len())
                .map(|p| inst.groups.iter().position(|g| g.contains(&p)))
                .collect(),
            fields: inst
                .layout
                .fields
                .iter()
                .map(|(slot, d)| (*slot, super::super::state::width(d)))
                .collect(),
        })
    }
}

impl Compiler<'_> {
    fn block(&mut self, b: &[CStmt], top: bool) -> Option<Vec<S>> {
        b.iter().map(|s| self.stmt(s, top)).collect()
    }

    fn stmt(&mut self, s: &CStmt, top: bool) -> Option<S> {
        self.statements += 1;
        if self.statements > MOST_STATEMENTS {
            return None;
        }
        Some(match &s.kind {
            CStmtKind::Let(slot, e) => S::Let(*slot, self.expr(e)?),
            CStmtKind::Require(e) => S::Require(self.expr(e)?),
            CStmtKind::Score(op, e) => S::Score(*op == AssignOp::Sub, self.expr(e)?),
            CStmtKind::End(w, c) => S::End(
                *w,
                match c {
                    Some(c) => Some(self.expr(c)?),
                    None => None,
                },
            ),
            CStmtKind::If(arms, other) => {
                let arms = arms
                    .iter()
                    .map(|(c, b)| Some((self.expr(c)?, self.block(b, false)?)))
                    .collect::<Option<_>>()?;
                S::If(arms, self.block(other, false)?)
            }
            CStmtKind::Next => S::Next,
            CStmtKind::Break => S::Break,
            CStmtKind::Assign(p, op, e) => {
                let e = self.expr(e)?;
                let l = &self.inst.layout;
                let (at, d) = match p {
                    CPlace::Local(slot) => return Some(S::SetLocal(*slot, *op, e)),
                    CPlace::Var(i) => {
                        let (base, d) = *l.vars.get(*i)?;
                        (PlaceI::Slot(base), d)
                    }
                    CPlace::Field(piece, f) => {
                        let (base, d) = *l.fields.get(*f)?;
                        (PlaceI::Field(self.expr(piece)?, base), d)
                    }
                    CPlace::Layer(i, cell) => {
                        let (base, d) = *l.layers.get(*i)?;
                        (PlaceI::Layer(self.expr(cell)?, base), d)
                    }
                    CPlace::Item(..) => return None,
                };
                if d.list_max.is_some() {
                    return None;
                }
                S::Put {
                    at,
                    lo: d.lo,
                    hi: d.hi,
                    op: *op,
                    e,
                }
            }
            CStmtKind::Choose {
                var,
                set,
                cond,
                twins,
                ..
            } if top => S::Choose {
                var: *var,
                set: self.set(set)?,
                cond: match cond {
                    Some(c) => Some(self.expr(c)?),
                    None => None,
                },
                twins: *twins,
            },
            CStmtKind::Roll(slot, lo, hi) if top => S::Roll(*slot, self.expr(lo)?, self.expr(hi)?),
            _ => return None,
        })
    }

    /// A set the interpreter loops over without building a list.
    fn set(&mut self, e: &CExpr) -> Option<SetI> {
        let inst = self.inst;
        Some(match e {
            CExpr::Ambient(Ambient::Pieces) if inst.present.iter().all(|&p| p) => {
                SetI::Upto(inst.pieces.len())
            }
            CExpr::Ambient(Ambient::Cells) => SetI::Upto((inst.rows * inst.cols).max(0) as usize),
            CExpr::Range(lo, hi) => SetI::Range(self.expr(lo)?, self.expr(hi)?),
            _ => return None,
        })
    }

    /// A scalar expression's code: flat code, or a leaf.
    fn expr(&mut self, e: &CExpr) -> Option<Vec<I>> {
        let inst = self.inst;
        Some(match e {
            CExpr::Flat(f) => fuse(f.ops.iter().map(|op| self.op(op)).collect::<Option<_>>()?),
            CExpr::Const(Val::S(n)) => vec![I::Const(*n)],
            CExpr::Local(slot) => vec![I::Local(*slot)],
            CExpr::Param(i) => match inst.params.get(*i)? {
                Val::S(n) => vec![I::Const(*n)],
                Val::L(_) => return None,
            },
            CExpr::Var(i) => {
                let (base, d) = *inst.layout.vars.get(*i)?;
                d.list_max.is_none().then(|| vec![I::Slot(base)])?
            }
            CExpr::Ambient(Ambient::Rows) => vec![I::Const(inst.rows)],
            CExpr::Ambient(Ambient::Cols) => vec![I::Const(inst.cols)],
            _ => return None,
        })
    }

    fn op(&mut self, op: &Op) -> Option<I> {
        let inst = self.inst;
        let l = &inst.layout;
        let scalar = |d: &super::super::program::Dom| d.list_max.is_none();
        Some(match op {
            Op::Const(n) => I::Const(*n),
            Op::Local(slot) => I::Local(*slot),
            Op::Param(i) => match inst.params.get(*i)? {
                Val::S(n) => I::Const(*n),
                Val::L(_) => return None,
            },
            Op::Var(i) => {
                let (base, d) = l.vars.get(*i)?;
                scalar(d).then_some(I::Slot(*base))?
            }
            Op::Field(f) => {
                let (base, d) = l.fields.get(*f)?;
                scalar(d).then_some(I::Field(*base))?
            }
            Op::LocalField(slot, f) => {
                let (base, d) = l.fields.get(*f)?;
                scalar(d).then_some(I::LocalField(*slot, *base))?
            }
            Op::Layer(i) => {
                let (base, d) = l.layers.get(*i)?;
                scalar(d).then(|| I::Layer(*base, inst.default_of(d)))?
            }
            Op::Cell => I::Cell,
            Op::CellPart(row) => I::CellPart(*row),
            Op::Rows => I::Const(inst.rows),
            Op::Cols => I::Const(inst.cols),
            Op::Moves => I::Moves,
            Op::Me => I::Me,
            Op::Opponent => I::Opponent,
            Op::Not => I::Not,
            Op::Neg => I::Neg,
            Op::Truth => I::Truth,
            Op::Bin(b, _) => I::Bin(*b),
            Op::BinLocals(b, x, y, _) => I::BinLocals(*b, *x, *y),
            Op::BinLocal(b, y, _) => I::BinLocal(*b, *y),
            Op::BinConst(b, c, _) => I::BinConst(*b, *c),
            Op::And(to) => I::And(*to),
            Op::Or(to) => I::Or(*to),
            Op::JumpIfZero(to) => I::JumpIfZero(*to),
            Op::Jump(to) => I::Jump(*to),
            Op::Advance => I::Advance,
            Op::Value => I::Value,
            Op::Abs(_) => I::Abs,
            Op::Min => I::Min,
            Op::Max => I::Max,
            Op::Step => I::Step,
            Op::Turn(k) => I::Turn(*k),
            Op::PlayerPiece => I::PlayerPiece,
            Op::Agg(a) => I::Agg(Box::new(self.agg(a)?)),
        })
    }

    fn agg(&mut self, a: &AggCode) -> Option<AggI> {
        Some(AggI {
            kind: a.kind,
            slot: a.slot,
            set: self.set(&a.set)?,
            body: fuse(a.body.iter().map(|op| self.op(op)).collect::<Option<_>>()?),
        })
    }
}

/// `code` with its commonest pairs of steps made one (a pair whose second
/// step no jump goes to), its jumps moved with them.
fn fuse(code: Vec<I>) -> Vec<I> {
    let target = |op: &I| match op {
        I::And(t) | I::Or(t) | I::JumpIfZero(t) | I::Jump(t) => Some(*t),
        _ => None,
    };
    let targets: Vec<usize> = code.iter().filter_map(target).collect();
    let mut out = Vec::with_capacity(code.len());
    // Each step's new index (a fused pair's second step: its first's).
    let mut at = vec![0usize; code.len() + 1];
    let mut i = 0;
    while i < code.len() {
        at[i] = out.len();
        let pair = match (&code[i], code.get(i + 1)) {
            _ if targets.contains(&(i + 1)) => None,
            (I::LocalField(s, b), Some(I::BinLocal(op, y))) => Some(I::FieldLocal(*op, *s, *b, *y)),
            (I::LocalField(s, b), Some(I::BinConst(op, k))) => Some(I::FieldConst(*op, *s, *b, *k)),
            (I::Local(x), Some(I::BinConst(op, k))) => Some(I::LocalConst(*op, *x, *k)),
            _ => None,
        };
        match pair {
            Some(op) => {
                at[i + 1] = out.len();
                out.push(op);
                i += 2;
            }
            None => {
                out.push(code[i].clone());
                i += 1;
            }
        }
    }
    at[code.len()] = out.len();
    for op in &mut out {
        if let I::And(t) | I::Or(t) | I::JumpIfZero(t) | I::Jump(t) = op {
            *t = at.get(*t).copied().unwrap_or(usize::MAX);
        }
    }
    out
}

/// `p op q` on integers (`None`: an overflow or a division by zero):
/// the one arithmetic of the interpreter (`scalar_op`, which tells the
/// two apart), the compiled turn and the compiled simulation. `and`/`or`
/// here are those of two values read already: code that must
/// short-circuit does so before it comes here.
#[inline(always)]
pub(crate) fn bin(op: BinOp, p: i64, q: i64) -> Option<i64> {
    Some(match op {
        BinOp::Eq => (p == q) as i64,
        BinOp::Ne => (p != q) as i64,
        BinOp::Lt => (p < q) as i64,
        BinOp::Le => (p <= q) as i64,
        BinOp::Gt => (p > q) as i64,
        BinOp::Ge => (p >= q) as i64,
        BinOp::Add => p.checked_add(q)?,
        BinOp::Sub => p.checked_sub(q)?,
        BinOp::Mul => p.checked_mul(q)?,
        BinOp::Div => p.checked_div(q)?,
        BinOp::Rem => p.checked_rem(q)?,
        BinOp::And => (p != 0 && q != 0) as i64,
        BinOp::Or => (p != 0 || q != 0) as i64,
    })
}

/// What code runs on: the position's slots and moves, the locals, the
/// turn's steps.
pub(super) struct Env<'a> {
    pub(super) code: &'a Code,
    pub(super) v: &'a [i64],
    pub(super) moves: u32,
    pub(super) f: &'a mut [i64],
    pub(super) steps: &'a mut u64,
}

/// Count a step as the interpreter does.
#[inline(always)]
pub(super) fn tick(steps: &mut u64) -> Result<(), Out> {
    *steps += 1;
    if *steps > TURN_STEPS {
        return Err(Out);
    }
    Ok(())
}

impl Env<'_> {
    /// The value of `code`, as `Run::ops` gives it.
    pub(super) fn eval(&mut self, code: &[I]) -> Result<i64, Out> {
        let c = self.code;
        let mut st = [0i64; DEPTH];
        let mut sp = 0usize;
        let mut pc = 0usize;
        macro_rules! pop {
            () => {{
                sp -= 1;
                st[sp]
            }};
        }
        let field = |v: &[i64], base: usize, p: i64| match usize::try_from(p) {
            Ok(p) if p < c.pieces => Ok(v[base + p]),
            _ => Err(Out),
        };
        while let Some(op) = code.get(pc) {
            pc += 1;
            let x = match op {
                I::Const(n) => *n,
                I::Local(slot) => self.f[*slot],
                I::Slot(slot) => self.v[*slot],
                I::Field(base) => {
                    let p = pop!();
                    field(self.v, *base, p)?
                }
                I::LocalField(slot, base) => field(self.v, *base, self.f[*slot])?,
                I::Layer(base, default) => {
                    let cell = pop!();
                    if cell >= 0 && cell < c.rows * c.cols {
                        self.v[base + cell as usize]
                    } else {
                        *default
                    }
                }
                I::Cell => {
                    let k = pop!();
                    let r = pop!();
                    if r < 0 || k < 0 || r >= c.rows || k >= c.cols {
                        -1
                    } else {
                        r * c.cols + k
                    }
                }
                I::CellPart(row) => {
                    let k = pop!();
                    let cols = c.cols.max(1);
                    if k < 0 {
                        -1
                    } else if *row {
                        k / cols
                    } else {
                        k % cols
                    }
                }
                I::Moves => i64::from(self.moves),
                I::Me => self.v[self.mover()],
                I::Opponent => 1 - self.v[self.mover()],
                I::Not => (pop!() == 0) as i64,
                I::Truth => (pop!() != 0) as i64,
                I::Neg => pop!().checked_neg().ok_or(Out)?,
                I::Bin(b) => {
                    let q = pop!();
                    let p = pop!();
                    bin(*b, p, q).ok_or(Out)?
                }
                I::BinLocals(b, x, y) => bin(*b, self.f[*x], self.f[*y]).ok_or(Out)?,
                I::BinLocal(b, y) => {
                    let p = pop!();
                    bin(*b, p, self.f[*y]).ok_or(Out)?
                }
                I::BinConst(b, k) => {
                    let p = pop!();
                    bin(*b, p, *k).ok_or(Out)?
                }
                I::FieldLocal(b, slot, base, y) => {
                    let x = field(self.v, *base, self.f[*slot])?;
                    bin(*b, x, self.f[*y]).ok_or(Out)?
                }
                I::FieldConst(b, slot, base, k) => {
                    let x = field(self.v, *base, self.f[*slot])?;
                    bin(*b, x, *k).ok_or(Out)?
                }
                I::LocalConst(b, x, k) => bin(*b, self.f[*x], *k).ok_or(Out)?,
                I::And(to) => {
                    if pop!() != 0 {
                        continue;
                    }
                    pc = *to;
                    0
                }
                I::Or(to) => {
                    if pop!() == 0 {
                        continue;
                    }
                    pc = *to;
                    1
                }
                I::JumpIfZero(to) => {
                    if pop!() == 0 {
                        pc = *to;
                    }
                    continue;
                }
                I::Jump(to) => {
                    pc = *to;
                    continue;
                }
                I::Advance => {
                    let n = pop!();
                    let s = pop!();
                    match &c.track {
                        Some(t) => t.advance(s.max(0) as usize, n.max(0) as u64) as i64,
                        None => s,
                    }
                }
                I::Value => {
                    let s = pop!();
                    c.track.as_ref().map_or(0, |t| {
                        if s >= 0 && (s as usize) < t.len() {
                            t.score(s as usize)
                        } else {
                            0
                        }
                    })
                }
                I::Abs => pop!().checked_abs().ok_or(Out)?,
                I::Min => {
                    let b = pop!();
                    pop!().min(b)
                }
                I::Max => {
                    let b = pop!();
                    pop!().max(b)
                }
                I::Step => {
                    let d = pop!();
                    let k = pop!();
                    let (dr, dc) = super::OFFSETS[d.clamp(0, 8) as usize];
                    if k < 0 {
                        -1
                    } else {
                        let (r, k) = (k / c.cols + dr, k % c.cols + dc);
                        if r < 0 || k < 0 || r >= c.rows || k >= c.cols {
                            -1
                        } else {
                            r * c.cols + k
                        }
                    }
                }
                I::Turn(k) => {
                    let d = pop!();
                    if (0..8).contains(&d) {
                        (d + k).rem_euclid(8)
                    } else {
                        8
                    }
                }
                I::PlayerPiece => {
                    let player = pop!();
                    usize::try_from(player)
                        .ok()
                        .and_then(|p| c.player_piece.get(p))
                        .copied()
                        .unwrap_or(-1)
                }
                I::Agg(a) => self.agg(a)?,
            };
            st[sp] = x;
            sp += 1;
        }
        Ok(st[0])
    }

    fn mover(&self) -> usize {
        self.code.mover
    }

    /// A set's first item and how many, as `Run::items` has them.
    pub(super) fn items(&mut self, set: &SetI) -> Result<(i64, usize), Out> {
        Ok(match set {
            SetI::Upto(n) => (0, *n),
            SetI::Range(lo, hi) => {
                let (lo, hi) = (self.eval(lo)?, self.eval(hi)?);
                if hi.saturating_sub(lo) > TURN_STEPS as i64 {
                    return Err(Out);
                }
                (lo, (i128::from(hi) - i128::from(lo) + 1).max(0) as usize)
            }
        })
    }

    fn agg(&mut self, a: &AggI) -> Result<i64, Out> {
        let (lo, n) = self.items(&a.set)?;
        let mut acc: Option<i64> = None;
        let mut count = 0i64;
        for k in 0..n {
            let x = lo + k as i64;
            tick(self.steps)?;
            self.f[a.slot] = x;
            let b = self.eval(&a.body)?;
            match a.kind {
                Agg::All if b == 0 => return Ok(0),
                Agg::Any if b != 0 => return Ok(1),
                Agg::Find if b != 0 => return Ok(x),
                Agg::Count if b != 0 => count += 1,
                Agg::Sum => count = count.checked_add(b).ok_or(Out)?,
                Agg::Max => acc = Some(acc.map_or(b, |m| m.max(b))),
                Agg::Min => acc = Some(acc.map_or(b, |m| m.min(b))),
                _ => {}
            }
        }
        Ok(match a.kind {
            Agg::All => 1,
            Agg::Any => 0,
            Agg::Find => -1,
            Agg::Count | Agg::Sum => count,
            _ => acc.ok_or(Out)?,
        })
    }
}
