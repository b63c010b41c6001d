//! A judge input's start position: what [`super::read::read`] gave, set up
//! as the scenario statements that say it would be (`input """…"""`), and
//! the format's `require EXPR` items checked on it.

use super::read::Read;
use crate::games::rules::program::Program;
use crate::games::rules::run::Run;
use crate::games::rules::setup::{self, BoardInput, ScenarioInput, SetupError};
use crate::games::rules::state::{Dice, Instance, State};
use crate::syntax::rules::BoardKind;
use std::sync::Arc;

/// What one case read from a judge input declares, as the scenario
/// statements that say it would (`input """…"""`).
pub(crate) fn declared(prog: &Program, read: &Read) -> ScenarioInput {
    let board = match &read.board {
        Some(b) => b.clone(),
        // As a scenario's `input """…"""`: a track game plays the standard
        // yut track.
        None if prog.board == BoardKind::Track => {
            BoardInput::Track(Arc::new(crate::games::yut::standard_track()))
        }
        None => BoardInput::None,
    };
    ScenarioInput {
        board,
        pieces: read.pieces.clone(),
        sets: read.sets.clone(),
        rules: read.rules.clone(),
        dice: read.dice.clone().unwrap_or(Dice::None),
    }
}

/// The start position of one case read from a judge input, with the board
/// as the scenario would hold it; or why it cannot be set up, in words.
pub(crate) fn start(
    prog: &Arc<Program>,
    read: &Read,
) -> Result<(Instance, State, BoardInput), String> {
    let input = declared(prog, read);
    let board = input.board.clone();
    match setup::start(prog.clone(), &input) {
        Ok((inst, s)) => Ok((inst, s, board)),
        Err(SetupError::Scenario(ds)) => Err(ds.first().map_or_else(
            || "the position cannot be set up".into(),
            |d| d.message.clone(),
        )),
        Err(SetupError::Run(e)) => Err(crate::games::rules::session::run_diag(
            e,
            crate::syntax::ast::Span::default(),
        )
        .message),
    }
}

/// The first `require EXPR` of the format that the start position `s`
/// does not meet, as written (`None`: every one holds). A requirement whose
/// evaluation stops (a cell off the board, …) fails.
pub(crate) fn unmet<'p>(prog: &'p Program, inst: &Instance, s: &State) -> Option<&'p str> {
    prog.requires.iter().find_map(|(text, e)| {
        let mut steps = 0u64;
        let mut run = Run::new(inst, s.clone(), &[], &mut steps);
        let holds = run.expr(e).is_ok_and(|v| v.s() != 0);
        (!holds).then_some(text.as_str())
    })
}
