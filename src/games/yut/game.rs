//! Yut behind the one game interface: its answers' text, JSON,
//! pictures and step-through for the front ends.

use super::answer::Answer;
use super::judge::Setup;
use crate::budget::Budget;
use crate::error::Diag;
use crate::games::answer::game_answer;
use crate::games::judge_position::{position_common, standard, GamePosition, YUT_PROBLEM};
use crate::games::GameKind;
use crate::games::{limit_diag, NotInstance};
use crate::syntax::ast::Span;

game_answer!(Answer, GameKind::Yut, held: |_| 0);

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

    position_common!(Setup);
}

/// Yut in the registry ([`crate::games::game`]).
pub struct Yut;

impl crate::games::Game for Yut {
    fn kind(&self) -> GameKind {
        GameKind::Yut
    }

    fn session(&self, opts: &crate::games::Options) -> Box<dyn crate::games::Session> {
        Box::new(crate::games::typed::Typed(super::session::Yut::new(opts)))
    }

    fn read_judge(&self, input: &str) -> Result<crate::games::JudgePosition, crate::error::Diags> {
        super::judge::read(input).map(crate::games::JudgePosition::new)
    }

    fn gen_shape(
        &self,
        args: &[(&str, &str)],
        load: crate::games::LoadTracks,
    ) -> Result<crate::games::Shape, crate::games::OptionError> {
        super::gen::parse(args, load)
    }

    /// A generated case's dice are known: no `expected`.
    fn gen_fields(&self) -> Vec<&str> {
        GameKind::Yut
            .fields()
            .into_iter()
            .filter(|f| *f != "expected")
            .collect()
    }
}
