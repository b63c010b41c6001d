//! A prelude script's answer as its built-in game's: the generic engine's
//! fields, lines and JSON, under the native game's kind, with `solve`
//! counting the whole game as the native solvers do (footholds: `answer`
//! counts the moves played, `moves` those still to come; yut: `answer` and
//! `score` count the score already made).

use crate::games::answer::{FieldValue, GameAnswer};
use crate::games::{Answer, GameKind};
use crate::syntax::dialect::Field;
use std::any::Any;

/// The rules answer of a built-in game run with `--engine rules`.
#[derive(Clone)]
pub(crate) struct PreludeAnswer {
    kind: GameKind,
    inner: Answer,
    fields: Vec<(Field, FieldValue)>,
}

impl PreludeAnswer {
    /// `so_far`: the moves played and the score they made.
    pub(crate) fn new(kind: GameKind, inner: Answer, (moves, score): (u64, i64)) -> PreludeAnswer {
        let add = |v: &FieldValue, n: i128| match v {
            FieldValue::Int(x) => FieldValue::Int(x + n),
            FieldValue::Ratio(r) => {
                FieldValue::Ratio(r + num_rational::BigRational::from_integer(n.into()))
            }
            w => w.clone(),
        };
        let fields = inner
            .fields()
            .into_iter()
            .map(|(f, v)| {
                let v = match (kind, f) {
                    (GameKind::Footholds, Field::Answer) => add(&v, i128::from(moves)),
                    (GameKind::Yut, Field::Answer | Field::Score | Field::Expected) => {
                        add(&v, i128::from(score))
                    }
                    _ => v,
                };
                (f, v)
            })
            .collect();
        PreludeAnswer {
            kind,
            inner,
            fields,
        }
    }
}

impl PreludeAnswer {
    /// The value of a `solve` field.
    pub(crate) fn field(&self, f: Field) -> Option<FieldValue> {
        self.fields
            .iter()
            .find(|(g, _)| *g == f)
            .map(|(_, v)| v.clone())
    }

    /// With field `f` set to `v` (when given).
    pub(crate) fn with(mut self, f: Field, v: Option<FieldValue>) -> PreludeAnswer {
        if let Some(v) = v {
            for (g, w) in &mut self.fields {
                if *g == f {
                    *w = v.clone();
                }
            }
        }
        self
    }
}

impl std::fmt::Debug for PreludeAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (rules engine): {:?}", self.kind, self.inner.inner())
    }
}

impl GameAnswer for PreludeAnswer {
    fn game(&self) -> GameKind {
        self.kind
    }
    fn fields(&self) -> Vec<(Field, FieldValue)> {
        self.fields.clone()
    }
    fn lines(&self) -> Vec<String> {
        let mut lines = self.inner.inner().lines();
        // A cycle proven past the limit (stacking's `cycle`, see the
        // session): the text says so, as the field does (it said "the game
        // has not ended by the limit").
        let cycle = self.field(Field::Cycle);
        if cycle == Some(FieldValue::Word("yes".into())) && self.inner.field("cycle") != cycle {
            if let Some(first) = lines.first_mut() {
                if let Some(at) = first.find(": ") {
                    first.truncate(at + 2);
                    first.push_str(crate::games::rules::answer::NEVER_ENDS);
                }
            }
        }
        // The first line leads with the rules engine's `answer`: the
        // whole game's here, as in the fields.
        let (Some(old), Some(new)) = (self.inner.field("answer"), self.field(Field::Answer)) else {
            return lines;
        };
        if old != new {
            if let Some(first) = lines.first_mut() {
                let from = format!("answer {old}:");
                if let Some(rest) = first.strip_prefix(&from) {
                    *first = format!("answer {new} in all; from here:{rest}");
                }
            }
        }
        lines
    }
    fn detail(&self) -> Option<serde_json::Value> {
        self.inner.inner().detail()
    }
    fn picture(&self, title: &str) -> Option<String> {
        self.inner.inner().picture(title)
    }
    fn frames(&self) -> Option<Vec<(String, Answer)>> {
        self.inner.inner().frames()
    }
    fn held_bytes(&self) -> u64 {
        self.inner.held_bytes()
    }
    fn to_json(&self) -> serde_json::Value {
        let mut j = self.inner.inner().to_json();
        if let Some(m) = j.as_object_mut() {
            for (f, v) in &self.fields {
                m.insert(f.name().into(), crate::games::rules::answer::field_json(v));
            }
        }
        j
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}
