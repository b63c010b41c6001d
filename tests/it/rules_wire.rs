//! Rules games wired into scenarios (issue 29): `game NAME` finds the
//! file's rules block, the session answers every query, the answers are
//! typed in JSON, and wrong names get coded diagnostics.

use meeple::error::Code;
use meeple::games::FieldValue;
use meeple::interp::Event;
use meeple::pipeline::{run_bytes, Outcome, RunConfig};

const GAME: &str = r#"rules stones {
  players A B
  layer foothold: bool
  legend {
    "1": foothold[here] = true
    "0": foothold[here] = false
  }
  piece A, B { at: cell }
  when stuck: lose
  turn {
    lose if not foothold[me.at]
    choose d in orthogonal where foothold[step(me.at, d)]
    foothold[me.at] = false
    me.at = step(me.at, d)
  }
  solve moves
}
"#;

fn scenario(body: &str) -> String {
    format!("{GAME}\nscenario \"s\" {{\n  game stones\n  board {{\n    1 1 1\n    1 1 1\n    1 1 1\n  }}\n  piece A at (1, 0)\n  piece B at (1, 2)\n{body}}}\n")
}

fn codes(text: &str) -> Vec<Code> {
    match meeple::check_source("wire.game", text) {
        Ok(_) => Vec::new(),
        Err(e) => e.diags().iter().map(|d| d.code).collect(),
    }
}

/// The diagnostic of `code` the checker gives for `text`, and its rendering.
fn invalid(text: &str, code: Code) -> (meeple::error::Diag, String) {
    let run = run_bytes("wire.game", text.as_bytes(), &RunConfig::default());
    let Outcome::Invalid(diags) = &run.outcome else {
        panic!("valid: {}", crate::common::shown(&run));
    };
    let d = diags
        .iter()
        .find(|d| d.code == code)
        .unwrap_or_else(|| panic!("no {code}: {diags:?}"))
        .clone();
    let shown = meeple::error::render(&d, &run.source, false);
    (d, shown)
}

#[test]
fn a_rules_game_is_solved_and_its_fields_are_typed() {
    let text = scenario("  solve\n  expect answer 5\n  expect winner A\n");
    let run = run_bytes("wire.game", text.as_bytes(), &RunConfig::default());
    let Outcome::Ran(runs) = &run.outcome else {
        panic!("{}", crate::common::shown(&run));
    };
    assert!(runs[0].passed(), "{}", crate::common::shown(&run));
    assert_eq!(runs[0].expects_passed(), 2);
    let answer = runs[0]
        .events
        .iter()
        .find_map(|e| match e {
            Event::Answer { answer, .. } => Some(answer.clone()),
            _ => None,
        })
        .expect("a solve answer");
    assert_eq!(answer.field("answer"), Some(FieldValue::Int(5)));
    assert_eq!(answer.field("winner"), Some(FieldValue::Word("A".into())));
    // The JSON answer carries the fields as typed values.
    let json = answer.inner().to_json();
    assert_eq!(json["answer"], serde_json::json!(5));
    assert_eq!(json["winner"], serde_json::json!("A"));
}

#[test]
fn an_unknown_game_suggests_the_files_rules_names() {
    let text = scenario("  solve\n  expect answer 5\n").replace("game stones", "game stonse");
    let (d, shown) = invalid(&text, Code::GameUnknown);
    assert_eq!(d.suggestion().map(|(_, w)| w), Some("stones"));
    assert!(
        shown.contains("the games are footholds, yut, stacking and stones"),
        "{shown}"
    );
}

#[test]
fn play_matches_a_legal_moves_words_or_lists_them() {
    // The mover's name is part of the name; a move that is not legal is
    // refused by the checker with the legal moves listed.
    assert_eq!(
        codes(&scenario("  play A right\n  play B up\n  undo\n")),
        []
    );
    let text = scenario("  play A left\n");
    let (_, shown) = invalid(&text, Code::RulesMove);
    assert!(
        shown.contains("the legal moves are: A up, A right, A down"),
        "{shown}"
    );
    // `step` belongs to games without players.
    assert_eq!(codes(&scenario("  step\n")), [Code::RulesMove]);
}

#[test]
fn a_broken_rules_block_is_reported_once() {
    let text = scenario("  solve\n").replace("me.at = step(me.at, d)", "me.at = stp(me.at, d)");
    // The block's own error; no `game::unknown` for the scenario naming it.
    assert_eq!(codes(&text), [Code::RulesName]);
}

#[test]
fn a_param_the_block_lacks_is_an_unknown_rule() {
    let text = scenario("  solve\n  expect answer 5\n")
        .replace("game stones", "game stones\n  rule speed 3");
    assert_eq!(codes(&text), [Code::RuleUnknown]);
}

#[test]
fn fmt_keeps_a_rules_block_as_written() {
    // It used to drop the block: the script lost its game.
    let text = scenario("  solve\n  expect answer 5\n");
    let formatted = meeple::format::format_source("wire.game", &text).expect("formats");
    assert!(formatted.contains(GAME.trim_end()), "{formatted}");
    assert_eq!(
        meeple::format::format_source("wire.game", &formatted).expect("formats"),
        formatted
    );
}
