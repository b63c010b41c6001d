//! Test fixtures with cursor markers, as rust-analyzer writes them: a
//! script with `$0` where the cursor is, or `$0` at each end of a range.

use crate::source::Span;

/// The marker.
const MARK: &str = "$0";

/// The text without its markers, and the offset of each, in order.
fn marks(fixture: &str) -> (String, Vec<usize>) {
    let mut text = String::with_capacity(fixture.len());
    let mut at = Vec::new();
    for (i, part) in fixture.split(MARK).enumerate() {
        if i > 0 {
            at.push(text.len());
        }
        text.push_str(part);
    }
    (text, at)
}

/// The text of a fixture with one `$0`, and the cursor's byte offset.
pub(crate) fn cursor(fixture: &str) -> (String, usize) {
    let (text, at) = marks(fixture);
    assert_eq!(at.len(), 1, "one $0 in {fixture:?}");
    (text, at[0])
}

/// The text of a fixture with `$0` at each end of one or more ranges, and
/// the ranges.
pub(crate) fn ranges(fixture: &str) -> (String, Vec<Span>) {
    let (text, at) = marks(fixture);
    assert!(
        !at.is_empty() && at.len().is_multiple_of(2),
        "pairs of $0 in {fixture:?}"
    );
    let spans = at.chunks(2).map(|p| Span::new(p[0], p[1])).collect();
    (text, spans)
}

/// The labels completed at the fixture's `$0`.
pub(crate) fn labels(fixture: &str) -> Vec<String> {
    let (text, at) = cursor(fixture);
    crate::ide::Analysis::new(&text)
        .completions(at)
        .into_iter()
        .map(|c| c.label)
        .collect()
}

#[test]
fn markers_are_stripped_and_placed() {
    assert_eq!(cursor("ab$0c"), ("abc".to_string(), 2));
    assert_eq!(
        ranges("$0a$0b$0cd$0"),
        ("abcd".to_string(), vec![Span::new(0, 1), Span::new(2, 4)])
    );
}
