//! Bracket slips in a board array (`board [[1,1],[0,1]]`), said as rustc
//! says them: an unclosed `[` on that `[`, with where its `]` was
//! expected; "expected `,` or `]`, found `1`" on the token that came
//! instead. pest only knows that `board_array` failed at its first `[`.

use super::words::token_end;
use crate::error::{Code, Diag};
use crate::syntax::ast::Span;

/// What the array reader wants next.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    /// A row's `[` (or a number, inside a row), or the `]` that closes.
    Item,
    /// `,` or `]`.
    Sep,
}

/// The diagnostic for a board array the grammar refused at `pos` of `text`
/// (wanted: what pest wanted there, in words), if the slip is in the
/// array's brackets; `None` when the array is well-formed or there is no
/// `board [` before `pos`. Spans are shifted by `offset`.
pub(crate) fn array_slip(text: &str, pos: usize, wanted: &[String], offset: usize) -> Option<Diag> {
    let array = |w: &String| w.starts_with("a board like [[") || w.starts_with("a row like");
    if !wanted.iter().any(array) {
        return None;
    }
    let kw = text[..pos].rfind("board")? + "board".len();
    let start = kw + (text[kw..].len() - text[kw..].trim_start().len());
    if start > pos || !text[start..].starts_with('[') {
        return None;
    }
    let mut d = scan(text, start)?;
    for (s, _) in &mut d.labels {
        *s = s.shift(offset);
    }
    Some(d)
}

/// Skip blanks and `#` comments from `i`.
fn blank(text: &str, mut i: usize) -> usize {
    let b = text.as_bytes();
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'#' => i = text[i..].find('\n').map_or(b.len(), |e| i + e),
            _ => break,
        }
    }
    i
}

/// The end of a number starting at `i`, if one does (not part of a word).
fn number(text: &str, i: usize) -> Option<usize> {
    let b = text.as_bytes();
    let digits = i + usize::from(b.get(i) == Some(&b'-'));
    let mut e = digits;
    while e < b.len() && b[e].is_ascii_digit() {
        e += 1;
    }
    let word = |c: &u8| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-';
    (e > digits && !b.get(e).is_some_and(word)).then_some(e)
}

/// Read the array whose `[` is at `start`: the first slip, or `None`.
fn scan(text: &str, start: usize) -> Option<Diag> {
    let b = text.as_bytes();
    let mut open = vec![start];
    let mut want = Want::Item;
    let mut i = start + 1;
    // The end of the last token that belonged to the array.
    let mut good = i;
    loop {
        i = blank(text, i);
        let Some(&c) = b.get(i) else {
            return Some(unclosed(text, *open.last()?, good, true));
        };
        let in_row = open.len() == 2;
        match (want, c) {
            (Want::Item, b'[') if !in_row => {
                open.push(i);
                i += 1;
            }
            (Want::Item, b'-' | b'0'..=b'9') if in_row => match number(text, i) {
                Some(e) => {
                    i = e;
                    want = Want::Sep;
                }
                None => return Some(mismatch(text, i, good, &open, want)),
            },
            (Want::Sep, b',') => {
                i += 1;
                want = Want::Item;
            }
            (_, b']') => {
                open.pop();
                i += 1;
                if open.is_empty() {
                    return None;
                }
                want = Want::Sep;
            }
            _ => return Some(mismatch(text, i, good, &open, want)),
        }
        good = i;
    }
}

/// The token at `i` is not what the array wanted: on a later line than the
/// array's last token it means the array was left open; on the same line,
/// "expected `,` or `]`, found …".
fn mismatch(text: &str, i: usize, good: usize, open: &[usize], want: Want) -> Diag {
    if text[good..i].contains('\n') || matches!(text.as_bytes()[i], b'}' | b')') {
        return unclosed(text, open[open.len() - 1], good, false);
    }
    let end = token_end(text, i);
    let found = &text[i..end];
    let expected = match (want, open.len()) {
        (Want::Sep, _) => "`,` or `]`",
        (Want::Item, 1) => "a row `[` or `]`",
        (Want::Item, _) => "a number or `]`",
    };
    Diag::new(Code::Parse, format!("expected {expected}, found `{found}`"))
        .label(Span::new(i, end), format!("expected {expected}"))
        .help(ARRAY_HELP)
}

const ARRAY_HELP: &str =
    "a board array is rows in brackets, numbers and rows separated by commas: [[1, 1, 1], [1, 0, 1]]";

/// The `[` at `at` is never closed; its `]` was expected after `good` (the
/// end of the array's last token), where the row, line or file ended.
fn unclosed(text: &str, at: usize, good: usize, file_end: bool) -> Diag {
    let last = text[..good].chars().next_back().map_or(0, char::len_utf8);
    let place = if file_end {
        "expected `]` before the end of the text"
    } else {
        "expected `]` after this"
    };
    Diag::new(Code::ParseUnterminated, "unclosed `[`")
        .label(Span::new(at, at + 1), "this `[` is never closed")
        .label(Span::new(good - last, good), place)
        .help(format!(
            "close it with `]` {}",
            if file_end {
                "at the end"
            } else {
                "after its last row"
            }
        ))
}

/// A list inside a `set` or `with` list (`set v [[1], [2, 3]]`): pest
/// only says a statement was expected. Lists of state hold single values,
/// so the slip is said on the inner `[`.
pub(crate) fn nested_value_list(
    text: &str,
    pos: usize,
    found: &str,
    offset: usize,
) -> Option<Diag> {
    if found != "[" {
        return None;
    }
    let line = &text[text[..pos].rfind('\n').map_or(0, |n| n + 1)..pos];
    let words = line.trim_start();
    let prev = line.trim_end().chars().next_back()?;
    if !(words.starts_with("set ") || words.starts_with("piece ") && line.contains(" with "))
        || !matches!(prev, '[' | ',')
        || !line.contains('[')
    {
        return None;
    }
    let at = offset + pos;
    Some(
        Diag::new(Code::Parse, "a list in a value cannot hold lists")
            .label(Span::new(at, at + 1), "a list inside a list")
            .help(
                "a `set` or `with` value is a number, a name, `(r, c)` or a list of them: \
                 the lists of a game's state hold single values",
            ),
    )
}
