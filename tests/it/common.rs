//! Helpers shared by the integration tests that drive the `meeple` binary.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Run `meeple ARGS…` in `dir` with colours off and extra environment.
pub fn meeple_in(dir: &Path, args: &[&str], envs: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_meeple"));
    cmd.args(args).current_dir(dir).env("NO_COLOR", "1");
    for (k, v) in envs {
        cmd.env(k, v);
    }
    cmd.output().expect("run meeple")
}

/// Run `meeple ARGS…` at the repository root.
pub fn meeple(args: &[&str]) -> Output {
    meeple_in(root(), args, &[])
}

/// stdout and stderr as text.
pub fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// A fresh, empty temporary folder for one test.
pub fn temp_dir(name: &str) -> TestDir {
    let dir = std::env::temp_dir().join(format!("meeple-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TestDir(dir)
}

/// A test's own folder under the system's temporary folder, removed with
/// everything in it when the test is done (it left hundreds behind).
pub struct TestDir(PathBuf);

impl std::ops::Deref for TestDir {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl AsRef<std::path::Path> for TestDir {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TestDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The string `field` of each element of the JSON array `v` (completion
/// labels, symbol names).
pub fn fields<'a>(v: &'a serde_json::Value, field: &str) -> Vec<&'a str> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|e| e[field].as_str().unwrap())
        .collect()
}

/// What `meeple run` prints for a file (no colours).
pub fn shown(run: &meeple::FileRun) -> String {
    meeple::render::text::file(run, &meeple::render::Options::default())
}

/// Every diagnostic of a script that does not run (named `name`): its
/// code, the text under its primary label, and its rendered words (no
/// colours, the box drawing left out).
pub fn invalid_in(name: &str, text: &str) -> Vec<(meeple::error::Code, String, String)> {
    use meeple::pipeline::{run_bytes, Outcome, RunConfig};
    let run = run_bytes(name, text.as_bytes(), &RunConfig::default());
    let Outcome::Invalid(diags) = &run.outcome else {
        panic!("valid: {}", shown(&run));
    };
    diags
        .iter()
        .map(|d| {
            let at = d.span().map_or("", |s| &text[s.range()]).to_string();
            let rendered = meeple::error::render(d, &run.source, false);
            let words: Vec<&str> = rendered.split_whitespace().filter(|w| *w != "│").collect();
            (d.code, at, words.join(" "))
        })
        .collect()
}
