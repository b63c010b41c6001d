//! Move ordering: the order in which a node's moves are searched (the
//! table's move is put first by the search itself).
//!
//! - small regions: towards the opponent (breadth-first distance), then
//!   by history;
//! - from [`TERRITORY_MIN`] live cells: by the territory each move keeps
//!   (a Voronoi split of the live cells), then by history;
//! - big nodes (`SearchConfig::deep_order`): by a territory minimax two to
//!   six plies deep ([`territory_minimax`]), then as above.

use super::Engine;
use crate::games::footholds::bitboard::Bits;
use crate::games::footholds::graph::Graph;

/// Nodes with at least this many live cells order their moves by territory
/// ([`Engine::territory_order`]); smaller ones by distance to the opponent.
/// (10x10 corners: 8.7 M nodes by distance alone, 3.8 M from 20 cells up.)
pub(super) const TERRITORY_MIN: u32 = 20;

/// The sort key of a move `d` steps from the opponent (`u8::MAX`: cut
/// off) with history score `h`: nearer first, then more history (the
/// history keeps its low 24 bits).
#[inline]
fn distance_key(d: u8, h: u32) -> u32 {
    const HISTORY: u32 = 0xFF_FFFF;
    (d as u32 + 1) << 24 | (HISTORY - h.min(HISTORY))
}

/// The sort key of a move keeping territory `score` (`0..1024`, 512 when
/// the mover keeps as much as the opponent) with history score `h`: more
/// territory first, then more history (the low 16 bits).
#[inline]
fn territory_key(score: i32, h: u32) -> u32 {
    const HISTORY: u32 = 0xFFFF;
    ((1024 - score) as u32) << 16 | (HISTORY - h.min(HISTORY))
}

/// The candidates in board order (no ordering heuristics: the endgame is
/// off and the players are separated).
#[inline]
pub(super) fn plain_order<B: Bits>(cand: B) -> ([u8; 8], usize) {
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

/// Steps to the opponent from each destination of the mover.
#[derive(Clone, Copy, Default)]
pub(super) struct Distances {
    items: [(u8, u8); 8],
    len: usize,
}

impl Distances {
    #[inline]
    pub(super) fn push(&mut self, d: u8, x: u8) {
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

impl<B: Bits> Engine<B> {
    /// The candidates in the order to search them: towards the opponent
    /// (`dist`), then by history (the table's move goes first later).
    #[inline]
    pub(super) fn distance_order(&self, m: u8, cand: B, dist: Distances) -> ([u8; 8], usize) {
        let mut order = [(0u32, 0u8); 8];
        let mut k = 0;
        for (d, x) in dist {
            if cand.contains(x) && k < order.len() {
                let key = distance_key(d, self.history_score(m, x));
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
    pub(super) fn territory_order(&self, cells: B, m: u8, cand: B) -> ([u8; 8], usize) {
        let g = &self.g;
        let layers = &self.layers[..];
        let Some(&theirs_all) = layers.last() else {
            return plain_order(cand);
        };
        let rest = cells.without(m);
        let mut order = [(0u32, 0u8); 8];
        let mut k = 0;
        for x in cand {
            let mine = claimed(g, x, rest, layers, theirs_all);
            let score = 512 + 2 * mine.size() as i32 - (theirs_all | mine).size() as i32;
            let key = territory_key(score, self.history_score(m, x));
            if k < order.len() {
                order[k] = (key, x);
                k += 1;
            }
        }
        order[..k].sort_unstable_by_key(|e| e.0);
        (order.map(|e| e.1), k)
    }

    /// The candidates ordered by a territory minimax `plies` deep (2: the
    /// territory the opponent keeps after its best reply): best first,
    /// ties in [`Engine::territory_order`]'s order (which also breaks its
    /// ties by history). Dearer than one ply: for big nodes.
    pub(super) fn deep_territory_order(
        &self,
        cells: B,
        (m, o): (u8, u8),
        cand: B,
        plies: u32,
    ) -> ([u8; 8], usize) {
        let (first, k) = self.territory_order(cells, m, cand);
        let rest = cells.without(m);
        let mut order = [(0u32, 0u8); 8];
        for (rank, &x) in first[..k].iter().enumerate() {
            let theirs = territory_minimax(&self.g, rest, (o, x), plies - 1);
            order[rank] = (((theirs.clamp(0, 1023) as u32) << 8) | rank as u32, x);
        }
        order[..k].sort_unstable_by_key(|e| e.0);
        (order.map(|e| e.1), k)
    }

    /// The history score of the step `m -> x`: how much search its
    /// cutoffs have saved so far.
    #[inline]
    pub(super) fn history_score(&self, m: u8, x: u8) -> u32 {
        let cap = B::CAPACITY;
        self.history[(m as usize % cap) * cap + x as usize % cap]
    }

    #[inline]
    pub(super) fn reward(&mut self, m: u8, x: u8, bonus: u32) {
        let cap = B::CAPACITY;
        let h = &mut self.history[(m as usize % cap) * cap + x as usize % cap];
        *h = h.saturating_add(bonus);
    }
}

/// The cells the mover claims by moving to `x` (of the free cells `rest`):
/// those it reaches, step by step, before the opponent, whose
/// breadth-first layers are `layers` (all it reaches: `theirs_all`).
#[inline]
fn claimed<B: Bits>(g: &Graph<B>, x: u8, rest: B, layers: &[B], theirs_all: B) -> B {
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
    mine
}

/// The territory score (`0..=1024`, 512 when even) the mover at `m`
/// (opponent at `o`, both on `cells`) keeps after `plies` moves of best
/// play by territory: with one ply, the most any move keeps (as
/// [`Engine::territory_order`] counts it); 0 when it cannot move.
pub(super) fn territory_minimax<B: Bits>(
    g: &Graph<B>,
    cells: B,
    (m, o): (u8, u8),
    plies: u32,
) -> i32 {
    let rest = cells.without(m);
    let cand = (g.adj(m) & cells).without(o);
    if plies <= 1 {
        // The opponent's breadth-first layers avoiding the mover's cell.
        let mut layers = Vec::with_capacity(32);
        let mut seen = B::from_index(o);
        let mut frontier = seen;
        layers.push(seen);
        while !frontier.is_empty() {
            frontier = g.expand(frontier) & (rest - seen);
            seen |= frontier;
            layers.push(seen);
        }
        let mut best = 0;
        for x in cand {
            let mine = claimed(g, x, rest, &layers, seen);
            best = best.max(512 + 2 * mine.size() as i32 - (seen | mine).size() as i32);
        }
        return best;
    }
    let mut best = 0;
    for x in cand {
        best = best.max(1024 - territory_minimax(g, rest, (o, x), plies - 1));
    }
    best
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::super::search::{scan, Scan};
    use super::super::{Engine, SearchConfig, Start};
    use super::*;
    use crate::games::footholds::bitboard::Bitboard;
    use crate::games::testkit::footholds_position;

    /// On random open positions: a score within `0..=1024` (0 when stuck),
    /// each depth the best over the moves of the one below it, and every
    /// depth orders all the candidates, each once.
    #[test]
    fn the_territory_minimax_orders_every_move_at_every_depth() {
        let mut rng = StdRng::seed_from_u64(6060);
        let mut checked = 0;
        for _ in 0..400 {
            let steps = crate::games::testkit::footholds_steps(&mut rng);
            let size = rng.gen_range(4..=7);
            let p = footholds_position(&mut rng, size, steps, 0.7);
            let cells: Vec<_> = (0..p.rows)
                .flat_map(|r| (0..p.cols).map(move |c| (r, c)))
                .filter(|&c| p.is_foothold(c))
                .collect();
            let mut e = Engine::<Bitboard>::new(&cells, steps, 1 << 20, SearchConfig::default());
            let Some(Start::Search(n)) = e.start(&p) else {
                continue;
            };
            let Scan::Distances(live, _) = scan(&e.g, n.cells, n.m, n.o, &mut e.layers) else {
                continue;
            };
            let cand = (e.g.adj(n.m) & live).without(n.o);
            let rest = live.without(n.m);
            let one = territory_minimax(&e.g, live, (n.m, n.o), 1);
            assert!((0..=1024).contains(&one), "{one}");
            if cand.is_empty() {
                assert_eq!(one, 0);
            }
            for plies in 2..=4 {
                let deeper = territory_minimax(&e.g, live, (n.m, n.o), plies);
                let by_moves = cand
                    .into_iter()
                    .map(|x| 1024 - territory_minimax(&e.g, rest, (n.o, x), plies - 1))
                    .max()
                    .unwrap_or(0);
                assert_eq!(deeper, by_moves, "{plies} {p:?}");
                let (order, k) = e.deep_territory_order(live, (n.m, n.o), cand, plies);
                let got: Bitboard = order[..k].iter().copied().collect();
                assert_eq!((k as u32, got), (cand.size(), cand), "{plies} {p:?}");
            }
            let (order, k) = e.territory_order(live, n.m, cand);
            assert_eq!(order[..k].iter().copied().collect::<Bitboard>(), cand);
            checked += 1;
        }
        assert!(checked > 250, "{checked}");
    }
}
