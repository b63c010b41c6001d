//! A judge input's start position: what [`super::read::read`] gave, set up
//! as the scenario statements that say it would be (`input """…"""`), and
//! the format's `require EXPR` items checked on it.

use super::read::Read;
use crate::error::Diags;
use crate::games::rules::program::{Program, Val};
use crate::games::rules::run::Run;
use crate::games::rules::setup::{self, BoardInput, ScenarioInput, SetupError};
use crate::games::rules::state::{width, Dice, Instance, State};
use crate::syntax::ast::{Span, Spanned};
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
        marks: read.marks.clone(),
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

/// The start position of one case read from a judge input, set up as
/// `input """…"""` sets it up: its diagnostics (on the input's text; a
/// failure of the rules program on `span`).
pub(crate) fn set_up(prog: &Arc<Program>, read: &Read, span: Span) -> Result<(), Diags> {
    match setup::start(prog.clone(), &declared(prog, read)) {
        Ok(_) => Ok(()),
        Err(SetupError::Scenario(ds)) => Err(ds),
        Err(SetupError::Run(e)) => Err(vec![crate::games::rules::session::run_diag(e, span)]),
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

/// Every `require EXPR` of the format that the start position `s` does
/// not meet: their indices in the format's order.
pub(crate) fn unmet_all(prog: &Program, inst: &Instance, s: &State) -> Vec<usize> {
    (prog.requires.iter().enumerate())
        .filter(|(_, (_, e))| {
            let mut steps = 0u64;
            let mut run = Run::new(inst, s.clone(), &[], &mut steps);
            !run.expr(e).is_ok_and(|v| v.s() != 0)
        })
        .map(|(i, _)| i)
        .collect()
}

/// Whether the judge input `text`, written for the start position `s` of
/// `inst`, says that position: read back and set up as `input """…"""`
/// would, it must give the same params (`rule NAME`), the same player to
/// move first (`rule first`), the same pieces, dice and vars. `Err` names
/// what differs, in words: a `rule` (or `set`) the format has no place for,
/// set to another value than its default, would give the judge's input a
/// second answer.
pub(crate) fn says(inst: &Instance, s: &State, text: &str) -> Result<(), String> {
    let prog = &inst.prog;
    let spanned = Spanned::new(text.to_string(), Span::new(0, text.len()));
    let read = super::read::read(prog, &spanned, None).map_err(|ds| {
        format!(
            "its judge input does not read back: {}",
            ds.first().map_or("", |d| d.message.as_str())
        )
    })?;
    let (back, t, _) =
        start(prog, &read).map_err(|why| format!("its judge input does not set up: {why}"))?;
    for (i, p) in prog.decls.params.iter().enumerate() {
        let (here, there) = (&inst.params[i], &back.params[i]);
        if here != there {
            let word = |v: &Val| match v {
                Val::S(n) => inst.word(prog.params[i].0.kind, *n),
                Val::L(_) => "a list".to_string(),
            };
            return Err(format!(
                "`rule {} {}`: the judge input has no place for `{}` (read, it is {})",
                p.name.node,
                word(here),
                p.name.node,
                word(there)
            ));
        }
    }
    let mover = |inst: &Instance, s: &State| s.v.get(inst.layout.mover).copied();
    if mover(inst, s) != mover(&back, &t) {
        let name = |m: Option<i64>| {
            m.and_then(|m| prog.decls.players.get(usize::try_from(m).ok()?))
                .cloned()
                .unwrap_or_default()
        };
        return Err(format!(
            "`rule first {}`: the judge input cannot say who moves first (read, {} does)",
            name(mover(inst, s)),
            name(mover(&back, &t))
        ));
    }
    if inst.dice != back.dice {
        return Err("its dice are not what the judge input says".to_string());
    }
    if inst.present != back.present || inst.pieces != back.pieces {
        return Err(
            "its pieces are not what the judge input says (the format writes the pieces in \
             order, without gaps)"
                .to_string(),
        );
    }
    for (i, v) in prog.decls.vars.iter().enumerate() {
        let Some((slot, dom)) = inst.layout.vars.get(i) else {
            continue;
        };
        let at = *slot..*slot + width(dom);
        if s.v.get(at.clone()) != t.v.get(at) {
            return Err(format!(
                "`set {}`: the judge input has no place for this var's value",
                v.name.node
            ));
        }
    }
    if inst.rows != back.rows || inst.cols != back.cols || s != &t {
        return Err(
            "its start position is not what the judge input says (a piece's field or a \
             board value the format does not write)"
                .to_string(),
        );
    }
    Ok(())
}
