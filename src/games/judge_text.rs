//! Lexing judge text: the body of `input """…"""`, in a judge's own input format.
//!
//! The readers here know words and numbers, not games: each game's `judge`
//! module builds its position from them. Every span they give is relative to
//! the start of the text; [`Within`] moves spans into the script.
//!
//! Words are separated by whitespace (a byte-order mark counts as one) and
//! `#` comments run to the end of the line, as in scripts. The judge rules of
//! the grammar (`footholds_input`, `int_list`) share `board_array` and `int`
//! with the language, so a judge error reads like a script's.

use crate::error::{Capped, Code, Diag, Diags};
use crate::limits::BOARD_CELLS;
use crate::syntax::ast::{Coord, Int, Span, Spanned};
use crate::syntax::too_many_cells;
use crate::syntax::{int_node, number_too_large, parse_error_diag, Bytes, MeepleParser, Rule};
use pest::iterators::Pair;
use pest::Parser;

/// A footholds judge input `[[1,1],[1,0]] [0,0] [0,1]`, as written.
pub(crate) struct Coords {
    /// The board's rows of numbers, each with its span.
    pub(crate) rows: Vec<Spanned<Vec<Int>>>,
    /// The board array `[[…]]`.
    pub(crate) span: Span,
    /// `aloc` and `bloc`.
    pub(crate) a: Spanned<Coord>,
    pub(crate) b: Spanned<Coord>,
}

/// `input case K` on a game whose judge input holds one test case: only
/// `case 1` is that case.
pub(crate) fn one_case(case: &Option<Int>, game: impl std::fmt::Display) -> Result<(), Diags> {
    match case {
        Some(k) if k.node != 1 => Err(vec![no_case(k, 1, &format!("a {game} judge input"))]),
        _ => Ok(()),
    }
}

/// `input case K` where `what` holds `cases` test cases and none is K.
pub(crate) fn no_case(k: &Int, cases: u64, what: &str) -> Diag {
    let message = if k.node < 1 {
        "judge input: test cases are counted from 1".to_string()
    } else if cases == 1 {
        format!("judge input: there is no case {}: {what} holds one", k.node)
    } else {
        format!(
            "judge input: there is no case {}: {what} holds {cases}",
            k.node
        )
    };
    Diag::new(Code::InputFormat, message)
        .label(k.span, "no such case")
        .help(if cases == 1 {
            "remove `case K` (or write `case 1`)".to_string()
        } else {
            format!("write `input case K` with K from 1 to {cases}")
        })
}

/// Parse `text` by one of the grammar's judge rules. Errors are
/// `meeple::input::format`, their message starting "judge input:".
fn parse(rule: Rule, text: &str) -> Result<Pair<'_, Rule>, Diags> {
    parse_at(rule, text, 0)
}

/// [`parse`] of `text` at byte `offset` of the judge text (spans move by it).
fn parse_at(rule: Rule, text: &str, offset: usize) -> Result<Pair<'_, Rule>, Diags> {
    MeepleParser::parse(rule, text)
        .map_err(|e| {
            let mut d = judge_terms(parse_error_diag(&e, text, offset));
            d.code = Code::InputFormat;
            d.message = format!("judge input: {}", d.message);
            vec![d]
        })
        .and_then(|mut pairs| pairs.next().ok_or_else(Vec::new))
}

/// A grammar error said in the judge's terms: the text ends at the end of
/// the input (the `input """…"""` block, not the file); positions are
/// written `[row, col]`; a word among the numbers is named as such.
fn judge_terms(mut d: Diag) -> Diag {
    let say = |t: &str| t.replace("the end of the file", "the end of the input");
    d.message = say(&d.message);
    for (_, l) in &mut d.labels {
        *l = say(l);
    }
    let help = d.help.as_deref().map(say).unwrap_or_default();
    d.help = Some(if help.starts_with("write coordinates as") {
        "the judge writes a position as [row, col], e.g. [1, 2]".into()
    } else if d.message.contains("a whole number") && d.message.contains("the end of the input") {
        "a judge input is whole numbers separated by blanks (and # comments)".into()
    } else if help.starts_with("write the end of the input") {
        "the judge input ends here: remove what follows".into()
    } else {
        help
    });
    d
}

fn span(p: &Pair<Rule>) -> Span {
    Span::new(p.as_span().start(), p.as_span().end())
}

/// The numbers of a pair (the cells of a row, the two numbers of a coordinate).
fn numbers(p: Pair<Rule>, diags: &mut Diags) -> Vec<Int> {
    p.into_inner()
        .filter(|q| q.as_rule() == Rule::int)
        .map(|q| int_node(q, 0, diags))
        .collect()
}

fn coord(p: Option<Pair<Rule>>, diags: &mut Diags) -> Spanned<Coord> {
    let Some(p) = p else {
        return Spanned::new(Coord { row: 0, col: 0 }, Span::default());
    };
    let at = span(&p);
    let v = numbers(p, diags);
    let get = |i: usize| v.get(i).map_or(0, |n| n.node);
    Spanned::new(
        Coord {
            row: get(0),
            col: get(1),
        },
        at,
    )
}

/// Read a footholds judge input: a board array and two coordinates.
///
/// Well-formed text is read by a byte scan (no pest token per cell); any
/// other, or a number out of range, by the grammar's `footholds_input`,
/// which reports it.
pub(crate) fn coords(text: &str) -> Result<Coords, Diags> {
    if let Some(c) = plain_coords(text) {
        return Ok(c);
    }
    let sound = sound_rows(text);
    let read = sound.text.as_deref().unwrap_or(text);
    let mut it = parse(Rule::footholds_input, read)?.into_inner();
    let board = it.next().ok_or_else(Vec::new)?;
    let board_span = span(&board);
    let cells: usize = board
        .clone()
        .into_inner()
        .map(|r| r.into_inner().count())
        .sum::<usize>()
        + sound.hidden;
    if cells > BOARD_CELLS {
        return Err(vec![too_many_cells(board_span, cells)]);
    }
    let mut diags = sound.range.finish();
    let rows = board
        .into_inner()
        .map(|row| {
            let at = span(&row);
            Spanned::new(numbers(row, &mut diags), at)
        })
        .collect();
    let a = coord(it.next(), &mut diags);
    let b = coord(it.next(), &mut diags);
    if diags.is_empty() {
        Ok(Coords {
            rows,
            span: board_span,
            a,
            b,
        })
    } else {
        Err(diags)
    }
}

/// Read a judge input that is a list of integers (yut, stacking).
///
/// A byte scan reads a text of plain numbers (millions of them in a 2048 ×
/// 2048 stacking board) without a pest token each; see [`check_ints`] for
/// the errors. Two passes, so that the vector is allocated once at its size.
pub(crate) fn ints(text: &str) -> Result<Vec<Int>, Diags> {
    let mut out = Vec::with_capacity(check_ints(text)?);
    out.extend(values(text));
    Ok(out)
}

/// Check that `text` is a list of integers as the grammar's `int_list`
/// reads it, building nothing: the count of its numbers, or the errors the
/// grammar gives. A word that is not a number is the grammar's error, from
/// pest on that word and the one before it (the same message and span as on
/// the whole text, without a token per number); numbers out of range are
/// each a `meeple::number::range` (the first thousand, then a count).
pub(crate) fn check_ints(text: &str) -> Result<usize, Diags> {
    let (mut count, mut from) = (0usize, 0usize);
    let mut range = Capped::default();
    for (start, end) in words(text) {
        let word = &text[start..end];
        let digits = word.strip_prefix('-').unwrap_or(word);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(match parse_at(Rule::int_list, &text[from..end], from) {
                Err(d) => d,
                // Not reached: a word that is not `-?[0-9]+` stops `int_list`.
                Ok(_) => parse(Rule::int_list, text).err().unwrap_or_default(),
            });
        }
        if word.parse::<i64>().is_err() {
            let at = Span::new(start, end);
            range.push(at, || number_too_large(at));
        }
        count += 1;
        from = start;
    }
    if range.is_empty() {
        Ok(count)
    } else {
        Err(range.finish())
    }
}

/// The numbers of a text that [`check_ints`] accepted, one at a time (a
/// number out of range reads as 0).
pub(crate) fn values(text: &str) -> impl Iterator<Item = Int> + '_ {
    words(text).map(|(start, end)| {
        Spanned::new(
            text[start..end].parse::<i64>().unwrap_or(0),
            Span::new(start, end),
        )
    })
}

/// The rows of a footholds input's board that are sound (numbers between
/// brackets, as the grammar reads them), counted and blanked inside their
/// brackets in a copy of the text, with the errors of their numbers out of
/// range: pest then reads a malformed input's board as a row of tokens per
/// row, not one per cell, and reports the same first error (every byte keeps
/// its place, and each row its brackets).
struct Sound {
    text: Option<String>,
    /// The cells of the blanked rows that pest does not see (it reads one
    /// number in each).
    hidden: usize,
    range: Capped,
}

fn sound_rows(text: &str) -> Sound {
    let mut sound = Sound {
        text: None,
        hidden: 0,
        range: Capped::default(),
    };
    let mut r = Bytes { text, at: 0 };
    if !r.eat(b'[') {
        return sound;
    }
    let mut blanked: Option<Vec<u8>> = None;
    while r.eat(b'[') {
        let start = r.at - 1;
        let (mut cells, mut trailing, mut range) = (0usize, false, Vec::new());
        if !r.eat(b']') {
            loop {
                r.blank();
                let at = r.at;
                match r.int() {
                    Some(_) => {}
                    // The reader stops past a number too large for 64 bits.
                    None if r.at > at => range.push(Span::new(at, r.at)),
                    None => return sound.with(blanked),
                }
                cells += 1;
                if r.eat(b']') {
                    break;
                }
                if !r.eat(b',') {
                    return sound.with(blanked);
                }
                if r.eat(b']') {
                    trailing = true;
                    break;
                }
            }
        }
        sound.hidden += cells.saturating_sub(1);
        for at in range {
            sound.range.push(at, || number_too_large(at));
        }
        if cells > 0 {
            // `[0 ]`, or `[0, ]` for a row with a trailing comma: where pest
            // tries a number, and fails, as in the row as written. Every
            // other byte but line breaks becomes a space (the text stays
            // UTF-8: whole characters are replaced).
            let out = blanked.get_or_insert_with(|| text.as_bytes().to_vec());
            let inside = &mut out[start + 1..r.at - 1];
            for b in inside.iter_mut().filter(|b| **b != b'\n') {
                *b = b' ';
            }
            if let Some(first) = inside.iter().position(|&b| b != b'\n') {
                inside[first] = b'0';
            }
            if trailing {
                if let Some(last) = inside.iter().rposition(|&b| b != b'\n') {
                    inside[last] = b',';
                }
            }
        }
        if !r.eat(b',') {
            break;
        }
    }
    sound.with(blanked)
}

impl Sound {
    fn with(mut self, blanked: Option<Vec<u8>>) -> Sound {
        self.text = blanked.and_then(|b| String::from_utf8(b).ok());
        self
    }
}

/// [`coords`] of well-formed text, or `None`.
fn plain_coords(text: &str) -> Option<Coords> {
    let mut r = Bytes { text, at: 0 };
    let (rows, span) = r.board_array()?;
    // `[row, col]`: no trailing comma (the grammar's `judge_coord`).
    let coord = |r: &mut Bytes| {
        r.eat(b',');
        if !r.eat(b'[') {
            return None;
        }
        let start = r.at - 1;
        let row = r.int()?.node;
        let comma = r.eat(b',');
        let col = r.int()?.node;
        (comma && r.eat(b']')).then(|| Spanned::new(Coord { row, col }, Span::new(start, r.at)))
    };
    let a = coord(&mut r)?;
    let b = coord(&mut r)?;
    r.blank();
    (r.at == text.len()).then_some(Coords { rows, span, a, b })
}

/// The start of a judge input up to the end of its `count`-th word (a byte scan: nothing is
/// parsed or built), or the whole text if it has fewer. Words are separated as in [`ints`];
/// a number always ends at a word's end, so the prefix holds at least the first `count`
/// numbers of the text and parses like its start.
pub(crate) fn prefix(text: &str, count: usize) -> &str {
    match words(text).nth(count.saturating_sub(1)) {
        Some((_, end)) if count > 0 => &text[..end],
        _ => text,
    }
}

/// The words of a judge text as byte ranges: runs between blanks, `#`
/// comments (to the end of the line) and byte-order marks.
fn words(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    const BOM: &[u8] = "\u{FEFF}".as_bytes();
    let bytes = text.as_bytes();
    let separator = move |i: usize| {
        matches!(bytes[i], b' ' | b'\t' | b'\r' | b'\n' | b'#') || bytes[i..].starts_with(BOM)
    };
    let mut i = 0usize;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            match bytes[i] {
                b' ' | b'\t' | b'\r' | b'\n' => i += 1,
                b'#' => {
                    while i < bytes.len() && bytes[i] != b'\n' {
                        i += 1;
                    }
                }
                _ if bytes[i..].starts_with(BOM) => i += BOM.len(),
                _ => {
                    let start = i;
                    while i < bytes.len() && !separator(i) {
                        i += 1;
                    }
                    return Some((start, i));
                }
            }
        }
        None
    })
}

/// Where a judge text sits in its script: moves spans relative to the text
/// into the script. A position inside the text moves by the text's start; the
/// text's end maps to the end of the statement's text span (the same place
/// for a raw block; for a quoted string with escapes, the string's end).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Within {
    start: usize,
    end: usize,
    len: usize,
}

impl Within {
    /// The text of an `input` statement and its span in the script.
    pub(crate) fn new(text: &Spanned<String>) -> Within {
        Within {
            start: text.span.start(),
            end: text.span.end(),
            len: text.node.len(),
        }
    }

    fn at(&self, p: usize) -> usize {
        if p >= self.len {
            self.end
        } else {
            self.start + p
        }
    }

    pub(crate) fn span(&self, s: Span) -> Span {
        Span::new(self.at(s.start()), self.at(s.end()))
    }

    pub(crate) fn diag(&self, mut d: Diag) -> Diag {
        for (s, _) in &mut d.labels {
            *s = self.span(*s);
        }
        d
    }

    pub(crate) fn diags(&self, ds: Diags) -> Diags {
        ds.into_iter().map(|d| self.diag(d)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 32 item 3: judge-input errors in the judge's terms: `[r, c]`
    /// positions, the end of the input (not of the file), a word among
    /// the numbers named as such.
    #[test]
    fn errors_in_the_judges_terms() {
        let Err(e) = coords("[[1, 1, 1]] [0, 0]") else {
            panic!("read")
        };
        let d = &e[0];
        let help = d.help.as_deref().unwrap_or("");
        assert!(
            help.contains("[row, col]") && !help.contains("(row, col)"),
            "{help}"
        );
        assert!(
            d.labels[0].1.contains("the end of the input"),
            "{:?}",
            d.labels
        );
        let e = ints("1 2 3 x 5").unwrap_err();
        let all = format!("{} {:?} {:?}", e[0].message, e[0].labels, e[0].help);
        assert!(!all.contains("file") && all.contains("`x`"), "{all}");
        assert!(all.contains("whole numbers separated by blanks"), "{all}");
    }

    #[test]
    fn spans_are_relative_to_the_text() {
        let j = coords("[[1, 1, 1], [1, 1, 1]]\t[1, 0]  [1, 2]").unwrap();
        assert_eq!(j.rows.len(), 2);
        assert_eq!(j.a.node, Coord { row: 1, col: 0 });
        assert_eq!(j.b.span.start(), 31);
        // The byte scan and the grammar read the same.
        for text in [
            "[[1, 1, 1], [1, 1, 1]]\t[1, 0]  [1, 2]",
            "\u{FEFF}[ [1,0,], # c\n [],[ -1 ] , ], [0 ,1], [2,3]\n",
            "[], [0, 0] [0, 0]",
        ] {
            let fast = plain_coords(text).unwrap();
            let mut it = parse(Rule::footholds_input, text).unwrap().into_inner();
            let board = it.next().unwrap();
            assert_eq!(fast.span, span(&board), "{text}");
            let slow: Vec<_> = board
                .into_inner()
                .map(|row| (span(&row), numbers(row, &mut Vec::new())))
                .collect();
            let fast_rows: Vec<_> = fast.rows.iter().map(|r| (r.span, r.node.clone())).collect();
            assert_eq!(fast_rows, slow, "{text}");
            assert_eq!(fast.a, coord(it.next(), &mut Vec::new()), "{text}");
            assert_eq!(fast.b, coord(it.next(), &mut Vec::new()), "{text}");
        }
        for bad in [
            "[[1]] [0] [0, 0]",
            "[[1],] [0, 0]",
            "[[1 1]] [0,0] [0,0]",
            "[[1]] [0,0] [0,0] x",
            "[[1]] [0,0,] [0,0]",
            "[[1x]] [0,0] [0,0]",
            "[[99999999999999999999]] [0,0] [0,0]",
        ] {
            assert!(plain_coords(bad).is_none(), "{bad}");
        }
        let ints = ints("1 2\n 3").unwrap();
        assert_eq!(ints.iter().map(|i| i.node).collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(ints[2].span, Span::new(5, 6));
        let e = super::ints("1 x").unwrap_err();
        assert_eq!(e[0].code.as_str(), "meeple::input::format");
        assert!(
            e[0].message.starts_with("judge input: "),
            "{}",
            e[0].message
        );
        let fast = super::ints("\u{FEFF}-3\t# c\n 40\u{FEFF}5#x").unwrap();
        let spans: Vec<_> = fast
            .iter()
            .map(|i| (i.node, i.span.start(), i.span.end()))
            .collect();
        assert_eq!(spans, [(-3, 3, 5), (40, 11, 13), (5, 16, 17)]);
        let slow = numbers(
            parse(Rule::int_list, "\u{FEFF}-3\t# c\n 40\u{FEFF}5#x").unwrap(),
            &mut Vec::new(),
        );
        assert_eq!(fast, slow);
        let e = super::ints("99999999999999999999").unwrap_err();
        assert_eq!(e[0].code.as_str(), "meeple::number::range");
    }

    /// The grammar's `int_list` on the whole text, then each number's range:
    /// what [`ints`] reads without a token per number.
    fn by_pest(text: &str) -> Result<Vec<Int>, Diags> {
        let mut diags = Vec::new();
        let ints = numbers(parse(Rule::int_list, text)?, &mut diags);
        if diags.is_empty() {
            Ok(ints)
        } else {
            Err(diags)
        }
    }

    #[test]
    fn the_byte_scan_errs_as_the_grammar_does() {
        let texts = [
            "1 x",
            "x",
            "1-2",
            "-",
            "1\"",
            "1 2\nfoo 3",
            "1 2 # c\n\nx",
            "1\t12a 3",
            "\u{FEFF}4\u{FEFF}é",
            "1 2 3 --4",
            "7 \"4\"",
            "1 99999999999999999999 2 -99999999999999999999",
            "99999999999999999999 x",
            "",
            "  # only a comment",
        ];
        for text in texts {
            let fast = super::ints(text);
            let slow = by_pest(text);
            assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{text}");
        }
        assert!(super::ints("1 x").is_err() && super::ints("-").is_err());
        // Numbers out of range: the first thousand, then one note for the rest.
        let text = "99999999999999999999 ".repeat(1500);
        let e = check_ints(&text).unwrap_err();
        assert_eq!(e.len(), 1001);
        assert_eq!(e[999].code, Code::NumberRange);
        assert_eq!(e[1000].code, Code::ErrorsTooMany);
        assert!(e[1000].message.starts_with("500 more errors"));
        assert_eq!(e[1000].labels[0].0.start(), 21 * 1000);
    }

    /// The grammar's reading of a footholds input, a token per cell: what
    /// [`coords`] reports for a malformed one.
    fn coords_by_pest(text: &str) -> Result<Vec<usize>, Diags> {
        let mut it = parse(Rule::footholds_input, text)?.into_inner();
        let board = it.next().unwrap();
        let mut diags = Vec::new();
        let rows: Vec<usize> = board
            .into_inner()
            .map(|row| numbers(row, &mut diags).len())
            .collect();
        coord(it.next(), &mut diags);
        coord(it.next(), &mut diags);
        if diags.is_empty() {
            Ok(rows)
        } else {
            Err(diags)
        }
    }

    #[test]
    fn malformed_footholds_inputs_err_as_the_grammar_does() {
        let big = "99999999999999999999";
        let texts = [
            "[[1, 1], [1, x]] [0, 0] [0, 1]".to_string(),
            "[[1, 1], [1, 1] [0, 0] [0, 1]".to_string(),
            "[[1, 1],\n [1, 1]\n x [0, 0] [0, 1]".to_string(),
            "[[1, 1], # é\n [1, 1]] [0, 0] [0 1]".to_string(),
            "[[1, 1], [1, 1]] [0, 0]\n[0, 1] z".to_string(),
            "[[1, 1], [1, 1]] [0, 0] [0, 1".to_string(),
            format!("[[1, {big}], [1, 1], [{big}, -{big}]] [0, 0] [0, {big}]"),
            format!("[[1, {big}], [1, 1]] [0, 0] [0, 1] x"),
            "[[1, 1,], [1, 1] [0, 0] [0, 1]".to_string(),
            "[[1, 1], [1, # c\n 1, ], ] [0, 0] [0, 1] [2]".to_string(),
            "[[], [ ], [1,\n], [1, 1] [0, 0] [0, 1]".to_string(),
            "[[1, 1], [[1]]] [0, 0] [0, 1]".to_string(),
            "\u{FEFF}[ [1,0,], \u{FEFF}[1 1]] [0,0] [0,1]".to_string(),
        ];
        for text in &texts {
            let fast = coords(text).err();
            assert!(fast.is_some(), "{text}");
            let slow = coords_by_pest(text).err();
            assert!(slow.is_some(), "{text}");
            assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{text}");
        }
        // The sound rows are blanked inside their brackets: pest reads a
        // board of a million bad-ending cells as rows, not cells.
        let row = format!("[{}]", vec!["1"; 1000].join(", "));
        let text = format!(
            "[{}, [1, x]] [0, 0] [0, 1]",
            vec![row.as_str(); 1000].join(",\n")
        );
        let sound = sound_rows(&text);
        assert_eq!(sound.hidden, 1_000_000 - 1000);
        let read = sound.text.unwrap();
        assert_eq!(read.len(), text.len());
        // Only the bad row and the coordinates keep their numbers.
        assert_eq!(read.matches('1').count(), 2);
        assert_eq!(read.matches("[0 ").count(), 1000);
        let e = coords(&text).err().unwrap();
        assert_eq!(e[0].span().unwrap().start(), text.find('x').unwrap());
    }

    #[test]
    fn within_moves_spans_into_the_script() {
        let text = Spanned::new("1 2".to_string(), Span::new(100, 103));
        let w = Within::new(&text);
        assert_eq!(w.span(Span::new(2, 3)), Span::new(102, 103));
        // An escaped string is longer in the script than its text: the end stays the end.
        let text = Spanned::new("1 2".to_string(), Span::new(100, 105));
        let w = Within::new(&text);
        assert_eq!(w.span(Span::new(0, 3)), Span::new(100, 105));
        assert_eq!(w.span(Span::new(2, 2)), Span::new(102, 102));
    }

    #[test]
    fn prefix_counts_words_without_parsing() {
        assert_eq!(prefix("4 2\n0 0", 2), "4 2");
        assert_eq!(prefix("  4\t# two\n2 3", 2), "  4\t# two\n2");
        assert_eq!(prefix("4#c\n2 3", 1), "4");
        assert_eq!(prefix("\u{FEFF}1\u{FEFF}2 3", 2), "\u{FEFF}1\u{FEFF}2");
        assert_eq!(prefix("1 2", 5), "1 2");
        assert_eq!(prefix("é 2 3", 2), "é 2");
        assert_eq!(prefix("", 1), "");
    }
}
