//! Static bounds of an open position (the players can still meet): each
//! player's *sure path*, and the region the other keeps beside it.
//!
//! A path `p_1 … p_k` of the opponent `o` whose `t`-th cell the mover `m`
//! cannot reach within `t` moves (outside the mover's breadth-first ball
//! of radius `t`, walked avoiding `o`'s cell) is *sure*: walking it, `o`
//! makes at least `k` moves whatever the mover does, unless the mover is
//! stuck first. So a win of the mover lasts at least `2 k + 1` moves: its
//! score is at most `win(2 k + 1)`. Likewise the mover's path whose `t`-th
//! cell lies outside `o`'s ball of radius `t - 1` (walked avoiding `m`'s
//! cell): it makes at least `j` moves, and its score is at least
//! `loss(2 j)`.
//!
//! The decisive part: while `o` walks its sure path `P`, the mover can
//! never step onto a cell of `P` (before `o` gets there it cannot reach
//! it; after, it has vanished), nor onto `o`'s first cell, except onto
//! `o` itself, which is its last move (the cell vanishes under it when `o`
//! steps on). So the mover's moves are at most `L + 1`, `L` an upper bound
//! ([`upper_bound`]: parity of the bipartite grid, dead ends, the block
//! tree of articulation points) on the longest path from `m` in the cells
//! left once `P` and `o` are taken out (`L` alone if that region does not
//! touch `P` or `o`). If that is at most `k`, the mover is stuck first:
//! it loses in at most `2 (L + 1)` moves. The mover's side is the same
//! with one move more (it moves first): if its sure path has at least
//! `K + 1` cells, `K` the opponent's bound beside it, it wins in at most
//! `2 K + 1`.
//!
//! The paths are found greedily (Warnsdorff's rule: the allowed neighbour
//! with the fewest allowed onward neighbours first), so they sweep a
//! region before leaving it; any sure path gives valid bounds.

use super::score::{loss, win, MAXN};
use crate::games::footholds::bitboard::Bits;
use crate::games::footholds::endgame::{path_bound, upper_bound};
use crate::games::footholds::graph::Graph;

/// Which sides of the bounds to work out (each costs a walk and a flood).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Want {
    /// The lower bound (the mover's sure path): cuts a window from above.
    pub(super) lo: bool,
    /// The upper bound (the opponent's sure path): cuts it from below.
    pub(super) hi: bool,
    /// Whether the regions' bound includes the block tree (dearer).
    pub(super) blocks: bool,
}

/// `(lo, hi)` bounds on the mover's score at the open node (`cells`,
/// mover `m`, opponent `o`), given `o_balls[d]`: the cells `o` reaches
/// within `d` steps avoiding `m` (as [`super::search::scan`] leaves
/// them). `m_balls` is scratch. A side not wanted is the trivial bound.
#[inline]
pub(super) fn sure_bounds<B: Bits>(
    g: &Graph<B>,
    (cells, m, o): (B, u8, u8),
    o_balls: &[B],
    m_balls: &mut Vec<B>,
    want: Want,
) -> (i32, i32) {
    let mut lo = -MAXN;
    let mut hi = MAXN;
    let bound = |s: u8, region: B| {
        if want.blocks {
            upper_bound(g, s, region)
        } else {
            path_bound(g, s, region)
        }
    };
    if want.lo {
        // The mover stands on its `t`-th cell before the opponent's `t`-th
        // move: outside the opponent's ball of `t - 1`.
        let (j, path) = sure_path(g, cells.without(o), m, |t| ball(o_balls, t - 1));
        lo = loss(2 * j);
        if j > 0 {
            let (k, _) = beside(g, cells, o, m, path, bound);
            if j > k {
                lo = win(2 * k + 1);
            }
        }
    }
    if want.hi {
        let allowed = cells.without(o);
        let mut seen = B::from_index(m);
        let mut frontier = seen;
        m_balls.clear();
        m_balls.push(seen);
        while !frontier.is_empty() {
            frontier = g.expand(frontier) & (allowed - seen);
            seen |= frontier;
            m_balls.push(seen);
        }
        // The opponent stands on its `t`-th cell after the mover's `t`-th
        // move: outside the mover's ball of `t`.
        let (k, path) = sure_path(g, cells.without(m), o, |t| ball(m_balls, t));
        hi = win(2 * k + 1);
        let (j, _) = beside(g, cells, m, o, path, bound);
        if j <= k {
            hi = loss(2 * j);
        }
    }
    (lo, hi)
}

/// The most moves player `s` can make while the other player (at `other`)
/// walks its sure `path`: the longest path from `s` avoiding `path` and
/// `other` (bounded by `bound`), plus one if that region touches them
/// (the last move onto the other player). Also the region.
#[inline]
fn beside<B: Bits>(
    g: &Graph<B>,
    cells: B,
    s: u8,
    other: u8,
    path: B,
    bound: impl Fn(u8, B) -> u32,
) -> (u32, B) {
    let taken = path.with(other);
    let region = g.flood(s, cells - taken);
    let l = if region.more_than_one() {
        bound(s, region)
    } else {
        0
    };
    let touches = g.expand(region).intersects(taken);
    (l + u32::from(touches), region)
}

/// The ball of radius `d` from breadth-first `balls` (the whole reach
/// beyond the last layer).
#[inline]
fn ball<B: Bits>(balls: &[B], d: u32) -> B {
    balls
        .get(d as usize)
        .or(balls.last())
        .copied()
        .unwrap_or(B::EMPTY)
}

/// A path from `from` through `cells` whose `t`-th cell lies outside
/// `taken(t)` (the cells the other player may have reached by then),
/// found greedily: its length (a lower bound on the longest one) and its
/// cells (`from` excluded). Each step goes to the allowed neighbour with
/// the fewest allowed onward neighbours (Warnsdorff's rule).
#[inline]
fn sure_path<B: Bits>(g: &Graph<B>, cells: B, from: u8, taken: impl Fn(u32) -> B) -> (u32, B) {
    let mut free = cells.without(from);
    let mut path = B::EMPTY;
    let mut at = from;
    let mut t = 0;
    loop {
        let next = g.adj(at) & (free - taken(t + 1));
        let mut best = None;
        let mut best_n = u32::MAX;
        let later = free - taken(t + 2);
        for x in next {
            let n = (g.adj(x) & later).without(x).size();
            if n < best_n {
                best_n = n;
                best = Some(x);
            }
        }
        let Some(x) = best else {
            return (t, path);
        };
        free = free.without(x);
        path = path.with(x);
        at = x;
        t += 1;
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::super::score::to_score;
    use super::super::search::{scan, Scan};
    use super::super::{Engine, SearchConfig, Start};
    use super::*;
    use crate::budget::Budget;
    use crate::games::footholds::bitboard::Bitboard;
    use crate::games::footholds::reference_solve;
    use crate::games::footholds::rules::Steps;
    use crate::games::testkit::footholds_position;

    /// On thousands of random open positions small enough for the plain
    /// reference, every bound (both sides, with and without the block
    /// tree) holds the exact score, and many of them are not trivial:
    /// sure paths, and wins and losses decided before the players part.
    #[test]
    fn sure_path_bounds_hold_the_reference_score() {
        let mut rng = StdRng::seed_from_u64(3303);
        let (mut checked, mut lows, mut highs, mut wins, mut losses) = (0, 0, 0, 0, 0);
        for _ in 0..6000 {
            let steps = if rng.gen_bool(0.25) {
                Steps::King
            } else {
                Steps::Orthogonal
            };
            let size = rng.gen_range(4..=6);
            let density = rng.gen_range(0.4..0.85);
            let p = footholds_position(&mut rng, size, steps, density);
            let cells: Vec<_> = (0..p.rows)
                .flat_map(|r| (0..p.cols).map(move |c| (r, c)))
                .filter(|&c| p.is_foothold(c))
                .collect();
            let engine = Engine::<Bitboard>::new(&cells, steps, 1 << 20, SearchConfig::default());
            let Some(Start::Search(node)) = engine.start(&p) else {
                continue;
            };
            let mut o_balls = Vec::new();
            let Scan::Distances(live, _) =
                scan(&engine.g, node.cells, node.m, node.o, &mut o_balls)
            else {
                continue;
            };
            let Ok(v) = reference_solve(&p, &Budget::new(Some(2_000_000), None)) else {
                continue;
            };
            let s = to_score(v);
            for blocks in [false, true] {
                let want = Want {
                    lo: true,
                    hi: true,
                    blocks,
                };
                let (lo, hi) = sure_bounds(
                    &engine.g,
                    (live, node.m, node.o),
                    &o_balls,
                    &mut Vec::new(),
                    want,
                );
                assert!(lo <= s && s <= hi, "{lo} <= {s} <= {hi} ({blocks}): {p:?}");
                if blocks {
                    checked += 1;
                    lows += usize::from(lo > -MAXN);
                    highs += usize::from(hi < MAXN - 1);
                    wins += usize::from(lo > 0);
                    losses += usize::from(hi < 0);
                }
            }
        }
        assert!(
            checked > 3000 && lows > 1000 && highs > 1000 && wins > 100 && losses > 100,
            "{checked} {lows} {highs} {wins} {losses}"
        );
    }
}
