//! Diagnostics: one module for every error meeple reports.
//!
//! Each kind of error has a stable [`Code`] (`meeple::board::ragged`, …); a
//! [`Diag`] carries the code, a message, labels on exact source spans and a
//! help line. [`Report`] pairs diagnostics with their source for miette.

use crate::syntax::ast::Span;
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};
use std::fmt;
use std::sync::Arc;

macro_rules! codes {
    ($($name:ident = $code:literal : $what:literal;)*) => {
        /// The stable code of every kind of diagnostic.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Code { $($name),* }

        impl Code {
            /// Every code, in catalogue order.
            pub const ALL: &'static [Code] = &[$(Code::$name),*];
            /// The code as printed, e.g. `meeple::board::ragged`.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$name => $code),* }
            }
            /// What triggers it, in one line (the diagnostics catalogue).
            pub fn describe(self) -> &'static str {
                match self { $(Code::$name => $what),* }
            }
        }
    };
}

codes! {
    Io = "meeple::io": "a file could not be read";
    Parse = "meeple::parse": "the text does not follow the grammar of the language";
    ParseUtf8 = "meeple::parse::utf8": "the file is not valid UTF-8";
    ParseUnterminated = "meeple::parse::unterminated": "a string or raw block is never closed";
    ParseEscape = "meeple::parse::escape": "a string uses an escape other than \\\" and \\\\";
    NumberRange = "meeple::number::range": "a number is too large, negative or otherwise out of range";
    ScenarioNoGame = "meeple::scenario::no_game": "a scenario does not start with `game NAME`";
    ScenarioDuplicateName = "meeple::scenario::duplicate_name": "two scenarios in one file share a name";
    GameUnknown = "meeple::game::unknown": "`game` names a game meeple does not know";
    GameDuplicate = "meeple::game::duplicate": "a scenario says `game` twice";
    StmtWrongGame = "meeple::stmt::wrong_game": "a statement that the scenario's game does not have";
    BoardRagged = "meeple::board::ragged": "board rows of different lengths";
    BoardCell = "meeple::board::cell": "a board cell that is not in the game's legend";
    BoardEmpty = "meeple::board::empty": "a board with no cells";
    BoardDuplicate = "meeple::board::duplicate": "a second `board` (or `input`) in one scenario";
    BoardMissing = "meeple::board::missing": "a piece placed before any board was declared";
    BoardTooLarge = "meeple::board::too_large": "a board beyond what meeple can hold or solve";
    BoardKind = "meeple::board::kind": "a board form the game does not use (a grid for yut, a track for footholds)";
    PieceOffBoard = "meeple::piece::off_board": "a piece placed outside the board";
    PieceInHole = "meeple::piece::in_hole": "a footholds player placed on a hole";
    PieceDuplicate = "meeple::piece::duplicate": "the same piece placed twice";
    PieceName = "meeple::piece::name": "a piece name the game does not use (footholds: A, B; stacking: 1..K)";
    PieceNumbering = "meeple::piece::numbering": "stacking pieces not numbered 1..K without gaps";
    PieceSharedCell = "meeple::piece::shared_cell": "two stacking pieces on one starting cell";
    PieceFacing = "meeple::piece::facing": "a stacking piece without `facing DIR`, or a footholds player with one";
    DiceRange = "meeple::dice::range": "a roll or die range that is not allowed";
    DiceDuplicate = "meeple::dice::duplicate": "dice declared twice in one scenario";
    RuleUnknown = "meeple::rule::unknown": "a rule the game does not have";
    RuleValue = "meeple::rule::value": "a rule value out of the rule's range";
    RuleDuplicate = "meeple::rule::duplicate": "the same rule set twice in one scenario";
    InputFormat = "meeple::input::format": "an `input` block that is not in the judge's format";
    TrackUnknown = "meeple::track::unknown": "`board NAME` names no track";
    TrackDuplicate = "meeple::track::duplicate": "two tracks with one name";
    TrackSquare = "meeple::track::square": "a track refers to a square that is never defined";
    TrackScore = "meeple::track::score": "a square given two different scores";
    TrackCycle = "meeple::track::cycle": "a track whose links form a cycle";
    TrackFinish = "meeple::track::finish": "a square from which finish cannot be reached";
    TrackShortcut = "meeple::track::shortcut": "a shortcut leaving start or finish, or a second shortcut from one square";
    TrackLink = "meeple::track::link": "a square linked to two different next squares, into start or out of finish";
    QueryMissing = "meeple::query::missing": "a query lacks what it needs (board, pieces, dice)";
    PlayIllegal = "meeple::play::illegal": "`play` asks for a move that is not legal now";
    UndoNothing = "meeple::undo::nothing": "`undo` with no `play` or `step` to take back";
    ExpectNoResult = "meeple::expect::no_result": "`expect` before any `solve`";
    ExpectField = "meeple::expect::field": "`expect` names a field the game's `solve` does not give";
    ExpectFailed = "meeple::expect::failed": "an expectation does not hold";
    LimitStates = "meeple::limit::states": "a solve reached `--max-states`";
    LimitTime = "meeple::limit::time": "a solve ran out of `--timeout`";
    LimitCancelled = "meeple::limit::cancelled": "a solve was cancelled with Ctrl-C";
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One diagnostic: a code, a message, labelled spans (the first is the
/// primary one) and a help line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    pub code: Code,
    pub message: String,
    pub labels: Vec<(Span, String)>,
    pub help: Option<String>,
}

impl Diag {
    pub fn new(code: Code, message: impl Into<String>) -> Diag {
        Diag {
            code,
            message: message.into(),
            labels: Vec::new(),
            help: None,
        }
    }

    /// Add a label on `span`.
    pub fn label(mut self, span: Span, text: impl Into<String>) -> Diag {
        self.labels.push((span, text.into()));
        self
    }

    /// Set the help line.
    pub fn help(mut self, text: impl Into<String>) -> Diag {
        self.help = Some(text.into());
        self
    }

    /// The primary span, if any.
    pub fn span(&self) -> Option<Span> {
        self.labels.first().map(|(s, _)| *s)
    }
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A list of diagnostics is what every stage returns on failure.
pub type Diags = Vec<Diag>;

/// A diagnostic together with the source it points into, ready for miette.
#[derive(Debug, Clone)]
pub struct Report {
    pub diag: Diag,
    pub source: Arc<NamedSource<String>>,
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

/// Render diagnostics as text. `color` picks the coloured theme.
pub fn render(diag: &Diag, file: &str, text: &str, color: bool) -> String {
    match excerpt(text, diag) {
        Some((start, end)) => render_excerpt(diag, file, text, (start, end), color),
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
    let (text, diag) = elide_long_lines(text, diag);
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

/// Texts longer than this are rendered from an excerpt around the labels:
/// miette scans a source from its start for every diagnostic, which made a
/// collection of 10,000 failing scenarios quadratic.
const EXCERPT_ABOVE: usize = 1 << 15;
/// Whole lines kept around the labels (miette shows one line of context).
const EXCERPT_LINES: usize = 3;

/// The byte range of whole lines around every label, if the text is large
/// enough for an excerpt to pay.
fn excerpt(text: &str, diag: &Diag) -> Option<(usize, usize)> {
    if text.len() <= EXCERPT_ABOVE || diag.labels.is_empty() {
        return None;
    }
    let lo = diag.labels.iter().map(|(s, _)| s.start).min()?;
    let hi = diag.labels.iter().map(|(s, _)| s.end.max(s.start)).max()?;
    if hi > text.len() || !text.is_char_boundary(lo) || !text.is_char_boundary(hi) {
        return None;
    }
    let bytes = text.as_bytes();
    let mut start = lo;
    for _ in 0..=EXCERPT_LINES {
        match bytes[..start].iter().rposition(|&b| b == b'\n') {
            Some(i) if start > 0 => start = i,
            _ => {
                start = 0;
                break;
            }
        }
    }
    if start > 0 {
        start += 1; // just after a newline: a line start
    }
    let mut end = hi;
    for _ in 0..=EXCERPT_LINES {
        match bytes[end..].iter().position(|&b| b == b'\n') {
            Some(i) => end += i + 1,
            None => {
                end = text.len();
                break;
            }
        }
    }
    Some((start, end))
}

/// [`render`] from the lines `range` of `text` (which start at a line
/// start), numbered as in the whole text.
fn render_excerpt(
    diag: &Diag,
    file: &str,
    text: &str,
    (start, end): (usize, usize),
    color: bool,
) -> String {
    let mut local = diag.clone();
    for (span, _) in &mut local.labels {
        *span = Span::new(span.start - start, span.end.max(span.start) - start);
    }
    let (piece, local) = elide_long_lines(&text[start..end], &local);
    let lines_before = count_newlines(&text.as_bytes()[..start]);
    let report = Excerpt {
        report: Report {
            diag: local,
            source: Arc::new(NamedSource::new(file, piece)),
        },
        lines_before,
    };
    let mut out = String::new();
    if handler(color).render_report(&mut out, &report).is_err() {
        out = format!("{}: {}\n", diag.code, diag.message);
    }
    out
}

/// `\n` bytes in `bytes`, counted in chunks a byte counter cannot overflow
/// (which the compiler turns into wide vector code).
fn count_newlines(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|c| c.iter().map(|&b| u8::from(b == b'\n')).sum::<u8>() as usize)
        .sum()
}

/// A report whose source is an excerpt starting `lines_before` lines into
/// the file: line numbers are shifted to match the whole file.
#[derive(Debug)]
struct Excerpt {
    report: Report,
    lines_before: usize,
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
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.report.help()
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.report
            .source_code()
            .map(|_| self as &dyn miette::SourceCode)
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
        let inner = self.report.source.read_span(span, before, after)?;
        Ok(Box::new(miette::MietteSpanContents::new_named(
            inner.name().unwrap_or_default().to_string(),
            inner.data(),
            *inner.span(),
            inner.line() + self.lines_before,
            inner.column(),
            inner.line_count(),
        )))
    }
}

/// Lines longer than this are cut around the labels before rendering, so a
/// 200,000-character line never floods the terminal.
const LONG_LINE: usize = 240;
const KEEP: usize = 60;

/// Shorten overlong lines of `text` (keeping line numbers) and move the
/// diagnostic's spans to match.
fn elide_long_lines(text: &str, diag: &Diag) -> (String, Diag) {
    if text.lines().all(|l| l.len() <= LONG_LINE) {
        return (text.to_string(), diag.clone());
    }
    // Pieces of the original kept verbatim, as (orig_start, orig_end); the
    // gaps between them become "…".
    let mut out = String::with_capacity(LONG_LINE * 4);
    let mut map: Vec<(usize, usize, usize)> = Vec::new(); // (orig_start, orig_end, new_start)
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let line_end = line_start + line.len();
        if line.len() <= LONG_LINE {
            map.push((line_start, line_end, out.len()));
            out.push_str(line);
        } else {
            let mut keep: Vec<(usize, usize)> = vec![(line_start, line_start + KEEP)];
            for (s, _) in &diag.labels {
                if s.start >= line_start && s.start < line_end {
                    keep.push((
                        s.start.saturating_sub(KEEP),
                        s.end.min(s.start + KEEP) + KEEP,
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
        line_start = line_end;
    }
    let remap = |off: usize| -> usize {
        for &(a, b, n) in &map {
            if off >= a && off <= b {
                return n + (off - a);
            }
        }
        out.len()
    };
    let mut diag = diag.clone();
    for (span, _) in &mut diag.labels {
        let start = remap(span.start);
        let end = remap(span.end).max(start);
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
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_namespaced() {
        let mut seen = std::collections::HashSet::new();
        for c in Code::ALL {
            assert!(c.as_str().starts_with("meeple::"));
            assert!(seen.insert(c.as_str()), "duplicate code {c}");
        }
    }

    #[test]
    fn rendering_names_code_label_and_help() {
        let d = Diag::new(Code::BoardRagged, "rows differ")
            .label(Span::new(4, 7), "this row has 3 cells")
            .help("make every row as long as the first");
        let out = render(&d, "x.game", "1 1\n1 1 1\n", false);
        assert!(out.contains("meeple::board::ragged"), "{out}");
        assert!(out.contains("this row has 3 cells"), "{out}");
        assert!(out.contains("make every row as long"), "{out}");
    }

    #[test]
    fn excerpts_render_as_the_whole_text_does() {
        let mut text = String::new();
        for i in 0..3000 {
            text.push_str(&format!(
                "scenario \"s{i}\" {{\n  game footholds\n  expect answer {i}\n}}\n"
            ));
        }
        text.push_str(&format!("# {}\nlast {{", "x".repeat(300)));
        assert!(text.len() > EXCERPT_ABOVE);
        let at = |needle: &str| text.find(needle).unwrap();
        let cases = [
            Diag::new(Code::ExpectFailed, "first")
                .label(
                    Span::new(at("expect answer 0"), at("expect answer 0") + 15),
                    "here",
                )
                .help("fix it"),
            Diag::new(Code::ExpectFailed, "middle")
                .label(
                    Span::new(at("expect answer 1500"), at("expect answer 1500") + 18),
                    "a",
                )
                .label(
                    Span::new(at("scenario \"s1500\""), at("scenario \"s1500\"") + 8),
                    "b",
                ),
            Diag::new(Code::Parse, "end").label(Span::new(text.len(), text.len()), "eof"),
            Diag::new(Code::Parse, "long line")
                .label(Span::new(text.len() - 20, text.len() - 19), "x"),
        ];
        for d in &cases {
            assert!(excerpt(&text, d).is_some());
            for color in [false, true] {
                let whole = render_whole(d, "x.game", &text, color);
                assert_eq!(render(d, "x.game", &text, color), whole);
            }
        }
        assert!(render_whole(&cases[1], "x.game", &text, false).contains("6002"));
    }

    #[test]
    fn long_lines_are_elided_around_the_label() {
        let text = format!("scenario \"x\" {}!\n", "{".repeat(5000));
        let d = Diag::new(Code::Parse, "bad").label(Span::new(4014, 4015), "here");
        let out = render(&d, "x.game", &text, false);
        assert!(out.len() < 2000, "{}", out.len());
        assert!(out.contains('…'));
    }
}
