//! A file's human output: each scenario's result blocks, passed
//! expectations and diagnostics in order, as `meeple run` prints them.

use super::{answer, expect_passed_at, printable};
use crate::error::{render_as, Diag};
use crate::interp::{Event, FileRun, Outcome, ScenarioRun};
use crate::render::Options;
use crate::source::SourceFile;

/// The whole file: its scenarios, then its warnings; for an invalid file,
/// its diagnostics.
pub fn file(run: &FileRun, opts: &Options) -> String {
    match &run.outcome {
        Outcome::Invalid(diags) => diagnostics(&run.source, diags, opts),
        Outcome::Ran(runs) => {
            let mut out: String = runs
                .iter()
                .map(|r| scenario(&run.source, r, opts))
                .collect();
            out.push_str(&diagnostics(&run.source, &run.warnings, opts));
            out
        }
    }
}

/// One scenario of the script `src`.
pub fn scenario(src: &SourceFile, run: &ScenarioRun, opts: &Options) -> String {
    let label = printable(opts.label.unwrap_or(&run.name));
    let mut out = String::new();
    for e in &run.events {
        match e {
            Event::Answer {
                query,
                span,
                answer: a,
                ..
            } => out.push_str(&answer(&label, *query, src.line(span.start()), a)),
            Event::ExpectPassed { span, field, value } => {
                out.push_str(&expect_passed_at(field, value, src.line(span.start())))
            }
            Event::Error(d) if !opts.results_only => out.push_str(&diagnostic(src, d, opts)),
            Event::Error(_) => {}
        }
    }
    out
}

/// Diagnostics of the script `src`, each drawn with its excerpt.
pub fn diagnostics(src: &SourceFile, diags: &[Diag], opts: &Options) -> String {
    diags.iter().map(|d| diagnostic(src, d, opts)).collect()
}

fn diagnostic(src: &SourceFile, d: &Diag, opts: &Options) -> String {
    render_as(d, opts.name.unwrap_or(&src.name), src, opts.color)
}
