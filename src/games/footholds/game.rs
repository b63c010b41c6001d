//! Footholds behind the one game interface: its answers' text, JSON,
//! pictures and step-through for the front ends.

use super::answer::Answer;
use crate::games::answer::{Answer as AnyAnswer, FieldValue, GameAnswer};
use crate::games::GameKind;
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

    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
