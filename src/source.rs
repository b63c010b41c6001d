//! Source text: a script's name and text with its line index, and byte
//! spans into it. The bottom layer: it imports nothing of meeple.

/// A script: its name (a path, usually, or `<stdin>`), its text, and the
/// index of its lines, built once.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The name diagnostics show for it.
    pub name: String,
    /// The whole text (line ends as read; see `crate::syntax::line_ends`).
    pub text: String,
    lines: LineIndex,
}

impl SourceFile {
    /// A script from its name and text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        let text = text.into();
        let lines = LineIndex::new(&text);
        SourceFile {
            name: name.into(),
            text,
            lines,
        }
    }

    /// A script with no text: what a diagnostic about a file that could not
    /// be read (or about no file) is drawn against.
    pub fn empty(name: impl Into<String>) -> SourceFile {
        SourceFile::new(name, String::new())
    }

    /// The index of the text's lines.
    pub fn lines(&self) -> &LineIndex {
        &self.lines
    }

    /// The 1-based line of a byte offset.
    pub fn line(&self, offset: usize) -> usize {
        self.lines.line(offset)
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        self.lines.line_col(&self.text, offset)
    }

    /// The 0-based line and UTF-16 column of a byte offset (the positions
    /// of the Language Server Protocol); see [`LineIndex::utf16_position`].
    pub fn utf16_position(&self, offset: usize) -> (usize, usize) {
        self.lines.utf16_position(&self.text, offset)
    }

    /// The byte offset of a 0-based line and UTF-16 column, or `None` for
    /// a line past the last; see [`LineIndex::utf16_offset`].
    pub fn utf16_offset(&self, line: usize, column: usize) -> Option<usize> {
        self.lines.utf16_offset(&self.text, line, column)
    }

    /// The text of a span (empty when the span is not in the text).
    pub fn slice(&self, span: Span) -> &str {
        self.text.get(span.start..span.end).unwrap_or("")
    }

    /// A checked span of this text: `start <= end <= len`, both on
    /// character boundaries.
    pub fn span(&self, start: usize, end: usize) -> Option<Span> {
        Span::checked(start, end, &self.text)
    }
}

/// A byte range `start..end` in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// The first byte.
    start: usize,
    /// One past the last byte (never before `start`).
    end: usize,
}

impl Span {
    /// A span from its ends; `start <= end` (an inverted span is emptied
    /// at `start`). Spans built by the parser are always in the text.
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start,
            end: end.max(start),
        }
    }
    /// A span of `text` when it is one: `start <= end <= text.len()`, both on
    /// character boundaries.
    pub fn checked(start: usize, end: usize, text: &str) -> Option<Span> {
        (start <= end && text.is_char_boundary(start) && text.is_char_boundary(end))
            .then_some(Span { start, end })
    }
    /// The first byte.
    pub fn start(self) -> usize {
        self.start
    }
    /// One past the last byte.
    pub fn end(self) -> usize {
        self.end
    }
    /// The byte range `start..end`.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start..self.end
    }
    /// The same span with its end moved to `end` (emptied at `start` when
    /// `end` is before it).
    pub fn with_end(self, end: usize) -> Span {
        Span::new(self.start, end)
    }
    /// The same span with its start moved to `start` (emptied at `start`
    /// when the end is before it).
    pub fn with_start(self, start: usize) -> Span {
        Span::new(start, self.end)
    }
    /// Its length in bytes.
    pub fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }
    /// Whether the span covers no bytes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The span shifted right by `offset` bytes (for text embedded in a raw block).
    pub fn shift(self, offset: usize) -> Span {
        Span::new(self.start + offset, self.end + offset)
    }
    /// The span shifted left by `offset` bytes (`start >= offset`): from a
    /// longer text to the piece of it that starts at `offset`.
    pub fn shift_back(self, offset: usize) -> Span {
        Span::new(self.start - offset, self.end - offset)
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(s: Span) -> Self {
        (s.start, s.len()).into()
    }
}

/// A node with the span of the source text it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The node.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// A node with its span.
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

impl<T> std::ops::Deref for Spanned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.node
    }
}

/// The 1-based line of a byte offset.
pub fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    #[cfg(test)]
    scanned::add(end);
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Line numbers of many offsets into one text: `line_of` without
/// rescanning the text for every lookup.
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// The byte offset where each line starts.
    starts: Vec<usize>,
}

impl LineIndex {
    /// The line starts of `text`.
    pub fn new(text: &str) -> LineIndex {
        #[cfg(test)]
        scanned::add(text.len());
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { starts }
    }

    /// Where the 1-based `line` starts, if the text has that many lines.
    pub fn start(&self, line: usize) -> Option<usize> {
        line.checked_sub(1)
            .and_then(|i| self.starts.get(i).copied())
    }

    /// The 1-based line of a byte offset, as `line_of` gives it.
    pub fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset)
    }

    /// The 1-based line and column (in characters) of a byte offset into
    /// `text`, the text this index was built from.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let line = self.line(offset);
        let start = self.starts[line - 1].min(text.len());
        let end = offset.clamp(start, text.len());
        let column = text
            .get(start..end)
            .map_or(end - start, |s| s.chars().count());
        (line, column + 1)
    }

    /// The 0-based line and UTF-16 column of a byte offset into `text` (the
    /// positions of the Language Server Protocol). An offset past the end
    /// is the end; one inside a character counts from that character's start.
    pub fn utf16_position(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = offset.min(text.len());
        let line = self.line(offset);
        let start = self.starts[line - 1].min(offset);
        let column = text[start..]
            .char_indices()
            .take_while(|(i, _)| start + i < offset)
            .map(|(_, c)| c.len_utf16())
            .sum();
        (line - 1, column)
    }

    /// The byte offset of a 0-based line and UTF-16 column of `text`, or
    /// `None` for a line past the last. A column past the line's end means
    /// its end (before the line feed), as the protocol says; one inside a
    /// surrogate pair means the character's start.
    pub fn utf16_offset(&self, text: &str, line: usize, column: usize) -> Option<usize> {
        let start = *self.starts.get(line)?;
        let end = self
            .starts
            .get(line + 1)
            .map_or(text.len(), |next| next - 1)
            .min(text.len());
        let body = text.get(start..end)?;
        let body = body.strip_suffix('\r').unwrap_or(body);
        let mut units = 0;
        for (i, c) in body.char_indices() {
            if units + c.len_utf16() > column {
                return Some(start + i);
            }
            units += c.len_utf16();
        }
        Some(start + body.len())
    }
}

/// The bytes `line_of` and `LineIndex::new` scanned on this thread: the
/// work of finding lines, counted for tests that bound it.
#[cfg(test)]
pub(crate) mod scanned {
    use std::cell::Cell;

    thread_local!(static BYTES: Cell<usize> = const { Cell::new(0) });

    pub(crate) fn add(n: usize) {
        BYTES.with(|b| b.set(b.get() + n));
    }

    /// The count so far, set back to 0.
    pub(crate) fn take() -> usize {
        BYTES.with(|b| b.replace(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way to make a span keeps `start <= end`: the fields are
    /// private, so a span cannot be inverted after it is made.
    #[test]
    fn spans_are_never_inverted() {
        assert_eq!(Span::new(5, 2).range(), 5..5);
        assert_eq!(Span::new(2, 5).with_end(1).range(), 2..2);
        assert_eq!(Span::new(2, 5).with_start(7).range(), 7..7);
        assert_eq!(Span::new(2, 5).with_end(9).range(), 2..9);
        assert_eq!(Span::new(2, 5).shift(3).range(), 5..8);
        let text = "aé"; // `é` is bytes 1..3
        assert_eq!(Span::checked(0, 3, text).map(Span::range), Some(0..3));
        assert_eq!(Span::checked(2, 1, text), None);
        assert_eq!(Span::checked(0, 2, text), None, "inside `é`");
        assert_eq!(Span::checked(0, 4, text), None, "past the end");
    }

    #[test]
    fn lines_count_from_one() {
        assert_eq!(line_of("a\nb\nc", 0), 1);
        assert_eq!(line_of("a\nb\nc", 2), 2);
        assert_eq!(line_of("a\nb\nc", 99), 3);
    }

    #[test]
    fn line_index_agrees_with_line_of() {
        for text in ["", "a", "\n", "a\nb\nc", "a\n\nbc\n", "x\ny\n\n"] {
            let idx = LineIndex::new(text);
            for off in 0..text.len() + 3 {
                assert_eq!(idx.line(off), line_of(text, off), "{text:?} at {off}");
            }
        }
    }

    #[test]
    fn columns_count_characters_from_one() {
        let text = "ab
→x
";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_col(text, 0), (1, 1));
        assert_eq!(idx.line_col(text, 1), (1, 2));
        assert_eq!(idx.line_col(text, 3), (2, 1));
        assert_eq!(idx.line_col(text, 6), (2, 2));
        assert_eq!(idx.line_col(text, 99), (3, 1));
    }

    /// LSP positions count UTF-16 units: `é` is one, `𝄞` two, and both are
    /// more than one byte.
    #[test]
    fn utf16_positions_round_trip_through_non_ascii_comments() {
        let text = "# é𝄞 note\r\nsolve # 𝄞\n\nend";
        let idx = LineIndex::new(text);
        let solve = text.find("solve").unwrap();
        assert_eq!(idx.utf16_position(text, solve), (1, 0));
        let bar = text.find(" note").unwrap();
        // `#`, space, é (1 unit), 𝄞 (2 units).
        assert_eq!(idx.utf16_position(text, bar), (0, 5));
        assert_eq!(idx.utf16_offset(text, 0, 5), Some(bar));
        // Inside the surrogate pair: the character's start.
        assert_eq!(idx.utf16_offset(text, 0, 4), Some(text.find('𝄞').unwrap()));
        // Past the line's end: its end, before `\r\n`.
        assert_eq!(
            idx.utf16_offset(text, 0, 99),
            Some(text.find('\r').unwrap())
        );
        assert_eq!(
            idx.utf16_offset(text, 2, 0),
            Some(text.find("\n\n").unwrap() + 1)
        );
        assert_eq!(idx.utf16_offset(text, 3, 3), Some(text.len()));
        assert_eq!(idx.utf16_offset(text, 4, 0), None);
        for offset in text.char_indices().map(|(i, _)| i) {
            let (l, c) = idx.utf16_position(text, offset);
            if !text[offset..].starts_with(['\r', '\n']) {
                assert_eq!(idx.utf16_offset(text, l, c), Some(offset), "{offset}");
            }
        }
        assert_eq!(idx.utf16_position(text, 999), (3, 3));
    }
}
