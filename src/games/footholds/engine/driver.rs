//! The driver: MTD(f)-style null-window tests on the exact score, until
//! the lower and upper bounds meet.

use super::score::{bound, to_value, MAXN};
use super::{Engine, Node};
use crate::budget::{Budget, LimitHit};
use crate::games::footholds::bitboard::Bits;

impl<B: Bits> Engine<B> {
    /// The exact score of a search node: null-window tests on the exact
    /// score, first the winner, then the length.
    pub(super) fn solve_node(&mut self, node: Node<B>, budget: &Budget) -> Result<i32, LimitHit> {
        self.solve_with(node, budget, |me, g| me.search(node, g - 1, g, budget))
    }

    /// The driver of [`Engine::solve_node`], with `test(self, g)` running
    /// the null-window test at `g` (on one thread or two).
    pub(super) fn solve_with(
        &mut self,
        node: Node<B>,
        budget: &Budget,
        mut test: impl FnMut(&mut Self, i32) -> Result<i32, LimitHit>,
    ) -> Result<i32, LimitHit> {
        let mut lo = -MAXN;
        let mut hi = MAXN;
        // Bounds from earlier queries on this position hold still.
        if let Some(b) = self.probe(node) {
            lo = lo.max(b.lower as i32);
            hi = hi.min(b.upper as i32);
            if lo >= hi {
                return Ok(lo);
            }
        }
        let mut guess = 1.clamp(lo + 1, hi);
        loop {
            self.stats.tests += 1;
            let (n0, s0) = (self.stats.nodes, budget.states());
            let s = test(self, guess)?;
            if self.cfg.trace {
                eprintln!(
                    "test {guess} -> {s} ({:?}) nodes {} states {}",
                    to_value(s),
                    self.stats.nodes - n0,
                    budget.states() - s0
                );
            }
            if s >= guess {
                lo = s;
            } else {
                hi = s;
            }
            if lo >= hi {
                break;
            }
            budget.report_bound(|| bound(lo, hi));
            // The fail-soft bound is usually exact: test right next to it.
            // (Galloping or bisecting measured slower.)
            guess = if s >= guess { s + 1 } else { s };
        }
        Ok(lo)
    }
}
