//! A sharper bound on the longest path from a cell inside a region, from
//! its biconnected blocks ("rooms" joined by "doors").
//!
//! A simple path that leaves a block through a cut vertex can never come
//! back, so it walks a chain of blocks down the block tree rooted at the
//! start: it visits at most the cells of those blocks (each cut vertex
//! counted once), and inside each block at most what the two colours of a
//! bipartite grid allow.

use super::bitboard::Bits;
use super::graph::Graph;

/// Tarjan's biconnected components of one region, folded into the bound
/// as they are found.
///
/// Blocks come out of the depth-first search children first, each with
/// the vertex that attaches it towards the start (its entry). So by the
/// time a block is found, every block hanging below it is done, and
/// `hang[c]` holds the most cells a path entering the blocks below `c` at
/// `c` can visit there: no block list, no allocation, no search for a
/// block's children.
struct Tarjan<'a, B> {
    g: &'a Graph<B>,
    region: B,
    disc: [u8; 256],
    low: [u8; 256],
    time: u8,
    stack: [u8; 256],
    top: usize,
    /// Most cells a path entering the blocks hanging below each cut vertex
    /// (or the start) at it can visit in them (0: none hang there yet).
    hang: [u8; 256],
    /// The vertices whose `hang` is set.
    hanging: B,
}

impl<B: Bits> Tarjan<'_, B> {
    fn dfs(&mut self, v: u8, parent: u8) {
        let vi = v as usize;
        self.time = self.time.saturating_add(1);
        self.disc[vi] = self.time;
        self.low[vi] = self.time;
        if let Some(slot) = self.stack.get_mut(self.top) {
            *slot = v;
            self.top += 1;
        }
        for w in self.g.adj(v) & self.region {
            let wi = w as usize;
            if self.disc[wi] == 0 {
                self.dfs(w, v);
                self.low[vi] = self.low[vi].min(self.low[wi]);
                if self.low[wi] >= self.disc[vi] {
                    // `v` separates the subtree of `w`: pop its block.
                    let mut block = B::from_index(v);
                    while self.top > 0 {
                        self.top -= 1;
                        let x = self.stack[self.top];
                        block = block.with(x);
                        if x == w {
                            break;
                        }
                    }
                    self.found(block, v);
                }
            } else if w != parent {
                self.low[vi] = self.low[vi].min(self.disc[wi]);
            }
        }
    }

    /// Folds `block`, entered at `e`, into `hang[e]`: the most cells a path
    /// visits in it alone, or through it to a cut vertex `c` and on below.
    fn found(&mut self, block: B, e: u8) {
        let g = self.g;
        let mut best = cells_in(g, block, e);
        for c in (block & self.hanging).without(e) {
            let below = self.hang[c as usize] as u32;
            best = best.max(cells_through(g, block, e, c) + below - 1);
        }
        let h = &mut self.hang[e as usize];
        *h = (*h).max(best.min(255) as u8);
        self.hanging = self.hanging.with(e);
    }
}

/// Most cells a path entering `block` at `e` can visit inside it.
fn cells_in<B: Bits>(g: &Graph<B>, block: B, e: u8) -> u32 {
    if !g.bipartite {
        return block.size();
    }
    let same = if g.colour.contains(e) {
        g.colour
    } else {
        !g.colour
    };
    let ns = (block & same).size();
    let no = (block - same).size();
    if ns > no {
        2 * no + 1
    } else {
        2 * ns
    }
}

/// Most cells a path entering `block` at `e` and leaving it at `c` can
/// visit inside it (a path between cells of one colour has one more cell of
/// that colour).
fn cells_through<B: Bits>(g: &Graph<B>, block: B, e: u8, c: u8) -> u32 {
    if !g.bipartite {
        return block.size();
    }
    let same = if g.colour.contains(e) {
        g.colour
    } else {
        !g.colour
    };
    let ns = (block & same).size();
    let no = (block - same).size();
    if same.contains(c) {
        2 * ns.saturating_sub(1).min(no) + 1
    } else {
        2 * ns.min(no)
    }
}

/// An upper bound on the longest path (in moves) from `s` inside the
/// connected `region` (which holds `s`), from its block tree.
pub(crate) fn block_bound<B: Bits>(g: &Graph<B>, s: u8, region: B) -> u32 {
    let mut t = Tarjan {
        g,
        region,
        disc: [0; 256],
        low: [0; 256],
        time: 0,
        stack: [0; 256],
        top: 0,
        hang: [0; 256],
        hanging: B::EMPTY,
    };
    t.dfs(s, u8::MAX);
    (t.hang[s as usize] as u32).max(1) - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::footholds::graph::test_support::{brute, graph};
    use crate::games::footholds::rules::Steps;

    #[test]
    fn rooms_and_doors() {
        // Two 2x2 rooms joined by a one-cell door: from a corner of the
        // left room, at most the left room, the door and the right room.
        let g = graph(&[&[1, 1, 0, 1, 1], &[1, 1, 1, 1, 1]], Steps::Orthogonal);
        let s = g.index_of((0, 0)).unwrap();
        assert_eq!(brute(&g, s, g.all), 7);
        assert_eq!(block_bound(&g, s, g.all), 7);
        // Corridors off a room: only one of them can be walked.
        let g = graph(&[&[1, 1, 1, 1, 1], &[0, 1, 1, 0, 0]], Steps::Orthogonal);
        let s = g.index_of((1, 1)).unwrap();
        assert_eq!(brute(&g, s, g.all), 4);
        assert_eq!(block_bound(&g, s, g.all), 4);
    }

    #[test]
    fn bounds_hold_on_random_regions() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for case in 0..300 {
            let steps = if case % 4 == 0 {
                Steps::King
            } else {
                Steps::Orthogonal
            };
            let width = if steps == Steps::King { 4 } else { 5 };
            let rows: Vec<Vec<u8>> = (0..4)
                .map(|_| (0..width).map(|_| u8::from(rng.gen_bool(0.7))).collect())
                .collect();
            if rows.iter().all(|r| r.iter().all(|&v| v == 0)) {
                continue;
            }
            let refs: Vec<&[u8]> = rows.iter().map(|r| r.as_slice()).collect();
            let g = graph(&refs, steps);
            for s in g.all {
                let comp = g.flood(s, g.all);
                assert!(
                    block_bound(&g, s, comp) >= brute(&g, s, comp),
                    "{rows:?} {s}"
                );
            }
        }
    }
}
