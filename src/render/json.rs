//! JSON output: one object per query result, one per line.

use crate::games::{Answer, FieldValue, GameKind};
use crate::render::decimal;
use crate::syntax::ast::QueryKind;
use serde_json::{json, Map, Value};
use std::time::Duration;

/// Where a result came from.
pub struct Origin<'a> {
    pub file: &'a str,
    pub scenario: &'a str,
    pub line: usize,
    pub game: GameKind,
}

/// The JSON object for one query's answer.
pub fn answer(origin: &Origin, query: QueryKind, answer: &Answer, elapsed: Duration) -> Value {
    let mut obj = Map::new();
    obj.insert("file".into(), json!(origin.file));
    obj.insert("scenario".into(), json!(origin.scenario));
    obj.insert("line".into(), json!(origin.line));
    obj.insert("game".into(), json!(origin.game.name()));
    obj.insert("query".into(), json!(query.keyword()));
    for (name, value) in &answer.fields {
        match value {
            FieldValue::Int(n) => obj.insert((*name).into(), crate::games::json_int(*n)),
            FieldValue::Word(w) => obj.insert((*name).into(), json!(w)),
            FieldValue::Ratio(r) => {
                obj.insert(format!("{name}_fraction"), json!(r.to_string()));
                obj.insert((*name).into(), json!(decimal(r, 6)))
            }
        };
    }
    if let Some(detail) = &answer.detail {
        obj.insert("detail".into(), detail.clone());
    }
    obj.insert("text".into(), json!(answer.lines));
    obj.insert(
        "elapsed_ms".into(),
        json!((elapsed.as_secs_f64() * 1000.0 * 1000.0).round() / 1000.0),
    );
    Value::Object(obj)
}

/// The JSON objects of every answer of one scenario, in order.
pub fn scenario_answers(
    file: &str,
    run: &crate::interp::ScenarioRun,
    lines: &super::LineIndex,
) -> Vec<Value> {
    run.events
        .iter()
        .filter_map(|e| match e {
            crate::interp::Event::Answer {
                query,
                span,
                answer,
                elapsed,
            } => {
                let origin = Origin {
                    file,
                    scenario: &run.name,
                    line: lines.line(span.start),
                    game: run.game,
                };
                Some(self::answer(&origin, *query, answer, *elapsed))
            }
            _ => None,
        })
        .collect()
}
