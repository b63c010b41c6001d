//! Drawing diagnostics with miette: the report, and the excerpt of a large
//! script around a diagnostic's spans (long lines elided).

use super::{Diag, Severity};
use crate::source::{LineIndex, SourceFile, Span};
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};
use std::fmt;
use std::sync::Arc;

/// A diagnostic together with the source it points into, ready for miette.
#[derive(Debug, Clone)]
pub(crate) struct Report {
    pub(crate) diag: Diag,
    pub(crate) source: Arc<NamedSource<String>>,
}

impl std::error::Error for Report {}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diag.message)
    }
}

impl Diagnostic for Report {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.diag.code.as_str()))
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diag.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.diag
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        if self.diag.labels.is_empty() {
            None
        } else {
            Some(&*self.source)
        }
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.diag.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.diag.labels.iter().enumerate().map(
            |(i, (span, text))| {
                let label = (!text.is_empty()).then(|| text.clone());
                if i == 0 {
                    LabeledSpan::new_primary_with_span(label, *span)
                } else {
                    LabeledSpan::new_with_span(label, *span)
                }
            },
        )))
    }
}

/// Render a diagnostic as text against the script it points into.
/// `color` picks the coloured theme. A large script is drawn from excerpts
/// found through its line index: many diagnostics of one large file then
/// cost nothing per line before them.
pub fn render(diag: &Diag, source: &SourceFile, color: bool) -> String {
    render_as(diag, &source.name, source, color)
}

/// [`render`] naming the script `file` instead of its own name
/// (`meeple test --snapshots` names it by its file name only).
pub(crate) fn render_as(diag: &Diag, file: &str, source: &SourceFile, color: bool) -> String {
    let text = source.text.as_str();
    match excerpt(text, diag, source.lines()) {
        Some(windows) => render_excerpt(diag, file, text, &windows, color, source.lines()),
        None => render_whole(diag, file, text, color),
    }
}

fn handler(color: bool) -> GraphicalReportHandler {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    GraphicalReportHandler::new_themed(theme).with_width(100)
}

/// [`render`] given the whole text.
fn render_whole(diag: &Diag, file: &str, text: &str, color: bool) -> String {
    let (text, diag) = elide_long_lines(text, diag, &line_ranges(text));
    let report = Report {
        diag,
        source: Arc::new(NamedSource::new(file, text)),
    };
    let mut out = String::new();
    if handler(color).render_report(&mut out, &report).is_err() {
        out = format!("{}: {}\n", report.diag.code, report.diag.message);
    }
    out
}

/// Texts longer than this are rendered from excerpts around the labels:
/// miette scans a source from its start for every diagnostic, which made a
/// collection of 10,000 failing scenarios quadratic.
const EXCERPT_ABOVE: usize = 1 << 15;
/// Whole lines kept around each label (miette shows one line of context).
const EXCERPT_LINES: usize = 3;

/// The byte ranges of whole lines around the labels (one window per group
/// of nearby labels, in order, apart from each other), if the text is large
/// enough for excerpts to pay. Labels far apart (a duplicate and the first
/// declaration a million lines above) get a window each, so the lines
/// between them are never scanned. A window is found from the text's line
/// index without reading the text at all (a line of 8 MiB is not scanned
/// once per diagnostic on it).
fn excerpt(text: &str, diag: &Diag, index: &LineIndex) -> Option<Vec<(usize, usize)>> {
    if text.len() <= EXCERPT_ABOVE || diag.labels.is_empty() {
        return None;
    }
    let mut spans: Vec<(usize, usize)> = Vec::with_capacity(diag.labels.len());
    for (s, _) in &diag.labels {
        let (lo, hi) = (s.start(), s.end().max(s.start()));
        if hi > text.len() || !text.is_char_boundary(lo) || !text.is_char_boundary(hi) {
            return None;
        }
        spans.push((lo, hi));
    }
    spans.sort_unstable();
    let mut windows: Vec<(usize, usize)> = Vec::new();
    for (lo, hi) in spans {
        let first = index.line(lo).saturating_sub(EXCERPT_LINES).max(1);
        let start = index.start(first).unwrap_or(0);
        let end = index
            .start(index.line(hi) + EXCERPT_LINES + 1)
            .unwrap_or(text.len());
        match windows.last_mut() {
            // Overlapping or touching windows become one.
            Some(last) if start <= last.1 => last.1 = last.1.max(end),
            _ => windows.push((start, end)),
        }
    }
    Some(windows)
}

/// [`render`] from the windows of lines of `text` (each starting at a line
/// start), numbered as in the whole text.
fn render_excerpt(
    diag: &Diag,
    file: &str,
    text: &str,
    windows: &[(usize, usize)],
    color: bool,
    index: &LineIndex,
) -> String {
    // Each window is cut (long lines elided) on its own, with the labels
    // that fall in it; in the source miette sees, the windows follow each
    // other and every label is moved to its window's place.
    let mut local = diag.clone();
    let mut parts = Vec::with_capacity(windows.len());
    let mut at = 0;
    for &(start, end) in windows {
        let mut piece = Diag::new(diag.code, "");
        let mut which = Vec::new();
        for (i, (span, text)) in diag.labels.iter().enumerate() {
            if span.start() >= start && span.start() <= end {
                piece.labels.push((
                    Span::new(
                        span.start() - start,
                        span.end().max(span.start()).min(end) - start,
                    ),
                    text.clone(),
                ));
                which.push(i);
            }
        }
        // The window's lines, from the index without reading them (a line
        // of megabytes costs only the pieces kept of it).
        let window = &text[start..end];
        let lines: Vec<(usize, usize)> = (index.line(start)..)
            .map_while(|l| {
                let s = index.start(l).filter(|&s| s < end)?;
                let e = index.start(l + 1).map_or(end, |e| e.min(end));
                Some((s - start, e - start))
            })
            .collect();
        let (cut, piece) = elide_long_lines(window, &piece, &lines);
        for (i, (span, _)) in which.into_iter().zip(&piece.labels) {
            local.labels[i].0 = span.shift(at);
        }
        let lines_before = index.line(start) - 1;
        let len = cut.len();
        parts.push(Window {
            at,
            text: cut,
            lines_before,
        });
        at += len;
    }
    let report = Excerpt {
        report: Report {
            diag: local,
            // Unused: the excerpt is the source (see `source_code`).
            source: Arc::new(NamedSource::new(file, String::new())),
        },
        name: file.to_string(),
        windows: parts,
    };
    let mut out = String::new();
    if handler(color).render_report(&mut out, &report).is_err() {
        out = format!("{}: {}\n", diag.code, diag.message);
    }
    out
}

/// Some lines of a file: placed at `at` in the excerpt's source, starting
/// `lines_before` lines into the file.
#[derive(Debug)]
struct Window {
    at: usize,
    text: String,
    lines_before: usize,
}

/// A report whose source is windows of a file's lines, each numbered as in
/// the whole file.
#[derive(Debug)]
struct Excerpt {
    report: Report,
    name: String,
    windows: Vec<Window>,
}

impl std::error::Error for Excerpt {}

impl fmt::Display for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.report.fmt(f)
    }
}

impl Diagnostic for Excerpt {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.report.code()
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.report.severity()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.report.help()
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        (!self.report.diag.labels.is_empty()).then_some(self as &dyn miette::SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.report.labels()
    }
}

impl miette::SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        // The window holding the span (a span across windows cannot be read:
        // miette then shows the windows apart, as it would the whole file).
        let (lo, hi) = (span.offset(), span.offset() + span.len());
        let w = self
            .windows
            .iter()
            .find(|w| lo >= w.at && hi <= w.at + w.text.len())
            .ok_or(miette::MietteError::OutOfBounds)?;
        let local = miette::SourceSpan::new((lo - w.at).into(), span.len());
        let inner = w.text.as_str().read_span(&local, before, after)?;
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            miette::SourceSpan::new((inner.span().offset() + w.at).into(), inner.span().len()),
            inner.line() + w.lines_before,
            inner.column(),
            // miette's line count runs from the start of the source: its
            // choice of which nearby labels to show in one block stays the
            // one it makes on the whole file.
            inner.line_count() + w.lines_before,
        )))
    }
}

/// Lines longer than this are cut around the labels before rendering, so a
/// 200,000-character line never floods the terminal.
const LONG_LINE: usize = 240;
const KEEP: usize = 60;

/// The byte ranges of the lines of `text`, each with its `\n`.
fn line_ranges(text: &str) -> Vec<(usize, usize)> {
    let mut at = 0;
    text.split_inclusive('\n')
        .map(|l| {
            at += l.len();
            (at - l.len(), at)
        })
        .collect()
}

/// Shorten overlong lines of `text` (keeping line numbers) and move the
/// diagnostic's spans to match. `lines` are the ranges of its lines (each
/// with its `\n`): only the pieces kept of a long line are read.
fn elide_long_lines(text: &str, diag: &Diag, lines: &[(usize, usize)]) -> (String, Diag) {
    let b = text.as_bytes();
    // A line's length without its `\n` or `\r\n`, as `str::lines` gives it.
    let content = |&(s, e): &(usize, usize)| {
        let e = if e > s && b[e - 1] == b'\n' { e - 1 } else { e };
        let e = if e > s && e < b.len() && b[e - 1] == b'\r' && b[e] == b'\n' {
            e - 1
        } else {
            e
        };
        e - s
    };
    if lines.iter().all(|l| content(l) <= LONG_LINE) {
        return (text.to_string(), diag.clone());
    }
    // Pieces of the original kept verbatim, as (orig_start, orig_end); the
    // gaps between them become "…".
    let mut out = String::with_capacity(LONG_LINE * 4);
    let mut map: Vec<(usize, usize, usize)> = Vec::new(); // (orig_start, orig_end, new_start)
    for &(line_start, line_end) in lines {
        let line = &text[line_start..line_end];
        if line.len() <= LONG_LINE {
            map.push((line_start, line_end, out.len()));
            out.push_str(line);
        } else {
            let mut keep: Vec<(usize, usize)> = vec![(line_start, line_start + KEEP)];
            for (s, _) in &diag.labels {
                if s.start() >= line_start && s.start() < line_end {
                    keep.push((
                        s.start().saturating_sub(KEEP),
                        s.end().min(s.start() + KEEP) + KEEP,
                    ));
                }
            }
            keep.sort();
            let mut merged: Vec<(usize, usize)> = Vec::new();
            for (a, b) in keep {
                let a = floor_char(text, a.max(line_start));
                let b = floor_char(text, b.min(line_end));
                match merged.last_mut() {
                    Some(last) if a <= last.1 => last.1 = last.1.max(b),
                    _ => merged.push((a, b)),
                }
            }
            let mut pos = line_start;
            for (a, b) in merged {
                if a > pos {
                    out.push('…');
                }
                map.push((a, b, out.len()));
                out.push_str(&text[a..b]);
                pos = b;
            }
            if pos < line_end {
                out.push('…');
                if line.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
    }
    // An offset in a cut-out gap goes to the end of the piece kept before
    // it: a label longer than a kept piece ends at the `…`, not at the end
    // of the text.
    let remap = |off: usize| -> usize {
        let i = map.partition_point(|&(a, _, _)| a <= off);
        match i.checked_sub(1).map(|i| map[i]) {
            Some((a, b, n)) => n + (off.min(b) - a),
            None => 0,
        }
    };
    let mut diag = diag.clone();
    for (span, _) in &mut diag.labels {
        let start = remap(span.start());
        let end = remap(span.end()).max(start);
        *span = Span::new(start, end);
    }
    (out, diag)
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
