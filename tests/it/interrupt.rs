//! Ctrl-C in `meeple run` and `meeple test` (as in the REPL and the
//! server): the running solve stops with `meeple::limit::cancelled`, what
//! was printed stays, the scenarios after it do not run, and the exit code
//! is 130. Each test waits for output of a first, quick scenario, then
//! sends SIGINT while a second one searches a space far larger than its
//! `--max-states` bound lets end soon (no clock is asserted).

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

/// A solo race to 10^9 by steps of 1 or 2: `shortest` searches it level
/// by level, far longer than a test runs, unless cancelled.
const SCRIPT: &str = r#"rules far {
  players solo
  board none
  var x: 0..2000000000 = 0
  turn {
    choose d in 1..2
    x += d
    win if x >= 1000000000
  }
  solve shortest within 1000000000
}
scenario "quick" {
  game far
  set x 999999999
  solve
}
scenario "long" {
  game far
  solve
}
scenario "after" {
  game far
  set x 999999998
  solve
}
"#;

/// Start `meeple ARGS… FILE` on [`SCRIPT`], wait until `ready` is true of
/// a line of its stdout (`from_stdout`) or stderr, send SIGINT, and return
/// its exit code, stdout and stderr.
fn interrupt(args: &[&str], from_stdout: bool, ready: &str) -> (Option<i32>, String, String) {
    let dir = std::env::temp_dir().join(format!(
        "meeple-interrupt-{}-{}",
        std::process::id(),
        args[0]
    ));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("far.game"), SCRIPT).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_meeple"))
        .args(args)
        .arg("far.game")
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start meeple");
    let (mut waited, mut other): (Box<dyn Read + Send>, Box<dyn Read + Send>) = if from_stdout {
        (
            Box::new(child.stdout.take().unwrap()),
            Box::new(child.stderr.take().unwrap()),
        )
    } else {
        (
            Box::new(child.stderr.take().unwrap()),
            Box::new(child.stdout.take().unwrap()),
        )
    };
    // The other stream is read meanwhile, so a full pipe never blocks meeple.
    let other = std::thread::spawn(move || {
        let mut s = String::new();
        other.read_to_string(&mut s).unwrap();
        s
    });
    let mut lines = BufReader::new(&mut waited);
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        let n = lines.read_line(&mut line).unwrap();
        seen.push_str(&line);
        assert!(n > 0, "meeple ended before `{ready}`: {seen}");
        if line.contains(ready) {
            break;
        }
    }
    kill(Pid::from_raw(child.id() as i32), Signal::SIGINT).unwrap();
    lines.read_to_string(&mut seen).unwrap();
    let status = child.wait().unwrap();
    let other = other.join().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let (out, err) = if from_stdout {
        (seen, other)
    } else {
        (other, seen)
    };
    (status.code(), out, err)
}

#[test]
fn ctrl_c_stops_a_run_with_the_cancelled_message() {
    let (code, out, err) = interrupt(
        &["run", "--max-states", "1000000000000000"],
        true,
        "answer 1",
    );
    assert_eq!(code, Some(130), "{out}\n{err}");
    // What was printed before stays; the scenario after does not run.
    assert!(out.contains("== quick · solve"), "{out}");
    assert!(!out.contains("after"), "{out}");
    assert!(err.contains("meeple::limit::cancelled"), "{err}");
    assert!(err.contains("the search was cancelled"), "{err}");
    assert!(
        err.ends_with(
            "interrupted (Ctrl-C): the scenarios after the one that was running did not run\n"
        ),
        "{err}"
    );
}

#[test]
fn ctrl_c_stops_a_test_with_the_cancelled_message() {
    // `quick` has no `expect`: its warning on stderr says it was reported.
    let (code, out, err) = interrupt(
        &["test", "--max-states", "1000000000000000"],
        false,
        "meeple::expect::none",
    );
    assert_eq!(code, Some(130), "{out}\n{err}");
    assert!(out.contains("quick"), "{out}");
    assert!(out.contains("FAIL far.game › long"), "{out}");
    assert!(out.contains("[meeple::limit::cancelled]"), "{out}");
    assert!(!out.contains("after"), "{out}");
    assert!(err.contains("interrupted (Ctrl-C)"), "{err}");
}
