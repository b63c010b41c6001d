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

use super::bitboard::Bitboard;
use super::graph::Graph;
use super::table::Cache;
use crate::budget::{Budget, LimitHit};

/// The longest-path memo (bounded).
#[derive(Clone, Debug)]
pub struct Endgame {
    memo: Cache,
}

/// The regions of two separated players, or `None` if some cell can still be
/// reached by both (or they are adjacent). `cells` holds both players' cells.
#[inline]
pub fn regions(g: &Graph, cells: Bitboard, m: u8, o: u8) -> Option<(Bitboard, Bitboard)> {
    let stop = g.adj(o);
    if stop.contains(m) {
        return None;
    }
    let allowed = cells.without(o);
    let mut reach = Bitboard::from_index(m);
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
pub fn path_bound(g: &Graph, s: u8, region: Bitboard) -> u32 {
    let n = region.count();
    // Dead ends (one neighbour in the region) other than the start: a path
    // can visit at most one of them, as its last cell.
    let mut dead = Bitboard::EMPTY;
    for c in region.without(s) {
        if !(g.adj(c) & region).more_than_one() {
            dead = dead.with(c);
        }
    }
    if !g.bipartite {
        return n - 1 - dead.count().saturating_sub(1);
    }
    // Steps alternate colours: a path from `s` visits cells of s's colour
    // and the other colour alternately.
    let same = if g.colour.contains(s) {
        g.colour
    } else {
        !g.colour
    };
    let base = region - dead;
    let ns = (base & same).count();
    let no = (base - same).count();
    let cells = |ns: u32, no: u32| if ns > no { 2 * no + 1 } else { 2 * ns };
    let mut best = cells(ns, no);
    if dead.intersects(same) {
        best = best.max(cells(ns + 1, no));
    }
    if (dead - same).count() > 0 {
        best = best.max(cells(ns, no + 1));
    }
    best - 1
}

impl Endgame {
    /// A memo of `2^log2_buckets * 4` entries.
    pub fn new(log2_buckets: u32) -> Endgame {
        Endgame {
            memo: Cache::new(log2_buckets),
        }
    }

    /// Memory used, in bytes.
    pub fn bytes(&self) -> usize {
        self.memo.bytes()
    }

    /// The number of moves of the longest path from `s` inside `region`
    /// (connected, holding `s`). Ticks the budget per expanded state.
    pub fn longest(
        &mut self,
        g: &Graph,
        s: u8,
        region: Bitboard,
        budget: &Budget,
    ) -> Result<u32, LimitHit> {
        budget.tick()?;
        let rest = region.without(s);
        let nb = g.adj(s) & rest;
        let Some(first) = nb.first() else {
            return Ok(0);
        };
        if !nb.more_than_one() {
            // Removing a leaf keeps the region connected.
            return Ok(1 + self.longest(g, first, rest, budget)?);
        }
        if let Some(v) = self.memo.get(region.0, s as u16) {
            return Ok(v as u32);
        }
        let ub = path_bound(g, s, region);
        let mut order = [(0u32, 0u8); 8];
        let mut k = 0;
        for x in nb {
            if k < order.len() {
                order[k] = ((g.adj(x) & rest).count(), x);
                k += 1;
            }
        }
        order[..k].sort_unstable();
        let mut best = 0;
        let before = budget.states();
        for &(_, x) in &order[..k] {
            let comp = g.flood(x, rest);
            if path_bound(g, x, comp) < best {
                continue;
            }
            best = best.max(1 + self.longest(g, x, comp, budget)?);
            if best >= ub {
                break;
            }
        }
        let work = budget.states() - before;
        let effort = 64 - work.leading_zeros();
        self.memo
            .put(region.0, s as u16, effort as u8, best as u64, |_| {
                best as u64
            });
        Ok(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::footholds::rules::{Position, Steps};

    fn graph(rows: &[&[u8]], steps: Steps) -> Graph {
        let p = Position::from_rows(rows, (0, 0), (0, 0), steps).unwrap();
        let mut starts = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                if v != 0 {
                    starts.push((r, c));
                }
            }
        }
        Graph::build(&p, &starts, &Budget::unlimited()).unwrap()
    }

    /// Longest path by brute force.
    fn brute(g: &Graph, s: u8, avail: Bitboard) -> u32 {
        let rest = avail.without(s);
        (g.adj(s) & rest)
            .map(|x| 1 + brute(g, x, rest))
            .max()
            .unwrap_or(0)
    }

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
            let mut eg = Endgame::new(4);
            for s in 0..g.n as u8 {
                let comp = g.flood(s, g.all);
                let want = brute(&g, s, comp);
                assert!(path_bound(&g, s, comp) >= want);
                let got = eg.longest(&g, s, comp, &Budget::unlimited()).unwrap();
                assert_eq!(got, want, "case {case} start {s}");
            }
        }
    }

    #[test]
    fn regions_detect_separation() {
        // A wall of holes in the middle column.
        let g = graph(&[&[1, 1, 0, 1], &[1, 1, 0, 1]], Steps::Orthogonal);
        let (ra, rb) = regions(&g, g.all, 0, 2).unwrap();
        assert_eq!(ra.count(), 4);
        assert_eq!(rb.count(), 2);
        let g = graph(&[&[1, 1, 1]], Steps::Orthogonal);
        assert!(regions(&g, g.all, 0, 2).is_none());
        assert!(regions(&g, g.all.without(1), 0, 2).is_some());
        assert!(regions(&g, g.all, 0, 1).is_none());
    }
}
