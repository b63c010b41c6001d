//! The JSON `detail` of stacking answers.

use crate::games::stacking::solve::Outcome;
use crate::games::stacking::Answer;
use serde::Serialize;
use serde_json::Value;

/// A `solve` that proved a cycle: `{"cycle_start": 48, "period": 4}`.
#[derive(Serialize)]
struct CycleDetail {
    cycle_start: u64,
    period: u64,
}

/// The detail of a stacking answer: a cycle's start and period; `None`
/// otherwise (the fields and the text say it all).
pub(crate) fn detail(answer: &Answer) -> Option<Value> {
    match answer {
        Answer::Solve(s) => match s.outcome {
            Outcome::Cycle { start, period } => serde_json::to_value(CycleDetail {
                cycle_start: start,
                period,
            })
            .ok(),
            _ => None,
        },
        Answer::Line(_) | Answer::Show(_) | Answer::Empty(_) => None,
    }
}
