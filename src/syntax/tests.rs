use super::ast::*;
use super::*;

fn ok(text: &str) -> File {
    let (file, diags) = parse(text);
    assert!(diags.is_empty(), "unexpected diagnostics: {diags:?}");
    file
}

fn codes(text: &str) -> Vec<&'static str> {
    parse(text).1.iter().map(|d| d.code.as_str()).collect()
}

#[test]
fn first_script_parses_with_spans() {
    let text = "# c\nscenario \"k1\" {\n  game footholds\n  board {\n    1 1 1\n    1 0 1 # hole\n  }\n  piece A at (1, 0)\n  solve\n  expect answer 5\n}\n";
    let f = ok(text);
    let s = &f.scenarios[0];
    assert_eq!(s.name.node, "k1");
    assert_eq!(s.stmts.len(), 5);
    match &s.stmts[1].node {
        Stmt::Board(BoardSrc::Grid { rows, .. }) => {
            assert_eq!(rows.len(), 2);
            assert_eq!(rows[1].len(), 3);
            let zero = &rows[1][1];
            assert_eq!(zero.node, '0');
            assert_eq!(&text[zero.span.start()..zero.span.end()], "0");
        }
        other => panic!("{other:?}"),
    }
    match &s.stmts[2].node {
        Stmt::Piece {
            id,
            at: Some(at),
            facing,
            ..
        } => {
            assert_eq!(id.node, PieceId::Name("A".into()));
            assert_eq!(at.node, Coord { row: 1, col: 0 });
            assert_eq!(&text[at.span.start()..at.span.end()], "(1, 0)");
            assert!(facing.is_none());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_statement_form_parses() {
    let text = r#"
track t { route start 2 a=3 finish
  shortcut 2 b=5 finish }
scenario "all" {
  game yut
  rule pieces 4
  board [[1, 0], [1, 1]]
  board t
  piece 3 at (0, 1) facing left
  dice 1 2 3
  dice uniform 1..5 x 10
  input """1 2
3"""
  input case 2 "1 2"
  solve line line boards line 20 analyze show
  play A up play A to (1, 2) play piece 2
  step step 5 undo
  expect answer 5 expect winner A expect expected 203.112029 expect f 1/3 expect n "x\"y"
  expect answer -1
}"#;
    let f = ok(text);
    assert_eq!(f.tracks.len(), 1);
    assert_eq!(f.tracks[0].lines.len(), 2);
    assert!(f.tracks[0].lines[1].shortcut);
    assert_eq!(f.tracks[0].lines[0].squares[2].name, "a");
    assert_eq!(f.tracks[0].lines[0].squares[2].score, Some(3));
    let kw: Vec<_> = f.scenarios[0].stmts.iter().map(|s| s.keyword()).collect();
    assert_eq!(
        kw,
        [
            "game", "rule", "board", "board", "piece", "dice", "dice", "input", "input", "solve",
            "line", "line", "line", "analyze", "show", "play", "play", "play", "step", "step",
            "undo", "expect", "expect", "expect", "expect", "expect", "expect"
        ]
    );
    match &f.scenarios[0].stmts[11].node {
        Stmt::Query(q) => assert!(q.boards),
        o => panic!("{o:?}"),
    }
    match &f.scenarios[0].stmts[7].node {
        Stmt::Input { text: s, case } => {
            assert_eq!(s.node, "1 2\n3");
            assert_eq!(&text[s.span.start()..s.span.end()], "1 2\n3");
            assert!(case.is_none());
        }
        o => panic!("{o:?}"),
    }
    match &f.scenarios[0].stmts[8].node {
        Stmt::Input { text: s, case } => {
            assert_eq!(s.node, "1 2");
            let case = case.as_ref().expect("case 2");
            assert_eq!((case.node, &text[case.span.range()]), (2, "2"));
        }
        o => panic!("{o:?}"),
    }
}

#[test]
fn parse_errors_speak_in_words() {
    let (_, d) = parse("scenario \"x\" {\n game footholds\n piece A at 1, 0\n}");
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code.as_str(), "meeple::parse");
    assert!(
        d[0].message.contains("a coordinate like (1, 2)"),
        "{}",
        d[0].message
    );
    assert!(!d[0].message.contains("coord "), "{}", d[0].message);
}

#[test]
fn errors_in_two_scenarios_are_both_reported() {
    let text = "scenario \"a\" {\n piece A at (1,)\n}\nscenario \"b\" {\n game footholds\n}\nscenario \"c\" {\n dice uniform 1..x\n}\n";
    let (f, d) = parse(text);
    assert_eq!(d.len(), 2, "{d:?}");
    // Each broken statement is skipped; its scenario is still read.
    let read: Vec<_> = f
        .scenarios
        .iter()
        .map(|s| (s.name.node.as_str(), s.stmts.len()))
        .collect();
    assert_eq!(read, [("a", 0), ("b", 1), ("c", 0)]);
}

#[test]
fn overflow_unterminated_and_escapes_are_coded() {
    assert_eq!(
        codes("scenario \"x\" { dice 99999999999999999999999 }"),
        ["meeple::number::range"]
    );
    assert_eq!(
        codes("scenario \"x { game yut }"),
        ["meeple::parse::unterminated"]
    );
    assert_eq!(
        codes("scenario \"x\" { input \"\"\"1 2 3 }"),
        ["meeple::parse::unterminated"]
    );
    assert_eq!(
        codes("scenario \"a\\qb\" { game yut }"),
        ["meeple::parse::escape"]
    );
}

#[test]
fn deep_braces_are_a_plain_parse_error() {
    let text = format!("scenario \"x\" {}", "{".repeat(200_000));
    let (_, d) = parse(&text);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code.as_str(), "meeple::parse");
    let text = format!("scenario \"x\" {{ board {} }}", "[".repeat(200_000));
    assert!(!parse(&text).1.is_empty());
}

#[test]
fn invalid_utf8_points_at_the_byte() {
    let bytes = b"scenario \"x\xff\" { }";
    let (lossy, d) = decode(bytes).unwrap_err();
    assert_eq!(d.code.as_str(), "meeple::parse::utf8");
    assert_eq!(d.span().unwrap().start(), 11);
    assert!(lossy.contains('\u{FFFD}'));
}

#[test]
fn repl_input_takes_statements_and_blocks() {
    let items = parse_repl("game footholds board { 1 1 } solve").unwrap();
    assert_eq!(items.len(), 3);
    assert!(matches!(items[2], ReplItem::Stmt(ref s) if s.keyword() == "solve"));
    let items = parse_repl("scenario \"x\" { game yut } track t { route start 1 finish }").unwrap();
    assert!(matches!(items[0], ReplItem::Scenario(_)));
    assert!(matches!(items[1], ReplItem::Track(_)));
    let e = parse_repl("piece A at (1,").unwrap_err();
    assert_eq!(e[0].code.as_str(), "meeple::parse");
}

/// Issue 12 item 7: after a broken statement the rest of its scenario is
/// still read, with true spans, one error per broken statement.
#[test]
fn a_broken_statement_does_not_hide_the_rest_of_its_scenario() {
    let text = "scenario \"s\" {\n  game footholds\n  bord [[1, 1]]\n  board [[1, 1],\n         [1 1]]\n  piece A at (0 0)\n  piece B at\n  solve\n  expect winner A\n}\nscenario \"t\" {\n  game yut\n}\n";
    let (file, diags) = parse(text);
    let lines: Vec<usize> = diags
        .iter()
        .map(|d| crate::source::line_of(text, d.span().unwrap().start()))
        .collect();
    assert_eq!(lines, [3, 5, 6, 7], "{diags:?}");
    assert!(diags.iter().all(|d| d.code == crate::error::Code::Parse));
    assert_eq!(file.scenarios.len(), 2);
    let kinds: Vec<_> = file.scenarios[0]
        .stmts
        .iter()
        .map(|s| s.node.keyword())
        .collect();
    assert_eq!(kinds, ["game", "solve", "expect"]);
    let expect = &file.scenarios[0].stmts[2];
    assert_eq!(
        &text[expect.span.start()..expect.span.end()],
        "expect winner A"
    );
}

/// Issue 12 item 4: a board missing its `}` is one diagnostic at its `{`,
/// never one per character of the statements after it.
#[test]
fn an_unclosed_board_is_named_at_its_brace() {
    for text in [
        "scenario \"s\" {\n  game footholds\n  board {\n    1 1\n  piece A at (0, 0)\n}\n",
        "scenario \"s\" {\n  game footholds\n  board {\n    1 1\n}\nscenario \"t\" {\n  game yut\n}\n",
        "scenario \"s\" {\n  game footholds\n  board {\n    1 1\n",
    ] {
        let (file, diags) = parse(text);
        let brace = text.find("board {").unwrap() + 6;
        let board: Vec<_> = diags
            .iter()
            .filter(|d| d.message == "this board is not closed")
            .collect();
        assert_eq!(board.len(), 1, "{text:?}: {diags:?}");
        assert_eq!(board[0].span(), Some(Span::new(brace, brace + 1)));
        assert!(diags
            .iter()
            .all(|d| d.code == crate::error::Code::ParseUnterminated));
        assert!(file.scenarios.len() <= 2);
    }
}

/// `(0 0)` points at the gap where the comma belongs; `play A down-right`
/// parses (item 11), and slips get a suggestion (item 7).
#[test]
fn missing_comma_diagonals_and_slips() {
    let text = "scenario \"s\" {\n  piece A at (0 0)\n}\n";
    let d = &parse(text).1[0];
    let at = text.find("(0 0)").unwrap() + 2;
    assert_eq!(d.span(), Some(Span::new(at, at + 1)));
    let f = ok("scenario \"s\" {\n  play A down-right\n}\n");
    assert!(matches!(
        &f.scenarios[0].stmts[0].node,
        Stmt::Play(Play::Dir { dir, .. }) if dir.node == Heading::DownRight
    ));
    for (slip, hint) in [("bord", "board"), ("solv", "solve")] {
        let (_, diags) = parse(&format!("scenario \"s\" {{\n  {slip}\n}}\n"));
        let help = diags[0].help.as_deref().unwrap_or("");
        assert!(
            help.starts_with(&format!("did you mean `{hint}`?")),
            "{help}"
        );
    }
}

/// Recovery slices the text at line starts: lines that start with a
/// multi-byte character, and errors at the very end, must not panic.
#[test]
fn recovery_survives_odd_lines() {
    for text in [
        "scenario \"s\" {\n  piece A at (0,\né 1)\n}\n",
        "scenario \"s\" {\n  board [[1, 1],\né]]\n  solve\n}\n",
        "scenario \"s\" {\n  piece B at\n",
        "scenario \"s\" {\n  game footholds\n",
        "scenario \"s\" {\n\u{FEFF}bord\n",
        "scenario \"s\" {\n  x\r\n  y\r\n}\r\n",
    ] {
        let (_, diags) = parse(text);
        assert!(!diags.is_empty(), "{text:?}");
    }
}

fn messages(text: &str) -> Vec<String> {
    parse(text)
        .1
        .iter()
        .map(|d| {
            let labels: Vec<&str> = d.labels.iter().map(|(_, l)| l.as_str()).collect();
            format!(
                "{} | {} | {}",
                d.message,
                labels.join(" / "),
                d.help.as_deref().unwrap_or("")
            )
        })
        .collect()
}

/// Issue 32 item 2: bracket slips in a board array, as rustc says them.
#[test]
fn board_array_slips_are_said_as_rustc_says_them() {
    let text = "scenario \"a\" {\n game footholds\n board [[1,1,1],[1,1,1]\n}\n";
    let (_, d) = parse(text);
    assert_eq!(d[0].code, crate::error::Code::ParseUnterminated);
    assert_eq!(d[0].message, "unclosed `[`");
    let spans: Vec<&str> = d[0]
        .labels
        .iter()
        .map(|(s, _)| &text[s.start()..s.end()])
        .collect();
    // On the outer `[` (byte 38), and where its `]` was expected (after
    // the last row's `]`).
    assert_eq!(d[0].labels[0].0.start(), text.find("[[").unwrap());
    assert_eq!(spans, ["[", "]"]);
    assert!(
        d[0].labels[1].1.contains("expected `]`"),
        "{:?}",
        d[0].labels
    );
    let m = messages("scenario \"a\" {\n game footholds\n board [[1 1 1]]\n}\n");
    assert!(m[0].starts_with("expected `,` or `]`, found `1`"), "{m:?}");
    let m = messages("scenario \"a\" {\n game footholds\n board [[1,1],[1,1]\n");
    assert!(m[0].starts_with("unclosed `[`"), "{m:?}");
    // A stray `}` after a complete scenario: on the stray one.
    let text = "scenario \"a\" {\n game footholds\n board [[1,1,1]]\n}\n}\n";
    let (_, d) = parse(text);
    assert_eq!(d[0].message, "unexpected `}`");
    assert_eq!(d[0].labels[0].0.start(), text.len() - 2);
}

/// Issue 32 item 1: no message ever says "something else".
#[test]
fn no_message_says_something_else() {
    for text in [
        "}",
        "]",
        ")",
        "scenario \"a\" { } }",
        "scenario \"a\" {\n game footholds\n board [[1,1]]\n}\n}",
        "{",
        "scenario \"a\" { piece A at (0 0) }",
        "@",
        "scenario \"a\" { board [[1,1] }",
        "scenario \"a\" { game footholds board [1] }",
        "scenario",
        "track t { route }",
    ] {
        for m in messages(text) {
            assert!(!m.contains("something else"), "{text:?}: {m}");
        }
        if let Err(ds) = parse_repl(text) {
            for d in ds {
                assert!(
                    !d.message.contains("something else"),
                    "{text:?}: {}",
                    d.message
                );
                assert!(
                    !d.help.as_deref().unwrap_or("").contains("something else"),
                    "{text:?}"
                );
            }
        }
    }
    let ds = parse_repl("}").unwrap_err();
    assert_eq!(ds[0].message, "unexpected `}`");
}

/// A letter outside ASCII in a name is named on that letter, whether pest
/// gave up there (`game fooé`) or at the item's first word (`rules jéu`).
#[test]
fn a_non_ascii_letter_in_a_name_is_named_on_the_letter() {
    for text in [
        "rules jéu {\n  players solo\n  turn { win }\n}\n",
        "track tré {\n}\n",
        "scenario \"é\" {\n  game fooé\n}\n",
    ] {
        let (_, d) = parse(text);
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].message.contains("ASCII"), "{}", d[0].message);
        let at = d[0].span().expect("a span");
        assert_eq!(&text[at.range()], "é", "{text}");
    }
    // A string in quotes may hold any letter.
    ok("scenario \"jéu\" {\n game footholds\n}\n");
}

/// A parse error where a rules block's next part may stand lists the parts
/// (`piece`, `board`, `solve`, `input` as those words) and `}`, never the
/// scenario's statements (before: "a statement (game, board, …, expect)").
#[test]
fn a_rules_block_error_lists_only_its_parts() {
    let (_, diags) =
        parse("rules r {\n  players A B\n  board none\n  turn {\n    win\n  }\n  42\n}\n");
    assert_eq!(diags.len(), 1, "{diags:?}");
    let m = &diags[0].message;
    assert!(!m.contains("a statement"), "{m}");
    for w in [
        "`players`",
        "`turn`",
        "`piece`",
        "`board`",
        "`solve`",
        "`input`",
        "`}`",
    ] {
        assert!(m.contains(w), "{w}: {m}");
    }
    assert!(!m.contains("`expect`") && !m.contains("game,"), "{m}");
    // A scenario's statements are still named as such.
    let (_, diags) = parse("scenario \"s\" {\n  game footholds\n  42\n}\n");
    assert!(diags[0].message.contains("a statement (game"), "{diags:?}");
}

/// `lose` on one line and `if COND` on the next are two statements: the
/// error names the bare end word and the `if`, not only a block missing
/// lines below (before: "expected a block `{ … }`" at the condition's end).
#[test]
fn an_end_word_with_its_if_on_the_next_line_is_named() {
    let text = "rules r {\n  players solo\n  var x: 0..3 = 0\n  turn {\n    x += 1\n    lose # c\n    if x == 3 # c\n  }\n  solve longest\n}\n";
    let (file, diags) = parse(text);
    assert_eq!(diags.len(), 1, "{diags:?}");
    let d = &diags[0];
    assert_eq!(d.code, Code::Parse);
    assert_eq!(
        d.message,
        "`lose` takes its `if COND` only on the same line"
    );
    let (lose, _) = &d.labels[0];
    assert_eq!(&text[lose.start()..lose.end()], "lose");
    let (iff, _) = &d.labels[1];
    assert_eq!(&text[iff.start()..iff.end()], "if");
    assert!(d
        .help
        .as_deref()
        .unwrap()
        .contains("`lose if COND` on one line"));
    // The block's name is known though it was not read (no cascade of
    // unknown games), also when line breaks and comments stand before it.
    assert_eq!(file.unread_rules, ["r"]);
    let split = text.replace("rules r {", "rules # c\n\n  r # c\n {");
    assert_eq!(parse(&split).0.unread_rules, ["r"]);
}

/// "the line ends here" points at the line's last word, not into the
/// comment after it.
#[test]
fn an_unfinished_line_is_pointed_at_before_its_comment() {
    let text = "scenario \"s\" {\n  game footholds\n  piece A at # where?\n  solve\n}\n";
    let (_, diags) = parse(text);
    let (span, label) = &diags[0].labels[0];
    assert!(label.starts_with("the line ends here"), "{label}");
    assert_eq!(&text[span.start()..span.end()], "t", "{diags:?}");
}

/// A statement's span ends at its last token: not at the blanks, comments
/// and new line after it (an editor's squiggle under `play W` stays on that
/// line), whatever form ends it (a repetition of words, of `with`s, a value).
#[test]
fn statement_spans_end_at_their_last_token() {
    let lines = [
        "game walk",
        "board { . . }",
        "board [[1, 2], [3, 4]]",
        "piece A at (1, 0)",
        "piece 1 at (0, 0) facing up with power 2, tint blue",
        "dice 1 2 3",
        "dice uniform 1..6 x 2",
        "rule steps king",
        "set path [1, 2]",
        "set fuel -3",
        "solve",
        "line",
        "analyze",
        "show",
        "play W",
        "play W (0, 3) left",
        "play A up",
        "play A to (1, 2)",
        "play piece 1",
        "step",
        "step 3",
        "undo",
        "expect answer 5",
        "expect winner A",
        "expect expected 20/3",
    ];
    let body: String = lines.iter().map(|l| format!("  {l}  # note\n\n")).collect();
    let text = format!("scenario \"s\" {{\n{body}}}\n");
    let f = ok(&text);
    let spans: Vec<&str> = f.scenarios[0]
        .stmts
        .iter()
        .map(|s| &text[s.span.range()])
        .collect();
    assert_eq!(spans, lines);
}
