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
use super::ast::Rows;
use super::build::too_many_cells;
use crate::error::{Code, Diag, Diags};
use crate::limits::{BOARD_CELLS, LIST_WORDS, STATEMENTS, TRACK_SQUARES};
use crate::source::Span;
use std::borrow::Cow;

/// What the scan found: the text pest should read, the diagnostics of the
/// scan and whether the file is too large to parse at all.
pub(crate) struct Scan<'t> {
    pub(crate) text: Cow<'t, str>,
    pub(crate) diags: Diags,
    pub(crate) refused: bool,
    /// Board arrays read here: their rows and spans.
    pub(crate) arrays: Vec<(Rows, Span)>,
}

/// The smallest board array the scan reads itself (smaller ones cost pest
/// little, and stay in the tree `meeple fmt` and the IDE walk).
pub(crate) const READ_CELLS: usize = 4096;

/// Words that start a statement, a top-level item or a track line.
const STARTS: &[&str] = &[
    "scenario", "track", "route", "shortcut", "game", "board", "piece", "dice", "rule", "input",
    "solve", "line", "analyze", "show", "play", "step", "undo", "expect",
];

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
    // The track being read and its squares so far.
    let mut track: Option<(Span, usize)> = None;
    let mut i = 0;
    let mut arrays = Vec::new();
    let refuse = |diags: Vec<Diag>| Scan {
        text: Cow::Borrowed(text),
        diags,
        refused: true,
        arrays: Vec::new(),
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
            if STARTS.contains(&word) {
                statements += 1;
                if statements > STATEMENTS {
                    return refuse(vec![too_many_statements(span)]);
                }
                current = Some((span, 0));
                match word {
                    "track" => track = Some((span, 0)),
                    "scenario" => track = None,
                    "board" => i = board(text, i, &mut diags, &mut blank, &mut arrays),
                    _ => {}
                }
                continue;
            }
            if let Some((at, words)) = &mut current {
                *words += 1;
                if *words > LIST_WORDS {
                    return refuse(vec![too_many_words(*at, &text[at.start..at.end])]);
                }
            }
            if let Some((at, squares)) = &mut track {
                *squares += 1;
                if *squares > TRACK_SQUARES {
                    return refuse(vec![too_many_squares(*at)]);
                }
            }
        } else {
            i += 1;
        }
    }
    if blank.is_empty() {
        return Scan {
            text: Cow::Borrowed(text),
            diags,
            refused: false,
            arrays,
        };
    }
    let mut out = b.to_vec();
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
        // Only ASCII bytes were changed, and only inside an ASCII array.
        text: Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| text.to_string())),
        diags,
        refused: false,
        arrays,
    }
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
                if let Some(array) = r.board_array().filter(|(_, s)| s.end == end) {
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

    #[test]
    fn large_arrays_read_here_match_the_grammar() {
        use crate::syntax::{ast::File, build, MeepleParser, Rule};
        use pest::Parser;
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
        let mut slow = File::default();
        let pair = MeepleParser::parse(Rule::file, &text)
            .unwrap()
            .next()
            .unwrap();
        build::file(pair, 0, &mut slow, &mut Vec::new());
        assert_eq!(format!("{fast:?}"), format!("{slow:?}"));
        // A cell that is not a number is left to pest, which reports it.
        let bad = text.replacen("[0, 1", "[x, 1", 1);
        assert!(scan(&bad).arrays.is_empty());
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
        let squares = |n: usize| {
            let half: Vec<String> = (0..n / 2).map(|i| i.to_string()).collect();
            format!(
                "track t {{\n  route start {} finish\n  shortcut 1 {}\n}}\n",
                half.join(" "),
                half.join(" ")
            )
        };
        // The name, `start`, `finish` and the shortcut's first square count too.
        assert!(!scan(&squares(TRACK_SQUARES - 4)).refused);
        let over = squares(TRACK_SQUARES + 2);
        let s = scan(&over);
        assert!(s.refused);
        assert_eq!(s.diags[0].labels[0].0, Span::new(0, 5));
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
