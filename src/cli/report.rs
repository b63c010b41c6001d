//! `meeple test`: run a collection in parallel and report it in order.
//!
//! Text: a `PASS`/`FAIL` line per scenario (failed expectations listed
//! under it, their full diagnostics on stderr), per whole-file verdict and
//! per snapshot, then `N passed, N failed`. JSON: stdout holds only JSON
//! lines — each query's result, a `"kind":"scenario"` object per scenario,
//! `"kind":"file"` and `"kind":"snapshot"` verdicts and a closing
//! `"kind":"summary"`; human text goes to stderr.

use super::progress::Progress;
use super::snapshot::{self, Status};
use super::{out, Format};
use meeple::collection::{
    file_case, no_expect, run_files_streaming, scenario_case, snapshot_text, Case, Step,
};
use meeple::error::Diag;
use meeple::interp::ScenarioRun;
use meeple::pipeline::{printable, FileRun, Outcome, RunConfig};
use meeple::render::json;
use meeple::source::SourceFile;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How `meeple test` runs.
pub struct TestOptions {
    pub filter: Option<String>,
    /// Fail a scenario with no `expect` (else it only warns).
    pub require_expect: bool,
    /// Compare each script's output with its snapshot.
    pub snapshots: bool,
    /// Write snapshots instead of pending files.
    pub accept: bool,
    /// Also write the HTML report here.
    pub html: Option<PathBuf>,
    pub format: Format,
    /// Colours on stdout (PASS/FAIL, diffs) and on stderr (diagnostics).
    pub color_out: bool,
    pub color_err: bool,
}

/// Buffered output that never tears the progress bar.
struct Printer<'a> {
    out: Vec<u8>,
    last_flush: Instant,
    progress: &'a Progress,
}

impl Printer<'_> {
    fn out(&mut self, s: &str) {
        self.out.extend_from_slice(s.as_bytes());
    }

    fn err(&mut self, s: &str) {
        if s.is_empty() {
            return;
        }
        let out = std::mem::take(&mut self.out);
        self.progress.suspend(|| {
            out::out_flush(&out);
            out::err(s);
        });
        self.last_flush = Instant::now();
    }

    /// Flush stdout if there is a lot to show or it has been a while.
    fn flush(&mut self, force: bool) {
        if self.out.is_empty()
            || !(force
                || self.out.len() > 1 << 16
                || self.last_flush.elapsed() > Duration::from_millis(100))
        {
            return;
        }
        let out = std::mem::take(&mut self.out);
        self.progress.suspend(|| out::out_flush(&out));
        self.last_flush = Instant::now();
    }
}

struct Report<'a> {
    opts: &'a TestOptions,
    printer: Printer<'a>,
    files: &'a [PathBuf],
    next_file: usize,
    passed: usize,
    failed: usize,
    pending: usize,
    /// The HTML report being written (`--html`), and the whole-file
    /// verdicts of the current file for it.
    html: Option<meeple::html::Report>,
    file_cases: Vec<Case>,
}

/// Run `files` (found under `paths`) and report; the exit code (0 all
/// passed, 1 otherwise, 2 when nothing ran or the HTML report cannot be
/// written).
pub fn test(paths: &[PathBuf], files: &[PathBuf], config: &RunConfig, opts: &TestOptions) -> i32 {
    let started = Instant::now();
    let meter = meeple::budget::Meter::new();
    let config = &RunConfig {
        limits: meeple::limits::Limits {
            meter: Some(meter.clone()),
            ..config.limits.clone()
        },
        ..config.clone()
    };
    let progress = Progress::new(meter);
    let mut report = Report {
        opts,
        printer: Printer {
            out: Vec::new(),
            last_flush: Instant::now(),
            progress: &progress,
        },
        files,
        next_file: 0,
        passed: 0,
        failed: 0,
        pending: 0,
        html: opts.html.as_ref().map(|_| {
            let title: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            meeple::html::Report::new(&title.join(" "), opts.filter.as_deref())
        }),
        file_cases: Vec::new(),
    };
    run_files_streaming(files, config, &|| progress.tick(), &mut |step| match step {
        Step::Planned { scenarios, .. } => progress.start(scenarios),
        Step::Scenario { source, run } => report.scenario(source, run),
        Step::File(run) => report.file(&run),
    });
    report.printer.flush(true);
    progress.finish();
    if let (Some(html), Some(path)) = (report.html.take(), &opts.html) {
        if let Err(e) = std::fs::write(path, html.finish()) {
            out::err(format!(
                "error: cannot write the report {}: {e}\n",
                path.display()
            ));
            return 2;
        }
    }
    let (passed, failed) = (report.passed, report.failed);
    if passed + failed == 0 {
        let why = match &opts.filter {
            Some(f) => format!("no scenario matches --filter \"{}\"", printable(f)),
            None => "no scenario ran".to_string(),
        };
        out::err(format!("error: nothing to test: {why}\n"));
        return 2;
    }
    let closing = format!("{passed} passed, {failed} failed\n");
    if report.pending > 0 {
        let n = report.pending;
        let (s, them) = if n == 1 { ("", "it") } else { ("s", "them") };
        out::err(format!(
            "{n} snapshot{s} pending: review the .snap.new file{s} above, then run `meeple test --accept` on the same paths to accept {them}\n"
        ));
    }
    match opts.format {
        Format::Text => out::out_flush(closing),
        Format::Json => {
            let summary = json::SummaryObj {
                kind: "summary",
                passed,
                failed,
                files: files.len(),
                elapsed_ms: json::millis(started.elapsed()),
            };
            out::out_flush(json::line(&summary));
            out::err(closing);
        }
    }
    i32::from(failed > 0)
}

impl Report<'_> {
    fn count(&mut self, passed: bool) {
        if passed {
            self.passed += 1;
        } else {
            self.failed += 1;
        }
    }

    fn verdict(&self, passed: bool) -> &'static str {
        match (passed, self.opts.color_out) {
            (true, false) => "PASS",
            (false, false) => "FAIL",
            (true, true) => "\x1b[32mPASS\x1b[0m",
            (false, true) => "\x1b[1;31mFAIL\x1b[0m",
        }
    }

    fn scenario(&mut self, source: &SourceFile, run: &ScenarioRun) {
        let mut case = scenario_case(run);
        // No `expect`: a warning, or a failure with --require-expect.
        let mut warning = None;
        match no_expect(run, self.opts.require_expect) {
            Some(d) if d.is_warning() => warning = Some(d),
            Some(d) => {
                case.passed = false;
                case.failures.push(d);
            }
            None => {}
        }
        self.count(case.passed);
        let name = &source.name;
        match self.opts.format {
            Format::Text => {
                let mut s = if case.passed {
                    format!(
                        "{} {name} › {} ({})\n",
                        self.verdict(true),
                        printable(&run.name),
                        case.note
                    )
                } else {
                    format!(
                        "{} {name} › {}\n",
                        self.verdict(false),
                        printable(&run.name)
                    )
                };
                for d in &case.failures {
                    let at = d.span().map_or(String::new(), |sp| {
                        format!("line {}: ", source.line(sp.start()))
                    });
                    s.push_str(&format!("    {at}{} [{}]\n", d.message, d.code));
                }
                self.printer.out(&s);
            }
            Format::Json => {
                let mut s = String::new();
                for obj in json::scenario_answers(source, run) {
                    s.push_str(&obj.to_string());
                    s.push('\n');
                }
                if let Some(d) = &warning {
                    let obj = json::DiagnosticLine::new(source, Some(&run.name), d);
                    s.push_str(&json::line(&obj));
                }
                let failures = failures_json(source, &case.failures);
                let obj = json::ScenarioObj {
                    kind: "scenario",
                    file: name,
                    scenario: &run.name,
                    line: source.line(run.span.start()),
                    game: run.game.name(),
                    passed: case.passed,
                    expectations: run.expects_passed(),
                    failures,
                };
                s.push_str(&json::line(&obj));
                self.printer.out(&s);
            }
        }
        if let Some(d) = &warning {
            let w = render_diags(source, std::slice::from_ref(d), self.opts.color_err);
            self.printer.err(&w);
        }
        if !case.passed {
            let diags = render_diags(source, &case.failures, self.opts.color_err);
            self.printer.err(&diags);
        }
        self.printer.flush(false);
    }

    fn file(&mut self, run: &FileRun) {
        let path = self.files.get(self.next_file).cloned();
        self.next_file += 1;
        if let Some(case) = file_case(run) {
            // With --filter, a rejection as expected is shown only when the
            // file's path matches; a failure is always shown, but for a
            // file whose scenarios the filter left out.
            let filtered_out = self.opts.filter.is_some()
                && matches!(&run.outcome, Outcome::Ran(runs) if runs.is_empty())
                && meeple::pipeline::expected_errors(&run.source.text).is_empty();
            let shown = !filtered_out
                && (!case.passed
                    || self
                        .opts
                        .filter
                        .as_ref()
                        .is_none_or(|f| run.source.name.contains(f.as_str())));
            if shown {
                self.file_verdict(run, &case);
            }
        }
        if self.opts.snapshots {
            if let Some(path) = path {
                self.snapshot(run, &path);
            }
        }
        if let Some(html) = &mut self.html {
            html.file(run, &self.file_cases);
        }
        self.file_cases.clear();
        self.printer.flush(true);
    }

    fn file_verdict(&mut self, run: &FileRun, case: &Case) {
        self.count(case.passed);
        if self.html.is_some() {
            self.file_cases.push(case.clone());
        }
        let name = &run.source.name;
        match self.opts.format {
            Format::Text => {
                let s = format!("{} {name} ({})\n", self.verdict(case.passed), case.note);
                self.printer.out(&s);
            }
            Format::Json => {
                let failures = failures_json(&run.source, &case.failures);
                let obj = json::FileObj {
                    kind: "file",
                    file: name,
                    passed: case.passed,
                    note: &case.note,
                    expected_errors: meeple::pipeline::expected_errors(&run.source.text),
                    failures,
                };
                self.printer.out(&json::line(&obj));
            }
        }
        if !case.passed {
            let diags = render_diags(&run.source, &case.failures, self.opts.color_err);
            self.printer.err(&diags);
        }
    }

    fn snapshot(&mut self, run: &FileRun, script: &Path) {
        let text = snapshot_text(run);
        let check = snapshot::check(script, &text, self.opts.accept);
        let passed = check.status.passed();
        self.count(passed);
        if matches!(check.status, Status::New | Status::Changed { .. }) {
            self.pending += 1;
        }
        let name = &run.source.name;
        let snap = check.snapshot.display().to_string();
        let pending = check.pending.display().to_string();
        let note = match &check.status {
            Status::Matched => "snapshot matches".to_string(),
            Status::New => format!("no snapshot yet: review {pending}"),
            Status::Changed { .. } => format!("snapshot differs: review {pending}"),
            Status::Written { old: None } => format!("snapshot written: {snap}"),
            Status::Written { old: Some(_) } => format!("snapshot updated: {snap}"),
            Status::Failed(e) => e.clone(),
        };
        if self.html.is_some() {
            self.file_cases.push(Case {
                scenario: None,
                passed,
                note: note.clone(),
                failures: Vec::new(),
            });
        }
        let diff = match &check.status {
            Status::New => Some(""),
            Status::Changed { old } => Some(old.as_str()),
            _ => None,
        };
        match self.opts.format {
            Format::Text => {
                let mut s = format!("{} {name} ({note})\n", self.verdict(passed));
                if let Some(old) = diff {
                    s.push_str(&snapshot::diff(
                        old,
                        &text,
                        &snap,
                        &pending,
                        self.opts.color_out,
                    ));
                }
                self.printer.out(&s);
            }
            Format::Json => {
                let obj = json::SnapshotObj {
                    kind: "snapshot",
                    file: name,
                    snapshot: &snap,
                    pending: matches!(check.status, Status::New | Status::Changed { .. })
                        .then_some(pending.as_str()),
                    status: check.status.word(),
                    passed,
                    note: &note,
                };
                self.printer.out(&json::line(&obj));
                if let Some(old) = diff {
                    let d = snapshot::diff(old, &text, &snap, &pending, self.opts.color_err);
                    self.printer.err(&d);
                }
            }
        }
    }
}

fn failures_json(source: &SourceFile, failures: &[Diag]) -> Vec<json::DiagnosticObj> {
    failures
        .iter()
        .map(|d| json::DiagnosticObj::new(d, source))
        .collect()
}

fn render_diags(source: &SourceFile, diags: &[Diag], color: bool) -> String {
    let opts = meeple::render::Options {
        color,
        ..Default::default()
    };
    meeple::render::text::diagnostics(source, diags, &opts)
}
