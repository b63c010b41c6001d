//! The texts of imported files, and diagnostics whose labels lie in them
//! told in words (`crate::check::imports` reads the files).

use super::Diag;

/// Where the spans of imported files start: past any script meeple reads,
/// so a span never points into the importing script by mistake.
pub const IMPORT_BASE: usize = 1 << 40;

/// An imported file's text, its spans starting at `base`.
#[derive(Clone, Debug)]
pub struct ImportedText {
    /// Where its spans start.
    pub base: usize,
    /// Its name as shown (relative to the script's folder).
    pub name: String,
    /// Its text.
    pub text: String,
}

/// `d` with its labels inside imported files (spans from [`IMPORT_BASE`])
/// told in words, as `file:line:col`, in its help: a script's diagnostic is
/// drawn on the script's text, where such a span has no place (it drew
/// "Failed to read contents" and JSON positions past the file's end).
pub fn localize(mut d: Diag, files: &[ImportedText]) -> Diag {
    if !d.labels.iter().any(|(s, _)| s.start() >= IMPORT_BASE) {
        return d;
    }
    let mut notes = Vec::new();
    d.labels.retain(|(span, what)| {
        if span.start() < IMPORT_BASE {
            return true;
        }
        let file = files
            .iter()
            .find(|f| span.start() >= f.base && span.start() <= f.base + f.text.len());
        if let Some(f) = file {
            let at = span.start() - f.base;
            let line_start = f.text[..at].rfind('\n').map_or(0, |i| i + 1);
            let line_end = f.text[at..].find('\n').map_or(f.text.len(), |i| at + i);
            let line = f.text[..at].matches('\n').count() + 1;
            let col = f.text[line_start..at].chars().count() + 1;
            let shown: String = f.text[line_start..line_end]
                .trim()
                .chars()
                .take(80)
                .collect();
            notes.push(format!("{what}: {}:{line}:{col}: `{shown}`", f.name));
        }
        false
    });
    if !notes.is_empty() {
        let notes = notes.join("; ");
        d.help = Some(match d.help.take() {
            Some(h) => format!("{h} (in an imported file: {notes})"),
            None => format!("in an imported file: {notes}"),
        });
    }
    d
}
