//! The subcommands.

use super::progress::SolveProgress;
pub use super::report::TestOptions;
use super::{out, Format};
use meeple::collection::game_files;
use meeple::error::{render, Diag};
use meeple::interp::ScenarioRun;
use meeple::limits::Limits;
use meeple::pipeline::{run_bytes_each_importing, FileRun, Outcome, RunConfig};
use meeple::render::{self, json};
use meeple::source::SourceFile;
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
pub(super) fn read_bytes(path: &Path) -> std::io::Result<Vec<u8>> {
    if path == Path::new("-") {
        use std::io::Read;
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(meeple::limits::SOURCE_BYTES as u64 + 1)
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
            let d = Diag::io("read", &name, e);
            let src = SourceFile::empty(name);
            if format == Format::Json {
                let obj = json::DiagnosticLine::new(&src, None, &d);
                out::out(json::line(&obj));
            }
            out::err(render(&d, &src, color));
            None
        }
    }
}

/// Print one scenario as soon as it has run: its answers and the
/// expectations that held on stdout (text, or JSON lines with `--format
/// json`), its diagnostics (failed expectations, limits) on stderr.
fn print_scenario(
    file: &FileRun,
    r: &ScenarioRun,
    svgs: &[Option<String>],
    label_files: bool,
    format: Format,
    color: bool,
) {
    let src = &file.source;
    if format == Format::Json {
        out::out_flush(json::scenario(src, r, svgs));
    } else {
        let label = label_files.then(|| format!("{} › {}", src.name, r.name));
        let opts = render::Options {
            label: label.as_deref(),
            results_only: true,
            ..render::Options::default()
        };
        let results = render::text::scenario(src, r, &opts);
        if r.passed() {
            out::out(results);
            return;
        }
        out::out_flush(results);
    }
    // Diagnostics (failed expectations, budgets) go to stderr in colour.
    let failures: Vec<Diag> = r.failures().cloned().collect();
    if !failures.is_empty() {
        let opts = render::Options {
            color,
            ..render::Options::default()
        };
        out::err(render::text::diagnostics(src, &failures, &opts));
    }
}

/// Print diagnostics of the script `src` (its errors, or a valid file's
/// warnings such as `meeple::file::empty`): as text on stderr, and as JSON
/// lines on stdout with `--format json`.
fn print_diags(src: &SourceFile, diags: &[Diag], format: Format, color: bool) {
    for d in diags {
        if format == Format::Json {
            let obj = json::DiagnosticLine::new(src, None, d);
            out::out(json::line(&obj));
        }
        out::err(render(d, src, color));
    }
}

/// `meeple run FILE…` (`-` reads a script from stdin). With several files,
/// each result header names its file. With `svg`, the pictures of the
/// answers are written under it too. Each scenario is printed as soon as
/// it has run, then dropped.
pub fn run(
    files: &[PathBuf],
    svg: Option<&Path>,
    limits: &Limits,
    format: Format,
    color: bool,
) -> i32 {
    let meter = meeple::budget::Meter::new();
    let config = RunConfig {
        limits: Limits {
            meter: Some(meter.clone()),
            ..on_ctrl_c(limits)
        },
        filter: None,
    };
    let label_files = files.len() > 1;
    let mut code = 0;
    let mut tally = Tally::default();
    for f in files {
        let Some(bytes) = read(f, format, color) else {
            code = 2;
            tally.unreadable += 1;
            continue;
        };
        let name = name_of(f);
        let progress = SolveProgress::start(Some(&meter));
        let folder = svg.map(|dir| meeple::render::svg::files::folder(dir, &name));
        let mut made = false;
        let mut svg_failed = false;
        let importer = meeple::pipeline::Importer::beside(f);
        let (file, exit) =
            run_bytes_each_importing(&name, &bytes, &config, Some(&importer), &mut |file, r| {
                progress.clear();
                let svgs = match folder.as_deref().filter(|_| !svg_failed) {
                    Some(folder) => {
                        match meeple::render::svg::files::write_scenario_pictures(
                            folder,
                            r,
                            &file.source,
                            &mut made,
                        ) {
                            Ok(paths) => paths,
                            Err(e) => {
                                svg_failed = true;
                                let d = Diag::io("write", "the pictures", e)
                                    .help("check that the --svg folder can be created and written");
                                out::err(render(
                                    &d,
                                    &SourceFile::empty(file.source.name.as_str()),
                                    color,
                                ));
                                Vec::new()
                            }
                        }
                    }
                    None => Vec::new(),
                };
                print_scenario(file, r, &svgs, label_files, format, color);
                tally.scenario(r);
            });
        drop(progress);
        if svg_failed {
            code = 2;
        }
        if let Outcome::Invalid(diags) = &file.outcome {
            tally.invalid += 1;
            if format == Format::Json {
                out::out_flush(json::file(&file, &[]));
            }
            let opts = render::Options {
                color,
                ..render::Options::default()
            };
            out::err(render::text::diagnostics(&file.source, diags, &opts));
        } else if !file.warnings.is_empty() {
            print_diags(&file.source, &file.warnings, format, color);
        }
        code = code.max(exit);
        if config.limits.cancelled() {
            break;
        }
    }
    if let Some(closing) = tally.closing() {
        out::err(closing);
    }
    if config.limits.cancelled() {
        return interrupted();
    }
    code
}

/// The limits with a cancel flag that Ctrl-C sets (as the REPL's): the
/// running solve stops with `meeple::limit::cancelled`, what was printed
/// stays, and the run stops after that scenario ([`interrupted`]).
fn on_ctrl_c(limits: &Limits) -> Limits {
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = cancel.clone();
    // Set once per process (a second handler is refused: then Ctrl-C
    // keeps ending the process, as before).
    let _ = ctrlc::set_handler(move || flag.store(true, std::sync::atomic::Ordering::SeqCst));
    Limits {
        cancel: Some(cancel),
        ..limits.clone()
    }
}

/// The closing line of a run or test stopped by Ctrl-C, and its exit code,
/// 130 (128 + SIGINT, as a shell gives a process the signal ended).
fn interrupted() -> i32 {
    out::err("interrupted (Ctrl-C): the scenarios after the one that was running did not run\n");
    130
}

/// What went wrong in a `meeple run`, for its closing line.
#[derive(Default)]
struct Tally {
    expectations: u64,
    limits: u64,
    other: u64,
    invalid: u64,
    unreadable: u64,
}

impl Tally {
    fn scenario(&mut self, r: &ScenarioRun) {
        use meeple::error::Code;
        for d in r.failures() {
            match d.code {
                Code::ExpectFailed => self.expectations += 1,
                Code::LimitStates | Code::LimitTime | Code::LimitCancelled | Code::LimitMemory => {
                    self.limits += 1
                }
                _ => self.other += 1,
            }
        }
    }

    /// `2 expectations failed, 1 statement stopped at a limit` (on stderr,
    /// as the diagnostics), or `None` when nothing went wrong.
    fn closing(&self) -> Option<String> {
        use meeple::games::count;
        // "other" only beside failed expectations or limits.
        let other = if self.expectations + self.limits > 0 {
            "other error"
        } else {
            "error"
        };
        let parts: Vec<String> = [
            (self.expectations, "expectation", "failed"),
            (self.limits, "statement", "stopped at a limit"),
            (self.other, other, ""),
            (self.invalid, "file", "invalid"),
            (self.unreadable, "file", "unreadable"),
        ]
        .iter()
        .filter(|(n, ..)| *n > 0)
        .map(|&(n, noun, what)| format!("{} {what}", count(n, noun)).trim_end().to_string())
        .collect();
        (!parts.is_empty()).then(|| parts.join(", ") + "\n")
    }
}

/// `meeple check FILE…` (`-` reads a script from stdin); `limits` bound building the tracks.
pub fn check(files: &[PathBuf], limits: &Limits, format: Format, color: bool) -> i32 {
    let mut code = 0;
    for f in files {
        let Some(bytes) = read(f, format, color) else {
            code = 2;
            // Its `meeple::io` diagnostic is printed; its verdict too.
            if format == Format::Json {
                let name = name_of(f);
                let obj = json::CheckObj {
                    kind: "check",
                    file: &name,
                    ok: false,
                    scenarios: 0,
                    errors: 1,
                };
                out::out(json::line(&obj));
            }
            continue;
        };
        let name = name_of(f);
        let importer = meeple::pipeline::Importer::beside(f);
        let (text, result) =
            meeple::pipeline::check_bytes_importing(&bytes, limits, Some(&importer));
        let src = SourceFile::new(name.as_str(), text);
        let (scenarios, diags, warnings) = match result {
            Ok(checked) => (checked.file.scenarios.len(), Vec::new(), checked.warnings),
            Err(diags) => (0, diags, Vec::new()),
        };
        print_diags(&src, &diags, format, color);
        print_diags(&src, &warnings, format, color);
        match format {
            Format::Json => {
                let obj = json::CheckObj {
                    kind: "check",
                    file: &name,
                    ok: diags.is_empty(),
                    scenarios,
                    errors: diags.len(),
                };
                out::out(json::line(&obj));
            }
            Format::Text if diags.is_empty() => {
                let scenarios = meeple::games::count(scenarios as u64, "scenario");
                out::out(format!("{name}: ok ({scenarios})\n"));
            }
            Format::Text => {}
        }
        if !diags.is_empty() {
            out::err(format!(
                "{name}: {} error{}\n",
                diags.len(),
                if diags.len() == 1 { "" } else { "s" }
            ));
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
        limits: on_ctrl_c(limits),
        filter: opts.filter.clone(),
    };
    let code = super::report::test(&paths, &files, &config, opts);
    if config.limits.cancelled() {
        return interrupted();
    }
    code
}

#[cfg(test)]
mod tests {
    use super::Tally;

    #[test]
    fn errors_are_other_only_beside_expectations_or_limits() {
        let alone = Tally {
            other: 1,
            ..Tally::default()
        };
        assert_eq!(alone.closing().as_deref(), Some("1 error\n"));
        let beside = Tally {
            expectations: 2,
            other: 3,
            ..Tally::default()
        };
        assert_eq!(
            beside.closing().as_deref(),
            Some("2 expectations failed, 3 other errors\n")
        );
        assert_eq!(Tally::default().closing(), None);
    }
}
