//! The answers of a script's queries, computed under a budget: the cache
//! behind hover and inlay hints, and the `expect` lines "fill in
//! expectations" inserts after a `solve`.

use super::{Analysis, Diagnostic};
use crate::check::Checked;
use crate::games::{Answer, FieldValue};
use crate::interp::run_scenario;
use crate::interp::Event;
use crate::limits::Limits;
use crate::pipeline::check_text_with;
use crate::source::{SourceFile, Span};
use crate::syntax::ast::{QueryKind, Stmt};
use crate::syntax::dialect::Field;
use std::sync::atomic::Ordering;

/// One query's answer, with where the query is.
#[derive(Clone, Debug)]
pub struct Computed {
    /// The 1-based line of the query.
    pub line: usize,
    /// The query statement's span.
    pub span: Span,
    /// Which query.
    pub query: QueryKind,
    /// Its answer.
    pub answer: Answer,
}

/// The answers of one run of a script, by line: what an editor shows until
/// the next run (after an edit, lines that still hold the same kind of
/// query keep their answer until it is recomputed).
#[derive(Clone, Debug, Default)]
pub struct Answers {
    computed: Vec<Computed>,
    failures: Vec<Diagnostic>,
}

impl Answers {
    /// Run every scenario of `text` within `limits` (each query gets its
    /// own budget; set [`Limits::cancel`] to stop them all) and keep every
    /// answer, and every failed expectation or budget run out (see
    /// [`Answers::failures`]). An invalid script has none; a query that ran
    /// out of budget has none. The cancel flag is also read between
    /// scenarios and between the answers kept: once it is set, the run
    /// stops there and what it found so far is returned.
    pub fn compute(src: &SourceFile, limits: &Limits) -> Answers {
        let Ok(checked) = check_text_with(&src.text, limits) else {
            return Answers::default();
        };
        Answers::run(&checked, src, limits, None)
    }

    /// The answers of `checked` (of the script `src`), of the scenarios
    /// whose names hold `filter` when given.
    fn run(checked: &Checked, src: &SourceFile, limits: &Limits, filter: Option<&str>) -> Answers {
        let cancelled = || {
            limits
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
        };
        let mut answers = Answers::default();
        if cancelled() {
            return answers;
        }
        for (sc, (game, opts)) in checked.file.scenarios.iter().zip(&checked.plans) {
            if filter.is_some_and(|f| !sc.name.node.contains(f)) {
                continue;
            }
            if cancelled() {
                break;
            }
            let run = run_scenario(sc, *game, opts, &checked.defs, limits, &mut |_| Ok(()));
            for event in run.events {
                if cancelled() {
                    break;
                }
                match event {
                    Event::Answer {
                        query,
                        span,
                        answer,
                        ..
                    } => answers.computed.push(Computed {
                        line: src.line(span.start()),
                        span,
                        query,
                        answer,
                    }),
                    Event::Error(d) => answers.failures.push(d.into()),
                    Event::ExpectPassed { .. } => {}
                }
            }
        }
        // File order already; [`Answers::at`] searches by line.
        answers.computed.sort_by_key(|c| c.span.start());
        answers
    }

    /// What went wrong while running: failed expectations
    /// (`meeple::expect::failed`) and queries that ran out of budget.
    pub fn failures(&self) -> &[Diagnostic] {
        &self.failures
    }

    /// The answer of the (first) query on a 1-based line.
    pub fn at(&self, line: usize) -> Option<&Computed> {
        let i = self.computed.partition_point(|c| c.line < line);
        self.computed.get(i).filter(|c| c.line == line)
    }

    /// Every answer, in file order.
    pub fn all(&self) -> &[Computed] {
        &self.computed
    }
}

/// A field's value as `expect` writes it: rationals as exact fractions.
pub(crate) fn field_text(value: &FieldValue) -> String {
    match value {
        FieldValue::Ratio(r) => r.to_string(),
        other => other.to_string(),
    }
}

/// The fields of a `solve` answer worth stating: those that repeat the
/// `answer` field under another name (`moves`, `score`) are left out.
fn stated_fields(answer: &Answer) -> Vec<(Field, String)> {
    let fields = answer.fields();
    let main = answer.field("answer");
    fields
        .into_iter()
        .filter(|(f, v)| *f == Field::Answer || Some(v) != main.as_ref())
        .map(|(f, v)| (f, field_text(&v)))
        .collect()
}

/// A label shown at a place of the script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlayHint {
    /// Where it goes (the end of a `solve`).
    pub offset: usize,
    /// What it says (`answer 4, winner B`).
    pub label: String,
}

/// A text edit: `text` replaces `span` (an empty span: an insertion).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// What is replaced.
    pub span: Span,
    /// The new text.
    pub text: String,
}

impl Analysis {
    /// The `solve` statements of the script, each with its scenario's name.
    fn solves(&self) -> impl Iterator<Item = (&str, Span)> {
        self.file.scenarios.iter().flat_map(|sc| {
            sc.stmts.iter().filter_map(move |s| match &s.node {
                Stmt::Query(q) if q.kind == QueryKind::Solve => {
                    Some((sc.name.node.as_str(), s.span))
                }
                _ => None,
            })
        })
    }

    /// [`Answers::compute`] of this script, from its one parse and check
    /// (the check's tracks built within the default limits, the queries
    /// within `limits`).
    pub fn answers(&self, limits: &Limits) -> Answers {
        match self.checked() {
            Ok(checked) => Answers::run(checked, &self.source, limits, None),
            Err(_) => Answers::default(),
        }
    }

    /// One hint after each `solve` whose answer `answers` holds: its
    /// fields (`answer 4, winner B`).
    pub fn inlay_hints(&self, answers: &Answers) -> Vec<InlayHint> {
        self.solves()
            .filter_map(|(_, span)| {
                let c = answers.at(self.source.line(span.start()))?;
                (c.query == QueryKind::Solve).then(|| InlayHint {
                    offset: span.end(),
                    label: stated_fields(&c.answer)
                        .iter()
                        .map(|(f, v)| format!("{f} {v}"))
                        .collect::<Vec<_>>()
                        .join(", "),
                })
            })
            .collect()
    }

    /// "Fill in expectations": for the `solve` on the line of `offset`, the
    /// `expect` lines of its answer (computed now, within `limits`), to
    /// insert after it; fields the `expect` lines right after it already
    /// check are left out. `None` when there is no `solve` there, the
    /// script is invalid, the solve ran out of budget, or nothing is missing.
    pub fn fill_expectations(&self, offset: usize, limits: &Limits) -> Option<Edit> {
        let (line_start, line_end) = self.line_around(offset);
        let (name, span) = self
            .solves()
            .find(|(_, s)| line_start <= s.start() && s.start() <= line_end)?;
        let sc = self
            .file
            .scenarios
            .iter()
            .find(|s| s.span.start() <= span.start() && span.end() <= s.span.end())?;
        let checked: Vec<&str> = sc
            .stmts
            .iter()
            .skip_while(|s| s.span.start() <= span.start())
            .map_while(|s| match &s.node {
                Stmt::Expect { field, .. } => Some(field.node.as_str()),
                _ => None,
            })
            .collect();
        let valid = self.checked().as_ref().ok()?;
        let answers = Answers::run(valid, &self.source, limits, Some(name));
        let computed = answers.all().iter().find(|c| c.span == span)?;
        let indent: String = self.source.text[line_start..]
            .chars()
            .take_while(|c| *c == ' ' || *c == '\t')
            .collect();
        let text: String = stated_fields(&computed.answer)
            .into_iter()
            .filter(|(f, _)| !checked.contains(&f.name()))
            .map(|(f, v)| format!("\n{indent}expect {f} {v}"))
            .collect();
        (!text.is_empty()).then(|| Edit {
            span: Span::new(line_end, line_end),
            text,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const YUT: &str =
        "scenario \"r\" {\n  game yut\n  board yut\n  dice uniform 1..5 x 2\n  solve\n}\n";

    #[test]
    fn expectations_are_filled_in_exactly_and_then_pass() {
        let doc = Analysis::new(YUT);
        let edit = doc
            .fill_expectations(YUT.find("solve").unwrap(), &Limits::default())
            .unwrap();
        assert_eq!(edit.span.start(), YUT.find("solve").unwrap() + 5);
        // Random dice: the exact expected score, as a fraction.
        assert!(
            edit.text.starts_with("\n  expect expected "),
            "{:?}",
            edit.text
        );
        assert!(
            edit.text.contains('/') && !edit.text.contains('.'),
            "{:?}",
            edit.text
        );
        let mut filled = YUT.to_string();
        filled.insert_str(edit.span.start(), &edit.text);
        let run = crate::run_source("filled.game", &filled);
        assert_eq!(
            run.exit_code(),
            0,
            "{}",
            crate::render::text::file(&run, &Default::default())
        );
        // Nothing left to fill in; nothing on a line without a `solve`.
        let again = Analysis::new(&filled);
        assert_eq!(
            again.fill_expectations(filled.find("solve").unwrap(), &Limits::default()),
            None
        );
        assert_eq!(doc.fill_expectations(0, &Limits::default()), None);
    }

    #[test]
    fn failed_expectations_are_kept_on_their_span() {
        let text = "scenario \"f\" {\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n  solve\n  expect answer 999\n}\n";
        let answers = Answers::compute(&SourceFile::new("t", text), &Limits::default());
        assert_eq!(answers.all().len(), 1);
        let failures = answers.failures();
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert_eq!(failures[0].code, crate::error::Code::ExpectFailed);
        assert_eq!(failures[0].span.start(), text.find("999").unwrap());
    }

    #[test]
    fn a_solve_out_of_budget_has_no_answer_and_no_hint() {
        let limits = Limits {
            max_states: Some(1),
            ..Limits::default()
        };
        let answers = Answers::compute(&SourceFile::new("t", YUT), &limits);
        assert!(answers.all().is_empty());
        assert_eq!(answers.failures()[0].code, crate::error::Code::LimitStates);
        // A run whose document changed is cancelled: no answers either.
        let cancelled = Limits {
            cancel: Some(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
                true,
            ))),
            ..Limits::default()
        };
        let long = YUT.replace("x 2", "x 10");
        let answers = Answers::compute(&SourceFile::new("t", long), &cancelled);
        assert!(answers.all().is_empty());
        // Stopped before its first scenario: not even the solve's
        // `meeple::limit::cancelled`.
        assert!(answers.failures().is_empty(), "{:?}", answers.failures());
        assert!(Analysis::new(YUT).inlay_hints(&answers).is_empty());
        let answers = Answers::compute(&SourceFile::new("t", YUT), &Limits::default());
        let hints = Analysis::new(YUT).inlay_hints(&answers);
        assert_eq!(hints.len(), 1);
        assert_eq!(hints[0].offset, YUT.find("solve").unwrap() + 5);
        assert!(hints[0].label.starts_with("expected "), "{hints:?}");
    }

    /// Issue 28 item 4: what the language server asks of one version of a
    /// document (diagnostics, answers, hints, hover, symbols, completion,
    /// a code action) reads one parse. (Before: `ide::diagnostics`,
    /// `Analysis::new` and `Answers::compute` parsed it three times per
    /// change, and a code action a fourth.)
    #[test]
    fn one_version_of_a_document_is_parsed_once() {
        let text = "scenario \"f\" {\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n  solve\n}\n";
        crate::syntax::parses::take(0);
        let doc = Analysis::new(text);
        assert!(doc.diagnostics().is_empty());
        let answers = doc.answers(&Limits::default());
        assert_eq!(doc.inlay_hints(&answers).len(), 1);
        let solve = text.find("solve").unwrap();
        assert!(doc.hover(solve, &answers).is_some());
        assert_eq!(doc.symbols().len(), 1);
        assert!(!doc
            .completions(text.find("  solve").unwrap() + 2)
            .is_empty());
        assert!(doc.fill_expectations(solve, &Limits::default()).is_some());
        assert!(doc.diagnostics().is_empty());
        assert_eq!(crate::syntax::parses::take(text.len()), 1);
        // The same answers as a fresh parse and check of the text.
        let fresh = Answers::compute(&SourceFile::new("<editor>", text), &Limits::default());
        assert_eq!(crate::syntax::parses::take(text.len()), 1);
        assert_eq!(
            fresh.all().iter().map(|c| c.span).collect::<Vec<_>>(),
            answers.all().iter().map(|c| c.span).collect::<Vec<_>>()
        );
        // A broken version: its errors, from its one parse.
        let broken = text.replace("solve", "solve\n  piece C at");
        let doc = Analysis::new(&broken);
        assert_eq!(doc.diagnostics(), crate::ide::diagnostics(&broken));
        assert!(doc.answers(&Limits::default()).all().is_empty());
        assert_eq!(
            crate::syntax::parses::take(broken.len()),
            2,
            "the analysis's and the fresh one's"
        );
    }

    #[test]
    fn lines_are_found_in_one_scan_not_one_per_answer() {
        // 1,000 scenarios with a solve each: the line of every answer, of
        // every hint and of a hover, found through one line index each.
        let text: String = (0..1000)
            .map(|i| {
                format!(
                    "scenario \"s{i}\" {{\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n  solve\n}}\n"
                )
            })
            .collect();
        crate::source::scanned::take();
        let answers = Answers::compute(&SourceFile::new("t", &*text), &Limits::default());
        let doc = Analysis::new(&text);
        let hints = doc.inlay_hints(&answers);
        let hover = doc.hover(text.rfind("solve").unwrap(), &answers).unwrap();
        let scanned = crate::source::scanned::take();
        assert_eq!(answers.all().len(), 1000);
        assert_eq!(hints.len(), 1000);
        assert_eq!(
            answers.at(7 * 999 + 6).unwrap().span.start(),
            text.rfind("solve").unwrap()
        );
        assert!(hover.markdown.contains("wins"), "{}", hover.markdown);
        // Two scans (the run's index, the analysis's); a scan per answer
        // and per hint (the quadratic loop) was about 1,000 texts' worth.
        assert!(
            scanned <= 3 * text.len(),
            "{scanned} bytes scanned for lines of a text of {} bytes",
            text.len()
        );
    }
}
