//! The fast exact solver.
//!
//! Negamax with alpha-beta on a mate-distance score, a bounded
//! transposition table, move ordering, enhanced transposition cutoffs, the
//! separation endgame ([`super::endgame`]), board symmetry at the root and a
//! driver of null-window tests on the exact score.
//!
//! Scores are from the side to move's view: a win in `n` more moves scores
//! `MAXN - n`, a loss in `n` more moves scores `n - MAXN`, so faster wins and
//! slower losses score higher. A child's score `s` is worth `up(s)` to its
//! parent (one move further from the end, and negated).

use std::fmt;

use super::bitboard::Bitboard;
use super::endgame::Endgame;
use super::graph::{BuildError, Graph, MAX_FOOTHOLDS};
use super::reference::parent_view;
use super::rules::{Cell, Player, Position};
use super::table::{Bounds, Table};
use crate::budget::{Budget, LimitHit};

/// Result under optimal play (win-fast / lose-slow), from the side to
/// move's point of view: `moves` = total number of moves both players still
/// make.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Value {
    /// Whether the side to move wins.
    pub mover_wins: bool,
    /// Moves both players still make under optimal play.
    pub moves: u32,
}

/// Why the fast solver gave up.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum SearchError {
    /// The budget ran out.
    Limit(LimitHit),
    /// More footholds are connected to the players than the solver indexes.
    TooLarge {
        /// Footholds connected to the players' cells.
        footholds: usize,
        /// The most the solver supports.
        max: usize,
    },
}

impl From<LimitHit> for SearchError {
    fn from(l: LimitHit) -> Self {
        SearchError::Limit(l)
    }
}

impl From<BuildError> for SearchError {
    fn from(e: BuildError) -> Self {
        match e {
            BuildError::Limit(l) => SearchError::Limit(l),
            BuildError::TooLarge { footholds } => SearchError::TooLarge {
                footholds,
                max: MAX_FOOTHOLDS,
            },
        }
    }
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Limit(l) => write!(f, "search limit reached: {l:?}"),
            SearchError::TooLarge { footholds, max } => write!(
                f,
                "{footholds} footholds are connected to the players; the solver handles at most {max}"
            ),
        }
    }
}

impl std::error::Error for SearchError {}

/// The transposition table grows up to `2^20` buckets of 64 bytes (64 MiB).
const TT_MAX_LOG2: u32 = 20;
/// The endgame memo grows up to `2^18` buckets of 64 bytes (16 MiB).
const MEMO_MAX_LOG2: u32 = 18;

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

fn to_score(v: Value) -> i32 {
    let n = v.moves.min(MAXN as u32 - 1);
    if v.mover_wins {
        win(n)
    } else {
        loss(n)
    }
}

/// Counters of one solver (for tuning and the benchmark).
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// Nodes of the main search.
    pub nodes: u64,
    /// Positions settled by the separation endgame.
    pub endgames: u64,
    /// Null-window tests run by the driver.
    pub tests: u32,
    /// Cutoffs, by the index of the move that caused them.
    pub cut_at: [u64; 4],
    /// Nodes settled by the rules at once.
    pub quick: u64,
    /// Nodes settled by the table.
    pub tt_cuts: u64,
    /// Nodes where every move was searched.
    pub all_nodes: u64,
}

/// A solver for one game: the indexed board, the transposition table and
/// the endgame memo, reused across the positions of that game.
pub struct Solver<'b> {
    g: Graph,
    tt: Table,
    eg: Endgame,
    syms: Vec<Vec<u8>>,
    budget: &'b Budget,
    /// Cutoff counts per (from, to).
    history: Vec<u32>,
    /// Positions whose search took fewer than `2^(tt_effort-1)` states are
    /// not stored (default 7): transpositions are rare, so the table
    /// mostly serves the re-searches of the driver, and storing every leaf
    /// would only pollute the cache.
    pub tt_effort: u8,
    /// Whether separated positions are settled by the endgame (on by
    /// default; off only to test it against plain search).
    pub endgame: bool,
    /// Whether to try enhanced transposition cutoffs (probing every child
    /// in the table before searching any). Off by default: transpositions
    /// are rare in this game and the extra probes cost more than they save.
    pub etc: bool,
    /// The cells each symmetry maps to themselves.
    sym_fixed: Vec<Bitboard>,
    /// Counters.
    pub stats: Stats,
}

/// A position in the solver's terms: remaining footholds, mover, other.
#[derive(Clone, Copy, Debug)]
struct Node {
    cells: Bitboard,
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
enum Scan {
    /// No cell can be reached by both: the mover's and the opponent's regions.
    Separated(Bitboard, Bitboard),
    /// Steps to the opponent from each destination of the mover.
    Distances(Distances),
}

/// How a position resolves before any search.
enum Start {
    Done(Value),
    Search(Node),
}

impl<'b> Solver<'b> {
    /// A solver for `pos` and the positions that follow it.
    pub fn new(pos: &Position, budget: &'b Budget) -> Result<Solver<'b>, SearchError> {
        let g = Graph::build(pos, &[pos.a, pos.b], budget)?;
        let syms = g.symmetries();
        let sym_fixed = syms
            .iter()
            .map(|p| g.all.filter(|&i| p[i as usize] == i).collect())
            .collect();
        Ok(Solver {
            syms,
            sym_fixed,
            tt: Table::new(8, TT_MAX_LOG2),
            eg: Endgame::new(6, MEMO_MAX_LOG2),
            g,
            budget,
            etc: false,
            endgame: true,
            tt_effort: 7,
            history: vec![0; 64 * 64],
            stats: Stats::default(),
        })
    }

    /// Memory held by the tables, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes() + self.eg.bytes()
    }

    /// Classifies `pos`: settled by the rules at once, or a search node.
    fn start(&mut self, pos: &Position) -> Result<Start, SearchError> {
        let me = pos.cell_of(pos.to_move);
        let other = pos.cell_of(pos.to_move.other());
        if pos.legal_moves().is_empty() {
            return Ok(Start::Done(Value {
                mover_wins: false,
                moves: 0,
            }));
        }
        if me == other || !pos.is_foothold(other) {
            // The opponent stands on a vanishing (or vanished) foothold.
            return Ok(Start::Done(Value {
                mover_wins: true,
                moves: 1,
            }));
        }
        let (m, o) = match (self.g.index_of(me), self.g.index_of(other)) {
            (Some(m), Some(o)) => (m, o),
            _ => {
                // Not a position of this game: index its board afresh.
                *self = Solver::new(pos, self.budget)?;
                match (self.g.index_of(me), self.g.index_of(other)) {
                    (Some(m), Some(o)) => (m, o),
                    _ => {
                        return Ok(Start::Done(Value {
                            mover_wins: false,
                            moves: 0,
                        }))
                    }
                }
            }
        };
        let cells = self
            .g
            .all
            .filter(|&i| pos.is_foothold(self.g.cell(i)))
            .collect();
        Ok(Start::Search(Node { cells, m, o }))
    }

    /// The exact value of `pos`.
    pub fn value(&mut self, pos: &Position) -> Result<Value, SearchError> {
        match self.start(pos)? {
            Start::Done(v) => Ok(v),
            Start::Search(node) => Ok(to_value(self.solve_node(node)?)),
        }
    }

    /// Whether the exact value of `pos` is `v` (two null-window tests).
    pub fn has_value(&mut self, pos: &Position, v: Value) -> Result<bool, SearchError> {
        match self.start(pos)? {
            Start::Done(w) => Ok(w == v),
            Start::Search(node) => {
                let t = to_score(v);
                if self.search(node, t - 1, t)? < t {
                    return Ok(false);
                }
                Ok(self.search(node, t, t + 1)? <= t)
            }
        }
    }

    /// The moves worth searching: one per orbit of the board symmetries
    /// that map the position onto itself (all moves if none does).
    fn symmetric_moves(&self, node: Node) -> Bitboard {
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
            return Bitboard::FULL;
        }
        let cand = (self.g.adj(node.m) & node.cells).without(node.o);
        let mut keep = Bitboard::EMPTY;
        let mut covered = Bitboard::EMPTY;
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
    fn solve_node(&mut self, node: Node) -> Result<i32, LimitHit> {
        let mut lo = -MAXN;
        let mut hi = MAXN;
        let mut guess = 1;
        loop {
            self.stats.tests += 1;
            let s = self.search(node, guess - 1, guess)?;
            if s >= guess {
                lo = s;
            } else {
                hi = s;
            }
            if lo >= hi {
                break;
            }
            // The fail-soft bound is usually exact: test right next to it.
            guess = if s >= guess { s + 1 } else { s };
        }
        Ok(lo)
    }

    /// Alpha-beta (fail-soft) on the exact score of `node` within
    /// `(alpha, beta)`.
    fn search(&mut self, node: Node, mut alpha: i32, mut beta: i32) -> Result<i32, LimitHit> {
        self.budget.tick()?;
        self.stats.nodes += 1;
        let Node { cells, m, o } = node;
        let moves = self.g.adj(m) & cells;
        if moves.is_empty() {
            self.stats.quick += 1;
            return Ok(loss(0));
        }
        if (self.g.adj(o) & cells).without(m).is_empty() {
            self.stats.quick += 1;
            return Ok(win(1));
        }
        // Positions that a board symmetry maps onto themselves: one move
        // per orbit.
        let restrict = if self.sym_fixed.is_empty() {
            Bitboard::FULL
        } else {
            self.symmetric_moves(node)
        };
        let cand = moves.without(o) & restrict;
        if cand.is_empty() {
            // Only onto the opponent, who steps away: the mover's cell vanishes.
            self.stats.quick += 1;
            return Ok(loss(2));
        }
        // Load the table entry while the scan runs.
        let bucket = self.tt.fetch(cells.0, m, o);
        let scan = self.scan(cells, m, o);
        let mut tt_move = 255;
        if let Some(b) = Table::find(&bucket, cells.0, m, o) {
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
            tt_move = b.best;
        }
        let rest = cells.without(m);
        let mut order = [(0u32, 0u8); 8];
        let mut k = 0;
        match scan {
            Scan::Separated(ra, rb) if self.endgame => {
                self.stats.endgames += 1;
                let before = self.budget.states();
                let s = self.endgame(m, o, ra, rb, alpha, beta)?;
                let effort = (64 - (self.budget.states() - before).leading_zeros()) as u8;
                let (lo, hi) = if s <= alpha {
                    (-MAXN, s)
                } else if s >= beta {
                    (s, MAXN)
                } else {
                    (s, s)
                };
                self.store(node, effort, lo, hi, 255);
                return Ok(s);
            }
            Scan::Separated(..) => {
                for x in cand {
                    if k < order.len() {
                        order[k] = (u32::from(x != tt_move), x);
                        k += 1;
                    }
                }
            }
            Scan::Distances(dist) => {
                // Table move first, then towards the opponent, then by history.
                for (d, x) in dist {
                    if cand.contains(x) && k < order.len() {
                        let h = self.history[(m as usize) * 64 + x as usize].min(0xFF_FFFF);
                        let key = if x == tt_move {
                            0
                        } else {
                            (d as u32 + 1) << 24 | (0xFF_FFFF - h)
                        };
                        order[k] = (key, x);
                        k += 1;
                    }
                }
                order[..k].sort_unstable_by_key(|e| e.0);
            }
        }
        let before = self.budget.states();
        let order = order.map(|e| e.1);
        if self.etc {
            // Enhanced transposition cutoff: a child already known to be
            // good enough settles the node without searching.
            for &x in &order[..k] {
                if let Some(b) = self.tt.probe(rest.0, o, x) {
                    let v = up(b.upper as i32);
                    if v >= beta {
                        self.store(node, 1, v, MAXN, x);
                        return Ok(v);
                    }
                }
            }
        }
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = 255;
        for (i, &x) in order[..k].iter().enumerate() {
            let child = Node {
                cells: rest,
                m: o,
                o: x,
            };
            let v = up(self.search(child, down(beta), down(alpha))?);
            if v > best {
                best = v;
                best_move = x;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        self.stats.cut_at[i.min(3)] += 1;
                        let h = &mut self.history[(m as usize) * 64 + x as usize];
                        *h = h.saturating_add(cells.count() * cells.count());
                        break;
                    }
                }
            }
        }
        if best < beta {
            self.stats.all_nodes += 1;
        }
        let work = self.budget.states() - before;
        let effort = (64 - work.leading_zeros()) as u8;
        let (lo, hi) = if best <= alpha0 {
            (-MAXN, best)
        } else if best >= beta {
            (best, MAXN)
        } else {
            (best, best)
        };
        self.store(node, effort, lo, hi, best_move);
        Ok(best)
    }

    /// The score of a separated position (mover at `m` in region `ra`,
    /// opponent at `o` in `rb`), fail-soft within `(alpha, beta)`: longest
    /// paths are only computed as far as the window needs.
    fn endgame(
        &mut self,
        m: u8,
        o: u8,
        ra: Bitboard,
        rb: Bitboard,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, LimitHit> {
        let s = self.endgame_test(m, o, ra, rb, beta)?;
        if s >= beta || s <= alpha {
            return Ok(s);
        }
        let t = self.endgame_test(m, o, ra, rb, alpha + 1)?;
        if t <= alpha {
            return Ok(t);
        }
        let la = self.eg.longest(&self.g, m, ra, self.budget)?;
        let lb = self.eg.longest(&self.g, o, rb, self.budget)?;
        Ok(if la > lb {
            win(2 * lb + 1)
        } else {
            loss(2 * la)
        })
    }

    /// Whether the separated position scores at least `g`: a lower bound
    /// `>= g` if so, else an upper bound `< g`. (Its value is a win in
    /// `2*lb + 1` if `la > lb`, else a loss in `2*la`.)
    fn endgame_test(
        &mut self,
        m: u8,
        o: u8,
        ra: Bitboard,
        rb: Bitboard,
        g: i32,
    ) -> Result<i32, LimitHit> {
        let (graph, budget) = (&self.g, self.budget);
        let eg = &mut self.eg;
        if g <= -MAXN {
            return Ok(-MAXN);
        }
        if g >= MAXN {
            return Ok(MAXN - 1);
        }
        let (la_lo, la_hi) = eg.quick_bounds(graph, m, ra);
        let (lb_lo, lb_hi) = eg.quick_bounds(graph, o, rb);
        if g > 0 {
            // A win in at most n moves: lb <= k and la > lb.
            let n = (MAXN - g) as u32;
            let k = (n - 1) / 2;
            if la_hi <= lb_lo {
                return Ok(loss(2 * la_hi));
            }
            if lb_lo > k {
                return Ok(win(2 * lb_lo + 1));
            }
            if lb_hi <= k && la_lo > lb_hi {
                return Ok(win(2 * lb_hi + 1));
            }
            if eg.at_least(graph, o, rb, k + 1, budget)? {
                return Ok(win(2 * k + 3));
            }
            let lb = eg.longest(graph, o, rb, budget)?;
            if eg.at_least(graph, m, ra, lb + 1, budget)? {
                return Ok(win(2 * lb + 1));
            }
            let la = eg.longest(graph, m, ra, budget)?;
            return Ok(loss(2 * la));
        }
        // A win, or a loss in at least n moves: la >= ceil(n / 2).
        let n = (g + MAXN) as u32;
        let h = n.div_ceil(2);
        if la_lo > lb_hi {
            return Ok(win(2 * lb_hi + 1));
        }
        if la_lo >= h {
            return Ok(loss(2 * la_lo));
        }
        if la_hi < h && la_hi <= lb_lo {
            return Ok(loss(2 * la_hi));
        }
        if eg.at_least(graph, m, ra, h, budget)? {
            return Ok(loss(2 * h));
        }
        let la = eg.longest(graph, m, ra, budget)?;
        if eg.at_least(graph, o, rb, la, budget)? {
            return Ok(loss(2 * la));
        }
        let lb = eg.longest(graph, o, rb, budget)?;
        Ok(win(2 * lb + 1))
    }

    /// Breadth-first search from the opponent through the cells the mover
    /// does not stand on: either the players are separated (their regions),
    /// or the number of steps from each of the mover's destinations to the
    /// opponent (`u8::MAX` if cut off from it).
    #[inline]
    fn scan(&self, cells: Bitboard, m: u8, o: u8) -> Scan {
        let g = &self.g;
        let rest = cells.without(m);
        let targets = (g.adj(m) & cells).without(o);
        let mut seen = Bitboard::from_index(o);
        let mut frontier = seen;
        let mut left = targets;
        let mut dist = Distances::default();
        let mut d = 0u8;
        while !frontier.is_empty() && !left.is_empty() {
            d += 1;
            frontier = g.expand(frontier) & (rest - seen);
            seen |= frontier;
            for x in frontier & left {
                dist.push(d, x);
            }
            left = left - frontier;
        }
        if left == targets && !g.adj(m).contains(o) {
            // `seen` is the opponent's whole region.
            return Scan::Separated(g.flood(m, cells - seen), seen);
        }
        for x in left {
            dist.push(u8::MAX, x);
        }
        Scan::Distances(dist)
    }

    fn store(&mut self, node: Node, effort: u8, lo: i32, hi: i32, best: u8) {
        if effort < self.tt_effort {
            return;
        }
        self.tt.store(
            node.cells.0,
            node.m,
            node.o,
            effort,
            Bounds {
                lower: lo as i16,
                upper: hi as i16,
                best,
            },
        );
    }
}

/// Result under optimal play from the side to move's point of view.
pub fn solve(pos: &Position, budget: &Budget) -> Result<Value, SearchError> {
    if let Some(v) = trivial(pos) {
        return Ok(v);
    }
    Solver::new(pos, budget)?.value(pos)
}

/// Positions the rules settle without search (so they never hit the size
/// limit).
fn trivial(pos: &Position) -> Option<Value> {
    let me = pos.cell_of(pos.to_move);
    let other = pos.cell_of(pos.to_move.other());
    if pos.legal_moves().is_empty() {
        Some(Value {
            mover_wins: false,
            moves: 0,
        })
    } else if me == other || !pos.is_foothold(other) {
        Some(Value {
            mover_wins: true,
            moves: 1,
        })
    } else {
        None
    }
}

/// Every legal move of the side to move with its value from the MOVER's
/// point of view, counting the move itself (so the best entry equals
/// `solve`). Empty when the mover has lost.
pub fn analyze(pos: &Position, budget: &Budget) -> Result<Vec<(Cell, Value)>, SearchError> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Ok(Vec::new());
    }
    let mut solver = Solver::new(pos, budget)?;
    let mut out: Vec<((usize, usize), Value)> = Vec::with_capacity(moves.len());
    let twins = solver.twin_moves(pos);
    for &to in &moves {
        if let Some(&(_, v)) = twins
            .iter()
            .find(|t| t.1 == to)
            .and_then(|t| out.iter().find(|o| o.0 == t.0))
        {
            out.push((to, v));
            continue;
        }
        let Some(child) = pos.play(to) else { continue };
        out.push((to, parent_view(solver.value(&child)?)));
    }
    Ok(out)
}

impl Solver<'_> {
    /// Pairs `(rep, twin)` of moves of `pos` that a symmetry of the position
    /// maps onto each other (`rep` comes first in move order).
    fn twin_moves(&mut self, pos: &Position) -> Vec<((usize, usize), (usize, usize))> {
        let Ok(Start::Search(node)) = self.start(pos) else {
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

/// One optimal line from here to the end: (player, destination) per move.
/// Its length == solve().moves.
pub fn principal_line(pos: &Position, budget: &Budget) -> Result<Vec<(Player, Cell)>, SearchError> {
    if let Some(v) = trivial(pos) {
        if v.moves == 0 {
            return Ok(Vec::new());
        }
        // A one-move win: any step does it.
        let to = pos.legal_moves().first().copied();
        return Ok(to.map(|t| vec![(pos.to_move, t)]).unwrap_or_default());
    }
    let mut solver = Solver::new(pos, budget)?;
    let mut cur = pos.clone();
    let mut v = solver.value(&cur)?;
    let mut line = Vec::new();
    while v.moves > 0 {
        let want = Value {
            mover_wins: !v.mover_wins,
            moves: v.moves - 1,
        };
        let mut next = None;
        for to in cur.legal_moves() {
            let Some(child) = cur.play(to) else { continue };
            if solver.has_value(&child, want)? {
                next = Some((to, child));
                break;
            }
        }
        let Some((to, child)) = next else { break };
        line.push((cur.to_move, to));
        cur = child;
        v = want;
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::footholds::reference::{better, reference_solve};
    use crate::games::footholds::rules::Steps;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn unlimited() -> Budget {
        Budget::unlimited()
    }

    fn judge(grid: &[&[u8]], a: (usize, usize), b: (usize, usize)) -> u32 {
        let p = Position::from_rows(grid, a, b, Steps::Orthogonal).unwrap();
        let v = solve(&p, &unlimited()).unwrap();
        assert_eq!(v.mover_wins, v.moves % 2 == 1);
        assert_eq!(
            principal_line(&p, &unlimited()).unwrap().len() as u32,
            v.moves
        );
        v.moves
    }

    #[test]
    fn official_examples() {
        assert_eq!(
            judge(&[&[1, 1, 1], &[1, 1, 1], &[1, 1, 1]], (1, 0), (1, 2)),
            5
        );
        assert_eq!(
            judge(&[&[1, 1, 1], &[1, 0, 1], &[1, 1, 1]], (1, 0), (1, 2)),
            4
        );
        assert_eq!(judge(&[&[1, 1, 1, 1, 1]], (0, 0), (0, 4)), 4);
        assert_eq!(judge(&[&[1]], (0, 0), (0, 0)), 0);
    }

    /// A random position: board up to 5x5 with random holes, players on
    /// footholds (maybe shared), random side to move and step rule.
    fn random_position(rng: &mut StdRng) -> Position {
        let steps = if rng.gen_bool(0.3) {
            Steps::King
        } else {
            Steps::Orthogonal
        };
        random_position_with(rng, steps, 0.4)
    }

    fn random_position_with(rng: &mut StdRng, steps: Steps, min_density: f64) -> Position {
        let rows = rng.gen_range(1..=5);
        let cols = rng.gen_range(1..=5);
        let density = rng.gen_range(min_density..=1.0);
        let mut cells: Vec<bool> = (0..rows * cols).map(|_| rng.gen_bool(density)).collect();
        let a = (rng.gen_range(0..rows), rng.gen_range(0..cols));
        let b = if rng.gen_bool(0.1) {
            a
        } else {
            (rng.gen_range(0..rows), rng.gen_range(0..cols))
        };
        cells[a.0 * cols + a.1] = true;
        cells[b.0 * cols + b.1] = true;
        Position {
            rows,
            cols,
            cells,
            a,
            b,
            to_move: if rng.gen_bool(0.5) {
                Player::A
            } else {
                Player::B
            },
            steps,
        }
    }

    /// Checks solve, analyze and principal_line on `p` against the reference.
    /// Returns false when the reference needs more than `cap` states.
    fn check(p: &Position, cap: u64) -> bool {
        let Ok(want) = reference_solve(p, &Budget::new(Some(cap), None)) else {
            return false;
        };
        let got = solve(p, &unlimited()).unwrap();
        assert_eq!(got, want, "{p:?}");
        let moves = analyze(p, &unlimited()).unwrap();
        assert_eq!(moves.len(), p.legal_moves().len());
        if let Some(best) = moves
            .iter()
            .map(|m| m.1)
            .reduce(|x, y| if better(y, x) { y } else { x })
        {
            assert_eq!(best, got, "{p:?}");
        }
        for &(to, v) in &moves {
            let child = p.play(to).unwrap();
            let r = reference_solve(&child, &unlimited()).unwrap();
            assert_eq!(v, parent_view(r), "{p:?} move {to:?}");
        }
        let line = principal_line(p, &unlimited()).unwrap();
        assert_eq!(line.len() as u32, got.moves, "{p:?}");
        let mut cur = p.clone();
        for &(who, to) in &line {
            assert_eq!(who, cur.to_move);
            cur = cur.play(to).expect("legal line");
        }
        assert!(cur.legal_moves().is_empty());
        true
    }

    #[test]
    fn the_separation_endgame_agrees_with_full_search() {
        let mut rng = StdRng::seed_from_u64(77);
        let mut separated = 0;
        for _ in 0..400 {
            let p = random_position(&mut rng);
            let b = unlimited();
            let Ok(mut with) = Solver::new(&p, &b) else {
                continue;
            };
            let mut without = Solver::new(&p, &b).unwrap();
            without.endgame = false;
            let v = with.value(&p).unwrap();
            assert_eq!(v, without.value(&p).unwrap(), "{p:?}");
            separated += with.stats.endgames;
            // The formula itself, on the separated positions a few moves in.
            let mut cur = p.clone();
            for _ in 0..3 {
                let Some(&to) = cur.legal_moves().first() else {
                    break;
                };
                cur = cur.play(to).unwrap();
                let mut without = Solver::new(&cur, &b).unwrap();
                without.endgame = false;
                assert_eq!(
                    with.value(&cur).unwrap(),
                    without.value(&cur).unwrap(),
                    "{cur:?}"
                );
            }
        }
        assert!(separated > 1000, "{separated}");
    }

    #[test]
    fn figures_small() {
        let b = unlimited();
        let king = Position::full(5, 5, (0, 0), (4, 4), Steps::King);
        assert_eq!(solve(&king, &b).unwrap().moves, 23);
        let p = Position::full(6, 6, (0, 0), (5, 5), Steps::Orthogonal);
        let v = solve(&p, &b).unwrap();
        assert_eq!(principal_line(&p, &b).unwrap().len() as u32, v.moves);
    }

    /// The benchmark's big figures (slow in debug: `cargo test --release -- --ignored`).
    #[test]
    #[ignore]
    fn figures_big() {
        let b = unlimited();
        let full = |n, a, bb| Position::full(n, n, a, bb, Steps::Orthogonal);
        assert_eq!(solve(&full(7, (0, 0), (6, 6)), &b).unwrap().moves, 45);
        assert_eq!(solve(&full(7, (1, 1), (5, 5)), &b).unwrap().moves, 46);
        assert_eq!(solve(&full(7, (3, 3), (3, 4)), &b).unwrap().moves, 47);
        let v = solve(&full(8, (0, 0), (7, 7)), &b).unwrap();
        assert_eq!(
            v,
            Value {
                mover_wins: false,
                moves: 62
            }
        );
        let line = principal_line(&full(8, (0, 0), (7, 7)), &b).unwrap();
        assert_eq!(line.len(), 62);
    }

    /// Checks `n` random positions of `steps`; returns how many the
    /// reference could settle within `cap` states.
    fn check_random(seed: u64, n: usize, steps: Steps, min_density: f64, cap: u64) -> usize {
        let mut rng = StdRng::seed_from_u64(seed);
        (0..n)
            .filter(|_| check(&random_position_with(&mut rng, steps, min_density), cap))
            .count()
    }

    #[test]
    fn random_orthogonal_positions_match_the_reference() {
        let checked = check_random(20220001, 2000, Steps::Orthogonal, 0.5, 40_000);
        assert!(checked > 1850, "only {checked} checked");
    }

    #[test]
    fn random_king_positions_match_the_reference() {
        let checked = check_random(20220002, 1300, Steps::King, 0.3, 15_000);
        assert!(checked > 1100, "only {checked} checked");
    }

    #[test]
    fn full_5x5_boards_match_the_reference() {
        // Every pair of distinct start cells up to symmetry... a sample.
        let mut rng = StdRng::seed_from_u64(5);
        for _ in 0..12 {
            let a = (rng.gen_range(0..5), rng.gen_range(0..5));
            let b = (rng.gen_range(0..5), rng.gen_range(0..5));
            let mut p = Position::full(5, 5, a, b, Steps::Orthogonal);
            p.to_move = if rng.gen_bool(0.5) {
                Player::A
            } else {
                Player::B
            };
            assert!(check(&p, 1_000_000), "{p:?}");
        }
    }
}
