//! Stacking behind the one game interface: its answers' text, JSON,
//! pictures and step-through for the front ends.

use super::answer::Answer;
use super::judge::JudgeCase;
use super::rules::{Mover, Sim};
use crate::budget::Budget;
use crate::error::Diag;
use crate::games::answer::game_answer;
use crate::games::judge_position::{position_common, GamePosition};
use crate::games::GameKind;
use crate::games::{limit_diag, NotInstance};
use crate::syntax::ast::Span;

game_answer!(Answer, GameKind::Stacking, held: |a| a.held_bytes());

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

    position_common!(JudgeCase);
}

/// Stacking in the registry ([`crate::games::game`]).
pub struct Stacking;

impl crate::games::Game for Stacking {
    fn kind(&self) -> GameKind {
        GameKind::Stacking
    }

    fn session(&self, opts: &crate::games::Options) -> Box<dyn crate::games::Session> {
        Box::new(crate::games::typed::Typed(super::session::Stacking::new(
            opts,
        )))
    }

    /// BOJ 17837's input (any piece moves: the input cannot say BOJ
    /// 17780's `rule mover bottom`).
    fn read_judge(&self, input: &str) -> Result<crate::games::JudgePosition, crate::error::Diags> {
        super::judge::read(input).map(crate::games::JudgePosition::new)
    }

    fn gen_shape(
        &self,
        args: &[(&str, &str)],
        _: crate::games::LoadTracks,
    ) -> Result<crate::games::Shape, crate::games::OptionError> {
        super::gen::parse(args)
    }
}
