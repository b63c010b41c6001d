//! Alpha-beta (fail-soft negamax) with a transposition table, shared by the
//! two-player objectives; each supplies its value arithmetic as a [`Kind`]
//! (`moves`: mate distances, `outcome`: ±1/0, `score`: reward sums).
//!
//! Values are the mover's. The search keeps an explicit stack of frames
//! and the keys of the current line (`Path`): a position met again on its
//! own line is a repetition, which the kind scores (`outcome`, `score`: a
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
use super::table::Table;
use super::tree::{leaves_of, moves_of};
use super::{MoveValue, SolveError, Value};
use crate::budget::Budget;
use rustc_hash::FxHashMap;

/// Past any value.
pub(crate) const INF: i64 = 1 << 62;

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
    best: u32,
}

impl Entry {
    fn exact(v: i64, best: u32) -> Entry {
        Entry { lo: v, hi: v, best }
    }
}

/// Keys of the current line. The first `SCAN` are compared one by one
/// (most games are short); deeper ones are also in a hash map.
struct Path {
    keys: Vec<(u64, Key)>,
    deep: FxHashMap<Key, u32>,
}

const SCAN: usize = 48;

impl Path {
    fn new() -> Path {
        Path {
            keys: Vec::new(),
            deep: FxHashMap::default(),
        }
    }

    fn find(&self, key: &Key, digest: u64) -> Option<u32> {
        for (i, (d, k)) in self.keys.iter().take(SCAN).enumerate() {
            if *d == digest && k == key {
                return Some(i as u32);
            }
        }
        if self.keys.len() > SCAN {
            return self.deep.get(key).copied();
        }
        None
    }

    fn push(&mut self, key: Key, digest: u64) {
        let i = self.keys.len();
        if i >= SCAN {
            self.deep.insert(key.clone(), i as u32);
        }
        self.keys.push((digest, key));
    }

    fn pop(&mut self) -> Option<Key> {
        let (_, k) = self.keys.pop()?;
        if self.keys.len() >= SCAN {
            self.deep.remove(&k);
        }
        Some(k)
    }

    fn len(&self) -> u32 {
        self.keys.len() as u32
    }
}

struct Frame<S> {
    depth: u32,
    children: Vec<Option<Leaf<S>>>,
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
        if self.first == u32::MAX || first >= self.children.len() {
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

/// One search's state: the model, the table, the line.
pub(crate) struct Searcher<'a, K, M: Model + ?Sized> {
    model: &'a M,
    budget: &'a Budget,
    table: Table<Entry>,
    keyer: Keyer,
    path: Path,
    _kind: std::marker::PhantomData<K>,
}

impl<'a, K: Kind, M: Model + ?Sized> Searcher<'a, K, M> {
    pub(crate) fn new(model: &'a M, budget: &'a Budget) -> Self {
        Searcher {
            model,
            budget,
            table: Table::new(budget),
            keyer: Keyer::new(),
            path: Path::new(),
            _kind: std::marker::PhantomData,
        }
    }

    /// Look `s` up, or expand it: a value, or a frame pushed on `stack`.
    fn enter(
        &mut self,
        stack: &mut Vec<Frame<M::State>>,
        s: &M::State,
        key: Key,
        digest: u64,
        alpha: i64,
        beta: i64,
    ) -> Result<Entered, SolveError> {
        let mut first = u32::MAX;
        let (mut alpha, mut beta) = (alpha, beta);
        if let Some(e) = self.table.get(&key) {
            if e.lo == e.hi || e.lo >= beta {
                return Ok(Entered::Done(e.lo, u32::MAX));
            }
            if e.hi <= alpha {
                return Ok(Entered::Done(e.hi, u32::MAX));
            }
            first = e.best;
            // Searched before in another window: search just outside the
            // bounds proved, where the value lies, so it comes out exact.
            alpha = e.lo.saturating_sub(1).max(-INF);
            beta = e.hi.saturating_add(1).min(INF);
        }
        self.budget.tick()?;
        let node = match self.model.turn_unnamed(s)? {
            Turn::Ended { end, .. } => {
                let v = K::ended(end)?;
                self.table.put(key, Entry::exact(v, 0))?;
                return Ok(Entered::Done(v, u32::MAX));
            }
            Turn::Moves(node) => node,
        };
        let mut leaves = Vec::new();
        leaves_of(node, &mut leaves)?;
        if leaves.is_empty() {
            // Every path chose from an empty set: the mover is stuck.
            return Ok(Entered::Done(K::ended(End::Lose)?, u32::MAX));
        }
        let depth = self.path.len();
        self.path.push(key, digest);
        stack.push(Frame {
            depth,
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
        });
        Ok(Entered::Pushed)
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
        let digest = key.digest();
        if self.path.find(&key, digest).is_some() {
            return K::repeated();
        }
        let mut stack: Vec<Frame<M::State>> = Vec::new();
        if let Entered::Done(v, _) = self.enter(&mut stack, s, key, digest, alpha, beta)? {
            return Ok(v);
        }
        loop {
            let Some(top) = stack.last_mut() else {
                unreachable!("the loop returns when it pops the root")
            };
            if top.tried < top.children.len() && top.alpha < top.beta {
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
                let digest = key.digest();
                if let Some(d) = self.path.find(&key, digest) {
                    let v = K::parent(K::repeated()?, leaf.reward)?;
                    // Depth 0 (the search's start): every position below
                    // it depends on the line, not only those under `d`.
                    top.apply(i, v, if K::CYCLE_CLOSES_ANYWHERE { d } else { 0 });
                    continue;
                }
                let (a, b) = K::child_window(top.alpha, top.beta, leaf.reward);
                top.pending = (i as u32, leaf.reward);
                match self.enter(&mut stack, &leaf.next, key, digest, a, b)? {
                    Entered::Done(c, rep) => {
                        let v = K::parent(c, leaf.reward)?;
                        if let Some(top) = stack.last_mut() {
                            top.apply(i, v, rep);
                        }
                    }
                    Entered::Pushed => {}
                }
                continue;
            }
            // Every child tried, or a cut-off: the value is final.
            let Some(f) = stack.pop() else {
                unreachable!("the stack is not empty here")
            };
            let key = self.path.pop();
            let v = f.best;
            if f.rep >= f.depth {
                if let Some(key) = key {
                    let old = self.table.get(&key).copied();
                    let (lo, hi) = old.map_or((i64::MIN, i64::MAX), |e| (e.lo, e.hi));
                    // A bound that contradicts the other one (values on
                    // lines with repetitions can) replaces it.
                    let (lo, hi) = if v <= f.alpha0 {
                        (if lo <= v { lo } else { i64::MIN }, hi.min(v))
                    } else if v >= f.beta {
                        (lo.max(v), if v <= hi { hi } else { i64::MAX })
                    } else {
                        (v, v)
                    };
                    self.table.put(
                        key,
                        Entry {
                            lo,
                            hi,
                            best: f.best_idx,
                        },
                    )?;
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
        let digest = key.digest();
        self.path.find(&key, digest).is_some()
    }

    fn push_line(&mut self, s: &M::State) {
        let key = self.keyer.key(self.model, s);
        let digest = key.digest();
        self.path.push(key, digest);
    }
}

/// The objective's answer at `start`.
pub(crate) fn value<K: Kind, M: Model + ?Sized>(
    model: &M,
    start: &M::State,
    budget: &Budget,
) -> Result<Value, SolveError> {
    let mut s = Searcher::<K, M>::new(model, budget);
    let v = K::settled(s.search(start, -INF, INF)?)?;
    Ok(K::answer(v, model.mover(start)))
}

/// Every legal move's value at `start`, in move order.
pub(crate) fn analyze<K: Kind, M: Model>(
    model: &M,
    start: &M::State,
    budget: &Budget,
) -> Result<Vec<MoveValue>, SolveError> {
    let mut s = Searcher::<K, M>::new(model, budget);
    budget.tick()?;
    let node = match model.turn(start)? {
        Turn::Ended { .. } => return Ok(Vec::new()),
        Turn::Moves(node) => node,
    };
    let mover = model.mover(start);
    s.push_line(start);
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
    let mut here = start.clone();
    let mut v = K::settled(s.search(&here, -INF, INF)?)?;
    let mut line = Line::new();
    while (line.steps.len() as u64) < max_moves {
        budget.tick()?;
        let node = match model.turn(&here)? {
            Turn::Ended { end, stuck } => {
                line.ended = Some((end, stuck));
                break;
            }
            Turn::Moves(node) => node,
        };
        let moves = moves_of(node, true)?;
        s.push_line(&here);
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
        let Some(m) = moves.into_iter().nth(pick) else {
            break;
        };
        let end = m.leaf.end;
        v = K::child_of(v, m.leaf.reward);
        here = m.leaf.next.clone();
        line.steps.push(Step {
            words: m.words,
            next: m.leaf.next,
            reward: m.leaf.reward,
            end,
        });
        if end.is_some() || s.on_line(&here) {
            break;
        }
    }
    Ok(line)
}
