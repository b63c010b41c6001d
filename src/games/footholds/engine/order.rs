//! Move ordering: the order in which a node's moves are searched (the
//! table's move is put first by the search itself).
//!
//! - small regions: towards the opponent (breadth-first distance), then
//!   by history;
//! - from [`TERRITORY_MIN`] live cells: by the territory each move keeps
//!   (a Voronoi split of the live cells), then by history.

use super::Engine;
use crate::games::footholds::bitboard::Bits;

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
            let key = territory_key(score, self.history_score(m, x));
            if k < order.len() {
                order[k] = (key, x);
                k += 1;
            }
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
