use super::*;
use crate::budget::Budget;
use crate::games::stacking::rules::Sim;
use crate::games::stacking::solve::run;
use crate::games::testkit;

const SAMPLE_1: &str = "4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 2\n";
const WHITE_4: &str = "0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";

#[test]
fn reads_the_judge_format() {
    let s = read("4 1\n0 0 0 0\n0 1 0 0\n0 0 2 0\n0 0 0 0\n2 3 4\n")
        .unwrap()
        .setup;
    assert_eq!(s.colours[5], Colour::Red);
    assert_eq!(s.colours[10], Colour::Blue);
    assert_eq!(s.pieces, vec![((1, 2), Dir::Down)]);
    assert_eq!((s.stack, s.mover), (4, Mover::Any));
    for bad in [
        "4 1\n0 0 0",
        "1 1\n3\n1 1 1",
        "1 1\n0\n1 1 5",
        "2 2\n0 0 0 0\n1 1 1\n1 1 2",
        "99999999999999999999 1",
        "1 1\n0\n1 1 1\n7",
    ] {
        assert!(read(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn k_zero_is_refused_as_in_scripts() {
    let e = read("1 0\n0\n").unwrap_err();
    assert_eq!(e[0].code.as_str(), "meeple::number::range");
    assert_eq!(e[0].message, "judge input: K must be 1..1048576");
    assert_eq!(e[0].span(), Some(Span::new(2, 3)));
}

#[test]
fn errors_point_into_the_text() {
    let e = read("2 2\n0 0\n0 0\n1 1 1\n1 1 2\n").unwrap_err();
    assert_eq!(e[0].code.as_str(), "meeple::piece::shared_cell");
    assert_eq!(e[0].span(), Some(Span::new(18, 21)));
    assert_eq!(e[0].labels[1].0, Span::new(12, 17));
    let e = read("1 1\n0\n").unwrap_err();
    assert_eq!(e[0].span(), Some(Span::new(6, 6)));
}

#[test]
fn judge_samples_read_write_and_answer() {
    let cases = [
        (SAMPLE_1.to_string(), "-1\n"),
        (format!("4 4\n{WHITE_4}1 1 1\n1 2 1\n1 3 1\n1 4 1\n"), "1\n"),
        (format!("4 4\n{WHITE_4}1 1 1\n1 2 1\n1 3 1\n3 3 3\n"), "2\n"),
    ];
    for (text, want) in &cases {
        let case = read(text).unwrap();
        assert_eq!(instance(&case), Ok(()));
        assert_eq!(problem(&case), "BOJ 17837");
        assert_eq!(write(&case), *text);
        let out = run(&Sim::new(&case.setup), case.limit, &Budget::unlimited()).unwrap();
        assert_eq!(answer_line(&out), *want);
    }
}

#[test]
fn random_cases_round_trip() {
    let mut rng = testkit::rng(17837);
    for _ in 0..300 {
        let case = testkit::stacking_case(&mut rng, 13, 12);
        let text = write(&case);
        assert_eq!(read(&text).unwrap(), case, "{text}");
    }
}

#[test]
fn instances_name_what_differs() {
    let case = read(SAMPLE_1).unwrap();
    let mut other = case.clone();
    other.setup.stack = 3;
    assert!(matches!(instance(&other), Err(NotInstance::Rule(_))));
    other = case.clone();
    other.limit = None;
    assert!(instance(&other)
        .unwrap_err()
        .reason()
        .contains("no turn limit"));
    other = case.clone();
    other.setup.mover = Mover::Bottom;
    assert_eq!((instance(&other), problem(&other)), (Ok(()), "BOJ 17780"));
    let small = read("1 1\n0\n1 1 1\n").unwrap();
    let e = instance(&small).unwrap_err();
    assert!(e.is_limit() && e.reason().contains("N is 1"), "{e}");
}

/// Issue 32 item 3: a short board row is named by its line (before, its
/// colours ran on into the next row and row 3 was blamed); an off-board
/// piece says how the judge counts, not `rule origin`.
#[test]
fn short_rows_and_off_board_pieces_in_the_judges_terms() {
    let text = "3 1\n1 1 1\n1 1\n0 0 0\n1 1 1\n";
    let e = read(text).unwrap_err();
    assert!(
        e[0].message.contains("row 2 of the board has 2 colours"),
        "{e:?}"
    );
    let s = e[0].labels[0].0;
    assert_eq!(&text[s.start()..s.end()], "1 1");
    let e = read("2 1\n1 1\n1 1\n5 1 1\n").unwrap_err();
    let help = e[0].help.as_deref().unwrap_or("");
    assert!(
        !help.contains("origin") && help.contains("the judge counts rows 1..2"),
        "{help}"
    );
    // One line per row is still read as before.
    assert!(read("2 1\n1 1\n1 1\n1 1 1\n").is_ok());
}
