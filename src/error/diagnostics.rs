//! [`Diagnostics`]: the errors of one script together with the script, an
//! error that works with `?` and can still be drawn.

use super::render::Report;
use super::{Diag, Diags};
use miette::{Diagnostic, LabeledSpan, NamedSource};
use std::fmt;
use std::sync::Arc;

/// Every diagnostic of one script together with the script itself: an
/// error that owns its source, so it can travel with `?` and still be
/// drawn. It implements [`std::error::Error`] and [`miette::Diagnostic`]:
/// the first diagnostic is the report, the others are its `related`
/// diagnostics, each with its own labels in the same source.
///
/// ```
/// fn main() -> miette::Result<()> {
///     let checked = meeple::check_source("ok.game", "scenario \"s\" {\n  game yut\n}\n")?;
///     assert_eq!(checked.file.scenarios.len(), 1);
///     let err = meeple::check_source("bad.game", "scenario \"s\" {\n  game chess\n}\n")
///         .err()
///         .unwrap();
///     assert_eq!(err.diags()[0].code.as_str(), "meeple::game::unknown");
///     Ok(())
/// }
/// ```
#[derive(Debug, Clone)]
pub struct Diagnostics {
    reports: Vec<Report>,
}

impl Diagnostics {
    /// The diagnostics `diags` of the script `name` whose text is `text`.
    pub fn new(name: &str, text: &str, diags: Diags) -> Diagnostics {
        let source = Arc::new(NamedSource::new(name, text.to_string()));
        Diagnostics {
            reports: diags
                .into_iter()
                .map(|diag| Report {
                    diag,
                    source: source.clone(),
                })
                .collect(),
        }
    }

    /// The diagnostics, in order.
    pub fn diags(&self) -> Vec<&Diag> {
        self.reports.iter().map(|r| &r.diag).collect()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.reports.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.reports.is_empty()
    }

    fn first(&self) -> Option<&Report> {
        self.reports.first()
    }
}

impl std::error::Error for Diagnostics {}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reports.as_slice() {
            [] => f.write_str("no errors"),
            [one] => f.write_str(&one.diag.message),
            [first, rest @ ..] => write!(
                f,
                "{} (and {} more error{})",
                first.diag.message,
                rest.len(),
                if rest.len() == 1 { "" } else { "s" }
            ),
        }
    }
}

impl Diagnostic for Diagnostics {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.first()?.code()
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.first()?.severity()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.first()?.help()
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.first()?.source_code()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.first()?.labels()
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        let rest = self.reports.get(1..).filter(|r| !r.is_empty())?;
        Some(Box::new(rest.iter().map(|r| r as &dyn Diagnostic)))
    }
}
