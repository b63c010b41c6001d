//! JSON output: one object per line, each with a `kind`. Every object is a
//! `Serialize` struct here; `docs/json.md` lists their fields (kept true by
//! `tests/it/json.rs`).

use crate::error::Diag;
use crate::games::answer::{json_fraction, json_int};
use crate::games::{Answer, FieldValue, GameKind};
use crate::interp::{Event, FileRun, Outcome, ScenarioRun};
use crate::render::decimal;
use crate::render::text;
use crate::source::SourceFile;
use crate::syntax::ast::{QueryKind, Span};
use serde::Serialize;
use serde_json::{Map, Value};
use std::time::Duration;

/// Where a result came from.
pub struct Origin<'a> {
    /// The script.
    pub(crate) file: &'a str,
    /// The scenario.
    pub(crate) scenario: &'a str,
    /// The line of the query.
    pub(crate) line: usize,
    /// The game.
    pub(crate) game: GameKind,
}

/// Milliseconds with microsecond precision.
pub fn millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// `{"kind":"answer"}`: one query's result.
#[derive(Serialize, Debug)]
pub(crate) struct AnswerObj<'a> {
    pub(crate) kind: &'static str,
    pub(crate) file: &'a str,
    pub(crate) scenario: &'a str,
    pub(crate) line: usize,
    pub(crate) game: &'static str,
    pub(crate) query: &'static str,
    /// The `solve` fields (`answer`, `winner`, `expected` and
    /// `expected_fraction`, …), flattened into the object.
    #[serde(flatten)]
    pub(crate) fields: Map<String, Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) detail: Option<Value>,
    pub(crate) text: Vec<String>,
    pub(crate) elapsed_ms: f64,
    /// The picture's path, with `meeple run --svg DIR`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) svg: Option<String>,
}

/// `{"kind":"expect"}`: one `expect` line's verdict.
#[derive(Serialize, Debug)]
pub(crate) struct ExpectObj<'a> {
    pub(crate) kind: &'static str,
    pub(crate) file: &'a str,
    pub(crate) scenario: &'a str,
    pub(crate) line: usize,
    pub(crate) field: String,
    pub(crate) value: String,
    pub(crate) passed: bool,
    /// A failed expectation: what the last solve gave (`null` when it gave
    /// no such field); absent on one that held (it gave `value`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) actual: Option<Value>,
}

/// A byte range of the script.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpanObj {
    /// The first byte.
    pub(crate) start: usize,
    /// One past the last byte.
    pub(crate) end: usize,
}

/// A diagnostic: code, message, where (line and column are 1-based, the
/// column counted in characters; all `null` when it has no place) and help.
#[derive(Serialize, Debug, Clone)]
pub struct DiagnosticObj {
    /// `"error"` or `"warning"`.
    pub(crate) severity: &'static str,
    /// The code (`meeple::board::ragged`).
    pub(crate) code: &'static str,
    /// The message.
    pub(crate) message: String,
    /// The 1-based line of the primary label.
    pub(crate) line: Option<usize>,
    /// The 1-based column (in characters).
    pub(crate) column: Option<usize>,
    /// The byte span of the primary label.
    pub(crate) span: Option<SpanObj>,
    /// The primary label's text.
    pub(crate) label: Option<String>,
    /// The help line.
    pub(crate) help: Option<String>,
    /// A did-you-mean, machine-readable: the text to put in place of the
    /// primary label's span.
    pub(crate) suggestion: Option<SuggestionObj>,
}

/// `{"replacement": "board", "span": {"start": 40, "end": 44}}`.
#[derive(Serialize, Debug, Clone)]
pub struct SuggestionObj {
    /// The text to write.
    pub(crate) replacement: String,
    /// The bytes it replaces.
    pub(crate) span: SpanObj,
}

impl DiagnosticObj {
    /// The JSON form of `d`, placed in the script `src`.
    pub fn new(d: &Diag, src: &SourceFile) -> DiagnosticObj {
        let primary = d.labels.first();
        let at = primary.map(|(s, _)| src.line_col(s.start()));
        DiagnosticObj {
            severity: d.severity.as_str(),
            code: d.code.as_str(),
            message: d.message.clone(),
            line: at.map(|(l, _)| l),
            column: at.map(|(_, c)| c),
            span: primary.map(|(s, _)| SpanObj {
                start: s.start(),
                end: s.end(),
            }),
            label: primary.map(|(_, t)| t.clone()).filter(|t| !t.is_empty()),
            help: d.help.clone(),
            suggestion: d.suggestion().map(|(s, r)| SuggestionObj {
                replacement: r.to_string(),
                span: SpanObj {
                    start: s.start(),
                    end: s.end(),
                },
            }),
        }
    }
}

/// `{"kind":"diagnostic"}`: an error of a file, or of a scenario (a failed
/// expectation, a limit hit) with `scenario` set.
#[derive(Serialize, Debug)]
pub struct DiagnosticLine<'a> {
    /// Always `"diagnostic"`.
    pub(crate) kind: &'static str,
    /// The script.
    pub(crate) file: &'a str,
    /// The scenario, for a scenario's error.
    pub(crate) scenario: Option<&'a str>,
    #[serde(flatten)]
    /// The diagnostic.
    pub(crate) diagnostic: DiagnosticObj,
}

impl<'a> DiagnosticLine<'a> {
    /// The line for `d` in the script `src` (and `scenario`).
    pub fn new(src: &'a SourceFile, scenario: Option<&'a str>, d: &Diag) -> Self {
        DiagnosticLine {
            kind: "diagnostic",
            file: &src.name,
            scenario,
            diagnostic: DiagnosticObj::new(d, src),
        }
    }
}

/// `{"kind":"check"}`: `meeple check`'s verdict on a file.
#[derive(Serialize, Debug)]
pub struct CheckObj<'a> {
    /// Always `"check"`.
    pub kind: &'static str,
    /// The script.
    pub file: &'a str,
    /// Whether it is valid.
    pub ok: bool,
    /// How many scenarios it has.
    pub scenarios: usize,
    /// How many errors it has.
    pub errors: usize,
}

/// `{"kind":"scenario"}`: `meeple test`'s verdict on a scenario.
#[derive(Serialize, Debug)]
pub struct ScenarioObj<'a> {
    /// Always `"scenario"`.
    pub kind: &'static str,
    /// The script.
    pub file: &'a str,
    /// The scenario.
    pub scenario: &'a str,
    /// The line where it starts.
    pub line: usize,
    /// The game it plays.
    pub game: &'static str,
    /// Whether it passed.
    pub passed: bool,
    /// How many expectations held.
    pub expectations: usize,
    /// What failed.
    pub failures: Vec<DiagnosticObj>,
}

/// `{"kind":"file"}`: `meeple test`'s verdict on a whole file (a script
/// that must be rejected, or one that is invalid).
#[derive(Serialize, Debug)]
pub struct FileObj<'a> {
    /// Always `"file"`.
    pub kind: &'static str,
    /// The script.
    pub file: &'a str,
    /// Whether it passed.
    pub passed: bool,
    /// A short note on the verdict.
    pub note: &'a str,
    /// The codes its `# expect-error:` lines name.
    pub expected_errors: Vec<String>,
    /// What failed.
    pub failures: Vec<DiagnosticObj>,
}

/// `{"kind":"snapshot"}`: `meeple test --snapshots`' verdict on a file's output.
#[derive(Serialize, Debug)]
pub struct SnapshotObj<'a> {
    /// Always `"snapshot"`.
    pub kind: &'static str,
    /// The script.
    pub file: &'a str,
    /// The snapshot file.
    pub snapshot: &'a str,
    /// The pending snapshot, if one was written.
    pub pending: Option<&'a str>,
    /// `same`, `new`, `changed`, …
    pub status: &'a str,
    /// Whether it passed.
    pub passed: bool,
    /// A short note on the verdict.
    pub note: &'a str,
}

/// `{"kind":"summary"}`: the last line of `meeple test`.
#[derive(Serialize, Debug)]
pub struct SummaryObj {
    /// Always `"summary"`.
    pub kind: &'static str,
    /// Scenarios and files that passed.
    pub passed: usize,
    /// Those that failed.
    pub failed: usize,
    /// Files run.
    pub files: usize,
    /// Wall time in milliseconds.
    pub elapsed_ms: f64,
}

/// One object as a JSON line (with its newline).
pub fn line<T: Serialize>(obj: &T) -> String {
    let mut s = serde_json::to_string(obj).unwrap_or_else(|e| unserializable(e).to_string());
    s.push('\n');
    s
}

/// One object as a JSON value: the value of its [`line`].
fn value<T: Serialize>(obj: &T) -> Value {
    serde_json::to_value(obj).unwrap_or_else(unserializable)
}

/// What stands for an object that could not be written.
fn unserializable(e: serde_json::Error) -> Value {
    serde_json::json!({
        "kind": "diagnostic",
        "severity": "error",
        "code": "meeple::io",
        "message": e.to_string(),
    })
}

/// Where a file's JSON objects go: text, one line each, or values.
trait Sink {
    fn put<T: Serialize>(&mut self, obj: &T);
}

impl Sink for String {
    fn put<T: Serialize>(&mut self, obj: &T) {
        self.push_str(&line(obj));
    }
}

impl Sink for Vec<Value> {
    fn put<T: Serialize>(&mut self, obj: &T) {
        self.push(value(obj));
    }
}

/// The `solve` fields of an answer as JSON members.
fn fields(answer: &Answer) -> Map<String, Value> {
    let mut obj = Map::new();
    for (field, value) in answer.fields() {
        let name = field.name();
        match value {
            FieldValue::Int(n) => obj.insert(name.into(), json_int(n)),
            FieldValue::Word(w) => obj.insert((*name).into(), Value::from(w.as_str())),
            FieldValue::Ratio(r) => {
                obj.insert(format!("{name}_fraction"), Value::from(json_fraction(&r)));
                obj.insert(name.into(), Value::from(decimal(&r, 6)))
            }
            FieldValue::List(items) => obj.insert(
                name.into(),
                serde_json::to_value(&items).unwrap_or_default(),
            ),
        };
    }
    obj
}

/// The structured part of an answer (`detail`): the line of play, the
/// analysis, a cycle; `None` when the fields say it all.
pub(crate) fn detail(answer: &Answer) -> Option<Value> {
    answer.inner().detail()
}

/// The JSON object for one query's answer.
pub fn answer(origin: &Origin, query: QueryKind, answer: &Answer, elapsed: Duration) -> Value {
    let obj = answer_obj(origin, query, answer, elapsed);
    serde_json::to_value(&obj).unwrap_or(Value::Null)
}

fn answer_obj<'a>(
    origin: &Origin<'a>,
    query: QueryKind,
    answer: &'a Answer,
    elapsed: Duration,
) -> AnswerObj<'a> {
    AnswerObj {
        kind: "answer",
        file: origin.file,
        scenario: origin.scenario,
        line: origin.line,
        game: origin.game.name(),
        query: query.keyword(),
        fields: fields(answer),
        detail: detail(answer),
        text: text::lines(answer),
        elapsed_ms: millis(elapsed),
        svg: None,
    }
}

/// The JSON objects of every answer of one scenario, in order.
pub fn scenario_answers(src: &SourceFile, run: &ScenarioRun) -> Vec<Value> {
    run.events
        .iter()
        .filter_map(|e| answer_event(src, run, e))
        .map(|obj| serde_json::to_value(&obj).unwrap_or(Value::Null))
        .collect()
}

/// The answer object of an event, if it is an answer.
fn answer_event<'a>(
    src: &'a SourceFile,
    run: &'a ScenarioRun,
    e: &'a Event,
) -> Option<AnswerObj<'a>> {
    let Event::Answer {
        query,
        span,
        answer,
        elapsed,
    } = e
    else {
        return None;
    };
    let origin = Origin {
        file: &src.name,
        scenario: &run.name,
        line: src.line(span.start()),
        game: run.game,
    };
    Some(answer_obj(&origin, *query, answer, *elapsed))
}

/// A failed expectation's statement (its span), field, value and actual
/// value, as its diagnostic carries them (what a passed one's event
/// carries, and what the solve gave); `None` for any other diagnostic.
pub(crate) fn failed_expect(d: &Diag) -> Option<(Span, String, String, Option<String>)> {
    let e = d.expectation.as_deref()?;
    Some((e.span, e.field.clone(), e.value.clone(), e.actual.clone()))
}

/// Every JSON line of a file (see `docs/json.md`): for a file that ran,
/// each scenario's answers, expectations and diagnostics in order, then its
/// warnings; for an invalid file, its diagnostics. `svgs[i][j]` is the path
/// of the picture of scenario `i`'s event `j` ([`svg::files::write_file`](crate::render::svg::files::write_file)),
/// which the answer's `svg` names; `&[]` for none.
pub fn file(run: &FileRun, svgs: &[Vec<Option<String>>]) -> String {
    let mut out = String::new();
    file_into(&mut out, run, svgs);
    out
}

/// The objects of [`file`](fn@file) (without pictures) as values.
pub fn values(run: &FileRun) -> Vec<Value> {
    let mut out = Vec::new();
    file_into(&mut out, run, &[]);
    out
}

/// Every JSON line of one scenario of the script `src`, in order (as
/// [`file`](fn@file) writes them), with the paths of its pictures (`svgs[i]` for
/// event `i`).
pub fn scenario(src: &SourceFile, run: &ScenarioRun, svgs: &[Option<String>]) -> String {
    let mut out = String::new();
    scenario_into(&mut out, src, run, svgs);
    out
}

fn file_into(sink: &mut impl Sink, run: &FileRun, svgs: &[Vec<Option<String>>]) {
    let src = &run.source;
    let file_diags = match &run.outcome {
        Outcome::Ran(runs) => {
            for (i, r) in runs.iter().enumerate() {
                let paths = svgs.get(i).map_or(&[][..], Vec::as_slice);
                scenario_into(sink, src, r, paths);
            }
            &run.warnings
        }
        Outcome::Invalid(diags) => diags,
    };
    for d in file_diags {
        sink.put(&DiagnosticLine::new(src, None, d));
    }
}

/// A scenario's objects: its answers, its expectations (held or not) and
/// its diagnostics (a failed expectation is an `expect` object followed
/// by its `diagnostic`).
fn scenario_into(
    sink: &mut impl Sink,
    src: &SourceFile,
    run: &ScenarioRun,
    svgs: &[Option<String>],
) {
    let file = src.name.as_str();
    for (i, e) in run.events.iter().enumerate() {
        match e {
            Event::Answer { .. } => {
                if let Some(mut obj) = answer_event(src, run, e) {
                    obj.svg = svgs.get(i).cloned().flatten();
                    sink.put(&obj);
                }
            }
            Event::ExpectPassed { span, field, value } => {
                sink.put(&ExpectObj {
                    kind: "expect",
                    file,
                    scenario: &run.name,
                    line: src.line(span.start()),
                    field: field.clone(),
                    value: value.clone(),
                    passed: true,
                    actual: None,
                });
            }
            Event::Error(d) => {
                // A failed expectation labels the value then the statement,
                // or only the field when the solve did not give it.
                if let Some((stmt, field, value, actual)) = failed_expect(d) {
                    sink.put(&ExpectObj {
                        kind: "expect",
                        file,
                        scenario: &run.name,
                        line: src.line(stmt.start()),
                        field,
                        value,
                        passed: false,
                        actual: Some(actual.map_or(Value::Null, Value::from)),
                    });
                }
                sink.put(&DiagnosticLine::new(src, Some(&run.name), d));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// Issue 27 item 16: a failed `expect` with a comment inside the
    /// statement reports its field and value, as a passed one does.
    #[test]
    fn failed_expectations_take_field_and_value_from_the_statement() {
        let src = "scenario \"s\" {\n  game footholds\n  board [[1, 1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 2)\n  solve\n  expect # the winner\n    winner A\n  expect # the answer\n    answer # moves\n    1\n  expect # held\n    answer 2\n}\nscenario \"y\" {\n  game yut\n  board yut\n  dice 1 2\n  solve\n  expect # ratio\n    expected 3\n}\n";
        let run = crate::run_source("c.game", src);
        let lines: Vec<serde_json::Value> = super::values(&run)
            .into_iter()
            .filter(|v: &serde_json::Value| v["kind"] == "expect")
            .collect();
        let got: Vec<(&str, &str, bool, u64)> = lines
            .iter()
            .map(|v| {
                (
                    v["field"].as_str().unwrap(),
                    v["value"].as_str().unwrap(),
                    v["passed"].as_bool().unwrap(),
                    v["line"].as_u64().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("winner", "A", false, 7),
                ("answer", "1", false, 9),
                ("answer", "2", true, 12),
                ("expected", "3", false, 20),
            ]
        );
    }
}
