//! `moves`, `outcome` and `score` on small two-player games against brute
//! force.

use super::super::super::model::{End, Leaf, Model, Node, RunError, RunErrorKind, Turn};
use super::super::{analyze, line, solve, Objective, Outcome, SolveError, Value};
use super::go;
use crate::budget::Budget;
use crate::games::testkit::rng;
use rand::Rng;

/// A subtraction game: take one of `takes` from the heap; taking the last
/// counter wins (`last_wins`), else the player who cannot move loses.
struct Subtract {
    takes: Vec<u32>,
    last_wins: bool,
}

impl Model for Subtract {
    type State = (u32, u8);
    fn players(&self) -> u8 {
        2
    }
    fn mover(&self, s: &(u32, u8)) -> u8 {
        s.1
    }
    fn key(&self, s: &(u32, u8), out: &mut Vec<u64>) {
        out.push(u64::from(s.0) << 1 | u64::from(s.1));
    }
    fn turn(&self, &(n, p): &(u32, u8)) -> Result<Turn<(u32, u8)>, RunError> {
        let mut ch = Vec::new();
        for &t in &self.takes {
            if t <= n {
                let leaf = if n == t && self.last_wins {
                    Node::Leaf(Leaf {
                        next: (0, 1 - p),
                        reward: 0,
                        end: Some(End::Win),
                        printed: Vec::new(),
                    })
                } else {
                    go((n - t, 1 - p), 0)
                };
                ch.push((t.to_string(), leaf));
            }
        }
        if ch.is_empty() {
            return Ok(Turn::Ended {
                end: End::Lose,
                stuck: true,
            });
        }
        Ok(Turn::Moves(Node::Choice(ch)))
    }
}

/// Win fast, lose slow, by plain recursion: (mover wins, moves).
fn brute_moves(g: &Subtract, n: u32) -> (bool, u32) {
    let mut best: Option<(bool, u32)> = None;
    for &t in &g.takes {
        if t > n {
            continue;
        }
        let v = if n == t && g.last_wins {
            (true, 1)
        } else {
            let (w, m) = brute_moves(g, n - t);
            (!w, m + 1)
        };
        let better = match best {
            None => true,
            Some(b) => match (v.0, b.0) {
                (true, false) => true,
                (false, true) => false,
                (true, true) => v.1 < b.1,
                (false, false) => v.1 > b.1,
            },
        };
        if better {
            best = Some(v);
        }
    }
    best.unwrap_or((false, 0))
}

#[test]
fn subtraction_games_agree_with_brute_force() {
    let mut r = rng(7);
    for _ in 0..60 {
        let mut takes: Vec<u32> = (0..r.gen_range(1..=3))
            .map(|_| r.gen_range(1..=4))
            .collect();
        takes.sort();
        takes.dedup();
        let g = Subtract {
            takes,
            last_wins: r.gen_bool(0.5),
        };
        let n = r.gen_range(0..=14);
        let p = r.gen_range(0..=1u8);
        let b = Budget::unlimited();
        let (wins, moves) = brute_moves(&g, n);
        let winner = if wins { p } else { 1 - p };
        assert_eq!(
            solve(&g, &(n, p), &Objective::Moves, &b).unwrap(),
            Value::Moves {
                total: moves,
                winner
            }
        );
        assert_eq!(
            solve(&g, &(n, p), &Objective::Outcome, &b).unwrap(),
            Value::Outcome(Outcome::Win(winner))
        );
        let l = line(&g, &(n, p), &Objective::Moves, 100, &b).unwrap();
        assert_eq!(l.steps.len() as u32, moves);
    }
}

#[test]
fn take_one_to_three_heap_of_sixty_expands_few_positions() {
    let g = Subtract {
        takes: vec![1, 2, 3],
        last_wins: true,
    };
    let b = Budget::unlimited();
    let v = solve(&g, &(60, 0), &Objective::Outcome, &b).unwrap();
    // 60 is a multiple of 4: the mover loses.
    assert_eq!(v, Value::Outcome(Outcome::Win(1)));
    // 61 heaps x 2 movers; without the table the tree has ~10^16 nodes.
    assert!(b.states() <= 4 * 122, "{}", b.states());
    let moves = analyze(&g, &(5, 0), &Objective::Outcome, &b).unwrap();
    let names: Vec<_> = moves
        .iter()
        .map(|m| (m.words.join(" "), m.value.clone()))
        .collect();
    assert_eq!(
        names,
        vec![
            ("1".to_string(), Value::Outcome(Outcome::Win(0))),
            ("2".to_string(), Value::Outcome(Outcome::Win(1))),
            ("3".to_string(), Value::Outcome(Outcome::Win(1))),
        ]
    );
}

/// Take from either end of a row of numbers, scoring what is taken.
struct Ends {
    row: Vec<i64>,
}

impl Model for Ends {
    type State = (u8, u8, u8);
    fn players(&self) -> u8 {
        2
    }
    fn mover(&self, s: &(u8, u8, u8)) -> u8 {
        s.2
    }
    fn key(&self, s: &(u8, u8, u8), out: &mut Vec<u64>) {
        out.push(u64::from(s.0) | u64::from(s.1) << 8 | u64::from(s.2) << 16);
    }
    fn turn(&self, &(l, r, p): &(u8, u8, u8)) -> Result<Turn<(u8, u8, u8)>, RunError> {
        if l == r {
            return Ok(Turn::Ended {
                end: End::Stop,
                stuck: false,
            });
        }
        let (li, ri) = (usize::from(l), usize::from(r) - 1);
        Ok(Turn::Moves(Node::Choice(vec![
            ("left".into(), go((l + 1, r, 1 - p), self.row[li])),
            ("right".into(), go((l, r - 1, 1 - p), self.row[ri])),
        ])))
    }
}

fn brute_ends(row: &[i64]) -> i64 {
    match row {
        [] => 0,
        [x] => *x,
        _ => {
            let n = row.len();
            (row[0] - brute_ends(&row[1..])).max(row[n - 1] - brute_ends(&row[..n - 1]))
        }
    }
}

#[test]
fn take_from_the_ends_scores_as_brute_force() {
    let mut r = rng(11);
    for _ in 0..80 {
        let n = r.gen_range(0..=10);
        let row: Vec<i64> = (0..n).map(|_| r.gen_range(-5..=9)).collect();
        let p = r.gen_range(0..=1u8);
        let g = Ends { row: row.clone() };
        let s = (0, n as u8, p);
        let b = Budget::unlimited();
        let diff = brute_ends(&row);
        let want = if p == 0 { diff } else { -diff };
        assert_eq!(
            solve(&g, &s, &Objective::Score, &b).unwrap(),
            Value::Score(want),
            "{row:?}"
        );
        // The line's rewards add up to the answer.
        let l = line(&g, &s, &Objective::Score, 100, &b).unwrap();
        let mut sum = 0;
        for (i, st) in l.steps.iter().enumerate() {
            let mover = (usize::from(p) + i) % 2;
            sum += if mover == 0 { st.reward } else { -st.reward };
        }
        assert_eq!(sum, want, "{row:?}");
        assert_eq!(l.steps.len(), n);
    }
}

/// A token on a directed graph; the mover moves it along an edge. Some
/// vertices end the game at the start of a turn (`win`/`lose` for the
/// mover); no edge: stuck, a loss. Cycles are common.
struct Token {
    edges: Vec<Vec<u8>>,
    ends: Vec<Option<End>>,
}

impl Model for Token {
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
        let ch: Vec<_> = self.edges[usize::from(v)]
            .iter()
            .map(|&w| (w.to_string(), go((w, 1 - p), 0)))
            .collect();
        if ch.is_empty() {
            return Ok(Turn::Ended {
                end: End::Lose,
                stuck: true,
            });
        }
        Ok(Turn::Moves(Node::Choice(ch)))
    }
}

/// Win (1), draw (0), lose (-1) by exhaustive search over lines, a position
/// repeated on the line being a draw.
fn brute_outcome(g: &Token, s: (u8, u8), line: &mut Vec<(u8, u8)>) -> i64 {
    if line.contains(&s) {
        return 0;
    }
    if let Some(end) = g.ends[usize::from(s.0)] {
        return match end {
            End::Win => 1,
            End::Lose => -1,
            _ => 0,
        };
    }
    let edges = &g.edges[usize::from(s.0)];
    if edges.is_empty() {
        return -1;
    }
    line.push(s);
    let best = edges
        .iter()
        .map(|&w| -brute_outcome(g, (w, 1 - s.1), line))
        .max()
        .unwrap_or(-1);
    line.pop();
    best
}

fn random_token(r: &mut impl Rng) -> Token {
    let n = r.gen_range(2..=7);
    let edges = (0..n)
        .map(|_| {
            (0..r.gen_range(0..=3))
                .map(|_| r.gen_range(0..n) as u8)
                .collect()
        })
        .collect();
    let ends = (0..n)
        .map(|_| match r.gen_range(0..8) {
            0 => Some(End::Win),
            1 => Some(End::Lose),
            2 => Some(End::Draw),
            _ => None,
        })
        .collect();
    Token { edges, ends }
}

#[test]
fn outcome_on_graphs_with_cycles_agrees_with_exhaustive_search() {
    let mut r = rng(3);
    for _ in 0..400 {
        let g = random_token(&mut r);
        let s = (0, r.gen_range(0..=1u8));
        let want = match brute_outcome(&g, s, &mut Vec::new()) {
            1 => Outcome::Win(s.1),
            -1 => Outcome::Win(1 - s.1),
            _ => Outcome::Draw,
        };
        let got = solve(&g, &s, &Objective::Outcome, &Budget::unlimited()).unwrap();
        assert_eq!(got, Value::Outcome(want), "{:?} {:?}", g.edges, g.ends);
        // Every move's value, in move order.
        let moves = analyze(&g, &s, &Objective::Outcome, &Budget::unlimited()).unwrap();
        for (m, &w) in moves.iter().zip(&g.edges[0]) {
            let mut history = vec![s];
            let v = -brute_outcome(&g, (w, 1 - s.1), &mut history);
            let want = match v {
                1 => Outcome::Win(s.1),
                -1 => Outcome::Win(1 - s.1),
                _ => Outcome::Draw,
            };
            assert_eq!(
                m.value,
                Value::Outcome(want),
                "{:?} {:?} move {w}",
                g.edges,
                g.ends
            );
        }
    }
}

#[test]
fn moves_refuses_a_repetition_and_a_draw() {
    // 0 -> 1 -> 0: the players can shuffle for ever.
    let loopy = Token {
        edges: vec![vec![1], vec![0]],
        ends: vec![None, None],
    };
    match solve(&loopy, &(0, 0), &Objective::Moves, &Budget::unlimited()) {
        Err(SolveError::Run(RunError {
            kind: RunErrorKind::Endless,
            ..
        })) => {}
        other => panic!("{other:?}"),
    }
    // Under `outcome` the same game is a draw, and its score is 0.
    assert_eq!(
        solve(&loopy, &(0, 0), &Objective::Outcome, &Budget::unlimited()).unwrap(),
        Value::Outcome(Outcome::Draw)
    );
    assert_eq!(
        solve(&loopy, &(0, 0), &Objective::Score, &Budget::unlimited()).unwrap(),
        Value::Score(0)
    );
    let drawn = Token {
        edges: vec![vec![1], vec![]],
        ends: vec![None, Some(End::Draw)],
    };
    assert_eq!(
        solve(&drawn, &(0, 0), &Objective::Moves, &Budget::unlimited()),
        Err(SolveError::NoWinner(End::Draw))
    );
    // The wrong number of players is refused, not solved.
    assert!(matches!(
        solve(&drawn, &(0, 0), &Objective::Max, &Budget::unlimited()),
        Err(SolveError::Unsupported(_))
    ));
}

/// The ring game of a tester's report: (a, b) below `n`; a move adds 1 to
/// a or to b (below n - 1) or sets a to (7a + b) mod n; reaching
/// (n - 2, 3) wins. Cycles everywhere: the search met a repetition on
/// almost every line and could keep no value, so `n = 50` (5,000
/// positions) took over 30 M expansions.
struct Ring {
    n: u32,
}

impl Model for Ring {
    type State = (u32, u32, u8);
    fn players(&self) -> u8 {
        2
    }
    fn mover(&self, s: &(u32, u32, u8)) -> u8 {
        s.2
    }
    fn key(&self, s: &(u32, u32, u8), out: &mut Vec<u64>) {
        out.push(u64::from(s.0) << 33 | u64::from(s.1) << 1 | u64::from(s.2));
    }
    fn turn(&self, &(a, b, p): &(u32, u32, u8)) -> Result<Turn<(u32, u32, u8)>, RunError> {
        let n = self.n;
        let mut ch = Vec::new();
        let mut to = |k: u32, na: u32, nb: u32| {
            let end = (na == n - 2 && nb == 3).then_some(End::Win);
            let leaf = Leaf {
                next: (na, nb, 1 - p),
                reward: 0,
                end,
                printed: Vec::new(),
            };
            ch.push((k.to_string(), Node::Leaf(leaf)));
        };
        if a < n - 1 {
            to(1, a + 1, b);
        }
        if b < n - 1 {
            to(2, a, b + 1);
        }
        to(3, (a * 7 + b) % n, b);
        Ok(Turn::Moves(Node::Choice(ch)))
    }
}

/// The ring game's value by a plain search of every line (a repetition on
/// the line: a draw): 1, 0, -1 for the mover.
fn brute_ring(g: &Ring, s: (u32, u32, u8), line: &mut Vec<(u32, u32, u8)>) -> i64 {
    let Ok(Turn::Moves(Node::Choice(ch))) = g.turn(&s) else {
        unreachable!("every ring position has moves")
    };
    let mut best = -1;
    for (_, node) in ch {
        let Node::Leaf(l) = node else { continue };
        let v = if l.end.is_some() {
            1
        } else if line.contains(&l.next) {
            0
        } else {
            line.push(l.next);
            let c = -brute_ring(g, l.next, line);
            line.pop();
            c
        };
        best = best.max(v);
    }
    best
}

#[test]
fn games_full_of_cycles_are_solved_expanding_each_position_once() {
    // A small ring against the plain search of every line (exponential:
    // n = 5 takes 2.2 M nodes from one start), every start.
    for n in 4..=4 {
        let g = Ring { n };
        for a in 0..n {
            for b in 0..n {
                let s = (a, b, 0);
                let want = match brute_ring(&g, s, &mut vec![s]) {
                    1 => Outcome::Win(0),
                    -1 => Outcome::Win(1),
                    _ => Outcome::Draw,
                };
                let got = solve(&g, &s, &Objective::Outcome, &Budget::unlimited());
                assert_eq!(got, Ok(Value::Outcome(want)), "n {n} from {s:?}");
            }
        }
    }
    // n = 50: 5,000 positions; each expanded once, after the search met its
    // first repetition.
    let g = Ring { n: 50 };
    let budget = Budget::new(Some(12_000), None);
    let got = solve(&g, &(0, 0, 0), &Objective::Outcome, &budget);
    assert!(matches!(got, Ok(Value::Outcome(_))), "{got:?}");
    assert!(budget.states() <= 12_000);
}

/// On games with cycles, `line` follows the values: under `moves` its
/// length is the answer and it ends the game; under `outcome` a drawn game's
/// line ends on a repetition.
#[test]
fn lines_of_games_with_cycles_follow_their_values() {
    let mut r = rng(8);
    let (mut decided, mut drawn) = (0, 0);
    for _ in 0..400 {
        let g = random_token(&mut r);
        let s = (0, r.gen_range(0..=1u8));
        let b = Budget::unlimited();
        match solve(&g, &s, &Objective::Moves, &b) {
            Ok(Value::Moves { total, .. }) => {
                let l = line(&g, &s, &Objective::Moves, 100, &b).unwrap();
                let ends = l.ended.is_some() || l.steps.last().is_some_and(|st| st.end.is_some());
                assert!(ends, "{:?} {:?}", g.edges, g.ends);
                assert_eq!(l.steps.len() as u32, total, "{:?} {:?}", g.edges, g.ends);
                decided += 1;
            }
            _ => {
                if solve(&g, &s, &Objective::Outcome, &b) == Ok(Value::Outcome(Outcome::Draw)) {
                    let l = line(&g, &s, &Objective::Outcome, 100, &b).unwrap();
                    let mut seen = vec![s];
                    let repeated = l.steps.iter().any(|st| {
                        let again = seen.contains(&st.next);
                        seen.push(st.next);
                        again
                    });
                    let drawn_end = l.ended.is_some_and(|(e, _)| e == End::Draw)
                        || l.steps.last().is_some_and(|st| st.end == Some(End::Draw));
                    assert!(repeated || drawn_end, "{:?} {:?}", g.edges, g.ends);
                    drawn += 1;
                }
            }
        }
    }
    assert!(decided > 50 && drawn > 20, "{decided} {drawn}");
}
