//! The judge codec of yut (BOJ 17825, "Dice yut"): its input, the rolls on
//! one line (`1 2 3 4 1 2 3 4 1 2`), and its answer.
//!
//! The position type is [`Setup`]: the judge's text holds only the rolls, so
//! [`read`] gives the judge's board and pieces with them, and [`instance`]
//! says whether a setup is the judge's problem.

use super::lower::roll_value;
use crate::error::{Code, Diag, Diags};
use crate::games::judge_text;
use crate::games::not_instance::{limit, rule, NotInstance};
use crate::limits::LIST_WORDS;
use crate::syntax::ast::{Int, Span};

/// The judge's number of rolls.
pub const ROLLS: usize = 10;
/// The judge's die: faces 1..=5.
pub const FACES: u64 = 5;
/// The judge's number of pieces.
pub const PIECES: usize = 4;

/// A yut game with known rolls, from its start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Played on the built-in BOJ 17825 board (`board yut`), not on a
    /// user's `track`. Whoever builds a setup from a scenario says which.
    pub standard_board: bool,
    /// Pieces, all on the start (`rule pieces`).
    pub pieces: usize,
    /// The rolls in order, each at least 1.
    pub rolls: Vec<u64>,
}

/// Read the rolls of a judge input as written, with their spans relative to
/// the start of `text`: any number of them (at least one) of any value;
/// [`read`] checks the values.
pub fn read_rolls(text: &str) -> Result<Vec<Int>, Diags> {
    // Counted before any is built: as many as a `dice` statement takes.
    let mut past = crate::syntax::Bytes {
        text,
        at: judge_text::prefix(text, LIST_WORDS).len(),
    };
    past.blank();
    if past.at < text.len() {
        let end = past.at + judge_text::prefix(&text[past.at..], 1).len();
        return Err(vec![Diag::new(
            Code::SourceTooMany,
            format!("judge input: more than {LIST_WORDS} rolls"),
        )
        .label(
            Span::new(past.at, end),
            format!("roll {} is here", LIST_WORDS + 1),
        )
        .help(format!(
            "meeple reads at most {LIST_WORDS} rolls, as in a `dice` statement"
        ))]);
    }
    let ints = judge_text::ints(text)?;
    if ints.is_empty() {
        return Err(vec![Diag::new(Code::InputFormat, "judge input: no rolls")
            .label(Span::new(0, text.len()), "empty")
            .help(
                "the judge input is the rolls on one line, e.g. 1 2 3 4 1 2 3 4 1 2",
            )]);
    }
    Ok(ints)
}

/// Read a judge input: the judge's board and pieces with the rolls of `text`
/// (as many as it holds, each at least 1). Errors carry spans relative to
/// the start of `text`.
pub fn read(text: &str) -> Result<Setup, Diags> {
    let ints = read_rolls(text)?;
    let mut diags = Vec::new();
    let mut rolls = Vec::with_capacity(ints.len());
    for n in &ints {
        match roll_value(n, "a roll") {
            Ok(r) => rolls.push(r),
            Err(d) => diags.push(d),
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    Ok(Setup {
        standard_board: true,
        pieces: PIECES,
        rolls,
    })
}

/// The judge input of a setup: its rolls on one line and a newline (the
/// board and the number of pieces are not written).
pub fn write(s: &Setup) -> String {
    let rolls: Vec<String> = s.rolls.iter().map(u64::to_string).collect();
    format!("{}\n", rolls.join(" "))
}

/// The judge's output: the best total score (the solver's `score`), and a newline.
pub fn answer_line(score: i128) -> String {
    format!("{score}\n")
}

/// Whether `s` is an instance of the judge's problem: the built-in board,
/// 4 pieces, 10 rolls of 1..=5.
pub fn instance(s: &Setup) -> Result<(), NotInstance> {
    rule(s.standard_board, || {
        "the board is a user-defined track (the judge: the built-in board)".into()
    })?;
    rule(s.pieces == PIECES, || {
        format!(
            "{} (the judge: {PIECES})",
            crate::games::count(s.pieces as u64, "piece")
        )
    })?;
    limit("the number of rolls", s.rolls.len(), ROLLS, ROLLS)?;
    match s.rolls.iter().position(|&r| !(1..=FACES).contains(&r)) {
        Some(i) => Err(NotInstance::Limit(format!(
            "roll {} is {}; the judge's die shows 1..=5",
            i + 1,
            s.rolls[i]
        ))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::testkit;

    const SAMPLES: [&str; 4] = [
        "1 2 3 4 1 2 3 4 1 2",
        "1 1 1 1 1 1 1 1 1 1",
        "5 1 2 3 4 5 5 3 2 4",
        "5 5 5 5 5 5 5 5 5 5",
    ];

    #[test]
    fn judge_samples_read_and_write_back() {
        for text in SAMPLES {
            let s = read(text).unwrap();
            assert_eq!(instance(&s), Ok(()));
            assert_eq!(write(&s), format!("{text}\n"));
        }
        assert_eq!(answer_line(190), "190\n");
    }

    #[test]
    fn random_setups_round_trip() {
        let mut rng = testkit::rng(17825);
        for _ in 0..300 {
            let s = testkit::yut_setup(&mut rng, 30, 9);
            assert_eq!(read(&write(&s)).unwrap(), s);
        }
    }

    #[test]
    fn errors_point_into_the_text() {
        let e = read("1 0 2 -3").unwrap_err();
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].code.as_str(), "meeple::dice::range");
        assert_eq!(e[1].span(), Some(Span::new(6, 8)));
        let e = read("  # nothing\n").unwrap_err();
        assert_eq!(e[0].message, "judge input: no rolls");
        assert_eq!(e[0].span(), Some(Span::new(0, 12)));
    }

    #[test]
    fn instances_name_what_differs() {
        let s = read(SAMPLES[0]).unwrap();
        let track = Setup {
            standard_board: false,
            ..s.clone()
        };
        assert!(matches!(instance(&track), Err(NotInstance::Rule(_))));
        let three = Setup {
            pieces: 3,
            ..s.clone()
        };
        assert!(instance(&three).unwrap_err().reason().contains("3 pieces"));
        let long = read("1 2 3 4 5 1 2 3 4 5 1").unwrap();
        assert!(instance(&long).unwrap_err().is_limit());
        let six = read("1 2 3 4 5 1 2 3 4 6").unwrap();
        assert!(instance(&six)
            .unwrap_err()
            .reason()
            .contains("roll 10 is 6"));
    }
}
