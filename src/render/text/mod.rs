//! Human output: one block per query, headed by the scenario's name.

use crate::budget::Bound;
use crate::games::Answer;
use crate::source::line_of;
use crate::syntax::ast::QueryKind;

mod file;

pub use file::{diagnostics, file, scenario};

/// The block for one query's answer.
pub(crate) fn answer(scenario: &str, query: QueryKind, line: usize, answer: &Answer) -> String {
    answer_at(scenario, query, &format!("line {line}"), answer)
}

/// `answer` with its place in words (`line 12`; `input 3` in the REPL).
pub fn answer_at(scenario: &str, query: QueryKind, place: &str, answer: &Answer) -> String {
    let mut out = format!("== {scenario} · {} ({place}) ==\n", query.keyword());
    for l in &lines(answer) {
        out.push_str(l);
        out.push('\n');
    }
    out
}

/// The human lines of an answer.
pub fn lines(answer: &Answer) -> Vec<String> {
    answer.inner().lines()
}

/// The line for an expectation that held.
pub fn expect_passed(field: &str, value: &str, text: &str, offset: usize) -> String {
    expect_passed_at(field, value, line_of(text, offset))
}

/// [`expect_passed`] for an expectation on `line`.
pub(crate) fn expect_passed_at(field: &str, value: &str, line: usize) -> String {
    expect_passed_place(field, value, &format!("line {line}"))
}

/// [`expect_passed`] with its place in words.
pub fn expect_passed_place(field: &str, value: &str, place: &str) -> String {
    format!("ok: expect {field} {value} ({place})\n")
}

/// A scenario name (or any script text) as human output shows it: control
/// characters — a terminal escape, a carriage return — are written as
/// escapes (`\u{1b}`), so a name cannot drive the terminal.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

/// A solve's best bound so far, as the progress line shows it
/// (`mover wins in ≤ 61`, `turn 4096, no stack high enough yet`).
/// The words are `Bound`'s `Display`, which a `--timeout` stop's
/// diagnostic (made in `games`, below this layer) uses too.
pub fn bound(b: &Bound) -> String {
    b.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_worded_for_the_progress_line() {
        let cases = [
            (Bound::WinsWithin(5), "mover wins in ≤ 5"),
            (Bound::LosesAfter(8), "mover loses after ≥ 8"),
            (Bound::WinsOrLosesAfter(8), "mover wins, or loses after ≥ 8"),
            (Bound::LosesOrWinsIn(5), "mover loses, or wins in ≥ 5"),
            (
                Bound::NoStackBy(4096),
                "turn 4096, no stack high enough yet",
            ),
            (
                Bound::NoEndBy(7280639),
                "turn 7280639, the game has not ended yet",
            ),
        ];
        for (b, words) in cases {
            assert_eq!(bound(&b), words);
        }
    }
}
