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
