//! The `meeple` binary end to end: exit codes, output streams, test reports.

use crate::common::{meeple, meeple_in, root, temp_dir, text};

#[test]
fn official_footholds_examples_pass() {
    let o = meeple(&["test", "scripts/footholds/kakao.game"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(out.ends_with("4 passed, 0 failed\n"), "{out}");
    let o = meeple(&["run", "scripts/footholds/kakao.game"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(text(&o).0.contains("A wins after 5 moves"));
}

#[test]
fn changed_expectations_fail_every_scenario() {
    let src = std::fs::read_to_string(root().join("scripts/footholds/kakao.game")).unwrap();
    // Change every expectation: answers off by 7, winners swapped.
    let changed: String = src
        .lines()
        .map(|l| {
            let t = l.trim();
            if let Some(n) = t.strip_prefix("expect answer ") {
                format!("  expect answer {}", n.parse::<i64>().unwrap() + 7)
            } else if t == "expect winner A" {
                "  expect winner B".into()
            } else if t == "expect winner B" {
                "  expect winner A".into()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let dir = temp_dir("changed");
    let file = dir.join("kakao.game");
    std::fs::write(&file, changed).unwrap();
    let o = meeple(&["test", dir.to_str().unwrap()]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(out.matches("FAIL").count(), 4, "{out}");
    assert!(out.ends_with("0 passed, 4 failed\n"), "{out}");
    assert_eq!(err.matches("meeple::expect::failed").count(), 8, "{err}");
    assert!(
        err.contains("expected answer 12, but solve gave 5"),
        "{err}"
    );
    let o = meeple(&["run", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn broken_scripts_exit_2_with_their_codes_from_check_and_run() {
    let dir = root().join("scripts/broken");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let rel = path
            .strip_prefix(root())
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        let src = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let codes = meeple::pipeline::expected_errors(&src);
        assert!(!codes.is_empty(), "{rel} declares no expected error");
        for cmd in ["check", "run"] {
            let o = meeple(&[cmd, &rel]);
            let (out, err) = text(&o);
            assert_eq!(o.status.code(), Some(2), "{cmd} {rel}: {out}{err}");
            assert!(!err.contains("panicked"), "{cmd} {rel}: {err}");
            assert!(!out.contains("=="), "{cmd} {rel} ran something: {out}");
            for c in &codes {
                assert!(err.contains(c.as_str()), "{cmd} {rel}: no {c} in {err}");
            }
        }
        seen += 1;
    }
    assert!(seen >= 14);
}

#[test]
fn check_accepts_valid_scripts() {
    let o = meeple(&["check", "scripts/footholds/kakao.game"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(text(&o).0.contains("ok (4 scenarios)"));
}

#[test]
fn missing_file_is_an_io_diagnostic() {
    let o = meeple(&["run", "no/such/file.game"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("meeple::io"));
}

#[test]
fn json_lines_carry_the_fields() {
    let o = meeple(&["run", "--format", "json", "scripts/footholds/kakao.game"]);
    assert_eq!(o.status.code(), Some(0));
    let (out, _) = text(&o);
    let objs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|o| o["kind"] == "answer")
        .collect();
    assert_eq!(objs.len(), 5);
    assert_eq!(objs[0]["scenario"], "kakao example 1");
    assert_eq!(objs[0]["query"], "solve");
    assert_eq!(objs[0]["answer"], 5);
    assert_eq!(objs[0]["winner"], "A");
    assert_eq!(objs[0]["line"], 12);
    assert!(objs[0]["elapsed_ms"].is_number());
    assert_eq!(objs[1]["query"], "line");
    assert_eq!(objs[1]["detail"]["moves"].as_array().unwrap().len(), 5);
}

#[test]
fn budgets_stop_a_solve_with_a_coded_error() {
    let dir = temp_dir("budget");
    let file = dir.join("big.game");
    std::fs::write(
        &file,
        "scenario \"7x7\" {\n game footholds\n board {\n 1111111\n 1111111\n 1111111\n 1111111\n 1111111\n 1111111\n 1111111\n }\n piece A at (0, 0)\n piece B at (6, 6)\n solve\n}\n",
    )
    .unwrap();
    let o = meeple(&["--max-states", "1000", "run", file.to_str().unwrap()]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("meeple::limit::states"), "{err}");
    assert!(err.contains("1000 states"), "{err}");
    let o = meeple(&["--timeout", "0", "run", file.to_str().unwrap()]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("meeple::limit::time"), "{err}");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_timeout_too_long_for_a_duration_is_a_clear_error() {
    // It was Rust's "cannot convert float seconds to Duration: value is
    // either too big or NaN".
    let o = meeple(&["--timeout", "1e300", "run", "scripts/footholds/kakao.game"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{out}{err}");
    assert!(
        err.contains("--timeout must be a number of seconds from 0 to"),
        "{err}"
    );
    assert!(!err.contains("Duration"), "{err}");
}

#[test]
fn several_files_name_the_file_in_each_header() {
    let o = meeple(&[
        "run",
        "scripts/footholds/kakao.game",
        "scripts/yut/boj17825.game",
    ]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        out.contains("== scripts/footholds/kakao.game › kakao example 1 · solve (line 12) =="),
        "{out}"
    );
    assert!(out.contains("== scripts/yut/boj17825.game › "), "{out}");
    // One file: the header names only the scenario, as before.
    let (out, _) = text(&meeple(&["run", "scripts/footholds/kakao.game"]));
    assert!(
        out.contains("== kakao example 1 · solve (line 12) =="),
        "{out}"
    );
}

#[test]
fn a_dash_reads_the_script_from_stdin() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let script = std::fs::read(root().join("scripts/footholds/kakao.game")).unwrap();
    for args in [&["run", "-"][..], &["check", "-"][..]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_meeple"))
            .args(args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(&script).unwrap();
        let o = child.wait_with_output().unwrap();
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(0), "{err}");
        if args[0] == "run" {
            assert!(out.contains("answer 5"), "{out}");
        } else {
            assert_eq!(out, "<stdin>: ok (4 scenarios)\n");
        }
    }
}

#[test]
fn shell_completions_are_printed() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = meeple(&["completions", shell]);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(0), "{shell}: {err}");
        assert!(out.contains("meeple"), "{shell}");
        assert!(
            out.contains("max-states"),
            "{shell}: the global options are there"
        );
    }
    assert_eq!(meeple(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn an_expect_error_mismatch_lists_the_codes_expected_and_got() {
    let dir = temp_dir("expect-error-mismatch");
    std::fs::write(
        dir.join("wrong.game"),
        "# expect-error: meeple::board::ragged\nscenario \"x\" {\n  game chess\n}\n",
    )
    .unwrap();
    let o = meeple_in(&dir, &["test", "."], &[]);
    let (out, _) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        out.contains("expected errors meeple::board::ragged, but got meeple::game::unknown"),
        "{out}"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn yut_line_boards_draws_the_track_after_each_move() {
    let dir = temp_dir("yut-line-boards");
    let file = dir.join("y.game");
    std::fs::write(
        &file,
        "scenario \"y\" {\n  game yut\n  board yut\n  dice 1 2\n  line boards\n  line\n}\n",
    )
    .unwrap();
    let (out, err) = text(&meeple(&["run", file.to_str().unwrap()]));
    let blocks: Vec<&str> = out.split("== y · line").collect();
    assert_eq!(blocks.len(), 3, "{out}{err}");
    // Two moves, each followed by the 11-row board with piece 1 on it.
    assert_eq!(blocks[1].matches("[1]").count(), 2, "{out}");
    assert_eq!(blocks[1].lines().count(), 1 + 2 * 12 + 1, "{out}");
    assert!(
        !blocks[2].contains("[1]"),
        "plain `line` draws nothing: {out}"
    );
}
