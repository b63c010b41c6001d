//! `simulate limit N` on a stepping counter against a plain loop.

use super::super::super::model::{End, Leaf, Model, Node, RunError, Turn};
use super::super::{line, solve, Cycle, Objective, SolveError, Value};
use super::go;
use crate::budget::Budget;
use crate::games::testkit::rng;
use rand::Rng;

/// x → (a·x + b) mod m each turn; the game stops during the turn that
/// reaches `stop`.
struct Counter {
    a: u64,
    b: u64,
    m: u64,
    stop: u64,
}

impl Model for Counter {
    type State = u64;
    fn players(&self) -> u8 {
        0
    }
    fn mover(&self, _: &u64) -> u8 {
        0
    }
    fn key(&self, s: &u64, out: &mut Vec<u64>) {
        out.push(*s);
    }
    fn turn(&self, &x: &u64) -> Result<Turn<u64>, RunError> {
        let y = (self.a * x + self.b) % self.m;
        Ok(Turn::Moves(if y == self.stop {
            Node::Leaf(Leaf {
                next: y,
                reward: 0,
                end: Some(End::Stop),
                printed: Vec::new(),
            })
        } else {
            go(y, 0)
        }))
    }
}

/// The ending turn within `limit` turns by a plain loop, and whether the
/// run cycles (from a set of the values seen).
fn brute(c: &Counter, x0: u64, limit: u64) -> (Option<u64>, bool) {
    let mut seen = std::collections::HashSet::new();
    let mut x = x0;
    let mut turn = 1;
    let mut ending = None;
    let mut cycles = false;
    loop {
        if !seen.insert(x) {
            cycles = true;
            break;
        }
        x = (c.a * x + c.b) % c.m;
        if x == c.stop {
            ending = Some(turn);
            break;
        }
        turn += 1;
    }
    (ending.filter(|&t| t <= limit), cycles)
}

#[test]
fn counters_end_pass_the_limit_or_cycle() {
    let mut r = rng(23);
    let (mut ends, mut cycles, mut past) = (0, 0, 0);
    for _ in 0..400 {
        let m = r.gen_range(2..=60);
        let c = Counter {
            a: r.gen_range(0..m),
            b: r.gen_range(0..m),
            m,
            stop: r.gen_range(0..m),
        };
        let x0 = r.gen_range(0..m);
        let limit = r.gen_range(0..=80);
        let (want, cyclic) = brute(&c, x0, limit);
        let b = Budget::unlimited();
        let v = solve(&c, &x0, &Objective::Simulate { limit }, &b).unwrap();
        let Value::Simulated { turn, cycle, .. } = v else {
            panic!("{v:?}")
        };
        assert_eq!(turn, want);
        match cycle {
            Cycle::No => {
                ends += 1;
                assert!(want.is_some());
            }
            Cycle::Yes => {
                cycles += 1;
                assert!(cyclic && want.is_none());
            }
            Cycle::NotProven => {
                past += 1;
                assert!(want.is_none());
            }
        }
        // Never more turns than the limit allows.
        assert!(b.states() <= limit, "{} > {limit}", b.states());
    }
    assert!(
        ends > 30 && cycles > 30 && past > 30,
        "{ends} {cycles} {past}"
    );
}

#[test]
fn a_cycle_is_proven_and_a_long_run_stops_at_its_limit() {
    // 1, 2, ..., 9, 0, 1, ...: period 10, never 10.
    let c = Counter {
        a: 1,
        b: 1,
        m: 10,
        stop: 99,
    };
    let v = solve(
        &c,
        &0,
        &Objective::Simulate { limit: 1_000_000 },
        &Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(
        v,
        Value::Simulated {
            turn: None,
            cycle: Cycle::Yes,
            printed: Vec::new(),
        }
    );
    assert_eq!(v.answer(), Some(-1));
    // The judge's answer first: the limit stops the run before a proof.
    let v = solve(
        &c,
        &0,
        &Objective::Simulate { limit: 5 },
        &Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(
        v,
        Value::Simulated {
            turn: None,
            cycle: Cycle::NotProven,
            printed: Vec::new(),
        }
    );
    // The turn during which it stops, from 1: 0 → 1 → … → 7.
    let c = Counter {
        a: 1,
        b: 1,
        m: 10,
        stop: 7,
    };
    let v = solve(
        &c,
        &0,
        &Objective::Simulate { limit: 7 },
        &Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(v.answer(), Some(7));
    let l = line(
        &c,
        &0,
        &Objective::Simulate { limit: 100 },
        100,
        &Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(l.steps.len(), 7);
    assert_eq!(
        l.steps.last().map(|s| (s.next, s.end)),
        Some((7, Some(End::Stop)))
    );
    // A state budget stops a run that would go on.
    let c = Counter {
        a: 1,
        b: 1,
        m: 1 << 40,
        stop: 0,
    };
    let r = solve(
        &c,
        &1,
        &Objective::Simulate { limit: u64::MAX },
        &Budget::new(Some(5000), None),
    );
    assert!(matches!(r, Err(SolveError::Limit(_))));
}
