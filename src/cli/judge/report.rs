//! What `meeple judge` prints: the failing cases, the shrunk case three
//! ways (judge input, `.game` scenario with its run, expected vs got) and
//! the closing line — as text, or one JSON object a line (`--format json`).

use super::super::out;
use super::contain::Mode;
use super::verdict::Verdict;
use super::{Case, Judged, Shrunk};
use meeple::pipeline::printable;
use serde_json::json;

pub struct Report {
    json: bool,
    /// What a shrunk case's scenario needs before it: the rules block of
    /// `--gen GAME --rules FILE` (empty otherwise).
    prelude: String,
}

impl Report {
    pub fn new(json: bool, prelude: String) -> Report {
        Report { json, prelude }
    }

    /// Case `n` (counted from 1): a JSON object for every case, a text line
    /// for a failing one.
    pub fn case(&mut self, n: usize, case: &Case, j: &Judged) {
        if self.json {
            let mut v = json!({
                "kind": "case",
                "type": "case", // deprecated: `kind`, as every JSON object of meeple
                "case": n,
                "name": case.label,
                "game": case.position.game().to_string(),
                "problem": case.position.problem(),
                "time_ms": j.millis as u64,
            });
            merge(&mut v, j.verdict.json());
            out::out(format!("{v}\n"));
        } else if j.verdict != Verdict::Ac {
            // The program's bytes (stderr, a token) with control
            // characters escaped: they would drive the terminal.
            let mut line = format!(
                "{:<3} case {n}: {}: {}\n",
                j.verdict.kind().as_str(),
                case.label,
                printable(&j.verdict.detail())
            );
            if let Verdict::Re { stderr, .. } = &j.verdict {
                for l in stderr.lines() {
                    line.push_str(&format!("    stderr: {}\n", printable(l)));
                }
            }
            out::out(line);
        }
    }

    /// The smallest failing case found from case `n`.
    pub fn shrunk(&mut self, n: usize, case: &Case, s: &Shrunk, color: bool) {
        let s = &s.inner;
        let (answer, verdict) = &s.failure;
        let name = format!("case {n}, shrunk");
        let mut scenario = meeple::shrink::scenario(&name, &s.position, answer);
        if s.position.game() == meeple::games::GameKind::Rules
            && !self.prelude.is_empty()
            && !scenario.contains(&format!("rules {} {{", s.position.problem()))
        {
            scenario = format!("{}{scenario}", self.prelude);
        }
        let run = meeple::run_source("shrunk.game", &scenario);
        let opts = meeple::render::Options {
            color,
            ..Default::default()
        };
        let shown = meeple::render::text::file(&run, &opts);
        let input = s.position.input();
        if self.json {
            let mut v = json!({
                "kind": "shrunk",
                "type": "shrunk", // deprecated: `kind`, as every JSON object of meeple
                "case": n,
                "name": case.label,
                "input": input,
                "scenario": scenario,
                "run": shown,
                "runs": s.runs,
                "steps": s.steps,
                "exhausted": s.exhausted,
            });
            if let Some(all) = s.all_refused() {
                merge(&mut v, json!({ "refused": s.refused, "refused_why": all }));
            }
            merge(&mut v, verdict.json());
            out::out(format!("{v}\n"));
            return;
        }
        let budget = if s.exhausted {
            " (the budget of runs was spent: a smaller case may fail too)"
        } else {
            ""
        };
        let budget = match s.all_refused() {
            Some(all) => format!("{budget}; {all}"),
            None => budget.to_string(),
        };
        let cases = if s.steps == 1 { "case" } else { "cases" };
        let runs = if s.runs == 1 { "run" } else { "runs" };
        let got = match verdict {
            v @ Verdict::Wa { .. } => printable(&v.detail()).to_string(),
            v => format!(
                "expected {}, got {} ({})",
                answer.trim(),
                v.kind().as_str(),
                printable(&v.detail())
            ),
        };
        out::out(format!(
            "\nshrinking case {n} ({}): {} smaller failing {cases} in {} program {runs}{budget}\n\
             --- the smallest failing case: judge input ---\n{input}\
             --- as a scenario ---\n{scenario}\
             --- its run: the optimal play ---\n{}\
             --- expected vs got ---\n{got}\n\n",
            verdict.kind().as_str(),
            s.steps,
            s.runs,
            super::cut::cut_line(&shown, super::cut::KEPT_MOVES),
        ));
    }

    /// The closing line (text) or object (JSON, with how runs were
    /// contained): the counts and the slowest case with its time.
    pub fn summary(&mut self, s: &Summary) {
        if self.json {
            let mut v = json!({
                "kind": "summary",
                "type": "summary", // deprecated: `kind`, as every JSON object of meeple
                "passed": s.passed,
                "failed": s.failed,
                "contained": s.contain.as_str(),
            });
            if s.not_run > 0 {
                merge(&mut v, json!({ "not_run": s.not_run }));
            }
            if let Some((n, label, ms)) = s.slowest {
                merge(
                    &mut v,
                    json!({ "slowest_case": n, "slowest_name": label, "slowest_ms": ms as u64 }),
                );
            }
            out::out(format!("{v}\n"));
        } else {
            let mut line = format!("{} passed, {} failed", s.passed, s.failed);
            if s.not_run > 0 {
                line.push_str(&format!(", {} not run (--stop-on-fail)", s.not_run));
            }
            if let Some((n, label, ms)) = s.slowest {
                line.push_str(&format!(
                    "; slowest: case {n} ({}) in {ms} ms",
                    printable(label)
                ));
            }
            out::out(format!("{line}\n"));
        }
    }
}

/// What the closing line says.
pub struct Summary<'a> {
    pub passed: usize,
    pub failed: usize,
    /// Cases `--stop-on-fail` left unrun.
    pub not_run: usize,
    /// The slowest case run: its number, name and milliseconds.
    pub slowest: Option<(usize, &'a str, u128)>,
    pub contain: Mode,
}

/// `extra`'s fields added to the object `v`.
fn merge(v: &mut serde_json::Value, extra: serde_json::Value) {
    if let (Some(o), serde_json::Value::Object(e)) = (v.as_object_mut(), extra) {
        o.extend(e);
    }
}
