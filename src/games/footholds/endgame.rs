//! The separation endgame.
//!
//! Once no cell can be reached by both players (their regions are disjoint
//! and not adjacent), they never interact again: each simply walks the
//! longest path of its own region. With the mover's longest path `la` and
//! the opponent's `lb` (in moves), the mover wins with `2*lb + 1` total moves
//! if `la > lb`, and otherwise loses with `2*la` total moves.
//!
//! Longest paths are found by depth-first search with a memo on
//! `(start, region)` (regions are cut down to the start's component), upper
//! bounds from region size, dead ends and the two colours of the grid, and
//! neighbours tried fewest-exits first so a path meeting the bound is usually
//! found at once.

use std::sync::Arc;

use super::bitboard::Bits;
use super::blocks::block_bound;
use super::graph::Graph;
use super::table::Cache;
use crate::budget::{Budget, LimitHit};

/// The longest-path memo (bounded). Two engines searching in parallel
/// share one ([`Endgame::share`]); it grows only while one owns it alone.
#[derive(Debug)]
pub(crate) struct Endgame<B> {
    memo: Arc<Cache<B>>,
    /// Whether another engine may be writing the memo right now (then it
    /// is written without growing, and without asking the `Arc`, which
    /// would make both threads write its count at every store).
    shared: bool,
}

/// The regions of two separated players, or `None` if some cell can still be
/// reached by both (or they are adjacent). `cells` holds both players' cells.
#[cfg(test)]
#[inline]
pub(crate) fn regions<B: Bits>(g: &Graph<B>, cells: B, m: u8, o: u8) -> Option<(B, B)> {
    let stop = g.adj(o);
    if stop.contains(m) {
        return None;
    }
    let allowed = cells.without(o);
    let mut reach = B::from_index(m);
    let mut frontier = reach;
    while !frontier.is_empty() {
        frontier = g.expand(frontier) & (allowed - reach);
        if frontier.intersects(stop) {
            return None;
        }
        reach |= frontier;
    }
    Some((reach, g.flood(o, cells - reach)))
}

/// An upper bound on the longest path (in moves) from `s` inside the
/// connected `region` (which holds `s`).
pub(crate) fn path_bound<B: Bits>(g: &Graph<B>, s: u8, region: B) -> u32 {
    let n = region.size();
    // Dead ends (one neighbour in the region) other than the start: a path
    // can visit at most one of them, as its last cell.
    let dead = region.without(s) - g.two_plus(region);
    if !g.bipartite {
        return n - 1 - dead.size().saturating_sub(1);
    }
    // Steps alternate colours: a path from `s` visits cells of s's colour
    // and the other colour alternately.
    let same = if g.colour.contains(s) {
        g.colour
    } else {
        !g.colour
    };
    let base = region - dead;
    let ns = (base & same).size();
    let no = (base - same).size();
    let cells = |ns: u32, no: u32| if ns > no { 2 * no + 1 } else { 2 * ns };
    let mut best = cells(ns, no);
    if dead.intersects(same) {
        best = best.max(cells(ns + 1, no));
    }
    if !(dead - same).is_empty() {
        best = best.max(cells(ns, no + 1));
    }
    best - 1
}

/// Regions at least this big also get the (dearer) block-tree bound: it
/// pays on big boards (10x10: 16 s with it, out of reach without) and costs
/// a little on small ones.
const BLOCK_MIN: u32 = 24;

/// The best cheap upper bound on the longest path from `s` in `region`:
/// [`path_bound`], and for big regions [`block_bound`] too.
pub(crate) fn upper_bound<B: Bits>(g: &Graph<B>, s: u8, region: B) -> u32 {
    let pb = path_bound(g, s, region);
    if region.size() >= BLOCK_MIN {
        pb.min(block_bound(g, s, region))
    } else {
        pb
    }
}

/// The length of a greedy walk from `s` in `region`: always to the
/// neighbour with the fewest onward exits (Warnsdorff's rule).
pub(crate) fn greedy_walk<B: Bits>(g: &Graph<B>, s: u8, region: B) -> u32 {
    let mut free = region.without(s);
    let mut cur = s;
    let mut len = 0;
    loop {
        let nb = g.adj(cur) & free;
        let Some(first) = nb.first() else {
            return len;
        };
        let mut next = first;
        if nb.more_than_one() {
            let mut fewest = u32::MAX;
            for x in nb {
                let exits = (g.adj(x) & free).size();
                if exits < fewest {
                    fewest = exits;
                    next = x;
                }
            }
        }
        free = free.without(next);
        cur = next;
        len += 1;
    }
}

/// A memo payload's bounds `(lo, hi)` (one byte each).
#[inline]
fn unpack(p: u64) -> (u32, u32) {
    ((p & 0xFF) as u32, (p >> 8 & 0xFF) as u32)
}

impl<B: Bits> Endgame<B> {
    /// A memo of `2^log2_buckets * 4` entries, growing up to `2^max_log2 * 4`.
    pub(crate) fn new(log2_buckets: u32, max_log2: u32) -> Endgame<B> {
        Endgame {
            memo: Arc::new(Cache::new(log2_buckets, max_log2)),
            shared: false,
        }
    }

    /// Marks this memo shared (or no longer) and returns an endgame on the
    /// same memo for a second engine searching beside this one.
    pub(crate) fn share(&mut self) -> Endgame<B> {
        self.shared = true;
        Endgame {
            memo: Arc::clone(&self.memo),
            shared: true,
        }
    }

    /// This engine's memo is its own again (the other engine has dropped
    /// its [`Endgame::share`]).
    pub(crate) fn unshare(&mut self) {
        self.shared = false;
    }

    /// Memory used, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.memo.bytes()
    }

    /// Cheap bounds `(lo, hi)` on the longest path from `s` in `region`
    /// (connected, holding `s`): the memo's, else a greedy walk and
    /// [`path_bound`] (the previous solver's).
    #[cfg(feature = "bench")]
    pub(crate) fn quick_bounds(&mut self, g: &Graph<B>, s: u8, region: B) -> (u32, u32) {
        if let Some(b) = self.known(s, region) {
            return b;
        }
        let hi = upper_bound(g, s, region);
        let lo = greedy_walk(g, s, region).min(hi);
        if lo < hi {
            self.remember(s, region, 0, lo, hi);
        }
        (lo, hi)
    }

    /// Bounds `(lo, hi)` on the longest path from `s` in `region`
    /// (connected, holding `s`) at the least cost: a greedy walk and
    /// [`path_bound`] (no memo probe: most endgames are settled by these,
    /// and a probe mostly waits on memory).
    #[inline]
    pub(crate) fn cheap_bounds(g: &Graph<B>, s: u8, region: B) -> (u32, u32) {
        let hi = path_bound(g, s, region);
        (greedy_walk(g, s, region).min(hi), hi)
    }

    /// Bounds from [`Endgame::cheap_bounds`] sharpened by the memo's, else
    /// (in big regions) by the block-tree bound, which is remembered.
    pub(crate) fn sharpen(
        &mut self,
        g: &Graph<B>,
        s: u8,
        region: B,
        (lo, hi): (u32, u32),
    ) -> (u32, u32) {
        if lo == hi {
            return (lo, hi);
        }
        if let Some((mlo, mhi)) = self.known(s, region) {
            return (lo.max(mlo), hi.min(mhi));
        }
        if region.size() < BLOCK_MIN {
            return (lo, hi);
        }
        let hi = hi.min(block_bound(g, s, region)).max(lo);
        if lo < hi {
            self.remember(s, region, 0, lo, hi);
        }
        (lo, hi)
    }

    /// The bounds `(lo, hi)` the memo holds for the longest path from `s`
    /// in `region`.
    #[inline]
    fn known(&self, s: u8, region: B) -> Option<(u32, u32)> {
        self.memo.get(region, s as u16).map(unpack)
    }

    #[inline]
    fn remember(&mut self, s: u8, region: B, effort: u64, lo: u32, hi: u32) {
        let effort = (64 - effort.leading_zeros()) as u8;
        let pack = |lo: u32, hi: u32| (lo.min(255) | hi.min(255) << 8) as u64;
        let merge = |old| {
            let (olo, ohi) = unpack(old);
            pack(lo.max(olo), hi.min(ohi))
        };
        let owned = match self.shared {
            true => None,
            false => Arc::get_mut(&mut self.memo),
        };
        match owned {
            Some(memo) => memo.put(region, s as u16, effort, pack(lo, hi), merge),
            None => self
                .memo
                .put_shared(region, s as u16, effort, pack(lo, hi), merge),
        }
    }

    /// The neighbours of `s` in `rest`, fewest onward exits first (so a
    /// long path is usually found at once).
    #[inline]
    fn ordered(g: &Graph<B>, nb: B, rest: B) -> ([(u32, u8); 8], usize) {
        let mut order = [(0u32, 0u8); 8];
        let mut k = 0;
        for x in nb {
            if k < order.len() {
                order[k] = ((g.adj(x) & rest).size(), x);
                k += 1;
            }
        }
        order[..k].sort_unstable();
        (order, k)
    }

    /// Whether a path of at least `k` moves starts at `s` inside `region`
    /// (connected, holding `s`). Ticks the budget per expanded state.
    pub(crate) fn at_least(
        &mut self,
        g: &Graph<B>,
        s: u8,
        region: B,
        k: u32,
        budget: &Budget,
    ) -> Result<bool, LimitHit> {
        Ok(self.path_of(g, s, region, k, budget)?.is_some())
    }

    /// The length of a path of at least `k` moves from `s` inside `region`
    /// (connected, holding `s`) if there is one: often longer than `k`
    /// (the best known lower bound where one settles it). Ticks the budget
    /// per expanded state.
    pub(crate) fn path_of(
        &mut self,
        g: &Graph<B>,
        s: u8,
        region: B,
        k: u32,
        budget: &Budget,
    ) -> Result<Option<u32>, LimitHit> {
        if k == 0 {
            return Ok(Some(greedy_walk(g, s, region)));
        }
        budget.tick()?;
        let rest = region.without(s);
        let nb = g.adj(s) & rest;
        let Some(first) = nb.first() else {
            return Ok(None);
        };
        if !nb.more_than_one() {
            // Removing a leaf keeps the region connected.
            return Ok(self.path_of(g, first, rest, k - 1, budget)?.map(|l| l + 1));
        }
        let (lo, hi) = match self.known(s, region) {
            Some(b) => b,
            // The cheapest bound that may answer first: region size and
            // colours, a greedy walk, then the block tree.
            None => {
                let pb = path_bound(g, s, region);
                if pb < k {
                    return Ok(None);
                }
                let walk = greedy_walk(g, s, region).min(pb);
                if walk >= k {
                    return Ok(Some(walk));
                }
                let hi = if region.size() >= BLOCK_MIN {
                    pb.min(block_bound(g, s, region)).max(walk)
                } else {
                    pb
                };
                (walk, hi)
            }
        };
        if lo >= k {
            return Ok(Some(lo));
        }
        if hi < k {
            self.remember(s, region, 0, lo, hi);
            return Ok(None);
        }
        let before = budget.states();
        let (order, n) = Self::ordered(g, nb, rest);
        for &(_, x) in &order[..n] {
            let comp = g.flood(x, rest);
            if path_bound(g, x, comp) + 1 < k {
                continue;
            }
            if let Some(l) = self.path_of(g, x, comp, k - 1, budget)? {
                let l = (l + 1).min(hi);
                self.remember(s, region, budget.states() - before, l, hi);
                return Ok(Some(l));
            }
        }
        self.remember(s, region, budget.states() - before, lo, k - 1);
        Ok(None)
    }

    /// The number of moves of the longest path from `s` inside `region`
    /// (connected, holding `s`). Ticks the budget per expanded state.
    pub(crate) fn longest(
        &mut self,
        g: &Graph<B>,
        s: u8,
        region: B,
        budget: &Budget,
    ) -> Result<u32, LimitHit> {
        budget.tick()?;
        let rest = region.without(s);
        let nb = g.adj(s) & rest;
        let Some(first) = nb.first() else {
            return Ok(0);
        };
        if !nb.more_than_one() {
            return Ok(1 + self.longest(g, first, rest, budget)?);
        }
        let (lo, hi) = match self.known(s, region) {
            Some(b) => b,
            None => {
                let hi = upper_bound(g, s, region);
                (greedy_walk(g, s, region).min(hi), hi)
            }
        };
        if lo == hi {
            return Ok(lo);
        }
        let before = budget.states();
        let (order, n) = Self::ordered(g, nb, rest);
        // A path of `lo` moves is known to exist.
        let mut best = lo;
        for &(_, x) in &order[..n] {
            let comp = g.flood(x, rest);
            if path_bound(g, x, comp) < best {
                continue;
            }
            best = best.max(1 + self.longest(g, x, comp, budget)?);
            if best >= hi {
                break;
            }
        }
        self.remember(s, region, budget.states() - before, best, best);
        Ok(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::footholds::graph::test_support::{brute, graph};
    use crate::games::footholds::rules::Steps;

    #[test]
    fn longest_paths_match_brute_force() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for case in 0..300 {
            let steps = if case % 3 == 0 {
                Steps::King
            } else {
                Steps::Orthogonal
            };
            let rows: Vec<Vec<u8>> = (0..4)
                .map(|_| (0..4).map(|_| u8::from(rng.gen_bool(0.75))).collect())
                .collect();
            let refs: Vec<&[u8]> = rows.iter().map(|r| r.as_slice()).collect();
            if rows.iter().all(|r| r.iter().all(|&v| v == 0)) {
                continue;
            }
            let g = graph(&refs, steps);
            let mut eg = Endgame::new(0, 2);
            for s in g.all {
                let comp = g.flood(s, g.all);
                let want = brute(&g, s, comp);
                assert!(path_bound(&g, s, comp) >= want);
                let b = Budget::unlimited();
                for k in [want, want + 1, want.saturating_sub(2)] {
                    assert_eq!(eg.at_least(&g, s, comp, k, &b).unwrap(), k <= want);
                    // A path it reports is one that exists.
                    if let Some(l) = eg.path_of(&g, s, comp, k, &b).unwrap() {
                        assert!(
                            k <= l && l <= want,
                            "case {case}: {l} for {k}, longest {want}"
                        );
                    }
                }
                let got = eg.longest(&g, s, comp, &b).unwrap();
                assert_eq!(got, want, "case {case} start {s}");
            }
        }
    }

    #[test]
    fn regions_detect_separation() {
        // A wall of holes in the middle column.
        let g = graph(&[&[1, 1, 0, 1], &[1, 1, 0, 1]], Steps::Orthogonal);
        let i = |c| g.index_of(c).unwrap();
        let (ra, rb) = regions(&g, g.all, i((0, 0)), i((0, 3))).unwrap();
        assert_eq!(ra.count(), 4);
        assert_eq!(rb.count(), 2);
        let g = graph(&[&[1, 1, 1]], Steps::Orthogonal);
        assert!(regions(&g, g.all, 0, 2).is_none());
        assert!(regions(&g, g.all.without(1), 0, 2).is_some());
        assert!(regions(&g, g.all, 0, 1).is_none());
    }
}
