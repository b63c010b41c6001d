//! Typed answers, read through the public API: each game's answer values
//! agree with the rules and with what `expect` reads.

mod footholds {
    use meeple::games::footholds::answer::*;
    use meeple::games::footholds::rules::Player;
    use meeple::games::FieldValue;
    use meeple::interp::Event;
    use meeple::syntax::ast::Heading;
    use meeple::syntax::dialect::Field;
    use meeple::{run_source, Outcome};

    /// The footholds answers of a script, in order.
    fn answers(text: &str) -> Vec<Answer> {
        let run = run_source("t.game", text);
        let Outcome::Ran(runs) = &run.outcome else {
            panic!("invalid: {}", crate::common::shown(&run));
        };
        runs.iter()
            .flat_map(|r| r.events.iter())
            .filter_map(|e| match e {
                Event::Answer { answer, .. } => answer.downcast_ref::<Answer>().cloned(),
                Event::Error(d) => panic!("{d:?}"),
                _ => None,
            })
            .collect()
    }

    /// The judge's first example: A wins after 5 moves (first `right`).
    const KAKAO_1: &str = "game footholds board {\n1 1 1\n1 1 1\n1 1 1\n}\n\
                           piece A at (1, 0) piece B at (1, 2)";

    #[test]
    fn line_alternates_players_and_ends_with_the_loser_stuck() {
        let [Answer::Line(line)] = &answers(&format!("scenario \"l\" {{ {KAKAO_1} line }}"))[..]
        else {
            panic!("not one line");
        };
        assert_eq!(line.moves.len(), 5);
        let mut to_move = Player::A;
        let mut at = line.start.clone();
        for m in &line.moves {
            assert_eq!(m.player, to_move);
            assert_eq!(m.from, if to_move == Player::A { at.a } else { at.b });
            assert!(m.heading.is_some(), "{m:?} is a one-cell step");
            assert_eq!(at.play(m.to).as_ref(), Some(&m.after));
            at = m.after.clone();
            to_move = to_move.other();
        }
        assert_eq!(line.end().to_move, line.loser);
        assert!(line.end().legal_moves().is_empty());
        assert_eq!(line.winner(), Player::A);
        assert_eq!(Loss::of(line.end()), line.loss);
    }

    #[test]
    fn solve_fields_are_what_expect_reads() {
        let script = format!(
            "scenario \"s\" {{ {KAKAO_1} play A up solve \
             expect answer 6 expect moves 5 expect winner B }}"
        );
        let run = run_source("t.game", &script);
        let Outcome::Ran(runs) = &run.outcome else {
            panic!("invalid");
        };
        assert!(runs[0].passed(), "{:?}", runs[0].events);
        let [Answer::Solve(s)] = &answers(&script)[..] else {
            panic!("not one solve");
        };
        assert_eq!((s.played, s.moves, s.winner), (1, 5, Player::B));
        assert_eq!(
            Answer::Solve(s.clone()).fields(),
            vec![
                (Field::Answer, FieldValue::Int(6)),
                (Field::Moves, FieldValue::Int(5)),
                (Field::Winner, FieldValue::Word("B".into())),
            ]
        );
    }

    #[test]
    fn analyze_puts_the_best_move_first_and_stuck_says_why() {
        let got = answers(&format!(
            "scenario \"a\" {{ {KAKAO_1} analyze }}\n\
             scenario \"z\" {{ game footholds board {{\n1 0\n0 1\n}}\n\
             piece A at (0, 0) piece B at (1, 1) analyze show }}"
        ));
        let [Answer::Analyze(a), Answer::Stuck(z), Answer::Show(show)] = &got[..] else {
            panic!("{got:?}");
        };
        assert_eq!((a.mover, a.from), (Player::A, (1, 0)));
        let best = &a.moves[0];
        assert_eq!(
            (best.to, best.heading, best.wins, best.moves),
            ((1, 1), Some(Heading::Right), true, 5)
        );
        assert!(a.moves[1..].iter().all(|c| !c.wins && c.moves == 6));
        assert_eq!((z.loser, z.loss), (Player::A, Loss::Blocked));
        assert_eq!((show.position.a, show.position.b), ((0, 0), (1, 1)));
    }

    #[test]
    fn partial_show_names_the_missing_players() {
        let got = answers(
            "scenario \"p\" { game footholds rule origin 1 board {\n1 1\n} \
             piece B at (1, 2) show }",
        );
        let [Answer::Partial(p)] = &got[..] else {
            panic!("{got:?}");
        };
        assert_eq!((p.origin, p.a, p.b), (1, None, Some((0, 1))));
        assert_eq!(p.missing(), vec![Player::A]);
        let json = serde_json::to_value(Answer::Partial(p.clone())).unwrap();
        assert_eq!(json["query"], "partial");
        assert_eq!(json["b"], serde_json::json!([0, 1]));
    }
}

mod yut {
    use meeple::games::yut::answer::*;
    use meeple::games::FieldValue;
    use meeple::interp::Event;
    use meeple::syntax::dialect::Field;
    use meeple::{run_source, Outcome};
    use num_rational::BigRational;

    /// The yut answers of a one-scenario script, in order.
    fn answers(body: &str) -> Vec<Answer> {
        let run = run_source("t.game", &format!("scenario \"y\" {{ game yut {body} }}"));
        let Outcome::Ran(runs) = &run.outcome else {
            panic!("invalid script");
        };
        runs.iter()
            .flat_map(|r| r.events.iter())
            .filter_map(|e| match e {
                Event::Answer { answer, .. } => answer.downcast_ref::<Answer>().cloned(),
                Event::Error(d) => panic!("{d:?}"),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_line_moves_one_piece_per_roll_and_ends_on_the_best_total() {
        let a = answers("rule pieces 2 board yut dice 1 2 3 4 1 2 3 4 1 2 play piece 1 line solve");
        let [Answer::Line(line), Answer::Solve(solve)] = a.as_slice() else {
            panic!("{a:?}");
        };
        assert_eq!(line.scored, 2);
        assert_eq!(line.position.pieces[0].name, "2");
        let mut at = line.position.pieces.clone();
        let mut total = line.scored;
        for (i, s) in line.steps.iter().enumerate() {
            assert_eq!(s.number, i + 2, "the first roll was played");
            assert_eq!(s.from, at[s.piece]);
            assert_eq!(s.score, s.to.score);
            total += i128::from(s.score);
            assert_eq!(s.total, total);
            at[s.piece] = s.to.clone();
            assert_eq!(s.after, at);
        }
        assert_eq!(line.steps.len() + line.skipped, solve.rolls.len());
        assert_eq!(line.total(), solve.total());
    }

    #[test]
    fn solve_fields_are_what_expect_reads() {
        let a = answers("board yut dice 1 2 3 4 1 2 3 4 1 2 solve expect answer 190");
        let [Answer::Solve(s)] = a.as_slice() else {
            panic!("{a:?}");
        };
        assert_eq!((s.scored, s.used, s.best), (0, 0, 190));
        assert_eq!(
            a[0].fields(),
            [
                (Field::Answer, FieldValue::Int(190)),
                (Field::Score, FieldValue::Int(190))
            ]
        );
        let a = answers("board yut dice uniform 1..2 x 1 solve expect expected 3");
        let want = BigRational::from_integer(3.into());
        assert_eq!(a[0].fields(), [(Field::Expected, FieldValue::Ratio(want))]);
    }

    #[test]
    fn random_tables_cover_the_die_and_mark_the_best_piece() {
        let a = answers("rule pieces 2 board yut dice uniform 1..7 x 3 analyze line");
        let [Answer::AnalyzeRandom(r), Answer::LineRandom(l)] = a.as_slice() else {
            panic!("{a:?}");
        };
        assert_eq!(r.classes.len(), l.classes.len());
        let mut next = 1;
        for c in &r.classes {
            assert_eq!(c.first, next);
            next = c.last + 1;
            let best = c.best.expect("a piece on start can always move");
            let top = c.pieces.iter().filter_map(|p| p.expected.as_ref()).max();
            assert_eq!(c.pieces[best].expected.as_ref(), top);
            assert!(c.pieces[best].to.is_some());
        }
        assert_eq!(next, 8);
    }

    #[test]
    fn analyze_after_the_last_roll_has_no_rolls_left() {
        let a = answers("board yut dice 5 analyze play piece 1 analyze");
        let [Answer::Analyze(first), Answer::NoRollsLeft(last)] = a.as_slice() else {
            panic!("{a:?}");
        };
        assert_eq!(first.roll, 5);
        assert_eq!(first.best(), Some(10));
        assert_eq!(
            first.pieces[0].to.as_ref().map(|s| s.id),
            last.position.squares().first().copied()
        );
        assert_eq!(last.scored, 10);
        assert!(matches!(&last.rolls, Some(RollsLeft::Fixed { rolls }) if rolls.is_empty()));
    }
}
