//! Alpha-beta (fail-soft negamax) with a transposition table, shared by the
//! two-player objectives; each supplies its value arithmetic as a [`Kind`]
//! (`moves`: mate distances, `outcome`: ±1/0, `score`: reward sums).
//!
//! Values are the mover's. The search keeps an explicit stack of frames;
//! the positions of the current line are marked in the table (their depth
//! on the line), so one look-up per position finds its bounds or a
//! repetition. A position met again on its own line is a repetition, which the kind scores (`outcome`, `score`: a
//! draw, 0) or refuses (`moves`: endless). A value that depended on a
//! repetition of a position *above* the one computed depends on the line
//! that led there, so it is not stored in the table; a value that depended
//! only on repetitions of the position itself or below is stored (the usual
//! rule for graph-history interaction: values can differ from a search that
//! knew the whole history only when a position is reached again by another
//! line whose earlier positions the stored search did not see). Under
//! `score` a value that met any repetition is not stored
//! ([`Kind::CYCLE_CLOSES_ANYWHERE`]): the scores of a cycle's moves count up
//! to the first repeated position, which depends on where the line entered
//! the cycle.
//!
//! The table keeps, per key, the lower and upper bounds proved so far (equal:
//! the exact value) and the best move found; that move is tried first. A
//! position met again whose bounds do not settle the new window is searched
//! in the window just outside its bounds, so its value comes out exact and
//! no later window expands it again: each position is expanded at most
//! twice (games with many transpositions, e.g. taking cards from either end
//! of a row, otherwise expand one position once per window met). A table
//! that would pass the memory cap stops the search (`meeple::limit::memory`).

use super::super::model::{End, Leaf, Model, RunError, RunErrorKind, Turn};
use super::key::{Key, Keyer};
use super::line::{Line, Step};
use super::retrograde;
use super::table::Table;
use super::tree::{leaves_of, moves_of, Move};
use super::{MoveValue, SolveError, Value};
use crate::budget::{Budget, LimitHit};

/// Past any value.
pub(crate) const INF: i64 = 1 << 62;

/// The bytes the open frames may hold before the shallowest ones drop
/// their children ([`Searcher::shed`]): 32 MB, or an eighth of `--memory`
/// when that is less (keeping more saves few expansions: measured on a
/// line 100,000 moves deep, a quarter of 1 GB saved a fifth of them).
fn frames_kept(memory: u64) -> u64 {
    (memory / 8).min(32 << 20)
}

/// The value arithmetic of a two-player objective.
pub(crate) trait Kind {
    /// A turn that ended at its start, for its mover.
    fn ended(end: End) -> Result<i64, SolveError>;
    /// A move that ended the game, for its mover.
    fn leaf_end(end: End, reward: i64) -> Result<i64, SolveError>;
    /// A move to a child worth `c` to the child's mover, for the move's mover.
    fn parent(c: i64, reward: i64) -> Result<i64, SolveError>;
    /// The child's window for the parent's window `(alpha, beta)`.
    fn child_window(alpha: i64, beta: i64, reward: i64) -> (i64, i64);
    /// The child's value when the move to it is worth exactly `p`.
    fn child_of(p: i64, reward: i64) -> i64;
    /// A position repeated on the line, for its mover.
    fn repeated() -> Result<i64, SolveError>;
    /// Whether a line's value is the same wherever a cycle on it closes
    /// (`outcome`: a draw is a draw). Under `score` it is not: the moves of
    /// a cycle count until the first repeated position, which depends on
    /// where the line entered the cycle, so a value that met any
    /// repetition is never kept in the table.
    const CYCLE_CLOSES_ANYWHERE: bool = true;
    /// Whether a game with cycles is solved by retrograde analysis
    /// (`retrograde.rs`) once the search meets a repetition: its values
    /// are those of the search, found without searching the cycles' lines
    /// again and again (`moves`, `outcome`; not `score`, whose values
    /// depend on where a line entered its cycle).
    const RETROGRADE: bool = false;
    /// A value as an answer may give it: under `moves`, a repetition
    /// counts as a draw (0) in the search, so that a side that can force a
    /// win (or cannot avoid a loss) gets its answer whatever other lines
    /// do; a value that is a draw means play can go on forever, refused.
    fn settled(v: i64) -> Result<i64, SolveError> {
        Ok(v)
    }
    /// The answer for a value `v` of the player `mover`.
    fn answer(v: i64, mover: u8) -> Value;
}

/// The error of a position repeating where the objective needs an end.
pub(crate) fn endless(objective: &str) -> SolveError {
    SolveError::Run(RunError {
        kind: RunErrorKind::Endless,
        message: format!(
            "a position repeats on a line of play: the game can go on forever, which `solve {objective}` refuses"
        ),
        span: Default::default(),
    })
}

#[derive(Clone, Copy)]
struct Entry {
    /// The value is at least `lo` and at most `hi` (equal: exact; the
    /// extremes of `i64`: no bound yet).
    lo: i64,
    hi: i64,
    /// The best move found, or `u32::MAX`.
    best: u32,
    /// The position's depth on the current line plus one; 0 when it is
    /// not on the line.
    on: u32,
}

impl Entry {
    /// No bound yet, not on the line.
    const NONE: Entry = Entry {
        lo: i64::MIN,
        hi: i64::MAX,
        best: u32::MAX,
        on: 0,
    };

    fn bounded(&self) -> bool {
        self.lo != i64::MIN || self.hi != i64::MAX
    }
}

struct Frame<S> {
    /// The position's key and its depth on the line.
    key: Key,
    depth: u32,
    /// Bytes the frame holds (counted against `--memory` with the table).
    bytes: u64,
    /// The position, kept to expand it again when its children were
    /// dropped.
    state: S,
    /// The moves not tried yet (`None`: tried); empty when dropped (a deep
    /// line's frames keep only their position: [`Searcher::shed`]).
    children: Vec<Option<Leaf<S>>>,
    /// The number of moves.
    width: usize,
    /// The child to try first (the table's best move), or `u32::MAX`.
    first: u32,
    /// Children tried so far.
    tried: usize,
    alpha: i64,
    beta: i64,
    alpha0: i64,
    best: i64,
    best_idx: u32,
    /// The shallowest repeated position this value depended on.
    rep: u32,
    /// The child being searched, and its move's reward.
    pending: (u32, i64),
}

impl<S> Frame<S> {
    fn index(&self, k: usize) -> usize {
        let first = self.first as usize;
        if self.first == u32::MAX || first >= self.width {
            k
        } else if k == 0 {
            first
        } else if k <= first {
            k - 1
        } else {
            k
        }
    }

    fn apply(&mut self, i: usize, v: i64, rep: u32) {
        self.rep = self.rep.min(rep);
        if v > self.best {
            self.best = v;
            self.best_idx = i as u32;
        }
        if v > self.alpha {
            self.alpha = v;
        }
    }
}

enum Entered {
    Done(i64, u32),
    Pushed,
}

/// What the table says of a position about to be searched.
enum Look {
    /// It is on the line already, at this depth.
    OnLine(u32),
    /// Its bounds settle the window: this value.
    Done(i64),
    /// To expand in this window, this move first; now marked on the line.
    Expand { alpha: i64, beta: i64, first: u32 },
}

/// One search's state: the model, the table, the line.
pub(crate) struct Searcher<'a, K, M: Model + ?Sized> {
    model: &'a M,
    budget: &'a Budget,
    table: Table<Entry>,
    keyer: Keyer,
    /// Positions on the current line.
    depth: u32,
    /// Bytes the open frames hold.
    frame_bytes: u64,
    /// The frames below this index may have dropped their children; those
    /// at or above it hold them.
    shed_from: usize,
    /// Whether the search stopped at a repetition to hand the game to
    /// retrograde analysis ([`Kind::RETROGRADE`]).
    cyclic: bool,
    _kind: std::marker::PhantomData<K>,
}

impl<'a, K: Kind, M: Model + ?Sized> Searcher<'a, K, M> {
    pub(crate) fn new(model: &'a M, budget: &'a Budget) -> Self {
        Searcher {
            model,
            budget,
            table: Table::new(budget),
            keyer: Keyer::new(),
            depth: 0,
            frame_bytes: 0,
            shed_from: 0,
            cyclic: false,
            _kind: std::marker::PhantomData,
        }
    }

    /// Look `key` up for a search in `(alpha, beta)`; a position to
    /// expand is marked on the line (at the depth its frame will have).
    fn look(&mut self, key: &Key, alpha: i64, beta: i64) -> Result<Look, SolveError> {
        let depth = self.depth;
        let e = self.table.slot(key.clone(), Entry::NONE)?;
        if e.on > 0 {
            if K::RETROGRADE {
                self.cyclic = true;
                return Err(CYCLIC);
            }
            return Ok(Look::OnLine(e.on - 1));
        }
        if e.lo == e.hi || e.lo >= beta {
            return Ok(Look::Done(e.lo));
        }
        if e.hi <= alpha {
            return Ok(Look::Done(e.hi));
        }
        let (mut alpha, mut beta) = (alpha, beta);
        if e.bounded() {
            // Searched before in another window: search just outside the
            // bounds proved, where the value lies, so it comes out exact.
            alpha = e.lo.saturating_sub(1).max(-INF);
            beta = e.hi.saturating_add(1).min(INF);
        }
        e.on = depth + 1;
        Ok(Look::Expand {
            alpha,
            beta,
            first: e.best,
        })
    }

    /// Expand `s`, marked on the line by [`Searcher::look`]: a value, or a
    /// frame pushed on `stack`.
    fn expand(
        &mut self,
        stack: &mut Vec<Frame<M::State>>,
        s: M::State,
        key: Key,
        (alpha, beta, first): (i64, i64, u32),
    ) -> Result<Entered, SolveError> {
        // (An error ends the whole search: the searcher is dropped with
        // the line still marked.)
        self.budget.tick()?;
        let end = match self.model.turn_unnamed(&s)? {
            Turn::Ended { end, .. } => end,
            Turn::Moves(node) => {
                let mut leaves = Vec::new();
                leaves_of(node, &mut leaves)?;
                if !leaves.is_empty() {
                    let depth = self.depth;
                    self.depth += 1;
                    let mut frame = Frame {
                        key,
                        depth,
                        bytes: 0,
                        state: s,
                        width: leaves.len(),
                        children: leaves.into_iter().map(Some).collect(),
                        first,
                        tried: 0,
                        alpha,
                        beta,
                        alpha0: alpha,
                        best: i64::MIN,
                        best_idx: 0,
                        rep: u32::MAX,
                        pending: (0, 0),
                    };
                    frame.bytes = self.frame_size(&frame);
                    self.frame_bytes += frame.bytes;
                    stack.push(frame);
                    self.shed(stack);
                    let (limit, needed) = (
                        self.budget.memory_bytes(),
                        self.table.bytes() + self.frame_bytes,
                    );
                    if needed > limit {
                        return Err(LimitHit::Memory { limit, needed }.into());
                    }
                    return Ok(Entered::Pushed);
                }
                // Every path chose from an empty set: the mover is stuck.
                End::Lose
            }
        };
        let v = K::ended(end)?;
        if let Some(e) = self.table.get_mut(&key) {
            (e.on, e.lo, e.hi) = (0, v, v);
        }
        Ok(Entered::Done(v, u32::MAX))
    }

    /// The bytes `f` holds (a deep line holds a frame per position: they
    /// count against `--memory` with the table).
    fn frame_size(&self, f: &Frame<M::State>) -> u64 {
        let per = std::mem::size_of::<Option<Leaf<M::State>>>() as u64
            + f.children
                .iter()
                .flatten()
                .next()
                .map_or(0, |l| self.model.state_bytes(&l.next));
        std::mem::size_of::<Frame<M::State>>() as u64
            + f.key.heap_bytes()
            + self.model.state_bytes(&f.state)
            + per * f.children.len() as u64
    }

    /// Drop the children of the frames farthest below the top while the
    /// open frames hold more than [`frames_kept`]: a line thousands
    /// of moves deep (taking stones one at a time) then holds a position
    /// per frame, not every move of every position on it. A frame whose
    /// children were dropped expands its position again when the search
    /// comes back to it ([`Searcher::regrow`]): at most one expansion more
    /// per child searched.
    fn shed(&mut self, stack: &mut [Frame<M::State>]) {
        let top = stack.len().saturating_sub(1);
        let kept = frames_kept(self.budget.memory_bytes());
        while self.frame_bytes > kept && self.shed_from < top {
            let f = &mut stack[self.shed_from];
            self.shed_from += 1;
            if f.children.is_empty() {
                continue;
            }
            f.children = Vec::new();
            let bytes = self.frame_size(f);
            self.frame_bytes -= f.bytes - bytes;
            f.bytes = bytes;
        }
    }

    /// Expand again the position of the top frame, whose children
    /// [`Searcher::shed`] dropped (the moves come out in the same order:
    /// the frame's indices still hold).
    fn regrow(&mut self, stack: &mut [Frame<M::State>]) -> Result<(), SolveError> {
        let Some(top) = stack.last_mut() else {
            return Ok(());
        };
        let Turn::Moves(node) = self.model.turn_unnamed(&top.state)? else {
            return Err(SolveError::Unsupported(
                "a turn that expands differently twice",
            ));
        };
        let mut leaves = Vec::with_capacity(top.width);
        leaves_of(node, &mut leaves)?;
        if leaves.len() != top.width {
            return Err(SolveError::Unsupported(
                "a turn that expands differently twice",
            ));
        }
        top.children = leaves.into_iter().map(Some).collect();
        let bytes = self.frame_size(top);
        self.frame_bytes += bytes - top.bytes;
        top.bytes = bytes;
        self.shed_from = self.shed_from.min(stack.len() - 1);
        Ok(())
    }

    /// The value of `s` for its mover, searched in the window
    /// `(alpha, beta)` (fail-soft: a value at or past a bound is a bound).
    pub(crate) fn search(
        &mut self,
        s: &M::State,
        alpha: i64,
        beta: i64,
    ) -> Result<i64, SolveError> {
        let key = self.keyer.key(self.model, s);
        let mut stack: Vec<Frame<M::State>> = Vec::new();
        match self.look(&key, alpha, beta)? {
            Look::OnLine(_) => return K::repeated(),
            Look::Done(v) => return Ok(v),
            Look::Expand { alpha, beta, first } => {
                if let Entered::Done(v, _) =
                    self.expand(&mut stack, s.clone(), key, (alpha, beta, first))?
                {
                    return Ok(v);
                }
            }
        }
        loop {
            let Some(top) = stack.last_mut() else {
                unreachable!("the loop returns when it pops the root")
            };
            if top.tried < top.width && top.alpha < top.beta {
                if top.children.is_empty() {
                    self.regrow(&mut stack)?;
                    continue;
                }
                let i = top.index(top.tried);
                top.tried += 1;
                let Some(leaf) = top.children.get_mut(i).and_then(Option::take) else {
                    continue;
                };
                if let Some(end) = leaf.end {
                    let v = K::leaf_end(end, leaf.reward)?;
                    top.apply(i, v, u32::MAX);
                    continue;
                }
                let key = self.keyer.key(self.model, &leaf.next);
                let (a, b) = K::child_window(top.alpha, top.beta, leaf.reward);
                let window = match self.look(&key, a, b)? {
                    Look::OnLine(d) => {
                        let v = K::parent(K::repeated()?, leaf.reward)?;
                        // Depth 0 (the search's start): every position below
                        // it depends on the line, not only those under `d`.
                        top.apply(i, v, if K::CYCLE_CLOSES_ANYWHERE { d } else { 0 });
                        continue;
                    }
                    Look::Done(c) => {
                        top.apply(i, K::parent(c, leaf.reward)?, u32::MAX);
                        continue;
                    }
                    Look::Expand { alpha, beta, first } => (alpha, beta, first),
                };
                top.pending = (i as u32, leaf.reward);
                if let Entered::Done(c, rep) = self.expand(&mut stack, leaf.next, key, window)? {
                    let v = K::parent(c, leaf.reward)?;
                    if let Some(top) = stack.last_mut() {
                        top.apply(i, v, rep);
                    }
                }
                continue;
            }
            // Every child tried, or a cut-off: the value is final.
            let Some(f) = stack.pop() else {
                unreachable!("the stack is not empty here")
            };
            self.depth -= 1;
            self.frame_bytes -= f.bytes;
            self.shed_from = self.shed_from.min(stack.len());
            let v = f.best;
            if let Some(e) = self.table.get_mut(&f.key) {
                e.on = 0;
                if f.rep >= f.depth {
                    let (lo, hi) = (e.lo, e.hi);
                    // A bound that contradicts the other one (values on
                    // lines with repetitions can) replaces it.
                    (e.lo, e.hi) = if v <= f.alpha0 {
                        (if lo <= v { lo } else { i64::MIN }, hi.min(v))
                    } else if v >= f.beta {
                        (lo.max(v), if v <= hi { hi } else { i64::MAX })
                    } else {
                        (v, v)
                    };
                    e.best = f.best_idx;
                }
            }
            let rep = if f.rep >= f.depth { u32::MAX } else { f.rep };
            let Some(parent) = stack.last_mut() else {
                return Ok(v);
            };
            let (i, reward) = parent.pending;
            let p = K::parent(v, reward)?;
            parent.apply(i as usize, p, rep);
        }
    }

    /// The exact value for `mover_of_move` of a move, `path` holding the
    /// line before it.
    fn move_value(
        &mut self,
        leaf: &Leaf<M::State>,
        alpha: i64,
        beta: i64,
    ) -> Result<i64, SolveError> {
        if let Some(end) = leaf.end {
            return K::leaf_end(end, leaf.reward);
        }
        let (a, b) = K::child_window(alpha, beta, leaf.reward);
        let c = self.search(&leaf.next, a, b)?;
        K::parent(c, leaf.reward)
    }

    /// Whether `s` is on the line already (a repetition ends a line).
    fn on_line(&mut self, s: &M::State) -> bool {
        let key = self.keyer.key(self.model, s);
        self.table.get(&key).is_some_and(|e| e.on > 0)
    }

    /// Put `s` on the line (for good: the line of `line` and `analyze`).
    fn push_line(&mut self, s: &M::State) -> Result<(), SolveError> {
        let key = self.keyer.key(self.model, s);
        let depth = self.depth;
        let e = self.table.slot(key, Entry::NONE)?;
        if e.on == 0 {
            e.on = depth + 1;
            self.depth += 1;
        }
        Ok(())
    }
}

/// The stop of a search that met a repetition under a [`Kind::RETROGRADE`]
/// objective (never an answer: the caller sees `cyclic` and hands the game
/// to retrograde analysis).
const CYCLIC: SolveError = SolveError::Unsupported("a repetition: retrograde analysis");

/// The objective's answer at `start`.
pub(crate) fn value<K: Kind, M: Model + ?Sized>(
    model: &M,
    start: &M::State,
    budget: &Budget,
) -> Result<Value, SolveError> {
    let mut s = Searcher::<K, M>::new(model, budget);
    let v = match s.search(start, -INF, INF) {
        Err(_) if s.cyclic => retrograde::value::<K, M>(model, start, budget)?,
        v => K::settled(v?)?,
    };
    Ok(K::answer(v, model.mover(start)))
}

/// Every legal move's value at `start`, in move order.
pub(crate) fn analyze<K: Kind, M: Model>(
    model: &M,
    start: &M::State,
    budget: &Budget,
) -> Result<Vec<MoveValue>, SolveError> {
    let mut s = Searcher::<K, M>::new(model, budget);
    match analyze_with(&mut s, start) {
        Err(_) if s.cyclic => retrograde::analyze::<K, M>(model, start, budget),
        out => out,
    }
}

fn analyze_with<K: Kind, M: Model>(
    s: &mut Searcher<'_, K, M>,
    start: &M::State,
) -> Result<Vec<MoveValue>, SolveError> {
    let (model, budget) = (s.model, s.budget);
    budget.tick()?;
    let node = match model.turn(start)? {
        Turn::Ended { .. } => return Ok(Vec::new()),
        Turn::Moves(node) => node,
    };
    let mover = model.mover(start);
    s.push_line(start)?;
    let mut out = Vec::new();
    for m in moves_of(node, true)? {
        let v = K::settled(s.move_value(&m.leaf, -INF, INF)?)?;
        out.push(MoveValue {
            words: m.words,
            value: K::answer(v, mover),
        });
    }
    Ok(out)
}

/// The principal line: at each position the first move in move order whose
/// value is the position's.
pub(crate) fn line<K: Kind, M: Model>(
    model: &M,
    start: &M::State,
    max_moves: u64,
    budget: &Budget,
) -> Result<Line<M::State>, SolveError> {
    let mut s = Searcher::<K, M>::new(model, budget);
    match line_with(&mut s, start, max_moves) {
        Err(_) if s.cyclic => line_retrograde::<K, M>(model, start, max_moves, budget),
        out => out,
    }
}

/// [`line`] of a game with cycles, from its retrograde values: a move's
/// value is its position's (a move back onto the line: a repetition).
fn line_retrograde<K: Kind, M: Model>(
    model: &M,
    start: &M::State,
    max_moves: u64,
    budget: &Budget,
) -> Result<Line<M::State>, SolveError> {
    let (mut values, mut v) = retrograde::Values::new::<K, M>(model, start, budget)?;
    let mut keyer = Keyer::new();
    let mut seen = rustc_hash::FxHashSet::default();
    seen.insert(keyer.key(model, start));
    let mut line = Line::new();
    let mut here = start.clone();
    while (line.steps.len() as u64) < max_moves {
        let Some(moves) = moves_here(model, &here, &mut line, budget)? else {
            break;
        };
        let mut best: Option<(usize, i64)> = None;
        for (i, m) in moves.iter().enumerate() {
            let p = match m.leaf.end {
                Some(end) => K::leaf_end(end, m.leaf.reward)?,
                None if seen.contains(&keyer.key(model, &m.leaf.next)) => {
                    K::parent(K::repeated()?, m.leaf.reward)?
                }
                None => K::parent(values.of(model, &m.leaf.next), m.leaf.reward)?,
            };
            if p == v {
                best = Some((i, p));
                break;
            }
            if best.is_none_or(|(_, b)| p > b) {
                best = Some((i, p));
            }
        }
        let Some((pick, p)) = best else {
            break;
        };
        let Some((reward, ended)) = play_on(model, &mut line, moves, pick, &mut here, budget)?
        else {
            break;
        };
        v = K::child_of(p, reward);
        if ended || !seen.insert(keyer.key(model, &here)) {
            break;
        }
    }
    Ok(line)
}

/// The named moves at `here` on a line being walked; `None` when the game
/// ended there (said on `line`).
fn moves_here<M: Model>(
    model: &M,
    here: &M::State,
    line: &mut Line<M::State>,
    budget: &Budget,
) -> Result<Option<Vec<Move<M::State>>>, SolveError> {
    budget.tick()?;
    match model.turn(here)? {
        Turn::Ended { end, stuck } => {
            line.ended = Some((end, stuck));
            Ok(None)
        }
        Turn::Moves(node) => Ok(Some(moves_of(node, true)?)),
    }
}

/// Play the `pick`th of `moves` on `line`, moving `here` to where it leads:
/// its reward and whether it ended the game (`None`: no such move).
fn play_on<M: Model>(
    model: &M,
    line: &mut Line<M::State>,
    moves: Vec<Move<M::State>>,
    pick: usize,
    here: &mut M::State,
    budget: &Budget,
) -> Result<Option<(i64, bool)>, SolveError> {
    let Some(m) = moves.into_iter().nth(pick) else {
        return Ok(None);
    };
    here.clone_from(&m.leaf.next);
    let (reward, end) = (m.leaf.reward, m.leaf.end);
    let step = Step {
        words: m.words,
        next: m.leaf.next,
        reward,
        end,
    };
    line.push(step, model.state_bytes(here), budget)?;
    Ok(Some((reward, end.is_some())))
}

fn line_with<K: Kind, M: Model>(
    s: &mut Searcher<'_, K, M>,
    start: &M::State,
    max_moves: u64,
) -> Result<Line<M::State>, SolveError> {
    let (model, budget) = (s.model, s.budget);
    let mut here = start.clone();
    let mut v = K::settled(s.search(&here, -INF, INF)?)?;
    let mut line = Line::new();
    while (line.steps.len() as u64) < max_moves {
        let Some(moves) = moves_here(model, &here, &mut line, budget)? else {
            break;
        };
        s.push_line(&here)?;
        // The first move worth at least `v` (a null window each).
        let mut pick = None;
        for (i, m) in moves.iter().enumerate() {
            if s.move_value(&m.leaf, v - 1, v)? >= v {
                pick = Some(i);
                break;
            }
        }
        let pick = match pick {
            Some(i) => i,
            None => {
                // The line's history made every move worse: the first best.
                let mut best = (0, -INF);
                for (i, m) in moves.iter().enumerate() {
                    let p = s.move_value(&m.leaf, -INF, INF)?;
                    if p > best.1 {
                        best = (i, p);
                    }
                }
                v = best.1;
                best.0
            }
        };
        let Some((reward, ended)) = play_on(model, &mut line, moves, pick, &mut here, budget)?
        else {
            break;
        };
        v = K::child_of(v, reward);
        if ended || s.on_line(&here) {
            break;
        }
    }
    Ok(line)
}
