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

/// How footholds are numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Row-major inside the footholds' bounding box of width `w` (when it
    /// has at most 64 cells): neighbour sets are computed with shifts.
    Grid {
        /// Width of the bounding box.
        w: u32,
        /// Indices not in the box's first column.
        not_first: Bitboard,
        /// Indices not in the box's last column.
        not_last: Bitboard,
    },
    /// Footholds numbered `0..n` in row-major order: neighbour sets come
    /// from a table.
    Compact,
}

/// The relevant footholds and their adjacency.
#[derive(Clone, Debug)]
pub struct Graph {
    /// Number of indexed footholds.
    pub n: usize,
    /// Neighbour set of each index.
    pub adj: [Bitboard; 64],
    /// The indexed footholds.
    pub all: Bitboard,
    /// The (row, col) of each index (holes of a grid layout hold the cell
    /// they would be).
    cells: Vec<(usize, usize)>,
    /// The indexed footholds' cells, sorted, with their indices.
    sorted: Vec<((usize, usize), u8)>,
    /// Indices whose `row + col` is even (the two colours of a bipartite grid).
    pub colour: Bitboard,
    /// Whether every step changes colour (orthogonal steps).
    pub bipartite: bool,
    /// King steps (8 neighbours).
    king: bool,
    /// The numbering.
    pub layout: Layout,
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
        Ok(Graph::from_cells(&queue, pos.steps, None))
    }

    /// The graph on `cells` (sorted, distinct, at most 64) under `steps`.
    /// `force_compact` overrides the choice of layout (tests).
    pub fn from_cells(
        cells: &[(usize, usize)],
        steps: Steps,
        force_compact: Option<bool>,
    ) -> Graph {
        let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let h = cells.iter().map(|c| c.0 - r0 + 1).max().unwrap_or(1);
        let w = cells.iter().map(|c| c.1 - c0 + 1).max().unwrap_or(1);
        let grid = h.saturating_mul(w) <= 64 && force_compact != Some(true);
        let mut g = Graph {
            n: cells.len(),
            adj: [Bitboard::EMPTY; 64],
            all: Bitboard::EMPTY,
            cells: Vec::new(),
            sorted: Vec::new(),
            colour: Bitboard::EMPTY,
            bipartite: steps == Steps::Orthogonal,
            king: steps == Steps::King,
            layout: Layout::Compact,
        };
        if grid {
            let mut not_first = Bitboard::EMPTY;
            let mut not_last = Bitboard::EMPTY;
            for r in 0..h {
                for c in 0..w {
                    let i = (r * w + c) as u8;
                    g.cells.push((r + r0, c + c0));
                    if c > 0 {
                        not_first = not_first.with(i);
                    }
                    if c + 1 < w {
                        not_last = not_last.with(i);
                    }
                }
            }
            g.layout = Layout::Grid {
                w: w as u32,
                not_first,
                not_last,
            };
            for &(r, c) in cells {
                let i = ((r - r0) * w + (c - c0)) as u8;
                g.sorted.push(((r, c), i));
            }
        } else {
            g.cells = cells.to_vec();
            g.sorted = cells
                .iter()
                .enumerate()
                .map(|(i, &c)| (c, i as u8))
                .collect();
        }
        for &((r, c), i) in &g.sorted {
            g.all = g.all.with(i);
            if r % 2 == c % 2 {
                g.colour = g.colour.with(i);
            }
        }
        let offsets = steps.offsets();
        for &((r, c), i) in &g.sorted.clone() {
            let mut set = Bitboard::EMPTY;
            for &(dr, dc) in offsets {
                let nb = r.checked_add_signed(dr).zip(c.checked_add_signed(dc));
                if let Some(j) = nb.and_then(|nb| g.index_of(nb)) {
                    set = set.with(j);
                }
            }
            g.adj[i as usize] = set;
        }
        g
    }

    /// The index of `cell`, if it is an indexed foothold.
    pub fn index_of(&self, cell: (usize, usize)) -> Option<u8> {
        self.sorted
            .binary_search_by(|e| e.0.cmp(&cell))
            .ok()
            .map(|k| self.sorted[k].1)
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
        match self.layout {
            Layout::Grid {
                w,
                not_first,
                not_last,
            } => {
                let mut out = (set << 1) & not_first | (set >> 1) & not_last | set << w | set >> w;
                if self.king {
                    out |= (set << (w + 1) | set >> (w - 1)) & not_first
                        | (set << (w - 1) | set >> (w + 1)) & not_last;
                }
                out & self.all
            }
            Layout::Compact => {
                let mut out = Bitboard::EMPTY;
                for i in set {
                    out |= self.adj(i);
                }
                out
            }
        }
    }

    /// The cells of `set` with at least two neighbours in `set`.
    #[inline]
    pub fn two_plus(&self, set: Bitboard) -> Bitboard {
        match self.layout {
            Layout::Grid {
                w,
                not_first,
                not_last,
            } => {
                // Bit-parallel count, saturating at two, of the directions
                // in which a cell has a neighbour in `set`.
                let mut one = (set << 1) & not_first;
                let mut two = Bitboard::EMPTY;
                let mut add = |d: Bitboard| {
                    two |= one & d;
                    one |= d;
                };
                add((set >> 1) & not_last);
                add(set << w);
                add(set >> w);
                if self.king {
                    add((set << (w + 1)) & not_first);
                    add((set >> (w - 1)) & not_first);
                    add((set << (w - 1)) & not_last);
                    add((set >> (w + 1)) & not_last);
                }
                two & set
            }
            Layout::Compact => {
                let mut out = Bitboard::EMPTY;
                for c in set {
                    if (self.adj(c) & set).more_than_one() {
                        out = out.with(c);
                    }
                }
                out
            }
        }
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
    /// indices: `p[i]` is the image of index `i`, holes map to themselves)
    /// that map the indexed footholds onto themselves, identity excluded.
    pub fn symmetries(&self) -> Vec<Vec<u8>> {
        let cells: Vec<(usize, usize)> = self.sorted.iter().map(|e| e.0).collect();
        let Some(r0) = cells.iter().map(|c| c.0).min() else {
            return Vec::new();
        };
        let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let h = cells.iter().map(|c| c.0 - r0).max().unwrap_or(0);
        let w = cells.iter().map(|c| c.1 - c0).max().unwrap_or(0);
        let mut out = Vec::new();
        for t in 1..8u8 {
            if t >= 4 && h != w {
                continue;
            }
            let mut perm: Vec<u8> = (0..64).collect();
            let mut ok = true;
            for &((r, c), i) in &self.sorted {
                let (r, c) = (r - r0, c - c0);
                let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                let r = if t & 1 != 0 { h - r } else { r };
                let c = if t & 2 != 0 { w - c } else { c };
                match self.index_of((r + r0, c + c0)) {
                    Some(j) => perm[i as usize] = j,
                    None => ok = false,
                }
            }
            if ok {
                out.push(perm);
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
        assert_eq!(g.n, 5);
        assert!(matches!(g.layout, Layout::Grid { w: 2, .. }));
        assert_eq!(g.index_of((2, 1)), Some(5));
        assert_eq!(g.index_of((1, 0)), None);
        assert_eq!(g.adj(3).collect::<Vec<_>>(), vec![1, 5]);
        assert_eq!(g.flood(0, g.all.without(3)).count(), 2);
        assert!(g.colour.contains(0) && !g.colour.contains(1));
        let cells: Vec<_> = g.all.map(|i| g.cell(i)).collect();
        let c = Graph::from_cells(&cells, Steps::Orthogonal, Some(true));
        assert_eq!(c.layout, Layout::Compact);
        assert_eq!(c.adj(2).collect::<Vec<_>>(), vec![1, 4]);
    }

    #[test]
    fn shifts_match_the_neighbour_table() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        for case in 0..200 {
            let steps = if case % 2 == 0 {
                Steps::King
            } else {
                Steps::Orthogonal
            };
            let (h, w) = (rng.gen_range(1..=8), rng.gen_range(1..=8));
            let cells: Vec<(usize, usize)> = (0..h)
                .flat_map(|r| (0..w).map(move |c| (r + 2, c + 1)))
                .filter(|_| rng.gen_bool(0.7))
                .collect();
            let g = Graph::from_cells(&cells, steps, None);
            for _ in 0..20 {
                let set = Bitboard(rng.gen::<u64>()) & g.all;
                let by_table = set.fold(Bitboard::EMPTY, |acc, i| acc | g.adj(i));
                assert_eq!(g.expand(set), by_table, "{cells:?} {steps:?}");
                let two: Bitboard = set.filter(|&i| (g.adj(i) & set).count() >= 2).collect();
                assert_eq!(g.two_plus(set), two, "{cells:?} {steps:?}");
            }
        }
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
