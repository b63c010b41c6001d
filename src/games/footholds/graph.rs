//! The board as a graph on the footholds that matter: the ones connected to
//! a player's cell. Each gets an index `0..64` (row-major order), so a set of
//! them is one [`Bitboard`] whatever the board's size or holes.

use super::bitboard::Bitboard;
use super::rules::{Position, Steps};
use crate::budget::{Budget, LimitHit};

/// The most footholds the fast solver indexes (one `u64`).
pub const MAX_FOOTHOLDS: usize = 64;

/// Why a graph could not be built.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BuildError {
    /// The budget ran out while counting footholds.
    Limit(LimitHit),
    /// More than [`MAX_FOOTHOLDS`] relevant footholds.
    TooLarge {
        /// How many footholds are connected to the players.
        footholds: usize,
    },
}

impl From<LimitHit> for BuildError {
    fn from(l: LimitHit) -> Self {
        BuildError::Limit(l)
    }
}

/// The relevant footholds and their adjacency.
#[derive(Clone, Debug)]
pub struct Graph {
    /// Number of indexed footholds.
    pub n: usize,
    /// Neighbour set of each index.
    pub adj: [Bitboard; 64],
    /// The (row, col) of each index, sorted row-major.
    pub cells: Vec<(usize, usize)>,
    /// Indices whose `row + col` is even (the two colours of a bipartite grid).
    pub colour: Bitboard,
    /// Whether every step changes colour (orthogonal steps).
    pub bipartite: bool,
    /// All indices.
    pub all: Bitboard,
}

impl Graph {
    /// Indexes the footholds of `pos` connected to any of `starts` (starts
    /// that are not footholds are ignored). Ticks the budget once per 64
    /// cells visited.
    pub fn build(
        pos: &Position,
        starts: &[(usize, usize)],
        budget: &Budget,
    ) -> Result<Graph, BuildError> {
        let len = pos.rows.saturating_mul(pos.cols).min(pos.cells.len());
        let mut seen = vec![false; len];
        let mut queue: Vec<(usize, usize)> = Vec::new();
        for &s in starts {
            if let Some(i) = pos.index(s).filter(|&i| i < len) {
                if pos.is_foothold(s) && !seen[i] {
                    seen[i] = true;
                    queue.push(s);
                }
            }
        }
        let mut head = 0;
        while let Some(&cell) = queue.get(head) {
            head += 1;
            if head % 64 == 0 {
                budget.tick()?;
            }
            for nb in pos.neighbours(cell) {
                if let Some(i) = pos.index(nb).filter(|&i| i < len) {
                    if !seen[i] && pos.cells[i] {
                        seen[i] = true;
                        queue.push(nb);
                    }
                }
            }
        }
        if queue.len() > MAX_FOOTHOLDS {
            return Err(BuildError::TooLarge {
                footholds: queue.len(),
            });
        }
        queue.sort_unstable();
        let mut g = Graph {
            n: queue.len(),
            adj: [Bitboard::EMPTY; 64],
            cells: queue,
            colour: Bitboard::EMPTY,
            bipartite: pos.steps == Steps::Orthogonal,
            all: Bitboard::first_n(0),
        };
        g.all = Bitboard::first_n(g.n);
        for i in 0..g.n {
            let cell = g.cells[i];
            if (cell.0 % 2) == (cell.1 % 2) {
                g.colour = g.colour.with(i as u8);
            }
            let mut set = Bitboard::EMPTY;
            for nb in pos.neighbours(cell) {
                if let Some(j) = g.index_of(nb) {
                    set = set.with(j);
                }
            }
            g.adj[i] = set;
        }
        Ok(g)
    }

    /// The index of `cell`, if it is an indexed foothold.
    pub fn index_of(&self, cell: (usize, usize)) -> Option<u8> {
        self.cells.binary_search(&cell).ok().map(|i| i as u8)
    }

    /// The (row, col) of index `i`.
    pub fn cell(&self, i: u8) -> (usize, usize) {
        self.cells.get(i as usize).copied().unwrap_or((0, 0))
    }

    /// Neighbours of index `i`.
    #[inline]
    pub fn adj(&self, i: u8) -> Bitboard {
        self.adj[(i & 63) as usize]
    }

    /// The union of the neighbour sets of `set`'s elements.
    #[inline]
    pub fn expand(&self, set: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for i in set {
            out |= self.adj(i);
        }
        out
    }

    /// The cells of `allowed` connected to `from` through `allowed`
    /// (`from` itself included).
    #[inline]
    pub fn flood(&self, from: u8, allowed: Bitboard) -> Bitboard {
        let mut reach = Bitboard::from_index(from);
        let mut frontier = reach;
        while !frontier.is_empty() {
            frontier = self.expand(frontier) & (allowed - reach);
            reach |= frontier;
        }
        reach
    }

    /// Territories when `first` (to move) and `second` race for the cells
    /// of `free` (which holds both): the number of cells each reaches
    /// strictly first, ties going to `first`.
    #[inline]
    pub fn voronoi(&self, free: Bitboard, first: u8, second: u8) -> (u32, u32) {
        let mut claimed = Bitboard::from_index(first).with(second);
        let mut f1 = Bitboard::from_index(first);
        let mut f2 = Bitboard::from_index(second);
        let (mut n1, mut n2) = (0, 0);
        while !(f1.is_empty() && f2.is_empty()) {
            f1 = self.expand(f1) & (free - claimed);
            claimed |= f1;
            f2 = self.expand(f2) & (free - claimed);
            claimed |= f2;
            n1 += f1.count();
            n2 += f2.count();
        }
        (n1, n2)
    }

    /// Steps from `from` to `to` through `free` (which need not hold `to`);
    /// 255 if unreachable.
    #[inline]
    pub fn distance(&self, free: Bitboard, from: u8, to: u8) -> u32 {
        let mut seen = Bitboard::from_index(from);
        let mut frontier = seen;
        let mut d = 0;
        while !frontier.is_empty() {
            if frontier.contains(to) {
                return d;
            }
            d += 1;
            frontier = self.expand(frontier) & (free.with(to) - seen);
            seen |= frontier;
        }
        255
    }

    /// The board symmetries (of the bounding box, as permutations of the
    /// indices) that map the indexed footholds onto themselves, identity
    /// excluded.
    pub fn symmetries(&self) -> Vec<Vec<u8>> {
        let Some(r0) = self.cells.iter().map(|c| c.0).min() else {
            return Vec::new();
        };
        let c0 = self.cells.iter().map(|c| c.1).min().unwrap_or(0);
        let h = self.cells.iter().map(|c| c.0 - r0).max().unwrap_or(0);
        let w = self.cells.iter().map(|c| c.1 - c0).max().unwrap_or(0);
        let mut out = Vec::new();
        for t in 1..8u8 {
            if t >= 4 && h != w {
                continue;
            }
            let perm: Option<Vec<u8>> = self
                .cells
                .iter()
                .map(|&(r, c)| {
                    let (r, c) = (r - r0, c - c0);
                    let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                    let r = if t & 1 != 0 { h - r } else { r };
                    let c = if t & 2 != 0 { w - c } else { c };
                    self.index_of((r + r0, c + c0))
                })
                .collect();
            if let Some(p) = perm {
                out.push(p);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_only_connected_footholds() {
        let p = Position::from_rows(
            &[[1, 1, 0, 1], [0, 1, 0, 1], [1, 1, 0, 0]],
            (0, 0),
            (0, 0),
            Steps::Orthogonal,
        )
        .unwrap();
        let g = Graph::build(&p, &[p.a, p.b], &Budget::unlimited()).unwrap();
        assert_eq!(g.cells, vec![(0, 0), (0, 1), (1, 1), (2, 0), (2, 1)]);
        assert_eq!(g.adj(2).collect::<Vec<_>>(), vec![1, 4]);
        assert_eq!(g.flood(0, g.all.without(2)).count(), 2);
        assert!(g.colour.contains(0) && !g.colour.contains(1));
    }

    #[test]
    fn too_many_footholds_are_reported() {
        let p = Position::full(9, 9, (0, 0), (8, 8), Steps::Orthogonal);
        let e = Graph::build(&p, &[p.a, p.b], &Budget::unlimited()).unwrap_err();
        assert_eq!(e, BuildError::TooLarge { footholds: 81 });
    }

    #[test]
    fn symmetries_of_a_square_and_a_rectangle() {
        let p = Position::full(3, 3, (0, 0), (0, 0), Steps::Orthogonal);
        let g = Graph::build(&p, &[p.a], &Budget::unlimited()).unwrap();
        assert_eq!(g.symmetries().len(), 7);
        let p = Position::full(2, 3, (0, 0), (0, 0), Steps::Orthogonal);
        let g = Graph::build(&p, &[p.a], &Budget::unlimited()).unwrap();
        assert_eq!(g.symmetries().len(), 3);
        let p = Position::from_rows(&[[1, 1], [1, 0]], (0, 0), (0, 0), Steps::Orthogonal).unwrap();
        let g = Graph::build(&p, &[p.a], &Budget::unlimited()).unwrap();
        assert_eq!(g.symmetries().len(), 1);
    }
}
