//! The subcommands.

pub use super::report::TestOptions;
use super::Format;
use meeple::collection::game_files;
use meeple::error::{render, Code, Diag};
use meeple::interp::{Event, Limits};
use meeple::pipeline::{run_bytes, FileRun, Outcome, RunConfig};
use meeple::render::LineIndex;
use std::io::Write;
use std::path::{Path, PathBuf};

fn read(path: &Path) -> Result<Vec<u8>, String> {
    meeple::pipeline::read_source(path).map_err(|e| {
        let d = Diag::new(Code::Io, format!("cannot read {}: {e}", path.display()))
            .help("check the path and the file's permissions");
        render(&d, &path.display().to_string(), "", false)
    })
}

fn print_run(run: &FileRun, format: Format, color: bool) {
    let mut out = std::io::stdout().lock();
    match (&run.outcome, format) {
        (Outcome::Invalid(diags), _) => {
            eprint!("{}", run.render_diags(diags, color));
        }
        (Outcome::Ran(runs), Format::Text) => {
            let lines = LineIndex::new(&run.source.text);
            for r in runs {
                // Diagnostics (failed expectations, budgets) go to stderr in colour.
                if r.passed() {
                    let text = run.render_scenario_with(r, false, &lines);
                    let _ = out.write_all(text.as_bytes());
                } else {
                    let mut quiet = r.clone();
                    quiet.events.retain(|e| !matches!(e, Event::Error(_)));
                    let text = run.render_scenario_with(&quiet, false, &lines);
                    let _ = out.write_all(text.as_bytes());
                    let _ = out.flush();
                    eprint!(
                        "{}",
                        run.render_diags_indexed(&r.failures().cloned().collect(), color, &lines)
                    );
                }
            }
        }
        (Outcome::Ran(_), Format::Json) => {
            let lines = LineIndex::new(&run.source.text);
            for obj in run.render_json() {
                let _ = writeln!(out, "{obj}");
            }
            if let Outcome::Ran(runs) = &run.outcome {
                for r in runs {
                    eprint!(
                        "{}",
                        run.render_diags_indexed(&r.failures().cloned().collect(), color, &lines)
                    );
                }
            }
        }
    }
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
                eprint!("{e}");
                code = 2;
                continue;
            }
        };
        let run = run_bytes(&f.display().to_string(), &bytes, &config);
        print_run(&run, format, color);
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
                eprint!("{e}");
                code = 2;
                continue;
            }
        };
        let name = f.display().to_string();
        match meeple::pipeline::check_bytes(&bytes) {
            (_, Ok(checked)) => {
                let _ = writeln!(
                    std::io::stdout(),
                    "{name}: ok ({} scenarios)",
                    checked.file.scenarios.len()
                );
            }
            (text, Err(diags)) => {
                for d in &diags {
                    eprint!("{}", render(d, &name, &text, color));
                }
                eprintln!(
                    "{name}: {} error{}",
                    diags.len(),
                    if diags.len() == 1 { "" } else { "s" }
                );
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
