//! Scenario-level behaviour of the game sessions, through the library API.

use meeple::interp::Event;
use meeple::syntax::dialect::Field;
use meeple::{run_source, Outcome};

/// The text lines of every answer of a script, per query.
fn answers(text: &str) -> Vec<Vec<String>> {
    let run = run_source("t.game", text);
    let Outcome::Ran(runs) = &run.outcome else {
        panic!("invalid: {}", crate::common::shown(&run));
    };
    runs.iter()
        .flat_map(|r| r.events.iter())
        .filter_map(|e| match e {
            Event::Answer { answer, .. } => Some(meeple::render::text::lines(answer)),
            Event::Error(d) => panic!("{d:?}"),
            _ => None,
        })
        .collect()
}

const SAMPLE_1: &str = "4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 2\n";

fn stacking_after(steps: &str) -> Vec<String> {
    let text = format!(
        "scenario \"s\" {{ game stacking rule limit none input \"\"\"{SAMPLE_1}\"\"\" {steps} show }}"
    );
    let mut a = answers(&text).pop().unwrap();
    a.retain(|l| !l.starts_with("after turn"));
    a
}

#[test]
fn skipping_whole_cycles_lands_on_the_same_position() {
    // Sample 1 cycles from turn 48 with period 4.
    let far = stacking_after("step 1000000000000");
    let near = stacking_after("step 52");
    assert_eq!(far, near);
    let far = stacking_after("step 1000000000001");
    let near = stacking_after("step 53");
    assert_eq!(far, near);
    assert_ne!(stacking_after("step 53"), stacking_after("step 52"));
    // Step by step agrees with one big step.
    assert_eq!(stacking_after("step 30 step 23"), stacking_after("step 53"));
    assert_eq!(stacking_after("step 70 undo"), stacking_after(""));
}

#[test]
fn footholds_play_and_undo_change_the_answer() {
    let base =
        "game footholds board { 1 1 1\n 1 1 1\n 1 1 1\n } piece A at (1, 0) piece B at (1, 2)";
    let a = answers(&format!(
        "scenario \"f\" {{ {base} solve play A right solve undo solve }}"
    ));
    assert_eq!(a[0][0], "A wins after 5 moves in all");
    // After A's optimal first move, B is to move and loses after 4 more moves.
    assert_eq!(a[1][0], "A wins after 4 more moves (5 in all)");
    assert_eq!(a[2], a[0]);
    // A bad first move for A: the line still ends with a winner, and analyze ranks it lower.
    let an = answers(&format!("scenario \"f\" {{ {base} analyze }}"));
    assert!(an[0][1].contains("wins in 5"), "{:?}", an[0]);
}

#[test]
fn footholds_rules_first_b_and_origin_1() {
    let a = answers(
        "scenario \"f\" { game footholds rule first B rule origin 1 board [[1,1,1,1,1]] piece A at (1, 1) piece B at (1, 5) solve line }",
    );
    // B moves first on a corridor of 5: the mirror image of example 3, so A wins in 4.
    assert_eq!(a[0][0], "A wins after 4 moves in all");
    assert!(a[1][0].contains("B left (1, 5) → (1, 4)"), "{:?}", a[1]);
}

#[test]
fn yut_play_piece_keeps_the_score() {
    let a = answers(
        "scenario \"y\" { game yut board yut dice 1 2 3 4 1 2 3 4 1 2 solve play piece 1 play piece 2 solve undo undo solve }",
    );
    assert_eq!(a[0][0], "best total score 190");
    assert_eq!(a[2][0], "best total score 190");
    assert!(a[1][0].starts_with("best total score "), "{:?}", a[1]);
}

/// The typed stacking answers of a script, in order.
fn stacking_answers(text: &str) -> Vec<meeple::games::stacking::Answer> {
    let run = run_source("t.game", text);
    let Outcome::Ran(runs) = &run.outcome else {
        panic!("invalid: {}", crate::common::shown(&run));
    };
    runs.iter()
        .flat_map(|r| r.events.iter())
        .filter_map(|e| match e {
            Event::Answer { answer, .. } => {
                match answer.downcast_ref::<meeple::games::stacking::Answer>() {
                    Some(a) => Some(a.clone()),
                    None => panic!("not stacking: {answer:?}"),
                }
            }
            Event::Error(d) => panic!("{d:?}"),
            _ => None,
        })
        .collect()
}

#[test]
fn stacking_answers_hold_positions_and_the_outcome() {
    use meeple::games::stacking::answer::{Answer, Position};
    use meeple::games::stacking::rules::{Colour, Dir};
    use meeple::games::stacking::solve::Outcome as End;
    use meeple::games::FieldValue;
    // Pieces 1..4 face right on a white row: turn 1 piles them on (1, 4)
    // (origin 1), piece 4 at the bottom, and the game ends.
    let text = "scenario \"s\" { game stacking rule origin 1 board [[0, 0, 0, 0, 2]]
        piece 1 at (1, 1) facing right piece 2 at (1, 2) facing right
        piece 3 at (1, 3) facing right piece 4 at (1, 4) facing right
        solve expect answer 1 expect turn 1 expect cycle no line step show }";
    let a = stacking_answers(text);
    let Answer::Solve(solved) = &a[0] else {
        panic!("{:?}", a[0])
    };
    assert_eq!(solved.outcome, End::Ended { turn: 1 });
    // The fields are what the three `expect` lines read (they held).
    assert_eq!(
        meeple::games::Answer::new(a[0].clone()).fields(),
        [
            (Field::Answer, FieldValue::Int(1)),
            (Field::Turn, FieldValue::Int(1)),
            (Field::Cycle, FieldValue::Word("no".into()))
        ]
    );
    let Answer::Line(line) = &a[1] else {
        panic!("{:?}", a[1])
    };
    assert_eq!(
        (line.board.rows, line.board.cols, line.board.origin),
        (1, 5, 1)
    );
    assert_eq!(line.board.colour((0, 4)), Colour::Blue);
    assert_eq!((line.start.turn, line.start.stacks.len()), (0, 4));
    assert_eq!(line.cut, None);
    let last: &Position = line.turns.last().unwrap();
    assert_eq!(line.turns.len(), 1);
    assert!(last.ends_here());
    // Cells are 0-based; the pile's pieces bottom to top.
    assert_eq!(last.stacks.len(), 1);
    assert_eq!(last.stacks[0].cell, (0, 3));
    let pile: Vec<u32> = last.stacks[0].pieces.iter().map(|p| p.number).collect();
    assert_eq!(pile, [4, 3, 2, 1]);
    let Answer::Show(show) = &a[2] else {
        panic!("{:?}", a[2])
    };
    assert_eq!(show.position.ended_on, Some(1));
    let placed = show.position.pieces();
    assert_eq!(placed.len(), 4);
    assert!(placed
        .iter()
        .all(|p| p.cell == (0, 3) && p.dir == Dir::Right));
    assert_eq!(placed[0].height, 3);
}
