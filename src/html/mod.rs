//! The HTML report of a collection (`meeple test --html REPORT.html`): one
//! self-contained page — the summary, a list of the files, then each file
//! with each scenario's verdict, its answers as `meeple run` prints them,
//! its failed expectations (expected against got) and its pictures as
//! inline SVG. Rendered from the typed results of [`crate::collection`].
//!
//! The page carries its style inline and refers to nothing outside
//! itself (no script, font, image or link but to its own sections), so it
//! reads the same offline; it scales to a phone's width and prints without
//! backgrounds, a scenario kept on one page where it fits. Every text that
//! comes from a script (file names, scenario names, answers, diagnostics)
//! is escaped. The same results give the same bytes: the page shows no
//! time.
//!
//! ```
//! let run = meeple::run_source("demo.game", r#"
//! scenario "<one cell>" {
//!   game footholds
//!   board [[1]]
//!   piece A at (0, 0)
//!   piece B at (0, 0)
//!   solve
//!   expect answer 1
//! }"#);
//! let page = meeple::html::page("demo", &[run]);
//! assert!(page.starts_with("<!DOCTYPE html>"));
//! assert!(page.contains("&lt;one cell&gt;"));
//! assert!(page.contains(r#"<tr class="got"><th>got</th><td>0</td></tr>"#));
//! ```

mod scenario;

use crate::collection::{file_case, scenario_case, Case};
use crate::pipeline::{FileRun, Outcome};
use crate::render::svg::doc::esc;
use std::fmt::Write;

/// The page's style sheet, inlined in its `<head>`.
const STYLE: &str = include_str!("style.css");

/// What the summary counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Files in the report.
    pub files: usize,
    /// Of which invalid (nothing ran).
    pub invalid_files: usize,
    /// Scenarios that passed.
    pub scenarios_passed: usize,
    /// Scenarios that failed.
    pub scenarios_failed: usize,
    /// `expect` statements that held.
    pub expectations_held: usize,
    /// `expect` statements that did not.
    pub expectations_failed: usize,
    /// Other runtime errors (a limit hit).
    pub errors: usize,
    /// Verdicts that passed, as `meeple test` counts them (scenarios,
    /// whole files, snapshots).
    pub passed: usize,
    /// Verdicts that failed.
    pub failed: usize,
    /// Pictures drawn.
    pub pictures: usize,
}

/// A report being written, one file at a time (a large collection is never
/// held in memory, only its page): [`Report::file`] for each file in order,
/// then [`Report::finish`].
pub struct Report {
    title: String,
    filter: Option<String>,
    totals: Totals,
    toc: String,
    /// Links to every failed file verdict and scenario.
    failures: String,
    body: String,
}

impl Report {
    /// An empty report titled `title` (the paths tested, usually);
    /// `filter` is shown in the summary when scenarios were filtered.
    pub fn new(title: &str, filter: Option<&str>) -> Report {
        Report {
            title: title.to_string(),
            filter: filter.map(str::to_string),
            totals: Totals::default(),
            toc: String::new(),
            failures: String::new(),
            body: String::new(),
        }
    }

    /// What has been counted so far.
    pub fn totals(&self) -> Totals {
        self.totals
    }

    /// Adds a file: `verdicts` are its whole-file verdicts as `meeple test`
    /// shows them (see [`file_case`]; a snapshot's too), each of its
    /// scenarios gets its own. A file with neither (a filter left all its
    /// scenarios out) is left out.
    pub fn file(&mut self, run: &FileRun, verdicts: &[Case]) {
        let runs = match &run.outcome {
            Outcome::Ran(runs) => runs.as_slice(),
            Outcome::Invalid(_) => &[],
        };
        if runs.is_empty() && verdicts.is_empty() && matches!(run.outcome, Outcome::Ran(_)) {
            return;
        }
        let t = &mut self.totals;
        t.files += 1;
        let n = t.files;
        let id = format!("f{n}");
        let cases: Vec<Case> = runs.iter().map(scenario_case).collect();
        let file_passed = verdicts.iter().chain(&cases).all(|c| c.passed);
        for c in verdicts.iter().chain(&cases) {
            if c.passed {
                t.passed += 1;
            } else {
                t.failed += 1;
            }
        }
        // A long path may break after each `/` on a narrow screen.
        let name = esc(&run.source.name).replace('/', "/<wbr>");
        let count = match &run.outcome {
            Outcome::Invalid(_) => {
                t.invalid_files += 1;
                if file_passed {
                    "invalid, as expected"
                } else {
                    "invalid"
                }
                .to_string()
            }
            Outcome::Ran(_) => plural(runs.len(), "scenario"),
        };
        let _ = writeln!(
            self.toc,
            "<li>{} <a href=\"#{id}\">{name}</a> <span class=\"count\">{count}</span></li>",
            badge(file_passed)
        );
        let b = &mut self.body;
        let _ = writeln!(b, "<section class=\"file\" id=\"{id}\">\n<h2>{name}</h2>");
        if !verdicts.is_empty() {
            b.push_str("<ul class=\"verdicts\">\n");
            for v in verdicts {
                let _ = writeln!(b, "<li>{} {}</li>", badge(v.passed), esc(&v.note));
                if !v.passed {
                    let _ = writeln!(
                        self.failures,
                        "<li><a href=\"#{id}\">{name}</a>: {}</li>",
                        esc(&v.note)
                    );
                }
            }
            b.push_str("</ul>\n");
        }
        match &run.outcome {
            Outcome::Invalid(diags) => {
                let _ = writeln!(
                    b,
                    "<p class=\"meta\">invalid: {}, nothing ran</p>",
                    plural(diags.len(), "error")
                );
                for d in diags {
                    scenario::diagnostic(b, run, d);
                }
            }
            Outcome::Ran(_) => {
                for (i, (r, case)) in runs.iter().zip(&cases).enumerate() {
                    let id = format!("{id}-s{}", i + 1);
                    scenario::article(b, t, &id, run, r, case);
                    if !case.passed {
                        let _ = writeln!(
                            self.failures,
                            "<li><a href=\"#{id}\">{name} › {}</a></li>",
                            esc(&crate::pipeline::printable(&r.name))
                        );
                    }
                }
            }
        }
        b.push_str("</section>\n");
    }

    /// The whole page.
    pub fn finish(self) -> String {
        let t = self.totals;
        let mut out = String::with_capacity(self.body.len() + self.toc.len() + 8192);
        let title = esc(&self.title);
        let _ = write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>meeple test: {title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
             <header>\n<h1>meeple test report</h1>\n<p class=\"paths\">{title}</p>\n</header>\n"
        );
        let (class, verdict) = match (t.passed, t.failed) {
            (0, 0) => ("empty", "NOTHING RAN".to_string()),
            (p, 0) => ("pass", format!("PASS · {p} passed")),
            (p, f) => ("fail", format!("FAIL · {f} failed, {p} passed")),
        };
        let _ = writeln!(
            out,
            "<section class=\"summary {class}\" id=\"summary\">\n<p class=\"verdict\">{verdict}</p>\n<table>"
        );
        let mut row = |head: &str, value: String| {
            let _ = writeln!(out, "<tr><th>{head}</th><td>{value}</td></tr>");
        };
        let invalid = match t.invalid_files {
            0 => String::new(),
            n => format!(" ({n} invalid)"),
        };
        row("files", format!("{}{invalid}", t.files));
        row(
            "scenarios",
            format!(
                "{} · {} passed, {} failed",
                t.scenarios_passed + t.scenarios_failed,
                t.scenarios_passed,
                t.scenarios_failed
            ),
        );
        row(
            "expectations",
            format!(
                "{} held, {} failed",
                t.expectations_held, t.expectations_failed
            ),
        );
        if t.errors > 0 {
            row("errors", format!("{} (limits hit)", t.errors));
        }
        row(
            "verdicts",
            format!("{} passed, {} failed", t.passed, t.failed),
        );
        row("pictures", t.pictures.to_string());
        if let Some(f) = &self.filter {
            row("filter", format!("scenarios named with “{}”", esc(f)));
        }
        out.push_str("</table>\n");
        if !self.failures.is_empty() {
            let _ = write!(
                out,
                "<h2>Failed</h2>\n<ul class=\"failed\">\n{}</ul>\n",
                self.failures
            );
        }
        out.push_str("</section>\n");
        if !self.toc.is_empty() {
            let _ = write!(
                out,
                "<nav class=\"toc\">\n<h2>Files</h2>\n<ol>\n{}</ol>\n</nav>\n",
                self.toc
            );
        }
        let _ = write!(
            out,
            "<main>\n{}</main>\n<footer>made by meeple {}</footer>\n</body>\n</html>\n",
            self.body,
            env!("CARGO_PKG_VERSION")
        );
        out
    }
}

/// The report of `runs` (in order) titled `title`, each file with the
/// verdict [`file_case`] gives it: what `meeple test --html` writes when no
/// filter or snapshot is involved.
pub fn page(title: &str, runs: &[FileRun]) -> String {
    let mut report = Report::new(title, None);
    for run in runs {
        let verdicts: Vec<Case> = file_case(run).into_iter().collect();
        report.file(run, &verdicts);
    }
    report.finish()
}

/// A PASS or FAIL badge.
fn badge(passed: bool) -> &'static str {
    if passed {
        "<span class=\"badge pass\">PASS</span>"
    } else {
        "<span class=\"badge fail\">FAIL</span>"
    }
}

/// `1 scenario`, `2 scenarios`.
fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}
