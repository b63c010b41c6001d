//! `meeple repl` driven through a pseudo-terminal, as a person would use it.
//! Every expectation has a timeout, so a broken REPL fails instead of hanging.

#![cfg(unix)]

use rexpect::session::{spawn_with_options, Options, PtySession};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Generous: debug builds on a busy 2-core machine.
const TIMEOUT_MS: u64 = 30_000;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("meeple-repl-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Start `meeple repl ARGS…` and wait for its first prompt.
fn spawn(history: &Path, args: &[&str], prompt: &str) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_meeple"));
    cmd.arg("repl")
        .args(args)
        .args(["--color", "never"])
        .env("MEEPLE_HISTORY", history)
        .env("MEEPLE_PROGRESS_AFTER_MS", "0")
        .env("TERM", "xterm")
        .env("NO_COLOR", "1");
    let opts = Options::new()
        .timeout_ms(Some(TIMEOUT_MS))
        .strip_ansi_escape_codes(true);
    let mut p = spawn_with_options(cmd, opts).expect("spawn meeple repl");
    p.exp_string(prompt).expect("first prompt");
    p
}

/// Type a line and return what it printed, up to the next prompt. While a
/// line is edited rustyline redraws it as `\r` + prompt + text on every key;
/// a fresh prompt after the line ran is the one that starts a new line.
fn line(p: &mut PtySession, text: &str, prompt: &str) -> String {
    p.send_line(text).unwrap();
    wait_prompt(p, prompt).unwrap_or_else(|e| panic!("after {text:?}: {e}"))
}

fn wait_prompt(p: &mut PtySession, prompt: &str) -> Result<String, rexpect::error::Error> {
    p.exp_string(&format!("\n\r{prompt}"))
}

/// A board typed row by row: while the `{` is open, Enter asks for the
/// next line under the continuation prompt (dots as wide as `footholds> `).
fn board(p: &mut PtySession, rows: &[&str]) {
    p.send_line("board {").unwrap();
    p.exp_string("\n\r       ... ")
        .expect("the continuation prompt after `board {`");
    for row in rows {
        p.send_line(row).unwrap();
        p.exp_string("\n\r       ... ")
            .expect("the continuation prompt while the board is open");
    }
    let out = line(p, "}", "footholds> ");
    assert!(!out.contains("meeple::"), "{out}");
}

const THREE: &[&str] = &["  1 1 1", "  1 1 1", "  1 1 1"];

#[test]
fn statements_one_by_one_then_solve() {
    let dir = temp_dir("solve");
    let mut p = spawn(&dir.join("history"), &[], "meeple> ");
    line(&mut p, "game footholds", "footholds> ");
    board(&mut p, THREE);
    line(&mut p, "piece A at (1, 0)", "footholds> ");
    line(&mut p, "piece B at (1, 2)", "footholds> ");
    let out = line(&mut p, "solve", "footholds> ");
    // (rexpect reads bytes as Latin-1: assert on ASCII text only)
    assert!(out.contains("== repl "), "{out}");
    assert!(out.contains("answer 5"), "{out}");
    let out = line(&mut p, "expect winner A", "footholds> ");
    assert!(out.contains("ok: expect winner A"), "{out}");
    let out = line(&mut p, ":show", "footholds> ");
    assert!(out.contains("scenario \"repl\" {"), "{out}");
    assert!(out.contains("  piece B at (1, 2)"), "{out}");
    p.send_line(":quit").unwrap();
    p.exp_eof().expect(":quit leaves");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_error_then_a_query_that_is_still_answered() {
    let dir = temp_dir("error");
    let mut p = spawn(&dir.join("history"), &[], "meeple> ");
    let out = line(&mut p, "game chess", "meeple> ");
    assert!(out.contains("meeple::game::unknown"), "{out}");
    line(&mut p, "game footholds", "footholds> ");
    board(&mut p, THREE);
    let out = line(&mut p, "piece A at (7, 7)", "footholds> ");
    assert!(out.contains("meeple::piece::off_board"), "{out}");
    assert!(
        out.contains("piece A at (7, 7)"),
        "the label shows the typed text: {out}"
    );
    let out = line(&mut p, "piece A at", "footholds> ");
    assert!(out.contains("meeple::parse"), "{out}");
    line(&mut p, "piece A at (1, 0)", "footholds> ");
    line(&mut p, "piece B at (1, 2)", "footholds> ");
    let out = line(&mut p, "solve", "footholds> ");
    assert!(out.contains("answer 5"), "{out}");
    // Ctrl-C drops the line being typed; the session goes on.
    p.send("piece A at (0, 0)").unwrap();
    p.flush().unwrap();
    p.send_control('c').unwrap();
    wait_prompt(&mut p, "footholds> ").expect("a fresh prompt after Ctrl-C");
    let out = line(&mut p, "show", "footholds> ");
    assert!(out.contains("A at (1, 0)"), "{out}");
    assert!(!out.contains("A at (0, 0)"), "{out}");
    // Ctrl-D leaves.
    p.send_control('d').unwrap();
    p.exp_eof().expect("Ctrl-D leaves");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn history_is_written_and_kept_across_sessions() {
    let dir = temp_dir("history");
    let history = dir.join("history");
    let mut p = spawn(&history, &[], "meeple> ");
    line(&mut p, "game footholds", "footholds> ");
    line(&mut p, ":set autoshow on", "footholds> ");
    p.send_line(":quit").unwrap();
    p.exp_eof().unwrap();
    let text = std::fs::read_to_string(&history).expect("history file written");
    assert!(text.contains("game footholds"), "{text}");
    assert!(text.contains(":set autoshow on"), "{text}");

    // A new session hints from it: `gam`, Right arrow takes the hint
    // `e footholds`, Enter runs it (the prompt then names the game).
    let mut p = spawn(&history, &[], "meeple> ");
    p.send("gam").unwrap();
    p.flush().unwrap();
    p.exp_string("game footholds").expect("the hint is shown");
    p.send("\x1b[C\r").unwrap();
    p.flush().unwrap();
    p.exp_string("footholds> ").expect("the hinted line ran");
    p.send_line(":q").unwrap();
    p.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn load_a_file_and_explore() {
    let dir = temp_dir("load");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/footholds/kakao.game");
    // The file loads first, so the first prompt shows its game.
    let mut p = spawn(
        &dir.join("history"),
        &[script.to_str().unwrap()],
        "footholds> ",
    );
    let out = line(&mut p, ":scenarios", "footholds> ");
    assert!(out.contains("* \"kakao example 4\""), "{out}");
    line(&mut p, ":use kakao example 1", "footholds> ");
    line(&mut p, ":set autoshow on", "footholds> ");
    let out = line(&mut p, "play A up", "footholds> ");
    assert!(
        out.contains("B to move"),
        "autoshow draws the position: {out}"
    );
    let out = line(&mut p, ":reset", "footholds> ");
    assert!(out.contains("A to move"), "{out}");
    let out = line(&mut p, "solve", "footholds> ");
    assert!(out.contains("== kakao example 1 "), "{out}");
    assert!(out.contains("answer 5"), "{out}");
    p.send_line(":quit").unwrap();
    p.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_cancels_a_running_solve() {
    let dir = temp_dir("cancel");
    // An 8×8 board with king steps takes far longer than this test waits.
    let mut p = spawn(&dir.join("history"), &["--timeout", "120"], "meeple> ");
    line(&mut p, "game footholds", "footholds> ");
    line(&mut p, "rule steps king", "footholds> ");
    board(&mut p, &["11111111"; 8]);
    line(&mut p, "piece A at (0, 0)", "footholds> ");
    line(&mut p, "piece B at (7, 7)", "footholds> ");
    p.send_line("solve").unwrap();
    // Once the accepted line is echoed with its newline, rustyline has
    // given the terminal back (Ctrl-C is a signal again) and the solve runs.
    p.exp_string("solve\r\n").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    p.send_control('c').unwrap();
    p.exp_string("meeple::limit::cancelled")
        .expect("the solve stops with meeple::limit::cancelled");
    wait_prompt(&mut p, "footholds> ").unwrap();
    // The session goes on.
    let out = line(&mut p, "show", "footholds> ");
    assert!(out.contains("A to move"), "{out}");
    p.send_line(":quit").unwrap();
    p.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_long_solve_shows_progress_until_cancelled() {
    let dir = temp_dir("progress");
    let mut p = spawn(&dir.join("history"), &["--timeout", "120"], "meeple> ");
    line(&mut p, "game footholds", "footholds> ");
    line(&mut p, "rule steps king", "footholds> ");
    board(&mut p, &["11111111"; 8]);
    line(&mut p, "piece A at (0, 0)", "footholds> ");
    line(&mut p, "piece B at (7, 7)", "footholds> ");
    p.send_line("solve").unwrap();
    p.exp_string("states searched")
        .expect("a progress line while the solve runs");
    p.send_control('c').unwrap();
    p.exp_string("meeple::limit::cancelled").unwrap();
    wait_prompt(&mut p, "footholds> ").unwrap();
    p.send_line(":quit").unwrap();
    p.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bare_words_are_answered() {
    let dir = temp_dir("bare");
    let mut p = spawn(&dir.join("history"), &[], "meeple> ");
    let out = line(&mut p, "help", "meeple> ");
    assert!(out.contains(":save FILE"), "{out}");
    assert!(!out.contains("meeple::"), "{out}");
    let out = line(&mut p, "quit", "meeple> ");
    assert!(out.contains("type :quit"), "{out}");
    let out = line(&mut p, "exit", "meeple> ");
    assert!(out.contains("type :quit"), "{out}");
    p.send_line("exit").unwrap();
    p.send_line(":quit").unwrap();
    p.exp_eof().expect(":quit leaves");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 29: Tab on a line of a `rules NAME {` block being typed offers
/// the rules words (`  pla` → `  players`; it gave `play`), and a slip in
/// the block is shown once, when its `}` closes it.
#[test]
fn tab_inside_a_rules_block_being_typed() {
    let dir = temp_dir("rules-tab");
    let mut p = spawn(&dir.join("history"), &[], "meeple> ");
    p.send_line("rules x {").unwrap();
    p.exp_string("\n\r    ... ")
        .expect("the continuation prompt");
    p.send("  pla\t").unwrap();
    p.flush().unwrap();
    p.exp_string("  players")
        .expect("Tab completes to `players`");
    p.send_line(" A B").unwrap();
    p.exp_string("\n\r    ... ").expect("the block stays open");
    for l in [
        "  board none",
        "  var n: 0..3 = 3",
        "  bogus stuff",
        "  turn {",
        "    choose t in [1] where t <= n",
        "    n -= t",
        "    win if n == 0",
        "  }",
        "  solve outcome",
    ] {
        p.send_line(l).unwrap();
        p.exp_string("\n\r    ... ")
            .unwrap_or_else(|e| panic!("the continuation prompt after {l:?}: {e}"));
    }
    let out = line(&mut p, "}", "meeple> ");
    assert_eq!(out.matches("meeple::parse").count(), 1, "{out}");
    assert!(out.contains("found `bogus`"), "{out}");
    assert!(!out.contains("closes nothing"), "{out}");
    p.send_line(":quit").unwrap();
    p.exp_eof().expect(":quit leaves");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A rules block typed line by line (the continuation prompt while its `{`
/// is open), then a scenario block and typed statements using its game.
#[test]
fn a_rules_block_typed_then_scenarios_using_it() {
    let dir = temp_dir("rules");
    let mut p = spawn(&dir.join("history"), &[], "meeple> ");
    let block = [
        "rules counter {",
        "  players solo",
        "  var n: 0..5 = 0",
        "  turn {",
        "    choose k in 1..2 say \"add {k}\"",
        "    n += k",
        "    win if n >= 3",
        "  }",
        "  solve shortest within 5",
    ];
    for l in block {
        p.send_line(l).unwrap();
        p.exp_string("\n\r    ... ")
            .unwrap_or_else(|e| panic!("the continuation prompt after {l:?}: {e}"));
    }
    let out = line(&mut p, "}", "meeple> ");
    assert!(out.contains("rules counter defined"), "{out}");
    // A scenario block on one line uses it.
    let out = line(
        &mut p,
        "scenario \"two steps\" { game counter solve expect answer 2 }",
        "rules> ",
    );
    assert!(out.contains("answer 2"), "{out}");
    assert!(!out.contains("meeple::"), "{out}");
    // So does a typed `game`.
    line(&mut p, "game counter", "rules> ");
    let out = line(&mut p, "solve", "rules> ");
    assert!(out.contains("answer 2: won in 2 moves"), "{out}");
    // A broken block is refused with its diagnostics; the old one stays.
    let out = line(
        &mut p,
        "rules counter { players solo turn { m += 1 } solve moves }",
        "rules> ",
    );
    assert!(out.contains("meeple::rules::name"), "{out}");
    let out = line(&mut p, "game counter", "rules> ");
    assert!(!out.contains("meeple::"), "{out}");
    p.send_line(":quit").unwrap();
    p.exp_eof().expect(":quit leaves");
    let _ = std::fs::remove_dir_all(&dir);
}
