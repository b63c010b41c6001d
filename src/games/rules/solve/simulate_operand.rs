//! The operands of `simulate_flat`'s closures: the leaves (a constant, a
//! local, a slot, a scalar layer's cell at a local), an operator on two
//! leaves and a layer's cell or a piece's field at a leaf, all applied in
//! place by [`get`] where the closure reads them — a call only for the
//! rest. A loop of a simulation reads mostly these (BOJ 20055's `(p + base)
//! % cols`, `not robot[ahead]`; stacking's `p.at`, `colour[to] == red`).

use crate::games::rules::run::bin;
use crate::syntax::rules::BinOp;

/// A scalar expression compiled to a closure over the position's slots
/// and the locals; `None`: leave the turn to the interpreter.
pub(super) type E = Box<dyn Fn(&[i64], &[i64]) -> Option<i64>>;

/// An operand: the common leaves read in place, an operator on two leaves
/// and a scalar layer's cell at a leaf applied in place (no call), anything
/// else called.
pub(super) enum O {
    Const(i64),
    Local(usize),
    Slot(usize),
    /// `a OP b` of two leaves.
    Bin(BinOp, L, L),
    /// `(a OP b) OP2 c` of three leaves (`(p + base) % cols`, `p + 1 +
    /// base`): the inner operation first, as the interpreter does.
    Bin3(BinOp, L, L, BinOp, L),
    /// A scalar layer's cell at a leaf: the layer's first slot, the cells,
    /// the value off the board.
    Layer(usize, i64, i64, L),
    /// A scalar field of the piece at a leaf: the field's first slot, the
    /// pieces (no piece: left to the interpreter).
    Field(usize, i64, L),
    Call(E),
}

/// A leaf operand: a constant, a local, a slot, or a scalar layer's cell
/// at a local (the layer's first slot, the cells, the value off the board,
/// the local).
#[derive(Clone, Copy)]
pub(super) enum L {
    Const(i64),
    Local(usize),
    Slot(usize),
    Layer(usize, i64, i64, usize),
}

#[inline(always)]
fn leaf(l: &L, v: &[i64], f: &[i64]) -> i64 {
    match l {
        L::Const(n) => *n,
        L::Local(slot) => f[*slot],
        L::Slot(slot) => v[*slot],
        L::Layer(base, cells, def, slot) => {
            let c = f[*slot];
            if c >= 0 && c < *cells {
                v[base + c as usize]
            } else {
                *def
            }
        }
    }
}

#[inline(always)]
pub(super) fn get(o: &O, v: &[i64], f: &[i64]) -> Option<i64> {
    match o {
        O::Const(n) => Some(*n),
        O::Local(slot) => Some(f[*slot]),
        O::Slot(slot) => Some(v[*slot]),
        O::Bin(op, a, b) => bin(*op, leaf(a, v, f), leaf(b, v, f)),
        O::Bin3(op, a, b, op2, c) => {
            bin(*op2, bin(*op, leaf(a, v, f), leaf(b, v, f))?, leaf(c, v, f))
        }
        O::Layer(base, cells, def, c) => {
            let c = leaf(c, v, f);
            Some(if c >= 0 && c < *cells {
                v[base + c as usize]
            } else {
                *def
            })
        }
        O::Field(base, n, p) => {
            let p = leaf(p, v, f);
            (p >= 0 && p < *n).then(|| v[base + p as usize])
        }
        O::Call(e) => e(v, f),
    }
}
