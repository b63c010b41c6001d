//! Stacking behind the one game interface: its answers' text, JSON,
//! pictures and step-through for the front ends.

use super::answer::Answer;
use super::judge::JudgeCase;
use super::rules::{Mover, Sim};
use crate::budget::Budget;
use crate::error::Diag;
use crate::games::answer::{Answer as AnyAnswer, FieldValue, GameAnswer};
use crate::games::judge_position::{GamePosition, JudgePosition};
use crate::games::GameKind;
use crate::games::{limit_diag, NotInstance};
use crate::syntax::ast::Span;
use crate::syntax::dialect::Field;
use std::any::Any;

impl GameAnswer for Answer {
    fn game(&self) -> GameKind {
        GameKind::Stacking
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

impl GamePosition for JudgeCase {
    fn game(&self) -> GameKind {
        GameKind::Stacking
    }

    fn instance(&self) -> Result<(), NotInstance> {
        super::judge::instance(self)
    }

    fn problem(&self) -> &'static str {
        super::judge::problem(self)
    }

    fn input(&self) -> String {
        super::judge::write(self)
    }

    fn answer(&self, budget: &Budget, span: Span) -> Result<String, Diag> {
        let lim = |h| limit_diag(h, span);
        self.setup
            .validate()
            .map_err(|e| super::session::unsimulable(e, span))?;
        budget
            .check_memory(Sim::bytes_for(&self.setup))
            .map_err(lim)?;
        let outcome = super::solve::run(&Sim::new(&self.setup), self.limit, budget).map_err(lim)?;
        Ok(super::judge::answer_line(&outcome))
    }

    fn rules(&self) -> String {
        match self.setup.mover {
            Mover::Bottom => "  rule mover bottom\n".to_string(),
            Mover::Any => String::new(),
        }
    }

    fn shrink(&self) -> Vec<JudgePosition> {
        super::shrink::candidates(self)
            .into_iter()
            .map(JudgePosition::new)
            .collect()
    }

    fn same(&self, other: &dyn GamePosition) -> bool {
        other.as_any().downcast_ref::<JudgeCase>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
