//! A rules game's judge input and answer line, as its `input { … }` and
//! `output FIELD` parts declare them (docs/rules-language.md, *Judge
//! input*): [`read`] turns the judge's text into what scenario statements
//! would have said; [`write`] writes a position back in the same format.

mod cursor;
pub mod draw;
#[cfg(test)]
mod draw_tests;
#[cfg(test)]
mod lines_tests;
pub(crate) mod position;
pub(crate) mod read;
mod refusal;
#[cfg(test)]
mod row_order_tests;
mod shrink;
pub(crate) mod start;
#[cfg(test)]
mod tests;
pub(crate) mod write;

use super::program::Program;
use std::sync::Arc;

/// Read the judge input `text` (its spans from 0) by `prog`'s format and
/// set each case up, as `input """…"""` (`input case K`) would: the
/// errors of the format, else those of the first case that cannot be set
/// up (a cell not in the legend, a piece drawn twice, …), else those of
/// its lines ([`read::line_errors`]: `meeple validate` is a validator).
pub(crate) fn read_input(prog: &Arc<Program>, text: &str) -> Result<(), crate::error::Diags> {
    let whole = crate::syntax::ast::Span::new(0, text.len());
    let spanned = crate::syntax::ast::Spanned::new(text.to_string(), whole);
    let mut refused: Option<crate::error::Diags> = None;
    let lines = read::read_each_lines(prog, &spanned, &mut |_, case| {
        if refused.is_none() {
            refused = start::set_up(prog, &case, whole).err();
        }
    })?;
    if let Some(ds) = refused {
        return Err(ds);
    }
    // A validator checks the lines too: each item where the judge puts it.
    let lines = read::line_errors(&spanned, lines);
    if lines.is_empty() {
        Ok(())
    } else {
        Err(lines)
    }
}

/// Every case of the judge input `text` (its spans from 0) answered as
/// the judge's output: each case read by `prog`'s format and set up as
/// `input case K """…"""` would set it up, then solved under a budget of
/// `limits` of its own; one answer line per case, in order (`meeple
/// answer`; a one-case input gives what `meeple export` writes to `.out`).
/// The errors of the format, else those of the first case that cannot be
/// set up or solved (on the whole text).
pub(crate) fn answer_input(
    prog: &Arc<Program>,
    text: &str,
    limits: &crate::limits::Limits,
) -> Result<String, crate::error::Diags> {
    let whole = crate::syntax::ast::Span::new(0, text.len());
    let spanned = crate::syntax::ast::Spanned::new(text.to_string(), whole);
    let mut cases = Vec::new();
    read::read_each(prog, &spanned, &mut |_, case| cases.push(case))?;
    let mut out = String::new();
    for case in &cases {
        let declared = start::declared(prog, case);
        let (inst, s) = match super::setup::start(prog.clone(), &declared) {
            Ok(x) => x,
            Err(super::setup::SetupError::Scenario(ds)) => return Err(ds),
            Err(super::setup::SetupError::Run(e)) => {
                return Err(vec![crate::games::rules::session::run_diag(e, whole)])
            }
        };
        out.push_str(&position::answer(&inst, &s, &limits.budget(), whole).map_err(|d| vec![d])?);
    }
    Ok(out)
}

/// The names of the pieces a `pieces K` item gives, in order: the named
/// pieces, then each numbered group from its first number.
pub(crate) fn piece_order(prog: &Program) -> impl Iterator<Item = String> + '_ {
    let named = prog.decls.named.iter().map(|n| n.node.clone());
    let numbered = prog
        .numbered_from
        .iter()
        .take(1)
        .flat_map(|lo| (lo.unwrap_or(1)..).map(|n| n.to_string()));
    named.chain(numbered)
}
