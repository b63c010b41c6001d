//! The search engine behind [`super::search`], generic over the width of
//! the foothold sets ([`Bits`]: 64 or 128 footholds).
//!
//! Negamax with alpha-beta on a mate-distance score, a bounded
//! transposition table (only positions whose search was not trivial are
//! stored), positions keyed by their live cells (those either player can
//! still reach: dead cells play no part, so positions differing only there
//! share an entry), move ordering (the table's move, then by the territory
//! each move keeps, or in small regions towards the opponent by
//! breadth-first distance; then history), optional enhanced transposition
//! cutoffs, the separation endgame ([`super::endgame`], only as precise as
//! the window needs), board symmetry wherever a position is symmetric, and
//! an MTD(f)-style driver of null-window tests on the exact score.
//!
//! Memory: the tables are sized from the query's [`Budget::memory_bytes`]
//! (`--memory MB`, default 1 GiB): see [`table_log2s`]. With two threads
//! ([`Engine::value_parallel`]) each of the two engines is sized from half,
//! and they share the first one's transposition table.
//!
//! Scores are from the side to move's view: a win in `n` more moves scores
//! `MAXN - n`, a loss in `n` more moves scores `n - MAXN`, so faster wins and
//! slower losses score higher. A child's score `s` is worth `up(s)` to its
//! parent (one move further from the end, and negated).

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

use super::bitboard::Bits;
use super::endgame::Endgame;
use super::graph::Graph;
use super::rules::{Cell, Position, Steps};
use super::table::{Bounds, Cache, Table};
use super::value::Value;
use crate::budget::{Budget, LimitHit};

/// The most buckets (of 4 entries) worth giving the transposition table:
/// `2^24`, 1 GiB with 64-bit sets.
const TT_USEFUL_LOG2: u32 = 24;
/// The most buckets worth giving the endgame memo: `2^16` (6 MiB of
/// 128-bit entries). A bigger memo mostly waits on memory: 10x10 corners
/// took 7 % longer with `2^20` (100 MB) for 1 % fewer states.
const MEMO_USEFUL_LOG2: u32 = 16;

/// The table sizes for a memory budget of `memory` bytes (`--memory`).
///
/// Both tables start small and double when half full, so a small search
/// never takes much memory. The transposition table may grow to half of
/// `memory`, the endgame memo to an eighth (each capped at what is useful,
/// `2^24` and `2^16` buckets); since doubling briefly holds the old and
/// the new table, the tables' peak stays within 7/8 of `memory` (3/4 + 1/8
/// while the transposition table doubles). Returns `(tt_max_log2, memo_max_log2)`, in buckets.
pub(crate) fn table_log2s<B: Bits>(memory: u64) -> (u32, u32) {
    let bucket = Cache::<B>::BUCKET_BYTES as u64;
    let fit = |bytes: u64, useful: u32| {
        let buckets = (bytes / bucket).max(1);
        (63 - buckets.leading_zeros()).min(useful)
    };
    (
        fit(memory / 2, TT_USEFUL_LOG2),
        fit(memory / 8, MEMO_USEFUL_LOG2),
    )
}

/// Nodes with at least this many live cells order their moves by territory
/// ([`Engine::territory_order`]); smaller ones by distance to the opponent.
/// (10x10 corners: 8.7 M nodes by distance alone, 3.8 M from 20 cells up.)
const TERRITORY_MIN: u32 = 20;

/// Score of a win in `n` more moves is `MAXN - n`; of a loss, `n - MAXN`.
const MAXN: i32 = 1000;
/// Beyond every score (window bounds only).
const INF: i32 = 10_000;

#[inline]
fn win(n: u32) -> i32 {
    MAXN - n as i32
}

#[inline]
fn loss(n: u32) -> i32 {
    n as i32 - MAXN
}

/// The child's score `s` seen from the parent (one more move).
#[inline]
fn up(s: i32) -> i32 {
    if s > 0 {
        1 - s
    } else {
        -1 - s
    }
}

/// The child bound matching parent bound `b` (`up(s) > b` iff `s < down(b)`).
#[inline]
fn down(b: i32) -> i32 {
    match b.signum() {
        1 => -b - 1,
        -1 => 1 - b,
        _ => 0,
    }
}

fn to_value(s: i32) -> Value {
    if s > 0 {
        Value {
            mover_wins: true,
            moves: (MAXN - s).max(0) as u32,
        }
    } else {
        Value {
            mover_wins: false,
            moves: (s + MAXN).max(0) as u32,
        }
    }
}

/// What the scores `lo..=hi` say of the side to move, for a progress line.
fn describe_bounds(lo: i32, hi: i32) -> String {
    if lo > 0 {
        // A win: higher scores win sooner.
        format!("mover wins in ≤ {}", MAXN - lo)
    } else if hi <= 0 {
        // A loss: higher scores last longer.
        format!("mover loses after ≥ {}", lo + MAXN)
    } else if lo > -MAXN {
        format!("mover wins, or loses after ≥ {}", lo + MAXN)
    } else if hi < MAXN {
        format!("mover loses, or wins in ≥ {}", MAXN - hi)
    } else {
        "no bound yet".to_string()
    }
}

fn to_score(v: Value) -> i32 {
    let n = v.moves.min(MAXN as u32 - 1);
    if v.mover_wins {
        win(n)
    } else {
        loss(n)
    }
}

/// The candidates in board order (no ordering heuristics: the endgame is
/// off and the players are separated).
#[inline]
fn plain_order<B: Bits>(cand: B) -> ([u8; 8], usize) {
    let mut order = [0u8; 8];
    let mut k = 0;
    for x in cand {
        if let Some(slot) = order.get_mut(k) {
            *slot = x;
            k += 1;
        }
    }
    (order, k)
}

/// Counters of one solver (for tuning and the benchmark).
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// Nodes of the main search.
    pub(crate) nodes: u64,
    /// Positions settled by the separation endgame.
    pub(crate) endgames: u64,
    /// Null-window tests run by the driver.
    pub(crate) tests: u32,
    /// Cutoffs, by the index of the move that caused them.
    pub(crate) cut_at: [u64; 4],
    /// Nodes settled by the rules at once.
    pub(crate) quick: u64,
    /// Nodes settled by the table.
    pub(crate) tt_cuts: u64,
    /// Nodes where every move was searched.
    pub(crate) all_nodes: u64,
    /// Null-window tests run on two threads.
    pub(crate) parallel_tests: u32,
}

/// The search engine for one game on one set width: the indexed board, the
/// transposition table and the endgame memo, reused across the positions
/// of that game.
pub(crate) struct Engine<B> {
    g: Graph<B>,
    /// Shared with the helper engine while two threads search.
    tt: Arc<Table<B>>,
    /// Set when the other thread of a parallel test has finished.
    stop: Option<Arc<AtomicBool>>,
    /// Children being searched by either thread of a parallel test.
    busy: Option<Arc<Busy>>,
    eg: Endgame<B>,
    syms: Vec<Vec<u8>>,
    /// Cutoff counts per (from, to).
    history: Vec<u32>,
    /// The opponent's breadth-first layers from the last [`scan`]
    /// of the search: `layers[d]` holds the cells it reaches within `d`
    /// steps (read by [`Engine::territory_order`]).
    layers: Vec<B>,
    /// Positions whose search took fewer than `2^(tt_effort-1)` states are
    /// not stored (default 7): transpositions are rare, so the table
    /// mostly serves the re-searches of the driver, and storing every leaf
    /// would only pollute the cache.
    pub(crate) tt_effort: u8,
    /// Whether separated positions are settled by the endgame (on by
    /// default; off only to test it against plain search).
    pub(crate) endgame: bool,
    /// Whether to try enhanced transposition cutoffs (probing every child
    /// in the table before searching any). Off by default: transpositions
    /// are rare in this game and the extra probes cost more than they save.
    pub(crate) etc: bool,
    /// The cells each symmetry maps to themselves.
    sym_fixed: Vec<B>,
    /// States a two-thread search runs alone first (see
    /// [`Engine::value_parallel`]).
    pub(crate) solo_states: u64,
    /// Print each driver test (tuning).
    pub(crate) trace: bool,
    /// Counters.
    pub(crate) stats: Stats,
}

/// A position in the solver's terms: remaining footholds, mover, other.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<B> {
    cells: B,
    m: u8,
    o: u8,
}

/// Steps to the opponent from each destination of the mover.
#[derive(Clone, Copy, Default)]
struct Distances {
    items: [(u8, u8); 8],
    len: usize,
}

impl Distances {
    #[inline]
    fn push(&mut self, d: u8, x: u8) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = (d, x);
            self.len += 1;
        }
    }
}

impl IntoIterator for Distances {
    type Item = (u8, u8);
    type IntoIter = std::iter::Take<std::array::IntoIter<(u8, u8), 8>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(self.len)
    }
}

/// What the breadth-first scan of a node found.
enum Scan<B> {
    /// No cell can be reached by both: the mover's and the opponent's regions.
    Separated(B, B),
    /// The cells either player can still reach, and the steps to the
    /// opponent from each destination of the mover.
    Distances(B, Distances),
}

/// How a position resolves before any search.
pub(crate) enum Start<B> {
    /// The rules settle it at once.
    Done(Value),
    /// It needs a search.
    Search(Node<B>),
}

impl<B: Bits> Engine<B> {
    /// An engine for the game on the footholds `cells` (sorted, at most
    /// `B::CAPACITY`) whose tables stay within `memory` bytes (see
    /// [`table_log2s`]).
    pub(crate) fn new(cells: &[Cell], steps: Steps, memory: u64) -> Engine<B> {
        let g = Graph::<B>::from_cells(cells, steps, None);
        let syms = g.symmetries();
        let sym_fixed = syms
            .iter()
            .map(|p| g.all.filter(|&i| p[i as usize] == i).collect())
            .collect();
        let (tt_log2, memo_log2) = table_log2s::<B>(memory);
        Engine {
            syms,
            sym_fixed,
            tt: Arc::new(Table::new(8, tt_log2)),
            stop: None,
            busy: None,
            eg: Endgame::new(6, memo_log2),
            g,
            etc: false,
            trace: false,
            endgame: true,
            tt_effort: 7,
            solo_states: SOLO_STATES,
            history: vec![0; B::CAPACITY * B::CAPACITY],
            layers: Vec::with_capacity(B::CAPACITY + 1),
            stats: Stats::default(),
        }
    }

    /// Memory held by the tables, in bytes.
    pub(crate) fn table_bytes(&self) -> usize {
        self.tt.bytes() + self.eg.bytes()
    }

    /// Classifies `pos`: settled by the rules at once, or a search node;
    /// `None` if its players stand on cells this engine does not index.
    pub(crate) fn start(&self, pos: &Position) -> Option<Start<B>> {
        let me = pos.cell_of(pos.to_move);
        let other = pos.cell_of(pos.to_move.other());
        if pos.legal_moves().is_empty() {
            return Some(Start::Done(Value {
                mover_wins: false,
                moves: 0,
            }));
        }
        if me == other || !pos.is_foothold(other) {
            // The opponent stands on a vanishing (or vanished) foothold.
            return Some(Start::Done(Value {
                mover_wins: true,
                moves: 1,
            }));
        }
        let m = self.g.index_of(me)?;
        let o = self.g.index_of(other)?;
        let cells = self
            .g
            .all
            .filter(|&i| pos.is_foothold(self.g.cell(i)))
            .collect();
        // Keyed as the search keys it: by its live cells.
        let cells = match scan(&self.g, cells, m, o, &mut Vec::new()) {
            Scan::Distances(live, _) => live,
            Scan::Separated(..) => cells,
        };
        Some(Start::Search(Node { cells, m, o }))
    }

    /// The move the table holds for `pos` (best or refuting), if any.
    pub(crate) fn table_move(&self, pos: &Position) -> Option<Cell> {
        let Some(Start::Search(n)) = self.start(pos) else {
            return None;
        };
        let b = self.tt.probe(n.cells, n.m, n.o)?;
        (b.best != 255).then(|| self.g.cell(b.best))
    }

    /// The exact value of a position from [`Engine::start`].
    pub(crate) fn value(&mut self, start: Start<B>, budget: &Budget) -> Result<Value, LimitHit> {
        match start {
            Start::Done(v) => Ok(v),
            Start::Search(node) => Ok(to_value(self.solve_node(node, budget)?)),
        }
    }

    /// Whether the exact value of a position from [`Engine::start`] is `v`
    /// (two null-window tests).
    pub(crate) fn has_value(
        &mut self,
        start: Start<B>,
        v: Value,
        budget: &Budget,
    ) -> Result<bool, LimitHit> {
        match start {
            Start::Done(w) => Ok(w == v),
            Start::Search(node) => {
                let t = to_score(v);
                if self.search(node, t - 1, t, budget)? < t {
                    return Ok(false);
                }
                Ok(self.search(node, t, t + 1, budget)? <= t)
            }
        }
    }

    /// The moves worth searching: one per orbit of the board symmetries
    /// that map the position onto itself (all moves if none does).
    fn symmetric_moves(&self, node: Node<B>) -> B {
        let mut fixing = [0usize; 8];
        let mut n = 0;
        for (k, fixed) in self.sym_fixed.iter().enumerate() {
            // Cheap test first: both players on the symmetry's fixed cells.
            if fixed.contains(node.m) && fixed.contains(node.o) && n < fixing.len() {
                let p = &self.syms[k];
                if node.cells.every(|i| node.cells.contains(p[i as usize])) {
                    fixing[n] = k;
                    n += 1;
                }
            }
        }
        if n == 0 {
            return B::FULL;
        }
        let cand = (self.g.adj(node.m) & node.cells).without(node.o);
        let mut keep = B::EMPTY;
        let mut covered = B::EMPTY;
        for x in cand {
            if covered.contains(x) {
                continue;
            }
            keep = keep.with(x);
            for &k in &fixing[..n] {
                covered = covered.with(self.syms[k][x as usize]);
            }
        }
        keep
    }

    /// The exact score of a search node: null-window tests on the exact
    /// score, first the winner, then the length.
    fn solve_node(&mut self, node: Node<B>, budget: &Budget) -> Result<i32, LimitHit> {
        self.solve_with(node, budget, |me, g| me.search(node, g - 1, g, budget))
    }

    /// The driver of [`Engine::solve_node`], with `test(self, g)` running
    /// the null-window test at `g` (on one thread or two).
    fn solve_with(
        &mut self,
        node: Node<B>,
        budget: &Budget,
        mut test: impl FnMut(&mut Self, i32) -> Result<i32, LimitHit>,
    ) -> Result<i32, LimitHit> {
        let mut lo = -MAXN;
        let mut hi = MAXN;
        // Bounds from earlier queries on this position hold still.
        if let Some(b) = self.tt.probe(node.cells, node.m, node.o) {
            lo = lo.max(b.lower as i32);
            hi = hi.min(b.upper as i32);
            if lo >= hi {
                return Ok(lo);
            }
        }
        let mut guess = 1.clamp(lo + 1, hi);
        loop {
            self.stats.tests += 1;
            let n0 = self.stats.nodes;
            let s = test(self, guess)?;
            if self.trace {
                eprintln!(
                    "test {guess} -> {s} ({:?}) nodes {}",
                    to_value(s),
                    self.stats.nodes - n0
                );
            }
            if s >= guess {
                lo = s;
            } else {
                hi = s;
            }
            if lo >= hi {
                break;
            }
            budget.report_bound(|| describe_bounds(lo, hi));
            // The fail-soft bound is usually exact: test right next to it.
            // (Galloping or bisecting measured slower.)
            guess = if s >= guess { s + 1 } else { s };
        }
        Ok(lo)
    }

    /// Alpha-beta (fail-soft) on the exact score of `node` within
    /// `(alpha, beta)`: the rules' quick verdicts, the table's bounds, the
    /// endgame for separated players, else the ordered moves.
    fn search(
        &mut self,
        node: Node<B>,
        mut alpha: i32,
        mut beta: i32,
        budget: &Budget,
    ) -> Result<i32, LimitHit> {
        budget.tick()?;
        if let Some(stop) = &self.stop {
            if stop.load(Relaxed) {
                return Err(LimitHit::Cancelled {
                    states: budget.states(),
                });
            }
        }
        self.stats.nodes += 1;
        let cand = match self.candidates(node) {
            ControlFlow::Continue(cand) => cand,
            ControlFlow::Break(s) => {
                self.stats.quick += 1;
                return Ok(s);
            }
        };
        let Node { cells, m, o } = node;
        let (node, dist) = match scan(&self.g, cells, m, o, &mut self.layers) {
            // Settled by the endgame, whose memo keeps what it computed: a
            // table probe here saved 32 of 957,000 endgames on 10x10 and
            // cost more than it saved.
            Scan::Separated(ra, rb) if self.endgame => {
                self.stats.endgames += 1;
                return self.endgame((m, o), (ra, rb), alpha, beta, budget);
            }
            Scan::Separated(..) => (node, None),
            // Cells neither player can reach play no part: dropping them
            // makes positions that differ only there one table entry.
            Scan::Distances(live, dist) => (Node { cells: live, m, o }, Some(dist)),
        };
        let cells = node.cells;
        // The table's bucket is loaded first and read last: ordering the
        // moves overlaps the memory latency (table cutoffs are rare, so
        // the order is seldom wasted).
        let bucket = self.tt.fetch(cells, m, o);
        let (mut order, k) = match dist {
            None => plain_order(cand),
            Some(_) if cells.size() >= TERRITORY_MIN && cand.more_than_one() => {
                self.territory_order(cells, m, cand)
            }
            Some(dist) => self.distance_order(m, cand, dist),
        };
        if let Some(b) = Table::find(&bucket, cells, m, o) {
            let (lo, hi) = (b.lower as i32, b.upper as i32);
            if lo >= beta || lo == hi {
                self.stats.tt_cuts += 1;
                return Ok(lo);
            }
            if hi <= alpha {
                self.stats.tt_cuts += 1;
                return Ok(hi);
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            // The table's move first.
            if let Some(i) = order[..k].iter().position(|&x| x == b.best) {
                order[..=i].rotate_right(1);
            }
        }
        self.search_moves(node, &order[..k], alpha, beta, budget)
    }

    /// The moves worth searching at `node` (one per orbit of the
    /// symmetries that map it onto itself), or its score when the rules
    /// settle it at once.
    #[inline]
    fn candidates(&self, node: Node<B>) -> ControlFlow<i32, B> {
        let Node { cells, m, o } = node;
        let moves = self.g.adj(m) & cells;
        if moves.is_empty() {
            return ControlFlow::Break(loss(0));
        }
        if (self.g.adj(o) & cells).without(m).is_empty() {
            return ControlFlow::Break(win(1));
        }
        let restrict = if self.sym_fixed.is_empty() {
            B::FULL
        } else {
            self.symmetric_moves(node)
        };
        let cand = moves.without(o) & restrict;
        if cand.is_empty() {
            // Only onto the opponent, who steps away: the mover's cell vanishes.
            return ControlFlow::Break(loss(2));
        }
        ControlFlow::Continue(cand)
    }

    /// The candidates in the order to search them: towards the opponent
    /// (`dist`), then by history (the table's move goes first later).
    #[inline]
    fn distance_order(&self, m: u8, cand: B, dist: Distances) -> ([u8; 8], usize) {
        let mut order = [(0u32, 0u8); 8];
        let mut k = 0;
        for (d, x) in dist {
            if cand.contains(x) && k < order.len() {
                let h = self.history_score(m, x).min(0xFF_FFFF);
                let key = (d as u32 + 1) << 24 | (0xFF_FFFF - h);
                order[k] = (key, x);
                k += 1;
            }
        }
        order[..k].sort_unstable_by_key(|e| e.0);
        (order.map(|e| e.1), k)
    }

    /// The candidates ordered by the territory the mover keeps after each:
    /// cells it reaches before the opponent (who moves next) minus those
    /// the opponent reaches first. The opponent's distances are those of
    /// the scan (`self.layers`), which do not see the mover's move: a
    /// Voronoi split of the live `cells`, one breadth-first walk per move.
    fn territory_order(&self, cells: B, m: u8, cand: B) -> ([u8; 8], usize) {
        let g = &self.g;
        let layers = &self.layers[..];
        let Some(&theirs_all) = layers.last() else {
            return plain_order(cand);
        };
        let rest = cells.without(m);
        let mut order = [(0u32, 0u8); 8];
        let mut k = 0;
        for x in cand {
            let mut mine = B::from_index(x);
            let mut fm = mine;
            let mut free = rest.without(x);
            let mut d = 0;
            while !fm.is_empty() {
                d += 1;
                let theirs = layers.get(d).copied().unwrap_or(theirs_all);
                fm = g.expand(fm) & (free - theirs);
                free = free - fm;
                mine |= fm;
            }
            let score = 512 + 2 * mine.size() as i32 - (theirs_all | mine).size() as i32;
            let h = self.history_score(m, x).min(0xFFFF);
            let key = ((1024 - score) as u32) << 16 | (0xFFFF - h);
            if k < order.len() {
                order[k] = (key, x);
                k += 1;
            }
        }
        order[..k].sort_unstable_by_key(|e| e.0);
        (order.map(|e| e.1), k)
    }

    /// Searches the children of `node` in `order`, stores the result and
    /// returns the node's fail-soft score.
    fn search_moves(
        &mut self,
        node: Node<B>,
        order: &[u8],
        mut alpha: i32,
        beta: i32,
        budget: &Budget,
    ) -> Result<i32, LimitHit> {
        let Node { cells, m, o } = node;
        let rest = cells.without(m);
        let before = budget.states();
        if self.etc {
            if let Some(v) = self.etc_cutoff(node, order, beta) {
                return Ok(v);
            }
        }
        let window = (alpha, beta);
        let mut best = -INF;
        let mut best_move = 255;
        // With a parallel test under way, children the other thread is
        // searching go last (by then its bounds are usually in the table).
        // (Borrowed for each use, not cloned: an `Arc` clone per node would
        // make both threads write its shared count.)
        let marks = self.busy.is_some() && cells.size() >= BUSY_MIN;
        let mut list = [0u8; 16];
        let n = order.len().min(8);
        list[..n].copy_from_slice(&order[..n]);
        let mut len = n;
        let mut i = 0;
        while i < len {
            let x = list[i];
            let child = Node {
                cells: rest,
                m: o,
                o: x,
            };
            let key = marks.then(|| busy_key(child));
            if let (Some(b), Some(k)) = (&self.busy, key) {
                if i > 0 && i < n && b.holds(k) {
                    list[len] = x;
                    len += 1;
                    i += 1;
                    continue;
                }
                b.mark(k);
            }
            let r = self.search(child, down(beta), down(alpha), budget);
            if let (Some(b), Some(k)) = (&self.busy, key) {
                b.unmark(k);
            }
            let v = up(r?);
            if v > best {
                best = v;
                best_move = x;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        self.stats.cut_at[i.min(3)] += 1;
                        self.reward(m, x, cells.size() * cells.size());
                        break;
                    }
                }
            }
            i += 1;
        }
        if best < beta {
            self.stats.all_nodes += 1;
        }
        self.store_score(node, budget.states() - before, best, window, best_move);
        Ok(best)
    }

    /// Enhanced transposition cutoff: a child of `node` already known to be
    /// good enough (at least `beta`) settles the node without searching.
    fn etc_cutoff(&mut self, node: Node<B>, order: &[u8], beta: i32) -> Option<i32> {
        let rest = node.cells.without(node.m);
        for &x in order {
            if let Some(b) = self.tt.probe(rest, node.o, x) {
                let v = up(b.upper as i32);
                if v >= beta {
                    self.store(node, 1, v, MAXN, x);
                    return Some(v);
                }
            }
        }
        None
    }

    /// Stores the fail-soft score `s` of `node`, searched within `window`
    /// with `work` states, as the bounds it proves.
    #[inline]
    fn store_score(&mut self, node: Node<B>, work: u64, s: i32, window: (i32, i32), best: u8) {
        let effort = (64 - work.leading_zeros()) as u8;
        let (alpha, beta) = window;
        let (lo, hi) = if s <= alpha {
            (-MAXN, s)
        } else if s >= beta {
            (s, MAXN)
        } else {
            (s, s)
        };
        self.store(node, effort, lo, hi, best);
    }

    /// The score of a separated position (mover at `m` in region `ra`,
    /// opponent at `o` in `rb`), fail-soft within `(alpha, beta)`: longest
    /// paths are only computed as far as the window needs.
    fn endgame(
        &mut self,
        (m, o): (u8, u8),
        (ra, rb): (B, B),
        alpha: i32,
        beta: i32,
        budget: &Budget,
    ) -> Result<i32, LimitHit> {
        let s = self.endgame_test((m, o), (ra, rb), beta, budget)?;
        if s >= beta || s <= alpha {
            return Ok(s);
        }
        let t = self.endgame_test((m, o), (ra, rb), alpha + 1, budget)?;
        if t <= alpha {
            return Ok(t);
        }
        let la = self.eg.longest(&self.g, m, ra, budget)?;
        let lb = self.eg.longest(&self.g, o, rb, budget)?;
        Ok(if la > lb {
            win(2 * lb + 1)
        } else {
            loss(2 * la)
        })
    }

    /// Whether the separated position scores at least `g`: a lower bound
    /// `>= g` if so, else an upper bound `< g`. (Its value is a win in
    /// `2*lb + 1` if `la > lb`, else a loss in `2*la`.)
    ///
    /// Cheap bounds first, then the memo's or the block tree's; then at
    /// most one path-length question the test's length asks; then the race
    /// of [`Engine::endgame_race`]. No longest path is computed exactly.
    fn endgame_test(
        &mut self,
        (m, o): (u8, u8),
        (ra, rb): (B, B),
        g: i32,
        budget: &Budget,
    ) -> Result<i32, LimitHit> {
        let graph = &self.g;
        let eg = &mut self.eg;
        if g <= -MAXN {
            return Ok(-MAXN);
        }
        if g >= MAXN {
            return Ok(MAXN - 1);
        }
        let a = Endgame::cheap_bounds(graph, m, ra);
        let b = Endgame::cheap_bounds(graph, o, rb);
        if let Some(s) = bound_verdict(g, a, b) {
            return Ok(s);
        }
        let (mut la, mut lb) = (eg.sharpen(graph, m, ra, a), eg.sharpen(graph, o, rb, b));
        if (la, lb) != (a, b) {
            if let Some(s) = bound_verdict(g, la, lb) {
                return Ok(s);
            }
        }
        if g > 0 {
            // A win in at most n moves: lb <= k and la > lb.
            let k = ((MAXN - g) as u32 - 1) / 2;
            if lb.1 > k {
                if eg.at_least(graph, o, rb, k + 1, budget)? {
                    return Ok(win(2 * k + 3));
                }
                lb.1 = k;
            }
        } else {
            // A win, or a loss in at least n moves: la >= ceil(n / 2) or
            // la > lb.
            let h = ((g + MAXN) as u32).div_ceil(2);
            if la.1 >= h {
                if eg.at_least(graph, m, ra, h, budget)? {
                    return Ok(loss(2 * h));
                }
                la.1 = h - 1;
            }
        }
        // Now the test's answer is whether la > lb.
        Self::endgame_race((m, o), (ra, rb), (la, lb), (graph, eg), budget)
    }

    /// Whether `la > lb` in a separated position, given bounds `(lo, hi)`
    /// on both: the side the lower bounds favour must show that the other
    /// has no path as long (one exhaustive search, where it fails); each
    /// path found instead raises a lower bound. A long path is quick to
    /// find, the lack of one is not, so this beats computing either
    /// longest path exactly. Returns a lower bound on the score if a win,
    /// an upper bound if a loss.
    fn endgame_race(
        (m, o): (u8, u8),
        (ra, rb): (B, B),
        (mut la, mut lb): ((u32, u32), (u32, u32)),
        (graph, eg): (&Graph<B>, &mut Endgame<B>),
        budget: &Budget,
    ) -> Result<i32, LimitHit> {
        loop {
            if la.0 > lb.0 {
                // A win if no opponent's path is as long as la.0 <= la.
                let found = if la.0 <= lb.1 {
                    eg.path_of(graph, o, rb, la.0, budget)?
                } else {
                    None
                };
                match found {
                    Some(l) => lb.0 = l,
                    None => return Ok(win(2 * lb.1.min(la.0 - 1) + 1)),
                }
            } else {
                // A loss if no mover's path is longer than lb.0 <= lb.
                let found = if lb.0 < la.1 {
                    eg.path_of(graph, m, ra, lb.0 + 1, budget)?
                } else {
                    None
                };
                match found {
                    Some(l) => la.0 = l,
                    None => return Ok(loss(2 * la.1.min(lb.0))),
                }
            }
        }
    }

    /// The history score of the step `m -> x`: how much search its
    /// cutoffs have saved so far.
    #[inline]
    fn history_score(&self, m: u8, x: u8) -> u32 {
        let cap = B::CAPACITY;
        self.history[(m as usize % cap) * cap + x as usize % cap]
    }

    #[inline]
    fn reward(&mut self, m: u8, x: u8, bonus: u32) {
        let cap = B::CAPACITY;
        let h = &mut self.history[(m as usize % cap) * cap + x as usize % cap];
        *h = h.saturating_add(bonus);
    }

    fn store(&mut self, node: Node<B>, effort: u8, lo: i32, hi: i32, best: u8) {
        if effort < self.tt_effort {
            return;
        }
        let b = Bounds {
            lower: lo as i16,
            upper: hi as i16,
            best,
        };
        // The table grows only while this engine is its one owner; during
        // a parallel test (`stop` set) it is shared, and asking would make
        // both threads write the `Arc`'s count at every store.
        let owned = match &self.stop {
            Some(_) => None,
            None => Arc::get_mut(&mut self.tt),
        };
        match owned {
            Some(tt) => tt.store(node.cells, node.m, node.o, effort, b),
            None => self.tt.store_shared(node.cells, node.m, node.o, effort, b),
        }
    }
}

/// Breadth-first search from the opponent through the cells the mover
/// does not stand on: either the players are separated (their regions),
/// or the cells either player can still reach and the number of steps
/// from each of the mover's destinations to the opponent (`u8::MAX` if
/// cut off from it). `layers` gets the cells the opponent reaches within
/// `0, 1, 2, …` steps.
#[inline]
fn scan<B: Bits>(g: &Graph<B>, cells: B, m: u8, o: u8, layers: &mut Vec<B>) -> Scan<B> {
    let rest = cells.without(m);
    let targets = (g.adj(m) & cells).without(o);
    let mut seen = B::from_index(o);
    let mut frontier = seen;
    let mut left = targets;
    let mut dist = Distances::default();
    let mut d = 0u8;
    layers.clear();
    layers.push(seen);
    while !frontier.is_empty() {
        d += 1;
        frontier = g.expand(frontier) & (rest - seen);
        seen |= frontier;
        layers.push(seen);
        if frontier.intersects(left) {
            for x in frontier & left {
                dist.push(d, x);
            }
            left = left - frontier;
        }
    }
    if left == targets && !g.adj(m).contains(o) {
        // `seen` is the opponent's whole region.
        return Scan::Separated(g.flood(m, cells - seen), seen);
    }
    for x in left {
        dist.push(u8::MAX, x);
    }
    // The mover's own pockets (cells only it can reach) count too.
    let live = if left.is_empty() {
        seen.with(m)
    } else {
        seen | g.flood(m, cells - seen)
    };
    Scan::Distances(live, dist)
}

/// What bounds `(lo, hi)` on the separated players' longest paths (`la`
/// the mover's, `lb` the opponent's) say of the null-window test at `g`:
/// a lower bound `>= g` or an upper bound `< g`, or `None` if they do not
/// settle it. (The value is a win in `2*lb + 1` if `la > lb`, else a loss
/// in `2*la`.)
fn bound_verdict(g: i32, (la_lo, la_hi): (u32, u32), (lb_lo, lb_hi): (u32, u32)) -> Option<i32> {
    if g > 0 {
        // A win in at most n moves: lb <= k and la > lb.
        let k = ((MAXN - g) as u32 - 1) / 2;
        if la_hi <= lb_lo {
            return Some(loss(2 * la_hi));
        }
        if lb_lo > k {
            return Some(win(2 * lb_lo + 1));
        }
        if lb_hi <= k && la_lo > lb_hi {
            return Some(win(2 * lb_hi + 1));
        }
        return None;
    }
    // A win, or a loss in at least n moves: la >= ceil(n / 2).
    let h = ((g + MAXN) as u32).div_ceil(2);
    if la_lo > lb_hi {
        return Some(win(2 * lb_hi + 1));
    }
    if la_lo >= h {
        return Some(loss(2 * la_lo));
    }
    if la_hi < h && la_hi <= lb_lo {
        return Some(loss(2 * la_hi));
    }
    None
}

/// Two engines on two threads sharing one transposition table ("lazy SMP"):
/// both run every null-window test of the driver from the root; children
/// the other thread is searching are put last ([`Busy`]), so the threads
/// spread over the tree and each finds the other's results in the table.
/// The first to finish gives the test's result and stops the other.
impl<B: Bits> Engine<B> {
    /// Whether the table holds bounds for `pos`.
    pub(crate) fn knows(&self, pos: &Position) -> bool {
        matches!(self.start(pos), Some(Start::Search(n)) if self.tt.probe(n.cells, n.m, n.o).is_some())
    }

    /// The exact value of a position from [`Engine::start`], searched by
    /// `self` and `helper` on two threads. Both count their states on the
    /// one `budget`.
    pub(crate) fn value_parallel(
        &mut self,
        helper: &mut Engine<B>,
        start: Start<B>,
        budget: &Budget,
    ) -> Result<Value, LimitHit> {
        let node = match start {
            Start::Done(v) => return Ok(v),
            Start::Search(n) => n,
        };
        // Most searches are over before two threads would have started
        // (8x8 corners: 6 ms alone, 12 ms on two): try alone first. What
        // a longer one found stays in the table.
        if self.solo_states > 0 {
            let solo = budget.part(self.solo_states);
            let r = self.solve_node(node, &solo);
            budget.absorb(&solo)?;
            match r {
                Ok(s) => return Ok(to_value(s)),
                // Its own cap (the budget's would have failed `absorb`).
                Err(LimitHit::States { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        if let Some(tt) = Arc::get_mut(&mut self.tt) {
            tt.reserve(SHARED_LOG2);
        }
        let busy = Arc::new(Busy::new());
        self.busy = Some(Arc::clone(&busy));
        helper.busy = Some(busy);
        // The table is how the threads share their work: store smaller
        // subtrees than alone.
        let effort = self.tt_effort;
        self.tt_effort = effort.min(SHARED_EFFORT);
        helper.tt_effort = self.tt_effort;
        let r = self.solve_with(node, budget, |me, g| {
            me.test_parallel(helper, node, g, budget)
        });
        self.tt_effort = effort;
        helper.tt_effort = effort;
        self.busy = None;
        helper.busy = None;
        Ok(to_value(r?))
    }

    /// One null-window test at `g` on two threads (fail-soft).
    fn test_parallel(
        &mut self,
        helper: &mut Engine<B>,
        node: Node<B>,
        g: i32,
        budget: &Budget,
    ) -> Result<i32, LimitHit> {
        // The table grows between tests, while this engine owns it alone.
        if let Some(tt) = Arc::get_mut(&mut self.tt) {
            tt.settle();
        }
        self.stats.parallel_tests += 1;
        let stop = Arc::new(AtomicBool::new(false));
        helper.tt = Arc::clone(&self.tt);
        helper.stop = Some(Arc::clone(&stop));
        self.stop = Some(Arc::clone(&stop));
        let (mine, theirs) = std::thread::scope(|s| {
            let h = s.spawn(|| {
                let r = helper.search(node, g - 1, g, budget);
                (r, !stop.swap(true, Relaxed))
            });
            let r = self.search(node, g - 1, g, budget);
            let first = !stop.swap(true, Relaxed);
            let theirs = h.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
            ((r, first), theirs)
        });
        self.stop = None;
        helper.stop = None;
        helper.tt = Arc::new(Table::new(0, 0));
        match (mine, theirs) {
            ((Ok(s), _), _) | (_, (Ok(s), _)) => Ok(s),
            // Neither finished: the first to stop says why.
            ((Err(e), true), _) | (_, (Err(e), _)) => Err(e),
        }
    }
}

/// Children being searched right now by the threads of a parallel test:
/// a small lossy set of position hashes (a clash only changes the order in
/// which a thread visits children, never a result).
#[derive(Debug)]
pub(crate) struct Busy {
    slots: Vec<AtomicU64>,
}

/// Nodes with fewer live cells than this do not mark or defer children
/// (their subtrees are too small to be worth sharing out).
const BUSY_MIN: u32 = 24;

/// States a search runs alone before [`Engine::value_parallel`] starts a
/// second thread (about 30 ms).
const SOLO_STATES: u64 = 1 << 16;

/// The `tt_effort` of both engines during a parallel search: subtrees of
/// 8 states and up are stored, not 64 (10x10 corners: 9 % fewer states
/// and 4 % less time on two threads; one thread alone is faster with 64).
const SHARED_EFFORT: u8 = 4;

/// The shared table's size at the start of a parallel search, in buckets
/// (`2^16`: 6 MiB of 128-bit entries; it doubles between null-window tests
/// while half full, within `--memory`, see [`table_log2s`]). Bigger
/// starts cost more to clear than they save (8x8: 2^20 took 40 ms).
const SHARED_LOG2: u32 = 16;

impl Busy {
    const LOG2: u32 = 12;

    fn new() -> Busy {
        Busy {
            slots: std::iter::repeat_with(|| AtomicU64::new(0))
                .take(1 << Self::LOG2)
                .collect(),
        }
    }

    #[inline]
    fn slot(&self, k: u64) -> Option<&AtomicU64> {
        self.slots.get((k >> (64 - Self::LOG2)) as usize)
    }

    #[inline]
    fn holds(&self, k: u64) -> bool {
        self.slot(k).is_some_and(|s| s.load(Relaxed) == k)
    }

    #[inline]
    fn mark(&self, k: u64) {
        if let Some(s) = self.slot(k) {
            s.store(k, Relaxed);
        }
    }

    #[inline]
    fn unmark(&self, k: u64) {
        if let Some(s) = self.slot(k) {
            let _ = s.compare_exchange(k, 0, Relaxed, Relaxed);
        }
    }
}

/// A hash of a node for [`Busy`] (never 0).
#[inline]
fn busy_key<B: Bits>(n: Node<B>) -> u64 {
    let mut x = (n.m as u64 | (n.o as u64) << 8).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for k in 0..B::WORDS {
        x ^= n.cells.word(k);
        x ^= x >> 31;
        x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    }
    (x ^ x >> 29) | 1
}

impl<B: Bits> Engine<B> {
    /// Pairs `(rep, twin)` of moves of `pos` that a symmetry of the position
    /// maps onto each other (`rep` comes first in move order).
    pub(crate) fn twin_moves(&self, pos: &Position) -> Vec<(Cell, Cell)> {
        let Some(Start::Search(node)) = self.start(pos) else {
            return Vec::new();
        };
        let keep = self.symmetric_moves(node);
        let cand = (self.g.adj(node.m) & node.cells).without(node.o);
        let mut out = Vec::new();
        for x in cand - keep {
            for p in &self.syms {
                let fixes = p[node.m as usize] == node.m
                    && p[node.o as usize] == node.o
                    && node.cells.every(|i| node.cells.contains(p[i as usize]));
                let y = p[x as usize];
                if fixes && keep.contains(y) {
                    out.push((self.g.cell(y), self.g.cell(x)));
                    break;
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_read_as_wins_and_losses() {
        assert_eq!(describe_bounds(-MAXN, MAXN), "no bound yet");
        let win_in_5 = to_score(Value {
            mover_wins: true,
            moves: 5,
        });
        assert_eq!(describe_bounds(win_in_5, MAXN), "mover wins in ≤ 5");
        let loss_after_8 = to_score(Value {
            mover_wins: false,
            moves: 8,
        });
        assert_eq!(
            describe_bounds(loss_after_8, loss_after_8),
            "mover loses after ≥ 8"
        );
        assert_eq!(
            describe_bounds(loss_after_8, MAXN),
            "mover wins, or loses after ≥ 8"
        );
        assert_eq!(
            describe_bounds(-MAXN, win_in_5),
            "mover loses, or wins in ≥ 5"
        );
    }
}
