//! Where the comments of a parsed file are. `#` comments are silent in the
//! grammar, so they are found in the gaps between the parse tree's tokens:
//! a gap holds only blanks, comments and the grammar's punctuation
//! (`{ } ( ) [ ] , .. =`), none of which contains `#`.

use crate::syntax::Rule;
use pest::iterators::Pair;

/// One `#` comment outside a `board { … }` grid and an `input """…"""`
/// block.
#[derive(Clone, Debug)]
pub(super) struct Comment {
    /// Byte offset of its `#`.
    pub start: usize,
    /// Byte offset of its end (before the line's `\n`, or the end of the text).
    pub end: usize,
    /// Its text from `#`, trailing blanks removed.
    pub text: String,
    /// Whether only blanks precede it on its line (else it trails code).
    pub own_line: bool,
}

/// Tokens the gaps lie between: the parse tree's leaves, with strings, raw
/// blocks and grids taken whole (their insides are not gaps).
pub(super) fn leaves(pair: Pair<'_, Rule>, out: &mut Vec<(usize, usize)>) {
    let whole = matches!(
        pair.as_rule(),
        Rule::string | Rule::raw_block | Rule::board_grid
    );
    let span = pair.as_span();
    let mut inner = pair.into_inner().peekable();
    if whole || inner.peek().is_none() {
        out.push((span.start(), span.end()));
        return;
    }
    for p in inner {
        leaves(p, out);
    }
}

/// Every comment of `text`, whose parse tree (`Rule::file`) is `file`, in
/// order.
pub(super) fn scan(text: &str, file: Pair<'_, Rule>) -> Vec<Comment> {
    let mut tokens = Vec::new();
    leaves(file, &mut tokens);
    let mut gaps = Vec::with_capacity(tokens.len() + 1);
    let mut at = 0;
    for (start, end) in tokens {
        if start > at {
            gaps.push((at, start));
        }
        at = at.max(end);
    }
    gaps.push((at, text.len()));
    let mut out = Vec::new();
    for (from, to) in gaps {
        let mut i = from;
        while let Some(off) = text[i..to].find('#') {
            let start = i + off;
            let end = text[start..to].find('\n').map_or(to, |n| start + n);
            let line_start = text[..start].rfind('\n').map_or(0, |n| n + 1);
            out.push(Comment {
                start,
                end,
                text: text[start..end].trim_end().to_string(),
                own_line: is_blank(&text[line_start..start]),
            });
            i = end;
        }
    }
    out
}

/// Whether `s` holds only the grammar's whitespace.
pub(super) fn is_blank(s: &str) -> bool {
    s.chars()
        .all(|c| matches!(c, ' ' | '\t' | '\r' | '\n' | '\u{FEFF}'))
}
