//! Typed answers: what every query of every game returns.
//!
//! Each game has its own answer type (`footholds::Answer`, …), a value
//! with `#[derive(Serialize)]`; [`Answer`] holds one of them. The text and
//! JSON that users read are rendered from these values in
//! [`crate::render`], and `expect` reads their [`fields`](Answer::fields).

use super::GameKind;
use crate::syntax::dialect::Field;
use num_rational::BigRational;
use serde::{Serialize, Serializer};
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// What every game's answer type gives the front ends: its `expect`
/// fields, its text, JSON and picture, and the positions of a line. A game
/// implements it for its own answer type (`footholds::Answer`, …) in its
/// folder; [`Answer`] carries any of them.
pub trait GameAnswer: fmt::Debug + Send + Sync + 'static {
    /// The game it answers for.
    fn game(&self) -> GameKind;
    /// The `solve` fields that `expect` can check, in the dialect's order
    /// (empty for the other queries).
    fn fields(&self) -> Vec<(Field, FieldValue)>;
    /// The human lines of the answer (`meeple run`).
    fn lines(&self) -> Vec<String>;
    /// The structured part of the JSON answer (`detail`): the line of
    /// play, the analysis, a cycle; `None` when the fields say it all.
    fn detail(&self) -> Option<serde_json::Value>;
    /// The SVG picture, titled `title`; `None` for an answer that draws
    /// nothing (a `solve`).
    fn picture(&self, title: &str) -> Option<String>;
    /// The positions of a `line` answer as `show` answers, each with a
    /// caption (`start`, `move 1: A`, …): the playground's step-through.
    /// `None` for the other answers.
    fn frames(&self) -> Option<Vec<(String, Answer)>>;
    /// About how many bytes of memory the answer keeps beyond its own
    /// size (see [`Answer::held_bytes`]).
    fn held_bytes(&self) -> u64;
    /// The answer as JSON (its `Serialize`).
    fn to_json(&self) -> serde_json::Value;
    /// The answer itself, for a caller that knows its game's type.
    fn as_any(&self) -> &dyn Any;
}

/// `impl GameAnswer for $answer` for a game whose folder holds the usual
/// modules: `text::lines`, `json::detail`, `picture::picture` and
/// `steps::frames`, each taking the game's answer; `held` (a function of
/// the answer) gives [`GameAnswer::held_bytes`].
macro_rules! game_answer {
    ($answer:ty, $kind:expr, held: $held:expr) => {
        impl $crate::games::answer::GameAnswer for $answer {
            fn game(&self) -> $crate::games::GameKind {
                $kind
            }

            fn fields(
                &self,
            ) -> Vec<(
                $crate::syntax::dialect::Field,
                $crate::games::answer::FieldValue,
            )> {
                <$answer>::fields(self)
            }

            fn lines(&self) -> Vec<String> {
                super::text::lines(self)
            }

            fn detail(&self) -> Option<serde_json::Value> {
                super::json::detail(self)
            }

            fn picture(&self, title: &str) -> Option<String> {
                super::picture::picture(title, self)
            }

            fn frames(&self) -> Option<Vec<(String, $crate::games::answer::Answer)>> {
                super::steps::frames(self)
            }

            fn held_bytes(&self) -> u64 {
                let held: fn(&$answer) -> u64 = $held;
                held(self)
            }

            fn to_json(&self) -> serde_json::Value {
                serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
            }

            fn as_any(&self) -> &dyn std::any::Any {
                self
            }
        }
    };
}
pub(crate) use game_answer;

/// The answer to one query, of any game (a cheap clone).
#[derive(Clone)]
pub struct Answer(Arc<dyn GameAnswer>);

impl Answer {
    /// Wrap one game's answer.
    pub fn new(answer: impl GameAnswer) -> Answer {
        Answer(Arc::new(answer))
    }

    /// The game it answers for.
    pub fn game(&self) -> GameKind {
        self.0.game()
    }

    /// The `solve` fields that `expect` can check, in the dialect's order
    /// (empty for the other queries).
    pub fn fields(&self) -> Vec<(Field, FieldValue)> {
        self.0.fields()
    }

    /// About how many bytes of memory the answer keeps beyond its own size:
    /// its boards (a footholds `line` keeps the board after every move, a
    /// stacking `line` its stacks after every turn). A run counts it with
    /// the text it prints against `--memory`
    /// ([`Output`](crate::budget::Output)); yut answers keep about as
    /// much as they print and count 0 here.
    pub fn held_bytes(&self) -> u64 {
        self.0.held_bytes()
    }

    /// One field, by its name in scripts (`answer`, `winner`, …).
    pub fn field(&self, name: &str) -> Option<FieldValue> {
        let wanted = Field::from_name(name)?;
        self.fields()
            .into_iter()
            .find(|(f, _)| *f == wanted)
            .map(|(_, v)| v)
    }

    /// The game's own answer: `Some` when it is a `T`
    /// (`answer.downcast_ref::<footholds::Answer>()`).
    pub fn downcast_ref<T: GameAnswer>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }

    /// The game's side of the answer (its lines, JSON detail, picture,
    /// frames).
    pub fn inner(&self) -> &dyn GameAnswer {
        &*self.0
    }
}

impl fmt::Debug for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Serialize for Answer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.to_json().serialize(s)
    }
}

/// The value of the field `name` of a solve's `fields` as a judge's answer
/// line (`output FIELD`) and `meeple gen --where` read it: the field
/// itself; with random dice, where a score objective gives `expected`
/// alone, `answer` and `score` are that expectation (`meeple run` prints
/// it as `answer 3.000000`); and `expected` of a start that rolls no die
/// is the plain score, as an exact number (`0.000000`). `None`: the solve
/// has no such field.
pub fn judge_field(fields: &[(Field, FieldValue)], name: &str) -> Option<FieldValue> {
    let get = |f: Field| fields.iter().find(|(g, _)| *g == f).map(|(_, v)| v.clone());
    let wanted = Field::from_name(name)?;
    get(wanted).or_else(|| match wanted {
        Field::Answer | Field::Score => get(Field::Expected),
        Field::Expected => match get(Field::Score)? {
            FieldValue::Int(n) => Some(FieldValue::Ratio(BigRational::from_integer(n.into()))),
            _ => None,
        },
        _ => None,
    })
}

/// A field of a `solve` result, which `expect` can check.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldValue {
    /// An exact integer (yut totals can pass the `i64` range).
    Int(i128),
    /// A word (`A`, `draw`, …).
    Word(String),
    /// An exact rational, shown to 6 decimals.
    Ratio(BigRational),
    /// A list of values, in order (`printed`), written `[1, 2, 3]` (the
    /// judge's answer: one value a line).
    List(Vec<FieldValue>),
}

impl fmt::Display for FieldValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldValue::Int(n) => write!(f, "{n}"),
            FieldValue::Word(w) => f.write_str(w),
            FieldValue::Ratio(r) => f.write_str(&super::decimal::decimal(r, 6)),
            FieldValue::List(items) => {
                f.write_str("[")?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str("]")
            }
        }
    }
}

impl Serialize for FieldValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            FieldValue::Int(n) => json_int(*n).serialize(s),
            FieldValue::Word(w) => s.serialize_str(w),
            FieldValue::Ratio(r) => s.serialize_str(&r.to_string()),
            FieldValue::List(items) => items.serialize(s),
        }
    }
}

/// An exact rational as JSON's `"p/q"`, in lowest terms, always with its
/// denominator (`"24/1"` for a whole number): one shape for a reader to
/// split.
pub fn json_fraction(r: &BigRational) -> String {
    format!("{}/{}", r.numer(), r.denom())
}

/// An exact integer as JSON: a number when it fits `i64`, else its digits
/// as a string (JSON readers lose precision past 2^53 anyway).
pub fn json_int(n: i128) -> serde_json::Value {
    match i64::try_from(n) {
        Ok(v) => serde_json::Value::from(v),
        Err(_) => serde_json::Value::from(n.to_string()),
    }
}
