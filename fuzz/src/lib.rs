//! What every fuzz input goes through, shared by the libFuzzer target
//! (`fuzz_targets/run_script.rs`) and the stable mutation loop
//! (`src/bin/stable_fuzz.rs`).
//!
//! An input is taken twice: as a `.game` file (decode → parse → check → run
//! with tight budgets → every rendering), and, when it is UTF-8, as what a
//! REPL user types (statements run one at a time, unchecked, as the REPL
//! does) and through the formatter (which must give a text that formats to
//! itself). Nothing may panic, and a file's exit category is always 0, 1 or 2.

use meeple::collection::{cases, snapshot_text};
use meeple::limits::Limits;
use meeple::pipeline::{run_bytes, Outcome, RunConfig};
use meeple::workspace::Workspace;
use std::time::Duration;

/// The budgets every solve of a fuzz input gets.
pub fn limits() -> Limits {
    Limits {
        max_states: Some(20_000),
        timeout: Some(Duration::from_secs(1)),
        memory: Some(256 << 20),
        ..Limits::default()
    }
}

/// Run one input through everything. Panics (the fuzzer's finding) when
/// meeple panics or gives an exit category other than 0, 1 or 2. Returns
/// what the file led to: its exit category and the codes it reported.
pub fn run_one(data: &[u8]) -> (i32, Vec<&'static str>) {
    let outcome = run_file(data);
    if let Ok(text) = std::str::from_utf8(data) {
        run_repl(text);
        run_format(text);
    }
    outcome
}

/// The input as a file: its exit category and the codes it reported.
pub fn run_file(data: &[u8]) -> (i32, Vec<&'static str>) {
    let config = RunConfig {
        limits: limits(),
        filter: None,
    };
    let run = run_bytes("fuzz.game", data, &config);
    let code = run.exit_code();
    assert!(matches!(code, 0..=2), "exit category {code}");
    let _ = meeple::render::text::file(&run, &Default::default());
    let color = meeple::render::Options {
        color: true,
        ..Default::default()
    };
    let _ = meeple::render::text::file(&run, &color);
    let _ = meeple::render::json::values(&run);
    let _ = cases(&run);
    let _ = snapshot_text(&run);
    let mut codes: Vec<&'static str> = match &run.outcome {
        Outcome::Invalid(d) => d.iter().map(|d| d.code.as_str()).collect(),
        Outcome::Ran(runs) => runs
            .iter()
            .flat_map(|r| r.failures().map(|d| d.code.as_str()))
            .collect(),
    };
    codes.sort_unstable();
    codes.dedup();
    (code, codes)
}

/// The input through `meeple fmt`: a script that formats formats to
/// itself once formatted.
pub fn run_format(text: &str) {
    if let Ok(once) = meeple::format::format_source("fuzz.game", text) {
        let twice = meeple::format::format_source("fuzz.game", &once);
        assert_eq!(twice.ok().as_deref(), Some(&*once), "not idempotent");
    }
}

/// The input as REPL lines: fed to a [`Workspace`] as `meeple repl` feeds
/// what is typed (every statement runs at once, without the checker).
pub fn run_repl(text: &str) {
    let mut ws = Workspace::new(limits());
    ws.input(text, &mut |_, _| {});
}
