//! A compiled turn ([`Code`]) expanded for the searches: the same stream
//! into a [`Sink`] as [`Run::node_into`](super::Run), made depth first in
//! one run — at a top-level `choose` or `roll` each branch goes on from
//! there with the state, the locals and the score put back as they were
//! (the writes undone from a journal), where the interpreter replays the
//! turn from a checkpoint for each. The steps counted are the
//! interpreter's, its replays' included (one statement a branch), so a
//! turn over the step cap is one here too.

use super::super::model::{End, Prob, Sink};
use super::super::state::{Dice, Instance, State};
use super::code::{tick, Code, Env, Out, PlaceI, SetI, F, I, S};
use super::end_of;
use crate::syntax::rules::AssignOp;
use std::cell::RefCell;

/// One expansion's run.
struct Expand<'a> {
    inst: &'a Instance,
    code: &'a Code,
    /// The position as the run has it (the turn's start with the journal
    /// applied).
    st: State,
    frame: Vec<i64>,
    /// Every slot written, with its value before.
    journal: Vec<(usize, i64)>,
    /// The locals at each open branch point, stacked.
    saved: Vec<i64>,
    /// The options of each open choice, stacked.
    opts: Vec<i64>,
    /// `twins`' scratch: the options kept, with their groups.
    kept: Vec<(usize, Option<usize>)>,
    steps: &'a mut u64,
    reward: i64,
    chose: bool,
    /// Bytes of moves made, and the most the turn may hold (as
    /// `Run::hold`: past it the interpreter tells the error).
    held: u64,
    hold_cap: u64,
}

/// An expansion's buffers, kept for the next one on the same thread.
#[derive(Default)]
struct Buffers {
    v: Vec<i64>,
    frame: Vec<i64>,
    journal: Vec<(usize, i64)>,
    saved: Vec<i64>,
    opts: Vec<i64>,
    kept: Vec<(usize, Option<usize>)>,
}

thread_local! {
    static BUFFERS: RefCell<Buffers> = RefCell::new(Buffers::default());
}

/// Stream the turn at `s` into `sink` as `Run::node_into` from the turn's
/// start does: `None` when no path is legal, otherwise whether any choice
/// was taken. `Err(Out)`: the turn fails at run time (the interpreter
/// tells how).
pub(super) fn expand(
    inst: &Instance,
    code: &Code,
    s: &State,
    sink: &mut dyn Sink<State>,
    steps: &mut u64,
) -> Result<Option<bool>, Out> {
    let b = BUFFERS.with(|c| std::mem::take(&mut *c.borrow_mut()));
    let Buffers {
        mut v,
        mut frame,
        mut journal,
        mut saved,
        mut opts,
        mut kept,
    } = b;
    v.clear();
    v.extend_from_slice(&s.v);
    frame.clear();
    frame.resize(inst.prog.frame, 0);
    journal.clear();
    saved.clear();
    opts.clear();
    let mut x = Expand {
        inst,
        code,
        st: State {
            v,
            moves: s.moves,
            over: None,
        },
        frame,
        journal,
        saved,
        opts,
        kept: std::mem::take(&mut kept),
        steps,
        reward: 0,
        chose: false,
        held: 0,
        hold_cap: super::turn_memory(),
    };
    let got = x.go(0, s, sink);
    let back = Buffers {
        v: x.st.v,
        frame: x.frame,
        journal: x.journal,
        saved: x.saved,
        opts: x.opts,
        kept: x.kept,
    };
    BUFFERS.with(|c| *c.borrow_mut() = back);
    got
}

/// What is put back at each branch of a branch point.
struct Mark {
    journal: usize,
    frame: usize,
    reward: i64,
    chose: bool,
}

impl Expand<'_> {
    fn env(&mut self) -> Env<'_> {
        Env {
            code: self.code,
            v: &self.st.v,
            moves: self.st.moves,
            f: &mut self.frame,
            steps: self.steps,
        }
    }

    #[inline]
    fn eval(&mut self, code: &[I]) -> Result<i64, Out> {
        // The commonest codes, a leaf, without the stack machine.
        match code {
            [I::Const(n)] => Ok(*n),
            [I::Local(slot)] => Ok(self.frame[*slot]),
            [I::Slot(slot)] => Ok(self.st.v[*slot]),
            [I::FieldConst(b, slot, base, k)] => {
                let x = self.field(*base, self.frame[*slot])?;
                super::code::bin(*b, x, *k).ok_or(Out)
            }
            _ => self.env().eval(code),
        }
    }

    /// A scalar field of piece `p` (`Out`: no such piece).
    #[inline]
    fn field(&self, base: usize, p: i64) -> Result<i64, Out> {
        match usize::try_from(p) {
            Ok(p) if p < self.inst.pieces.len() => Ok(self.st.v[base + p]),
            _ => Err(Out),
        }
    }

    /// Write a slot, journalled.
    #[inline]
    fn put(&mut self, slot: usize, x: i64) {
        let old = self.st.v[slot];
        if old != x {
            self.journal.push((slot, old));
            self.st.v[slot] = x;
        }
    }

    /// Keep what a branch point's branches start from.
    fn mark(&mut self) -> Mark {
        let frame = self.saved.len();
        self.saved.extend_from_slice(&self.frame);
        Mark {
            journal: self.journal.len(),
            frame,
            reward: self.reward,
            chose: self.chose,
        }
    }

    /// Put the run back at `m`.
    fn back(&mut self, m: &Mark) {
        while self.journal.len() > m.journal {
            if let Some((slot, old)) = self.journal.pop() {
                self.st.v[slot] = old;
            }
        }
        let n = self.frame.len();
        self.frame
            .copy_from_slice(&self.saved[m.frame..m.frame + n]);
        self.reward = m.reward;
        self.chose = m.chose;
    }

    /// The turn from its top-level statement `at` on.
    fn go(
        &mut self,
        at: usize,
        s: &State,
        sink: &mut dyn Sink<State>,
    ) -> Result<Option<bool>, Out> {
        let code = self.code;
        for (i, stmt) in code.turn.iter().enumerate().skip(at) {
            let flow = match stmt {
                S::Choose {
                    var,
                    set,
                    cond,
                    twins,
                } => return self.choose(i, *var, set, cond.as_deref(), *twins, s, sink),
                S::Roll(slot, lo, hi) => match self.roll(i, *slot, lo, hi, s, sink)? {
                    Some(done) => return Ok(done),
                    None => F::Go,
                },
                other => self.stmt(other)?,
            };
            match flow {
                F::Go => {}
                F::Fail => return Ok(None),
                F::End(w) => return Ok(Some(self.leaf(Some(end_of(w)), sink)?)),
                F::Next | F::Break => return Ok(Some(self.leaf(None, sink)?)),
            }
        }
        Ok(Some(self.leaf(None, sink)?))
    }

    /// Lend the path's next position to `sink` (as `Run::lend_leaf`):
    /// whether a choice was taken on the way.
    fn leaf(&mut self, end: Option<End>, sink: &mut dyn Sink<State>) -> Result<bool, Out> {
        self.hold()?;
        let flip = self.inst.prog.decls.player_count == 2 && end.is_none();
        let m = self.inst.layout.mover;
        let moves = self.st.moves;
        self.st.moves = moves.saturating_add(1);
        if flip {
            self.st.v[m] = 1 - self.st.v[m];
        }
        sink.leaf(&self.st, self.reward, end);
        if flip {
            self.st.v[m] = 1 - self.st.v[m];
        }
        self.st.moves = moves;
        Ok(self.chose)
    }

    /// Count one more move against the turn's bound (`Run::hold`).
    fn hold(&mut self) -> Result<(), Out> {
        self.held += super::move_bytes(self.st.v.len());
        if self.held > self.hold_cap {
            return Err(Out);
        }
        Ok(())
    }

    fn block(&mut self, b: &[S]) -> Result<F, Out> {
        for s in b {
            match self.stmt(s)? {
                F::Go => {}
                f => return Ok(f),
            }
        }
        Ok(F::Go)
    }

    /// A statement that is no branch point.
    fn stmt(&mut self, s: &S) -> Result<F, Out> {
        tick(self.steps)?;
        match s {
            S::Let(slot, e) => self.frame[*slot] = self.eval(e)?,
            S::Require(e) => {
                if self.eval(e)? == 0 {
                    return Ok(F::Fail);
                }
            }
            S::Score(sub, e) => {
                let n = self.eval(e)?;
                let r = if *sub {
                    self.reward.checked_sub(n)
                } else {
                    self.reward.checked_add(n)
                };
                self.reward = r.ok_or(Out)?;
            }
            S::SetLocal(slot, op, e) => {
                let x = self.eval(e)?;
                self.frame[*slot] = apply(*op, self.frame[*slot], x)?;
            }
            S::Put { at, lo, hi, op, e } => {
                let x = self.eval(e)?;
                let x = match op {
                    AssignOp::Set => x,
                    _ => {
                        let old = self.slot(at, true)?.map_or(0, |k| self.st.v[k]);
                        apply(*op, old, x)?
                    }
                };
                let slot = self.slot(at, false)?.ok_or(Out)?;
                if x < *lo || x > *hi {
                    return Err(Out);
                }
                self.put(slot, x);
            }
            S::End(w, c) => {
                let go = match c {
                    Some(c) => self.eval(c)? != 0,
                    None => true,
                };
                if go {
                    return Ok(F::End(*w));
                }
            }
            S::If(arms, other) => {
                for (c, b) in arms {
                    if self.eval(c)? != 0 {
                        return self.block(b);
                    }
                }
                return self.block(other);
            }
            S::Next => return Ok(F::Next),
            S::Break => return Ok(F::Break),
            S::Choose { .. } | S::Roll(..) => return Err(Out),
        }
        Ok(F::Go)
    }

    /// A place's slot (`None`: a layer's cell off the board, read as 0
    /// and never written).
    fn slot(&mut self, at: &PlaceI, read: bool) -> Result<Option<usize>, Out> {
        Ok(match at {
            PlaceI::Slot(k) => Some(*k),
            PlaceI::Field(p, base) => {
                let p = self.eval(p)?;
                match usize::try_from(p) {
                    Ok(p) if p < self.inst.pieces.len() => Some(base + p),
                    _ => return Err(Out),
                }
            }
            PlaceI::Layer(c, base) => {
                let c = self.eval(c)?;
                if c >= 0 && c < self.inst.rows * self.inst.cols {
                    Some(base + c as usize)
                } else if read {
                    None
                } else {
                    return Err(Out);
                }
            }
        })
    }

    /// A top-level `choose`: its options found once, then each branch on
    /// from the statement after it.
    #[allow(clippy::too_many_arguments)]
    fn choose(
        &mut self,
        at: usize,
        var: usize,
        set: &SetI,
        cond: Option<&[I]>,
        twins: bool,
        s: &State,
        sink: &mut dyn Sink<State>,
    ) -> Result<Option<bool>, Out> {
        let m = self.mark();
        tick(self.steps)?;
        self.chose = true;
        let first = self.opts.len();
        let (lo, n) = self.env().items(set)?;
        for k in 0..n {
            let x = lo + k as i64;
            tick(self.steps)?;
            self.frame[var] = x;
            let ok = match cond {
                Some(c) => self.eval(c)? != 0,
                None => true,
            };
            if ok {
                self.opts.push(x);
            }
        }
        if twins && !self.inst.groups.is_empty() {
            self.twins_once(first);
        }
        let n = self.opts.len() - first;
        let got = if n == 0 {
            None
        } else {
            let mark = sink.open(false);
            let mut kept = 0u32;
            for k in 0..n {
                self.back(&m);
                // The interpreter's replay runs the `choose` again.
                tick(self.steps)?;
                self.chose = true;
                self.frame[var] = self.opts[first + k];
                kept += u32::from(self.go(at + 1, s, sink)?.is_some());
            }
            if kept == 0 {
                sink.cut(mark);
                None
            } else {
                sink.close(mark, kept);
                Some(true)
            }
        };
        self.opts.truncate(first);
        self.saved.truncate(m.frame);
        Ok(got)
    }

    /// `Run::twins_once` on the options from `first` on.
    fn twins_once(&mut self, first: usize) {
        let code = self.code;
        let v = &self.st.v;
        let same = |p: usize, q: usize| {
            code.fields.iter().all(|&(slot, w)| {
                if w == 1 {
                    v[slot + p] == v[slot + q]
                } else {
                    v[slot + p * w..slot + (p + 1) * w] == v[slot + q * w..slot + (q + 1) * w]
                }
            })
        };
        self.kept.clear();
        let mut to = first;
        for r in first..self.opts.len() {
            let p = self.opts[r] as usize;
            let g = code.group.get(p).copied().flatten();
            let twin = g.is_some() && self.kept.iter().any(|&(q, h)| h == g && same(p, q));
            if !twin {
                self.kept.push((p, g));
                self.opts[to] = self.opts[r];
                to += 1;
            }
        }
        self.opts.truncate(to);
    }

    /// A top-level `roll`: `None` when known dice went on (the turn goes
    /// on after it), otherwise the turn's answer from here.
    fn roll(
        &mut self,
        at: usize,
        slot: usize,
        lo: &[I],
        hi: &[I],
        s: &State,
        sink: &mut dyn Sink<State>,
    ) -> Result<Option<Option<bool>>, Out> {
        let m = self.mark();
        tick(self.steps)?;
        let (mut l, mut h) = (self.eval(lo)?, self.eval(hi)?);
        let d = self.inst.layout.dice;
        let uniform = match &self.inst.dice {
            Dice::Known(rolls) => {
                self.saved.truncate(m.frame);
                let used = self.st.v[d] as usize;
                let Some(&r) = rolls.get(used) else {
                    return Ok(Some(Some(self.leaf(Some(End::Stop), sink)?)));
                };
                self.put(d, used as i64 + 1);
                self.frame[slot] = r;
                return Ok(None);
            }
            Dice::Uniform(dlo, dhi, n) => {
                if self.st.v[d] as u64 >= *n {
                    self.saved.truncate(m.frame);
                    return Ok(Some(Some(self.leaf(Some(End::Stop), sink)?)));
                }
                (l, h) = (*dlo, *dhi);
                true
            }
            Dice::None => false,
        };
        // (A die that cannot be rolled: the interpreter tells it.)
        let faces = super::faces(l, h).map_err(|_| Out)? as usize;
        let p = Prob::new(1, faces as u64);
        let mark = sink.open(true);
        let mut chose = false;
        for k in 0..faces {
            sink.odds(p);
            self.back(&m);
            // The interpreter's replay runs the `roll` again.
            tick(self.steps)?;
            self.eval(lo)?;
            self.eval(hi)?;
            if uniform {
                self.put(d, self.st.v[d] + 1);
            }
            self.frame[slot] = l + k as i64;
            match self.go(at + 1, s, sink)? {
                Some(c) => chose |= c,
                // No move after this roll: the mover is stuck there.
                None => {
                    self.hold()?;
                    sink.leaf(s, 0, Some(end_of(self.inst.prog.stuck)))
                }
            }
        }
        sink.close(mark, faces as u32);
        self.saved.truncate(m.frame);
        Ok(Some(Some(chose)))
    }
}

/// `old op x` (`None`: an overflow).
fn apply(op: AssignOp, old: i64, x: i64) -> Result<i64, Out> {
    match op {
        AssignOp::Set => Some(x),
        AssignOp::Add => old.checked_add(x),
        AssignOp::Sub => old.checked_sub(x),
    }
    .ok_or(Out)
}
