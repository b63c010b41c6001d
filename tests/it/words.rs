//! What meeple says around the answers (issue 32 items 12 and 15): a
//! scenario with no `expect` warns (`--require-expect` fails it), counts
//! take the singular, `meeple run` closes with what failed, and a refused
//! `play` says why.

use crate::common::{meeple_in, temp_dir, text};
use serde_json::Value;

const NO_EXPECT: &str = "scenario \"unchecked\" {\n  game footholds\n  board [[1, 1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 2)\n  solve\n}\nscenario \"checked\" {\n  game footholds\n  board [[1, 1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 2)\n  solve\n  expect winner B\n}\n";

fn objects(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// Item 12: a scenario that solves with no `expect` passes with the
/// warning `meeple::expect::none` (on its `scenario` keyword, line 1); with
/// `--require-expect` the same scenario fails with it as an error, and the
/// scenario that checks its answer passes either way.
#[test]
fn a_scenario_with_no_expect_warns_and_require_expect_fails_it() {
    let dir = temp_dir("words-no-expect");
    std::fs::write(dir.join("n.game"), NO_EXPECT).unwrap();
    let o = meeple_in(&dir, &["test", "--color", "never", "n.game"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(
        out.contains("PASS n.game › unchecked (0 expectations)"),
        "{out}"
    );
    assert!(out.ends_with("2 passed, 0 failed\n"), "{out}");
    assert_eq!(err.matches("meeple::expect::none").count(), 1, "{err}");
    assert!(err.contains("⚠"), "a warning: {err}");
    assert!(
        err.contains("scenario \"unchecked\" has no `expect`"),
        "{err}"
    );

    let o = meeple_in(
        &dir,
        &["test", "--color", "never", "--require-expect", "n.game"],
        &[],
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(out.contains("FAIL n.game › unchecked"), "{out}");
    assert!(
        out.contains("line 1: scenario \"unchecked\" has no `expect`"),
        "{out}"
    );
    assert!(
        out.contains("PASS n.game › checked (1 expectation)"),
        "{out}"
    );
    assert!(out.ends_with("1 passed, 1 failed\n"), "{out}");
    assert!(!err.contains("⚠"), "an error now: {err}");

    // JSON: a warning `diagnostic` of the scenario, then its verdict.
    let o = meeple_in(&dir, &["--format", "json", "test", "n.game"], &[]);
    let objs = objects(&text(&o).0);
    let kinds: Vec<&str> = objs.iter().map(|o| o["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        [
            "answer",
            "diagnostic",
            "scenario",
            "answer",
            "scenario",
            "summary"
        ]
    );
    assert_eq!(objs[1]["severity"], "warning");
    assert_eq!(objs[1]["code"], "meeple::expect::none");
    assert_eq!(objs[1]["scenario"], "unchecked");
    assert_eq!(
        (&objs[1]["line"], &objs[1]["column"]),
        (&1.into(), &1.into())
    );
    assert_eq!(objs[2]["passed"], true);
    let o = meeple_in(
        &dir,
        &["--format", "json", "test", "--require-expect", "n.game"],
        &[],
    );
    let objs = objects(&text(&o).0);
    let verdict = objs.iter().find(|o| o["kind"] == "scenario").unwrap();
    assert_eq!(verdict["passed"], false);
    assert_eq!(verdict["failures"][0]["code"], "meeple::expect::none");
    assert_eq!(verdict["failures"][0]["severity"], "error");
    assert!(!objs.iter().any(|o| o["kind"] == "diagnostic"));

    // A `show`-only scenario has nothing to check: no warning, but
    // `--require-expect` wants an `expect` everywhere.
    std::fs::write(
        dir.join("s.game"),
        "scenario \"shown\" {\n  game footholds\n  board [[1, 1]]\n  show\n}\n",
    )
    .unwrap();
    let o = meeple_in(&dir, &["test", "s.game"], &[]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(text(&o).1, "", "no warning");
    let o = meeple_in(&dir, &["test", "--require-expect", "s.game"], &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).1.contains("meeple::expect::none"));
    std::fs::remove_dir_all(dir).ok();
}

/// Item 15: "1 scenario", not "1 scenarios".
#[test]
fn check_counts_one_scenario_in_the_singular() {
    let dir = temp_dir("words-one");
    let one = NO_EXPECT.split_inclusive("}\n").next().unwrap();
    std::fs::write(dir.join("one.game"), one).unwrap();
    std::fs::write(dir.join("two.game"), NO_EXPECT).unwrap();
    let o = meeple_in(&dir, &["check", "one.game", "two.game"], &[]);
    assert_eq!(
        text(&o).0,
        "one.game: ok (1 scenario)\ntwo.game: ok (2 scenarios)\n"
    );
    std::fs::remove_dir_all(dir).ok();
}

/// Item 15: `meeple run` closes with what failed, on stderr, as `meeple
/// test` does; nothing when all held.
#[test]
fn run_closes_with_what_failed() {
    let dir = temp_dir("words-run");
    let failing = "scenario \"wrong\" {\n  game footholds\n  board [[1, 1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 2)\n  solve\n  expect winner B\n  expect answer 9\n  expect moves 1\n}\n";
    std::fs::write(dir.join("f.game"), failing).unwrap();
    std::fs::write(dir.join("ok.game"), NO_EXPECT).unwrap();
    let o = meeple_in(&dir, &["run", "--color", "never", "f.game"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err.ends_with("\n2 expectations failed\n") || err.ends_with("2 expectations failed\n"),
        "{err}"
    );
    assert!(
        !out.contains("expectations failed"),
        "stdout stays the answers: {out}"
    );
    let o = meeple_in(
        &dir,
        &[
            "--max-states",
            "1",
            "run",
            "f.game",
            "ok.game",
            "missing.game",
        ],
        &[],
    );
    let err = text(&o).1;
    assert!(
        err.ends_with("3 statements stopped at a limit, 1 file unreadable\n"),
        "{err}"
    );
    let o = meeple_in(&dir, &["run", "ok.game"], &[]);
    let err = text(&o).1;
    assert_eq!(o.status.code(), Some(0));
    assert!(!err.contains("failed"), "{err}");
    std::fs::remove_dir_all(dir).ok();
}

/// Item 15: a refused `play` says why: a hole, off the board, not next to
/// the player, or the foothold under the player has vanished.
#[test]
fn a_refused_play_says_why() {
    let dir = temp_dir("words-play");
    let cases = [
        ("play A right", "A cannot move there: (0, 1) is a hole"),
        ("play A up", "A cannot move there: that is off the board"),
        (
            "play A to (0, 2)",
            "A cannot move there: (0, 2) is not next to (0, 0)",
        ),
    ];
    for (play, says) in cases {
        let src = format!("scenario \"s\" {{\n  game footholds\n  board [[1, 0, 1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 3)\n  {play}\n}}\n");
        std::fs::write(dir.join("p.game"), src).unwrap();
        let o = meeple_in(&dir, &["check", "--color", "never", "p.game"], &[]);
        let err = text(&o).1;
        assert!(err.contains("meeple::play::illegal"), "{play}: {err}");
        assert!(err.contains(says), "{play}: {err}");
    }
    // A and B share a cell; A leaves it, so it vanishes under B.
    let src = "scenario \"s\" {\n  game footholds\n  board [[1, 1, 1]]\n  piece A at (0, 1)\n  piece B at (0, 1)\n  play A left\n  play B right\n}\n";
    std::fs::write(dir.join("p.game"), src).unwrap();
    let o = meeple_in(&dir, &["check", "--color", "never", "p.game"], &[]);
    let err = text(&o).1;
    assert!(
        err.contains("B cannot move there: the foothold under it has vanished"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).ok();
}
