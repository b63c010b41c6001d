//! A linear byte scan of a script before pest reads it, so that a huge
//! input costs one pass and no tokens.
//!
//! pest makes a token per number, word and statement, each about 100 bytes
//! of queue, so a 16 MiB file of numbers costs seconds and gigabytes before
//! any cap could fire on the tree. The scan counts first:
//! - a `board [[…]]` array over [`BOARD_CELLS`] is reported here (the same
//!   `meeple::board::too_large` on the same `[`) and blanked to `[]` in the
//!   text pest reads (every byte keeps its place, so every span stays true);
//! - a well-formed array of at least [`READ_CELLS`] cells under the cap is
//!   read here by a byte reader (the same rows and spans pest would give),
//!   blanked the same way, and put back into the tree after the build;
//! - a file over [`STATEMENTS`] statements, a statement over [`LIST_WORDS`]
//!   numbers or words, a track over [`TRACK_SQUARES`] squares is one
//!   `meeple::source::too_many` and is not parsed at all.
//!
//! The scan reads comments, strings, raw blocks and `board { … }` grids as
//! the grammar does; where it could be wrong (malformed text) it only counts
//! less, and pest reports the error as before.

use super::array::Bytes;
use super::ast::{Int, Rows};
use super::build::too_many_cells;
use super::dialect;
use crate::error::{Code, Diag, Diags};
use crate::limits::{BOARD_CELLS, LIST_WORDS, STATEMENTS, TRACK_SQUARES};
use crate::source::Span;
use std::borrow::Cow;
use std::collections::HashSet;

/// What the scan found: the text pest should read, the diagnostics of the
/// scan and whether the file is too large to parse at all.
pub(crate) struct Scan<'t> {
    pub(crate) text: Cow<'t, str>,
    pub(crate) diags: Diags,
    pub(crate) refused: bool,
    /// Board arrays read here: their rows and spans.
    pub(crate) arrays: Vec<(Rows, Span)>,
    /// Long `dice` lists read here: their rolls and the span from the
    /// first to the last (pest reads only the first).
    pub(crate) lists: Vec<(Vec<Int>, Span)>,
}

/// The smallest board array the scan reads itself (smaller ones cost pest
/// little, and stay in the tree `meeple fmt` and the IDE walk).
pub(crate) const READ_CELLS: usize = 4096;

fn ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// The end of the comment starting at `i` (the `\n`, or the end).
fn comment_end(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |n| i + n)
}

/// Skip blanks and comments from `i`.
fn skip_blank(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'#' => i = comment_end(b, i),
            _ => break,
        }
    }
    i
}

/// Count the cells of the array that opens at `b[start] == b'['`: its end
/// (past the closing `]`) and its cells, or `None` if it holds anything but
/// numbers, commas, brackets, blanks and comments (pest reports it).
pub(crate) fn array_cells(b: &[u8], start: usize) -> Option<(usize, usize)> {
    let (mut depth, mut cells, mut i) = (0usize, 0usize, start);
    while i < b.len() {
        match b[i] {
            b'[' => depth += 1,
            b']' => {
                depth -= 1;
                if depth == 0 {
                    return Some((i + 1, cells));
                }
            }
            b'#' => {
                i = comment_end(b, i);
                continue;
            }
            b',' | b' ' | b'\t' | b'\r' | b'\n' => {}
            c if c == b'-' || c.is_ascii_digit() => {
                if depth == 2 {
                    cells += 1;
                }
                i += 1;
                while i < b.len() && ident_char(b[i]) {
                    i += 1;
                }
                continue;
            }
            _ => return None,
        }
        i += 1;
    }
    None
}

/// Scan `text` (see the module documentation).
pub(crate) fn scan(text: &str) -> Scan<'_> {
    let b = text.as_bytes();
    let mut diags = Vec::new();
    let mut blank: Vec<(usize, usize)> = Vec::new();
    let mut statements = 0usize;
    // The statement being read (its keyword's span) and its words so far.
    let mut current: Option<(Span, usize)> = None;
    // The track being read and its squares so far (each counted once:
    // `c25=25` is one square, `c25` again the same one), and whether the
    // statement being read is one of its `route` or `shortcut` lines.
    let mut track: Option<(Span, HashSet<&str>)> = None;
    let mut squares_line = false;
    let mut i = 0;
    let mut arrays = Vec::new();
    let mut lists = Vec::new();
    // Stretches pest reads as blanks (a long list's numbers after its first).
    let mut spaces: Vec<(usize, usize)> = Vec::new();
    let refuse = |diags: Vec<Diag>| Scan {
        text: Cow::Borrowed(text),
        diags,
        refused: true,
        arrays: Vec::new(),
        lists: Vec::new(),
    };
    while i < b.len() {
        let c = b[i];
        if c == b'#' {
            i = comment_end(b, i);
        } else if b[i..].starts_with(b"\"\"\"") {
            i = text[i + 3..]
                .find("\"\"\"")
                .map_or(b.len(), |n| i + 3 + n + 3);
        } else if c == b'"' {
            i += 1;
            while i < b.len() && !matches!(b[i], b'"' | b'\n') {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c.is_ascii_alphabetic() || c == b'_' || c == b'-' || c.is_ascii_digit() {
            let start = i;
            while i < b.len() && ident_char(b[i]) {
                i += 1;
            }
            let word = &text[start..i];
            let span = Span::new(start, i);
            if word == "rules" {
                match rules_block(b, i) {
                    Some(Ok(end)) => {
                        current = None;
                        i = end;
                        continue;
                    }
                    Some(Err(diag)) => return refuse(vec![diag]),
                    None => {}
                }
            }
            if dialect::starts_line(word) {
                statements += 1;
                if statements > STATEMENTS {
                    return refuse(vec![too_many_statements(span)]);
                }
                current = Some((span, 0));
                squares_line = track.is_some() && matches!(word, "route" | "shortcut");
                match word {
                    "track" => track = Some((span, HashSet::new())),
                    "scenario" => track = None,
                    "board" => i = board(text, i, &mut diags, &mut blank, &mut arrays),
                    "dice" => {
                        if let Some((rolls, list)) = long_list(text, i) {
                            if rolls.len() > LIST_WORDS {
                                return refuse(vec![too_many_words(span, word)]);
                            }
                            current = Some((span, rolls.len()));
                            spaces.push((rolls[0].span.end(), list.end()));
                            i = list.end();
                            lists.push((rolls, list));
                        }
                    }
                    _ => {}
                }
                continue;
            }
            if let Some((at, words)) = &mut current {
                *words += 1;
                if *words > LIST_WORDS {
                    return refuse(vec![too_many_words(*at, &text[at.start()..at.end()])]);
                }
            }
            if let (Some((at, squares)), true) = (&mut track, squares_line) {
                squares.insert(word);
                if squares.len() > TRACK_SQUARES {
                    return refuse(vec![too_many_squares(*at)]);
                }
                // `name = score`: the score is no square.
                let eq = skip_blank(b, i);
                if b.get(eq) == Some(&b'=') {
                    i = skip_blank(b, eq + 1);
                    while i < b.len() && ident_char(b[i]) {
                        i += 1;
                    }
                }
            }
        } else {
            i += 1;
        }
    }
    if blank.is_empty() && spaces.is_empty() {
        return Scan {
            text: Cow::Borrowed(text),
            diags,
            refused: false,
            arrays,
            lists,
        };
    }
    let mut out = b.to_vec();
    for (from, to) in spaces {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    }
    for (from, to) in blank {
        // Keep `[` and make the rest `]` then blanks (line ends stay).
        out[from + 1] = b']';
        for c in &mut out[from + 2..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    }
    Scan {
        // Only ASCII bytes were changed, and only inside an ASCII array or
        // list (a comment in a list, maybe not ASCII, is blanked whole).
        text: Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| text.to_string())),
        diags,
        refused: false,
        arrays,
        lists,
    }
}

/// After the word `dice` (ending at `i`): a list of at least
/// [`READ_CELLS`] numbers, read as the grammar's `int`s (blanks and
/// comments between them), ending where something other than a number
/// comes (a keyword, `}`); `None` for a shorter list, or one that holds a
/// number-like word the reader does not take (too large for 64 bits,
/// `12ab`): pest reads and reports those.
fn long_list(text: &str, i: usize) -> Option<(Vec<Int>, Span)> {
    let b = text.as_bytes();
    let mut r = Bytes { text, at: i };
    let mut rolls = Vec::new();
    while rolls.len() <= LIST_WORDS {
        match r.int() {
            Some(n) => rolls.push(n),
            None => break,
        }
    }
    let span = |rolls: &[Int]| Span::new(rolls[0].span.start(), rolls[rolls.len() - 1].span.end());
    if rolls.len() > LIST_WORDS {
        // Refused by the caller.
        let span = span(&rolls);
        return Some((rolls, span));
    }
    r.blank();
    let stopped_at_number = b
        .get(r.at)
        .is_some_and(|&c| c.is_ascii_digit() || c == b'-');
    if rolls.len() < READ_CELLS || stopped_at_number {
        return None;
    }
    let span = span(&rolls);
    Some((rolls, span))
}

/// After the word `board` (ending at `i`): skip a grid, or count an array's
/// cells and mark it for blanking when over the cap (or read it when large
/// and well-formed). Returns where to go on.
fn board(
    text: &str,
    i: usize,
    diags: &mut Diags,
    blank: &mut Vec<(usize, usize)>,
    arrays: &mut Vec<(Rows, Span)>,
) -> usize {
    let b = text.as_bytes();
    let at = skip_blank(b, i);
    match b.get(at) {
        Some(b'{') => {
            // A grid: rows of cells up to `}` (comments may hold one).
            let mut j = at + 1;
            while j < b.len() && b[j] != b'}' {
                j = if b[j] == b'#' {
                    comment_end(b, j)
                } else {
                    j + 1
                };
            }
            j
        }
        Some(b'[') => match array_cells(b, at) {
            Some((end, cells)) if cells > BOARD_CELLS => {
                diags.push(too_many_cells(Span::new(at, end), cells));
                blank.push((at, end));
                end
            }
            Some((end, cells)) if cells >= READ_CELLS => {
                let mut r = Bytes { text, at };
                if let Some(array) = r.board_array().filter(|(_, s)| s.end() == end) {
                    arrays.push(array);
                    blank.push((at, end));
                }
                end
            }
            Some((end, _)) => end,
            None => at,
        },
        _ => i,
    }
}

/// The most levels of `{`, `(` and `[` inside a rules block (its own
/// braces not counted), and the most statements (lines or `;`-separated
/// pieces holding code) in one.
pub(crate) const RULES_NESTING: usize = crate::limits::RULES_NESTING;
/// See [`RULES_NESTING`]; the statements themselves are counted in the
/// parsed block (`crate::limits::RULES_STATEMENTS`).
pub(crate) const RULES_LINES: usize = crate::limits::RULES_LINES;

/// After the word `rules` (ending at `i`): when `NAME {` follows, walk the
/// block to its closing brace (or the end), refusing nesting deeper than
/// [`RULES_NESTING`] and more than [`RULES_LINES`] lines of code; its end
/// when well within both. `None` when no block follows.
fn rules_block(b: &[u8], i: usize) -> Option<Result<usize, Diag>> {
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
            j += if c == b'-' { 1 } else { 3 };
            continue;
        }
        if !matches!(c, b' ' | b'\t' | b'\r' | b'\n') {
            prefixes = 0;
        }
        match b[j] {
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
                if depth > RULES_NESTING + 1 {
                    let at = Span::new(j, j + 1);
                    return Some(Err(Diag::new(
                        Code::RulesNesting,
                        format!("this rules block is nested more than {RULES_NESTING} levels deep"),
                    )
                    .label(at, format!("level {} opens here", depth - 1))
                    .label(Span::new(open, open + 1), "the block opens here")
                    .help(format!(
                        "meeple reads blocks, parentheses and brackets nested at most {RULES_NESTING} deep in a rules block: name parts with `let`"
                    ))));
                }
            }
            b'}' | b')' | b']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(Ok(j + 1));
                }
            }
            b'\n' | b';' => {
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

fn too_many_statements(at: Span) -> Diag {
    Diag::new(
        Code::SourceTooMany,
        format!("the file has more than {STATEMENTS} statements"),
    )
    .label(at, format!("statement {} starts here", STATEMENTS + 1))
    .help(format!(
        "meeple reads at most {STATEMENTS} statements per file: split it into several files"
    ))
}

fn too_many_words(at: Span, keyword: &str) -> Diag {
    Diag::new(
        Code::SourceTooMany,
        format!("this `{keyword}` statement has more than {LIST_WORDS} numbers or words"),
    )
    .label(at, "the statement starts here")
    .help(format!(
        "meeple reads at most {LIST_WORDS} numbers or words in one statement"
    ))
}

fn too_many_squares(at: Span) -> Diag {
    Diag::new(
        Code::SourceTooMany,
        format!("this track has more than {TRACK_SQUARES} squares"),
    )
    .label(at, "the track starts here")
    .help(format!(
        "meeple reads tracks of at most {TRACK_SQUARES} squares"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_over_the_cap_are_blanked_in_place() {
        let row = format!("[{}0]", "0,".repeat(2047));
        let rows = vec![row; 2049].join(",\n");
        let text = format!("scenario \"s\" {{\n  game stacking\n  board [{rows}]\n  solve\n}}\n");
        let s = scan(&text);
        assert!(!s.refused);
        assert_eq!(s.diags.len(), 1);
        assert_eq!(s.diags[0].code, Code::BoardTooLarge);
        let at = text.find("[[").unwrap();
        assert_eq!(s.diags[0].labels[0].0, Span::new(at, at + 1));
        assert_eq!(s.text.len(), text.len());
        assert_eq!(&s.text[at..at + 3], "[] ");
        assert_eq!(s.text.lines().count(), text.lines().count());
        assert!(s.text.ends_with("  \n  solve\n}\n"));
        // Under the cap, nothing changes.
        let text =
            "scenario \"s\" {\n  board [[1, 1], [1, 0]] # [[\n  input \"\"\"board [[1]]\"\"\"\n}";
        let s = scan(text);
        assert!(matches!(s.text, Cow::Borrowed(_)) && s.diags.is_empty() && !s.refused);
    }

    /// The tree pest alone builds for `text` (no pre-scan), to compare
    /// with what the pre-scan's readers put in it.
    fn pest_only(text: &str) -> crate::syntax::ast::File {
        use crate::syntax::{build, MeepleParser, Rule};
        use pest::Parser;
        let mut tree = crate::syntax::ast::File::default();
        let pair = MeepleParser::parse(Rule::file, text)
            .unwrap()
            .next()
            .unwrap();
        build::file(pair, 0, &mut tree, &mut Vec::new());
        tree
    }

    #[test]
    fn large_arrays_read_here_match_the_grammar() {
        let row = |r: usize| {
            let cells: Vec<String> = (0..100).map(|c| ((r + c) % 3).to_string()).collect();
            format!("[{}]", cells.join(", "))
        };
        let rows: Vec<String> = (0..100).map(row).collect();
        let text = format!(
            "scenario \"s\" {{\n  game stacking\n  board [{},  # c\n ]\n  solve\n}}\n",
            rows.join(",\n")
        );
        assert_eq!(scan(&text).arrays.len(), 1);
        let (fast, diags) = crate::syntax::parse(&text);
        assert!(diags.is_empty());
        assert_eq!(format!("{fast:?}"), format!("{:?}", pest_only(&text)));
        // A cell that is not a number is left to pest, which reports it.
        let bad = text.replacen("[0, 1", "[x, 1", 1);
        assert!(scan(&bad).arrays.is_empty());
    }

    /// Issue 27 item 18: a long `dice` list (a 16 MiB file of them took
    /// 2.4 s and 862 MB, a pest token per number) is read here: pest sees
    /// its first number only, and the tree is the one pest would build.
    #[test]
    fn long_dice_lists_are_read_here_as_the_grammar_reads_them() {
        let rolls: Vec<String> = (0..5000).map(|i| (i % 5 + 1).to_string()).collect();
        let text = format!(
            "scenario \"s\" {{\n  game yut\n  board yut\n  dice {} # some é\n  {}\n  solve\n}}\nscenario \"t\" {{\n  game yut\n  dice 1 2 3\n}}\n",
            rolls[..2500].join(" "),
            rolls[2500..].join("  ")
        );
        let s = scan(&text);
        assert!(s.diags.is_empty() && !s.refused);
        assert_eq!(s.lists.len(), 1);
        assert_eq!(s.lists[0].0.len(), 5000);
        assert_eq!(s.text.len(), text.len());
        let numbers = |t: &str| {
            t.split_whitespace()
                .filter(|w| w.parse::<i64>().is_ok())
                .count()
        };
        // One number of the long list, and the short one's three.
        assert_eq!(numbers(&s.text), 1 + 3);
        let (fast, diags) = crate::syntax::parse(&text);
        assert!(diags.is_empty(), "{diags:?}");
        let slow = pest_only(&text);
        assert_eq!(format!("{fast:?}"), format!("{slow:?}"));
        // The same through the REPL's parser, at an offset.
        let typed = crate::syntax::parse_repl_at(&text, 100).unwrap();
        let crate::syntax::ReplItem::Scenario(sc) = &typed[0] else {
            panic!("a scenario")
        };
        assert_eq!(sc.stmts[2].span, slow.scenarios[0].stmts[2].span.shift(100));
        // A number the reader does not take is left to pest, which reports it.
        let big = text.replacen(" 3 ", " 99999999999999999999 ", 1);
        assert!(scan(&big).lists.is_empty());
        assert_eq!(crate::syntax::parse(&big).1[0].code, Code::NumberRange);
        // Over the cap: refused, as when the words were counted one by one.
        let over = format!("dice {}", "1 ".repeat(LIST_WORDS + 1));
        let s = scan(&over);
        assert!(s.refused);
        assert_eq!(s.diags[0].labels[0].0, Span::new(0, 4));
    }

    #[test]
    fn counts_statements_words_and_squares() {
        let text = "scenario \"s\" {\n".to_string() + &"  show\n".repeat(STATEMENTS);
        let s = scan(&text);
        assert!(s.refused);
        assert_eq!(s.diags[0].code, Code::SourceTooMany);
        let last = text.rfind("show").unwrap();
        assert_eq!(s.diags[0].labels[0].0, Span::new(last, last + 4));
        let dice = format!("  dice {}\n", "1 ".repeat(LIST_WORDS));
        assert!(!scan(&dice).refused);
        let dice = format!("  dice {}\n", "1 ".repeat(LIST_WORDS + 1));
        let s = scan(&dice);
        assert!(s.refused);
        assert_eq!(s.diags[0].labels[0].0, Span::new(2, 6));
        // `start`, `finish` and 1..=n: n + 2 squares.
        let route = |n: usize| {
            let all: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
            format!("track t {{\n  route start {} finish\n}}\n", all.join(" "))
        };
        assert!(!scan(&route(TRACK_SQUARES - 2)).refused);
        let over = route(TRACK_SQUARES - 1);
        let s = scan(&over);
        assert!(s.refused);
        assert_eq!(s.diags[0].labels[0].0, Span::new(0, 5));
    }

    /// Issue 27 item 18: the track cap counts squares, not words: a square
    /// named again, the track's name and a `name=score`'s score are no new
    /// squares.
    #[test]
    fn the_track_cap_counts_squares_not_words() {
        let half: Vec<String> = (0..TRACK_SQUARES / 2).map(|i| i.to_string()).collect();
        let again = format!(
            "track t {{\n  route start {} finish\n  shortcut 1 {}\n}}\n",
            half.join(" "),
            half.join(" ")
        );
        assert!(!scan(&again).refused, "about 2^17 squares in 2^18 words");
        let named: Vec<String> = (0..TRACK_SQUARES * 2 / 3)
            .map(|i| {
                if i % 2 == 0 {
                    format!("s{i}={i}")
                } else {
                    format!("s{i} = -{i} # a score\n")
                }
            })
            .collect();
        let named = format!("track t {{\n  route start {} finish\n}}\n", named.join(" "));
        assert!(
            !scan(&named).refused,
            "2/3 × 2^18 squares, 4/3 × 2^18 words"
        );
        // Still a cap on the squares themselves.
        let more: Vec<String> = (0..=TRACK_SQUARES).map(|i| format!("s{i}={i}")).collect();
        let more = format!("track t {{\n  route start {} finish\n}}\n", more.join(" "));
        assert!(scan(&more).refused);
    }

    #[test]
    fn strings_raw_blocks_comments_and_grids_hide_keywords() {
        let text =
            "scenario \"show show\" { # show\n  board {\n  show\n  }\n  input \"\"\"show\"\"\"\n}";
        let s = scan(text);
        assert!(s.diags.is_empty());
        assert_eq!(array_cells(b"[[1, 2], [3]]", 0), Some((13, 3)));
        assert_eq!(array_cells(b"[[1, x]]", 0), None);
        assert_eq!(array_cells(b"[[1, 2", 0), None);
    }
}
