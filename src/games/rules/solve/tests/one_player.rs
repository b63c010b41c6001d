//! `max`/`min score` (with exact expectations), `shortest within N` and
//! `longest` on small one-player games against brute force.

use super::super::super::model::{End, Leaf, Model, Node, Prob, RunError, RunErrorKind, Turn};
use super::super::{analyze, line, solve, Objective, SolveError, Value};
use super::go;
use crate::budget::Budget;
use crate::games::testkit::rng;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use rand::Rng;

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// `rounds` rounds. Each round the player picks `safe` (score 2) or
/// `risky`: a die of `faces` faces is rolled, then the player keeps it
/// (`keep`: its face in points) or banks it for the next round (`bank`:
/// the next round's score doubles; the multiplier is state). With `known`
/// dice, `risky` rolls the known values in turn instead.
struct Dice {
    faces: i64,
    known: Option<Vec<i64>>,
}

/// (rounds left, multiplier, known dice used).
type DiceState = (u8, u8, u8);

impl Dice {
    fn after_roll(&self, (n, m, k): DiceState, face: i64) -> Node<DiceState> {
        Node::Choice(vec![
            ("keep".into(), go((n - 1, 1, k), face * i64::from(m))),
            ("bank".into(), go((n - 1, 2, k), 0)),
        ])
    }
}

impl Model for Dice {
    type State = DiceState;
    fn players(&self) -> u8 {
        1
    }
    fn mover(&self, _: &DiceState) -> u8 {
        0
    }
    fn key(&self, s: &DiceState, out: &mut Vec<u64>) {
        out.push(u64::from(s.0) | u64::from(s.1) << 8 | u64::from(s.2) << 16);
    }
    fn turn(&self, &(n, m, k): &DiceState) -> Result<Turn<DiceState>, RunError> {
        if n == 0 {
            return Ok(Turn::Ended {
                end: End::Stop,
                stuck: false,
            });
        }
        let safe = go((n - 1, 1, k), 2 * i64::from(m));
        let risky = match &self.known {
            Some(d) => match d.get(usize::from(k)) {
                Some(&f) => self.after_roll((n, m, k + 1), f),
                None => Node::Choice(Vec::new()),
            },
            None => Node::Chance(
                (1..=self.faces)
                    .map(|f| {
                        (
                            Prob::new(1, self.faces as u64),
                            self.after_roll((n, m, k), f),
                        )
                    })
                    .collect(),
            ),
        };
        Ok(Turn::Moves(Node::Choice(vec![
            ("safe".into(), safe),
            ("risky".into(), risky),
        ])))
    }
}

/// The best expectation by direct recursion.
fn brute_dice(g: &Dice, n: u8, m: i64, max: bool) -> BigRational {
    if n == 0 {
        return BigRational::zero();
    }
    let pick = |a: BigRational, b: BigRational| {
        if (a > b) == max {
            a
        } else {
            b
        }
    };
    let safe = q(2 * m, 1) + brute_dice(g, n - 1, 1, max);
    let mut risky = BigRational::zero();
    for f in 1..=g.faces {
        let keep = q(f * m, 1) + brute_dice(g, n - 1, 1, max);
        let bank = brute_dice(g, n - 1, 2, max);
        risky += pick(keep, bank) * q(1, g.faces);
    }
    pick(safe, risky)
}

#[test]
fn expectations_are_exact_fractions_as_brute_force() {
    for faces in 1..=5 {
        for rounds in 0..=5u8 {
            let g = Dice { faces, known: None };
            for (max, obj) in [(true, Objective::Max), (false, Objective::Min)] {
                let want = brute_dice(&g, rounds, 1, max);
                let got = solve(&g, &(rounds, 1, 0), &obj, &Budget::unlimited()).unwrap();
                if rounds == 0 {
                    // No die is ever rolled: a whole total.
                    assert_eq!(got, Value::Total(0));
                } else {
                    assert_eq!(got, Value::Expected(want), "{faces} faces, {rounds} rounds");
                }
            }
        }
    }
    // One round of a 3-faced die: safe is 2, risky 2 on average; the first
    // of the equal moves is taken.
    let g = Dice {
        faces: 3,
        known: None,
    };
    let moves = analyze(&g, &(1, 1, 0), &Objective::Max, &Budget::unlimited()).unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0].value, Value::Expected(q(2, 1)));
    assert_eq!(moves[1].value, Value::Expected(q(2, 1)));
    // Two rounds, a 4-faced die: the last round is worth 5/2 (risky), or 5
    // doubled; so the first risky round banks 1 and 2 (5), keeps 3 (11/2)
    // and 4 (13/2): 22/4 = 11/2, more than safe (2 + 5/2).
    let g = Dice {
        faces: 4,
        known: None,
    };
    let v = solve(&g, &(2, 1, 0), &Objective::Max, &Budget::unlimited()).unwrap();
    assert_eq!(v, Value::Expected(q(11, 2)));
}

#[test]
fn known_dice_give_a_whole_total_and_a_line() {
    let g = Dice {
        faces: 6,
        known: Some(vec![1, 6, 3]),
    };
    // Three rounds: safe 2, or the dice 1, 6, 3 in turn (bank doubles).
    let b = Budget::unlimited();
    let v = solve(&g, &(3, 1, 0), &Objective::Max, &b).unwrap();
    // Best: bank the 1, keep the 6 doubled (12), then keep the 3 = 15.
    assert_eq!(v, Value::Total(15));
    let l = line(&g, &(3, 1, 0), &Objective::Max, 10, &b).unwrap();
    assert_eq!(l.names(), vec!["risky bank", "risky keep", "risky keep"]);
    assert_eq!(l.steps.iter().map(|s| s.reward).sum::<i64>(), 15);
    assert_eq!(
        solve(&g, &(3, 1, 0), &Objective::Min, &b).unwrap(),
        Value::Total(0)
    );
}

/// A maze: walls, a goal; the player steps up/right/down/left.
struct Maze {
    rows: i32,
    cols: i32,
    walls: Vec<bool>,
    goal: i32,
}

impl Model for Maze {
    type State = i32;
    fn players(&self) -> u8 {
        1
    }
    fn mover(&self, _: &i32) -> u8 {
        0
    }
    fn key(&self, s: &i32, out: &mut Vec<u64>) {
        out.push(*s as u64);
    }
    fn turn(&self, &at: &i32) -> Result<Turn<i32>, RunError> {
        if at == self.goal {
            return Ok(Turn::Ended {
                end: End::Win,
                stuck: false,
            });
        }
        let (r, c) = (at / self.cols, at % self.cols);
        let mut ch = Vec::new();
        for (dr, dc, w) in [
            (-1, 0, "up"),
            (0, 1, "right"),
            (1, 0, "down"),
            (0, -1, "left"),
        ] {
            let (nr, nc) = (r + dr, c + dc);
            if nr < 0 || nc < 0 || nr >= self.rows || nc >= self.cols {
                continue;
            }
            let to = nr * self.cols + nc;
            if !self.walls[to as usize] {
                ch.push((w.to_string(), go(to, 0)));
            }
        }
        if ch.is_empty() {
            return Ok(Turn::Ended {
                end: End::Stop,
                stuck: true,
            });
        }
        Ok(Turn::Moves(Node::Choice(ch)))
    }
}

fn bfs(m: &Maze, from: i32) -> Option<u32> {
    let mut dist = vec![u32::MAX; (m.rows * m.cols) as usize];
    let mut q = std::collections::VecDeque::from([from]);
    dist[from as usize] = 0;
    while let Some(x) = q.pop_front() {
        if x == m.goal {
            return Some(dist[x as usize]);
        }
        let (r, c) = (x / m.cols, x % m.cols);
        for (dr, dc) in [(-1, 0), (0, 1), (1, 0), (0, -1)] {
            let (nr, nc) = (r + dr, c + dc);
            if nr < 0 || nc < 0 || nr >= m.rows || nc >= m.cols {
                continue;
            }
            let to = nr * m.cols + nc;
            if !m.walls[to as usize] && dist[to as usize] == u32::MAX {
                dist[to as usize] = dist[x as usize] + 1;
                q.push_back(to);
            }
        }
    }
    None
}

#[test]
fn mazes_shortest_within_n_as_breadth_first_search() {
    let mut r = rng(5);
    let mut minus_one = 0;
    for _ in 0..200 {
        let (rows, cols) = (r.gen_range(1..=6), r.gen_range(1..=6));
        let walls: Vec<bool> = (0..rows * cols).map(|_| r.gen_bool(0.3)).collect();
        let goal = r.gen_range(0..rows * cols);
        let start = r.gen_range(0..rows * cols);
        let mut m = Maze {
            rows,
            cols,
            walls,
            goal,
        };
        m.walls[goal as usize] = false;
        m.walls[start as usize] = false;
        let within = r.gen_range(0..=12);
        let want = bfs(&m, start).filter(|&d| d <= within);
        minus_one += usize::from(want.is_none());
        let b = Budget::unlimited();
        let obj = Objective::Shortest { within };
        let v = solve(&m, &start, &obj, &b).unwrap();
        assert_eq!(v, Value::Shortest(want));
        assert_eq!(v.answer(), Some(want.map_or(-1, i64::from)));
        let l = line(&m, &start, &obj, 100, &b).unwrap();
        assert_eq!(l.steps.len() as u32, want.unwrap_or(0));
        if want.is_some() {
            assert_eq!(l.steps.last().map_or(start, |s| s.next), goal);
        }
        for mv in analyze(&m, &start, &obj, &b).unwrap() {
            if let Value::Shortest(Some(d)) = mv.value {
                assert!(d >= want.unwrap_or(u32::MAX).max(1));
            }
        }
    }
    assert!(minus_one > 20, "{minus_one}");
    // The start already won: 0.
    let m = Maze {
        rows: 1,
        cols: 3,
        walls: vec![false; 3],
        goal: 0,
    };
    let v = solve(
        &m,
        &0,
        &Objective::Shortest { within: 0 },
        &Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(v, Value::Shortest(Some(0)));
    // Two ways of 2 moves from the middle of a 3x3 room to a corner: the
    // first in move order (up before left).
    let m = Maze {
        rows: 3,
        cols: 3,
        walls: vec![false; 9],
        goal: 0,
    };
    let l = line(
        &m,
        &4,
        &Objective::Shortest { within: 5 },
        10,
        &Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(l.names(), vec!["up", "left"]);
}

/// A walk on a directed graph; a vertex without edges ends the game.
struct Walk {
    edges: Vec<Vec<u8>>,
}

impl Model for Walk {
    type State = u8;
    fn players(&self) -> u8 {
        1
    }
    fn mover(&self, _: &u8) -> u8 {
        0
    }
    fn key(&self, s: &u8, out: &mut Vec<u64>) {
        out.push(u64::from(*s));
    }
    fn turn(&self, &v: &u8) -> Result<Turn<u8>, RunError> {
        let e = &self.edges[usize::from(v)];
        if e.is_empty() {
            return Ok(Turn::Ended {
                end: End::Stop,
                stuck: true,
            });
        }
        Ok(Turn::Moves(Node::Choice(
            e.iter().map(|&w| (w.to_string(), go(w, 0))).collect(),
        )))
    }
}

/// The longest walk from `v`, or None when a cycle is reachable.
fn brute_longest(g: &Walk, v: u8, on: &mut Vec<u8>) -> Option<u64> {
    if on.contains(&v) {
        return None;
    }
    on.push(v);
    let mut best = Some(0);
    for &w in &g.edges[usize::from(v)] {
        best = match (best, brute_longest(g, w, on)) {
            (Some(b), Some(x)) => Some(b.max(x + 1)),
            _ => None,
        };
    }
    on.pop();
    best
}

#[test]
fn longest_walks_with_and_without_cycles() {
    let mut r = rng(17);
    let (mut forever, mut finite) = (0, 0);
    for i in 0..300 {
        let n = r.gen_range(1..=8u8);
        // Half the graphs acyclic (edges only to higher vertices).
        let edges = (0..n)
            .map(|v| {
                (0..r.gen_range(0..=3))
                    .filter_map(|_| {
                        let w = r.gen_range(0..n);
                        (i % 2 == 0 || w > v).then_some(w)
                    })
                    .collect()
            })
            .collect();
        let g = Walk { edges };
        let want = brute_longest(&g, 0, &mut Vec::new());
        let b = Budget::unlimited();
        let v = solve(&g, &0, &Objective::Longest, &b).unwrap();
        assert_eq!(v, Value::Longest(want), "{:?}", g.edges);
        // Each vertex expanded at most once.
        assert!(b.states() <= u64::from(n));
        match want {
            None => forever += 1,
            Some(d) => {
                finite += 1;
                let l = line(&g, &0, &Objective::Longest, 100, &b).unwrap();
                assert_eq!(l.steps.len() as u64, d);
            }
        }
    }
    assert!(forever > 30 && finite > 30, "{forever} {finite}");
    // The line of a game that goes on for ever walks into its cycle.
    let g = Walk {
        edges: vec![vec![1], vec![2], vec![1]],
    };
    let l = line(&g, &0, &Objective::Longest, 100, &Budget::unlimited()).unwrap();
    assert_eq!(l.names(), vec!["1", "2", "1"]);
    assert_eq!(
        solve(&g, &0, &Objective::Longest, &Budget::unlimited())
            .unwrap()
            .answer(),
        Some(-1)
    );
}

#[test]
fn a_cycle_under_max_score_is_endless() {
    let g = Walk {
        edges: vec![vec![1], vec![0]],
    };
    match solve(&g, &0, &Objective::Max, &Budget::unlimited()) {
        Err(SolveError::Run(e)) => assert_eq!(e.kind, RunErrorKind::Endless),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_transposition_heavy_walk_expands_each_position_once() {
    // A counter that goes up by 1 or 2 to 40, scoring what it adds: 2^40
    // lines, 41 positions.
    struct Climb;
    impl Model for Climb {
        type State = u32;
        fn players(&self) -> u8 {
            1
        }
        fn mover(&self, _: &u32) -> u8 {
            0
        }
        fn key(&self, s: &u32, out: &mut Vec<u64>) {
            out.push(u64::from(*s));
        }
        fn turn(&self, &n: &u32) -> Result<Turn<u32>, RunError> {
            if n >= 40 {
                return Ok(Turn::Ended {
                    end: End::Stop,
                    stuck: false,
                });
            }
            let mut ch = vec![("1".to_string(), go(n + 1, 1))];
            if n + 2 <= 40 {
                ch.push((
                    "2".to_string(),
                    Node::Leaf(Leaf {
                        next: n + 2,
                        reward: 3,
                        end: None,
                        printed: Vec::new(),
                    }),
                ));
            }
            Ok(Turn::Moves(Node::Choice(ch)))
        }
    }
    let b = Budget::unlimited();
    assert_eq!(
        solve(&Climb, &0, &Objective::Max, &b).unwrap(),
        Value::Total(60)
    );
    assert_eq!(b.states(), 41);
    let b = Budget::unlimited();
    assert_eq!(
        solve(&Climb, &0, &Objective::Longest, &b).unwrap(),
        Value::Longest(Some(40))
    );
    assert_eq!(b.states(), 41);
    let b = Budget::unlimited();
    assert_eq!(
        solve(&Climb, &0, &Objective::Shortest { within: 100 }, &b).unwrap(),
        Value::Shortest(None)
    );
    assert_eq!(b.states(), 41);
}

#[test]
fn a_repetition_deep_in_the_stack_is_found_as_a_shallow_one() {
    // A chain 0 → 1 → … → n-1 and one edge back from `from` to `to`: the
    // repeated position lies in the first frames of the search's stack
    // (found by a scan) or deeper (found in its set), on lines longer and
    // shorter than those first frames; without the edge back, no cycle.
    for n in [5u8, 31, 32, 33, 34, 60, 120] {
        let chain: Vec<Vec<u8>> = (0..n)
            .map(|v| if v + 1 < n { vec![v + 1] } else { Vec::new() })
            .collect();
        let g = Walk {
            edges: chain.clone(),
        };
        let b = Budget::unlimited();
        let v = solve(&g, &0, &Objective::Longest, &b).unwrap();
        assert_eq!(v, Value::Longest(Some(u64::from(n) - 1)), "chain of {n}");
        for (from, to) in [(n - 1, 0), (n - 1, n / 2), (n / 2, n / 3), (n - 1, n - 1)] {
            let mut edges = chain.clone();
            edges[usize::from(from)].push(to);
            // And a way out before the cycle: a vertex past the chain.
            edges[usize::from(to)].push(n);
            edges.push(Vec::new());
            let g = Walk { edges };
            let want = brute_longest(&g, 0, &mut Vec::new());
            assert_eq!(want, None);
            let v = solve(&g, &0, &Objective::Longest, &Budget::unlimited()).unwrap();
            assert_eq!(v, Value::Longest(want), "{n}: {from} → {to}");
        }
    }
}
