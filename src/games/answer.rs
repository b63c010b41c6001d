//! Typed answers: what every query of every game returns.
//!
//! Each game has its own answer type (`footholds::Answer`, …), a value
//! with `#[derive(Serialize)]`; [`Answer`] holds one of them. The text and
//! JSON that users read are rendered from these values in
//! [`crate::render`], and `expect` reads their [`fields`](Answer::fields).

use super::{footholds, stacking, yut};
use crate::syntax::dialect::Field;
use num_rational::BigRational;
use serde::{Serialize, Serializer};
use std::fmt;

/// The answer to one query, typed by game.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// A footholds answer.
    Footholds(footholds::Answer),
    /// A yut answer.
    Yut(yut::Answer),
    /// A stacking answer.
    Stacking(stacking::Answer),
}

impl Answer {
    /// The `solve` fields that `expect` can check, in the dialect's order
    /// (empty for the other queries).
    pub fn fields(&self) -> Vec<(Field, FieldValue)> {
        match self {
            Answer::Footholds(a) => a.fields(),
            Answer::Yut(a) => a.fields(),
            Answer::Stacking(a) => a.fields(),
        }
    }

    /// About how many bytes of memory the answer keeps beyond its own size:
    /// its boards (a footholds `line` keeps the board after every move, a
    /// stacking `line` its stacks after every turn). A run counts it with
    /// the text it prints against `--memory`
    /// ([`Output`](crate::budget::Output)); yut answers keep about as
    /// much as they print and count 0 here.
    pub fn held_bytes(&self) -> u64 {
        match self {
            Answer::Footholds(a) => a.held_bytes(),
            Answer::Yut(_) => 0,
            Answer::Stacking(a) => a.held_bytes(),
        }
    }

    /// One field, by its name in scripts (`answer`, `winner`, …).
    pub fn field(&self, name: &str) -> Option<FieldValue> {
        let wanted = Field::from_name(name)?;
        self.fields()
            .into_iter()
            .find(|(f, _)| *f == wanted)
            .map(|(_, v)| v)
    }
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
}

impl fmt::Display for FieldValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldValue::Int(n) => write!(f, "{n}"),
            FieldValue::Word(w) => f.write_str(w),
            FieldValue::Ratio(r) => f.write_str(&super::decimal::decimal(r, 6)),
        }
    }
}

impl Serialize for FieldValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            FieldValue::Int(n) => json_int(*n).serialize(s),
            FieldValue::Word(w) => s.serialize_str(w),
            FieldValue::Ratio(r) => s.serialize_str(&r.to_string()),
        }
    }
}

/// An exact integer as JSON: a number when it fits `i64`, else its digits
/// as a string (JSON readers lose precision past 2^53 anyway).
pub fn json_int(n: i128) -> serde_json::Value {
    match i64::try_from(n) {
        Ok(v) => serde_json::Value::from(v),
        Err(_) => serde_json::Value::from(n.to_string()),
    }
}
