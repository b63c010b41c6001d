//! A cursor over a judge text: blanks between words, `[`, `,` and `]` in
//! bracketed items, and `#` comments unless the format reads characters.

use crate::error::{Code, Diag};
use crate::games::judge_text::Within;
use crate::syntax::ast::{Span, Spanned};

pub(super) struct Cursor<'t> {
    text: &'t str,
    pub(super) at: usize,
    comments: bool,
    within: Within,
}

/// A judge-format error at `span` (relative to the text).
pub(super) fn error(within: &Within, span: Span, msg: String, label: &str, help: String) -> Diag {
    within.diag(
        Diag::new(Code::InputFormat, format!("judge input: {msg}"))
            .label(span, label)
            .help(help),
    )
}

impl<'t> Cursor<'t> {
    pub(super) fn new(text: &'t str, comments: bool, within: Within) -> Cursor<'t> {
        Cursor {
            text,
            at: 0,
            comments,
            within,
        }
    }

    pub(super) fn within(&self) -> &Within {
        &self.within
    }

    /// Skip blanks (a byte-order mark counts as one) and comments.
    pub(super) fn blank(&mut self) {
        let b = self.text.as_bytes();
        while self.at < b.len() {
            match b[self.at] {
                b' ' | b'\t' | b'\r' | b'\n' => self.at += 1,
                b'#' if self.comments => {
                    while self.at < b.len() && b[self.at] != b'\n' {
                        self.at += 1;
                    }
                }
                _ if b[self.at..].starts_with("\u{FEFF}".as_bytes()) => self.at += 3,
                _ => break,
            }
        }
    }

    /// Whether the text has nothing left but blanks.
    pub(super) fn at_end(&mut self) -> bool {
        self.blank();
        self.at >= self.text.len()
    }

    fn end_span(&self) -> Span {
        Span::new(self.text.len(), self.text.len())
    }

    /// The next word: a run up to a blank (and, when `punct`, up to `[`,
    /// `,` or `]`).
    pub(super) fn word(&mut self, punct: bool) -> Option<Spanned<&'t str>> {
        self.blank();
        let b = self.text.as_bytes();
        let start = self.at;
        while self.at < b.len() {
            let c = b[self.at];
            if matches!(c, b' ' | b'\t' | b'\r' | b'\n')
                || (punct && matches!(c, b'[' | b']' | b','))
                || (self.comments && c == b'#')
                || b[self.at..].starts_with("\u{FEFF}".as_bytes())
            {
                break;
            }
            self.at += 1;
        }
        (self.at > start)
            .then(|| Spanned::new(&self.text[start..self.at], Span::new(start, self.at)))
    }

    /// The next number, named `what` in a diagnostic.
    pub(super) fn number(&mut self, what: &str) -> Result<Spanned<i64>, Diag> {
        match self.word(true) {
            None => {
                let next = self.text[self.at..].chars().next();
                let found = next.map_or("the end of the input".to_string(), |c| format!("`{c}`"));
                let at = next.map_or(self.end_span(), |c| {
                    Span::new(self.at, self.at + c.len_utf8())
                });
                Err(error(
                    &self.within,
                    at,
                    format!("expected {what}, found {found}"),
                    "expected a number here",
                    format!("the judge writes {what} here"),
                ))
            }
            Some(w) => w
                .node
                .parse::<i64>()
                .map(|n| Spanned::new(n, w.span))
                .map_err(|_| {
                    let kind = if w
                        .node
                        .trim_start_matches('-')
                        .bytes()
                        .all(|c| c.is_ascii_digit())
                    {
                        "a number too large"
                    } else {
                        "not a whole number"
                    };
                    error(
                        &self.within,
                        w.span,
                        format!("expected {what}, found `{}`", w.node),
                        kind,
                        format!("the judge writes {what} here, a whole number"),
                    )
                }),
        }
    }

    /// The punctuation `c` (`[`, `,`, `]`), or an error naming `what`.
    pub(super) fn punct(&mut self, c: u8, what: &str) -> Result<Span, Diag> {
        self.blank();
        let b = self.text.as_bytes();
        if self.at < b.len() && b[self.at] == c {
            self.at += 1;
            return Ok(Span::new(self.at - 1, self.at));
        }
        let (at, found) = if self.at < b.len() {
            let end = self.text[self.at..]
                .char_indices()
                .nth(1)
                .map_or(self.text.len(), |(i, _)| self.at + i);
            (
                Span::new(self.at, end),
                format!("`{}`", &self.text[self.at..end]),
            )
        } else {
            (self.end_span(), "the end of the input".to_string())
        };
        Err(error(
            &self.within,
            at,
            format!("expected `{}` {what}, found {found}", c as char),
            "expected here",
            "the judge writes lists as `[a, b, …]`".to_string(),
        ))
    }

    /// Whether the next character is `c` (without taking it).
    pub(super) fn peek(&mut self, c: u8) -> bool {
        self.blank();
        self.text.as_bytes().get(self.at) == Some(&c)
    }
}
