//! `meeple judge`'s own overhead beside process start-up, and the time to
//! shrink one failure.
//!
//! `cargo bench --bench judge` compiles a tiny C program with `cc` (it reads
//! its input and prints a fixed token), then times (the best of 3), on one job:
//!
//! - the reference: spawning `sh -c true`, and `sh -c PROGRAM` with a judge
//!   input on stdin and its output read, 1,000 times each;
//! - `meeple gen footholds --count 1000` (drawing and solving the cases);
//! - `meeple judge --cmd PROGRAM --gen footholds --count 1000 --max-runs 0`,
//!   on 1 and on 2 jobs: minus the generation and the bare runs, what is
//!   left is the runner's own overhead per case;
//! - the shrink of one failure: a program built from `meeple run` (correct)
//!   that adds one to answers of 3 or more, judged with and without
//!   shrinking, and the program runs the shrink took.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CASES: usize = 1000;
const MEEPLE: &str = env!("CARGO_BIN_EXE_meeple");
const INPUT: &str = "[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]\n";

const FIXED_C: &str = r#"
#include <stdio.h>
#include <unistd.h>
int main(void) {
    char buf[4096];
    while (read(0, buf, sizeof buf) > 0) {}
    puts("5");
    return 0;
}
"#;

fn time(f: impl FnOnce()) -> Duration {
    let t = Instant::now();
    f();
    t.elapsed()
}

/// The best of [`ROUNDS`] timings (the machine may be shared).
fn best(mut f: impl FnMut()) -> Duration {
    (0..ROUNDS).map(|_| time(&mut f)).min().unwrap_or_default()
}

const ROUNDS: usize = 3;

/// `sh -c cmd` with `input` on stdin, its output read.
fn spawn(cmd: &str, input: &str) {
    let mut child = Command::new("sh")
        .args(["-c", cmd])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh");
    if let Some(mut w) = child.stdin.take() {
        let _ = w.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
}

/// `meeple ARGS…`: its exit code and stdout.
fn meeple(args: &[&str]) -> (i32, String) {
    let o = Command::new(MEEPLE).args(args).output().expect("meeple");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
    )
}

fn row(what: &str, d: Duration, per: usize) {
    println!(
        "{what:<58} {:>9.1} ms {:>9.3} ms/case",
        d.as_secs_f64() * 1e3,
        d.as_secs_f64() * 1e3 / per as f64
    );
}

fn main() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("judge-bench");
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("fixed.c");
    let exe = dir.join("fixed");
    std::fs::write(&src, FIXED_C).unwrap();
    let compiled = Command::new("cc")
        .arg("-O2")
        .arg("-o")
        .arg(&exe)
        .arg(&src)
        .status()
        .is_ok_and(|s| s.success());
    let program = if compiled {
        exe.display().to_string()
    } else {
        println!("(no cc: the program is `cat >/dev/null; echo 5`)");
        "cat >/dev/null; echo 5".to_string()
    };
    let count = CASES.to_string();
    let gen = ["--gen", "footholds", "--count", &count, "--seed", "1"];

    let bare_true = best(|| (0..CASES).for_each(|_| spawn("true", "")));
    let bare = best(|| (0..CASES).for_each(|_| spawn(&program, INPUT)));
    let generated = best(|| {
        let (code, _) = meeple(&["gen", "footholds", "--count", &count, "--seed", "1"]);
        assert_eq!(code, 0);
    });
    let mut judged = Vec::new();
    for jobs in ["1", "2"] {
        let mut args = vec![
            "judge",
            "--cmd",
            &program,
            "--jobs",
            jobs,
            "--max-runs",
            "0",
        ];
        args.extend_from_slice(&gen);
        judged.push(best(|| {
            let (code, out) = meeple(&args);
            // The fixed token is right on some cases, wrong on the others.
            assert!(code == 1 && out.ends_with(" failed\n"), "{out}");
        }));
    }
    println!("judging {CASES} generated footholds cases (2022 KAKAO), one job unless said, best of {ROUNDS}");
    row("reference: spawn `sh -c true`", bare_true, CASES);
    row(
        "reference: spawn `sh -c PROGRAM`, input in, output out",
        bare,
        CASES,
    );
    row(
        "meeple gen footholds --count 1000 (draw and solve)",
        generated,
        CASES,
    );
    row(
        "meeple judge --gen … --max-runs 0, --jobs 1",
        judged[0],
        CASES,
    );
    row(
        "meeple judge --gen … --max-runs 0, --jobs 2",
        judged[1],
        CASES,
    );
    let overhead = judged[0].saturating_sub(generated + bare);
    row(
        "runner overhead (judge - gen - bare runs), --jobs 1",
        overhead,
        CASES,
    );

    // Shrinking: `meeple run` on the input is the correct program; the bug
    // adds one to answers of 3 or more.
    let correct = format!(
        "{{ printf 'scenario \"s\" {{\\n game footholds\\n input \"\"\"\\n'; cat; \
         printf '\"\"\"\\n solve\\n}}\\n'; }} | {MEEPLE} run - | awk '/^answer/ {{print $2}}'"
    );
    let buggy = format!("{correct} | awk '{{ print ($1 >= 3) ? $1 + 1 : $1 }}'");
    let small = [
        "--gen",
        "footholds",
        "--count",
        "20",
        "--seed",
        "1",
        "--jobs",
        "1",
    ];
    let mut plain = vec!["judge", "--cmd", &buggy, "--max-runs", "0"];
    plain.extend_from_slice(&small);
    let mut shrinking = vec!["judge", "--cmd", &buggy, "--format", "json"];
    shrinking.extend_from_slice(&small);
    let without = time(|| assert_eq!(meeple(&plain).0, 1));
    let mut report = String::new();
    let with = time(|| {
        let (code, out) = meeple(&shrinking);
        assert_eq!(code, 1);
        report = out;
    });
    let shrunk: serde_json::Value = report
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v["type"] == "shrunk")
        .expect("a shrunk case");
    let runs = shrunk["runs"].as_u64().unwrap() as usize;
    println!();
    println!("shrinking one failure (20 cases, a program built on `meeple run`)");
    row("judge, no shrinking", without, 20);
    row("judge and shrink", with, 20);
    row(
        &format!("the shrink alone ({runs} program runs, per run)"),
        with.saturating_sub(without),
        runs.max(1),
    );
    println!(
        "shrunk to {:?} in {} steps ({}: {})",
        shrunk["input"].as_str().unwrap_or(""),
        shrunk["steps"],
        shrunk["verdict"],
        shrunk["detail"].as_str().unwrap_or("")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
