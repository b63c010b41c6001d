//! Diagnostics: one module for every error meeple reports.
//!
//! Each kind of error has a stable [`Code`] (`meeple::board::ragged`, …); a
//! [`Diag`] carries the code, a message, labels on exact source spans and a
//! help line. `Report` pairs diagnostics with their source for miette.

#[cfg(doc)]
use crate::limits::ERRORS_SHOWN;
use crate::source::LineIndex;
use crate::source::Span;
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};
use std::fmt;
use std::sync::Arc;

macro_rules! codes {
    ($($name:ident = $code:literal : $what:literal;)*) => {
        /// The stable code of every kind of diagnostic.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Code { $(#[doc = concat!("`", $code, "`: ", $what, ".")] $name),* }

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
    SourceTooLarge = "meeple::source::too_large": "a file larger than meeple reads (16 MiB)";
    SourceTooMany = "meeple::source::too_many": "a file with more statements, a statement with more numbers or a track with more squares than meeple reads";
    Parse = "meeple::parse": "the text does not follow the grammar of the language";
    ParseUtf8 = "meeple::parse::utf8": "the file is not valid UTF-8";
    ParseUnterminated = "meeple::parse::unterminated": "a string, raw block, board or scenario is never closed";
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
    ExpectValue = "meeple::expect::value": "`expect` gives a value of the wrong kind for its field (a word for a number, a player that is not A or B)";
    ExpectFailed = "meeple::expect::failed": "an expectation does not hold";
    LimitStates = "meeple::limit::states": "a solve reached `--max-states`";
    LimitTime = "meeple::limit::time": "a solve ran out of `--timeout`";
    LimitCancelled = "meeple::limit::cancelled": "a solve was cancelled with Ctrl-C";
    LimitMemory = "meeple::limit::memory": "a statement, or the output of a run (the text it prints and the boards its answers keep), needs more memory than `--memory` allows (default 1024 MB)";
    GenOption = "meeple::gen::option": "a `meeple gen` shape option that is malformed or out of range (a range 5..2, a fraction 1.5, an unknown colour)";
    GenWhere = "meeple::gen::where": "a `meeple gen --where` condition that names no solve field of the game or cannot be read";
    GenUnsatisfied = "meeple::gen::unsatisfied": "`meeple gen` found fewer cases meeting `--where` than `--count` within `--tries` candidates";
    ErrorsTooMany = "meeple::errors::too_many": "more errors than meeple reports: parsing stops after 100 syntax errors, and a file or a scenario shows its first 1000 errors";
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
    /// Which kind of error this is.
    pub code: Code,
    /// The one-line message.
    pub message: String,
    /// Labelled spans; the first is the primary one.
    pub(crate) labels: Vec<(Span, String)>,
    /// The help line, if any.
    pub(crate) help: Option<String>,
    /// A failed `expect`: its statement, field and value (what a passed
    /// one reports in its event), for the reports that list expectations.
    pub(crate) expectation: Option<Box<Expectation>>,
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
}

impl Diag {
    /// A diagnostic with a code and a message, no labels and no help yet.
    pub fn new(code: Code, message: impl Into<String>) -> Diag {
        Diag {
            code,
            message: bounded(message.into()),
            labels: Vec::new(),
            help: None,
            expectation: None,
        }
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
    render_with(diag, file, text, color, None)
}

/// [`render`] with the text's line index built once by the caller: many
/// diagnostics of one large file then cost nothing per line before them.
pub fn render_indexed(
    diag: &Diag,
    file: &str,
    text: &str,
    color: bool,
    lines: &LineIndex,
) -> String {
    render_with(diag, file, text, color, Some(lines))
}

fn render_with(
    diag: &Diag,
    file: &str,
    text: &str,
    color: bool,
    lines: Option<&LineIndex>,
) -> String {
    match excerpt(text, diag, lines) {
        Some(windows) => render_excerpt(diag, file, text, &windows, color, lines),
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
/// between them are never scanned. With the text's line index, a window is
/// found without reading the text at all (a line of 8 MiB is not scanned
/// once per diagnostic on it).
fn excerpt(text: &str, diag: &Diag, index: Option<&LineIndex>) -> Option<Vec<(usize, usize)>> {
    if text.len() <= EXCERPT_ABOVE || diag.labels.is_empty() {
        return None;
    }
    let bytes = text.as_bytes();
    let mut spans: Vec<(usize, usize)> = Vec::with_capacity(diag.labels.len());
    for (s, _) in &diag.labels {
        let (lo, hi) = (s.start, s.end.max(s.start));
        if hi > text.len() || !text.is_char_boundary(lo) || !text.is_char_boundary(hi) {
            return None;
        }
        spans.push((lo, hi));
    }
    spans.sort_unstable();
    let mut windows: Vec<(usize, usize)> = Vec::new();
    for (lo, hi) in spans {
        let (start, end) = match index {
            Some(index) => {
                let first = index.line(lo).saturating_sub(EXCERPT_LINES).max(1);
                let start = index.start(first).unwrap_or(0);
                let end = index
                    .start(index.line(hi) + EXCERPT_LINES + 1)
                    .unwrap_or(text.len());
                (start, end)
            }
            None => scan_window(bytes, lo, hi),
        };
        match windows.last_mut() {
            // Overlapping or touching windows become one.
            Some(last) if start <= last.1 => last.1 = last.1.max(end),
            _ => windows.push((start, end)),
        }
    }
    Some(windows)
}

/// The window of [`excerpt`] around the label `lo..hi`, found by reading
/// the text: from the start of the line `EXCERPT_LINES` above to the end of
/// the line `EXCERPT_LINES` below.
fn scan_window(bytes: &[u8], lo: usize, hi: usize) -> (usize, usize) {
    {
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
                    end = bytes.len();
                    break;
                }
            }
        }
        (start, end)
    }
}

/// [`render`] from the windows of lines of `text` (each starting at a line
/// start), numbered as in the whole text.
fn render_excerpt(
    diag: &Diag,
    file: &str,
    text: &str,
    windows: &[(usize, usize)],
    color: bool,
    index: Option<&LineIndex>,
) -> String {
    // Each window is cut (long lines elided) on its own, with the labels
    // that fall in it; in the source miette sees, the windows follow each
    // other and every label is moved to its window's place.
    let mut local = diag.clone();
    let mut parts = Vec::with_capacity(windows.len());
    let mut at = 0;
    let mut newlines = (0, 0); // (offset, newlines before it), for counting on
    for &(start, end) in windows {
        let mut piece = Diag::new(diag.code, "");
        let mut which = Vec::new();
        for (i, (span, text)) in diag.labels.iter().enumerate() {
            if span.start >= start && span.start <= end {
                piece.labels.push((
                    Span::new(
                        span.start - start,
                        span.end.max(span.start).min(end) - start,
                    ),
                    text.clone(),
                ));
                which.push(i);
            }
        }
        // The window's lines: from the index without reading them (a line
        // of megabytes costs only the pieces kept of it), or by a scan.
        let window = &text[start..end];
        let lines = match index {
            Some(index) => (index.line(start)..)
                .map_while(|l| {
                    let s = index.start(l).filter(|&s| s < end)?;
                    let e = index.start(l + 1).map_or(end, |e| e.min(end));
                    Some((s - start, e - start))
                })
                .collect(),
            None => line_ranges(window),
        };
        let (cut, piece) = elide_long_lines(window, &piece, &lines);
        for (i, (span, _)) in which.into_iter().zip(&piece.labels) {
            local.labels[i].0 = span.shift(at);
        }
        let lines_before = match index {
            Some(index) => index.line(start) - 1,
            None => {
                newlines.1 += count_newlines(&text.as_bytes()[newlines.0..start]);
                newlines.0 = start;
                newlines.1
            }
        };
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

/// `\n` bytes in `bytes`, counted in chunks a byte counter cannot overflow
/// (which the compiler turns into wide vector code).
fn count_newlines(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|c| c.iter().map(|&b| u8::from(b == b'\n')).sum::<u8>() as usize)
        .sum()
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
        let index = LineIndex::new(&text);
        for d in &cases {
            assert!(excerpt(&text, d, None).is_some());
            assert_eq!(excerpt(&text, d, Some(&index)), excerpt(&text, d, None));
            for color in [false, true] {
                let whole = render_whole(d, "x.game", &text, color);
                assert_eq!(render(d, "x.game", &text, color), whole);
                assert_eq!(render_indexed(d, "x.game", &text, color, &index), whole);
            }
        }
        assert!(render_whole(&cases[1], "x.game", &text, false).contains("6002"));
    }

    #[test]
    fn far_apart_labels_render_as_the_whole_text_does() {
        let mut text = String::new();
        for i in 0..3000 {
            text.push_str(&format!("  piece A at (0, {i})\n"));
        }
        text.push_str(&format!("# {}\n", "y".repeat(500)));
        assert!(text.len() > EXCERPT_ABOVE);
        let at = |needle: &str| text.find(needle).unwrap();
        let long = text.len() - 300;
        let cases = [
            Diag::new(Code::PieceDuplicate, "far")
                .label(Span::new(at("(0, 2999)"), at("(0, 2999)") + 9), "again")
                .label(Span::new(at("(0, 0)"), at("(0, 0)") + 6), "first")
                .help("remove one"),
            Diag::new(Code::PieceDuplicate, "three windows, two merged")
                .label(Span::new(at("(0, 10)"), at("(0, 10)") + 7), "a")
                .label(Span::new(at("(0, 12)"), at("(0, 12)") + 7), "b")
                .label(Span::new(at("(0, 1000)"), at("(0, 1000)") + 9), "c")
                .label(Span::new(long, long + 1), "in a long line"),
        ];
        let index = LineIndex::new(&text);
        for d in &cases {
            assert!(excerpt(&text, d, None).is_some_and(|w| w.len() > 1));
            assert_eq!(excerpt(&text, d, Some(&index)), excerpt(&text, d, None));
            for color in [false, true] {
                let whole = render_whole(d, "x.game", &text, color);
                assert_eq!(render(d, "x.game", &text, color), whole);
                assert_eq!(render_indexed(d, "x.game", &text, color, &index), whole);
            }
        }
        assert!(render(&cases[0], "x.game", &text, false).contains("3000 │"));
        // On the whole file, miette shows labels on lines 1501 and 3000 in
        // one block of 1500 lines (it merges blocks when the first label's
        // line number doubled passes the second's); from excerpts they are
        // two blocks, as any two labels far apart are.
        let d = Diag::new(Code::PieceDuplicate, "far")
            .label(Span::new(at("(0, 1500)"), at("(0, 1500)") + 9), "first")
            .label(Span::new(at("(0, 2999)"), at("(0, 2999)") + 9), "again");
        let out = render(&d, "x.game", &text, false);
        assert_eq!(out.matches("╭─[").count(), 2, "{out}");
        assert!(out.lines().count() < 20, "{out}");
        assert!(out.contains("1501 │") && out.contains("3000 │"), "{out}");
    }

    #[test]
    fn giant_words_in_messages_are_cut() {
        let name = format!("a{}z", "é".repeat(1_000_000));
        let d = Diag::new(Code::ExpectValue, format!("not `{name}`, no"))
            .label(Span::new(0, 1), format!("`{name}`"))
            .help("short");
        assert!(d.message.starts_with("not `aéé") && d.message.ends_with("éz`, no"));
        assert_eq!(d.message.chars().count(), 4 + (100 + 1 + 20) + 3);
        assert_eq!(d.labels[0].1.chars().count(), 100 + 1 + 20);
        assert_eq!(d.help.as_deref(), Some("short"));
        // Many short words: the text keeps its start and end.
        let d = Diag::new(Code::Parse, "ab ".repeat(1_000_000) + "end");
        assert_eq!(d.message.chars().count(), 2000 - 200 + 1 + 100);
        assert!(d.message.ends_with("ab end"));
        // Ordinary texts are untouched.
        let path = format!("could not read /{}/x.game", "d".repeat(150));
        assert_eq!(Diag::new(Code::Io, path.clone()).message, path);
    }

    #[test]
    fn a_giant_line_is_read_only_around_the_labels() {
        // One line of a megabyte between short CRLF lines: the indexed
        // render reads only the pieces it keeps, and draws what the whole
        // text draws.
        let cells = vec!["7"; 500_000].join(",");
        let text = format!(
            "a\r\nb\r\n  board [[{cells}]]\r\nc\r\n#{}\n",
            "z".repeat(241)
        );
        assert!(text.len() > EXCERPT_ABOVE);
        let index = LineIndex::new(&text);
        let first = text.find('7').unwrap();
        for at in [first, first + 2, text.len() / 2, text.len() - 270] {
            let d = Diag::new(Code::BoardCell, "7 is not a cell")
                .label(Span::new(at, at + 1), "not in the legend")
                .label(Span::new(first, first + 1), "the first");
            assert_eq!(excerpt(&text, &d, Some(&index)), excerpt(&text, &d, None));
            for color in [false, true] {
                let whole = render_whole(&d, "x.game", &text, color);
                assert!(whole.len() < 2000, "{whole}");
                assert_eq!(render_indexed(&d, "x.game", &text, color, &index), whole);
                assert_eq!(render(&d, "x.game", &text, color), whole);
            }
        }
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
