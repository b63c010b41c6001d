//! One scenario of the report: its verdict, then its events in order —
//! each answer as `meeple run` prints it with its picture, the
//! expectations that held, and each failure with what was expected against
//! what the solve gave, and its diagnostic as plain text.

use super::{badge, plural, Totals};
use crate::collection::Case;
use crate::error::{render, Code, Diag};
use crate::interp::{Event, ScenarioRun};
use crate::pipeline::{printable, FileRun};
use crate::render::json::failed_expect;
use crate::render::svg::doc::esc;
use crate::render::{svg, text};
use crate::syntax::ast::QueryKind;
use std::fmt::Write;

/// Writes the `<article>` of one scenario of `file` and counts it in `t`.
pub(super) fn article(
    b: &mut String,
    t: &mut Totals,
    id: &str,
    file: &FileRun,
    run: &ScenarioRun,
    case: &Case,
) {
    if case.passed {
        t.scenarios_passed += 1;
    } else {
        t.scenarios_failed += 1;
    }
    let class = if case.passed { "pass" } else { "fail" };
    let held = run.expects_passed();
    let failed = run
        .failures()
        .filter(|d| d.code == Code::ExpectFailed)
        .count();
    let mut expects = format!("{} held", plural(held, "expectation"));
    if failed > 0 {
        let _ = write!(expects, ", {failed} failed");
    }
    let _ = writeln!(
        b,
        "<article class=\"scenario {class}\" id=\"{id}\">\n<h3>{} {}</h3>\n<p class=\"meta\">{} · line {} · {expects}</p>",
        badge(case.passed),
        esc(&printable(&run.name)),
        run.game.name(),
        file.source.line(run.span.start()),
    );
    let mut in_list = false;
    for (i, e) in run.events.iter().enumerate() {
        let passed = matches!(e, Event::ExpectPassed { .. });
        if in_list && !passed {
            b.push_str("</ul>\n");
            in_list = false;
        }
        match e {
            Event::Answer {
                query,
                span,
                answer,
                ..
            } => {
                let line = file.source.line(span.start());
                let _ = write!(
                    b,
                    "<div class=\"answer\">\n<h4>{} <span class=\"where\">line {line}</span></h4>\n<div class=\"pair\">\n<pre>",
                    query.keyword()
                );
                for l in text::lines(answer) {
                    b.push_str(&esc(&l));
                    b.push('\n');
                }
                b.push_str("</pre>\n");
                let title = svg::title(&run.name, *query, line);
                if let Some(picture) = svg::answer(&title, *query, answer) {
                    t.pictures += 1;
                    let _ = write!(b, "<figure>\n{picture}</figure>\n");
                }
                b.push_str("</div>\n</div>\n");
            }
            Event::ExpectPassed { span, field, value } => {
                t.expectations_held += 1;
                if !in_list {
                    b.push_str("<ul class=\"expects\">\n");
                    in_list = true;
                }
                let _ = writeln!(
                    b,
                    "<li>expect {} {} <span class=\"where\">line {}</span></li>",
                    esc(field),
                    esc(value),
                    file.source.line(span.start())
                );
            }
            Event::Error(d) => {
                if d.code == Code::ExpectFailed {
                    t.expectations_failed += 1;
                } else {
                    t.errors += 1;
                }
                failure(b, file, run, i, d);
            }
        }
    }
    if in_list {
        b.push_str("</ul>\n");
    }
    b.push_str("</article>\n");
}

/// A failure: for a failed expectation, its statement and a table of the
/// value expected against the one the last solve gave (found in the run's
/// events before it); then the diagnostic.
fn failure(b: &mut String, file: &FileRun, run: &ScenarioRun, at: usize, d: &Diag) {
    b.push_str("<div class=\"failure\">\n");
    match failed_expect(d) {
        Some((stmt, field, value, _)) => {
            let got = run.events[..at]
                .iter()
                .rev()
                .find_map(|e| match e {
                    Event::Answer {
                        query: QueryKind::Solve,
                        answer,
                        ..
                    } => Some(answer.field(&field)),
                    _ => None,
                })
                .flatten()
                .map_or_else(|| "(not given)".to_string(), |v| v.to_string());
            let _ = writeln!(
                b,
                "<p>{} expect {} {} <span class=\"where\">line {}</span></p>\n\
                 <table class=\"mismatch\">\n\
                 <tr class=\"expected\"><th>expected</th><td>{}</td></tr>\n\
                 <tr class=\"got\"><th>got</th><td>{}</td></tr>\n</table>",
                badge(false),
                esc(&field),
                esc(&value),
                file.source.line(stmt.start()),
                esc(&value),
                esc(&got),
            );
        }
        None => {
            let _ = writeln!(b, "<p>{} {}</p>", badge(false), esc(&d.message));
        }
    }
    diagnostic(b, file, d);
    b.push_str("</div>\n");
}

/// A diagnostic as `meeple` prints it without colours.
pub(super) fn diagnostic(b: &mut String, file: &FileRun, d: &Diag) {
    let _ = writeln!(
        b,
        "<pre class=\"diag\">{}</pre>",
        esc(render(d, &file.source, false).trim_end())
    );
}
