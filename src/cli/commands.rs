//! The subcommands.

pub use super::report::TestOptions;
use super::{out, Format};
use meeple::collection::game_files;
use meeple::error::{render, Code, Diag};
use meeple::interp::{Event, Limits};
use meeple::pipeline::{run_bytes, FileRun, Outcome, RunConfig};
use meeple::render::LineIndex;
use std::path::{Path, PathBuf};

fn read(path: &Path) -> Result<Vec<u8>, String> {
    meeple::pipeline::read_source(path).map_err(|e| {
        let d = Diag::new(Code::Io, format!("cannot read {}: {e}", path.display()))
            .help("check the path and the file's permissions");
        render(&d, &path.display().to_string(), "", false)
    })
}

fn print_run(run: &FileRun, format: Format, color: bool) {
    match (&run.outcome, format) {
        (Outcome::Invalid(diags), _) => {
            out::err(run.render_diags(diags, color));
        }
        (Outcome::Ran(runs), Format::Text) => {
            let lines = LineIndex::new(&run.source.text);
            for r in runs {
                // Diagnostics (failed expectations, budgets) go to stderr in colour.
                if r.passed() {
                    out::out(run.render_scenario_with(r, false, &lines));
                } else {
                    let mut quiet = r.clone();
                    quiet.events.retain(|e| !matches!(e, Event::Error(_)));
                    out::out_flush(run.render_scenario_with(&quiet, false, &lines));
                    out::err(run.render_diags_indexed(
                        &r.failures().cloned().collect(),
                        color,
                        &lines,
                    ));
                }
            }
        }
        (Outcome::Ran(_), Format::Json) => {
            let lines = LineIndex::new(&run.source.text);
            for obj in run.render_json() {
                out::out(format!("{obj}\n"));
            }
            if let Outcome::Ran(runs) = &run.outcome {
                for r in runs {
                    out::err(run.render_diags_indexed(
                        &r.failures().cloned().collect(),
                        color,
                        &lines,
                    ));
                }
            }
        }
    }
}

/// The warning for a valid file that holds no scenario (an empty file, a
/// file of comments, a CR-only file read as one comment before CRs counted).
fn no_scenario(name: &str) -> String {
    format!("warning: {name} holds no scenario: nothing to run\n")
}

/// `meeple run FILE…`
pub fn run(files: &[PathBuf], limits: &Limits, format: Format, color: bool) -> i32 {
    let config = RunConfig {
        limits: limits.clone(),
        filter: None,
    };
    let mut code = 0;
    for f in files {
        let bytes = match read(f) {
            Ok(b) => b,
            Err(e) => {
                out::err(e);
                code = 2;
                continue;
            }
        };
        let run = run_bytes(&f.display().to_string(), &bytes, &config);
        print_run(&run, format, color);
        if matches!(&run.outcome, Outcome::Ran(runs) if runs.is_empty()) {
            out::err(no_scenario(&run.source.name));
        }
        code = code.max(run.exit_code());
    }
    code
}

/// `meeple check FILE…`
pub fn check(files: &[PathBuf], color: bool) -> i32 {
    let mut code = 0;
    for f in files {
        let bytes = match read(f) {
            Ok(b) => b,
            Err(e) => {
                out::err(e);
                code = 2;
                continue;
            }
        };
        let name = f.display().to_string();
        match meeple::pipeline::check_bytes(&bytes) {
            (_, Ok(checked)) => {
                let n = checked.file.scenarios.len();
                out::out(format!("{name}: ok ({n} scenarios)\n"));
                if n == 0 {
                    out::err(no_scenario(&name));
                }
            }
            (text, Err(diags)) => {
                for d in &diags {
                    out::err(render(d, &name, &text, color));
                }
                out::err(format!(
                    "{name}: {} error{}\n",
                    diags.len(),
                    if diags.len() == 1 { "" } else { "s" }
                ));
                code = 2;
            }
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
            out::err(format!("error: {e}\n"));
            return 2;
        }
    };
    if files.is_empty() {
        let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        out::err(format!(
            "error: nothing to test: no .game file under {}\n",
            names.join(", ")
        ));
        return 2;
    }
    let config = RunConfig {
        limits: limits.clone(),
        filter: opts.filter.clone(),
    };
    super::report::test(&files, &config, opts)
}
