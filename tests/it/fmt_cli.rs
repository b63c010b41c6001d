//! `meeple fmt [--check] [PATH…|-]` end to end: rewrites in place only
//! what changes, `--check` diffs and exits 1, syntax errors exit 2 and
//! leave the file as it was, `-` formats standard input.

use crate::common::{meeple_in, temp_dir, text};
use std::io::Write;
use std::process::{Command, Stdio};

const MESSY: &str = "scenario \"messy\"{game footholds\n\n\n board [[1,1]]   # a row\n piece A at(0,0)\npiece B at (0, 1) solve expect answer 1}\n";
const TIDY: &str = "scenario \"tidy\" {\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n  solve\n  expect answer 1\n}\n";
const BROKEN: &str = "scenario \"broken\" {\n  game footholds\n  piece A at (0 0)\n}\n";

fn write(dir: &std::path::Path, files: &[(&str, &str)]) {
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

fn read(dir: &std::path::Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn fmt_rewrites_only_the_files_that_change() {
    let dir = temp_dir("fmt-write");
    write(
        &dir,
        &[
            ("a/messy.game", MESSY),
            ("a/tidy.game", TIDY),
            ("notes.txt", MESSY),
        ],
    );
    let o = meeple_in(&dir, &["fmt", "."], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert_eq!(out, "reformatted ./a/messy.game\n");
    let formatted = read(&dir, "a/messy.game");
    assert_eq!(
        formatted,
        meeple::format::format_source("m", MESSY).unwrap()
    );
    assert!(
        formatted.contains("  board [[1, 1]]  # a row\n"),
        "{formatted}"
    );
    assert_eq!(read(&dir, "a/tidy.game"), TIDY);
    assert_eq!(
        read(&dir, "notes.txt"),
        MESSY,
        "only .game files under a folder"
    );
    // No temporary file is left beside it.
    let left: Vec<_> = std::fs::read_dir(dir.join("a")).unwrap().collect();
    assert_eq!(left.len(), 2);
    // A second run has nothing to do.
    let o = meeple_in(&dir, &["fmt", "a"], &[]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(text(&o).0, "");
    let o = meeple_in(&dir, &["fmt", "--check", "a/messy.game"], &[]);
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn fmt_check_prints_a_diff_and_changes_nothing() {
    let dir = temp_dir("fmt-check");
    write(&dir, &[("messy.game", MESSY), ("tidy.game", TIDY)]);
    let o = meeple_in(&dir, &["fmt", "--check", "messy.game", "tidy.game"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(
        out.starts_with("--- messy.game\n+++ messy.game (formatted)\n@@ "),
        "{out}"
    );
    assert!(
        out.contains("\n-piece B at (0, 1) solve expect answer 1}\n"),
        "{out}"
    );
    assert!(out.contains("\n+  piece B at (0, 1)\n+  solve\n"), "{out}");
    assert!(!out.contains("tidy.game"), "{out}");
    assert!(err.contains("1 of 2 files would be reformatted"), "{err}");
    assert_eq!(read(&dir, "messy.game"), MESSY);
}

#[test]
fn fmt_leaves_a_file_with_syntax_errors_as_it_is() {
    let dir = temp_dir("fmt-broken");
    write(&dir, &[("broken.game", BROKEN), ("messy.game", MESSY)]);
    for args in [&["fmt", "."][..], &["fmt", "--check", "."]] {
        let o = meeple_in(&dir, args, &[]);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{out}{err}");
        // Shown as `meeple check` shows it.
        assert!(err.contains("meeple::parse"), "{err}");
        assert!(err.contains("broken.game:3:"), "{err}");
        assert!(err.contains("./broken.game: 1 error\n"), "{err}");
        assert_eq!(read(&dir, "broken.game"), BROKEN);
    }
    // The other file was still formatted (by the first run).
    assert_ne!(read(&dir, "messy.game"), MESSY);
    // A file that declares its syntax errors tests them: it is left alone.
    let declared = format!("# expect-error: meeple::parse\n{BROKEN}");
    write(&dir, &[("broken.game", &declared)]);
    let o = meeple_in(&dir, &["fmt", "--check", "."], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(
        err.contains(
            "note: ./broken.game has the syntax errors its `# expect-error` lines declare"
        ),
        "{err}"
    );
    assert_eq!(read(&dir, "broken.game"), declared);
}

fn fmt_stdin(args: &[&str], input: &str) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_meeple"))
        .args(args)
        .env("NO_COLOR", "1")
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

#[test]
fn a_dash_formats_stdin_to_stdout() {
    let o = fmt_stdin(&["fmt", "-"], MESSY);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        text(&o).0,
        meeple::format::format_source("m", MESSY).unwrap()
    );
    let o = fmt_stdin(&["fmt", "-"], TIDY);
    assert_eq!(text(&o).0, TIDY);
    let o = fmt_stdin(&["fmt", "--check", "-"], MESSY);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).0.starts_with("--- <stdin>\n"));
    let o = fmt_stdin(&["fmt", "-"], BROKEN);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(out, "");
    assert!(
        err.contains("meeple::parse") && err.contains("<stdin>:3:"),
        "{err}"
    );
}

#[test]
fn fmt_reports_paths_it_cannot_read() {
    let dir = temp_dir("fmt-missing");
    let o = meeple_in(&dir, &["fmt", "nowhere.game"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("nowhere.game: no such file or folder"));
    let o = meeple_in(&dir, &["fmt", "--format", "json", "."], &[]);
    assert_eq!(o.status.code(), Some(2));
}
