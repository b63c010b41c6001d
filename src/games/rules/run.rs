//! The interpreter of a compiled program: runs a turn from a position with
//! a prefix of choices and dice already taken (replay), and expands the
//! turn into the solvers' [`Node`] tree (docs/rules-language.md, *What a
//! move is*). Implements [`Model`].

use super::compile::OFFSETS;
use super::model::{End, Leaf, Model, Node, Prob, RunError, RunErrorKind, Sink, Thin, Turn};
use super::program::*;
use super::state::{width, Dice, Instance, State};
use crate::syntax::ast::Span;
use crate::syntax::rules::{Agg, AssignOp, BinOp, EndWord, Objective};

mod code;
mod expand;
mod flat;

pub(crate) use code::{bin, Code};

/// The most statements and loop iterations one turn's expansion runs
/// (every path together): a program over it is a `meeple::rules::loop`
/// run-time error, never a hang.
pub const TURN_STEPS: u64 = 10_000_000;

thread_local! {
    /// The bytes one turn's moves may hold on this thread: the running
    /// solve's `--memory` ([`with_turn_memory`]).
    static TURN_MEMORY: std::cell::Cell<u64> =
        const { std::cell::Cell::new(crate::budget::DEFAULT_MEMORY_BYTES) };
}

/// Run `f` with every turn expanded on this thread holding at most `bytes`
/// of moves (the solve's `--memory`): a turn of more moves than that is a
/// `meeple::limit::memory` error, not a process out of memory (a `choose c
/// in cells` on a 250x250 board makes 62,500 positions of 62,500 slots).
pub fn with_turn_memory<T>(bytes: u64, f: impl FnOnce() -> T) -> T {
    let old = TURN_MEMORY.with(|c| c.replace(bytes));
    let out = f();
    TURN_MEMORY.with(|c| c.set(old));
    out
}

/// What one move of a position of `slots` slots holds: its state and the
/// tree's bookkeeping.
pub(crate) fn move_bytes(slots: usize) -> u64 {
    8 * slots as u64 + 96
}

/// The run-time error of a turn whose moves pass [`with_turn_memory`]'s bound.
fn turn_memory_error(held: u64, span: Span) -> Box<RunError> {
    let limit = TURN_MEMORY.with(|c| c.get());
    err(
        RunErrorKind::Memory {
            limit,
            needed: held,
        },
        format!(
            "the turn's moves need more than {} MB, more than --memory allows",
            limit >> 20
        ),
        span,
    )
}

/// The bytes of moves a turn may hold on this thread ([`with_turn_memory`]).
pub(crate) fn turn_memory() -> u64 {
    TURN_MEMORY.with(|c| c.get())
}

/// The most faces one die may have ([`crate::limits::RULES_DIE_FACES`]).
const MAX_FACES: u64 = crate::limits::RULES_DIE_FACES;

/// The number of faces of a die `lo..hi`, or why it cannot be rolled: an
/// empty range, or more than [`crate::limits::RULES_DIE_FACES`] faces.
pub fn faces(lo: i64, hi: i64) -> Result<u64, String> {
    let n = i128::from(hi) - i128::from(lo) + 1;
    if n < 1 {
        Err(format!(
            "the die {lo}..{hi} has no faces: its low end is above its high end"
        ))
    } else if n > i128::from(MAX_FACES) {
        Err(format!(
            "the die {lo}..{hi} has {n} faces, more than the {MAX_FACES} meeple rolls"
        ))
    } else {
        Ok(n as u64)
    }
}

/// The most values one list a turn makes may hold
/// ([`crate::limits::RULES_LIST_ITEMS`]).
const LIST_ITEMS: usize = crate::limits::RULES_LIST_ITEMS;

/// How many values `v` holds, its lists' and theirs counted (what a copy
/// of it costs).
fn weight(v: &Val) -> usize {
    match v {
        Val::L(xs) => xs.iter().fold(xs.len(), |n, x| match x {
            Val::L(_) => n.saturating_add(weight(x)),
            _ => n,
        }),
        _ => 1,
    }
}

/// How a run of the program stopped.
enum Flow {
    Go,
    Next,
    Break,
    End(EndWord),
    /// A `require`/`where` failed, or a choice had no value.
    Fail,
    /// A choice not in the prefix: its options' words (none when the run
    /// builds no names) and how many options.
    Choice(Vec<String>, usize),
    /// A die not in the prefix: its number of faces.
    Chance(usize),
}

/// Results inside the interpreter: the error boxed, so a value and its
/// `Ok` fit in registers on the hot path (errors are rare).
type R<T> = Result<T, Box<RunError>>;

fn err(kind: RunErrorKind, message: impl Into<String>, span: Span) -> Box<RunError> {
    Box::new(RunError {
        kind,
        message: message.into(),
        span,
    })
}

/// How many moves a searched game that reads `moves` may last
/// (docs/rules-language.md, *What a move is*): its positions hold the move
/// count, so no repetition ends an endless line.
pub const MOVES_READ_LIMIT: u64 = 100_000;

/// A binary operator on two integers (`and`/`or` are read by the callers,
/// which short-circuit them): the one arithmetic of both evaluation paths.
#[inline(always)]
fn scalar_op(op: BinOp, p: i64, q: i64, span: Span) -> R<i64> {
    if q == 0 && matches!(op, BinOp::Div | BinOp::Rem) {
        return Err(err(
            RunErrorKind::DivideByZero,
            format!("{p} divided by zero"),
            span,
        ));
    }
    // The compiled turn's arithmetic (`None`: an overflow, the divisor
    // being non-zero here).
    code::bin(op, p, q)
        .ok_or_else(|| err(RunErrorKind::Overflow, "an integer overflows 64 bits", span))
}

impl Run<'_> {
    /// Of the options of a `twins` choice, the first of each set of
    /// interchangeable pieces whose fields are all equal (see
    /// [`CStmtKind::Choose`]): the positions the others lead to are the
    /// same up to the numbering, which the solvers' keys ignore.
    fn twins_once(&self, options: &mut Vec<Val>) {
        let inst = self.inst;
        let v = &self.st.v;
        let group = |p: usize| inst.groups.iter().position(|g| g.contains(&p));
        let same = |p: usize, q: usize| {
            inst.layout.fields.iter().all(|(slot, dom)| {
                let w = width(dom);
                v[slot + p * w..slot + (p + 1) * w] == v[slot + q * w..slot + (q + 1) * w]
            })
        };
        let mut kept: Vec<(usize, Option<usize>)> = Vec::with_capacity(options.len());
        options.retain(|o| {
            let p = o.s() as usize;
            let g = group(p);
            let twin = g.is_some() && kept.iter().any(|&(q, h)| h == g && same(p, q));
            if !twin {
                kept.push((p, g));
            }
            !twin
        });
    }
}

fn end_of(w: EndWord) -> End {
    match w {
        EndWord::Win => End::Win,
        EndWord::Lose => End::Lose,
        EndWord::Draw => End::Draw,
        EndWord::Stop => End::Stop,
    }
}

/// One run of a program.
pub(crate) struct Run<'a> {
    pub(crate) inst: &'a Instance,
    pub(crate) st: State,
    frame: Vec<Val>,
    /// The state reads see inside `simultaneously`.
    snap: Option<Vec<i64>>,
    /// The choices and dice already taken, by index, in order.
    prefix: Vec<usize>,
    taken: usize,
    /// Each choice point's options met so far on the current prefix (by
    /// its index in the prefix; `None` for a die): a replay that reaches a
    /// choice the prefix takes reuses them instead of evaluating the set
    /// and its `where` again (the turn is deterministic, so they are the
    /// same). Entries past the prefix are dropped as it changes.
    options: Vec<Option<Vec<Val>>>,
    /// `me.at`'s piece for each player, found once (`i64::MIN`: not yet).
    player_piece: [i64; 2],
    reward: i64,
    /// What `print` appended on this path, in order (not state).
    printed: Vec<i64>,
    chose: bool,
    steps: &'a mut u64,
    /// Bytes of moves this expansion made, and the most it may
    /// ([`with_turn_memory`]).
    held: u64,
    hold_cap: u64,
    span: Span,
    /// Whether a choice's options get their words (`false` in the solvers'
    /// searches, which never show them: each is then an empty word).
    names: bool,
    /// Whether the paths below a top-level choice or roll resume there
    /// (`false`: each replays the turn from its start; tests compare).
    resume: bool,
    /// Whether a replay restores the state by undoing [`Run::journal`]
    /// rather than copying the whole state back (`false`: the plain copy;
    /// tests compare). Set with `resume`.
    undo: bool,
    /// Every state slot written since the state was last the turn's start,
    /// with its value before (undone back to a checkpoint's mark). Bounded
    /// ([`Run::put`]): past that it is dropped for the rest of the epoch.
    journal: Vec<(usize, i64)>,
    /// Which journal the marks refer to (bumped whenever it restarts or is
    /// dropped; a checkpoint of another epoch is replayed from the start).
    epoch: u32,
    /// Whether `st` is the turn's start with `journal` applied (a replay
    /// from the start then undoes the journal instead of copying it).
    at_start: bool,
    /// Whether the journal is kept however long it grows (`simulate`'s
    /// in-place turns: [`Instance::step_in_place`] undoes a turn with it).
    keep_journal: bool,
}

impl<'a> Run<'a> {
    pub(crate) fn new(inst: &'a Instance, st: State, prefix: &[usize], steps: &'a mut u64) -> Self {
        let frame = vec![Val::S(0); inst.prog.frame];
        Self::with_frame(inst, st, frame, prefix.to_vec(), steps)
    }

    /// A run with no position, for expressions of params and constants
    /// only (a param's bounds, a loop count, the objective's bound).
    pub(crate) fn of_params(inst: &'a Instance, steps: &'a mut u64) -> Self {
        let st = State {
            v: vec![0; 2],
            moves: 0,
            over: None,
        };
        Self::new(inst, st, &[], steps)
    }

    /// [`Run::new`] with its frame (of the program's size) and prefix.
    fn with_frame(
        inst: &'a Instance,
        st: State,
        frame: Vec<Val>,
        prefix: Vec<usize>,
        steps: &'a mut u64,
    ) -> Self {
        Run {
            inst,
            st,
            frame,
            snap: None,
            prefix,
            taken: 0,
            options: Vec::new(),
            player_piece: [i64::MIN; 2],
            reward: 0,
            printed: Vec::new(),
            chose: false,
            steps,
            held: 0,
            hold_cap: turn_memory(),
            span: Span::default(),
            names: true,
            resume: true,
            undo: false,
            journal: Vec::new(),
            epoch: 0,
            at_start: false,
            keep_journal: false,
        }
    }

    /// Write a state slot, journalled when replays undo. A journal grown
    /// past a few times the state (a turn of very many writes) is dropped:
    /// copying is then cheaper, and its memory stays bounded.
    #[inline]
    fn put(&mut self, slot: usize, x: i64) {
        // A write of the value already there changes nothing (a list's
        // write rewrites every item slot): nothing to journal.
        if self.st.v[slot] == x {
            return;
        }
        if self.undo && self.at_start {
            if self.journal.len() >= 4 * self.st.v.len() + 4096 && !self.keep_journal {
                self.journal = Vec::new();
                self.epoch = self.epoch.wrapping_add(1);
                self.at_start = false;
            } else {
                self.journal.push((slot, self.st.v[slot]));
            }
        }
        self.st.v[slot] = x;
    }

    /// Undo the journal back to its first `mark` entries.
    fn undo_to(&mut self, mark: usize) {
        while self.journal.len() > mark {
            let Some((slot, old)) = self.journal.pop() else {
                break;
            };
            self.st.v[slot] = old;
        }
    }

    /// Set a local (the legend's `here`).
    pub(crate) fn set_local(&mut self, slot: usize, v: Val) {
        self.frame[slot] = v;
    }

    /// Store a `var` (checked against its domain).
    pub(crate) fn store_var(&mut self, i: usize, v: Val) -> Result<(), RunError> {
        self.store(&CPlace::Var(i), v).map_err(|e| *e)
    }

    /// Store a piece's field (checked against its domain).
    pub(crate) fn store_field(&mut self, piece: i64, f: usize, v: Val) -> Result<(), RunError> {
        self.store(&CPlace::Field(CExpr::Const(Val::S(piece)), f), v)
            .map_err(|e| *e)
    }

    fn tick(&mut self) -> R<()> {
        *self.steps += 1;
        if *self.steps > TURN_STEPS {
            return Err(err(
                RunErrorKind::Loop,
                format!("the turn ran more than {TURN_STEPS} steps"),
                self.span,
            ));
        }
        Ok(())
    }

    /// `n` steps at once: the values a list operation makes or copies
    /// (so that a list doubled in a loop meets the turn's step limit), and
    /// no list longer than [`LIST_ITEMS`].
    fn charge(&mut self, n: usize) -> R<()> {
        if n > LIST_ITEMS {
            return Err(err(
                RunErrorKind::Loop,
                format!("the turn made a list of more than {LIST_ITEMS} values"),
                self.span,
            ));
        }
        *self.steps = self.steps.saturating_add(n as u64);
        self.tick()
    }

    fn read(&self, slot: usize) -> i64 {
        match &self.snap {
            Some(s) => s[slot],
            None => self.st.v[slot],
        }
    }

    fn read_val(&self, base: usize, d: &Dom) -> Val {
        match d.list_max {
            None => Val::S(self.read(base)),
            Some(_) => {
                let n = self.read(base).max(0) as usize;
                Val::L((0..n).map(|i| Val::S(self.read(base + 1 + i))).collect())
            }
        }
    }

    /// Check `v` against `d`; `what` names the place, built only for the
    /// error (no string work on the hot path).
    fn check(&self, what: &dyn Fn() -> String, d: &Dom, v: &Val) -> R<()> {
        let bad = |x: i64| {
            Err(err(
                RunErrorKind::Domain,
                format!(
                    "{} = {} is outside its domain {}..{}",
                    what(),
                    self.inst.word(d.kind, x),
                    self.inst.word(d.kind, d.lo),
                    self.inst.word(d.kind, d.hi)
                ),
                self.span,
            ))
        };
        match (v, d.list_max) {
            (Val::S(x), None) => {
                if *x < d.lo || *x > d.hi {
                    return bad(*x);
                }
            }
            (Val::L(items), Some(max)) => {
                if items.len() > max {
                    return Err(err(
                        RunErrorKind::Domain,
                        format!(
                            "{} would hold {} items, more than its {max}",
                            what(),
                            items.len()
                        ),
                        self.span,
                    ));
                }
                for x in items {
                    let x = x.s();
                    if x < d.lo || x > d.hi {
                        return bad(x);
                    }
                }
            }
            _ => {
                return Err(err(
                    RunErrorKind::Domain,
                    format!("{}: a list and a value mixed", what()),
                    self.span,
                ))
            }
        }
        Ok(())
    }

    fn write_val(&mut self, what: &dyn Fn() -> String, base: usize, d: Dom, v: Val) -> R<()> {
        self.check(what, &d, &v)?;
        match v {
            Val::S(x) => self.put(base, x),
            Val::L(items) => {
                let max = d.list_max.unwrap_or(0);
                self.put(base, items.len() as i64);
                for i in 0..max {
                    self.put(base + 1 + i, items.get(i).map_or(0, Val::s));
                }
            }
        }
        Ok(())
    }

    fn layer_slot(&self, l: usize, cell: i64) -> Option<(usize, Dom)> {
        let (base, d) = self.inst.layout.layers[l];
        let cells = self.inst.rows * self.inst.cols;
        (cell >= 0 && cell < cells).then(|| (base + cell as usize * width(&d), d))
    }

    fn field_slot(&self, piece: i64, f: usize) -> R<(usize, Dom)> {
        let (base, d) = self.inst.layout.fields[f];
        if piece < 0 || piece as usize >= self.inst.pieces.len() {
            return Err(err(
                RunErrorKind::Index,
                "a field of `nobody` was used",
                self.span,
            ));
        }
        Ok((base + piece as usize * width(&d), d))
    }

    // ------------------------------------------------------------ statements

    pub(crate) fn block(&mut self, b: &[CStmt]) -> Result<(), RunError> {
        self.flow(b).map(|_| ()).map_err(|e| *e)
    }

    fn flow(&mut self, b: &[CStmt]) -> R<Flow> {
        for s in b {
            match self.stmt(s)? {
                Flow::Go => {}
                f => return Ok(f),
            }
        }
        Ok(Flow::Go)
    }

    fn stmt(&mut self, s: &CStmt) -> R<Flow> {
        self.span = s.span;
        self.tick()?;
        match &s.kind {
            CStmtKind::Let(slot, e) => {
                let v = if self.scalar_shaped(e) {
                    Val::S(self.int(e)?)
                } else {
                    self.eval(e)?
                };
                self.frame[*slot] = v;
            }
            CStmtKind::If(arms, other) => {
                for (c, b) in arms {
                    if self.truth(c)? {
                        return self.flow(b);
                    }
                }
                return self.flow(other);
            }
            CStmtKind::For {
                var,
                set,
                cond,
                body,
            } => {
                let items = self.items(set)?;
                for k in 0..items.len() {
                    let v = items.get(k);
                    self.tick()?;
                    self.frame[*var] = v;
                    if let Some(c) = cond {
                        if !self.truth(c)? {
                            continue;
                        }
                    }
                    match self.flow(body)? {
                        Flow::Go | Flow::Next => {}
                        Flow::Break => break,
                        f => return Ok(f),
                    }
                }
            }
            CStmtKind::Repeat(n, body) => {
                let n = self.int(n)?;
                if n < 0 {
                    return Err(err(
                        RunErrorKind::Loop,
                        format!("`repeat {n}`: a loop count is never negative"),
                        s.span,
                    ));
                }
                for _ in 0..n {
                    self.tick()?;
                    match self.flow(body)? {
                        Flow::Go | Flow::Next => {}
                        Flow::Break => break,
                        f => return Ok(f),
                    }
                }
            }
            CStmtKind::While(c, n, body) => {
                let max = self.int(n)?;
                let mut runs = 0i64;
                while self.truth(c)? {
                    runs += 1;
                    if runs > max {
                        return Err(err(
                            RunErrorKind::Loop,
                            format!("this loop ran its body more than its `max {max}` times"),
                            s.span,
                        ));
                    }
                    self.tick()?;
                    match self.flow(body)? {
                        Flow::Go | Flow::Next => {}
                        Flow::Break => break,
                        f => return Ok(f),
                    }
                    self.span = s.span;
                }
            }
            CStmtKind::Choose {
                var,
                kind,
                set,
                cond,
                say,
                twins,
            } => {
                self.chose = true;
                if let Some(&i) = self.prefix.get(self.taken) {
                    if let Some(Some(options)) = self.options.get(self.taken) {
                        if !options.is_empty() {
                            self.taken += 1;
                            self.frame[*var] = options[i.min(options.len() - 1)].clone();
                            return Ok(Flow::Go);
                        }
                    }
                }
                let mut options = Vec::new();
                let items = self.items(set)?;
                for k in 0..items.len() {
                    let v = items.get(k);
                    self.tick()?;
                    self.frame[*var] = v.clone();
                    if cond.as_ref().map_or(Ok(true), |c| self.truth(c))? {
                        options.push(v);
                        // The options themselves count against --memory (a
                        // choose over millions of values), with their
                        // moves' ([`Run::hold`]).
                        if options.len().is_multiple_of(4096) {
                            let held = (options.capacity() * std::mem::size_of::<Val>()) as u64;
                            if held > turn_memory() {
                                return Err(turn_memory_error(held, s.span));
                            }
                        }
                    }
                }
                if *twins && !self.names && !self.inst.groups.is_empty() {
                    self.twins_once(&mut options);
                }
                if options.is_empty() {
                    return Ok(Flow::Fail);
                }
                match self.prefix.get(self.taken) {
                    Some(&i) => {
                        self.taken += 1;
                        self.frame[*var] = options[i.min(options.len() - 1)].clone();
                    }
                    None => {
                        self.options.truncate(self.taken);
                        self.options.resize(self.taken, None);
                        if !self.names {
                            let n = options.len();
                            self.options.push(Some(options));
                            return Ok(Flow::Choice(Vec::new(), n));
                        }
                        let words = options
                            .iter()
                            .map(|v| {
                                let w = self.inst.word(*kind, v.s());
                                match say {
                                    Some(t) => fill(t, &w),
                                    None => w,
                                }
                            })
                            .collect();
                        let n = options.len();
                        self.options.push(Some(options));
                        return Ok(Flow::Choice(words, n));
                    }
                }
            }
            CStmtKind::Require(c) => {
                if !self.truth(c)? {
                    return Ok(Flow::Fail);
                }
            }
            CStmtKind::Roll(slot, lo, hi) => {
                let (lo, hi) = (self.int(lo)?, self.int(hi)?);
                match &self.inst.dice {
                    Dice::Known(rolls) => {
                        let at = self.inst.layout.dice;
                        let used = self.st.v[at] as usize;
                        let Some(&r) = rolls.get(used) else {
                            return Ok(Flow::End(EndWord::Stop));
                        };
                        self.put(at, used as i64 + 1);
                        self.frame[*slot] = Val::S(r);
                    }
                    dice => {
                        // `dice uniform LO..HI x N`: the scenario's faces,
                        // N rolls in all (then the game stops, as when the
                        // known dice run out); without dice, the roll's own.
                        let (lo, hi) = match dice {
                            Dice::Uniform(dlo, dhi, n) => {
                                let at = self.inst.layout.dice;
                                if self.st.v[at] as u64 >= *n {
                                    return Ok(Flow::End(EndWord::Stop));
                                }
                                (*dlo, *dhi)
                            }
                            _ => (lo, hi),
                        };
                        let faces = faces(lo, hi)
                            .map_err(|m| err(RunErrorKind::Index, m, s.span))?
                            as usize;
                        match self.prefix.get(self.taken) {
                            Some(&i) => {
                                self.taken += 1;
                                if matches!(dice, Dice::Uniform(..)) {
                                    let at = self.inst.layout.dice;
                                    self.put(at, self.st.v[at] + 1);
                                }
                                self.frame[*slot] = Val::S(lo + i as i64);
                            }
                            None => {
                                self.options.truncate(self.taken);
                                self.options.resize(self.taken + 1, None);
                                return Ok(Flow::Chance(faces));
                            }
                        }
                    }
                }
            }
            CStmtKind::End(w, c) => {
                if c.as_ref().map_or(Ok(true), |c| self.truth(c))? {
                    return Ok(Flow::End(*w));
                }
            }
            CStmtKind::Score(op, e) => {
                let n = self.int(e)?;
                self.reward = match op {
                    AssignOp::Sub => self.reward.checked_sub(n),
                    _ => self.reward.checked_add(n),
                }
                .ok_or_else(|| err(RunErrorKind::Overflow, "the score overflows", s.span))?;
            }
            CStmtKind::Print(e) => {
                let n = self.int(e)?;
                // Each line counts against the turn's memory, as its moves.
                self.held += std::mem::size_of::<i64>() as u64;
                if self.held > self.hold_cap {
                    return Err(turn_memory_error(self.held, self.span));
                }
                self.printed.push(n);
            }
            CStmtKind::Simultaneously(b) => {
                let outer = self.snap.is_none();
                if outer {
                    self.snap = Some(self.st.v.clone());
                }
                let f = self.flow(b);
                if outer {
                    self.snap = None;
                }
                return f;
            }
            CStmtKind::Swap(a, b) => {
                if self.snap.is_some() && self.swap_items_at_once(a, b)? {
                    return Ok(Flow::Go);
                }
                let (va, vb) = (self.load(a)?, self.load(b)?);
                self.store(a, vb)?;
                self.store(b, va)?;
            }
            CStmtKind::Push { front, list, value } => {
                let v = self.eval(value)?;
                let Val::L(mut items) = self.load(list)? else {
                    return Err(err(
                        RunErrorKind::Index,
                        "`push` on a value that is not a list",
                        s.span,
                    ));
                };
                if *front {
                    items.insert(0, v);
                } else {
                    items.push(v);
                }
                self.store(list, Val::L(items))?;
            }
            CStmtKind::Pop { front, list } => {
                let Val::L(mut items) = self.load(list)? else {
                    return Err(err(
                        RunErrorKind::Index,
                        "`pop` on a value that is not a list",
                        s.span,
                    ));
                };
                if items.is_empty() {
                    return Err(err(RunErrorKind::Index, "`pop` of an empty list", s.span));
                }
                if *front {
                    items.remove(0);
                } else {
                    items.pop();
                }
                self.store(list, Val::L(items))?;
            }
            CStmtKind::Next => return Ok(Flow::Next),
            CStmtKind::Break => return Ok(Flow::Break),
            CStmtKind::Assign(p, op, e) => {
                let v = if self.scalar_shaped(e) {
                    Val::S(self.int(e)?)
                } else {
                    self.eval(e)?
                };
                let v = match op {
                    AssignOp::Set => v,
                    _ => {
                        let old = self.load(p)?.s();
                        let n = v.s();
                        let r = if *op == AssignOp::Add {
                            old.checked_add(n)
                        } else {
                            old.checked_sub(n)
                        };
                        Val::S(r.ok_or_else(|| {
                            err(
                                RunErrorKind::Overflow,
                                format!("{old} and {n} overflow"),
                                s.span,
                            )
                        })?)
                    }
                };
                self.store(p, v)?;
            }
        }
        Ok(Flow::Go)
    }

    fn load(&mut self, p: &CPlace) -> R<Val> {
        Ok(match p {
            CPlace::Local(slot) => self.frame[*slot].clone(),
            CPlace::Var(i) => {
                let (base, d) = self.inst.layout.vars[*i];
                self.read_val(base, &d)
            }
            CPlace::Layer(l, c) => {
                let cell = self.int(c)?;
                match self.layer_slot(*l, cell) {
                    Some((base, d)) => self.read_val(base, &d),
                    None => Val::S(0),
                }
            }
            CPlace::Field(piece, f) => {
                let piece = self.int(piece)?;
                let (base, d) = self.field_slot(piece, *f)?;
                self.read_val(base, &d)
            }
            CPlace::Item(list, i) => {
                let i = self.int(i)?;
                if let CPlace::Local(slot) = **list {
                    if let Val::L(items) = &self.frame[slot] {
                        return items
                            .get(usize::try_from(i).unwrap_or(usize::MAX))
                            .cloned()
                            .ok_or_else(|| {
                                err(
                                    RunErrorKind::Index,
                                    format!("item {i} of a list of {}", items.len()),
                                    self.span,
                                )
                            });
                    }
                }
                let Val::L(items) = self.load(list)? else {
                    return Ok(Val::S(0));
                };
                items
                    .get(usize::try_from(i).unwrap_or(usize::MAX))
                    .cloned()
                    .ok_or_else(|| {
                        err(
                            RunErrorKind::Index,
                            format!("item {i} of a list of {}", items.len()),
                            self.span,
                        )
                    })?
            }
        })
    }

    /// `swap xs[i], xs[j]` inside `simultaneously`: each item's store
    /// would write the whole list as the block began, so the second would
    /// undo the first; the two items are exchanged in one write instead.
    /// False when the places are not two items of one state list.
    fn swap_items_at_once(&mut self, a: &CPlace, b: &CPlace) -> R<bool> {
        let (CPlace::Item(la, ia), CPlace::Item(lb, ib)) = (a, b) else {
            return Ok(false);
        };
        let (Some(x), Some(y)) = (self.list_id(la)?, self.list_id(lb)?) else {
            return Ok(false);
        };
        if x != y {
            return Ok(false);
        }
        let (i, j) = (self.int(ia)?, self.int(ib)?);
        let Val::L(mut items) = self.load(la)? else {
            return Ok(false);
        };
        let n = items.len();
        let at = |k: i64| usize::try_from(k).ok().filter(|&k| k < n);
        let (Some(i), Some(j)) = (at(i), at(j)) else {
            let k = if at(i).is_none() { i } else { j };
            return Err(err(
                RunErrorKind::Index,
                format!("item {k} of a list of {n}"),
                self.span,
            ));
        };
        items.swap(i, j);
        self.store(la, Val::L(items))?;
        Ok(true)
    }

    /// Which state list `p` is (its kind, index and cell or piece), for
    /// telling two places apart; `None` for a local or an item of a list.
    fn list_id(&mut self, p: &CPlace) -> R<Option<(u8, i64, i64)>> {
        Ok(match p {
            CPlace::Var(i) => Some((0, *i as i64, 0)),
            CPlace::Layer(l, c) => Some((1, *l as i64, self.int(c)?)),
            CPlace::Field(piece, f) => Some((2, self.int(piece)?, *f as i64)),
            CPlace::Local(_) | CPlace::Item(..) => None,
        })
    }

    fn store(&mut self, p: &CPlace, v: Val) -> R<()> {
        match p {
            CPlace::Local(slot) => self.frame[*slot] = v,
            CPlace::Var(i) => {
                let (base, d) = self.inst.layout.vars[*i];
                let inst = self.inst;
                self.write_val(&|| inst.prog.decls.vars[*i].name.node.clone(), base, d, v)?;
            }
            CPlace::Layer(l, c) => {
                let cell = self.int(c)?;
                let inst = self.inst;
                let name = &inst.prog.decls.layers[*l].name.node;
                let Some((base, d)) = self.layer_slot(*l, cell) else {
                    return Err(err(
                        RunErrorKind::Domain,
                        format!("{name}[off] cannot be set: the cell is off the board"),
                        self.span,
                    ));
                };
                self.write_val(
                    &|| format!("{name}[{}]", inst.word(Kind::Cell, cell)),
                    base,
                    d,
                    v,
                )?;
            }
            CPlace::Field(piece, f) => {
                let piece = self.int(piece)?;
                let (base, d) = self.field_slot(piece, *f)?;
                let inst = self.inst;
                let name = || {
                    format!(
                        "{}.{}",
                        inst.word(Kind::Piece, piece),
                        inst.prog.decls.fields[*f].name.node
                    )
                };
                self.write_val(&name, base, d, v)?;
            }
            CPlace::Item(list, i) => {
                let i = self.int(i)?;
                if let CPlace::Local(slot) = **list {
                    // A local list's item set in place (no copy of the list).
                    if let Val::L(items) = &mut self.frame[slot] {
                        let n = items.len();
                        let Some(k) = usize::try_from(i).ok().filter(|&k| k < n) else {
                            return Err(err(
                                RunErrorKind::Index,
                                format!("item {i} of a list of {n}"),
                                self.span,
                            ));
                        };
                        items[k] = v;
                        return Ok(());
                    }
                }
                let Val::L(mut items) = self.load(list)? else {
                    return Ok(());
                };
                let n = items.len();
                let slot = usize::try_from(i).ok().filter(|&i| i < n).ok_or_else(|| {
                    err(
                        RunErrorKind::Index,
                        format!("item {i} of a list of {n}"),
                        self.span,
                    )
                })?;
                items[slot] = v;
                self.store(list, Val::L(items))?;
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------ expressions

    fn truth(&mut self, e: &CExpr) -> R<bool> {
        Ok(self.int(e)? != 0)
    }

    /// A scalar's value (a list's: 0), the common scalar expressions
    /// evaluated here without building a [`Val`], the others by `expr`.
    fn int(&mut self, e: &CExpr) -> R<i64> {
        Ok(match e {
            CExpr::Flat(f) => self.flat(f)?,
            CExpr::Const(Val::S(n)) => *n,
            CExpr::Local(slot) => self.frame[*slot].s(),
            CExpr::Param(i) => self.inst.params[*i].s(),
            CExpr::Var(i) if self.inst.layout.vars[*i].1.list_max.is_none() => {
                self.read(self.inst.layout.vars[*i].0)
            }
            CExpr::Field(p, f) if self.inst.layout.fields[*f].1.list_max.is_none() => {
                let piece = self.int(p)?;
                let (base, _) = self.field_slot(piece, *f)?;
                self.read(base)
            }
            CExpr::Layer(l, c) if self.inst.layout.layers[*l].1.list_max.is_none() => {
                let cell = self.int(c)?;
                match self.layer_slot(*l, cell) {
                    Some((base, _)) => self.read(base),
                    None => self.inst.default_of(&self.inst.layout.layers[*l].1),
                }
            }
            CExpr::Call(Builtin::Len, args, _) => match self.seq(&args[0])? {
                Some(q) => self.seq_len(&q) as i64,
                None => self.set(&args[0])?.len() as i64,
            },
            CExpr::Not(a) => (!self.truth(a)?) as i64,
            CExpr::Ambient(Ambient::Rows) => self.inst.rows,
            CExpr::Ambient(Ambient::Cols) => self.inst.cols,
            CExpr::Cell(r, c) => {
                let (r, c) = (self.int(r)?, self.int(c)?);
                if r < 0 || c < 0 || r >= self.inst.rows || c >= self.inst.cols {
                    -1
                } else {
                    r * self.inst.cols + c
                }
            }
            CExpr::If(c, a, b) => {
                if self.truth(c)? {
                    self.int(a)?
                } else {
                    self.int(b)?
                }
            }
            CExpr::Call(Builtin::Advance, args, _) => {
                let (s, n) = (self.int(&args[0])?, self.int(&args[1])?);
                match &self.inst.track {
                    Some(t) => t.advance(s.max(0) as usize, n.max(0) as u64) as i64,
                    None => s,
                }
            }
            CExpr::Bin(op, a, b, span) => match op {
                BinOp::And => (self.truth(a)? && self.truth(b)?) as i64,
                BinOp::Or => (self.truth(a)? || self.truth(b)?) as i64,
                BinOp::Eq | BinOp::Ne | BinOp::Add
                    if !(self.scalar_shaped(a) && self.scalar_shaped(b)) =>
                {
                    self.eval(e)?.s()
                }
                _ => {
                    let p = match self.leaf(a) {
                        Some(p) => p,
                        None => self.int(a)?,
                    };
                    let q = match self.leaf(b) {
                        Some(q) => q,
                        None => self.int(b)?,
                    };
                    scalar_op(*op, p, q, *span)?
                }
            },
            _ => self.eval(e)?.s(),
        })
    }

    /// [`Run::int`] of a constant or a local read in place (the commonest
    /// operands, without a call); `None`: any other expression.
    #[inline(always)]
    fn leaf(&self, e: &CExpr) -> Option<i64> {
        match e {
            CExpr::Const(Val::S(n)) => Some(*n),
            CExpr::Local(slot) => Some(self.frame[*slot].s()),
            _ => None,
        }
    }

    /// Whether `e`'s value is a scalar, told without evaluating it (a
    /// `false` only sends it the long way, through `expr`).
    fn scalar_shaped(&self, e: &CExpr) -> bool {
        match e {
            CExpr::Const(v) => matches!(v, Val::S(_)),
            CExpr::Param(i) => matches!(self.inst.params[*i], Val::S(_)),
            CExpr::Local(slot) => matches!(self.frame[*slot], Val::S(_)),
            CExpr::Var(i) => self.inst.layout.vars[*i].1.list_max.is_none(),
            CExpr::Field(_, f) => self.inst.layout.fields[*f].1.list_max.is_none(),
            CExpr::Layer(l, _) => self.inst.layout.layers[*l].1.list_max.is_none(),
            CExpr::Not(_) | CExpr::Neg(_) | CExpr::CellPart(..) | CExpr::Cell(..) => true,
            CExpr::Ambient(a) => matches!(
                a,
                Ambient::Rows | Ambient::Cols | Ambient::Moves | Ambient::Me | Ambient::Opponent
            ),
            CExpr::If(_, a, b) => self.scalar_shaped(a) && self.scalar_shaped(b),
            CExpr::Agg(kind, ..) => *kind != Agg::Find,
            CExpr::Bin(op, a, b, _) => {
                *op != BinOp::Add || (self.scalar_shaped(a) && self.scalar_shaped(b))
            }
            CExpr::Flat(f) => self.flat_ready(f) || self.scalar_shaped(&f.tree),
            CExpr::Call(
                Builtin::Advance
                | Builtin::Value
                | Builtin::Abs
                | Builtin::Len
                | Builtin::Index
                | Builtin::Contains,
                ..,
            ) => true,
            _ => false,
        }
    }

    fn set(&mut self, e: &CExpr) -> R<Vec<Val>> {
        Ok(match self.eval(e)? {
            Val::L(items) => items,
            Val::S(_) => Vec::new(),
        })
    }

    /// Where a list's items can be read in place, without copying it: a
    /// state list (its first item's slot and its length) or a local list.
    /// `None`: any other expression (the caller evaluates it).
    fn seq(&mut self, e: &CExpr) -> R<Option<Seq>> {
        let at = |run: &Self, base: usize, d: &Dom| {
            let n = run.read(base).clamp(0, d.list_max.unwrap_or(0) as i64) as usize;
            Seq::Slots(base + 1, n)
        };
        Ok(Some(match e {
            CExpr::Local(slot) if matches!(self.frame[*slot], Val::L(_)) => Seq::Local(*slot),
            CExpr::Var(i) if self.inst.layout.vars[*i].1.list_max.is_some() => {
                let (base, d) = self.inst.layout.vars[*i];
                at(self, base, &d)
            }
            CExpr::Layer(l, c) if self.inst.layout.layers[*l].1.list_max.is_some() => {
                let cell = self.int(c)?;
                match self.layer_slot(*l, cell) {
                    Some((base, d)) => at(self, base, &d),
                    None => Seq::Slots(0, 0),
                }
            }
            CExpr::Field(p, f) if self.inst.layout.fields[*f].1.list_max.is_some() => {
                let piece = self.int(p)?;
                let (base, d) = self.field_slot(piece, *f)?;
                at(self, base, &d)
            }
            _ => return Ok(None),
        }))
    }

    fn seq_len(&self, q: &Seq) -> usize {
        match *q {
            Seq::Slots(_, n) => n,
            Seq::Local(slot) => match &self.frame[slot] {
                Val::L(items) => items.len(),
                Val::S(_) => 0,
            },
        }
    }

    fn seq_get(&self, q: &Seq, k: usize) -> Val {
        match *q {
            Seq::Slots(first, _) => Val::S(self.read(first + k)),
            Seq::Local(slot) => match &self.frame[slot] {
                Val::L(items) => items[k].clone(),
                Val::S(_) => Val::S(0),
            },
        }
    }

    /// The position of `v` in the list (`index`), read in place.
    fn seq_find(&self, q: &Seq, v: &Val) -> Option<usize> {
        match (*q, v) {
            (Seq::Slots(first, n), Val::S(x)) => (0..n).position(|k| self.read(first + k) == *x),
            (Seq::Slots(..), Val::L(_)) => None,
            (Seq::Local(slot), _) => match &self.frame[slot] {
                Val::L(items) => items.iter().position(|x| x == v),
                Val::S(_) => None,
            },
        }
    }

    /// The items of a set to loop over: `pieces` (all present), `cells`
    /// and ranges as bounds, without a list built per loop.
    fn items(&mut self, e: &CExpr) -> R<Items> {
        Ok(match e {
            CExpr::Ambient(Ambient::Pieces) if self.inst.present.iter().all(|&p| p) => {
                Items::Run(0, self.inst.pieces.len())
            }
            CExpr::Ambient(Ambient::Cells) => Items::Run(0, self.cells().max(0) as usize),
            CExpr::Range(lo, hi) => {
                let (lo, hi) = (self.int(lo)?, self.int(hi)?);
                if hi.saturating_sub(lo) > TURN_STEPS as i64 {
                    return Err(err(
                        RunErrorKind::Loop,
                        format!("the range {lo}..{hi} has more than {TURN_STEPS} values"),
                        self.span,
                    ));
                }
                Items::Run(lo, (i128::from(hi) - i128::from(lo) + 1).max(0) as usize)
            }
            other => Items::List(self.set(other)?),
        })
    }

    fn cells(&self) -> i64 {
        self.inst.rows * self.inst.cols
    }

    fn step(&self, c: i64, dr: i64, dc: i64) -> i64 {
        if c < 0 {
            return -1;
        }
        let (r, k) = (c / self.inst.cols + dr, c % self.inst.cols + dc);
        if r < 0 || k < 0 || r >= self.inst.rows || k >= self.inst.cols {
            -1
        } else {
            r * self.inst.cols + k
        }
    }

    /// An expression's value (errors unboxed, for the setup and sessions).
    pub(crate) fn expr(&mut self, e: &CExpr) -> Result<Val, RunError> {
        self.eval(e).map_err(|e| *e)
    }

    fn eval(&mut self, e: &CExpr) -> R<Val> {
        let ov = |span| err(RunErrorKind::Overflow, "an integer overflows 64 bits", span);
        Ok(match e {
            CExpr::Const(v) => v.clone(),
            CExpr::Param(i) => self.inst.params[*i].clone(),
            CExpr::Local(slot) => {
                if let Val::L(_) = &self.frame[*slot] {
                    self.charge(weight(&self.frame[*slot]))?;
                }
                self.frame[*slot].clone()
            }
            CExpr::Var(i) => {
                let (base, d) = self.inst.layout.vars[*i];
                self.read_val(base, &d)
            }
            CExpr::Layer(l, c) => {
                let cell = self.int(c)?;
                match self.layer_slot(*l, cell) {
                    Some((base, d)) => self.read_val(base, &d),
                    None => {
                        let (_, d) = self.inst.layout.layers[*l];
                        if d.list_max.is_some() {
                            Val::L(Vec::new())
                        } else {
                            Val::S(self.inst.default_of(&d))
                        }
                    }
                }
            }
            CExpr::Field(p, f) => {
                let piece = self.int(p)?;
                let (base, d) = self.field_slot(piece, *f)?;
                self.read_val(base, &d)
            }
            CExpr::PlayerPiece(p) => {
                let player = self.int(p)?;
                if let Some(&known) = self.player_piece.get(player as usize) {
                    if known != i64::MIN {
                        return Ok(Val::S(known));
                    }
                }
                let name = self.inst.prog.decls.players.get(player as usize);
                let piece = name.and_then(|n| self.inst.pieces.iter().position(|q| q == n));
                let piece = piece.map_or(-1, |i| i as i64);
                if let Some(slot) = self.player_piece.get_mut(player as usize) {
                    *slot = piece;
                }
                Val::S(piece)
            }
            CExpr::CellPart(c, row) => {
                let c = self.int(c)?;
                let cols = self.inst.cols.max(1);
                Val::S(if c < 0 {
                    -1
                } else if *row {
                    c / cols
                } else {
                    c % cols
                })
            }
            CExpr::Ambient(a) => match a {
                Ambient::Rows => Val::S(self.inst.rows),
                Ambient::Cols => Val::S(self.inst.cols),
                Ambient::Cells => Val::L((0..self.cells()).map(Val::S).collect()),
                Ambient::Pieces => Val::L(
                    (0..self.inst.pieces.len())
                        .filter(|&p| self.inst.present[p])
                        .map(|p| Val::S(p as i64))
                        .collect(),
                ),
                Ambient::Players => Val::L(
                    (0..self.inst.prog.decls.player_count as i64)
                        .map(Val::S)
                        .collect(),
                ),
                Ambient::Squares => Val::L(self.inst.track.as_ref().map_or(Vec::new(), |t| {
                    t.squares().map(|s| Val::S(s as i64)).collect()
                })),
                Ambient::Moves => Val::S(self.st.moves as i64),
                Ambient::Me => Val::S(self.st.v[self.inst.layout.mover]),
                Ambient::Opponent => Val::S(1 - self.st.v[self.inst.layout.mover]),
            },
            CExpr::Hood(h) => Val::L(h.iter().filter(|x| x.2 >= 0).map(|x| Val::S(x.2)).collect()),
            CExpr::EnumHood(..) => Val::L(
                self.hood_of(e)?
                    .iter()
                    .filter(|x| x.2 >= 0)
                    .map(|x| Val::S(x.2))
                    .collect(),
            ),
            CExpr::Cell(r, c) => {
                let (r, c) = (self.int(r)?, self.int(c)?);
                if r < 0 || c < 0 || r >= self.inst.rows || c >= self.inst.cols {
                    Val::S(-1)
                } else {
                    Val::S(r * self.inst.cols + c)
                }
            }
            CExpr::List(items) => Val::L(items.iter().map(|x| self.eval(x)).collect::<R<_>>()?),
            CExpr::Range(lo, hi) => {
                let (lo, hi) = (self.int(lo)?, self.int(hi)?);
                if hi.saturating_sub(lo) > TURN_STEPS as i64 {
                    return Err(err(
                        RunErrorKind::Loop,
                        format!("the range {lo}..{hi} has more than {TURN_STEPS} values"),
                        self.span,
                    ));
                }
                self.charge(hi.saturating_sub(lo).saturating_add(1).max(0) as usize)?;
                Val::L((lo..=hi).map(Val::S).collect())
            }
            CExpr::Not(a) => Val::S((!self.truth(a)?) as i64),
            CExpr::Neg(a) => Val::S(self.int(a)?.checked_neg().ok_or_else(|| ov(self.span))?),
            CExpr::Bin(op, a, b, span) => {
                match op {
                    BinOp::And => return Ok(Val::S((self.truth(a)? && self.truth(b)?) as i64)),
                    BinOp::Or => return Ok(Val::S((self.truth(a)? || self.truth(b)?) as i64)),
                    _ => {}
                }
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                let (x, y) = match (op, x, y) {
                    (BinOp::Add, Val::L(mut xs), Val::L(ys)) => {
                        self.charge(xs.len() + ys.len())?;
                        xs.extend(ys);
                        return Ok(Val::L(xs));
                    }
                    (_, x, y) => (x, y),
                };
                let (p, q) = (x.s(), y.s());
                match op {
                    BinOp::Eq => Val::S((x == y) as i64),
                    BinOp::Ne => Val::S((x != y) as i64),
                    _ => Val::S(scalar_op(*op, p, q, *span)?),
                }
            }
            CExpr::Index(list, i, span) => {
                let i = self.int(i)?;
                if let Some(q) = self.seq(list)? {
                    let n = self.seq_len(&q);
                    return match usize::try_from(i).ok().filter(|&k| k < n) {
                        Some(k) => Ok(self.seq_get(&q, k)),
                        None => Err(err(
                            RunErrorKind::Index,
                            format!("item {i} of a list of {n}"),
                            *span,
                        )),
                    };
                }
                let items = self.set(list)?;
                let n = items.len();
                usize::try_from(i)
                    .ok()
                    .and_then(|i| items.into_iter().nth(i))
                    .ok_or_else(|| {
                        err(
                            RunErrorKind::Index,
                            format!("item {i} of a list of {n}"),
                            *span,
                        )
                    })?
            }
            CExpr::Slice(list, lo, hi, span) => {
                let (q, items) = match self.seq(list)? {
                    Some(q) => (Some(q), Vec::new()),
                    None => (None, self.set(list)?),
                };
                let n = q.map_or(items.len(), |q| self.seq_len(&q)) as i64;
                let lo = match lo {
                    Some(x) => self.int(x)?,
                    None => 0,
                };
                let hi = match hi {
                    Some(x) => self.int(x)?,
                    None => n,
                };
                if lo < 0 || hi > n || lo > hi {
                    return Err(err(
                        RunErrorKind::Index,
                        format!("the slice {lo}..{hi} of a list of {n}"),
                        *span,
                    ));
                }
                self.charge((hi - lo) as usize)?;
                match q {
                    Some(q) => Val::L(
                        (lo as usize..hi as usize)
                            .map(|k| self.seq_get(&q, k))
                            .collect(),
                    ),
                    None => Val::L(items[lo as usize..hi as usize].to_vec()),
                }
            }
            CExpr::If(c, a, b) => {
                if self.truth(c)? {
                    self.eval(a)?
                } else {
                    self.eval(b)?
                }
            }
            CExpr::Agg(kind, slot, set, body, span) => {
                let items = self.items(set)?;
                let mut acc: Option<i64> = None;
                let mut count = 0i64;
                for k in 0..items.len() {
                    let v = items.get(k);
                    self.tick()?;
                    self.frame[*slot] = v.clone();
                    let b = self.int(body)?;
                    match kind {
                        Agg::All if b == 0 => return Ok(Val::S(0)),
                        Agg::Any if b != 0 => return Ok(Val::S(1)),
                        Agg::Find if b != 0 => return Ok(v),
                        Agg::Count if b != 0 => count += 1,
                        Agg::Sum => count = count.checked_add(b).ok_or_else(|| ov(*span))?,
                        Agg::Max => acc = Some(acc.map_or(b, |a| a.max(b))),
                        Agg::Min => acc = Some(acc.map_or(b, |a| a.min(b))),
                        _ => {}
                    }
                }
                match kind {
                    Agg::All => Val::S(1),
                    Agg::Any => Val::S(0),
                    Agg::Find => Val::S(-1),
                    Agg::Count | Agg::Sum => Val::S(count),
                    _ => Val::S(acc.ok_or_else(|| {
                        err(RunErrorKind::Index, "`max`/`min` of an empty set", *span)
                    })?),
                }
            }
            CExpr::Comp(item, slot, set, cond) => {
                let mut out = Vec::new();
                let items = self.items(set)?;
                for k in 0..items.len() {
                    let v = items.get(k);
                    self.tick()?;
                    self.frame[*slot] = v;
                    if let Some(c) = cond {
                        if !self.truth(c)? {
                            continue;
                        }
                    }
                    out.push(self.eval(item)?);
                }
                Val::L(out)
            }
            CExpr::Call(f, args, span) => self.call(*f, args, *span)?,
            CExpr::Flat(f) if self.flat_ready(f) => Val::S(self.flat(f)?),
            CExpr::Flat(f) => self.eval(&f.tree)?,
        })
    }

    fn hood_of(&mut self, e: &CExpr) -> R<Vec<(i64, i64, i64)>> {
        Ok(match e {
            CExpr::Hood(h) => h.clone(),
            CExpr::EnumHood(sets, v) => {
                let i = self.int(v)?;
                sets.get(i as usize).cloned().unwrap_or_default()
            }
            other => self
                .set(other)?
                .iter()
                .map(|d| {
                    let d = d.s().clamp(0, 8) as usize;
                    (OFFSETS[d].0, OFFSETS[d].1, d as i64)
                })
                .collect(),
        })
    }

    fn call(&mut self, f: Builtin, args: &[CExpr], span: Span) -> R<Val> {
        let dir = |d: i64| OFFSETS[d.clamp(0, 8) as usize];
        Ok(match f {
            Builtin::Step => {
                let c = self.int(&args[0])?;
                let (dr, dc) = dir(self.int(&args[1])?);
                Val::S(self.step(c, dr, dc))
            }
            Builtin::Neighbours => {
                let c = self.int(&args[0])?;
                let h = self.hood_of(&args[1])?;
                Val::L(
                    h.iter()
                        .map(|&(dr, dc, _)| self.step(c, dr, dc))
                        .filter(|&n| n >= 0 && c >= 0)
                        .map(Val::S)
                        .collect(),
                )
            }
            Builtin::Directions => Val::L(
                self.hood_of(&args[0])?
                    .iter()
                    .filter(|x| x.2 >= 0)
                    .map(|x| Val::S(x.2))
                    .collect(),
            ),
            Builtin::Opposite | Builtin::Left | Builtin::Right | Builtin::Rotate => {
                let d = self.int(&args[0])?;
                if !(0..8).contains(&d) {
                    return Ok(Val::S(8));
                }
                let k = match f {
                    Builtin::Opposite => 4,
                    Builtin::Left => -2,
                    Builtin::Right => 2,
                    _ => -(self.int(&args[1])?.rem_euclid(8)),
                };
                Val::S((d + k).rem_euclid(8))
            }
            Builtin::Forward => {
                let c = self.int(&args[0])?;
                let (dr, dc) = dir(self.int(&args[1])?);
                let cols = self.inst.cols.max(1);
                // `off`: -(rows + cols), below every cell's along any
                // direction (docs/rules-language.md, *Expressions*).
                Val::S(if c < 0 {
                    -(self.inst.rows + cols)
                } else {
                    (c / cols) * dr + (c % cols) * dc
                })
            }
            Builtin::Lanes => {
                let d = self.int(&args[0])?;
                if !matches!(d, 0 | 2 | 4 | 6) {
                    let name = crate::games::rules::check::DIRECTIONS
                        .get(d as usize)
                        .unwrap_or(&"none");
                    return Err(err(
                        RunErrorKind::Index,
                        format!(
                            "`lanes({name})`: a board has lanes only along up, down, left or right"
                        ),
                        span,
                    ));
                }
                let (rows, cols) = (self.inst.rows, self.inst.cols);
                let lane = |outer: i64, inner: i64| -> i64 {
                    match d {
                        2 => outer * cols + (cols - 1 - inner),
                        6 => outer * cols + inner,
                        4 => (rows - 1 - inner) * cols + outer,
                        _ => inner * cols + outer,
                    }
                };
                let (outer, inner) = if matches!(d, 2 | 6) {
                    (rows, cols)
                } else {
                    (cols, rows)
                };
                Val::L(
                    (0..outer)
                        .map(|o| Val::L((0..inner).map(|i| Val::S(lane(o, i))).collect()))
                        .collect(),
                )
            }
            Builtin::Lines => {
                let n = self.int(&args[0])?;
                if n < 1 {
                    return Err(err(
                        RunErrorKind::Index,
                        format!("`lines({n})`: a line has at least one cell"),
                        span,
                    ));
                }
                let mut out = Vec::new();
                // No line is longer than the board is wide or high; each
                // cell a line visits costs a step, each line kept one more.
                // A line of one cell runs no way: each cell once.
                let ways: &[(i64, i64)] = if n == 1 {
                    &[(0, 1)]
                } else {
                    &[(0, 1), (1, 0), (1, 1), (1, -1)]
                };
                if n <= self.inst.rows.max(self.inst.cols) {
                    for &(dr, dc) in ways {
                        for c in 0..self.cells() {
                            let mut run = vec![c];
                            while (run.len() as i64) < n {
                                let here = self.step(run[run.len() - 1], dr, dc);
                                if here < 0 {
                                    break;
                                }
                                run.push(here);
                            }
                            self.charge(run.len())?;
                            if run.len() as i64 == n {
                                out.push(Val::L(run.into_iter().map(Val::S).collect()));
                            }
                        }
                    }
                }
                Val::L(out)
            }
            Builtin::Region => {
                let c = self.int(&args[0])?;
                let l = self.int(&args[1])? as usize;
                if c < 0 || l >= self.inst.layout.layers.len() {
                    return Ok(Val::L(Vec::new()));
                }
                let value =
                    |me: &Self, cell: i64| me.layer_slot(l, cell).map(|(b, d)| me.read_val(b, &d));
                let want = value(self, c);
                let mut seen = vec![false; self.cells() as usize];
                let mut stack = vec![c];
                seen[c as usize] = true;
                while let Some(x) = stack.pop() {
                    self.tick()?;
                    for (dr, dc) in [(-1, 0), (0, 1), (1, 0), (0, -1)] {
                        let n = self.step(x, dr, dc);
                        if n >= 0 && !seen[n as usize] && value(self, n) == want {
                            seen[n as usize] = true;
                            stack.push(n);
                        }
                    }
                }
                Val::L(
                    (0..self.cells())
                        .filter(|&i| seen[i as usize])
                        .map(Val::S)
                        .collect(),
                )
            }
            Builtin::Abs => Val::S(
                self.int(&args[0])?
                    .checked_abs()
                    .ok_or_else(|| err(RunErrorKind::Overflow, "abs overflows", span))?,
            ),
            Builtin::Min => Val::S(self.int(&args[0])?.min(self.int(&args[1])?)),
            Builtin::Max => Val::S(self.int(&args[0])?.max(self.int(&args[1])?)),
            Builtin::Len => match self.seq(&args[0])? {
                Some(q) => Val::S(self.seq_len(&q) as i64),
                None => Val::S(self.set(&args[0])?.len() as i64),
            },
            Builtin::Index | Builtin::Contains => {
                let at = match self.seq(&args[0])? {
                    Some(q) => {
                        let v = self.eval(&args[1])?;
                        self.seq_find(&q, &v)
                    }
                    None => {
                        let items = self.set(&args[0])?;
                        let v = self.eval(&args[1])?;
                        items.iter().position(|x| *x == v)
                    }
                };
                Val::S(match f {
                    Builtin::Index => at.map_or(-1, |i| i as i64),
                    _ => at.is_some() as i64,
                })
            }
            Builtin::Reverse => {
                let mut items = self.set(&args[0])?;
                items.reverse();
                Val::L(items)
            }
            Builtin::Advance => {
                let s = self.int(&args[0])?;
                let n = self.int(&args[1])?;
                match &self.inst.track {
                    Some(t) => Val::S(t.advance(s.max(0) as usize, n.max(0) as u64) as i64),
                    None => Val::S(s),
                }
            }
            Builtin::Value => {
                let s = self.int(&args[0])?;
                Val::S(self.inst.track.as_ref().map_or(0, |t| {
                    if s >= 0 && (s as usize) < t.len() {
                        t.score(s as usize)
                    } else {
                        0
                    }
                }))
            }
        })
    }
}

/// `say "piece {p}"` with the value's word in place of every `{…}`.
fn fill(template: &str, word: &str) -> String {
    let mut out = String::with_capacity(template.len() + word.len());
    let mut rest = template;
    while let Some(a) = rest.find('{') {
        let Some(b) = rest[a..].find('}') else {
            break;
        };
        out.push_str(&rest[..a]);
        out.push_str(word);
        rest = &rest[a + b + 1..];
    }
    out.push_str(rest);
    out
}

/// A list read in place (see `Run::seq`).
#[derive(Clone, Copy)]
enum Seq {
    /// State slots: the first item's, and how many items.
    Slots(usize, usize),
    /// A local holding a list.
    Local(usize),
}

/// A set's items to loop over.
enum Items {
    /// The integers from `lo`, so many of them.
    Run(i64, usize),
    /// Any list.
    List(Vec<Val>),
}

impl Items {
    fn len(&self) -> usize {
        match self {
            Items::Run(_, n) => *n,
            Items::List(v) => v.len(),
        }
    }

    fn get(&self, k: usize) -> Val {
        match self {
            Items::Run(lo, _) => Val::S(lo + k as i64),
            Items::List(v) => v[k].clone(),
        }
    }
}

/// Where a replay stopped at a choice or a die met by a statement of the
/// turn's top level: the run just before that statement. The paths below
/// it resume there instead of running the turn again from its start (the
/// turn is deterministic: the statements before it did the same).
struct Checkpoint {
    /// The statement's index in the turn.
    at: usize,
    /// The state then: a copy, or (`None`, when replays undo) the
    /// journal's length then.
    v: Option<Vec<i64>>,
    mark: usize,
    /// The journal's epoch then.
    epoch: u32,
    frame: Vec<Val>,
    taken: usize,
    reward: i64,
    printed: usize,
    chose: bool,
}

/// What one replay of the turn with a prefix gave.
enum Path {
    /// A leaf: its end, and whether any choice was taken on the way.
    Leaf(Option<End>, bool),
    Fail,
    /// The options' words (none: empty words) and how many.
    Choice(Vec<String>, usize),
    Chance(usize),
}

impl<'a> Run<'a> {
    /// Run the turn again from `s` with the current prefix (the state, the
    /// frame and the counters reset; the options met on the prefix kept),
    /// from the start or from `from`; a choice or die met at the top level
    /// leaves its checkpoint in `stopped`.
    fn replay(
        &mut self,
        s: &State,
        from: Option<&Checkpoint>,
        stopped: &mut Option<Checkpoint>,
    ) -> R<Path> {
        let inst = self.inst;
        self.st.moves = s.moves;
        self.snap = None;
        self.options.truncate(self.prefix.len());
        // A checkpoint whose journal is gone: replay from the start (the
        // turn is deterministic: the same run).
        let from = from.filter(|c| c.v.is_some() || (self.at_start && c.epoch == self.epoch));
        let first = match from {
            Some(c) => {
                match &c.v {
                    Some(v) => self.st.v.clone_from(v),
                    None => self.undo_to(c.mark),
                }
                self.frame.clone_from(&c.frame);
                self.taken = c.taken;
                self.reward = c.reward;
                self.printed.truncate(c.printed);
                self.chose = c.chose;
                c.at
            }
            None => {
                if self.undo && self.at_start {
                    self.undo_to(0);
                } else {
                    self.st.v.clone_from(&s.v);
                    self.journal.clear();
                    self.epoch = self.epoch.wrapping_add(1);
                    self.at_start = true;
                }
                self.frame.fill(Val::S(0));
                self.taken = 0;
                self.reward = 0;
                self.printed.clear();
                self.chose = false;
                0
            }
        };
        let known = matches!(inst.dice, Dice::Known(_));
        let mut flow = Flow::Go;
        for (i, stmt) in inst.prog.turn.iter().enumerate().skip(first) {
            let before = (self.taken, self.reward, self.chose, self.printed.len());
            let held = ((matches!(stmt.kind, CStmtKind::Choose { .. })
                || matches!(stmt.kind, CStmtKind::Roll(..)) && !known)
                && self.prefix.len() == self.taken)
                .then(|| {
                    let journalled = self.undo && self.at_start;
                    let v = (!journalled).then(|| self.st.v.clone());
                    (v, self.journal.len(), self.frame.clone())
                });
            flow = self.stmt(stmt)?;
            if let (Some((v, mark, frame)), Flow::Choice(..) | Flow::Chance(_)) = (held, &flow) {
                *stopped = Some(Checkpoint {
                    at: i,
                    v,
                    mark,
                    epoch: self.epoch,
                    frame,
                    taken: before.0,
                    reward: before.1,
                    printed: before.3,
                    chose: before.2,
                });
            }
            if !matches!(flow, Flow::Go) {
                break;
            }
        }
        let end = match flow {
            Flow::Fail => return Ok(Path::Fail),
            Flow::Choice(w, n) => return Ok(Path::Choice(w, n)),
            Flow::Chance(n) => return Ok(Path::Chance(n)),
            Flow::End(w) => Some(end_of(w)),
            _ => None,
        };
        Ok(Path::Leaf(end, self.chose))
    }

    /// The next position of the path [`Run::replay`] just ran to a leaf
    /// ending in `end`. With no choice or die taken, this is the turn's
    /// only path: the run's state is the next position itself (no copy).
    fn next_state(&mut self, end: Option<End>) -> State {
        let mut next = if self.prefix.is_empty() {
            State {
                v: std::mem::take(&mut self.st.v),
                moves: self.st.moves,
                over: None,
            }
        } else {
            self.st.clone()
        };
        next.moves = next.moves.saturating_add(1);
        if self.flips(end) {
            let m = self.inst.layout.mover;
            next.v[m] = 1 - next.v[m];
        }
        next
    }

    /// Whether a path ending in `end` hands the turn to the other player.
    fn flips(&self, end: Option<End>) -> bool {
        self.inst.prog.decls.player_count == 2 && end.is_none()
    }

    /// Lend the next position of the path [`Run::replay`] just ran to a
    /// leaf ending in `end` to `sink`, made in place on the run's state and
    /// unmade after (the next replay starts from a checkpoint or the turn's
    /// start either way).
    /// Count one more move of this expansion against
    /// [`with_turn_memory`]'s bound.
    fn hold(&mut self) -> R<()> {
        self.held += move_bytes(self.st.v.len());
        if self.held > self.hold_cap {
            return Err(turn_memory_error(self.held, self.span));
        }
        Ok(())
    }

    fn lend_leaf(&mut self, end: Option<End>, sink: &mut dyn Sink<State>) {
        let (moves, flip) = (self.st.moves, self.flips(end));
        let m = self.inst.layout.mover;
        self.st.moves = moves.saturating_add(1);
        if flip {
            self.st.v[m] = 1 - self.st.v[m];
        }
        sink.leaf(&self.st, self.reward, end);
        if flip {
            self.st.v[m] = 1 - self.st.v[m];
        }
        self.st.moves = moves;
    }

    /// The tree of the turn at `s` below the current prefix, resuming at
    /// `from` (a checkpoint the prefix passes through) when given.
    fn node(&mut self, s: &State, from: Option<&Checkpoint>) -> R<Option<(Node<State>, bool)>> {
        let mut stopped = None;
        let path = self.replay(s, from, &mut stopped)?;
        let from = if self.resume {
            stopped.as_ref().or(from)
        } else {
            None
        };
        Ok(match path {
            Path::Fail => None,
            Path::Leaf(end, chose) => {
                self.hold()?;
                let l = Leaf {
                    next: self.next_state(end),
                    reward: self.reward,
                    end,
                    printed: std::mem::take(&mut self.printed),
                };
                Some((Node::Leaf(l), chose))
            }
            Path::Choice(words, n) => {
                let mut out = Vec::with_capacity(n);
                let mut words = words.into_iter();
                for i in 0..n {
                    let w = words.next().unwrap_or_default();
                    self.prefix.push(i);
                    if let Some((n, _)) = self.node(s, from)? {
                        out.push((w, n));
                    }
                    self.prefix.pop();
                }
                (!out.is_empty()).then_some((Node::Choice(out), true))
            }
            Path::Chance(faces) => {
                let p = Prob::new(1, faces as u64);
                let mut out = Vec::with_capacity(faces);
                let mut chose = false;
                for i in 0..faces {
                    self.prefix.push(i);
                    let n = match self.node(s, from)? {
                        Some((n, c)) => {
                            chose |= c;
                            n
                        }
                        // No move after this roll: the mover is stuck there.
                        None => Node::Leaf(Leaf {
                            next: {
                                self.hold()?;
                                s.clone()
                            },
                            reward: 0,
                            end: Some(end_of(self.inst.prog.stuck)),
                            printed: Vec::new(),
                        }),
                    };
                    self.prefix.pop();
                    out.push((p, n));
                }
                Some((Node::Chance(out), chose))
            }
        })
    }
}

impl<'a> Run<'a> {
    /// [`Run::node`] streamed into `sink`: `None` when no path below the
    /// prefix is legal (the sink then holds nothing of it), otherwise
    /// whether any choice was taken.
    fn node_into(
        &mut self,
        s: &State,
        from: Option<&Checkpoint>,
        sink: &mut dyn Sink<State>,
    ) -> R<Option<bool>> {
        let mut stopped = None;
        let path = self.replay(s, from, &mut stopped)?;
        let from = if self.resume {
            stopped.as_ref().or(from)
        } else {
            None
        };
        Ok(match path {
            Path::Fail => None,
            Path::Leaf(end, chose) => {
                self.hold()?;
                self.lend_leaf(end, sink);
                Some(chose)
            }
            Path::Choice(_, n) => {
                let mark = sink.open(false);
                let mut kept = 0u32;
                for i in 0..n {
                    self.prefix.push(i);
                    let ok = self.node_into(s, from, sink)?;
                    self.prefix.pop();
                    kept += u32::from(ok.is_some());
                }
                if kept == 0 {
                    sink.cut(mark);
                    None
                } else {
                    sink.close(mark, kept);
                    Some(true)
                }
            }
            Path::Chance(faces) => {
                let p = Prob::new(1, faces as u64);
                let mark = sink.open(true);
                let mut chose = false;
                for i in 0..faces {
                    sink.odds(p);
                    self.prefix.push(i);
                    match self.node_into(s, from, sink)? {
                        Some(c) => chose |= c,
                        // No move after this roll: the mover is stuck there.
                        None => {
                            self.hold()?;
                            sink.leaf(s, 0, Some(end_of(self.inst.prog.stuck)))
                        }
                    }
                    self.prefix.pop();
                }
                sink.close(mark, faces as u32);
                Some(chose)
            }
        })
    }
}

impl Model for Instance {
    type State = State;

    fn players(&self) -> u8 {
        self.prog.decls.player_count
    }

    fn mover(&self, s: &State) -> u8 {
        s.v[self.layout.mover].clamp(0, 1) as u8
    }

    fn is_over(&self, s: &State) -> bool {
        s.over.is_some()
    }

    fn state_bytes(&self, s: &State) -> u64 {
        (std::mem::size_of::<State>() + 8 * s.v.capacity()) as u64
    }

    fn key(&self, s: &State, out: &mut Vec<u64>) {
        // `simulate` answers the positions themselves (their cycle): the
        // exact key. The searches' values do not depend on which of the
        // interchangeable pieces is where: the canonical one.
        if matches!(self.prog.objective, Objective::Simulate(_)) {
            super::key::pack(self, s, out);
        } else {
            super::key::canonical(self, s, out);
        }
        // A program that reads `moves` plays differently after a different
        // number of moves: the count is part of its positions.
        if self.prog.reads_moves {
            out.push(u64::from(s.moves));
        }
    }

    fn turn(&self, s: &State) -> Result<Turn<State>, RunError> {
        self.expand(s, true)
    }

    fn prints(&self) -> bool {
        self.prog.prints
    }

    fn turn_unnamed(&self, s: &State) -> Result<Turn<State>, RunError> {
        self.expand(s, false)
    }

    fn expand_into(&self, s: &State, sink: &mut dyn Sink<State>) -> Result<Option<End>, RunError> {
        let mut steps = 0u64;
        self.expand_streamed(s, sink, &mut steps)
    }

    fn stepper(&self) -> Option<Box<dyn super::model::Stepper<State> + '_>> {
        if self.prog.prints {
            // The in-place steppers print nothing: each turn is expanded
            // by the interpreter, whose leaf carries its lines.
            return None;
        }
        if let Some(flat) = super::solve::simulate_flat::Flat::compile(self) {
            return Some(Box::new(flat));
        }
        let in_place = super::solve::simulate_run::InPlace::new(self)?;
        Some(Box::new(in_place))
    }

    #[allow(clippy::type_complexity)]
    fn slim(&self, start: &State) -> Option<(Box<dyn Model<State = Thin> + '_>, Thin)> {
        if start.over.is_some() {
            // The game is over: the full model says so (slim ones only
            // run turns).
            return None;
        }
        let (m, t) = super::solve::alphabeta_slim::Slim::new(self, start)?;
        Some((Box::new(m), t))
    }
}

impl Instance {
    /// The turn at `s`, its choices' words built when `names`.
    fn expand(&self, s: &State, names: bool) -> Result<Turn<State>, RunError> {
        self.expand_counting(s, names, true).0
    }

    /// [`Instance::expand`], resuming at top-level choices and rolls when
    /// `resume`, with the statement steps it ran.
    pub(crate) fn expand_counting(
        &self,
        s: &State,
        names: bool,
        resume: bool,
    ) -> (Result<Turn<State>, RunError>, u64) {
        let mut steps = 0u64;
        let turn = self.expand_with(s, names, resume, &mut steps);
        (turn, steps)
    }

    fn expand_with(
        &self,
        s: &State,
        names: bool,
        resume: bool,
        steps: &mut u64,
    ) -> Result<Turn<State>, RunError> {
        if let Some(end) = s.over {
            return Ok(Turn::Ended { end, stuck: false });
        }
        self.check_moves(s)?;
        let mut run = Spare::take().run(self, s, steps);
        run.names = names;
        run.resume = resume;
        // The run's state is `s` itself: the first replay copies nothing.
        run.undo = resume;
        run.at_start = resume;
        let node = run.node(s, None);
        Spare::keep(run);
        match node.map_err(|e| *e)? {
            None => Ok(Turn::Ended {
                end: end_of(self.prog.stuck),
                stuck: true,
            }),
            Some((Node::Leaf(l), false)) if self.players() > 0 => match l.end {
                Some(end) => Ok(Turn::Ended { end, stuck: false }),
                None => Ok(Turn::Moves(Node::Leaf(l))),
            },
            Some((n, _)) => Ok(Turn::Moves(n)),
        }
    }
}

impl Instance {
    /// [`Model::expand_into`]: [`Instance::expand_with`] (unnamed, resuming)
    /// streamed into `sink`.
    pub(crate) fn expand_streamed(
        &self,
        s: &State,
        sink: &mut dyn Sink<State>,
        steps: &mut u64,
    ) -> Result<Option<End>, RunError> {
        self.expand_streamed_by(s, sink, steps, true)
    }

    /// [`Instance::expand_streamed`] by the compiled turn when there is
    /// one and `compiled`, otherwise by the interpreter (tests compare).
    pub(crate) fn expand_streamed_by(
        &self,
        s: &State,
        sink: &mut dyn Sink<State>,
        steps: &mut u64,
        compiled: bool,
    ) -> Result<Option<End>, RunError> {
        if let Some(end) = s.over {
            return Ok(Some(end));
        }
        self.check_moves(s)?;
        if let Some(code) = self.turn_code().filter(|_| compiled) {
            let mut first = OnlyLeaf {
                sink: &mut *sink,
                leaf: None,
                opened: false,
                players: self.players(),
            };
            match expand::expand(self, code, s, &mut first, steps) {
                Ok(got) => return Ok(self.streamed(got, first)),
                // A run-time error: the interpreter's run below tells it
                // (after the same events).
                Err(code::Out) => *steps = 0,
            }
        }
        let mut run = Spare::take().run(self, s, steps);
        run.names = false;
        run.resume = true;
        run.undo = true;
        run.at_start = true;
        let mut first = OnlyLeaf {
            sink,
            leaf: None,
            opened: false,
            players: self.players(),
        };
        let got = run.node_into(s, None, &mut first);
        Spare::keep(run);
        Ok(self.streamed(got.map_err(|e| *e)?, first))
    }

    /// The turn's compiled code for the searches' expansions (`None`: the
    /// interpreter runs it), compiled on the first call.
    pub(crate) fn turn_code(&self) -> Option<&Code> {
        self.turn_code
            .get_or_init(|| Code::compile(self).map(std::sync::Arc::new))
            .as_deref()
    }

    /// What an expansion streamed through `first` answers: the end of a
    /// turn that ended at its start, its held-back leaf passed on.
    fn streamed(&self, got: Option<bool>, first: OnlyLeaf) -> Option<End> {
        let OnlyLeaf { sink, leaf, .. } = first;
        match got {
            None => Some(end_of(self.prog.stuck)),
            // A turn of one path and no choice ends before any move when
            // that path ends the game (as `expand_with`).
            Some(false) if self.players() > 0 => match leaf {
                Some((_, _, Some(end))) => Some(end),
                Some((Some(next), reward, None)) => {
                    sink.leaf(&next, reward, None);
                    None
                }
                _ => None,
            },
            Some(_) => {
                if let Some((Some(next), reward, end)) = leaf {
                    sink.leaf(&next, reward, end);
                }
                None
            }
        }
    }

    /// Refuse a turn past the move count a program that reads `moves`
    /// may search to.
    fn check_moves(&self, s: &State) -> Result<(), RunError> {
        if self.prog.reads_moves
            && u64::from(s.moves) >= MOVES_READ_LIMIT
            && !matches!(self.prog.objective, Objective::Simulate(_))
        {
            return Err(RunError {
                kind: RunErrorKind::MovesEndless,
                message: "the game reads `moves` and has gone on for 100,000 moves: its \
                          positions hold the move count, so no repetition ends a line, and \
                          the search needs every play to end"
                    .into(),
                span: Span::default(),
            });
        }
        Ok(())
    }
}

/// The sink of a turn's expansion until its first choice or die: a leaf
/// met before any is held back (copied), since a turn whose only path
/// takes no choice and ends the game ended at its start and has no leaf.
struct OnlyLeaf<'s> {
    sink: &'s mut dyn Sink<State>,
    /// The leaf held back (its position only when it may be passed on).
    leaf: Option<(Option<State>, i64, Option<End>)>,
    opened: bool,
    /// The game's players.
    players: u8,
}

impl Sink<State> for OnlyLeaf<'_> {
    fn open(&mut self, chance: bool) -> usize {
        self.opened = true;
        self.sink.open(chance)
    }
    fn close(&mut self, mark: usize, n: u32) {
        self.sink.close(mark, n)
    }
    fn cut(&mut self, mark: usize) {
        self.sink.cut(mark)
    }
    fn odds(&mut self, p: Prob) {
        self.sink.odds(p)
    }
    fn leaf(&mut self, next: &State, reward: i64, end: Option<End>) {
        if self.opened {
            self.sink.leaf(next, reward, end)
        } else if end.is_some() && self.players > 0 {
            // The turn ended at its start: its position is never passed on.
            self.leaf = Some((None, reward, end));
        } else {
            self.leaf = Some((Some(next.clone()), reward, end));
        }
    }
}

impl Instance {
    /// Run a zero-player turn in place on `s` (`simulate`'s stepper for
    /// programs the compiled stepper does not take): `true` when it went on
    /// exactly as [`Model::turn`]'s only leaf, with every slot it wrote and
    /// its value before in `journal`; otherwise (an end, a failure, a
    /// choice, a die) `false` with `s` as it was. No copy of the state.
    pub(crate) fn step_in_place(&self, s: &mut State, journal: &mut Vec<(usize, i64)>) -> bool {
        let mut steps = 0u64;
        let spare = Spare::take();
        let mut frame = spare.frame;
        frame.clear();
        frame.resize(self.prog.frame, Val::S(0));
        let mut prefix = spare.prefix;
        prefix.clear();
        let here = State {
            v: std::mem::take(&mut s.v),
            moves: s.moves,
            over: None,
        };
        let mut run = Run::with_frame(self, here, frame, prefix, &mut steps);
        journal.clear();
        run.journal = std::mem::take(journal);
        run.names = false;
        run.resume = false;
        run.undo = true;
        run.at_start = true;
        run.keep_journal = true;
        // `replay` reads only the moves of its start here (undoing an empty
        // journal restores nothing).
        let probe = State {
            v: Vec::new(),
            moves: s.moves,
            over: None,
        };
        let mut stopped = None;
        let path = run.replay(&probe, None, &mut stopped);
        *journal = std::mem::take(&mut run.journal);
        let went_on = match path {
            Ok(Path::Leaf(end, _)) => {
                let next = run.next_state(end);
                s.v = next.v;
                if end.is_none() {
                    s.moves = next.moves;
                }
                end.is_none()
            }
            _ => {
                s.v = std::mem::take(&mut run.st.v);
                false
            }
        };
        if !went_on {
            while let Some((slot, old)) = journal.pop() {
                s.v[slot] = old;
            }
        }
        Spare::keep(run);
        went_on
    }
}

/// The buffers of a finished expansion, kept for the next one on the same
/// thread (a search expands many positions, each with a run of its own).
#[derive(Default)]
struct Spare {
    v: Vec<i64>,
    frame: Vec<Val>,
    prefix: Vec<usize>,
    options: Vec<Option<Vec<Val>>>,
    journal: Vec<(usize, i64)>,
}

thread_local! {
    static SPARE: std::cell::RefCell<Spare> = std::cell::RefCell::new(Spare::default());
}

impl Spare {
    /// This thread's buffers (empty ones while another run holds them).
    fn take() -> Spare {
        SPARE.with(|c| std::mem::take(&mut *c.borrow_mut()))
    }

    /// Keep `run`'s buffers for the next expansion.
    fn keep(run: Run) {
        let spare = Spare {
            v: run.st.v,
            frame: run.frame,
            prefix: run.prefix,
            options: run.options,
            journal: run.journal,
        };
        SPARE.with(|c| *c.borrow_mut() = spare);
    }

    /// A run at `s`, as `Run::new(inst, s.clone(), &[], steps)`, in these
    /// buffers.
    fn run<'a>(self, inst: &'a Instance, s: &State, steps: &'a mut u64) -> Run<'a> {
        let Spare {
            mut v,
            mut frame,
            mut prefix,
            mut options,
            mut journal,
        } = self;
        v.clear();
        v.extend_from_slice(&s.v);
        frame.clear();
        frame.resize(inst.prog.frame, Val::S(0));
        prefix.clear();
        options.clear();
        journal.clear();
        let mut run = Run::with_frame(
            inst,
            State {
                v,
                moves: s.moves,
                over: None,
            },
            frame,
            prefix,
            steps,
        );
        run.options = options;
        run.journal = journal;
        run
    }
}
