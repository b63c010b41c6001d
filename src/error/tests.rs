//! The tests of diagnostics and their drawing.

use super::*;
use crate::error::Code;
use crate::source::SourceFile;

/// A script named `x.game`.
fn x_game(text: &str) -> SourceFile {
    SourceFile::new("x.game", text)
}

#[test]
fn codes_are_unique_and_namespaced() {
    let mut seen = std::collections::HashSet::new();
    for c in Code::ALL {
        assert!(c.as_str().starts_with("meeple::"));
        assert!(seen.insert(c.as_str()), "duplicate code {c}");
    }
}

#[test]
fn rendering_names_code_label_and_help() {
    let d = Diag::new(Code::BoardRagged, "rows differ")
        .label(Span::new(4, 7), "this row has 3 cells")
        .help("make every row as long as the first");
    let out = render(&d, &x_game("1 1\n1 1 1\n"), false);
    assert!(out.contains("meeple::board::ragged"), "{out}");
    assert!(out.contains("this row has 3 cells"), "{out}");
    assert!(out.contains("make every row as long"), "{out}");
}

#[test]
fn excerpts_render_as_the_whole_text_does() {
    let mut text = String::new();
    for i in 0..3000 {
        text.push_str(&format!(
            "scenario \"s{i}\" {{\n  game footholds\n  expect answer {i}\n}}\n"
        ));
    }
    text.push_str(&format!("# {}\nlast {{", "x".repeat(300)));
    assert!(text.len() > EXCERPT_ABOVE);
    let at = |needle: &str| text.find(needle).unwrap();
    let cases = [
        Diag::new(Code::ExpectFailed, "first")
            .label(
                Span::new(at("expect answer 0"), at("expect answer 0") + 15),
                "here",
            )
            .help("fix it"),
        Diag::new(Code::ExpectFailed, "middle")
            .label(
                Span::new(at("expect answer 1500"), at("expect answer 1500") + 18),
                "a",
            )
            .label(
                Span::new(at("scenario \"s1500\""), at("scenario \"s1500\"") + 8),
                "b",
            ),
        Diag::new(Code::Parse, "end").label(Span::new(text.len(), text.len()), "eof"),
        Diag::new(Code::Parse, "long line").label(Span::new(text.len() - 20, text.len() - 19), "x"),
    ];
    let src = x_game(&text);
    for d in &cases {
        assert!(excerpt(&text, d, src.lines()).is_some());
        for color in [false, true] {
            let whole = render_whole(d, "x.game", &text, color);
            assert_eq!(render(d, &src, color), whole);
        }
    }
    assert!(render_whole(&cases[1], "x.game", &text, false).contains("6002"));
}

#[test]
fn far_apart_labels_render_as_the_whole_text_does() {
    let mut text = String::new();
    for i in 0..3000 {
        text.push_str(&format!("  piece A at (0, {i})\n"));
    }
    text.push_str(&format!("# {}\n", "y".repeat(500)));
    assert!(text.len() > EXCERPT_ABOVE);
    let at = |needle: &str| text.find(needle).unwrap();
    let long = text.len() - 300;
    let cases = [
        Diag::new(Code::PieceDuplicate, "far")
            .label(Span::new(at("(0, 2999)"), at("(0, 2999)") + 9), "again")
            .label(Span::new(at("(0, 0)"), at("(0, 0)") + 6), "first")
            .help("remove one"),
        Diag::new(Code::PieceDuplicate, "three windows, two merged")
            .label(Span::new(at("(0, 10)"), at("(0, 10)") + 7), "a")
            .label(Span::new(at("(0, 12)"), at("(0, 12)") + 7), "b")
            .label(Span::new(at("(0, 1000)"), at("(0, 1000)") + 9), "c")
            .label(Span::new(long, long + 1), "in a long line"),
    ];
    let src = x_game(&text);
    for d in &cases {
        assert!(excerpt(&text, d, src.lines()).is_some_and(|w| w.len() > 1));
        for color in [false, true] {
            let whole = render_whole(d, "x.game", &text, color);
            assert_eq!(render(d, &src, color), whole);
        }
    }
    assert!(render(&cases[0], &src, false).contains("3000 │"));
    // On the whole file, miette shows labels on lines 1501 and 3000 in
    // one block of 1500 lines (it merges blocks when the first label's
    // line number doubled passes the second's); from excerpts they are
    // two blocks, as any two labels far apart are.
    let d = Diag::new(Code::PieceDuplicate, "far")
        .label(Span::new(at("(0, 1500)"), at("(0, 1500)") + 9), "first")
        .label(Span::new(at("(0, 2999)"), at("(0, 2999)") + 9), "again");
    let out = render(&d, &src, false);
    assert_eq!(out.matches("╭─[").count(), 2, "{out}");
    assert!(out.lines().count() < 20, "{out}");
    assert!(out.contains("1501 │") && out.contains("3000 │"), "{out}");
}

#[test]
fn giant_words_in_messages_are_cut() {
    let name = format!("a{}z", "é".repeat(1_000_000));
    let d = Diag::new(Code::ExpectValue, format!("not `{name}`, no"))
        .label(Span::new(0, 1), format!("`{name}`"))
        .help("short");
    assert!(d.message.starts_with("not `aéé") && d.message.ends_with("éz`, no"));
    assert_eq!(d.message.chars().count(), 4 + (100 + 1 + 20) + 3);
    assert_eq!(d.labels[0].1.chars().count(), 100 + 1 + 20);
    assert_eq!(d.help.as_deref(), Some("short"));
    // Many short words: the text keeps its start and end.
    let d = Diag::new(Code::Parse, "ab ".repeat(1_000_000) + "end");
    assert_eq!(d.message.chars().count(), 2000 - 200 + 1 + 100);
    assert!(d.message.ends_with("ab end"));
    // Ordinary texts are untouched.
    let path = format!("could not read /{}/x.game", "d".repeat(150));
    assert_eq!(Diag::new(Code::Io, path.clone()).message, path);
}

#[test]
fn a_giant_line_is_read_only_around_the_labels() {
    // One line of a megabyte between short CRLF lines: the indexed
    // render reads only the pieces it keeps, and draws what the whole
    // text draws.
    let cells = vec!["7"; 500_000].join(",");
    let text = format!(
        "a\r\nb\r\n  board [[{cells}]]\r\nc\r\n#{}\n",
        "z".repeat(241)
    );
    assert!(text.len() > EXCERPT_ABOVE);
    let src = x_game(&text);
    let first = text.find('7').unwrap();
    for at in [first, first + 2, text.len() / 2, text.len() - 270] {
        let d = Diag::new(Code::BoardCell, "7 is not a cell")
            .label(Span::new(at, at + 1), "not in the legend")
            .label(Span::new(first, first + 1), "the first");
        assert!(excerpt(&text, &d, src.lines()).is_some());
        for color in [false, true] {
            let whole = render_whole(&d, "x.game", &text, color);
            assert!(whole.len() < 2000, "{whole}");
            assert_eq!(render(&d, &src, color), whole);
        }
    }
}

#[test]
fn long_lines_are_elided_around_the_label() {
    let text = format!("scenario \"x\" {}!\n", "{".repeat(5000));
    let d = Diag::new(Code::Parse, "bad").label(Span::new(4014, 4015), "here");
    let out = render(&d, &x_game(&text), false);
    assert!(out.len() < 2000, "{}", out.len());
    assert!(out.contains('…'));
}

#[test]
fn a_warning_is_drawn_as_a_warning_and_an_error_as_an_error() {
    let d = Diag::new(Code::FileEmpty, "nothing here").label(Span::new(0, 0), "");
    assert_eq!(d.severity, Severity::Error);
    let src = SourceFile::new("e.game", "# x\n");
    let error = render(&d, &src, false);
    let warning = render(&d.clone().warning(), &src, false);
    assert!(error.contains("× nothing here"), "{error}");
    assert!(warning.contains("⚠ nothing here"), "{warning}");
    assert!(!warning.contains('×'), "{warning}");
    assert!(warning.contains("[e.game:1:1]"), "{warning}");
}

#[test]
fn io_errors_have_one_form_and_show_the_error_not_its_debug() {
    let e = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
    let read = Diag::io("read", "a.game", &e);
    assert_eq!(read.code, Code::Io);
    assert_eq!(read.message, "cannot read a.game: no such file");
    let write = Diag::io("write", "b.game", &e);
    assert_eq!(write.message, "cannot write b.game: no such file");
    assert_eq!(read.help, write.help);
    assert!(!read.message.contains("Custom"), "{read}");
}
