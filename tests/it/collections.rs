//! `meeple test` on whole collections: parallel runs in a deterministic
//! order, --filter, snapshots (pending, diff, --accept), JSON lines, exit codes.

use crate::common::{meeple, meeple_in, temp_dir, text};
use std::path::{Path, PathBuf};

/// A footholds scenario on a full `n`×`n` board (bigger ones take longer,
/// so parallel workers finish out of order).
fn footholds(name: &str, n: usize, answer: Option<i64>) -> String {
    let row = vec!["1"; n].join(" ");
    let rows = vec![row; n].join("\n    ");
    let expect = answer.map_or(String::new(), |a| format!("  expect answer {a}\n"));
    format!(
        "scenario \"{name}\" {{\n  game footholds\n  board {{\n    {rows}\n  }}\n  piece A at (0, 0)\n  piece B at ({m}, {m})\n  solve\n{expect}}}\n\n",
        m = n - 1
    )
}

/// The answers of full boards with the players in opposite corners.
fn full_answer(n: usize) -> i64 {
    let run = meeple::run_source("x.game", &footholds("x", n, None));
    let meeple::Outcome::Ran(runs) = &run.outcome else {
        panic!("invalid")
    };
    for e in &runs[0].events {
        if let meeple::interp::Event::Answer { answer, .. } = e {
            if let Some(v) = answer.field("answer") {
                return v.to_string().parse().unwrap();
            }
        }
    }
    panic!("no answer")
}

/// A collection of several folders and files, mixed sizes, one failing
/// scenario, one script that must be rejected. Returns the files in the
/// order `meeple test` must report them, with their scenario names.
fn collection(dir: &Path) -> Vec<(String, Vec<String>)> {
    let answers: Vec<i64> = (1..=4).map(full_answer).collect();
    let mut layout = Vec::new();
    for (file, count) in [
        ("b/second.game", 9),
        ("a/z.game", 7),
        ("a/first.game", 12),
        ("a-b/x.game", 5),
        ("top.game", 6),
    ] {
        let mut src = String::from("# generated\n");
        let mut names = Vec::new();
        for i in 0..count {
            let n = 1 + (i * 7 + file.len()) % 4;
            let name = format!("{file} #{i} {n}x{n}");
            // One wrong expectation in b/second.game.
            let answer = if file == "b/second.game" && i == 4 {
                answers[n - 1] + 1
            } else {
                answers[n - 1]
            };
            src.push_str(&footholds(&name, n, Some(answer)));
            names.push(name);
        }
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, src).unwrap();
        layout.push((file.to_string(), names));
    }
    std::fs::write(
        dir.join("a/rejected.game"),
        "# expect-error: meeple::board::ragged\nscenario \"r\" {\n  game footholds\n  board {\n    1 1\n    1\n  }\n}\n",
    )
    .unwrap();
    layout.push(("a/rejected.game".into(), vec![]));
    // Hidden folders are skipped.
    std::fs::create_dir_all(dir.join(".hidden")).unwrap();
    std::fs::write(dir.join(".hidden/skip.game"), "not a script").unwrap();
    // Sorted by path, component by component: "a" < "a-b" < "b" < "top.game".
    layout.sort_by(|x, y| Path::new(&x.0).cmp(Path::new(&y.0)));
    layout
}

#[test]
fn parallel_output_is_the_sequential_output_in_path_order() {
    let dir = temp_dir("coll-order");
    let layout = collection(&dir);
    let sequential = meeple_in(&dir, &["test", "."], &[("RAYON_NUM_THREADS", "1")]);
    let (seq_out, seq_err) = text(&sequential);
    assert_eq!(sequential.status.code(), Some(1), "{seq_out}{seq_err}");
    for threads in ["2", "4", "8"] {
        let parallel = meeple_in(&dir, &["test", "."], &[("RAYON_NUM_THREADS", threads)]);
        let (out, err) = text(&parallel);
        assert_eq!(out, seq_out, "{threads} threads");
        assert_eq!(err, seq_err, "{threads} threads");
        assert_eq!(parallel.status.code(), Some(1));
    }
    // The order itself: files sorted by path, scenarios in file order.
    let mut expected = Vec::new();
    for (file, names) in &layout {
        let shown = Path::new(".").join(file).display().to_string();
        if names.is_empty() {
            expected.push(format!("{shown} (rejected"));
        }
        for n in names {
            expected.push(format!("{shown} › {n}"));
        }
    }
    let got: Vec<&str> = seq_out.lines().collect();
    assert_eq!(got.len(), expected.len() + 2, "{seq_out}"); // + failure detail + closing
    let mut lines = got
        .iter()
        .filter(|l| l.starts_with("PASS") || l.starts_with("FAIL"));
    for e in &expected {
        let l = lines.next().unwrap();
        assert!(l[5..].starts_with(e.as_str()), "expected {e:?}, got {l:?}");
    }
    let total: usize = layout.iter().map(|(_, n)| n.len().max(1)).sum();
    assert!(
        seq_out.ends_with(&format!("{} passed, 1 failed\n", total - 1)),
        "{seq_out}"
    );
    // The failing scenario is listed with its failed expectation.
    let fail = got.iter().position(|l| l.starts_with("FAIL")).unwrap();
    assert!(
        got[fail].contains("b/second.game › b/second.game #4"),
        "{}",
        got[fail]
    );
    assert!(
        got[fail + 1].trim_start().starts_with("line "),
        "{}",
        got[fail + 1]
    );
    assert!(got[fail + 1].contains("[meeple::expect::failed]"));
    assert_eq!(
        seq_err.matches("meeple::expect::failed").count(),
        1,
        "{seq_err}"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn library_run_files_equals_file_by_file_runs() {
    let dir = temp_dir("coll-lib");
    collection(&dir);
    let files = meeple::collection::game_files(&[&dir]).unwrap();
    assert_eq!(files.len(), 6);
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted);
    let config = meeple::RunConfig::default();
    let parallel = meeple::run_files(&files, &config);
    for (f, run) in files.iter().zip(&parallel) {
        let one = meeple::pipeline::run_bytes(
            &f.display().to_string(),
            &std::fs::read(f).unwrap(),
            &config,
        );
        assert_eq!(run.source.name, one.source.name);
        assert_eq!(crate::common::shown(run), crate::common::shown(&one));
        assert_eq!(run.exit_code(), one.exit_code());
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn filter_runs_matching_scenarios_only() {
    let dir = temp_dir("coll-filter");
    collection(&dir);
    let o = meeple_in(&dir, &["test", "--filter", "3x3"], &[]);
    let (out, _) = text(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() > 2, "{out}");
    for l in &lines[..lines.len() - 1] {
        assert!(
            l.starts_with("PASS") && l.contains("3x3"),
            "unexpected line {l:?}"
        );
    }
    // The rejected script does not match: not shown, not counted.
    assert!(!out.contains("rejected"), "{out}");
    let n = lines.len() - 1;
    assert_eq!(lines[n], format!("{n} passed, 0 failed"));
    assert_eq!(o.status.code(), Some(0));
    // A filter that selects the failing scenario fails.
    let o = meeple_in(&dir, &["test", "--filter", "#4 "], &[]);
    let (out, _) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("FAIL ./b/second.game › b/second.game #4"),
        "{out}"
    );
    // A filter on the file's path shows its rejection.
    let o = meeple_in(&dir, &["test", "--filter", "rejected"], &[]);
    let (out, _) = text(&o);
    assert_eq!(out, "PASS ./a/rejected.game (rejected as expected: meeple::board::ragged)\n1 passed, 0 failed\n");
    // Nothing matches: nothing runs, which is an error (issue 12 item 8).
    let o = meeple_in(&dir, &["test", "--filter", "no such scenario"], &[]);
    assert_eq!(text(&o).0, "");
    assert!(text(&o).1.contains("nothing to test"), "{}", text(&o).1);
    assert_eq!(o.status.code(), Some(2));
    std::fs::remove_dir_all(dir).ok();
}

const KAKAO_2: &str = r#"# a collection of one
scenario "kakao example 2" {
  game footholds
  board {
    1 1 1
    1 0 1
    1 1 1
  }
  piece A at (1, 0)
  piece B at (1, 2)
  solve
  expect answer 4
  expect winner B
}
"#;

/// The files of the snapshot walk-through: a collection `puzzles/` of one
/// script, its snapshot and the pending file `meeple test` writes.
struct SnapFiles {
    dir: crate::common::TestDir,
    script: PathBuf,
    snap: PathBuf,
    pending: PathBuf,
}

#[test]
fn snapshots_pending_diff_accept_and_change() {
    let dir = temp_dir("coll-snap");
    std::fs::create_dir_all(dir.join("puzzles")).unwrap();
    let f = SnapFiles {
        script: dir.join("puzzles/kakao.game"),
        snap: dir.join("puzzles/__snapshots__/kakao.snap"),
        pending: dir.join("puzzles/__snapshots__/kakao.snap.new"),
        dir,
    };
    std::fs::write(&f.script, KAKAO_2).unwrap();
    let expected = first_run_leaves_a_pending_snapshot(&f);
    accept_writes_the_snapshot(&f, &expected);
    unchanged_script_matches(&f);
    let new = changed_script_differs(&f, &expected);
    // Colours on request.
    let o = meeple_in(
        &f.dir,
        &["--color", "always", "test", "--snapshots", "puzzles"],
        &[],
    );
    let (out, _) = text(&o);
    assert!(out.contains("\x1b[31m"), "{out:?}");
    assert!(out.contains("\x1b[32m"), "{out:?}");
    accepting_the_change_updates_the_snapshot(&f, &new);
    // Snapshots and a filter do not mix.
    let o = meeple_in(
        &f.dir,
        &["test", "--snapshots", "--filter", "x", "puzzles"],
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("cannot be used with"), "{}", text(&o).1);
    std::fs::remove_dir_all(f.dir).ok();
}

/// No snapshot yet: a pending file, a diff of added lines, a failure.
/// Returns the expected snapshot text.
fn first_run_leaves_a_pending_snapshot(f: &SnapFiles) -> String {
    let o = meeple_in(&f.dir, &["test", "--snapshots", "puzzles"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(!f.snap.exists());
    let new = std::fs::read_to_string(&f.pending).expect("a pending snapshot");
    let expected = crate::common::shown(&meeple::run_source("kakao.game", KAKAO_2));
    assert_eq!(new, expected);
    assert!(new.contains("B wins after 4 moves in all"));
    assert!(out.contains("PASS puzzles/kakao.game › kakao example 2 (2 expectations)"));
    assert!(
        out.contains("FAIL puzzles/kakao.game (no snapshot yet: review puzzles/__snapshots__/kakao.snap.new)"),
        "{out}"
    );
    assert!(
        out.contains("+++ puzzles/__snapshots__/kakao.snap.new"),
        "{out}"
    );
    assert!(out.contains("│+B wins after 4 moves in all"), "{out}");
    assert!(!out.contains('\x1b'), "no colours when piped: {out:?}");
    assert!(out.ends_with("1 passed, 1 failed\n"), "{out}");
    assert!(err.contains("1 snapshot pending"), "{err}");
    expected
}

/// --accept: the snapshot is written, the pending file is gone.
fn accept_writes_the_snapshot(f: &SnapFiles, expected: &str) {
    let o = meeple_in(&f.dir, &["test", "--accept", "puzzles"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert_eq!(std::fs::read_to_string(&f.snap).unwrap(), expected);
    assert!(!f.pending.exists());
    assert!(
        out.contains("(snapshot written: puzzles/__snapshots__/kakao.snap)"),
        "{out}"
    );
}

/// Unchanged: the snapshot matches, from any folder and path spelling.
fn unchanged_script_matches(f: &SnapFiles) {
    for (cwd, arg) in [
        (f.dir.clone(), "puzzles".to_string()),
        (f.dir.join("puzzles"), ".".to_string()),
        (std::env::temp_dir(), f.script.display().to_string()),
    ] {
        let o = meeple_in(&cwd, &["test", "--snapshots", &arg], &[]);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(0), "{arg}: {out}{err}");
        assert!(out.contains("(snapshot matches)"), "{out}");
        assert!(out.ends_with("2 passed, 0 failed\n"), "{out}");
        assert!(!f.pending.exists());
    }
}

/// A changed script fails against the accepted snapshot, with a diff.
/// Returns the new pending snapshot.
fn changed_script_differs(f: &SnapFiles, expected: &str) -> String {
    std::fs::write(
        &f.script,
        KAKAO_2.replace("expect answer 4", "expect answer 6"),
    )
    .unwrap();
    let o = meeple_in(&f.dir, &["test", "--snapshots", "puzzles"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(out.contains("FAIL puzzles/kakao.game (snapshot differs: review puzzles/__snapshots__/kakao.snap.new)"), "{out}");
    assert!(
        out.contains("--- puzzles/__snapshots__/kakao.snap"),
        "{out}"
    );
    assert!(out.contains("│-ok: expect answer 4 (line 12)"), "{out}");
    assert!(
        out.contains("│+  × expected answer 6, but solve gave 4"),
        "{out}"
    );
    assert!(out.ends_with("0 passed, 2 failed\n"), "{out}");
    assert_eq!(
        std::fs::read_to_string(&f.snap).unwrap(),
        expected,
        "the snapshot stays"
    );
    let new = std::fs::read_to_string(&f.pending).unwrap();
    assert!(new.contains("meeple::expect::failed"), "{new}");
    assert!(
        new.contains("[kakao.game:12:"),
        "the file is named by its file name: {new}"
    );
    new
}

/// Accepting the change: the expectation still fails, the snapshot passes.
fn accepting_the_change_updates_the_snapshot(f: &SnapFiles, new: &str) {
    let o = meeple_in(&f.dir, &["test", "--accept", "puzzles"], &[]);
    let (out, _) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("(snapshot updated: puzzles/__snapshots__/kakao.snap)"),
        "{out}"
    );
    assert!(out.ends_with("1 passed, 1 failed\n"), "{out}");
    assert_eq!(std::fs::read_to_string(&f.snap).unwrap(), new);
    assert!(!f.pending.exists());
}

#[test]
fn rejected_scripts_have_snapshots_too() {
    let dir = temp_dir("coll-snapbroken");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/broken/ragged.game"),
        dir.join("ragged.game"),
    )
    .unwrap();
    let o = meeple_in(&dir, &["test", "--accept", "."], &[]);
    assert_eq!(o.status.code(), Some(0), "{:?}", text(&o));
    let snap = std::fs::read_to_string(dir.join("__snapshots__/ragged.snap")).unwrap();
    assert!(snap.contains("meeple::board::ragged"), "{snap}");
    assert!(snap.contains("[ragged.game:"), "{snap}");
    let o = meeple_in(&dir, &["test", "--snapshots", "."], &[]);
    assert_eq!(o.status.code(), Some(0), "{:?}", text(&o));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn json_lines_are_pure_and_carry_the_fields() {
    let dir = temp_dir("coll-json");
    collection(&dir);
    let o = meeple_in(&dir, &["--format", "json", "test", "--snapshots", "."], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let objs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let kind = |k: &'static str| objs.iter().filter(move |o| o["kind"] == k);
    // Query results: one per solve, with the fields of LANGUAGE.md.
    let queries: Vec<_> = objs.iter().filter(|o| o.get("query").is_some()).collect();
    assert_eq!(queries.len(), 39);
    for q in &queries {
        for f in [
            "scenario",
            "file",
            "line",
            "game",
            "query",
            "elapsed_ms",
            "answer",
            "winner",
            "moves",
        ] {
            assert!(q.get(f).is_some(), "no {f} in {q}");
        }
        assert_eq!(q["game"], "footholds");
        assert!(q["line"].as_u64().unwrap() > 1);
    }
    // A result per scenario, right after its queries.
    let scenarios: Vec<_> = kind("scenario").collect();
    assert_eq!(scenarios.len(), 39);
    let failed: Vec<_> = scenarios.iter().filter(|s| s["passed"] == false).collect();
    assert_eq!(failed.len(), 1);
    let f = &failed[0]["failures"][0];
    assert_eq!(f["code"], "meeple::expect::failed");
    assert!(f["message"]
        .as_str()
        .unwrap()
        .starts_with("expected answer"));
    assert!(f["line"].as_u64().is_some());
    for (i, o) in objs.iter().enumerate() {
        if o["kind"] == "scenario" {
            assert_eq!(objs[i - 1]["scenario"], o["scenario"]);
            assert_eq!(objs[i - 1]["query"], "solve");
        }
    }
    // The rejected file, the snapshots, and the summary last.
    let files: Vec<_> = kind("file").collect();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0]["passed"], true);
    assert_eq!(files[0]["expected_errors"][0], "meeple::board::ragged");
    let snaps: Vec<_> = kind("snapshot").collect();
    assert_eq!(snaps.len(), 6);
    assert!(snaps
        .iter()
        .all(|s| s["status"] == "new" && s["passed"] == false));
    let last = objs.last().unwrap();
    assert_eq!(last["kind"], "summary");
    assert_eq!(last["passed"], 39);
    assert_eq!(last["failed"], 7);
    assert!(last["elapsed_ms"].is_number());
    // Human text goes to stderr.
    assert!(err.ends_with("39 passed, 7 failed\n"), "{err}");
    assert!(err.contains("meeple::expect::failed"));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn run_json_carries_the_fields_too() {
    let dir = temp_dir("coll-runjson");
    std::fs::write(dir.join("k.game"), KAKAO_2).unwrap();
    let o = meeple_in(&dir, &["--format", "json", "run", "k.game"], &[]);
    assert_eq!(o.status.code(), Some(0));
    let (out, _) = text(&o);
    let objs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let objs: Vec<_> = objs.into_iter().filter(|o| o["kind"] == "answer").collect();
    assert_eq!(objs.len(), 1);
    assert_eq!(objs[0]["file"], "k.game");
    assert_eq!(objs[0]["scenario"], "kakao example 2");
    assert_eq!(objs[0]["line"], 11);
    assert_eq!(objs[0]["answer"], 4);
    assert_eq!(objs[0]["winner"], "B");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn exit_codes() {
    let dir = temp_dir("coll-exit");
    std::fs::write(dir.join("ok.game"), KAKAO_2).unwrap();
    assert_eq!(meeple_in(&dir, &["test"], &[]).status.code(), Some(0));
    assert_eq!(
        meeple_in(&dir, &["test", "ok.game"], &[]).status.code(),
        Some(0)
    );
    // A missing path.
    let o = meeple_in(&dir, &["test", "nowhere"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("nowhere: no such file or folder"));
    // A script that is invalid without saying so.
    std::fs::write(dir.join("bad.game"), "scenario \"x\" {\n  game chess\n}\n").unwrap();
    let o = meeple_in(&dir, &["test"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        out.starts_with("FAIL ./bad.game (invalid script: meeple::game::unknown)\n"),
        "{out}"
    );
    assert!(err.contains("meeple::game::unknown"), "{err}");
    // Declaring an error that does not happen fails.
    std::fs::write(
        dir.join("bad.game"),
        format!("# expect-error: meeple::board::ragged\n{KAKAO_2}"),
    )
    .unwrap();
    let o = meeple_in(&dir, &["test"], &[]);
    let (out, _) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        out.contains(
            "FAIL ./bad.game (expected errors meeple::board::ragged, but the script is valid)"
        ),
        "{out}"
    );
    // An unreadable entry (a folder named like a script is skipped, a
    // dangling file given by name is an error).
    std::fs::remove_file(dir.join("bad.game")).unwrap();
    std::fs::create_dir_all(dir.join("folder.game")).unwrap();
    assert_eq!(meeple_in(&dir, &["test"], &[]).status.code(), Some(0));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn repository_scripts_pass_and_no_progress_bar_when_piped() {
    let o = meeple(&["test", "scripts"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(out.ends_with(" passed, 0 failed\n"));
    assert!(err.is_empty(), "{err}");
    // A long run, piped: still nothing but the report.
    let dir = temp_dir("coll-progress");
    // Each checks its answer: a scenario that solves with no `expect`
    // warns on stderr (issue 32 item 12).
    let answers: Vec<i64> = (1..=3).map(full_answer).collect();
    let src: String = (0..120)
        .map(|i| footholds(&format!("s{i}"), 1 + i % 3, Some(answers[i % 3])))
        .collect();
    std::fs::write(dir.join("many.game"), src).unwrap();
    let o = meeple_in(&dir, &["test"], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0));
    assert!(err.is_empty(), "{err:?}");
    assert_eq!(out.lines().count(), 121);
    std::fs::remove_dir_all(dir).ok();
}
