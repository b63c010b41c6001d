//! `meeple judge` keeps a contestant's program in its box: nothing it
//! starts outlives its run (however it hides), it starts with no signal
//! blocked, it leaves no file behind, its bytes cannot drive the terminal,
//! and a program that cannot start stops the judge at once. Each test runs
//! in both containment modes where it can (`--contain subreaper`, and the
//! default, a PID namespace where the kernel allows one). Processes are
//! found by a marker among their arguments (`sleep 1000.PID…`), counted in
//! `/proc`; waits are bounded by counts, never by timing.

use crate::common::{root, temp_dir, text};
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// A `sleep` argument that no other process has: `1000.<test process><n>`.
pub fn marker(n: u32) -> String {
    format!("1000.{}{n:02}", std::process::id())
}

/// The processes (not zombies) with `arg` among their arguments.
pub fn marked_pids(arg: &str) -> Vec<i32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| {
        let pid: i32 = e.ok()?.file_name().to_str()?.parse().ok()?;
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).ok()?;
        let has = cmdline.split(|&b| b == 0).any(|a| a == arg.as_bytes());
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let state = stat[stat.rfind(')')? + 1..].trim_start().chars().next()?;
        (has && !matches!(state, 'Z' | 'X')).then_some(pid)
    })
    .collect()
}

/// How many processes run with `arg` among their arguments.
pub fn marked(arg: &str) -> usize {
    marked_pids(arg).len()
}

/// Kill what a failed test left running.
pub fn kill_marked(arg: &str) {
    for pid in marked_pids(arg) {
        let _ = nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(pid),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
}

/// The four bundled yut samples.
/// `meeple judge --cmd CMD --jobs 2 --time-limit 1000 CASES` started in
/// `dir` (its `TMPDIR` too), quiet, to be signalled by the test.
pub fn spawn_judge(
    dir: &Path,
    cmd: &str,
    cases: impl AsRef<std::ffi::OsStr>,
) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_meeple"))
        .args(["judge", "--cmd", cmd, "--jobs", "2", "--time-limit", "1000"])
        .arg(cases)
        .current_dir(dir)
        .env("TMPDIR", dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Whether `done` holds within `rounds` looks 10 ms apart (bounded by
/// counts, not asserted on time).
pub fn bounded_wait(rounds: usize, done: impl Fn() -> bool) -> bool {
    (0..rounds).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(10));
        done()
    })
}

fn samples() -> String {
    root()
        .join("scripts/yut/boj17825.game")
        .display()
        .to_string()
}

/// Answers the four samples from a table (reads its input first).
const ANSWERS: &str = "read r; case \"$r\" in 1\\ 2*) echo 190;; 1\\ 1*) echo 133;; 5\\ 1*) echo 214;; *) echo 130;; esac";

/// `meeple judge --contain MODE --cmd CMD samples EXTRA…` in `dir/cwd`, with
/// `TMPDIR` at `dir/tmp` (both made here).
fn judge(dir: &Path, mode: &str, cmd: &str, extra: &[&str], envs: &[(&str, &str)]) -> Output {
    let (cwd, tmp) = (dir.join("cwd"), dir.join("tmp"));
    std::fs::create_dir_all(&cwd).unwrap();
    std::fs::create_dir_all(&tmp).unwrap();
    let mut c = Command::new(env!("CARGO_BIN_EXE_meeple"));
    c.args(["judge", "--contain", mode, "--cmd", cmd, &samples()])
        .args(["--time-limit", "300"])
        .args(extra)
        .current_dir(&cwd)
        .env("NO_COLOR", "1")
        .env("TMPDIR", &tmp);
    for (k, v) in envs {
        c.env(k, v);
    }
    c.output().unwrap()
}

/// The entries of a folder.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn nothing_a_program_starts_outlives_its_run() {
    for (n, mode) in ["subreaper", "auto"].into_iter().enumerate() {
        let dir = temp_dir(&format!("judge-escapes-{mode}"));
        let started = dir.join("started");
        let m: Vec<String> = (0..4).map(|i| marker(10 * n as u32 + i)).collect();
        // Four ways out of the process group, each waited for until it has
        // left (a flag in the run's TMPDIR): a new session, a double fork,
        // a daemon (double fork and a new session), a new process group.
        // Then the program kills its parent.
        let cmd = format!(
            "setsid sh -c 'touch $TMPDIR/a; exec sleep {0}' & \
             ( sh -c 'touch $TMPDIR/b; exec sleep {1}' & ) ; \
             ( setsid sh -c 'sh -c \"touch $TMPDIR/c; exec sleep {2}\" &' & ) ; \
             python3 -c 'import os; os.setpgid(0, 0); open(os.environ[\"TMPDIR\"] + \"/d\", \"w\"); \
             os.execvp(\"sleep\", [\"sleep\", \"{3}\"])' & \
             for f in a b c d; do while [ ! -e $TMPDIR/$f ]; do sleep 0.01; done; done; \
             echo x >> {4}; kill -9 $PPID; {ANSWERS}",
            m[0],
            m[1],
            m[2],
            m[3],
            started.display()
        );
        let o = judge(&dir, mode, &cmd, &["--max-runs", "0", "--jobs", "2"], &[]);
        let left: Vec<usize> = m.iter().map(|a| marked(a)).collect();
        m.iter().for_each(|a| kill_marked(a));
        let (out, err) = text(&o);
        let runs = std::fs::read_to_string(&started).unwrap_or_default();
        assert_eq!(runs.lines().count(), 4, "{mode}: {out}{err}");
        assert_eq!(left, [0, 0, 0, 0], "{mode}: left running\n{out}{err}");
        // In a namespace the parent is process 1, which ignores the kill:
        // every case passes. A subreaper is killed: each case is an RE.
        let code = o.status.code();
        if out.contains("4 passed") {
            assert_eq!(code, Some(0), "{mode}: {out}{err}");
        } else {
            assert_eq!(out.matches("killed by SIGKILL").count(), 4, "{mode}: {out}");
            assert_eq!(code, Some(1));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The mode `auto` gives on this machine, as the JSON summary says.
fn auto_mode(dir: &Path) -> String {
    let o = judge(dir, "auto", ANSWERS, &["--format", "json"], &[]);
    let (out, _) = text(&o);
    let summary: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    summary["contained"]
        .as_str()
        .unwrap_or("unsaid")
        .to_string()
}

#[test]
fn a_judge_killed_leaves_nothing_running_in_a_namespace() {
    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;
    let dir = temp_dir("judge-killed");
    let mode = auto_mode(&dir);
    let (escaped, waiting) = (marker(50), marker(51));
    // A new session in the background, then a sleep far past the test.
    let cmd = format!("setsid sh -c 'exec sleep {escaped}' & exec sleep {waiting}");
    let mut judge = spawn_judge(&dir, &cmd, samples());
    // Until both runs have both processes.
    let all_up = bounded_wait(6000, || marked(&escaped) == 2 && marked(&waiting) == 2);
    kill(Pid::from_raw(judge.id() as i32), Signal::SIGKILL).unwrap();
    let _ = judge.wait();
    // The helpers die with the judge and the namespaces with them; give
    // the kernel a moment (bounded by counts) to carry it out.
    let gone = bounded_wait(500, || marked(&escaped) + marked(&waiting) == 0);
    let left = (marked(&escaped), marked(&waiting));
    kill_marked(&escaped);
    kill_marked(&waiting);
    assert!(all_up, "the runs never started");
    if mode == "subreaper" {
        // No namespace here: what left the program's process group is
        // not held once the judge is killed (docs/judge.md says so); the
        // shells themselves die with their parent.
        assert_eq!(left.1, 0, "{mode}: {left:?}");
    } else {
        assert!(gone, "{mode}: still running {left:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn programs_start_with_no_signal_blocked() {
    for mode in ["subreaper", "auto"] {
        let dir = temp_dir(&format!("judge-sigblk-{mode}"));
        // A command substitution first (the shell's subshells inherit the
        // blocked set it was started with until it first waits for a
        // command), a background subshell, a command, one in a new
        // session: each reads its own blocked set.
        let cmd = "echo \"$(grep SigBlk /proc/self/status)\" >&2; \
                   ( grep SigBlk /proc/self/status >&2 ) & wait; \
                   grep SigBlk /proc/self/status >&2; \
                   sh -c 'grep SigBlk /proc/self/status' >&2; \
                   setsid grep SigBlk /proc/self/status >&2; exit 3";
        let o = judge(
            &dir,
            mode,
            cmd,
            &["--max-runs", "0", "--format", "json"],
            &[],
        );
        let (out, err) = text(&o);
        let mut masks = 0;
        for line in out.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            if v["type"] != "case" {
                continue;
            }
            assert_eq!(v["verdict"], "RE", "{v}");
            for l in v["stderr"].as_str().unwrap().lines() {
                assert_eq!(l, "SigBlk:\t0000000000000000", "{mode}: {v}");
                masks += 1;
            }
        }
        assert_eq!(masks, 4 * 5, "{mode}: {out}{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn each_run_starts_in_a_fresh_folder_removed_afterwards() {
    for mode in ["subreaper", "auto"] {
        let dir = temp_dir(&format!("judge-folder-{mode}"));
        let (cwd, tmp) = (dir.join("cwd"), dir.join("tmp"));
        std::fs::create_dir_all(&cwd).unwrap();
        std::fs::write(cwd.join("answer.sh"), ANSWERS).unwrap();
        // Writes in its folder and in TMPDIR (files, folders, mktemp), a
        // folder it cannot write to; reaches its own file by $MEEPLE_DIR.
        let cmd = format!(
            "[ \"$MEEPLE_DIR\" = '{cwd}' ] && [ \"$(pwd)\" != '{cwd}' ] || exit 9; \
             case \"$TMPDIR\" in '{tmp}'/*) ;; *) exit 9;; esac; \
             echo x > here; mkdir -p sub/deep; echo y > sub/deep/f; chmod 500 sub/deep sub; \
             echo t > \"$TMPDIR/t\"; mktemp > /dev/null; mktemp -d > /dev/null; \
             sh \"$MEEPLE_DIR/answer.sh\"",
            cwd = cwd.display(),
            tmp = tmp.display()
        );
        let o = judge(&dir, mode, &cmd, &[], &[]);
        let (out, err) = text(&o);
        assert_eq!(
            (o.status.code(), crate::judge_run::counts(&out).as_str()),
            (Some(0), "4 passed, 0 failed\n"),
            "{mode}: {err}"
        );
        assert_eq!(
            entries(&cwd),
            ["answer.sh"],
            "{mode}: left in the judge's folder"
        );
        assert_eq!(
            entries(&tmp),
            Vec::<String>::new(),
            "{mode}: left in TMPDIR"
        );
        // A file of the judge's folder named by a relative path still runs
        // (given as its full path), from the fresh folder, leaving nothing.
        let o = judge(&dir, mode, "sh answer.sh", &[], &[]);
        let (out, err) = text(&o);
        assert_eq!(
            (o.status.code(), crate::judge_run::counts(&out).as_str()),
            (Some(0), "4 passed, 0 failed\n"),
            "{mode}: {err}"
        );
        assert_eq!(entries(&cwd), ["answer.sh"], "{mode}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_programs_control_characters_are_escaped_in_text_reports() {
    let dir = temp_dir("judge-controls");
    // An RE whose stderr clears the screen, sets the title and rings; a
    // PE whose first token starts with a colour.
    let cmd = "read r; case \"$r\" in 1\\ 2*) printf 'boom\\033[2J\\033]0;pwned\\007\\rX\\n' >&2; exit 1;; \
               *) printf '\\033[31m5\\n';; esac";
    let o = judge(&dir, "auto", cmd, &["--max-runs", "2", "--jobs", "1"], &[]);
    let out = &o.stdout;
    for byte in [0x1b, 0x07, b'\r'] {
        assert!(
            !out.contains(&byte),
            "raw byte {byte:#x} in\n{}",
            text(&o).0
        );
    }
    let (out, _) = text(&o);
    assert!(
        out.contains("    stderr: boom\\u{1b}[2J\\u{1b}]0;pwned\\u{7}\\rX\n"),
        "{out}"
    );
    assert!(
        out.contains("the first token `\\u{1b}[31m5` is not a number"),
        "{out}"
    );
    // JSON escapes them as JSON does.
    let o = judge(
        &dir,
        "auto",
        cmd,
        &["--max-runs", "0", "--format", "json"],
        &[],
    );
    assert!(!o.stdout.contains(&0x1b));
    assert!(text(&o).0.contains("boom\\u001b[2J"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `meeple judge` on a program that cannot start: exit 2, one error naming
/// `--cmd`, nothing on stdout (no RE per case, no shrinking, no summary).
fn cannot_start(dir: &Path, mode: &str, cmd: &str, envs: &[(&str, &str)]) -> String {
    let o = judge(dir, mode, cmd, &["--jobs", "1"], envs);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{mode} {cmd}: {out}{err}");
    assert_eq!(out, "", "{mode} {cmd}");
    assert_eq!(err.matches("error:").count(), 1, "{err}");
    assert!(
        err.starts_with(&format!("error: --cmd \"{cmd}\" cannot start: ")),
        "{err}"
    );
    err
}

#[test]
fn a_program_that_cannot_start_stops_the_run_at_once() {
    for mode in ["subreaper", "auto"] {
        let dir = temp_dir(&format!("judge-cannot-start-{mode}"));
        let ran = dir.join("ran");
        // Not found (127): the first run stops the judge.
        let cmd = format!("echo x >> {}; no-such-program-{}", ran.display(), marker(0));
        let err = cannot_start(&dir, mode, &cmd, &[]);
        assert!(
            err.contains("exit status 127 (the command is not found)"),
            "{err}"
        );
        assert!(err.contains("    stderr: sh: 1: no-such-program-"), "{err}");
        assert_eq!(std::fs::read_to_string(&ran).unwrap().lines().count(), 1);
        // Found, not runnable (126).
        let file = dir.join("not-executable");
        std::fs::write(&file, "echo 5\n").unwrap();
        let err = cannot_start(&dir, mode, &file.display().to_string(), &[]);
        assert!(err.contains("exit status 126"), "{err}");
        // No `sh` at all.
        let empty = dir.join("empty-path");
        std::fs::create_dir_all(&empty).unwrap();
        let err = cannot_start(&dir, mode, "echo 5", &[("PATH", empty.to_str().unwrap())]);
        assert!(err.contains("cannot start sh"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
