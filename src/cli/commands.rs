//! The subcommands.

use super::progress::SolveProgress;
pub use super::report::TestOptions;
use super::Format;
use meeple::collection::game_files;
use meeple::error::{render, Code, Diag};
use meeple::interp::{Event, Limits};
use meeple::pipeline::{run_bytes, FileRun, Outcome, RunConfig};
use meeple::render::{json, LineIndex};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The name a script read from stdin (`-`) goes by.
pub const STDIN: &str = "<stdin>";

/// A script's name for diagnostics and headers: its path, or `<stdin>` for `-`.
fn name_of(path: &Path) -> String {
    if path == Path::new("-") {
        STDIN.to_string()
    } else {
        path.display().to_string()
    }
}

/// Read a script (`-`: standard input), at most one byte past the size limit.
fn read_bytes(path: &Path) -> std::io::Result<Vec<u8>> {
    if path == Path::new("-") {
        use std::io::Read;
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(meeple::pipeline::MAX_SOURCE_BYTES as u64 + 1)
            .read_to_end(&mut bytes)?;
        return Ok(bytes);
    }
    meeple::pipeline::read_source(path)
}

/// Read a script, or the `meeple::io` diagnostic (printed as text on
/// stderr, and as a JSON line on stdout with `--format json`).
fn read(path: &Path, format: Format, color: bool) -> Option<Vec<u8>> {
    match read_bytes(path) {
        Ok(b) => Some(b),
        Err(e) => {
            let name = name_of(path);
            let d = Diag::new(Code::Io, format!("cannot read {name}: {e}"))
                .help("check the path and the file's permissions");
            if format == Format::Json {
                let obj = json::DiagnosticLine::new(&name, None, &d, "", &LineIndex::new(""));
                let _ = std::io::stdout().write_all(json::line(&obj).as_bytes());
            }
            eprint!("{}", render(&d, &name, "", color));
            None
        }
    }
}

fn print_run(run: &FileRun, label_files: bool, format: Format, color: bool) {
    let mut out = std::io::stdout().lock();
    let lines = LineIndex::new(&run.source.text);
    if format == Format::Json {
        let _ = out.write_all(run.json_lines().as_bytes());
        let _ = out.flush();
    }
    match &run.outcome {
        Outcome::Invalid(diags) => {
            eprint!("{}", run.render_diags_indexed(diags, color, &lines));
        }
        Outcome::Ran(runs) if format == Format::Text => {
            for r in runs {
                let label = if label_files {
                    format!("{} › {}", run.source.name, r.name)
                } else {
                    r.name.clone()
                };
                // Diagnostics (failed expectations, budgets) go to stderr in colour.
                if r.passed() {
                    let text = run.render_scenario_labelled(r, &label, false, &lines);
                    let _ = out.write_all(text.as_bytes());
                } else {
                    let mut quiet = r.clone();
                    quiet.events.retain(|e| !matches!(e, Event::Error(_)));
                    let text = run.render_scenario_labelled(&quiet, &label, false, &lines);
                    let _ = out.write_all(text.as_bytes());
                    let _ = out.flush();
                    eprint!(
                        "{}",
                        run.render_diags_indexed(&r.failures().cloned().collect(), color, &lines)
                    );
                }
            }
        }
        Outcome::Ran(runs) => {
            for r in runs {
                eprint!(
                    "{}",
                    run.render_diags_indexed(&r.failures().cloned().collect(), color, &lines)
                );
            }
        }
    }
}

/// `meeple run FILE…` (`-` reads a script from stdin). With several files,
/// each result header names its file.
pub fn run(files: &[PathBuf], limits: &Limits, format: Format, color: bool) -> i32 {
    let config = RunConfig {
        limits: limits.clone(),
        filter: None,
    };
    let label_files = files.len() > 1;
    let mut code = 0;
    for f in files {
        let Some(bytes) = read(f, format, color) else {
            code = 2;
            continue;
        };
        let progress = SolveProgress::start();
        let run = run_bytes(&name_of(f), &bytes, &config);
        drop(progress);
        print_run(&run, label_files, format, color);
        code = code.max(run.exit_code());
    }
    code
}

/// `meeple check FILE…` (`-` reads a script from stdin).
pub fn check(files: &[PathBuf], format: Format, color: bool) -> i32 {
    let mut code = 0;
    let mut stdout = std::io::stdout().lock();
    for f in files {
        let Some(bytes) = read(f, format, color) else {
            code = 2;
            continue;
        };
        let name = name_of(f);
        let (text, result) = meeple::pipeline::check_bytes(&bytes);
        let lines = LineIndex::new(&text);
        let (scenarios, diags) = match result {
            Ok(checked) => (checked.file.scenarios.len(), Vec::new()),
            Err(diags) => (0, diags),
        };
        for d in &diags {
            if format == Format::Json {
                let obj = json::DiagnosticLine::new(&name, None, d, &text, &lines);
                let _ = stdout.write_all(json::line(&obj).as_bytes());
            }
            eprint!(
                "{}",
                meeple::error::render_indexed(d, &name, &text, color, &lines)
            );
        }
        match format {
            Format::Json => {
                let obj = json::CheckObj {
                    kind: "check",
                    file: &name,
                    ok: diags.is_empty(),
                    scenarios,
                    errors: diags.len(),
                };
                let _ = stdout.write_all(json::line(&obj).as_bytes());
            }
            Format::Text if diags.is_empty() => {
                let _ = writeln!(stdout, "{name}: ok ({scenarios} scenarios)");
            }
            Format::Text => {}
        }
        if !diags.is_empty() {
            eprintln!(
                "{name}: {} error{}",
                diags.len(),
                if diags.len() == 1 { "" } else { "s" }
            );
            code = 2;
        }
    }
    code
}

/// `meeple test [PATH…]`
pub fn test(paths: &[PathBuf], limits: &Limits, opts: &TestOptions) -> i32 {
    let paths = if paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        paths.to_vec()
    };
    let files = match game_files(&paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let config = RunConfig {
        limits: limits.clone(),
        filter: opts.filter.clone(),
    };
    super::report::test(&files, &config, opts)
}
