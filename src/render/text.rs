//! Human output: one block per query, headed by the scenario's name.

use super::line_of;
use crate::games::Answer;
use crate::syntax::ast::QueryKind;

/// The block for one query's answer.
pub fn answer(scenario: &str, query: QueryKind, line: usize, answer: &Answer) -> String {
    let mut out = format!("== {scenario} · {} (line {line}) ==\n", query.keyword());
    for l in &answer.lines {
        out.push_str(l);
        out.push('\n');
    }
    out
}

/// The line for an expectation that held.
pub fn expect_passed(field: &str, value: &str, text: &str, offset: usize) -> String {
    expect_passed_at(field, value, line_of(text, offset))
}

/// [`expect_passed`] for an expectation on `line`.
pub fn expect_passed_at(field: &str, value: &str, line: usize) -> String {
    format!("ok: expect {field} {value} (line {line})\n")
}
