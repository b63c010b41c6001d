//! The pre-scan of a rules block: before pest reads it, refuse nesting
//! deeper than [`RULES_NESTING`] levels and more than [`RULES_LINES`]
//! lines of code, so that pest, the AST builder, the checker, `meeple fmt` and
//! the language server, which all recurse on the nesting, never overflow
//! their stacks.
//!
//! A level is a `{`, `(` or `[`, and also a word that opens an expression
//! or a type inside the one around it without a bracket: `if` (`if … then
//! … else …`), `all`, `any`, `count`, `sum`, `max`, `min` and `find` before
//! `NAME in`, and `of` (`list of list of …`). Such a word's level lasts
//! until the statement ends: at a `{`, `}` or `;`, or at a line end when
//! neither the line's last token nor the next line's first one continues
//! an expression (a line ending in `then`, `+`, `,` …, or one starting with
//! `else`, `and`, `.` …). The count may overshoot, never undershoot.

use super::prescan::{comment_end, ident_char, skip_blank};
use crate::error::{Code, Diag};
use crate::source::Span;

/// The most levels inside a rules block (its own braces not counted), and
/// the most statements (lines or `;`-separated pieces holding code) in one.
pub(crate) const RULES_NESTING: usize = crate::limits::RULES_NESTING;
/// See [`RULES_NESTING`]; the statements themselves are counted in the
/// parsed block (`crate::limits::RULES_STATEMENTS`), so that the layout
/// never matters.
pub(crate) const RULES_LINES: usize = crate::limits::RULES_LINES;

/// Words that open a level without a bracket when they open an expression.
const OPENERS: [&[u8]; 8] = [
    b"all", b"any", b"count", b"sum", b"max", b"min", b"find", b"if",
];

/// Words after which an expression goes on (on the next line too).
const GOES_ON: [&[u8]; 16] = [
    b"if", b"then", b"else", b"and", b"or", b"not", b"in", b"where", b"for", b"of", b"max", b"min",
    b"all", b"any", b"count", b"sum",
];

/// Words a line can start with only inside an expression begun above.
const CONTINUES: [&[u8]; 9] = [
    b"then", b"else", b"and", b"or", b"where", b"in", b"for", b"max", b"of",
];

/// A rules word (names may hold `-`, as in pest's `ident`).
fn word_end(b: &[u8], mut j: usize) -> usize {
    while j < b.len() && ident_char(b[j]) {
        j += 1;
    }
    j
}

/// Whether the word at `j` is followed by `NAME in` (an aggregate such as
/// `sum i in …`, not a name or `list … max N`).
fn before_name_in(b: &[u8], j: usize) -> bool {
    let name = skip_blank(b, j);
    let end = word_end(b, name);
    if end == name || !b[name].is_ascii_alphabetic() && b[name] != b'_' {
        return false;
    }
    let at = skip_blank(b, end);
    &b[at..word_end(b, at)] == b"in"
}

/// Whether the first token after the line end at `j` goes on with an
/// expression begun before it.
fn next_line_continues(b: &[u8], j: usize) -> bool {
    let at = skip_blank(b, j);
    let Some(&c) = b.get(at) else {
        return false;
    };
    if ident_char(c) && c != b'-' {
        let w = &b[at..word_end(b, at)];
        return CONTINUES.contains(&w);
    }
    OPERATORS.contains(&c) || matches!(c, b')' | b']')
}

/// The characters of an operator or separator that a line may end or
/// begin with while its statement goes on (`(` and `)`/`]` are added where
/// they tell, after or before the break).
const OPERATORS: &[u8] = b"+-*/%=!<>.,:[";

fn too_deep(at: Span, open: usize, level: usize) -> Diag {
    Diag::new(
        Code::RulesNesting,
        format!("this rules block is nested more than {RULES_NESTING} levels deep"),
    )
    .label(at, format!("level {level} opens here"))
    .label(Span::new(open, open + 1), "the block opens here")
    .help(format!(
        "meeple reads blocks, parentheses, brackets and nested `if`, `sum`, `all`, `list of` … at most {RULES_NESTING} deep in a rules block: name parts with `let`"
    ))
}

/// After the word `rules` (ending at `i`): when `NAME {` follows, walk the
/// block to its closing brace (or the end), refusing nesting deeper than
/// [`RULES_NESTING`] and more than [`RULES_LINES`] lines of code; its end
/// when well within both. `None` when no block follows.
pub(super) fn rules_block(b: &[u8], i: usize) -> Option<Result<usize, Diag>> {
    let mut j = skip_blank(b, i);
    let name = j;
    while j < b.len() && ident_char(b[j]) {
        j += 1;
    }
    if j == name {
        return None;
    }
    j = skip_blank(b, j);
    if b.get(j) != Some(&b'{') {
        return None;
    }
    let open = j;
    let mut depth = 0usize;
    let mut statements = 0usize;
    let mut code_on_line = false;
    // `not` and `-` in a row (the builder refuses more than 32; a run of
    // millions would cost pest a token each first).
    let mut prefixes = 0usize;
    // Levels opened by words, and for each open bracket the count before
    // it and the count a statement's end inside it goes back to.
    let mut words = 0usize;
    let mut frames: Vec<(usize, usize)> = Vec::new();
    // Whether the last token so far needs more after it.
    let mut goes_on = false;
    while j < b.len() {
        let c = b[j];
        if c == b'-'
            || b[j..].starts_with(b"not")
                && !b.get(j + 3).is_some_and(|&n| ident_char(n))
                && (j == 0 || !ident_char(b[j - 1]))
        {
            prefixes += 1;
            if prefixes > RULES_NESTING {
                let at = Span::new(j, j + 1);
                return Some(Err(Diag::new(
                    Code::RulesNesting,
                    format!("more than {RULES_NESTING} `not` or `-` in a row"),
                )
                .label(at, "one too many here")
                .help("write the expression more simply")));
            }
            goes_on = true;
            code_on_line = true;
            j += if c == b'-' { 1 } else { 3 };
            continue;
        }
        if !matches!(c, b' ' | b'\t' | b'\r' | b'\n') {
            prefixes = 0;
        }
        if (c.is_ascii_alphabetic() || c == b'_') && (j == 0 || !ident_char(b[j - 1])) {
            let end = word_end(b, j);
            let w = &b[j..end];
            if w == b"of" || w == b"if" || OPENERS.contains(&w) && before_name_in(b, end) {
                words += 1;
                if depth + words > RULES_NESTING + 1 {
                    let at = Span::new(j, end);
                    return Some(Err(too_deep(at, open, depth + words - 1)));
                }
            }
            goes_on = GOES_ON.contains(&w);
            code_on_line = true;
            j = end;
            continue;
        }
        if !matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b'#') {
            goes_on = OPERATORS.contains(&c) || c == b'(';
        }
        match c {
            b'#' => {
                j = comment_end(b, j);
                continue;
            }
            b'"' => {
                j += 1;
                while j < b.len() && !matches!(b[j], b'"' | b'\n') {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
            }
            b'{' | b'(' | b'[' => {
                depth += 1;
                // A `{` opens a block of statements: the words of the
                // statement before it (`if c {`, `for x in xs {`) end there,
                // and after its `}` the next statement starts afresh.
                let (before, base) = if c == b'{' {
                    (frames.last().map_or(0, |&(_, base)| base), 0)
                } else {
                    (words, words)
                };
                frames.push((before, base));
                words = base;
                if depth + words > RULES_NESTING + 1 {
                    let at = Span::new(j, j + 1);
                    return Some(Err(too_deep(at, open, depth + words - 1)));
                }
            }
            b'}' | b')' | b']' => {
                depth = depth.saturating_sub(1);
                if let Some((before, _)) = frames.pop() {
                    words = before;
                }
                if depth == 0 {
                    return Some(Ok(j + 1));
                }
            }
            b'\n' | b';' => {
                if c == b';' || !goes_on && !next_line_continues(b, j + 1) {
                    words = frames.last().map_or(0, |&(_, base)| base);
                }
                if code_on_line {
                    statements += 1;
                    if statements > RULES_LINES {
                        let at = Span::new(j, j + 1);
                        return Some(Err(Diag::new(
                            Code::RulesNesting,
                            format!("this rules block has more than {RULES_LINES} lines of code"),
                        )
                        .label(Span::new(open, open + 1), "the block opens here")
                        .label(at, format!("line {} ends here", RULES_LINES + 1))
                        .help(format!(
                            "meeple reads at most {} statements in a rules block, and at most {RULES_LINES} lines holding code",
                            crate::limits::RULES_STATEMENTS
                        ))));
                    }
                }
                code_on_line = false;
            }
            b' ' | b'\t' | b'\r' => {}
            _ => code_on_line = true,
        }
        j += 1;
    }
    Some(Ok(b.len()))
}
