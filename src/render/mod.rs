//! Rendering results: human text, JSON lines and SVG pictures.
//!
//! A file's results ([`FileRun`](crate::interp::FileRun)) are drawn by
//! functions, one per form: [`text::file`], [`text::scenario`] and
//! [`text::diagnostics`] with one [`Options`]; [`json::file`],
//! [`json::scenario`] and [`json::values`]; [`svg::files::write_file`].

pub mod json;
pub mod svg;
pub mod text;

pub(crate) use crate::games::decimal::decimal;

/// How human text is drawn. `Options::default()` is `meeple run`'s output
/// without colours: every result, expectation and diagnostic, each
/// scenario headed by its name and each diagnostic naming the script by
/// its own name.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options<'a> {
    /// ANSI colours in the diagnostics.
    pub color: bool,
    /// The name diagnostics give the script instead of its own
    /// (`meeple test --snapshots` gives its file name only).
    pub name: Option<&'a str>,
    /// The label result headers show instead of the scenario's name
    /// (`meeple run` on several files puts the file's name there too).
    pub label: Option<&'a str>,
    /// Leave out the scenarios' diagnostics: results and passed
    /// expectations only.
    pub results_only: bool,
}
