//! Alpha-beta (fail-soft) on the exact score: the rules' quick verdicts,
//! the breadth-first scan (separated players go to the endgame), the
//! table's bounds and move, the ordered moves, and what is stored.

use std::ops::ControlFlow;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

use super::order::{plain_order, Distances, TERRITORY_MIN};
use super::parallel::{busy_key, BUSY_MIN};
use super::score::{down, loss, up, win, INF, MAXN};
use super::sure_paths::{sure_bounds, Want};
use super::{Engine, Node, NO_MOVE};
use crate::budget::{Budget, LimitHit};
use crate::games::footholds::bitboard::Bits;
use crate::games::footholds::graph::Graph;
use crate::games::footholds::table::{Bounds, Table};

/// What the breadth-first scan of a node found.
pub(super) enum Scan<B> {
    /// No cell can be reached by both: the mover's and the opponent's regions.
    Separated(B, B),
    /// The cells either player can still reach, and the steps to the
    /// opponent from each destination of the mover.
    Distances(B, Distances),
}

impl<B: Bits> Engine<B> {
    /// Alpha-beta (fail-soft) on the exact score of `node` within
    /// `(alpha, beta)`: the rules' quick verdicts, the table's bounds, the
    /// endgame for separated players, else the ordered moves.
    pub(super) fn search(
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
            Scan::Separated(ra, rb) if self.cfg.endgame => {
                self.stats.endgames += 1;
                return self.endgame((m, o), (ra, rb), alpha, beta, budget);
            }
            Scan::Separated(..) => (node, None),
            // Cells neither player can reach play no part: dropping them
            // makes positions that differ only there one table entry.
            Scan::Distances(live, dist) => (Node { cells: live, m, o }, Some(dist)),
        };
        let cells = node.cells;
        self.stats.open_by_live[(cells.size() / 8).min(31) as usize] += 1;
        let (lo_live, hi_live) = self.cfg.sure_live;
        if dist.is_some() && (lo_live..hi_live).contains(&cells.size()) {
            self.stats.sure_tries += 1;
            // The mover's side only: the opponent's side (a breadth-first
            // walk dearer) mostly settles what the children's mover side
            // settles one ply down (measured: see `SURE_LIVE`).
            let want = Want {
                lo: true,
                hi: false,
                blocks: false,
            };
            let (lo, hi) = sure_bounds(
                &self.g,
                (cells, m, o),
                &self.layers,
                &mut self.m_balls,
                want,
            );
            if lo >= beta || hi <= alpha {
                self.stats.sure_cuts += 1;
                let kind = if lo >= beta {
                    usize::from(lo > 0)
                } else {
                    2 + usize::from(hi < 0)
                };
                self.stats.sure_kinds[kind] += 1;
                return Ok(if lo >= beta { lo } else { hi });
            }
        }
        // The table's bucket is loaded first and read last: ordering the
        // moves overlaps the memory latency (table cutoffs are rare, so
        // the order is seldom wasted).
        let small = self.is_small(cells);
        let bucket = if small {
            self.small.fetch(cells, m, o)
        } else {
            self.tt.fetch(cells, m, o)
        };
        let (mut order, k) = match dist {
            None => plain_order(cand),
            Some(_) if cells.size() >= self.cfg.deep_order[0] && cand.more_than_one() => {
                let n = cells.size();
                // Deeper than two plies only on boards small enough.
                let plies = if self.g.n <= self.cfg.deep_footholds as usize {
                    2 + self.cfg.deep_order[1..].iter().filter(|&&t| n >= t).count()
                } else {
                    2
                };
                self.deep_territory_order(cells, (m, o), cand, plies as u32)
            }
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
        if self.cfg.etc {
            if let Some(v) = self.etc_cutoff(node, order, beta) {
                return Ok(v);
            }
        }
        let window = (alpha, beta);
        let mut best = -INF;
        let mut best_move = NO_MOVE;
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
                // Marked in one step with the check: two threads in step
                // would otherwise both see the child free and both search
                // it, and stay in step (measured: 9x9 (4,4)-(4,5) one run
                // in three or four doubled its states).
                if !b.claim(k) && i > 0 && i < n {
                    list[len] = x;
                    len += 1;
                    i += 1;
                    continue;
                }
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
            if let Some(b) = self.probe(Node {
                cells: rest,
                m: node.o,
                o: x,
            }) {
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

    fn store(&mut self, node: Node<B>, effort: u8, lo: i32, hi: i32, best: u8) {
        let b = Bounds {
            lower: lo as i16,
            upper: hi as i16,
            best,
        };
        if self.is_small(node.cells) {
            // Small positions are cheap to keep: every one is kept.
            self.small
                .store_shared(node.cells, node.m, node.o, effort.max(1), b);
            return;
        }
        if effort < self.cfg.tt_effort {
            return;
        }
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

impl<B: Bits> Engine<B> {
    /// Whether a position with these live `cells` belongs in the small table.
    #[inline]
    pub(super) fn is_small(&self, cells: B) -> bool {
        cells.size() < self.cfg.small_live
    }

    /// The bounds either table holds for `node`.
    #[inline]
    pub(super) fn probe(&self, node: Node<B>) -> Option<Bounds> {
        let Node { cells, m, o } = node;
        if self.is_small(cells) {
            self.small.probe(cells, m, o)
        } else {
            self.tt.probe(cells, m, o)
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
pub(super) fn scan<B: Bits>(g: &Graph<B>, cells: B, m: u8, o: u8, layers: &mut Vec<B>) -> Scan<B> {
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
