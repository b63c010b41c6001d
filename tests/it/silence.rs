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
    assert!(
        err.contains("warning: empty.game holds no scenario"),
        "{err}"
    );
    let o = meeple_in(&dir, &["check", "comment.game"], &[]);
    let (_, err) = text(&o);
    assert!(
        err.contains("warning: comment.game holds no scenario"),
        "{err}"
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
    use std::os::unix::process::ExitStatusExt;
    let dir = temp_dir("pipe");
    let bad: String = (0..400)
        .map(|i| format!("scenario \"s{i}\" {{ bogus }}\n"))
        .collect();
    std::fs::write(dir.join("bad.game"), bad).unwrap();
    let many: String = (0..1500)
        .map(|i| format!("scenario \"s{i}\" {{\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n  solve\n}}\n"))
        .collect();
    std::fs::write(dir.join("many.game"), many).unwrap();
    // Far more than a pipe holds (64 KiB), so the pipe is closed while
    // meeple still writes: errors on stderr, results on stdout.
    for (args, stderr) in [(["check", "bad.game"], true), (["run", "many.game"], false)] {
        let mut cmd = bin();
        cmd.args(args).current_dir(&dir);
        if stderr {
            cmd.stdout(Stdio::null()).stderr(Stdio::piped());
        } else {
            cmd.stdout(Stdio::piped()).stderr(Stdio::null());
        }
        let mut child = cmd.spawn().unwrap();
        // Read one line, as `head -1` does, then close the pipe.
        let mut first = String::new();
        let pipe: Box<dyn std::io::Read> = if stderr {
            Box::new(child.stderr.take().unwrap())
        } else {
            Box::new(child.stdout.take().unwrap())
        };
        BufReader::new(pipe).read_line(&mut first).unwrap();
        assert!(!first.is_empty());
        let status = child.wait().unwrap();
        assert_ne!(status.code(), Some(101), "{args:?} panicked");
        assert!(
            status.signal() == Some(libc_sigpipe()) || status.code() == Some(141),
            "{args:?}: {status:?}"
        );
    }
}

/// SIGPIPE's number (13 on every unix meeple is built for).
#[cfg(unix)]
fn libc_sigpipe() -> i32 {
    13
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
