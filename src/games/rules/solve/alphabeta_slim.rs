//! A slim model of a two-player rules game for the searches' values
//! (`moves`, `outcome`, `score`): a position is only the slots the turn
//! can write (and the mover), and a turn of one top-level `choose` among
//! scalar statements is expanded by `simulate_flat`'s compiled closures on
//! one scratch position. The state the turn never writes (BOJ 11062's row
//! of 1,000 cards) is then neither copied per position nor packed per key.
//!
//! Slim positions are the full ones with the unwritten slots left out,
//! which are the same in every position of a solve; their keys pack the
//! same slots from the same domains as [`canonical`](super::super::key::canonical)
//! (so a program with `interchangeable` pieces, or one that reads `moves`,
//! gets no slim model). A turn the closures do not finish exactly (an end,
//! a `require` or `where` that leaves no move, a run-time error) is
//! expanded by the interpreter on the full position instead.

use super::super::model::{Leaf, Model, Node, RunError, Turn};
use super::super::program::{Ambient, CExpr, CStmtKind};
use super::super::run::TURN_STEPS;
use super::super::state::{Instance, State};
use super::simulate_flat::{get, run, Compiler, Ctx, Flow, St, O};
use std::cell::RefCell;

/// A slim position: the written slots, in [`Slim`]'s order.
pub use super::super::model::Thin;

/// The set a `choose` takes its value from (one per compiled turn: an
/// operand's size, which `(x op y) op2 z` of leaves makes large, is no
/// cost here).
#[allow(clippy::large_enum_variant)]
enum Set {
    Items(Vec<O>),
    Range(O, O),
    Cells,
}

/// One expansion's scratch: the full position, the run, the options.
struct Scratch {
    v: Vec<i64>,
    c: Ctx,
    options: Vec<i64>,
    /// The slim slots and the locals just before the `choose`.
    mid: Thin,
    frame: Vec<i64>,
}

/// A rules game with slim positions (see the module's doc).
pub(crate) struct Slim<'a> {
    inst: &'a Instance,
    /// Each slim slot's full slot, its domain's low end and its key bits.
    slots: Vec<(usize, i64, u32)>,
    /// The mover's slim slot.
    mover: usize,
    /// The start: the slots no turn writes.
    base: State,
    before: Vec<St>,
    var: usize,
    set: Set,
    cond: Option<O>,
    after: Vec<St>,
    scratch: RefCell<Scratch>,
}

impl<'a> Slim<'a> {
    /// The slim model of `inst` and the slim `start`, when its game has two
    /// players, its turn one top-level `choose` and only statements the
    /// closures run, and its key is its written slots.
    pub(crate) fn new(inst: &'a Instance, start: &State) -> Option<(Slim<'a>, Thin)> {
        let prog = &inst.prog;
        if prog.decls.player_count != 2 || prog.reads_moves || !inst.groups.is_empty() {
            return None;
        }
        let w = &prog.written;
        if (0..inst.layout.fields.len()).any(|i| w.field(i)) {
            return None;
        }
        let l = &inst.layout;
        let mut slots = Vec::new();
        let bits = |lo: i64, hi: i64| {
            super::super::types::bits((hi as i128 - lo as i128 + 1).max(1) as u128) as u32
        };
        for (i, (base, d)) in l.vars.iter().enumerate() {
            if w.var(i) {
                d.list_max.is_none().then_some(())?;
                slots.push((*base, d.lo, bits(d.lo, d.hi)));
            }
        }
        let cells = (inst.rows * inst.cols).max(0) as usize;
        for (i, (base, d)) in l.layers.iter().enumerate() {
            if w.layer(i) {
                d.list_max.is_none().then_some(())?;
                slots.extend((0..cells).map(|k| (base + k, d.lo, bits(d.lo, d.hi))));
            }
        }
        let mover = slots.len();
        slots.push((l.mover, 0, 1));
        // The turn: statements, one `choose`, statements.
        let at = prog
            .turn
            .iter()
            .position(|s| matches!(s.kind, CStmtKind::Choose { .. }))?;
        let CStmtKind::Choose { var, set, cond, .. } = &prog.turn[at].kind else {
            return None;
        };
        let comp = Compiler::new(inst);
        let before = comp.top(&prog.turn[..at])?;
        let after = comp.top(&prog.turn[at + 1..])?;
        let set = match set {
            CExpr::List(items) => {
                Set::Items(items.iter().map(|x| comp.opd(x)).collect::<Option<_>>()?)
            }
            CExpr::Range(lo, hi) => Set::Range(comp.opd(lo)?, comp.opd(hi)?),
            CExpr::Ambient(Ambient::Cells) => Set::Cells,
            _ => return None,
        };
        let cond = comp.cond(cond)?;
        let thin = slots.iter().map(|&(s, ..)| start.v[s]).collect();
        let slim = Slim {
            inst,
            mover,
            base: start.clone(),
            before,
            var: *var,
            set,
            cond,
            after,
            scratch: RefCell::new(Scratch {
                v: start.v.clone(),
                c: Ctx::new(inst),
                options: Vec::new(),
                mid: smallvec::smallvec![0; slots.len()],
                frame: Vec::new(),
            }),
            slots,
        };
        Some((slim, thin))
    }

    fn full(&self, t: &Thin) -> State {
        let mut s = self.base.clone();
        for (k, &(slot, ..)) in self.slots.iter().enumerate() {
            s.v[slot] = t[k];
        }
        s
    }

    /// The slim position of a full one.
    pub(crate) fn thin_of(&self, s: &State) -> Thin {
        self.thin(&s.v)
    }

    fn thin(&self, v: &[i64]) -> Thin {
        self.slots.iter().map(|&(slot, ..)| v[slot]).collect()
    }

    /// The interpreter's turn at `t`, its positions made slim.
    fn plain(&self, t: &Thin, names: bool) -> Result<Turn<Thin>, RunError> {
        let s = self.full(t);
        let turn = if names {
            self.inst.turn(&s)?
        } else {
            self.inst.turn_unnamed(&s)?
        };
        Ok(match turn {
            Turn::Ended { end, stuck } => Turn::Ended { end, stuck },
            Turn::Moves(n) => Turn::Moves(self.slim_node(n)),
        })
    }

    fn slim_node(&self, n: Node<State>) -> Node<Thin> {
        match n {
            Node::Leaf(l) => Node::Leaf(Leaf {
                next: self.thin_of(&l.next),
                reward: l.reward,
                end: l.end,
                printed: Vec::new(),
            }),
            Node::Choice(bs) => Node::Choice(
                bs.into_iter()
                    .map(|(w, b)| (w, self.slim_node(b)))
                    .collect(),
            ),
            Node::Chance(bs) => Node::Chance(
                bs.into_iter()
                    .map(|(p, b)| (p, self.slim_node(b)))
                    .collect(),
            ),
        }
    }

    /// The turn at `t` by the closures: `None` where they leave it.
    pub(crate) fn fast(&self, t: &Thin) -> Option<Turn<Thin>> {
        let mut g = self.scratch.borrow_mut();
        let Scratch {
            v,
            c,
            options,
            mid,
            frame,
        } = &mut *g;
        for (k, &(slot, ..)) in self.slots.iter().enumerate() {
            v[slot] = t[k];
        }
        c.reset();
        // A top-level `next` or `break` ends the turn before its choice.
        let Flow::Go = run(&self.before, c, v) else {
            return None;
        };
        // The `choose`: one step, then one per value of its set.
        let tick = |c: &mut Ctx| {
            c.steps += 1;
            (c.steps <= TURN_STEPS).then_some(())
        };
        tick(c)?;
        options.clear();
        match &self.set {
            Set::Items(xs) => {
                for x in xs {
                    options.push(get(x, v, &c.frame)?);
                }
            }
            Set::Range(lo, hi) => {
                let (lo, hi) = (get(lo, v, &c.frame)?, get(hi, v, &c.frame)?);
                if hi.saturating_sub(lo) > TURN_STEPS as i64 {
                    return None;
                }
                options.extend(lo..=hi);
            }
            Set::Cells => options.extend(0..(self.inst.rows * self.inst.cols).max(0)),
        }
        let mut kept = 0;
        for k in 0..options.len() {
            tick(c)?;
            c.frame[self.var] = options[k];
            if let Some(cond) = &self.cond {
                if get(cond, v, &c.frame)? == 0 {
                    continue;
                }
            }
            options[kept] = options[k];
            kept += 1;
        }
        options.truncate(kept);
        // Moves past what a turn may hold: the interpreter (counting the
        // full positions it would make) tells the limit.
        let full = super::super::run::move_bytes(self.base.v.len());
        if options.is_empty()
            || (options.len() as u64).saturating_mul(full) > super::super::run::turn_memory()
        {
            return None;
        }
        for (k, &(slot, ..)) in self.slots.iter().enumerate() {
            mid[k] = v[slot];
        }
        frame.clone_from(&c.frame);
        let reward = c.reward;
        let mut out = Vec::with_capacity(options.len());
        for &x in options.iter() {
            for (k, &(slot, ..)) in self.slots.iter().enumerate() {
                v[slot] = mid[k];
            }
            c.frame.clone_from(frame);
            c.reward = reward;
            c.journal.clear();
            // The `choose` runs again on each path (its options known).
            tick(c)?;
            c.frame[self.var] = x;
            if let Flow::Out = run(&self.after, c, v) {
                return None;
            }
            let mut next = self.thin(v);
            next[self.mover] = 1 - next[self.mover];
            out.push((
                String::new(),
                Node::Leaf(Leaf {
                    next,
                    reward: c.reward,
                    end: None,
                    printed: Vec::new(),
                }),
            ));
        }
        Some(Turn::Moves(Node::Choice(out)))
    }
}

impl Model for Slim<'_> {
    type State = Thin;

    fn players(&self) -> u8 {
        2
    }

    fn mover(&self, t: &Thin) -> u8 {
        t[self.mover].clamp(0, 1) as u8
    }

    fn key(&self, t: &Thin, out: &mut Vec<u64>) {
        out.clear();
        let (mut acc, mut used) = (0u64, 0u32);
        for (k, &(_, lo, n)) in self.slots.iter().enumerate() {
            let x = (t[k] as i128 - lo as i128) as u64;
            if n == 0 {
                continue;
            }
            acc |= x << used;
            let room = 64 - used;
            if n < room {
                used += n;
            } else {
                out.push(acc);
                acc = if room < 64 { x >> room } else { 0 };
                used = n - room;
            }
        }
        if used > 0 {
            out.push(acc);
        }
    }

    fn turn(&self, t: &Thin) -> Result<Turn<Thin>, RunError> {
        self.plain(t, true)
    }

    fn turn_unnamed(&self, t: &Thin) -> Result<Turn<Thin>, RunError> {
        match self.fast(t) {
            Some(turn) => Ok(turn),
            None => self.plain(t, false),
        }
    }
}
