//! `lose` on one line and `if COND` on the next: the end word takes its
//! `if COND` only on its own line (docs/rules-language.md, *Expressions*),
//! so the `if` below starts an `if` statement, and the grammar only says
//! that a block `{ … }` is missing far below. Said here in those words.

use crate::error::{Code, Diag};
use crate::syntax::ast::Span;

/// The words that end a game and may take `if COND` on their line.
const END_WORDS: [&str; 4] = ["win", "lose", "draw", "stop"];

/// How many tokens before the error are read, at most: the `if` statement
/// that lacks its block is seldom longer.
const LOOK_BACK: usize = 4096;

/// The diagnostic for an `if` statement that wants its block at `pos` of
/// `text` and stands on the line after a bare end word (`lose` ⏎ `if …`),
/// if that is what happened. Spans are shifted by `offset`.
pub(crate) fn end_word_then_if(
    text: &str,
    pos: usize,
    wanted: &[String],
    offset: usize,
) -> Option<Diag> {
    if !wanted.iter().any(|w| w.starts_with("a block `{")) {
        return None;
    }
    // Backwards, token by token: `later` is the token after the current
    // one, `broke` whether a line break stands between them.
    let mut later: Option<(&str, usize)> = None;
    let mut broke = false;
    let mut seen = 0;
    let mut end = pos;
    loop {
        let start = text[..end].rfind('\n').map_or(0, |i| i + 1);
        for (at, token) in tokens(&text[start..end]).into_iter().rev() {
            seen += 1;
            if seen > LOOK_BACK || token == "{" || token == "}" {
                return None;
            }
            if let Some(("if", if_at)) = later {
                if broke && END_WORDS.contains(&token) {
                    return Some(diag(token, offset + start + at, offset + if_at));
                }
            }
            later = Some((token, start + at));
            broke = false;
        }
        if start == 0 {
            return None;
        }
        broke = true;
        end = start - 1;
    }
}

fn diag(word: &str, word_at: usize, if_at: usize) -> Diag {
    Diag::new(
        Code::Parse,
        format!("`{word}` takes its `if COND` only on the same line"),
    )
    .label(
        Span::new(word_at, word_at + word.len()),
        format!("a bare `{word}`: its line ends here"),
    )
    .label(
        Span::new(if_at, if_at + 2),
        "so this `if` starts an `if` statement, which needs a block `{ … }`",
    )
    .help(format!(
        "write `{word} if COND` on one line, or `if COND {{ {word} }}`"
    ))
}

/// The tokens of one line's code (before its `#` comment), with their
/// offsets: words, strings, and single other characters.
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let b = line.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let e = match c {
            b'#' => break,
            b' ' | b'\t' | b'\r' => {
                i += 1;
                continue;
            }
            b'"' => line[i + 1..].find('"').map_or(b.len(), |q| i + q + 2),
            c if word(c) => i + b[i..].iter().take_while(|&&c| word(c)).count(),
            _ => i + line[i..].chars().next().map_or(1, char::len_utf8),
        };
        out.push((i, &line[i..e]));
        i = e;
    }
    out
}
