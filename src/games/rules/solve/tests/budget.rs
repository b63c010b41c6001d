//! Every solver stops at its budget: states, time, memory; and a failing
//! rules program is reported, not answered.

use super::super::super::model::{Model, Node, RunError, RunErrorKind, Turn};
use super::super::footholds::Footholds;
use super::super::{solve, Objective, SolveError};
use super::go;
use crate::budget::{Budget, LimitHit};
use crate::games::footholds::rules::{Position, Steps};
use std::time::Duration;

/// A one- or two-player counter that climbs by 1 or 2 up to `top` (a
/// million positions), failing with a domain error at `fail`.
struct Climb {
    players: u8,
    top: u64,
    fail: u64,
}

impl Model for Climb {
    type State = (u64, u8);
    fn players(&self) -> u8 {
        self.players
    }
    fn mover(&self, s: &(u64, u8)) -> u8 {
        s.1
    }
    fn key(&self, s: &(u64, u8), out: &mut Vec<u64>) {
        out.push(s.0 << 1 | u64::from(s.1));
    }
    fn turn(&self, &(n, p): &(u64, u8)) -> Result<Turn<(u64, u8)>, RunError> {
        if n == self.fail {
            return Err(RunError {
                kind: RunErrorKind::Domain,
                message: format!("n = {n} is out of its domain"),
                span: Default::default(),
            });
        }
        if n >= self.top {
            return Ok(Turn::Ended {
                end: super::super::super::model::End::Lose,
                stuck: true,
            });
        }
        let q = if self.players == 2 { 1 - p } else { p };
        Ok(Turn::Moves(Node::Choice(vec![
            ("1".into(), go((n + 1, q), 1)),
            ("2".into(), go((n + 2, q), 0)),
        ])))
    }
}

const OBJECTIVES: [(u8, Objective); 7] = [
    (2, Objective::Moves),
    (2, Objective::Outcome),
    (2, Objective::Score),
    (1, Objective::Max),
    (1, Objective::Min),
    (1, Objective::Longest),
    (1, Objective::Shortest { within: 2_000_000 }),
];

#[test]
fn the_state_cap_stops_every_objective() {
    for (players, obj) in OBJECTIVES {
        let g = Climb {
            players,
            top: 1_000_000,
            fail: u64::MAX,
        };
        let b = Budget::new(Some(1000), None);
        assert_eq!(
            solve(&g, &(0, 0), &obj, &b),
            Err(SolveError::Limit(LimitHit::States { limit: 1000 })),
            "{obj:?}"
        );
    }
}

#[test]
fn the_clock_stops_every_objective() {
    for (players, obj) in OBJECTIVES {
        let g = Climb {
            players,
            top: 1_000_000,
            fail: u64::MAX,
        };
        let b = Budget::new(None, Some(Duration::ZERO));
        assert!(
            matches!(
                solve(&g, &(0, 0), &obj, &b),
                Err(SolveError::Limit(LimitHit::Time { .. }))
            ),
            "{obj:?}"
        );
    }
}

#[test]
fn memos_stop_at_the_memory_cap_and_tables_keep_working() {
    for (players, obj) in OBJECTIVES.into_iter().skip(3) {
        let g = Climb {
            players,
            top: 200_000,
            fail: u64::MAX,
        };
        let b = Budget::unlimited().with_memory(1 << 20);
        assert!(
            matches!(
                solve(&g, &(0, 0), &obj, &b),
                Err(SolveError::Limit(LimitHit::Memory { .. }))
            ),
            "{obj:?}"
        );
    }
    // A transposition table at the cap only slows the search: a 4x4
    // footholds board solves in 64 KiB, with the answer of a free table.
    let pos = Position::full(4, 4, (0, 0), (3, 3), Steps::Orthogonal);
    let (m, s) = Footholds::new(&pos).unwrap();
    let free = solve(&m, &s, &Objective::Moves, &Budget::unlimited()).unwrap();
    let tight = Budget::unlimited().with_memory(64 << 10);
    assert_eq!(solve(&m, &s, &Objective::Moves, &tight).unwrap(), free);
}

#[test]
fn a_failing_program_is_reported() {
    for (players, obj) in OBJECTIVES {
        let g = Climb {
            players,
            top: 100,
            fail: 7,
        };
        match solve(&g, &(0, 0), &obj, &Budget::unlimited()) {
            Err(SolveError::Run(e)) => assert_eq!(e.kind, RunErrorKind::Domain, "{obj:?}"),
            other => panic!("{obj:?}: {other:?}"),
        }
    }
}

/// A search's memory is counted as it is allocated: on a deep line of one
/// player (`longest` climbing by 1 or 2), each position on the stack holds
/// at least its turn's shape (a choice and two leaves) and its two next
/// positions, so the positions searched before `--memory` stops it, times
/// those bytes, stay within the limit. Before, the shape (and the stack's
/// spare room) went uncounted: `--memory 1024` reached 1.8 GB.
#[test]
fn a_deep_search_counts_what_each_frame_holds() {
    use super::super::key::Key;
    use super::super::memo::Part;
    use std::mem::size_of;
    let g = Climb {
        players: 1,
        top: 10_000_000,
        fail: u64::MAX,
    };
    let limit = 8u64 << 20;
    let b = Budget::unlimited().with_memory(limit);
    assert!(matches!(
        solve(&g, &(0, 0), &Objective::Longest, &b),
        Err(SolveError::Limit(LimitHit::Memory { .. }))
    ));
    let held = 3 * size_of::<Part>()
        + 2 * size_of::<(Key, (u64, u8))>()
        + size_of::<Key>()
        + 2 * size_of::<Vec<u8>>();
    let frames = b.states();
    assert!(frames > 1000, "{frames}");
    assert!(
        frames * held as u64 <= limit,
        "{frames} frames of at least {held} bytes each are over {limit}"
    );
}
