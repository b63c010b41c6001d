//! The progress line of a long solve: on a terminal it appears (states
//! searched, time); on a pipe not a byte of it is written. The solves are
//! bounded by `--max-states`, not by time.

use crate::common::{meeple_in, temp_dir, text};

/// A 10 × 10 footholds board: millions of states before an answer.
fn big(dir: &std::path::Path) -> std::path::PathBuf {
    let rows: String = (0..10).map(|_| "    1111111111\n").collect();
    let file = dir.join("big.game");
    std::fs::write(
        &file,
        format!(
            "scenario \"big\" {{\n  game footholds\n  board {{\n{rows}  }}\n  piece A at (0, 0)\n  piece B at (9, 9)\n  solve\n}}\n"
        ),
    )
    .unwrap();
    file
}

/// Enough states to last a few progress ticks (100 ms each) in any build,
/// few enough to stop within the test's patience. The terminal tests set
/// `MEEPLE_PROGRESS_AFTER_MS=0`, so the line shows from the first tick
/// whatever the machine's speed.
const STATES: &str = "3000000";

#[test]
fn no_progress_bytes_reach_a_pipe() {
    let dir = temp_dir("progress-pipe");
    big(&dir);
    let o = meeple_in(&dir, &["--max-states", STATES, "run", "big.game"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(err.contains("meeple::limit::states"), "{err}");
    assert!(!err.contains("states searched"), "{err}");
    assert!(
        !err.contains("\x1b["),
        "no terminal codes on a pipe: {err:?}"
    );
    assert!(!out.contains("states searched"), "{out}");
    std::fs::remove_dir_all(dir).ok();
}

#[cfg(unix)]
#[test]
fn a_long_solve_shows_its_progress_on_a_terminal() {
    use rexpect::session::{spawn_with_options, Options};
    let dir = temp_dir("progress-pty");
    let file = big(&dir);
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_meeple"));
    cmd.args(["--max-states", STATES, "--color", "never", "run"])
        .arg(&file)
        .env("TERM", "xterm")
        .env("MEEPLE_PROGRESS_AFTER_MS", "0")
        .env("NO_COLOR", "1");
    let opts = Options::new()
        .timeout_ms(Some(120_000))
        .strip_ansi_escape_codes(true);
    let mut p = spawn_with_options(cmd, opts).expect("spawn meeple run");
    p.exp_string("states searched").expect("a progress line");
    // The run still ends with the limit's diagnostic, the line cleared.
    p.exp_string("meeple::limit::states")
        .expect("the limit is reported");
    std::fs::remove_dir_all(dir).ok();
}

#[cfg(unix)]
#[test]
fn meeple_test_shows_its_bar_during_one_long_scenario() {
    use rexpect::session::{spawn_with_options, Options};
    let dir = temp_dir("progress-test-pty");
    big(&dir);
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_meeple"));
    cmd.args(["--max-states", STATES, "--color", "never", "test", "."])
        .current_dir(&dir)
        .env("TERM", "xterm")
        .env("MEEPLE_PROGRESS_AFTER_MS", "0")
        .env("NO_COLOR", "1");
    let opts = Options::new()
        .timeout_ms(Some(120_000))
        .strip_ansi_escape_codes(true);
    let mut p = spawn_with_options(cmd, opts).expect("spawn meeple test");
    // One scenario, still running: the bar shows it and the states so far.
    p.exp_string("0/1 scenarios")
        .expect("the bar of a slow run");
    p.exp_string(" states").expect("states searched");
    p.exp_string("0 passed, 1 failed")
        .expect("the closing line");
    std::fs::remove_dir_all(dir).ok();
}
