//! The two-player search's table on games with many transpositions (one
//! position reached by many lines, in many windows): `score`, `outcome`
//! and `moves` against plain minimax on random acyclic games, and each
//! position expanded at most twice.

use super::super::super::model::{End, Leaf, Model, Node, RunError, Turn};
use super::super::{analyze, line, solve, Objective, Outcome, Value};
use crate::budget::Budget;
use crate::games::testkit::rng;
use rand::Rng;

/// An edge: to vertex `to`, scoring `reward` for the mover, perhaps ending
/// the game.
#[derive(Clone, Debug)]
struct Edge {
    to: u8,
    reward: i64,
    end: Option<End>,
}

/// A token on an acyclic graph (edges go to higher vertices), the players
/// moving it in turn. A vertex may end the game at the start of a turn; a
/// vertex without edges is a stuck mover, who loses.
#[derive(Debug)]
struct Dag {
    edges: Vec<Vec<Edge>>,
    ends: Vec<Option<End>>,
}

impl Model for Dag {
    type State = (u8, u8);
    fn players(&self) -> u8 {
        2
    }
    fn mover(&self, s: &(u8, u8)) -> u8 {
        s.1
    }
    fn key(&self, s: &(u8, u8), out: &mut Vec<u64>) {
        out.push(u64::from(s.0) << 1 | u64::from(s.1));
    }
    fn turn(&self, &(v, p): &(u8, u8)) -> Result<Turn<(u8, u8)>, RunError> {
        if let Some(end) = self.ends[usize::from(v)] {
            return Ok(Turn::Ended { end, stuck: false });
        }
        let edges = &self.edges[usize::from(v)];
        if edges.is_empty() {
            return Ok(Turn::Ended {
                end: End::Lose,
                stuck: true,
            });
        }
        let ch = edges
            .iter()
            .enumerate()
            .map(|(k, e)| {
                let leaf = Leaf {
                    next: (e.to, 1 - p),
                    reward: e.reward,
                    end: e.end,
                    printed: Vec::new(),
                };
                (format!("e{k}"), Node::Leaf(leaf))
            })
            .collect();
        Ok(Turn::Moves(Node::Choice(ch)))
    }
}

/// A random acyclic game of 4 to 14 vertices, dense enough that most
/// vertices are reached by several lines. `wins_only`: every end is a win
/// or a loss (for `moves`).
fn random_dag(r: &mut impl Rng, wins_only: bool) -> Dag {
    let n = r.gen_range(4..=14usize);
    let mut edges = Vec::new();
    let mut ends = Vec::new();
    for i in 0..n {
        let mut out = Vec::new();
        if i + 1 < n {
            for _ in 0..r.gen_range(1..=3) {
                out.push(Edge {
                    to: r.gen_range(i + 1..n) as u8,
                    reward: r.gen_range(-5..=9),
                    end: (r.gen_range(0..6) == 0).then(|| random_end(r, wins_only)),
                });
            }
        }
        edges.push(out);
        ends.push((i > 0 && r.gen_range(0..6) == 0).then(|| random_end(r, wins_only)));
    }
    Dag { edges, ends }
}

fn random_end(r: &mut impl Rng, wins_only: bool) -> End {
    match r.gen_range(0..4) {
        1 => End::Lose,
        2 if !wins_only => End::Draw,
        3 if !wins_only => End::Stop,
        _ => End::Win,
    }
}

/// `score`: the mover's sum minus the opponent's, by plain minimax.
fn brute_score(g: &Dag, v: u8) -> i64 {
    if g.ends[usize::from(v)].is_some() {
        return 0;
    }
    g.edges[usize::from(v)]
        .iter()
        .map(|e| match e.end {
            Some(_) => e.reward,
            None => e.reward - brute_score(g, e.to),
        })
        .max()
        .unwrap_or(0)
}

fn of(end: End) -> i64 {
    match end {
        End::Win => 1,
        End::Lose => -1,
        End::Draw | End::Stop => 0,
    }
}

/// `outcome`: 1, 0 or -1 for the mover, by plain minimax.
fn brute_outcome(g: &Dag, v: u8) -> i64 {
    if let Some(end) = g.ends[usize::from(v)] {
        return of(end);
    }
    g.edges[usize::from(v)]
        .iter()
        .map(|e| match e.end {
            Some(end) => of(end),
            None => -brute_outcome(g, e.to),
        })
        .max()
        .unwrap_or(-1)
}

/// `moves`: (the mover wins, moves to the end), winning fast and losing
/// slow, by plain minimax.
fn brute_moves(g: &Dag, v: u8) -> (bool, u32) {
    if let Some(end) = g.ends[usize::from(v)] {
        return (end == End::Win, 0);
    }
    let rank = |(w, t): (bool, u32)| {
        if w {
            -i64::from(t)
        } else {
            i64::from(t) - 1000
        }
    };
    g.edges[usize::from(v)]
        .iter()
        .map(|e| match e.end {
            Some(end) => (end == End::Win, 1),
            None => {
                let (w, t) = brute_moves(g, e.to);
                (!w, t + 1)
            }
        })
        .max_by_key(|&x| rank(x))
        .unwrap_or((false, 0))
}

fn as_moves((wins, total): (bool, u32), mover: u8) -> Value {
    Value::Moves {
        total,
        winner: if wins { mover } else { 1 - mover },
    }
}

fn as_outcome(v: i64, mover: u8) -> Value {
    Value::Outcome(match v {
        1 => Outcome::Win(mover),
        -1 => Outcome::Win(1 - mover),
        _ => Outcome::Draw,
    })
}

/// Each objective's value at `v` by plain minimax, for the player `mover`.
fn brute(g: &Dag, v: u8, mover: u8, objective: &Objective) -> Value {
    match objective {
        Objective::Score => {
            let x = brute_score(g, v);
            Value::Score(if mover == 0 { x } else { -x })
        }
        Objective::Outcome => as_outcome(brute_outcome(g, v), mover),
        _ => as_moves(brute_moves(g, v), mover),
    }
}

/// The value of the move along `e` for its mover `mover`.
fn brute_move(g: &Dag, e: &Edge, mover: u8, objective: &Objective) -> Value {
    match (objective, e.end) {
        (Objective::Score, end) => {
            let x = e.reward
                - if end.is_some() {
                    0
                } else {
                    brute_score(g, e.to)
                };
            Value::Score(if mover == 0 { x } else { -x })
        }
        (Objective::Outcome, Some(end)) => as_outcome(of(end), mover),
        (Objective::Outcome, None) => as_outcome(-brute_outcome(g, e.to), mover),
        (_, Some(end)) => as_moves((end == End::Win, 1), mover),
        (_, None) => {
            let (w, t) = brute_moves(g, e.to);
            as_moves((!w, t + 1), mover)
        }
    }
}

#[test]
fn solve_and_analyze_agree_with_plain_minimax_on_random_acyclic_games() {
    let mut r = rng(30);
    for objective in [Objective::Score, Objective::Outcome, Objective::Moves] {
        for _ in 0..300 {
            let g = random_dag(&mut r, objective == Objective::Moves);
            let p = r.gen_range(0..=1u8);
            let s = (0, p);
            let b = Budget::unlimited();
            let want = brute(&g, 0, p, &objective);
            assert_eq!(solve(&g, &s, &objective, &b).unwrap(), want, "{g:?}");
            let moves = analyze(&g, &s, &objective, &b).unwrap();
            assert_eq!(moves.len(), g.edges[0].len());
            for (m, e) in moves.iter().zip(&g.edges[0]) {
                assert_eq!(m.value, brute_move(&g, e, p, &objective), "{g:?} {e:?}");
            }
            // The principal line keeps the start's value: the same winner,
            // one move fewer to go per step, the rewards adding up to it.
            let l = line(&g, &s, &objective, 100, &b).unwrap();
            let (mut at, mut mover, mut sum) = (0u8, p, 0i64);
            for (i, st) in l.steps.iter().enumerate() {
                let e = g.edges[usize::from(at)]
                    .iter()
                    .find(|e| {
                        (e.to, 1 - mover, e.reward, e.end)
                            == (st.next.0, st.next.1, st.reward, st.end)
                    })
                    .expect("a step along an edge");
                let here = brute_move(&g, e, mover, &objective);
                match (&want, here) {
                    (
                        Value::Moves { total, winner },
                        Value::Moves {
                            total: t,
                            winner: w,
                        },
                    ) => {
                        assert_eq!((t, w), (total - i as u32, *winner), "{g:?}");
                    }
                    (Value::Outcome(o), h) => assert_eq!(h, Value::Outcome(*o), "{g:?}"),
                    _ => {}
                }
                sum += if mover == 0 { st.reward } else { -st.reward };
                at = e.to;
                mover = 1 - mover;
            }
            if let Value::Score(x) = want {
                assert_eq!(sum, x, "{g:?}");
            }
        }
    }
}

/// Take a card from either end of a row; the mover scores it.
struct Row(Vec<i64>);

impl Model for Row {
    type State = (u16, u16);
    fn players(&self) -> u8 {
        2
    }
    fn mover(&self, s: &(u16, u16)) -> u8 {
        ((s.0 + (self.0.len() as u16 - s.1)) % 2) as u8
    }
    fn key(&self, s: &(u16, u16), out: &mut Vec<u64>) {
        out.push(u64::from(s.0) << 16 | u64::from(s.1));
    }
    fn turn(&self, &(l, r): &(u16, u16)) -> Result<Turn<(u16, u16)>, RunError> {
        if l == r {
            return Ok(Turn::Ended {
                end: End::Stop,
                stuck: false,
            });
        }
        let (li, ri) = (usize::from(l), usize::from(r) - 1);
        Ok(Turn::Moves(Node::Choice(vec![
            ("left".into(), super::go((l + 1, r), self.0[li])),
            ("right".into(), super::go((l, r - 1), self.0[ri])),
        ])))
    }
}

/// BOJ 11062's game at N = 150: 11,476 positions (every interval, the empty
/// ones at the end), each searched in many windows. The table's bounds
/// make a position met again in a window they do not settle come out
/// exact, so each is expanded at most twice (the old table, one bound per
/// position, made 41,673 expansions here: 3.6 per position).
#[test]
fn take_from_either_end_expands_each_position_at_most_twice() {
    let mut r = rng(11062);
    let n = 150usize;
    let row: Vec<i64> = (0..n).map(|_| r.gen_range(1..=10_000)).collect();
    let g = Row(row.clone());
    let b = Budget::unlimited();
    let got = solve(&g, &(0, n as u16), &Objective::Score, &b).unwrap();
    // The interval programme: best[i][j] for the mover on cards i..j.
    let mut best = vec![vec![0i64; n + 1]; n + 1];
    for len in 1..=n {
        for i in 0..=n - len {
            let j = i + len;
            best[i][j] = (row[i] - best[i + 1][j]).max(row[j - 1] - best[i][j - 1]);
        }
    }
    assert_eq!(got, Value::Score(best[0][n]));
    let positions = (n + 1) * (n + 2) / 2;
    assert!(
        b.states() <= 2 * positions as u64,
        "{} expansions for {positions} positions",
        b.states()
    );
}
