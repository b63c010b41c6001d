//! Messages a newcomer to the rules language met (scenario values, `expect`,
//! `play`, `export --game`, `show`): each names the right place and the way
//! out (docs/rules-language.md, *Scenario statements on a rules game*).

use crate::common::{meeple_in, temp_dir, text};
use meeple::error::Code;
use meeple::pipeline::{run_bytes, Outcome, RunConfig};

/// A solo game of a row of numbered tokens: a move takes one (`take N`)
/// and scores its number; `left`/`right` move a marker.
const SOLO: &str = r#"rules row {
  players solo
  param steps: orthogonal | king = orthogonal
  var marker: 0..3 = 0
  var kinds: list of L | D max 3 = []
  layer v: 0..20
  legend {
    number n: v[here] = n
  }
  turn {
    choose d in [left, right] where marker + (if d == left then -1 else 1) >= 0 and marker + (if d == left then -1 else 1) <= 3
    marker += if d == left then -1 else 1
    score += 1
  }
  solve max score
}
"#;

/// A two-player game: P and Q take 1 or 2 from a pile.
const DUEL: &str = r#"rules duel {
  players P Q
  board none
  var pile: 0..9 = 4
  turn {
    lose if pile == 0
    choose k in 1..2 where k <= pile
    pile -= k
  }
  solve outcome
}
"#;

/// Every diagnostic of a file that does not run: code, the text under its
/// primary label, the rendered words.
fn invalid(text: &str) -> Vec<(Code, String, String)> {
    crate::common::invalid_in("m.game", text)
}

fn one(text: &str) -> (Code, String, String) {
    let mut ds = invalid(text);
    assert_eq!(ds.len(), 1, "{ds:?}");
    ds.remove(0)
}

fn solo(body: &str) -> String {
    format!("{SOLO}scenario \"s\" {{\n  game row\n  board [[1, 2, 3, 4]]\n{body}}}\n")
}

#[test]
fn expect_winner_names_the_blocks_players_with_a_did_you_mean() {
    let scen = |v: &str| {
        format!("{DUEL}scenario \"s\" {{\n  game duel\n  solve\n  expect winner {v}\n}}\n")
    };
    let (code, at, said) = one(&scen("R"));
    assert_eq!((code, at.as_str()), (Code::ExpectValue, "R"));
    assert!(
        said.contains("× `expect winner` takes P, Q or draw, not `R`"),
        "{said}"
    );
    assert!(said.contains("write P, Q or draw"), "{said}");
    let (_, _, said) = one(&scen("Qq"));
    assert!(said.contains("help: did you mean `Q`?"), "{said}");
    // The players are values: this one runs (4 with takes of 1 or 2: the
    // mover loses).
    let run = run_bytes("m.game", scen("Q").as_bytes(), &RunConfig::default());
    assert!(
        matches!(run.outcome, Outcome::Ran(_)),
        "{}",
        crate::common::shown(&run)
    );
}

#[test]
fn a_one_player_game_is_offered_no_draw() {
    let (code, at, said) = one(&solo("  solve\n  expect answer maybe\n"));
    assert_eq!((code, at.as_str()), (Code::ExpectValue, "maybe"));
    assert!(
        said.contains("× `expect answer` takes a whole number, not `maybe`"),
        "{said}"
    );
    assert!(!said.contains("draw"), "{said}");
}

#[test]
fn a_decimal_answer_under_random_dice_points_to_expect_expected() {
    let dice = SOLO.replace(
        "    marker += if d == left then -1 else 1\n    score += 1",
        "    marker += if d == left then -1 else 1\n    roll r in 1..3\n    score += r",
    );
    let text = format!("{dice}scenario \"s\" {{\n  game row\n  board [[1, 2, 3, 4]]\n  dice uniform 1..3 x 1\n  solve\n  expect answer 6.666667\n}}\n");
    let (code, at, said) = one(&text);
    assert_eq!((code, at.as_str()), (Code::ExpectValue, "6.666667"));
    assert!(
        said.contains("help: with random dice the expectation is the field `expected`: write `expect expected 20/3` (the exact fraction) or `expect expected 6.666667`"),
        "{said}"
    );
    assert!(!said.contains("draw"), "{said}");
}

#[test]
fn play_of_an_unknown_move_is_labelled_on_its_line_with_a_did_you_mean() {
    let text = solo("  play rigth\n  # a note\n  show\n");
    let (code, at, said) = one(&text);
    assert_eq!((code, at.as_str()), (Code::RulesMove, "play rigth"));
    assert!(
        said.contains("help: did you mean `right`? the legal moves are: right"),
        "{said}"
    );
}

#[test]
fn rule_of_an_unknown_name_says_the_name_is_unknown() {
    let (code, at, said) = one(&solo("  rule steps kingg\n  solve\n"));
    assert_eq!((code, at.as_str()), (Code::RuleValue, "kingg"));
    assert!(
        said.contains("× `rule steps` has no value `kingg`"),
        "{said}"
    );
    assert!(said.contains("not one of its names"), "{said}");
    assert!(said.contains("help: did you mean `king`?"), "{said}");
    // A value of another kind keeps its own words.
    let (_, at, said) = one(&solo("  rule steps 3\n  solve\n"));
    assert_eq!(at, "3");
    assert!(
        said.contains("× `rule steps` takes another kind of value"),
        "{said}"
    );
}

#[test]
fn show_lines_up_a_player_layer_with_dots_for_nobody() {
    let text = "rules ttt {\n  players X O\n  layer mark: player\n  legend {\n    \"X\": mark[here] = X\n    \"O\": mark[here] = O\n    \".\":\n  }\n  turn {\n    choose c in cells where mark[c] == nobody\n    mark[c] = me\n  }\n  solve outcome\n}\nscenario \"s\" {\n  game ttt\n  board {\n    X . O\n    . X .\n  }\n  show\n}\n";
    let run = run_bytes("m.game", text.as_bytes(), &RunConfig::default());
    let out = crate::common::shown(&run);
    assert!(out.contains("mark:\n  X . O\n  . X .\n"), "{out}");
    // Numbers are right-aligned in their columns.
    let run = run_bytes(
        "m.game",
        format!("{SOLO}scenario \"s\" {{\n  game row\n  board [[1, 12], [10, 3]]\n  show\n}}\n")
            .as_bytes(),
        &RunConfig::default(),
    );
    let out = crate::common::shown(&run);
    assert!(out.contains("v:\n   1 12\n  10  3\n"), "{out}");
}

#[test]
fn export_of_a_game_with_no_judge_format_says_so() {
    let dir = temp_dir("export-no-format");
    let script = format!("{DUEL}scenario \"a\" {{\n  game duel\n  solve\n  expect winner Q\n}}\n");
    std::fs::write(dir.join("d.game"), script).unwrap();
    let out = meeple_in(
        &dir,
        &["export", "--judge", "out", "--game", "duel", "d.game"],
        &[],
    );
    let (_, err) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("error: no scenario of --game duel is a judge case: `duel` declares no judge input format"),
        "{err}"
    );
    assert!(!err.contains("no case of --game"), "{err}");
}

#[test]
fn a_list_with_an_item_of_the_wrong_kind_is_labelled_on_that_item() {
    let (code, at, said) = one(&solo("  set kinds [L, X]\n  solve\n"));
    assert_eq!((code, at.as_str()), (Code::RulesValue, "X"));
    assert!(
        said.contains("× `X` in `[L, X]` is not one of L, D"),
        "{said}"
    );
    assert!(
        said.contains("help: each item of var `kinds` is one of L, D"),
        "{said}"
    );
    // A list for a number is still the whole value's fault.
    let (_, at, said) = one(&solo("  set marker [1, X]\n  solve\n"));
    assert_eq!(at, "[1, X]");
    assert!(
        said.contains("× `[1, X]` is no value of var `marker`"),
        "{said}"
    );
}
