//! The REPL's cost for big inputs, against `meeple run` / `meeple check` of
//! the same text (issue 20 item 8): a board pasted row by row into a piped
//! `meeple repl`, `:load` of a file of many scenarios, and one-line scenarios
//! piped in.
//!
//! `cargo bench --bench repl` (sizes: `-- N SCENARIOS`, default 1000 and
//! 100000). Each row prints the REPL's time, the reference's, and the ratio;
//! before the fix the ratio grew with the input (380 s against 1 s for a
//! 2000 × 2000 board, 184 s against 1.8 s for 100,000 scenarios).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn meeple(args: &[&str], dir: &Path, stdin: Option<&str>) -> Duration {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_meeple"))
        .args(args)
        .current_dir(dir)
        .env("MEEPLE_HISTORY", "")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run meeple");
    let mut input = child.stdin.take().expect("stdin");
    if let Some(text) = stdin {
        input.write_all(text.as_bytes()).expect("write stdin");
    }
    drop(input);
    child.wait().expect("wait");
    start.elapsed()
}

fn row(what: &str, repl: Duration, reference: Duration, name: &str) {
    println!(
        "{what:<34} {:>9.2} s {:>9.2} s  {name:<6} {:>6.1}×",
        repl.as_secs_f64(),
        reference.as_secs_f64(),
        repl.as_secs_f64() / reference.as_secs_f64().max(1e-3)
    );
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let n = args.first().copied().unwrap_or(1000);
    let scenarios = args.get(1).copied().unwrap_or(100_000);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("repl-bench");
    std::fs::create_dir_all(&dir).expect("bench folder");
    println!(
        "{:<34} {:>11} {:>11}  {:<6} {:>7}",
        "input", "repl", "reference", "", "ratio"
    );

    let rows: String = (0..n).map(|_| format!("  {}\n", "1 ".repeat(n))).collect();
    let body = format!(
        "game footholds\nboard {{\n{rows}}}\npiece A at (0, 0)\npiece B at ({}, {})\n",
        n - 1,
        n - 1
    );
    std::fs::write(
        dir.join("board.game"),
        format!("scenario \"big\" {{\n{body}}}\n"),
    )
    .expect("write");
    let repl = meeple(&["repl"], &dir, Some(&body));
    let run = meeple(&["run", "board.game"], &dir, None);
    row(&format!("paste a {n} × {n} board"), repl, run, "run");

    let many: String = (0..scenarios)
        .map(|i| format!("scenario \"s{i}\" {{\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n}}\n"))
        .collect();
    std::fs::write(dir.join("many.game"), many).expect("write");
    let load = meeple(&["repl"], &dir, Some(":load many.game\n"));
    let check = meeple(&["check", "many.game"], &dir, None);
    row(
        &format!(":load {scenarios} scenarios"),
        load,
        check,
        "check",
    );

    // Issue 27 item 17: one-line scenarios piped in (40,000 took 45 s of
    // CPU, the list of names for Tab rebuilt per input).
    let lines = scenarios.min(40_000);
    let one_line: String = (0..lines)
        .map(|i| format!("scenario \"s{i}\" {{ game footholds board [[1, 1]] piece A at (0, 0) piece B at (0, 1) solve }}\n"))
        .collect();
    std::fs::write(dir.join("lines.game"), &one_line).expect("write");
    let piped = meeple(&["repl"], &dir, Some(&one_line));
    let run = meeple(&["run", "lines.game"], &dir, None);
    row(
        &format!("pipe {lines} one-line scenarios"),
        piped,
        run,
        "run",
    );
}
