//! The checker's diagnostics, as an editor shows them.

use crate::error::{Code, Diag, Severity};
use crate::source::Span;

/// One error of a script: its code, message, primary span and label, the
/// other labelled spans, and the help line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code (`meeple::board::ragged`).
    pub code: Code,
    /// An error, or a warning (a file that holds no scenario).
    pub severity: Severity,
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

/// Every error the checker finds in `text`, in the order `meeple check`
/// reports them; for a valid script, its warnings (a file that holds no
/// scenario).
/// (An editor that also completes, hints or answers keeps the
/// [`super::Analysis`] and asks it: the text is parsed once.)
pub fn diagnostics(text: &str) -> Vec<Diagnostic> {
    super::Analysis::new(text).diagnostics()
}

impl From<Diag> for Diagnostic {
    fn from(d: Diag) -> Diagnostic {
        let mut labels = d.labels.into_iter();
        let (span, label) = labels.next().unwrap_or_default();
        Diagnostic {
            code: d.code,
            severity: d.severity,
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

    use crate::ide::fixture::ranges;

    /// Two scenarios of one name: the second's name is the error (the
    /// second range), the first's its related label (the first range).
    const DUPLICATE: &str =
        "scenario $0\"s\"$0 {\n  game yut\n}\nscenario $0\"s\"$0 {\n  game yut\n}\n";

    #[test]
    fn an_error_keeps_its_code_span_and_severity() {
        let (text, spans) = ranges(DUPLICATE);
        let diags = diagnostics(&text);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].code, Code::ScenarioDuplicateName);
        assert_eq!(diags[0].span, spans[1]);
        assert_eq!(diags[0].severity, Severity::Error);
    }

    #[test]
    fn an_error_keeps_its_related_labels_and_help() {
        let (text, spans) = ranges(DUPLICATE);
        let d = &diagnostics(&text)[0];
        assert_eq!(d.related, [(spans[0], "first used here".to_string())]);
        assert!(d.help.as_deref().unwrap().contains("rename"));
    }

    #[test]
    fn a_valid_script_has_no_diagnostics() {
        assert!(diagnostics("scenario \"t\" {\n  game yut\n}\n").is_empty());
    }

    #[test]
    fn a_script_with_no_scenario_is_one_warning_at_its_start() {
        for text in ["", "# only a comment\n"] {
            let diags = diagnostics(text);
            assert_eq!(diags.len(), 1, "{diags:?}");
            assert_eq!(diags[0].code, Code::FileEmpty);
            assert_eq!(diags[0].severity, Severity::Warning);
            assert_eq!(diags[0].span, Span::new(0, 0));
        }
    }
}
