//! Syntax: the pest grammar (grammar/meeple.pest) → an AST with spans.
//!
//! [`parse`] never fails outright: it returns the AST of everything it could
//! read plus every diagnostic it found. After a syntax error it resumes at
//! the next line that starts a `scenario` or `track`, so independent errors
//! in different scenarios are all reported.

mod array;
pub mod ast;
mod build;
pub mod dialect;
mod end_if;
mod prescan;
mod prescan_rules;
mod recover;
pub mod rules;
mod rules_slips;
mod slips;
mod words;

use crate::error::{Code, Diag, Diags};
use crate::limits::{PARSE_ERRORS, SOURCE_BYTES};
use ast::{File, Span};
use pest::Parser;

pub(crate) use array::Bytes;
pub(crate) use build::{int_node, number_too_large};
pub(crate) use build::{too_many_cells, ReplItem};

/// pest's parser and its `Rule`s: not public API (the REPL's line
/// editor, the format tests and the hardening benchmark read the tokens).
#[doc(hidden)]
pub use grammar::{MeepleParser, Rule};

/// The generated parser, in a module of its own so that the lint on
/// missing docs spares pest's generated `Rule` items.
mod grammar {
    #![allow(missing_docs)]
    use pest_derive::Parser;

    /// The parser generated from `grammar/meeple.pest`.
    #[derive(Parser)]
    #[grammar = "../grammar/meeple.pest"]
    pub struct MeepleParser;
}

/// The texts [`parse_at`] parsed on this thread, by length: counted for
/// tests that bound how often a text is parsed (the language server parses
/// a change once; the checker also parses the built-in yut board).
#[cfg(test)]
pub(crate) mod parses {
    use std::cell::RefCell;

    thread_local!(static LENGTHS: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) });

    pub(crate) fn add(len: usize) {
        LENGTHS.with(|l| l.borrow_mut().push(len));
    }

    /// How many texts of `len` bytes were parsed since the last call; the
    /// record starts again.
    pub(crate) fn take(len: usize) -> usize {
        LENGTHS
            .with(|l| std::mem::take(&mut *l.borrow_mut()))
            .into_iter()
            .filter(|&n| n == len)
            .count()
    }
}

/// A lone carriage return (old Mac line ending) becomes a line feed: byte
/// for byte, so every span still points at the same place. Without this a
/// `#` comment would run to the end of a CR-only file, a `board { … }` grid
/// would read as one row, and diagnostics would echo raw CRs. `\r\n` is kept.
pub(crate) fn line_ends(text: &str) -> std::borrow::Cow<'_, str> {
    let lone = |rest: &str, i: usize| !rest[i + 1..].starts_with('\n');
    if !text.match_indices('\r').any(|(i, _)| lone(text, i)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('\r') {
        out.push_str(&rest[..i]);
        out.push(if lone(rest, i) { '\n' } else { '\r' });
        rest = &rest[i + 1..];
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// Decode a file's bytes, reporting invalid UTF-8 at the first bad byte.
/// Lone carriage returns become line feeds (see [`line_ends`]).
pub(crate) fn decode(bytes: &[u8]) -> Result<String, (String, Diag)> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(line_ends(s).into_owned()),
        Err(e) => {
            let at = e.valid_up_to();
            let lossy = line_ends(&String::from_utf8_lossy(bytes)).into_owned();
            // The lossy text has the same prefix, so `at` is still a char boundary.
            let width = lossy[at..].chars().next().map_or(0, char::len_utf8);
            let diag = Diag::new(Code::ParseUtf8, "the file is not valid UTF-8")
                .label(Span::new(at, at + width), "this byte is not UTF-8")
                .help("save the file as UTF-8 (meeple scripts are UTF-8 text)");
            Err((lossy, diag))
        }
    }
}

/// Parse a whole file.
///
/// After a syntax error in a statement of a scenario, the statement's lines
/// are blanked out (in a copy of the text, so every span stays true) and the
/// scenario is parsed again: its other statements are still read. A
/// scenario left open at the end of the file is read as if closed there.
pub fn parse(text: &str) -> (File, Diags) {
    parse_at(text, 0)
}

/// [`parse`] for text that sits at byte `base` of a longer source (the
/// REPL's session log): every span, in the tree and in the errors, is
/// shifted by `base`.
pub(crate) fn parse_at(text: &str, base: usize) -> (File, Diags) {
    #[cfg(test)]
    parses::add(text.len());
    let text = &*line_ends(text);
    let mut file = File::default();
    // Counted before pest makes a token: see `prescan`.
    let scan = prescan::scan(text);
    let mut diags: Diags = scan.diags.into_iter().map(|d| shifted(d, base)).collect();
    if scan.refused {
        return (file, diags);
    }
    let text = &*scan.text;
    let arrays = scan.arrays;
    let lists = scan.lists;
    // Found once: a file with thousands of syntax errors stays linear.
    let starts: Vec<usize> = item_starts(text).collect();
    // The text with broken statements blanked, made at the first one.
    let mut work: Option<String> = None;
    let mut offset = 0;
    let mut errors = 0;
    while offset <= text.len() {
        let src = work.as_deref().unwrap_or(text);
        let rest = &src[offset..];
        match MeepleParser::parse(Rule::file, rest) {
            Ok(mut pairs) => {
                if let Some(pair) = pairs.next() {
                    build::file(pair, base + offset, &mut file, &mut diags);
                }
                break;
            }
            Err(err) => {
                let (diag, at) = words::parse_error(&err, rest, offset);
                if let Some(name) =
                    last_item_start(&starts, 0, at).and_then(|item| recover::rules_name(src, item))
                {
                    if !file.unread_rules.iter().any(|n| n == name) {
                        file.unread_rules.push(name.to_string());
                    }
                }
                let recoverable = diag.code == Code::Parse;
                let unclosed = recoverable && at == src.len() && diag.message.contains("`}`");
                if recoverable && errors + 1 < PARSE_ERRORS {
                    let wants_statement = words::wants_statement(&err);
                    if let Some((from, to)) =
                        recover::broken_statement(src, &starts, at, wants_statement)
                    {
                        diags.push(shifted(diag, base));
                        errors += 1;
                        let patched = work.get_or_insert_with(|| text.to_string());
                        recover::blank(patched, from, to);
                        continue;
                    }
                }
                let src = work.as_deref().unwrap_or(text);
                // Keep what parsed before the error.
                let good = last_item_start(&starts, offset, at);
                if let Some(good) = good.filter(|&good| good > offset) {
                    keep_before(src, offset, good, base, &mut file, &mut diags);
                }
                let closed = good
                    .filter(|_| unclosed)
                    .and_then(|good| close_at_end(src, good, base, &mut file, &mut diags));
                diags.push(closed.unwrap_or_else(|| shifted(diag, base)));
                errors += 1;
                let next = next_item_start(&starts, at);
                if errors == PARSE_ERRORS && next.is_some() {
                    diags.push(parsing_stopped(base + at));
                    break;
                }
                match next {
                    Some(next) => offset = next,
                    None => break,
                }
            }
        }
    }
    if !arrays.is_empty() {
        let stmts = file.scenarios.iter_mut().flat_map(|s| s.stmts.iter_mut());
        put_back(stmts, arrays, base);
    }
    if !lists.is_empty() {
        let stmts = file.scenarios.iter_mut().flat_map(|s| s.stmts.iter_mut());
        put_back_lists(stmts, lists, base);
    }
    (file, diags)
}

/// Put the long `dice` lists the pre-scan read back into the tree, where
/// pest read only their first number (the rest was blanked): the
/// statement ends where the list ends.
fn put_back_lists<'a>(
    stmts: impl Iterator<Item = &'a mut ast::Spanned<ast::Stmt>>,
    lists: Vec<(Vec<ast::Int>, Span)>,
    base: usize,
) {
    let mut by_start: std::collections::HashMap<usize, Vec<ast::Int>> = lists
        .into_iter()
        .map(|(rolls, span)| (span.start() + base, rolls))
        .collect();
    for stmt in stmts {
        let ast::Stmt::Dice(ast::Dice::Fixed(rolls)) = &mut stmt.node else {
            continue;
        };
        let Some(mut read) = rolls.first().and_then(|r| by_start.remove(&r.span.start())) else {
            continue;
        };
        if base != 0 {
            for r in &mut read {
                r.span = r.span.shift(base);
            }
        }
        if let Some(last) = read.last() {
            stmt.span = stmt.span.with_end(last.span.end());
        }
        *rolls = read;
    }
}

/// Put the board arrays the pre-scan read back into the tree, where pest
/// read them as `[]` (at the same `[`): the statement ends where the array
/// ends.
fn put_back<'a>(
    stmts: impl Iterator<Item = &'a mut ast::Spanned<ast::Stmt>>,
    arrays: Vec<(ast::Rows, Span)>,
    base: usize,
) {
    let mut by_start: std::collections::HashMap<usize, (ast::Rows, Span)> = arrays
        .into_iter()
        .map(|(rows, span)| (span.start() + base, (rows, span)))
        .collect();
    for stmt in stmts {
        let ast::Stmt::Board(ast::BoardSrc::Array { rows, span }) = &mut stmt.node else {
            continue;
        };
        let Some((mut read, whole)) = by_start.remove(&span.start()) else {
            continue;
        };
        if base != 0 {
            for row in &mut read {
                row.span = row.span.shift(base);
                for n in &mut row.node {
                    n.span = n.span.shift(base);
                }
            }
        }
        *rows = read;
        *span = whole.shift(base);
        stmt.span = stmt.span.with_end(span.end());
    }
}

/// Build the items of `src[offset..good]`, the part of the text before a
/// syntax error that still parses.
fn keep_before(
    src: &str,
    offset: usize,
    good: usize,
    base: usize,
    file: &mut File,
    diags: &mut Diags,
) {
    if let Ok(mut pairs) = MeepleParser::parse(Rule::file, &src[offset..good]) {
        if let Some(pair) = pairs.next() {
            build::file(pair, base + offset, file, diags);
        }
    }
}

/// A scenario or track still open at the end of the file, from `good`:
/// read as if closed there. Returns the diagnostic that says it is not
/// closed, or `None` if it does not parse even so.
fn close_at_end(
    src: &str,
    good: usize,
    base: usize,
    file: &mut File,
    diags: &mut Diags,
) -> Option<Diag> {
    let patched = format!("{}\n}}", &src[good..]);
    let mut pairs = MeepleParser::parse(Rule::file, &patched).ok()?;
    build::file(pairs.next()?, base + good, file, diags);
    // The added `}` is not in the file.
    let end = base + src.len();
    for sc in file.scenarios.iter_mut().filter(|s| s.span.end() > end) {
        sc.span = sc.span.with_end(end);
    }
    for t in file.tracks.iter_mut().filter(|t| t.span.end() > end) {
        t.span = t.span.with_end(end);
    }
    Some(shifted(recover::unclosed_item(src, good), base))
}

/// Parsing gave up after [`PARSE_ERRORS`] errors, the last one at `at`.
fn parsing_stopped(at: usize) -> Diag {
    Diag::new(
        Code::ErrorsTooMany,
        format!("parsing stopped after {PARSE_ERRORS} syntax errors"),
    )
    .label(Span::new(at, at), "the last error read")
    .help("fix these errors first; the rest of the file was not read")
}

/// A diagnostic of text at byte `base` of a longer source.
fn shifted(mut d: Diag, base: usize) -> Diag {
    for (s, _) in &mut d.labels {
        *s = s.shift(base);
    }
    d
}

/// Parse what a REPL user typed: scenario blocks, track definitions or
/// bare statements of the current scenario. Errors point into `text`.
#[cfg(test)]
pub(crate) fn parse_repl(text: &str) -> Result<Vec<ReplItem>, Diags> {
    parse_repl_at(text, 0)
}

/// [`parse_repl`] for text that sits at byte `offset` of a longer source
/// (the REPL's session log): every span is shifted by `offset`.
///
/// Typed text has the caps of a file: at most [`SOURCE_BYTES`], and the
/// pre-scan's counts (statements, words, board cells) before pest reads it.
pub(crate) fn parse_repl_at(text: &str, offset: usize) -> Result<Vec<ReplItem>, Diags> {
    if text.len() > SOURCE_BYTES {
        return Err(vec![Diag::new(
            Code::SourceTooLarge,
            format!(
                "this input is larger than {} MiB, the most meeple reads",
                SOURCE_BYTES >> 20
            ),
        )
        .label(Span::new(offset, offset), "the input starts here")
        .help("type or paste less at a time")]);
    }
    let text = &*line_ends(text);
    let scan = prescan::scan(text);
    if !scan.diags.is_empty() {
        return Err(scan.diags.into_iter().map(|d| shifted(d, offset)).collect());
    }
    match MeepleParser::parse(Rule::repl_input, &scan.text) {
        Ok(mut pairs) => {
            let mut diags = Vec::new();
            let mut items = pairs
                .next()
                .map(|p| build::repl_items(p, offset, &mut diags))
                .unwrap_or_default();
            if !diags.is_empty() {
                return Err(diags);
            }
            if !scan.arrays.is_empty() {
                let stmts = items.iter_mut().flat_map(|item| match item {
                    ReplItem::Scenario(sc) => sc.stmts.iter_mut(),
                    ReplItem::Stmt(s) => std::slice::from_mut(s).iter_mut(),
                    ReplItem::Track(_) | ReplItem::Rules(_) | ReplItem::Import(_) => [].iter_mut(),
                });
                put_back(stmts, scan.arrays, offset);
            }
            if !scan.lists.is_empty() {
                let stmts = items.iter_mut().flat_map(|item| match item {
                    ReplItem::Scenario(sc) => sc.stmts.iter_mut(),
                    ReplItem::Stmt(s) => std::slice::from_mut(s).iter_mut(),
                    ReplItem::Track(_) | ReplItem::Rules(_) | ReplItem::Import(_) => [].iter_mut(),
                });
                put_back_lists(stmts, scan.lists, offset);
            }
            Ok(items)
        }
        Err(err) => Err(vec![words::parse_error(&err, &scan.text, offset).0]),
    }
}

/// Board arrays read by the pre-scan, by the offset of their `[`.
pub(crate) type ReadArrays = std::collections::HashMap<usize, (ast::Rows, Span)>;

/// The text pest should read for `meeple fmt` and the large board arrays
/// the pre-scan read in its place (each blanked to `[]` there), by the
/// offset of its `[`; `None` if the pre-scan reported anything (`parse`
/// says what). An array holding a comment is left to pest (its comments
/// stay where they were).
pub(crate) fn fmt_text(text: &str) -> Option<(std::borrow::Cow<'_, str>, ReadArrays)> {
    let scan = prescan::scan(text);
    if scan.refused || !scan.diags.is_empty() {
        return None;
    }
    let mut out = scan.text;
    // Long `dice` lists are read by pest here, with their comments.
    for (_, span) in &scan.lists {
        out.to_mut()
            .replace_range(span.start()..span.end(), &text[span.start()..span.end()]);
    }
    let mut arrays = std::collections::HashMap::new();
    for (rows, span) in scan.arrays {
        let written = &text[span.start()..span.end()];
        if written.contains('#') {
            out.to_mut()
                .replace_range(span.start()..span.end(), written);
        } else {
            arrays.insert(span.start(), (rows, span));
        }
    }
    Some((out, arrays))
}

/// The errors of building the tree of a file that pest read (numbers out
/// of range, …): empty when [`parse`] would report nothing else.
pub(crate) fn build_diags(file: pest::iterators::Pair<'_, Rule>) -> Diags {
    let mut diags = Vec::new();
    build::file(file, 0, &mut File::default(), &mut diags);
    diags
}

/// A pest error of a parse of `text` (found at byte `offset` of the file) as a diagnostic in
/// words users know (the judge-text readers use the grammar's judge rules too).
pub(crate) fn parse_error_diag(err: &pest::error::Error<Rule>, text: &str, offset: usize) -> Diag {
    words::parse_error(err, text, offset).0
}

/// Byte offsets of lines that begin (after indentation) with a top-level keyword.
fn item_starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    let mut pos = 0;
    text.split_inclusive('\n').filter_map(move |line| {
        let start = pos;
        pos += line.len();
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let is_item = ["scenario", "track", "rules", "import"].iter().any(|kw| {
            trimmed.starts_with(kw)
                && !trimmed[kw.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
        });
        is_item.then_some(start + indent)
    })
}

/// The start of the last item that begins at or before `at` (the broken
/// one); everything before it parsed. `starts` is sorted.
fn last_item_start(starts: &[usize], from: usize, at: usize) -> Option<usize> {
    let i = starts.partition_point(|&s| s <= at);
    starts[..i].last().copied().filter(|&s| s >= from)
}

/// The first item that starts after `at`.
fn next_item_start(starts: &[usize], at: usize) -> Option<usize> {
    let i = starts.partition_point(|&s| s <= at);
    starts.get(i).copied()
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod word_lists;
