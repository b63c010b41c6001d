//! The bridge to the separation endgame ([`crate::games::footholds::endgame`]):
//! once the players cannot meet, the score follows from their longest
//! paths, computed only as far as the window needs.

use super::score::{loss, win, MAXN};
use super::Engine;
use crate::budget::{Budget, LimitHit};
use crate::games::footholds::bitboard::Bits;
use crate::games::footholds::endgame::Endgame;
use crate::games::footholds::graph::Graph;

impl<B: Bits> Engine<B> {
    /// The score of a separated position (mover at `m` in region `ra`,
    /// opponent at `o` in `rb`), fail-soft within `(alpha, beta)`: longest
    /// paths are only computed as far as the window needs.
    pub(super) fn endgame(
        &mut self,
        (m, o): (u8, u8),
        (ra, rb): (B, B),
        alpha: i32,
        beta: i32,
        budget: &Budget,
    ) -> Result<i32, LimitHit> {
        let s = self.endgame_test((m, o), (ra, rb), beta, budget)?;
        if s >= beta || s <= alpha {
            return Ok(s);
        }
        let t = self.endgame_test((m, o), (ra, rb), alpha + 1, budget)?;
        if t <= alpha {
            return Ok(t);
        }
        let la = self.eg.longest(&self.g, m, ra, budget)?;
        let lb = self.eg.longest(&self.g, o, rb, budget)?;
        Ok(if la > lb {
            win(2 * lb + 1)
        } else {
            loss(2 * la)
        })
    }

    /// Whether the separated position scores at least `g`: a lower bound
    /// `>= g` if so, else an upper bound `< g`. (Its value is a win in
    /// `2*lb + 1` if `la > lb`, else a loss in `2*la`.)
    ///
    /// Cheap bounds first, then the memo's or the block tree's; then at
    /// most one path-length question the test's length asks; then the race
    /// of [`Engine::endgame_race`]. No longest path is computed exactly.
    fn endgame_test(
        &mut self,
        (m, o): (u8, u8),
        (ra, rb): (B, B),
        g: i32,
        budget: &Budget,
    ) -> Result<i32, LimitHit> {
        let graph = &self.g;
        let eg = &mut self.eg;
        if g <= -MAXN {
            return Ok(-MAXN);
        }
        if g >= MAXN {
            return Ok(MAXN - 1);
        }
        let a = Endgame::cheap_bounds(graph, m, ra);
        let b = Endgame::cheap_bounds(graph, o, rb);
        if let Some(s) = bound_verdict(g, a, b) {
            return Ok(s);
        }
        let (mut la, mut lb) = (eg.sharpen(graph, m, ra, a), eg.sharpen(graph, o, rb, b));
        if (la, lb) != (a, b) {
            if let Some(s) = bound_verdict(g, la, lb) {
                return Ok(s);
            }
        }
        if g > 0 {
            // A win in at most n moves: lb <= k and la > lb.
            let k = ((MAXN - g) as u32 - 1) / 2;
            if lb.1 > k {
                if eg.at_least(graph, o, rb, k + 1, budget)? {
                    return Ok(win(2 * k + 3));
                }
                lb.1 = k;
            }
        } else {
            // A win, or a loss in at least n moves: la >= ceil(n / 2) or
            // la > lb.
            let h = ((g + MAXN) as u32).div_ceil(2);
            if la.1 >= h {
                if eg.at_least(graph, m, ra, h, budget)? {
                    return Ok(loss(2 * h));
                }
                la.1 = h - 1;
            }
        }
        // Now the test's answer is whether la > lb.
        Self::endgame_race((m, o), (ra, rb), (la, lb), (graph, eg), budget)
    }

    /// Whether `la > lb` in a separated position, given bounds `(lo, hi)`
    /// on both: the side the lower bounds favour must show that the other
    /// has no path as long (one exhaustive search, where it fails); each
    /// path found instead raises a lower bound. A long path is quick to
    /// find, the lack of one is not, so this beats computing either
    /// longest path exactly. Returns a lower bound on the score if a win,
    /// an upper bound if a loss.
    fn endgame_race(
        (m, o): (u8, u8),
        (ra, rb): (B, B),
        (mut la, mut lb): ((u32, u32), (u32, u32)),
        (graph, eg): (&Graph<B>, &mut Endgame<B>),
        budget: &Budget,
    ) -> Result<i32, LimitHit> {
        loop {
            if la.0 > lb.0 {
                // A win if no opponent's path is as long as la.0 <= la.
                let found = if la.0 <= lb.1 {
                    eg.path_of(graph, o, rb, la.0, budget)?
                } else {
                    None
                };
                match found {
                    Some(l) => lb.0 = l,
                    None => return Ok(win(2 * lb.1.min(la.0 - 1) + 1)),
                }
            } else {
                // A loss if no mover's path is longer than lb.0 <= lb.
                let found = if lb.0 < la.1 {
                    eg.path_of(graph, m, ra, lb.0 + 1, budget)?
                } else {
                    None
                };
                match found {
                    Some(l) => la.0 = l,
                    None => return Ok(loss(2 * la.1.min(lb.0))),
                }
            }
        }
    }
}

/// What bounds `(lo, hi)` on the separated players' longest paths (`la`
/// the mover's, `lb` the opponent's) say of the null-window test at `g`:
/// a lower bound `>= g` or an upper bound `< g`, or `None` if they do not
/// settle it. (The value is a win in `2*lb + 1` if `la > lb`, else a loss
/// in `2*la`.)
fn bound_verdict(g: i32, (la_lo, la_hi): (u32, u32), (lb_lo, lb_hi): (u32, u32)) -> Option<i32> {
    if g > 0 {
        // A win in at most n moves: lb <= k and la > lb.
        let k = ((MAXN - g) as u32 - 1) / 2;
        if la_hi <= lb_lo {
            return Some(loss(2 * la_hi));
        }
        if lb_lo > k {
            return Some(win(2 * lb_lo + 1));
        }
        if lb_hi <= k && la_lo > lb_hi {
            return Some(win(2 * lb_hi + 1));
        }
        return None;
    }
    // A win, or a loss in at least n moves: la >= ceil(n / 2).
    let h = ((g + MAXN) as u32).div_ceil(2);
    if la_lo > lb_hi {
        return Some(win(2 * lb_hi + 1));
    }
    if la_lo >= h {
        return Some(loss(2 * la_lo));
    }
    if la_hi < h && la_hi <= lb_lo {
        return Some(loss(2 * la_hi));
    }
    None
}
