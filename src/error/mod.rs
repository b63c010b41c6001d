//! Diagnostics: one module for every error meeple reports.
//!
//! - [`code`](Code): the catalogue, a stable [`Code`] for each kind of error
//!   (`meeple::board::ragged`, …);
//! - `diag`: a [`Diag`] carries the code, a [`Severity`], a message, labels on exact source
//!   spans and a help line;
//! - `render`: miette draws them, with an excerpt of a large script;
//! - `diagnostics`: [`Diagnostics`], the errors of one script with the
//!   script, for `?`.

mod code;
mod diag;
mod diagnostics;
pub mod imported;
mod render;

pub use code::Code;
pub(crate) use diag::{cap_errors, too_many_errors, Capped, Diags, Expectation};
pub use diag::{Diag, Severity};
pub use diagnostics::Diagnostics;
pub use render::render;
pub(crate) use render::render_as;
