//! A rules game's judge input and answer line, as its `input { … }` and
//! `output FIELD` parts declare them (docs/rules-language.md, *Judge
//! input*): [`read`] turns the judge's text into what scenario statements
//! would have said; [`write`] writes a position back in the same format.

mod cursor;
pub mod draw;
#[cfg(test)]
mod draw_tests;
pub(crate) mod position;
pub(crate) mod read;
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
/// up (a cell not in the legend, a piece drawn twice, …).
pub(crate) fn read_input(prog: &Arc<Program>, text: &str) -> Result<(), crate::error::Diags> {
    let whole = crate::syntax::ast::Span::new(0, text.len());
    let spanned = crate::syntax::ast::Spanned::new(text.to_string(), whole);
    let mut refused: Option<crate::error::Diags> = None;
    read::read_each(prog, &spanned, &mut |_, case| {
        if refused.is_none() {
            refused = start::set_up(prog, &case, whole).err();
        }
    })?;
    refused.map_or(Ok(()), Err)
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
