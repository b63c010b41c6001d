//! The memoised search (`memo`: a turn's shape kept in one preorder buffer,
//! buffers reused from frame to frame) against a plain recursion over the
//! turns' trees, on random acyclic games of nested choices, dice (equal and
//! unequal odds) and ends: the same value, `max` and `min`, and the same
//! value of each move at the start.

use super::super::super::model::{End, Leaf, Model, Node, Prob, RunError, Turn};
use super::super::{analyze, solve, Objective, Value};
use crate::budget::Budget;
use crate::games::testkit::rng;
use num_rational::BigRational;
use num_traits::Zero;
use rand::rngs::StdRng;
use rand::Rng;

/// Positions `0..turns.len()`; position `i`'s turn is `turns[i]` (`None`:
/// the game ended there), whose leaves go to later positions only.
struct Random {
    turns: Vec<Option<Node<usize>>>,
}

impl Model for Random {
    type State = usize;
    fn players(&self) -> u8 {
        1
    }
    fn mover(&self, _: &usize) -> u8 {
        0
    }
    fn key(&self, s: &usize, out: &mut Vec<u64>) {
        out.push(*s as u64);
    }
    fn turn(&self, s: &usize) -> Result<Turn<usize>, RunError> {
        Ok(match &self.turns[*s] {
            Some(n) => Turn::Moves(n.clone()),
            None => Turn::Ended {
                end: End::Stop,
                stuck: false,
            },
        })
    }
}

/// A random tree of the turn at `at` (of `n` positions), at most `depth`
/// deep.
fn tree(r: &mut StdRng, at: usize, n: usize, depth: u32) -> Node<usize> {
    let pick = if depth == 0 { 0 } else { r.gen_range(0..4) };
    match pick {
        0 | 1 if at + 1 < n && r.gen_range(0..5) > 0 => Node::Leaf(Leaf {
            next: r.gen_range(at + 1..n),
            reward: r.gen_range(-9..=9),
            end: None,
            printed: Vec::new(),
        }),
        0 | 1 => Node::Leaf(Leaf {
            next: at,
            reward: r.gen_range(-9..=9),
            end: Some(End::Stop),
            printed: Vec::new(),
        }),
        2 => Node::Choice(
            (0..r.gen_range(0..=3))
                .map(|k| (k.to_string(), tree(r, at, n, depth - 1)))
                .collect(),
        ),
        _ => {
            let odds: Vec<Prob> = if r.gen_range(0..4) == 0 {
                vec![Prob::new(1, 4), Prob::new(3, 4)]
            } else {
                let faces = r.gen_range(2..=3);
                vec![Prob::new(1, faces); faces as usize]
            };
            Node::Chance(
                odds.into_iter()
                    .map(|p| (p, tree(r, at, n, depth - 1)))
                    .collect(),
            )
        }
    }
}

/// The value of a tree straight from the definition (no memo).
fn plain(g: &Random, node: &Node<usize>, max: bool) -> BigRational {
    match node {
        Node::Leaf(l) => {
            let rest = match l.end {
                None => value_of(g, l.next, max),
                Some(_) => BigRational::zero(),
            };
            BigRational::from_integer(l.reward.into()) + rest
        }
        Node::Choice(bs) => bs
            .iter()
            .map(|(_, b)| plain(g, b, max))
            .reduce(|a, b| if (b > a) == max && b != a { b } else { a })
            .unwrap_or_else(BigRational::zero),
        Node::Chance(bs) => bs
            .iter()
            .map(|(p, b)| p.ratio() * plain(g, b, max))
            .fold(BigRational::zero(), |a, b| a + b),
    }
}

fn value_of(g: &Random, s: usize, max: bool) -> BigRational {
    match &g.turns[s] {
        Some(n) => plain(g, n, max),
        None => BigRational::zero(),
    }
}

/// The value of each move (each path of choices down to a leaf or a die)
/// below `node`, in move order.
fn move_values(g: &Random, node: &Node<usize>, max: bool, out: &mut Vec<BigRational>) {
    match node {
        Node::Choice(bs) => {
            for (_, b) in bs {
                move_values(g, b, max, out);
            }
        }
        other => out.push(plain(g, other, max)),
    }
}

fn frac(v: &Value) -> BigRational {
    match v {
        Value::Total(t) => BigRational::from_integer((*t).into()),
        Value::Expected(e) => e.clone(),
        other => panic!("not a total: {other:?}"),
    }
}

#[test]
fn memo_values_random_games_as_plain_recursion() {
    let mut r = rng(0x6d656d6f);
    let mut dice = 0;
    for round in 0..300 {
        let n = r.gen_range(1..=14);
        let turns: Vec<Option<Node<usize>>> = (0..n)
            .map(|at| (r.gen_range(0..6) > 0).then(|| tree(&mut r, at, n, 3)))
            .collect();
        let g = Random { turns };
        for (max, obj) in [(true, Objective::Max), (false, Objective::Min)] {
            let want = value_of(&g, 0, max);
            let got = solve(&g, &0, &obj, &Budget::unlimited()).unwrap();
            if matches!(got, Value::Expected(_)) {
                dice += 1;
            }
            assert_eq!(frac(&got), want, "round {round}, max {max}");
            // Each move at the start (none when a die comes first).
            if let Some(Node::Choice(bs)) = &g.turns[0] {
                let moves = analyze(&g, &0, &obj, &Budget::unlimited()).unwrap();
                let mut want = Vec::new();
                for (_, b) in bs {
                    move_values(&g, b, max, &mut want);
                }
                let got: Vec<BigRational> = moves.iter().map(|m| frac(&m.value)).collect();
                assert_eq!(got, want, "round {round}, max {max}");
            }
        }
    }
    // Dice were met in many of the games.
    assert!(dice > 100, "{dice}");
}
