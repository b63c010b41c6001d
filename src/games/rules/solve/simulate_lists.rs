//! `simulate_flat`'s lists and piece fields: list-valued locals, list
//! layers, vars and fields (a state list is its length slot, then its item
//! slots, the ones past the length 0), piece fields, `step`, `opposite`,
//! `left`, `right`, `len`, `index`, `contains`, `L[i]`, slices, `+`,
//! `reverse`, `push`, `pop`, and `for` over a list or `pieces`. Compiled
//! only for `simulate`'s stepper (the slim searches keep to scalars).
//!
//! A list local is a `Vec<i64>` kept across turns (no list is allocated per
//! turn); a list expression appends its items to a buffer. A list written to
//! the state is written in place, slot by slot, only the slots that change
//! journalled (a `pile[c] = pile[c][..i]` writes the dropped items' slots
//! and the length). Every list operation costs the turn at least the steps
//! the interpreter charges it, so a turn the stepper runs through is one the
//! interpreter finishes too; anything it would fail at (an index, a domain,
//! a list's `max`, an off-board write) leaves the turn to the interpreter.

use super::super::compile::OFFSETS;
use super::super::program::{Ambient, Builtin, CExpr, CPlace, CStmt, CStmtKind, Dom};
use super::super::run::TURN_STEPS;
use super::super::state::width;
use super::simulate_flat::{count_sets, get, run, Compiler, Ctx, Flow, St, E, O};
use crate::syntax::rules::{AssignOp, BinOp};
use std::cell::RefCell;
use std::rc::Rc;

/// A list expression: appends its items to `out` and returns the steps it
/// costs (each operation its result's length and one).
type Lb = Box<dyn Fn(&[i64], &[i64], &mut Vec<i64>) -> Option<u64>>;

/// A state place's base slot, from the position and the locals, computed
/// in place (no call).
enum At {
    /// A var's.
    Var(usize),
    /// A layer's cell: the layer's first slot, its width, the cells, the
    /// cell (off the board: `usize::MAX`).
    Layer(usize, usize, i64, O),
    /// A piece's field: the field's first slot, its width, the pieces, the
    /// piece (`None`: no piece).
    Field(usize, usize, i64, O),
}

impl At {
    #[inline(always)]
    fn get(&self, v: &[i64], f: &[i64]) -> Option<usize> {
        match self {
            At::Var(base) => Some(*base),
            At::Layer(base, w, cells, c) => {
                let c = get(c, v, f)?;
                Some(if c >= 0 && c < *cells {
                    base + c as usize * w
                } else {
                    usize::MAX
                })
            }
            At::Field(base, w, n, p) => {
                let p = get(p, v, f)?;
                (p >= 0 && p < *n).then(|| base + p as usize * w)
            }
        }
    }

    /// A state list written in place: its length slot and its length
    /// (within `max`); `None` (leave the turn) when no such list is there,
    /// a cell off the board included.
    #[inline(always)]
    fn list(&self, v: &[i64], f: &[i64], max: usize) -> Option<(usize, usize)> {
        let base = self.get(v, f)?;
        if base == usize::MAX {
            return None;
        }
        Some((base, v[base].clamp(0, max as i64) as usize))
    }
}

/// A var, a layer's cell or a piece's field, as an expression or a place
/// names it.
enum Slots<'e> {
    Var(usize),
    Layer(usize, &'e CExpr),
    Field(&'e CExpr, usize),
}

/// A state list's place and most items: [`Span::get`] gives its first item
/// slot and length (off the board: the empty list).
struct Span {
    at: At,
    max: i64,
}

impl Span {
    #[inline(always)]
    fn get(&self, v: &[i64], f: &[i64]) -> Option<(usize, usize)> {
        let base = self.at.get(v, f)?;
        if base == usize::MAX {
            return Some((0, 0));
        }
        Some((base + 1, v[base].clamp(0, self.max) as usize))
    }
}

/// Where a list is read in place: a state list's first item slot and
/// length, or a local.
enum Src {
    State(Span),
    Local(usize),
}

/// The list locals of a compiled turn, shared by its closures.
pub(super) struct Lists {
    locals: Rc<RefCell<Vec<Vec<i64>>>>,
    /// Which locals hold lists (`None`: not set yet).
    kinds: RefCell<Vec<Option<bool>>>,
    /// The present pieces, in order (`pieces`).
    pieces: Rc<[i64]>,
}

impl Lists {
    pub(super) fn new(frame: usize, present: &[bool]) -> Lists {
        Lists {
            locals: Rc::new(RefCell::new(vec![Vec::new(); frame])),
            kinds: RefCell::new(vec![None; frame]),
            pieces: (0..present.len())
                .filter(|&p| present[p])
                .map(|p| p as i64)
                .collect(),
        }
    }

    /// Whether local `slot` holds a list.
    pub(super) fn is_list(&self, slot: usize) -> bool {
        self.kinds.borrow().get(slot).copied().flatten() == Some(true)
    }

    /// Mark local `slot` as holding a list or not; `None`: it held the other.
    fn mark(&self, slot: usize, list: bool) -> Option<()> {
        let mut k = self.kinds.borrow_mut();
        match k.get_mut(slot)? {
            Some(was) if *was != list => None,
            x => {
                *x = Some(list);
                Some(())
            }
        }
    }
}

/// Charge `n` steps; past the interpreter's cap, leave the turn.
macro_rules! charge {
    ($c:expr, $n:expr) => {
        $c.steps = $c.steps.saturating_add($n);
        if $c.steps > TURN_STEPS {
            return Flow::Out;
        }
    };
}

macro_rules! out {
    ($e:expr) => {
        match $e {
            Some(x) => x,
            None => return Flow::Out,
        }
    };
}

impl Compiler<'_> {
    fn lists(&self) -> Option<&Lists> {
        self.lists.as_ref()
    }

    /// Whether `e` is list-valued (`None`: not known here).
    fn is_list(&self, e: &CExpr) -> Option<bool> {
        let l = &self.inst.layout;
        Some(match e {
            CExpr::Flat(f) => self.is_list(&f.tree)?,
            CExpr::Local(slot) => self.lists()?.is_list(*slot),
            CExpr::Var(i) => l.vars.get(*i)?.1.list_max.is_some(),
            CExpr::Layer(i, _) => l.layers.get(*i)?.1.list_max.is_some(),
            CExpr::Field(_, f) => l.fields.get(*f)?.1.list_max.is_some(),
            CExpr::Slice(..) | CExpr::List(_) | CExpr::Call(Builtin::Reverse, ..) => true,
            CExpr::Bin(BinOp::Add, a, _, _) => self.is_list(a)?,
            CExpr::Ambient(Ambient::Pieces) => true,
            _ => false,
        })
    }

    /// A state list's slots: its length slot, from the place's base.
    fn state_base(&self, e: &CExpr) -> Option<(At, Dom)> {
        let (at, d) = match e {
            CExpr::Var(i) => self.base(Slots::Var(*i))?,
            CExpr::Layer(i, c) => self.base(Slots::Layer(*i, c))?,
            CExpr::Field(p, f) => self.base(Slots::Field(p, *f))?,
            _ => return None,
        };
        d.list_max?;
        Some((at, d))
    }

    /// The base slot of a var, a layer's cell (`usize::MAX`: off the
    /// board) or a piece's field, and its domain.
    fn base(&self, s: Slots<'_>) -> Option<(At, Dom)> {
        let inst = self.inst;
        let l = &inst.layout;
        let cells = inst.rows * inst.cols;
        Some(match s {
            Slots::Var(i) => {
                let (base, d) = *l.vars.get(i)?;
                (At::Var(base), d)
            }
            Slots::Layer(i, c) => {
                let (base, d) = *l.layers.get(i)?;
                // Off the board: `usize::MAX`, read as the empty list.
                (At::Layer(base, width(&d), cells, self.opd(c)?), d)
            }
            Slots::Field(p, f) => {
                let (base, d) = *l.fields.get(f)?;
                let n = inst.pieces.len() as i64;
                (At::Field(base, width(&d), n, self.opd(p)?), d)
            }
        })
    }

    /// A list read in place.
    fn src(&self, e: &CExpr) -> Option<Src> {
        if let CExpr::Flat(f) = e {
            return self.src(&f.tree);
        }
        if let CExpr::Local(slot) = e {
            return self.lists()?.is_list(*slot).then_some(Src::Local(*slot));
        }
        let (at, d) = self.state_base(e)?;
        let max = d.list_max? as i64;
        Some(Src::State(Span { at, max }))
    }

    /// A scalar expression over lists, fields and directions (the ones
    /// `Compiler::call` leaves here).
    pub(super) fn list_call(&self, e: &CExpr) -> Option<E> {
        let lists = self.lists()?;
        let inst = self.inst;
        let (rows, cols) = (inst.rows, inst.cols);
        Some(match e {
            CExpr::Field(p, f) => {
                let (base, d) = *inst.layout.fields.get(*f)?;
                if d.list_max.is_some() {
                    return None;
                }
                let (p, n) = (self.opd(p)?, inst.pieces.len() as i64);
                Box::new(move |v: &[i64], f: &[i64]| {
                    let p = get(&p, v, f)?;
                    (p >= 0 && p < n).then(|| v[base + p as usize])
                })
            }
            CExpr::Call(Builtin::Step, args, _) if args.len() == 2 => {
                let (c, d) = (self.opd(&args[0])?, self.opd(&args[1])?);
                if cols <= 0 {
                    return None;
                }
                Box::new(move |v: &[i64], f: &[i64]| {
                    let (c, d) = (get(&c, v, f)?, get(&d, v, f)?);
                    if c < 0 {
                        return Some(-1);
                    }
                    let (dr, dc) = OFFSETS[d.clamp(0, 8) as usize];
                    let (r, k) = (c / cols + dr, c % cols + dc);
                    Some(if r < 0 || k < 0 || r >= rows || k >= cols {
                        -1
                    } else {
                        r * cols + k
                    })
                })
            }
            CExpr::Call(b @ (Builtin::Opposite | Builtin::Left | Builtin::Right), args, _)
                if args.len() == 1 =>
            {
                let d = self.opd(&args[0])?;
                let k = match b {
                    Builtin::Opposite => 4,
                    Builtin::Left => -2,
                    _ => 2,
                };
                Box::new(move |v: &[i64], f: &[i64]| {
                    let d = get(&d, v, f)?;
                    Some(if (0..8).contains(&d) {
                        (d + k).rem_euclid(8)
                    } else {
                        8
                    })
                })
            }
            CExpr::Call(Builtin::Len, args, _) if args.len() == 1 => match self.src(&args[0])? {
                Src::State(at) => {
                    Box::new(move |v: &[i64], f: &[i64]| Some(at.get(v, f)?.1 as i64))
                }
                Src::Local(slot) => {
                    let locals = lists.locals.clone();
                    Box::new(move |_: &[i64], _: &[i64]| Some(locals.borrow()[slot].len() as i64))
                }
            },
            CExpr::Call(b @ (Builtin::Index | Builtin::Contains), args, _) if args.len() == 2 => {
                if self.is_list(&args[1])? {
                    return None;
                }
                let x = self.opd(&args[1])?;
                let index = *b == Builtin::Index;
                let answer = move |at: Option<usize>| {
                    if index {
                        at.map_or(-1, |i| i as i64)
                    } else {
                        at.is_some() as i64
                    }
                };
                match self.src(&args[0])? {
                    Src::State(at) => Box::new(move |v: &[i64], f: &[i64]| {
                        let (first, n) = at.get(v, f)?;
                        let x = get(&x, v, f)?;
                        Some(answer(v[first..first + n].iter().position(|&y| y == x)))
                    }),
                    Src::Local(slot) => {
                        let locals = lists.locals.clone();
                        Box::new(move |v: &[i64], f: &[i64]| {
                            let x = get(&x, v, f)?;
                            Some(answer(locals.borrow()[slot].iter().position(|&y| y == x)))
                        })
                    }
                }
            }
            CExpr::Index(list, i, _) => {
                let i = self.opd(i)?;
                match self.src(list)? {
                    Src::State(at) => Box::new(move |v: &[i64], f: &[i64]| {
                        let (first, n) = at.get(v, f)?;
                        let i = get(&i, v, f)?;
                        (i >= 0 && (i as usize) < n).then(|| v[first + i as usize])
                    }),
                    Src::Local(slot) => {
                        let locals = lists.locals.clone();
                        Box::new(move |v: &[i64], f: &[i64]| {
                            let i = get(&i, v, f)?;
                            let l = locals.borrow();
                            let l = &l[slot];
                            (i >= 0 && (i as usize) < l.len()).then(|| l[i as usize])
                        })
                    }
                }
            }
            _ => return None,
        })
    }

    /// A list expression (of scalars).
    fn list(&self, e: &CExpr) -> Option<Lb> {
        let lists = self.lists()?;
        Some(match e {
            CExpr::Flat(f) => return self.list(&f.tree),
            CExpr::Local(_) | CExpr::Var(_) | CExpr::Layer(..) | CExpr::Field(..) => {
                match self.src(e)? {
                    Src::State(at) => Box::new(move |v: &[i64], f: &[i64], out: &mut Vec<i64>| {
                        let (first, n) = at.get(v, f)?;
                        out.extend_from_slice(&v[first..first + n]);
                        Some(n as u64 + 1)
                    }),
                    Src::Local(slot) => {
                        let locals = lists.locals.clone();
                        Box::new(move |_: &[i64], _: &[i64], out: &mut Vec<i64>| {
                            let l = locals.borrow();
                            out.extend_from_slice(&l[slot]);
                            Some(l[slot].len() as u64 + 1)
                        })
                    }
                }
            }
            CExpr::Ambient(Ambient::Pieces) => {
                let pieces = lists.pieces.clone();
                Box::new(move |_: &[i64], _: &[i64], out: &mut Vec<i64>| {
                    out.extend_from_slice(&pieces);
                    Some(pieces.len() as u64 + 1)
                })
            }
            CExpr::List(items) => {
                let items = items
                    .iter()
                    .map(|x| (!self.is_list(x)?).then(|| self.opd(x)).flatten())
                    .collect::<Option<Vec<O>>>()?;
                Box::new(move |v: &[i64], f: &[i64], out: &mut Vec<i64>| {
                    for x in &items {
                        out.push(get(x, v, f)?);
                    }
                    Some(items.len() as u64 + 1)
                })
            }
            CExpr::Bin(BinOp::Add, a, b, _) if self.is_list(b)? => {
                let (a, b) = (self.list(a)?, self.list(b)?);
                Box::new(move |v: &[i64], f: &[i64], out: &mut Vec<i64>| {
                    let start = out.len();
                    let n = a(v, f, out)? + b(v, f, out)?;
                    Some(n + (out.len() - start) as u64 + 1)
                })
            }
            CExpr::Call(Builtin::Reverse, args, _) if args.len() == 1 => {
                let a = self.list(&args[0])?;
                Box::new(move |v: &[i64], f: &[i64], out: &mut Vec<i64>| {
                    let start = out.len();
                    let n = a(v, f, out)?;
                    out[start..].reverse();
                    Some(n + 1)
                })
            }
            CExpr::Slice(list, lo, hi, _) => {
                let lo = match lo {
                    Some(x) => Some(self.opd(x)?),
                    None => None,
                };
                let hi = match hi {
                    Some(x) => Some(self.opd(x)?),
                    None => None,
                };
                let bounds = move |v: &[i64], f: &[i64], n: usize| -> Option<(usize, usize)> {
                    let n = n as i64;
                    let lo = match &lo {
                        Some(x) => get(x, v, f)?,
                        None => 0,
                    };
                    let hi = match &hi {
                        Some(x) => get(x, v, f)?,
                        None => n,
                    };
                    (lo >= 0 && hi <= n && lo <= hi).then_some((lo as usize, hi as usize))
                };
                match self.src(list) {
                    Some(Src::State(at)) => {
                        Box::new(move |v: &[i64], f: &[i64], out: &mut Vec<i64>| {
                            let (first, n) = at.get(v, f)?;
                            let (lo, hi) = bounds(v, f, n)?;
                            out.extend_from_slice(&v[first + lo..first + hi]);
                            Some((hi - lo) as u64 + 1)
                        })
                    }
                    Some(Src::Local(slot)) => {
                        let locals = lists.locals.clone();
                        Box::new(move |v: &[i64], f: &[i64], out: &mut Vec<i64>| {
                            let l = locals.borrow();
                            let (lo, hi) = bounds(v, f, l[slot].len())?;
                            out.extend_from_slice(&l[slot][lo..hi]);
                            // The interpreter charges the local's copy too.
                            Some((hi - lo) as u64 + l[slot].len() as u64 + 2)
                        })
                    }
                    None => {
                        let a = self.list(list)?;
                        Box::new(move |v: &[i64], f: &[i64], out: &mut Vec<i64>| {
                            let start = out.len();
                            let n = a(v, f, out)?;
                            let (lo, hi) = bounds(v, f, out.len() - start)?;
                            out.copy_within(start + lo..start + hi, start);
                            out.truncate(start + hi - lo);
                            Some(n + (hi - lo) as u64 + 1)
                        })
                    }
                }
            }
            _ => return None,
        })
    }

    /// A statement on lists or fields: `Some` (compiled, or `None` when it
    /// cannot be) for the ones this module takes, `None` for the others.
    pub(super) fn list_stmt(&self, s: &CStmt) -> Option<Option<St>> {
        let lists = self.lists()?;
        Some(match &s.kind {
            CStmtKind::Let(slot, e) if self.is_list(e)? => self.set_local(lists, *slot, e),
            CStmtKind::Let(slot, _) => {
                // A scalar local (refused where it also holds a list).
                return lists.mark(*slot, false).is_none().then_some(None);
            }
            CStmtKind::Assign(CPlace::Local(slot), op, e) if lists.is_list(*slot) => {
                if *op != AssignOp::Set {
                    return Some(None);
                }
                self.set_local(lists, *slot, e)
            }
            CStmtKind::Assign(
                p @ (CPlace::Var(_) | CPlace::Layer(..) | CPlace::Field(..)),
                op,
                e,
            ) => {
                let (at, d) = self.place(p)?;
                if d.list_max.is_some() {
                    if *op != AssignOp::Set {
                        return Some(None);
                    }
                    match self.in_place(p, d, e) {
                        Some(st) => Some(st),
                        None => self.write_list(at, d, e),
                    }
                } else if let CPlace::Field(..) = p {
                    self.write_field(at, d, *op, e)
                } else {
                    return None;
                }
            }
            CStmtKind::For {
                var,
                set,
                cond,
                body,
            } if !matches!(set, CExpr::Range(..) | CExpr::Ambient(Ambient::Cells)) => {
                lists.mark(*var, false)?;
                self.for_list(*var, set, cond, body)
            }
            CStmtKind::Push { front, list, value } => self.push(*front, list, value),
            CStmtKind::Pop { front, list } => self.pop(*front, list),
            _ => return None,
        })
    }

    /// A state place's base slot (`usize::MAX`: off the board) and domain.
    fn place(&self, p: &CPlace) -> Option<(At, Dom)> {
        match p {
            CPlace::Var(i) => self.base(Slots::Var(*i)),
            CPlace::Layer(i, c) => self.base(Slots::Layer(*i, c)),
            CPlace::Field(p, f) => self.base(Slots::Field(p, *f)),
            _ => None,
        }
    }

    /// `let L = …` / `L = …` of a list local.
    fn set_local(&self, lists: &Lists, slot: usize, e: &CExpr) -> Option<St> {
        lists.mark(slot, true)?;
        let b = self.list(e)?;
        let locals = lists.locals.clone();
        let scratch = RefCell::new(Vec::new());
        Some(Box::new(move |c: &mut Ctx, v: &mut [i64]| {
            let mut buf = std::mem::take(&mut *scratch.borrow_mut());
            buf.clear();
            let n = out!(b(v, &c.frame, &mut buf));
            charge!(c, n);
            if buf.len() > crate::limits::RULES_LIST_ITEMS {
                return Flow::Out;
            }
            std::mem::swap(&mut locals.borrow_mut()[slot], &mut buf);
            *scratch.borrow_mut() = buf;
            Flow::Go
        }))
    }

    /// `P = …` of a state list, slot by slot.
    fn write_list(&self, at: At, d: Dom, e: &CExpr) -> Option<St> {
        let b = self.list(e)?;
        let max = d.list_max?;
        let scratch = RefCell::new(Vec::new());
        Some(Box::new(move |c: &mut Ctx, v: &mut [i64]| {
            let mut buf = std::mem::take(&mut *scratch.borrow_mut());
            buf.clear();
            let n = out!(b(v, &c.frame, &mut buf));
            charge!(c, n);
            let base = out!(at.get(v, &c.frame));
            let flow = store_list(c, v, base, &d, max, &buf);
            *scratch.borrow_mut() = buf;
            flow
        }))
    }

    /// `P = P[..hi]` (the items past `hi` dropped) and `P = P + X` (`X`'s
    /// items put after the last): the state list edited in place, the items
    /// it keeps neither copied nor compared. The steps charged, the checks
    /// and the slots written are [`Compiler::write_list`]'s.
    fn in_place(&self, p: &CPlace, d: Dom, e: &CExpr) -> Option<St> {
        let max = d.list_max?;
        let (at, _) = self.place(p)?;
        match strip(e) {
            CExpr::Slice(list, None, Some(hi), _) if same(p, list) => {
                let hi = self.opd(hi)?;
                Some(Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                    let (base, n) = out!(at.list(v, &c.frame, max));
                    let hi = out!(get(&hi, v, &c.frame));
                    if hi < 0 || hi as usize > n {
                        return Flow::Out;
                    }
                    let hi = hi as usize;
                    charge!(c, hi as u64 + 1);
                    let kept = &v[base + 1..base + 1 + hi];
                    if kept.iter().any(|&x| x < d.lo || x > d.hi) {
                        return Flow::Out;
                    }
                    for k in hi..n {
                        if v[base + 1 + k] != 0 {
                            out!(c.put(v, base + 1 + k, 0));
                        }
                    }
                    if v[base] != hi as i64 {
                        out!(c.put(v, base, hi as i64));
                    }
                    Flow::Go
                }))
            }
            CExpr::Bin(BinOp::Add, a, b, _) if same(p, a) && self.is_list(b)? => {
                if let CExpr::Local(slot) = strip(b) {
                    // `P = P + L` of a list local: `L`'s items read where
                    // they are (no copy).
                    let (slot, locals) = (*slot, self.lists()?.locals.clone());
                    self.lists()?.is_list(slot).then_some(())?;
                    return Some(Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                        let (base, n) = out!(at.list(v, &c.frame, max));
                        let l = locals.borrow();
                        let items = &l[slot];
                        append_items(c, v, base, n, &d, max, items, items.len() as u64 + 1)
                    }));
                }
                let b = self.list(b)?;
                let scratch = RefCell::new(Vec::new());
                Some(Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                    let (base, n) = out!(at.list(v, &c.frame, max));
                    let mut buf = std::mem::take(&mut *scratch.borrow_mut());
                    buf.clear();
                    let flow = append(c, v, base, n, &d, max, &b, &mut buf);
                    *scratch.borrow_mut() = buf;
                    flow
                }))
            }
            _ => None,
        }
    }

    /// `p.f = …`, `p.f += …` of a scalar field.
    fn write_field(&self, at: At, d: Dom, op: AssignOp, e: &CExpr) -> Option<St> {
        if self.is_list(e)? {
            return None;
        }
        let e = self.opd(e)?;
        Some(Box::new(move |c: &mut Ctx, v: &mut [i64]| {
            let x = out!(get(&e, v, &c.frame));
            let slot = out!(at.get(v, &c.frame));
            let x = out!(match op {
                AssignOp::Set => Some(x),
                AssignOp::Add => v[slot].checked_add(x),
                _ => v[slot].checked_sub(x),
            });
            if x < d.lo || x > d.hi {
                return Flow::Out;
            }
            if v[slot] != x {
                out!(c.put(v, slot, x));
            }
            Flow::Go
        }))
    }

    /// `for x in LIST` (`pieces`, a list expression).
    fn for_list(
        &self,
        var: usize,
        set: &CExpr,
        cond: &Option<CExpr>,
        body: &[CStmt],
    ) -> Option<St> {
        if let CExpr::Local(slot) = strip(set) {
            if self.lists()?.is_list(*slot) {
                let mut sets = Vec::new();
                count_sets(body, &mut sets);
                if sets.get(*slot).copied().unwrap_or(0) == 0 {
                    return self.for_local(var, *slot, cond, body);
                }
            }
        }
        let b = self.list(set)?;
        // `pieces` costs the interpreter no steps; any other list at least
        // what `b` says.
        let free = matches!(set, CExpr::Ambient(Ambient::Pieces));
        let (cond, body) = (self.cond(cond)?, self.block(body)?);
        let scratch = RefCell::new(Vec::new());
        Some(Box::new(move |c: &mut Ctx, v: &mut [i64]| {
            let mut items = std::mem::take(&mut *scratch.borrow_mut());
            items.clear();
            let n = out!(b(v, &c.frame, &mut items));
            if !free {
                charge!(c, n);
            }
            let mut flow = Flow::Go;
            for &x in &items {
                c.steps += 1;
                if c.steps > TURN_STEPS {
                    flow = Flow::Out;
                    break;
                }
                c.frame[var] = x;
                if let Some(k) = &cond {
                    match get(k, v, &c.frame) {
                        Some(0) => continue,
                        Some(_) => {}
                        None => {
                            flow = Flow::Out;
                            break;
                        }
                    }
                }
                match run(&body, c, v) {
                    Flow::Go | Flow::Next => {}
                    Flow::Break => break,
                    Flow::Out => {
                        flow = Flow::Out;
                        break;
                    }
                }
            }
            *scratch.borrow_mut() = items;
            flow
        }))
    }

    /// `for x in L` of a list local that the body does not set: its items
    /// read where they are, one at a time (no copy); the steps charged are
    /// [`Compiler::for_list`]'s.
    fn for_local(
        &self,
        var: usize,
        slot: usize,
        cond: &Option<CExpr>,
        body: &[CStmt],
    ) -> Option<St> {
        let locals = self.lists()?.locals.clone();
        let (cond, body) = (self.cond(cond)?, self.block(body)?);
        Some(Box::new(move |c: &mut Ctx, v: &mut [i64]| {
            let n = locals.borrow()[slot].len();
            charge!(c, n as u64 + 1);
            for k in 0..n {
                charge!(c, 1);
                // The body sets no item of the list (nor the list).
                c.frame[var] = locals.borrow()[slot][k];
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
        }))
    }

    /// `push L, x` / `push front L, x`.
    fn push(&self, front: bool, list: &CPlace, value: &CExpr) -> Option<St> {
        if self.is_list(value)? {
            return None;
        }
        let x = self.opd(value)?;
        self.edit(list, move |v, f, items| {
            let x = get(&x, v, f)?;
            if front {
                items.insert(0, x);
            } else {
                items.push(x);
            }
            Some(())
        })
    }

    /// `pop L` / `pop front L`.
    fn pop(&self, front: bool, list: &CPlace) -> Option<St> {
        self.edit(list, move |_, _, items| {
            if items.is_empty() {
                return None;
            }
            if front {
                items.remove(0);
            } else {
                items.pop();
            }
            Some(())
        })
    }

    /// A statement that edits a list in place (a local, or a state list
    /// read, edited and written back slot by slot).
    fn edit(
        &self,
        list: &CPlace,
        f: impl Fn(&[i64], &[i64], &mut Vec<i64>) -> Option<()> + 'static,
    ) -> Option<St> {
        let lists = self.lists()?;
        if let CPlace::Local(slot) = list {
            let slot = *slot;
            if !lists.is_list(slot) {
                return None;
            }
            let locals = lists.locals.clone();
            return Some(Box::new(move |c: &mut Ctx, v: &mut [i64]| {
                let mut l = std::mem::take(&mut locals.borrow_mut()[slot]);
                let ok = f(v, &c.frame, &mut l);
                locals.borrow_mut()[slot] = l;
                out!(ok);
                Flow::Go
            }));
        }
        let (at, d) = self.place(list)?;
        let max = d.list_max?;
        let scratch = RefCell::new(Vec::new());
        Some(Box::new(move |c: &mut Ctx, v: &mut [i64]| {
            let base = out!(at.get(v, &c.frame));
            if base == usize::MAX {
                return Flow::Out;
            }
            let mut items = std::mem::take(&mut *scratch.borrow_mut());
            items.clear();
            let n = v[base].clamp(0, max as i64) as usize;
            items.extend_from_slice(&v[base + 1..base + 1 + n]);
            let flow = match f(v, &c.frame, &mut items) {
                Some(()) => store_list(c, v, base, &d, max, &items),
                None => Flow::Out,
            };
            *scratch.borrow_mut() = items;
            flow
        }))
    }
}

/// `P = P + X` of [`Compiler::in_place`]: the state list at `base` holds
/// `n` items; `b` gives `X`'s items into `buf`.
#[allow(clippy::too_many_arguments)]
fn append(
    c: &mut Ctx,
    v: &mut [i64],
    base: usize,
    n: usize,
    d: &Dom,
    max: usize,
    b: &Lb,
    buf: &mut Vec<i64>,
) -> Flow {
    let nb = out!(b(v, &c.frame, buf));
    append_items(c, v, base, n, d, max, buf, nb)
}

/// [`append`] of `buf`, `X`'s items (`nb`: the steps reading `X` costs).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn append_items(
    c: &mut Ctx,
    v: &mut [i64],
    base: usize,
    n: usize,
    d: &Dom,
    max: usize,
    buf: &[i64],
    nb: u64,
) -> Flow {
    // `P + X` as a list expression: P's read, X's, the sum's items, one.
    charge!(c, (n as u64 + 1) + nb + (n + buf.len()) as u64 + 1);
    if n + buf.len() > max {
        return Flow::Out;
    }
    let kept = &v[base + 1..base + 1 + n];
    if kept.iter().chain(buf.iter()).any(|&x| x < d.lo || x > d.hi) {
        return Flow::Out;
    }
    for (k, &x) in buf.iter().enumerate() {
        if v[base + 1 + n + k] != x {
            out!(c.put(v, base + 1 + n + k, x));
        }
    }
    let len = (n + buf.len()) as i64;
    if v[base] != len {
        out!(c.put(v, base, len));
    }
    Flow::Go
}

/// `e` without its flat code's wrapper.
fn strip(e: &CExpr) -> &CExpr {
    match e {
        CExpr::Flat(f) => strip(&f.tree),
        _ => e,
    }
}

/// Whether expression `e` reads the state list place `p` writes: the same
/// var, or the same layer or field at the same local (expressions write
/// nothing, so the local holds the same value at both).
fn same(p: &CPlace, e: &CExpr) -> bool {
    let local = |a: &CExpr, b: &CExpr| matches!((strip(a), strip(b)), (CExpr::Local(x), CExpr::Local(y)) if x == y);
    match (p, strip(e)) {
        (CPlace::Var(i), CExpr::Var(j)) => i == j,
        (CPlace::Layer(i, c), CExpr::Layer(j, k)) => i == j && local(c, k),
        (CPlace::Field(q, f), CExpr::Field(r, g)) => f == g && local(q, r),
        _ => false,
    }
}

/// Write `items` to the state list at `base` (`usize::MAX`: off the board,
/// the interpreter's error), as the interpreter's store leaves it: the
/// length, the items, 0 past them; only changed slots written.
fn store_list(c: &mut Ctx, v: &mut [i64], base: usize, d: &Dom, max: usize, items: &[i64]) -> Flow {
    if base == usize::MAX || items.len() > max {
        return Flow::Out;
    }
    if items.iter().any(|&x| x < d.lo || x > d.hi) {
        return Flow::Out;
    }
    let old = v[base].clamp(0, max as i64) as usize;
    for (k, &x) in items.iter().enumerate() {
        if v[base + 1 + k] != x {
            out!(c.put(v, base + 1 + k, x));
        }
    }
    for k in items.len()..old {
        if v[base + 1 + k] != 0 {
            out!(c.put(v, base + 1 + k, 0));
        }
    }
    let n = items.len() as i64;
    if v[base] != n {
        out!(c.put(v, base, n));
    }
    Flow::Go
}
