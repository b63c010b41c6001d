//! The checker's diagnostics, as an editor shows them.

use crate::error::{Code, Diag};
use crate::source::Span;

/// One error of a script: its code, message, primary span and label, the
/// other labelled spans, and the help line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code (`meeple::board::ragged`).
    pub code: Code,
    /// The one-line message.
    pub message: String,
    /// Where it is (an empty span at the start for an error of the whole
    /// file, such as too many errors).
    pub span: Span,
    /// The primary label's text (may be empty).
    pub label: String,
    /// The other labelled spans (`first used here`).
    pub related: Vec<(Span, String)>,
    /// The help line.
    pub help: Option<String>,
}

/// Every error the checker finds in `text` (nothing for a valid script),
/// in the order `meeple check` reports them.
pub fn diagnostics(text: &str) -> Vec<Diagnostic> {
    let Err(diags) = crate::pipeline::check_source(text) else {
        return Vec::new();
    };
    diags.into_iter().map(Diagnostic::from).collect()
}

impl From<Diag> for Diagnostic {
    fn from(d: Diag) -> Diagnostic {
        let mut labels = d.labels.into_iter();
        let (span, label) = labels.next().unwrap_or_default();
        Diagnostic {
            code: d.code,
            message: d.message,
            span,
            label,
            related: labels.collect(),
            help: d.help,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_keep_their_code_span_related_labels_and_help() {
        let text = "scenario \"s\" {\n  game yut\n}\nscenario \"s\" {\n  game yut\n}\n";
        let diags = diagnostics(text);
        assert_eq!(diags.len(), 1, "{diags:?}");
        let d = &diags[0];
        assert_eq!(d.code, Code::ScenarioDuplicateName);
        assert_eq!(&text[d.span.start..d.span.end], "\"s\"");
        assert!(d.span.start > text.find('}').unwrap());
        assert_eq!(d.related.len(), 1);
        assert_eq!(d.related[0].0.start, text.find('"').unwrap());
        assert_eq!(d.related[0].1, "first used here");
        assert!(d.help.as_deref().unwrap().contains("rename"));
        assert!(diagnostics("scenario \"t\" {\n  game yut\n}\n").is_empty());
    }
}
