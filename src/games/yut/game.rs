//! Yut behind the one game interface: its answers' text, JSON,
//! pictures and step-through for the front ends.

use super::answer::Answer;
use super::judge::Setup;
use crate::budget::Budget;
use crate::error::Diag;
use crate::games::answer::{Answer as AnyAnswer, FieldValue, GameAnswer};
use crate::games::judge_position::{standard, GamePosition, JudgePosition, YUT_PROBLEM};
use crate::games::GameKind;
use crate::games::{limit_diag, NotInstance};
use crate::syntax::ast::Span;
use crate::syntax::dialect::Field;
use std::any::Any;

impl GameAnswer for Answer {
    fn game(&self) -> GameKind {
        GameKind::Yut
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
        0
    }

    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl GamePosition for Setup {
    fn game(&self) -> GameKind {
        GameKind::Yut
    }

    fn instance(&self) -> Result<(), NotInstance> {
        super::judge::instance(self)
    }

    fn problem(&self) -> &'static str {
        YUT_PROBLEM
    }

    fn input(&self) -> String {
        super::judge::write(self)
    }

    fn answer(&self, budget: &Budget, span: Span) -> Result<String, Diag> {
        let track = standard();
        let pieces = vec![track.start(); self.pieces];
        let best = super::best_score(track, &pieces, &self.rolls, budget)
            .map_err(|h| limit_diag(h, span))?;
        Ok(super::judge::answer_line(best))
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
        other.as_any().downcast_ref::<Setup>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
