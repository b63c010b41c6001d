//! Board symmetry: the moves worth searching when a symmetry of the board
//! maps the position onto itself, and the twin moves it pairs.

use super::{Engine, Node, Start};
use crate::games::footholds::bitboard::Bits;
use crate::games::footholds::rules::{Cell, Position};

impl<B: Bits> Engine<B> {
    /// The moves worth searching: one per orbit of the board symmetries
    /// that map the position onto itself (all moves if none does).
    pub(super) fn symmetric_moves(&self, node: Node<B>) -> B {
        let mut fixing = [0usize; 8];
        let mut n = 0;
        for (k, fixed) in self.sym_fixed.iter().enumerate() {
            // Cheap test first: both players on the symmetry's fixed cells.
            if fixed.contains(node.m) && fixed.contains(node.o) && n < fixing.len() {
                let p = &self.syms[k];
                if node.cells.every(|i| node.cells.contains(p[i as usize])) {
                    fixing[n] = k;
                    n += 1;
                }
            }
        }
        if n == 0 {
            return B::FULL;
        }
        let cand = (self.g.adj(node.m) & node.cells).without(node.o);
        let mut keep = B::EMPTY;
        let mut covered = B::EMPTY;
        for x in cand {
            if covered.contains(x) {
                continue;
            }
            keep = keep.with(x);
            for &k in &fixing[..n] {
                covered = covered.with(self.syms[k][x as usize]);
            }
        }
        keep
    }

    /// Pairs `(rep, twin)` of moves of `pos` that a symmetry of the position
    /// maps onto each other (`rep` comes first in move order).
    pub(crate) fn twin_moves(&self, pos: &Position) -> Vec<(Cell, Cell)> {
        let Some(Start::Search(node)) = self.start(pos) else {
            return Vec::new();
        };
        let keep = self.symmetric_moves(node);
        let cand = (self.g.adj(node.m) & node.cells).without(node.o);
        let mut out = Vec::new();
        for x in cand - keep {
            for p in &self.syms {
                let fixes = p[node.m as usize] == node.m
                    && p[node.o as usize] == node.o
                    && node.cells.every(|i| node.cells.contains(p[i as usize]));
                let y = p[x as usize];
                if fixes && keep.contains(y) {
                    out.push((self.g.cell(y), self.g.cell(x)));
                    break;
                }
            }
        }
        out
    }
}
