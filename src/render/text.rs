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
    format!(
        "ok: expect {field} {value} (line {})\n",
        line_of(text, offset)
    )
}
