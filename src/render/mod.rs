//! Rendering results: human text and JSON lines.

pub mod json;
pub mod text;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::Signed;

/// An exact rational as a decimal with `places` digits, rounded half away from zero.
pub fn decimal(r: &BigRational, places: usize) -> String {
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

/// The 1-based line of a byte offset.
pub fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Line numbers of many offsets into one text: [`line_of`] without
/// rescanning the text for every lookup.
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// The byte offset where each line starts.
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { starts }
    }

    /// The 1-based line of a byte offset, as [`line_of`] gives it.
    pub fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset)
    }

    /// The 1-based line and column (in characters) of a byte offset into
    /// `text`, the text this index was built from.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let line = self.line(offset);
        let start = self.starts[line - 1].min(text.len());
        let end = offset.clamp(start, text.len());
        let column = text
            .get(start..end)
            .map_or(end - start, |s| s.chars().count());
        (line, column + 1)
    }
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
    fn lines_count_from_one() {
        assert_eq!(line_of("a\nb\nc", 0), 1);
        assert_eq!(line_of("a\nb\nc", 2), 2);
        assert_eq!(line_of("a\nb\nc", 99), 3);
    }

    #[test]
    fn line_index_agrees_with_line_of() {
        for text in ["", "a", "\n", "a\nb\nc", "a\n\nbc\n", "x\ny\n\n"] {
            let idx = LineIndex::new(text);
            for off in 0..text.len() + 3 {
                assert_eq!(idx.line(off), line_of(text, off), "{text:?} at {off}");
            }
        }
    }

    #[test]
    fn columns_count_characters_from_one() {
        let text = "ab
→x
";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_col(text, 0), (1, 1));
        assert_eq!(idx.line_col(text, 1), (1, 2));
        assert_eq!(idx.line_col(text, 3), (2, 1));
        assert_eq!(idx.line_col(text, 6), (2, 2));
        assert_eq!(idx.line_col(text, 99), (3, 1));
    }
}
