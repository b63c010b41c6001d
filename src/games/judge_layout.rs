//! The strict layout of a judge input file, as a testlib validator checks
//! it beyond the values the format reads (`meeple validate`): lines end with
//! `\n` alone (the last one too), words are separated by one space, no line
//! is empty or starts or ends with a blank, there is no byte-order mark or
//! tab, and no number is written `+1` or `-0`. The readers
//! themselves are lenient (an input pasted into a script may be tidied by
//! an editor); this pass is what makes a file a judge's.

use crate::error::{Code, Diag};
use crate::syntax::ast::Span;

/// The layout errors of `text`, at most one of each kind, in file order.
#[must_use]
pub fn layout_errors(text: &str) -> Vec<Diag> {
    let mut out: Vec<(usize, Diag)> = Vec::new();
    let mut seen: Vec<&'static str> = Vec::new();
    let mut push = |kind: &'static str, at: Span, msg: String, label: &str, help: &str| {
        if !seen.contains(&kind) {
            seen.push(kind);
            out.push((
                at.start(),
                Diag::new(Code::InputFormat, format!("judge input: {msg}"))
                    .label(at, label)
                    .help(help.to_string()),
            ));
        }
    };
    if text.starts_with('\u{FEFF}') {
        push(
            "bom",
            Span::new(0, 3),
            "a byte-order mark".into(),
            "before the first word",
            "save the file as UTF-8 without a byte-order mark",
        );
    }
    if text.is_empty() {
        push(
            "empty",
            Span::new(0, 0),
            "the file is empty".into(),
            "nothing here",
            "a judge input holds at least one line",
        );
    } else if !text.ends_with('\n') {
        let at = text.len();
        push(
            "eof",
            Span::new(at, at),
            "the last line does not end with a line break".into(),
            "no `\\n` here",
            "end the last line with `\\n`, as every judge file does",
        );
    }
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        let body_start = start;
        if let Some(i) = body.find('\r') {
            let at = body_start + i;
            push(
                "cr",
                Span::new(at, at + 1),
                "a Windows line ending (`\\r\\n`)".into(),
                "a carriage return",
                "end lines with `\\n` alone",
            );
        }
        let body = body.trim_end_matches('\r');
        if let Some(i) = body.find('\t') {
            let at = body_start + i;
            push(
                "tab",
                Span::new(at, at + 1),
                "a tab".into(),
                "a tab",
                "separate words with one space",
            );
        }
        let text_part = body.trim_start_matches('\u{FEFF}');
        let offset = body_start + (body.len() - text_part.len());
        if text_part.is_empty() && line.ends_with('\n') {
            push(
                "blank",
                Span::new(offset, offset + 1),
                "an empty line".into(),
                "empty",
                "remove the empty line: a judge's lines each hold words",
            );
        } else if text_part.starts_with(' ') {
            push(
                "lead",
                Span::new(offset, offset + 1),
                "a line starts with a space".into(),
                "a space before the first word",
                "start each line with its first word",
            );
        } else if text_part.ends_with(' ') {
            let at = offset + text_part.len() - 1;
            push(
                "trail",
                Span::new(at, at + 1),
                "a line ends with a space".into(),
                "a space after the last word",
                "end each line with its last word",
            );
        }
        if let Some(i) = text_part.find("  ") {
            let at = offset + i;
            push(
                "double",
                Span::new(at, at + 2),
                "two spaces in a row".into(),
                "two spaces",
                "separate words with one space",
            );
        }
        // Numbers: the words, and the parts of a bracketed word
        // (`[+1,`).
        let mut w = 0;
        for word in text_part.split([' ', '[', ']', ',', '(', ')']) {
            let at = offset + w;
            w += word.len() + 1;
            let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
            if word.strip_prefix('+').is_some_and(digits) {
                push(
                    "plus",
                    Span::new(at, at + word.len()),
                    format!("the number `{word}` is written with a `+`"),
                    "a sign judges never write",
                    "write the number without `+`",
                );
            } else if word
                .strip_prefix('-')
                .is_some_and(|d| digits(d) && d.bytes().all(|b| b == b'0'))
            {
                push(
                    "zero",
                    Span::new(at, at + word.len()),
                    format!("the number `{word}` is a negative zero"),
                    "negative zero",
                    "write `0`",
                );
            }
        }
        start += line.len();
    }
    out.sort_by_key(|(at, _)| *at);
    out.into_iter().map(|(_, d)| d).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<String> {
        layout_errors(text)
            .iter()
            .map(|d| d.message.clone())
            .collect()
    }

    #[test]
    fn a_tidy_file_has_no_layout_error() {
        assert!(kinds("2 3\n1 2 3\n-4 0 5\n").is_empty());
        assert!(
            kinds("3 3\n#R#\n.B.\n###\n").is_empty(),
            "a row of chars starting with #"
        );
    }

    #[test]
    fn each_untidy_layout_is_named_on_its_place() {
        for (text, words, at) in [
            ("\u{FEFF}1 2\n", "byte-order mark", 0),
            ("1 2\r\n", "Windows line ending", 3),
            ("1\t2\n", "a tab", 1),
            ("1 2\n\n3\n", "an empty line", 4),
            (" 1 2\n", "starts with a space", 0),
            ("1 2 \n", "ends with a space", 3),
            ("1  2\n", "two spaces", 1),
            ("1 2", "does not end with a line break", 3),
            ("1 +2\n", "`+2` is written with a `+`", 2),
            ("-0 2\n", "negative zero", 0),
            ("[[1, 0], [1, 1]] [+1, 0]\n", "`+1` is written", 18),
        ] {
            let ds = layout_errors(text);
            assert_eq!(ds.len(), 1, "{text:?}: {:?}", kinds(text));
            assert!(ds[0].message.contains(words), "{text:?}: {}", ds[0].message);
            let span = ds[0].labels[0].0;
            assert_eq!(span.start(), at, "{text:?}");
        }
    }
}
