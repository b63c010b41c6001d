//! `expect FIELD VALUE`: comparing a written value with a solve's field.

use crate::error::{Code, Diag, Expectation};
use crate::games::{FieldValue, GameKind};
use crate::syntax::ast::{ExpectValue, Span, Spanned};
use crate::syntax::dialect::{self, did_you_mean, Field, ValueKind};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Signed;

/// Does the written value match the actual field? Numbers compare as
/// numbers; a rational compares exactly with a fraction, and a decimal (or
/// whole number) matches it when it lies within half a unit of the sixth
/// decimal place, bounds included: 107.132812 and 107.132813 both match
/// 107.1328125, however it is rounded.
pub(crate) fn matches(actual: &FieldValue, expected: &ExpectValue) -> bool {
    match (actual, expected) {
        (FieldValue::Int(n), ExpectValue::Number(s)) => s.parse::<i128>().is_ok_and(|e| e == *n),
        (FieldValue::Word(w), ExpectValue::Word(e)) => w == e,
        (FieldValue::Word(w), ExpectValue::Number(e)) => w == e,
        (FieldValue::Ratio(r), ExpectValue::Number(s)) => match parse_fraction(s) {
            Some(f) => &f == r,
            None => parse_decimal(s).is_some_and(|v| within_half_micro(&v, r)),
        },
        (FieldValue::List(got), ExpectValue::List(want)) => {
            got.len() == want.len() && got.iter().zip(want).all(|(g, w)| matches(g, w))
        }
        _ => false,
    }
}

/// Whether `n` is written as a whole number (any size: totals are exact,
/// and a number too big for any answer simply does not match).
fn whole(n: &str) -> bool {
    let digits = n.strip_prefix('-').unwrap_or(n);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `a/b` as an exact rational.
fn parse_fraction(s: &str) -> Option<BigRational> {
    let (n, d) = s.split_once('/')?;
    let n: BigInt = n.parse().ok()?;
    let d: BigInt = d.parse().ok()?;
    if d == BigInt::from(0) {
        return None;
    }
    Some(BigRational::new(n, d))
}

/// A written decimal (or whole number) as an exact rational.
fn parse_decimal(s: &str) -> Option<BigRational> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    let num: BigInt = format!("{int}{frac}").parse().ok()?;
    let den = num_traits::pow(BigInt::from(10), frac.len());
    Some(BigRational::new(if neg { -num } else { num }, den))
}

/// |v − exact| ≤ 0.5·10⁻⁶, compared exactly.
fn within_half_micro(v: &BigRational, exact: &BigRational) -> bool {
    let diff = (v - exact).abs() * BigRational::from_integer(BigInt::from(2_000_000));
    diff <= BigRational::from_integer(BigInt::from(1))
}

/// Does `expect FIELD VALUE` name a field of the game's `solve`, with a
/// value of the field's kind? (checked before anything runs) The field,
/// lowered to its [`Field`].
/// A rules game's objective answers only its own fields, and names its
/// winner by the block's players (`rules`: the objective's fields and the
/// players' names).
pub(crate) fn check_value(
    game: GameKind,
    rules: Option<(&[Field], &[String])>,
    field: &Spanned<String>,
    value: &Spanned<ExpectValue>,
) -> Result<Field, Diag> {
    let all = match rules {
        Some((fields, _)) => fields.iter().map(|f| f.name()).collect(),
        None => game.fields(),
    };
    let names = || all.iter().copied();
    let spec = dialect::field(game, &field.node).filter(|s| all.contains(&s.field.name()));
    let Some(spec) = spec else {
        let list = match rules {
            Some(_) => format!("this game's objective answers: {}", all.join(", ")),
            None => format!("{game} fields: {}", all.join(", ")),
        };
        return Err(Diag::new(
            Code::ExpectField,
            format!("`solve` in {game} has no field `{}`", field.node),
        )
        .label(field.span, "unknown field")
        .suggest(dialect::suggest(&field.node, names()))
        .help(match did_you_mean(&field.node, names()) {
            Some(hint) => format!("{hint} {list}"),
            None => list,
        }));
    };
    let mut words: Vec<&str> = match spec.kind {
        ValueKind::WholeOr(w) | ValueKind::Words(w) => w.to_vec(),
        ValueKind::Whole | ValueKind::Exact | ValueKind::Wholes => Vec::new(),
    };
    if let Some((_, players)) = rules {
        // A rules game names its winner by the block's players; a game of
        // fewer than two players has no draw.
        if players.is_empty() {
            words.retain(|w| *w != "draw");
        } else if matches!(spec.field, Field::Answer | Field::Winner) {
            let named = players.iter().map(String::as_str);
            words.splice(0..0, named);
        }
    }
    let fits = match &value.node {
        ExpectValue::Word(w) => words.contains(&w.as_str()),
        ExpectValue::Number(n) => match spec.kind {
            // Any size: totals are exact (i128), and a number too big for
            // any answer simply does not match.
            ValueKind::Whole | ValueKind::WholeOr(_) => whole(n),
            ValueKind::Exact => true,
            ValueKind::Words(_) | ValueKind::Wholes => false,
        },
        ExpectValue::List(items) => {
            spec.kind == ValueKind::Wholes
                && items
                    .iter()
                    .all(|v| matches!(v, ExpectValue::Number(n) if whole(n)))
        }
    };
    if fits {
        return Ok(spec.field);
    }
    let takes = match spec.kind {
        ValueKind::WholeOr(_) if words.is_empty() => ValueKind::Whole.describe(),
        ValueKind::WholeOr(_) => format!("a whole number or {}", dialect::or_list(&words)),
        ValueKind::Words(_) => dialect::or_list(&words),
        kind => kind.describe(),
    };
    let about = match expected_instead(rules, spec.field, &value.node) {
        Some(instead) => instead,
        None => format!("`{}` is {}: write {takes}", spec.field, spec.help),
    };
    let hint = match &value.node {
        // `expect answer "1"`: a string is a word; say to drop the quotes.
        ExpectValue::Word(w) if takes_numbers(spec.kind) && looks_numeric(w) => Some(format!(
            "write the number without quotes: `expect {} {}`.",
            spec.field,
            w.trim()
        )),
        ExpectValue::Word(w) => did_you_mean(w, words.iter().copied()),
        // `expect printed 5`: one value of a list field.
        ExpectValue::Number(n) if spec.kind == ValueKind::Wholes => Some(format!(
            "write the list in brackets: `expect {} [{n}]`.",
            spec.field
        )),
        ExpectValue::Number(_) | ExpectValue::List(_) => None,
    };
    let got = match &value.node {
        ExpectValue::Word(w) if looks_numeric(w) => format!("the string \"{w}\""),
        v => format!("`{v}`"),
    };
    Err(Diag::new(
        Code::ExpectValue,
        format!("`expect {}` takes {takes}, not {got}", spec.field),
    )
    .label(value.span, format!("not {takes}"))
    .suggest(match &value.node {
        ExpectValue::Word(w) if takes_numbers(spec.kind) && looks_numeric(w) => Some(w.trim()),
        ExpectValue::Word(w) => dialect::suggest(w, words.iter().copied()),
        ExpectValue::Number(_) | ExpectValue::List(_) => None,
    })
    .help(match hint {
        Some(hint) => format!("{hint} {about}"),
        None => about,
    }))
}

/// `expect answer 6.666667` (or `score`) on a rules game whose objective
/// answers `expected`: with random dice the expectation is that field, so
/// say how to write it, as the exact fraction when the decimal is one's.
fn expected_instead(
    rules: Option<(&[Field], &[String])>,
    field: Field,
    value: &ExpectValue,
) -> Option<String> {
    let (fields, _) = rules?;
    let ExpectValue::Number(n) = value else {
        return None;
    };
    if !matches!(field, Field::Answer | Field::Score) || !fields.contains(&Field::Expected) {
        return None;
    }
    let exact = parse_fraction(n).or_else(|| parse_decimal(n))?;
    let fraction = simplest_fraction(&exact)
        .map(|f| format!("`expect expected {f}` (the exact fraction) or "))
        .unwrap_or_default();
    Some(format!(
        "with random dice the expectation is the field `expected`: write {fraction}`expect expected {n}` (a decimal matches within half a unit of the 6th place); `{field}` is a whole number, given only without random dice"
    ))
}

/// The fraction with the smallest denominator (at most 10,000) within half
/// a unit of the 6th decimal place of `v`, when it is no whole number
/// (6.666667 → 20/3).
fn simplest_fraction(v: &BigRational) -> Option<String> {
    if v.is_integer() {
        return None;
    }
    (2..=10_000i64).find_map(|q| {
        let q = BigInt::from(q);
        let p = (v * BigRational::from_integer(q.clone()))
            .round()
            .to_integer();
        let f = BigRational::new(p.clone(), q.clone());
        (within_half_micro(v, &f) && f.denom() == &q).then(|| format!("{p}/{q}"))
    })
}

/// Check one expectation against the last solve's fields.
pub(crate) fn judge(
    last: Option<&[(Field, FieldValue)]>,
    field: &Spanned<String>,
    value: &Spanned<ExpectValue>,
    span: Span,
) -> Result<(), Diag> {
    let wanted = Field::from_name(&field.node);
    let actual = last.and_then(|fs| fs.iter().find(|(f, _)| Some(*f) == wanted));
    let failed = match actual {
        Some((_, a)) if matches(a, &value.node) => Ok(()),
        Some((_, a)) => Err(Diag::new(
            Code::ExpectFailed,
            if wanted == Some(Field::Expected) {
                // Not "expected expected 3".
                format!(
                    "expected an expected score of {}, but solve gave {a}",
                    value.node
                )
            } else {
                format!("expected {} {}, but solve gave {a}", field.node, value.node)
            },
        )
        .label(value.span, format!("expected {}", value.node))
        .label(span, format!("actual {} is {a}", field.node))
        .help("fix the expectation if the solver is right, or the position if it is not")),
        None => Err(Diag::new(
            Code::ExpectFailed,
            format!("the last solve gave no field `{}`", field.node),
        )
        .label(field.span, "not in the last result")
        .help("this field appears only for some positions (e.g. `expected` needs random dice)")),
    };
    failed.map_err(|d| {
        d.expectation(Expectation {
            span,
            field: field.node.clone(),
            value: value.node.to_string(),
            actual: actual.map(|(_, a)| a.to_string()),
        })
    })
}

/// Whether a field of this kind takes a number.
fn takes_numbers(kind: ValueKind) -> bool {
    !matches!(kind, ValueKind::Words(_))
}

/// Whether a quoted value reads as a number (`"1"`, `"-1"`, `"2.5"`, `"5/2"`).
fn looks_numeric(w: &str) -> bool {
    let w = w.trim();
    let digits = w.strip_prefix('-').unwrap_or(w);
    digits.starts_with(|c: char| c.is_ascii_digit())
        && digits
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b'/')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(s: &str) -> ExpectValue {
        ExpectValue::Number(s.into())
    }

    #[test]
    fn numbers_words_and_rationals() {
        assert!(matches(&FieldValue::Int(-1), &num("-1")));
        assert!(!matches(&FieldValue::Int(5), &num("4")));
        assert!(matches(
            &FieldValue::Word("A".into()),
            &ExpectValue::Word("A".into())
        ));
        let r = FieldValue::Ratio(BigRational::new(396703182.into(), 1953125.into()));
        assert!(matches(&r, &num("203.112029")));
        assert!(matches(&r, &num("203.1120290")));
        assert!(!matches(&r, &num("203.11203")));
        assert!(matches(&r, &num("396703182/1953125")));
        assert!(!matches(&r, &num("396703181/1953125")));
        assert!(matches(
            &FieldValue::Ratio(BigRational::from_integer(7.into())),
            &num("7")
        ));
    }

    /// Issue 12 item 9: an exact value half-way at the seventh decimal
    /// matches both roundings, and nothing further away.
    #[test]
    fn decimals_within_half_a_unit_of_the_sixth_place() {
        // `rule pieces 1`, `dice uniform 3..4 x 7`: 13713/128 = 107.1328125.
        let r = FieldValue::Ratio(BigRational::new(13713.into(), 128.into()));
        assert!(matches(&r, &num("107.132812")));
        assert!(matches(&r, &num("107.132813")));
        assert!(matches(&r, &num("107.1328125")));
        assert!(!matches(&r, &num("107.132811")));
        assert!(!matches(&r, &num("107.132814")));
        let neg = FieldValue::Ratio(BigRational::new((-13713).into(), 128.into()));
        assert!(matches(&neg, &num("-107.132812")));
        assert!(matches(&neg, &num("-107.132813")));
        assert!(!matches(&neg, &num("107.132812")));
        // Just past the bound on either side.
        let third = FieldValue::Ratio(BigRational::new(1.into(), 3.into()));
        assert!(matches(&third, &num("0.333333")));
        assert!(matches(&third, &num("0.3333338")));
        assert!(!matches(&third, &num("0.3333339")));
        assert!(!matches(&third, &num("0.333332")));
    }
}
