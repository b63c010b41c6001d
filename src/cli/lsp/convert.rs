//! Between the protocol's positions (0-based lines, UTF-16 columns) and the
//! library's byte offsets, and from `meeple::ide` results to protocol types.

use lsp_types as lsp;
use meeple::ide;
use meeple::source::{SourceFile, Span};

/// The `file:` URI of an absolute path (bytes other than letters, digits,
/// `/` and `-._~` percent-encoded); `None` for a relative one.
pub(super) fn file_uri(path: &str) -> Option<lsp::Uri> {
    if !path.starts_with('/') {
        return None;
    }
    let mut uri = String::from("file://");
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            uri.push(b as char);
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri.parse().ok()
}

/// A document's text with its line index.
pub(super) struct Text<'a> {
    pub src: &'a SourceFile,
}

impl Text<'_> {
    pub fn position(&self, offset: usize) -> lsp::Position {
        let (line, col) = self.src.utf16_position(offset);
        lsp::Position::new(line as u32, col as u32)
    }

    pub fn range(&self, span: Span) -> lsp::Range {
        lsp::Range::new(self.position(span.start()), self.position(span.end()))
    }

    /// The byte offset of a position, `None` past the last line.
    pub fn offset(&self, p: lsp::Position) -> Option<usize> {
        self.src.utf16_offset(p.line as usize, p.character as usize)
    }

    pub fn diagnostic(&self, uri: &lsp::Uri, d: &ide::Diagnostic) -> lsp::Diagnostic {
        let mut message = d.message.clone();
        if !d.label.is_empty() {
            message.push_str(&format!(" ({})", d.label));
        }
        if let Some(help) = &d.help {
            message.push_str(&format!("\nhelp: {help}"));
        }
        let related: Vec<lsp::DiagnosticRelatedInformation> = d
            .related
            .iter()
            .map(|(span, label)| lsp::DiagnosticRelatedInformation {
                location: lsp::Location::new(uri.clone(), self.range(*span)),
                message: label.clone(),
            })
            .collect();
        lsp::Diagnostic {
            range: self.range(d.span),
            severity: Some(match d.severity {
                meeple::error::Severity::Error => lsp::DiagnosticSeverity::ERROR,
                meeple::error::Severity::Warning => lsp::DiagnosticSeverity::WARNING,
            }),
            code: Some(lsp::NumberOrString::String(d.code.as_str().to_string())),
            source: Some("meeple".into()),
            message,
            related_information: (!related.is_empty()).then_some(related),
            ..Default::default()
        }
    }

    #[allow(deprecated)] // `DocumentSymbol::deprecated`, a field the protocol keeps
    pub fn symbol(&self, s: &ide::Symbol) -> lsp::DocumentSymbol {
        lsp::DocumentSymbol {
            name: s.name.clone(),
            detail: s.detail.clone(),
            kind: match s.kind {
                ide::SymbolKind::Scenario => lsp::SymbolKind::MODULE,
                ide::SymbolKind::Track => lsp::SymbolKind::STRUCT,
                ide::SymbolKind::Rules => lsp::SymbolKind::CLASS,
            },
            tags: None,
            deprecated: None,
            range: self.range(s.span),
            selection_range: self.range(s.name_span),
            children: None,
        }
    }
}

pub(super) fn completion(c: ide::Completion) -> lsp::CompletionItem {
    use ide::CompletionKind as K;
    lsp::CompletionItem {
        label: c.label,
        kind: Some(match c.kind {
            K::Keyword => lsp::CompletionItemKind::KEYWORD,
            K::Game => lsp::CompletionItemKind::MODULE,
            K::Rule => lsp::CompletionItemKind::PROPERTY,
            K::Value => lsp::CompletionItemKind::VALUE,
            K::Field => lsp::CompletionItemKind::FIELD,
            K::Direction => lsp::CompletionItemKind::ENUM_MEMBER,
            K::Track => lsp::CompletionItemKind::REFERENCE,
            K::Function => lsp::CompletionItemKind::FUNCTION,
            K::Name => lsp::CompletionItemKind::VARIABLE,
        }),
        detail: Some(c.detail),
        ..Default::default()
    }
}
