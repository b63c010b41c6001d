//! Recovery after a syntax error: which lines hold the broken statement
//! (to blank them and read the rest of the scenario), and the diagnostic
//! for a scenario or track left open at the end of the file.

use super::dialect::{suggest, STATEMENTS};
use crate::error::{Code, Diag};
use crate::syntax::ast::Span;

/// The first word of the line starting at `start`, and where it starts.
fn first_word(text: &str, start: usize) -> (&str, usize) {
    let line = &text[start..];
    let at = start + (line.len() - line.trim_start_matches([' ', '\t']).len());
    let rest = &text[at..];
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(rest.len());
    (&rest[..end], at)
}

/// The name of the `rules NAME {` item starting at `start`, if it is one.
/// Line breaks and `#` comments may stand between `rules` and the name
/// (whitespace is free there), so they are skipped as the grammar skips them.
pub(super) fn rules_name(text: &str, start: usize) -> Option<&str> {
    let (word, at) = first_word(text, start);
    if word != "rules" {
        return None;
    }
    let after = skip_blanks(text, at + word.len());
    let (name, _) = first_word(text, after);
    (!name.is_empty()).then_some(name)
}

/// The first byte at or after `i` that is neither whitespace nor inside a
/// `#` comment.
pub(super) fn skip_blanks(text: &str, mut i: usize) -> usize {
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

fn starts_statement(text: &str, line: usize) -> bool {
    let (word, _) = first_word(text, line);
    STATEMENTS.iter().any(|w| w.name == word)
}

/// Does the line end a statement's continuation: a statement, a `}` or a
/// top-level item begins on it?
fn is_boundary(text: &str, line: usize, starts: &[usize]) -> bool {
    let (_, at) = first_word(text, line);
    starts_statement(text, line) || text[at..].starts_with('}') || starts.binary_search(&at).is_ok()
}

/// The byte ranges of the lines of `text[from..to]`, by start.
fn line_starts(text: &str, from: usize, to: usize) -> impl DoubleEndedIterator<Item = usize> + '_ {
    let mut all = vec![from];
    all.extend(
        text[from..to]
            .match_indices('\n')
            .map(|(i, _)| from + i + 1)
            .filter(|&s| s < to),
    );
    all.into_iter()
}

/// The lines `from..to` of the statement that a syntax error at `at`
/// broke, when it lies inside a scenario's body: from the line where that
/// statement starts to the next line that starts a statement, a `}` or an
/// item. `wants_statement`: the grammar wanted a statement at `at`. None
/// when the error is not in a statement (a scenario's header, a track) or
/// nothing is left to blank.
pub(crate) fn broken_statement(
    text: &str,
    starts: &[usize],
    at: usize,
    wants_statement: bool,
) -> Option<(usize, usize)> {
    let item = starts[..starts.partition_point(|&s| s <= at)]
        .last()
        .copied()?;
    if !text[item..].starts_with("scenario") {
        return None;
    }
    let body = item + text[item..].find('\n')? + 1;
    let line = text[..at].rfind('\n').map_or(0, |i| i + 1);
    if line < body {
        return None;
    }
    let (word, word_at) = first_word(text, line);
    let on_first_word = word_at == at;
    // The line starts with something other than what the statement before
    // it still needed: that statement is unfinished.
    let unfinished = on_first_word && !wants_statement;
    // … and this line is a statement (or a slip of one), or the `}`.
    let keyword = STATEMENTS.iter().any(|w| w.name == word)
        || text[at..].starts_with('}')
        || suggest(word, STATEMENTS.iter().map(|w| w.name)).is_some();
    let from = if unfinished {
        line_starts(text, body, line)
            .rev()
            .find(|&l| l < line && starts_statement(text, l))?
    } else if on_first_word {
        line
    } else {
        // `at` lies past the start of its line here.
        line_starts(text, body, at)
            .rev()
            .find(|&l| starts_statement(text, l))
            .unwrap_or(line)
    };
    let to = if unfinished && keyword {
        line
    } else {
        let after = text[line..].find('\n').map_or(text.len(), |i| line + i + 1);
        line_starts(text, after, text.len())
            .find(|&l| is_boundary(text, l, starts))
            .unwrap_or(text.len())
            .max(after)
    };
    let to = to.min(text.len());
    text[from..to]
        .contains(|c: char| !c.is_whitespace())
        .then_some((from, to))
}

/// Replace `text[from..to]` by spaces, keeping its line breaks.
pub(crate) fn blank(text: &mut String, from: usize, to: usize) {
    let blanked: String = text[from..to]
        .chars()
        .flat_map(|c| {
            let keep = matches!(c, '\n' | '\r');
            std::iter::repeat_n(
                if keep { c } else { ' ' },
                if keep { 1 } else { c.len_utf8() },
            )
        })
        .collect();
    text.replace_range(from..to, &blanked);
}

/// "this scenario is not closed", for the item starting at `item` that the
/// end of the file left open.
pub(crate) fn unclosed_item(text: &str, item: usize) -> Diag {
    let is_track = text[item..].starts_with("track");
    let what = if is_track { "track" } else { "scenario" };
    // The `{` after the name (a scenario's name is a string that may hold one).
    let mut i = item + what.len();
    if !is_track {
        if let Some(q) = text[i..].find('"') {
            let name = i + q + 1;
            i = text[name..].find('"').map_or(name, |e| name + e + 1);
        }
    }
    let brace = text[i..].find('{').map(|b| i + b);
    let end = text.trim_end().len();
    let last = text[..end].chars().next_back().map_or(0, char::len_utf8);
    let mut diag = Diag::new(
        Code::ParseUnterminated,
        format!("this {what} is not closed"),
    );
    diag = match brace {
        Some(b) => diag.label(Span::new(b, b + 1), format!("the {what} opens here")),
        None => diag.label(Span::new(item, item + what.len()), format!("this {what}")),
    };
    let board = !is_track && text[item..].contains("board {");
    diag.label(Span::new(end - last, end), "the file ends here")
        .help(format!(
            "close the {what} with `}}` after its last line{}",
            if board {
                " (or, if its last `}` closes a board, give the board its own `}`)"
            } else {
                ""
            }
        ))
}
