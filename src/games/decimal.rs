//! Exact rationals shown as decimals.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::Signed;

/// An exact rational as a decimal with `places` digits, rounded half away from zero.
pub(crate) fn decimal(r: &BigRational, places: usize) -> String {
    let scale = num_traits::pow(BigInt::from(10), places);
    let scaled = r.abs() * BigRational::from_integer(scale.clone());
    let (q, rem) = scaled.numer().div_rem(scaled.denom());
    let q = if rem * 2 >= *scaled.denom() { q + 1 } else { q };
    let (int, frac) = q.div_rem(&scale);
    let sign = if r.is_negative() && !(int == BigInt::from(0) && frac == BigInt::from(0)) {
        "-"
    } else {
        ""
    };
    if places == 0 {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac:0>places$}")
    }
}

/// A written number as an exact rational: a whole number or a decimal
/// (`3`, `-0.5`, `3.000000`, `.5`, `2.`), or a fraction `p/q` when
/// `fraction` allows it; `None` for anything else (`1e3`, `nan`, `+1`).
pub fn parse(text: &str, fraction: bool) -> Option<BigRational> {
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if let Some((p, q)) = text.split_once('/').filter(|_| fraction) {
        let body = p.strip_prefix('-').unwrap_or(p);
        if body.is_empty() || !digits(body) || q.is_empty() || !digits(q) {
            return None;
        }
        let (p, q): (BigInt, BigInt) = (p.parse().ok()?, q.parse().ok()?);
        return (q != BigInt::from(0)).then(|| BigRational::new(p, q));
    }
    let (neg, body) = match text.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, text),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    if int.len() + frac.len() == 0 || !digits(int) || !digits(frac) {
        return None;
    }
    let num: BigInt = format!("0{int}{frac}").parse().ok()?;
    let den = num_traits::pow(BigInt::from(10), frac.len());
    Some(BigRational::new(if neg { -num } else { num }, den))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_round_half_away_from_zero() {
        let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
        assert_eq!(decimal(&r(396703182, 1953125), 6), "203.112029");
        assert_eq!(decimal(&r(1, 3), 6), "0.333333");
        assert_eq!(decimal(&r(2, 3), 6), "0.666667");
        assert_eq!(decimal(&r(-1, 8), 2), "-0.13");
        assert_eq!(decimal(&r(-1, 1000), 2), "0.00");
        assert_eq!(decimal(&r(7, 1), 0), "7");
    }

    #[test]
    fn written_numbers_read_exactly() {
        let r = |n: i64, d: i64| Some(BigRational::new(n.into(), d.into()));
        assert_eq!(parse("3", false), r(3, 1));
        assert_eq!(parse("3.000000", false), r(3, 1));
        assert_eq!(parse("-0.5", false), r(-1, 2));
        assert_eq!(parse(".25", false), r(1, 4));
        assert_eq!(parse("7/2", true), r(7, 2));
        for bad in [
            "", ".", "-", "1e3", "+1", "1.2.3", "nan", "7/2", "1/0", "3 ",
        ] {
            assert_eq!(parse(bad, bad == "1/0"), None, "{bad}");
        }
    }
}
