//! Issue 27 item 18, through the binary: special files and streams given
//! where meeple expects a script or a terminal — `gen --tracks /dev/zero`,
//! `fmt` on a FIFO or device, hard links and owners kept by `fmt`,
//! `--help` to a full disk, a symlink to `/proc` in a tested folder.

use crate::common::{meeple_in, temp_dir, text};
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::Command;

/// A script that `meeple fmt` changes (two spaces of indent are missing).
const UNFORMATTED: &str = "scenario \"s\" {\ngame footholds\nboard [[1, 1]]\npiece A at (0, 0)\npiece B at (0, 1)\nsolve\n}\n";

fn bin() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_meeple"));
    cmd.env("NO_COLOR", "1");
    cmd
}

#[test]
fn gen_reads_a_tracks_file_only_up_to_the_size_limit() {
    let dir = temp_dir("gen-dev-zero");
    // Before: /dev/zero was read until memory ran out.
    let o = meeple_in(
        &dir,
        &[
            "gen",
            "yut",
            "--count",
            "1",
            "--track",
            "t",
            "--tracks",
            "/dev/zero",
        ],
        &[],
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{out}{err}");
    assert!(err.contains("meeple::source::too_large"), "{err}");
    assert!(err.contains("/dev/zero"), "{err}");
}

#[test]
fn fmt_refuses_a_fifo_or_a_device_by_name() {
    let dir = temp_dir("fmt-fifo");
    let fifo = dir.join("pipe.game");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    for (path, kind) in [
        (fifo.to_str().unwrap(), "a FIFO"),
        ("/dev/null", "a device"),
    ] {
        // Before: exit 0 and nothing said (the FIFO was never opened, the
        // device read as an empty script).
        let o = meeple_in(&dir, &["fmt", path], &[]);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{path}: {out}{err}");
        assert!(err.contains("meeple::io"), "{err}");
        assert!(
            err.contains(&format!("cannot format {path}: it is {kind}")),
            "{err}"
        );
        assert_eq!(out, "");
    }
    // Still a FIFO (not replaced by a file).
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(&kind));
}

fn fmt_file(dir: &Path, name: &str) {
    let o = meeple_in(dir, &["fmt", name], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(out.contains(&format!("reformatted {name}")), "{out}");
}

#[test]
fn fmt_keeps_hard_links_owner_and_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("fmt-links");
    let (a, b) = (dir.join("a.game"), dir.join("b.game"));
    std::fs::write(&a, UNFORMATTED).unwrap();
    std::fs::hard_link(&a, &b).unwrap();
    std::fs::set_permissions(&a, std::fs::Permissions::from_mode(0o664)).unwrap();
    let before = std::fs::metadata(&a).unwrap();
    fmt_file(&dir, "a.game");
    // Before: a.game was a new file and b.game kept the old text.
    let after = std::fs::metadata(&a).unwrap();
    assert_eq!(after.ino(), before.ino());
    assert_eq!(after.nlink(), 2);
    assert_eq!(after.mode() & 0o777, 0o664);
    let formatted = std::fs::read_to_string(&a).unwrap();
    assert_ne!(formatted, UNFORMATTED);
    assert_eq!(std::fs::read_to_string(&b).unwrap(), formatted);

    // The owner of a file of one link is kept too (a new file is given
    // it). Only root can give a file away: other users test their own
    // files, where the owner is theirs anyway.
    let c = dir.join("c.game");
    std::fs::write(&c, UNFORMATTED).unwrap();
    let root = before.uid() == 0;
    let (uid, gid) = if root {
        (65534, 65534)
    } else {
        (before.uid(), before.gid())
    };
    std::os::unix::fs::chown(&c, Some(uid), Some(gid)).unwrap();
    fmt_file(&dir, "c.game");
    let after = std::fs::metadata(&c).unwrap();
    assert_eq!((after.uid(), after.gid()), (uid, gid), "root: {root}");
    assert_ne!(std::fs::read_to_string(&c).unwrap(), UNFORMATTED);
}

#[cfg(target_os = "linux")]
#[test]
fn help_and_version_to_a_full_disk_fail() {
    for args in [&["--help"][..], &["--version"], &["run", "--help"], &["-h"]] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        // Before: exit 0, the text lost.
        let o = bin().args(args).stdout(full).output().unwrap();
        let (_, err) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("cannot write to stdout"), "{args:?}: {err}");
        let o = bin().args(args).output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert!(!o.stdout.is_empty());
    }
    // A usage error still goes to stderr with exit 2.
    let o = bin().arg("--frobnicate").output().unwrap();
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(out.is_empty() && err.contains("--frobnicate"), "{err}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_symlink_to_proc_in_a_tested_folder_is_named_and_the_rest_runs() {
    let dir = temp_dir("proc-link");
    let ok = "scenario \"one\" {\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n  solve\n}\n";
    std::fs::write(dir.join("a.game"), ok).unwrap();
    std::fs::write(dir.join("z.game"), ok).unwrap();
    std::os::unix::fs::symlink("/proc", dir.join("proc")).unwrap();
    // Before: `error: Permission denied (os error 13)`, exit 2, nothing run.
    let o = meeple_in(&dir, &["test", "."], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(out.contains("PASS ./a.game › one"), "{out}");
    assert!(out.contains("PASS ./z.game › one"), "{out}");
    assert!(
        out.contains("FAIL ./proc (invalid script: meeple::io)"),
        "{out}"
    );
    assert!(err.contains("./proc") && err.contains("kernel"), "{err}");
    assert!(out.ends_with("2 passed, 1 failed\n"), "{out}");
    // `fmt` of the folder formats the rest and names it too.
    let o = meeple_in(&dir, &["fmt", "."], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{out}{err}");
    assert!(err.contains("./proc"), "{err}");
}
