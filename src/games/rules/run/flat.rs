//! Running flat code ([`crate::games::rules::flat`]): the same values,
//! errors and steps as [`Run::int`] on the expression's tree.

use super::{err, scalar_op, Run, R};
use crate::games::rules::compile::OFFSETS;
use crate::games::rules::flat::{AggCode, Flat, Op, DEPTH};
use crate::games::rules::model::RunErrorKind;
use crate::games::rules::program::Val;
use crate::syntax::rules::Agg;

impl Run<'_> {
    /// Whether the locals and params `f` reads as integers hold integers.
    #[inline]
    pub(super) fn flat_ready(&self, f: &Flat) -> bool {
        f.locals
            .iter()
            .all(|&s| matches!(self.frame.get(s), Some(Val::S(_))))
            && f.params
                .iter()
                .all(|&i| matches!(self.inst.params.get(i), Some(Val::S(_))))
    }

    /// `f`'s value: its code, or its tree when it is not ready.
    pub(super) fn flat(&mut self, f: &Flat) -> R<i64> {
        if self.flat_ready(f) {
            self.ops(&f.ops)
        } else {
            self.int(&f.tree)
        }
    }

    fn ops(&mut self, code: &[Op]) -> R<i64> {
        let mut st = [0i64; DEPTH];
        let mut sp = 0usize;
        let mut pc = 0usize;
        macro_rules! pop {
            () => {{
                sp -= 1;
                st[sp]
            }};
        }
        while let Some(op) = code.get(pc) {
            pc += 1;
            let v = match op {
                Op::Const(n) => *n,
                Op::Local(slot) => self.frame[*slot].s(),
                Op::Param(i) => self.inst.params[*i].s(),
                Op::Var(i) => self.read(self.inst.layout.vars[*i].0),
                Op::Field(f) => {
                    let piece = pop!();
                    self.scalar_field(piece, *f)?
                }
                Op::LocalField(slot, f) => self.scalar_field(self.frame[*slot].s(), *f)?,
                Op::BinLocals(op, a, b, span) => {
                    scalar_op(*op, self.frame[*a].s(), self.frame[*b].s(), *span)?
                }
                Op::BinLocal(op, b, span) => {
                    let p = pop!();
                    scalar_op(*op, p, self.frame[*b].s(), *span)?
                }
                Op::BinConst(op, c, span) => {
                    let p = pop!();
                    scalar_op(*op, p, *c, *span)?
                }
                Op::Layer(l) => {
                    let cell = pop!();
                    match self.layer_slot(*l, cell) {
                        Some((base, _)) => self.read(base),
                        None => self.inst.default_of(&self.inst.layout.layers[*l].1),
                    }
                }
                Op::Cell => {
                    let c = pop!();
                    let r = pop!();
                    if r < 0 || c < 0 || r >= self.inst.rows || c >= self.inst.cols {
                        -1
                    } else {
                        r * self.inst.cols + c
                    }
                }
                Op::CellPart(row) => {
                    let c = pop!();
                    let cols = self.inst.cols.max(1);
                    if c < 0 {
                        -1
                    } else if *row {
                        c / cols
                    } else {
                        c % cols
                    }
                }
                Op::Rows => self.inst.rows,
                Op::Cols => self.inst.cols,
                Op::Moves => self.st.moves as i64,
                Op::Me => self.st.v[self.inst.layout.mover],
                Op::Opponent => 1 - self.st.v[self.inst.layout.mover],
                Op::Not => (pop!() == 0) as i64,
                Op::Truth => (pop!() != 0) as i64,
                Op::Neg => pop!().checked_neg().ok_or_else(|| {
                    err(
                        RunErrorKind::Overflow,
                        "an integer overflows 64 bits",
                        self.span,
                    )
                })?,
                Op::Bin(op, span) => {
                    let q = pop!();
                    let p = pop!();
                    scalar_op(*op, p, q, *span)?
                }
                Op::And(to) => {
                    if pop!() != 0 {
                        continue;
                    }
                    pc = *to;
                    0
                }
                Op::Or(to) => {
                    if pop!() == 0 {
                        continue;
                    }
                    pc = *to;
                    1
                }
                Op::JumpIfZero(to) => {
                    if pop!() == 0 {
                        pc = *to;
                    }
                    continue;
                }
                Op::Jump(to) => {
                    pc = *to;
                    continue;
                }
                Op::Advance => {
                    let n = pop!();
                    let s = pop!();
                    match &self.inst.track {
                        Some(t) => t.advance(s.max(0) as usize, n.max(0) as u64) as i64,
                        None => s,
                    }
                }
                Op::Value => {
                    let s = pop!();
                    self.inst.track.as_ref().map_or(0, |t| {
                        if s >= 0 && (s as usize) < t.len() {
                            t.score(s as usize)
                        } else {
                            0
                        }
                    })
                }
                Op::Abs(span) => pop!()
                    .checked_abs()
                    .ok_or_else(|| err(RunErrorKind::Overflow, "abs overflows", *span))?,
                Op::Min => {
                    let b = pop!();
                    pop!().min(b)
                }
                Op::Max => {
                    let b = pop!();
                    pop!().max(b)
                }
                Op::Step => {
                    let d = pop!();
                    let c = pop!();
                    let (dr, dc) = OFFSETS[d.clamp(0, 8) as usize];
                    self.step(c, dr, dc)
                }
                Op::Turn(k) => {
                    let d = pop!();
                    if (0..8).contains(&d) {
                        (d + k).rem_euclid(8)
                    } else {
                        8
                    }
                }
                Op::PlayerPiece => {
                    let player = pop!();
                    self.piece_of_player(player)
                }
                Op::Agg(a) => self.agg(a)?,
            };
            st[sp] = v;
            sp += 1;
        }
        Ok(st[0])
    }

    /// A scalar field's value (one slot per piece).
    #[inline]
    fn scalar_field(&self, piece: i64, f: usize) -> R<i64> {
        Ok(match usize::try_from(piece) {
            Ok(p) if p < self.inst.pieces.len() => self.read(self.inst.layout.fields[f].0 + p),
            _ => self.read(self.field_slot(piece, f)?.0),
        })
    }

    /// The piece named as `player` (`me.at`), found once.
    fn piece_of_player(&mut self, player: i64) -> i64 {
        if let Some(&known) = self.player_piece.get(player as usize) {
            if known != i64::MIN {
                return known;
            }
        }
        let name = self.inst.prog.decls.players.get(player as usize);
        let piece = name.and_then(|n| self.inst.pieces.iter().position(|q| q == n));
        let piece = piece.map_or(-1, |i| i as i64);
        if let Some(slot) = self.player_piece.get_mut(player as usize) {
            *slot = piece;
        }
        piece
    }

    fn agg(&mut self, a: &AggCode) -> R<i64> {
        let items = self.items(&a.set)?;
        let mut acc: Option<i64> = None;
        let mut count = 0i64;
        let ov = || {
            err(
                RunErrorKind::Overflow,
                "an integer overflows 64 bits",
                a.span,
            )
        };
        for k in 0..items.len() {
            let x = items.get(k).s();
            self.tick()?;
            match &mut self.frame[a.slot] {
                Val::S(s) => *s = x,
                other => *other = Val::S(x),
            }
            let b = self.ops(&a.body)?;
            match a.kind {
                Agg::All if b == 0 => return Ok(0),
                Agg::Any if b != 0 => return Ok(1),
                Agg::Find if b != 0 => return Ok(x),
                Agg::Count if b != 0 => count += 1,
                Agg::Sum => count = count.checked_add(b).ok_or_else(ov)?,
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
            _ => {
                acc.ok_or_else(|| err(RunErrorKind::Index, "`max`/`min` of an empty set", a.span))?
            }
        })
    }
}
