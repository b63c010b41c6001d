//! `moves` on footholds (the hand-written model) against the native plain
//! reference: values, `analyze` and the line's length.

use super::super::footholds::Footholds;
use super::super::{analyze, line, solve, Objective, Value};
use crate::budget::Budget;
use crate::games::footholds::reference_solve;
use crate::games::footholds::rules::{Position, Steps};
use crate::games::testkit::{footholds_position, rng};

fn expected(pos: &Position) -> Value {
    let v = reference_solve(pos, &Budget::unlimited()).unwrap();
    let mover = match pos.to_move {
        crate::games::footholds::rules::Player::A => 0,
        crate::games::footholds::rules::Player::B => 1,
    };
    Value::Moves {
        total: v.moves,
        winner: if v.mover_wins { mover } else { 1 - mover },
    }
}

#[test]
fn the_kakao_examples() {
    let full = Position::full(3, 3, (1, 0), (1, 2), Steps::Orthogonal);
    let (m, s) = Footholds::new(&full).unwrap();
    let v = solve(&m, &s, &Objective::Moves, &Budget::unlimited()).unwrap();
    assert_eq!(
        v,
        Value::Moves {
            total: 5,
            winner: 0
        }
    );
    assert_eq!(v.answer(), Some(5));
    let l = line(&m, &s, &Objective::Moves, 100, &Budget::unlimited()).unwrap();
    assert_eq!(l.steps.len(), 5);
    // B, to move after the fifth move, has lost.
    assert!(l.ended.is_some());
}

#[test]
fn two_hundred_and_fifty_random_boards_agree_with_the_reference() {
    let mut r = rng(29);
    for case in 0..250 {
        let steps = if case % 5 == 4 {
            Steps::King
        } else {
            Steps::Orthogonal
        };
        let pos = footholds_position(&mut r, 4, steps, 0.5);
        let (m, s) = Footholds::new(&pos).unwrap();
        let b = Budget::unlimited();
        let want = expected(&pos);
        assert_eq!(
            solve(&m, &s, &Objective::Moves, &b).unwrap(),
            want,
            "{pos:?}"
        );
        let Value::Moves { total, .. } = want else {
            unreachable!()
        };
        let l = line(&m, &s, &Objective::Moves, 1000, &b).unwrap();
        assert_eq!(l.steps.len() as u32, total, "line of {pos:?}");
        // Each move's value is the reference's value of its position, one
        // move later.
        let moves = analyze(&m, &s, &Objective::Moves, &b).unwrap();
        assert_eq!(moves.len(), pos.legal_moves().len());
        let from = pos.cell_of(pos.to_move);
        for mv in &moves {
            let (dr, dc) = match mv.words.join(" ").as_str() {
                "up" => (-1, 0),
                "down" => (1, 0),
                "left" => (0, -1),
                "right" => (0, 1),
                "up-left" => (-1, -1),
                "up-right" => (-1, 1),
                "down-left" => (1, -1),
                "down-right" => (1, 1),
                other => panic!("{other}"),
            };
            let to = (
                from.0.wrapping_add_signed(dr),
                from.1.wrapping_add_signed(dc),
            );
            let next = pos.play(to).unwrap();
            let Value::Moves { total, winner } = expected(&next) else {
                unreachable!()
            };
            assert_eq!(
                mv.value,
                Value::Moves {
                    total: total + 1,
                    winner
                },
                "{pos:?} {to:?}"
            );
        }
        // The line starts with the first of the best moves in move order.
        if let Some(first) = l.steps.first() {
            let best = moves.iter().find(|m| m.value == want).unwrap();
            assert_eq!(first.words, best.words);
        }
    }
}

#[test]
fn the_table_expands_each_position_at_most_a_few_times() {
    // 4x4 full board, opposite corners: count the distinct positions the
    // plain reference can reach, and bound the engine's expansions by them.
    let pos = Position::full(4, 4, (0, 0), (3, 3), Steps::Orthogonal);
    let (m, s) = Footholds::new(&pos).unwrap();
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![pos.clone()];
    while let Some(p) = todo.pop() {
        if seen.insert(p.clone()) {
            for to in p.legal_moves() {
                todo.push(p.play(to).unwrap());
            }
        }
    }
    let b = Budget::unlimited();
    solve(&m, &s, &Objective::Moves, &b).unwrap();
    let reference = Budget::unlimited();
    reference_solve(&pos, &reference).unwrap();
    assert!(
        b.states() <= 2 * seen.len() as u64,
        "{} > 2 x {}",
        b.states(),
        seen.len()
    );
    assert!(
        b.states() * 2 < reference.states(),
        "{} vs {}",
        b.states(),
        reference.states()
    );
}
