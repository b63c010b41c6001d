//! A workspace's sources: every text typed or loaded, one chunk after
//! another, so that a statement keeps a true span into them and a
//! diagnostic about it, however old, still shows it.

use crate::error::{render, Diag};
use crate::source::{SourceFile, Span};

/// What typed text is called: the session's inputs are numbered from 1
/// (`:` commands aside), so `input 3` is the third text typed. Result
/// headers say `(input 3)` (`(input 3, line 2)` within a multi-line input)
/// and diagnostics name it `<input 3>`; statements loaded from a file keep
/// that file's lines.
fn typed_name(n: usize) -> String {
    format!("<input {n}>")
}

/// Everything typed or loaded in a workspace, one chunk after another.
/// Statements keep spans into it, so a diagnostic about a statement typed
/// long ago (or loaded from a file) still shows that statement. Each chunk
/// is a [`SourceFile`] (its text and a newline, and its line index) placed
/// at an offset of the log.
#[derive(Default)]
pub struct Sources {
    chunks: Vec<Chunk>,
    /// Where the next chunk starts: the log's length.
    len: usize,
    /// Inputs typed so far.
    inputs: usize,
}

struct Chunk {
    /// Where it starts in the log.
    start: usize,
    /// Its name, and its text with the newline that ends it in the log.
    source: SourceFile,
    /// The input's number, for text typed at the prompt.
    input: Option<usize>,
}

impl Chunk {
    /// Where the newline that ends it is in the log.
    fn end(&self) -> usize {
        self.start + self.source.text.len() - 1
    }

    /// Whether the span lies inside it (its final newline included).
    fn holds(&self, s: Span) -> bool {
        s.start() >= self.start && s.end() <= self.end() + 1
    }
}

impl Sources {
    /// Where the next chunk will start.
    pub fn next_offset(&self) -> usize {
        self.len
    }

    /// Add a chunk; returns its offset in the log.
    pub fn push(&mut self, name: &str, text: &str) -> usize {
        self.push_chunk(name.to_string(), text, None)
    }

    /// Add text typed at the prompt, numbered; returns its offset in the log.
    pub fn push_typed(&mut self, text: &str) -> usize {
        self.inputs += 1;
        self.push_chunk(typed_name(self.inputs), text, Some(self.inputs))
    }

    fn push_chunk(&mut self, name: String, text: &str, input: Option<usize>) -> usize {
        let start = self.len;
        let source = SourceFile::new(name, format!("{text}\n"));
        self.len += source.text.len();
        self.chunks.push(Chunk {
            start,
            source,
            input,
        });
        start
    }

    /// Where an offset is, in words: `input 3` (`input 3, line 2` in a
    /// multi-line input) for typed text, `line 12` for a loaded file.
    pub fn place(&self, at: usize) -> String {
        let line = self.line(at);
        match self.chunk(at) {
            Some(Chunk {
                input: Some(n),
                source,
                ..
            }) if !source.text[..source.text.len() - 1].contains('\n') => format!("input {n}"),
            Some(Chunk { input: Some(n), .. }) => format!("input {n}, line {line}"),
            _ => format!("line {line}"),
        }
    }

    fn chunk(&self, at: usize) -> Option<&Chunk> {
        let i = self.chunks.partition_point(|c| c.start <= at);
        let c = self.chunks.get(i.checked_sub(1)?)?;
        (at <= c.end()).then_some(c)
    }

    /// The text of a span (empty when it is not inside one chunk: the
    /// parser makes none such).
    pub fn slice(&self, span: Span) -> &str {
        match self.chunk(span.start()).filter(|c| c.holds(span)) {
            Some(c) => c.source.slice(span.shift_back(c.start)),
            None => "",
        }
    }

    /// The 1-based line of an offset within its chunk.
    pub fn line(&self, at: usize) -> usize {
        self.chunk(at).map_or(1, |c| c.source.line(at - c.start))
    }

    /// Render a diagnostic against the chunk its labels point into (or the
    /// whole session when they point into several).
    pub fn render(&self, d: &Diag, color: bool) -> String {
        let Some(primary) = d.span() else {
            return render(d, &SourceFile::empty("<repl>"), color);
        };
        if let Some(c) = self.chunk(primary.start()) {
            if d.labels.iter().all(|(s, _)| c.holds(*s)) {
                let mut local = d.clone();
                for (s, _) in &mut local.labels {
                    *s = s.shift_back(c.start);
                }
                return render(&local, &c.source, color);
            }
        }
        // Labels in several chunks: the whole log, as one text (built
        // only for such a diagnostic).
        let log: String = self.chunks.iter().map(|c| c.source.text.as_str()).collect();
        render(d, &SourceFile::new("<session>", log), color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::scanned;

    /// Each chunk is a `SourceFile` indexed once when pushed: finding the
    /// line of an offset in a loaded file of 100,000 lines scans nothing
    /// (it used to rescan the chunk up to the offset, every time).
    #[test]
    fn lines_of_a_loaded_file_are_read_from_its_index() {
        let mut sources = Sources::default();
        let first = sources.push_typed("game footholds");
        let text = "  piece A at (0, 0)\n".repeat(100_000);
        let base = sources.push("big.game", &text);
        assert_eq!(scanned::take(), "game footholds\n".len() + text.len() + 1);
        let last = base + text.len() - 5;
        for _ in 0..1000 {
            assert_eq!(sources.line(last), 100_000);
        }
        assert_eq!(sources.place(last), "line 100000");
        assert_eq!(sources.place(first), "input 1");
        assert_eq!(scanned::take(), 0);
        let piece = Span::new(base + 2, base + 7);
        assert_eq!(sources.slice(piece), "piece");
        assert_eq!(sources.slice(Span::new(first, first + 4)), "game");
        // A span across two chunks is in neither.
        assert_eq!(sources.slice(Span::new(first, base + 7)), "");
    }

    #[test]
    fn a_diagnostic_is_drawn_against_its_chunk() {
        let mut sources = Sources::default();
        sources.push_typed("game footholds");
        let at = sources.push_typed("board [[1, 1]]\npiece Z at (0, 0)");
        let z = at + "board [[1, 1]]\npiece ".len();
        let d = Diag::new(crate::error::Code::Parse, "no Z").label(Span::new(z, z + 1), "here");
        let out = sources.render(&d, false);
        assert!(out.contains("[<input 2>:2:7]"), "{out}");
        assert_eq!(sources.place(z), "input 2, line 2");
    }
}
