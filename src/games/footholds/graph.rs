//! The board as a graph on the footholds that matter: the ones connected to
//! a player's cell. Each gets an index below the capacity of the set type
//! (`Bitboard`: 64, `Bitboard128`: 128, `Bitboard256`: 255), so a set of them is one machine
//! word whatever the board's size or holes.

use super::bitboard::Bits;
use super::rules::{Cell, Position, Steps};
use crate::budget::{Budget, LimitHit};

/// The most footholds the fast solver indexes (`Bitboard256`; indices are
/// bytes).
pub(crate) const MAX_FOOTHOLDS: usize = super::bitboard::MAX_INDEXED;

/// The footholds of `pos` connected to any of `starts` (starts that are not
/// footholds are ignored), sorted. Ticks the budget once per 64 cells.
pub(crate) fn relevant_cells(
    pos: &Position,
    starts: &[Cell],
    budget: &Budget,
) -> Result<Vec<Cell>, LimitHit> {
    let len = pos.rows.saturating_mul(pos.cols).min(pos.cells.len());
    let mut seen = vec![false; len];
    let mut queue: Vec<Cell> = Vec::new();
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
    queue.sort_unstable();
    Ok(queue)
}

/// How footholds are numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout<B> {
    /// Row-major inside the footholds' bounding box of width `w` (when it
    /// fits the set type): neighbour sets are computed with shifts.
    Grid {
        /// Width of the bounding box.
        w: u32,
        /// Indices not in the box's first column.
        not_first: B,
        /// Indices not in the box's last column.
        not_last: B,
    },
    /// Footholds numbered `0..n` in row-major order: neighbour sets come
    /// from a table.
    Compact,
}

/// The relevant footholds and their adjacency.
#[derive(Clone, Debug)]
pub struct Graph<B> {
    /// Number of indexed footholds.
    pub(crate) n: usize,
    /// Neighbour set of each index (a byte indexes it without a bounds
    /// check).
    adj: [B; 256],
    /// The indexed footholds.
    pub(crate) all: B,
    /// The (row, col) of each index (holes of a grid layout hold the cell
    /// they would be).
    cells: Vec<Cell>,
    /// The indexed footholds' cells, sorted, with their indices.
    sorted: Vec<(Cell, u8)>,
    /// Indices whose `row + col` is even (the two colours of a bipartite grid).
    pub(crate) colour: B,
    /// Whether every step changes colour (orthogonal steps).
    pub(crate) bipartite: bool,
    /// King steps (8 neighbours).
    king: bool,
    /// The numbering.
    pub(crate) layout: Layout<B>,
}

impl<B: Bits> Graph<B> {
    /// The graph on `cells` (sorted, distinct, at most `B::CAPACITY`) under
    /// `steps`. `force_compact` overrides the choice of layout (tests).
    pub(crate) fn from_cells(
        cells: &[Cell],
        steps: Steps,
        force_compact: Option<bool>,
    ) -> Graph<B> {
        let cells = &cells[..cells.len().min(B::CAPACITY).min(MAX_FOOTHOLDS)];
        let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let h = cells.iter().map(|c| c.0 - r0 + 1).max().unwrap_or(1);
        let w = cells.iter().map(|c| c.1 - c0 + 1).max().unwrap_or(1);
        let grid =
            h.saturating_mul(w) <= B::CAPACITY.min(MAX_FOOTHOLDS) && force_compact != Some(true);
        let mut g = Graph {
            n: cells.len(),
            adj: [B::EMPTY; 256],
            all: B::EMPTY,
            cells: Vec::new(),
            sorted: Vec::new(),
            colour: B::EMPTY,
            bipartite: steps == Steps::Orthogonal,
            king: steps == Steps::King,
            layout: Layout::Compact,
        };
        if grid {
            let mut not_first = B::EMPTY;
            let mut not_last = B::EMPTY;
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
        for k in 0..g.sorted.len() {
            let ((r, c), i) = g.sorted[k];
            let mut set = B::EMPTY;
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
    pub(crate) fn index_of(&self, cell: Cell) -> Option<u8> {
        self.sorted
            .binary_search_by(|e| e.0.cmp(&cell))
            .ok()
            .map(|k| self.sorted[k].1)
    }

    /// The (row, col) of index `i`.
    pub(crate) fn cell(&self, i: u8) -> Cell {
        self.cells.get(i as usize).copied().unwrap_or((0, 0))
    }

    /// Neighbours of index `i`.
    #[inline]
    pub(crate) fn adj(&self, i: u8) -> B {
        self.adj[i as usize]
    }

    /// The union of the neighbour sets of `set`'s elements.
    #[inline]
    pub(crate) fn expand(&self, set: B) -> B {
        match self.layout {
            Layout::Grid {
                w,
                not_first,
                not_last,
            } => {
                let mut out = (set << 1) & not_first | (set >> 1) & not_last | set << w | set >> w;
                if self.king {
                    out = out
                        | (set << (w + 1) | set >> (w - 1)) & not_first
                        | (set << (w - 1) | set >> (w + 1)) & not_last;
                }
                out & self.all
            }
            Layout::Compact => {
                let mut out = B::EMPTY;
                for i in set {
                    out |= self.adj(i);
                }
                out
            }
        }
    }

    /// The cells of `set` with at least two neighbours in `set`.
    #[inline]
    pub(crate) fn two_plus(&self, set: B) -> B {
        match self.layout {
            Layout::Grid {
                w,
                not_first,
                not_last,
            } => {
                // Bit-parallel count, saturating at two, of the directions
                // in which a cell has a neighbour in `set`.
                let mut one = (set << 1) & not_first;
                let mut two = B::EMPTY;
                let mut add = |d: B| {
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
                let mut out = B::EMPTY;
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
    pub(crate) fn flood(&self, from: u8, allowed: B) -> B {
        let mut reach = B::from_index(from);
        let mut frontier = reach;
        while !frontier.is_empty() {
            frontier = self.expand(frontier) & (allowed - reach);
            reach |= frontier;
        }
        reach
    }

    /// The board symmetries (of the bounding box, as permutations of the
    /// indices: `p[i]` is the image of index `i`, holes map to themselves)
    /// that map the indexed footholds onto themselves, identity excluded.
    pub(crate) fn symmetries(&self) -> Vec<Vec<u8>> {
        let cells: Vec<Cell> = self.sorted.iter().map(|e| e.0).collect();
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
            let mut perm: Vec<u8> = (0..B::CAPACITY.min(256)).map(|i| i as u8).collect();
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
    use crate::games::footholds::bitboard::{Bitboard, Bitboard128};

    fn build(p: &Position, starts: &[Cell]) -> Graph<Bitboard> {
        let cells = relevant_cells(p, starts, &Budget::unlimited()).unwrap();
        Graph::from_cells(&cells, p.steps, None)
    }

    #[test]
    fn indexes_only_connected_footholds() {
        let p = Position::from_rows(
            &[[1, 1, 0, 1], [0, 1, 0, 1], [1, 1, 0, 0]],
            (0, 0),
            (0, 0),
            Steps::Orthogonal,
        )
        .unwrap();
        let g = build(&p, &[p.a, p.b]);
        assert_eq!(g.n, 5);
        assert!(matches!(g.layout, Layout::Grid { w: 2, .. }));
        assert_eq!(g.index_of((2, 1)), Some(5));
        assert_eq!(g.index_of((1, 0)), None);
        assert_eq!(g.adj(3).collect::<Vec<_>>(), vec![1, 5]);
        assert_eq!(g.flood(0, g.all.without(3)).count(), 2);
        assert!(g.colour.contains(0) && !g.colour.contains(1));
        let cells: Vec<_> = g.all.map(|i| g.cell(i)).collect();
        let c = Graph::<Bitboard>::from_cells(&cells, Steps::Orthogonal, Some(true));
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
            let g = Graph::<Bitboard>::from_cells(&cells, steps, None);
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
    fn wide_boards_use_wide_sets() {
        let p = Position::full(9, 9, (0, 0), (8, 8), Steps::Orthogonal);
        let cells = relevant_cells(&p, &[p.a, p.b], &Budget::unlimited()).unwrap();
        assert_eq!(cells.len(), 81);
        let g = Graph::<Bitboard128>::from_cells(&cells, p.steps, None);
        assert!(matches!(g.layout, Layout::Grid { w: 9, .. }));
        assert_eq!(g.flood(0, g.all).count(), 81);
        assert_eq!(g.adj(80).collect::<Vec<_>>(), vec![71, 79]);
        let c = Graph::<Bitboard128>::from_cells(&cells, p.steps, Some(true));
        assert_eq!(
            c.expand(Bitboard128::from_index(40)),
            g.expand(Bitboard128::from_index(40))
        );
    }

    #[test]
    fn symmetries_of_a_square_and_a_rectangle() {
        let p = Position::full(3, 3, (0, 0), (0, 0), Steps::Orthogonal);
        let g = build(&p, &[p.a]);
        assert_eq!(g.symmetries().len(), 7);
        let p = Position::full(2, 3, (0, 0), (0, 0), Steps::Orthogonal);
        let g = build(&p, &[p.a]);
        assert_eq!(g.symmetries().len(), 3);
        let p = Position::from_rows(&[[1, 1], [1, 0]], (0, 0), (0, 0), Steps::Orthogonal).unwrap();
        let g = build(&p, &[p.a]);
        assert_eq!(g.symmetries().len(), 1);
    }
}

/// Small boards and a brute-force longest path, shared by the tests of the
/// endgame and of the rooms-and-doors bound.
#[cfg(test)]
pub(crate) mod test_support {
    use super::{relevant_cells, Graph};
    use crate::budget::Budget;
    use crate::games::footholds::bitboard::Bitboard;
    use crate::games::footholds::rules::{Position, Steps};

    /// The graph of every foothold of `rows`.
    pub(crate) fn graph(rows: &[&[u8]], steps: Steps) -> Graph<Bitboard> {
        let p = Position::from_rows(rows, (0, 0), (0, 0), steps).unwrap();
        let mut starts = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                if v != 0 {
                    starts.push((r, c));
                }
            }
        }
        let cells = relevant_cells(&p, &starts, &Budget::unlimited()).unwrap();
        Graph::from_cells(&cells, steps, None)
    }

    /// Longest path from `s` inside `avail`, by brute force.
    pub(crate) fn brute(g: &Graph<Bitboard>, s: u8, avail: Bitboard) -> u32 {
        let rest = avail.without(s);
        (g.adj(s) & rest)
            .map(|x| 1 + brute(g, x, rest))
            .max()
            .unwrap_or(0)
    }
}
