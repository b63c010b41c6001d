//! Parallel search: two engines on two threads sharing one transposition
//! table and one small table.
//!
//! The small table (positions of fewer than `SearchConfig::small_live`
//! live cells) is shared too: each engine keeping its own made the threads
//! search the same small subtrees twice below the shared big positions.
//! Measured (issue 33, release, two threads, machine loaded ~7 on 2 cores;
//! states, CPU; own → shared, two runs each): 9x9 (4,4)-(4,5) 15.35 M,
//! 10.68 s and 10.20 M, 6.77 s → 9.33 M, 6.06 s and 9.26 M, 5.55 s;
//! (3,3)-(4,4) 4.44 M, 3.51 s and 4.86 M, 3.29 s → 4.29 M, 2.54 s and
//! 4.31 M, 3.09 s; (3,4)-(5,4) 4.89 M, 3.82 s and 4.85 M, 3.69 s →
//! 4.28 M, 2.62 s and 4.42 M, 2.61 s; (2,2)-(6,6) 5.58 M, 3.33 s and
//! 5.57 M, 3.38 s → 5.32 M, 3.53 s and 5.06 M, 3.11 s (on (4,4) mostly
//! the in-step mode below, hit or missed: five runs each average 12.9 M
//! states before, 11.3 M after).
//!
//! So is the endgame memo, and the helper starts each test with the main
//! engine's history (the same move order), and a child is claimed in one
//! atomic step ([`Busy::claim`]). Before, 9x9 (4,4)-(4,5) on two threads
//! fell in one run of two to four into a mode where both threads did the
//! whole one-thread search (15.2-15.8 M states, 7.6-9.4 s CPU, against
//! 8-10 M, 4.2-5.4 s otherwise): two threads in step both saw a child
//! free and both searched it, and stayed in step; with only the atomic
//! claim, still three runs in four (the helper's own history ordered
//! another tree). With all three, eight runs of eight 9.35-9.71 M
//! states, 4.6-5.4 s CPU; the memo no longer grows twice (peak RSS 57 →
//! 33 MiB).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

use super::score::to_value;
use super::{Engine, Node, Start};
use crate::budget::{Budget, LimitHit};
use crate::games::footholds::bitboard::Bits;
use crate::games::footholds::rules::Position;
use crate::games::footholds::table::Table;
use crate::games::footholds::value::Value;

/// Two engines on two threads sharing one transposition table ("lazy SMP"):
/// both run every null-window test of the driver from the root; children
/// the other thread is searching are put last ([`Busy`]), so the threads
/// spread over the tree and each finds the other's results in the table.
/// The first to finish gives the test's result and stops the other.
impl<B: Bits> Engine<B> {
    /// Whether the table holds bounds for `pos`.
    pub(crate) fn knows(&self, pos: &Position) -> bool {
        matches!(self.start(pos), Some(Start::Search(n)) if self.probe(n).is_some())
    }

    /// The exact value of a position from [`Engine::start`], searched by
    /// `self` and `helper` on two threads. Both count their states on the
    /// one `budget`.
    pub(crate) fn value_parallel(
        &mut self,
        helper: &mut Engine<B>,
        start: Start<B>,
        budget: &Budget,
    ) -> Result<Value, LimitHit> {
        let node = match start {
            Start::Done(v) => return Ok(v),
            Start::Search(n) => n,
        };
        // Most searches are over before two threads would have started
        // (8x8 corners: 6 ms alone, 12 ms on two): try alone first. What
        // a longer one found stays in the table.
        if self.cfg.solo_states > 0 {
            let solo = budget.part(self.cfg.solo_states);
            let r = self.solve_node(node, &solo);
            budget.absorb(&solo)?;
            match r {
                Ok(s) => return Ok(to_value(s)),
                // Its own cap (the budget's would have failed `absorb`).
                Err(LimitHit::States { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        if let Some(tt) = Arc::get_mut(&mut self.tt) {
            tt.reserve(SHARED_LOG2);
        }
        let busy = Arc::new(Busy::new());
        self.busy = Some(Arc::clone(&busy));
        helper.busy = Some(busy);
        // The table is how the threads share their work: store smaller
        // subtrees than alone.
        let effort = self.cfg.tt_effort;
        self.cfg.tt_effort = effort.min(SHARED_EFFORT);
        helper.cfg.tt_effort = self.cfg.tt_effort;
        let r = self.solve_with(node, budget, |me, g| {
            me.test_parallel(helper, node, g, budget)
        });
        self.cfg.tt_effort = effort;
        helper.cfg.tt_effort = effort;
        self.busy = None;
        helper.busy = None;
        Ok(to_value(r?))
    }

    /// One null-window test at `g` on two threads (fail-soft).
    fn test_parallel(
        &mut self,
        helper: &mut Engine<B>,
        node: Node<B>,
        g: i32,
        budget: &Budget,
    ) -> Result<i32, LimitHit> {
        // The table grows between tests, while this engine owns it alone.
        if let Some(tt) = Arc::get_mut(&mut self.tt) {
            tt.settle();
        }
        self.stats.parallel_tests += 1;
        let stop = Arc::new(AtomicBool::new(false));
        helper.tt = Arc::clone(&self.tt);
        let own_small = std::mem::replace(&mut helper.small, Arc::clone(&self.small));
        let own_eg = std::mem::replace(&mut helper.eg, self.eg.share());
        // The same move order as the main engine's (history breaks ties):
        // with its own, the helper searched another tree and shared
        // little (see `claim` for the measurements).
        helper.history.clone_from(&self.history);
        helper.stop = Some(Arc::clone(&stop));
        self.stop = Some(Arc::clone(&stop));
        let (mine, theirs) = std::thread::scope(|s| {
            let h = s.spawn(|| {
                let r = helper.search(node, g - 1, g, budget);
                (r, !stop.swap(true, Relaxed))
            });
            let r = self.search(node, g - 1, g, budget);
            let first = !stop.swap(true, Relaxed);
            let theirs = h.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
            ((r, first), theirs)
        });
        if self.cfg.trace {
            eprintln!(
                "  parallel {g}: main {} nodes{}, helper {} nodes{}",
                self.stats.nodes,
                if mine.1 { " (first)" } else { "" },
                helper.stats.nodes,
                if theirs.1 { " (first)" } else { "" },
            );
        }
        self.stop = None;
        helper.stop = None;
        helper.tt = Arc::new(Table::new(0, 0));
        helper.small = own_small;
        helper.eg = own_eg;
        self.eg.unshare();
        match (mine, theirs) {
            ((Ok(s), _), _) | (_, (Ok(s), _)) => Ok(s),
            // Neither finished: the first to stop says why.
            ((Err(e), true), _) | (_, (Err(e), _)) => Err(e),
        }
    }
}

/// Children being searched right now by the threads of a parallel test:
/// a small lossy set of position hashes (a clash only changes the order in
/// which a thread visits children, never a result).
#[derive(Debug)]
pub(crate) struct Busy {
    slots: Vec<AtomicU64>,
}

/// Nodes with fewer live cells than this do not mark or defer children
/// (their subtrees are too small to be worth sharing out).
pub(super) const BUSY_MIN: u32 = 24;

/// States a search runs alone before [`Engine::value_parallel`] starts a
/// second thread (about 30 ms).
pub(super) const SOLO_STATES: u64 = 1 << 16;

/// The `tt_effort` of both engines during a parallel search: subtrees of
/// 8 states and up are stored, not 64 (10x10 corners: 9 % fewer states
/// and 4 % less time on two threads; one thread alone is faster with 64).
const SHARED_EFFORT: u8 = 4;

/// The shared table's size at the start of a parallel search, in buckets
/// (`2^16`: 6 MiB of 128-bit entries; it doubles between null-window tests
/// while half full, within `--memory`, see [`table_log2s`]). Bigger
/// starts cost more to clear than they save (8x8: 2^20 took 40 ms).
const SHARED_LOG2: u32 = 16;

impl Busy {
    const LOG2: u32 = 12;

    fn new() -> Busy {
        Busy {
            slots: std::iter::repeat_with(|| AtomicU64::new(0))
                .take(1 << Self::LOG2)
                .collect(),
        }
    }

    #[inline]
    fn slot(&self, k: u64) -> Option<&AtomicU64> {
        self.slots.get((k >> (64 - Self::LOG2)) as usize)
    }

    /// Marks `k` busy; false if it already was (the other thread is
    /// searching it). One atomic swap, so of two threads claiming the
    /// same child at once exactly one gets it.
    #[inline]
    pub(super) fn claim(&self, k: u64) -> bool {
        self.slot(k).is_some_and(|s| s.swap(k, Relaxed) != k)
    }

    #[inline]
    pub(super) fn unmark(&self, k: u64) {
        if let Some(s) = self.slot(k) {
            let _ = s.compare_exchange(k, 0, Relaxed, Relaxed);
        }
    }
}

/// A hash of a node for [`Busy`] (never 0).
#[inline]
pub(super) fn busy_key<B: Bits>(n: Node<B>) -> u64 {
    let mut x = (n.m as u64 | (n.o as u64) << 8).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for k in 0..B::WORDS {
        x ^= n.cells.word(k);
        x ^= x >> 31;
        x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    }
    (x ^ x >> 29) | 1
}

#[cfg(test)]
mod tests {
    use super::Busy;

    /// Of two claims of one child, only the first gets it, until it is
    /// unmarked; another thread's unmark of a different key (sharing the
    /// slot) does not free it.
    #[test]
    fn a_child_is_claimed_once_until_unmarked() {
        let b = Busy::new();
        let k = 0xABCD_0000_0000_0001;
        assert!(b.claim(k));
        assert!(!b.claim(k));
        let same_slot = k ^ 2;
        b.unmark(same_slot);
        assert!(!b.claim(k));
        b.unmark(k);
        assert!(b.claim(k));
        let busy = &b;
        std::thread::scope(|s| {
            let k = 0x1234_0000_0000_0001;
            let got: Vec<bool> = (0..2)
                .map(|_| s.spawn(move || busy.claim(k)))
                .collect::<Vec<_>>()
                .into_iter()
                .map(|h| h.join().unwrap_or(false))
                .collect();
            assert_eq!(got.iter().filter(|&&g| g).count(), 1, "{got:?}");
        });
    }
}
