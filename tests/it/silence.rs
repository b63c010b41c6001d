//! Issue 20: nothing is lost in silence — odd line endings, failed writes,
//! closed pipes, files with nothing in them.

use crate::common::{meeple_in, temp_dir, text};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

fn bin() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_meeple"));
    cmd.env("NO_COLOR", "1");
    cmd
}

const CR_SCRIPT: &str = "# c\rscenario \"s\" {\r  game yut\r  board yut\r  dice 1 2 3 4 1 2 3 4 1 2\r  solve\r  expect answer 999\r}\r";

#[test]
fn lone_carriage_returns_end_lines() {
    let dir = temp_dir("lone-cr");
    std::fs::write(dir.join("cr.game"), CR_SCRIPT).unwrap();
    // The comment ends at its CR: the scenario runs and its expectation fails.
    let o = meeple_in(&dir, &["run", "cr.game"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(out.contains("answer "), "{out}");
    assert!(err.contains("meeple::expect::failed"), "{err}");
    assert!(err.contains("cr.game:7:"), "the line counts CRs: {err}");
    assert!(!err.contains('\r'), "no raw CR in the snippet: {err:?}");
    let o = meeple_in(&dir, &["test", "cr.game"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(out.ends_with("0 passed, 1 failed\n"), "{out}");

    // A board typed row per line reads as 3 rows, not one row of 9.
    let board = "scenario \"b\" {\r  game footholds\r  board {\r    1 1 1\r    1 1 1\r    1 1 1\r  }\r  piece A at (2, 0)\r  piece B at (0, 2)\r}\r";
    std::fs::write(dir.join("board.game"), board).unwrap();
    let o = meeple_in(&dir, &["check", "board.game"], &[]);
    assert_eq!(o.status.code(), Some(0), "{:?}", text(&o));
    // (2, 0) is off a 1×9 board: only three rows make it valid.
    // CRLF is unchanged.
    std::fs::write(dir.join("crlf.game"), board.replace('\r', "\r\n")).unwrap();
    let o = meeple_in(&dir, &["check", "crlf.game"], &[]);
    assert_eq!(o.status.code(), Some(0), "{:?}", text(&o));
}

#[test]
fn files_with_nothing_to_run_are_reported() {
    let dir = temp_dir("nothing");
    std::fs::write(dir.join("empty.game"), "").unwrap();
    std::fs::write(dir.join("comment.game"), "# only a comment\n").unwrap();
    let o = meeple_in(&dir, &["run", "empty.game"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(out, "");
    // A coded warning, drawn by miette with its sign and the file's name.
    for want in [
        "meeple::file::empty",
        "⚠ this file holds no scenario: nothing to run",
        "[empty.game:1:1]",
    ] {
        assert!(err.contains(want), "{want}: {err}");
    }
    let o = meeple_in(&dir, &["check", "comment.game"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0));
    assert!(out.contains("comment.game: ok (0 scenarios)"), "{out}");
    assert!(err.contains("⚠ this file holds no scenario"), "{err}");
    assert!(err.contains("[comment.game:1:1]"), "{err}");
    assert!(
        !err.contains('×'),
        "a warning is not drawn as an error: {err}"
    );
    let o = meeple_in(&dir, &["test", "."], &[]);
    let (out, _) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("FAIL ./comment.game (no scenario"), "{out}");
    assert!(out.ends_with("0 passed, 2 failed\n"), "{out}");
    // Nothing to test at all: exit 2 with a message.
    std::fs::create_dir_all(dir.join("none")).unwrap();
    let o = meeple_in(&dir, &["test", "none"], &[]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err.contains("nothing to test: no .game file under none"),
        "{err}"
    );
    std::fs::write(
        dir.join("none/one.game"),
        "scenario \"a\" { game footholds }\n",
    )
    .unwrap();
    let o = meeple_in(&dir, &["test", "none", "--filter", "zzz"], &[]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err.contains("no scenario matches --filter \"zzz\""),
        "{err}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error() {
    let dir = temp_dir("full");
    std::fs::write(dir.join("cr.game"), CR_SCRIPT).unwrap();
    for args in [
        &["run", "cr.game"][..],
        &["check", "cr.game"],
        &["test", "."],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let o = bin()
            .args(args)
            .current_dir(&dir)
            .stdout(full)
            .output()
            .unwrap();
        let (_, err) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("cannot write to stdout"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // stderr on a full disk: the diagnostics are lost, so the run fails,
    // without a panic.
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = bin()
        .args(["run", "cr.game"])
        .current_dir(&dir)
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let dir = temp_dir("pipe");
    // `check` stops reading a file after 100 errors (about 53 KB of
    // diagnostics), so three bad files: about 160 KB.
    let bad: String = (0..400)
        .map(|i| format!("scenario \"s{i}\" {{ bogus }}\n"))
        .collect();
    for name in ["bad.game", "bad2.game", "bad3.game"] {
        std::fs::write(dir.join(name), &bad).unwrap();
    }
    let many: String = (0..1500)
        .map(|i| format!("scenario \"s{i}\" {{\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n  solve\n}}\n"))
        .collect();
    std::fs::write(dir.join("many.game"), many).unwrap();
    // Far more than a pipe holds (64 KiB), so the pipe is closed while
    // meeple still writes: errors on stderr, results on stdout. The other
    // stream goes to a file, which must stay free of complaints.
    let runs: [(&[&str], bool); 2] = [
        (&["check", "bad.game", "bad2.game", "bad3.game"], true),
        (&["run", "many.game"], false),
    ];
    for (args, stderr) in runs {
        let other = dir.join(format!("{}.other", args[0]));
        let other_file = std::fs::File::create(&other).unwrap();
        let mut cmd = bin();
        cmd.args(args).current_dir(&dir);
        if stderr {
            cmd.stdout(other_file).stderr(Stdio::piped());
        } else {
            cmd.stdout(Stdio::piped()).stderr(other_file);
        }
        let mut child = cmd.spawn().unwrap();
        // Read one line, as `head -1` does, then close the pipe.
        let mut first = String::new();
        let pipe: Box<dyn std::io::Read> = if stderr {
            Box::new(child.stderr.take().unwrap())
        } else {
            Box::new(child.stdout.take().unwrap())
        };
        let mut reader = BufReader::new(pipe);
        reader.read_line(&mut first).unwrap();
        assert!(!first.is_empty());
        drop(reader);
        let status = child.wait().unwrap();
        // As ripgrep: the reader has what it wanted, so exit code 0.
        assert_eq!(status.code(), Some(0), "{args:?}: {status:?}");
        // No "Broken pipe", no panic: `check` of a bad file prints nothing
        // on stdout, `run` of good scenarios nothing on stderr.
        let other = std::fs::read_to_string(&other).unwrap();
        assert_eq!(other, "", "{args:?}");
    }
}

#[cfg(unix)]
#[test]
fn unreadable_entries_fail_and_the_rest_runs() {
    use std::os::unix::fs::{symlink, PermissionsExt};
    let dir = temp_dir("walk-errors");
    let ok = "scenario \"one\" {\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n  solve\n}\n";
    std::fs::write(dir.join("a.game"), ok).unwrap();
    std::fs::write(dir.join("z.game"), ok).unwrap();
    symlink(dir.join("missing.game"), dir.join("dangling.game")).unwrap();
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    symlink(&dir, dir.join("sub/loop")).unwrap();
    std::fs::create_dir_all(dir.join("locked")).unwrap();
    std::fs::write(dir.join("locked/x.game"), ok).unwrap();
    std::fs::set_permissions(dir.join("locked"), std::fs::Permissions::from_mode(0o000)).unwrap();
    // Root reads a folder whatever its mode: then it is not a failure.
    let locked_fails = std::fs::read_dir(dir.join("locked")).is_err();
    let o = meeple_in(&dir, &["test", "."], &[]);
    std::fs::set_permissions(dir.join("locked"), std::fs::Permissions::from_mode(0o755)).unwrap();
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(out.contains("PASS ./a.game › one"), "{out}");
    assert!(out.contains("PASS ./z.game › one"), "{out}");
    assert!(
        out.contains("FAIL ./dangling.game (invalid script: meeple::io)"),
        "{out}"
    );
    assert!(
        out.contains("FAIL ./sub/loop (invalid script: meeple::io)"),
        "{out}"
    );
    assert!(err.contains("a loop"), "{err}");
    let (passed, failed) = (
        2 + usize::from(!locked_fails),
        2 + usize::from(locked_fails),
    );
    assert!(
        out.ends_with(&format!("{passed} passed, {failed} failed\n")),
        "{out}"
    );
    if locked_fails {
        assert!(
            out.contains("FAIL ./locked (invalid script: meeple::io)"),
            "{out}"
        );
    }
}

/// `meeple repl` with piped input and the given history file.
fn piped_repl(dir: &std::path::Path, history: &str, input: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = bin()
        .arg("repl")
        .current_dir(dir)
        .env("MEEPLE_HISTORY", history)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

const SESSION: &str =
    "game footholds\nboard [[1, 1]]\npiece A at (0, 0)\npiece B at (0, 1)\nsolve\n";

#[test]
fn a_history_file_is_appended_to_not_cut() {
    let dir = temp_dir("history-append");
    let path = dir.join("history.txt");
    let old: String = (0..500).map(|i| format!("show {i}\n")).collect();
    std::fs::write(&path, &old).unwrap();
    let o = piped_repl(&dir, path.to_str().unwrap(), SESSION);
    assert_eq!(o.status.code(), Some(0), "{:?}", text(&o));
    let now = std::fs::read_to_string(&path).unwrap();
    assert!(now.starts_with(&old), "the old entries are kept");
    assert_eq!(now.lines().count(), 500 + SESSION.lines().count());
    assert!(now.ends_with("\nsolve\n"), "{}", &now[now.len() - 40..]);
}

#[cfg(unix)]
#[test]
fn history_only_in_regular_files() {
    let dir = temp_dir("history-devices");
    let fifo = dir.join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    for history in ["/dev/zero", "/dev/full", fifo.to_str().unwrap()] {
        let o = piped_repl(&dir, history, SESSION);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(0), "{history}: {out}{err}");
        assert!(err.contains("is not a regular file"), "{history}: {err}");
        assert!(err.contains("runs without history"), "{history}: {err}");
        assert!(out.contains("answer"), "{history}: the session ran: {out}");
    }
}

#[test]
fn a_piped_session_with_errors_fails_and_names_are_escaped() {
    let dir = temp_dir("repl-exit");
    let history = dir.join("h");
    let o = piped_repl(&dir, history.to_str().unwrap(), SESSION);
    assert_eq!(o.status.code(), Some(0), "{:?}", text(&o));
    let o = piped_repl(&dir, history.to_str().unwrap(), "bogus words\nsolve\n");
    assert_eq!(o.status.code(), Some(1), "{:?}", text(&o));
    // A terminal escape in a scenario name is shown escaped.
    let block = "scenario \"red\x1b[31m\" {\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n  solve\n}\n:scenarios\n";
    let o = piped_repl(&dir, history.to_str().unwrap(), block);
    let (out, err) = text(&o);
    assert!(
        !out.contains('\x1b') && !err.contains('\x1b'),
        "{out:?}{err:?}"
    );
    assert!(out.contains("red\\u{1b}[31m"), "{out}");
    std::fs::write(dir.join("esc.game"), block.replace(":scenarios\n", "")).unwrap();
    let o = meeple_in(&dir, &["run", "esc.game"], &[]);
    let (out, _) = text(&o);
    assert!(out.contains("== red\\u{1b}[31m · solve"), "{out}");
    let o = meeple_in(&dir, &["test", "esc.game"], &[]);
    let (out, _) = text(&o);
    assert!(out.contains("PASS esc.game › red\\u{1b}[31m"), "{out}");
}

#[test]
fn a_negative_line_bound_is_an_error() {
    let dir = temp_dir("line-negative");
    let src = "scenario \"s\" {\n  game stacking\n  board [[1]]\n  piece 1 at (0, 0) facing up\n  line -3\n}\n";
    std::fs::write(dir.join("neg.game"), src).unwrap();
    let o = meeple_in(&dir, &["check", "neg.game"], &[]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("meeple::number::range"), "{err}");
    assert!(err.contains("neg.game:5:8"), "on the number: {err}");
    // In the REPL too.
    let history = dir.join("h");
    let o = piped_repl(
        &dir,
        history.to_str().unwrap(),
        "game stacking\nboard [[1]]\npiece 1 at (0, 0) facing up\nline -3\n",
    );
    let (_, err) = text(&o);
    assert!(err.contains("meeple::number::range"), "{err}");
    assert_eq!(o.status.code(), Some(1));
}

/// A file of a rules block alone: the warning's help names that game (it
/// named footholds, yut and stacking, which the file does not play).
#[test]
fn a_rules_only_file_is_told_to_play_its_own_game() {
    let dir = temp_dir("rules-only");
    let game = "rules pile {\n  players A B\n  board none\n  var n: 0..9 = 5\n  turn {\n    choose t in 1..2 where t <= n\n    n -= t\n    win if n == 0\n  }\n  solve outcome\n}\n";
    std::fs::write(dir.join("pile.game"), game).unwrap();
    let o = meeple_in(&dir, &["check", "pile.game"], &[]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("⚠ this file holds no scenario"), "{err}");
    assert!(err.contains("`game pile`"), "{err}");
    assert!(!err.contains("footholds"), "{err}");
}
