//! Editor support, as pure functions of a script's text and a byte offset:
//! diagnostics, completion, hover, track definitions and references,
//! document symbols, formatting, the answers of queries (inlay hints, "fill in
//! expectations"), and the tokens editors colour ([`tokens`]). `meeple lsp` is a thin client of this module: it turns
//! protocol positions into byte offsets ([`SourceFile::utf16_offset`]) and
//! these results back into protocol messages. Nothing here knows the
//! protocol.
//!
//! ```
//! use meeple::ide::{Analysis, Answers};
//! use meeple::limits::Limits;
//!
//! let text = "scenario \"s\" {\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n  rule \n  solve\n}\n";
//! let doc = Analysis::new(text);
//! let rules: Vec<_> = doc.completions(text.find("rule ").unwrap() + 5)
//!     .into_iter().map(|c| c.label).collect();
//! assert_eq!(rules, ["origin", "first", "steps"]);
//! // The half-typed rule is the one error.
//! assert_eq!(meeple::ide::diagnostics(text)[0].code.as_str(), "meeple::parse");
//!
//! let fixed = text.replace("rule \n", "");
//! let doc = Analysis::new(&fixed);
//! let answers = Answers::compute(doc.source(), &Limits::default());
//! assert_eq!(doc.inlay_hints(&answers)[0].label, "answer 1, winner A");
//! ```

mod answers;
mod complete;
mod diagnostics;
#[cfg(test)]
mod fixture;
mod hover;
mod lex;
mod navigate;
mod rules;
mod rules_game;

pub use answers::{Answers, Computed, Edit, InlayHint};
pub use complete::{
    complete_after, complete_in_position, Completion, CompletionKind, Place, TrackName,
};
pub use diagnostics::{diagnostics, Diagnostic};
pub use hover::Hover;
pub use lex::{tokens, tokens_from, Token, TokenKind};
pub use navigate::{Symbol, SymbolKind};
pub use rules::complete_in_rules;
pub use rules_game::complete_rules_scenario;

use crate::check::Checked;
use crate::error::Diags;
use crate::limits::Limits;
use crate::pipeline::{check_parsed_importing, refuse_large, Importer};
use crate::source::SourceFile;
use crate::syntax::ast::{File, Scenario, Spanned, Stmt, TrackDef};
use std::sync::{Arc, OnceLock};

/// One version of a script, parsed once (with the parser's error recovery,
/// so a half-typed statement leaves the rest of the file readable) and
/// checked at most once, when first asked: its diagnostics, completions,
/// symbols, hints and answers all read this one parse. An editor keeps one
/// per document version.
pub struct Analysis {
    /// The script, with where its lines start: every line number here is
    /// read from it (one scan of the text, not one per statement). Shared
    /// with the runs of its answers.
    source: Arc<SourceFile>,
    file: File,
    /// The parser's errors (kept for the check).
    parse_diags: Diags,
    /// The checker's verdict on `file` (default limits), made when first asked.
    checked: OnceLock<Result<Checked, Diags>>,
    /// Reads the files the script imports (none: an import is refused, the
    /// text having no folder).
    importer: Option<Importer>,
    /// The files it imports, read when first asked (for the rules games
    /// they define).
    imported: OnceLock<Vec<rules_game::ImportedFile>>,
}

impl std::fmt::Debug for Analysis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Analysis")
            .field("text", &self.source.text)
            .field("file", &self.file)
            .field("checked", &self.checked.get().map(Result::is_ok))
            .finish_non_exhaustive()
    }
}

impl Analysis {
    /// Parse `text` (nothing of a text larger than the default limits
    /// allow: its one diagnostic says so).
    pub fn new(text: &str) -> Analysis {
        let (file, parse_diags) = match refuse_large(text, &Limits::default()) {
            Some(diags) => (File::default(), diags),
            None => crate::syntax::parse(text),
        };
        Analysis {
            source: Arc::new(SourceFile::new("<editor>", text)),
            file,
            parse_diags,
            checked: OnceLock::new(),
            importer: None,
            imported: OnceLock::new(),
        }
    }

    /// [`Analysis::new`] of a script whose `import`s `importer` reads (the
    /// language server: relative to the document's file).
    pub fn with_importer(text: &str, importer: Importer) -> Analysis {
        Analysis {
            importer: Some(importer),
            ..Analysis::new(text)
        }
    }

    /// The checked file, or every error of the script, in the order
    /// `meeple check` reports them: the same as
    /// [`crate::pipeline::check_text`] of the text, from the one parse.
    pub(crate) fn checked(&self) -> &Result<Checked, Diags> {
        self.checked.get_or_init(|| {
            if refuse_large(&self.source.text, &Limits::default()).is_some() {
                return Err(self.parse_diags.clone());
            }
            check_parsed_importing(
                self.file.clone(),
                self.parse_diags.clone(),
                0,
                &Limits::default(),
                self.importer.as_ref(),
            )
        })
    }

    /// Every error the checker finds, in the order `meeple check` reports
    /// them; for a valid script, its warnings (see [`diagnostics`]).
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let diags = match self.checked() {
            Ok(checked) => &checked.warnings,
            Err(diags) => diags,
        };
        diags.iter().cloned().map(Diagnostic::from).collect()
    }

    /// The script's text.
    pub fn text(&self) -> &str {
        &self.source.text
    }

    /// The script: its text and line index.
    pub fn source(&self) -> &Arc<SourceFile> {
        &self.source
    }

    /// The edit that puts the script in the canonical layout of `meeple
    /// fmt` ([`crate::format::format_source`]): the whole text replaced, or
    /// `None` when it is formatted already. Err: its syntax errors (a script
    /// that does not parse is not formatted).
    pub fn format(&self) -> Result<Option<Edit>, crate::error::Diagnostics> {
        let formatted = crate::format::format_source("<editor>", &self.source.text)?;
        Ok((formatted != self.source.text).then(|| Edit {
            span: crate::source::Span::new(0, self.source.text.len()),
            text: formatted,
        }))
    }

    /// The scenario whose block holds `offset` (its closing brace included).
    fn scenario_at(&self, offset: usize) -> Option<&Scenario> {
        self.file
            .scenarios
            .iter()
            .find(|s| s.span.start() <= offset && offset <= s.span.end())
    }

    /// The track definition that holds `offset`.
    fn track_at(&self, offset: usize) -> Option<&TrackDef> {
        self.file
            .tracks
            .iter()
            .find(|t| t.span.start() <= offset && offset <= t.span.end())
    }

    /// The statement that holds `offset` (its end included), with its scenario.
    fn stmt_at(&self, offset: usize) -> Option<(&Scenario, &Spanned<Stmt>)> {
        let sc = self.scenario_at(offset)?;
        let stmt = sc
            .stmts
            .iter()
            .find(|s| s.span.start() <= offset && offset <= s.span.end())?;
        Some((sc, stmt))
    }

    /// `offset` moved back onto a character boundary of the text.
    fn floor(&self, offset: usize) -> usize {
        let mut at = offset.min(self.source.text.len());
        while !self.source.text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }

    /// The byte range of the line that holds `offset`, without its line end.
    fn line_around(&self, offset: usize) -> (usize, usize) {
        let offset = self.floor(offset);
        let start = self.source.text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let end = self.source.text[offset..]
            .find('\n')
            .map_or(self.source.text.len(), |i| offset + i);
        let end = if self.source.text[..end].ends_with('\r') {
            end - 1
        } else {
            end
        };
        (start, end.max(start))
    }

    /// The word (letters, digits, `_` and `-`) that holds `offset`, and its start.
    fn word_at(&self, offset: usize) -> Option<(usize, &str)> {
        let offset = self.floor(offset);
        let is_word = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
        let start = self.source.text[..offset]
            .char_indices()
            .rev()
            .take_while(|&(_, c)| is_word(c))
            .last()
            .map_or(offset, |(i, _)| i);
        let end = self.source.text[offset..]
            .char_indices()
            .find(|&(_, c)| !is_word(c))
            .map_or(self.source.text.len(), |(i, _)| offset + i);
        (start < end).then(|| (start, &self.source.text[start..end]))
    }
}
