//! Running a game to its end, with cycle detection.
//!
//! The game is deterministic, so if the position at the start of a turn
//! (stacks with order, and every direction) ever repeats, it never ends.
//! Repeats are found with Brent's algorithm: only the current position and
//! one saved position (O(K) each) are kept, compared by their incremental
//! hash and verified exactly (full per-piece state) on a hash match. Once
//! the period λ is known, the start μ is found by replaying from the run's
//! starting position with two copies λ turns apart.

use super::rules::{Sim, Snapshot};
use crate::budget::{Bound, Budget, LimitHit};

/// How a run stopped.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// A cell reached the stack height during turn `turn` (0: the setup
    /// already had such a cell).
    Ended {
        /// The turn, counted from 1 at the scenario's start.
        turn: u64,
    },
    /// The position at the start of turn `start` recurs at the start of turn
    /// `start + period` (`start` and `period` minimal): the game never ends.
    Cycle {
        /// First turn at whose start the repeating position occurs.
        start: u64,
        /// Length of the cycle in turns.
        period: u64,
    },
    /// Turn `limit` was played with neither an end nor a proven cycle.
    LimitReached {
        /// The limit given.
        limit: u64,
    },
    /// Turn `limit` was played without an end (the judge's answer is -1),
    /// and the budget ran out before play went on to an end or a proven
    /// cycle: whether the game ever ends is not known.
    Unproven {
        /// The limit given.
        limit: u64,
        /// The last turn played without an end, nor a repeat found, when the
        /// budget ran out.
        turn: u64,
    },
}

impl Outcome {
    /// The judge's answer: the ending turn, or -1 (cycle, limit reached, or
    /// a turn too large for `i64`).
    pub fn answer(&self) -> i64 {
        match *self {
            Outcome::Ended { turn } => i64::try_from(turn).unwrap_or(-1),
            _ => -1,
        }
    }
}

/// Run from `sim`'s current position (turn numbers stay absolute, counted
/// from the scenario's start) until the game ends, a cycle is proven, or
/// (limit = Some(n)) turn n has been played without an end.
///
/// With a limit, a cycle that Brent's algorithm proves by turn n ends the run
/// early with [`Outcome::Cycle`]; a cycle that would only be proven later
/// gives [`Outcome::LimitReached`]. If `sim` has already played n turns the
/// answer is `LimitReached` at once, unless it ended on turn n or earlier
/// (`Ended`). One budget unit per piece move simulated (K per turn),
/// including the replay that finds the start.
pub fn run(sim: &Sim, limit: Option<u64>, budget: &Budget) -> Result<Outcome, LimitHit> {
    run_from(sim, limit, budget, &mut 0)
}

/// The judge's answer first, then whether the game ever ends: with a limit,
/// [`run`] to the limit (its answer, -1 when the limit passes, does not
/// wait for a cycle proof), then, when the limit is reached, play on (on
/// what remains of the same budget) to an end or a proven cycle. A game
/// that ends after the limit stays [`Outcome::LimitReached`] (the judge
/// answers -1); a cycle proven is [`Outcome::Cycle`]; a budget spent in
/// that proof is [`Outcome::Unproven`], not an error. Without a limit this
/// is [`run`].
pub fn judge_then_cycle(
    sim: &Sim,
    limit: Option<u64>,
    budget: &Budget,
) -> Result<Outcome, LimitHit> {
    let o = run(sim, limit, budget)?;
    let Outcome::LimitReached { limit } = o else {
        return Ok(o);
    };
    let mut played = sim.turns();
    match run_from(sim, None, budget, &mut played) {
        Ok(cycle @ Outcome::Cycle { .. }) => Ok(cycle),
        Ok(_) => Ok(o),
        Err(_) => Ok(Outcome::Unproven {
            limit,
            turn: played.max(limit),
        }),
    }
}

/// [`run`], keeping in `played` the last turn known to be played without
/// an end (or a repeat), for a run the budget stops.
fn run_from(
    sim: &Sim,
    limit: Option<u64>,
    budget: &Budget,
    played: &mut u64,
) -> Result<Outcome, LimitHit> {
    if let Some(turn) = sim.ended_on() {
        return Ok(match limit {
            Some(n) if turn > n => Outcome::LimitReached { limit: n },
            _ => Outcome::Ended { turn },
        });
    }
    let reached = |s: &Sim| match limit {
        Some(n) if s.turns() >= n => Some(Outcome::LimitReached { limit: n }),
        _ => None,
    };
    if let Some(out) = reached(sim) {
        return Ok(out);
    }
    let mut hare = sim.clone();
    let mut saved = Snapshot::default();
    let mut scratch = Vec::new();
    hare.snapshot_into(&mut saved);
    let mut power: u64 = 1;
    let mut lam: u64 = 0;
    let period = loop {
        if hare.step_turn_budget(budget)? {
            return Ok(Outcome::Ended { turn: hare.turns() });
        }
        *played = hare.turns();
        lam += 1;
        if hare.matches_snapshot(&saved, &mut scratch) {
            break lam;
        }
        if let Some(out) = reached(&hare) {
            return Ok(out);
        }
        if lam == power {
            let turn = hare.turns();
            budget.report_bound(|| Some(Bound::NoStackBy(turn)));
            hare.snapshot_into(&mut saved);
            power = power.saturating_mul(2);
            lam = 0;
        }
    };
    drop(hare);
    // μ: walk two copies `period` turns apart until they meet.
    let mut front = sim.clone();
    for _ in 0..period {
        front.step_turn_budget(budget)?;
    }
    let mut back = sim.clone();
    let mut mu: u64 = 0;
    while !back.same_position(&front) {
        back.step_turn_budget(budget)?;
        front.step_turn_budget(budget)?;
        mu += 1;
    }
    Ok(Outcome::Cycle {
        start: sim.turns() + 1 + mu,
        period,
    })
}

/// The judge's answer for a setup: run from the start with `limit` turns.
pub fn judge_answer(
    setup: &super::rules::Setup,
    limit: u64,
    budget: &Budget,
) -> Result<i64, LimitHit> {
    run(&Sim::new(setup), Some(limit), budget).map(|o| o.answer())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stacking::judge;
    use crate::games::stacking::reference::{reference_answer, reference_run_naive_cycle, RefGame};
    use crate::games::stacking::rules::{Colour, Dir, Layout, Mover, Setup};
    use crate::games::testkit::stacking_setup as random_setup;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    const SAMPLE_1: &str = "4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 2\n";
    const WHITE_4: &str = "0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";

    /// The answer with both layouts, which must agree.
    fn answer(setup: &Setup, limit: u64) -> i64 {
        let [flat, tree] = [Layout::Flat, Layout::Tree].map(|l| {
            run(
                &Sim::with_layout(setup, l),
                Some(limit),
                &Budget::unlimited(),
            )
            .unwrap()
        });
        assert_eq!(flat, tree, "{setup:?}");
        flat.answer()
    }

    fn judge(text: &str, mover: Mover) -> Setup {
        let setup = judge::read(text).unwrap().setup;
        Setup { mover, ..setup }
    }

    #[test]
    fn judge_samples() {
        let cases = [
            (SAMPLE_1.to_string(), -1),
            (format!("4 4\n{WHITE_4}1 1 1\n1 2 1\n1 3 1\n1 4 1\n"), 1),
            // Worked by hand: 1,2,3 pile onto (1,4); piece 4 steps up onto them.
            (format!("4 4\n{WHITE_4}1 1 1\n1 2 1\n1 3 1\n2 4 3\n"), 1),
            (format!("4 4\n{WHITE_4}1 1 1\n1 2 1\n1 3 1\n3 3 3\n"), 2),
        ];
        for (text, want) in &cases {
            let s = judge(text, Mover::Any);
            assert_eq!(answer(&s, 1000), *want, "{text}");
            assert_eq!(reference_answer(&s, 1000), *want, "{text}");
        }
        // Sample 1 never ends: the fast run proves a cycle, the naive one agrees.
        let s = judge(SAMPLE_1, Mover::Any);
        let out = run(&Sim::new(&s), None, &Budget::unlimited()).unwrap();
        assert!(matches!(out, Outcome::Cycle { .. }), "{out:?}");
        assert_eq!(out, reference_run_naive_cycle(&s, 100_000));
        // Bottom mover, by hand: 1 onto 2, [2,1] onto 3, [3,2,1] onto 4 → 4 high in turn 1.
        let s = judge(&cases[1].0, Mover::Bottom);
        assert_eq!(answer(&s, 1000), 1);
        assert_eq!(reference_answer(&s, 1000), 1);
    }

    fn same(sim: &Sim, g: &RefGame, setup: &Setup) -> bool {
        for r in 0..setup.rows {
            for c in 0..setup.cols {
                let a: Vec<usize> = sim.stack_at(r, c).iter().map(|&x| x as usize).collect();
                if a != g.stack_at(r, c) {
                    return false;
                }
            }
        }
        (0..setup.pieces.len()).all(|i| {
            let ((r, c), d) = sim.piece(i);
            g.piece(i) == Some((r, c, d))
        })
    }

    /// Play up to `turns` turns with the fast and the reference simulation,
    /// checking after each turn that they agree; returns the fast one.
    /// (Both layouts are played; the treap one is returned.)
    fn play_beside_reference(setup: &Setup, turns: usize) -> Sim {
        let mut sim = Sim::with_layout(setup, Layout::Flat);
        let mut tree = Sim::with_layout(setup, Layout::Tree);
        let mut g = RefGame::new(setup);
        for _ in 0..turns {
            let a = sim.step_turn();
            assert_eq!(tree.step_turn(), a);
            let b = g.play_turn();
            assert_eq!(a, b, "{setup:?}");
            assert!(same(&sim, &g, setup), "{setup:?}");
            assert!(same(&tree, &g, setup), "{setup:?}");
            assert_eq!(sim.position_hash(), tree.position_hash());
            if a {
                break;
            }
        }
        tree
    }

    #[test]
    fn turn_by_turn_positions_match_reference() {
        let mut rng = StdRng::seed_from_u64(17837);
        for _ in 0..1500 {
            let setup = random_setup(&mut rng, 12, 12);
            play_beside_reference(&setup, 40);
        }
    }

    #[test]
    fn crowded_boards_with_tall_stacks_match_reference() {
        let mut rng = StdRng::seed_from_u64(1234);
        let mut tall = 0;
        for _ in 0..200 {
            let mut setup = random_setup(&mut rng, 12, 80);
            setup.stack = rng.gen_range(2..=30);
            let sim = play_beside_reference(&setup, 30);
            let highest = (0..setup.rows)
                .flat_map(|r| (0..setup.cols).map(move |c| (r, c)))
                .map(|(r, c)| sim.stack_at(r, c).len())
                .max()
                .unwrap_or(0);
            tall += usize::from(highest > 10);
        }
        assert!(tall > 20, "too few tall stacks: {tall}");
    }

    #[test]
    fn unbounded_stacks_on_narrow_boards_match_reference() {
        // No stack limit, many pieces on few cells: stacks of dozens to
        // hundreds walk about, split anywhere and flip on red. Every piece's
        // height, read through the treap, must match the reference too.
        let mut rng = StdRng::seed_from_u64(19);
        let mut tallest = 0;
        for _ in 0..120 {
            let mut setup = random_setup(&mut rng, 8, 200);
            if rng.gen_bool(0.5) {
                setup.rows = 1;
                setup.cols = rng.gen_range(2..=300);
                setup.colours = (0..setup.cols)
                    .map(|_| [Colour::White, Colour::Red, Colour::Blue][rng.gen_range(0..3)])
                    .collect();
                setup.pieces = (0..setup.cols)
                    .filter_map(|c| {
                        let left = rng.gen_bool(0.9);
                        rng.gen_bool(0.8)
                            .then_some(((0, c), if left { Dir::Left } else { Dir::Right }))
                    })
                    .collect();
                if setup.pieces.is_empty() {
                    continue;
                }
            }
            setup.stack = usize::MAX;
            let mut sim = Sim::new(&setup);
            let mut g = RefGame::new(&setup);
            for _ in 0..60 {
                assert!(!sim.step_turn());
                assert!(!g.play_turn());
                assert!(same(&sim, &g, &setup), "{setup:?}");
                for r in 0..setup.rows {
                    for c in 0..setup.cols {
                        for (h, &p) in g.stack_at(r, c).iter().enumerate() {
                            assert_eq!(sim.height(p), Some(h));
                        }
                        tallest = tallest.max(sim.stack_len(r, c));
                    }
                }
            }
        }
        assert!(tallest > 40, "stacks stayed short: {tallest}");
    }

    #[test]
    fn answers_match_reference_on_thousands_of_boards() {
        let mut rng = StdRng::seed_from_u64(17780);
        let mut ended = 0;
        for _ in 0..3000 {
            let setup = random_setup(&mut rng, 12, 10);
            let limit = rng.gen_range(0..=150);
            let want = reference_answer(&setup, limit);
            assert_eq!(answer(&setup, limit), want, "{setup:?} limit {limit}");
            ended += usize::from(want > 0);
        }
        assert!(ended > 700, "too few ending games: {ended}");
    }

    #[test]
    fn judge_limit_answers_match_reference() {
        let mut rng = StdRng::seed_from_u64(4);
        for _ in 0..300 {
            let mut setup = random_setup(&mut rng, 12, 10);
            setup.stack = 4;
            assert_eq!(
                answer(&setup, 1000),
                reference_answer(&setup, 1000),
                "{setup:?}"
            );
        }
    }

    #[test]
    fn cycles_match_naive_detector() {
        let mut rng = StdRng::seed_from_u64(99);
        let (mut cycles, mut long) = (0, 0);
        for _ in 0..1500 {
            let setup = random_setup(&mut rng, 6, 6);
            let naive = reference_run_naive_cycle(&setup, 3000);
            if let Outcome::LimitReached { .. } = naive {
                continue;
            }
            let fast = run(&Sim::new(&setup), None, &Budget::unlimited()).unwrap();
            assert_eq!(fast, naive, "{setup:?}");
            if let Outcome::Cycle { start, period } = fast {
                cycles += 1;
                long += usize::from(start > 3 && period > 2);
            }
        }
        assert!(cycles > 300 && long > 30, "cycles {cycles}, long {long}");
    }

    #[test]
    fn limited_runs_agree_with_naive_detector() {
        let mut rng = StdRng::seed_from_u64(5);
        for _ in 0..800 {
            let setup = random_setup(&mut rng, 6, 6);
            let n = rng.gen_range(0..60);
            let fast = run(&Sim::new(&setup), Some(n), &Budget::unlimited()).unwrap();
            let naive = reference_run_naive_cycle(&setup, n);
            match fast {
                // Brent may prove a cycle later than the first repeat.
                Outcome::LimitReached { limit } => {
                    assert_eq!(limit, n);
                    match naive {
                        Outcome::LimitReached { .. } => {}
                        Outcome::Cycle { start, period } => assert!(start + period - 1 <= n),
                        Outcome::Ended { .. } | Outcome::Unproven { .. } => panic!("{setup:?}"),
                    }
                }
                _ => assert_eq!(fast, naive, "{setup:?} limit {n}"),
            }
        }
    }

    #[test]
    fn runs_from_the_middle_keep_absolute_turns() {
        let mut rng = StdRng::seed_from_u64(6);
        for _ in 0..300 {
            let setup = random_setup(&mut rng, 6, 6);
            let from_start = run(&Sim::new(&setup), None, &Budget::unlimited()).unwrap();
            let mut sim = Sim::new(&setup);
            let skip = rng.gen_range(0..20);
            for _ in 0..skip {
                sim.step_turn();
            }
            let later = run(&sim, None, &Budget::unlimited()).unwrap();
            match (from_start, later) {
                (Outcome::Ended { turn }, Outcome::Ended { turn: t2 }) => assert_eq!(turn, t2),
                (
                    Outcome::Cycle { start, period },
                    Outcome::Cycle {
                        start: s2,
                        period: p2,
                    },
                ) => {
                    assert_eq!(period, p2);
                    assert_eq!(s2, start.max(skip + 1));
                }
                other => panic!("{other:?} {setup:?}"),
            }
            // With a limit, from any point, the judge's answer is the same.
            let n = rng.gen_range(0..40);
            let out = run(&sim, Some(n), &Budget::unlimited()).unwrap();
            assert_eq!(out.answer(), reference_answer(&setup, n), "{setup:?} {n}");
            // A limit already passed answers at once.
            if sim.ended_on().is_none() && skip > 0 {
                let out = run(&sim, Some(skip), &Budget::unlimited()).unwrap();
                assert_eq!(out, Outcome::LimitReached { limit: skip });
            }
        }
    }

    /// 8×8, 5 pieces: the game never ends, but the cycle (from turn 4591,
    /// period 984) takes about 97,000 piece moves to prove.
    const LONG_CYCLE: &str = "8 5\n0 1 2 2 2 0 2 2\n1 0 0 2 0 0 0 1\n2 0 0 0 1 0 0 0\n\
        1 0 0 0 2 0 0 2\n0 0 2 0 2 0 1 0\n0 0 0 1 0 0 0 2\n2 0 0 0 0 0 1 2\n1 2 2 0 0 2 0 0\n\
        6 8 2\n8 3 2\n4 5 4\n2 3 1\n2 4 1\n";

    #[test]
    fn the_judge_answer_does_not_wait_for_the_cycle_proof() {
        let s = judge(LONG_CYCLE, Mover::Any);
        let b = Budget::unlimited();
        let full = run(&Sim::new(&s), None, &b).unwrap();
        assert_eq!(
            full,
            Outcome::Cycle {
                start: 4591,
                period: 984
            }
        );
        assert!(b.states() > 90_000, "{}", b.states());
        // 20,000 moves: the judge's 1000 turns (5,000 moves) fit, the proof
        // does not. Proving first (the old way) stops at the budget ...
        assert!(run(&Sim::new(&s), None, &Budget::new(Some(20_000), None)).is_err());
        // ... the judge's answer comes first, and the proof is reported unproven.
        let b = Budget::new(Some(20_000), None);
        let o = judge_then_cycle(&Sim::new(&s), Some(1000), &b).unwrap();
        assert_eq!(o.answer(), -1);
        let Outcome::Unproven { limit, turn } = o else {
            panic!("{o:?}")
        };
        assert_eq!(limit, 1000);
        // What is known: no end (nor a repeat) through the turns played.
        assert!((1000..4000).contains(&turn), "{turn}");
        assert_eq!(reference_answer(&s, 1000), -1);
        // Enough budget: the cycle is proven after the judge's answer.
        let o = judge_then_cycle(&Sim::new(&s), Some(1000), &Budget::new(Some(400_000), None));
        assert_eq!(o, Ok(full));
        // Without a limit there is no answer before the proof.
        let b = Budget::new(Some(20_000), None);
        assert!(judge_then_cycle(&Sim::new(&s), None, &b).is_err());
    }

    #[test]
    fn budget_stops_a_long_run() {
        let s = judge(SAMPLE_1, Mover::Any);
        let budget = Budget::new(Some(3), None);
        assert!(run(&Sim::new(&s), None, &budget).is_err());
    }

    #[test]
    fn after_the_end_nothing_moves() {
        let s = judge(
            &format!("4 4\n{WHITE_4}1 1 1\n1 2 1\n1 3 1\n3 3 3\n"),
            Mover::Any,
        );
        let mut sim = Sim::new(&s);
        assert!(!sim.step_turn());
        assert!(sim.step_turn());
        assert_eq!(sim.ended_on(), Some(2));
        let before = sim.clone();
        assert!(!sim.step_turn());
        assert_eq!(sim.turns(), 2);
        assert!(sim.same_position(&before));
        assert_eq!(
            run(&sim, Some(2), &Budget::unlimited()),
            Ok(Outcome::Ended { turn: 2 })
        );
        // Ended after the limit: the judge says -1.
        assert_eq!(
            run(&sim, Some(1), &Budget::unlimited()),
            Ok(Outcome::LimitReached { limit: 1 })
        );
    }
}
