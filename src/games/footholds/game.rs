//! Footholds behind the one game interface: its answers' text, JSON,
//! pictures and step-through for the front ends.

use super::answer::Answer;
use super::rules::Position;
use super::search::SearchError;
use crate::budget::Budget;
use crate::error::{Code, Diag};
use crate::games::answer::game_answer;
use crate::games::judge_position::{position_common, GamePosition, FOOTHOLDS_PROBLEM};
use crate::games::GameKind;
use crate::games::{limit_diag, NotInstance};
use crate::syntax::ast::Span;

game_answer!(Answer, GameKind::Footholds, held: |a| a.held_bytes());

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

    position_common!(Position);
}

/// Footholds in the registry ([`crate::games::game`]).
pub struct Footholds;

impl crate::games::Game for Footholds {
    fn kind(&self) -> GameKind {
        GameKind::Footholds
    }

    fn session(&self, opts: &crate::games::Options) -> Box<dyn crate::games::Session> {
        Box::new(crate::games::typed::Typed(super::session::Footholds::new(
            opts,
        )))
    }

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
