//! The REPL on a rules game: a typed line the position refuses is refused
//! at once, and a change that rebuilds the scenario reports only what it
//! broke (issue 29, "the REPL takes them").

use super::state::tests::Capture;
use super::state::State;
use meeple::limits::Limits;

/// BOJ 9655: take 1 or 3 stones, the last stone wins; a judge input gives
/// the param `stones`.
const PILE: &str = "rules pile {\n  players SK CY\n  board none\n  param stones: 1..1000 = 1\n  var pile: 0..1000 = stones\n  turn {\n    choose take in [1, 3] where take <= pile\n    pile -= take\n    win if pile == 0\n  }\n  input {\n    stones: 1..1000\n  }\n  solve outcome\n}";

fn run(state: &mut State, lines: &[&str]) -> Capture {
    let mut c = Capture::default();
    for l in lines {
        state.input(l, &mut c);
    }
    c
}

/// The diagnostic codes in `err`, in order.
fn codes(err: &str) -> Vec<&str> {
    err.lines().filter(|l| l.starts_with("meeple::")).collect()
}

/// A `set` outside its var's domain is refused when typed, on its value;
/// typed again over a good one it does not replace it, and the session
/// goes on with the good one. Before, it was kept (`set replaced`) and
/// every later query failed on it.
#[test]
fn an_out_of_domain_set_is_refused_and_the_good_one_kept() {
    let mut s = State::new(Limits::default(), false);
    let c = run(&mut s, &[PILE, "game pile", "set pile 7"]);
    assert!(c.err.is_empty(), "{}", c.err);
    let c = run(&mut s, &["set pile 2000"]);
    assert_eq!(codes(&c.err), ["meeple::rules::value"], "{}", c.err);
    assert!(c.err.contains("<input 4>:1:10"), "{}", c.err);
    assert!(c.err.contains("set pile not replaced"), "{}", c.err);
    assert!(!c.out.contains("replaced"), "{}", c.out);
    let script = s.script();
    assert!(script.contains("  set pile 7\n"), "{script}");
    assert!(!script.contains("2000"), "{script}");
    let c = run(&mut s, &["solve"]);
    assert!(c.err.is_empty(), "{}", c.err);
    assert!(c.out.contains("answer SK"), "{}", c.out);
    // The first `set` of a new scenario: refused as well, not kept.
    let c = run(&mut s, &["game pile", "set pile 2000"]);
    assert_eq!(codes(&c.err), ["meeple::rules::value"], "{}", c.err);
    assert!(!s.script().contains("set"), "{}", s.script());
    // A `rule` outside its param's domain, the same.
    let c = run(&mut s, &["rule stones 0"]);
    assert_eq!(codes(&c.err), ["meeple::rule::value"], "{}", c.err);
    assert!(c.err.contains("rule stones not changed"), "{}", c.err);
    assert!(!s.script().contains("  rule "), "{}", s.script());
    let c = run(&mut s, &["rule stones 4", "solve"]);
    assert!(c.err.is_empty(), "{}", c.err);
    assert!(c.out.contains("answer CY"), "{}", c.out);
}

/// A `rule` that the scenario's judge input contradicts, typed after a
/// move and its `undo` (both fine): one diagnostic, on the typed line as
/// the second declaration; the `undo` is not blamed. Before: the
/// duplicate with its labels swapped, then `rule::value` and
/// `undo::nothing` from replaying the moves after it.
#[test]
fn a_bad_rule_reports_the_typed_line_only() {
    let mut s = State::new(Limits::default(), false);
    let block = "scenario \"sample\" {\n  game pile\n  input \"\"\"\n5\n\"\"\"\n  solve\n}";
    let c = run(&mut s, &[PILE, block, "play SK 1", "undo"]);
    assert!(c.err.is_empty(), "{}", c.err);
    let c = run(&mut s, &["rule stones 0"]);
    assert_eq!(codes(&c.err), ["meeple::rule::duplicate"], "{}", c.err);
    let (first, typed, again) = (
        c.err.find("first declared here").unwrap(),
        c.err.find("rule stones 0").unwrap(),
        c.err.find("declared again here").unwrap(),
    );
    assert!(first < typed && typed < again, "{}", c.err);
    assert!(c.err.contains("rule stones not changed"), "{}", c.err);
    assert!(!s.script().contains("  rule "), "{}", s.script());
    // The scenario is as it was: the move can be played again.
    let c = run(&mut s, &["play SK 1", "solve"]);
    assert!(c.err.is_empty(), "{}", c.err);
    assert!(c.out.contains("answer SK"), "{}", c.out);
    assert!(
        s.script().contains(
            "  play SK 1
  undo
  play SK 1
"
        ),
        "{}",
        s.script()
    );
}

/// `game NAME` naming no game lists the rules games of the session too,
/// with a did-you-mean over all of them.
#[test]
fn an_unknown_game_lists_the_rules_games() {
    let mut s = State::new(Limits::default(), false);
    let c = run(&mut s, &[PILE, "game piles"]);
    assert_eq!(codes(&c.err), ["meeple::game::unknown"], "{}", c.err);
    assert!(
        c.err
            .contains("did you mean `pile`? the games are footholds, yut, stacking and pile"),
        "{}",
        c.err
    );
}

/// `:save` of a session whose rules block was typed writes the block before
/// the scenario, so the saved file runs on its own to the same answers
/// (before, the block was left out and the file was `meeple::game::unknown`).
#[test]
fn save_writes_the_typed_rules_block() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("saved.game");
    let mut s = State::new(Limits::default(), false);
    let c = run(&mut s, &[PILE, "game pile", "set pile 7", "solve"]);
    assert!(c.err.is_empty(), "{}", c.err);
    assert!(c.out.contains("answer SK"), "{}", c.out);
    let mut c = Capture::default();
    s.save(&path, false, &mut c);
    assert!(c.err.is_empty(), "{}", c.err);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("rules pile {"), "{text}");
    let ran = meeple::run_source("saved.game", &text);
    assert_eq!(ran.exit_code(), 0);
    let out = meeple::render::text::file(&ran, &Default::default());
    assert!(out.contains("answer SK"), "{out}");
}
