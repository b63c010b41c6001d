//! Footholds behind the one game interface: its answers' text, JSON,
//! pictures and step-through for the front ends.

use super::answer::Answer;
use super::rules::Position;
use super::search::SearchError;
use crate::budget::Budget;
use crate::error::{Code, Diag};
use crate::games::answer::{Answer as AnyAnswer, FieldValue, GameAnswer};
use crate::games::judge_position::{GamePosition, JudgePosition, FOOTHOLDS_PROBLEM};
use crate::games::GameKind;
use crate::games::{limit_diag, NotInstance};
use crate::syntax::ast::Span;
use crate::syntax::dialect::Field;
use std::any::Any;

impl GameAnswer for Answer {
    fn game(&self) -> GameKind {
        GameKind::Footholds
    }

    fn fields(&self) -> Vec<(Field, FieldValue)> {
        Answer::fields(self)
    }

    fn lines(&self) -> Vec<String> {
        super::text::lines(self)
    }

    fn detail(&self) -> Option<serde_json::Value> {
        super::json::detail(self)
    }

    fn picture(&self, title: &str) -> Option<String> {
        super::picture::picture(title, self)
    }

    fn frames(&self) -> Option<Vec<(String, AnyAnswer)>> {
        super::steps::frames(self)
    }

    fn held_bytes(&self) -> u64 {
        Answer::held_bytes(self)
    }

    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl GamePosition for Position {
    fn game(&self) -> GameKind {
        GameKind::Footholds
    }

    fn instance(&self) -> Result<(), NotInstance> {
        super::judge::instance(self)
    }

    fn problem(&self) -> &'static str {
        FOOTHOLDS_PROBLEM
    }

    fn input(&self) -> String {
        super::judge::write(self)
    }

    fn answer(&self, budget: &Budget, span: Span) -> Result<String, Diag> {
        match super::search::solve(self, budget) {
            Ok(v) => Ok(super::judge::answer_line(v.moves)),
            Err(SearchError::Limit(h)) => Err(limit_diag(h, span)),
            Err(SearchError::TooLarge { footholds, max }) => Err(Diag::new(
                Code::BoardTooLarge,
                format!("{footholds} footholds are in play; the solver handles at most {max}"),
            )
            .label(span, "too many footholds for an exact solve")
            .help(format!(
                "export boards with at most {max} footholds reachable by the players"
            ))),
        }
    }

    fn rules(&self) -> String {
        String::new()
    }

    fn shrink(&self) -> Vec<JudgePosition> {
        super::shrink::candidates(self)
            .into_iter()
            .map(JudgePosition::new)
            .collect()
    }

    fn same(&self, other: &dyn GamePosition) -> bool {
        other.as_any().downcast_ref::<Position>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
