//! `expect FIELD VALUE`: comparing a written value with a solve's field.

use crate::error::{Code, Diag};
use crate::games::FieldValue;
use crate::render::decimal;
use crate::syntax::ast::{ExpectValue, Span, Spanned};
use num_bigint::BigInt;
use num_rational::BigRational;

/// Does the written value match the actual field? Numbers compare as
/// numbers; a rational compares exactly with a fraction and to 6 decimal
/// places with a decimal.
pub fn matches(actual: &FieldValue, expected: &ExpectValue) -> bool {
    match (actual, expected) {
        (FieldValue::Int(n), ExpectValue::Number(s)) => s.parse::<i128>().is_ok_and(|e| e == *n),
        (FieldValue::Word(w), ExpectValue::Word(e)) => w == e,
        (FieldValue::Word(w), ExpectValue::Number(e)) => w == e,
        (FieldValue::Ratio(r), ExpectValue::Number(s)) => match parse_fraction(s) {
            Some(f) => &f == r,
            None => decimal(r, 6) == normalise_decimal(s),
        },
        _ => false,
    }
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

/// A written decimal rounded to 6 places, in the form `decimal` prints.
fn normalise_decimal(s: &str) -> String {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    let digits = format!("{int}{frac}");
    let Ok(num) = digits.parse::<BigInt>() else {
        return s.to_string();
    };
    let den = num_traits::pow(BigInt::from(10), frac.len());
    let r = BigRational::new(if neg { -num } else { num }, den);
    decimal(&r, 6)
}

/// Check one expectation against the last solve's fields.
pub fn judge(
    last: Option<&[(&'static str, FieldValue)]>,
    field: &Spanned<String>,
    value: &Spanned<ExpectValue>,
    span: Span,
) -> Result<(), Diag> {
    let actual = last.and_then(|fs| fs.iter().find(|(n, _)| *n == field.node));
    match actual {
        Some((_, a)) if matches(a, &value.node) => Ok(()),
        Some((_, a)) => Err(Diag::new(
            Code::ExpectFailed,
            format!("expected {} {}, but solve gave {a}", field.node, value.node),
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
    }
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
}
