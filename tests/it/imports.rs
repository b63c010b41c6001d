//! `import "path.game"` (issue 29; docs/rules-language.md, *Where a rules
//! block lives*): relative to the importing file, imports of imports
//! followed, cycles, missing and broken files, duplicate names and the
//! caps reported with codes; the playground reads only inside its folder.

use crate::common::temp_dir;
use crate::serve::Server;
use std::path::Path;
use std::process::Command;

const WALK: &str = r#"rules walk {
  players solo
  var goal: cell = off
  layer open: bool
  legend {
    "1": open[here] = true
    "0":
  }
  piece R { at: cell }
  turn {
    choose d in orthogonal where open[step(R.at, d)]
    R.at = step(R.at, d)
    win if R.at == goal
  }
  solve shortest within 5
}
track short {
  route start 5 finish
}
scenario "hidden" {
  game nosuchgame
}
"#;

const MAIN: &str = r#"import "lib/walk.game"

scenario "imported" {
  game walk
  board {
    1 1 1
    1 1 1
  }
  piece R at (0, 0)
  set goal (1, 2)
  solve
  expect answer 3
}
"#;

fn meeple(args: &[&str], dir: &Path) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_meeple"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run meeple");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

fn write(dir: &Path, files: &[(&str, &str)]) {
    for (name, text) in files {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

#[test]
fn an_import_brings_rules_and_tracks_never_scenarios_in_run_test_and_check() {
    let dir = temp_dir("import-ok");
    write(&dir, &[("lib/walk.game", WALK), ("main.game", MAIN)]);
    let (code, out) = meeple(&["run", "--color", "never", "main.game"], &dir);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("ok: expect answer 3"), "{out}");
    assert!(
        !out.contains("hidden"),
        "the imported scenario never runs: {out}"
    );
    let (code, out) = meeple(&["check", "--color", "never", "main.game"], &dir);
    assert_eq!(code, 0, "{out}");
    // `meeple test` on the folder: the library file is checked on its own
    // (its scenario fails there), main.game passes with its import.
    let (_, out) = meeple(&["test", "--color", "never", "main.game"], &dir);
    assert!(out.contains("1 passed, 0 failed"), "{out}");
    // From another folder: the path is relative to the importing file.
    let rel = Path::new(dir.file_name().unwrap()).join("main.game");
    let (code, out) = meeple(
        &["run", "--color", "never", rel.to_str().unwrap()],
        dir.parent().unwrap(),
    );
    assert_eq!(code, 0, "{out}");
}

#[test]
fn imports_of_imports_are_followed_and_a_track_comes_along() {
    let dir = temp_dir("import-chain");
    write(
        &dir,
        &[
            ("lib/walk.game", WALK),
            ("lib/all.game", "import \"walk.game\"\n"),
            (
                "main.game",
                "import \"lib/all.game\"\nscenario \"t\" {\n  game yut\n  board short\n  dice 1\n  solve\n  expect answer 5\n}\n",
            ),
        ],
    );
    let (code, out) = meeple(&["run", "--color", "never", "main.game"], &dir);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn cycles_missing_files_broken_files_and_duplicates_are_coded_on_the_import() {
    let dir = temp_dir("import-bad");
    write(
        &dir,
        &[
            (
                "a.game",
                "import \"b.game\"\nscenario \"s\" {\n  game footholds\n}\n",
            ),
            ("b.game", "import \"a.game\"\n"),
            ("missing.game", "import \"nowhere.game\"\n"),
            ("broken.game", "import \"lib/bad.game\"\n"),
            (
                "lib/bad.game",
                "rules walk {\n  players solo\n  turn { win if nothing }\n  solve longest\n}\n",
            ),
            ("lib/walk.game", WALK),
            (
                "dup.game",
                &format!(
                    "import \"lib/walk.game\"\n{}",
                    WALK.replace("track short", "track other")
                        .replace("scenario \"hidden\"", "scenario \"mine\"")
                ),
            ),
        ],
    );
    for (file, code, says) in [
        ("a.game", "meeple::import::cycle", "a.game → "),
        (
            "missing.game",
            "meeple::import::file",
            "cannot import `nowhere.game`",
        ),
        ("broken.game", "meeple::import::broken", "bad.game:3:"),
        (
            "dup.game",
            "meeple::rules::duplicate",
            "rules `walk` is defined in",
        ),
    ] {
        let (exit, out) = meeple(&["check", "--color", "never", file], &dir);
        assert_ne!(exit, 0, "{file}: {out}");
        assert!(out.contains(code), "{file}: {out}");
        assert!(out.contains(says), "{file}: {out}");
        assert!(
            out.contains("import \""),
            "{file}: labelled on the import line: {out}"
        );
    }
    // The broken file's own error is drawn with its own text.
    let (_, out) = meeple(&["check", "--color", "never", "broken.game"], &dir);
    assert!(out.contains("win if nothing"), "{out}");
}

#[test]
fn a_text_without_a_folder_refuses_imports() {
    let run = meeple::pipeline::run_bytes(
        "t.game",
        b"import \"x.game\"\nscenario \"s\" {\n  game footholds\n}\n",
        &meeple::pipeline::RunConfig::default(),
    );
    let meeple::Outcome::Invalid(diags) = &run.outcome else {
        panic!("ran");
    };
    assert_eq!(diags[0].code, meeple::error::Code::ImportFile, "{diags:?}");
}

#[test]
fn import_depth_is_capped() {
    let dir = temp_dir("import-deep");
    let n = meeple::limits::IMPORT_DEPTH + 2;
    for i in 0..n {
        write(
            &dir,
            &[(
                &format!("f{i}.game"),
                &format!("import \"f{}.game\"\n", i + 1),
            )],
        );
    }
    write(&dir, &[(&format!("f{n}.game"), "# the end\n")]);
    let (exit, out) = meeple(&["check", "--color", "never", "f0.game"], &dir);
    assert_ne!(exit, 0, "{out}");
    assert!(out.contains("meeple::import::too_many"), "{out}");
}

#[test]
fn the_playground_imports_only_inside_its_folder() {
    let dir = temp_dir("import-serve");
    let served = dir.join("served");
    write(
        &dir,
        &[("outside.game", WALK), ("served/lib/walk.game", WALK)],
    );
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.join("outside.game"), served.join("link.game")).unwrap();
    let server = Server::start(&[], &[&served]);
    let ok = server.post("/api/check?name=main.game", MAIN);
    assert!(ok.body.contains("\"ok\":true"), "{ok:?}");
    let outside = dir.join("outside.game");
    let absolute = outside.to_string_lossy().into_owned();
    let mut refused = vec![
        "../outside.game",
        absolute.as_str(),
        "lib/../../outside.game",
    ];
    if cfg!(unix) {
        refused.push("link.game");
    }
    for path in refused {
        let script = MAIN.replace("lib/walk.game", path);
        let reply = server.post("/api/check?name=main.game", &script);
        assert!(
            reply.body.contains("meeple::import::file"),
            "{path}: {reply:?}"
        );
        assert!(!reply.body.contains("\"ok\":true"), "{path}: {reply:?}");
        let run = server.post("/api/run?name=main.game", &script);
        assert!(run.body.contains("meeple::import::file"), "{path}: {run:?}");
    }
}

/// An error whose place is inside an imported file (a run-time error of its
/// rules, a position too large for its domains) names that place as
/// `file:line:col` in its help, in text and JSON: its span had been drawn on
/// the script's text ("Failed to read contents", JSON offsets past 2^40).
#[test]
fn an_error_inside_an_imported_file_names_its_place() {
    let dir = temp_dir("import-place");
    write(
        &dir,
        &[
            (
                "lib.game",
                "rules divz {\n  players solo\n  board none\n  var x: 0..5 = 0\n  turn {\n    choose d in [0]\n    x = 1 / d\n    win\n  }\n  solve shortest within 2\n}\n",
            ),
            ("main.game", "import \"lib.game\"\n\nscenario \"x\" {\n  game divz\n  solve\n}\n"),
        ],
    );
    let (_, out) = meeple(&["run", "main.game"], &dir);
    assert!(out.contains("1 divided by zero"), "{out}");
    assert!(
        out.contains("failed here: lib.game:7:9: `x = 1 / d`"),
        "{out}"
    );
    assert!(!out.contains("Failed to read"), "{out}");
    let (_, out) = meeple(&["--format", "json", "run", "main.game"], &dir);
    let line = out
        .lines()
        .find(|l| l.contains("\"diagnostic\""))
        .expect("a diagnostic line");
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    assert!(
        v["span"]["start"].as_u64().is_some_and(|s| s < 100),
        "{line}"
    );
    assert!(
        v["help"].as_str().unwrap().contains("lib.game:7:9"),
        "{line}"
    );
}
