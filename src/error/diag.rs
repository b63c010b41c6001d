//! [`Diag`]: one diagnostic (a code, a message, labelled spans, a help
//! line), and the cap on how many of them a file shows.

use super::Code;
#[cfg(doc)]
use crate::limits::ERRORS_SHOWN;
use crate::source::Span;
use std::fmt;

/// One diagnostic: a code, a message, labelled spans (the first is the
/// primary one) and a help line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    /// Which kind of error this is.
    pub code: Code,
    /// An error, or a warning (which never makes a run fail).
    pub severity: Severity,
    /// The one-line message.
    pub message: String,
    /// Labelled spans; the first is the primary one.
    pub(crate) labels: Vec<(Span, String)>,
    /// The help line, if any.
    pub(crate) help: Option<String>,
    /// A failed `expect`: its statement, field and value (what a passed
    /// one reports in its event), for the reports that list expectations.
    pub(crate) expectation: Option<Box<Expectation>>,
    /// A did-you-mean's word: what to write instead of the text under the
    /// primary label (JSON's `suggestion`). Boxed: a `Diag` stays small.
    #[allow(clippy::box_collection)]
    pub(crate) suggestion: Option<Box<String>>,
}

/// How serious a [`Diag`] is: an error makes its file or scenario fail
/// (and its exit code); a warning is shown and nothing else.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Severity {
    /// Something is wrong: the file, statement or run fails.
    #[default]
    Error,
    /// Worth saying, but nothing fails (a file that holds no scenario).
    Warning,
}

impl Severity {
    /// The word JSON output and the docs use: `"error"` or `"warning"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// The `expect FIELD VALUE` statement a [`Code::ExpectFailed`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Expectation {
    /// The whole statement.
    pub(crate) span: Span,
    /// The field checked.
    pub(crate) field: String,
    /// The value expected (as written).
    pub(crate) value: String,
    /// What the last solve gave for the field (as the message words it),
    /// or `None` when it gave no such field.
    pub(crate) actual: Option<String>,
}

impl Diag {
    /// A diagnostic with a code and a message, no labels and no help yet.
    pub fn new(code: Code, message: impl Into<String>) -> Diag {
        Diag {
            code,
            severity: Severity::Error,
            message: bounded(message.into()),
            labels: Vec::new(),
            help: None,
            expectation: None,
            suggestion: None,
        }
    }

    /// The `meeple::io` diagnostic of a file that could not be read or
    /// written: `cannot {doing} {what}: {why}` (`doing` is `read`,
    /// `write`, …; `what` names the file or folder; `why` is an
    /// [`std::io::Error`] or a reason, shown as its message, never its
    /// debug form), with the help line every such error gives (a caller
    /// that knows better may set another).
    pub fn io(doing: &str, what: &str, why: impl fmt::Display) -> Diag {
        Diag::new(Code::Io, format!("cannot {doing} {what}: {why}"))
            .help("check the path and the permissions of the file and its folder")
    }

    /// Make this diagnostic a warning (see [`Severity`]).
    pub fn warning(mut self) -> Diag {
        self.severity = Severity::Warning;
        self
    }

    /// Whether this diagnostic is a warning.
    pub fn is_warning(&self) -> bool {
        self.severity == Severity::Warning
    }

    /// Say which `expect` statement failed (see [`Expectation`]).
    pub(crate) fn expectation(mut self, expectation: Expectation) -> Diag {
        self.expectation = Some(Box::new(expectation));
        self
    }

    /// Add a label on `span`.
    pub(crate) fn label(mut self, span: Span, text: impl Into<String>) -> Diag {
        self.labels.push((span, bounded(text.into())));
        self
    }

    /// Say what to write instead of the text under the primary label (a
    /// did-you-mean's word), if there is a word to suggest.
    pub(crate) fn suggest(mut self, replacement: Option<&str>) -> Diag {
        self.suggestion = replacement.map(|r| Box::new(r.to_string()));
        self
    }

    /// The suggested replacement of the primary label's text, with its
    /// span: a did-you-mean in machine-readable form.
    pub fn suggestion(&self) -> Option<(Span, &str)> {
        Some((self.span()?, self.suggestion.as_deref()?.as_str()))
    }

    /// Set the help line.
    pub fn help(mut self, text: impl Into<String>) -> Diag {
        self.help = Some(bounded(text.into()));
        self
    }

    /// The primary span, if any.
    pub fn span(&self) -> Option<Span> {
        self.labels.first().map(|(s, _)| *s)
    }
}

/// A word (a run without blanks) longer than this many characters is cut in
/// a diagnostic's message, labels and help: a 16 MiB name quoted in a
/// message would otherwise be printed and wrapped whole.
const WORD_CHARS: usize = 200;
/// What is kept of a cut word: its start and its end, around a `…`.
const WORD_HEAD: usize = 100;
const WORD_TAIL: usize = 20;
/// A text longer than this many characters (after cutting words) keeps its
/// start and its end, around a `…`.
const TEXT_CHARS: usize = 2000;

/// `text` with its overlong words and length cut (see [`WORD_CHARS`]); a
/// text of at most `WORD_CHARS` bytes is returned as it is.
fn bounded(text: String) -> String {
    if text.len() <= WORD_CHARS {
        return text;
    }
    let mut out = String::with_capacity(text.len().min(4 * TEXT_CHARS));
    let mut rest = text.as_str();
    while !rest.is_empty() {
        let blank = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..blank];
        match word.char_indices().nth(WORD_CHARS) {
            None => out.push_str(word),
            Some(_) => {
                out.extend(word.chars().take(WORD_HEAD));
                out.push('…');
                let tail = word.char_indices().rev().nth(WORD_TAIL - 1);
                out.push_str(&word[tail.map_or(0, |(i, _)| i)..]);
            }
        }
        let spaces = rest[blank..]
            .find(|c: char| !c.is_whitespace())
            .map_or(rest.len(), |n| blank + n);
        out.push_str(&rest[blank..spaces]);
        rest = &rest[spaces..];
    }
    let chars = out.chars().count();
    if chars <= TEXT_CHARS {
        return out;
    }
    let head: String = out.chars().take(TEXT_CHARS - WORD_CHARS).collect();
    let tail: String = out.chars().skip(chars - WORD_CHARS / 2).collect();
    format!("{head}…{tail}")
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A list of diagnostics is what every stage returns on failure.
pub(crate) type Diags = Vec<Diag>;

/// The note that stands for `more` errors left out.
pub(crate) fn too_many_errors(more: usize, shown: usize) -> Diag {
    Diag::new(
        Code::ErrorsTooMany,
        format!(
            "{more} more error{} not shown",
            if more == 1 { "" } else { "s" }
        ),
    )
    .help(format!(
        "meeple shows the first {shown} errors of a file or scenario; fix those first"
    ))
}

/// Diagnostics of one reader (a board's cells, a judge input's numbers or
/// pieces), kept up to [`ERRORS_SHOWN`] and only counted past it, with one
/// `meeple::too_many_errors` note for the rest: a 2048 × 2048 board of bad
/// cells costs a thousand diagnostics, not four million.
#[derive(Default)]
pub(crate) struct Capped {
    diags: Diags,
    more: usize,
    first_left_out: Span,
}

impl Capped {
    /// Add the diagnostic `make` builds, or count it past the cap.
    pub(crate) fn push(&mut self, at: Span, make: impl FnOnce() -> Diag) {
        if self.diags.len() < crate::limits::ERRORS_SHOWN {
            self.diags.push(make());
        } else {
            if self.more == 0 {
                self.first_left_out = at;
            }
            self.more += 1;
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.diags.is_empty()
    }

    /// The diagnostics kept, then the note counting the rest (if any).
    pub(crate) fn finish(mut self) -> Diags {
        if self.more > 0 {
            self.diags.push(
                too_many_errors(self.more, crate::limits::ERRORS_SHOWN)
                    .label(self.first_left_out, "the first error not shown"),
            );
        }
        self.diags
    }
}

/// Keep the first `shown` diagnostics ([`Limits::errors_shown`], by
/// default [`ERRORS_SHOWN`]) and count the rest (notes that already count
/// left-out errors, of a scenario or of the parser, are kept).
///
/// [`Limits::errors_shown`]: crate::limits::Limits::errors_shown
pub(crate) fn cap_errors(diags: &mut Diags, shown: usize) {
    let (mut kept, mut dropped) = (0, 0);
    diags.retain(|d| {
        if d.code == Code::ErrorsTooMany {
            return true;
        }
        kept += 1;
        if kept > shown {
            dropped += 1;
        }
        kept <= shown
    });
    if dropped > 0 {
        diags.push(too_many_errors(dropped, shown));
    }
}
