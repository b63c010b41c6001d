//! `--where` conditions: `answer >= 20`, `winner = B`, `cycle = yes`,
//! `turn = none`, read into a typed test on a solve's fields.

use super::OptionError;
use crate::error::Code;
use crate::games::{game, FieldValue, GameKind};
use crate::syntax::dialect::Field;
use crate::syntax::dialect::{did_you_mean, ValueKind};
use std::cmp::Ordering;
use std::fmt;

/// A comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `=` (or `==`).
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
}

impl Op {
    /// As written.
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Eq => "=",
            Op::Ne => "!=",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
        }
    }

    fn holds(self, o: Ordering) -> bool {
        match self {
            Op::Eq => o.is_eq(),
            Op::Ne => o.is_ne(),
            Op::Lt => o.is_lt(),
            Op::Le => o.is_le(),
            Op::Gt => o.is_gt(),
            Op::Ge => o.is_ge(),
        }
    }
}

/// The value a condition compares with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A whole number.
    Int(i128),
    /// A word (`A`, `yes`, `none`).
    Word(String),
    /// A decimal or a fraction (`97.5`, `7/2`), for an expectation.
    Ratio(num_rational::BigRational),
}

/// One `--where` condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    /// The solve field's name.
    pub field: String,
    /// The comparison.
    pub op: Op,
    /// The value.
    pub value: Value,
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = match &self.value {
            Value::Int(n) => n.to_string(),
            Value::Word(w) => w.clone(),
            Value::Ratio(r) if r.is_integer() => r.to_integer().to_string(),
            Value::Ratio(r) => r.to_string(),
        };
        write!(f, "{} {} {v}", self.field, self.op.symbol())
    }
}

/// The fields a generated case's `solve` gives (yut's dice are known, so
/// no `expected`), from the game ([`crate::games::Game::gen_fields`]).
pub fn fields(kind: GameKind) -> Vec<&'static str> {
    game(kind).gen_fields()
}

impl Condition {
    /// Read a condition on `game`'s solve fields.
    pub fn parse(kind: GameKind, text: &str) -> Result<Condition, OptionError> {
        let g = game(kind);
        Condition::parse_on(
            kind.name(),
            &g.gen_fields(),
            &|n| g.field_kind(n),
            false,
            text,
        )
    }

    /// Read a condition on the fields of a rules block's objective
    /// ([`Objective::fields`](crate::syntax::rules::Objective::fields)).
    pub fn parse_rules(
        game: &str,
        objective: &crate::syntax::rules::Objective,
        text: &str,
    ) -> Result<Condition, OptionError> {
        // A list field (`printed`) has no order to compare: not a field
        // `--where` knows.
        let known: Vec<&str> = objective
            .fields()
            .iter()
            .filter(|f| **f != Field::Printed)
            .map(|f| f.name())
            .collect();
        // A rules game's words (its players' names, …) are its own: any
        // word compares.
        let kind = |_: &str| Some(ValueKind::Whole);
        Condition::parse_on(game, &known, &kind, true, text)
    }

    fn parse_on(
        game_name: &str,
        known: &[&str],
        field_kind: &dyn Fn(&str) -> Option<ValueKind>,
        any_word: bool,
        text: &str,
    ) -> Result<Condition, OptionError> {
        let err = |message: String, label: &str, help: String, at: (usize, usize)| {
            let mut e =
                OptionError::new("--where", text, Code::GenWhere, message, label, help, false);
            e.narrow(at.0, at.1);
            e
        };
        let start = text.len() - text.trim_start().len();
        let name_end = text[start..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(text.len(), |i| start + i);
        let name = &text[start..name_end];
        if name.is_empty() {
            return Err(err(
                format!("`{text}` is not a condition"),
                "a field name expected",
                format!(
                    "write FIELD OP VALUE, e.g. `answer >= 5`; {} fields: {}",
                    game_name,
                    known.join(", ")
                ),
                (start, text.len()),
            ));
        }
        if !known.contains(&name) {
            let hint = did_you_mean(name, known.iter().copied())
                .map_or(String::new(), |h| format!("{h} "));
            return Err(err(
                format!("{game_name} solves have no field `{name}`"),
                "unknown field",
                format!("{hint}{game_name} fields: {}", known.join(", ")),
                (start, name_end),
            ));
        }
        let kind_of = field_kind(name).expect("a field of the game");
        let rest = &text[name_end..];
        let op_start = name_end + (rest.len() - rest.trim_start().len());
        let ops = [
            ("==", Op::Eq),
            ("!=", Op::Ne),
            ("<=", Op::Le),
            (">=", Op::Ge),
            ("=", Op::Eq),
            ("<", Op::Lt),
            (">", Op::Gt),
        ];
        let after = &text[op_start..];
        let Some((sym, op)) = ops.iter().find(|(s, _)| after.starts_with(s)) else {
            return Err(err(
                format!("`{text}` has no comparison after `{name}`"),
                "an operator expected",
                "the operators are = != < <= > >=, e.g. `answer >= 5`".into(),
                (op_start, text.len().max(op_start)),
            ));
        };
        let v_start = op_start + sym.len();
        let raw = text[v_start..].trim();
        let v_at = (
            v_start + (text[v_start..].len() - text[v_start..].trim_start().len()),
            text.trim_end().len().max(v_start),
        );
        let takes = kind_of.describe();
        let bad_value = || {
            err(
                format!("`{name}` takes {takes}, not `{raw}`"),
                "wrong kind of value",
                format!("e.g. `{}`", example(name, kind_of)),
                v_at,
            )
        };
        let number = crate::games::parse_number(raw, true);
        let value = match raw.parse::<i128>() {
            Ok(n) => match kind_of {
                ValueKind::Words(_) => return Err(bad_value()),
                _ => Value::Int(n),
            },
            Err(_) if number.is_some() && !matches!(kind_of, ValueKind::Words(_)) => {
                Value::Ratio(number.expect("a number"))
            }
            Err(_) => match kind_of {
                ValueKind::Words(ws) | ValueKind::WholeOr(ws) if ws.contains(&raw) => {
                    Value::Word(raw.to_string())
                }
                _ if any_word && !raw.is_empty() && !raw.contains(char::is_whitespace) => {
                    Value::Word(raw.to_string())
                }
                _ => return Err(bad_value()),
            },
        };
        if matches!(value, Value::Word(_)) && !matches!(op, Op::Eq | Op::Ne) {
            return Err(err(
                format!("`{raw}` is a word: only = and != compare it"),
                "no order on words",
                format!("write `{name} = {raw}` or `{name} != {raw}`"),
                (op_start, v_start),
            ));
        }
        Ok(Condition {
            field: name.to_string(),
            op: *op,
            value,
        })
    }

    /// Whether the condition holds on a solve's fields, as a judge's
    /// answer line reads them ([`crate::games::judge_field`]: with random
    /// dice, `answer` is the exact expectation, compared as a number). A
    /// number compared with a word (`turn > 5` when the turn is `none`)
    /// holds only for `!=`.
    pub fn holds(&self, fields: &[(Field, FieldValue)]) -> bool {
        let Some(got) = crate::games::judge_field(fields, &self.field) else {
            return false;
        };
        let exact = |n: i128| num_rational::BigRational::from_integer(n.into());
        let order = match (&got, &self.value) {
            (FieldValue::Int(a), Value::Int(b)) => Some(a.cmp(b)),
            (FieldValue::Int(a), Value::Ratio(b)) => Some(exact(*a).cmp(b)),
            (FieldValue::Ratio(a), Value::Int(b)) => Some(a.cmp(&exact(*b))),
            (FieldValue::Ratio(a), Value::Ratio(b)) => Some(a.cmp(b)),
            (FieldValue::Word(a), Value::Word(b)) => (a == b).then_some(Ordering::Equal),
            _ => None,
        };
        match order {
            Some(o) => self.op.holds(o),
            None => self.op == Op::Ne,
        }
    }
}

fn example(field: &str, kind: ValueKind) -> String {
    match kind {
        ValueKind::Words(ws) | ValueKind::WholeOr(ws) => format!("{field} = {}", ws[0]),
        _ => format!("{field} >= 5"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(game: GameKind, text: &str) -> Result<Condition, OptionError> {
        Condition::parse(game, text)
    }

    #[test]
    fn conditions_read_and_hold() {
        let c = parse(GameKind::Footholds, "answer >= 20").unwrap();
        assert_eq!(
            (c.field.as_str(), c.op, c.value.clone()),
            ("answer", Op::Ge, Value::Int(20))
        );
        assert!(c.holds(&[(Field::Answer, FieldValue::Int(20))]));
        assert!(!c.holds(&[(Field::Answer, FieldValue::Int(19))]));
        let w = parse(GameKind::Footholds, "winner=B").unwrap();
        assert!(w.holds(&[(Field::Winner, FieldValue::Word("B".into()))]));
        assert!(!w.holds(&[(Field::Winner, FieldValue::Word("A".into()))]));
        let t = parse(GameKind::Stacking, " turn = none ").unwrap();
        assert_eq!(t.to_string(), "turn = none");
        assert!(t.holds(&[(Field::Turn, FieldValue::Word("none".into()))]));
        let gt = parse(GameKind::Stacking, "turn > 5").unwrap();
        assert!(!gt.holds(&[(Field::Turn, FieldValue::Word("none".into()))]));
        assert!(parse(GameKind::Stacking, "turn != 5")
            .unwrap()
            .holds(&[(Field::Turn, FieldValue::Word("none".into()))]));
        assert!(parse(GameKind::Stacking, "cycle = yes").is_ok());
    }

    #[test]
    fn an_expectation_compares_as_a_number() {
        let objective = crate::syntax::rules::Objective::MaxScore;
        let on = |text: &str| Condition::parse_rules("onedie", &objective, text).unwrap();
        let r = |n: i64, d: i64| num_rational::BigRational::new(n.into(), d.into());
        let dice = [(Field::Expected, FieldValue::Ratio(r(195, 2)))];
        // `expected` and, with random dice, `answer`: the expectation 97.5.
        assert!(on("expected >= 2").holds(&dice));
        assert!(on("answer >= 10").holds(&dice));
        assert!(on("expected = 97.5").holds(&dice));
        assert!(on("score = 195/2").holds(&dice));
        assert!(!on("expected > 97.5").holds(&dice));
        assert_eq!(on("expected > 97.5").to_string(), "expected > 195/2");
        // A start that rolls no die: `expected` is its plain score.
        let plain = [
            (Field::Answer, FieldValue::Int(4)),
            (Field::Score, FieldValue::Int(4)),
        ];
        assert!(on("expected = 4").holds(&plain));
        assert!(on("answer < 4.5").holds(&plain));
    }

    #[test]
    fn bad_conditions_point_at_what_is_wrong() {
        let e = parse(GameKind::Footholds, "answr >= 2").unwrap_err();
        assert_eq!(e.diag.code, Code::GenWhere);
        assert_eq!(e.diag.span().map(|s| (s.start(), s.end())), Some((8, 13)));
        assert!(e
            .diag
            .help
            .as_deref()
            .unwrap()
            .contains("did you mean `answer`?"));
        let e = parse(GameKind::Yut, "expected > 3").unwrap_err();
        assert!(e.diag.message.contains("no field `expected`"));
        let e = parse(GameKind::Footholds, "winner = C").unwrap_err();
        assert!(
            e.diag.message.contains("takes A or B"),
            "{}",
            e.diag.message
        );
        let e = parse(GameKind::Footholds, "winner > A").unwrap_err();
        assert!(e.diag.message.contains("only = and !="));
        let e = parse(GameKind::Footholds, "answer ~ 3").unwrap_err();
        assert!(e.diag.message.contains("no comparison"));
        assert!(parse(GameKind::Footholds, "answer = x").is_err());
        assert!(parse(GameKind::Footholds, "").is_err());
    }
}
